"""Tests for mahjong_rules.counts: TileCounts (packed multiset) and TileSet (bitmask set)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_rules.counts import BITS_PER_KIND, TileCounts, TileSet, lanes_size
from mahjong_rules.errors import MahjongRulesError, TileCountError, TileParseError
from mahjong_rules.tiles import Suit, Tile, all_tiles

count_lists = st.lists(st.integers(0, 4), min_size=34, max_size=34)
masks = st.integers(0, (1 << 34) - 1)


def tc(text: str) -> TileCounts:
    return TileCounts(text)


# --- TileCounts: construction and queries ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "size", "canonical"),
    [
        ("", 0, ""),
        ("1m", 1, "1m"),
        ("321m", 3, "123m"),
        ("1z9s1m", 3, "1m9s1z"),
        ("1111m", 4, "1111m"),
        ("123m456p789s11z555m", 14, "123555m456p789s11z"),
        ("东 中 一万", 3, "1m17z"),
        ("\U0001f004\U0001f007", 2, "1m7z"),
    ],
)
def test_construct_len_str(text: str, size: int, canonical: str) -> None:
    """TILE-2: any spelling builds the multiset; str writes it sorted in notation."""
    counts = TileCounts(text)
    assert len(counts) == size
    assert counts.size == size
    assert str(counts) == canonical
    assert bool(counts) is (size > 0)
    assert counts == TileCounts(canonical)


def test_construct_from_tiles() -> None:
    tiles = [Tile("3m"), Tile("1m"), Tile("3m")]
    assert TileCounts(tiles) == tc("133m")
    assert TileCounts(iter(tiles)) == tc("133m")
    assert TileCounts() == tc("")


def test_construct_errors() -> None:
    with pytest.raises(TileCountError) as count_info:
        TileCounts("11111m")
    assert str(count_info.value) == "more than four 1m in 11111m"
    with pytest.raises(TileParseError) as info:
        TileCounts("12x")
    assert info.value.position == 2
    with pytest.raises(TypeError) as type_info:
        TileCounts(["1m"])  # type: ignore[list-item]
    assert str(type_info.value) == "TileCounts holds Tile objects, not str"


def test_construct_error_from_iterator_lists_the_tiles() -> None:
    with pytest.raises(TileCountError) as info:
        TileCounts(iter([Tile("1m")] * 5))
    assert str(info.value) == "more than four 1m in 11111m"


def test_count_and_contains() -> None:
    counts = tc("1123m7z")
    assert counts.count(Tile("1m")) == 2
    assert counts.count(Tile("2m")) == 1
    assert counts.count(Tile("4m")) == 0
    assert counts.count(Tile("7z")) == 1
    assert Tile("3m") in counts
    assert Tile("4m") not in counts
    assert "1m" not in counts  # only Tile objects are members
    assert 0 not in counts


def test_iteration_order_with_repetition() -> None:
    """Iteration is in tile order, each tile repeated by its count."""
    counts = tc("7z9s1m1z1m5p")
    assert [str(t) for t in counts] == ["1m", "1m", "5p", "9s", "1z", "7z"]
    assert list(tc("")) == []


def test_bits_layout() -> None:
    """Kind i holds (bits >> 3*i) & 7 copies."""
    assert BITS_PER_KIND == 3
    assert tc("1m").bits == 1
    assert tc("11m").bits == 2
    assert tc("2m").bits == 1 << 3
    assert tc("1p").bits == 1 << 27
    assert tc("7z").bits == 1 << 99
    assert tc("1111m2m").bits == 4 + (1 << 3)


def test_from_counts_and_counts() -> None:
    counts = [0] * 34
    counts[0], counts[9], counts[33] = 2, 4, 1
    made = TileCounts.from_counts(counts)
    assert made == tc("11m1111p7z")
    assert made.counts() == tuple(counts)
    assert len(made) == 7
    assert tc("").counts() == (0,) * 34


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ([0] * 33, "from_counts() needs 34 counts, got 33"),
        ([0] * 35, "from_counts() needs 34 counts, got 35"),
        ([5] + [0] * 33, "count of 1m must be 0..4, got 5"),
        ([0] * 33 + [-1], "count of 7z must be 0..4, got -1"),
    ],
)
def test_from_counts_errors(counts: list[int], message: str) -> None:
    with pytest.raises(TileCountError) as info:
        TileCounts.from_counts(counts)
    assert str(info.value) == message


def test_from_bits() -> None:
    assert TileCounts.from_bits(0) == tc("")
    assert TileCounts.from_bits(tc("123m9s1z").bits) == tc("123m9s1z")
    assert len(TileCounts.from_bits(4 << 99)) == 4


@pytest.mark.parametrize(
    ("bits", "message"),
    [
        (-1, "packed counts out of range: -0x1"),
        (1 << 102, "packed counts out of range: 0x" + "4" + "0" * 25),
        (5, "count of 1m must be 0..4, got 5"),
        (7 << 3, "count of 2m must be 0..4, got 7"),
    ],
)
def test_from_bits_errors(bits: int, message: str) -> None:
    with pytest.raises(TileCountError) as info:
        TileCounts.from_bits(bits)
    assert str(info.value) == message


def test_distinct_and_suits() -> None:
    counts = tc("1123m55p7z")
    assert counts.distinct() == TileSet("123m5p7z")
    assert str(counts.distinct()) == "123m5p7z"
    assert counts.suits() == frozenset({Suit.MAN, Suit.PIN, Suit.HONOR})
    assert tc("").suits() == frozenset()
    assert tc("").distinct() == TileSet()


def test_suit_key() -> None:
    """The packed counts of one suit, lane 0 = rank 1."""
    counts = tc("11m2p9p1s7z")
    assert counts.suit_key(Suit.MAN) == 2
    assert counts.suit_key(Suit.PIN) == (1 << 3) + (1 << 24)
    assert counts.suit_key(Suit.SOU) == 1
    assert counts.suit_key(Suit.HONOR) == 1 << 18
    assert tc("1234m").suit_key(Suit.PIN) == 0


# --- TileCounts: arithmetic and comparison --------------------------------------------------


def test_add_remove() -> None:
    counts = tc("1m")
    assert counts.add(Tile("1m")) == tc("11m")
    assert counts.add(Tile("1m"), 3) == tc("1111m")
    assert counts.add(Tile("2p"), 0) == counts
    assert counts.remove(Tile("1m")) == tc("")
    assert tc("111m").remove(Tile("1m"), 2) == tc("1m")
    assert counts == tc("1m")  # unchanged: immutable


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tc("1111m").add(Tile("1m")), "cannot hold 5 of 1m"),
        (lambda: tc("11m").add(Tile("1m"), 3), "cannot hold 5 of 1m"),
        (lambda: tc("1m").add(Tile("1m"), -1), "cannot hold 0 of 1m"),
        (lambda: tc("1m").remove(Tile("2m")), "cannot remove 1 of 2m from 1m: it holds 0"),
        (lambda: tc("1m").remove(Tile("1m"), 2), "cannot remove 2 of 1m from 1m: it holds 1"),
        (lambda: tc("1m").remove(Tile("1m"), -1), "cannot remove -1 of 1m from 1m: it holds 1"),
    ],
)
def test_add_remove_errors(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(TileCountError) as info:
        call()
    assert str(info.value) == message


def test_plus_minus() -> None:
    assert tc("123m") + tc("3m1z") == tc("1233m1z")
    assert tc("1233m1z") - tc("3m1z") == tc("123m")
    assert tc("") + tc("") == tc("")
    assert tc("12m") - tc("12m") == tc("")


def test_plus_beyond_four() -> None:
    """A sum holding five of a kind is a TileCountError (also a ValueError)."""
    with pytest.raises(TileCountError) as info:
        _ = tc("555p") + tc("55p")
    assert str(info.value) == "cannot hold 5 of 5p"
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, MahjongRulesError)


def test_minus_below_zero() -> None:
    with pytest.raises(TileCountError) as info:
        _ = tc("1m") - tc("11m")
    assert str(info.value) == "cannot remove 2 of 1m from 1m: it holds 1"
    with pytest.raises(TileCountError) as info:
        _ = tc("123m") - tc("1z")
    assert str(info.value) == "cannot remove 1 of 1z from 123m: it holds 0"


def test_plus_minus_other_types() -> None:
    with pytest.raises(TypeError):
        _ = tc("1m") + 1  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = tc("1m") - "1m"  # type: ignore[operator]


def test_sub_multiset_order() -> None:
    assert tc("12m") <= tc("123m")
    assert tc("12m") <= tc("12m")
    assert not tc("11m") <= tc("123m")
    assert tc("") <= tc("")
    assert tc("123m") >= tc("12m")
    assert not tc("12m") >= tc("123m")
    with pytest.raises(TypeError):
        _ = tc("1m") <= 1  # type: ignore[operator]


def test_equality_and_hash() -> None:
    assert tc("321m") == tc("123m")
    assert hash(tc("321m")) == hash(tc("123m"))
    assert tc("12m") != tc("13m")
    assert len({tc("12m"), tc("21m"), tc("1m2m"), tc("13m")}) == 2
    assert tc("1m") != "1m"  # type: ignore[comparison-overlap]


@pytest.mark.parametrize("text", ["", "1m", "123m456p789s11z555m", "1111m2222p3333s44z"])
def test_repr_round_trip(text: str) -> None:
    counts = tc(text)
    assert repr(counts) == f"TileCounts({str(counts)!r})"
    assert eval(repr(counts), {"TileCounts": TileCounts}) == counts


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle(protocol: int) -> None:
    counts = tc("123m456p789s11z555m")
    back = pickle.loads(pickle.dumps(counts, protocol))
    assert back == counts
    assert back.bits == counts.bits
    assert len(back) == 14


def test_format_styles() -> None:
    counts = tc("5z1m")
    assert counts.format() == "1m5z"
    assert counts.format("chinese") == "一万 白"
    assert counts.format("unicode") == "\U0001f007\U0001f006"


@given(counts=count_lists)
def test_counts_round_trips(counts: list[int]) -> None:
    """from_counts, counts, from_bits, str and iteration agree with each other."""
    made = TileCounts.from_counts(counts)
    assert made.counts() == tuple(counts)
    assert len(made) == sum(counts)
    assert TileCounts.from_bits(made.bits) == made
    assert TileCounts(str(made)) == made
    assert TileCounts(list(made)) == made
    assert [made.count(t) for t in all_tiles()] == counts
    assert set(made.distinct()) == {t for t, c in zip(all_tiles(), counts, strict=True) if c}


@given(counts=count_lists)
def test_lanes_size_counts_the_tiles_of_any_lanes(counts: list[int]) -> None:
    """lanes_size of the packed counts is the number of tiles: of the whole hand, of each
    suit's lanes shifted down or in place, and of any one kind's lane."""
    made = TileCounts.from_counts(counts)
    assert lanes_size(made.bits) == made.size == sum(counts)
    for k in range(4):
        suit = made.bits >> 27 * k & (1 << 27) - 1
        assert lanes_size(suit) == lanes_size(suit << 27 * k) == sum(counts[9 * k : 9 * k + 9])
    for i, c in enumerate(counts):
        assert lanes_size(made.bits & 7 << BITS_PER_KIND * i) == c


@given(a=count_lists, b=count_lists)
def test_sum_and_difference(a: list[int], b: list[int]) -> None:
    """+ adds counts when no kind exceeds four; - undoes it."""
    left, right = TileCounts.from_counts(a), TileCounts.from_counts(b)
    if all(x + y <= 4 for x, y in zip(a, b, strict=True)):
        total = left + right
        assert total.counts() == tuple(x + y for x, y in zip(a, b, strict=True))
        assert total - right == left
        assert left <= total
        assert right <= total
    else:
        with pytest.raises(TileCountError):
            _ = left + right
    assert (right <= left) is all(y <= x for x, y in zip(a, b, strict=True))


# --- TileSet --------------------------------------------------------------------------------


def test_tileset_basics() -> None:
    kinds = TileSet("9s1m1m5p")
    assert len(kinds) == 3
    assert [str(t) for t in kinds] == ["1m", "5p", "9s"]
    assert Tile("1m") in kinds
    assert Tile("2m") not in kinds
    assert "1m" not in kinds
    assert kinds.mask == 1 | (1 << 13) | (1 << 26)
    assert str(kinds) == "1m5p9s"
    assert repr(kinds) == "TileSet('1m5p9s')"
    assert bool(kinds) is True
    assert bool(TileSet()) is False
    assert len(TileSet()) == 0
    assert TileSet([Tile("中"), Tile("1m")]) == TileSet("1m7z")


def test_tileset_operations() -> None:
    a, b = TileSet("123m"), TileSet("3m4p")
    assert a | b == TileSet("123m4p")
    assert a & b == TileSet("3m")
    assert a - b == TileSet("12m")
    assert b - a == TileSet("4p")
    assert TileSet("12m") <= a
    assert a <= a
    assert not b <= a
    assert TileSet() <= TileSet()


@pytest.mark.parametrize("op", ["|", "&", "-", "<="])
def test_tileset_operations_with_other_types_raise_type_error(op: str) -> None:
    with pytest.raises(TypeError):
        eval(f"TileSet('1m') {op} 3", {"TileSet": TileSet})


def test_tileset_equality_hash_pickle_repr() -> None:
    kinds = TileSet("36p9s")
    assert kinds == TileSet("9s63p")
    assert hash(kinds) == hash(TileSet("9s63p"))
    assert len({kinds, TileSet("9s63p"), TileSet("1m")}) == 2
    assert pickle.loads(pickle.dumps(kinds)) == kinds
    assert pickle.loads(pickle.dumps(TileSet())) == TileSet()
    assert eval(repr(kinds), {"TileSet": TileSet}) == kinds


@given(a=masks, b=masks)
def test_tileset_matches_python_sets(a: int, b: int) -> None:
    """TileSet operations agree with frozenset operations on the same kinds."""
    left = TileSet([t for t in all_tiles() if a >> t.index & 1])
    right = TileSet([t for t in all_tiles() if b >> t.index & 1])
    assert left.mask == a
    fl, fr = frozenset(left), frozenset(right)
    assert frozenset(left | right) == fl | fr
    assert frozenset(left & right) == fl & fr
    assert frozenset(left - right) == fl - fr
    assert (left <= right) is (fl <= fr)
    assert len(left) == len(fl)
    assert list(left) == sorted(fl)
