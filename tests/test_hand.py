"""Tests for mahjong_rules.hand: Hand, concealed tiles plus declared melds."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_rules.counts import TileCounts
from mahjong_rules.errors import MeldError, TileCountError, TileParseError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.tiles import Tile, all_tiles


@pytest.mark.parametrize(
    ("text", "concealed", "melds", "kongs", "tile_count", "all_tiles_text"),
    [
        ("123555m456p789s11z", "123555m456p789s11z", [], 0, 14, "123555m456p789s11z"),
        ("123m456p11z P6p@2 A5m", "123m456p11z", ["P6p@2", "A5m"], 1, 14, "1235555m456666p11z"),
        ("1m P2m@0 P3m@1 G4m@2 B5m@3", "1m", ["P2m@0", "P3m@1", "G4m@2", "B5m@3"], 2, 13,
         "122233344445555m"),
        ("- P1m@0 P2m@0 P3m@0 P4m@0", "", ["P1m@0", "P2m@0", "P3m@0", "P4m@0"], 0, 12,
         "111222333444m"),
        ("-", "", [], 0, 0, ""),
        ("19m P2m*8p@1", "19m", ["P2m*8p@1"], 0, 5, "1229m8p"),
        ("5m G1m*7p9p@0 A2s*8p", "5m", ["G1m*7p9p@0", "A2s*8p"], 2, 7, "115m789p222s"),
    ],
)  # fmt: skip
def test_parse(
    text: str,
    concealed: str,
    melds: list[str],
    kongs: int,
    tile_count: int,
    all_tiles_text: str,
) -> None:
    """A hand reads from and writes back to its text form; a kong counts as three tiles."""
    hand = Hand.parse(text)
    assert hand.concealed == TileCounts(concealed)
    assert hand.melds == tuple(Meld.parse(m) for m in melds)
    assert hand.kongs == kongs
    assert hand.tile_count == tile_count
    assert hand.all_tiles == TileCounts(all_tiles_text)
    assert len(hand.all_tiles) == tile_count + kongs
    assert str(hand) == text
    assert repr(hand) == f"Hand.parse({text!r})"
    assert eval(repr(hand), {"Hand": Hand}) == hand


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("321m", "123m"),
        ("  123m   P6p@2  ", "123m P6p@2"),
        ("12m 34p P6p@2", "12m34p P6p@2"),
        ("一万 五筒 东 P6p@2", "1m5p1z P6p@2"),
        ("\U0001f007\U0001f004 A5m", "1m7z A5m"),
        (" - A5m", "- A5m"),
        ("1m\tG1m*97p@0", "1m G1m*7p9p@0"),
    ],
)
def test_parse_normalises(text: str, canonical: str) -> None:
    """TILE-2: the concealed part may use any spelling; output is canonical notation."""
    assert str(Hand.parse(text)) == canonical


def test_construct() -> None:
    hand = Hand(TileCounts("123m"), [Meld.parse("P6p@2")])
    assert hand.melds == (Meld.parse("P6p@2"),)
    assert hand == Hand.parse("123m P6p@2")
    assert Hand(TileCounts()) == Hand.parse("-")
    assert Hand(TileCounts("1m")).melds == ()


def test_melds_keep_their_order() -> None:
    assert str(Hand.parse("1m P6p@2 A5m")) == "1m P6p@2 A5m"
    assert str(Hand.parse("1m A5m P6p@2")) == "1m A5m P6p@2"
    assert Hand.parse("1m A5m P6p@2") != Hand.parse("1m P6p@2 A5m")


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("1111m A1m", TileCountError, "8 of 1m across the concealed tiles and melds (at most 4)"),
        ("88p P2m*8p@1 P3m*8p8p@1", TileCountError,
         "5 of 8p across the concealed tiles and melds (at most 4)"),
        ("11m P1m*2m@0 G3m*1m@1", TileCountError,
         "5 of 1m across the concealed tiles and melds (at most 4)"),
        ("11111m", TileCountError, "more than four 1m in 11111m"),
        ("", MeldError, "empty hand text; write '-' for no tiles"),
        ("   ", MeldError, "empty hand text; write '-' for no tiles"),
        ("P6p@2", MeldError,
         "a hand's text starts with its concealed tiles ('-' for none) at position 0 in 'P6p@2'"),
        (" A5m", MeldError,
         "a hand's text starts with its concealed tiles ('-' for none) at position 1 in ' A5m'"),
        ("123m P6p@2 45m", MeldError,
         "unknown meld kind '4' (expected P, G, B or A) at position 11 in '123m P6p@2 45m'"),
        ("1m P6p@9", MeldError, "seat must be 0..3, got 9 at position 7 in '1m P6p@9'"),
        ("1m P6x@1", MeldError,
         "expected a suit letter m, p, s or z, found 'x' at position 5 in '1m P6x@1'"),
        ("1m P6p", MeldError,
         "peng (碰) of 6p needs from_seat, the seat it was claimed from"
         " (meld 'P6p' at position 3 in '1m P6p')"),
        ("12x P6p@2", TileParseError, "unexpected character 'x' at position 2 in '12x '"),
        ("- 1m A5m", TileParseError, "unexpected character '-' at position 0 in '- 1m '"),
        ("-1m", TileParseError, "unexpected character '-' at position 0 in '-1m'"),
    ],
)  # fmt: skip
def test_parse_errors(text: str, error: type[Exception], message: str) -> None:
    """No kind more than four times across hand and melds; bad text names the position."""
    with pytest.raises(error) as info:
        Hand.parse(text)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)


def test_four_across_hand_and_melds_is_allowed() -> None:
    assert Hand.parse("1m P1m@0").all_tiles.count(Tile("1m")) == 4
    assert Hand.parse("8p P1m*8p@0 G2m*8p8p@1").all_tiles.count(Tile("8p")) == 4


def test_parse_error_positions_count_in_the_whole_text() -> None:
    with pytest.raises(TileParseError) as info:
        Hand.parse("123m 45x P6p@2")
    assert info.value.position == 7


@pytest.mark.parametrize(
    ("concealed", "melds", "message"),
    [
        ("1m", ["1m"], "melds holds Meld objects, not str"),
        ("1m", "P6p@2", "melds holds Meld objects, not str"),
    ],
)
def test_type_errors(concealed: str, melds: object, message: str) -> None:
    with pytest.raises(TypeError) as info:
        Hand(TileCounts(concealed), melds)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_concealed_must_be_tile_counts() -> None:
    with pytest.raises(TypeError) as info:
        Hand("123m")  # type: ignore[arg-type]
    assert str(info.value) == "concealed must be a TileCounts, not str"
    with pytest.raises(TypeError, match=r"^Hand\.parse\(\) takes a str, not NoneType$"):
        Hand.parse(None)  # type: ignore[arg-type]


def test_value_behaviour() -> None:
    hand = Hand.parse("123m456p11z P6p@2 A5m")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(hand, "melds", ())  # noqa: B010
    assert hand == Hand.parse("321m11z654p P6p@2 A5m")
    assert hash(hand) == hash(Hand.parse("321m11z654p P6p@2 A5m"))
    assert hand != Hand.parse("123m456p11z P6p@1 A5m")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(hand, protocol)) == hand


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """A random valid hand: melds first, then concealed tiles from what is left."""
    left = {tile: 4 for tile in all_tiles()}
    melds = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(list(MeldKind)))
        tile = draw(st.sampled_from([t for t in all_tiles() if left[t] >= 1]))
        wild_choices = [t for t in all_tiles() if t is not tile and left[t] >= 1]
        wilds = draw(st.integers(0, kind.size - 1))
        wild_tiles: list[Tile] = []
        for _ in range(wilds):
            wild = draw(st.sampled_from(wild_choices))
            if left[wild] > wild_tiles.count(wild):
                wild_tiles.append(wild)
        naturals = kind.size - len(wild_tiles)
        if left[tile] < naturals:
            continue
        left[tile] -= naturals
        for wild in wild_tiles:
            left[wild] -= 1
        seat = None if kind.is_concealed else draw(st.integers(0, 3))
        melds.append(Meld(kind, tile, wild_tiles, seat))
    pool = [tile for tile, n in left.items() for _ in range(n)]
    concealed = draw(st.lists(st.sampled_from(range(len(pool))), max_size=14, unique=True))
    return Hand(TileCounts(pool[i] for i in concealed), melds)


@given(hand=hands())
def test_text_round_trip(hand: Hand) -> None:
    """str, parse and repr round-trip for every valid hand."""
    assert Hand.parse(str(hand)) == hand
    assert eval(repr(hand), {"Hand": Hand}) == hand
    assert hand.tile_count == len(hand.concealed) + 3 * len(hand.melds)
    assert len(hand.all_tiles) == hand.tile_count + hand.kongs
    assert max(hand.all_tiles.counts()) <= 4
