"""The engine's working copies of states ("mutable inside, immutable outside", issue 35).

A transition that changes many fields :func:`thaw` s the state into a :class:`StateDraft`, sets
fields on it, and :func:`freeze` s it into a new :class:`~mahjong_rules.engine.state.State`
(the draft is used up: it is never touched again). Nobody but the transition ever sees a
draft, so no caller sees a state change.

Both builds run the same module, each its own functions, chosen once when it is imported:
compiled, the drafts are native classes and a thaw or a freeze copies the fields in C;
interpreted, a thaw copies the state's instance dict into a draft, and a freeze makes that very
object the state (it takes the state's class: the two classes have the same layout), so a copy
costs one dict copy and one object, as a hand-written one would.
"""

from __future__ import annotations

from collections.abc import Callable
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


class SeatDraft(_Memo):
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


class StateDraft(_Memo):
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
_setattr: Final = object.__setattr__
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


def _thaw_native(state: State) -> StateDraft:
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


def _freeze_native(d: StateDraft, cache: dict[Any, Any] | None = None) -> State:
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


def _thaw_seat_native(seat: SeatState) -> SeatDraft:
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


def _freeze_seat_native(d: SeatDraft, cache: dict[Any, Any] | None = None) -> SeatState:
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


def _replace_state_native(state: State, changes: dict[str, Any]) -> State:
    if not STATE_NAMES.issuperset(changes):
        raise TypeError(f"State has no field {', '.join(sorted(changes.keys() - STATE_NAMES))}")
    d = _thaw_native(state)
    for name, value in changes.items():
        setattr(d, name, value)
    return _freeze_native(d)


def _replace_seat_native(seat: SeatState, changes: dict[str, Any]) -> SeatState:
    if not SEAT_NAMES.issuperset(changes):
        raise TypeError(f"SeatState has no field {', '.join(sorted(changes.keys() - SEAT_NAMES))}")
    d = _thaw_seat_native(seat)
    for name, value in changes.items():
        setattr(d, name, value)
    return _freeze_seat_native(d)


# The pure build's: dicts copied and objects given their class, never a field copied by name.


def _thaw_pure(state: State) -> StateDraft:
    draft = _new(StateDraft)
    _set_draft_dict(draft, state.__dict__.copy())
    return draft


def _freeze_pure(d: StateDraft, cache: dict[Any, Any] | None = None) -> State:
    # the draft becomes the state: it takes the state's class (the same layout)
    _setattr(d, "__class__", State)
    _set_cache(d, {} if cache is None else cache)
    return d  # type: ignore[return-value]


def _thaw_seat_pure(seat: SeatState) -> SeatDraft:
    draft = _new(SeatDraft)
    _set_seat_draft_dict(draft, seat.__dict__.copy())
    return draft


def _freeze_seat_pure(d: SeatDraft, cache: dict[Any, Any] | None = None) -> SeatState:
    _setattr(d, "__class__", SeatState)
    _set_cache(d, {} if cache is None else cache)
    return d  # type: ignore[return-value]


def _replace_state_pure(state: State, changes: dict[str, Any]) -> State:
    fields = state.__dict__.copy()
    fields.update(changes)
    if len(fields) != _STATE_SIZE:  # a name that is no field was added
        raise TypeError(f"State has no field {', '.join(sorted(changes.keys() - STATE_NAMES))}")
    new = _new(State)
    _set_state_dict(new, fields)
    _set_cache(new, {})
    return new


def _replace_seat_pure(seat: SeatState, changes: dict[str, Any]) -> SeatState:
    fields = seat.__dict__.copy()
    fields.update(changes)
    if len(fields) != _SEAT_SIZE:
        raise TypeError(f"SeatState has no field {', '.join(sorted(changes.keys() - SEAT_NAMES))}")
    new = _new(SeatState)
    _set_seat_dict(new, fields)
    _set_cache(new, {})
    return new


_STATE_SIZE: Final = len(STATE_NAMES)
_SEAT_SIZE: Final = len(SEAT_NAMES)

thaw: Callable[[State], StateDraft] = _thaw_native if COMPILED else _thaw_pure
"""A working copy of ``state``."""
freeze: Callable[..., State] = _freeze_native if COMPILED else _freeze_pure
"""``freeze(d, cache=None)``: the state of the draft ``d`` (used up), whose memo is ``cache``
(a fresh one by default)."""
thaw_seat: Callable[[SeatState], SeatDraft] = _thaw_seat_native if COMPILED else _thaw_seat_pure
"""A working copy of ``seat``."""
freeze_seat: Callable[..., SeatState] = _freeze_seat_native if COMPILED else _freeze_seat_pure
"""``freeze_seat(d, cache=None)``: the seat of the draft ``d`` (used up), whose memo is
``cache`` (a fresh one by default)."""
replace_state: Callable[[State, dict[str, Any]], State] = (
    _replace_state_native if COMPILED else _replace_state_pure
)
"""``state`` with ``changes`` (field name to value), its memo empty; a name that is no field
raises :class:`TypeError`."""
replace_seat: Callable[[SeatState, dict[str, Any]], SeatState] = (
    _replace_seat_native if COMPILED else _replace_seat_pure
)
"""``seat`` with ``changes``, its memo empty; a name that is no field raises
:class:`TypeError`."""
