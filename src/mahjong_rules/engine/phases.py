"""A variant's own phases: every asked seat answers at once (:class:`OwnPhase`).

Some games ask every seat something outside the turns: a price before the deal, three tiles
to pass after it, a suit to give up. A variant declares such a phase as a small subclass of
:class:`OwnPhase` and lists an instance in its rules' ``phases``. The engine opens it at its
moment (:class:`When`): before the deal, after the deal and before the dealer's first turn, or
at the hand's end once the settlement is made. While it is open the state's
:attr:`~mahjong_rules.engine.state.State.phase` is
:attr:`~mahjong_rules.engine.state.Phase.CHOOSING` and its
:attr:`~mahjong_rules.engine.state.State.stage` is the phase's :attr:`OwnPhase.name`; the
seats it asks (:attr:`~mahjong_rules.engine.state.State.claimants`) answer in any order, each
once, with one of the actions the phase lists for it. Like a claim window's, the answers are
kept sorted by seat in :attr:`~mahjong_rules.engine.state.State.answers` (no view shows them),
and when the last one arrives the phase resolves them together: the order in which the seats
answered leaves no trace.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, ClassVar

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.phase_advice import best_answer
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View

Hooks = Any
"""The room's rules (a :class:`~mahjong_rules.engine.hooks.Hooks`, which lists the phases:
named loosely here, since that module imports this one)."""

__all__ = ["OwnPhase", "When", "named_phase", "open_phase"]


class When(enum.Enum):
    """When the engine opens a variant's own phase."""

    BEFORE_DEAL = "before_deal"
    """When the hand is built, before any tile is dealt (the wall and the dealer are fixed)."""
    AFTER_DEAL = "after_deal"
    """Once the hands are dealt (and the variant's ``after_deal`` has run), before the
    dealer's first turn."""
    AT_END = "at_end"
    """When the hand's settlement is made, before the hand is over: the state holds the
    settlement as :attr:`~mahjong_rules.engine.state.State.result`, and
    :meth:`~mahjong_rules.variants.base.Rules.result` gives it once the phase has resolved."""


class OwnPhase:
    """One phase of a variant's own where every asked seat answers at once.

    Subclass it, set :attr:`name` and :attr:`when`, write :meth:`actions` (and, as the phase
    needs, :meth:`asks`, :meth:`answer`, :meth:`resolve`, and for the bots and 托管
    :meth:`keeps` or :meth:`advise`), and list an
    instance in the variant's ``phases``. The actions it lists are the variant's own (its
    ``action_types``). Every method is pure: it gets the rules and a state and returns a new
    state or a value. Phases of the same :attr:`when` open in the order listed.
    """

    name: ClassVar[str] = ""
    """The phase's name, unique in the variant: the state's ``stage`` while it is open."""
    when: ClassVar[When] = When.BEFORE_DEAL
    """When it opens."""
    answer_types: ClassVar[tuple[type[Action], ...]] = ()
    """The classes of the answers it lists (the variant's own actions): an answer of one of
    them outside the phase is refused saying so. Default: none named."""
    per_match: ClassVar[bool] = False
    """Whether the answers of a match's first hand hold for every hand of the match (a
    :class:`~mahjong_rules.engine.match.Match` then gives each later hand those answers, read
    by :meth:`given`, and the phase is not asked again)."""

    def asks(self, rules: Hooks, state: State) -> Iterable[int]:
        """The seats this phase asks now, in any order; none: the phase is skipped. Default:
        every seat that has not won."""
        return [seat for seat in range(state.players) if not state.seats[seat].won]

    def actions(self, rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
        """Every answer ``seat`` may give (it has not answered yet), in a stable order; the
        same while the others answer (each seat may answer the view the phase opened with:
        :mod:`~mahjong_rules.engine.step`). No default."""
        raise NotImplementedError

    def default(self, rules: Hooks, state: State, seat: int) -> Action:
        """The answer a server gives for ``seat`` when its time runs out
        (:meth:`~mahjong_rules.variants.base.Rules.default_action`, 托管); one of
        :meth:`actions`. Default: :meth:`advise` of the seat's view, the answer a bot gives
        (:class:`~mahjong_rules.bots.GreedyBot`), so that a seat played for a person answers
        as the bots do; the first listed when the phase neither advises nor :meth:`keeps`."""
        cls = type(self)
        if cls.advise is OwnPhase.advise and cls.keeps is OwnPhase.keeps:
            return self.actions(rules, state, seat)[0]  # what advise gives, without a view
        return self.advise(rules, rules.view(state, seat))

    def keeps(self, rules: Hooks, view: View, action: Action) -> TileCounts | None:
        """What answering ``action`` leaves the seat of ``view`` to build its hand with: its
        concealed tiles (``view.concealed``) less those the answer parts with, whether passed
        to another seat or bound to be discarded (the suit of a 定缺), each to be
        replaced by a tile unknown yet. Read by the default :meth:`advise`. Default: ``None``,
        the hand as it is (an answer that changes no tile: a price, a yes or no)."""
        return None

    def advise(self, rules: Hooks, view: View) -> Action:
        """The answer a player would give, seen from ``view`` alone (the asked seat's: its
        own tiles, the table and ``view.legal_actions``); one of those actions. Bots answer
        with it, and so does :meth:`default`. Override it where the game knows better.
        Default: the answer whose kept hand (:meth:`keeps`) is nearest a win
        (:func:`~mahjong_rules.engine.phase_advice.best_answer`: by 向听 under the room's
        shape rules, each tile parted with costing a step; then fewer tiles parted with; then
        the kept tiles' use), the first listed among equals."""
        return best_answer(rules, view, lambda action: self.keeps(rules, view, action))

    def answer(self, rules: Hooks, state: State, action: Action) -> State:
        """Record one seat's answer (``state`` already lists it in ``answers``; it holds no
        events of this step yet). Keep a secret answer in the seat's own record, where only
        the variant's private view may show it, and report it with an event the variant's
        ``event_for`` hides from the other seats. It must not depend on the other seats'
        answers (they may come in any order). Default: the state unchanged."""
        return state

    def resolve(self, rules: Hooks, state: State) -> State:
        """Every asked seat has answered (``state.answers``, by seat): do what the phase
        does with them together, e.g. pass the tiles chosen or reveal the suits. The engine
        then goes on (the next phase, the deal, the first turn or the hand's end). Default:
        the state unchanged."""
        return state

    def given(self, rules: Hooks, state: State) -> tuple[Action, ...]:
        """For a :attr:`per_match` phase: the answers the hand of ``state`` was played with
        (one per asked seat), which a match gives the next hands. Default: none."""
        return ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def open_phase(rules: Hooks, state: State) -> OwnPhase | None:
    """The phase of the variant's own that ``state`` is in (its ``stage`` names it), or
    ``None`` outside one (or for a stage that names none of the room's phases)."""
    return named_phase(rules, state.stage)


def named_phase(rules: Hooks, stage: str | None) -> OwnPhase | None:
    """The room's phase named ``stage`` (a state's or a view's
    :attr:`~mahjong_rules.engine.view.View.stage`), or ``None`` for ``None`` or a name none
    of the room's phases has."""
    if stage is None:
        return None
    phases: tuple[OwnPhase, ...] = rules.phases
    for phase in phases:
        if phase.name == stage:
            return phase
    return None
