"""诈胡 (zhàhú), SC-WIN-3 with ``false_hu="penalty"``: a seat in its turn may declare a hu its
hand does not make (the action ``FalseHu``), pays 8 to each other un-won seat and gives back its
kong money (SC-REFUND-4), and plays on; a false hu is no win, so it never makes the next dealer
(SC-DEALER-2). With the default ``"reject"`` no such action is listed."""

from __future__ import annotations

import pytest

from mahjong_rules import get_variant
from mahjong_rules.bots import GreedyBot
from mahjong_rules.engine.settlement import Payment, PaymentReason
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.errors import IllegalActionError
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.sichuan.false_hu import FalseHu, FalseHuPenalised


def _dealer_turn(rules: Rules, seed: int) -> State:
    """The dealer's first turn, after 定缺 (each seat its phase's default)."""
    state = rules.new_hand(seed=seed)
    while state.phase is Phase.CHOOSING:
        seat = min(rules.to_act(state))
        answer = rules.default_action(state, seat)
        assert answer is not None
        state = rules.apply(state, answer)
    return state


def test_sc_win_3_a_false_hu_pays_8_each_and_the_seat_plays_on() -> None:
    """SC-WIN-3: listed in the turn, 8 from the seat to each other seat, once per draw."""
    rules = get_variant("sichuan", false_hu="penalty")
    state = _dealer_turn(rules, 1)
    dealer = state.current
    assert FalseHu(dealer) in rules.legal_actions(state, dealer)
    after = rules.apply(state, FalseHu(dealer))
    others = [s for s in range(4) if s != dealer]
    assert after.ledger == tuple(Payment(dealer, s, 8, PaymentReason.PENALTY) for s in others)
    assert FalseHuPenalised(dealer) in after.events
    assert after.phase is Phase.TURN and after.current == dealer and not after.wins
    assert FalseHu(dealer) not in rules.legal_actions(after, dealer)  # once per draw
    with pytest.raises(IllegalActionError):
        rules.apply(after, FalseHu(dealer))


def test_sc_win_3_no_false_hu_is_offered_by_default() -> None:
    """SC-WIN-3 ``"reject"``: the default room lists no false hu and refuses one."""
    rules = get_variant("sichuan")
    state = _dealer_turn(rules, 1)
    dealer = state.current
    assert not any(isinstance(a, FalseHu) for a in rules.legal_actions(state, dealer))
    with pytest.raises(IllegalActionError):
        rules.apply(state, FalseHu(dealer))


@pytest.mark.parametrize("seed", range(6))
def test_sc_dealer_2_a_false_hu_never_makes_the_next_dealer(seed: int) -> None:
    """SC-DEALER-2: after the dealer's false hu the hand plays on; the next dealer is the first
    real winner (after 一炮多响 the discarder), or the dealer if nobody won."""
    rules = get_variant("sichuan", false_hu="penalty")
    state = _dealer_turn(rules, seed)
    dealer = state.current
    state = rules.apply(state, FalseHu(dealer))
    bot = GreedyBot()
    first_window = 0  # how many seats won at the hand's first win (一炮多响: 2 or 3)
    while rules.result(state) is None:
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        action = bot.choose(rules.view(state, seat))
        if isinstance(action, FalseHu):  # the bot takes no more false hus
            action = next(a for a in legal if not isinstance(a, FalseHu))
        state = rules.apply(state, action)
        if not first_window:
            first_window = len(state.wins)
    result = rules.result(state)
    assert result is not None
    fined = [Payment(dealer, s, 8, PaymentReason.PENALTY) for s in range(4) if s != dealer]
    assert list(result.payments[:3]) == fined
    if not result.wins:
        assert result.next_dealer == dealer
    elif first_window > 1:
        assert result.next_dealer == result.wins[0].from_seat
    else:
        assert result.next_dealer == result.wins[0].seat
