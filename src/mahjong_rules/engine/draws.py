"""Dealing, drawing and the wall's end: the engine draws for the players (FLOW-1).

A draw ends every transition that passes the turn on, so the rest of that transition (the
discard before it, a kong's chain) is folded into the same state copy (:meth:`Draws._draw`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.edit import ALL_TILES, DREW, NO_KINDS, plus
from mahjong_rules.engine.events import Dealt, Event, WallExhausted
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.state import Phase, SeatState, State, replace

__all__ = ["Draws"]

_ALONE = tuple((tile,) for tile in ALL_TILES)
"""The turn draws of a turn begun with an ordinary draw: one shared tuple per tile."""


class Draws(Hooks):
    """Dealing and drawing (a mixin of :class:`~mahjong_rules.variants.base.Rules`)."""

    if TYPE_CHECKING:  # the other parts of the engine this one calls

        def _self_draw_win(self, state: State, seat: int, *, forced: bool) -> State: ...

    def _deal(self, state: State) -> State:
        """DEAL-1: the dealer takes the first 14 tiles, each following seat the next 13."""
        wall, n, dealer = state.wall, state.players, state.dealer
        hands: list[TileCounts] = [TileCounts()] * n
        hands[dealer] = TileCounts(wall[:14])
        pos = 14
        for k in range(1, n):
            hands[(dealer + k) % n] = TileCounts(wall[pos : pos + 13])
            pos += 13
        seats = tuple(replace(s, concealed=h) for s, h in zip(state.seats, hands, strict=True))
        state = replace(state, seats=seats, front=pos, phase=Phase.TURN, current=dealer, answers=())
        state = self.after_deal(state)
        state = replace(state, events=(*state.events, Dealt(dealer, state.tiles_left)))
        return self._begin_turn(state)

    def _draw(
        self,
        state: State,
        seat: int,
        *,
        replacement: bool = False,
        seats: tuple[SeatState, ...] | None = None,
        events: tuple[Event, ...] | None = None,
        **changes: Any,
    ) -> State:
        """``seat`` draws (from the back for a kong replacement), or the wall runs out.

        ``seats``, ``events`` and ``changes`` are the rest of the transition, folded into the
        same state copy (a discard nobody claims comes here directly).
        """
        seats = state.seats if seats is None else seats
        events = state.events if events is None else events
        if state.tiles_left == 0:
            state = replace(
                state,
                seats=seats,
                claimants=(),
                answers=(),
                forced=(),
                tile=None,
                discard_win=None,
                events=(*events, WallExhausted()),
                **changes,
            )
            return self.settle_exhausted(state)
        s = seats[seat]
        front, back = state.front, state.back
        if replacement:
            back -= 1
            tile = state.wall[back]
            chain = changes.pop("kong_chain", state.kong_chain)
            refs = changes.pop("chain_refs", state.chain_refs)
        else:
            tile = state.wall[front]
            front += 1
            chain, refs = 0, ()
        drawer = replace(
            s,
            concealed=plus(s.concealed, tile),  # a wall tile: never a fifth copy
            drawn=tile,
            turn_draws=(*s.turn_draws, tile) if replacement else _ALONE[tile.index],
            draws=s.draws + 1,
            pass_hu=False,
            pass_hu_fan=-1,
            pass_peng=NO_KINDS,
        )
        waits = s.cache.get("waits")
        if waits is not None:
            # the hand is complete exactly when it drew one of its waits; and discarding the
            # drawn tile again gives back the hand whose waits these are
            drawer.cache["complete"] = bool(waits >> tile.index & 1)
            drawer.cache["waits_before"] = waits
        state = replace(
            state,
            seats=(*seats[:seat], drawer, *seats[seat + 1 :]),
            front=front,
            back=back,
            kong_chain=chain,
            chain_refs=refs,
            phase=Phase.TURN,
            current=seat,
            ti_made=False,
            claimants=(),
            answers=(),
            forced=(),
            tile=None,
            discard_win=None,
            events=(*events, DREW[replacement][seat][tile.index]),
            **changes,
        )
        return self._begin_turn(state)

    def _begin_turn(self, state: State) -> State:
        """Apply a forced self-draw win at once (FLOW-4)."""
        seat = state.current
        s = state.seats[seat]
        if (
            s.drawn is not None
            and self.self_win_forced(state, seat)
            and self._can_self_win(state, seat)
        ):
            return self._self_draw_win(state, seat, forced=True)
        return state
