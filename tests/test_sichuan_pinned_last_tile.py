"""Sichuan 血战到底 (xuèzhàn dàodǐ) at the wall's last tiles, pinned on hand-built walls (issue 26,
section 3): with one tile still in the wall a win is no 海底 (hǎidǐ) and 杠上炮 (gàng shàng pào)
still returns the kong's money; after the last tile no 直杠 (zhí gàng) is offered on a discard.

The hands are played on quietly (:func:`scripting.burn`: every seat throws what it draws, every
claim is passed) until the wall's last tiles. Seat 1 (void 条) holds 8888m 1234567p 99p; seat 2
(void 筒) 123456777m 111s 5s, waiting on 5s; seats 0 and 3 are far from ready.
"""

from __future__ import annotations

from mahjong_rules import Discard, Hu, Pass, Peng, Phase, TileCounts, WinKind
from mahjong_rules.variants import get_variant
from scripting import T, burn
from sichuan_tables import KONG, REFUND, WIN, pays, sc_deal, step

LAST_HANDS = {
    0: "1234578p2346789s",
    1: "8888m1234567p99p",
    2: "123456777m111s5s",
    3: "124578p2346789s",
}
LAST_VOIDS = "m s p m"


def discards(seat: int, hand: str) -> tuple[Discard, ...]:
    """One discard per kind, in tile order."""
    return tuple(Discard(seat, t) for t in TileCounts(hand).distinct())


def test_sc_refund2_gang_shang_pao_with_one_tile_left_still_returns_the_kong_money() -> None:
    """SC-REFUND-2 / SC-PAT-杠上炮 / SC-PAT-海底: seat 1 draws 8p with two tiles left, makes its
    暗杠 (2 from each) and draws the replacement 5s, of its void suit, leaving one tile in the
    wall. Seat 2 wins on the 5s: the last tile has not been taken, so it is 杠上炮 (1 fan, 2), not
    海底, and the 暗杠's money comes back (``last_tile_gang_shang_pao="hai_di_only"`` bites only
    after the last tile). The hand plays on: seat 3 takes the last tile."""
    rules = get_variant("sichuan")
    state = sc_deal(rules, LAST_HANDS, voids=LAST_VOIDS, tail="8p.", replacements="5s")
    state = burn(rules, state, left=2)
    assert (state.current, state.tiles_left, state.seats[1].drawn) == (1, 2, T("8p"))
    assert state.ledger == ()
    state, paid = step(rules, state, "1:A8m")
    assert paid == pays((0, 1, 2, KONG, 1), (2, 1, 2, KONG, 1), (3, 1, 2, KONG, 1))
    assert state.tiles_left == 1 and state.seats[1].drawn == T("5s")
    assert rules.legal_actions(state, 1) == (Discard(1, T("5s")),)
    state = step(rules, state, "1:D5s")[0]
    assert rules.to_act(state) == {2}
    assert rules.legal_actions(state, 2) == (Hu(2), Pass(2))
    state, paid = step(rules, state, "2:H")
    (win,) = state.wins
    assert (win.how, win.tile, win.from_seat) == (WinKind.DISCARD, T("5s"), 1)
    assert (win.breakdown.keys, win.breakdown.points) == (("gang_shang_pao",), 2)
    assert paid == pays(
        (1, 0, 2, REFUND, 1), (1, 2, 2, REFUND, 1), (1, 3, 2, REFUND, 1), (1, 2, 2, WIN)
    )
    assert state.phase is Phase.TURN and state.current == 3 and state.tiles_left == 0


def test_sc_pat_hai_di_a_self_draw_with_one_tile_left_is_not_hai_di() -> None:
    """SC-PAT-海底: seat 2 draws its 5s with one tile still in the wall: a plain self-draw, 平胡
    (1) + 1 from each other seat (SC-PAY-1), no 海底 — that is the last tile's alone. Play goes
    on: seat 3 takes the last tile."""
    rules = get_variant("sichuan")
    state = sc_deal(rules, LAST_HANDS, voids=LAST_VOIDS, tail="5s.")
    state = burn(rules, state, left=1)
    assert (state.current, state.tiles_left, state.seats[2].drawn) == (2, 1, T("5s"))
    assert rules.legal_actions(state, 2) == (Hu(2), *discards(2, "123456777m1115s"))
    state, paid = step(rules, state, "2:H")
    (win,) = state.wins
    assert (win.how, win.breakdown.keys, win.breakdown.points) == (
        WinKind.SELF_DRAW,
        ("ping_hu",),
        1,
    )
    assert paid == pays((0, 2, 2, WIN), (1, 2, 2, WIN), (3, 2, 2, WIN))
    assert state.phase is Phase.TURN and (state.current, state.tiles_left) == (3, 0)


def test_sc_last1_gang2_no_zhi_gang_on_a_discard_after_the_last_tile() -> None:
    """SC-LAST-1 / SC-GANG-2: the dealer throws 8p and keeps 999s; seat 3 takes the wall's last
    tile, 9s, and throws it. The dealer may peng it or pass — no 直杠 (zhí gàng), which would
    need a replacement the wall no longer has."""
    rules = get_variant("sichuan")
    hands = {**LAST_HANDS, 0: "1234578p2346s999s", 3: "124578p2345678s"}
    state = sc_deal(rules, hands, voids=LAST_VOIDS, replacements="9s")
    state = burn(rules, step(rules, state, "0:D8p")[0], left=0)
    assert state.seats[0].concealed == TileCounts("123457p2346s999s")
    assert (state.current, state.tiles_left, state.seats[3].drawn) == (3, 0, T("9s"))
    state = step(rules, state, "3:D9s")[0]
    assert rules.to_act(state) == {0}
    assert rules.legal_actions(state, 0) == (Peng(0), Pass(0))
