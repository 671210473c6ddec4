"""Cross-check of the win detector against the PyPI ``mahjong`` package (an independent oracle).

A fixed-seed corpus of 120,000 hands without wildcards, honors allowed: random wall draws of
13 and 14 tiles (and of the smaller sizes 1..11 left by declared melds), complete hands (random
melds and a pair), seven-pairs hands, ready hands (a complete hand less one tile), complete hands
with one tile changed, and hands built around fours of a kind. Compared:

* ``is_win`` with ``mahjong.agari.Agari.is_agari``;
* ``winning_tiles`` with ``is_agari`` on the hand plus each kind held fewer than four times;
* ``shanten`` with ``mahjong.shanten.Shanten.calculate_shanten(use_kokushi=False)``, with
  ``seven_pairs`` / ``use_chiitoitsu`` both on and both off.

Where ``mahjong`` plays by different rules, the hands are left out of that comparison and
counted, and what our rules say about them is checked exactly instead:

* thirteen orphans (国士无双): ``is_agari`` accepts 1m9m1p9p1s9s + the seven honors + one of them
  doubled. Neither game has the pattern: not a win here (its fourteen tiles form no meld and
  six pairs at most).
* seven pairs with a four of a kind: ``is_agari`` wants seven *distinct* pairs; here (BS-WIN-2,
  YS-WIN-1) a four of a kind is two pairs, so every 14-tile hand with all counts even wins.
* the same difference in shanten: ``calculate_shanten_for_chiitoitsu_hand`` counts a kind at
  most once as a pair (1111m22m33p44p55s6s is 0-shanten here, 2-shanten there). For hands of 13
  or 14 tiles whose seven-pairs shanten differs between ``mahjong`` and the reference (only
  hands with three or four of a kind: asserted), shanten is compared with the least of
  ``mahjong``'s regular-form shanten and the reference's seven-pairs shanten instead.
* with ``seven_pairs=False``, ``is_agari`` still accepts seven distinct pairs: those hands are
  left out of that comparison only.

The standard form and the regular-form shanten agree on every hand, fours of a kind included
(``mahjong`` also never counts a fifth copy: 1111m234p567p789s is 1-shanten in both).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from mahjong_rules.counts import TileCounts
from mahjong_rules.wins import is_win, shanten, winning_tiles
from reference import ref_seven_pairs_deficit

pytestmark = pytest.mark.slow

SEED = 20_240_611
CORPUS_SIZE = 120_000

_WALL = [t for t in range(34) for _ in range(4)]
_CHOW_STARTS = [t for t in range(27) if t % 9 <= 6]
_TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


# ------------------------------------------------------------------------------- corpus


def _complete(rng: random.Random, size: int) -> list[int]:
    """A complete hand of ``size`` (3k+2) tiles: k melds (60 % chows) and a pair."""
    while True:
        counts = [0] * 34
        counts[rng.randrange(34)] += 2
        for _ in range(size // 3):
            if rng.random() < 0.6:
                start = rng.choice(_CHOW_STARTS)
                for k in range(3):
                    counts[start + k] += 1
            else:
                counts[rng.randrange(34)] += 3
        if max(counts) <= 4:
            return counts


def _seven_pairs(rng: random.Random) -> list[int]:
    """Seven distinct pairs; one time in six a four of a kind and five pairs."""
    kinds = rng.sample(range(34), 7)
    if rng.random() < 1 / 6:
        kinds[6] = kinds[0]
    counts = [0] * 34
    for kind in kinds:
        counts[kind] += 2
    return counts


def _with_fours(rng: random.Random, size: int) -> list[int]:
    """A hand built around fours (and threes) of a kind."""
    counts = [0] * 34
    left = size
    for kind in rng.sample(range(34), 5):
        take = min(left, rng.choice((4, 4, 3, 2, 1)))
        counts[kind] = take
        left -= take
    while left:
        kind = rng.randrange(34)
        if counts[kind] < 4:
            counts[kind] += 1
            left -= 1
    return counts


def _tiles(counts: Sequence[int]) -> list[int]:
    return [t for t in range(34) for _ in range(counts[t])]


def _drop_one(rng: random.Random, counts: list[int]) -> list[int]:
    counts[rng.choice(_tiles(counts))] -= 1
    return counts


def _change_one(rng: random.Random, counts: list[int]) -> list[int]:
    counts[rng.choice(_tiles(counts))] -= 1
    while True:
        kind = rng.randrange(34)
        if counts[kind] < 4:
            counts[kind] += 1
            return counts


def _drawn(rng: random.Random, size: int) -> list[int]:
    counts = [0] * 34
    for t in rng.sample(_WALL, size):
        counts[t] += 1
    return counts


def _hand(rng: random.Random) -> list[int]:
    r = rng.random()
    size = rng.choice((13, 14))
    if r < 0.25:
        return _drawn(rng, size)
    if r < 0.30:
        return _drawn(rng, rng.choice((1, 2, 4, 5, 7, 8, 10, 11)))
    if r < 0.45:
        return _complete(rng, rng.choice((2, 5, 8, 11, 14, 14, 14)))
    if r < 0.52:
        return _seven_pairs(rng)
    if r < 0.75:
        complete = _seven_pairs(rng) if rng.random() < 0.15 else _complete(rng, 14)
        return _drop_one(rng, complete)  # ready (or not) 13-tile hands
    if r < 0.80:
        return _drop_one(rng, _complete(rng, rng.choice((2, 5, 8, 11))))
    if r < 0.92:
        complete = _complete(rng, 14)
        return _change_one(rng, complete if rng.random() < 0.5 else _drop_one(rng, complete))
    if r < 0.995:
        return _with_fours(rng, rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 13, 14)))
    orphans = [int(t in _TERMINALS_AND_HONORS) for t in range(34)]
    orphans[rng.choice(_TERMINALS_AND_HONORS)] += 1  # 国士无双, or one tile from it
    return _drop_one(rng, orphans) if rng.random() < 0.5 else orphans


@pytest.fixture(scope="module")
def corpus() -> list[list[int]]:
    rng = random.Random(SEED)
    return [_hand(rng) for _ in range(CORPUS_SIZE)]


# ------------------------------------------------------------------------------- classes


def _is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """The 国士无双 shape ``is_agari`` accepts: the 13 terminals and honors, one doubled."""
    return (
        sum(counts) == 14
        and all(counts[t] >= 1 for t in _TERMINALS_AND_HONORS)
        and (sum(counts[t] for t in _TERMINALS_AND_HONORS) == 14)
    )


def _is_seven_pairs_with_four(counts: Sequence[int]) -> bool:
    """14 tiles, every count even, some kind four times: seven pairs here, not in ``mahjong``."""
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts) and 4 in counts


def _is_seven_distinct_pairs(counts: Sequence[int]) -> bool:
    return sum(1 for c in counts if c == 2) == 7 and sum(counts) == 14


def test_corpus_size_and_mix(corpus: list[list[int]]) -> None:
    assert len(corpus) == CORPUS_SIZE >= 100_000
    assert all(len(c) == 34 and min(c) >= 0 and max(c) <= 4 for c in corpus)
    sizes = Counter(sum(c) for c in corpus)
    assert sizes[13] > 30_000 and sizes[14] > 30_000
    assert {1, 2, 4, 5, 7, 8, 10, 11} <= set(sizes)
    assert set(sizes) <= {1, 2, 4, 5, 7, 8, 10, 11, 13, 14}


# ------------------------------------------------------------------------------- is_win


def test_is_win_agrees_with_is_agari(corpus: list[list[int]]) -> None:
    checked = wins = orphans = fours = distinct_pairs = 0
    mismatches: list[str] = []
    for counts in corpus:
        if sum(counts) % 3 != 2:
            continue
        hand = TileCounts.from_counts(counts)
        agari = Agari.is_agari(counts)
        ours = is_win(hand)
        ours_standard = is_win(hand, seven_pairs=False)
        if _is_thirteen_orphans(counts):
            orphans += 1
            assert agari and not ours and not ours_standard, hand
            continue
        if _is_seven_pairs_with_four(counts):
            fours += 1  # is_agari then judges the standard form alone
            assert ours, hand
            if ours_standard != agari:
                mismatches.append(f"is_win({hand}, seven_pairs=False) = {ours_standard}")
            continue
        checked += 1
        wins += agari
        if ours != agari:
            mismatches.append(f"is_win({hand}) = {ours}, is_agari = {agari}")
        if _is_seven_distinct_pairs(counts):
            distinct_pairs += 1
            continue
        if ours_standard != agari:
            mismatches.append(
                f"is_win({hand}, seven_pairs=False) = {ours_standard}, is_agari = {agari}"
            )
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:10])
    assert checked > 50_000 and wins > 20_000 and distinct_pairs > 3_000
    assert fours > 300 and orphans > 100  # the filters see their classes ...
    assert orphans + fours < checked // 20  # ... and leave out little


# ------------------------------------------------------------------------------- winning tiles


def test_winning_tiles_agree_with_is_agari(corpus: list[list[int]]) -> None:
    checked = ready = left_out = 0
    mismatches: list[str] = []
    for counts in corpus:
        if sum(counts) % 3 != 1:
            continue
        hand = TileCounts.from_counts(counts)
        ours = {t.index for t in winning_tiles(hand)}
        ours_standard = {t.index for t in winning_tiles(hand, seven_pairs=False)}
        agari: set[int] = set()  # kinds t (held < 4 times) with is_agari(hand + t)
        other_rule: set[int] = set()  # left out of the seven_pairs=True comparison
        other_rule_standard: set[int] = set()  # left out of the seven_pairs=False comparison
        after = list(counts)
        for t in range(34):
            if counts[t] == 4:
                continue
            after[t] += 1
            if Agari.is_agari(after):
                agari.add(t)
            if _is_thirteen_orphans(after):
                other_rule.add(t)
                other_rule_standard.add(t)
                assert t not in ours and t not in ours_standard, (hand, t)
            elif _is_seven_pairs_with_four(after):
                other_rule.add(t)  # is_agari judges the standard form alone: still compared
                assert t in ours, (hand, t)  # a four of a kind is two pairs
            elif _is_seven_distinct_pairs(after):
                other_rule_standard.add(t)  # is_agari accepts it whatever the standard form
            after[t] -= 1
        checked += 1
        left_out += len(other_rule)
        ready += bool(agari)
        if ours - other_rule != agari - other_rule:
            mismatches.append(f"winning_tiles({hand}) = {_names(ours)}, is_agari: {_names(agari)}")
        if ours_standard - other_rule_standard != agari - other_rule_standard:
            mismatches.append(
                f"winning_tiles({hand}, seven_pairs=False) = {_names(ours_standard)}, "
                f"is_agari: {_names(agari)}, left out: {_names(other_rule_standard)}"
            )
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:10])
    assert checked > 40_000 and ready > 15_000
    assert 0 < left_out < checked // 20


def _names(indices: set[int]) -> str:
    return str(TileCounts.from_counts([int(i in indices) for i in range(34)]))


# ------------------------------------------------------------------------------- shanten


def test_shanten_agrees_with_mahjong(corpus: list[list[int]]) -> None:
    oracle = Shanten()
    other_rule = differs = 0
    mismatches: list[str] = []
    for counts in corpus:
        hand = TileCounts.from_counts(counts)
        regular = oracle.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=False)
        ours_standard = shanten(hand, seven_pairs=False)
        if ours_standard != regular:
            mismatches.append(
                f"shanten({hand}, seven_pairs=False) = {ours_standard}, mahjong: {regular}"
            )
        with_pairs = oracle.calculate_shanten(counts, use_chiitoitsu=True, use_kokushi=False)
        ours = shanten(hand)
        expected = with_pairs
        # With at most two of each kind the two seven-pairs counts are the same function
        # (6 - pairs + missing kinds); only three or four of a kind can part them.
        if sum(counts) >= 13 and max(counts) >= 3:
            theirs = oracle.calculate_shanten_for_chiitoitsu_hand(counts)
            seven_pairs = ref_seven_pairs_deficit(counts) - 1
            if theirs != seven_pairs:
                # a four of a kind as two pairs, or three of a kind one tile from two pairs
                other_rule += 1
                expected = min(regular, seven_pairs)
                differs += expected != with_pairs
        if ours != expected:
            mismatches.append(
                f"shanten({hand}) = {ours}, expected {expected}, mahjong {with_pairs}"
            )
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:10])
    assert other_rule < len(corpus) // 4
    assert differs > 500  # the two definitions really part on these hands
