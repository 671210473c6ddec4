"""Generate the win detector's per-suit tables (run: ``python -m mahjong_rules.wins._build``).

The shipped file ``mahjong_rules/_data/win_tables.bin`` is this module's output; a test rebuilds it
and compares byte for byte. Nothing here runs at import time of the library.

For one suit (9 ranks, chows allowed) or the honors (7 kinds, no chows) every count vector ``v``
with entries 0..4 and at most 14 tiles gets:

* ``dist[v]``: ten lanes, one per class ``(m, p)`` = (m melds, p pairs), m 0..4, p 0..1, lane
  ``2*m + p``. Lane value = fewest tiles that must be *added* to ``v`` (after throwing away any
  unwanted ones) to reach a vector that splits into exactly m melds and p pairs:
  ``min over complete a of sum(max(a_i - v_i, 0))``. This drives :func:`shanten`.
* ``info[v]``: ``m0`` and ``m1``, the fewest wildcards that complete ``v`` using *all* its tiles as
  melds only / melds plus one pair (add-only distance); the mask of odd counts; the mask of
  counts equal to 4; the ranks ``r`` for which ``v + e_r`` is complete with no wildcard as melds
  only / with a pair; a flag 0 (complete as melds), 1 (complete with a pair) or 3 (neither).
  Bit layout: :data:`INFO_FIELDS`. This drives :func:`is_win` and :func:`winning_tiles`.
* ``w0[v]``, ``w1[v]`` (for ``|v| <= 13``): per rank ``r``, ``m0`` and ``m1`` of ``v + e_r``
  (unreachable when ``v_r == 4``). This drives :func:`winning_tiles`.

Lanes are 6 bits (5 value bits and a guard bit), so minima over all ten classes are taken with a
handful of integer operations (SWAR: SIMD within a register).
"""

from __future__ import annotations

import itertools
import struct
import sys
import zlib
from array import array
from collections.abc import Iterable
from pathlib import Path

from mahjong_rules.wins._layout import MAX_TILES, layout

__all__ = [
    "FORMAT_VERSION",
    "INF",
    "INFO_FIELDS",
    "LANE_BITS",
    "MAX_TILES",
    "build_kind_tables",
    "encode_tables",
    "table_payload",
]

FORMAT_VERSION = 1
LANE_BITS = 6
INF = 31  # "cannot be reached"; every real distance is at most 14
_VALUE = 31
CLASSES = 10  # (m, p) for m in 0..4, p in 0..1, lane 2*m + p


def lanes_const(value: int, lanes: int) -> int:
    """``value`` repeated in every lane."""
    return sum(value << (LANE_BITS * i) for i in range(lanes))


_GUARD = lanes_const(32, CLASSES)
_ONES = lanes_const(1, CLASSES)
_VALUES = lanes_const(_VALUE, CLASSES)
_ALL_INF = lanes_const(INF, CLASSES)


def lane_min(a: int, b: int) -> int:
    """Lane-wise minimum of two packed values (lanes hold 0..31, guard bits clear)."""
    keep_b = ((((a | _GUARD) - b) & _GUARD) >> 5) * _VALUE  # lanes where a >= b
    return (b & keep_b) | (a & ~keep_b & _VALUES)


def lane_inc(a: int) -> int:
    """Lane-wise ``a + 1``, saturating at :data:`INF`."""
    x = a + _ONES
    over = x & _GUARD
    return (x & _VALUES) | ((over >> 5) * _VALUE)


def _vectors(kinds: int) -> list[tuple[int, ...]]:
    """Every count vector of ``kinds`` entries 0..4 with at most 14 tiles, by ascending size."""
    vecs = [v for v in itertools.product(range(5), repeat=kinds) if sum(v) <= MAX_TILES]
    vecs.sort(key=lambda v: (sum(v), v[::-1]))
    return vecs


def _key(vec: Iterable[int]) -> int:
    return sum(c << (3 * i) for i, c in enumerate(vec))


def _complete(kinds: int, chows: bool) -> dict[int, int]:
    """Complete vectors (key -> class lane) for up to 4 melds and at most one pair."""
    melds: list[tuple[int, ...]] = []
    for r in range(kinds):
        melds.append(tuple(3 if i == r else 0 for i in range(kinds)))
    if chows:
        for r in range(kinds - 2):
            melds.append(tuple(1 if r <= i <= r + 2 else 0 for i in range(kinds)))
    pairs = [tuple(2 if i == r else 0 for i in range(kinds)) for r in range(kinds)]
    out: dict[int, int] = {}
    for m in range(5):
        for combo in itertools.combinations_with_replacement(melds, m):
            base = [sum(col) for col in zip(*combo, strict=True)] if combo else [0] * kinds
            for pair in (None, *pairs):
                vec = base if pair is None else [a + b for a, b in zip(base, pair, strict=True)]
                if max(vec) <= 4:
                    out[_key(vec)] = 2 * m + (pair is not None)
    return out


def _lane(values: int, lane: int) -> int:
    return (values >> (LANE_BITS * lane)) & _VALUE


def build_kind_tables(
    kinds: int, chows: bool
) -> tuple[list[tuple[int, ...]], dict[str, array[int]]]:
    """Build the four tables for one suit kind: its vectors (by size) and arrays in layout order."""
    vecs = _vectors(kinds)
    keys = [_key(v) for v in vecs]
    complete = _complete(kinds, chows)
    steps = [1 << (3 * r) for r in range(kinds)]

    # add-only distance per class, largest vectors first
    add: dict[int, int] = {}
    for vec, key in zip(reversed(vecs), reversed(keys), strict=True):
        lane = complete.get(key)
        best = _ALL_INF
        if sum(vec) < MAX_TILES:
            for r, step in enumerate(steps):
                if vec[r] < 4:
                    best = lane_min(best, add[key + step])
            best = lane_inc(best)
        if lane is not None:
            best &= ~(_VALUE << (LANE_BITS * lane))
        add[key] = best

    # distance when unwanted tiles may be thrown away: min over sub-vectors, smallest first
    dist: dict[int, int] = {}
    for vec, key in zip(vecs, keys, strict=True):
        best = add[key]
        for r, step in enumerate(steps):
            if vec[r]:
                best = lane_min(best, dist[key - step])
        dist[key] = best

    def m0m1(key: int) -> tuple[int, int]:
        v = add[key]
        m0 = min(_lane(v, 2 * m) for m in range(5))
        m1 = min(_lane(v, 2 * m + 1) for m in range(5))
        return m0, m1

    table_layout = layout(kinds)
    size = table_layout.size
    info_arr = array("Q", bytes(8 * size))
    dist_arr = array("Q", bytes(8 * size))
    w0_arr = array("Q", bytes(8 * size))
    w1_arr = array("Q", bytes(8 * size))
    mm = {key: m0m1(key) for key in keys}
    for vec, key in zip(vecs, keys, strict=True):
        pos = table_layout.position(key)
        m0, m1 = mm[key]
        odd = sum(1 << r for r, c in enumerate(vec) if c % 2)
        four = sum(1 << r for r, c in enumerate(vec) if c == 4)
        dist_arr[pos] = dist[key]
        w0 = w1 = wait0 = wait1 = 0
        for r, step in enumerate(steps):
            a0 = a1 = INF
            if vec[r] < 4 and sum(vec) < MAX_TILES:
                a0, a1 = mm[key + step]
            w0 |= a0 << (LANE_BITS * r)
            w1 |= a1 << (LANE_BITS * r)
            wait0 |= (a0 == 0) << r
            wait1 |= (a1 == 0) << r
        flag = 0 if m0 == 0 else 1 if m1 == 0 else 3
        info_arr[pos] = (
            m0 | m1 << 5 | odd << 10 | four << 19 | wait0 << 28 | wait1 << 37 | flag << 46
        )
        w0_arr[pos] = w0
        w1_arr[pos] = w1
    return vecs, {"info": info_arr, "dist": dist_arr, "w0": w0_arr, "w1": w1_arr}


TABLE_NAMES = ("info", "dist", "w0", "w1")
INFO_FIELDS = {  # name: (shift, width) inside an info entry
    "m0": (0, 5),
    "m1": (5, 5),
    "odd": (10, 9),
    "four": (19, 9),
    "wait0": (28, 9),
    "wait1": (37, 9),
    "flag": (46, 2),
}


def encode_tables() -> bytes:
    """The contents of ``win_tables.bin``: :func:`table_payload`, zlib-compressed."""
    return zlib.compress(table_payload(), 9)


def table_payload() -> bytes:
    """Header, then the suit arrays and the honor arrays, little-endian uint64, uncompressed."""
    suit_vecs, suit = build_kind_tables(9, chows=True)
    honor_vecs, honor = build_kind_tables(7, chows=False)
    header = struct.pack("<4sIII", b"MJWT", FORMAT_VERSION, len(suit_vecs), len(honor_vecs))
    body = bytearray(header)
    for tables in (suit, honor):
        for name in TABLE_NAMES:
            arr = tables[name]
            if sys.byteorder == "big":
                arr = array("Q", arr)
                arr.byteswap()
            body += arr.tobytes()
    return bytes(body)


def main() -> None:
    target = Path(__file__).resolve().parent.parent / "_data" / "win_tables.bin"
    data = encode_tables()
    target.write_bytes(data)
    print(f"wrote {target} ({len(data):,} bytes)")


if __name__ == "__main__":
    main()
