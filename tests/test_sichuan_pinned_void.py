"""Sichuan 血战到底 (xuèzhàn dàodǐ) void-suit and turn corners pinned on hand-built walls (issue 26,
section 3): a hand holding a tile of its void suit never wins, no seat claims its void suit
(whether it set a tile aside or not), the face-down set-aside tile makes no kong and is forced
only as the first discard, and no 诈胡 (zhàhú) follows a peng.

Tables (:mod:`sichuan_tables`): dealer 0; each test names the rule it pins.
"""

from __future__ import annotations

from mahjong_rules import Discard, Gang, MeldKind, Phase, TileCounts, TileSet
from mahjong_rules.variants import get_variant
from mahjong_rules.variants.sichuan.false_hu import FalseHu
from scripting import T
from sichuan_tables import sc_deal, step

AN = MeldKind.AN_GANG


def discards(seat: int, hand: str) -> tuple[Discard, ...]:
    """One discard per kind, in tile order."""
    return tuple(Discard(seat, t) for t in TileCounts(hand).distinct())


def test_sc_void3_win2_a_hand_holding_its_void_suit_waits_on_nothing_and_never_wins() -> None:
    """SC-VOID-3 / SC-WIN-2 / SC-VOID-4 (``void_discard="lenient"``): seat 1 (void 万) sets 2m
    aside and keeps its 11m; it draws 9p and throws the 2m: 11m 123456789p 99p would wait on
    1m and 9p, but while it holds its void suit it waits on nothing. A round later it draws
    another 9p: 11m 123p 456p 789p 999p would be complete, but no hu is offered — only the
    暗杠 of 9999p and every discard (lenient: any tile)."""
    rules = get_variant("sichuan", void_discard="lenient")
    hands = {
        0: "345678m124578s36s",
        1: "2m11m123456789p9p",
        2: "345678m124578s9s",
        3: "345678m124578s6s",
    }
    state = sc_deal(rules, hands, "9p1p2p3p9p", voids="p m:2m p p")
    state = step(rules, state, "0:D3s")[0]
    assert rules.legal_actions(state, 1) == (Discard(1, T("2m")),)
    state = step(rules, state, "1:D2m")[0]
    assert state.seats[1].concealed == TileCounts("11m12345678999p")
    assert rules.waits(state, 1) == TileSet()
    state = step(rules, state, "2:D1p 3:D2p 0:D3p")[0]
    assert state.current == 1 and state.seats[1].drawn == T("9p")
    assert rules.legal_actions(state, 1) == (
        Gang(1, T("9p"), AN),
        *discards(1, "1m123456789p"),
    )


def test_sc_void3_pat_tian_hu_a_dealt_14_holding_the_void_suit_is_no_win() -> None:
    """SC-VOID-3 / SC-PAT-天胡 / SC-VOID-2: the dealer is dealt 111m 123p 456p 789p 99p, declares
    万 void and sets a 1m aside. The 14 would be complete, but they hold his void suit: no 天胡
    (tiānhú), only the set-aside 1m."""
    rules = get_variant("sichuan")
    hands = {
        0: "111m123456789p99p",
        1: "345678m124578s3s",
        2: "345678m124578s6s",
        3: "345678m124578s9s",
    }
    state = sc_deal(rules, hands, voids="m:1m p p p")
    assert rules.legal_actions(state, 0) == (Discard(0, T("1m")),)


def test_sc_void3_a_seat_that_set_nothing_aside_cannot_peng_its_void_suit() -> None:
    """SC-VOID-3 / SC-VOID-1 (``void_discard="lenient"``): seat 1 declared 万 void holding none
    (nothing set aside), then drew two 5m and kept them. Seat 2 throws the third 5m: seat 1 may
    not peng its void suit, nobody else can claim, and seat 3 draws at once."""
    rules = get_variant("sichuan", void_discard="lenient")
    hands = {
        0: "12346789m123699s",
        1: "1245789p124578s",
        2: "1245789p336p369s",
        3: "12346789m12457s",
    }
    state = sc_deal(rules, hands, "5m9p5s5p5m5m", voids="p m m p")
    state = step(rules, state, "0:D9s 1:D1p 2:D9p 3:D5s 0:D5p 1:D2p")[0]
    assert state.seats[1].concealed == TileCounts("55m45789p124578s")
    assert state.current == 2 and state.seats[2].drawn == T("5m")
    state = step(rules, state, "2:D5m")[0]
    assert state.phase is Phase.TURN and state.current == 3


def test_sc_void2_gang1_the_set_aside_tile_makes_no_concealed_kong() -> None:
    """SC-VOID-2 / SC-GANG-1 / SC-VOID-5: the dealer holds 1111m and declares 万 void with a 1m
    set aside face down. That tile is out of play until turned up as his first discard, so the
    111m left make no 暗杠: his only move is the 1m."""
    rules = get_variant("sichuan")
    hands = {
        0: "1111m123456p789s5s",
        1: "1245789p124578s",
        2: "1245789p124578s",
        3: "2345789m136789p",
    }
    state = sc_deal(rules, hands, voids="m:1m m m s")
    assert rules.legal_actions(state, 0) == (Discard(0, T("1m")),)


def test_sc_win3_claim3_no_false_hu_after_a_peng() -> None:
    """SC-WIN-3 (``false_hu="penalty"``) / SC-CLAIM-3: seat 1 pengs the dealer's 5m; the turn a
    peng opens has no draw, so it offers only the discards, no 诈胡."""
    rules = get_variant("sichuan", false_hu="penalty")
    hands = {
        0: "5m13679m1379p2468p",
        1: "55m248m12345789p",
        2: "3m7p123456789s99s",
        3: "1245789s135679p",
    }
    state = sc_deal(rules, hands, "4m1m1s5m", voids="s s p:7p m")
    assert FalseHu(0) in rules.legal_actions(state, 0)
    state = step(rules, state, "0:D5m 1:P")[0]
    assert rules.legal_actions(state, 1) == discards(1, "248m12345789p")


def test_sc_void2_void4_the_set_aside_tile_is_forced_only_once() -> None:
    """SC-VOID-2 / SC-VOID-4 (strict): the dealer (void 万) holds 22m 3m and sets one 2m aside:
    his first turn offers only it. In his next turn (drawn 6m) the other 2m is an ordinary
    void-suit tile: any of 2m, 3m and 6m may go first."""
    rules = get_variant("sichuan")
    hands = {
        0: "22m3m1245789p1245s",
        1: "1245789p124578s",
        2: "1245789p124578s",
        3: "3456789m136789p",
    }
    state = sc_deal(rules, hands, "1m9s7s6m", voids="m:2m m m s")
    assert rules.legal_actions(state, 0) == (Discard(0, T("2m")),)
    state = step(rules, state, "0:D2m 1:D1m 2:D9s 3:D7s")[0]
    assert state.current == 0 and state.seats[0].drawn == T("6m")
    assert rules.legal_actions(state, 0) == discards(0, "236m")
