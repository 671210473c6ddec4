"""Exact examples for the win detector, in the one-line notation.

Every table is checked against :mod:`mahjong_rules.wins` and, to keep the reference honest,
against the plain reference of ``tests/reference.py`` too.

SPEC IDs: BS-WIN-1 (standard form, the pair is compulsory), BS-WIN-2 (seven pairs; five pairs
and four identical tiles count as seven pairs), YS-WIN-1 (standard form or seven pairs, a
four-of-a-kind as two pairs), YS-WILD-3 (a wildcard stands for any tile in a win), YS-WILD-6
(a wildcard never stands for a fifth copy of a tile).
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.errors import HandSizeError, InvalidHandError, TileParseError
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.wins import (
    Decomposition,
    GroupKind,
    WinForm,
    decompositions,
    is_win,
    iter_decompositions,
    shanten,
    winning_tiles,
)
from reference import Reading, ref_decompositions, ref_is_win, ref_shanten, ref_winning_tiles


def _counts(hand: str) -> list[int]:
    return list(TileCounts(hand).counts())


class WinCase(NamedTuple):
    hand: str
    wilds: int
    expected: bool
    seven_pairs: bool = True
    honors: bool = True


# ------------------------------------------------------------------------------- is_win

WIN_CASES = [
    # BS-WIN-1: four melds and exactly one pair.
    WinCase("123m456p789s11z555m", 0, True),
    WinCase("111m222p333s444z55z", 0, True),
    WinCase("123m123m123m789s99s", 0, True),
    WinCase("111222333m44m789p", 0, True),
    WinCase("1112345678999m1m", 0, True),
    WinCase("1112345678999m5m", 0, True),
    # BS-WIN-1: the pair is compulsory; four melds and two odd tiles do not win.
    WinCase("123m456m789m123p45p", 0, False),
    WinCase("123m456m789m111z23z", 0, False),
    WinCase("12345m", 0, False),
    WinCase("11123m", 0, True),
    WinCase("12m", 0, False),
    WinCase("19m", 0, False),
    WinCase("11m", 0, True),
    WinCase("11z", 0, True),
    # Honors form pungs and pairs, never chows (BS-WIN-1).
    WinCase("123z11m", 0, False),
    WinCase("123m11z", 0, True),
    WinCase("111z22z", 0, True),
    WinCase("123m456p789s123z11z", 0, False),
    WinCase("567z567z123m11m", 0, False),
    WinCase("555z666z777z11m", 0, True),
    WinCase("555z666z777z11m222m", 0, True),
    # Chows never wrap around or cross suits.
    WinCase("891m11p", 0, False),
    WinCase("89m1p11s", 0, False),
    WinCase("789m11p", 0, True),
    # Hands with declared melds: 2, 5, 8 and 11 concealed tiles.
    WinCase("55z", 0, True),
    WinCase("11m123p", 0, True),
    WinCase("11m124p", 0, False),
    WinCase("11m123p555z", 0, True),
    WinCase("11m123p556z", 0, False),
    WinCase("123456789m11p", 0, True),
    WinCase("123456789m12p", 0, False),
    WinCase("11122233344m", 0, True),
    # BS-WIN-2 / YS-WIN-1: seven pairs, only with 14 tiles and only when enabled.
    WinCase("1122m3344p5566s77z", 0, True),
    WinCase("1122m3344p5566s77z", 0, False, seven_pairs=False),
    WinCase("1122m3344p5566s12z", 0, False),
    WinCase("1122m3344p", 0, False),
    WinCase("1133557799m1133p", 0, True),
    # Four identical tiles count as two pairs (BS-WIN-2: five pairs + four identical).
    WinCase("1111m22m33p44p55s66s", 0, True),
    WinCase("1111m22m33p44p55s66s", 0, False, seven_pairs=False),
    WinCase("1111m2222p3344s55z", 0, True),
    WinCase("1111m2222p3333s55z", 0, True),
    WinCase("1111z2222z3333z55z", 0, True),
    WinCase("1111z2222z3333z55z", 0, False, seven_pairs=False),
    WinCase("1111m2222p333s555z", 0, False),
    # Both forms at once; seven_pairs=False still finds the standard form.
    WinCase("11223344556677m", 0, True),
    WinCase("11223344556677m", 0, True, seven_pairs=False),
    # YS-WILD-3: wildcards stand for any tile.
    WinCase("123m456p789s111z", 2, True),
    WinCase("123m456p789s11z", 3, True),
    WinCase("13m55p", 1, True),
    WinCase("13m56p", 1, False),
    WinCase("1m", 1, True),
    WinCase("1z", 1, True),
    WinCase("", 2, True),
    WinCase("", 5, True),
    WinCase("", 14, True),
    WinCase("19m19p", 4, False),  # four loose tiles need four groups
    WinCase("19m1p", 5, True),
    WinCase("1z2z3z", 2, False),
    WinCase("1z2z3z", 5, True),
    WinCase("147m258p369s12z", 0, False),
    WinCase("147m", 2, False),
    WinCase("14m", 3, True),
    WinCase("1122m3344p5566s7z", 1, True),
    WinCase("1122m3344p5566s7z", 1, False, seven_pairs=False),
    WinCase("1m2p3s4z5z6z7z", 7, True),
    WinCase("1m2p3s4z5z6z7z", 7, False, seven_pairs=False),
    WinCase("1m2p3s4z5z6z7z1m", 6, True),
    # YS-WILD-6: never a fifth copy.
    WinCase("1111m", 1, False),
    WinCase("1112m", 1, True),
    WinCase("1111z", 1, False),
    WinCase("1111m2222m", 0, False),
    WinCase("1111m2m", 0, False),
    WinCase("1111m2m", 3, True),
    WinCase("1111z22z", 2, False),
    WinCase("1111z2z", 3, False),
    WinCase("1111z", 4, False),
    WinCase("1111m222m333m", 1, True),
    WinCase("1111z222z333z", 1, False),
    # honors=False: wildcards stand only for suited tiles.
    WinCase("123m456p789s", 2, True, honors=False),
    WinCase("", 2, True, honors=False),
    WinCase("1111m2222p3333s5s", 1, True, honors=False),
    WinCase("1111m2222p3333s", 2, True, honors=False),  # seven pairs: 6 + the wildcards' pair
    WinCase("1111m2222p3333s", 2, False, seven_pairs=False, honors=False),
    WinCase("11m", 0, True, seven_pairs=False, honors=False),
]


@pytest.mark.parametrize("case", WIN_CASES, ids=lambda c: f"{c.hand}+{c.wilds}w")
def test_is_win(case: WinCase) -> None:
    """BS-WIN-1, BS-WIN-2, YS-WIN-1, YS-WILD-3, YS-WILD-6: each case's group names its rule."""
    flags = {"seven_pairs": case.seven_pairs, "honors": case.honors}
    reference = ref_is_win(_counts(case.hand), case.wilds, case.seven_pairs, case.honors)
    assert reference is case.expected
    assert is_win(case.hand, case.wilds, **flags) is case.expected
    assert is_win(TileCounts(case.hand), case.wilds, **flags) is case.expected


# ------------------------------------------------------------------------------- winning_tiles

_ALL = "123456789m123456789p123456789s1234567z"
_SUITED = "123456789m123456789p123456789s"


class WaitCase(NamedTuple):
    hand: str
    wilds: int
    expected: str
    seven_pairs: bool = True
    honors: bool = True


WAIT_CASES = [
    # 九莲宝灯 (nine gates): waits on all nine.
    WaitCase("1112345678999m", 0, "123456789m"),
    WaitCase("123m456p789s1155m", 0, "145m"),  # 4m: 111m 234m 55m
    WaitCase("123m456p789s11z23m", 0, "14m"),
    WaitCase("123m456p789s11z24m", 0, "3m"),
    WaitCase("123m456p789s11z12m", 0, "3m"),
    WaitCase("123m456p789s11z", 2, _ALL),
    WaitCase("123m456p789s1z", 0, "1z"),
    WaitCase("1m", 0, "1m"),
    WaitCase("1z", 0, "1z"),
    WaitCase("1111m234p567p789s", 0, ""),  # YS-WILD-6: the only fit is a fifth 1m
    WaitCase("1111m", 0, ""),
    WaitCase("1111m234p567p", 0, ""),
    WaitCase("111m", 1, "23456789m123456789p123456789s1234567z"),
    WaitCase("111m", 1, "23456789m123456789p123456789s", honors=False),
    WaitCase("", 1, _ALL),
    WaitCase("", 1, _SUITED, honors=False),
    WaitCase("1111222233334m", 0, "45m"),  # not 1m: a fifth copy
    WaitCase("2345678m", 0, "258m"),
    WaitCase("1122m3344p5566s7z", 0, "7z"),  # seven pairs, single wait
    WaitCase("1122m3344p5566s7z", 0, "", seven_pairs=False),
    WaitCase("1111m22m33p44p55s6s", 0, "6s"),  # a four-of-a-kind as two pairs
    WaitCase("1111m22m33p44p55s6s", 0, "", seven_pairs=False),
    WaitCase("1357m", 0, ""),
    WaitCase("135m", 1, "1245m"),
    WaitCase("1234z", 0, ""),
    WaitCase("12z", 2, "12z"),
    WaitCase("123z", 1, ""),
    WaitCase("1z", 0, "1z", seven_pairs=False),
]


@pytest.mark.parametrize("case", WAIT_CASES, ids=lambda c: f"{c.hand}+{c.wilds}w")
def test_winning_tiles(case: WaitCase) -> None:
    """Exact waits (BS-WIN-1, YS-WIN-1); with wildcards any tile (YS-WILD-3), never a fifth
    copy (YS-WILD-6)."""
    flags = {"seven_pairs": case.seven_pairs, "honors": case.honors}
    expected = TileSet(case.expected)
    reference = ref_winning_tiles(_counts(case.hand), case.wilds, case.seven_pairs, case.honors)
    assert reference == {t.index for t in expected}
    assert winning_tiles(case.hand, case.wilds, **flags) == expected
    assert winning_tiles(TileCounts(case.hand), case.wilds, **flags) == expected


def test_winning_tiles_are_exactly_the_completing_tiles() -> None:
    """The definition itself, on the nine-gates hand and a wildcard hand."""
    for hand, wilds in (("1112345678999m", 0), ("111m", 1), ("1111m", 0), ("13m5p", 1)):
        counts = TileCounts(hand)
        expected = TileSet(
            t for t in all_tiles() if counts.count(t) < 4 and is_win(counts.add(t), wilds)
        )
        assert winning_tiles(counts, wilds) == expected


# ------------------------------------------------------------------------------- decompositions

PlainReading = tuple[str, tuple[str, ...], str]
"""(form, groups as text, wilds as text)."""


def _plain(reading: Decomposition) -> PlainReading:
    return (
        reading.form.value,
        tuple(str(g) for g in reading.groups),
        "".join(str(t) for t in reading.wilds),
    )


def _group_text(kind: str, index: int) -> str:
    tiles = {"pair": [index] * 2, "pung": [index] * 3, "chow": [index, index + 1, index + 2]}[kind]
    return str(TileCounts(Tile(i) for i in tiles))


def _plain_ref(reading: Reading) -> PlainReading:
    form, groups, wilds = reading
    return (form, tuple(_group_text(k, i) for k, i in groups), "".join(str(Tile(i)) for i in wilds))


class DecompositionCase(NamedTuple):
    hand: str
    wilds: int
    expected: list[PlainReading]
    seven_pairs: bool = True
    honors: bool = True


S, P = "standard", "seven_pairs"

DECOMPOSITION_CASES = [
    DecompositionCase("123m456p789s11z555m", 0, [(S, ("123m", "555m", "456p", "789s", "11z"), "")]),
    # BS-WIN-1: three ways to read three consecutive triplets plus 44m
    DecompositionCase(
        "111222333m44m",
        0,
        [
            (S, ("11m", "123m", "234m", "234m"), ""),
            (S, ("111m", "222m", "333m", "44m"), ""),
            (S, ("123m", "123m", "123m", "44m"), ""),
        ],
    ),
    # YS-WIN-1: both forms, standard readings first, then seven pairs
    DecompositionCase(
        "11223344556677m",
        0,
        [
            (S, ("11m", "234m", "234m", "567m", "567m"), ""),
            (S, ("123m", "123m", "44m", "567m", "567m"), ""),
            (S, ("123m", "123m", "456m", "456m", "77m"), ""),
            (P, ("11m", "22m", "33m", "44m", "55m", "66m", "77m"), ""),
        ],
    ),
    DecompositionCase(
        "11223344556677m",
        0,
        [
            (S, ("11m", "234m", "234m", "567m", "567m"), ""),
            (S, ("123m", "123m", "44m", "567m", "567m"), ""),
            (S, ("123m", "123m", "456m", "456m", "77m"), ""),
        ],
        seven_pairs=False,
    ),
    # BS-WIN-2 / YS-WIN-1: a four-of-a-kind is two pair groups
    DecompositionCase(
        "1111m22m33p44p55s66s", 0, [(P, ("11m", "11m", "22m", "33p", "44p", "55s", "66s"), "")]
    ),
    DecompositionCase(
        "1111z2222z3333z55z", 0, [(P, ("11z", "11z", "22z", "22z", "33z", "33z", "55z"), "")]
    ),
    DecompositionCase("1111m22m33p44p55s66s", 0, [], seven_pairs=False),
    DecompositionCase("1122m3344p5566s12z", 0, []),
    DecompositionCase("123z11m", 0, []),
    DecompositionCase("11z", 0, [(S, ("11z",), "")]),
    # YS-WILD-3: what each wildcard stands for, in tile order
    DecompositionCase("13m55p", 1, [(S, ("123m", "55p"), "2m")]),
    DecompositionCase("1m", 1, [(S, ("11m",), "1m")]),
    DecompositionCase("1z", 1, [(S, ("11z",), "1z")]),
    DecompositionCase("111m2m", 1, [(S, ("11m", "123m"), "3m"), (S, ("111m", "22m"), "2m")]),
    DecompositionCase("123m456p789s1z", 1, [(S, ("123m", "456p", "789s", "11z"), "1z")]),
    DecompositionCase(
        "1122m3344p5566s7z", 1, [(P, ("11m", "22m", "33p", "44p", "55s", "66s", "77z"), "7z")]
    ),
    DecompositionCase("13m5p", 2, [(S, ("123m", "55p"), "2m5p")]),
    # YS-WILD-6: 1111m + a wildcard has no reading (it would need a fifth 1m)
    DecompositionCase("1111m", 1, []),
    DecompositionCase("1111z", 1, []),
]


@pytest.mark.parametrize("case", DECOMPOSITION_CASES, ids=lambda c: f"{c.hand}+{c.wilds}w")
def test_decompositions(case: DecompositionCase) -> None:
    """Every reading, in order: standard form first, then groups, then what the wildcards
    stand for (BS-WIN-1, YS-WIN-1, YS-WILD-3, YS-WILD-6)."""
    flags = {"seven_pairs": case.seven_pairs, "honors": case.honors}
    counts = _counts(case.hand)
    reference = ref_decompositions(counts, case.wilds, case.seven_pairs, case.honors)
    assert {_plain_ref(r) for r in reference} == set(case.expected)
    actual = decompositions(case.hand, case.wilds, **flags)
    assert [_plain(d) for d in actual] == case.expected
    lazily = list(iter_decompositions(case.hand, case.wilds, **flags))
    assert len(lazily) == len(actual) and set(lazily) == set(actual)
    assert bool(actual) is is_win(case.hand, case.wilds, **flags)


@pytest.mark.parametrize(
    ("hand", "wilds", "seven_pairs", "honors", "count"),
    [
        ("", 2, True, True, 34),  # a pair of any kind
        ("", 2, True, False, 27),  # ... any suited kind
        ("12m", 3, True, True, 37),  # 123m + any pair (34), or 11m 234m, 11m 222m, 111m 22m
        ("1122m3344p5566s", 2, True, True, 34),  # seven pairs, the seventh any pair
        ("1122m3344p5566s", 2, False, True, 0),
        ("1122m3344p5566s", 2, True, False, 27),
    ],
)
def test_decomposition_counts(
    hand: str, wilds: int, seven_pairs: bool, honors: bool, count: int
) -> None:
    """YS-WILD-3: wildcards read as every tile they can stand for, each reading once."""
    reference = ref_decompositions(_counts(hand), wilds, seven_pairs, honors)
    actual = decompositions(hand, wilds, seven_pairs=seven_pairs, honors=honors)
    assert len(reference) == count
    assert len(actual) == count
    assert {_plain(d) for d in actual} == {_plain_ref(r) for r in reference}


def test_decomposition_accessors() -> None:
    standard, seven = decompositions("11223344556677m")[0], decompositions("11223344556677m")[-1]
    assert standard.form is WinForm.STANDARD
    assert standard.pair is not None and str(standard.pair) == "11m"
    assert [str(g) for g in standard.melds] == ["234m", "234m", "567m", "567m"]
    assert all(g.kind is GroupKind.CHOW for g in standard.melds)
    assert standard.tiles == TileCounts("11223344556677m")
    assert seven.form is WinForm.SEVEN_PAIRS
    assert seven.pair is None and seven.melds == ()
    (reading,) = decompositions("13m5p", 2)
    assert reading.wild_counts == TileCounts("2m5p")
    assert reading.tiles == TileCounts("123m55p")


# ------------------------------------------------------------------------------- shanten


class ShantenCase(NamedTuple):
    hand: str
    wilds: int
    expected: int
    seven_pairs: bool = True
    honors: bool = True


SHANTEN_CASES = [
    ShantenCase("123m456p789s11z555m", 0, -1),
    ShantenCase("1123m456p789s111z", 0, 0),
    ShantenCase("1112345678999m", 0, 0),
    ShantenCase("123m456p789s1z", 0, 0),
    ShantenCase("1m", 0, 0),
    ShantenCase("12m", 0, 0),  # 2 tiles: one tile from a pair
    ShantenCase("19m", 0, 0),
    ShantenCase("1z", 0, 0),
    ShantenCase("1357m", 0, 1),
    ShantenCase("1357m", 1, 0),
    ShantenCase("13579m", 0, 1),
    ShantenCase("1234567z", 0, 4),  # two pungs and a pair of honors: five tiles missing
    ShantenCase("12345677z", 0, 3),
    # YS-WILD-6: a hand whose only completion is a fifth 1m is not ready.
    ShantenCase("1111m", 0, 1),
    ShantenCase("1111m234p567p789s", 0, 1),
    ShantenCase("1111222233334m", 0, 0),
    ShantenCase("11112222333344m", 0, -1),
    # seven pairs (a four-of-a-kind is two pairs) only counts when enabled
    ShantenCase("1122m3344p5566s7z", 0, 0),
    ShantenCase("1122m3344p5566s7z", 0, 3, seven_pairs=False),
    ShantenCase("1111m22m33p44p55s6s", 0, 0),
    ShantenCase("1111m22m33p44p55s66s", 0, -1),
    ShantenCase("1111m22m33p44p55s66s", 0, 2, seven_pairs=False),
    # thirteen unrelated tiles: 6 (seven pairs) or 8 (standard form)
    ShantenCase("147m258p369s1234z", 0, 6),
    ShantenCase("147m258p369s1234z", 0, 8, seven_pairs=False),
    ShantenCase("19m19p19s1234567z", 0, 6),
    # each wildcard is one tile nearer
    ShantenCase("147m258p369s1z", 3, 3),  # seven pairs: 7 missing, 3 wildcards
    ShantenCase("147m258p369s1z", 3, 5, seven_pairs=False),  # 5 groups, one loose tile each
    ShantenCase("", 2, -1),
    ShantenCase("", 1, 0),
    ShantenCase("", 13, 0),
    ShantenCase("1m", 1, -1),
    ShantenCase("1z2z3z", 2, 0),  # 111z 22z: three missing, two wildcards
    ShantenCase("123m", 1, 0, honors=False),
]


@pytest.mark.parametrize("case", SHANTEN_CASES, ids=lambda c: f"{c.hand}+{c.wilds}w")
def test_shanten(case: ShantenCase) -> None:
    """Shanten = fewest tiles missing for a complete hand, less the wildcards, less one."""
    flags = {"seven_pairs": case.seven_pairs, "honors": case.honors}
    reference = ref_shanten(_counts(case.hand), case.wilds, case.seven_pairs, case.honors)
    assert reference == case.expected
    assert shanten(case.hand, case.wilds, **flags) == case.expected


# ------------------------------------------------------------------------------- errors

_FOURTEEN = "123m456p789s11z555m"
_THIRTEEN = "123m456p789s11z55m"
_TWELVE = "123m456p789s11z5m"


@pytest.mark.parametrize(
    ("hand", "wilds"),
    [
        (_THIRTEEN, 0),
        (_TWELVE, 0),
        ("", 0),
        ("1m", 0),
        ("123m", 0),
        (_TWELVE, 1),
        (_FOURTEEN, 3),
        ("", 17),
        ("11m", 1),
    ],
)
def test_is_win_hand_size_error(hand: str, wilds: int) -> None:
    """is_win and decompositions need 3k+2 tiles (at most 14), counting wildcards."""
    with pytest.raises(HandSizeError):
        is_win(hand, wilds)
    with pytest.raises(HandSizeError):
        decompositions(hand, wilds)
    with pytest.raises(HandSizeError):
        list(iter_decompositions(hand, wilds))


@pytest.mark.parametrize(
    ("hand", "wilds"),
    [(_FOURTEEN, 0), (_TWELVE, 0), ("", 0), ("11m", 0), (_THIRTEEN, 3), ("", 16), ("1m", 1)],
)
def test_winning_tiles_hand_size_error(hand: str, wilds: int) -> None:
    """winning_tiles needs 3k+1 tiles (at most 13), counting wildcards."""
    with pytest.raises(HandSizeError):
        winning_tiles(hand, wilds)


@pytest.mark.parametrize(
    ("hand", "wilds"),
    [(_TWELVE, 0), ("", 0), ("123m", 0), (_THIRTEEN, 2), (_FOURTEEN, 1), ("", 15)],
)
def test_shanten_hand_size_error(hand: str, wilds: int) -> None:
    """shanten needs 3k+1 or 3k+2 tiles (at most 14), counting wildcards."""
    with pytest.raises(HandSizeError):
        shanten(hand, wilds)


def test_hand_size_error_is_an_invalid_hand_error() -> None:
    with pytest.raises(InvalidHandError):
        is_win(_THIRTEEN)


def test_honors_with_honors_false() -> None:
    """honors=False: honor tiles in the hand are an InvalidHandError, for every function."""
    with pytest.raises(InvalidHandError):
        is_win(_FOURTEEN, honors=False)
    with pytest.raises(InvalidHandError):
        decompositions(_FOURTEEN, honors=False)
    with pytest.raises(InvalidHandError):
        winning_tiles(_THIRTEEN, honors=False)
    with pytest.raises(InvalidHandError):
        shanten(_THIRTEEN, honors=False)
    with pytest.raises(InvalidHandError):
        is_win("11z", 3, honors=False)
    # ... and the same hands are fine with honors on
    assert is_win(_FOURTEEN) is True
    assert winning_tiles(_THIRTEEN) == TileSet("5m1z")


@pytest.mark.parametrize("text", ["12x", "0m", "1", "m", "8z", "123m456q"])
def test_tile_parse_error(text: str) -> None:
    with pytest.raises(TileParseError):
        is_win(text)
    with pytest.raises(TileParseError):
        winning_tiles(text)
    with pytest.raises(TileParseError):
        shanten(text)
    with pytest.raises(TileParseError):
        decompositions(text)
