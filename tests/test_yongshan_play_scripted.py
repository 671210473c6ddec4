"""Scripted Yongshan claim and rob windows beside the random-play property
(``test_yongshan_play_properties.py``): YS-CLAIM-1 with FLOW-2 exactly, and a robbed kong that
ends the hand (YS-PAT-抢杠胡, qiǎnggànghú)."""

from __future__ import annotations

from mahjong_rules import (
    Hu,
    Meld,
    Pass,
    Payment,
    PaymentReason,
    Peng,
    Phase,
    Rules,
    State,
    WinKind,
    get_variant,
)
from scripting import T, deal, play
from test_play_properties import assert_same_outcome, without_echoes

QUIET_1 = "13679m36p2369s"
QUIET_2 = "2468m47p13578s"
"""Eleven quiet tiles each (no pair, far from ready), beside the 5m and 9p of the tests."""


def _two_pengs(wild_second: bool) -> tuple[Rules, State]:
    """3 players, 本金 8p (单听用: 9p is the wildcard). Seat 0 discards 5m; seat 1 may peng it
    with one 5m and the 9p wildcard; seat 2 with 5m5m, or with 5m and a 9p when
    ``wild_second``."""
    rules = get_variant("yongshan", players=3)
    second = "5m9p" if wild_second else "55m"
    state = deal(
        rules,
        {0: "5m1245789p124578s", 1: "5m9p" + QUIET_1, 2: second + QUIET_2},
        indicator="8p",
    )
    state = play(rules, state, "0:D5m")
    assert state.phase is Phase.CLAIM and state.tile == T("5m")
    return rules, state


def test_natural_peng_beats_wildcard_peng_in_any_answer_order() -> None:
    """YS-CLAIM-1, FLOW-2: seat 1 (first after the discarder) pengs with a wildcard, seat 2 with
    two natural copies: seat 2's natural peng happens whichever answer comes first, and both
    orders give equal states."""
    rules, state = _two_pengs(wild_second=False)
    assert rules.legal_actions(state, 1) == (Peng(1, (T("9p"),)), Pass(1))
    assert rules.legal_actions(state, 2) == (Peng(2), Pass(2))
    a = rules.apply(rules.apply(state, Peng(1, (T("9p"),))), Peng(2))
    b = rules.apply(rules.apply(state, Peng(2)), Peng(1, (T("9p"),)))
    assert_same_outcome(a, b)
    assert a == b and without_echoes(a.events) == without_echoes(b.events)
    assert a.seats[2].melds == (Meld.parse("P5m@0"),) and a.seats[1].melds == ()
    assert (a.phase, a.current) == (Phase.TURN, 2)


def test_first_wildcard_peng_in_play_order_wins_in_any_answer_order() -> None:
    """YS-CLAIM-1, FLOW-2: seats 1 and 2 both peng with a wildcard: seat 1, first in play order
    after the discarder, gets the tile whichever answer comes first."""
    rules, state = _two_pengs(wild_second=True)
    one, two = Peng(1, (T("9p"),)), Peng(2, (T("9p"),))
    assert rules.legal_actions(state, 1) == (one, Pass(1))
    assert rules.legal_actions(state, 2) == (two, Pass(2))
    a = rules.apply(rules.apply(state, one), two)
    b = rules.apply(rules.apply(state, two), one)
    assert_same_outcome(a, b)
    assert a.seats[1].melds == (Meld.parse("P5m*9p@0"),) and a.seats[2].melds == ()
    assert (a.phase, a.current) == (Phase.TURN, 1)


def test_a_robbed_kong_completes_when_the_robbery_ends_the_hand() -> None:
    """YS-PAT-抢杠胡, TILE-1: "被抢杠胡的那个杠还算在被抢玩家的杠里" — the robbed 补杠 still
    counts as the robbed seat's kong, also when the robbery leaves one seat un-won and so ends
    the hand (two players): the tile "splits", shown in the kong and in the winner's record,
    and is counted once (the property tests check this only while the hand goes on).

    Seat 0 pengs seat 1's 5m and adds its fourth 5m; seat 1, waiting on 5m (46m), robs it.
    """
    rules = get_variant("yongshan", players=2)
    state = deal(rules, {0: "25558m38p1234789s", 1: "5m46m123456789p9p"}, "9p2s9m", indicator="5s")
    state = play(rules, state, "0:D8s 1:D5m 0:P 0:D8p 1:D2s 0:B5m")
    assert state.phase is Phase.ROB and rules.legal_actions(state, 1) == (Hu(1), Pass(1))
    state = play(rules, state, "1:H")
    assert state.phase is Phase.ENDED
    assert [(w.seat, w.how, w.tile, w.from_seat) for w in state.wins] == [
        (1, WinKind.ROB_KONG, T("5m"), 0)
    ]
    # 抢杠胡 1 + 无听用 1 = 2 fan: 4 points, paid by the robbed seat alone (YS-PAY-1)
    assert state.ledger == (Payment(0, 1, 4, PaymentReason.WIN),)
    assert state.seats[0].melds == (Meld.parse("B5m@1"),)
    assert T("5m") not in state.seats[0].concealed
