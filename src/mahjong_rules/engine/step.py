"""The step check of :meth:`Rules.apply <mahjong_rules.variants.base.Rules.apply>` (FLOW-3).

Every action applied counts one step (``state.step``, ``view.step``), so a step names one
moment of the hand: the state a view showed. A client answers a view with its step, and the
server passes it on as ``expect_step``. An answer for the hand's current step is judged by
legality alone. An answer for an earlier step is still accepted while the moment its view
showed is open for its seat: in a claim or rob window, or a phase of the variant's own (a
swap, 定缺, a purchase, ...), every asked seat is sent its view at the same step, and each
answer counts a step; so while the same window or phase is open and the seat is still asked
and has not answered, any step since the moment opened is that moment, and the answer means
what it meant when it was made (what a seat may answer there does not change while the
others answer).
Anything else is late and refused with :class:`~mahjong_rules.errors.StaleActionError`: the
window has closed, the turn has moved on, the seat has already answered, or a new window has
opened since. So a late answer can never select some other action.

The moment's first step needs no record of its own: each answer held in
:attr:`~mahjong_rules.engine.state.State.answers` counted one step, except the wins the engine
answered itself (:attr:`~mahjong_rules.engine.state.State.forced`) and the answers a new hand
was given in advance (all at step 0), see :func:`moment_start`.

A step is an ``int``; anything else a client may send in its place (``null``, ``"6"``,
``6.0``, ``true``) is refused too. Only :data:`ANY_STEP`, which no JSON value can be, applies
without the check:

>>> from mahjong_rules import Discard, Tile, get_variant
>>> rules = get_variant("baoshan")
>>> state = rules.new_hand(seed=30)
>>> rules.apply(state, Discard(0, Tile("9s")), expect_step=None)
Traceback (most recent call last):
...
mahjong_rules.errors.IllegalActionError: expect_step: a step is an int ... got NoneType None
>>> rules.apply(state, Discard(0, Tile("9s")), expect_step=ANY_STEP).step
1

Four seats declaring 定缺 (Sichuan) each answer the view of step 0, in any order:

>>> sichuan = get_variant("sichuan")
>>> state = sichuan.new_hand(seed=1)
>>> views = {seat: sichuan.view(state, seat) for seat in sichuan.to_act(state)}
>>> for seat in (2, 0, 3, 1):
...     answer = sichuan.default_action(state, seat)
...     state = sichuan.apply(state, answer, expect_step=views[seat].step)
>>> state.step, state.phase.value
(4, 'turn')
>>> sichuan.apply(state, answer, expect_step=views[1].step)
Traceback (most recent call last):
...
mahjong_rules.errors.StaleActionError: DeclareVoid was made for step 0; the hand is at step 4: \
that moment has passed (now: seat 0's turn)
"""

from __future__ import annotations

import enum
from typing import Final

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.state import CHOOSING, CLAIM, ENDED, ROB, TURN, State
from mahjong_rules.errors import IllegalActionError, StaleActionError

__all__ = ["ANY_STEP", "AnyStep", "check_step", "moment_start"]


class AnyStep(enum.Enum):
    """The type of :data:`ANY_STEP`, its only value."""

    ANY_STEP = "ANY_STEP"
    """The one value, also the module's :data:`ANY_STEP`."""

    def __repr__(self) -> str:
        return "ANY_STEP"

    __str__ = __repr__


ANY_STEP: Final = AnyStep.ANY_STEP
"""``rules.apply(state, action, expect_step=ANY_STEP)``, the default: apply without checking
the step the action was made for (a bot, a replay, a test: no answer there can be late). It is
a value of its own, so nothing a client sends, ``"step": null`` included, can switch the check
off."""


def moment_start(state: State) -> int:
    """The step at which the moment ``state`` is in began: the step of the action that opened
    its claim or rob window, or its phase of the variant's own (its asked seats have answered
    since, one step each); ``state.step`` itself in a turn and once the hand has ended.

    In a window the engine's own answers (the forced wins, :attr:`State.forced
    <mahjong_rules.engine.state.State.forced>`) counted no step; in a phase the answers given
    to a new hand in advance counted none, all at step 0 (hence never below 0)."""
    phase = state.phase
    if phase is CLAIM or phase is ROB:
        start = state.step - len(state.answers) + len(state.forced)
    elif phase is CHOOSING:
        start = state.step - len(state.answers)
    else:
        return state.step
    return start if start > 0 else 0


def check_step(state: State, action: Action, expect_step: object) -> None:
    """Refuse ``action`` unless ``expect_step`` names the moment ``state`` is in for its seat:
    :class:`~mahjong_rules.errors.IllegalActionError` naming the parameter and the type for a
    value that is not an ``int`` (``bool`` included), and
    :class:`~mahjong_rules.errors.StaleActionError` for a step that is not ``state.step``
    unless it is one since :func:`moment_start` and the seat is still asked and has not
    answered. The message says which step the answer was for and why it is late."""
    if type(expect_step) is not int:
        raise IllegalActionError(
            "expect_step: a step is an int (the view's step) or ANY_STEP, "
            f"got {type(expect_step).__name__} {expect_step!r}"
        )
    step = state.step
    if expect_step == step:
        return
    head = f"{type(action).__name__} was made for step {expect_step}; the hand is at step {step}"
    if expect_step > step:
        raise StaleActionError(f"{head} (no view has shown step {expect_step})")
    start = moment_start(state)
    now = _moment(state)
    if state.phase is TURN or state.phase is ENDED:
        raise StaleActionError(f"{head}: that moment has passed (now: {now})")
    if expect_step < start:
        raise StaleActionError(
            f"{head}: that moment has passed (now: {now}, open since step {start})"
        )
    seat = getattr(action, "seat", None)
    if seat not in state.claimants:
        raise StaleActionError(
            f"{head}: seat {seat!r} is not asked in {now} (open since step {start})"
        )
    if any(answer.seat == seat for answer in state.answers):
        raise StaleActionError(
            f"{head}: seat {seat} has already answered {now} (open since step {start})"
        )


def _moment(state: State) -> str:
    """The moment ``state`` is in, in words: ``seat 1's turn``, ``the claim window on 5m``."""
    phase = state.phase
    if phase is TURN:
        return f"seat {state.current}'s turn"
    if phase is ENDED:
        return "the hand has ended"
    if phase is CHOOSING:
        return f"the {state.stage} phase"
    return f"the {phase.value} window on {state.tile}"
