"""Tests for mahjong_rules.melds: MeldKind and Meld (BS-PENGSHOW-1, YS-WILD-3)."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_rules.counts import TileCounts
from mahjong_rules.errors import MahjongRulesError, MeldError
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.tiles import Tile, all_tiles

P, Z, B, A = MeldKind.PENG, MeldKind.ZHI_GANG, MeldKind.BU_GANG, MeldKind.AN_GANG


@pytest.mark.parametrize(
    ("kind", "value", "name_zh", "letter", "is_kong", "is_concealed", "size"),
    [
        (P, "peng", "碰", "P", False, False, 3),
        (Z, "zhi_gang", "直杠", "G", True, False, 4),
        (B, "bu_gang", "补杠", "B", True, False, 4),
        (A, "an_gang", "暗杠", "A", True, True, 4),
    ],
)
def test_meld_kind(
    kind: MeldKind,
    value: str,
    name_zh: str,
    letter: str,
    is_kong: bool,
    is_concealed: bool,
    size: int,
) -> None:
    assert kind.value == value
    assert MeldKind(value) is kind
    assert kind.name_zh == name_zh
    assert kind.letter == letter
    assert kind.is_kong is is_kong
    assert kind.is_concealed is is_concealed
    assert kind.size == size
    assert repr(kind) == f"MeldKind.{kind.name}"
    assert kind.__doc__ is not None


def test_meld_kind_members() -> None:
    assert list(MeldKind) == [P, Z, B, A]


# --- text form ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "tile", "wild_tiles", "from_seat", "naturals", "physical"),
    [
        ("P6p@2", P, "6p", "", 2, 3, "666p"),
        ("G7s@1", Z, "7s", "", 1, 4, "7777s"),
        ("B8s@3", B, "8s", "", 3, 4, "8888s"),
        ("A5m", A, "5m", "", None, 4, "5555m"),
        ("P1z@0", P, "1z", "", 0, 3, "111z"),
        ("A7z", A, "7z", "", None, 4, "7777z"),
        ("P2m*8p@1", P, "2m", "8p", 1, 2, "22m8p"),
        ("P2m*8p8p@1", P, "2m", "88p", 1, 1, "2m88p"),
        ("G1m*7p9p@0", Z, "1m", "79p", 0, 2, "11m79p"),
        ("B3s*2s@2", B, "3s", "2s", 2, 3, "2333s"),
        ("A9s*1s1s1s", A, "9s", "111s", None, 1, "1119s"),
        ("A4p*3p5p", A, "4p", "35p", None, 2, "3445p"),
    ],
)
def test_parse(
    text: str,
    kind: MeldKind,
    tile: str,
    wild_tiles: str,
    from_seat: int | None,
    naturals: int,
    physical: str,
) -> None:
    """BS-PENGSHOW-1, YS-WILD-3: kind, tile, wildcards and source seat read from text."""
    meld = Meld.parse(text)
    assert meld.kind is kind
    assert meld.tile is Tile(tile)
    assert meld.wild_tiles == tuple(TileCounts(wild_tiles))
    assert meld.from_seat == from_seat
    assert meld.wilds == len(TileCounts(wild_tiles))
    assert meld.naturals == naturals
    assert meld.wilds + meld.naturals == kind.size
    assert meld.size == kind.size
    assert meld.is_kong is kind.is_kong
    assert meld.is_concealed is kind.is_concealed
    assert meld.tiles == TileCounts(physical)
    assert str(meld) == text
    assert repr(meld) == f"Meld.parse({text!r})"
    assert eval(repr(meld), {"Meld": Meld}) == meld


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("G1m*97p@0", "G1m*7p9p@0"),
        ("G1m*9p7p@0", "G1m*7p9p@0"),
        ("P2m*88p@1", "P2m*8p8p@1"),
        ("A4p*5p3p", "A4p*3p5p"),
        (" P6p@2 ", "P6p@2"),
        ("\tA5m\n", "A5m"),
    ],
)
def test_parse_normalises(text: str, canonical: str) -> None:
    """Wildcards are kept sorted; grouped ranks and outer spaces are accepted."""
    assert str(Meld.parse(text)) == canonical
    assert Meld.parse(text) == Meld.parse(canonical)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty meld text at position 0 in ''"),
        ("  ", "empty meld text at position 2 in '  '"),
        ("X5m", "unknown meld kind 'X' (expected P, G, B or A) at position 0 in 'X5m'"),
        ("p6p@2", "unknown meld kind 'p' (expected P, G, B or A) at position 0 in 'p6p@2'"),
        ("P", "expected a rank 1-9, found the end at position 1 in 'P'"),
        ("Pm@1", "expected a rank 1-9, found 'm' at position 1 in 'Pm@1'"),
        ("P0m@1", "expected a rank 1-9, found '0' at position 1 in 'P0m@1'"),
        ("P6", "expected a suit letter m, p, s or z, found the end at position 2 in 'P6'"),
        ("P6x@1", "expected a suit letter m, p, s or z, found 'x' at position 2 in 'P6x@1'"),
        ("P6万@1", "expected a suit letter m, p, s or z, found '万' at position 2 in 'P6万@1'"),
        ("P66p@1", "a meld is of one tile: one rank, then its suit at position 2 in 'P66p@1'"),
        ("P8z@1", "rank '8' does not exist for honors (1..7) at position 1 in 'P8z@1'"),
        ("P2m*@1", "expected a rank 1-9, found '@' at position 4 in 'P2m*@1'"),
        ("P2m*", "expected a rank 1-9, found the end at position 4 in 'P2m*'"),
        ("P2m*8@1", "expected a suit letter m, p, s or z, found '@' at position 5 in 'P2m*8@1'"),
        ("P2m*9z@1", "rank '9' does not exist for honors (1..7) at position 4 in 'P2m*9z@1'"),
        ("P6p@", "'@' must be followed by a seat number at position 4 in 'P6p@'"),
        ("P6p@x", "'@' must be followed by a seat number at position 4 in 'P6p@x'"),
        ("P6p@4", "seat must be 0..3, got 4 at position 4 in 'P6p@4'"),
        ("P6p@12", "seat must be 0..3, got 12 at position 4 in 'P6p@12'"),
        ("P6p@1x", "unexpected character 'x' at position 5 in 'P6p@1x'"),
        ("P6p@1 ", None),  # trailing space is fine
        ("P6p @1", "unexpected character ' ' at position 3 in 'P6p @1'"),
        ("P6p@1*8p", "unexpected character '*' at position 5 in 'P6p@1*8p'"),
        (
            "P6p",
            "peng (碰) of 6p needs from_seat, the seat it was claimed from (in 'P6p')",
        ),
        (
            "A5m@1",
            "an_gang (暗杠) of 5m is concealed: from_seat must be None, got 1 (in 'A5m@1')",
        ),
        (
            "P2m*2m@1",
            "peng (碰) of 2m: a 2m in it is a natural copy, not a wildcard standing for it"
            " (in 'P2m*2m@1')",
        ),
        (
            "P2m*8p8p8p@1",
            "peng (碰) of 2m holds 3 wildcards; at most 2 (at least one natural 2m, YS-WILD-3)"
            " (in 'P2m*8p8p8p@1')",
        ),
        (
            " G1m*789p7s@1",
            "zhi_gang (直杠) of 1m holds 4 wildcards; at most 3 (at least one natural 1m,"
            " YS-WILD-3) (meld 'G1m*789p7s@1' at position 1 in ' G1m*789p7s@1')",
        ),
    ],
)
def test_parse_errors(text: str, message: str | None) -> None:
    """Bad text raises MeldError (a ValueError) naming the problem and its position."""
    if message is None:
        assert str(Meld.parse(text)) == text.strip()
        return
    with pytest.raises(MeldError) as info:
        Meld.parse(text)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, MahjongRulesError)


def test_parse_wrong_type() -> None:
    with pytest.raises(TypeError, match=r"^Meld\.parse\(\) takes a str, not int$"):
        Meld.parse(5)  # type: ignore[arg-type]


# --- construction and validation ------------------------------------------------------------


def test_construct() -> None:
    meld = Meld(P, Tile("2m"), [Tile("9p"), Tile("8p")], 1)
    assert meld.wild_tiles == (Tile("8p"), Tile("9p"))
    assert meld == Meld.parse("P2m*8p9p@1")
    assert Meld(A, Tile("5m")) == Meld.parse("A5m")
    assert Meld(Z, Tile("7s"), from_seat=1).wild_tiles == ()
    assert Meld(kind=B, tile=Tile("8s"), from_seat=3) == Meld.parse("B8s@3")


@pytest.mark.parametrize(
    ("kind", "tile", "wild_tiles", "from_seat", "message"),
    [
        (P, "6p", "", None, "peng (碰) of 6p needs from_seat, the seat it was claimed from"),
        (Z, "6p", "", None, "zhi_gang (直杠) of 6p needs from_seat, the seat it was claimed from"),
        (B, "6p", "", None, "bu_gang (补杠) of 6p needs from_seat, the seat it was claimed from"),
        (A, "5m", "", 0, "an_gang (暗杠) of 5m is concealed: from_seat must be None, got 0"),
        (P, "6p", "", -1, "peng (碰) of 6p: from_seat must be 0..3, got -1"),
        (P, "6p", "", 4, "peng (碰) of 6p: from_seat must be 0..3, got 4"),
        (
            P,
            "6p",
            "6p",
            1,
            "peng (碰) of 6p: a 6p in it is a natural copy, not a wildcard standing for it",
        ),
        (
            A,
            "1m",
            "1m2m",
            None,
            "an_gang (暗杠) of 1m: a 1m in it is a natural copy, not a wildcard standing for it",
        ),
        (
            P,
            "1m",
            "888p",
            2,
            "peng (碰) of 1m holds 3 wildcards; at most 2 (at least one natural 1m, YS-WILD-3)",
        ),
        (
            B,
            "1m",
            "7777p",
            2,
            "bu_gang (补杠) of 1m holds 4 wildcards; at most 3"
            " (at least one natural 1m, YS-WILD-3)",
        ),
    ],
)
def test_validation(
    kind: MeldKind, tile: str, wild_tiles: str, from_seat: int | None, message: str
) -> None:
    """BS-PENGSHOW-1 and YS-WILD-3: seats 0..3 for exposed melds, a natural copy always."""
    with pytest.raises(MeldError) as info:
        Meld(kind, Tile(tile), TileCounts(wild_tiles), from_seat)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"kind": "peng", "tile": Tile("1m"), "from_seat": 0}, "kind must be a MeldKind, not str"),
        ({"kind": P, "tile": "1m", "from_seat": 0}, "tile must be a Tile, not str"),
        (
            {"kind": P, "tile": Tile("1m"), "from_seat": "0"},
            "from_seat must be an int or None, not str",
        ),
        (
            {"kind": P, "tile": Tile("1m"), "from_seat": True},
            "from_seat must be an int or None, not bool",
        ),
        (
            {"kind": P, "tile": Tile("1m"), "wild_tiles": "8p", "from_seat": 0},
            "wild_tiles holds Tile objects, not str",
        ),
        (
            {"kind": P, "tile": Tile("1m"), "wild_tiles": None, "from_seat": 0},
            "wild_tiles holds Tile objects, not a NoneType",
        ),
        (
            {"kind": P, "tile": Tile("1m"), "wild_tiles": 8, "from_seat": 0},
            "wild_tiles holds Tile objects, not a int",
        ),
    ],
)
def test_type_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(TypeError) as info:
        Meld(**kwargs)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_yswild3_largest_wildcard_counts() -> None:
    """YS-WILD-3: 1万 + 1 wildcard may peng 1万; 1万 + 2 wildcards may gang 1万 (3 at most)."""
    assert Meld(P, Tile("1m"), [Tile("2m")], 0).naturals == 2
    assert Meld(P, Tile("1m"), [Tile("2m"), Tile("2m")], 0).naturals == 1
    assert Meld(Z, Tile("1m"), [Tile("2m"), Tile("2m")], 0).naturals == 2
    assert Meld(A, Tile("1m"), [Tile("2m")] * 3).naturals == 1


# --- value behaviour ------------------------------------------------------------------------


def test_frozen_equality_hash() -> None:
    meld = Meld.parse("P2m*8p@1")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(meld, "from_seat", 2)  # noqa: B010
    assert meld == Meld.parse("P2m*8p@1")
    assert meld != Meld.parse("P2m*8p@2")
    assert meld != Meld.parse("P2m@1")
    assert meld != Meld.parse("B2m*8p@1")
    assert len({meld, Meld.parse("P2m*8p@1"), Meld.parse("A5m")}) == 2


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle(protocol: int) -> None:
    meld = Meld.parse("G1m*7p9p@0")
    back = pickle.loads(pickle.dumps(meld, protocol))
    assert back == meld
    assert back.tile is Tile("1m")
    assert back.kind is MeldKind.ZHI_GANG


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    kind = draw(st.sampled_from(list(MeldKind)))
    tile = draw(st.sampled_from(all_tiles()))
    others = [t for t in all_tiles() if t is not tile]
    wild_tiles = draw(st.lists(st.sampled_from(others), max_size=kind.size - 1))
    seat = None if kind.is_concealed else draw(st.integers(0, 3))
    return Meld(kind, tile, wild_tiles, seat)


@given(meld=melds())
def test_text_round_trip(meld: Meld) -> None:
    """str, parse and repr round-trip for every valid meld."""
    assert Meld.parse(str(meld)) == meld
    assert str(Meld.parse(str(meld))) == str(meld)
    assert eval(repr(meld), {"Meld": Meld}) == meld
    assert len(meld.tiles) == meld.size
    assert meld.tiles.count(meld.tile) == meld.naturals


@pytest.mark.parametrize(
    ("digits", "shown"),
    [("9" * 5000, "999999..."), ("0" * 5000, "000000..."), ("4", "4"), ("0004", "0004")],
)
def test_parse_bounds_the_seat_number(digits: str, shown: str) -> None:
    """A seat written with thousands of digits is refused without reading it as a number."""
    text = "P5m@" + digits
    with pytest.raises(MeldError) as info:
        Meld.parse(text)
    assert str(info.value).startswith(f"seat must be 0..3, got {shown} at position 4 in 'P5m@")
    assert Meld.parse("P5m@001") == Meld(P, Tile("5m"), (), 1)


def test_unchecked_build_equals_the_checked_constructor() -> None:
    """The engine builds the melds of listed claims unchecked (their values are known valid):
    the same value, hash and text as the constructor's."""
    made = Meld._make(MeldKind.PENG, Tile("5p"), (Tile("9s"),), 2)
    checked = Meld(MeldKind.PENG, Tile("5p"), [Tile("9s")], from_seat=2)
    assert made == checked and hash(made) == hash(checked) and str(made) == "P5p*9s@2"
    kong = Meld._make(MeldKind.AN_GANG, Tile("3m"), (), None)
    assert kong == Meld(MeldKind.AN_GANG, Tile("3m")) and repr(kong) == "Meld.parse('A3m')"
