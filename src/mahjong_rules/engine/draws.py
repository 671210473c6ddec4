"""Dealing, drawing and the wall's end: the engine draws for the players (FLOW-1); and a
self-draw win, after which play may go on with the next draw.

A draw ends every transition that passes the turn on, so the rest of that transition (the
discard before it, a kong's chain) is folded into the same state copy (:func:`draw`,
:func:`draw_into`). Plain functions of the rules object (``rules``, whose hooks they ask) and
the state; of the other transitions they call none (see :mod:`~mahjong_rules.engine.routes`).
"""

from __future__ import annotations

from typing import Any

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.actions import Discard
from mahjong_rules.engine.defaulted import next_to_draw, self_win_forced
from mahjong_rules.engine.drafts import StateDraft, freeze, freeze_seat, thaw, thaw_seat
from mahjong_rules.engine.edit import ALL_TILES, DREW, NO_KINDS, discard_and_draw
from mahjong_rules.engine.events import Dealt, Event, WallExhausted
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.settlement import WinRecord
from mahjong_rules.engine.state import ENDED, TURN, SeatState, State, replace
from mahjong_rules.engine.waits import can_self_win
from mahjong_rules.errors import WallError
from mahjong_rules.scoring import WinKind
from mahjong_rules.tiles import Tile

__all__ = ["begin_turn", "deal", "draw", "draw_into", "self_draw_win"]

_ALONE: tuple[tuple[Tile, ...], ...] = tuple((tile,) for tile in ALL_TILES)
"""The turn draws of a turn begun with an ordinary draw: one shared tuple per tile (typed as
a tuple of any length, so that a compiled build keeps these very tuples, not copies)."""


def _dealt(wall: tuple[Tile, ...], start: int, n: int) -> TileCounts:
    """The ``n`` wall tiles from ``start`` as counts, unchecked: a wall holds four of a kind."""
    bits = 0
    for tile in wall[start : start + n]:
        bits += 1 << 3 * tile.index
    return TileCounts._make(bits, n)


def deal(rules: Hooks, state: State) -> State:
    """DEAL-1: the dealer takes the first 14 tiles, each following seat the next 13; then
    the variant's :meth:`~mahjong_rules.engine.table_hooks.TableHooks.set_aside_at_deal`
    tiles leave the front, and its
    :meth:`~mahjong_rules.engine.table_hooks.TableHooks.after_deal` runs. The phases after
    the deal are the caller's (:func:`~mahjong_rules.engine.choosing.after_deal_phases`)."""
    wall, n, dealer = state.wall, state.players, state.dealer
    seats = list(state.seats)
    pos = 0
    for k in range(n):
        seat = (dealer + k) % n
        size = 13 if k else 14
        seats[seat] = replace(seats[seat], concealed=_dealt(wall, pos, size))
        pos += size
    state = replace(state, seats=tuple(seats), front=pos, phase=TURN, current=dealer, answers=())
    aside = rules.set_aside_at_deal(state)
    if aside:
        if aside.__class__ is not int or not 0 < aside <= state.back - pos:
            raise WallError(
                f"{type(rules).__name__}.set_aside_at_deal: 0..{state.back - pos} tiles "
                f"(the live wall's), not {aside!r}"
            )
        state = replace(state, front=pos + aside)
    state = rules.after_deal(state)
    return replace(state, events=(*state.events, Dealt(dealer, state.tiles_left)))


def draw(
    rules: Hooks,
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
    same state copy.
    """
    d = thaw(state)
    if seats is not None:
        d.seats = seats
    if events is not None:
        d.events = events
    for name, value in changes.items():
        setattr(d, name, value)
    return draw_into(rules, state, d, seat, replacement)


def draw_into(
    rules: Hooks,
    state: State,
    d: StateDraft,
    seat: int,
    replacement: bool,
    discard: Discard | None = None,
) -> State:
    """:func:`draw` into ``d``: the new state so far (a working copy of ``state``, the rest
    of the transition already in it), so that the whole transition makes one state copy. A
    discard nobody claims comes here directly, as ``discard``: its events and the draw's are
    then one shared pair."""
    seats = d.seats
    events = d.events
    front, back = state.front, state.back
    d.claimants = d.answers = d.forced = ()
    d.tile = d.discard_win = None
    if front == back:
        d.events = (*events, WallExhausted())
        return rules.settle_exhausted(freeze(d))
    s = seats[seat]
    if replacement:
        back -= 1
        tile = state.wall[back]
        turn_draws = (*s.turn_draws, tile)
    else:
        tile = state.wall[front]
        front += 1
        d.kong_chain = 0
        d.chain_refs = ()
        turn_draws = _ALONE[tile.index]
    drawer = thaw_seat(s)
    concealed = s.concealed
    drawer.concealed = TileCounts._make(  # a wall tile: never a fifth copy
        concealed.bits + (1 << 3 * tile.index), concealed.size + 1
    )
    drawer.drawn = tile
    drawer.turn_draws = turn_draws
    drawer.draws = s.draws + 1
    if not s.pass_hu or rules.draw_lifts_pass_hu(state, seat, replacement):
        drawer.pass_hu = False
        drawer.pass_hu_fan = -1
    drawer.pass_peng = NO_KINDS
    cache: dict[Any, Any] = {}
    waits = s.cache.get("waits")
    if waits is not None:
        # the hand is complete exactly when it drew one of its waits; and discarding the
        # drawn tile again gives back the hand whose waits these are
        cache["complete"] = bool(waits >> tile.index & 1)
        cache["waits_before"] = waits
    d.seats = (*seats[:seat], freeze_seat(drawer, cache), *seats[seat + 1 :])
    d.front = front
    d.back = back
    d.phase = TURN
    d.current = seat
    d.acted_since_draw = False
    if discard is not None:
        d.events = discard_and_draw(discard.seat, discard.tile, seat, tile)
    else:
        d.events = (*events, DREW[replacement][seat][tile.index])
    return begin_turn(rules, freeze(d))


def begin_turn(rules: Hooks, state: State) -> State:
    """Apply a forced self-draw win at once (FLOW-4): after a draw, and in the dealer's
    first turn (a dealt hand the variant forces to win)."""
    seat = state.current
    s = state.seats[seat]
    if (
        (s.drawn is not None or (seat == state.dealer and not state.discards_made and not s.draws))
        and self_win_forced(rules, state, seat)
        and can_self_win(rules, state, seat)
    ):
        return self_draw_win(rules, state, seat, forced=True)
    return state


def self_draw_win(rules: Hooks, state: State, seat: int, *, forced: bool) -> State:
    """``seat`` wins on its own hand (a self-draw): scored and settled by the variant; in 血战 play
    goes on with the next seat's draw."""
    s = state.seats[seat]
    # a dealt hand's "winning tile" is the dealer's fourteenth tile
    tile = s.drawn if s.drawn is not None else state.wall[13]
    breakdown = rules.score(rules.win_context(state, seat, tile, WinKind.SELF_DRAW))
    assert breakdown is not None
    win = WinRecord(seat, WinKind.SELF_DRAW, tile, None, breakdown, forced)
    state = rules.settle_wins(state, [win])
    if state.phase is ENDED:
        return state
    return draw(rules, state, next_to_draw(rules, state, seat))  # 血战: play goes on
