"""The engine's working copies of states ("mutable inside, immutable outside", issue 35).

A transition that changes many fields :func:`thaw` s the state into a :class:`StateDraft`, sets
fields on it, and :func:`freeze` s it into a new :class:`~mahjong_rules.engine.state.State`
(the draft is used up: it is never touched again). Nobody but the transition ever sees a
draft, so no caller sees a state change.

Both builds run the same code: compiled, the drafts are native classes and a thaw or a freeze
copies the fields in C; interpreted, a thaw copies the state's instance dict into the draft's
and a freeze hands that dict to the new state (one dict copy per state copy).
"""

from __future__ import annotations

from typing import Any, Final

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.seat_state import SeatState, _Memo
from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord
from mahjong_rules.engine.state_class import COMPILED, Phase, State
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import Tile

__all__ = ["SeatDraft", "StateDraft", "freeze", "freeze_seat", "thaw", "thaw_seat"]


class SeatDraft:
    """A mutable working copy of a :class:`SeatState` (the engine's own, never a caller's)."""

    concealed: TileCounts
    melds: tuple[Meld, ...]
    discards: tuple[Tile, ...]
    pass_hu: bool
    pass_hu_fan: int
    pass_peng: TileSet
    won: bool
    drawn: Tile | None
    turn_draws: tuple[Tile, ...]
    draws: int
    variant: Any


class StateDraft:
    """A mutable working copy of a :class:`State` (the engine's own, never a caller's)."""

    options: Any
    players: int
    dealer: int
    wall: tuple[Tile, ...]
    front: int
    back: int
    seats: tuple[SeatState, ...]
    phase: Phase
    current: int
    tile: Tile | None
    claimants: tuple[int, ...]
    answers: tuple[Action, ...]
    forced: tuple[int, ...]
    kong_chain: int
    chain_refs: tuple[int, ...]
    pending: Action | None
    ledger: tuple[Payment, ...]
    next_ref: int
    wins: tuple[WinRecord, ...]
    discards_made: int
    wild_kinds: TileSet
    acted_since_draw: bool
    next_dealer: int | None
    step: int
    events: tuple[Event, ...]
    result: HandResult | None
    discard_win: int | None
    stage: str | None
    variant: Any


STATE_NAMES: Final = frozenset(f.name for f in State.FIELDS)
SEAT_NAMES: Final = frozenset(f.name for f in SeatState.FIELDS)
_new: Final = object.__new__
_set_cache: Final = vars(_Memo)["cache"].__set__
if COMPILED:
    _set_state_dict: Any = None
    _set_seat_dict: Any = None
    _set_draft_dict: Any = None
    _set_seat_draft_dict: Any = None
else:
    _set_state_dict = vars(State)["__dict__"].__set__
    _set_seat_dict = vars(SeatState)["__dict__"].__set__
    _set_draft_dict = vars(StateDraft)["__dict__"].__set__
    _set_seat_draft_dict = vars(SeatDraft)["__dict__"].__set__


def thaw(state: State) -> StateDraft:
    """A working copy of ``state``."""
    if not COMPILED:
        draft = _new(StateDraft)
        _set_draft_dict(draft, state.__dict__.copy())
        return draft
    d = StateDraft()
    d.options = state.options
    d.players = state.players
    d.dealer = state.dealer
    d.wall = state.wall
    d.front = state.front
    d.back = state.back
    d.seats = state.seats
    d.phase = state.phase
    d.current = state.current
    d.tile = state.tile
    d.claimants = state.claimants
    d.answers = state.answers
    d.forced = state.forced
    d.kong_chain = state.kong_chain
    d.chain_refs = state.chain_refs
    d.pending = state.pending
    d.ledger = state.ledger
    d.next_ref = state.next_ref
    d.wins = state.wins
    d.discards_made = state.discards_made
    d.wild_kinds = state.wild_kinds
    d.acted_since_draw = state.acted_since_draw
    d.next_dealer = state.next_dealer
    d.step = state.step
    d.events = state.events
    d.result = state.result
    d.discard_win = state.discard_win
    d.stage = state.stage
    d.variant = state.variant
    return d


def freeze(d: StateDraft, cache: dict[Any, Any] | None = None) -> State:
    """The state of the draft ``d`` (used up), whose memo is ``cache`` (a fresh one by
    default)."""
    if not COMPILED:
        new = _new(State)
        _set_state_dict(new, d.__dict__)
        _set_cache(new, {} if cache is None else cache)
        return new
    made = State(
        d.options,
        d.players,
        d.dealer,
        d.wall,
        d.front,
        d.back,
        d.seats,
        d.phase,
        d.current,
        d.tile,
        d.claimants,
        d.answers,
        d.forced,
        d.kong_chain,
        d.chain_refs,
        d.pending,
        d.ledger,
        d.next_ref,
        d.wins,
        d.discards_made,
        d.wild_kinds,
        d.acted_since_draw,
        d.next_dealer,
        d.step,
        d.events,
        d.result,
        d.discard_win,
        stage=d.stage,
        variant=d.variant,
    )
    if cache is not None:
        made.cache = cache
    return made


def thaw_seat(seat: SeatState) -> SeatDraft:
    """A working copy of ``seat``."""
    if not COMPILED:
        draft = _new(SeatDraft)
        _set_seat_draft_dict(draft, seat.__dict__.copy())
        return draft
    d = SeatDraft()
    d.concealed = seat.concealed
    d.melds = seat.melds
    d.discards = seat.discards
    d.pass_hu = seat.pass_hu
    d.pass_hu_fan = seat.pass_hu_fan
    d.pass_peng = seat.pass_peng
    d.won = seat.won
    d.drawn = seat.drawn
    d.turn_draws = seat.turn_draws
    d.draws = seat.draws
    d.variant = seat.variant
    return d


def freeze_seat(d: SeatDraft, cache: dict[Any, Any] | None = None) -> SeatState:
    """The seat of the draft ``d`` (used up), whose memo is ``cache`` (a fresh one by
    default)."""
    if not COMPILED:
        new = _new(SeatState)
        _set_seat_dict(new, d.__dict__)
        _set_cache(new, {} if cache is None else cache)
        return new
    made = SeatState(
        d.concealed,
        d.melds,
        d.discards,
        d.pass_hu,
        d.pass_hu_fan,
        d.pass_peng,
        d.won,
        d.drawn,
        d.turn_draws,
        d.draws,
        d.variant,
    )
    if cache is not None:
        made.cache = cache
    return made


def replace_state(state: State, changes: dict[str, Any]) -> State:
    """``state`` with ``changes`` (field name to value), its memo empty."""
    unknown = changes.keys() - STATE_NAMES
    if unknown:
        raise TypeError(f"State has no field {', '.join(sorted(unknown))}")
    if not COMPILED:
        fields = state.__dict__.copy()
        fields.update(changes)
        new = _new(State)
        _set_state_dict(new, fields)
        _set_cache(new, {})
        return new
    d = thaw(state)
    for name, value in changes.items():
        setattr(d, name, value)
    return freeze(d)


def replace_seat(seat: SeatState, changes: dict[str, Any]) -> SeatState:
    """``seat`` with ``changes`` (field name to value), its memo empty."""
    unknown = changes.keys() - SEAT_NAMES
    if unknown:
        raise TypeError(f"SeatState has no field {', '.join(sorted(unknown))}")
    if not COMPILED:
        fields = seat.__dict__.copy()
        fields.update(changes)
        new = _new(SeatState)
        _set_seat_dict(new, fields)
        _set_cache(new, {})
        return new
    d = thaw_seat(seat)
    for name, value in changes.items():
        setattr(d, name, value)
    return freeze_seat(d)
