"""Small building blocks of a transition: state and seat copies, the ledger, the end of a hand.

Every transition of the engine (and every settlement a variant writes) builds its new state from
these. They copy with :func:`~mahjong_rules.engine.state.replace`, which does not re-run
validation: they are for values the engine already knows to be valid. Variants use
:func:`pay`, :func:`record_wins` and :func:`end_hand` in their settlement hooks; a game whose
ledger holds every payment that stands (血战) builds its result with :func:`ledger_result`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mahjong_rules.counts import KINDS_OF_LANES, LOW_BITS, TileCounts, TileSet
from mahjong_rules.engine.actions import Discard, Hu, Pass, Peng
from mahjong_rules.engine.events import Discarded, Drew, Event, Paid, Settled, Won
from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord, deltas_of
from mahjong_rules.engine.state import ENDED, State, replace
from mahjong_rules.errors import IllegalActionError
from mahjong_rules.tiles import Tile, all_tiles

__all__ = ["after_peng", "end_hand", "ledger_result", "pay", "record_wins"]


def pay(state: State, payments: Sequence[Payment], **changes: Any) -> State:
    """``state`` with ``payments`` added to the ledger, each reported by a
    :class:`~mahjong_rules.engine.events.Paid` event (and any other ``changes`` made in the same
    copy)."""
    return replace(
        state,
        ledger=(*state.ledger, *payments),
        events=(*state.events, *(Paid(p) for p in payments)),
        **changes,
    )


def record_wins(state: State, wins: Sequence[WinRecord]) -> State:
    """``state`` with ``wins`` added (their seats marked as won) and their
    :class:`~mahjong_rules.engine.events.Won` events."""
    events = (*state.events, *(Won(w) for w in wins))
    seats = list(state.seats)
    for w in wins:
        seats[w.seat] = replace(seats[w.seat], won=True)
    return replace(state, wins=(*state.wins, *wins), events=events, seats=tuple(seats))


def end_hand(state: State, result: HandResult, extra: Iterable[Event] = ()) -> State:
    """``state`` moved to the ENDED phase with ``result``, after the events ``extra`` and a
    :class:`~mahjong_rules.engine.events.Settled` event; the window's tile and pending 补杠
    are gone (they exist only in a claim or rob window; its forced seats stay, FLOW-4)."""
    events = (*state.events, *extra, Settled(result))
    return replace(
        state,
        phase=ENDED,
        result=result,
        events=events,
        claimants=(),
        answers=(),
        tile=None,
        pending=None,
    )


def ledger_result(
    state: State, *, exhausted: bool, ready: dict[int, bool] | None = None
) -> HandResult:
    """The result of a hand whose ledger holds every payment that stands (a game that pays
    wins as they are made, 血战): its wins, the ledger and its deltas, the next dealer the
    hand fixed (``state.next_dealer``, else the dealer stays), and, at the end, which seats
    were ready."""
    next_dealer = state.next_dealer if state.next_dealer is not None else state.dealer
    return HandResult(
        wins=state.wins,
        payments=state.ledger,
        deltas=deltas_of(state.ledger, state.players),
        next_dealer=next_dealer,
        exhausted=exhausted,
        ready=ready or {},
    )


def start_variant_state(rules: Any, state: State) -> State:
    """``state``, a hand just built, with the variant's own records of the hand and of each
    seat (``rules.new_hand_state`` and ``rules.new_seat_state``); a record that is not of the
    class the variant declares (``None`` where it declares none) is a bug of the variant,
    refused with :class:`TypeError`."""
    hand = rules.new_hand_state(state)
    _check_record(hand, rules.hand_state_class, "new_hand_state")
    seats = []
    for index, seat in enumerate(state.seats):
        record = rules.new_seat_state(state, index)
        _check_record(record, rules.seat_state_class, "new_seat_state")
        seats.append(replace(seat, variant=record))
    return replace(state, variant=hand, seats=tuple(seats))


def _check_record(record: object, cls: type | None, hook: str) -> None:
    if (record is not None) if cls is None else (record.__class__ is not cls):
        expected = "None" if cls is None else f"a {cls.__name__}"
        raise TypeError(f"{hook}() must give {expected}, gave {record!r}")


def after_peng(state: State, seat: int) -> bool:
    """Whether ``seat``'s turn began with a peng (no tile drawn, and not the dealer's first
    turn): it may only discard, and no self-draw win is on offer."""
    return state.seats[seat].drawn is None and state.discards_made > 0


def check_seat(state: State, seat: object) -> None:
    """Refuse anything but a seat of the table (an ``int``, not a ``bool``)."""
    if seat.__class__ is not int or not 0 <= seat < state.players:
        n = state.players
        raise IllegalActionError(f"no seat {seat!r} at a table of {n}: a seat is an int 0..{n - 1}")


def take(concealed: TileCounts, tile: Tile, n: int, wilds: Sequence[Tile]) -> TileCounts:
    """``concealed`` less ``n`` copies of ``tile``, wildcards ``wilds`` standing for some."""
    concealed = concealed.remove(tile, n - len(wilds))
    for wild in wilds:
        concealed = concealed.remove(wild)
    return concealed


NO_KINDS = TileSet()
ALL_TILES = all_tiles()
FOURS = sum(4 << (3 * i) for i in range(34))
"""A lane holding four copies has its third bit set: ``bits & FOURS`` finds the quads."""

DISCARDS = tuple(tuple(Discard(seat, tile) for tile in ALL_TILES) for seat in range(4))
"""Discard actions are plain values: one shared object per (seat, tile)."""
HU = tuple(Hu(seat) for seat in range(4))
PENG = tuple(Peng(seat) for seat in range(4))
PASS = tuple(Pass(seat) for seat in range(4))
DISCARDED: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple((Discarded(seat, tile),) for tile in ALL_TILES) for seat in range(4)
)
"""The events of a discard, as the one-event tuple that starts its transition (typed as a
tuple of any length, so that a compiled build keeps these very tuples, not copies)."""
DREW = tuple(
    tuple(tuple(Drew(seat, tile, back) for tile in ALL_TILES) for seat in range(4))
    for back in (False, True)
)
"""The common events, shared the same way (events are values too)."""
_DISCARD_AND_DRAW: list[list[tuple[Event, ...] | None] | None] = [None] * 4
"""Per drawer: the events of a discard nobody claims and this seat's draw, one shared pair
per (discarder, tile, tile drawn), built the first time it is met."""


def discard_and_draw(seat: int, tile: Tile, drawer: int, drawn: Tile) -> tuple[Event, ...]:
    """The events of ``seat``'s discard of ``tile``, which nobody claims, and ``drawer``'s
    ordinary draw of ``drawn``: a shared tuple, so most kept states hold no events of their
    own (at most 4 x 4 x 34 x 34 pairs, filled as they are met)."""
    row = _DISCARD_AND_DRAW[drawer]
    if row is None:
        row = _DISCARD_AND_DRAW[drawer] = [None] * (4 * 34 * 34)
    key = (seat * 34 + tile.index) * 34 + drawn.index
    pair = row[key]
    if pair is None:
        pair = row[key] = (*DISCARDED[seat][tile.index], DREW[False][drawer][drawn.index])
    return pair


_DISCARD_ROWS: tuple[tuple[list[tuple[Discard, ...] | None], ...], ...] = tuple(
    tuple([None] * 512 for _ in range(4)) for _ in range(4)
)
"""Per seat and part (万 筒 条, honors): the Discard actions of the kinds of each 9-bit (7-bit)
mask of that part, built the first time the pattern is met."""
_HELD_ROWS: tuple[tuple[dict[int, tuple[Discard, ...]], ...], ...] = tuple(
    tuple({} for _ in range(4)) for _ in range(4)
)
"""The same tuples keyed by the part's held lanes instead (bit ``3r`` set where rank ``r`` is
held): at most 512 keys a part, so the memo stays small."""
_PART = (1 << 27) - 1


def discard_actions(seat: int, mask: int) -> tuple[Discard, ...]:
    """The Discard actions of ``seat`` for the kinds of the 34-bit ``mask``, in tile order
    (one shared tuple per part and pattern, joined)."""
    rows = _DISCARD_ROWS[seat]
    found: tuple[Discard, ...] = ()
    m = mask & 511  # (a pattern met before is a non-empty tuple)
    if m:
        found = rows[0][m] or _discard_row(seat, 0, m)
    m = mask >> 9 & 511
    if m:
        found += rows[1][m] or _discard_row(seat, 1, m)
    m = mask >> 18 & 511
    if m:
        found += rows[2][m] or _discard_row(seat, 2, m)
    m = mask >> 27
    if m:
        found += rows[3][m] or _discard_row(seat, 3, m)
    return found


def held_discards(seat: int, bits: int) -> tuple[Discard, ...]:
    """:func:`discard_actions` of the kinds held in the :attr:`TileCounts.bits
    <mahjong_rules.counts.TileCounts.bits>` ``bits``, read from the lanes without building
    the kinds' mask first."""
    present = (bits | bits >> 1 | bits >> 2) & LOW_BITS  # bit 3i set where kind i is held
    rows = _HELD_ROWS[seat]
    found: tuple[Discard, ...] = ()
    lanes = present & _PART
    if lanes:
        found = rows[0].get(lanes) or _held_row(seat, 0, lanes)
    lanes = present >> 27 & _PART
    if lanes:
        found += rows[1].get(lanes) or _held_row(seat, 1, lanes)
    lanes = present >> 54 & _PART
    if lanes:
        found += rows[2].get(lanes) or _held_row(seat, 2, lanes)
    lanes = present >> 81
    if lanes:
        found += rows[3].get(lanes) or _held_row(seat, 3, lanes)
    return found


def _discard_row(seat: int, part: int, m: int) -> tuple[Discard, ...]:
    row = DISCARDS[seat]
    found = _DISCARD_ROWS[seat][part][m] = tuple(row[9 * part + r] for r in range(9) if m >> r & 1)
    return found


def _held_row(seat: int, part: int, lanes: int) -> tuple[Discard, ...]:
    m = KINDS_OF_LANES[lanes]
    found = _HELD_ROWS[seat][part][lanes] = _DISCARD_ROWS[seat][part][m] or _discard_row(
        seat, part, m
    )
    return found
