"""The engine's side of a variant's own phases (:mod:`mahjong_rules.engine.phases`): opening
one at its moment, listing its answers, collecting them and going on once it resolves; and the
hand's start, whose deal (:func:`~mahjong_rules.engine.draws.deal`) sits between the phases
before it and those after it.

Plain functions of the rules object (``rules``, whose hooks and phases they ask) and the
state; of the other transitions they call the deal and the first turn
(:mod:`~mahjong_rules.engine.draws`)."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.draws import begin_turn, deal
from mahjong_rules.engine.events import Settled
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.phases import OwnPhase, When, open_phase
from mahjong_rules.engine.state import CHOOSING, ENDED, TURN, State, replace
from mahjong_rules.errors import OptionsError

__all__ = [
    "after_deal_phases",
    "answer_phase",
    "at_end",
    "own_phase",
    "phase_actions",
    "start",
]


def start(rules: Hooks, state: State, answers: Sequence[Action]) -> State:
    """A hand just built: its phases before the deal (given ``answers``, in order, as if
    the seats had answered), then the deal."""
    if not rules.phases:
        if answers:
            raise OptionsError(f"answers: {rules.name} has no phase before the deal")
        return after_deal_phases(rules, deal(rules, state))
    if isinstance(answers, Action | str) or not isinstance(answers, Sequence):
        raise OptionsError(f"answers must be a sequence of actions, got {answers!r}")
    opened = _open_next(rules, state, When.BEFORE_DEAL)
    state = after_deal_phases(rules, deal(rules, state)) if opened is None else opened
    for k, answer in enumerate(answers):
        if state.phase is not CHOOSING or not _asks(rules, state, answer):
            raise OptionsError(
                f"answers[{k}]: {answer!r} is not an answer the hand asks for now "
                f"({state.stage or state.phase.value})"
            )
        state = answer_phase(rules, state, answer, state.step, fresh=False)
    return at_end(rules, state) if state.phase is ENDED else state


def _asks(rules: Hooks, state: State, answer: object) -> bool:
    """Whether ``answer`` is one the open phase lists for a seat yet to answer."""
    seat = getattr(answer, "seat", None)
    if seat not in state.claimants or any(a.seat == seat for a in state.answers):
        return False
    return answer in phase_actions(rules, state, seat)


def own_phase(rules: Hooks, state: State) -> OwnPhase:
    """The open phase of a CHOOSING state (its ``stage`` names it)."""
    phase = open_phase(rules, state)
    if phase is not None:
        return phase
    raise AssertionError(f"no phase {state.stage!r}")  # pragma: no cover (checked on read)


def _open_next(
    rules: Hooks, state: State, when: When, after: OwnPhase | None = None
) -> State | None:
    """``state`` with the first phase of ``when`` (listed after ``after``) that asks any
    seat opened, or ``None`` when none does."""
    phases = rules.phases
    first = 0 if after is None else phases.index(after) + 1
    for phase in phases[first:]:
        if phase.when is not when:
            continue
        asked = tuple(sorted(set(phase.asks(rules, state))))
        if asked:
            return replace(
                state, phase=CHOOSING, stage=phase.name, claimants=asked, answers=(), tile=None
            )
    return None


def phase_actions(rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
    """``seat``'s legal answers in the open phase (the phase's own list)."""
    return tuple(own_phase(rules, state).actions(rules, state, seat))


def answer_phase(
    rules: Hooks, state: State, action: Action, step: int, fresh: bool = True
) -> State:
    """One seat's answer; with the last one the phase resolves and play goes on. The
    answer starts the transition's events, unless not ``fresh`` (answers given to a new
    hand in advance: their events add up)."""
    phase = own_phase(rules, state)
    answers = tuple(sorted((*state.answers, action), key=lambda a: a.seat))
    events = () if fresh else state.events
    state = replace(state, answers=answers, events=events, step=step)
    state = phase.answer(rules, state, action)
    if len(answers) < len(state.claimants):
        return state
    return _after_phase(rules, phase.resolve(rules, state), phase)


def _after_phase(rules: Hooks, state: State, phase: OwnPhase) -> State:
    """Once ``phase`` has resolved: the next phase of its moment, else what follows it."""
    opened = _open_next(rules, state, phase.when, phase)
    if opened is not None:
        return opened
    state = replace(state, stage=None, claimants=(), answers=())
    if phase.when is When.BEFORE_DEAL:
        return after_deal_phases(rules, deal(rules, state))
    if phase.when is When.AFTER_DEAL:
        return begin_turn(rules, replace(state, phase=TURN, current=state.dealer))
    assert state.result is not None
    return replace(state, phase=ENDED, events=(*state.events, Settled(state.result)))


def after_deal_phases(rules: Hooks, state: State) -> State:
    """The hands are dealt: the first phase after the deal, or the dealer's turn."""
    opened = _open_next(rules, state, When.AFTER_DEAL) if rules.phases else None
    return opened if opened is not None else begin_turn(rules, state)


def at_end(rules: Hooks, state: State) -> State:
    """The settlement of ``state`` (ENDED) is made: the first phase at the hand's end
    holds the hand open (its ``Settled`` event waits for the phase), or it is over."""
    opened = _open_next(rules, state, When.AT_END)
    if opened is None:
        return state
    events = state.events
    if events and isinstance(events[-1], Settled):
        events = events[:-1]
    return replace(opened, events=events)
