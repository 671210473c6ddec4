"""How a suit's packed counts map to a position in the win tables.

A suit key is the suit's slice of :attr:`TileCounts.bits` (3 bits a rank). It is split into a low
part (the first ``lo_kinds`` ranks) and a high part (the rest). Positions are laid out high part by
high part; inside each, the low parts that fit (at most 14 tiles in all) come in order of size, so
``position = OFFSET[high] + LOW_RANK[low]`` with two small list look-ups and no search. Only the
405,350 suit vectors (and 43,130 honor vectors) of at most 14 tiles get a position.
"""

from __future__ import annotations

import itertools

__all__ = ["MAX_TILES", "Layout", "layout"]

MAX_TILES = 14


class Layout:
    """The index of one table family (suits: 9 kinds split 5 + 4; honors: 7 kinds split 4 + 3)."""

    __slots__ = ("hi_shift", "lo_mask", "lo_rank", "offset", "size")

    def __init__(self, kinds: int, lo_kinds: int) -> None:
        lo_vecs = sorted(itertools.product(range(5), repeat=lo_kinds), key=lambda v: (sum(v), v))
        self.lo_rank = [0] * (1 << (3 * lo_kinds))
        fit = [0] * (MAX_TILES + 1)  # fit[s] = number of low parts with at most s tiles
        for i, vec in enumerate(lo_vecs):
            self.lo_rank[_key(vec)] = i
            for s in range(sum(vec), MAX_TILES + 1):
                fit[s] += 1
        self.offset = [0] * (1 << (3 * (kinds - lo_kinds)))
        position = 0
        for hi in itertools.product(range(5), repeat=kinds - lo_kinds):
            if sum(hi) <= MAX_TILES:
                self.offset[_key(hi)] = position
                position += fit[MAX_TILES - sum(hi)]
        self.size = position
        self.lo_mask = (1 << (3 * lo_kinds)) - 1
        self.hi_shift = 3 * lo_kinds

    def position(self, key: int) -> int:
        return self.lo_rank[key & self.lo_mask] + self.offset[key >> self.hi_shift]


def _key(vec: tuple[int, ...]) -> int:
    return sum(c << (3 * i) for i, c in enumerate(vec))


def layout(kinds: int) -> Layout:
    """The layout used for ``kinds`` = 9 (a suit) or 7 (honors)."""
    return Layout(kinds, 5 if kinds == 9 else 4)
