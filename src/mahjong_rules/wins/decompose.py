"""Enumerate every reading of a complete hand, kind by kind; :func:`decompositions` lists them,
at most ``limit`` of them.

Walking the 34 kinds in order, the enumeration decides at each kind how many chows start there,
whether a pung and/or the pair sit there, and so how many wildcards must stand for that kind
(demand minus the natural tiles). Each reading is produced exactly once, because a reading *is*
that sequence of choices. At every suit boundary the win tables bound what the remaining suits
still need, so dead branches stop at once.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from mahjong_rules.counts import TileCounts
from mahjong_rules.errors import HandSizeError, InvalidHandError
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.wins import _tables
from mahjong_rules.wins._build import INF
from mahjong_rules.wins.types import Decomposition, Group, GroupKind, WinForm

__all__ = ["DEFAULT_LIMIT", "decompositions", "enumerate_decompositions", "reading_key"]

DEFAULT_LIMIT = 10_000
"""How many readings :func:`decompositions` returns at most unless told otherwise. A hand of
wildcards alone has millions of readings (14 wildcards: more than three million); 10,000
readings take about 0.15 s and a few megabytes."""

_SUIT_KEY = (1 << 27) - 1
_HONOR_SHIFT = 81

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


def _infos(bits: int, honors: bool) -> tuple[int, int, int, int]:
    """The table entries of the three suits and the honors of packed counts ``bits``."""
    tab = _tables.tables()
    suit = tab.suit
    im, ip, is_ = (suit.info[suit.layout.position((bits >> s) & _SUIT_KEY)] for s in (0, 27, 54))
    if honors:
        iz = tab.honor.info[tab.honor.layout.position(bits >> _HONOR_SHIFT)]
    else:
        iz = INF << 5  # no honors: nothing to complete there, and no pair can be made there
    return im, ip, is_, iz


def reading_key(d: Decomposition) -> tuple[object, ...]:
    """The order :func:`decompositions` sorts readings in: the standard form first, then by
    groups (tile, then pair, pung, chow), then by what the wildcards stand for."""
    return (
        d.form is not WinForm.STANDARD,
        [g.sort_key for g in d.groups],
        [t.index for t in d.wilds],
    )


def decompositions(
    counts: TileCounts | str,
    wilds: int = 0,
    *,
    seven_pairs: bool = True,
    honors: bool = True,
    limit: int | None = DEFAULT_LIMIT,
) -> tuple[Decomposition, ...]:
    """Every distinct reading of a complete hand, sorted (standard form first); ``()`` if none.

    ``limit`` bounds the work: at most ``limit`` readings are found (the first ones
    :func:`~mahjong_rules.wins.iter_decompositions` yields), then sorted. A hand of only
    wildcards has millions of readings, so the default is :data:`DEFAULT_LIMIT`; ``None``
    lists them all. To know whether a hand has more, ask for ``limit + 1``; to walk them all
    without keeping them, use :func:`~mahjong_rules.wins.iter_decompositions`.

    >>> [str(d) for d in decompositions("111222333m44m")]
    ['11m 123m 234m 234m', '111m 222m 333m 44m', '123m 123m 123m 44m']
    >>> [str(d) for d in decompositions("13m55p", wilds=1)]
    ['123m 55p wilds=2m']
    >>> len(decompositions("", 14)), len(decompositions("", 14, limit=3))
    (10000, 3)
    """
    if isinstance(counts, str):
        counts = TileCounts(counts)
    elif not isinstance(counts, TileCounts):
        raise TypeError(f"expected TileCounts or notation text, got {type(counts).__name__}")
    if not isinstance(wilds, int) or isinstance(wilds, bool) or wilds < 0:
        raise InvalidHandError(f"wilds must be a whole number >= 0, got {wilds!r}")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        raise InvalidHandError(f"limit must be a whole number >= 0 or None, got {limit!r}")
    if not honors and counts.bits >> _HONOR_SHIFT:
        raise InvalidHandError(f"{counts} holds honor tiles but honors=False")
    n = counts.size + wilds
    if n % 3 != 2 or n > 14:
        raise HandSizeError(
            f"decompositions needs 3k+2 tiles (at most 14) counting wildcards; "
            f"got {counts.size} tiles ({counts}) + {wilds} wildcards"
        )
    found = enumerate_decompositions(
        counts, wilds, _infos(counts.bits, honors), seven_pairs=seven_pairs, honors=honors
    )
    return tuple(sorted(itertools.islice(found, limit), key=reading_key))
