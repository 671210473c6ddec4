"""Tests for mahjong_rules.notation: parse_tiles and format_tiles (TILE-2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_rules.errors import InvalidHandError, MahjongRulesError, TileParseError
from mahjong_rules.notation import Style, format_tiles, parse_tiles
from mahjong_rules.tiles import Tile, all_tiles

STYLES: tuple[Style, ...] = ("notation", "chinese", "unicode")

tile_lists = st.lists(st.sampled_from(all_tiles()), max_size=30)


def notations(tiles: tuple[Tile, ...]) -> list[str]:
    return [t.notation for t in tiles]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", []),
        ("   ", []),
        ("1m", ["1m"]),
        ("123m456p789s11z", ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z"]),
        ("321m", ["3m", "2m", "1m"]),  # order as written
        ("1m1p1m", ["1m", "1p", "1m"]),
        ("1234567z", [f"{r}z" for r in range(1, 8)]),
        ("12m 34p", ["1m", "2m", "3p", "4p"]),
        ("1m,2m，3m、4m", ["1m", "2m", "3m", "4m"]),
        ("1m\t2m\n3m", ["1m", "2m", "3m"]),
        ("一万 五筒 9条", ["1m", "5p", "9s"]),
        ("一万五筒9条", ["1m", "5p", "9s"]),
        ("一二三万", ["1m", "2m", "3m"]),
        ("1萬2條3餅4饼5索", ["1m", "2s", "3p", "4p", "5s"]),
        ("东南西北白发中", [f"{r}z" for r in range(1, 8)]),
        ("東發", ["1z", "6z"]),
        ("红中紅中白板发财發財", ["7z", "7z", "5z", "6z", "6z"]),
        ("中发白", ["7z", "6z", "5z"]),
        ("红中中", ["7z", "7z"]),
        ("\U0001f007\U0001f010\U0001f019\U0001f000", ["1m", "1s", "1p", "1z"]),
        ("\U0001f006\U0001f005\U0001f004", ["5z", "6z", "7z"]),
        ("\U0001f004\ufe0f\U0001f004\ufe0f", ["7z", "7z"]),
        ("12m 五筒 \U0001f000", ["1m", "2m", "5p", "1z"]),
    ],
)
def test_tile2_parse(text: str, expected: list[str]) -> None:
    """TILE-2: notation, Chinese and Unicode spellings, mixed, with optional separators."""
    assert notations(parse_tiles(text)) == expected


@pytest.mark.parametrize(
    ("text", "style", "expected"),
    [
        ("", "notation", ""),
        ("", "chinese", ""),
        ("", "unicode", ""),
        ("123m456p789s11z", "notation", "123m456p789s11z"),
        ("1m1p1m", "notation", "1m1p1m"),
        ("321m", "notation", "321m"),
        ("123m5p11z", "chinese", "一万 二万 三万 五筒 东 东"),
        ("9s567z", "chinese", "九条 白 发 中"),
        ("19m", "unicode", "\U0001f007\U0001f00f"),
        ("1s1p", "unicode", "\U0001f010\U0001f019"),
        ("567z", "unicode", "\U0001f006\U0001f005\U0001f004"),
    ],
)
def test_tile2_format(text: str, style: Style, expected: str) -> None:
    """TILE-2: the three output styles, in the order given."""
    assert format_tiles(parse_tiles(text), style) == expected


def test_format_default_style_is_notation() -> None:
    assert format_tiles([Tile("1m"), Tile("2m"), Tile("1z")]) == "12m1z"
    assert format_tiles(iter([Tile("5p")])) == "5p"


def test_format_unknown_style() -> None:
    with pytest.raises(TileParseError) as info:
        format_tiles([Tile("1m")], "ascii")  # type: ignore[arg-type]
    assert str(info.value) == (
        "unknown style 'ascii'; choose 'notation', 'chinese' or 'unicode' at position 0 in 'ascii'"
    )
    assert isinstance(info.value, ValueError)
    with pytest.raises(TileParseError, match=r"^unknown style None;"):
        format_tiles([], None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        ([None], "format_tiles() takes Tile objects; item 0 is a NoneType"),
        ([Tile("1m"), "2m"], "format_tiles() takes Tile objects; item 1 is a str"),
        (5, "format_tiles() takes Tile objects, not a int"),
    ],
)
def test_format_refuses_what_is_not_tiles(tiles: object, message: str) -> None:
    with pytest.raises(InvalidHandError) as info:
        format_tiles(tiles)  # type: ignore[arg-type]
    assert str(info.value) == message
    assert isinstance(info.value, MahjongRulesError)


def test_parse_wrong_type() -> None:
    with pytest.raises(TypeError, match=r"^parse_tiles\(\) takes a str, not bytes$"):
        parse_tiles(b"1m")  # type: ignore[arg-type]


@pytest.mark.parametrize("style", STYLES)
@given(tiles=tile_lists)
def test_tile2_round_trip(style: Style, tiles: list[Tile]) -> None:
    """TILE-2: parsing what format_tiles wrote gives back the same tiles, in every style."""
    assert parse_tiles(format_tiles(tiles, style)) == tuple(tiles)


@given(tiles=tile_lists)
def test_tile2_notation_text_round_trip(tiles: list[Tile]) -> None:
    """TILE-2: formatting parsed notation gives back the canonical text."""
    text = format_tiles(tiles)
    assert format_tiles(parse_tiles(text)) == text


@given(tiles=tile_lists, sep=st.sampled_from([" ", ",", "，", "、", " , "]))
def test_tile2_separators_are_ignored(tiles: list[Tile], sep: str) -> None:
    """TILE-2: any accepted separator may sit between whole tiles."""
    text = sep.join(t.notation for t in tiles)
    assert parse_tiles(text) == tuple(tiles)


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("12x", 2, "unexpected character 'x'"),
        ("x12m", 0, "unexpected character 'x'"),
        ("m", 0, "suit 'm' has no ranks before it"),
        ("12m p", 4, "suit 'p' has no ranks before it"),
        ("12", 0, "ranks at the end have no suit"),
        ("1m 34", 3, "ranks at the end have no suit"),
        ("1 2m", 0, "rank '1' has no suit after it"),
        ("12 3m", 1, "rank '2' has no suit after it"),
        ("18z", 1, "rank '8' does not exist for honors (1..7)"),
        ("9z", 0, "rank '9' does not exist for honors (1..7)"),
        ("0m", 0, "rank '0' does not exist (ranks are 1..9)"),
        ("10m", 1, "unexpected character '0'"),
        ("一万x", 2, "unexpected character 'x'"),
        ("东风", 1, "unexpected character '风'"),
        ("1M", 1, "unexpected character 'M'"),
        ("5字", 1, "unexpected character '字'"),
        ("1m🀫", 2, "unexpected character '🀫'"),  # the tile back is not a tile kind
    ],
)
def test_tile2_errors_name_character_and_position(text: str, position: int, message: str) -> None:
    """TILE-2: a TileParseError (a ValueError) names the offending character and position."""
    with pytest.raises(TileParseError) as info:
        parse_tiles(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.position == position
    assert error.text == text
    assert str(error) == f"{message} at position {position} in {text!r}"
