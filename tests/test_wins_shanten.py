"""Shanten from class-id tables (:mod:`mahjong_rules.wins._shanten`) against the direct computation.

The oracle is the computation the tables replace: a min-plus combination of the four parts'
``dist`` lanes (read straight from the shipped win tables) over the melds the hand needs and the
place of the pair, an empty part standing for every empty part, and the seven-pairs distance. The
tables are checked entry by entry against that combination, and ``shanten`` end to end on every
single-suit and every honors vector and on a seeded random corpus of whole hands.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from mahjong_rules.counts import TileCounts
from mahjong_rules.wins import _shanten, _tables, shanten
from mahjong_rules.wins._build import INF

LANE = 63
SUIT_KEY = (1 << 27) - 1
ODD_ALL = sum(1 << (3 * i) for i in range(34))
EMPTY = tuple(3 * m + 2 * p for m in range(5) for p in (0, 1))
"""The lanes of an empty part: m melds and p pairs from nothing cost 3m + 2p."""


def _lanes(packed: int) -> tuple[int, ...]:
    return tuple((packed >> (6 * lane)) & LANE for lane in range(10))


@cache  # the parts' lanes take few distinct values
def _min_plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """(a * b)[m, p] = min over m1 + m2 = m, p1 + p2 = p of a[m1, p1] + b[m2, p2], uncapped."""
    return tuple(
        min(a[2 * m1 + p1] + b[2 * (m - m1) + p - p1] for m1 in range(m + 1) for p1 in range(p + 1))
        for m in range(5)
        for p in (0, 1)
    )


def _capped(lanes: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(min(x, INF) for x in lanes)


def oracle_shanten(counts: TileCounts, wilds: int, seven_pairs: bool, honors: bool) -> int:
    """The computation before the class-id tables, from the ``dist`` arrays."""
    tab = _tables.tables()
    bits = counts.bits
    n = counts.size + wilds
    melds = (n - 1) // 3
    parts = []
    empty = False
    for shift in (0, 27, 54):
        key = bits >> shift & SUIT_KEY
        if key:
            parts.append(_lanes(tab.suit.dist[tab.suit.layout.position(key)]))
        else:
            empty = True
    key = bits >> 81
    if key:
        parts.append(_lanes(tab.honor.dist[tab.honor.layout.position(key)]))
    elif honors:
        empty = True
    if empty:
        parts.append(EMPTY)
    acc = parts[0]
    for part in parts[1:]:
        acc = _min_plus(acc, part)
    best = acc[2 * melds + 1]
    if seven_pairs and melds == 4:
        held = (bits & ODD_ALL << 1).bit_count() + 2 * (bits & ODD_ALL << 2).bit_count()
        missing = 7 - held
        odd = (bits & ODD_ALL).bit_count()
        best = min(best, missing if missing <= odd else 2 * missing - odd)
    return best - wilds - 1


@cache
def _built() -> _shanten.ShantenTables:
    return _shanten.tables()


# ------------------------------------------------------------------------------- the tables


def test_class_counts_and_table_sizes() -> None:
    """126 suit classes, 55 honor classes (+ the identity), 180 combined classes."""
    t = _built()
    assert (len(t.suit_classes), len(t.honor_classes), len(t.classes)) == (126, 56, 180)
    assert t.honor_classes[-1] == (0,) + (INF,) * 9
    assert t.no_honors == 55 * _shanten.FINAL_STRIDE
    assert (len(t.pair), len(t.triple), len(t.final)) == (126 * 126, 180 * 126, 180 * 56 * 15)
    assert (len(t.suit_col), len(t.suit_row), len(t.honor_col)) == (405_350, 405_350, 43_130)
    assert EMPTY in t.suit_classes and EMPTY in t.honor_classes
    assert len(set(t.classes)) == 180 and set(t.suit_classes) <= set(t.classes)


def test_every_position_maps_to_its_own_entry() -> None:
    tab = _tables.tables()
    t = _built()
    assert [t.suit_classes[c] for c in t.suit_col] == [_lanes(d) for d in tab.suit.dist]
    assert t.suit_row == [126 * c for c in t.suit_col]
    stride = _shanten.FINAL_STRIDE
    assert [t.honor_classes[c // stride] for c in t.honor_col] == [
        _lanes(d) for d in tab.honor.dist
    ]
    assert {c % stride for c in t.honor_col} == {0}


def test_pair_and_triple_entries_are_the_combinations() -> None:
    t = _built()
    final_row = 56 * _shanten.FINAL_STRIDE
    for (a, x), (b, y) in itertools.product(enumerate(t.suit_classes), repeat=2):
        assert t.classes[t.pair[126 * a + b] // 126] == _capped(_min_plus(x, y))
    for (c, x), (s, y) in itertools.product(enumerate(t.classes), enumerate(t.suit_classes)):
        assert t.classes[t.triple[126 * c + s] // final_row] == _capped(_min_plus(x, y))


def test_final_entries_are_the_distance_for_each_hand_size() -> None:
    t = _built()
    stride = _shanten.FINAL_STRIDE
    for (c, x), (h, y) in itertools.product(enumerate(t.classes), enumerate(t.honor_classes)):
        both = _min_plus(x, y)
        row = t.final[(56 * c + h) * stride : (56 * c + h + 1) * stride]
        expected = [INF if n % 3 == 0 else both[2 * ((n - 1) // 3) + 1] for n in range(stride)]
        assert row == expected


def test_combine_is_min_plus_capped() -> None:
    t = _built()
    rng = random.Random(5)
    for _ in range(2000):
        x, y = rng.choice(t.classes), rng.choice(t.honor_classes)
        assert _shanten.combine(x, y) == _capped(_min_plus(x, y))


# ------------------------------------------------------------------------------- end to end


def _vectors(kinds: int) -> list[tuple[int, ...]]:
    return [v for v in itertools.product(range(5), repeat=kinds) if 0 < sum(v) <= 14]


def _check(counts: TileCounts, wilds: int, seven_pairs: bool, honors: bool) -> None:
    expected = oracle_shanten(counts, wilds, seven_pairs, honors)
    actual = shanten(counts, wilds, seven_pairs=seven_pairs, honors=honors)
    assert actual == expected, (str(counts), wilds, seven_pairs, honors)


@pytest.mark.slow
def test_every_single_suit_vector() -> None:
    """Every suit vector of up to 14 tiles, alone (a wildcard makes 3k tiles 3k+1)."""
    for vec in _vectors(9):
        counts = TileCounts.from_counts(list(vec) + [0] * 25)
        size = sum(vec)
        wilds = 1 if size % 3 == 0 else 0
        if size + wilds <= 14:
            _check(counts, wilds, seven_pairs=True, honors=True)


def test_every_honors_vector_with_a_suit() -> None:
    """Every honors vector of up to 11 tiles, with 0-3 random suited tiles beside it."""
    rng = random.Random(7)
    for vec in _vectors(7):
        if sum(vec) > 11:
            continue
        extra = [0] * 27
        for kind in rng.sample(range(27), rng.randint(0, 3)):
            extra[kind] = 1
        counts = TileCounts.from_counts(extra + list(vec))
        size = counts.size
        wilds = 1 if size % 3 == 0 else 0
        if size + wilds <= 14:
            _check(counts, wilds, seven_pairs=True, honors=True)


def _random_hand(rng: random.Random, honors: bool) -> tuple[TileCounts, int]:
    kinds = 34 if honors else 27
    suits = rng.sample(range(kinds // 9 + honors), rng.randint(1, 3 + honors))
    pool = [k for k in range(kinds) if k // 9 in suits for _ in range(4)]
    n = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
    wilds = min(n, rng.choice([0, 0, 0, 1, 2, 3, 4, 8]))
    tiles = rng.sample(pool, min(n - wilds, len(pool)))
    counts = TileCounts.from_counts([tiles.count(k) for k in range(34)])
    return counts, n - counts.size


def test_random_hands_with_wildcards_honors_and_melds() -> None:
    """Seeded hands of every legal size (declared melds leave fewer tiles), 0-8 wildcards."""
    rng = random.Random(20_240_612)
    for _ in range(20_000):
        honors = rng.random() < 0.7
        counts, wilds = _random_hand(rng, honors)
        _check(counts, wilds, seven_pairs=rng.random() < 0.8, honors=honors)


@pytest.mark.parametrize(
    ("hand", "wilds", "seven_pairs", "honors", "expected"),
    [
        ("", 1, True, True, 0),  # a lone wildcard waits on anything
        ("", 14, True, True, -1),
        ("1m", 0, True, False, 0),
        ("19m19p19s1234567z", 0, True, True, 6),  # no thirteen orphans here: 6 pairs away
        ("1111m2222p3333s44z", 0, True, True, -1),  # seven pairs: a four of a kind is two
        ("1111m2222p3333s44z", 0, False, True, 1),  # 111m 222p 333s 44z, 1m 2p 3s: 2 tiles away
        ("11112222333344m", 0, True, True, -1),
        ("147m258p369s1234z", 0, True, True, 6),
        ("147m258p369s", 1, False, False, 5),  # 3 melds from singles (6) and a pair (1), - 1
        ("123456789m", 4, False, False, 0),  # 13 tiles are never complete
        ("123456789m", 5, False, False, -1),
    ],
)
def test_examples(hand: str, wilds: int, seven_pairs: bool, honors: bool, expected: int) -> None:
    counts = TileCounts(hand)
    assert shanten(counts, wilds, seven_pairs=seven_pairs, honors=honors) == expected
    assert oracle_shanten(counts, wilds, seven_pairs, honors) == expected
