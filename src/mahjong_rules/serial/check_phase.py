"""The checks of a state in a phase of the variant's own (:mod:`mahjong_rules.engine.phases`)
on reading it, and the deal a checked state is compared with."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from mahjong_rules.engine.phases import OwnPhase, When, open_phase
from mahjong_rules.engine.state import Phase, SeatState, State, replace
from mahjong_rules.serial.check_fields import fail
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.base import Rules

__all__ = ["check_own_phase", "dealt_start", "fresh_hand", "own_when"]

_INDEX = attrgetter("index")
_MEMO_SIZE = 256
"""Most walls kept in each memo below (cleared when full)."""
_FRESH: dict[tuple[int, int, bytes], tuple[Rules, State]] = {}
_DEALT: dict[tuple[int, int, bytes], tuple[Rules, State]] = {}


def _memo(memo: dict[Any, Any], rules: Rules, wall: tuple[Tile, ...], dealer: int) -> Any:
    """What ``memo`` holds for this room, wall and dealer (``None`` if nothing)."""
    found = memo.get((id(rules), dealer, bytes(map(_INDEX, wall))))
    return found[1] if found is not None and found[0] is rules else None


def _keep(
    memo: dict[Any, Any], rules: Rules, wall: tuple[Tile, ...], dealer: int, state: State
) -> None:
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[(id(rules), dealer, bytes(map(_INDEX, wall)))] = (rules, state)


def fresh_hand(rules: Rules, wall: tuple[Tile, ...], dealer: int) -> State:
    """``rules.new_hand(wall=wall, dealer=dealer)``, kept for the next state of the same hand
    read (a server reads each of a table's states in turn: each is checked against its deal)."""
    state = _memo(_FRESH, rules, wall, dealer)
    if state is None:
        state = rules.new_hand(wall=wall, dealer=dealer)
        _keep(_FRESH, rules, wall, dealer, state)
    return state  # type: ignore[no-any-return]


def own_when(rules: Rules, state: State) -> When | None:
    """When the open phase of a CHOOSING state opens (``None`` in any other phase, or for a
    stage naming no phase: :func:`check_own_phase` refuses that)."""
    if state.phase is not Phase.CHOOSING:
        return None
    phase = open_phase(rules, state)
    return None if phase is None else phase.when


def check_own_phase(state: State, rules: Rules, path: str) -> OwnPhase:
    """A CHOOSING state: its ``stage`` names one of the room's phases; the asked seats are
    distinct and in seat order; each answer is by an asked seat, one per seat, in seat order.
    The first phase before the deal is checked whole (against the fresh hand with its answers
    applied). Returns the phase."""
    phase = open_phase(rules, state)
    if phase is None:
        names = [p.name for p in rules.phases]
        fail(f"{path}.stage", f"{rules.name} has no phase {state.stage!r} (its phases: {names})")
    asked = state.claimants
    if not asked or list(asked) != sorted(set(asked)):
        fail(f"{path}.claimants", "a phase asks some seats, each once, in seat order")
    seats = [a.seat for a in state.answers]
    if seats != sorted(set(seats)) or not set(seats) < set(asked):
        fail(f"{path}.answers", "one answer per asked seat, in seat order, and one seat to go")
    dealt = state.front > 0 or any(s.concealed or s.melds for s in state.seats)
    if phase.when is When.BEFORE_DEAL:
        if dealt or state.ledger or state.wins or state.back != len(state.wall):
            fail(f"{path}.stage", f"the {phase.name} phase comes before the deal")
        _check_before_deal(state, rules, path)
    elif not dealt:
        fail(f"{path}.stage", f"the {phase.name} phase comes after the deal")
    elif phase.when is When.AFTER_DEAL and (state.discards_made or state.result is not None):
        fail(f"{path}.stage", f"the {phase.name} phase comes before the first discard")
    elif phase.when is When.AT_END and state.result is None:
        fail(f"{path}.result", "a phase at the hand's end holds its settlement")
    expected = tuple(sorted(set(phase.asks(rules, state))))
    if asked != expected:
        fail(f"{path}.claimants", f"the {phase.name} phase asks seats {list(expected)} now")
    for i, answer in enumerate(state.answers):
        if answer not in tuple(phase.actions(rules, state, answer.seat)):
            fail(f"{path}.answers[{i}]", f"not an answer the {phase.name} phase lists")
    if phase.when is When.AFTER_DEAL:
        _check_after_deal(state, rules, path)
    return phase


def _check_after_deal(state: State, rules: Rules, path: str) -> None:
    """The first phase after the deal: the state is the dealt hand (the phases before the
    deal answered as the hand's own records say, :meth:`OwnPhase.given`) with the answers it
    holds applied, so a seat's record agrees with its answer and a seat yet to answer holds
    none. (A later phase, or one after a phase before the deal whose answers the state does
    not tell, is left to the variant's own checks.)"""
    expected = fresh_hand(rules, state.wall, state.dealer)
    while expected.phase is Phase.CHOOSING and expected.result is None:
        phase = open_phase(rules, expected)
        if phase is None or phase.when is not When.BEFORE_DEAL:
            break
        given = phase.given(rules, state) if phase.per_match else ()
        if not given:
            return  # its answers are not known from the state
        for answer in given:
            if answer not in rules.legal_actions(expected, answer.seat):
                return
            expected = rules.apply(expected, answer)
    if expected.phase is not Phase.CHOOSING or expected.stage != state.stage:
        return
    for i, answer in enumerate(state.answers):
        if answer not in rules.legal_actions(expected, answer.seat):
            fail(f"{path}.answers[{i}]", f"not an answer seat {answer.seat} could give now")
        expected = rules.apply(expected, answer)
    expected = replace(expected, step=state.step)
    if state != expected:
        where = _differs(state, expected)
        fail(f"{path}.{where}", f"no hand in its {state.stage} phase, with its answers, holds this")


def _differs(state: State, expected: State) -> str:
    """The first field where ``state`` and ``expected`` differ (a seat's field by name)."""
    for name in (f.name for f in State.FIELDS):
        if name == "events" or getattr(state, name) == getattr(expected, name):
            continue
        if name == "seats":
            for index, (mine, other) in enumerate(zip(state.seats, expected.seats, strict=True)):
                for field in (f.name for f in SeatState.FIELDS):
                    if getattr(mine, field) != getattr(other, field, None):
                        return f"seats[{index}].{field}"
        return name
    return "variant"  # pragma: no cover (states that differ differ in a field)


def _check_before_deal(state: State, rules: Rules, path: str) -> None:
    """Nothing has happened before the deal but answers: in the first phase that asks, the
    state must be the fresh hand of its wall and dealer with its answers applied."""
    expected = fresh_hand(rules, state.wall, state.dealer)
    if expected.phase is not Phase.CHOOSING:
        fail(f"{path}.phase", f"a hand of this room is dealt at once, with no {state.stage}")
    if expected.stage != state.stage:
        return  # a later phase: what the earlier ones did is the variant's records' to check
    for i, answer in enumerate(state.answers):
        if answer not in rules.legal_actions(expected, answer.seat):
            fail(f"{path}.answers[{i}]", f"not an answer seat {answer.seat} could give now")
        expected = rules.apply(expected, answer)
    if state.step == 0:  # answers given to new_hand in advance count no step
        expected = replace(expected, step=0)
    if state != expected:  # events and caches are no part of a state's value
        field = next(
            name
            for name in (f.name for f in State.FIELDS)
            if name != "events" and getattr(state, name) != getattr(expected, name)
        )
        fail(f"{path}.{field}", f"no hand in its {state.stage} phase is in this state")


def dealt_start(rules: Rules, wall: tuple[Tile, ...], dealer: int) -> State:
    """The hand of ``wall`` and ``dealer`` once dealt: the phases before the deal answered
    with their defaults (what the deal is compared with does not depend on those answers).
    Kept as :func:`fresh_hand` is."""
    found = _memo(_DEALT, rules, wall, dealer)
    if found is not None:
        return found  # type: ignore[no-any-return]
    state = fresh_hand(rules, wall, dealer)
    while state.phase is Phase.CHOOSING and state.result is None:
        phase = open_phase(rules, state)
        assert phase is not None
        if phase.when is not When.BEFORE_DEAL:
            break
        seat = min(rules.to_act(state))
        state = rules.apply(state, phase.default(rules, state, seat))
    _keep(_DEALT, rules, wall, dealer, state)
    return state
