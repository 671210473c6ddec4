"""Each action's transition, in one place: :func:`route`.

:meth:`Rules.apply <mahjong_rules.variants.base.Rules.apply>` checks that an action is one of
the acting seat's legal actions, then hands it to the transition this table names for the
phase the hand is in and the action's type (the first row that matches):

===========================  ==========================  ======================================
phase                        action                      transition
===========================  ==========================  ======================================
the turn (TURN)              Discard                     :func:`.turns.discard`: the discard,
                                                         then the next seat's draw or a claim
                                                         window
a variant's own (CHOOSING)   any listed answer           :func:`.choosing.answer_phase`: kept
                                                         until the phase's last answer, then
                                                         the phase's own ``apply``
any other                    one of the variant's        ``Hooks.apply_own_action``
                             ``action_types``
a claim or rob window        any listed answer (Pass,    :func:`.claims.answer`: kept until
(CLAIM, ROB)                 Peng, Gang, Hu)             the last answer, then ``resolve``
the turn                     Gang (a concealed or        :func:`.turns.gang_from_hand`
                             added kong)
the turn                     Hu (a self-draw win)        :func:`.draws.self_draw_win`
===========================  ==========================  ======================================

Nothing else is listed in any phase, so nothing else has a route. Each transition is a plain
function of the rules object (whose hooks it asks: the variant's part), the state, the action
and the step the action makes, and returns the state after it (its events, its payments, the
next draw). The transitions' modules call one another in one direction only, each the layers
below it::

    turns ─▶ claims ─▶ kongs ─▶ draws      choosing ─▶ draws
       └───────▶ wins ◀──┘

(:mod:`~mahjong_rules.engine.turns`, :mod:`~mahjong_rules.engine.claims`,
:mod:`~mahjong_rules.engine.kongs`, :mod:`~mahjong_rules.engine.draws`,
:mod:`~mahjong_rules.engine.wins`, :mod:`~mahjong_rules.engine.choosing`), so a reader follows
an action from this table down, and the compiled build compiles them as they are.

>>> from mahjong_rules import get_variant
>>> from mahjong_rules.engine.actions import Discard, Pass
>>> from mahjong_rules.engine.state import CLAIM, TURN
>>> rules = get_variant("baoshan")
>>> route(rules, TURN, Discard).__name__, route(rules, CLAIM, Pass).__name__
('discard', 'answer_window')
"""

from __future__ import annotations

from collections.abc import Callable

from mahjong_rules.engine import choosing, claims, draws, turns
from mahjong_rules.engine.actions import Action, Discard, Gang, Hu
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.state import CHOOSING, CLAIM, ROB, TURN, Phase, State, replace

__all__ = ["Route", "route"]

Route = Callable[[Hooks, State, Action, int], State]
"""A transition: ``(rules, state, action, step) -> state after``."""


def answer_phase(rules: Hooks, state: State, action: Action, step: int) -> State:
    """An answer in the variant's own phase."""
    return choosing.answer_phase(rules, state, action, step)


def own_action(rules: Hooks, state: State, action: Action, step: int) -> State:
    """One of the variant's own actions, outside its phases."""
    return rules.apply_own_action(replace(state, events=(), step=step), action)


def answer_window(rules: Hooks, state: State, action: Action, step: int) -> State:
    """An answer in a claim or rob window."""
    return claims.answer(rules, state, action, step)


def discard(rules: Hooks, state: State, action: Action, step: int) -> State:
    """The turn's discard (its first copy of the state starts the events)."""
    assert isinstance(action, Discard)
    return turns.discard(rules, state, action, step)


def turn_kong(rules: Hooks, state: State, action: Action, step: int) -> State:
    """A 暗杠 (àngàng) or 补杠 (bǔgàng) in the turn."""
    assert isinstance(action, Gang)
    return turns.gang_from_hand(rules, replace(state, events=(), step=step), action)


def self_draw_win(rules: Hooks, state: State, action: Action, step: int) -> State:
    """A self-draw win: the seat in turn wins on its own hand."""
    state = replace(state, events=(), step=step)
    return draws.self_draw_win(rules, state, action.seat, forced=False)


def route(rules: Hooks, phase: Phase, kind: type[Action]) -> Route:
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
