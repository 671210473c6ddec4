"""Tests for mahjong_rules.tiles: Suit and Tile (TILE-1, TILE-2)."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

from mahjong_rules.errors import MahjongRulesError, TileParseError
from mahjong_rules.tiles import HONOR_NAMES_ZH, NUMERALS_ZH, Suit, Tile, all_tiles, suited_tiles

# --- TILE-1: the tile set -------------------------------------------------------------------


def test_tile1_thirty_four_kinds_in_order() -> None:
    """TILE-1: 27 suited kinds 1m..9m 1p..9p 1s..9s, then 7 honors 1z..7z."""
    tiles = all_tiles()
    assert len(tiles) == 34
    assert [t.notation for t in tiles] == (
        [f"{r}m" for r in range(1, 10)]
        + [f"{r}p" for r in range(1, 10)]
        + [f"{r}s" for r in range(1, 10)]
        + [f"{r}z" for r in range(1, 8)]
    )
    assert [t.index for t in tiles] == list(range(34))


def test_tile1_without_honors_is_27_kinds_108_tiles() -> None:
    """TILE-1: three suits of ranks 1-9, four copies each: 108 tiles; with honors 136."""
    suited = all_tiles(honors=False)
    assert len(suited) == 27
    assert suited == all_tiles()[:27]
    assert not any(t.is_honor for t in suited)
    assert len(suited) * 4 == 108
    assert len(all_tiles()) * 4 == 136


def test_tile1_honor_names() -> None:
    """TILE-1: 1z-7z are 东 南 西 北 白 发 中."""
    assert HONOR_NAMES_ZH == ("东", "南", "西", "北", "白", "发", "中")
    assert [Tile(f"{r}z").name_zh for r in range(1, 8)] == list(HONOR_NAMES_ZH)
    assert NUMERALS_ZH == "一二三四五六七八九"


@pytest.mark.parametrize(
    ("suit", "value", "name_zh", "offset", "size", "is_honor"),
    [
        (Suit.MAN, "m", "万", 0, 9, False),
        (Suit.PIN, "p", "筒", 9, 9, False),
        (Suit.SOU, "s", "条", 18, 9, False),
        (Suit.HONOR, "z", "字", 27, 7, True),
    ],
)
def test_tile1_suits(
    suit: Suit, value: str, name_zh: str, offset: int, size: int, is_honor: bool
) -> None:
    """TILE-1: 万 m, 筒 p, 条 s and the honors z."""
    assert suit.value == value
    assert Suit(value) is suit
    assert suit.name_zh == name_zh
    assert suit.offset == offset
    assert suit.size == size
    assert suit.is_honor is is_honor
    assert repr(suit) == f"Suit.{suit.name}"
    assert [t.notation for t in suited_tiles(suit)] == [f"{r}{value}" for r in range(1, size + 1)]


@pytest.mark.parametrize(
    ("tile", "suit", "rank", "is_honor", "name_zh", "char"),
    [
        (Tile("1m"), Suit.MAN, 1, False, "一万", "\U0001f007"),
        (Tile("9m"), Suit.MAN, 9, False, "九万", "\U0001f00f"),
        (Tile("1p"), Suit.PIN, 1, False, "一筒", "\U0001f019"),
        (Tile("5p"), Suit.PIN, 5, False, "五筒", "\U0001f01d"),
        (Tile("9p"), Suit.PIN, 9, False, "九筒", "\U0001f021"),
        (Tile("1s"), Suit.SOU, 1, False, "一条", "\U0001f010"),
        (Tile("9s"), Suit.SOU, 9, False, "九条", "\U0001f018"),
        (Tile("1z"), Suit.HONOR, 1, True, "东", "\U0001f000"),
        (Tile("4z"), Suit.HONOR, 4, True, "北", "\U0001f003"),
        (Tile("5z"), Suit.HONOR, 5, True, "白", "\U0001f006"),
        (Tile("6z"), Suit.HONOR, 6, True, "发", "\U0001f005"),
        (Tile("7z"), Suit.HONOR, 7, True, "中", "\U0001f004"),
    ],
)
def test_tile1_properties(
    tile: Tile, suit: Suit, rank: int, is_honor: bool, name_zh: str, char: str
) -> None:
    """TILE-1: suit, rank, names and the Unicode character of sample tiles."""
    assert tile.suit is suit
    assert tile.rank == rank
    assert tile.is_honor is is_honor
    assert tile.name_zh == name_zh
    assert tile.char == char
    assert tile.notation == f"{rank}{suit.value}"
    assert str(tile) == f"{rank}{suit.value}"
    assert repr(tile) == f"Tile('{rank}{suit.value}')"


# --- TILE-2: every spelling -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("spelling", "notation"),
    [
        # one-line notation
        ("1m", "1m"),
        ("9s", "9s"),
        ("5p", "5p"),
        ("7z", "7z"),
        (" 3m ", "3m"),
        # Chinese, digit then suit
        ("1万", "1m"),
        ("5筒", "5p"),
        ("9条", "9s"),
        # Chinese numerals
        ("一万", "1m"),
        ("五筒", "5p"),
        ("九条", "9s"),
        ("八万", "8m"),
        # traditional and alternative suit names
        ("五萬", "5m"),
        ("3條", "3s"),
        ("七索", "7s"),
        ("2饼", "2p"),
        ("六餅", "6p"),
        # honors
        ("东", "1z"),
        ("東", "1z"),
        ("南", "2z"),
        ("西", "3z"),
        ("北", "4z"),
        ("白", "5z"),
        ("白板", "5z"),
        ("发", "6z"),
        ("發", "6z"),
        ("发财", "6z"),
        ("發財", "6z"),
        ("中", "7z"),
        ("红中", "7z"),
        ("紅中", "7z"),
        # Unicode: 🀇-🀏 万, 🀐-🀘 条, 🀙-🀡 筒, 🀀-🀃 winds
        ("\U0001f007", "1m"),
        ("\U0001f00b", "5m"),
        ("\U0001f00f", "9m"),
        ("\U0001f010", "1s"),
        ("\U0001f018", "9s"),
        ("\U0001f019", "1p"),
        ("\U0001f021", "9p"),
        ("\U0001f000", "1z"),
        ("\U0001f001", "2z"),
        ("\U0001f002", "3z"),
        ("\U0001f003", "4z"),
        # the dragons' Unicode order is the reverse of 白 发 中
        ("\U0001f006", "5z"),
        ("\U0001f005", "6z"),
        ("\U0001f004", "7z"),
        ("\U0001f004\ufe0f", "7z"),  # 🀄 with the emoji variation selector
    ],
)
def test_tile2_spellings(spelling: str, notation: str) -> None:
    """TILE-2: notation, Chinese (digits, numerals, traditional) and Unicode all name a tile."""
    tile = Tile(spelling)
    assert tile.notation == notation
    assert tile is Tile(notation)


@pytest.mark.parametrize("tile", all_tiles(), ids=str)
def test_tile2_every_tile_from_every_spelling(tile: Tile) -> None:
    """TILE-2: each kind is the same object from index, notation, Chinese name and character."""
    spellings = [tile.notation, tile.name_zh, tile.char]
    if not tile.is_honor:
        spellings.append(f"{tile.rank}{tile.suit.name_zh}")
        spellings.append(f"{NUMERALS_ZH[tile.rank - 1]}{tile.suit.name_zh}")
    for spelling in spellings:
        assert Tile(spelling) is tile
    assert Tile(tile.index) is tile
    assert eval(repr(tile), {"Tile": Tile}) is tile


# --- interning, order, hashing, pickling ----------------------------------------------------


def test_interned() -> None:
    """One object per kind."""
    assert Tile("5m") is Tile("五万")
    assert Tile("5m") is Tile("\U0001f00b")
    assert Tile("5m") is Tile(4)
    assert Tile("中") is Tile(33)
    assert len({id(Tile(i)) for i in range(34)}) == 34


def test_order() -> None:
    """Tiles order as 1m..9m 1p..9p 1s..9s 1z..7z."""
    assert Tile("9m") < Tile("1p") < Tile("9p") < Tile("1s") < Tile("9s") < Tile("1z")
    assert Tile("7z") > Tile("6z")
    assert Tile("3m") <= Tile("3m")
    assert Tile("3m") >= Tile("三万")
    assert sorted([Tile("中"), Tile("1s"), Tile("1m"), Tile("9p")]) == [
        Tile("1m"),
        Tile("9p"),
        Tile("1s"),
        Tile("7z"),
    ]
    assert sorted(reversed(all_tiles())) == list(all_tiles())


def test_hashing() -> None:
    """Equal tiles hash alike; they work as set members and dict keys."""
    assert hash(Tile("1m")) == hash(Tile("一万"))
    assert len({Tile("1m"), Tile("一万"), Tile("\U0001f007"), Tile("2m")}) == 2
    table = {Tile("东"): "east"}
    assert table[Tile("1z")] == "east"
    assert len(set(all_tiles())) == 34
    assert Tile("1m") == Tile("1m")
    assert Tile("1m") != Tile("1p")
    assert Tile("1m") != "1m"  # type: ignore[comparison-overlap]


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_keeps_interning(protocol: int) -> None:
    """Pickling gives back the very same tile objects."""
    tiles = list(all_tiles())
    assert all(
        a is b for a, b in zip(pickle.loads(pickle.dumps(tiles, protocol)), tiles, strict=True)
    )


def test_copy_keeps_interning() -> None:
    tile = Tile("8s")
    assert copy.copy(tile) is tile
    assert copy.deepcopy(tile) is tile


def test_frozen() -> None:
    tile = Tile("8s")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(tile, "index", 3)  # noqa: B010
    assert Tile("8s").index == 25


# --- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("x", "unexpected character 'x' at position 0 in 'x'", 0),
        ("5x", "unexpected character 'x' at position 1 in '5x'", 1),
        ("8z", "rank '8' does not exist for honors (1..7) at position 0 in '8z'", 0),
        ("0m", "rank '0' does not exist (ranks are 1..9) at position 0 in '0m'", 0),
        ("m", "suit 'm' has no ranks before it at position 0 in 'm'", 0),
        ("5", "ranks at the end have no suit at position 0 in '5'", 0),
        ("五", "ranks at the end have no suit at position 0 in '五'", 0),
        ("东x", "unexpected character 'x' at position 1 in '东x'", 1),
        ("12m", "expected one tile, got 2 at position 0 in '12m'", 0),
        ("", "expected one tile, got 0 at position 0 in ''", 0),
        ("1字", "unexpected character '字' at position 1 in '1字'", 1),
    ],
)
def test_tile2_parse_errors(text: str, message: str, position: int) -> None:
    """TILE-2: bad input raises TileParseError naming the character and its position."""
    with pytest.raises(TileParseError) as info:
        Tile(text)
    assert str(info.value) == message
    assert info.value.position == position
    assert info.value.text == text
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, MahjongRulesError)


@pytest.mark.parametrize("index", [-1, 34, 100])
def test_index_out_of_range(index: int) -> None:
    with pytest.raises(TileParseError) as info:
        Tile(index)
    assert str(info.value) == f"tile index must be 0..33, got {index} at position 0 in '{index}'"


def test_huge_index_is_refused_without_writing_it_out() -> None:
    with pytest.raises(TileParseError) as info:
        Tile(10**5000)
    assert str(info.value) == (
        "tile index must be 0..33, got a number of over 9 digits at position 0"
        " in 'a number of over 9 digits'"
    )


@pytest.mark.parametrize(
    ("spec", "type_name"), [(True, "bool"), (1.0, "float"), (None, "NoneType"), (b"1m", "bytes")]
)
def test_wrong_type(spec: object, type_name: str) -> None:
    with pytest.raises(TypeError) as info:
        Tile(spec)  # type: ignore[arg-type]
    assert str(info.value) == f"Tile() takes a str or an int, not {type_name}"
