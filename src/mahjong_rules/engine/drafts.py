"""The engine's working copies of states ("mutable inside, immutable outside", issue 35).

A transition that changes many fields :func:`thaw` s the state into a :class:`StateDraft`, sets
fields on it, and :func:`freeze` s it into a new :class:`~mahjong_rules.engine.state.State`
(the draft is used up: it is never touched again). Nobody but the transition ever sees a
draft, so no caller sees a state change.

Both builds run the same module: a thaw copies the fields into a new draft; a freeze, chosen
once when the module is imported, differs. Compiled, the classes are native (a draft declares
the same fields) and a freeze builds the state with its constructor, in C; interpreted, a draft
is a writable subclass of its state class that adds no slot
(:func:`~mahjong_rules.engine.value_class.writable`), and a freeze makes that very draft the
state by giving it the state's class, so a copy costs one object and a slot store per field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.seat_state import SEAT_FIELD_NAMES, SeatState, _Memo
from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord
from mahjong_rules.engine.state_class import COMPILED, STATE_FIELD_NAMES, Phase, State
from mahjong_rules.engine.value_class import writable
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import Tile

__all__ = ["SeatDraft", "StateDraft", "freeze", "freeze_seat", "thaw", "thaw_seat"]


class SeatDraft(_Memo):
    """A mutable working copy of a :class:`SeatState` (the engine's own, never a caller's)."""

    __slots__ = SEAT_FIELD_NAMES

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

    __slots__ = STATE_FIELD_NAMES

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


STATE_NAMES: Final = frozenset(STATE_FIELD_NAMES)
SEAT_NAMES: Final = frozenset(SEAT_FIELD_NAMES)
_setattr: Final = object.__setattr__
_set_cache: Final = vars(_Memo)["cache"].__set__


def _thaw(state: State) -> StateDraft:
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


def _thaw_seat(seat: SeatState) -> SeatDraft:
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


# The pure build's: the draft takes its state class (the same slots), no field copied again.


def _freeze_pure(d: StateDraft, cache: dict[Any, Any] | None = None) -> State:
    _setattr(d, "__class__", State)
    _set_cache(d, {} if cache is None else cache)
    return d  # type: ignore[return-value]


def _freeze_seat_pure(d: SeatDraft, cache: dict[Any, Any] | None = None) -> SeatState:
    _setattr(d, "__class__", SeatState)
    _set_cache(d, {} if cache is None else cache)
    return d  # type: ignore[return-value]


def _replace_state(state: State, changes: dict[str, Any]) -> State:
    if not STATE_NAMES.issuperset(changes):
        raise TypeError(f"State has no field {', '.join(sorted(changes.keys() - STATE_NAMES))}")
    d = _thaw(state)
    for name, value in changes.items():
        setattr(d, name, value)
    return freeze(d)


def _replace_seat(seat: SeatState, changes: dict[str, Any]) -> SeatState:
    if not SEAT_NAMES.issuperset(changes):
        raise TypeError(f"SeatState has no field {', '.join(sorted(changes.keys() - SEAT_NAMES))}")
    d = _thaw_seat(seat)
    for name, value in changes.items():
        setattr(d, name, value)
    return freeze_seat(d)


if not COMPILED:
    # The pure build's drafts are writable subclasses of the state classes (the same slots,
    # none added), so that a freeze's change of class is quick; the classes above are the
    # compiled build's (native classes cannot derive from a class with Final fields and
    # assign them).
    for draft, state_class in ((StateDraft, State), (SeatDraft, SeatState)):
        name = draft.__name__
        globals()[name] = writable(state_class, name, vars(draft)["__doc__"], __name__)

thaw: Callable[[State], StateDraft] = _thaw
"""A working copy of ``state``."""
freeze: Callable[..., State] = _freeze_native if COMPILED else _freeze_pure
"""``freeze(d, cache=None)``: the state of the draft ``d`` (used up), whose memo is ``cache``
(a fresh one by default)."""
thaw_seat: Callable[[SeatState], SeatDraft] = _thaw_seat
"""A working copy of ``seat``."""
freeze_seat: Callable[..., SeatState] = _freeze_seat_native if COMPILED else _freeze_seat_pure
"""``freeze_seat(d, cache=None)``: the seat of the draft ``d`` (used up), whose memo is
``cache`` (a fresh one by default)."""
replace_state: Callable[[State, dict[str, Any]], State] = _replace_state
"""``state`` with ``changes`` (field name to value), its memo empty; a name that is no field
raises :class:`TypeError`."""
replace_seat: Callable[[SeatState, dict[str, Any]], SeatState] = _replace_seat
"""``seat`` with ``changes``, its memo empty; a name that is no field raises
:class:`TypeError`."""
