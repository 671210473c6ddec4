"""Each action's transition, in one place: :func:`route`.

:meth:`Rules.apply <mahjong_rules.variants.base.Rules.apply>` checks that an action is one of
the acting seat's legal actions, then hands it to the transition this table names for the
phase the hand is in and the action's type (the first row that matches):

===========================  ==========================  ======================================
phase                        action                      transition
===========================  ==========================  ======================================
the turn (TURN)              Discard                     ``Turns._do_discard``: the discard,
                                                         then the next seat's draw or a claim
                                                         window
a variant's own (CHOOSING)   any listed answer           ``Choosing._answer_phase``: kept
                                                         until the phase's last answer, then
                                                         the phase's own ``apply``
any other                    one of the variant's        ``Hooks.apply_own_action``
                             ``action_types``
a claim or rob window        any listed answer (Pass,    ``Claims._answer``: kept until the
(CLAIM, ROB)                 Peng, Gang, Hu)             last answer, then ``_resolve``
the turn                     Gang (a concealed or        ``Turns._do_gang_from_hand``
                             added kong)
the turn                     Hu (a self-draw win)        ``Wins._self_draw_win``
===========================  ==========================  ======================================

Nothing else is listed in any phase, so nothing else has a route. The transitions are methods
of the rules (:mod:`~mahjong_rules.engine.turns`, :mod:`~mahjong_rules.engine.claims`,
:mod:`~mahjong_rules.engine.choosing`, :mod:`~mahjong_rules.engine.wins`), so a variant that
overrides one changes its row. Each takes the state, the action and the step the action
makes, and returns the state after it (its events, its payments, the next draw).

>>> from mahjong_rules import get_variant
>>> from mahjong_rules.engine.actions import Discard, Pass
>>> from mahjong_rules.engine.state import CLAIM, TURN
>>> rules = get_variant("baoshan")
>>> route(rules, TURN, Discard).__name__, route(rules, CLAIM, Pass).__name__
('discard', 'answer_window')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Protocol

from mahjong_rules.engine.actions import Action, Discard, Gang, Hu
from mahjong_rules.engine.state import CHOOSING, CLAIM, ROB, TURN, Phase, State, replace


class Transitions(Protocol):
    """What a route calls: the transitions of the engine's parts (the rules object has them
    all, :class:`~mahjong_rules.variants.base.Rules`)."""

    action_types: ClassVar[tuple[type[Action], ...]]
    """The variant's own action types (:attr:`Hooks.action_types
    <mahjong_rules.engine.hooks.Hooks.action_types>`)."""

    def _answer_phase(
        self, state: State, action: Action, step: int, fresh: bool = True
    ) -> State: ...
    def apply_own_action(self, state: State, action: Action) -> State:
        """:meth:`Hooks.apply_own_action <mahjong_rules.engine.hooks.Hooks.apply_own_action>`."""
        ...

    def _answer(self, state: State, action: Action, step: int) -> State: ...
    def _do_discard(self, state: State, action: Discard, step: int) -> State: ...
    def _do_gang_from_hand(self, state: State, action: Gang) -> State: ...
    def _self_draw_win(self, state: State, seat: int, *, forced: bool) -> State: ...


__all__ = ["Route", "route"]

Route = Callable[["Transitions", State, Action, int], State]
"""A transition: ``(rules, state, action, step) -> state after``."""


def answer_phase(rules: Transitions, state: State, action: Action, step: int) -> State:
    """An answer in the variant's own phase."""
    return rules._answer_phase(state, action, step)


def own_action(rules: Transitions, state: State, action: Action, step: int) -> State:
    """One of the variant's own actions, outside its phases."""
    return rules.apply_own_action(replace(state, events=(), step=step), action)


def answer_window(rules: Transitions, state: State, action: Action, step: int) -> State:
    """An answer in a claim or rob window."""
    return rules._answer(state, action, step)


def discard(rules: Transitions, state: State, action: Action, step: int) -> State:
    """The turn's discard (its first copy of the state starts the events)."""
    assert isinstance(action, Discard)
    return rules._do_discard(state, action, step)


def turn_kong(rules: Transitions, state: State, action: Action, step: int) -> State:
    """A 暗杠 (àngàng) or 补杠 (bǔgàng) in the turn."""
    assert isinstance(action, Gang)
    return rules._do_gang_from_hand(replace(state, events=(), step=step), action)


def self_draw_win(rules: Transitions, state: State, action: Action, step: int) -> State:
    """A self-draw win: the seat in turn wins on its own hand."""
    return rules._self_draw_win(replace(state, events=(), step=step), action.seat, forced=False)


def route(rules: Transitions, phase: Phase, kind: type[Action]) -> Route:
    """The transition of a listed action of type ``kind`` in ``phase`` (the module's table).

    Raises :class:`LookupError` for a pair no phase lists (the engine's bug, never a
    client's: :meth:`~mahjong_rules.variants.base.Rules.apply` routes listed actions only)."""
    if phase is TURN and kind is Discard:
        return discard
    if phase is CHOOSING:
        return answer_phase
    if rules.action_types and issubclass(kind, rules.action_types):
        return own_action
    if phase is CLAIM or phase is ROB:
        return answer_window
    if phase is TURN:
        if issubclass(kind, Gang):
            return turn_kong
        if issubclass(kind, Hu):
            return self_draw_win
    raise LookupError(f"no transition for {kind.__name__} in phase {phase.value}")
