"""Sichuan 血战到底 (xuèzhàn dàodǐ) play on after a win, on hand-built walls (issue 20): who plays
after each kind of win (SC-TURN-2), what a winner no longer does (SC-END-1, SC-PAY-3), the end
at the third win with its check of the last seat (SC-END-2), one discard won twice (一炮多响
yī pào duō xiǎng, SC-CLAIM-2), and who deals next (SC-DEALER-2).

Tables (:mod:`sichuan_tables`): dealer 0; the seats a test does not name hold hands of two
suits without a pair and declare void a suit they do not hold.
"""

from __future__ import annotations

import pytest

from mahjong_rules import Discard, Hu, Pass, Peng, Phase, State, TileCounts, WinKind
from mahjong_rules.variants import get_variant
from mahjong_rules.variants.base import Rules
from scripting import T
from sichuan_tables import KONG, PENALTY, REFUND, WIN, pays, sc_deal, step


def discards(seat: int, hand: str) -> tuple[Discard, ...]:
    """One discard per kind, in tile order."""
    return tuple(Discard(seat, t) for t in TileCounts(hand).distinct())


# -------------------------------------------------- three winners (SC-END-1, SC-END-2)

# Seat 1 (123m456m789m 11p 23p) wins on the dealer's 1p. Seat 3 (void 筒, 1p set aside) makes a
# 暗杠 of 9999s, paid by seats 0 and 2 only, and turns up its 1p. The dealer (1p thrown: 123s
# 456s 78s 55s 666p) draws 6s and wins; play skips seat 1. Seat 3, still holding 3p 9p of its
# void suit, throws 9p and seat 2 (234m 567m 678p 555p 9p) wins on it: the third win.
THREE_HANDS = {
    0: "1p123s456s78s55s666p",
    1: "123m456m789m11p23p",
    2: "234m567m678p555p9p",
    3: "9999s1p3p9p123456m",
}
THREE_VOIDS = "m s s p:1p"


def three_table(rules: Rules, draws: str = "8s7s6s7s1s") -> State:
    return sc_deal(rules, THREE_HANDS, draws, voids=THREE_VOIDS, replacements="8m")


def two_winners(rules: Rules, draws: str = "8s7s6s7s1s") -> State:
    """The table after the first two wins (seat 1 on a discard, the dealer by self-draw), at
    seat 3's turn with 1s drawn."""
    state = three_table(rules, draws)
    state, paid = step(rules, state, "0:D1p 1:H")
    assert paid == pays((0, 1, 1, WIN))
    assert state.current == 2  # SC-TURN-2: after the winner, counted from the discarder
    state, paid = step(rules, state, "2:D8s 3:A9s")
    assert paid == pays((0, 3, 2, KONG, 1), (2, 3, 2, KONG, 1))  # not seat 1, who has won
    state, paid = step(rules, state, "3:D1p")
    assert state.phase is Phase.TURN and state.current == 0  # seat 1 cannot claim the 1p
    state, paid = step(rules, state, "0:H")
    assert paid == pays((2, 0, 2, WIN), (3, 0, 2, WIN))  # SC-PAY-3: seat 1 pays nothing
    assert state.current == 2 and state.seats[2].drawn == T("7s")  # seat 1 is skipped
    state = step(rules, state, "2:D7s")[0]
    assert state.current == 3 and state.seats[3].drawn == T("1s")
    return state


def test_sc_end1_pay3_turn2_a_winner_leaves_the_hand() -> None:
    """SC-END-1 / SC-PAY-3 / SC-TURN-2 / SC-GANG-PAY-1: after seat 1 wins on the dealer's 1p,
    it is neither paid for seat 3's 暗杠 nor asked about seat 3's 1p (which it held a pair
    of), pays nothing for the dealer's self-draw, and its turns are skipped: after the
    dealer's self-draw seat 2 draws (the winner's next un-won seat)."""
    rules = get_variant("sichuan")
    state = two_winners(rules)
    assert [w.seat for w in state.wins] == [1, 0]
    assert state.seats[1].concealed == TileCounts("123m456m789m11p23p")  # as it won
    assert state.seats[1].drawn is None and state.seats[1].discards == ()


def test_sc_end2_tui_shui_at_a_three_winner_end() -> None:
    """SC-END-2 / SC-REFUND-3 退税 (tuìshuì): seat 2's win on seat 3's 9p is the third — the hand
    ends at once. Seat 3, the last seat, still holds 3p of its void suit, so it is not ready
    (SC-CHAJIAO-2) and returns its 暗杠's money to seats 0 and 2; 查叫 has nobody to pay. The
    first winner, seat 1, deals next (SC-DEALER-2)."""
    rules = get_variant("sichuan")
    state = two_winners(rules)
    assert rules.legal_actions(state, 3) == discards(3, "39p")  # SC-VOID-4 strict
    state, paid = step(rules, state, "3:D9p 2:H")
    assert paid == pays((3, 2, 1, WIN), (3, 0, 2, REFUND, 1), (3, 2, 2, REFUND, 1))
    assert state.phase is Phase.ENDED and not state.result.exhausted  # type: ignore[union-attr]
    assert state.result is not None
    assert [w.seat for w in state.result.wins] == [1, 0, 2]
    assert state.result.deltas == (3, 1, -1, -3)
    assert state.result.next_dealer == 1


def test_sc_end2_three_hu_check_false_leaves_the_last_seat_alone() -> None:
    """SC-END-2 with ``three_hu_check=False``: the same end checks nothing: seat 3 keeps its
    kong money."""
    rules = get_variant("sichuan", three_hu_check=False)
    state, paid = step(rules, two_winners(rules), "3:D9p 2:H")
    assert paid == pays((3, 2, 1, WIN))
    assert state.result is not None and state.result.deltas == (1, 1, -3, 1)


def test_sc_void4_lenient_any_discard_and_no_penalty_for_a_pond_of_the_void_suit() -> None:
    """SC-VOID-4 ``void_discard="lenient"`` / SC-PENALTY-1 / SC-END-2: seat 3 may throw any
    tile while it holds 3p 9p of its void suit. It throws 9p as before; its pond is then 1p
    alone (the 9p was won on and has left it), all of the void suit, so the 3p it still holds
    costs nothing at the three-winner end."""
    rules = get_variant("sichuan", void_discard="lenient")
    state = two_winners(rules)
    assert rules.legal_actions(state, 3) == discards(3, "1234568m39p17s")
    state, paid = step(rules, state, "3:D9p 2:H")
    assert paid == pays((3, 2, 1, WIN), (3, 0, 2, REFUND, 1), (3, 2, 2, REFUND, 1))


def test_sc_penalty1_lenient_a_void_tile_held_with_another_suit_in_the_pond() -> None:
    """SC-PENALTY-1 / SC-PAY-4 / SC-END-2: lenient, seat 3 throws the 1s it drew instead; seat 2
    then draws 9p and wins by self-draw (only seat 3 pays: 1 + 1), the third win. Seat 3
    holds 3p 9p of its void suit and its pond (1p 1s) is not all of that suit: 48 to the
    pot, beside its 退税."""
    rules = get_variant("sichuan", void_discard="lenient")
    state, _ = step(rules, two_winners(rules, "8s7s6s7s1s9p"), "3:D1s")
    assert state.current == 2 and state.seats[2].drawn == T("9p")
    state, paid = step(rules, state, "2:H")
    assert paid == pays(
        (3, 2, 2, WIN), (3, 0, 2, REFUND, 1), (3, 2, 2, REFUND, 1), (3, "pot", 48, PENALTY)
    )
    assert state.result is not None and state.result.pot == 48
    assert sum(state.result.deltas) + state.result.pot == 0


@pytest.mark.parametrize("payees", ["all", "non_pigs"])
def test_sc_huazhu1_the_last_seat_is_a_flower_pig_at_a_three_winner_end(payees: str) -> None:
    """SC-HUAZHU-1 花猪 (huāzhū) / SC-END-2: with ``hua_zhu``, seat 3 holds 万 (123456m), 筒
    (3p) and 条 (its 9s kong) at the end: it pays 2 ** 3 = 8 to every other seat, the three
    winners included, and is not ready, so it also returns its kong money. With one pig,
    ``hua_zhu_payees="non_pigs"`` changes nothing."""
    rules = get_variant("sichuan", hua_zhu=True, hua_zhu_payees=payees)
    paid = step(rules, two_winners(rules), "3:D9p 2:H")[1]
    assert paid == pays(
        (3, 2, 1, WIN),
        (3, 0, 2, REFUND, 1),
        (3, 2, 2, REFUND, 1),
        (3, 0, 8, PENALTY),
        (3, 1, 8, PENALTY),
        (3, 2, 8, PENALTY),
    )


# ------------------------------------------------------------------ one discard, several claims

# Seat 2 throws the 5p it drew. Seat 3 (234s 567s 888s 34p 99s) and seat 1 (123m 456m 789m 46p
# 99p) can win on it; the dealer holds 55p and can peng it.
MANY_HANDS = {
    0: "1245789m125578p9p",
    1: "123m456m789m46p99p",
    2: "12456789m12369p",
    3: "234s567s888s34p99s",
}


def many_table(rules: Rules) -> State:
    state = sc_deal(rules, MANY_HANDS, "3s5p", voids="s s s m")
    state = step(rules, state, "0:D1m 1:D3s 2:D5p")[0]
    assert rules.to_act(state) == {0, 1, 3}
    assert rules.legal_actions(state, 0) == (Peng(0), Pass(0))
    assert rules.legal_actions(state, 1) == (Hu(1), Pass(1))
    assert rules.legal_actions(state, 3) == (Hu(3), Pass(3))
    return state


def test_sc_claim2_two_wins_on_one_discard_beat_a_peng_and_are_paid_separately() -> None:
    """SC-CLAIM-2 / SC-PAY-2 / SC-TURN-2 / SC-DEALER-2 一炮多响: seats 3 and 1 both win on seat
    2's 5p; the dealer's peng lapses. Each winner is paid its own score by the discarder
    (1 and 1), the wins are listed in play order from the discarder (3, then 1), play goes
    on after the farther winner — seat 2, the discarder himself — and seat 2 will deal next."""
    rules = get_variant("sichuan")
    state, paid = step(rules, many_table(rules), "0:P 3:H 1:H")
    assert paid == pays((2, 3, 1, WIN), (2, 1, 1, WIN))
    assert [(w.seat, w.how, w.from_seat) for w in state.wins] == [
        (3, WinKind.DISCARD, 2),
        (1, WinKind.DISCARD, 2),
    ]
    assert state.seats[0].melds == ()
    assert state.phase is Phase.TURN and state.current == 2
    assert state.next_dealer == 2


def test_sc_claim2_dealer2_one_win_beats_a_peng_and_its_winner_deals_next() -> None:
    """SC-CLAIM-2 / SC-TURN-2 / SC-DEALER-2: seat 3 alone wins (seat 1 passes); the dealer's peng
    lapses, play goes on after seat 3 (the dealer draws), and seat 3, the first winner, deals
    next. Seat 1 declined a win (SC-PASSHU-1)."""
    rules = get_variant("sichuan")
    state, paid = step(rules, many_table(rules), "0:P 1:X 3:H")
    assert paid == pays((2, 3, 1, WIN))
    assert state.seats[0].melds == () and state.seats[0].concealed == TileCounts(
        "245789m125578p9p"
    ) + TileCounts(str(state.seats[0].drawn))
    assert state.phase is Phase.TURN and state.current == 0
    assert state.next_dealer == 3
    assert state.seats[1].pass_hu


def test_sc_void2_a_peng_before_the_first_discard_still_turns_up_the_set_aside_tile() -> None:
    """SC-VOID-2 / SC-CLAIM-3: seat 3 declares 万 void and sets 2m aside; it pengs the dealer's
    1p before its first turn, and the only discard then offered is the 2m, turned up."""
    rules = get_variant("sichuan")
    hands = {
        0: "9999s1234789p136s",
        1: "123m456m789m55p67p",
        2: "1235689m124578s",
        3: "2456789m113489p",
    }
    state = sc_deal(rules, hands, voids="m s p m:2m")
    state = step(rules, state, "0:D1p")[0]
    assert rules.legal_actions(state, 3) == (Peng(3), Pass(3))
    state = step(rules, state, "3:P")[0]
    assert rules.legal_actions(state, 3) == (Discard(3, T("2m")),)
    state = step(rules, state, "3:D2m")[0]
    assert state.seats[3].discards == (T("2m"),)
