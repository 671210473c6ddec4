"""Immutable tile collections kept as packed integers.

:class:`TileCounts` is a multiset (at most four of a kind) packed three bits per kind into one
integer, which is what the win detector reads its table keys from. :class:`TileSet` is a set of
kinds kept as a 34-bit mask, the type of :func:`mahjong_rules.wins.winning_tiles`.

>>> hand = TileCounts("1123m")
>>> hand
TileCounts('1123m')
>>> len(hand), hand.count(Tile('1m')), Tile('3m') in hand
(4, 2, True)
>>> str(hand + TileCounts("4m")), str(hand - TileCounts("1m"))
('11234m', '123m')
>>> TileSet("36p") | TileSet("9s")
TileSet('36p9s')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final, cast

import attrs

from mahjong_rules.errors import TileCountError
from mahjong_rules.notation import Style, format_tiles, parse_tiles
from mahjong_rules.tiles import Suit, Tile, all_tiles

__all__ = ["BITS_PER_KIND", "KINDS_OF_LANES", "LOW_BITS", "TileCounts", "TileSet", "lanes_size"]

BITS_PER_KIND: Final = 3
"""Bits per tile kind in :attr:`TileCounts.bits`: kind ``i`` is ``(bits >> 3*i) & 7``."""
_LANE: Final = 7
LOW_BITS: Final = sum(1 << (BITS_PER_KIND * i) for i in range(34))
"""The lowest bit of every kind's lane: ``(b | b >> 1 | b >> 2) & LOW_BITS`` sets bit ``3i``
where kind ``i`` is held."""
_TILES: Final = all_tiles()


def lanes_size(bits: int) -> int:
    """How many tiles the packed counts ``bits`` hold (any lanes of :attr:`TileCounts.bits`:
    one suit's, the wildcard kinds', shifted or not): each lane's three bits added up by
    weight, without reading the lanes one by one.

    >>> lanes_size(TileCounts("1112m55p7z").bits), lanes_size(TileCounts("3333s").bits >> 54)
    (7, 4)
    """
    return (
        (bits & LOW_BITS).bit_count()
        + 2 * (bits >> 1 & LOW_BITS).bit_count()
        + 4 * (bits >> 2 & LOW_BITS).bit_count()
    )


_SUIT_MASK: Final = (1 << 27) - 1
_KINDS_CACHE: Final[dict[tuple[int, int], tuple[Tile, ...]]] = {}


def _suit_kinds(key: int, offset: int) -> tuple[Tile, ...]:
    """The kinds held in one suit's slice of the packed counts, memoized by which lanes are
    not empty (512 patterns a suit, so the memo stays small and is soon always hit)."""
    if not key:
        return ()
    present = (key | key >> 1 | key >> 2) & _LANE_STARTS
    found = _KINDS_CACHE.get((present, offset))
    if found is None:
        found = tuple(_TILES[offset + r] for r in range(9) if (present >> (BITS_PER_KIND * r)) & 1)
        _KINDS_CACHE[(present, offset)] = found
    return found


_LANE_STARTS: Final = sum(1 << (BITS_PER_KIND * r) for r in range(9))
KINDS_OF_LANES: Final = {
    sum(1 << (BITS_PER_KIND * r) for r in range(9) if m >> r & 1): m for m in range(512)
}
"""One suit's held lanes (bit 3r set where rank r is held) to its 9-bit mask of kinds."""


def _tiles_of(spec: str | Iterable[Tile]) -> Iterable[Tile]:
    return parse_tiles(spec) if isinstance(spec, str) else spec


@attrs.frozen(init=False, repr=False, eq=True, order=False, slots=True)
class TileCounts:
    """An immutable multiset of tiles, never more than four of a kind.

    ``TileCounts("123m")``, ``TileCounts([Tile('1m'), ...])`` or ``TileCounts()``. Iteration
    yields tiles in tile order with repetition; ``+`` and ``-`` are multiset sum and difference
    (errors when a kind would exceed four or go below zero).
    """

    bits: int
    """Kind ``i`` holds ``(bits >> 3*i) & 7`` copies (0..4)."""
    size: int
    """Number of tiles (same as ``len()``)."""

    def __init__(self, tiles: str | Iterable[Tile] = ()) -> None:
        bits = 0
        size = 0
        given: tuple[object, ...] = tuple(_tiles_of(tiles))  # checked one by one below
        for tile in given:
            if not isinstance(tile, Tile):
                raise TypeError(f"TileCounts holds Tile objects, not {type(tile).__name__}")
            shift = BITS_PER_KIND * tile.index
            if (bits >> shift) & _LANE >= 4:
                shown = format_tiles(cast("tuple[Tile, ...]", given))
                raise TileCountError(f"more than four {tile} in {shown}")
            bits += 1 << shift
            size += 1
        self.__attrs_init__(bits, size)

    @classmethod
    def _make(cls, bits: int, size: int) -> TileCounts:
        """Wrap an already valid packed integer (no checks: internal use)."""
        obj = _new(cls)
        _set_bits(obj, bits)  # the slots' own setters: twice as fast as object.__setattr__
        _set_size(obj, size)
        return obj

    @classmethod
    def from_counts(cls, counts: Sequence[int]) -> TileCounts:
        """Build from 34 counts in tile order (the ``mahjong`` package's ``tiles_34``)."""
        if len(counts) != 34:
            raise TileCountError(f"from_counts() needs 34 counts, got {len(counts)}")
        bits = 0
        for i, c in enumerate(counts):
            if not 0 <= c <= 4:
                raise TileCountError(f"count of {_TILES[i]} must be 0..4, got {c}")
            bits |= c << (BITS_PER_KIND * i)
        return cls._make(bits, sum(counts))

    @classmethod
    def from_bits(cls, bits: int) -> TileCounts:
        """Build from a packed integer (checked)."""
        if bits < 0 or bits >> (BITS_PER_KIND * 34):
            raise TileCountError(f"packed counts out of range: {bits:#x}")
        return cls.from_counts([(bits >> (BITS_PER_KIND * i)) & _LANE for i in range(34)])

    def __reduce__(self) -> tuple[Any, tuple[int, int]]:
        return (_counts_of, (self.bits, self.size))

    def count(self, tile: Tile) -> int:
        """Copies of ``tile`` held."""
        return (self.bits >> (BITS_PER_KIND * tile.index)) & _LANE

    def counts(self) -> tuple[int, ...]:
        """The 34 counts in tile order."""
        b = self.bits
        return tuple((b >> (BITS_PER_KIND * i)) & _LANE for i in range(34))

    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and self.count(tile) > 0

    def __iter__(self) -> Iterator[Tile]:
        b = self.bits
        present = (b | b >> 1 | b >> 2) & LOW_BITS  # bit 3i set where kind i is held
        while present:
            low = present & -present
            shift = low.bit_length() - 1
            tile = _TILES[shift // BITS_PER_KIND]
            for _ in range((b >> shift) & _LANE):
                yield tile
            present ^= low

    def kinds(self) -> tuple[Tile, ...]:
        """The kinds present, in tile order, once each (cached per suit: a hot path)."""
        b = self.bits
        return (
            _suit_kinds(b & _SUIT_MASK, 0)
            + _suit_kinds(b >> 27 & _SUIT_MASK, 9)
            + _suit_kinds(b >> 54 & _SUIT_MASK, 18)
            + _suit_kinds(b >> 81, 27)
        )

    def distinct(self) -> TileSet:
        """The kinds present (read per suit from a small table: a hot path)."""
        b = self.bits
        present = (b | b >> 1 | b >> 2) & LOW_BITS
        kinds = KINDS_OF_LANES
        return TileSet._make(
            kinds[present & _SUIT_MASK]
            | kinds[present >> 27 & _SUIT_MASK] << 9
            | kinds[present >> 54 & _SUIT_MASK] << 18
            | kinds[present >> 81] << 27
        )

    def suits(self) -> frozenset[Suit]:
        """The suits present (honors count as :attr:`Suit.HONOR`)."""
        b = self.bits
        key = (
            bool(b & _SUIT_MASK)
            | bool(b >> 27 & _SUIT_MASK) << 1
            | bool(b >> 54 & _SUIT_MASK) << 2
            | bool(b >> 81) << 3
        )
        return _SUIT_SETS[key]

    def suit_key(self, suit: Suit) -> int:
        """The packed counts of one suit alone (the win tables' key)."""
        width = BITS_PER_KIND * suit.size
        return (self.bits >> (BITS_PER_KIND * suit.offset)) & ((1 << width) - 1)

    def add(self, tile: Tile, n: int = 1) -> TileCounts:
        """A copy with ``n`` more of ``tile``."""
        shift = BITS_PER_KIND * tile.index
        bits = self.bits
        if (bits >> shift & _LANE) + n > 4 or n < 0:
            raise TileCountError(f"cannot hold {(bits >> shift & _LANE) + n} of {tile}")
        obj = _new(TileCounts)  # as _make does, without its call (a hot path)
        _set_bits(obj, bits + (n << shift))
        _set_size(obj, self.size + n)
        return obj

    def remove(self, tile: Tile, n: int = 1) -> TileCounts:
        """A copy with ``n`` fewer of ``tile``."""
        shift = BITS_PER_KIND * tile.index
        bits = self.bits
        held = bits >> shift & _LANE
        if held < n or n < 0:
            raise TileCountError(f"cannot remove {n} of {tile} from {self}: it holds {held}")
        obj = _new(TileCounts)
        _set_bits(obj, bits - (n << shift))
        _set_size(obj, self.size - n)
        return obj

    def __add__(self, other: TileCounts) -> TileCounts:
        if not isinstance(other, TileCounts):
            return NotImplemented
        result = self
        for i, c in enumerate(other.counts()):
            if c:
                result = result.add(_TILES[i], c)
        return result

    def __sub__(self, other: TileCounts) -> TileCounts:
        if not isinstance(other, TileCounts):
            return NotImplemented
        result = self
        for i, c in enumerate(other.counts()):
            if c:
                result = result.remove(_TILES[i], c)
        return result

    def __le__(self, other: TileCounts) -> bool:
        """Sub-multiset: every kind at most as often as in ``other``."""
        if not isinstance(other, TileCounts):
            return NotImplemented
        return all(a <= b for a, b in zip(self.counts(), other.counts(), strict=True))

    def __ge__(self, other: TileCounts) -> bool:
        if not isinstance(other, TileCounts):
            return NotImplemented
        return other <= self

    def __hash__(self) -> int:
        return hash(self.bits)

    def format(self, style: Style = "notation") -> str:
        """The tiles as text in ``style`` (see :func:`~mahjong_rules.notation.format_tiles`)."""
        return format_tiles(self, style)

    def __str__(self) -> str:
        return format_tiles(self)

    def __repr__(self) -> str:
        return f"TileCounts({str(self)!r})"


@attrs.frozen(init=False, repr=False, eq=True, order=False, slots=True)
class TileSet:
    """An immutable set of tile kinds kept as a 34-bit mask (bit ``i`` = kind ``i``)."""

    mask: int
    """The set as a 34-bit integer: bit ``i`` is set when the kind ``Tile(i)`` is in it."""

    def __init__(self, tiles: str | Iterable[Tile] = ()) -> None:
        mask = 0
        for tile in _tiles_of(tiles):
            mask |= 1 << tile.index
        self.__attrs_init__(mask)

    @classmethod
    def _make(cls, mask: int) -> TileSet:
        obj = _new(cls)
        _set_mask(obj, mask)
        return obj

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (_tile_set_of, (self.mask,))

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and bool(self.mask >> tile.index & 1)

    def __iter__(self) -> Iterator[Tile]:
        m = self.mask
        while m:
            low = m & -m
            yield _TILES[low.bit_length() - 1]
            m ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    @property
    def lanes(self) -> int:
        """The lanes of :attr:`TileCounts.bits` that hold these kinds: ``counts.bits &
        kinds.lanes`` keeps just their copies (memoized by set).

        >>> TileCounts("12377p").bits & TileSet("79p").lanes == TileCounts("77p").bits
        True
        """
        lanes = _LANES.get(self.mask)
        if lanes is None:
            lanes = 0
            for tile in self:
                lanes |= _LANE << (BITS_PER_KIND * tile.index)
            _LANES[self.mask] = lanes
        return lanes

    def __or__(self, other: TileSet) -> TileSet:
        if not isinstance(other, TileSet):
            return NotImplemented
        return TileSet._make(self.mask | other.mask)

    def __and__(self, other: TileSet) -> TileSet:
        if not isinstance(other, TileSet):
            return NotImplemented
        return TileSet._make(self.mask & other.mask)

    def __sub__(self, other: TileSet) -> TileSet:
        if not isinstance(other, TileSet):
            return NotImplemented
        return TileSet._make(self.mask & ~other.mask)

    def __le__(self, other: TileSet) -> bool:
        if not isinstance(other, TileSet):
            return NotImplemented
        return self.mask & ~other.mask == 0

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return format_tiles(self)

    def __repr__(self) -> str:
        return f"TileSet({str(self)!r})"


def _unpickle_counts(bits: int) -> TileCounts:
    """Rebuild counts pickled by an earlier version (their bits only), checked."""
    return TileCounts.from_bits(bits)


def _counts_of(bits: int, size: int) -> TileCounts:
    """Rebuild pickled counts: the packed bits and size of valid counts, unchecked (a module
    function: a compiled build's class methods do not pickle by name)."""
    return TileCounts._make(bits, size)


def _tile_set_of(mask: int) -> TileSet:
    """Rebuild a pickled tile set from its mask, unchecked. (Pickles of earlier versions call
    ``TileSet`` on its notation.)"""
    return TileSet._make(mask)


_new: Final = object.__new__
# The slots' descriptors, read from the class's __dict__: a compiled build (setup.py) types
# ``TileCounts.bits`` as the field's int and would refuse the descriptor. (``Final``: a compiled
# build reads a final module constant directly, any other global from the module's dict.)
_set_bits: Final = TileCounts.__dict__["bits"].__set__
_set_size: Final = TileCounts.__dict__["size"].__set__
_set_mask: Final = TileSet.__dict__["mask"].__set__

_LANES: Final[dict[int, int]] = {}
"""Memo of :attr:`TileSet.lanes` (sets used as masks, such as the wildcard kinds, are few)."""
_SUITS_IN_ORDER: Final = (Suit.MAN, Suit.PIN, Suit.SOU, Suit.HONOR)
_SUIT_SETS: Final = tuple(
    frozenset(suit for k, suit in enumerate(_SUITS_IN_ORDER) if key >> k & 1) for key in range(16)
)
"""The frozenset of suits for each 4-bit presence key (万 1, 筒 2, 条 4, honors 8)."""
