"""Exhaustive check of the win detector on every one-suit hand, against tests/reference.py.

Every count vector of one suit (9 ranks, 0..4 of each, at most 14 tiles), with 0..4 wildcards:
``is_win`` where tiles + wildcards is 3k+2 (at most 14) and ``winning_tiles`` where it is 3k+1
(at most 13). Winning tiles are compared on all 34 kinds: with wildcards a hand can also be
completed by a tile of another suit (SPEC YS-WILD-3), and never by a fifth copy (YS-WILD-6).
The same is done for every honors-only vector (7 kinds, no chows).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import lru_cache

import pytest

from mahjong_rules.counts import TileCounts
from mahjong_rules.wins import is_win, winning_tiles
from reference import clear_caches, ref_is_win, ref_winning_tiles

pytestmark = pytest.mark.slow

_MAX_SHOWN = 10


@pytest.fixture(scope="module", autouse=True)
def _free_memory() -> Iterator[None]:
    """The reference's memo tables grow to some hundreds of MB here: drop them afterwards."""
    yield
    clear_caches()
    _hands.cache_clear()


def _vectors(ranks: int) -> list[tuple[int, ...]]:
    """Every count vector of ``ranks`` kinds, 0..4 each, at most 14 tiles, fewest tiles first."""
    vectors = [v for v in itertools.product(range(5), repeat=ranks) if sum(v) <= 14]
    vectors.sort(key=sum)
    return vectors


_SUIT_VECTORS = _vectors(9)
_HONOR_VECTORS = _vectors(7)


def test_vector_counts() -> None:
    """The enumeration is complete: 405350 nine-rank and 43130 seven-kind vectors."""
    assert len(_SUIT_VECTORS) == 405350
    assert len(_SUIT_VECTORS) == len(set(_SUIT_VECTORS))
    assert len(_HONOR_VECTORS) == 43130
    assert max(map(sum, _SUIT_VECTORS)) == 14


@lru_cache(maxsize=1)
def _hands(vectors: tuple[tuple[int, ...], ...], offset: int) -> list[TileCounts]:
    """The hands of ``vectors`` placed at ``offset``, built once for all wildcard counts."""
    hands = []
    for vector in vectors:
        counts = [0] * 34
        counts[offset : offset + len(vector)] = vector
        hands.append(TileCounts.from_counts(counts))
    return hands


def _check_all(
    vectors: list[tuple[int, ...]], offset: int, wilds: int, seven_pairs: bool, honors: bool
) -> tuple[int, int, int, list[str]]:
    """Compare detector and reference on every vector placed at ``offset``.

    Returns (is_win checks, winning_tiles checks, wins found, mismatch descriptions).
    """
    mismatches: list[str] = []
    win_checks = wait_checks = wins = 0
    flags = {"seven_pairs": seven_pairs, "honors": honors}
    hands = _hands(tuple(vectors), offset)
    for index, vector in enumerate(vectors):
        size = sum(vector) + wilds
        if size > 14 or size % 3 == 0:
            continue
        counts = [0] * 34
        counts[offset : offset + len(vector)] = vector
        hand = hands[index]
        if size % 3 == 2:
            win_checks += 1
            expected_win = ref_is_win(counts, wilds, seven_pairs, honors)
            wins += expected_win
            actual_win = is_win(hand, wilds, **flags)
            if actual_win != expected_win:
                mismatches.append(
                    f"is_win({str(hand)!r}, wilds={wilds}, {flags}): "
                    f"expected {expected_win}, got {actual_win}"
                )
        else:
            wait_checks += 1
            expected = ref_winning_tiles(counts, wilds, seven_pairs, honors)
            actual = {t.index for t in winning_tiles(hand, wilds, **flags)}
            if actual != expected:
                mismatches.append(
                    f"winning_tiles({str(hand)!r}, wilds={wilds}, {flags}): "
                    f"expected {_names(expected)}, got {_names(actual)}"
                )
    return win_checks, wait_checks, wins, mismatches


def _names(indices: set[int]) -> str:
    from mahjong_rules.tiles import Tile

    return str(sorted(str(Tile(i)) for i in indices))


def _report(mismatches: list[str]) -> str:
    shown = "\n".join(mismatches[:_MAX_SHOWN])
    return f"{len(mismatches)} mismatches (fewest tiles first):\n{shown}"


# Expected numbers of checks per wildcard count for one nine-rank suit (a guard that the loops
# really run over everything): (is_win checks, winning_tiles checks).
_SUIT_CHECKS = {
    0: (180387, 132345),
    1: (132345, 92618),
    2: (92618, 61587),
    3: (61587, 38745),
    4: (38745, 22943),
}


@pytest.mark.parametrize("wilds", range(5))
def test_one_suit_all_vectors(wilds: int) -> None:
    """万 (characters) suit, default rules: seven pairs on, honors on (BS-WIN-1, YS-WIN-1)."""
    win_checks, wait_checks, wins, mismatches = _check_all(
        _SUIT_VECTORS, 0, wilds, seven_pairs=True, honors=True
    )
    assert not mismatches, _report(mismatches)
    assert (win_checks, wait_checks) == _SUIT_CHECKS[wilds]
    assert wins > 0


@pytest.mark.parametrize("wilds", range(5))
def test_one_suit_all_vectors_no_seven_pairs_no_honors(wilds: int) -> None:
    """条 (bamboo) suit, ``seven_pairs=False, honors=False``: wildcards never read as honors."""
    win_checks, wait_checks, wins, mismatches = _check_all(
        _SUIT_VECTORS, 18, wilds, seven_pairs=False, honors=False
    )
    assert not mismatches, _report(mismatches)
    assert (win_checks, wait_checks) == _SUIT_CHECKS[wilds]
    assert wins > 0


@pytest.mark.parametrize("seven_pairs", [True, False])
@pytest.mark.parametrize("wilds", range(5))
def test_honors_all_vectors(wilds: int, seven_pairs: bool) -> None:
    """Honors only: pungs and pairs, never chows (BS-WIN-1)."""
    win_checks, wait_checks, wins, mismatches = _check_all(
        _HONOR_VECTORS, 27, wilds, seven_pairs=seven_pairs, honors=True
    )
    assert not mismatches, _report(mismatches)
    assert win_checks > 0 and wait_checks > 0 and wins > 0
