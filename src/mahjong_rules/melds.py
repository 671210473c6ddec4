"""Declared melds (副露, fùlù): pengs and the three kinds of kong.

A :class:`Meld` is a peng (碰) or gang (杠) a seat has laid down. It records the tile it is of,
the wildcards (听用, tīngyòng) sitting in it in place of that tile, and the seat it was claimed
from (BS-PENGSHOW-1). Wildcards are kept as the real tiles, so every tile stays accounted for.

Text form: a kind letter, the tile, then ``*`` and the wildcard tiles if any, then ``@`` and
the seat it was claimed from (none for a concealed kong):

==============  ==========================================================
``P6p@2``       碰 peng of 6p, claimed from seat 2
``G7s@1``       直杠 exposed kong of 7s on a discard from seat 1
``B8s@3``       补杠 8s added to one's own peng, whose 8s came from seat 3
``A5m``         暗杠 concealed kong of 5m
``P2m*8p@1``    peng of 2m made of two natural 2m and one 8p wildcard
``G1m*7p9p@0``  kong of 1m made of two natural 1m and the wildcards 7p, 9p
==============  ==========================================================

>>> meld = Meld.parse("P2m*8p@1")
>>> meld.kind, meld.tile, meld.wild_tiles, meld.from_seat
(MeldKind.PENG, Tile('2m'), (Tile('8p'),), 1)
>>> meld.naturals, meld.wilds, meld.tiles
(2, 1, TileCounts('22m8p'))
>>> meld
Meld.parse('P2m*8p@1')
>>> str(Meld(MeldKind.AN_GANG, Tile("5m")))
'A5m'
>>> Meld.parse("X5m")
Traceback (most recent call last):
...
mahjong_rules.errors.MeldError: unknown meld kind 'X' (expected P, G, B or A) at position 0 in 'X5m'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, NoReturn

import attrs

from mahjong_rules._reduce import reduce_fields
from mahjong_rules.counts import TileCounts
from mahjong_rules.errors import MeldError
from mahjong_rules.tiles import Suit, Tile

__all__ = ["Meld", "MeldKind"]

MAX_SEATS = 4
"""Seats are numbered 0..3 (SEAT-1)."""


class MeldKind(enum.Enum):
    """A kind of declared meld (副露, fùlù). The value is a stable lowercase name."""

    PENG = "peng"
    """碰 (pèng): an exposed pung, three of a kind made with another seat's discard."""
    ZHI_GANG = "zhi_gang"
    """直杠 (zhígàng): an exposed kong, three in hand plus another seat's discard."""
    BU_GANG = "bu_gang"
    """补杠 (bǔgàng): an added kong, the fourth tile added to one's own peng."""
    AN_GANG = "an_gang"
    """暗杠 (àngàng): a concealed kong, four of a kind all from one's own hand."""

    @property
    def name_zh(self) -> str:
        """The Chinese name: 碰, 直杠, 补杠 or 暗杠."""
        return _KIND_ZH[self]

    @property
    def letter(self) -> str:
        """The letter of the text form: P, G, B or A."""
        return _KIND_LETTER[self]

    @property
    def is_kong(self) -> bool:
        """True for the three kinds of gang (杠, gàng)."""
        return self is not _PENG

    @property
    def is_concealed(self) -> bool:
        """True only for 暗杠 (àngàng)."""
        return self is _AN_GANG

    @property
    def size(self) -> int:
        """Tiles in the meld: 3 for a peng, 4 for a kong."""
        return 3 if self is _PENG else 4

    def __repr__(self) -> str:
        return f"MeldKind.{self.name}"


_PENG, _AN_GANG = MeldKind.PENG, MeldKind.AN_GANG
"""Module constants: a global is read about ten times faster than an enum member."""

_KIND_ZH = {
    MeldKind.PENG: "碰",
    MeldKind.ZHI_GANG: "直杠",
    MeldKind.BU_GANG: "补杠",
    MeldKind.AN_GANG: "暗杠",
}
_KIND_LETTER = {
    MeldKind.PENG: "P",
    MeldKind.ZHI_GANG: "G",
    MeldKind.BU_GANG: "B",
    MeldKind.AN_GANG: "A",
}
_KIND_BY_LETTER = {letter: kind for kind, letter in _KIND_LETTER.items()}
MELD_LETTERS = "".join(_KIND_BY_LETTER)
"""The letters that open a meld's text form."""


def _sorted_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    try:
        tiles = tuple(tiles)
    except TypeError:
        raise TypeError(f"wild_tiles holds Tile objects, not a {type(tiles).__name__}") from None
    for tile in tiles:
        if not isinstance(tile, Tile):
            raise TypeError(f"wild_tiles holds Tile objects, not {type(tile).__name__}")
    return tuple(sorted(tiles))


@attrs.frozen(repr=False)
class Meld:
    """A declared meld (副露, fùlù): a peng or a kong, with its wildcards and source seat.

    ``wild_tiles`` are the wildcard tiles standing in for ``tile`` (kept sorted); at least one
    natural ``tile`` always remains (YS-WILD-3). ``from_seat`` is the discarder for 碰 and 直杠,
    the seat that gave the peng's tile for 补杠, and ``None`` for 暗杠.
    """

    kind: MeldKind
    """Which meld: 碰 (pèng), 直杠 (zhígàng), 补杠 (bǔgàng) or 暗杠 (àngàng)."""
    tile: Tile
    """The tile the meld is of."""
    wild_tiles: tuple[Tile, ...] = attrs.field(default=(), converter=_sorted_tiles)
    """The wildcards (听用, tīngyòng) standing in for :attr:`tile`, sorted."""
    from_seat: int | None = None
    """The seat the meld's claimed tile came from (``None`` for 暗杠)."""

    def __attrs_post_init__(self) -> None:
        kind, seat, tile = self.kind, self.from_seat, self.tile
        if kind.__class__ is not MeldKind:
            raise TypeError(f"kind must be a MeldKind, not {type(kind).__name__}")
        if tile.__class__ is not Tile:
            raise TypeError(f"tile must be a Tile, not {type(tile).__name__}")
        if kind is _AN_GANG:
            if seat is not None:
                raise MeldError(
                    f"{self._what()} is concealed: from_seat must be None, got {seat!r}"
                )
        elif seat is None:
            raise MeldError(f"{self._what()} needs from_seat, the seat it was claimed from")
        elif seat.__class__ is not int:
            raise TypeError(f"from_seat must be an int or None, not {type(seat).__name__}")
        elif not 0 <= seat < MAX_SEATS:
            raise MeldError(f"{self._what()}: from_seat must be 0..{MAX_SEATS - 1}, got {seat}")
        wilds = self.wild_tiles
        if wilds:
            if tile in wilds:
                raise MeldError(
                    f"{self._what()}: a {tile} in it is a natural copy, not a wildcard standing "
                    "for it"
                )
            if len(wilds) > kind.size - 1:
                raise MeldError(
                    f"{self._what()} holds {len(wilds)} wildcards; at most {kind.size - 1} "
                    f"(at least one natural {tile}, YS-WILD-3)"
                )

    @classmethod
    def _make(
        cls, kind: MeldKind, tile: Tile, wild_tiles: tuple[Tile, ...], from_seat: int | None
    ) -> Meld:
        """A meld of values known to be valid (the engine's claims), built unchecked:
        ``wild_tiles`` sorted already."""
        obj = _new(cls)
        _set_kind(obj, kind)
        _set_tile(obj, tile)
        _set_wilds(obj, wild_tiles)
        _set_from(obj, from_seat)
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        if self.__class__ is not Meld:  # (a class of someone else's)
            return reduce_fields(self)
        return (_meld_of, (self.kind, self.tile, self.wild_tiles, self.from_seat))

    def _what(self) -> str:
        """The meld named in an error message, e.g. ``peng (碰) of 5m``."""
        return f"{self.kind.value} ({self.kind.name_zh}) of {self.tile}"

    @property
    def wilds(self) -> int:
        """Number of wildcards in the meld."""
        return len(self.wild_tiles)

    @property
    def naturals(self) -> int:
        """Number of natural copies of :attr:`tile` in the meld."""
        return self.kind.size - self.wilds

    @property
    def size(self) -> int:
        """Tiles in the meld: 3 or 4."""
        return self.kind.size

    @property
    def is_kong(self) -> bool:
        """True for a kong (杠, gàng) of any kind."""
        return self.kind.is_kong

    @property
    def is_concealed(self) -> bool:
        """True only for a concealed kong (暗杠, àngàng)."""
        return self.kind.is_concealed

    @property
    def tiles(self) -> TileCounts:
        """The physical tiles: the natural copies of :attr:`tile` plus the wildcard tiles."""
        return TileCounts().add(self.tile, self.naturals) + TileCounts(self.wild_tiles)

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read a meld from its text form (see the module docs), e.g. ``'P6p@2'``."""
        if not isinstance(text, str):
            raise TypeError(f"Meld.parse() takes a str, not {type(text).__name__}")
        return _parse_meld(text, 0, len(text))

    def __str__(self) -> str:
        text = self.kind.letter + self.tile.notation
        if self.wild_tiles:
            text += "*" + "".join(t.notation for t in self.wild_tiles)
        if self.from_seat is not None:
            text += f"@{self.from_seat}"
        return text

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"


_new = object.__new__
_set_kind = Meld.kind.__set__  # type: ignore[attr-defined]
_set_tile = Meld.tile.__set__  # type: ignore[attr-defined]
_set_wilds = Meld.wild_tiles.__set__  # type: ignore[attr-defined]
_set_from = Meld.from_seat.__set__  # type: ignore[union-attr]
"""The slots' own setters (a frozen class refuses ``setattr``), for :meth:`Meld._make`."""


def _meld_of(
    kind: MeldKind, tile: Tile, wild_tiles: tuple[Tile, ...], from_seat: int | None
) -> Meld:
    """Rebuild a pickled meld (valid when pickled), unchecked."""
    obj = _new(Meld)
    _set_kind(obj, kind)
    _set_tile(obj, tile)
    _set_wilds(obj, wild_tiles)
    _set_from(obj, from_seat)
    return obj


_RANKS = "123456789"
_SUITS = {suit.value: suit for suit in Suit}


def _fail(problem: str, text: str, position: int) -> NoReturn:
    raise MeldError(f"{problem} at position {position} in {text!r}")


def _read_group(text: str, i: int, stop: int) -> tuple[list[Tile], int]:
    """Read ranks then one suit letter (``'79p'``) at ``text[i:stop]``; return tiles, next index."""
    j = i
    while j < stop and text[j] in _RANKS:
        j += 1
    if j == i:
        found = repr(text[i]) if i < stop else "the end"
        _fail(f"expected a rank 1-9, found {found}", text, i)
    if j == stop or text[j] not in _SUITS:
        found = repr(text[j]) if j < stop else "the end"
        _fail(f"expected a suit letter m, p, s or z, found {found}", text, j)
    suit = _SUITS[text[j]]
    tiles = []
    for k in range(i, j):
        rank = int(text[k])
        if rank > suit.size:
            _fail(f"rank {text[k]!r} does not exist for honors (1..7)", text, k)
        tiles.append(Tile(suit.offset + rank - 1))
    return tiles, j + 1


def _parse_meld(text: str, start: int, stop: int) -> Meld:
    """Read the meld written at ``text[start:stop]``; error positions count in all of ``text``."""
    while start < stop and text[start].isspace():
        start += 1
    while stop > start and text[stop - 1].isspace():
        stop -= 1
    if start == stop:
        _fail("empty meld text", text, start)
    kind = _KIND_BY_LETTER.get(text[start])
    if kind is None:
        _fail(f"unknown meld kind {text[start]!r} (expected P, G, B or A)", text, start)
    tiles, i = _read_group(text, start + 1, stop)
    if len(tiles) != 1:
        _fail("a meld is of one tile: one rank, then its suit", text, start + 2)
    wild_tiles: list[Tile] = []
    if i < stop and text[i] == "*":
        i += 1
        wild_tiles, i = _read_group(text, i, stop)
        while i < stop and text[i] in _RANKS:
            more, i = _read_group(text, i, stop)
            wild_tiles += more
    seat = None
    if i < stop and text[i] == "@":
        i += 1
        j = i
        while j < stop and text[j] in "0123456789":
            j += 1
        if j == i:
            _fail("'@' must be followed by a seat number", text, i)
        if j - i > 3 or int(text[i:j]) >= MAX_SEATS:  # a long number is never a seat
            shown = text[i:j] if j - i <= 6 else text[i : i + 6] + "..."
            _fail(f"seat must be 0..{MAX_SEATS - 1}, got {shown}", text, i)
        seat = int(text[i:j])
        i = j
    if i < stop:
        _fail(f"unexpected character {text[i]!r}", text, i)
    try:
        return Meld(kind, tiles[0], wild_tiles, seat)
    except MeldError as error:
        where = f"in {text!r}"
        if (start, stop) != (0, len(text)):
            where = f"meld {text[start:stop]!r} at position {start} {where}"
        raise MeldError(f"{error} ({where})") from None
