"""Sichuan's own records of 换三张 (huàn sān zhāng) and 定缺 (dìng quē): what it keeps of each
seat (:class:`SichuanSeat`) and of the hand (:class:`SichuanHand`), what every seat sees of
them (:class:`SichuanTable`) and what a seat alone sees (:class:`SichuanOwn`), SC-VIEW-1.

The tile set aside at 定缺 (SC-VOID-2) stays among the seat's concealed tiles, marked by
:attr:`SichuanSeat.aside`, until it is turned up as the seat's first discard: the engine's
tile counts (3k+2 in turn, 3k+1 otherwise), its discard of it and every check of a read state
(TILE-1) hold unchanged, and :func:`hand_in_play` gives the hand the seat plays on from (12,
or 13 for the dealer). The rules must then offer that tile as the seat's only first discard
(so a seat that has discarded has turned it up: :func:`turned_up`; the engine keeps a claimed
discard among its discarder's discards) and leave it out of what the hand does before (kongs,
waits); as a tile of the void suit it already bars a win while held (SC-VOID-3).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import attrs

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.state import SeatState, State, reduce_fields
from mahjong_rules.tiles import Suit, Tile, all_tiles
from mahjong_rules.variants.sichuan.actions import SUITS, DeclareVoid, SwapTiles

__all__ = [
    "DIRECTIONS",
    "SWAPPING",
    "VOIDING",
    "SichuanHand",
    "SichuanOwn",
    "SichuanSeat",
    "SichuanTable",
    "hand_in_play",
    "hand_problem",
    "private_view",
    "public_view",
    "seat_problem",
    "swap_direction",
    "turned_up",
]

SWAPPING = "swapping"
"""The name (a state's ``stage``) of the 换三张 phase."""
VOIDING = "voiding"
"""The name of the 定缺 phase."""

DIRECTIONS: dict[str, int] = {"to_next": 1, "to_previous": -1, "opposite": 2}
"""Where each seat passes its three (SC-SWAP-2): the receiving seat, counted on from the giver
(下家 = seat + 1, SEAT-1)."""


@attrs.frozen
class SichuanSeat:
    """Sichuan's record of one seat in a hand (its ``seat_state_class``); its secrets are in
    its own view only (:func:`private_view`)."""

    chosen: tuple[Tile, ...] = ()
    """换三张: the three tiles it passes (sorted; secret), ``()`` before it chose or without
    the swap (SC-SWAP-1)."""
    received: tuple[Tile, ...] = ()
    """换三张: the three passed to it (sorted; secret), ``()`` before the swap."""
    void: Suit | None = None
    """定缺: the suit it declared void (secret until its tile is :func:`turned_up`), ``None``
    before."""
    aside: Tile | None = None
    """定缺: the tile of that suit it set aside face down (secret until turned up, see
    :func:`turned_up`; still among its concealed tiles, see the module), ``None`` when it
    held none of the suit."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled compactly, as the engine's own values are: its class and fields
        (:mod:`mahjong_rules._reduce`)."""
        return reduce_fields(self)


@attrs.frozen
class SichuanHand:
    """Sichuan's record of the hand (its ``hand_state_class``)."""

    direction: str | None = None
    """换三张: where the three tiles went (a key of :data:`DIRECTIONS`), once swapped;
    ``None`` before, or in a room without the swap."""
    voided: bool = False
    """定缺: every seat has declared and the declarations took effect (SC-VOID-1)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled compactly, as the engine's own values are: its class and fields
        (:mod:`mahjong_rules._reduce`)."""
        return reduce_fields(self)


@attrs.frozen
class SichuanTable:
    """What every seat sees of the records (Sichuan's ``public_view_class``)."""

    direction: str | None
    """Where the three tiles went, once swapped (public)."""
    face_down: tuple[bool, ...]
    """By seat: it has a tile set aside face down, not yet turned up."""
    voids: tuple[Suit | None, ...]
    """By seat: its void suit once its set-aside tile is turned up, else ``None`` (SC-VIEW-1:
    a seat that declared holding none of the suit never shows it)."""


@attrs.frozen
class SichuanOwn:
    """What a seat alone sees of its own record (Sichuan's ``private_view_class``)."""

    chosen: tuple[Tile, ...]
    """The three tiles it chose to pass (``()``: none yet)."""
    received: tuple[Tile, ...]
    """The three passed to it (``()``: not swapped yet)."""
    void: Suit | None
    """Its void suit (``None``: not declared yet)."""
    aside: Tile | None
    """The tile it set aside (``None``: none)."""


_NOTATION = tuple(tile.notation for tile in all_tiles())
"""Each kind's notation by its index (a wall's 108 tiles are written at every swap)."""


def swap_direction(option: str, wall: Sequence[Tile]) -> str:
    """The direction of a hand's swap (SC-SWAP-2): the room's option, or for ``"random"`` one
    drawn from the hand's wall, as dcmshi's random draws one of two: the lowest bit of the
    first byte of the SHA-256 of ``"swap "`` and the wall's tiles in notation, space
    separated; 0 → ``"to_next"``, 1 → ``"to_previous"``. The same wall always swaps the same
    way (a replay agrees), and the digest a hand record publishes (the wall's own SHA-256)
    does not tell it."""
    if option != "random":
        return option
    text = "swap " + " ".join([_NOTATION[tile.index] for tile in wall])
    return ("to_next", "to_previous")[hashlib.sha256(text.encode()).digest()[0] & 1]


def turned_up(seat: SeatState) -> bool:
    """Whether ``seat`` has turned up the tile it set aside: it set one aside and has made its
    first discard, which SC-VOID-2 makes that tile. Its void suit is public from then on
    (SC-VIEW-1); one declared without a tile never is."""
    record = seat.variant
    return isinstance(record, SichuanSeat) and record.aside is not None and bool(seat.discards)


def hand_in_play(state: State, seat: int) -> TileCounts:
    """The concealed tiles ``seat`` plays with: once 定缺 has taken effect, all of them but
    its set-aside tile while that is face down (12 for a seat that set one aside, 13 for the
    dealer; SC-VOID-2)."""
    mine = state.seats[seat]
    aside: Tile | None = mine.variant.aside
    concealed = mine.concealed
    if aside is None or mine.discards:  # none set aside, or turned up as the first discard
        return concealed
    if concealed.bits >> 3 * aside.index & 7 and state.variant.voided:
        return concealed.remove(aside)
    return concealed


def public_view(state: State) -> SichuanTable:
    """What every seat sees: the swap's direction, who has a tile face down, and the void
    suits turned up."""
    hand: SichuanHand = state.variant
    up = [turned_up(s) for s in state.seats]
    down = tuple(
        hand.voided and s.variant.aside is not None and not u
        for s, u in zip(state.seats, up, strict=True)
    )
    voids = tuple(s.variant.void if u else None for s, u in zip(state.seats, up, strict=True))
    return SichuanTable(hand.direction, down, voids)


def private_view(state: State, seat: int) -> SichuanOwn:
    """What ``seat`` alone sees: its own record."""
    r: SichuanSeat = state.seats[seat].variant
    return SichuanOwn(r.chosen, r.received, r.void, r.aside)


def _three(tiles: tuple[Tile, ...]) -> bool:
    return (
        len(tiles) == 3
        and tiles == tuple(sorted(tiles))
        and len({t.suit for t in tiles}) == 1
        and tiles[0].suit in SUITS
    )


def hand_problem(state: State) -> str | None:
    """What is wrong with the hand's record (for ``hand_state_problem``), or ``None``."""
    hand: SichuanHand = state.variant
    options = state.options
    in_swap = state.stage == SWAPPING
    if hand.direction is not None:
        if not options.swap_three or in_swap:
            return "no swap has been made"
        expected = swap_direction(options.swap_direction, state.wall)
        if hand.direction != expected:
            return f"this hand's three tiles go {expected}, not {hand.direction!r}"
    elif options.swap_three and not in_swap:
        return "the swap has been made: its direction is missing"
    if hand.voided == (state.stage in (SWAPPING, VOIDING)):
        return "定缺 takes effect when its phase ends" if hand.voided else "定缺 was made"
    return None


def _answer(state: State, stage: str, seat: int) -> object:
    """``seat``'s answer in the open phase ``stage`` (``None``: not open, or not answered)."""
    if state.stage != stage:
        return None
    return next((a for a in state.answers if a.seat == seat), None)


def seat_problem(state: State, seat: int) -> str | None:
    """What is wrong with ``seat``'s record (for ``seat_state_problem``), or ``None``: its
    tiles chosen and received, its declaration, each against the phase it was made in (while
    a phase is open, a seat's record holds its answer there, if any, and nothing else)."""
    hand: SichuanHand = state.variant
    mine = state.seats[seat]
    r: SichuanSeat = mine.variant
    if hand.direction is not None:
        if not (_three(r.chosen) and _three(r.received)):
            return "换三张: every seat passed three tiles of one suit and got three"
        giver = (seat - DIRECTIONS.get(hand.direction, 0)) % state.players
        if r.received != state.seats[giver].variant.chosen:
            return f"换三张: it got the three seat {giver} passed"
    else:
        answer = _answer(state, SWAPPING, seat)
        chosen = answer.tiles if isinstance(answer, SwapTiles) else ()
        if r.chosen != chosen or r.received:
            return "换三张: before the swap a seat holds its answer only"
    if not hand.voided:
        answer = _answer(state, VOIDING, seat)
        declared = (answer.suit, answer.aside) if isinstance(answer, DeclareVoid) else (None, None)
        if (r.void, r.aside) != declared:
            return "定缺: before it takes effect a seat holds its answer only"
        return None
    if r.void is None:
        return "定缺: every seat has declared a suit"
    if r.aside is not None and r.aside.suit is not r.void:
        return f"定缺: the tile set aside is of the void suit, not {r.aside}"
    if r.aside is not None and not mine.discards and r.aside not in mine.concealed:
        return f"定缺: it holds no {r.aside} set aside"
    if r.aside is not None and mine.discards and mine.discards[0] != r.aside:
        return f"定缺: its first discard turned up the tile set aside, {mine.discards[0]}"
    return None
