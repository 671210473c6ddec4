"""The hypothesis strategies play through a phase of the variant's own at the end of the hand
(issue 34, section 1): ``played_hands()`` gives hands that are over (``rules.is_over``), and
``states()`` reaches states inside such a phase and after it (FLOW-5)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs
from hypothesis import Phase as Stage
from hypothesis import find, given, settings

from contract_kit import Mini, fresh_registry, options_for, room
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.phases import OwnPhase, When
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.strategies import played_hands, states
from mahjong_rules.strategies.games import PlayedHand

__all__ = ["fresh_registry"]


@attrs.frozen
class ContractCatch(Action):
    """The winner catches its birds (no choice: one answer)."""

    verb: ClassVar[str] = "contract_catch"


class Catching(OwnPhase):
    """At the end, after a win, the winners each answer once; nobody is asked at a 流局."""

    name: ClassVar[str] = "catch"
    when: ClassVar[When] = When.AT_END

    def asks(self, rules: Hooks, state: State) -> Iterable[int]:
        return sorted(w.seat for w in state.wins)

    def actions(self, rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
        return (ContractCatch(seat),)


class Birds(Mini):
    """Mini with a bird catch at the end of a won hand."""

    name = "catch_at_end"
    options_class = options_for("catch_at_end")
    action_types = (ContractCatch,)
    phases: ClassVar[tuple[OwnPhase, ...]] = (Catching(),)


def test_flow5_played_hands_play_through_the_phase_at_the_end(fresh_registry: None) -> None:
    """FLOW-5: every hand ``played_hands()`` gives is over: ENDED, its settlement set, no
    seat to act; won hands went through the catch."""
    rules = room(Birds)
    seen: list[PlayedHand] = []

    @settings(max_examples=12, deadline=None, database=None)
    @given(played_hands(rules))
    def check(hand: PlayedHand) -> None:
        assert rules.is_over(hand.state) and hand.state.phase is Phase.ENDED
        assert hand.result is rules.result(hand.state) and not rules.to_act(hand.state)
        if hand.result.wins:
            assert isinstance(hand.record.actions[-1], ContractCatch)
        seen.append(hand)

    check()
    assert any(h.result.wins for h in seen)


def _yet_to_catch(state: State) -> frozenset[int]:
    """The winners of a state inside the catch that have not answered yet (a hand won by two
    seats on one discard asks both; once one has caught, only the other acts)."""
    return frozenset(w.seat for w in state.wins) - {a.seat for a in state.answers}


def test_flow5_states_reach_inside_and_after_the_phase_at_the_end(fresh_registry: None) -> None:
    """FLOW-5: ``states()`` reaches states inside the catch (its result set, the winners to
    act) and after it (ENDED with a win); ``states(ongoing=True)`` never gives one that is
    over."""
    rules = room(Birds)
    inside: list[State] = []
    after: list[State] = []

    @settings(max_examples=80, deadline=None, database=None)
    @given(states(rules), states(rules, ongoing=True))
    def check(state: State, ongoing: State) -> None:
        assert not rules.is_over(ongoing) and rules.to_act(ongoing)
        if state.stage == "catch":
            assert state.result is not None and not rules.is_over(state)
            assert rules.to_act(state) == _yet_to_catch(state)
            inside.append(state)
        elif rules.is_over(state) and state.wins:
            assert state.phase is Phase.ENDED and rules.result(state) is state.result
            after.append(state)

    check()
    assert after
    # a state inside the catch is one step from the end: look for one (no shrinking)
    search = settings(max_examples=2000, deadline=None, database=None, phases=[Stage.generate])
    state = find(states(rules), lambda s: s.stage == "catch", settings=search)
    assert state.result is not None and not rules.is_over(state)
    assert rules.to_act(state) == _yet_to_catch(state)
