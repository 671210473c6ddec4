"""The :class:`Bot` base class: a player that decides from one seat's :class:`View` alone.

A bot sees what the seat's player would see (:meth:`Rules.view <mahjong_rules.Rules.view>`):
its own concealed tiles, the table and its legal actions, never the full
:class:`~mahjong_rules.State` with the other hands and the wall, so it cannot cheat.
"""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.errors import IllegalActionError

if TYPE_CHECKING:
    from mahjong_rules.variants.base import Rules

__all__ = ["Bot"]


class Bot(abc.ABC):
    """A player: :meth:`choose` picks one of a view's legal actions.

    Subclasses implement :meth:`choose`; :meth:`act` is the one-call form a server uses for a
    seat it plays itself (托管, tuōguǎn: auto-play for a disconnected seat).
    """

    @abc.abstractmethod
    def choose(self, view: View) -> Action:
        """One of ``view.legal_actions``, chosen from ``view`` alone.

        Raises :class:`~mahjong_rules.errors.IllegalActionError` if the seat has nothing to do
        (``view.legal_actions`` is empty).
        """

    def act(self, rules: Rules, state: State, seat: int) -> State:
        """``rules.apply(state, self.choose(rules.view(state, seat)))``: ``seat`` acts."""
        return rules.apply(state, self.choose(rules.view(state, seat)))


def legal_or_raise(view: View) -> tuple[Action, ...]:
    """``view.legal_actions``, or :class:`IllegalActionError` if there are none."""
    actions = view.legal_actions
    if not actions:
        raise IllegalActionError(
            f"seat {view.seat} has nothing to do now ({view.phase.value} phase, "
            f"seat {view.current} in turn): a bot is asked only for a seat in to_act"
        )
    return actions
