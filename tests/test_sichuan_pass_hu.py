"""Sichuan 过水不胡 (guò shuǐ bù hú, "a win passed by is gone") on a hand-built wall (issue 20):
SC-PASSHU-1 (a declined win blocks discard wins not worth more), SC-PASSHU-2 (worth more:
strictly more fan after the cap, as plain wins, or as paid), SC-PASSHU-3 (only an ordinary
draw lifts it; not a peng, not a kong's replacement unless ``pass_hu_reset="any_draw"``).

Seat 1 (void 条) holds 11123m 456p 789p 99p: it wins on 4m with no fan, and on 1m or 9p with
a 根 (gēn, all four copies in the hand: 1 fan). Seat 3 holds 4444s for a 暗杠. The others
hold two suits without a pair.
"""

from __future__ import annotations

from mahjong_rules import Gang, Hu, MeldKind, Pass, Peng, Phase, State, TileCounts
from mahjong_rules.engine.actions import Discard
from mahjong_rules.variants import get_variant
from mahjong_rules.variants.base import Rules
from scripting import T
from sichuan_tables import KONG, REFUND, WIN, pays, sc_deal, step

PASS_HANDS = {
    0: "2356789m1235679s",
    1: "11123m456p789p99p",
    2: "123568p1235789s",
    3: "123457p4444689s",
}
PASS_VOIDS = "p s m m"
NINE = Gang(1, T("9p"), MeldKind.ZHI_GANG)
"""Seat 1 holds three 9p: on a 9p it is offered a 直杠 beside the peng (SC-CLAIM-2)."""


def declined(rules: Rules, draws: str, replacements: str = "") -> State:
    """Seat 1 throws the 5s it drew; seat 2 throws the 4m it drew and seat 1 passes the win."""
    state = sc_deal(rules, PASS_HANDS, "5s4m" + draws, voids=PASS_VOIDS, replacements=replacements)
    state = step(rules, state, "0:D9s 1:D5s 2:D4m")[0]
    assert rules.legal_actions(state, 1) == (Hu(1), Pass(1))
    state = step(rules, state, "1:X")[0]
    assert state.seats[1].pass_hu and state.current == 3
    return state


def skipped(state: State, next_seat: int) -> bool:
    """The discard opened no window: nobody could claim it, and ``next_seat`` has drawn."""
    return state.phase is Phase.TURN and state.current == next_seat


def test_sc_passhu1_passhu2_a_declined_win_blocks_one_worth_no_more() -> None:
    """SC-PASSHU-1 / SC-PASSHU-2: after passing the 4m (0 fan), seat 1 is not asked about
    seat 3's 4m (0 fan, not strictly more): the window does not open. On the dealer's 9p (a
    根, 1 fan) it may win again, or peng."""
    rules = get_variant("sichuan")
    state = declined(rules, "4m9p")
    state = step(rules, state, "3:D4m")[0]
    assert skipped(state, 0)
    state = step(rules, state, "0:D9p")[0]
    assert rules.legal_actions(state, 1) == (Hu(1), Peng(1), NINE, Pass(1))


def test_sc_passhu2_the_most_valuable_declined_win_is_the_bar() -> None:
    """SC-PASSHU-2: seat 1 passes seat 2's 9p (1 fan). The dealer's 1m is worth 1 fan too
    (根): not more, so only the peng and the 直杠 are offered; seat 3's 4m before it (0 fan)
    opened no window at all."""
    rules = get_variant("sichuan")
    state = sc_deal(rules, PASS_HANDS, "5s9p4m1m", voids=PASS_VOIDS)
    state = step(rules, state, "0:D9s 1:D5s 2:D9p")[0]
    assert rules.legal_actions(state, 1) == (Hu(1), Peng(1), NINE, Pass(1))
    state = step(rules, state, "1:X 3:D4m")[0]
    assert skipped(state, 0)
    state = step(rules, state, "0:D1m")[0]
    assert rules.legal_actions(state, 1) == (
        Peng(1),
        Gang(1, T("1m"), MeldKind.ZHI_GANG),
        Pass(1),
    )


def test_sc_passhu3_a_peng_does_not_lift_the_block_an_ordinary_draw_does() -> None:
    """SC-PASSHU-3 / SC-CLAIM-3: seat 1 pengs seat 3's 9p instead of winning on it (declining 1
    fan) and may then only discard; it throws 1m (11 23m 456p 789p beside 999p: every win is
    a 根 now, 1 fan). Seat 2's 4m is not more: no window. Seat 1 then draws (5s, thrown) and
    the next 4m may be won."""
    rules = get_variant("sichuan")
    state = declined(rules, "9p4m6m7p5s4m")
    state = step(rules, state, "3:D9p")[0]
    assert rules.legal_actions(state, 1) == (Hu(1), Peng(1), NINE, Pass(1))
    state = step(rules, state, "1:P")[0]
    assert rules.legal_actions(state, 1) == tuple(
        Discard(1, t) for t in TileCounts("1123m456789p").distinct()
    )
    state = step(rules, state, "1:D1m 2:D4m")[0]
    assert skipped(state, 3) and state.seats[1].pass_hu
    state = step(rules, state, "3:D6m 0:D7p 1:D5s 2:D4m")[0]
    assert rules.legal_actions(state, 1) == (Hu(1), Pass(1))


def kong_after_decline(rules: Rules) -> State:
    """Seat 1 passes the 4m, then claims 直杠 on seat 3's 1m instead of winning on it (1 fan;
    SC-GANG-PAY-2: 2 from the discarder), throws its replacement 5s; seat 2 throws 4m (杠, 1
    fan: not more than 1)."""
    state = declined(rules, "1m4m", replacements="5s")
    state = step(rules, state, "3:D1m")[0]
    assert rules.legal_actions(state, 1) == (
        Hu(1),
        Peng(1),
        Gang(1, T("1m"), MeldKind.ZHI_GANG),
        Pass(1),
    )
    state, paid = step(rules, state, "1:G1m")
    assert paid == pays((3, 1, 2, KONG, 1))
    assert state.seats[1].drawn == T("5s")
    return step(rules, state, "1:D5s 2:D4m")[0]


def test_sc_passhu3_a_replacement_does_not_lift_the_block() -> None:
    """SC-PASSHU-3 ``pass_hu_reset="draw"``: the kong's replacement is no ordinary draw; seat
    2's 4m opens no window."""
    rules = get_variant("sichuan")
    assert skipped(kong_after_decline(rules), 3)


def test_sc_passhu3_any_draw_lets_the_replacement_lift_it() -> None:
    """SC-PASSHU-3 ``pass_hu_reset="any_draw"``: the replacement lifted the block (after the
    declined 1m), so seat 1 may win on seat 2's 4m."""
    rules = get_variant("sichuan", pass_hu_reset="any_draw")
    state = kong_after_decline(rules)
    assert rules.legal_actions(state, 1) == (Hu(1), Pass(1))


def shot_after_kong(rules: Rules) -> State:
    """After seat 1 passes the 4m, seat 3 makes its 暗杠 of 4s and throws the replacement 4m:
    a win on it would be 杠上炮."""
    state = declined(rules, "7s", replacements="4m")
    state, paid = step(rules, state, "3:A4s")
    assert paid == pays((0, 3, 2, KONG, 1), (1, 3, 2, KONG, 1), (2, 3, 2, KONG, 1))
    return step(rules, state, "3:D4m")[0]


def test_sc_passhu2_structural_compares_plain_wins() -> None:
    """SC-PASSHU-2 ``pass_hu_compare="structural"``: scored as plain wins the 4m after the kong
    is 0 fan, as the one declined: no window."""
    rules = get_variant("sichuan")
    assert skipped(shot_after_kong(rules), 0)


def test_sc_passhu2_score_counts_gang_shang_pao() -> None:
    """SC-PASSHU-2 ``pass_hu_compare="score"``: as paid, the 4m is 杠上炮 (1 fan) > 0: seat 1
    may win, and does: 2 from seat 3, who returns its 暗杠's money (SC-REFUND-2)."""
    rules = get_variant("sichuan", pass_hu_compare="score")
    state = shot_after_kong(rules)
    assert rules.legal_actions(state, 1) == (Hu(1), Pass(1))
    state, paid = step(rules, state, "1:H")
    assert paid == pays(
        (3, 1, 2, WIN), (3, 0, 2, REFUND, 1), (3, 1, 2, REFUND, 1), (3, 2, 2, REFUND, 1)
    )


def test_sc_claim3_passhu1_after_a_gang_claim_the_replacement_may_win() -> None:
    """SC-CLAIM-3 / SC-PASSHU-1 / SC-PAT-杠上花: blocked after passing the 4m, seat 1 claims 直杠
    on seat 3's 1m; a gang claim gives it a replacement and a full turn, and the replacement
    4m completes 234m 456p 789p 99p: a self-draw, never blocked — 杠 + 杠上花 = 2 fan, 4, and
    5 from each other seat (the 直杠's 2 from seat 3 first, SC-GANG-PAY-2)."""
    rules = get_variant("sichuan")
    state = step(rules, declined(rules, "1m", replacements="4m"), "3:D1m")[0]
    state, paid = step(rules, state, "1:G1m")
    assert paid == pays((3, 1, 2, KONG, 1))
    assert state.seats[1].pass_hu and state.seats[1].drawn == T("4m")
    assert rules.legal_actions(state, 1)[0] == Hu(1)
    state, paid = step(rules, state, "1:H")
    assert sorted(state.wins[0].breakdown.keys) == ["gang", "gang_shang_hua"]
    assert paid == pays((0, 1, 5, WIN), (2, 1, 5, WIN), (3, 1, 5, WIN))
