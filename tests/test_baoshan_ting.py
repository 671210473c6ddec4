"""保山麻将 来门报听 (bàotīng): the declaration, its lock and what it declines (BS-TING-1..5).

Every position is scripted from an explicit wall (:mod:`scripting`) and checked for its exact
legal actions, breakdown and payments. ``Q`` and ``Q2`` are quiet hands (no pair, no claim).
"""

from __future__ import annotations

import pytest

from mahjong_rules import (
    Discard,
    Gang,
    Hu,
    MeldKind,
    OptionsError,
    Pass,
    Payment,
    PaymentReason,
    Phase,
    State,
    TileCounts,
    get_variant,
)
from mahjong_rules.engine.events import Drew
from mahjong_rules.variants.baoshan import Ting
from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.base import Rules
from scripting import Q2, Q, T, new, play

KONG, WIN = PaymentReason.KONG, PaymentReason.WIN
AN = MeldKind.AN_GANG
TING = get_variant("baoshan", bao_ting=True)
WAITS = get_variant("baoshan", bao_ting=True, bao_ting_kong="waits")


def drew(state: State, seat: int) -> bool:
    """The transition ended with ``seat`` drawing (no claim window opened)."""
    last = state.events[-1]
    return isinstance(last, Drew) and last.seat == seat and state.phase is Phase.TURN


# ------------------------------------------------------------------ BS-TING-4


# Seat 1's dealt 13 wait on 1p and 4p (it holds 111m and 33s).
WAITING = {0: Q + "9m", 1: "111m456m789m23p33s", 2: Q, 3: Q}


@pytest.mark.parametrize("rules", [TING, WAITS], ids=["drawn", "waits"])
def test_bs_ting4_declaring_on_a_winning_first_draw_declines_the_win(rules: Rules) -> None:
    """BS-TING-4: seat 1's first draw (1p) completes its hand; it declares instead of winning
    and discards the 1p. That declines the win: 过手胡 (BS-PASSHU-1) follows, so when its 下家
    seat 2 discards the other waiting tile 4p, seat 1 is not asked, and seat 3 draws."""
    state = play(rules, new(WAITING, draws="1p9s", rules=rules), "0:D9m")
    assert rules.legal_actions(state, 1)[:2] == (Hu(1), Ting(1))
    state = play(rules, state, "1:T")
    assert rules.legal_actions(state, 1) == (Discard(1, T("1p")),)
    state = play(rules, state, "1:D1p")
    assert state.seats[1].pass_hu
    state = play(rules, state, "2:D4p")
    assert drew(state, 3)  # no window: seat 1 may not win on 4p


def test_bs_ting4_the_block_lifts_with_the_declared_seats_next_draw() -> None:
    """BS-TING-4 with BS-PASSHU-1: the block lasts until seat 1's next own draw; on the draw
    after it (9s, discarded) a 4p discard by seat 2 is won on again."""
    state = play(TING, new(WAITING, draws="1p6s6s6s9s4p", rules=TING), "0:D9m 1:T 1:D1p")
    state = play(TING, state, "2:D6s 3:D6s 0:D6s")
    assert not state.seats[1].pass_hu  # its draw of 9s lifted the block
    state = play(TING, state, "1:D9s 2:D4p")
    assert TING.legal_actions(state, 1) == (Hu(1), Pass(1))
    result = TING.result(play(TING, state, "1:H"))
    assert result is not None and result.winners == (1,)
    assert sorted(result.breakdown(1).keys) == ["lai_men_bao_ting"]
    assert result.payments == (Payment(2, 1, 2, WIN),)


def test_bs_ting4_a_plain_discard_of_a_winning_first_draw_blocks_too() -> None:
    """BS-PASSHU-1 (the case BS-TING-4 matches): not declaring and discarding the winning 1p
    blocks seat 1 from the 4p just the same."""
    state = play(TING, new(WAITING, draws="1p9s", rules=TING), "0:D9m 1:D1p")
    assert state.seats[1].pass_hu
    state = play(TING, state, "2:D4p")
    assert drew(state, 3)


DEALT_WIN = {0: "123m456m789m33p666s", 1: Q2, 2: Q, 3: Q}


def test_bs_ting4_a_dealer_declaring_on_a_complete_dealt_14_declines_it() -> None:
    """BS-TING-4: the dealer's dealt 14 win; he declares instead (any of his tiles leaves him
    ready) and discards 6s (ready on 3p and 6s). Seat 1 then discards 3p: the dealer is not
    asked (过手胡), seat 2 draws."""
    state = new(DEALT_WIN, draws="9p", rules=TING)
    assert TING.legal_actions(state, 0)[:2] == (Hu(0), Ting(0))
    state = play(TING, state, "0:T")
    held = TileCounts(DEALT_WIN[0]).distinct()
    assert TING.legal_actions(state, 0) == tuple(Discard(0, t) for t in held)
    state = play(TING, state, "0:D6s")
    assert state.seats[0].pass_hu
    state = play(TING, state, "1:D3p")
    assert drew(state, 2)


def test_bs_ting4_no_block_when_the_room_forbids_the_dealt_win() -> None:
    """BS-TING-4 with BS-END-1's option: where the dealer may not win on his dealt 14 there was
    no win to decline, so his declaration blocks nothing and he wins on seat 1's 3p."""
    rules = get_variant("baoshan", bao_ting=True, dealer_dealt_win=False)
    state = new(DEALT_WIN, draws="9p", rules=rules)
    assert rules.legal_actions(state, 0)[0] == Ting(0)
    state = play(rules, state, "0:T 0:D6s")
    assert not state.seats[0].pass_hu
    state = play(rules, state, "1:D3p")
    assert rules.legal_actions(state, 0) == (Hu(0), Pass(0))
    result = rules.result(play(rules, state, "0:H"))
    assert result is not None and result.winners == (0,)
    assert result.payments == (Payment(1, 0, 2, WIN),)


# ------------------------------------------------------------------ BS-TING-3


KONG_DEALER = {0: "111123m567p789s5s9p", 1: Q, 2: Q, 3: Q}


@pytest.mark.parametrize("rules", [TING, WAITS], ids=["drawn", "waits"])
def test_bs_ting3_no_kong_that_breaks_the_waits_in_the_declaring_turn(rules: Rules) -> None:
    """BS-TING-3: the dealer holds 1111m 23m 567p 789s 5s 9p and may kong 1m or declare. Once
    declared (ready on 5s when 9p goes, or on 9p when 5s goes), no 暗杠 of 1m is offered: it
    would leave 23m 567p 789s 5s 9p, which waits on nothing. He may only discard 9p or 5s."""
    state = new(KONG_DEALER, rules=rules)
    assert Gang(0, T("1m"), AN) in rules.legal_actions(state, 0)
    assert Ting(0) in rules.legal_actions(state, 0)
    state = play(rules, state, "0:T")
    assert rules.legal_actions(state, 0) == (Discard(0, T("9p")), Discard(0, T("5s")))


def test_bs_ting3_a_dealer_kong_after_declaring_under_waits_keeps_a_declared_wait() -> None:
    """BS-TING-3, ``bao_ting_kong="waits"``: the dealer holds 1111m 234m 567p 789s 5s. After
    declaring, the kong of 1m leaves 234m 567p 789s 5s, waiting on 5s exactly as the declaring
    discard of 1m or 4m would: it is offered (beside the discards of 1m, 4m, 5s that leave him
    ready). Under ``"drawn"`` (no tile drawn yet) it is not."""
    hands = {0: "1111234m567p789s5s", 1: Q, 2: Q, 3: Q}
    state = play(WAITS, new(hands, rules=WAITS), "0:T")
    ready = (Discard(0, T("1m")), Discard(0, T("4m")), Discard(0, T("5s")))
    assert WAITS.legal_actions(state, 0) == (Gang(0, T("1m"), AN), *ready)
    state = play(TING, new(hands, rules=TING), "0:T")
    assert TING.legal_actions(state, 0) == ready


# A non-dealer dealt 1111m 23m 567p 789s 5s: ready on 5s.
FOUR_DEALT = {0: Q + "9m", 1: "111123m567p789s5s", 2: Q, 3: Q}


def _declared_then_draws_4m(rules: Rules) -> State:
    state = new(FOUR_DEALT, draws="6m3p3p6s4m", rules=rules)
    state = play(rules, state, "0:D9m")
    assert rules.legal_actions(state, 1)[:2] == (Gang(1, T("1m"), AN), Ting(1))
    state = play(rules, state, "1:T 1:D6m 2:D3p 3:D3p 0:D6s")
    assert state.seats[1].drawn == T("4m")
    return state


def test_bs_ting3_drawn_no_kong_of_four_dealt_tiles() -> None:
    """BS-TING-3, ``bao_ting_kong="drawn"`` (default): declared with 1111m 23m 567p 789s 5s, seat
    1 draws 4m. A 暗杠 of the dealt 1m would keep the 4m in the locked hand ("报听后不能换手牌"),
    so it is not offered: seat 1 discards the 4m."""
    assert BaoshanOptions().bao_ting_kong == "drawn"
    state = _declared_then_draws_4m(TING)
    assert TING.legal_actions(state, 1) == (Discard(1, T("4m")),)


def test_bs_ting3_waits_any_kong_that_keeps_the_waits() -> None:
    """BS-TING-3, ``bao_ting_kong="waits"``: the same 暗杠 of 1m is offered, since 234m 567p 789s
    5s still waits on 5s alone; after it only the replacement may be discarded."""
    state = _declared_then_draws_4m(WAITS)
    assert WAITS.legal_actions(state, 1) == (Gang(1, T("1m"), AN), Discard(1, T("4m")))


def test_bs_ting3_bao_ting_kong_is_a_validated_option() -> None:
    """BS-TING-3: ``bao_ting_kong`` takes "drawn" or "waits" only."""
    expected = "option 'bao_ting_kong' must be one of 'drawn', 'waits'"
    with pytest.raises(OptionsError, match=expected):
        get_variant("baoshan", bao_ting_kong="any")


# ------------------------------------------------------------------ BS-TING-5


KONG_WIN = {0: Q + "3m", 1: "111m99m456p23s789s", 2: Q, 3: Q}


@pytest.mark.parametrize("rules", [TING, WAITS], ids=["drawn", "waits"])
def test_bs_ting5_flower_on_the_kong_after_declaring(rules: Rules) -> None:
    """BS-TING-5: seat 1 (111m 99m 456p 23s 789s, ready on 1s and 4s) draws 1m, declares and
    makes the allowed 暗杠 of 1m (the waits stay 1s, 4s). Its replacement 4s completes the
    hand: Hu is offered, scored 来门报听 + 杠上花 (+ 门清), paid by every other seat, besides
    the kong's 2 from each."""
    state = new(KONG_WIN, draws="1m", replacements="4s", rules=rules)
    state = play(rules, state, "0:D3m 1:T")
    assert rules.legal_actions(state, 1) == (Gang(1, T("1m"), AN), Discard(1, T("1m")))
    state = play(rules, state, "1:A1m")
    assert rules.legal_actions(state, 1) == (Hu(1), Discard(1, T("4s")))
    result = rules.result(play(rules, state, "1:H"))
    assert result is not None and result.winners == (1,)
    breakdown = result.breakdown(1)
    assert sorted(breakdown.keys) == ["gang_shang_hua", "lai_men_bao_ting", "men_qing"]
    assert (breakdown.fan, breakdown.points) == (3, 8)
    assert result.payments == (
        Payment(0, 1, 2, KONG, 1),
        Payment(2, 1, 2, KONG, 1),
        Payment(3, 1, 2, KONG, 1),
        Payment(0, 1, 8, WIN),
        Payment(2, 1, 8, WIN),
        Payment(3, 1, 8, WIN),
    )
    assert result.deltas == (-10, 30, -10, -10)


# ------------------------------------------------------------------ BS-TING-3 on every path


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("buy", ["none", "dead_2", "live"])
def test_bs_ting3_the_lock_holds_from_the_declaration_on(players: int, buy: str) -> None:
    """BS-TING-1..3 on every path (dealer and non-dealer; 2, 3 and 4 players; with 买点): from
    the declaration on, in the declaring turn too, a declared seat may discard only what keeps
    it ready (the dealer's declaring discard) or the tile it drew, is never asked to peng, and
    wins with 来门报听; the win is paid with the 买点 formula (BS-PAY-2)."""
    rules = get_variant("baoshan", bao_ting=True, players=players, buy_points=buy)
    points = [2, 1, 0, 1][:players] if buy != "none" else None
    hands = {0: "123m456m789m33p579s", 1: "111m456m789m23p33s", 2: Q, 3: Q}
    hands = {s: h for s, h in hands.items() if s < players}
    # seat 1 draws 6p (declares, discards it); each other seat draws 3s, which seat 1 holds a
    # pair of but may not peng; the dealer draws 1s; seat 1 3m; the others 9p; the dealer 1s
    others = players - 2
    draws = "6p" + "3s" * others + "1s" + "3m" + "9p" * others + "1s" + "4p"
    state = new(hands, draws=draws, rules=rules, buy_points=points)
    assert rules.legal_actions(state, 0)[0] == Ting(0)
    state = play(rules, state, "0:T")
    assert rules.legal_actions(state, 0) == (Discard(0, T("5s")), Discard(0, T("9s")))
    state = play(rules, state, "0:D9s")
    assert rules.legal_actions(state, 1)[0] == Ting(1)
    state = play(rules, state, "1:T")
    assert rules.legal_actions(state, 1) == (Discard(1, T("6p")),)
    state = play(rules, state, "1:D6p")
    for seat in range(2, players):
        state = play(rules, state, f"{seat}:D3s")
        assert drew(state, (seat + 1) % players)  # seat 1's 33s is locked: nobody asked
    assert rules.legal_actions(state, 0) == (Discard(0, T("1s")),)  # the dealer's lock
    state = play(rules, state, "0:D1s")
    assert rules.legal_actions(state, 1) == (Discard(1, T("3m")),)
    state = play(rules, state, "1:D3m")
    for seat in range(2, players):
        state = play(rules, state, f"{seat}:D9p")
    assert rules.legal_actions(state, 0) == (Discard(0, T("1s")),)
    state = play(rules, state, "0:D1s")
    assert state.seats[1].drawn == T("4p")
    assert rules.legal_actions(state, 1) == (Hu(1), Discard(1, T("4p")))
    result = rules.result(play(rules, state, "1:H"))
    assert result is not None and result.winners == (1,)
    assert sorted(result.breakdown(1).keys) == ["lai_men_bao_ting", "men_qing"]
    pattern = result.breakdown(1).points
    bought = points or [0] * players
    expected = []
    for payer in range(players):
        if payer == 1:
            continue
        add = bought[1] + bought[payer]
        amount = {"none": pattern, "dead_2": add + pattern, "live": (add + 1) * pattern}[buy]
        expected.append(Payment(payer, 1, amount, WIN))
    assert result.payments == tuple(expected)
