"""Reading and writing tiles as text.

:func:`parse_tiles` is defined in :mod:`mahjong_rules.tiles` (``Tile("五萬")`` reads with it)
and exported here beside :func:`format_tiles`.

Three spellings are accepted, freely mixed, with optional spaces or commas between tiles:

* the one-line notation ``"123m456p789s11z"`` (digits, then the suit letter; ``z`` = honors
  1..7 = 东 南 西 北 白 发 中);
* Chinese: ``"1万 五筒 9条 东 中"`` (a digit or Chinese numeral, then 万/萬, 筒/饼/餅, 条/條/索;
  honors by name, also 東 發 红中 紅中 白板 发财 發財);
* the Unicode tile characters ``"🀇🀐🀙🀀"``.

>>> parse_tiles("12m 五筒 🀀")
(Tile('1m'), Tile('2m'), Tile('5p'), Tile('1z'))
>>> format_tiles(parse_tiles("123m5p11z"))
'123m5p11z'
>>> format_tiles(parse_tiles("123m5p11z"), style="chinese")
'一万 二万 三万 五筒 东 东'
>>> format_tiles(parse_tiles("19m"), style="unicode")
'🀇🀏'
>>> parse_tiles("12x")
Traceback (most recent call last):
...
mahjong_rules.errors.TileParseError: unexpected character 'x' at position 2 in '12x'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from mahjong_rules.errors import InvalidHandError, TileParseError
from mahjong_rules.tiles import Tile, parse_tiles

__all__ = ["Style", "format_tiles", "parse_tiles"]

Style = Literal["notation", "chinese", "unicode"]
"""The text styles :func:`format_tiles` writes and :func:`parse_tiles` reads."""


def format_tiles(tiles: Iterable[Tile], style: Style = "notation") -> str:
    """Write tiles in the order given.

    ``"notation"`` merges runs of one suit (``'123m45p'``), ``"chinese"`` writes names
    separated by spaces (``'一万 东'``), ``"unicode"`` writes the tile characters.
    :func:`parse_tiles` reads back every style.

    An unknown style raises :class:`~mahjong_rules.errors.TileParseError`; anything but
    :class:`~mahjong_rules.tiles.Tile` objects raises
    :class:`~mahjong_rules.errors.InvalidHandError`.
    """
    if style not in _STYLES:
        raise TileParseError(
            f"unknown style {style!r}; choose 'notation', 'chinese' or 'unicode'", str(style), 0
        )
    try:
        tiles = tuple(tiles)
    except TypeError:
        what = type(tiles).__name__
        raise InvalidHandError(f"format_tiles() takes Tile objects, not a {what}") from None
    for k, tile in enumerate(tiles):
        if type(tile) is not Tile:
            what = type(tile).__name__
            raise InvalidHandError(f"format_tiles() takes Tile objects; item {k} is a {what}")
    if style == "notation":
        out: list[str] = []
        for k, tile in enumerate(tiles):
            out.append(str(tile.rank))
            if k + 1 == len(tiles) or tiles[k + 1].suit is not tile.suit:
                out.append(tile.suit.value)
        return "".join(out)
    if style == "chinese":
        return " ".join(t.name_zh for t in tiles)
    return "".join(t.char for t in tiles)


_STYLES = ("notation", "chinese", "unicode")
