"""Property tests of the win detector against tests/reference.py, on random hands.

Hands are random draws from the 136-tile set (or the 108 suited tiles with ``honors=False``),
complete hands (melds and a pair, or seven pairs) and hands one tile away from or one tile off a
complete hand, in every size a concealed part can have (2, 5, 8, 11, 14 tiles for a win check;
1, 4, 7, 10, 13 for waits), with some tiles replaced by wildcards (0..8; YS-WILD-3).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_rules.counts import TileCounts
from mahjong_rules.tiles import Tile
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
from reference import (
    GROUP_ORDER,
    Reading,
    ref_decompositions,
    ref_is_win,
    ref_shanten,
    ref_winning_tiles,
)

WIN_SIZES = (2, 5, 8, 11, 14)
WAIT_SIZES = (1, 4, 7, 10, 13)
_WALL = [t for t in range(34) for _ in range(4)]
_CHOW_STARTS = [t for t in range(27) if t % 9 <= 6]

_SETTINGS = settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@dataclass(frozen=True)
class Hand:
    counts: tuple[int, ...]
    wilds: int
    seven_pairs: bool
    honors: bool

    @property
    def tiles(self) -> TileCounts:
        return TileCounts.from_counts(self.counts)

    @property
    def size(self) -> int:
        return sum(self.counts) + self.wilds

    def __repr__(self) -> str:
        return (
            f"Hand({str(self.tiles)!r}, wilds={self.wilds}, "
            f"seven_pairs={self.seven_pairs}, honors={self.honors})"
        )


@st.composite
def _complete(draw: st.DrawFn, size: int, honors: bool) -> list[int]:
    """Counts of a complete hand of ``size`` (3k+2) tiles: k melds and a pair, or seven pairs."""
    kinds = 34 if honors else 27
    counts = [0] * 34
    if size == 14 and draw(st.integers(0, 3)) == 0:
        for _ in range(7):
            counts[draw(st.integers(0, kinds - 1))] += 2  # the same kind twice: four of a kind
    else:
        counts[draw(st.integers(0, kinds - 1))] += 2
        for _ in range(size // 3):
            if draw(st.booleans()):
                start = draw(st.sampled_from(_CHOW_STARTS))
                for k in range(3):
                    counts[start + k] += 1
            else:
                counts[draw(st.integers(0, kinds - 1))] += 3
    if max(counts) > 4:
        # too many of a kind: fall back on a hand of distinct pairs and pungs
        counts = [0] * 34
        picks = draw(st.permutations(range(kinds)))
        counts[picks[0]] = 2
        for kind in picks[1 : 1 + size // 3]:
            counts[kind] = 3
    return counts


@st.composite
def hands(draw: st.DrawFn, sizes: tuple[int, ...], min_wilds: int = 0, max_wilds: int = 8) -> Hand:
    honors = draw(st.sampled_from([True, True, False]))
    seven_pairs = draw(st.sampled_from([True, True, False]))
    size = draw(st.sampled_from(sizes))
    kinds = 34 if honors else 27
    shape = draw(st.sampled_from(["drawn", "drawn", "complete", "changed", "changed"]))
    if shape == "drawn":
        wall = _WALL[: 4 * kinds]
        picks = draw(st.permutations(range(len(wall))))
        tiles = [wall[i] for i in picks[:size]]
    else:
        counts = draw(_complete(size + 1 if size % 3 == 1 else size, honors))
        tiles = [t for t in range(34) for _ in range(counts[t])]
        tiles = list(draw(st.permutations(tiles)))
        if size % 3 == 1:
            tiles.pop()  # one tile short of complete
        if shape == "changed":
            new = draw(st.integers(0, kinds - 1))
            if tiles.count(new) < 4:
                tiles[0] = new  # one tile swapped for another
    most = min(max_wilds, size)
    if draw(st.booleans()):
        most = min(most, max(min_wilds, 2))  # few wildcards half the time: more non-wins
    wilds = draw(st.integers(min(min_wilds, most), most))
    naturals = tiles[wilds:]
    counts34 = [0] * 34
    for t in naturals:
        counts34[t] += 1
    return Hand(tuple(counts34), wilds, seven_pairs, honors)


def _flags(hand: Hand) -> dict[str, bool]:
    return {"seven_pairs": hand.seven_pairs, "honors": hand.honors}


# ------------------------------------------------------------------------------- is_win, waits


@_SETTINGS
@given(hands(WIN_SIZES))
def test_is_win_matches_reference(hand: Hand) -> None:
    expected = ref_is_win(hand.counts, hand.wilds, hand.seven_pairs, hand.honors)
    assert is_win(hand.tiles, hand.wilds, **_flags(hand)) is expected


@_SETTINGS
@given(hands(WAIT_SIZES))
def test_winning_tiles_match_reference(hand: Hand) -> None:
    expected = ref_winning_tiles(hand.counts, hand.wilds, hand.seven_pairs, hand.honors)
    actual = winning_tiles(hand.tiles, hand.wilds, **_flags(hand))
    assert {t.index for t in actual} == expected


@_SETTINGS
@given(hands(WAIT_SIZES, max_wilds=3))
def test_winning_tiles_are_the_completing_tiles(hand: Hand) -> None:
    """The definition: kinds held fewer than four times that complete the hand (YS-WILD-6)."""
    tiles = hand.tiles
    actual = winning_tiles(tiles, hand.wilds, **_flags(hand))
    kinds = 34 if hand.honors else 27
    expected = {
        t
        for t in range(kinds)
        if hand.counts[t] < 4 and is_win(tiles.add(Tile(t)), hand.wilds, **_flags(hand))
    }
    assert {t.index for t in actual} == expected


# ------------------------------------------------------------------------------- decompositions


def _plain(reading: Decomposition) -> Reading:
    return (
        reading.form.value,
        tuple((g.kind.value, g.tile.index) for g in reading.groups),
        tuple(t.index for t in reading.wilds),
    )


def _check_reading(hand: Hand, reading: Decomposition) -> None:
    """A reading is a real partition of the naturals plus what the wildcards stand for."""
    assert len(reading.wilds) == hand.wilds
    assert [t.index for t in reading.wilds] == sorted(t.index for t in reading.wilds)
    read: Counter[int] = Counter()
    for group in reading.groups:
        tiles = [t.index for t in group.tiles]
        if group.kind is GroupKind.CHOW:
            assert not group.tile.is_honor and group.tile.rank <= 7
            assert tiles == [tiles[0], tiles[0] + 1, tiles[0] + 2]
        else:
            assert len(tiles) == (2 if group.kind is GroupKind.PAIR else 3)
            assert len(set(tiles)) == 1
        read.update(tiles)
    natural_and_wild = Counter(t for t in range(34) for _ in range(hand.counts[t]))
    natural_and_wild.update(t.index for t in reading.wilds)
    assert read == natural_and_wild
    assert max(read.values()) <= 4  # never a fifth copy (YS-WILD-6)
    if not hand.honors:
        assert all(t < 27 for t in read)
    kinds = [g.kind for g in reading.groups]
    if reading.form is WinForm.STANDARD:
        assert kinds.count(GroupKind.PAIR) == 1
        assert len(kinds) - 1 == (hand.size - 2) // 3
    else:
        assert hand.seven_pairs and hand.size == 14
        assert kinds == [GroupKind.PAIR] * 7
    keys = [g.sort_key for g in reading.groups]
    assert keys == sorted(keys)
    assert keys == [(g.tile.index, GROUP_ORDER[g.kind.value]) for g in reading.groups]


def _reading_key(reading: Decomposition) -> tuple[int, list[tuple[int, int]], list[int]]:
    return (
        0 if reading.form is WinForm.STANDARD else 1,
        [g.sort_key for g in reading.groups],
        [t.index for t in reading.wilds],
    )


@_SETTINGS
@given(hands(WIN_SIZES, max_wilds=5))
def test_decompositions_are_readings(hand: Hand) -> None:
    readings = decompositions(hand.tiles, hand.wilds, **_flags(hand))
    assert bool(readings) is is_win(hand.tiles, hand.wilds, **_flags(hand))
    for reading in readings:
        _check_reading(hand, reading)
    assert len(set(readings)) == len(readings)
    assert [_reading_key(r) for r in readings] == sorted(_reading_key(r) for r in readings)
    lazily = list(iter_decompositions(hand.tiles, hand.wilds, **_flags(hand)))
    assert len(lazily) == len(readings) and set(lazily) == set(readings)
    if hand.wilds <= 3:
        expected = ref_decompositions(hand.counts, hand.wilds, hand.seven_pairs, hand.honors)
        assert {_plain(r) for r in readings} == expected


@settings(_SETTINGS, max_examples=60)
@given(hands((8, 11, 14), min_wilds=6, max_wilds=8))
def test_decompositions_with_many_wildcards(hand: Hand) -> None:
    """Six to eight wildcards: the first readings (there can be tens of thousands) are real."""
    first = list(itertools.islice(iter_decompositions(hand.tiles, hand.wilds, **_flags(hand)), 300))
    assert bool(first) is ref_is_win(hand.counts, hand.wilds, hand.seven_pairs, hand.honors)
    for reading in first:
        _check_reading(hand, reading)
    assert len(set(first)) == len(first)


# ------------------------------------------------------------------------------- shanten


@_SETTINGS
@given(hands(WIN_SIZES + WAIT_SIZES))
def test_shanten_matches_reference(hand: Hand) -> None:
    expected = ref_shanten(hand.counts, hand.wilds, hand.seven_pairs, hand.honors)
    actual = shanten(hand.tiles, hand.wilds, **_flags(hand))
    assert actual == expected
    assert actual >= -1


@_SETTINGS
@given(hands(WIN_SIZES))
def test_shanten_minus_one_iff_win(hand: Hand) -> None:
    complete = is_win(hand.tiles, hand.wilds, **_flags(hand))
    assert (shanten(hand.tiles, hand.wilds, **_flags(hand)) == -1) is complete


@_SETTINGS
@given(hands(WAIT_SIZES))
def test_shanten_zero_iff_waiting(hand: Hand) -> None:
    waits = winning_tiles(hand.tiles, hand.wilds, **_flags(hand))
    value = shanten(hand.tiles, hand.wilds, **_flags(hand))
    assert value >= 0
    assert (value == 0) is bool(waits)


@_SETTINGS
@given(hands(WIN_SIZES + WAIT_SIZES, max_wilds=7))
def test_a_wildcard_more_is_one_step_nearer(hand: Hand) -> None:
    """Turning a natural tile into a wildcard never raises shanten, and lowers it by at most one."""
    if sum(hand.counts) == 0:
        return
    value = shanten(hand.tiles, hand.wilds, **_flags(hand))
    for t in range(34):
        if hand.counts[t]:
            fewer = hand.tiles.remove(Tile(t))
            assert value - 1 <= shanten(fewer, hand.wilds + 1, **_flags(hand)) <= value
