"""The public win-detector functions, reading the per-suit tables of :mod:`._tables`.

A hand's packed :attr:`~mahjong_rules.counts.TileCounts.bits` is cut into four keys (万, 筒, 条:
27 bits each; honors: 21 bits); each key is looked up once. See ``docs/wins.rst`` for the
algorithm and :mod:`mahjong_rules.wins._build` for what the tables hold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.errors import HandSizeError, InvalidHandError
from mahjong_rules.wins import _tables
from mahjong_rules.wins._build import INF, LANE_BITS, _complete
from mahjong_rules.wins.decompose import enumerate_decompositions
from mahjong_rules.wins.types import Decomposition

__all__ = [
    "HandLike",
    "decompositions",
    "is_win",
    "iter_decompositions",
    "shanten",
    "winning_tiles",
]

HandLike = TileCounts | str
"""A concealed part: a :class:`TileCounts` or notation text."""

_SUIT_KEY: Final = (1 << 27) - 1
_LO: Final = (1 << 15) - 1
_ODD_ALL: Final = sum(1 << (3 * i) for i in range(34))  # bit 0 of every kind's lane
_HONOR_BITS: Final = 81
_SUITED_ALL: Final = (1 << 27) - 1
_ALL_KINDS: Final = (1 << 34) - 1
_LANE: Final = (1 << LANE_BITS) - 1


def _spread(mask: int) -> int:
    """Spread a 9-bit rank mask to one bit per 3-bit lane (rank r -> bit 3r)."""
    return sum(1 << (3 * r) for r in range(9) if mask >> r & 1)


# The tables, bound to module globals on first use (plain globals are the fastest to read).
_LOADED = False
_S_INFO: list[int] = []
_S_DIST: list[int] = []
_S_W0: list[int] = []
_S_W1: list[int] = []
_H_INFO: list[int] = []
_H_DIST: list[int] = []
_H_W0: list[int] = []
_H_W1: list[int] = []
_S_LO: list[int] = []
_S_OFF: list[int] = []
_H_LO: list[int] = []
_H_OFF: list[int] = []
_THRESHOLD: list[int] = []  # _THRESHOLD[x]: x in every 6-bit lane, guard bits set
_GUARD_MASK: dict[int, int] = {}  # guard pattern -> rank mask


def _first_complete_get(key: int, default: int) -> int:
    """Stands in for the suit look-up until the tables are loaded (first call only)."""
    if not _LOADED:
        _load()
    return _COMPLETE_GET(key, default)


# suit key -> 0 (melds only) or 1 (melds and a pair) for keys complete with no wildcard
_COMPLETE_GET: Callable[[int, int], int] = _first_complete_get
_HONOR_COMPLETE_GET: Callable[[int, int], int] = _first_complete_get


def _load() -> None:
    global _LOADED, _S_INFO, _S_DIST, _S_W0, _S_W1, _H_INFO, _H_DIST, _H_W0, _H_W1
    global _S_LO, _S_OFF, _H_LO, _H_OFF, _THRESHOLD, _GUARD_MASK
    global _COMPLETE_GET, _HONOR_COMPLETE_GET
    tab = _tables.tables()
    _S_INFO, _S_DIST = tab.suit.info.tolist(), tab.suit.dist.tolist()
    _S_W0, _S_W1 = tab.suit.w0.tolist(), tab.suit.w1.tolist()
    _H_INFO, _H_DIST = tab.honor.info.tolist(), tab.honor.dist.tolist()
    _H_W0, _H_W1 = tab.honor.w0.tolist(), tab.honor.w1.tolist()
    _S_LO, _S_OFF = tab.suit.layout.lo_rank, tab.suit.layout.offset
    _H_LO, _H_OFF = tab.honor.layout.lo_rank, tab.honor.layout.offset
    _COMPLETE_GET = {k: lane & 1 for k, lane in _complete(9, chows=True).items()}.get
    _HONOR_COMPLETE_GET = {k: lane & 1 for k, lane in _complete(7, chows=False).items()}.get
    guards = sum(32 << (LANE_BITS * r) for r in range(9))
    _THRESHOLD = [sum(x << (LANE_BITS * r) for r in range(9)) | guards for x in range(INF)]
    _GUARD_MASK = {}
    for mask in range(512):
        _GUARD_MASK[sum(32 << (LANE_BITS * r) for r in range(9) if mask >> r & 1)] = mask
    _LOADED = True


def _coerce(counts: HandLike, wilds: int, honors: bool) -> TileCounts:
    if not isinstance(counts, TileCounts):
        if isinstance(counts, str):
            counts = TileCounts(counts)
        else:
            raise TypeError(f"expected TileCounts or notation text, got {type(counts).__name__}")
    if not isinstance(wilds, int) or isinstance(wilds, bool) or wilds < 0:
        raise InvalidHandError(f"wilds must be a whole number >= 0, got {wilds!r}")
    if not honors and counts.bits >> _HONOR_BITS:
        raise InvalidHandError(f"{counts} holds honor tiles but honors=False")
    if not _LOADED:
        _load()
    return counts


def _size_error(what: str, counts: TileCounts, wilds: int, shape: str, limit: int) -> HandSizeError:
    return HandSizeError(
        f"{what} needs {shape} tiles (at most {limit}) counting wildcards; "
        f"got {counts.size} tiles ({counts}) + {wilds} wildcards"
    )


def _suit_infos(bits: int, honors: bool) -> tuple[int, int, int, int]:
    lo, off, info = _S_LO, _S_OFF, _S_INFO
    km = bits & _SUIT_KEY
    kp = (bits >> 27) & _SUIT_KEY
    ks = (bits >> 54) & _SUIT_KEY
    im = info[lo[km & _LO] + off[km >> 15]]
    ip = info[lo[kp & _LO] + off[kp >> 15]]
    is_ = info[lo[ks & _LO] + off[ks >> 15]]
    if honors:
        kz = bits >> _HONOR_BITS
        iz = _H_INFO[_H_LO[kz & 0xFFF] + _H_OFF[kz >> 12]]
    else:
        iz = INF << 5  # no honors: nothing to complete there, and no pair can be made there
    return im, ip, is_, iz


def is_win(
    counts: HandLike, wilds: int = 0, *, seven_pairs: bool = True, honors: bool = True
) -> bool:
    """胡 (hú): whether the concealed tiles plus ``wilds`` wildcards form a complete hand.

    Standard form (melds and exactly one pair; the number of melds follows from the size, so a
    hand with declared melds passes only its concealed part) or, with ``seven_pairs``, seven
    pairs (a four-of-a-kind counts as two). Honors form pungs and pairs only. A wildcard stands
    for any tile (any suited tile when ``honors`` is false) but never for a fifth copy.

    Raises :class:`~mahjong_rules.errors.HandSizeError` unless tiles + wildcards = 3k+2 <= 14.

    >>> is_win("1112345678999m5m"), is_win("1133m5577p99s1122z")
    (True, True)
    >>> is_win("1133m5577p99s1122z", seven_pairs=False)
    False
    >>> is_win("1m")
    Traceback (most recent call last):
    ...
    mahjong_rules.errors.HandSizeError: is_win needs 3k+2 tiles (at most 14) ...
    >>> is_win("1111m", wilds=1), is_win("1112m", wilds=1)
    (False, True)
    """
    if counts.__class__ is not TileCounts or wilds.__class__ is not int or not honors or wilds < 0:
        counts = _coerce(counts, wilds, honors)
    n = counts.size + wilds
    if n % 3 != 2 or n > 14:
        raise _size_error("is_win", counts, wilds, "3k+2", 14)
    bits = counts.bits
    if not wilds:
        # each part is 0 (melds), 1 (melds + pair) or 3 (neither): a win sums to exactly 1
        get = _COMPLETE_GET
        flags = get(bits & _SUIT_KEY, 3)
        if flags < 2:
            flags += get((bits >> 27) & _SUIT_KEY, 3)
            if flags < 2:
                flags += get(bits >> 54 & _SUIT_KEY, 3)
                flags += _HONOR_COMPLETE_GET(bits >> _HONOR_BITS, 3)
                if flags == 1:
                    return True
        return seven_pairs and n == 14 and not bits & _ODD_ALL
    if not _LOADED:
        _load()
    im, ip, is_, iz = _suit_infos(bits, honors)
    m0, p0, s0, z0 = im & 31, ip & 31, is_ & 31, iz & 31
    need = m0 + p0 + s0 + z0 + min(
        (im >> 5 & 31) - m0, (ip >> 5 & 31) - p0, (is_ >> 5 & 31) - s0, (iz >> 5 & 31) - z0
    )
    if need <= wilds:
        return True
    return seven_pairs and n == 14 and (bits & _ODD_ALL).bit_count() <= wilds


def winning_tiles(
    counts: HandLike, wilds: int = 0, *, seven_pairs: bool = True, honors: bool = True
) -> TileSet:
    """听牌 (tīngpái) waits: the kinds that complete a 3k+1 hand (never a fifth copy).

    >>> winning_tiles("1112345678999m")
    TileSet('123456789m')
    >>> winning_tiles("1m"), winning_tiles("19m5p1z", wilds=3), len(winning_tiles("1m", wilds=3))
    (TileSet('1m'), TileSet(''), 34)
    """
    counts = _coerce(counts, wilds, honors)
    n = counts.size + wilds
    if n % 3 != 1 or n > 13:
        raise _size_error("winning_tiles", counts, wilds, "3k+1", 13)
    bits = counts.bits
    infos = _suit_infos(bits, honors)
    zero = [i & 31 for i in infos]
    delta = [(i >> 5 & 31) - (i & 31) for i in infos]
    base = sum(zero)
    keys = (bits & _SUIT_KEY, bits >> 27 & _SUIT_KEY, bits >> 54 & _SUIT_KEY, bits >> _HONOR_BITS)
    threshold, guard_mask = _THRESHOLD, _GUARD_MASK
    mask = 0
    nparts = 4 if honors else 3
    for part in range(nparts):
        others = base - zero[part]
        pair_here = wilds - others  # this part holds the pair: its w1 lanes must be <= this
        other_pair = min(delta[q] for q in range(nparts) if q != part)
        pair_elsewhere = wilds - others - other_pair  # another part holds the pair
        key = keys[part]
        if part < 3:
            pos = _S_LO[key & _LO] + _S_OFF[key >> 15]
            w0, w1, guards = _S_W0[pos], _S_W1[pos], _GUARDS9
        else:
            pos = _H_LO[key & 0xFFF] + _H_OFF[key >> 12]
            w0, w1, guards = _H_W0[pos], _H_W1[pos], _GUARDS7
        hit = 0
        if pair_here >= 0:
            hit |= ((threshold[min(pair_here, INF - 1)] - w1) & guards)
        if pair_elsewhere >= 0:
            hit |= ((threshold[min(pair_elsewhere, INF - 1)] - w0) & guards)
        if hit:
            mask |= guard_mask[hit] << (9 * part)
    if seven_pairs and n == 13:
        odd = (bits & _ODD_ALL).bit_count()
        odd_kinds = 0
        four_kinds = 0
        for part, info in enumerate(infos[:nparts]):
            odd_kinds |= (info >> 10 & 511) << (9 * part)
            four_kinds |= (info >> 19 & 511) << (9 * part)
        if odd - 1 <= wilds:
            mask |= odd_kinds
        if odd + 1 <= wilds:
            mask |= (_ALL_KINDS if honors else _SUITED_ALL) & ~odd_kinds & ~four_kinds
    return TileSet._make(mask)


_GUARDS9: Final = sum(32 << (LANE_BITS * r) for r in range(9))
_GUARDS7: Final = sum(32 << (LANE_BITS * r) for r in range(7))


def iter_decompositions(
    counts: HandLike, wilds: int = 0, *, seven_pairs: bool = True, honors: bool = True
) -> Iterator[Decomposition]:
    """Every distinct reading of a complete hand, lazily, in a fixed order.

    With many wildcards there can be thousands of readings (each wildcard may stand for many
    tiles); iterate instead of building them all when that matters. Not a win: nothing.
    """
    counts = _coerce(counts, wilds, honors)
    n = counts.size + wilds
    if n % 3 != 2 or n > 14:
        raise _size_error("decompositions", counts, wilds, "3k+2", 14)
    infos = _suit_infos(counts.bits, honors)
    yield from enumerate_decompositions(
        counts, wilds, infos, seven_pairs=seven_pairs, honors=honors
    )


def decompositions(
    counts: HandLike, wilds: int = 0, *, seven_pairs: bool = True, honors: bool = True
) -> tuple[Decomposition, ...]:
    """Every distinct reading of a complete hand, sorted (standard form first); ``()`` if none.

    >>> [str(d) for d in decompositions("111222333m44m")]
    ['11m 123m 234m 234m', '111m 222m 333m 44m', '123m 123m 123m 44m']
    >>> [str(d) for d in decompositions("13m55p", wilds=1)]
    ['123m 55p wilds=2m']
    """
    found = iter_decompositions(counts, wilds, seven_pairs=seven_pairs, honors=honors)
    return tuple(sorted(found, key=_sort_key))


def _sort_key(d: Decomposition) -> tuple[object, ...]:
    return (d.form.value != "standard", [g.sort_key for g in d.groups], [t.index for t in d.wilds])


def shanten(
    counts: HandLike, wilds: int = 0, *, seven_pairs: bool = True, honors: bool = True
) -> int:
    """向听 (xiàngtīng): tiles away from ready; -1 complete, 0 ready (one tile from a win).

    Exactly: the fewest tiles that must be exchanged to complete the hand, minus one. Takes
    3k+1 or 3k+2 tiles (at most 14) counting wildcards; each wildcard fills any missing tile.

    >>> shanten("123m456p789s1z"), shanten("123m456p789s1z1z"), shanten("159m159p159s1234z")
    (0, -1, 6)
    """
    counts = _coerce(counts, wilds, honors)
    n = counts.size + wilds
    if n % 3 == 0 or n > 14:
        raise _size_error("shanten", counts, wilds, "3k+1 or 3k+2", 14)
    melds = (n - 1) // 3
    bits = counts.bits
    lo, off, dist = _S_LO, _S_OFF, _S_DIST
    parts = []
    for shift in (0, 27, 54):
        key = (bits >> shift) & _SUIT_KEY
        parts.append(dist[lo[key & _LO] + off[key >> 15]])
    if honors:
        kz = bits >> _HONOR_BITS
        parts.append(_H_DIST[_H_LO[kz & 0xFFF] + _H_OFF[kz >> 12]])
    best = _min_plus(parts, melds)
    if seven_pairs and melds == 4:
        best = min(best, _seven_pairs_distance(counts))
    return best - wilds - 1


def _min_plus(parts: list[int], melds: int) -> int:
    """Fewest missing tiles over all ways to split ``melds`` melds and one pair among parts."""
    lanes = [[(p >> (LANE_BITS * lane)) & _LANE for lane in range(2 * melds + 2)] for p in parts]
    acc0 = lanes[0][0::2]
    acc1 = lanes[0][1::2]
    for part in lanes[1:]:
        b0 = part[0::2]
        b1 = part[1::2]
        new0 = []
        new1 = []
        for m in range(melds + 1):
            best0 = best1 = INF * 4
            for i in range(m + 1):
                j = m - i
                a0, a1, c0, c1 = acc0[i], acc1[i], b0[j], b1[j]
                if a0 + c0 < best0:
                    best0 = a0 + c0
                if a1 + c0 < best1:
                    best1 = a1 + c0
                if a0 + c1 < best1:
                    best1 = a0 + c1
            new0.append(best0)
            new1.append(best1)
        acc0, acc1 = new0, new1
    return acc1[melds]


def _seven_pairs_distance(counts: TileCounts) -> int:
    """Fewest missing tiles for seven pairs (a four-of-a-kind is two pairs)."""
    free = 0
    odd = 0
    for c in counts.counts():
        free += c // 2
        odd += c & 1
    missing_pairs = max(0, 7 - free)
    if missing_pairs <= odd:
        return missing_pairs
    return odd + 2 * (missing_pairs - odd)
