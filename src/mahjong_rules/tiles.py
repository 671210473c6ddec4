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
        """Whether this is the suit of honors (字牌, zìpái)."""
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
            shown = str(spec) if -(10**9) < spec < 10**9 else "a number of over 9 digits"
            raise TileParseError(f"tile index must be 0..33, got {shown}", shown, 0)
        if isinstance(spec, str):
            tile = _SPELLINGS.get(spec.strip().replace("\ufe0f", ""))
            if tile is not None:
                return tile
            tiles = parse_tiles(spec)  # the full parser names the offending position
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
        return (_tile_at, (self.index,))  # unpickled as the interned tile itself

    @property
    def suit(self) -> Suit:
        """The tile's suit (花色, huāsè): 万, 筒, 条 or 字."""
        return _SUIT_BY_INDEX[self.index // 9] if self.index < 27 else Suit.HONOR

    @property
    def rank(self) -> int:
        """1..9 for suited tiles; 1..7 for honors (东 南 西 北 白 发 中)."""
        return self.index % 9 + 1 if self.index < 27 else self.index - 26

    @property
    def is_honor(self) -> bool:
        """Whether the tile is an honor (字牌, zìpái): a wind or a dragon, 1z..7z."""
        return self.index >= 27

    @property
    def notation(self) -> str:
        """One-line notation, e.g. ``'5m'``."""
        return _NOTATIONS[self.index]

    @property
    def name_zh(self) -> str:
        """Chinese name, e.g. ``'五万'``, ``'东'``."""
        return _NAMES_ZH[self.index]

    @property
    def char(self) -> str:
        """The Unicode tile character, e.g. ``'🀋'``."""
        return _CHARS[self.index]

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Tile({self.notation!r})"


_TILES: tuple[Tile, ...] = tuple(Tile._make(i) for i in range(34))


def _tile_at(index: int) -> Tile:
    """The interned tile of ``index`` (how a tile unpickles: a module function, which a
    compiled build pickles by name too). Any other value is read as ``Tile(index)`` reads it."""
    if index.__class__ is int and 0 <= index < 34:
        return _TILES[index]
    return Tile(index)


def _notation_of(tile: Tile) -> str:
    return f"{tile.rank}{tile.suit.value}"


def _name_zh_of(tile: Tile) -> str:
    if tile.is_honor:
        return HONOR_NAMES_ZH[tile.rank - 1]
    return NUMERALS_ZH[tile.rank - 1] + tile.suit.name_zh


def _char_of(tile: Tile) -> str:
    if tile.is_honor:
        return chr(_HONOR_UNICODE[tile.rank - 1])
    return chr(_UNICODE_BASE[tile.suit] + tile.rank - 1)


_NOTATIONS = tuple(_notation_of(tile) for tile in _TILES)
_NAMES_ZH = tuple(_name_zh_of(tile) for tile in _TILES)
_CHARS = tuple(_char_of(tile) for tile in _TILES)
"""Each kind's notation, Chinese name and Unicode character, by index: worked out once (the
properties are read for every tile a view, a record or a line of words names)."""


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

# ---------------------------------------------------------------------- reading tile text
# The reader lives here, beside Tile, which reads with it; mahjong_rules.notation exports it.

_SUIT_CHARS: dict[str, Suit] = {
    "m": Suit.MAN, "p": Suit.PIN, "s": Suit.SOU, "z": Suit.HONOR,
    "万": Suit.MAN, "萬": Suit.MAN,
    "筒": Suit.PIN, "饼": Suit.PIN, "餅": Suit.PIN,
    "条": Suit.SOU, "條": Suit.SOU, "索": Suit.SOU,
}  # fmt: skip
_RANK_CHARS: dict[str, int] = {str(r): r for r in range(1, 10)}
_RANK_CHARS.update({c: i + 1 for i, c in enumerate(NUMERALS_ZH)})
_HONOR_WORDS: dict[str, int] = {name: i + 1 for i, name in enumerate(HONOR_NAMES_ZH)}
_HONOR_WORDS.update({"東": 1, "發": 6, "红中": 7, "紅中": 7, "白板": 5, "发财": 6, "發財": 6})
_UNICODE: dict[str, Tile] = {t.char: t for t in all_tiles()}
_SEPARATORS = " \t\n,，、\ufe0f"


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Read tiles from text in any of the accepted spellings (see :mod:`mahjong_rules.notation`),
    in the order written.

    Raises :class:`~mahjong_rules.errors.TileParseError` naming the offending character
    and its position.

    >>> parse_tiles("12m 五筒 🀀")
    (Tile('1m'), Tile('2m'), Tile('5p'), Tile('1z'))
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_tiles() takes a str, not {type(text).__name__}")
    tiles: list[Tile] = []
    pending: list[tuple[int, int]] = []  # (rank, position) waiting for their suit
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _RANK_CHARS:
            pending.append((_RANK_CHARS[ch], i))
            i += 1
            continue
        if ch in _SUIT_CHARS:
            suit = _SUIT_CHARS[ch]
            if not pending:
                raise TileParseError(f"suit {ch!r} has no ranks before it", text, i)
            for rank, pos in pending:
                tiles.append(_suited(suit, rank, text, pos))
            pending.clear()
            i += 1
            continue
        if pending:
            rank, pos = pending[-1]
            if ch in _SEPARATORS:
                raise TileParseError(f"rank {text[pos]!r} has no suit after it", text, pos)
            raise TileParseError(f"unexpected character {ch!r}", text, i)
        if ch in _SEPARATORS:
            i += 1
            continue
        word = text[i : i + 2]
        if word in _HONOR_WORDS:
            tiles.append(_TILES[26 + _HONOR_WORDS[word]])
            i += 2
            continue
        if ch in _HONOR_WORDS:
            tiles.append(_TILES[26 + _HONOR_WORDS[ch]])
            i += 1
            continue
        if ch in _UNICODE:
            tiles.append(_UNICODE[ch])
            i += 1
            continue
        if ch == "0":
            raise TileParseError("rank '0' does not exist (ranks are 1..9)", text, i)
        raise TileParseError(f"unexpected character {ch!r}", text, i)
    if pending:
        raise TileParseError("ranks at the end have no suit", text, pending[0][1])
    return tuple(tiles)


def _suited(suit: Suit, rank: int, text: str, pos: int) -> Tile:
    if rank > suit.size:
        raise TileParseError(f"rank {text[pos]!r} does not exist for honors (1..7)", text, pos)
    return _TILES[suit.offset + rank - 1]
