"""A plain reference win detector, used only to check :mod:`mahjong_rules.wins` in the tests.

It works straight from the definitions and shares no code with the detector.

A *reading* of a hand is a multiset of groups: chows (three consecutive ranks of one suit, never
honors), pungs (three of a kind) and pairs. Kind by kind, a reading is described completely by how
many chows start at that kind (0..4), whether a pung sits on it and whether a pair sits on it.
The number of tiles of kind ``i`` *as read* is then::

    r[i] = 3*pung[i] + 2*pair[i] + chow[i] + chow[i-1] + chow[i-2]

A reading fits a hand of natural counts ``n`` with ``w`` wildcards exactly when, for every kind,
``n[i] <= r[i] <= 4`` (the naturals are all used, never a fifth copy: SPEC YS-WILD-6), and the
surplus ``sum(r[i] - n[i])`` is ``w``: each wildcard stands for one tile of the surplus. With
``honors=False`` the wildcards stand only for suited kinds, so ``r[i] == 0`` on honors.

* standard form: exactly one pair in total, the rest melds;
* seven pairs (only when the hand as read has 14 tiles): seven pair groups, no melds; a kind read
  four times is two pair groups.

The search goes kind by kind, carrying the number of chows started one and two kinds back;
suits are independent except for the single pair and the shared wildcards, so the standard form
is decided suit by suit (memoized on the suit's counts) and the suits' outcomes combined.

Readings are given in plain types: ``(form, groups, wilds)`` with ``form`` in ``"standard"``,
``"seven_pairs"``; each group a ``(kind, tile index)`` pair, kind in ``"pair"``, ``"pung"``,
``"chow"`` (a chow by its lowest tile), sorted by (tile index, pair < pung < chow); ``wilds`` the
sorted tile indices the wildcards stand for.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

__all__ = [
    "GROUP_ORDER",
    "MAX_WILDS",
    "Reading",
    "RefGroup",
    "clear_caches",
    "counts34",
    "ref_decompositions",
    "ref_is_win",
    "ref_seven_pairs_deficit",
    "ref_shanten",
    "ref_winning_tiles",
]

RefGroup = tuple[str, int]
"""A group: ``(kind, lowest tile index)``, kind one of ``"pair"``, ``"pung"``, ``"chow"``."""
Reading = tuple[str, tuple[RefGroup, ...], tuple[int, ...]]
"""A reading: ``(form, groups, wilds)``."""

GROUP_ORDER = {"pair": 0, "pung": 1, "chow": 2}
"""Order of group kinds on the same tile."""

MAX_WILDS = 14
"""No hand has more than 14 tiles as read."""

# (offset, number of ranks, honors?) for 万 筒 条 and the honors.
_SUITS: tuple[tuple[int, int, bool], ...] = (
    (0, 9, False),
    (9, 9, False),
    (18, 9, False),
    (27, 7, True),
)


def counts34(tiles: Iterable[int]) -> list[int]:
    """The 34 counts of a list of tile indices."""
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts


def _check(counts: Sequence[int], wilds: int, honors: bool) -> None:
    assert len(counts) == 34, counts
    assert min(counts) >= 0 and max(counts) <= 4, counts
    assert 0 <= wilds <= MAX_WILDS, wilds
    assert honors or not any(counts[27:]), "honor tiles with honors=False"


# ----------------------------------------------------------------------------- standard form
#
# A set of options (pairs used, wildcards used), pairs 0 or 1 and wildcards 0..MAX_WILDS, is kept
# as a bit mask: option (p, w) is bit ``p * _LANE + w``.

_LANE = 16
_LANE_MASK = (1 << (MAX_WILDS + 1)) - 1


def _option(pairs: int, wilds: int) -> int:
    """The one-option set {(pairs, wilds)}."""
    return 1 << (pairs * _LANE + wilds)


def _options_list(options: int) -> list[tuple[int, int]]:
    """The (pairs, wilds) options of a set, for reading it."""
    result = []
    while options:
        bit = (options & -options).bit_length() - 1
        result.append(divmod(bit, _LANE))
        options &= options - 1
    return result


def _add(options: int, pairs: int, wilds: int) -> int:
    """Each option plus ``pairs`` pairs and ``wilds`` wildcards; dropping those with two pairs
    or more than MAX_WILDS wildcards."""
    without_pair = options & _LANE_MASK
    with_pair = (options >> _LANE) & _LANE_MASK
    if pairs:
        without_pair, with_pair = 0, without_pair
    return ((without_pair << wilds) & _LANE_MASK) | (((with_pair << wilds) & _LANE_MASK) << _LANE)


@cache
def _combine(left: int, right: int) -> int:
    """The options of two independent parts together."""
    combined = 0
    for pairs, wilds in _options_list(left):
        combined |= _add(right, pairs, wilds)
    return combined


def _suit_options(counts: tuple[int, ...], honor: bool, back2: int = 0, back1: int = 0) -> int:
    """The (pairs, wildcards) options with which the ranks ``counts`` of one suit read as groups.

    ``back2`` and ``back1`` chows started two and one ranks before the first of ``counts`` still
    need its tile (``back1`` also the next one). Chows start only where three ranks remain.
    """
    packed = 0
    for count in reversed(counts):
        packed = packed << 3 | count
    return _suit_options_packed(_pack(packed, len(counts), honor, back2, back1))


# The memo key of _suit_options_packed: one int (tuples of tuples would take ~1 GB in the
# exhaustive test). Bits 0..26: the counts, three bits a rank, first rank lowest; 27..30: how
# many ranks; 31: honors; 32..34: back2; 35..37: back1.


def _pack(counts: int, ranks: int, honor: bool, back2: int, back1: int) -> int:
    return counts | ranks << 27 | int(honor) << 31 | back2 << 32 | back1 << 35


@cache
def _suit_options_packed(state: int) -> int:
    """_suit_options on a packed state, rank by rank."""
    counts, ranks, honor = state & 0o777777777, state >> 27 & 15, bool(state >> 31 & 1)
    back2, back1 = state >> 32 & 7, state >> 35 & 7
    if ranks == 0:
        assert back2 == back1 == 0
        return _option(0, 0)
    natural, rest = counts & 7, counts >> 3
    max_chows = 4 if not honor and ranks >= 3 else 0
    options = 0
    for chows in range(max_chows + 1):
        for pung in (0, 1):
            for pair in (0, 1):
                read = back2 + back1 + chows + 3 * pung + 2 * pair
                if natural <= read <= 4:
                    after = _suit_options_packed(_pack(rest, ranks - 1, honor, back1, chows))
                    options |= _add(after, pair, read - natural)
    return options


def _suit_counts(counts: Sequence[int], suit: int) -> tuple[int, ...]:
    offset, size, _honor = _SUITS[suit]
    return tuple(counts[offset : offset + size])


def _options(suit_counts: tuple[int, ...], suit: int, honors: bool) -> int:
    honor = _SUITS[suit][2]
    if honor and not honors:
        return _option(0, 0)  # no honor tiles, and wildcards never read as honors
    return _suit_options(suit_counts, honor)


def _standard_win(counts: Sequence[int], wilds: int, honors: bool) -> bool:
    combined = _option(0, 0)
    for suit in range(4):
        combined = _combine(combined, _options(_suit_counts(counts, suit), suit, honors))
    return bool(combined & _option(1, wilds))


def clear_caches() -> None:
    """Drop the memoized per-suit results (they only grow)."""
    _suit_options_packed.cache_clear()
    _suit_waits.cache_clear()
    _combine.cache_clear()
    _suit_deficits.cache_clear()


# ----------------------------------------------------------------------------- seven pairs


def _seven_pairs_win(counts: Sequence[int], wilds: int) -> bool:
    """Seven pairs: 14 tiles as read, every kind read an even number of times (0, 2 or 4).

    The fewest wildcards that make every count even is one per odd count (1 -> 2, 3 -> 4); any
    further wildcards come in twos (14 is even) and always find room as a new pair (or a second
    pair on a kind read twice): 14 tiles never fill 27 kinds four times over.
    """
    if sum(counts) + wilds != 14:
        return False
    odd = sum(c % 2 for c in counts)
    return odd <= wilds and (wilds - odd) % 2 == 0


# ----------------------------------------------------------------------------- public


def ref_is_win(
    counts: Sequence[int], wilds: int = 0, seven_pairs: bool = True, honors: bool = True
) -> bool:
    """Is the hand (34 counts + ``wilds`` wildcards, size 3k+2) complete?"""
    _check(counts, wilds, honors)
    assert (sum(counts) + wilds) % 3 == 2, "hand size must be 3k+2"
    if seven_pairs and _seven_pairs_win(counts, wilds):
        return True
    return _standard_win(counts, wilds, honors)


@lru_cache(maxsize=4096)  # small: it is there for the suits a hand leaves empty
def _suit_waits(
    suit_counts: tuple[int, ...], honor: bool, others: int, wilds: int
) -> frozenset[int]:
    """The ranks t (held < 4 times) such that this suit plus t, with the ``others`` options of
    the other suits, completes the standard form with exactly ``wilds`` wildcards."""
    ranks: set[int] = set()
    for rank, here in enumerate(suit_counts):
        if here < 4:
            after = (*suit_counts[:rank], here + 1, *suit_counts[rank + 1 :])
            if _combine(others, _suit_options(after, honor)) & _option(1, wilds):
                ranks.add(rank)
    return frozenset(ranks)


def ref_winning_tiles(
    counts: Sequence[int], wilds: int = 0, seven_pairs: bool = True, honors: bool = True
) -> set[int]:
    """The kinds ``t`` (held fewer than four times) such that the hand plus ``t`` is complete.

    Same as ``{t for t in kinds if counts[t] < 4 and ref_is_win(counts + t, wilds)}``, but the
    suits that do not receive ``t`` are combined once instead of once per ``t``.
    """
    _check(counts, wilds, honors)
    assert (sum(counts) + wilds) % 3 == 1, "hand size must be 3k+1"
    by_suit = [_suit_counts(counts, s) for s in range(4)]
    options = [_options(by_suit[s], s, honors) for s in range(4)]
    result: set[int] = set()
    for s, (offset, _size, honor) in enumerate(_SUITS):
        if honor and not honors:
            continue
        others = _option(0, 0)
        for o in range(4):
            if o != s:
                others = _combine(others, options[o])
        result.update(offset + rank for rank in _suit_waits(by_suit[s], honor, others, wilds))
    if seven_pairs and sum(counts) + 1 + wilds == 14:
        # Seven pairs (_seven_pairs_win) with t added: only t's count changes parity.
        odd = sum(c % 2 for c in counts)
        for t in range(34 if honors else 27):
            if counts[t] < 4 and odd + (-1 if counts[t] % 2 else 1) <= wilds:
                result.add(t)
    return result


def _standard_readings(counts: Sequence[int], wilds: int, honors: bool) -> set[Reading]:
    """Every standard-form reading, kind by kind (no suit shortcut: a second, direct search)."""
    n = tuple(counts)

    @cache
    def rest(
        i: int, back2: int, back1: int, pair_used: bool, wilds_left: int
    ) -> tuple[tuple[tuple[RefGroup, ...], tuple[int, ...]], ...]:
        """The (groups, wilds) completions of kinds i.. given the chows carried into kind i."""
        if i == 34:
            done = back2 == back1 == 0 and pair_used and wilds_left == 0
            return (((), ()),) if done else ()
        honor = i >= 27
        max_chows = 4 if not honor and i % 9 <= 6 else 0
        out: list[tuple[tuple[RefGroup, ...], tuple[int, ...]]] = []
        for chows in range(max_chows + 1):
            for pung in (0, 1):
                for pair in (0, 1):
                    if pair and pair_used:
                        continue
                    read = back2 + back1 + chows + 3 * pung + 2 * pair
                    if not n[i] <= read <= 4:
                        continue
                    extra = read - n[i]
                    if extra > wilds_left or (honor and not honors and read):
                        continue
                    here: tuple[RefGroup, ...] = (
                        (("pair", i),) * pair + (("pung", i),) * pung + (("chow", i),) * chows
                    )
                    for groups, ws in rest(
                        i + 1, back1, chows, pair_used or bool(pair), wilds_left - extra
                    ):
                        out.append((here + groups, (i,) * extra + ws))
        return tuple(out)

    return {("standard", groups, ws) for groups, ws in rest(0, 0, 0, False, wilds)}


def _seven_pairs_readings(counts: Sequence[int], wilds: int, honors: bool) -> set[Reading]:
    """Every seven-pairs reading: each kind read 0, 2 or 4 times, 14 tiles in all."""
    if sum(counts) + wilds != 14:
        return set()
    kinds = 34 if honors else 27

    def rest(i: int, wilds_left: int) -> list[tuple[tuple[RefGroup, ...], tuple[int, ...]]]:
        if i == kinds:
            return [((), ())] if wilds_left == 0 else []
        out: list[tuple[tuple[RefGroup, ...], tuple[int, ...]]] = []
        for read in (0, 2, 4):
            extra = read - counts[i]
            if 0 <= extra <= wilds_left:
                for groups, ws in rest(i + 1, wilds_left - extra):
                    out.append(((("pair", i),) * (read // 2) + groups, (i,) * extra + ws))
        return out

    return {("seven_pairs", groups, ws) for groups, ws in rest(0, wilds)}


def ref_decompositions(
    counts: Sequence[int], wilds: int = 0, seven_pairs: bool = True, honors: bool = True
) -> set[Reading]:
    """Every distinct reading of a complete hand (empty if it is not complete)."""
    _check(counts, wilds, honors)
    assert (sum(counts) + wilds) % 3 == 2, "hand size must be 3k+2"
    readings = _standard_readings(counts, wilds, honors)
    if seven_pairs:
        readings |= _seven_pairs_readings(counts, wilds, honors)
    for _form, groups, _ws in readings:
        assert list(groups) == sorted(groups, key=lambda g: (g[1], GROUP_ORDER[g[0]]))
    return readings


# ----------------------------------------------------------------------------- shanten

_Deficits = dict[tuple[int, int], int]  # (pairs, melds) -> fewest tiles missing


@cache
def _suit_deficits(counts: tuple[int, ...], honor: bool, back2: int, back1: int) -> _Deficits:
    """For each (pairs <= 1, melds <= 4), the fewest tiles missing from ``counts`` to read
    those groups on this suit: ``sum(max(r - n, 0))`` (surplus naturals are simply not used)."""
    if not counts:
        assert back2 == back1 == 0
        return {(0, 0): 0}
    natural = counts[0]
    max_chows = 4 if not honor and len(counts) >= 3 else 0
    best: _Deficits = {}
    for chows in range(max_chows + 1):
        for pung in (0, 1):
            for pair in (0, 1):
                read = back2 + back1 + chows + 3 * pung + 2 * pair
                if read > 4:
                    continue
                missing = max(read - natural, 0)
                rest = _suit_deficits(counts[1:], honor, back1, chows)
                for (pairs, melds), after in rest.items():
                    key = (pairs + pair, melds + chows + pung)
                    if key[0] > 1 or key[1] > 4:
                        continue
                    if missing + after < best.get(key, 99):
                        best[key] = missing + after
    return best


def ref_seven_pairs_deficit(counts: Sequence[int], honors: bool = True) -> int:
    """Fewest tiles missing for seven pairs: 14 tiles, each kind read 0, 2 or 4 times.

    A kind not held costs one missing tile per tile read on it; at most 14 kinds are held, so at
    least 13 are not, always enough to read the remaining pairs on: the kinds not held are taken
    together at the end, a tile for a tile.
    """
    kinds = 34 if honors else 27
    held = [counts[i] for i in range(kinds) if counts[i]]
    # best[x]: fewest tiles missing with x tiles read on the held kinds seen so far
    best = [0] + [99] * 14
    for count in held:
        best = [
            min(best[x - read] + max(read - count, 0) for read in (0, 2, 4) if read <= x)
            for x in range(15)
        ]
    return min(best[x] + (14 - x) for x in range(0, 15, 2))


def ref_shanten(
    counts: Sequence[int], wilds: int = 0, seven_pairs: bool = True, honors: bool = True
) -> int:
    """``D - wilds - 1``, D the fewest tiles missing from the naturals for a complete hand of
    size 3K+2 (K melds + a pair, or seven pairs when K == 4), hand size 3K+1 or 3K+2."""
    _check(counts, wilds, honors)
    size = sum(counts) + wilds
    assert size % 3 in (1, 2) and size <= 14, size
    melds = size // 3
    combined: _Deficits = {(0, 0): 0}
    for offset, suit_size, honor in _SUITS:
        if honor and not honors:
            suit: _Deficits = {(0, 0): 0}
        else:
            suit = _suit_deficits(tuple(counts[offset : offset + suit_size]), honor, 0, 0)
        merged: _Deficits = {}
        for (p, m), d in combined.items():
            for (q, k), e in suit.items():
                key = (p + q, m + k)
                if key[0] <= 1 and key[1] <= melds and d + e < merged.get(key, 99):
                    merged[key] = d + e
        combined = merged
    deficit = combined[(1, melds)]
    if seven_pairs and melds == 4:
        deficit = min(deficit, ref_seven_pairs_deficit(counts, honors))
    return deficit - wilds - 1
