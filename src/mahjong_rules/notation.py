"""Reading and writing tiles as text.

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

from mahjong_rules.errors import TileParseError
from mahjong_rules.tiles import HONOR_NAMES_ZH, NUMERALS_ZH, Suit, Tile, all_tiles

__all__ = ["Style", "format_tiles", "parse_tiles"]

Style = Literal["notation", "chinese", "unicode"]
"""The text styles :func:`format_tiles` writes and :func:`parse_tiles` reads."""

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
    """Read tiles from text in any of the accepted spellings, in the order written.

    Raises :class:`~mahjong_rules.errors.TileParseError` naming the offending character
    and its position.
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
            tiles.append(Tile(26 + _HONOR_WORDS[word]))
            i += 2
            continue
        if ch in _HONOR_WORDS:
            tiles.append(Tile(26 + _HONOR_WORDS[ch]))
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
    return Tile(suit.offset + rank - 1)


def format_tiles(tiles: Iterable[Tile], style: Style = "notation") -> str:
    """Write tiles in the order given.

    ``"notation"`` merges runs of one suit (``'123m45p'``), ``"chinese"`` writes names
    separated by spaces (``'一万 东'``), ``"unicode"`` writes the tile characters.
    :func:`parse_tiles` reads back every style.
    """
    tiles = tuple(tiles)
    if style == "notation":
        out: list[str] = []
        for k, tile in enumerate(tiles):
            out.append(str(tile.rank))
            if k + 1 == len(tiles) or tiles[k + 1].suit is not tile.suit:
                out.append(tile.suit.value)
        return "".join(out)
    if style == "chinese":
        return " ".join(t.name_zh for t in tiles)
    if style == "unicode":
        return "".join(t.char for t in tiles)
    raise ValueError(f"unknown style {style!r}; choose 'notation', 'chinese' or 'unicode'")
