"""The engine's side of a variant's own phases (:mod:`mahjong_rules.engine.phases`): opening
one at its moment, listing its answers, collecting them and going on once it resolves."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Settled
from mahjong_rules.engine.parts import EngineParts
from mahjong_rules.engine.phases import OwnPhase, When, open_phase
from mahjong_rules.engine.state import CHOOSING, ENDED, TURN, State, replace
from mahjong_rules.errors import OptionsError

__all__ = ["Choosing"]


class Choosing(EngineParts):
    """A variant's own phases in the engine (a mixin of
    :class:`~mahjong_rules.variants.base.Rules`)."""

    def _start(self, state: State, answers: Sequence[Action]) -> State:
        """A hand just built: its phases before the deal (given ``answers``, in order, as if
        the seats had answered), then the deal."""
        if not self.phases:
            if answers:
                raise OptionsError(f"answers: {self.name} has no phase before the deal")
            return self._deal(state)
        if isinstance(answers, Action | str) or not isinstance(answers, Sequence):
            raise OptionsError(f"answers must be a sequence of actions, got {answers!r}")
        opened = self._open_phase(state, When.BEFORE_DEAL)
        state = self._deal(state) if opened is None else opened
        for k, answer in enumerate(answers):
            if state.phase is not CHOOSING or not self._asks(state, answer):
                raise OptionsError(
                    f"answers[{k}]: {answer!r} is not an answer the hand asks for now "
                    f"({state.stage or state.phase.value})"
                )
            state = self._answer_phase(state, answer, state.step, fresh=False)
        return self._at_end(state) if state.phase is ENDED else state

    def _asks(self, state: State, answer: object) -> bool:
        """Whether ``answer`` is one the open phase lists for a seat yet to answer."""
        seat = getattr(answer, "seat", None)
        if seat not in state.claimants or any(a.seat == seat for a in state.answers):
            return False
        return answer in self._phase_actions(state, seat)

    def _own_phase(self, state: State) -> OwnPhase:
        """The open phase of a CHOOSING state (its ``stage`` names it)."""
        phase = open_phase(self, state)
        if phase is not None:
            return phase
        raise AssertionError(f"no phase {state.stage!r}")  # pragma: no cover (checked on read)

    def _open_phase(self, state: State, when: When, after: OwnPhase | None = None) -> State | None:
        """``state`` with the first phase of ``when`` (listed after ``after``) that asks any
        seat opened, or ``None`` when none does."""
        phases = self.phases
        start = 0 if after is None else phases.index(after) + 1
        for phase in phases[start:]:
            if phase.when is not when:
                continue
            asked = tuple(sorted(set(phase.asks(self, state))))
            if asked:
                return replace(
                    state, phase=CHOOSING, stage=phase.name, claimants=asked, answers=(), tile=None
                )
        return None

    def _phase_actions(self, state: State, seat: int) -> tuple[Action, ...]:
        return tuple(self._own_phase(state).actions(self, state, seat))

    def _answer_phase(self, state: State, action: Action, step: int, fresh: bool = True) -> State:
        """One seat's answer; with the last one the phase resolves and play goes on. The
        answer starts the transition's events, unless not ``fresh`` (answers given to a new
        hand in advance: their events add up)."""
        phase = self._own_phase(state)
        answers = tuple(sorted((*state.answers, action), key=lambda a: a.seat))
        events = () if fresh else state.events
        state = replace(state, answers=answers, events=events, step=step)
        state = phase.answer(self, state, action)
        if len(answers) < len(state.claimants):
            return state
        return self._after_phase(phase.resolve(self, state), phase)

    def _after_phase(self, state: State, phase: OwnPhase) -> State:
        """Once ``phase`` has resolved: the next phase of its moment, else what follows it."""
        opened = self._open_phase(state, phase.when, phase)
        if opened is not None:
            return opened
        state = replace(state, stage=None, claimants=(), answers=())
        if phase.when is When.BEFORE_DEAL:
            return self._deal(state)
        if phase.when is When.AFTER_DEAL:
            return self._begin_turn(replace(state, phase=TURN, current=state.dealer))
        assert state.result is not None
        return replace(state, phase=ENDED, events=(*state.events, Settled(state.result)))

    def _after_deal_phases(self, state: State) -> State:
        """The hands are dealt: the first phase after the deal, or the dealer's turn."""
        opened = self._open_phase(state, When.AFTER_DEAL) if self.phases else None
        return opened if opened is not None else self._begin_turn(state)

    def _at_end(self, state: State) -> State:
        """The settlement of ``state`` (ENDED) is made: the first phase at the hand's end
        holds the hand open (its ``Settled`` event waits for the phase), or it is over."""
        opened = self._open_phase(state, When.AT_END)
        if opened is None:
            return state
        events = state.events
        if events and isinstance(events[-1], Settled):
            events = events[:-1]
        return replace(opened, events=events)
