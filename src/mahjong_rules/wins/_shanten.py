"""Class-id tables for :func:`~mahjong_rules.wins.shanten` (向听, xiàngtīng), built at load.

A suit's ``dist`` entry (see :mod:`mahjong_rules.wins._build`) holds ten distances, one per class
``(m, p)`` = (m melds, p pairs), m 0..4, p 0..1. A hand's distance to ``m`` melds and the pair is
the min-plus combination of its four parts' entries::

    (a * b)[m, p] = min over m1 + m2 = m and p1 + p2 = p of a[m1, p1] + b[m2, p2]

The 405,350 suit keys hold only 126 distinct entries (the honors' 43,130 keys: 55), and every
combination of a suit entry with a suit entry, or with such a combination, is one of 180
*classes* (distances capped at :data:`~mahjong_rules.wins._build.INF`, which no reachable
target reaches). So the combination is precomputed once per pair of class ids:

* ``suit_row[pos]`` / ``suit_col[pos]``: a suit position's class id, times the row length of
  ``pair`` for the first suit (a row index), as is for the others (a column index);
  ``honor_col[pos]``: an honor position's class id times :data:`FINAL_STRIDE`;
* ``pair[row + col]``: the class of 万 * 筒, times the row length of ``triple``;
* ``triple[row + col]``: the class of (万 * 筒) * 条, times the row length of ``final``;
* ``final[row + honor col + n]``: for a hand of ``n`` tiles (wildcards included, 3k+1 or 3k+2),
  its combined distance to ``(n - 1) // 3`` melds and one pair.

A game without honors uses :attr:`ShantenTables.no_honors`, the column of the identity entry
(0 for no melds and no pair, unreachable otherwise). An empty suit has the entry ``3m + 2p``:
combining it with itself gives itself, so empty parts need no special case.

Building takes about 0.15 s, from the ``dist`` arrays already loaded by :mod:`._tables`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Final

from mahjong_rules.wins import _tables
from mahjong_rules.wins._build import CLASSES, INF, LANE_BITS

__all__ = ["FINAL_STRIDE", "ShantenTables", "build_shanten_tables", "combine", "decode", "tables"]

Lanes = tuple[int, ...]
"""The ten distances of a ``dist`` entry, lane ``2 * m + p``."""

FINAL_STRIDE: Final = 15
"""Entries of ``final`` per (class, honor class): one per hand size 0..14."""

_MAX_MELDS: Final = 4
_IDENTITY: Final[Lanes] = (0,) + (INF,) * (CLASSES - 1)


def decode(packed: int) -> Lanes:
    """The ten lanes of a packed ``dist`` entry.

    >>> decode(sum((3 * m + 2 * p) << (6 * (2 * m + p)) for m in range(5) for p in (0, 1)))
    (0, 2, 3, 5, 6, 8, 9, 11, 12, 14)
    """
    mask = (1 << LANE_BITS) - 1
    return tuple((packed >> (LANE_BITS * lane)) & mask for lane in range(CLASSES))


def combine(a: Lanes, b: Lanes) -> Lanes:
    """Min-plus combination of two parts' lanes, capped at ``INF`` (unreachable).

    >>> empty = decode(sum((3 * m + 2 * p) << (6 * (2 * m + p)) for m in range(5) for p in (0, 1)))
    >>> combine(empty, empty) == empty
    True
    """
    a00, a01, a10, a11, a20, a21, a30, a31, a40, a41 = a
    b00, b01, b10, b11, b20, b21, b30, b31, b40, b41 = b
    return (
        min(INF, a00 + b00),
        min(INF, a01 + b00, a00 + b01),
        min(INF, a00 + b10, a10 + b00),
        min(INF, a01 + b10, a00 + b11, a11 + b00, a10 + b01),
        min(INF, a00 + b20, a10 + b10, a20 + b00),
        min(INF, a01 + b20, a00 + b21, a11 + b10, a10 + b11, a21 + b00, a20 + b01),
        min(INF, a00 + b30, a10 + b20, a20 + b10, a30 + b00),
        min(
            INF, a01 + b30, a00 + b31, a11 + b20, a10 + b21,
            a21 + b10, a20 + b11, a31 + b00, a30 + b01,
        ),
        min(INF, a00 + b40, a10 + b30, a20 + b20, a30 + b10, a40 + b00),
        min(
            INF, a01 + b40, a00 + b41, a11 + b30, a10 + b31, a21 + b20,
            a20 + b21, a31 + b10, a30 + b11, a41 + b00, a40 + b01,
        ),
    )  # fmt: skip


def _with_pair(a: Lanes, b: Lanes) -> tuple[int, int, int, int, int]:
    """The lanes ``(m, 1)`` of :func:`combine` (m = 0..4), uncapped: all the final table needs."""
    a00, a01, a10, a11, a20, a21, a30, a31, a40, a41 = a
    b00, b01, b10, b11, b20, b21, b30, b31, b40, b41 = b
    return (
        min(a01 + b00, a00 + b01),
        min(a01 + b10, a00 + b11, a11 + b00, a10 + b01),
        min(a01 + b20, a00 + b21, a11 + b10, a10 + b11, a21 + b00, a20 + b01),
        min(
            a01 + b30, a00 + b31, a11 + b20, a10 + b21,
            a21 + b10, a20 + b11, a31 + b00, a30 + b01,
        ),
        min(
            a01 + b40, a00 + b41, a11 + b30, a10 + b31, a21 + b20,
            a20 + b21, a31 + b10, a30 + b11, a41 + b00, a40 + b01,
        ),
    )  # fmt: skip


class ShantenTables:
    """The look-up lists described in the module docstring, and the classes they number.

    ``suit_classes``, ``honor_classes`` and ``classes`` list the distinct lanes by id (the
    honors' last class is the identity, used without honors); ``no_honors`` is its column.
    """

    __slots__ = (
        "classes",
        "final",
        "honor_classes",
        "honor_col",
        "no_honors",
        "pair",
        "suit_classes",
        "suit_col",
        "suit_row",
        "triple",
    )

    def __init__(self, suit_dist: Iterable[int], honor_dist: Iterable[int]) -> None:
        suit_ids: dict[int, int] = {}  # packed entry -> id, in order of first position
        suit_col = [suit_ids.setdefault(packed, len(suit_ids)) for packed in suit_dist]
        honor_ids: dict[int, int] = {}
        honor_id = [honor_ids.setdefault(packed, len(honor_ids)) for packed in honor_dist]
        suits = list(map(decode, suit_ids))
        honors = [*map(decode, honor_ids), _IDENTITY]
        n_suits, n_honors = len(suits), len(honors)
        # 万 * 筒: the pairs of suit ids (symmetric), then number the classes they reach
        pair_lanes: list[Lanes] = [()] * (n_suits * n_suits)
        for a, x in enumerate(suits):
            for b in range(a, n_suits):
                pair_lanes[a * n_suits + b] = pair_lanes[b * n_suits + a] = combine(x, suits[b])
        class_ids = {lanes: i for i, lanes in enumerate(dict.fromkeys(pair_lanes))}
        classes = list(class_ids)
        # (万 * 筒) * 条: a class that is a suit's own entry reuses that suit's row of pairs
        own_row = {x: a * n_suits for a, x in enumerate(suits)}
        triple_lanes: list[Lanes] = []
        for x in classes:
            row = own_row.get(x)
            if row is None:
                triple_lanes += [combine(x, y) for y in suits]
            else:
                triple_lanes += pair_lanes[row : row + n_suits]
        if not class_ids.keys() >= set(triple_lanes):
            raise RuntimeError("shanten classes are not closed under combination with a suit")
        final_row = n_honors * FINAL_STRIDE
        final: list[int] = []
        for x in classes:
            for y in honors:
                m0, m1, m2, m3, m4 = _with_pair(x, y)
                final += (INF, m0, m0, INF, m1, m1, INF, m2, m2, INF, m3, m3, INF, m4, m4)
        self.suit_classes: Final = tuple(suits)
        self.honor_classes: Final = tuple(honors)
        self.classes: Final = tuple(classes)
        # one int object per distinct value, shared by every entry that holds it
        pair_rows = [i * n_suits for i in range(n_suits)]
        triple_rows = [i * n_suits for i in range(len(classes))]
        final_rows = [i * final_row for i in range(len(classes))]
        honor_cols = [i * FINAL_STRIDE for i in range(n_honors)]
        self.suit_col: Final = suit_col
        self.suit_row: Final = list(map(pair_rows.__getitem__, suit_col))
        self.honor_col: Final = list(map(honor_cols.__getitem__, honor_id))
        self.no_honors: Final = honor_cols[-1]
        self.pair: Final = [triple_rows[class_ids[lanes]] for lanes in pair_lanes]
        self.triple: Final = [final_rows[class_ids[lanes]] for lanes in triple_lanes]
        self.final: Final = final


def build_shanten_tables(suit_dist: Iterable[int], honor_dist: Iterable[int]) -> ShantenTables:
    """Build the tables from the suits' and the honors' ``dist`` arrays."""
    return ShantenTables(suit_dist, honor_dist)


@cache
def tables() -> ShantenTables:
    """The tables, built once per process from the loaded win tables."""
    tab = _tables.tables()
    return build_shanten_tables(tab.suit.dist, tab.honor.dist)
