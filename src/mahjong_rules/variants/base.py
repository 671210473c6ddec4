"""The rules object a server holds: :class:`Rules`, one variant with one room's options.

A server drives a hand like this (FLOW-1..3)::

    rules = get_variant("baoshan")
    state = rules.new_hand(seed=42)
    while not rules.is_over(state):
        seat = min(rules.to_act(state))                       # a seat that must act
        action = choose(rules.view(state, seat))               # the server's player or bot
        state = rules.apply(state, action)

:class:`Rules` is the server's surface: :meth:`~Rules.new_hand`, :meth:`~Rules.to_act`,
:meth:`~Rules.legal_actions`, :meth:`~Rules.apply`, :meth:`~Rules.result` /
:meth:`~Rules.is_over`, :meth:`~Rules.view`, :meth:`~Rules.events_for`,
:meth:`~Rules.default_action`, and the action ids. Legality has one source,
:meth:`Rules.legal_actions`: :meth:`Rules.apply` accepts exactly its members and raises
:class:`~mahjong_rules.errors.IllegalActionError` (saying why) for anything else.

Underneath, the state machine is the engine's (:mod:`mahjong_rules.engine`: turns, the claim
window, draws, wins), written against the hook contract
(:class:`~mahjong_rules.engine.hooks.Hooks`). A variant subclasses :class:`Rules` and
overrides hooks only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

import attrs

from mahjong_rules.counts import TileSet
from mahjong_rules.engine.action_ids import action_from_id, action_id, action_space
from mahjong_rules.engine.actions import Action, Discard
from mahjong_rules.engine.choosing import own_phase, start
from mahjong_rules.engine.defaulted import defaults_of
from mahjong_rules.engine.edit import check_seat, start_variant_state
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.legality import why_illegal
from mahjong_rules.engine.play import Routes, apply_listed, legal_for, to_act
from mahjong_rules.engine.public_view import PublicView, public_view_of
from mahjong_rules.engine.settlement import HandResult
from mahjong_rules.engine.state import (
    CHOOSING,
    CLAIM,
    ENDED,
    ROB,
    State,
    first_state,
)
from mahjong_rules.engine.step import ANY_STEP, AnyStep, check_step
from mahjong_rules.engine.view import View
from mahjong_rules.engine.view_build import build_view, events_for
from mahjong_rules.engine.wall import check_wall, shuffled_wall
from mahjong_rules.engine.word_hooks import WordHooks
from mahjong_rules.errors import HandSizeError, IllegalActionError, OptionsError
from mahjong_rules.scoring import WinContext
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.explain import NotAWin, explain_win
from mahjong_rules.variants.options import Options
from mahjong_rules.variants.table_queries import TableQueries

__all__ = ["Rules"]

TUOGUAN: list[Callable[[View], Action]] = []
"""Who :meth:`Rules.default_action` (托管) asks in a turn or a claim window: the choice of
:class:`~mahjong_rules.bots.CountingBot`, put here by :mod:`mahjong_rules.bots` as it loads
(the bots import the variants, so this module does not import them). Empty: the fixed rule."""


class Rules(Hooks, WordHooks, TableQueries):
    """The rules of one variant with one room's options. Stateless: every method is pure.

    Build with :func:`~mahjong_rules.variants.get_variant`. Rules with equal options are equal
    and hash alike. The methods below are the server's; the variant hooks it inherits are
    documented with :class:`~mahjong_rules.engine.hooks.Hooks`.
    """

    def __init__(self, options: Options | None = None, /, **kwargs: Any) -> None:
        if options is None:
            options = self.options_class.build(**kwargs)
        elif kwargs:
            raise OptionsError("pass either an options object or keyword options, not both")
        if not isinstance(options, self.options_class):
            raise OptionsError(f"{type(self).__name__} takes {self.options_class.__name__}")
        self.options = options
        self._ask_every = bool(getattr(options, "ask_every_seat", False))
        self._defaults = defaults_of(self)
        self._routes: Routes = {}
        """The room's routes found so far (``engine.play.Routes``: each (phase value, action
        type)'s transition)."""

    def __eq__(self, other: object) -> bool:
        """Rules of the same variant with equal options are equal (and hash alike)."""
        if not isinstance(other, Rules):
            return NotImplemented
        return type(self) is type(other) and self.options == other.options

    def __hash__(self) -> int:
        return hash((type(self), self.options))

    def __repr__(self) -> str:
        """Pastes back: ``get_variant('baoshan', players=3)`` (default options left out)."""
        default = self.options_class.build()
        changed = [
            f"{a.name}={getattr(self.options, a.name)!r}"
            for a in attrs.fields(type(self.options))
            if getattr(self.options, a.name) != getattr(default, a.name)
        ]
        return f"get_variant({', '.join([repr(self.name), *changed])})"

    @property
    def players(self) -> int:
        """How many seats play (the room option ``players``, else 4)."""
        return int(getattr(self.options, "players", 4))

    # ------------------------------------------------------------------ a hand

    def new_hand(
        self,
        *,
        seed: int | str | bytes | None = None,
        wall: Sequence[Tile] | None = None,
        dealer: int = 0,
        answers: Sequence[Action] = (),
    ) -> State:
        """A new hand: from ``seed`` (or a fresh random seed), or from an explicit ``wall`` dealt
        as DEAL-1 says. The variant's own phases before the deal (:attr:`phases`) open first;
        ``answers`` are answers given to them in advance, applied in order as if the seats had
        answered (a :class:`~mahjong_rules.engine.match.Match` gives a later hand the answers
        of its first hand's per-match phases), and refused with
        :class:`~mahjong_rules.errors.OptionsError` unless each is one the open phase lists."""
        if wall is None:
            if seed is None:
                seed = random.SystemRandom().getrandbits(64)
            tiles = shuffled_wall(seed, tiles=self.wall_tiles)
        else:
            tiles = check_wall(wall, tiles=self.wall_tiles)
        if dealer.__class__ is not int or not 0 <= dealer < self.players:
            raise OptionsError(f"dealer must be a seat 0..{self.players - 1}, got {dealer!r}")
        state = first_state(self.options, self.players, dealer, tiles)
        if self.hand_state_class is not None or self.seat_state_class is not None:
            state = start_variant_state(self, state)
        return start(self, state, answers)

    def to_act(self, state: State) -> frozenset[int]:
        """Seats that must act now: the seat in turn, or in a claim (rob) window or a phase of
        the variant's own every asked seat that has not answered; none once the hand has
        ended."""
        return to_act(state)

    def is_over(self, state: State) -> bool:
        """Whether the hand has ended (its :meth:`result` is then set)."""
        return state.phase is ENDED

    def legal_actions(self, state: State, seat: int) -> tuple[Action, ...]:
        """Every action ``seat`` may take now, in a stable order; ``()`` if it does not act.

        ``seat`` must be a seat of the table (an ``int``, not a ``bool``): anything else raises
        :class:`~mahjong_rules.errors.IllegalActionError`, as :meth:`view`, :meth:`waits` and
        :meth:`default_action` do.
        """
        cached = state.cache.get(seat)
        if cached is not None and seat.__class__ is int:
            return cached  # type: ignore[no-any-return]
        check_seat(state, seat)
        return legal_for(self, state, seat)

    def default_action(self, state: State, seat: int) -> Action | None:
        """What a server applies for ``seat`` when its time to answer runs out (托管), or
        ``None`` if it does not act now.

        In its turn and in a claim or rob window: what
        :class:`~mahjong_rules.bots.CountingBot` chooses from the seat's view (``TUOGUAN``).
        Without the bots loaded (not reached: :mod:`mahjong_rules` loads them), a fixed rule:
        in a claim or rob window ``Pass`` (declining a win this way is a declined win, with
        its 过手胡). In its turn: the discard of the tile it drew when that is legal;
        otherwise (the dealer's first turn, after a peng, a hand declared and locked or a drawn
        wildcard) the first discard listed, which is the lowest tile; a turn with no discard
        listed (a forced choice such as YS-ALLWILD-1's win) takes the first action listed. In a
        phase of the variant's own: that phase's
        :meth:`~mahjong_rules.engine.phases.OwnPhase.default`.
        """
        legal = self.legal_actions(state, seat)
        if not legal:
            return None
        phase = state.phase
        if TUOGUAN and phase is not CHOOSING:
            return TUOGUAN[-1](self.view(state, seat))
        if phase is CLAIM or phase is ROB:
            return legal[-1]  # Pass is always listed last
        if phase is CHOOSING:
            return own_phase(self, state).default(self, state, seat)
        drawn = state.seats[seat].drawn
        first: Action | None = None
        for action in legal:
            if action.__class__ is Discard:
                if action.tile is drawn:
                    return action
                if first is None:
                    first = action
        return first if first is not None else legal[0]

    def result(self, state: State) -> HandResult | None:
        """The settlement once the hand has ended, else ``None`` (also while a phase of the
        variant's own at the hand's end is open: :attr:`State.result
        <mahjong_rules.engine.state.State.result>` then holds the settlement so far)."""
        result = state.result
        return result if result is None or state.phase is ENDED else None

    def view(self, state: State, seat: int) -> View:
        """What ``seat`` may see of ``state``: its own hand, the table, its legal actions, the
        last transition's events as it saw them and what the variant shows of its own records
        (:meth:`public_variant_view`, :meth:`private_variant_view`; its own events as
        :meth:`~mahjong_rules.engine.event_hooks.EventHooks.event_for` shows them), and
        nothing of any other seat's concealed tiles or of the wall (see
        :mod:`mahjong_rules.engine.view`)."""
        check_seat(state, seat)
        public = self.public_variant_view(state) if self.public_view_class else None
        private = self.private_variant_view(state, seat) if self.private_view_class else None
        own = self.event_types
        return build_view(
            state,
            seat,
            legal_for(self, state, seat),
            hide_kongs=self.hides_concealed_kongs,
            hide_wins=self.hides_winning_hands,
            public=public,
            private=private,
            own_events=own,
            event_for=self.event_for if own else None,
        )

    def public_view(self, state: State) -> PublicView:
        """What a spectator (观众, guānzhòng), who holds no seat, may see of ``state``: what every
        seat sees alike, no concealed tile, no wall, no legal action and no seat's private
        answer (see :mod:`mahjong_rules.engine.public_view`)."""
        return public_view_of(self, state)

    def events_for(self, seat: int, events: Iterable[Event]) -> tuple[Event, ...]:
        """``events`` (e.g. ``state.events``) filtered to what ``seat`` may see: other seats'
        draws without their tile, their 暗杠 without its tile, no other seat's pass, and the
        variant's own events as :meth:`~mahjong_rules.engine.event_hooks.EventHooks.event_for`
        shows them."""
        own, hide = self.event_types, self.hides_concealed_kongs
        return events_for(
            seat,
            events,
            hide_kongs=hide,
            own_events=own,
            event_for=self.event_for,
            hide_wins=self.hides_winning_hands,
        )

    @property
    def action_space(self) -> int:
        """How many integer action ids this room has (fixed per variant and options); see
        :mod:`mahjong_rules.engine.action_ids` for the table."""
        return action_space(self)

    def action_id(self, action: Action) -> int:
        """The integer id of ``action``'s shape (its seat left out), ``0 <= id <
        action_space``; the ids of one seat's legal actions are distinct."""
        return action_id(self, action)

    def action_from_id(self, seat: int, i: int) -> Action:
        """The action of ``seat`` whose id is ``i`` (the inverse of :meth:`action_id`)."""
        return action_from_id(self, seat, i)

    def explain_win(self, ctx: WinContext) -> NotAWin | None:
        """Why the hand of ``ctx`` is not a win in this room (form, 缺一门, a fifth copy, a
        wildcard meld where the game has none, the 报听 lock, ...), or ``None`` if it is one;
        see :func:`mahjong_rules.variants.explain.explain_win`."""
        return explain_win(self, ctx)

    def waits(self, state: State, seat: int) -> TileSet:
        """The tiles that would complete ``seat``'s hand (its 听牌).

        For a seat holding 3k+1 tiles (every seat between turns); a seat in its turn holds 3k+2
        and gets :class:`~mahjong_rules.errors.HandSizeError`.
        """
        check_seat(state, seat)
        if (held := state.seats[seat].tiles_count) % 3 != 1:
            raise HandSizeError(f"seat {seat} holds {held} tiles: waits are read of 3k+1")
        return TileSet._make(self._wait_mask(state, seat))

    def apply(
        self,
        state: State,
        action: Action,
        *,
        expect_step: int | Literal[AnyStep.ANY_STEP] = ANY_STEP,
    ) -> State:
        """The state after ``action``; raises :class:`IllegalActionError` (state unchanged) if
        it is not one of :meth:`legal_actions`.

        ``expect_step`` is the :attr:`View.step <mahjong_rules.engine.view.View.step>` the
        answer was made for, an ``int``, accepted while the moment that view showed is open for
        the seat (the current step, or in a window or phase asking several seats any step since
        it opened, while the seat has not answered); a late answer raises
        :class:`~mahjong_rules.errors.StaleActionError` (:mod:`~mahjong_rules.engine.step`).
        Any other value (``None``, ``"6"``, ``6.0``, ``True``) is refused with
        :class:`IllegalActionError`; only :data:`~mahjong_rules.engine.step.ANY_STEP`, the
        default, skips the check. (A server takes the seat from the client's connection, never
        from the action document: :func:`~mahjong_rules.serial.answer.read_answer` checks both.)
        """
        if state.options is not self.options and state.options != self.options:
            raise IllegalActionError("this state belongs to a room with other options")
        if expect_step is not ANY_STEP:
            check_step(state, action, expect_step)
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        after = apply_listed(self, self._routes, state, action)
        if after is None:
            raise IllegalActionError(self._why(state, action))
        return after

    def _why(self, state: State, action: Action) -> str:
        acting = sorted(self.to_act(state))
        seat = action.seat
        if seat.__class__ is int and seat in acting:  # the variant may word it first
            own = self.refusal(state, action)
            if own is not None:
                return own
        return why_illegal(state, action, acting, self.phases)
