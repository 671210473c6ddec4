"""Display helpers: which tile of a peng lies face down (BS-PENGSHOW-1)."""

from __future__ import annotations

from mahjong_rules import Discard, Pass, Peng, get_variant
from mahjong_rules.engine.state import replace
from mahjong_rules.melds import Meld
from scripting import T, make_wall

HANDS = {
    0: "12345678m9m12345p",
    1: "11223344s699p99s",
    2: "55667788s66778p",
    3: "4455699m112233p",
}


def test_bs_pengshow_1_face_down_tile_follows_the_seat_claimed_from() -> None:
    """BS-PENGSHOW-1: a peng from 上家 lays its left tile face down, from 对家 the middle one,
    from 下家 the right one; once the fourth copy is discarded the tile shows face up."""
    rules = get_variant("baoshan")
    state = rules.new_hand(wall=make_wall(HANDS), dealer=0)
    state = rules.apply(state, Discard(0, T("9m")))
    assert rules.to_act(state) == frozenset({3})
    assert rules.legal_actions(state, 3) == (Peng(3), Pass(3))
    state = rules.apply(state, Peng(3))
    ((meld, face_down),) = rules.peng_display(state, 3)
    assert meld == Meld.parse("P9m@0")
    assert face_down == 2  # seat 0 is seat 3's 下家: the right-hand tile lies face down
    assert rules.peng_display(state, 0) == ()
    # the fourth 9m discarded to the table: the tile shows face up
    seats = list(state.seats)
    seats[1] = replace(seats[1], discards=(T("9m"),))
    shown = rules.peng_display(replace(state, seats=tuple(seats)), 3)
    assert shown == ((Meld.parse("P9m@0"), None),)


def test_bs_pengshow_1_positions_for_each_direction() -> None:
    """BS-PENGSHOW-1: 上家 -> left (0), 对家 -> middle (1), 下家 -> right (2)."""
    rules = get_variant("baoshan")
    state = rules.new_hand(wall=make_wall(HANDS), dealer=0)
    positions = {}
    for from_seat in (1, 2, 3):
        seats = list(state.seats)
        seats[0] = replace(seats[0], melds=(Meld.parse(f"P9p@{from_seat}"),))
        shown = rules.peng_display(replace(state, seats=tuple(seats)), 0)
        positions[from_seat] = shown[0][1]
    assert positions == {1: 2, 2: 1, 3: 0}
