"""Suits and tiles: the 34 kinds of mahjong tile (牌, pái).

Tiles are interned: there is exactly one :class:`Tile` object per kind, so ``Tile('5m') is
Tile('五万')``. They are ordered 1m..9m, 1p..9p, 1s..9s, 1z..7z (the order of the one-line
notation and of the ``mahjong`` package's 34-tile index).

>>> Tile('5m')
Tile('5m')
>>> Tile('五筒').name_zh, Tile('5p').char, Tile('中').rank
('五筒', '🀝', 7)
>>> sorted([Tile('1z'), Tile('9s'), Tile('1m')])
[Tile('1m'), Tile('9s'), Tile('1z')]
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from mahjong_rules.errors import TileParseError

__all__ = ["HONOR_NAMES_ZH", "NUMERALS_ZH", "Suit", "Tile", "all_tiles", "suited_tiles"]


class Suit(enum.Enum):
    """A suit (花色, huāsè). The value is the notation letter."""

    MAN = "m"
    """万 (wàn): characters."""
    PIN = "p"
    """筒 (tǒng): dots."""
    SOU = "s"
    """条 (tiáo): bamboo."""
    HONOR = "z"
    """字牌 (zìpái): winds and dragons 东 南 西 北 白 发 中."""

    @property
    def name_zh(self) -> str:
        """The Chinese name: 万, 筒, 条 or 字."""
        return _SUIT_ZH[self]

    @property
    def offset(self) -> int:
        """Index of the suit's first tile in the 34-kind order."""
        return _SUIT_OFFSET[self]

    @property
    def size(self) -> int:
        """Number of ranks: 9, or 7 for honors."""
        return 7 if self is Suit.HONOR else 9

    @property
    def is_honor(self) -> bool:
        return self is Suit.HONOR

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_ZH = {Suit.MAN: "万", Suit.PIN: "筒", Suit.SOU: "条", Suit.HONOR: "字"}
_SUIT_OFFSET = {Suit.MAN: 0, Suit.PIN: 9, Suit.SOU: 18, Suit.HONOR: 27}
_SUIT_BY_INDEX = (Suit.MAN, Suit.PIN, Suit.SOU, Suit.HONOR)

NUMERALS_ZH = "一二三四五六七八九"
"""Chinese numerals for ranks 1..9."""
HONOR_NAMES_ZH = ("东", "南", "西", "北", "白", "发", "中")
"""Chinese names of 1z..7z: east, south, west, north winds; white, green, red dragons."""

# Unicode Mahjong Tiles block: U+1F007.. characters, U+1F010.. bamboo, U+1F019.. dots;
# honors are E S W N at U+1F000.., then red (中) U+1F004, green (发) U+1F005, white (白) U+1F006.
_UNICODE_BASE = {Suit.MAN: 0x1F007, Suit.SOU: 0x1F010, Suit.PIN: 0x1F019}
_HONOR_UNICODE = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)


@attrs.frozen(init=False, repr=False, order=True, slots=True)
class Tile:
    """One of the 34 tile kinds; interned, ordered, hashable.

    Build one from notation, Chinese, a Unicode tile character or the 34-kind index:
    ``Tile('5m')``, ``Tile('五万')``, ``Tile('🀋')``, ``Tile(4)`` all give the same object.
    """

    index: int
    """Position 0..33 in the order 1m..9m 1p..9p 1s..9s 1z..7z."""

    def __new__(cls, spec: str | int) -> Tile:
        if isinstance(spec, int) and not isinstance(spec, bool):
            if 0 <= spec < 34:
                return _TILES[spec]
            raise TileParseError(f"tile index must be 0..33, got {spec}", str(spec), 0)
        if isinstance(spec, str):
            tile = _SPELLINGS.get(spec.strip().replace("\ufe0f", ""))
            if tile is not None:
                return tile
            from mahjong_rules.notation import parse_tiles  # the full parser names the position

            tiles = parse_tiles(spec)
            if len(tiles) != 1:
                raise TileParseError(f"expected one tile, got {len(tiles)}", spec, 0)
            return tiles[0]
        raise TypeError(f"Tile() takes a str or an int, not {type(spec).__name__}")

    @classmethod
    def _make(cls, index: int) -> Tile:
        tile = object.__new__(cls)
        object.__setattr__(tile, "index", index)
        return tile

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Tile, (self.index,))

    @property
    def suit(self) -> Suit:
        return _SUIT_BY_INDEX[self.index // 9] if self.index < 27 else Suit.HONOR

    @property
    def rank(self) -> int:
        """1..9 for suited tiles; 1..7 for honors (东 南 西 北 白 发 中)."""
        return self.index % 9 + 1 if self.index < 27 else self.index - 26

    @property
    def is_honor(self) -> bool:
        return self.index >= 27

    @property
    def notation(self) -> str:
        """One-line notation, e.g. ``'5m'``."""
        return f"{self.rank}{self.suit.value}"

    @property
    def name_zh(self) -> str:
        """Chinese name, e.g. ``'五万'``, ``'东'``."""
        if self.is_honor:
            return HONOR_NAMES_ZH[self.rank - 1]
        return NUMERALS_ZH[self.rank - 1] + self.suit.name_zh

    @property
    def char(self) -> str:
        """The Unicode tile character, e.g. ``'🀋'``."""
        if self.is_honor:
            return chr(_HONOR_UNICODE[self.rank - 1])
        return chr(_UNICODE_BASE[self.suit] + self.rank - 1)

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Tile({self.notation!r})"


_TILES: tuple[Tile, ...] = tuple(Tile._make(i) for i in range(34))


def all_tiles(*, honors: bool = True) -> tuple[Tile, ...]:
    """Every tile kind in order (the 27 suited ones, then the 7 honors if ``honors``)."""
    return _TILES if honors else _TILES[:27]


def suited_tiles(suit: Suit) -> tuple[Tile, ...]:
    """The tiles of one suit, in rank order."""
    return _TILES[suit.offset : suit.offset + suit.size]


def _spellings() -> dict[str, Tile]:
    """Every single-tile spelling the parser accepts as a whole token."""
    table: dict[str, Tile] = {}
    for tile in _TILES:
        table[tile.notation] = tile
        table[tile.name_zh] = tile
        table[tile.char] = tile
        if not tile.is_honor:
            table[f"{tile.rank}{tile.suit.name_zh}"] = tile
    return table


_SPELLINGS = _spellings()
