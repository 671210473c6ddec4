"""Tests for :class:`~mahjong_rules.engine.match.Match`: hands of one room played in a row.

Who deals next (BS-DEALER-1 to BS-DEALER-4), running scores, and 买点 points bought in the first
hand and kept for the match (BS-BUY-1). Hands are scripted from explicit walls (DEAL-1): the
dealer takes the first 14 tiles, each following seat 13, ordinary draws come from the front of
the rest and kong replacements from the back. A last group of tests plays seeded random hands
and checks every result against the rules, and one checks that docs/baoshan.rst lists every
room option and pattern with its default.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest

from mahjong_rules.engine.actions import Action, Discard, Gang, Hu, Pass, Peng
from mahjong_rules.engine.match import Match
from mahjong_rules.engine.settlement import HandResult, PaymentReason
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.errors import IllegalActionError, OptionsError
from mahjong_rules.notation import parse_tiles
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants import get_variant
from mahjong_rules.variants.baoshan.buying import BuyPoints
from mahjong_rules.variants.baoshan.options import DEFAULT_FANS, BaoshanOptions
from mahjong_rules.variants.baoshan.patterns import baoshan_patterns
from mahjong_rules.variants.base import Rules
from mahjong_rules.wins import shanten
from scripting import bought, points_of

BAOSHAN = get_variant("baoshan")
DOCS = Path(__file__).resolve().parents[1] / "docs"


# ---------------------------------------------------------------------- scripting helpers


def T(text: str) -> Tile:
    return Tile(text)


def wall(hands: Mapping[int, str], draws: str = "", *, dealer: int = 0) -> tuple[Tile, ...]:
    """A 108-tile wall dealing ``hands`` (DEAL-1): the dealer's 14, then each seat's 13 in play
    order, then ``draws`` (the next ordinary draws, in order), then the tiles not named, in
    tile order."""
    n = len(hands)
    front: list[Tile] = []
    for k in range(n):
        seat = (dealer + k) % n
        dealt = parse_tiles(hands[seat])
        assert len(dealt) == (14 if seat == dealer else 13), f"seat {seat}: {hands[seat]}"
        front.extend(dealt)
    front.extend(parse_tiles(draws) if draws else ())
    named = Counter(front)
    assert max(named.values()) <= 4, named.most_common(1)
    return (*front, *(t for t in all_tiles(honors=False) for _ in range(4 - named[t])))


def turned(hands: Mapping[int, str], by: int) -> dict[int, str]:
    """The same hands moved ``by`` seats on: seat k's tiles go to seat k + by."""
    return {(seat + by) % len(hands): tiles for seat, tiles in hands.items()}


def play(rules: Rules, state: State, *actions: Action) -> State:
    for action in actions:
        state = rules.apply(state, action)
    return state


def play_out(rules: Rules, state: State) -> State:
    """Every seat discards what it drew (the dealer, his highest tile) and passes every claim,
    until the hand ends: scripted hands that never change reach 流局 this way."""
    while state.phase is not Phase.ENDED:
        if state.phase is Phase.TURN:
            s = state.seats[state.current]
            tile = s.drawn if s.drawn is not None else max(s.concealed)
            state = rules.apply(state, Discard(state.current, tile))
        else:
            state = rules.apply(state, Pass(min(rules.to_act(state))))
    return state


def result_of(state: State) -> HandResult:
    assert state.result is not None, state.phase
    return state.result


# ---------------------------------------------------------------------- scripted walls

# Dealer 0 discards 5p; seat 1 (46p waiting 5p) wins on it: 平胡, 1 point.
DISCARD_WIN_HANDS = {
    0: "123m456m789m99s11p5p",
    1: "234m567m345s46p11s",
    2: "258m369p147s2m58s8p",
    3: "1359m1357s28p689s",
}
DISCARD_WIN = wall(DISCARD_WIN_HANDS)

# The dealer wins on his dealt 14 tiles: settled as a self-draw, 门清 1 fan = 2 points from every
# other seat (BS-END-1). Dealt by seat 0, and the same hands moved on one seat, dealt by seat 1.
DEALT_WIN_HANDS = {
    0: "123m456m789m123p55s",
    1: "258m369p147s2m58s8p",
    2: "1359m1357s28p689s",
    3: "2468m2468p2468s3p",
}
DEALT_WIN_0 = wall(DEALT_WIN_HANDS)
DEALT_WIN_1 = wall(turned(DEALT_WIN_HANDS, 1), dealer=1)

# Dealer 1 discards 9s (nobody claims it), seat 2 draws 9p and discards it (nobody claims it),
# seat 3 draws 5p and wins by self-draw: 门清 1 fan = 2 points from every other seat.
SELF_DRAW_3 = wall(
    {
        1: "258m369p147s2m58s8p9s",
        2: "1359m1357s28p689s",
        3: "234m567m345s46p11s",
        0: "2468m2468p2468s3p",
    },
    draws="9p5p",
    dealer=1,
)

# 一炮多响: dealer 0 discards 9s, seat 1 draws 9p and discards 5p; seats 2 (46p) and 3 (34p)
# both wait on 5p and win on it.
DOUBLE_WIN = wall(
    {
        0: "258m369p147s2m58s8p9s",
        1: "1359m1357s28p68s5p",
        2: "234m567m345s46p11s",
        3: "678m234s678s34p22s",
    },
    draws="9p",
)

# Nobody is ready, nor ever becomes ready while every seat discards what it draws.
NOBODY_READY_HANDS = {
    0: "147m258p369s1m4p7s5m8s",
    1: "258m369p147s2m5p8s9m",
    2: "369m147p258s3m6p9s7m",
    3: "159m159p159s2m4s6m3p",
}

# 查叫 1赔3: dealer 0 discards 9s and is then ready on 8s, seat 1 on 1s, seat 3 on 5s (each a
# single wait 单吊 whose other copies seat 2 holds, so no win is ever possible), seat 2 is not
# ready. Every ready seat is concealed: 查大叫 counts 门清, 1 fan = 2 points.
ONE_PAYS_THREE_HANDS = {
    0: "123m456m789m123p8s9s",
    1: "123m456m789m456p1s",
    2: "111s555s888s26p37m",
    3: "123m456m789m789p5s",
}
ONE_PAYS_THREE = wall(ONE_PAYS_THREE_HANDS)

# 查叫 with two ready seats (0 and 1) and two un-ready ones (2 and 3).
TWO_PAY_TWO = wall(
    {
        0: "123m456m789m123p8s9s",
        1: "123m456m789m456p1s",
        2: "888s258m369p147p2m",
        3: "111s258p369m147m3s",
    }
)


# ---------------------------------------------------------------------- the scripted hands


def test_scripted_walls_deal_the_hands_asked_for() -> None:
    """DEAL-1: the walls above deal what their comments say (dealer 14, the others 13)."""
    state = BAOSHAN.new_hand(wall=ONE_PAYS_THREE)
    assert [len(s.concealed) for s in state.seats] == [14, 13, 13, 13]
    assert [str(BAOSHAN.waits(state, seat)) for seat in (1, 2, 3)] == ["1s", "", "5s"]
    nobody = BAOSHAN.new_hand(wall=wall(turned(NOBODY_READY_HANDS, 2), dealer=2), dealer=2)
    assert all(shanten(nobody.seats[seat].concealed) >= 2 for seat in range(4))


def test_first_hand_is_dealt_by_the_configured_seat() -> None:
    """BS-DEALER-1: the first hand is dealt by a configurable seat (the room creator)."""
    match = Match(BAOSHAN, first_dealer=2)
    assert (match.dealer, match.hands_played, match.scores, match.results) == (2, 0, (0,) * 4, ())
    state = match.new_hand(seed=7)
    assert (state.dealer, state.current, state.phase) == (2, 2, Phase.TURN)
    assert len(state.seats[2].concealed) == 14
    assert Match(BAOSHAN).dealer == 0


def test_dealer_rotates_to_each_winner() -> None:
    """BS-DEALER-1: after the first hand the winner of the last hand deals — a winner on a
    discard, a dealer who wins (he stays), a self-drawing seat."""
    match = Match(BAOSHAN)

    state = match.new_hand(wall=DISCARD_WIN)
    state = play(BAOSHAN, state, Discard(0, T("5p")))
    assert BAOSHAN.to_act(state) == {1}  # only the seat with a claim is asked (FLOW-2)
    state = play(BAOSHAN, state, Hu(1))
    result = result_of(state)
    assert (result.winners, result.deltas, result.next_dealer) == ((1,), (-1, 1, 0, 0), 1)
    match = match.record(state)
    assert (match.hands_played, match.dealer, match.scores) == (1, 1, (-1, 1, 0, 0))

    state = match.new_hand(wall=DEALT_WIN_1)
    assert state.dealer == 1
    state = play(BAOSHAN, state, Hu(1))
    result = result_of(state)
    assert result.breakdown(1).keys == ("men_qing",)
    assert (result.deltas, result.next_dealer) == ((-2, 6, -2, -2), 1)
    match = match.record(state)
    assert (match.dealer, match.scores) == (1, (-3, 7, -2, -2))

    state = match.new_hand(wall=SELF_DRAW_3)
    state = play(BAOSHAN, state, Discard(1, T("9s")), Discard(2, T("9p")))
    assert (state.current, state.seats[3].drawn) == (3, T("5p"))
    state = play(BAOSHAN, state, Hu(3))
    result = result_of(state)
    assert (result.deltas, result.next_dealer) == ((-2, -2, -2, 6), 3)
    match = match.record(state)
    assert (match.hands_played, match.dealer, match.scores) == (3, 3, (-5, 5, -4, 4))
    assert sum(match.scores) == 0
    assert [r.next_dealer for r in match.results] == [1, 1, 3]


@pytest.mark.parametrize("order", [(2, 3), (3, 2)])
def test_several_winners_on_one_discard_make_the_discarder_deal(order: tuple[int, int]) -> None:
    """BS-DEALER-3 一炮多响: when several seats win on one discard, the discarder deals next
    (here seat 1, neither the dealer nor a winner); the answers' order does not matter."""
    match = Match(BAOSHAN)
    state = match.new_hand(wall=DOUBLE_WIN)
    state = play(BAOSHAN, state, Discard(0, T("9s")), Discard(1, T("5p")))
    assert BAOSHAN.to_act(state) == {2, 3}
    state = play(BAOSHAN, state, *(Hu(seat) for seat in order))
    result = result_of(state)
    assert result.winners == (2, 3)
    assert all(w.from_seat == 1 for w in result.wins)
    assert (result.deltas, result.next_dealer) == ((0, -2, 1, 1), 1)
    match = match.record(state)
    assert (match.dealer, match.scores) == (1, (0, -2, 1, 1))


def test_draw_game_keeps_the_dealer() -> None:
    """BS-DEALER-2: at 流局 the dealer stays (nobody ready: 查叫 moves nothing)."""
    match = Match(BAOSHAN, first_dealer=2)
    state = play_out(BAOSHAN, match.new_hand(wall=wall(turned(NOBODY_READY_HANDS, 2), dealer=2)))
    result = result_of(state)
    assert result.exhausted and result.wins == ()
    assert result.ready == {0: False, 1: False, 2: False, 3: False}
    assert (result.payments, result.next_dealer) == ((), 2)
    match = match.record(state)
    assert (match.hands_played, match.dealer, match.scores) == (1, 2, (0, 0, 0, 0))


def test_cha_jiao_other_outcomes_keep_the_dealer() -> None:
    """BS-DEALER-2 / BS-DEALER-4: a 查叫 with two un-ready seats is no 1赔3: the dealer stays.
    Each un-ready seat pays each ready seat its 查大叫 score (门清 1 fan: 2 points)."""
    match = Match(BAOSHAN)
    state = play_out(BAOSHAN, match.new_hand(wall=TWO_PAY_TWO))
    result = result_of(state)
    assert result.ready == {0: True, 1: True, 2: False, 3: False}
    assert sorted((p.payer, p.payee, p.amount) for p in result.payments) == [
        (2, 0, 2),
        (2, 1, 2),
        (3, 0, 2),
        (3, 1, 2),
    ]
    assert (result.deltas, result.next_dealer) == ((4, 4, -4, -4), 0)
    assert match.record(state).dealer == 0


def test_cha_jiao_one_pays_three_makes_that_seat_deal() -> None:
    """BS-DEALER-4: 查叫 at 流局 with four players where exactly one un-ready seat pays the
    three ready seats (1赔3): that seat deals next."""
    match = Match(BAOSHAN)
    state = play_out(BAOSHAN, match.new_hand(wall=ONE_PAYS_THREE))
    result = result_of(state)
    assert result.exhausted
    assert result.ready == {0: True, 1: True, 2: False, 3: True}
    assert [(p.payer, p.payee, p.amount, p.reason) for p in result.payments] == [
        (2, 0, 2, PaymentReason.CHA_JIAO),
        (2, 1, 2, PaymentReason.CHA_JIAO),
        (2, 3, 2, PaymentReason.CHA_JIAO),
    ]
    assert (result.deltas, result.next_dealer) == ((2, 2, -6, 2), 2)
    match = match.record(state)
    assert (match.dealer, match.scores) == (2, (2, 2, -6, 2))


def test_cha_jiao_one_pays_two_with_three_players() -> None:
    """BS-DEALER-4: with three players, 1赔2 makes the checked seat deal next."""
    rules = get_variant("baoshan", players=3)
    hands = {0: "123m456m789m123p8s9s", 1: "888s111s258m369p1p", 2: "123m456m789m456p1s"}
    match = Match(rules)
    state = play_out(rules, match.new_hand(wall=wall(hands)))
    result = result_of(state)
    assert result.ready == {0: True, 1: False, 2: True}
    assert (result.deltas, result.next_dealer) == ((2, -4, 2), 1)
    assert match.record(state).dealer == 1


def test_cha_jiao_with_two_players_the_checked_seat_deals() -> None:
    """BS-DEALER-4: with two players, the checked (paying) seat deals next."""
    rules = get_variant("baoshan", players=2)
    match = Match(rules)
    hands = {0: "123m456m789m123p8s9s", 1: "888s258m369p147s2m"}
    state = play_out(rules, match.new_hand(wall=wall(hands)))
    result = result_of(state)
    assert result.ready == {0: True, 1: False}
    assert (result.deltas, result.next_dealer) == ((2, -2), 1)
    match = match.record(state)
    assert (match.dealer, match.scores) == (1, (2, -2))


def test_a_match_of_four_hands() -> None:
    """BS-DEALER-1 to BS-DEALER-4 in one match: 一炮多响 (the discarder deals), 流局 with nobody
    ready (the dealer stays), 查叫 1赔3 (the checked seat deals), a win on a discard (the winner
    deals); the scores add up the hands' deltas and sum to zero."""
    match = Match(BAOSHAN)
    state = play(BAOSHAN, match.new_hand(wall=DOUBLE_WIN), Discard(0, T("9s")), Discard(1, T("5p")))
    match = match.record(play(BAOSHAN, state, Hu(3), Hu(2)))
    assert (match.dealer, match.scores) == (1, (0, -2, 1, 1))

    state = play_out(BAOSHAN, match.new_hand(wall=wall(turned(NOBODY_READY_HANDS, 1), dealer=1)))
    match = match.record(state)
    assert (match.dealer, match.scores) == (1, (0, -2, 1, 1))

    state = play_out(BAOSHAN, match.new_hand(wall=wall(turned(ONE_PAYS_THREE_HANDS, 1), dealer=1)))
    assert result_of(state).deltas == (2, 2, 2, -6)
    match = match.record(state)
    assert (match.dealer, match.scores) == (3, (2, 0, 3, -5))

    state = match.new_hand(wall=wall(turned(DISCARD_WIN_HANDS, 3), dealer=3))
    match = match.record(play(BAOSHAN, state, Discard(3, T("5p")), Hu(0)))
    assert (match.hands_played, match.dealer, match.scores) == (4, 0, (3, 0, 3, -6))
    assert sum(match.scores) == 0
    assert [r.next_dealer for r in match.results] == [1, 1, 3, 0]


def test_record_refuses_a_hand_still_in_play() -> None:
    """A hand is recorded once it has ended; the match is unchanged otherwise."""
    match = Match(BAOSHAN)
    state = match.new_hand(wall=DISCARD_WIN)
    with pytest.raises(IllegalActionError, match="has not ended"):
        match.record(state)
    state = play(BAOSHAN, state, Discard(0, T("5p")))
    with pytest.raises(IllegalActionError, match=r"has not ended \(phase claim\)"):
        match.record(state)
    assert match.hands_played == 0


def test_record_refuses_a_hand_of_another_room_or_dealer() -> None:
    """record() takes only this match's next hand: same options, the right dealer, and not the
    hand recorded last."""
    match = Match(BAOSHAN)
    won = play(BAOSHAN, match.new_hand(wall=DISCARD_WIN), Discard(0, T("5p")), Hu(1))
    other_room = get_variant("baoshan", pian_gang=True)
    elsewhere = play(other_room, other_room.new_hand(wall=DISCARD_WIN), Discard(0, T("5p")), Hu(1))
    with pytest.raises(IllegalActionError, match="other options"):
        match.record(elsewhere)
    match = match.record(won)
    with pytest.raises(IllegalActionError, match="already recorded"):
        match.record(won)
    with pytest.raises(IllegalActionError, match=r"dealt by seat 0, but hand 2 .* by seat 1"):
        match.record(play(BAOSHAN, BAOSHAN.new_hand(wall=DEALT_WIN_0), Hu(0)))
    with pytest.raises(IllegalActionError, match="final State"):
        match.record("not a state")  # type: ignore[arg-type]
    assert match.hands_played == 1


def test_match_arguments_are_checked() -> None:
    with pytest.raises(OptionsError, match=r"first_dealer must be a seat 0\.\.2"):
        Match(get_variant("baoshan", players=3), first_dealer=3)
    with pytest.raises(
        OptionsError, match=r"answers\[0\]: BuyPoints\(seat=0, points=1\) is not an"
    ):
        Match(BAOSHAN, answers=bought((1, 0, 0, 0)))  # BS-BUY-1: this room buys none
    with pytest.raises(OptionsError, match=r"answers\[0\]: BuyPoints\(seat=0, points=2\) is not"):
        Match(get_variant("baoshan", buy_points="dead_1"), answers=bought((2, 0, 0, 0)))
    with pytest.raises(OptionsError, match=r"answers\[1\] is not an action of a seat 0\.\.3"):
        Match(BAOSHAN, answers=(Hu(0), "0 buy 1"))  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="rules of a room"):
        Match("baoshan")  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="needs the answers of its first hand"):
        Match(BAOSHAN, results=Match(BAOSHAN).record(_dealt_win_0()).results)


def _dealt_win_0() -> State:
    return play(BAOSHAN, BAOSHAN.new_hand(wall=DEALT_WIN_0), Hu(0))


def test_match_is_a_value() -> None:
    """Matches are frozen values: equal when their rooms, dealers, points and results are."""
    a = Match(get_variant("baoshan", players=3), first_dealer=1)
    b = Match(get_variant("baoshan", players=3), first_dealer=1)
    assert a == b and hash(a) == hash(b)
    assert a != Match(get_variant("baoshan", players=3), first_dealer=2)
    assert a != Match(get_variant("baoshan", players=4), first_dealer=1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.first_dealer = 0  # type: ignore[misc]
    played = Match(BAOSHAN).record(_dealt_win_0())
    assert repr(played) == (
        "Match(get_variant('baoshan'), first_dealer=0, answers=(), "
        "hands_played=1, dealer=0, scores=(6, -2, -2, -2))"
    )
    assert Match(BAOSHAN, answers=played.answers, results=played.results) == played


# ---------------------------------------------------------------------- 买点 (BS-BUY-1)


def _buy(rules: Rules, state: State, points: Mapping[int, int]) -> State:
    # answered in a scrambled order: the choices are kept by seat
    for seat in sorted(points, key=lambda s: (s * 3) % 4):
        state = rules.apply(state, BuyPoints(seat, points[seat]))
    return state


@pytest.mark.parametrize(
    ("mode", "first_amount", "second_deltas"),
    [
        # 死点: (winner's + payer's points) + pattern score
        ("dead_2", 4, (-5, 12, -3, -4)),
        # 活点: (winner's + payer's points + 1) x pattern score
        ("live", 4, (-8, 18, -4, -6)),
    ],
)
def test_points_bought_in_the_first_hand_are_kept(
    mode: str, first_amount: int, second_deltas: tuple[int, ...]
) -> None:
    """BS-BUY-1: in the first hand each seat buys 0..2 points before the deal (BS-DEAL-1);
    the choice holds for every later hand and feeds the payments (BS-PAY-2)."""
    rules = get_variant("baoshan", buy_points=mode)
    match = Match(rules)
    assert points_of(match.answers) is None
    state = match.new_hand(wall=DISCARD_WIN)
    assert state.phase is Phase.CHOOSING
    assert rules.to_act(state) == {0, 1, 2, 3}
    assert rules.legal_actions(state, 2) == (BuyPoints(2, 0), BuyPoints(2, 1), BuyPoints(2, 2))
    state = _buy(rules, state, {0: 2, 1: 1, 2: 0, 3: 1})
    assert state.phase is Phase.TURN
    assert [s.variant.points for s in state.seats] == [2, 1, 0, 1]

    # hand 1: seat 1 wins 平胡 (1 point) on dealer 0's discard
    state = play(rules, state, Discard(0, T("5p")), Hu(1))
    assert [p.amount for p in result_of(state).payments] == [first_amount]
    match = match.record(state)
    assert (points_of(match.answers), match.dealer) == ((2, 1, 0, 1), 1)

    # hand 2: no buying; dealer 1 wins 门清 (2 points) on his dealt 14
    state = match.new_hand(wall=DEALT_WIN_1)
    assert state.phase is Phase.TURN
    assert [s.variant.points for s in state.seats] == [2, 1, 0, 1]
    state = play(rules, state, Hu(1))
    assert result_of(state).deltas == second_deltas
    match = match.record(state)
    assert points_of(match.answers) == (2, 1, 0, 1)
    assert match.scores == tuple(
        a + b for a, b in zip((-first_amount, first_amount, 0, 0), second_deltas, strict=True)
    )
    assert sum(match.scores) == 0


def test_bought_points_feed_cha_jiao_in_a_later_hand() -> None:
    """BS-BUY-1 and BS-CHAJIAO-2: the points bought in hand 1 feed hand 2's 查叫 (死点:
    both seats' points + the 查大叫 score), and 1赔3 makes the checked seat deal (BS-DEALER-4)."""
    rules = get_variant("baoshan", buy_points="dead_2")
    match = Match(rules)
    state = _buy(rules, match.new_hand(wall=DEALT_WIN_0), {0: 2, 1: 1, 2: 0, 3: 1})
    state = play(rules, state, Hu(0))  # 门清 2 points; each payer: (2 + his points) + 2
    assert result_of(state).deltas == (14, -5, -4, -5)
    match = match.record(state)
    assert (match.dealer, points_of(match.answers)) == (0, (2, 1, 0, 1))

    state = play_out(rules, match.new_hand(wall=ONE_PAYS_THREE))
    result = result_of(state)
    assert [(p.payer, p.payee, p.amount) for p in result.payments] == [
        (2, 0, 2 + 0 + 2),
        (2, 1, 1 + 0 + 2),
        (2, 3, 1 + 0 + 2),
    ]
    match = match.record(state)
    assert (match.dealer, match.scores) == (2, (18, -2, -14, -2))


def test_points_given_up_front_skip_the_buying_phase() -> None:
    """BS-BUY-1: a server that collected the points itself passes them to the match."""
    rules = get_variant("baoshan", buy_points="dead_1")
    match = Match(rules, answers=bought((1, 0, 1, 0)))
    state = match.new_hand(wall=DISCARD_WIN)
    assert state.phase is Phase.TURN
    state = play(rules, state, Discard(0, T("5p")), Hu(1))
    assert [p.amount for p in result_of(state).payments] == [1 + 0 + 1]
    assert points_of(match.record(state).answers) == (1, 0, 1, 0)


def test_record_refuses_a_hand_with_other_points() -> None:
    """BS-BUY-1: the points of the first hand hold until the match ends."""
    rules = get_variant("baoshan", buy_points="live")
    match = Match(rules)
    state = _buy(rules, match.new_hand(wall=DISCARD_WIN), {0: 2, 1: 1, 2: 0, 3: 1})
    match = match.record(play(rules, state, Discard(0, T("5p")), Hu(1)))
    rebought = rules.new_hand(wall=DEALT_WIN_1, dealer=1, answers=bought((0, 0, 0, 0)))
    with pytest.raises(
        IllegalActionError, match=r"played with the answers \(BuyPoints\(seat=0, points=0\)"
    ):
        match.record(play(rules, rebought, Hu(1)))


# ---------------------------------------------------------------------- seeded random matches


def _bot(rules: Rules, state: State, seat: int, rng: random.Random) -> Action:
    """A plausible player: usually wins when it can (sometimes declines, to exercise 过手胡),
    discards towards a ready hand, claims now and then, buys random points."""
    actions = rules.legal_actions(state, seat)
    wins = [a for a in actions if isinstance(a, Hu)]
    if wins and rng.random() < 0.85:
        return wins[0]
    if state.phase is Phase.CHOOSING:
        return rng.choice(actions)
    if state.phase is Phase.TURN:
        kongs = [a for a in actions if isinstance(a, Gang)]
        if kongs and rng.random() < 0.7:
            return rng.choice(kongs)
        discards = [a for a in actions if isinstance(a, Discard)]
        concealed = state.seats[seat].concealed
        after = {a: shanten(concealed.remove(a.tile), honors=rules.honors) for a in discards}
        best = min(after.values())
        return rng.choice([a for a in discards if after[a] == best])
    claims = [a for a in actions if isinstance(a, (Peng, Gang))]
    if claims and rng.random() < 0.5:
        return rng.choice(claims)
    return Pass(seat)


def _expected_next_dealer(rules: Rules, dealer: int, result: HandResult) -> int:
    """BS-DEALER-1 to BS-DEALER-4 read off a hand's result."""
    if len(result.wins) == 1:
        return result.wins[0].seat  # BS-DEALER-1
    if result.wins:
        discarders = {w.from_seat for w in result.wins}
        assert len(discarders) == 1 and None not in discarders
        return discarders.pop()  # type: ignore[return-value]  # BS-DEALER-3
    assert result.exhausted
    unready = [seat for seat, ready in result.ready.items() if not ready]
    if getattr(rules.options, "cha_jiao", "off") != "off" and len(unready) == 1:
        return unready[0]  # BS-DEALER-4
    return dealer  # BS-DEALER-2


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 3, "buy_points": "live"},
        {"players": 2, "buy_points": "dead_2", "cha_jiao": "one"},
        {"honors": True, "buy_points": "dead_1", "pian_gang": True, "fan_cap": None},
        {"cha_jiao": "off", "kong_payments_on_draw": "stand"},
    ],
    ids=["default", "3p-live", "2p-dead2", "honors", "no-cha-jiao"],
)
def test_random_matches_follow_the_dealer_and_buying_rules(options: dict[str, Any]) -> None:
    """BS-DEALER-1 to BS-DEALER-4 and BS-BUY-1 over seeded random matches: each hand is dealt
    by the seat the last result named, the points bought in hand 1 hold in every later hand,
    and the scores are the sum of the hands' deltas and sum to zero."""
    rules = get_variant("baoshan", **options)
    match = Match(rules, first_dealer=rules.players - 1)
    rng = random.Random(repr(sorted(options.items())))
    for hand in range(12):
        state = match.new_hand(seed=f"{sorted(options.items())}-{hand}")
        assert state.dealer == match.dealer
        if hand:
            assert state.phase is Phase.TURN
            points = tuple(s.variant.points for s in state.seats)
            assert points == (points_of(match.answers) or (0,) * rules.players)
        while rules.result(state) is None:
            seat = min(rules.to_act(state))
            state = rules.apply(state, _bot(rules, state, seat, rng))
        result = result_of(state)
        assert sum(result.deltas) == 0
        expected = _expected_next_dealer(rules, match.dealer, result)
        before = match
        match = match.record(state)
        assert result.next_dealer == expected == match.dealer
        assert match.hands_played == before.hands_played + 1
        assert match.results[-1] is result
        assert match.scores == tuple(
            a + b for a, b in zip(before.scores, result.deltas, strict=True)
        )
        assert sum(match.scores) == 0
        if getattr(rules, "buy_cap", 0):
            assert points_of(match.answers) == tuple(s.variant.points for s in state.seats)
        else:
            assert match.answers == ()  # BS-BUY-1: a room that buys none asks nothing


# ---------------------------------------------------------------------- docs/baoshan.rst


def _rst_literal(value: object) -> str:
    return f"``{value!r}``"


def test_baoshan_page_lists_every_option_with_its_default() -> None:
    """docs/baoshan.rst keeps its options table in step with BaoshanOptions: each option's row
    gives its name and then its default."""
    text = (DOCS / "baoshan.rst").read_text(encoding="utf-8")
    for name, default, _doc in BaoshanOptions.describe():
        row = re.search(rf"^   \* - ``{name}``\n     - (.*)$", text, re.MULTILINE)
        assert row is not None, f"option {name!r} has no row in docs/baoshan.rst"
        shown = "``{}``" if name == "fan" else _rst_literal(default)
        assert row.group(1) == shown, name


def test_baoshan_page_lists_every_pattern_with_its_default_fan() -> None:
    """docs/baoshan.rst lists every pattern: key, 中文, pinyin, default fan."""
    text = (DOCS / "baoshan.rst").read_text(encoding="utf-8")
    every = baoshan_patterns(
        BaoshanOptions(honors=True, yi_tiao_long=True, si_gui_yi=True, bao_ting=True)
    )
    assert [p.key for p in every] == list(DEFAULT_FANS)
    for pattern in every:
        row = (
            f"   * - ``{pattern.key}``\n     - {pattern.name_zh}\n     - {pattern.pinyin}\n"
            f"     - {DEFAULT_FANS[pattern.key]}\n"
        )
        assert row in text, pattern.key
