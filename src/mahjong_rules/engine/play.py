"""The server's questions answered where the engine is: who acts, what a seat may do, and
applying a listed action through its route (:mod:`~mahjong_rules.engine.routes`).

:class:`~mahjong_rules.variants.base.Rules` checks what a caller hands it (the seat, the step,
the room, that an action is one) and asks these functions, which the compiled build compiles
with the transitions: a decision's way from ``apply`` to the next state then stays in compiled
code except where it asks the variant's hooks. Plain functions of the rules object and the
state; legal lists are kept in the state's memo, by seat (a state never changes).
"""

from __future__ import annotations

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.choosing import at_end, own_phase, phase_actions
from mahjong_rules.engine.claims import claim_actions
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.phases import When
from mahjong_rules.engine.routes import Route, route
from mahjong_rules.engine.state import CHOOSING, ENDED, TURN, State
from mahjong_rules.engine.turns import turn_actions

__all__ = ["Routes", "apply_listed", "legal_for", "to_act"]

_SEATS = tuple(frozenset(s for s in range(4) if mask >> s & 1) for mask in range(16))
"""Every set of seats, by its 4-bit mask: :func:`to_act` hands out these shared values."""
_ONE = tuple(_SEATS[1 << seat] for seat in range(4))
_NOBODY: frozenset[int] = _SEATS[0]

Routes = dict[tuple[str, type[Action]], Route]
"""A room's routes found so far: each (phase value, action type)'s transition, as
:func:`~mahjong_rules.engine.routes.route` finds it (keyed by the phase's value: a str hashes
in C, an enum member in Python)."""


def to_act(state: State) -> frozenset[int]:
    """Seats that must act now: the seat in turn, or in a claim (rob) window or a phase of
    the variant's own every asked seat that has not answered; none once the hand has
    ended."""
    phase = state.phase
    if phase is TURN:
        return _ONE[state.current]
    if phase is ENDED:
        return _NOBODY
    mask = 0
    for seat in state.claimants:
        mask |= 1 << seat
    for answer in state.answers:
        mask &= ~(1 << answer.seat)
    return _SEATS[mask]


def legal_for(rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
    """Every action ``seat`` (a seat of the table, checked) may take now; kept in the state's
    memo."""
    cached: tuple[Action, ...] | None = state.cache.get(seat)
    if cached is not None:
        return cached
    phase = state.phase
    if phase is TURN:
        found: tuple[Action, ...] = (
            turn_actions(rules, state, seat) if seat == state.current else ()
        )
    elif seat not in to_act(state):
        found = ()
    elif phase is CHOOSING:
        found = phase_actions(rules, state, seat)
    else:
        found = claim_actions(rules, state, seat)
    state.cache[seat] = found
    return found


def apply_listed(rules: Hooks, routes: Routes, state: State, action: Action) -> State | None:
    """The state after ``action`` if it is one of its seat's legal actions, else ``None``
    (the caller words the refusal). ``routes``: the room's routes found so far, each (phase
    value, action type)'s transition (``Routes``, filled here)."""
    seat = action.seat
    legal: tuple[Action, ...] | None = state.cache.get(seat)
    if legal is None:
        if seat.__class__ is not int or not 0 <= seat < state.players:
            return None
        legal = legal_for(rules, state, seat)
    for listed in legal:
        if listed is action:
            break
    else:
        if action not in legal:
            return None
    phase = state.phase
    key = (phase._value_, action.__class__)
    transition = routes.get(key)
    if transition is None:
        transition = routes[key] = route(rules, phase, action.__class__)
    after = transition(rules, state, action, state.step + 1)  # engine.routes' table
    if (
        after.phase is ENDED
        and rules.phases
        and (phase is not CHOOSING or own_phase(rules, state).when is not When.AT_END)
    ):
        return at_end(rules, after)  # the settlement is made: a phase at the end may open
    return after
