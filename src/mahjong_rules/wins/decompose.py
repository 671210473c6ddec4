"""Enumerate every reading of a complete hand, kind by kind.

Walking the 34 kinds in order, the enumeration decides at each kind how many chows start there,
whether a pung and/or the pair sit there, and so how many wildcards must stand for that kind
(demand minus the natural tiles). Each reading is produced exactly once, because a reading *is*
that sequence of choices. At every suit boundary the win tables bound what the remaining suits
still need, so dead branches stop at once.
"""

from __future__ import annotations

from collections.abc import Iterator

from mahjong_rules.counts import TileCounts
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.wins.types import Decomposition, Group, GroupKind, WinForm

__all__ = ["enumerate_decompositions"]

_TILES = all_tiles()
_PAIR = tuple(Group(GroupKind.PAIR, t) for t in _TILES)
_PUNG = tuple(Group(GroupKind.PUNG, t) for t in _TILES)
_CHOW = tuple(Group(GroupKind.CHOW, t) if t.index < 27 and t.rank <= 7 else None for t in _TILES)


def enumerate_decompositions(
    counts: TileCounts,
    wilds: int,
    infos: tuple[int, int, int, int],
    *,
    seven_pairs: bool,
    honors: bool,
) -> Iterator[Decomposition]:
    """Readings of ``counts`` + ``wilds`` (standard form first, then seven pairs).

    ``infos`` are the four parts' table entries (fewest wildcards for melds only in bits 0-4,
    for melds plus a pair in bits 5-9), used to prune.
    """
    c = counts.counts()
    end = 34 if honors else 27
    nparts = 4 if honors else 3
    need0 = [infos[p] & 31 for p in range(nparts)]
    delta = [(infos[p] >> 5 & 31) - need0[p] for p in range(nparts)]
    # what parts p.. still need: without the pair, and with the pair somewhere among them
    rest0 = [sum(need0[p:]) for p in range(nparts + 1)]
    rest1 = [rest0[p] + min(delta[p:]) for p in range(nparts)] + [99]
    part_empty = [not any(c[9 * p : min(9 * p + 9, 34)]) for p in range(nparts)]

    groups: list[Group] = []
    stood: list[Tile] = []

    def standard(i: int, k1: int, k2: int, left: int, paired: bool) -> Iterator[Decomposition]:
        if i % 9 == 0 or i == end:
            part = i // 9
            if i == end:
                if not left and paired:
                    yield Decomposition(WinForm.STANDARD, tuple(groups), tuple(stood))
                return
            if (rest0[part] if paired else rest1[part]) > left:
                return
            if part_empty[part] and not left:
                yield from standard(min(i + 9, end), 0, 0, left, paired)
                return
        ci = c[i]
        tile = _TILES[i]
        chow = _CHOW[i]
        for q in (0,) if paired else (0, 1):
            for p in (0, 1):
                for k in range(5 if chow is not None else 1):
                    total = k + k1 + k2 + 3 * p + 2 * q
                    if total > 4:
                        break
                    x = total - ci
                    if x < 0:
                        continue
                    if x > left:
                        break
                    added = q + p + k
                    if q:
                        groups.append(_PAIR[i])
                    if p:
                        groups.append(_PUNG[i])
                    if k:
                        groups.extend([chow] * k)  # type: ignore[list-item]
                    stood.extend([tile] * x)
                    yield from standard(i + 1, k, k1, left - x, paired or bool(q))
                    del groups[len(groups) - added :]
                    del stood[len(stood) - x :]

    yield from standard(0, 0, 0, wilds, False)

    if not seven_pairs or counts.size + wilds != 14:
        return
    odd_after = [0] * (end + 1)
    for i in range(end - 1, -1, -1):
        odd_after[i] = odd_after[i + 1] + (c[i] & 1)
    if odd_after[0] > wilds:
        return

    def pairs(i: int, left: int) -> Iterator[Decomposition]:
        if i == end:
            if not left:
                yield Decomposition(WinForm.SEVEN_PAIRS, tuple(groups), tuple(stood))
            return
        ci = c[i]
        for x in range(ci & 1, 5 - ci, 2):
            if x > left or odd_after[i + 1] > left - x:
                break
            n_pairs = (ci + x) // 2
            groups.extend([_PAIR[i]] * n_pairs)
            stood.extend([_TILES[i]] * x)
            yield from pairs(i + 1, left - x)
            del groups[len(groups) - n_pairs :]
            del stood[len(stood) - x :]

    groups.clear()
    stood.clear()
    yield from pairs(0, wilds)
