"""A seat's public records in the picture and the command line's table come from the game's
words (``describe_seat``), so a generic picture names no game's rule: Baoshan's 买点 (BS-BUY-1:
public once bought) and 报听 (BS-TING-1), Sichuan's 定缺 tile face down (SC-VIEW-1)."""

from __future__ import annotations

from mahjong_rules import get_variant
from mahjong_rules.render import view_svg
from mahjong_rules.variants.baoshan.buying import BuyPoints


def test_bs_buy_1_bought_points_are_shown_for_every_seat_once_bought() -> None:
    """BS-BUY-1: a live 买点 room; seats 0..3 buy 2, 0, 1, 2 points; each seat's view and
    picture show the others' points, and a seat that bought none shows nothing."""
    rules = get_variant("baoshan", buy_points="live")
    state = rules.new_hand(seed=3)
    for seat, points in zip(range(4), (2, 0, 1, 2), strict=True):
        state = rules.apply(state, BuyPoints(seat, points))
    view = rules.view(state, 1)
    words = [rules.describe_seat(view, seat, "en") for seat in range(4)]
    assert words == [["买点 2"], [], ["买点 1"], ["买点 2"]]
    picture = view_svg(view)
    assert picture.count(">买点 2<") == 2 and picture.count(">买点 1<") == 1


def test_sc_view_1_a_tile_set_aside_face_down_is_drawn_beside_the_seat() -> None:
    """SC-VIEW-1: after 定缺 every seat that set a tile aside is shown with it face down."""
    rules = get_variant("sichuan")
    state = rules.new_hand(seed=1)
    for seat in sorted(rules.to_act(state)):
        action = rules.default_action(state, seat)
        assert action is not None
        state = rules.apply(state, action)
    view = rules.view(state, 0)
    down = [rules.describe_seat(view, seat, "en") for seat in range(4)]
    assert down == [["1 tile face down"]] * 4
    assert view_svg(view).count(">1 tile face down<") == 4
