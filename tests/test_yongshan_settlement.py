"""Scripted hands of 永善麻将 (Yongshan): wins, 血战 and the settlement (SPEC.md section 2).

Covers YS-END-1 (血战), YS-TURN-1, YS-CLAIM-4, YS-DEALER-1, YS-WIN-1 (缺一门), YS-TINGDIAN-1,
YS-PASSHU-1, YS-PAY-1, YS-CAP-1, the in-play patterns (杠上花, 杠上炮, 抢杠胡, 天胡, 地胡, 自摸)
and 罚分 at 流局 (YS-PENALTY-1..3).

Every hand is dealt from an explicit wall (:func:`scripting.deal`, DEAL-1) with 本金 9筒, so
under 单听用 the wildcard (听用) is 1筒 (YS-WILD-2: 9 wraps to 1). Winners hold 万 and 条 only;
the quiet seats hold all three suits and no pair, so they never win (缺一门) and never claim.
Expected breakdowns and payments are worked out from the SPEC: 平胡 is the base 1 point, each
fan doubles it (SCORE-1) up to the cap of 3 fan (YS-CAP-1), and a hand with no wildcard tile
anywhere scores 无听用 +1 (YS-PAT-无听用).

The hands that play on to the end of the wall (:func:`scripting.burn`, which discards every
drawn tile) deal all four 1筒 to the seats, so nobody draws a wildcard there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from mahjong_rules import (
    Discard,
    Gang,
    HandResult,
    HandSizeError,
    Hu,
    IllegalActionError,
    Match,
    Meld,
    MeldKind,
    Pass,
    Payment,
    PaymentReason,
    Peng,
    Phase,
    State,
    Ti,
    TileSet,
    WinKind,
    WinRecord,
    get_variant,
)
from mahjong_rules.engine.events import Claimed, Drew, Konged
from mahjong_rules.variants.yongshan import Yongshan
from scripting import T, act, burn, deal, play

WIN, PENALTY = PaymentReason.WIN, PaymentReason.PENALTY
PENG, AN, BU, ZHI = MeldKind.PENG, MeldKind.AN_GANG, MeldKind.BU_GANG, MeldKind.ZHI_GANG
SELF, DISCARD, ROB = WinKind.SELF_DRAW, WinKind.DISCARD, WinKind.ROB_KONG

BEN_JIN = "9p"
"""The 本金 tile of every hand here: 1筒 is the wildcard (单听用)."""
WILD = T("1p")


def yongshan(**options: Any) -> Yongshan:
    """A Yongshan room with ``options``."""
    rules = get_variant("yongshan", **options)
    assert isinstance(rules, Yongshan)
    return rules


YS = yongshan()


def start(
    hands: Mapping[int, str],
    draws: str = "",
    *,
    rules: Yongshan = YS,
    replacements: str = "",
    tail: str = "",
    dealer: int = 0,
) -> State:
    """A hand of ``rules`` dealt from ``hands`` with 本金 9筒 (the wildcard is 1筒)."""
    state = deal(
        rules,
        hands,
        draws,
        replacements=replacements,
        tail=tail,
        dealer=dealer,
        indicator=BEN_JIN,
    )
    assert state.variant.indicator == T(BEN_JIN) and state.wild_kinds == TileSet("1p")
    return state


def steps(rules: Yongshan, state: State, script: str) -> list[State]:
    """The state after each action of ``script`` (tokens as :func:`scripting.play` takes)."""
    out = []
    for token in script.split():
        state = rules.apply(state, act(token))
        out.append(state)
    return out


def result_of(rules: Yongshan, state: State) -> HandResult:
    result = rules.result(state)
    assert result is not None, "the hand has not ended"
    assert state.phase is Phase.ENDED and rules.to_act(state) == frozenset()
    assert sum(result.deltas) == 0  # FLOW-5
    return result


def items(win: WinRecord) -> list[tuple[str, int]]:
    """A win's breakdown as (Chinese name, fan) pairs, in the engine's order."""
    return [(item.name_zh, item.fan) for item in win.breakdown.items]


def win_of(state: State, seat: int) -> WinRecord:
    found = [w for w in state.wins if w.seat == seat]
    assert len(found) == 1, f"seat {seat} won {len(found)} times"
    return found[0]


def wins(*triples: tuple[int, int, int]) -> list[Payment]:
    """WIN payments ``(payer, payee, amount)``."""
    return [Payment(payer, payee, amount, WIN) for payer, payee, amount in triples]


def penalties(*triples: tuple[int, int, int]) -> list[Payment]:
    """罚分 payments ``(payer, payee, amount)``."""
    return [Payment(payer, payee, amount, PENALTY) for payer, payee, amount in triples]


def same(actual: Iterable[Payment], expected: Iterable[Payment]) -> bool:
    """The same payments, each as often (simultaneous wins and 罚分 have no set order)."""
    return Counter(actual) == Counter(expected)


def drew(state: State) -> list[tuple[int, str, bool]]:
    """The draws of the last transition: (seat, tile, replacement)."""
    return [(e.seat, str(e.tile), e.replacement) for e in state.events if isinstance(e, Drew)]


def hu_offered(rules: Yongshan, state: State, seat: int) -> bool:
    return Hu(seat) in rules.legal_actions(state, seat)


# ------------------------------------------------------------------ the hands

QUIET = "19m2345678p1237s"
"""Three suits, no pair: never ready (缺一门), never claims."""
QUIET2 = "167m34568p34689s"
QUIET3 = "2358m34678p4679s"

# Seat 1 (quiet) draws 5s and discards it; seats 2, 3 and the dealer all wait on it.
# 2: 234m 567m 789m 34s 66s waits 2s/5s; 3: 22m 345m 678m 46s 999s waits 5s;
# 0 (after its first discard, 9p): 123m 456m 789m 678s 5s waits 5s/8s.
# Each of those wins is 无听用 (1 fan, 2 points) and no 地胡 (not the dealer's discard).
ROUND = {0: "123m456m789m678s5s9p", 1: QUIET, 2: "234m567m789m34s66s", 3: "22m345m678m46s999s"}
OPEN = "0:D9p 1:D5s"
NO_WILD = [("无听用", 1)]


def round_after(answers: str, draws: str = "", rules: Yongshan = YS) -> State:
    """Seat 1's 5s is out and answered with ``answers`` (``draws`` follow seat 1's 5s)."""
    state = play(rules, start(ROUND, "5s" + draws, rules=rules), OPEN)
    assert state.phase is Phase.CLAIM and state.tile == T("5s")
    assert state.claimants == (2, 3, 0)
    for seat in (2, 3, 0):
        assert rules.legal_actions(state, seat) == (Hu(seat), Pass(seat))
    return play(rules, state, answers)


# ------------------------------------------------------------------ YS-END-1


def test_ys_end1_winners_leave_and_play_goes_on_until_one_seat_is_left() -> None:
    """YS-END-1 血战 / YS-PAY-1: seat 2 wins on seat 1's 5s and leaves; seat 3 then self-draws
    5s (seats 0 and 1 pay, not seat 2); seat 1's last 5s is won by seat 0 alone — seat 2, which
    waits on 5s too, is not asked — and with one seat left un-won the hand ends."""
    state = round_after("2:H 3:X 0:X", draws="5s9p5s")
    assert state.seats[2].won and not state.seats[3].won
    assert state.phase is Phase.TURN and state.current == 3
    assert items(win_of(state, 2)) == NO_WILD
    assert list(state.ledger) == wins((1, 2, 2))
    assert T("5s") in YS.waits(state, 2)

    after = steps(YS, state, "3:H 0:D9p 1:D5s")
    for s in after:
        assert 2 not in YS.to_act(s) and 2 not in s.claimants
        assert YS.legal_actions(s, 2) == ()
    state = after[0]  # seat 3 self-drew: every seat still in the hand pays, seat 2 does not
    assert items(win_of(state, 3)) == NO_WILD
    assert win_of(state, 3).how is SELF
    assert list(state.ledger) == wins((1, 2, 2), (0, 3, 2), (1, 3, 2))
    assert state.phase is Phase.TURN and state.current == 0  # play goes on with two seats

    state = after[-1]
    assert state.phase is Phase.CLAIM and state.claimants == (0,)
    with pytest.raises(IllegalActionError):
        YS.apply(state, Hu(2))
    state = play(YS, state, "0:H")
    result = result_of(YS, state)
    assert not result.exhausted and state.tiles_left > 0
    assert result.winners == (2, 3, 0)
    assert items(win_of(state, 0)) == NO_WILD
    assert (win_of(state, 0).how, win_of(state, 0).from_seat) == (DISCARD, 1)
    assert list(result.payments) == wins((1, 2, 2), (0, 3, 2), (1, 3, 2), (1, 0, 2))
    assert result.deltas == (0, -6, 2, 4)


def test_ys_end1_several_seats_win_on_one_discard() -> None:
    """YS-END-1 一炮多响 / YS-PAY-1: seats 2 and 3 both win on seat 1's 5s; the discarder pays
    each of them; both leave, and the two others play on."""
    state = round_after("2:H 3:H 0:X")
    assert [(w.seat, w.how, w.from_seat) for w in sorted(state.wins, key=lambda w: w.seat)] == [
        (2, DISCARD, 1),
        (3, DISCARD, 1),
    ]
    assert items(win_of(state, 2)) == items(win_of(state, 3)) == NO_WILD
    assert same(state.ledger, wins((1, 2, 2), (1, 3, 2)))
    assert state.seats[2].won and state.seats[3].won
    assert state.phase is Phase.TURN and state.current == 0
    assert YS.result(state) is None


def test_ys_end1_three_winners_on_one_discard_end_the_hand() -> None:
    """YS-END-1 / YS-DEALER-1: seats 2, 3 and 0 all win on seat 1's 5s: only the discarder is
    left un-won, so the hand ends at once (wall not empty); seat 1 pays each 2 and deals next."""
    state = round_after("2:H 3:H 0:H")
    result = result_of(YS, state)
    assert sorted(result.winners) == [0, 2, 3] and not result.exhausted
    assert same(result.payments, wins((1, 2, 2), (1, 3, 2), (1, 0, 2)))
    assert result.deltas == (2, -6, 2, 2)
    assert result.next_dealer == 1


# ------------------------------------------------------------------ YS-TURN-1


@pytest.mark.parametrize(
    ("answers", "winners", "next_seat"),
    [
        ("2:H 3:X 0:X", (2,), 3),  # the discarder's 下家 wins: its 下家 draws
        ("2:X 3:H 0:X", (3,), 0),  # a later seat wins: seat 2 loses its turn
        ("2:H 3:H 0:X", (2, 3), 0),  # 一炮多响: after the last winner
        ("2:H 3:X 0:H", (0, 2), 1),  # the last winner is the discarder's 上家: it draws again
    ],
)
def test_ys_turn1_play_goes_on_after_the_last_winner(
    answers: str, winners: tuple[int, ...], next_seat: int
) -> None:
    """YS-TURN-1: after a win on seat 1's discard, the first un-won seat after the last winner
    (counted from the discarder) draws next; the seats in between do not."""
    state = round_after(answers)
    assert tuple(sorted(w.seat for w in state.wins)) == winners
    assert same(state.ledger, wins(*[(1, w, 2) for w in winners]))
    assert state.phase is Phase.TURN and state.current == next_seat
    assert drew(state) == [(next_seat, "1m", False)]  # the first filler tile
    for seat in range(4):
        assert state.seats[seat].draws == (seat == 1) + (seat == next_seat), seat


def test_ys_turn1_winners_are_skipped_later_too() -> None:
    """YS-TURN-1 / YS-END-1: once seats 2 and 3 have won, seat 1's discards pass straight to
    seat 0 and seat 0's to seat 1."""
    state = round_after("2:H 3:H 0:X", draws="9p9p")
    state = play(YS, state, "0:D9p")
    assert state.phase is Phase.TURN and state.current == 1 and drew(state) == [(1, "9p", False)]
    state = play(YS, state, "1:D9p")
    assert state.phase is Phase.TURN and state.current == 0


# ------------------------------------------------------------------ YS-CLAIM-4

# As ROUND, but seat 3 holds 55s (and is quiet otherwise): it may peng seat 1's 5s.
PENG_ROUND = {**ROUND, 3: "55s19m2345678p48s"}


@pytest.mark.parametrize(
    ("answers", "winners", "after_peng"),
    [("2:H 3:P 0:X", (2,), 0), ("2:H 3:P 0:H", (0, 2), 1)],
)
def test_ys_claim4_a_win_does_not_stop_a_peng_of_the_same_tile(
    answers: str, winners: tuple[int, ...], after_peng: int
) -> None:
    """YS-CLAIM-4: seat 2 (and seat 0) win on seat 1's 5s while seat 3 pengs it: the win is
    paid, the peng happens and play goes on from seat 3 (which must discard); after its
    discard the next un-won seat draws."""
    state = play(YS, start(PENG_ROUND, "5s"), OPEN)
    assert state.claimants == (2, 3, 0)
    assert YS.legal_actions(state, 3) == (Peng(3), Pass(3))
    state = play(YS, state, answers)
    assert tuple(sorted(w.seat for w in state.wins)) == winners
    assert same(state.ledger, wins(*[(1, w, 2) for w in winners]))
    assert state.phase is Phase.TURN and state.current == 3
    assert state.seats[3].melds == (Meld(PENG, T("5s"), from_seat=1),)
    assert state.seats[3].drawn is None
    assert all(isinstance(a, Discard) for a in YS.legal_actions(state, 3))  # YS-CLAIM-3
    state = play(YS, state, "3:D9m")
    assert state.phase is Phase.TURN and state.current == after_peng
    assert drew(state) == [(after_peng, "1m", False)]


# As ROUND, but seat 3 holds 555s and the dealer no 5s: seat 3 may make a 直杠 of seat 1's 5s.
GANG_ROUND = {**ROUND, 0: "123m456m789m678s9s9p", 3: "555s19m2345678p4s"}


def test_ys_claim4_a_win_does_not_stop_a_kong_of_the_same_tile() -> None:
    """YS-CLAIM-4: seat 2 wins on seat 1's 5s while seat 3 makes a 直杠 of it: the kong
    happens, seat 3 draws its replacement and plays on; its discard goes to seat 0."""
    state = play(YS, start(GANG_ROUND, "5s", replacements="8p"), OPEN)
    assert state.claimants == (2, 3)
    assert YS.legal_actions(state, 3) == (Peng(3), Gang(3, T("5s"), ZHI), Pass(3))
    state = play(YS, state, "2:H 3:G5s")
    assert [w.seat for w in state.wins] == [2]
    assert list(state.ledger) == wins((1, 2, 2))
    meld = Meld(ZHI, T("5s"), from_seat=1)
    assert state.seats[3].melds == (meld,)
    assert [e.meld for e in state.events if isinstance(e, Claimed)] == [meld]
    assert state.phase is Phase.TURN and state.current == 3
    assert drew(state) == [(3, "8p", True)]
    state = play(YS, state, "3:D8p")
    assert state.phase is Phase.TURN and state.current == 0


# ------------------------------------------------------------------ YS-DEALER-1


def test_ys_dealer1_the_first_winner_deals_next_even_after_a_later_multiple_win() -> None:
    """YS-DEALER-1: seat 2 wins first, alone; later seats 3 and 0 both win on seat 1's 5s
    (一炮多响) and the hand ends: seat 2 deals next (seed: 先胡的那个玩家坐庄)."""
    state = round_after("2:H 3:X 0:X", draws="9p9p5s")
    assert state.next_dealer == 2
    state = play(YS, state, "3:D9p 0:D9p 1:D5s")
    assert state.claimants == (3, 0)  # seat 2 has won: not asked
    state = play(YS, state, "3:H 0:H")
    result = result_of(YS, state)
    assert sorted(result.winners) == [0, 2, 3]
    assert same(result.payments, wins((1, 2, 2), (1, 3, 2), (1, 0, 2)))
    assert result.deltas == (2, -6, 2, 2)
    assert result.next_dealer == 2


def test_ys_dealer1_a_first_multiple_win_makes_the_discarder_deal_even_if_others_win_later() -> (
    None
):
    """YS-DEALER-1 / YS-PAY-1: the first win of the hand is 一炮多响 (seats 2 and 3 on seat 1's
    5s): seat 1 deals next, although the dealer then self-draws 8s and ends the hand. Only seat
    1, the one seat still in the hand, pays that self-draw."""
    state = round_after("2:H 3:H 0:X", draws="8s")
    assert state.next_dealer == 1
    assert state.current == 0 and state.seats[0].drawn == T("8s")
    state = play(YS, state, "0:H")
    result = result_of(YS, state)
    assert items(win_of(state, 0)) == NO_WILD and win_of(state, 0).how is SELF
    assert same(result.payments, wins((1, 2, 2), (1, 3, 2), (1, 0, 2)))
    assert result.deltas == (2, -6, 2, 2)
    assert result.next_dealer == 1


# ------------------------------------------------------------------ 罚分 tables (the wall runs out)

# All four 1筒 (wildcards) sit in the 花猪 seat's hand, so burn() never draws one.
PIG = "1111p5p2589m25789s"
"""The dealer's 14: it discards 9s first and keeps 万, 筒 and 条 (花猪, three suits)."""
READY_1 = "123m456m789m234s5s"
"""Lacks 筒; waits 2s/5s: best win 无听用 (1 fan, 2 points)."""
READY_2 = "222p444p333s66s88s"
"""Lacks 万; waits 6s/8s: best win 碰碰胡 + 无听用 (2 fan, 4 points)."""
UNREADY = "35677889p14679s"
"""Lacks 万, not ready."""
PENALTY_HANDS = {0: PIG, 1: READY_1, 2: READY_2, 3: UNREADY}


def to_the_end(rules: Yongshan, hands: Mapping[int, str] = PENALTY_HANDS, **kw: Any) -> State:
    state = burn(rules, start(hands, rules=rules, **kw))
    assert state.phase is Phase.ENDED and state.tiles_left == 0
    return state


def test_ys_penalty_table_is_as_described() -> None:
    """YS-PENALTY-1..3 setup: who is 花猪, who is ready, and on what."""
    state = start(PENALTY_HANDS)
    assert YS.waits(state, 1) == TileSet("25s1p")
    assert YS.waits(state, 2) == TileSet("68s1p")
    assert YS.waits(state, 3) == TileSet()
    state = play(YS, state, "0:D9s")
    assert [YS.holds_three_suits(state, s) for s in range(4)] == [True, False, False, False]
    assert YS.waits(state, 0) == TileSet()  # YS-PENALTY-3: a three-suit hand is never ready


def test_ys_penalty1_and_2_at_a_draw_game() -> None:
    """YS-PENALTY-1: the 花猪 (seat 0) pays every other un-won seat lacking a suit, ready or
    not, the cap's score 8. YS-PENALTY-2: the un-ready seat 3 pays each ready seat its best
    self-drawn win: seat 1 2 (无听用), seat 2 4 (碰碰胡 + 无听用). rules.penalties gives the
    same payments the engine applied."""
    state = to_the_end(YS)
    result = result_of(YS, state)
    expected = penalties((0, 1, 8), (0, 2, 8), (0, 3, 8), (3, 1, 2), (3, 2, 4))
    assert result.exhausted and result.wins == ()
    assert same(result.payments, expected)
    assert same(YS.penalties(state), expected)
    assert result.deltas == (-24, 10, 12, 2)
    assert dict(result.ready) == {0: False, 1: True, 2: True, 3: False}
    assert result.next_dealer == 0  # YS-DEALER-1: no winner, the dealer stays


@pytest.mark.parametrize(
    ("options", "pig", "to_1", "to_2"),
    [
        ({"hua_zhu_fan": 1}, 2, 2, 4),
        ({"hua_zhu_fan": 0}, 1, 2, 4),
        ({"fan_cap": 2}, 4, 2, 4),
        ({"fan_cap": None}, 8, 2, 4),  # no cap: 花猪 pays 3 fan
        ({"fan_cap": None, "hua_zhu_fan": 4}, 16, 2, 4),
        ({"zi_mo_jia_fan": True}, 8, 4, 8),  # 自摸 counts in the best win
    ],
)
def test_ys_penalty1_and_2_options(options: dict[str, Any], pig: int, to_1: int, to_2: int) -> None:
    """YS-PENALTY-1 option hua_zhu_fan (else the room's fan_cap, 3 fan with none);
    YS-PENALTY-2 with zi_mo_jia_fan the best win counts the 自摸 fan (seat 1: 无听用 + 自摸,
    seat 2: 碰碰胡 + 无听用 + 自摸)."""
    rules = yongshan(**options)
    state = to_the_end(rules)
    result = result_of(rules, state)
    expected = penalties((0, 1, pig), (0, 2, pig), (0, 3, pig), (3, 1, to_1), (3, 2, to_2))
    assert same(result.payments, expected)
    assert same(rules.penalties(state), expected)


def test_ys_penalty2_best_win_never_counts_gang_shang_hua() -> None:
    """YS-PENALTY-2: seat 2 draws the last tile, 2p, and makes a concealed kong with it
    (YS-LAST-1: no replacement; the hand ends). Its best win counts the kong (杠) but never
    杠上花: 碰碰胡 + 杠 + 无听用 = 3 fan, 8 points with no cap (not 16)."""
    rules = yongshan(fan_cap=None)
    state = burn(rules, start(PENALTY_HANDS, rules=rules, tail="2p"), left=0)
    assert state.phase is Phase.TURN and state.current == 2 and state.tiles_left == 0
    assert state.seats[2].drawn == T("2p")
    assert Gang(2, T("2p"), AN) in rules.legal_actions(state, 2)
    state = play(rules, state, "2:A2p")
    result = result_of(rules, state)
    assert result.exhausted
    best = rules.best_win(state, 2, SELF)
    assert best is not None
    assert [(i.name_zh, i.fan) for i in best.items] == [("碰碰胡", 1), ("杠", 1), ("无听用", 1)]
    expected = penalties((0, 1, 8), (0, 2, 8), (0, 3, 8), (3, 1, 2), (3, 2, 8))
    assert same(result.payments, expected)
    assert same(rules.penalties(state), expected)


def test_ys_penalty2_best_win_is_never_tian_hu() -> None:
    """YS-PENALTY-2 (Reading: no 天胡 or 地胡): the best win 罚分 charges is scored off the first
    turn — right after the dealer's first discard, with a ready dealer, it is 无听用 alone."""
    state = play(YS, start({0: READY_1 + "9p", 1: QUIET, 2: QUIET2, 3: QUIET3}), "0:D9p")
    assert state.current == 1 and state.discards_made == 1
    best = YS.best_win(state, 0, SELF)
    assert best is not None and [(i.name_zh, i.fan) for i in best.items] == NO_WILD


# Seat 1 self-draws 5s at once; then the 花猪 seats 0 and 3 (seat 3 would wait on 2s/5s but
# for its 筒) and the un-ready seat 2 play on to the end.
PIG_READY_SHAPE = "123m456p789s234s5s"
LONE = {0: PIG, 1: READY_1, 2: "23456789p34679s", 3: PIG_READY_SHAPE}


def test_ys_penalty3_no_ready_seat_left_so_the_unready_seat_pays_nothing() -> None:
    """YS-PENALTY-3 / YS-PENALTY-1 / YS-PAY-1: seat 1 self-draws and leaves (seats 0, 2, 3 pay
    it 2). At the 流局 the 花猪 seats 0 and 3 pay the un-ready seat 2 (lacking 万) 8 each, and
    nothing to seat 1, which has won; seat 3's three-suit hand is not ready, so seat 2 pays
    nobody."""
    state = play(YS, start(LONE, "5s"), "0:D9s 1:H")
    assert items(win_of(state, 1)) == NO_WILD
    assert list(state.ledger) == wins((0, 1, 2), (2, 1, 2), (3, 1, 2))
    assert YS.waits(state, 3) == TileSet()
    with pytest.raises(HandSizeError):  # seat 2 is in turn, holding 14 tiles (3k+2)
        YS.waits(state, 2)
    state = burn(YS, state)
    result = result_of(YS, state)
    assert result.exhausted and result.winners == (1,)
    expected = [*wins((0, 1, 2), (2, 1, 2), (3, 1, 2)), *penalties((0, 2, 8), (3, 2, 8))]
    assert same(result.payments, expected)
    assert same(YS.penalties(state), penalties((0, 2, 8), (3, 2, 8)))
    assert result.deltas == (-10, 6, 14, -10)
    assert dict(result.ready) == {0: False, 2: False, 3: False}
    assert result.next_dealer == 1


def test_ys_end1_a_win_on_the_last_discard_then_penalties_among_the_rest() -> None:
    """YS-END-1 / YS-PENALTY-1 / YS-PENALTY-2: seat 2 draws the last tile, 5s, and discards it;
    seat 1 wins on it (2 from seat 2) and leaves. The wall is empty with three seats un-won:
    the 花猪 pays seats 2 and 3 8 each, the un-ready seat 3 pays the ready seat 2 4, and seat
    1 — won — takes no part. Seat 1 deals next."""
    state = burn(YS, start(PENALTY_HANDS, tail="5s"), left=0)
    assert state.current == 2 and state.seats[2].drawn == T("5s") and state.tiles_left == 0
    state = play(YS, state, "2:D5s")
    assert state.claimants == (1,) and YS.legal_actions(state, 1) == (Hu(1), Pass(1))
    state = play(YS, state, "1:H")
    result = result_of(YS, state)
    assert result.exhausted and result.winners == (1,)
    assert items(win_of(state, 1)) == NO_WILD
    expected = penalties((0, 2, 8), (0, 3, 8), (3, 2, 4))
    assert same(result.payments, [*wins((2, 1, 2)), *expected])
    assert same(YS.penalties(state), expected)
    assert result.deltas == (-16, 2, 10, 4)
    assert dict(result.ready) == {0: False, 2: True, 3: False}
    assert result.next_dealer == 1


def test_ys_penalties_need_an_empty_wall() -> None:
    """YS-PENALTY-1: rules.penalties on a hand with tiles left raises IllegalActionError."""
    state = play(YS, start(PENALTY_HANDS), "0:D9s")
    with pytest.raises(IllegalActionError, match="empty wall"):
        YS.penalties(state)


# ------------------------------------------------------------------ YS-DEALER-1 through Match


def test_ys_dealer1_match_no_winner_the_dealer_stays() -> None:
    """YS-DEALER-1: Match(rules, first_dealer=2): seat 2 deals the first hand; nobody wins
    (流局), so seat 2 deals again."""
    hands = {2: PIG, 3: READY_1, 0: READY_2, 1: UNREADY}
    match = Match(YS, first_dealer=2)
    state = to_the_end(YS, hands, dealer=2)
    assert state.dealer == 2
    result = result_of(YS, state)
    assert result.wins == () and result.next_dealer == 2
    match = match.record(state)
    assert match.dealer == 2
    assert match.scores == result.deltas == (12, 2, -24, 10)


def rotated(hands: Mapping[int, str], k: int) -> dict[int, str]:
    return {(seat + k) % 4: hand for seat, hand in hands.items()}


def rotated_script(script: str, k: int) -> str:
    return " ".join(f"{(int(t[0]) + k) % 4}{t[1:]}" for t in script.split())


@pytest.mark.parametrize(
    ("answers", "finish", "dealer_next"),
    [
        ("2:H 3:X 0:X", "3:D9p 0:D9p 1:D5s 3:H 0:H", 2),  # the first winner (seat 2 of ROUND)
        ("2:H 3:H 0:X", "0:H", 1),  # 一炮多响 first: the discarder (seat 1 of ROUND)
    ],
)
def test_ys_dealer1_match_records_the_next_dealer(
    answers: str, finish: str, dealer_next: int
) -> None:
    """YS-DEALER-1 through Match: the ROUND hands turned two seats on, dealt by seat 2
    (first_dealer=2): the next dealer is the first winner, or the discarder when the first
    win was 一炮多响."""
    draws = "5s9p9p5s" if "D5s" in finish else "5s8s"
    state = start(rotated(ROUND, 2), draws, dealer=2)
    state = play(YS, state, rotated_script(f"{OPEN} {answers} {finish}", 2))
    result = result_of(YS, state)
    assert result.next_dealer == (dealer_next + 2) % 4
    match = Match(YS, first_dealer=2).record(state)
    assert match.dealer == (dealer_next + 2) % 4
    assert match.hands_played == 1 and match.scores == result.deltas


# ------------------------------------------------------------------ YS-WIN-1 缺一门

THREE_SUITS = {0: "19m2345678p1237s5s", 1: "123m456p789s234s5s", 2: QUIET2, 3: QUIET3}
"""Seat 1: a complete shape with 5s or 2s, but it holds 万, 筒 and 条."""


def test_ys_win1_a_three_suit_hand_never_wins() -> None:
    """YS-WIN-1 缺一门: seat 1's 123m 456p 789s 234s 5s would be complete with 5s or 2s, but it
    holds all three suits: it waits on nothing, is not asked on the dealer's 5s, and its own
    2s is no win."""
    state = start(THREE_SUITS, "2s")
    assert YS.waits(state, 1) == TileSet()
    state = play(YS, state, "0:D5s")
    assert state.phase is Phase.TURN and state.current == 1 and state.wins == ()
    assert state.seats[1].drawn == T("2s")
    assert not hu_offered(YS, state, 1)


# Seat 1 pengs the dealer's 2p, then holds 123m 456m 789m 5s: 万 and 条 in hand, 筒 in a meld.
MELD_THIRD_SUIT = {0: "19m345678p1237s2p9p", 1: "22p123m456m789m5s9s", 2: QUIET2, 3: QUIET3}


def test_ys_win1_melds_count_towards_the_suits() -> None:
    """YS-WIN-1: with a peng of 2筒 beside 123m 456m 789m 5s, seat 1 holds three suits: neither
    seat 2's 5s nor its own 5s is a win."""
    state = start(MELD_THIRD_SUIT, "5s9p9p5s")
    state = play(YS, state, "0:D2p 1:P 1:D9s")
    assert state.seats[1].melds == (Meld(PENG, T("2p"), from_seat=0),)
    assert YS.waits(state, 1) == TileSet()
    state = play(YS, state, "2:D5s")
    assert state.phase is Phase.TURN and state.current == 3 and state.wins == ()
    state = play(YS, state, "3:D9p 0:D9p")
    assert state.current == 1 and state.seats[1].drawn == T("5s")
    assert not hu_offered(YS, state, 1)


def test_ys_win1_a_wildcard_does_not_count_as_its_suit() -> None:
    """YS-WIN-1 / YS-WILD-5: seat 1 holds 万 and 条 and the wildcard 1筒; the 1筒 is no 筒, so
    the hand lacks a suit and wins on seat 2's 6s: 123m 456m 789m 678s and the pair 5s (the
    wildcard as 5s): 平胡, 1 point (a wildcard: no 无听用)."""
    hands = {0: "19m2345678p1237s9p", 1: "123m456m789m5s78s1p", 2: QUIET2, 3: QUIET3}
    state = start(hands, "9p6s")
    assert not YS.holds_three_suits(state, 1)
    state = play(YS, state, "0:D9p 1:D9p")
    state = play(YS, state, "2:D6s")
    assert state.claimants == (1,) and hu_offered(YS, state, 1)
    state = play(YS, state, "1:H")
    assert items(win_of(state, 1)) == [("平胡", 0)]
    assert list(state.ledger) == wins((2, 1, 1))


# ------------------------------------------------------------------ YS-TINGDIAN-1 听点

# The dealer discards 9p and is then 听点: 123m 456m 789m 234s complete, the wildcard 1筒 alone
# waits as the pair, so any 万 or 条 tile completes it. Seats 2 and 3 wait on 5s (as in ROUND).
TING_DIAN = {0: "123m456m789m234s1p9p", 1: QUIET, 2: ROUND[2], 3: ROUND[3]}


def test_ys_tingdian1_the_hand_is_ting_dian() -> None:
    """YS-TINGDIAN-1: once the dealer has discarded 9p its wildcard waits alone; it waits on
    every 万 and 条 tile (and a drawn wildcard), never on a 筒 (缺一门)."""
    state = play(YS, start(TING_DIAN, "9p"), "0:D9p")
    assert YS.ting_dian(state, 0)
    assert YS.waits(state, 0) == TileSet("123456789m123456789s1p")
    assert not YS.ting_dian(state, 2)


def test_ys_tingdian1_wins_by_self_draw() -> None:
    """YS-TINGDIAN-1: seat 1's 7s is no win for the 听点 dealer (nobody has won yet: the next
    seat simply draws); its own 5m is: 123m 456m 789m 234s and 55m (the wildcard as 5m), 平胡,
    1 point from each other seat."""
    state = play(YS, start(TING_DIAN, "7s9p8p5m"), "0:D9p 1:D7s")
    assert state.phase is Phase.TURN and state.current == 2 and state.wins == ()
    state = play(YS, state, "2:D9p 3:D8p")
    assert state.current == 0 and state.seats[0].drawn == T("5m")
    assert hu_offered(YS, state, 0)
    state = play(YS, state, "0:H")
    assert items(win_of(state, 0)) == [("平胡", 0)]
    assert list(state.ledger) == wins((1, 0, 1), (2, 0, 1), (3, 0, 1))


def test_ys_tingdian1_no_win_on_a_discard_while_fewer_than_two_have_won() -> None:
    """YS-TINGDIAN-1: seat 1's 5s is won by seat 2 — the 听点 dealer is not asked; after that one
    win, seat 3's 7s is still no win for it (4 players: two must have won)."""
    state = play(YS, start(TING_DIAN, "5s7s"), OPEN)
    assert state.claimants == (2, 3)
    state = play(YS, state, "2:H 3:X")
    assert state.current == 3 and state.seats[3].drawn == T("7s")
    state = play(YS, state, "3:D7s")
    assert state.phase is Phase.TURN and state.current == 0
    assert [w.seat for w in state.wins] == [2]


def test_ys_tingdian1_four_players_two_have_won_it_wins_on_a_discard() -> None:
    """YS-TINGDIAN-1: seats 2 and 3 win on seat 1's 5s (the 听点 dealer is not asked); with two
    seats left the dealer may win on seat 1's 7s: 平胡, 1 point. The hand ends; seat 1, the
    discarder of that 一炮多响, deals next."""
    state = play(YS, start(TING_DIAN, "5s8p7s"), OPEN)
    assert state.claimants == (2, 3)
    state = play(YS, state, "2:H 3:H 0:D8p 1:D7s")
    assert state.phase is Phase.CLAIM and state.claimants == (0,)
    assert YS.legal_actions(state, 0) == (Hu(0), Pass(0))
    state = play(YS, state, "0:H")
    result = result_of(YS, state)
    assert items(win_of(state, 0)) == [("平胡", 0)]
    assert same(result.payments, wins((1, 2, 2), (1, 3, 2), (1, 0, 1)))
    assert result.deltas == (1, -5, 2, 2)
    assert result.next_dealer == 1


@pytest.mark.parametrize("option", [False, True])
def test_ys_tingdian1_three_players_only_with_the_option(option: bool) -> None:
    """YS-TINGDIAN-1, 3 players: the 听点 dealer never wins on seat 1's 7s before anyone has
    won; once seat 1 has self-drawn 5s, seat 2's 7s is a win for it only with
    ting_dian_three_players=True (平胡, 1 point, and the hand ends)."""
    rules = yongshan(players=3, ting_dian_three_players=option)
    hands = {0: TING_DIAN[0], 1: ROUND[2], 2: QUIET}
    state = play(rules, start(hands, "7s9p8p5s7s", rules=rules), "0:D9p 1:D7s")
    assert state.phase is Phase.TURN and state.current == 2 and state.wins == ()
    state = play(rules, state, "2:D9p 0:D8p 1:H")
    assert items(win_of(state, 1)) == NO_WILD
    assert list(state.ledger) == wins((0, 1, 2), (2, 1, 2))
    state = play(rules, state, "2:D7s")
    if not option:
        assert state.phase is Phase.TURN and state.current == 0
        assert [w.seat for w in state.wins] == [1]
        return
    assert state.claimants == (0,) and rules.legal_actions(state, 0) == (Hu(0), Pass(0))
    state = play(rules, state, "0:H")
    result = result_of(rules, state)
    assert items(win_of(state, 0)) == [("平胡", 0)]
    assert list(result.payments) == wins((0, 1, 2), (2, 1, 2), (2, 0, 1))
    assert result.deltas == (-1, 4, -3)


# ------------------------------------------------------------------ YS-PASSHU-1 过手胡

# Seat 2 deals: it discards 9p and waits on 1m (111m 123m 456m 789m 55s: 归 + 无听用, 2 fan),
# 4m (111m 234m ..., 无听用, 1 fan) or 5s (11m 123m ... 555s, 无听用, 1 fan).
PASS_HU = {2: "11123m456m789m55s9p", 3: QUIET3, 0: "2679m2456p12378s", 1: "3689m3578p12469s"}


@pytest.mark.parametrize(
    ("fan", "tile", "declined", "expected", "points"),
    [
        ({}, "1m", 1, [("归", 1), ("无听用", 1)], 4),
        ({}, "4m", 1, None, 0),
        # compared before the cap: 4 fan beats the 3 declined, though both pay 8
        ({"wu_ting_yong": 3}, "1m", 3, [("归", 1), ("无听用", 3)], 8),
        ({"wu_ting_yong": 3}, "4m", 3, None, 0),
    ],
)
def test_ys_passhu1_a_declined_win_blocks_wins_that_add_no_fan(
    fan: dict[str, int],
    tile: str,
    declined: int,
    expected: list[tuple[str, int]] | None,
    points: int,
) -> None:
    """YS-PASSHU-1: seat 2 passes seat 3's 4m (无听用, 1 fan). Until its next own action it
    cannot win on seat 0's 5s (1 fan, no more; it may still peng it); on seat 1's 1m it can
    (归 + 无听用, 2 fan), but not on seat 1's 4m (1 fan). Its own draw lifts the block. With
    无听用 worth 3 the fan are compared before the cap (3 declined, 4 on the 1m)."""
    rules = yongshan(fan=fan)
    state = start(PASS_HU, "4m5s" + tile, dealer=2, rules=rules)
    state = play(rules, state, "2:D9p 3:D4m")
    assert state.claimants == (2,) and rules.legal_actions(state, 2) == (Hu(2), Pass(2))
    state = play(rules, state, "2:X")
    assert (state.seats[2].pass_hu, state.seats[2].pass_hu_fan) == (True, declined)
    state = play(rules, state, "0:D5s")  # it may peng the 5s, but not win on it
    assert state.claimants == (2,) and rules.legal_actions(state, 2) == (Peng(2), Pass(2))
    state = play(rules, state, "2:X")
    assert state.phase is Phase.TURN and state.current == 1 and state.wins == ()
    state = play(rules, state, f"1:D{tile}")
    if expected is None:
        assert state.phase is Phase.TURN and state.current == 2 and state.wins == ()
        assert (state.seats[2].pass_hu, state.seats[2].pass_hu_fan) == (False, -1)
        return
    assert state.claimants == (2,)
    assert rules.legal_actions(state, 2) == (Hu(2), Peng(2), Gang(2, T("1m"), ZHI), Pass(2))
    state = play(rules, state, "2:H")
    assert items(win_of(state, 2)) == expected
    assert list(state.ledger) == wins((1, 2, points))


def test_ys_passhu1_the_block_keeps_the_most_fan_declined() -> None:
    """YS-PASSHU-1: seat 2 passes seat 3's 4m (1 fan), then seat 0's 1m (归 + 无听用, 2 fan,
    offered because it is more): the block now holds 2 fan, the most declined since its last
    own action, and seat 1's 4m (1 fan) is no win for it."""
    state = start(PASS_HU, "4m1m4m", dealer=2)
    state = play(YS, state, "2:D9p 3:D4m 2:X 0:D1m")
    assert state.claimants == (2,) and Hu(2) in YS.legal_actions(state, 2)
    state = play(YS, state, "2:X")
    assert (state.seats[2].pass_hu, state.seats[2].pass_hu_fan) == (True, 2)
    state = play(YS, state, "1:D4m")
    assert state.phase is Phase.TURN and state.current == 2 and state.wins == ()


def test_ys_passhu1_seed_example_own_discard_counts_as_passing() -> None:
    """YS-PASSHU-1 (seed example): seat 2 self-draws a winning 4m but discards it instead; its
    下家 seat 3 then discards 5s and seat 2 may win on it (无听用, 2 points from seat 3)."""
    state = start(PASS_HU, "9p9p5p4m5s", dealer=2)
    state = play(YS, state, "2:D9p 3:D9p 0:D9p 1:D5p")
    assert state.current == 2 and state.seats[2].drawn == T("4m")
    assert hu_offered(YS, state, 2)
    state = play(YS, state, "2:D4m")
    assert state.current == 3 and not state.seats[2].pass_hu
    state = play(YS, state, "3:D5s")
    assert state.claimants == (2,)
    assert YS.legal_actions(state, 2) == (Hu(2), Peng(2), Pass(2))
    state = play(YS, state, "2:H")
    assert items(win_of(state, 2)) == NO_WILD
    assert list(state.ledger) == wins((3, 2, 2))


# ------------------------------------------------------------------ 抢杠胡 and YS-PAY-1

# Seat 1 pengs the dealer's 5s; seat 2 draws 4s and waits on 2s/5s; seat 1 then draws the
# fourth 5s (or a wildcard) and adds it to its peng (补杠).
ROB_HANDS = {0: QUIET2 + "5s", 1: "55s19m2345678p48s", 2: "123m456m789m3s77s9p", 3: QUIET3}
ROB_SCRIPT = "0:D5s 1:P 1:D9m 2:D9p 3:D9p 0:D9p"


def added_kong(rules: Yongshan, draw: str) -> State:
    """Seat 1 in turn, having drawn ``draw``, its peng of 5s on the table."""
    state = start(ROB_HANDS, "4s9p9p" + draw, rules=rules, replacements="2s")
    state = play(rules, state, ROB_SCRIPT)
    assert state.current == 1 and state.seats[1].drawn == T(draw)
    assert state.seats[1].melds == (Meld(PENG, T("5s"), from_seat=0),)
    assert YS.waits(state, 2) == TileSet("25s1p")
    return state


@pytest.mark.parametrize(
    ("options", "expected", "points"),
    [
        ({}, [("抢杠胡", 1), ("无听用", 1)], 4),
        ({"zi_mo_jia_fan": True}, [("抢杠胡", 1), ("无听用", 1), ("自摸", 1)], 8),
    ],
)
def test_ys_pay1_robbing_a_kong_the_robbed_seat_alone_pays_and_plays_on(
    options: dict[str, Any], expected: list[tuple[str, int]], points: int
) -> None:
    """YS-PAT-抢杠胡 / YS-PAY-1: seat 2 robs seat 1's 补杠 of the natural 5s: 抢杠胡 + 无听用 (with
    自摸加番 also 自摸), paid by seat 1 alone. The 补杠 still stands, seat 1 draws its
    replacement and plays on; its discard passes seat 2 (won) to seat 3."""
    rules = yongshan(**options)
    state = added_kong(rules, "5s")
    assert Gang(1, T("5s"), BU) in rules.legal_actions(state, 1)
    state = play(rules, state, "1:B5s")
    assert state.phase is Phase.ROB and state.claimants == (2,)
    assert rules.legal_actions(state, 2) == (Hu(2), Pass(2))
    state = play(rules, state, "2:H")
    win = win_of(state, 2)
    assert (win.how, win.tile, win.from_seat) == (ROB, T("5s"), 1)
    assert items(win) == expected
    assert list(state.ledger) == wins((1, 2, points))
    assert state.seats[1].melds == (Meld(BU, T("5s"), from_seat=0),)
    assert state.phase is Phase.TURN and state.current == 1
    assert state.seats[1].drawn == T("2s") and drew(state) == [(1, "2s", True)]
    state = play(rules, state, "1:D2s")
    assert state.phase is Phase.TURN and state.current == 3


def test_ys_passhu1_declining_a_rob_blocks_a_discard_win_of_no_more_fan() -> None:
    """YS-PASSHU-1: seat 2 declines to rob seat 1's 补杠 (抢杠胡 + 无听用, 2 fan); the kong
    stands and seat 1 discards its replacement 2s, which seat 2 waits on — but that win
    (杠上炮 + 无听用) is 2 fan too, no more: seat 2 is not asked; it simply draws next."""
    state = play(YS, added_kong(YS, "5s"), "1:B5s 2:X")
    assert state.seats[1].melds == (Meld(BU, T("5s"), from_seat=0),)
    assert (state.seats[2].pass_hu, state.seats[2].pass_hu_fan) == (True, 2)
    assert state.current == 1 and state.seats[1].drawn == T("2s")
    state = play(YS, state, "1:D2s")
    assert state.phase is Phase.TURN and state.current == 2 and state.wins == ()
    assert drew(state) == [(2, "1m", False)]


def test_ys_pat_qiang_gang_hu_an_added_wildcard_cannot_be_robbed() -> None:
    """YS-PAT-抢杠胡: seat 1 adds the wildcard 1筒 to its peng of 5s (no natural 5s in hand):
    seat 2 waits on 5s but no rob window opens; seat 1 draws its replacement at once."""
    state = added_kong(YS, "1p")
    assert YS.legal_actions(state, 1)[0] == Gang(1, T("5s"), BU, (WILD,))
    assert Gang(1, T("5s"), BU) not in YS.legal_actions(state, 1)
    state = play(YS, state, "1:B5s*1p")
    assert state.phase is Phase.TURN and state.current == 1
    assert state.seats[1].melds == (Meld(BU, T("5s"), (WILD,), from_seat=0),)
    assert drew(state) == [(1, "2s", True)]
    assert state.wins == () and state.ledger == ()


# Seat 1 holds 555s; seat 2 waits on 2s/5s (123m 456m 789m 34s 77s).
KONG_HANDS = {0: QUIET2 + "9p", 1: "555s19m2345678p4s", 2: "123m456m789m34s77s", 3: QUIET3}


def test_ys_pat_qiang_gang_hu_a_concealed_kong_cannot_be_robbed() -> None:
    """YS-PAT-抢杠胡: seat 1's 暗杠 of 5s opens no rob window although seat 2 waits on 5s; seat
    1 draws its replacement (no kong payment in Yongshan, YS-PAY-1)."""
    state = play(YS, start(KONG_HANDS, "5s", replacements="2s"), "0:D9p")
    assert Gang(1, T("5s"), AN) in YS.legal_actions(state, 1)
    state = play(YS, state, "1:A5s")
    assert state.phase is Phase.TURN and state.current == 1
    assert [e.meld for e in state.events if isinstance(e, Konged)] == [Meld(AN, T("5s"))]
    assert drew(state) == [(1, "2s", True)]
    assert state.ledger == () and state.wins == ()


def test_ys_pat_qiang_gang_hu_an_exposed_kong_cannot_be_robbed() -> None:
    """YS-PAT-抢杠胡: seat 2 passes the dealer's 5s (its only chance at it); seat 1 makes a
    直杠 of it, and no rob window opens: seat 1 draws its replacement."""
    hands = {**KONG_HANDS, 0: QUIET2 + "5s"}
    state = play(YS, start(hands, replacements="2s"), "0:D5s")
    assert state.claimants == (1, 2)
    assert Gang(1, T("5s"), ZHI) in YS.legal_actions(state, 1)
    state = play(YS, state, "2:X 1:G5s")
    assert state.phase is Phase.TURN and state.current == 1
    assert drew(state) == [(1, "2s", True)]
    assert state.wins == () and state.ledger == ()


def test_ys_pat_gang_shang_pao() -> None:
    """YS-PAT-杠上炮: seat 1's 暗杠 of 5s draws 2s, which it discards; seat 2 wins on it:
    杠上炮 + 无听用, 4 points, paid by seat 1 alone; play goes on with seat 3."""
    state = play(YS, start(KONG_HANDS, "5s", replacements="2s"), "0:D9p 1:A5s 1:D2s")
    assert state.claimants == (2,)
    state = play(YS, state, "2:H")
    win = win_of(state, 2)
    assert (win.how, win.from_seat) == (DISCARD, 1)
    assert items(win) == [("杠上炮", 1), ("无听用", 1)]
    assert list(state.ledger) == wins((1, 2, 4))
    assert state.phase is Phase.TURN and state.current == 3


# ------------------------------------------------------------------ 杠上花

# Seat 1 holds 555s 123m 456m 789m 9s: it draws the fourth 5s, conceals the kong, and draws 9s.
FLOWER = {0: QUIET2 + "9p", 1: "555s123m456m789m9s", 2: QUIET, 3: QUIET3}


def test_ys_pat_gang_shang_hua() -> None:
    """YS-PAT-杠上花 / YS-PAT-杠 / YS-PAY-1: seat 1 wins on its own kong's replacement:
    杠上花 + 杠 + 无听用 = 3 fan, 8 from every other seat; play goes on with seat 2."""
    state = play(YS, start(FLOWER, "5s", replacements="9s"), "0:D9p 1:A5s")
    assert state.seats[1].drawn == T("9s") and hu_offered(YS, state, 1)
    state = play(YS, state, "1:H")
    win = win_of(state, 1)
    assert win.how is SELF
    assert items(win) == [("杠上花", 1), ("杠", 1), ("无听用", 1)]
    assert list(state.ledger) == wins((0, 1, 8), (2, 1, 8), (3, 1, 8))
    assert state.phase is Phase.TURN and state.current == 2


# Seat 1 pengs the dealer's 7m with the wildcard 1筒, conceals a kong of 5s and draws 7m: it
# puts the 7m into its peng (提) and takes the wildcard back, which completes 123m 456m 9s+1p.
TI_FLOWER = {0: QUIET2 + "7m", 1: "7m1p555s123m456m9s8s", 2: QUIET, 3: QUIET3}


def test_ys_pat_gang_shang_hua_not_after_a_ti() -> None:
    """YS-PAT-杠上花: a 提 between the replacement and the win: no 杠上花. Seat 1 wins with the
    wildcard back in hand: 杠 only (a wildcard: no 无听用), 2 from every other seat."""
    state = start(TI_FLOWER, "9p9p9p5s", replacements="7m")
    state = play(YS, state, "0:D7m")
    assert Peng(1, (WILD,)) in YS.legal_actions(state, 1)
    state = play(YS, state, "1:P*1p 1:D8s 2:D9p 3:D9p 0:D9p 1:A5s")
    assert state.seats[1].drawn == T("7m")
    assert not hu_offered(YS, state, 1)
    assert Ti(1, T("7m"), WILD) in YS.legal_actions(state, 1)
    state = play(YS, state, "1:I7m*1p")
    assert state.seats[1].melds == (Meld(PENG, T("7m"), from_seat=0), Meld(AN, T("5s")))
    assert hu_offered(YS, state, 1)
    state = play(YS, state, "1:H")
    assert items(win_of(state, 1)) == [("杠", 1)]
    assert list(state.ledger) == wins((0, 1, 2), (2, 1, 2), (3, 1, 2))


# ------------------------------------------------------------------ 天胡, 地胡, 自摸, the cap

WINNER = "123m456m789m234s5s"
"""Waits on 2s/5s; a win with it is 无听用."""


@pytest.mark.parametrize(
    ("options", "expected", "points"),
    [
        ({}, [("天胡", 3), ("无听用", 1)], 8),
        ({"fan_cap": None}, [("天胡", 3), ("无听用", 1)], 16),
        ({"zi_mo_jia_fan": True}, [("天胡", 3), ("无听用", 1), ("自摸", 1)], 8),
    ],
)
def test_ys_pat_tian_hu(
    options: dict[str, Any], expected: list[tuple[str, int]], points: int
) -> None:
    """YS-PAT-天胡 / YS-CAP-1 / YS-PAY-1: the dealer wins on his dealt 14: 天胡 3 + 无听用 1
    (+ 自摸 with 自摸加番), capped at 3 fan; every other seat pays, and play goes on."""
    rules = yongshan(**options)
    state = start({0: WINNER + "5s", 1: QUIET, 2: QUIET2, 3: QUIET3}, rules=rules)
    assert rules.legal_actions(state, 0)[0] == Hu(0)
    state = play(rules, state, "0:H")
    assert win_of(state, 0).how is SELF
    assert items(win_of(state, 0)) == expected
    assert list(state.ledger) == wins((1, 0, points), (2, 0, points), (3, 0, points))
    assert state.phase is Phase.TURN and state.current == 1 and state.next_dealer == 0


def test_ys_pat_di_hu_on_the_dealers_first_discard() -> None:
    """YS-PAT-地胡: seat 1 wins on the dealer's first discard: 地胡 2 + 无听用 1, 8 points."""
    state = play(YS, start({0: QUIET + "5s", 1: WINNER, 2: QUIET2, 3: QUIET3}), "0:D5s")
    assert state.claimants == (1,)
    state = play(YS, state, "1:H")
    assert items(win_of(state, 1)) == [("地胡", 2), ("无听用", 1)]
    assert list(state.ledger) == wins((0, 1, 8))


def test_ys_pat_di_hu_not_on_a_later_first_discard() -> None:
    """YS-PAT-地胡: only the dealer's first discard: seat 1 winning on seat 3's first discard is
    no 地胡 (无听用 only, 2 points)."""
    hands = {0: QUIET + "9p", 1: WINNER, 2: QUIET2, 3: QUIET3}
    state = play(YS, start(hands, "9p9p5s"), "0:D9p 1:D9p 2:D9p 3:D5s 1:H")
    assert items(win_of(state, 1)) == NO_WILD
    assert list(state.ledger) == wins((3, 1, 2))


@pytest.mark.parametrize(
    ("option", "expected", "points"),
    [(False, NO_WILD, 2), (True, [("无听用", 1), ("自摸", 1)], 4)],
)
def test_ys_pat_zi_mo(option: bool, expected: list[tuple[str, int]], points: int) -> None:
    """YS-PAT-自摸 / YS-PAY-1: seat 1 self-draws 5s: +1 自摸 only with zi_mo_jia_fan; every
    other seat pays."""
    rules = yongshan(zi_mo_jia_fan=option)
    hands = {0: QUIET + "9p", 1: WINNER, 2: QUIET2, 3: QUIET3}
    state = play(rules, start(hands, "5s", rules=rules), "0:D9p 1:H")
    assert items(win_of(state, 1)) == expected
    assert list(state.ledger) == wins((0, 1, points), (2, 1, points), (3, 1, points))


@pytest.mark.parametrize(("cap", "points"), [(3, 8), (None, 32), (4, 16)])
def test_ys_cap1_fan_cap(cap: int | None, points: int) -> None:
    """YS-CAP-1: seat 1 wins on seat 2's 7m with 11 22 33 44 55 66 77m: 清一色 2 + 七对 2 +
    无听用 1 = 5 fan: 8 points with the default cap of 3, 2**5 = 32 with fan_cap=None."""
    rules = yongshan(fan_cap=cap) if cap != 3 else YS
    hands = {0: QUIET + "9p", 1: "1122334455667m", 2: QUIET2, 3: QUIET3}
    state = play(rules, start(hands, "9p7m", rules=rules), "0:D9p 1:D9p 2:D7m")
    assert state.claimants == (1,)
    state = play(rules, state, "1:H")
    breakdown = win_of(state, 1).breakdown
    assert items(win_of(state, 1)) == [("清一色", 2), ("七对", 2), ("无听用", 1)]
    assert (breakdown.fan, breakdown.capped_fan) == (5, 5 if cap is None else cap)
    assert list(state.ledger) == wins((2, 1, points))
