"""The step check of :meth:`Rules.apply <mahjong_rules.variants.base.Rules.apply>` (FLOW-3).

Every action applied counts one step (``state.step``, ``view.step``). A client answers a view
with its step, and the server passes it on as ``expect_step``: an answer made for an earlier
step (a closed claim window, a turn that has moved on) is refused with
:class:`~mahjong_rules.errors.StaleActionError`, so a late answer can never select some other
action. A step is an ``int``; anything else a client may send in its place (``null``, ``"6"``,
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
"""

from __future__ import annotations

import enum
from typing import Final

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.state import State
from mahjong_rules.errors import IllegalActionError, StaleActionError

__all__ = ["ANY_STEP", "AnyStep", "check_step"]


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


def check_step(state: State, action: Action, expect_step: object) -> None:
    """Refuse ``action`` unless ``expect_step`` is an ``int`` equal to ``state.step``:
    :class:`~mahjong_rules.errors.IllegalActionError` naming the parameter and the type for a
    value that is not an ``int`` (``bool`` included), and
    :class:`~mahjong_rules.errors.StaleActionError` for another step."""
    if type(expect_step) is not int:
        raise IllegalActionError(
            "expect_step: a step is an int (the view's step) or ANY_STEP, "
            f"got {type(expect_step).__name__} {expect_step!r}"
        )
    if expect_step != state.step:
        raise StaleActionError(
            f"{type(action).__name__} was made for step {expect_step}; "
            f"the hand is at step {state.step}"
        )
