"""One winner of several on a discard (截胡, jiéhú) is the variant's choice (issue 34, section
1): ``Hooks.discard_winners``, tested on a hand-built position with two seats winning on one
discard."""

from __future__ import annotations

import pytest

from contract_kit import Mini, fresh_registry, options_for, room
from mahjong_rules import Hu, Payment, PaymentReason, Phase
from mahjong_rules.engine.state import State
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.variants.base import Rules
from scripting import make_wall, play

__all__ = ["fresh_registry"]

HANDS = {
    2: "5p2468m2468p2468s9p",  # the dealer, who throws 5p
    3: "123m456m789m11s46p",  # waits on 5p (first after the dealer)
    0: "123s456s789s22m46p",  # waits on 5p too
    1: "1357m1357p1357s9m",  # neither wins nor pengs
}


class FirstOnly(Mini):
    """截胡: the discard goes to the first winner after the discarder in play order."""

    name = "first_only"
    options_class = options_for("first_only")

    def discard_winners(self, state: State, seats: tuple[int, ...]) -> tuple[int, ...]:
        n, after = state.players, state.current
        return (min(seats, key=lambda s: (s - after) % n),)


class Nobody(Mini):
    """A broken hook: it chooses a seat that did not declare."""

    name = "nobody_wins"
    options_class = options_for("nobody_wins")

    def discard_winners(self, state: State, seats: tuple[int, ...]) -> tuple[int, ...]:
        return (1,)


def _window(rules: Rules) -> State:
    state = rules.new_hand(wall=make_wall(HANDS, dealer=2), dealer=2)
    state = play(rules, state, "2:D5p")
    assert state.phase is Phase.CLAIM and state.claimants == (3, 0)  # in play order
    assert rules.legal_actions(state, 0)[0] == Hu(0)
    assert rules.legal_actions(state, 3)[0] == Hu(3)
    return state


def test_flow_jie_hu_the_first_winner_after_the_discarder_takes_the_discard(
    fresh_registry: None,
) -> None:
    """截胡: seats 0 and 3 both declare a win on the dealer's (seat 2's) 5p; the variant keeps
    seat 3, the first after the discarder (not the lowest seat): one win, one payment."""
    rules = room(FirstOnly)
    state = play(rules, _window(rules), "0:H 3:H")
    result = rules.result(state)
    assert result is not None and state.phase is Phase.ENDED
    assert result.winners == (3,)
    assert result.payments == (Payment(2, 3, 1, PaymentReason.WIN),)
    assert result.deltas == (0, 0, -1, 1)
    assert not state.seats[0].won and not state.seats[0].pass_hu


def test_flow_yi_pao_duo_xiang_by_default_both_win(fresh_registry: None) -> None:
    """一炮多响, the default: both declared winners win, each paid by the discarder."""
    rules = room(Mini)
    state = play(rules, _window(rules), "3:H 0:H")
    result = rules.result(state)
    assert result is not None and result.winners == (0, 3)
    assert result.payments == (
        Payment(2, 0, 1, PaymentReason.WIN),
        Payment(2, 3, 1, PaymentReason.WIN),
    )


def test_flow_a_choice_of_a_seat_that_did_not_declare_is_refused(fresh_registry: None) -> None:
    """A ``discard_winners`` choosing a seat that did not declare a win raises at once."""
    rules = room(Nobody)
    state = play(rules, _window(rules), "0:H")
    with pytest.raises(MahjongRulesError, match=r"Nobody\.discard_winners chose \(1,\)"):
        rules.apply(state, Hu(3))
