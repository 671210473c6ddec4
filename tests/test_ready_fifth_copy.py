"""READY-1 (听牌, for 查叫 and 罚分) in both games, at the end of a drawn hand (issue 21).

READY-1's two readings, each played to an empty wall and settled:

* a wait that needs a fifth copy — all four copies in the seat's own hand and melds (a peng of
  5 and the fourth 5 in hand, waiting on 5 alone) — is no wait: the seat is not ready, its
  ``waits()`` is empty and it pays at 查叫 (Baoshan, BS-CHAJIAO-2) and at 罚分 (Yongshan,
  YS-PENALTY-2);
* a wait counts even when every copy left is visible elsewhere (discarded, in another seat's
  peng or hand): that seat is ready and is paid.

Expected payments are worked out from SPEC.md: SCORE-1 (平胡 1 point, each fan doubles), 查大叫
counts 门清 for a concealed hand (BS-CHAJIAO-2), 罚分's 花猪 pays the cap's score, 8
(YS-PENALTY-1), and 无听用 adds a fan to a Yongshan hand holding no wildcard (YS-PAT-无听用).
Every seat discards what it draws to the end (:func:`scripting.burn`), so the hands stay as
scripted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from mahjong_rules import (
    Gang,
    HandResult,
    Hu,
    Meld,
    MeldKind,
    Pass,
    Payment,
    PaymentReason,
    Peng,
    Phase,
    State,
    TileCounts,
    TileSet,
    get_variant,
)
from mahjong_rules.variants.base import Rules
from scripting import Q2, Q, T, burn, deal, new, play

CHA_JIAO, PENALTY = PaymentReason.CHA_JIAO, PaymentReason.PENALTY
BAOSHAN = get_variant("baoshan")
YONGSHAN = get_variant("yongshan")


def drawn_game(rules: Rules, state: State) -> tuple[State, HandResult]:
    """Play ``state`` quietly to the empty wall: the last state, every seat holding the 13
    tiles (beside its melds) it was dealt or kept, and the 流局's settlement."""
    state = burn(rules, state)
    result = rules.result(state)
    assert result is not None and state.phase is Phase.ENDED
    assert result.exhausted and result.wins == () and state.tiles_left == 0
    assert sum(result.deltas) == 0  # FLOW-5
    return state, result


def same(actual: Iterable[Payment], expected: Iterable[Payment]) -> bool:
    """The same payments, each as often (罚分's payments have no set order)."""
    return Counter(actual) == Counter(expected)


# ------------------------------------------------------------------ Baoshan 查叫

# Seat 2 (2333m 333p 666p 999s) waits on 1m, 2m and 4m; its best 查大叫 win is 2m: 大对子 + 门清,
# 2 fan, 4 points. The last four draws (9m) are nobody's wait, so no win is forced (BS-LAST-1).
BS_READY = "2333m333p666p999s"
BS_TAIL = "9m9m9m9m"


def test_ready1_bs_fifth_copy_wait_is_not_ready_and_pays_cha_jiao() -> None:
    """READY-1 / BS-CHAJIAO-2: seat 1 holds 555m and pengs the dealer's fourth 5m, keeping one
    5m; after throwing 6s it holds 5m 123p 456p 789p beside its peng of 5m: its one wait, 5m,
    would be a fifth copy, so it is not ready (``waits()`` is empty). At the 流局 it pays the
    ready seat 2 like the other two un-ready seats: 4 each (查大叫); three un-ready seats is no
    1赔3, so the dealer stays (BS-DEALER-2)."""
    hands = {0: Q + "5m", 1: "555m123p456p789p6s", 2: BS_READY, 3: Q}
    state = new(hands, tail=BS_TAIL)
    state = play(BAOSHAN, state, "0:D5m")
    zhi = Gang(1, T("5m"), MeldKind.ZHI_GANG)
    assert BAOSHAN.legal_actions(state, 1) == (Peng(1), zhi, Pass(1))
    state = play(BAOSHAN, state, "1:P 1:D6s")
    assert state.seats[1].melds == (Meld(MeldKind.PENG, T("5m"), from_seat=0),)
    state, result = drawn_game(BAOSHAN, state)
    assert state.seats[1].concealed == TileCounts("5m123p456p789p")
    assert BAOSHAN.waits(state, 1) == TileSet()
    assert BAOSHAN.waits(state, 2) == TileSet("124m")
    assert result.ready == {0: False, 1: False, 2: True, 3: False}
    assert result.payments == (
        Payment(0, 2, 4, CHA_JIAO),
        Payment(1, 2, 4, CHA_JIAO),
        Payment(3, 2, 4, CHA_JIAO),
    )
    assert result.deltas == (-4, -4, 12, -4)
    assert result.next_dealer == 0


def test_ready1_bs_a_wait_whose_copies_are_all_visible_is_ready_at_cha_jiao() -> None:
    """READY-1 / BS-CHAJIAO-2: seat 2 (456m 456p 456s 888s 9p) waits on 9p alone. The dealer
    throws 9p first; seat 2 passes the win and seat 3 pengs it with its pair: the other three
    9p are now in seat 3's peng, none is left to draw. Seat 2 is still ready (the rule judges
    the hand's shape, not the tiles left): at the 流局 each un-ready seat pays it its best win,
    门清 (1 fan, 2 points); the dealer stays."""
    hands = {0: Q + "9m", 1: Q2, 2: "456m456p456s888s9p", 3: "1367m123799p126s"}
    state = play(BAOSHAN, new(hands), "0:D9p")
    assert BAOSHAN.to_act(state) == frozenset({2, 3})
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Pass(2))
    assert BAOSHAN.legal_actions(state, 3) == (Peng(3), Pass(3))
    state = play(BAOSHAN, state, "2:X 3:P 3:D1m")
    assert state.seats[3].melds == (Meld(MeldKind.PENG, T("9p"), from_seat=0),)
    state, result = drawn_game(BAOSHAN, state)
    assert BAOSHAN.waits(state, 2) == TileSet("9p")
    assert result.ready == {0: False, 1: False, 2: True, 3: False}
    assert result.payments == (
        Payment(0, 2, 2, CHA_JIAO),
        Payment(1, 2, 2, CHA_JIAO),
        Payment(3, 2, 2, CHA_JIAO),
    )
    assert result.deltas == (-2, -2, 6, -2)
    assert result.next_dealer == 0


# ------------------------------------------------------------------ Yongshan 罚分

# 本金 9筒, so 1筒 is the wildcard (YS-WILD-2: 9 wraps to 1); all four 1p are in the dealer's
# hand, so nobody draws one. The dealer (1111p 5p 2589m 2789s, after throwing its 5s first)
# holds all three suits: 花猪, it pays each other un-won seat 8 (YS-PENALTY-1). Seat 2 lacks
# 万 and waits on 6s and 8s (or a wildcard): best win 碰碰胡 + 无听用, 2 fan, 4 points. Seat 3
# (35677889p 14679s) lacks 万 and is not ready.
YS_DEALER = "1111p5p2589m2789s5s"
YS_READY = "222p444p333s66s88s"
YS_UNREADY = "35677889p14679s"


def ys_start(hands: dict[int, str]) -> State:
    state = deal(YONGSHAN, hands, indicator="9p")
    assert state.wild_kinds == TileSet("1p")
    return state


def test_ready1_ys_fifth_copy_wait_is_not_ready_and_pays_fa_fen() -> None:
    """READY-1 / YS-PENALTY-2: seat 1 holds 555s and pengs the dealer's fourth 5s, keeping one
    5s; after throwing 9p it holds 5s 123m 456m 789m beside its peng of 5s (it lacks 筒). Its
    one wait, 5s, would be a fifth copy, and a wildcard could only stand for that fifth 5s
    (YS-WILD-6): it is not ready. At the 流局 it pays the ready seat 2 its best win, 4, as the
    un-ready seat 3 does; the 花猪 dealer pays 8 to each of the three."""
    hands = {0: YS_DEALER, 1: "555s123m456m789m9p", 2: YS_READY, 3: YS_UNREADY}
    state = play(YONGSHAN, ys_start(hands), "0:D5s")
    zhi = Gang(1, T("5s"), MeldKind.ZHI_GANG)
    assert YONGSHAN.legal_actions(state, 1) == (Peng(1), zhi, Pass(1))
    state = play(YONGSHAN, state, "1:P 1:D9p")
    assert state.seats[1].melds == (Meld(MeldKind.PENG, T("5s"), from_seat=0),)
    state, result = drawn_game(YONGSHAN, state)
    assert state.seats[1].concealed == TileCounts("5s123m456m789m")
    assert YONGSHAN.waits(state, 1) == TileSet()
    assert YONGSHAN.waits(state, 2) == TileSet("68s1p")
    assert dict(result.ready) == {0: False, 1: False, 2: True, 3: False}
    expected = [
        Payment(0, 1, 8, PENALTY),
        Payment(0, 2, 8, PENALTY),
        Payment(0, 3, 8, PENALTY),
        Payment(1, 2, 4, PENALTY),
        Payment(3, 2, 4, PENALTY),
    ]
    assert same(result.payments, expected)
    assert result.deltas == (-24, 8 - 4, 8 + 4 + 4, 8 - 4)


def test_ready1_ys_a_wait_whose_copies_are_all_visible_is_ready_at_fa_fen() -> None:
    """READY-1 / YS-PENALTY-2: seat 1 (123m 456m 789m 111s 5s) waits on 5s alone, or on a
    wildcard. The dealer throws 5s first (seat 1 passes the win, seat 3 passes the peng); the
    other two 5s are in seat 3's hand and all four wildcards in the dealer's: no copy of any
    tile seat 1 waits on is left to draw, and it is still ready. At the 流局 the un-ready seat
    3 pays seat 1 its best win — 5s, 无听用 (1 fan, 2 points); a drawn wildcard would score
    平胡, 1 — and seat 2 its 4; the 花猪 dealer pays 8 to each of the three."""
    hands = {0: YS_DEALER, 1: "123m456m789m111s5s", 2: YS_READY, 3: "55s3567789p1469s"}
    state = play(YONGSHAN, ys_start(hands), "0:D5s")
    assert YONGSHAN.to_act(state) == frozenset({1, 3})
    assert YONGSHAN.legal_actions(state, 1) == (Hu(1), Pass(1))
    assert YONGSHAN.legal_actions(state, 3) == (Peng(3), Pass(3))
    state = play(YONGSHAN, state, "1:X 3:X")
    state, result = drawn_game(YONGSHAN, state)
    assert YONGSHAN.waits(state, 1) == TileSet("5s1p")
    assert dict(result.ready) == {0: False, 1: True, 2: True, 3: False}
    expected = [
        Payment(0, 1, 8, PENALTY),
        Payment(0, 2, 8, PENALTY),
        Payment(0, 3, 8, PENALTY),
        Payment(3, 1, 2, PENALTY),
        Payment(3, 2, 4, PENALTY),
    ]
    assert same(result.payments, expected)
    assert result.deltas == (-24, 8 + 2, 8 + 4, 8 - 2 - 4)
