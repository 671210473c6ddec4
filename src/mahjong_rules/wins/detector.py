"""The public win-detector functions, reading the per-suit tables of :mod:`._tables`.

A hand's packed :attr:`~mahjong_rules.counts.TileCounts.bits` is cut into four keys (万, 筒, 条:
27 bits each; honors: 21 bits); each key is looked up once. See ``docs/wins.rst`` for the
algorithm and :mod:`mahjong_rules.wins._build` for what the tables hold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Final

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.errors import HandSizeError, InvalidHandError
from mahjong_rules.wins import _shanten, _tables
from mahjong_rules.wins._build import INF, LANE_BITS, _complete
from mahjong_rules.wins.decompose import enumerate_decompositions
from mahjong_rules.wins.types import Decomposition

__all__ = [
    "HandLike",
    "is_win",
    "iter_decompositions",
    "load_tables",
    "shanten",
    "wait_mask",
    "winning_tiles",
]

HandLike = TileCounts | str
"""A concealed part: a :class:`TileCounts` or notation text."""

_SUIT_KEY: Final = (1 << 27) - 1
_LO: Final = (1 << 15) - 1
_ODD_ALL: Final = sum(1 << (3 * i) for i in range(34))  # bit 0 of every kind's lane
_BIT1_ALL: Final = _ODD_ALL << 1
_BIT2_ALL: Final = _ODD_ALL << 2
_HONOR_BITS: Final = 81
_SUITED_ALL: Final = (1 << 27) - 1
_ALL_KINDS: Final = (1 << 34) - 1


# The tables, bound to module globals on first use (plain globals are the fastest to read).
_LOADED = False
_S_INFO: Sequence[int] = ()
_S_W0: Sequence[int] = ()
_S_W1: Sequence[int] = ()
_H_INFO: Sequence[int] = ()
_H_W0: Sequence[int] = ()
_H_W1: Sequence[int] = ()
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
    global _LOADED, _S_INFO, _S_W0, _S_W1, _H_INFO, _H_W0, _H_W1
    global _S_LO, _S_OFF, _H_LO, _H_OFF, _THRESHOLD, _GUARD_MASK
    global _COMPLETE_GET, _HONOR_COMPLETE_GET
    tab = _tables.tables()
    _S_INFO, _S_W0, _S_W1 = tab.suit.info, tab.suit.w0, tab.suit.w1
    _H_INFO, _H_W0, _H_W1 = tab.honor.info, tab.honor.w0, tab.honor.w1
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


# The lists of _shanten.ShantenTables, bound on the first shanten call (empty until then).
_NOT_LOADED: Final[list[int]] = []
_SH_ROW = _SH_COL = _SH_HONOR = _SH_PAIR = _SH_TRIPLE = _SH_FINAL = _NOT_LOADED
_SH_NO_HONORS = 0


def _load_shanten() -> None:
    global _SH_ROW, _SH_COL, _SH_HONOR, _SH_NO_HONORS, _SH_PAIR, _SH_TRIPLE, _SH_FINAL
    if not _LOADED:
        _load()
    tab = _shanten.tables()
    _SH_ROW, _SH_COL, _SH_HONOR = tab.suit_row, tab.suit_col, tab.honor_col
    _SH_NO_HONORS, _SH_PAIR, _SH_TRIPLE, _SH_FINAL = tab.no_honors, tab.pair, tab.triple, tab.final


def load_tables() -> None:
    """Read the win tables and build shanten's now instead of on first use (once per process).

    Useful before timing-sensitive work, such as a hypothesis test with a deadline or a server's
    first request. :mod:`mahjong_rules.strategies` calls it when imported. Without it, the first
    call of :func:`shanten` builds shanten's class-id tables from the win tables.
    """
    if not _SH_FINAL:
        _load_shanten()


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
    if counts.__class__ is not TileCounts or wilds.__class__ is not int or wilds < 0:
        counts = _coerce(counts, wilds, honors)
    elif not honors and counts.bits >> _HONOR_BITS:
        _coerce(counts, wilds, honors)  # raises: honor tiles in a game without honors
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
    if seven_pairs and n == 14 and (bits & _ODD_ALL).bit_count() <= wilds:
        return True
    # need = sum of m0 over the parts + the cheapest extra for the pair (m1 - m0) in one part
    lo, off, info = _S_LO, _S_OFF, _S_INFO
    key = bits & _SUIT_KEY
    entry = info[lo[key & _LO] + off[key >> 15]]
    need = entry & 31
    pair = (entry >> 5 & 31) - need
    key = bits >> 27 & _SUIT_KEY
    entry = info[lo[key & _LO] + off[key >> 15]]
    zero = entry & 31
    need += zero
    extra = (entry >> 5 & 31) - zero
    if extra < pair:
        pair = extra
    key = bits >> 54 & _SUIT_KEY
    entry = info[lo[key & _LO] + off[key >> 15]]
    zero = entry & 31
    need += zero
    extra = (entry >> 5 & 31) - zero
    if extra < pair:
        pair = extra
    if honors:
        key = bits >> _HONOR_BITS
        entry = _H_INFO[_H_LO[key & 0xFFF] + _H_OFF[key >> 12]]
        zero = entry & 31
        need += zero
        extra = (entry >> 5 & 31) - zero
        if extra < pair:
            pair = extra
    return need + pair <= wilds


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
    return TileSet._make(wait_mask(counts, wilds, seven_pairs, honors))


def wait_mask(counts: TileCounts, wilds: int, seven_pairs: bool, honors: bool) -> int:
    """:func:`winning_tiles` as a 34-bit mask, unchecked: for the engine, which calls it on
    hands it knows to be valid (3k+1 tiles with the wildcards, no honors unless ``honors``)."""
    if not _LOADED:
        _load()
    bits = counts.bits
    n = counts.size + wilds
    infos = _suit_infos(bits, honors)
    if wilds:
        mask = _waits_with_wilds(bits, wilds, infos, honors)
    else:
        mask = _waits_without_wilds(infos)
    if seven_pairs and n == 13:
        odd = (bits & _ODD_ALL).bit_count()
        if odd - 1 <= wilds:
            im, ip, is_, iz = infos
            odd_kinds = (im >> 10 & 511) | (ip >> 10 & 511) << 9 | (is_ >> 10 & 511) << 18
            if honors:
                odd_kinds |= (iz >> 10 & 127) << 27
            mask |= odd_kinds
            if odd + 1 <= wilds:
                four = (im >> 19 & 511) | (ip >> 19 & 511) << 9 | (is_ >> 19 & 511) << 18
                if honors:
                    four |= (iz >> 19 & 127) << 27
                mask |= (_ALL_KINDS if honors else _SUITED_ALL) & ~odd_kinds & ~four
    return mask


def _waits_without_wilds(infos: tuple[int, int, int, int]) -> int:
    """Standard-form waits with no wildcard, from each part's precomputed wait masks.

    A part's flag is 0 (complete as melds), 1 (complete with the pair) or 3 (neither). Adding a
    tile to part p completes the hand with the pair in p when every other part is 0, or as melds
    in p when the others sum to 1 (one of them holds the pair).
    """
    im, ip, is_, iz = infos
    fm, fp, fs, fz = im >> 46, ip >> 46, is_ >> 46, iz >> 46
    total = fm + fp + fs + fz
    if total > 4:
        return 0
    mask = 0
    for info, flag, shift in ((im, fm, 0), (ip, fp, 9), (is_, fs, 18), (iz, fz, 27)):
        rest = total - flag
        if rest == 0:
            mask |= (info >> 37 & 511) << shift
        elif rest == 1:
            mask |= (info >> 28 & 511) << shift
    return mask


def _waits_with_wilds(bits: int, wilds: int, infos: tuple[int, int, int, int], honors: bool) -> int:
    """Standard-form waits with wildcards: compare each part's per-rank needs with its budget."""
    nparts = 4 if honors else 3
    zero = [i & 31 for i in infos]
    delta = [(i >> 5 & 31) - (i & 31) for i in infos]
    base = sum(zero[:nparts])
    keys = (bits & _SUIT_KEY, bits >> 27 & _SUIT_KEY, bits >> 54 & _SUIT_KEY, bits >> _HONOR_BITS)
    threshold, guard_mask = _THRESHOLD, _GUARD_MASK
    mask = 0
    for part in range(nparts):
        budget = wilds - (base - zero[part])  # wildcards left for this part
        other_pair = min(delta[q] for q in range(nparts) if q != part)
        key = keys[part]
        if part < 3:
            pos = _S_LO[key & _LO] + _S_OFF[key >> 15]
            w0, w1, guards = _S_W0[pos], _S_W1[pos], _GUARDS9
        else:
            pos = _H_LO[key & 0xFFF] + _H_OFF[key >> 12]
            w0, w1, guards = _H_W0[pos], _H_W1[pos], _GUARDS7
        hit = 0
        if budget >= 0:  # the pair in this part
            hit |= (threshold[min(budget, INF - 1)] - w1) & guards
        if budget - other_pair >= 0:  # the pair in another part
            hit |= (threshold[min(budget - other_pair, INF - 1)] - w0) & guards
        if hit:
            mask |= guard_mask[hit] << (9 * part)
    return mask


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


def shanten(
    counts: HandLike, wilds: int = 0, *, seven_pairs: bool = True, honors: bool = True
) -> int:
    """向听 (xiàngtīng): tiles away from ready; -1 complete, 0 ready (one tile from a win).

    Exactly: the fewest tiles that must be exchanged to complete the hand, minus one. Takes
    3k+1 or 3k+2 tiles (at most 14) counting wildcards; each wildcard fills any missing tile.

    >>> shanten("123m456p789s1z"), shanten("123m456p789s1z1z"), shanten("159m159p159s1234z")
    (0, -1, 6)
    """
    if counts.__class__ is not TileCounts or wilds.__class__ is not int or wilds < 0:
        counts = _coerce(counts, wilds, honors)
    elif not honors and counts.bits >> _HONOR_BITS:
        _coerce(counts, wilds, honors)  # raises: honor tiles in a game without honors
    if not _SH_FINAL:
        _load_shanten()
    n = counts.size + wilds
    if n % 3 == 0 or n > 14:
        raise _size_error("shanten", counts, wilds, "3k+1 or 3k+2", 14)
    # class ids (see _shanten): 万 with 筒, then with 条, then with the honors and the hand size
    bits = counts.bits
    lo, off, col = _S_LO, _S_OFF, _SH_COL
    key = bits & _SUIT_KEY
    row = _SH_ROW[lo[key & _LO] + off[key >> 15]]
    key = bits >> 27 & _SUIT_KEY
    row = _SH_PAIR[row + col[lo[key & _LO] + off[key >> 15]]]
    key = bits >> 54 & _SUIT_KEY
    row = _SH_TRIPLE[row + col[lo[key & _LO] + off[key >> 15]]] + n
    if honors:
        key = bits >> _HONOR_BITS
        best = _SH_FINAL[row + _SH_HONOR[_H_LO[key & 0xFFF] + _H_OFF[key >> 12]]]
    else:
        best = _SH_FINAL[row + _SH_NO_HONORS]
    if seven_pairs and n > 12 and best:
        # seven pairs: pairs held (2 or 3 of a kind: one, 4: two), odd kinds cost 1, others 2
        missing = 7 - (bits & _BIT1_ALL).bit_count() - 2 * (bits & _BIT2_ALL).bit_count()
        if missing < best:
            odd = (bits & _ODD_ALL).bit_count()
            best = min(best, missing if missing <= odd else 2 * missing - odd)
    return best - wilds - 1
