"""Yongshan hand checks on packed tile counts: wildcards (听用), suits (缺一门), 听点, and the
"no fifth copy" reading (YS-WILD-5, YS-WILD-6, YS-WIN-1, YS-TINGDIAN-1).

A seat's concealed tiles are kept as they are, wildcard tiles included (a 7筒 wildcard is a
7筒 in :class:`~mahjong_rules.counts.TileCounts`). :func:`split_wilds` cuts them into the
natural tiles and a wildcard count, the form the win detector takes.

>>> from mahjong_rules.counts import TileCounts, TileSet
>>> naturals, wilds = split_wilds(TileCounts("1237p"), TileSet("7p9p").lanes)
>>> naturals, wilds
(TileCounts('123p'), 1)
>>> is_ting_dian(TileCounts("123456789m111s"), 1)   # the wildcard waits alone: any tile
True
>>> is_ting_dian(TileCounts("12345678m1112s"), 1)
False
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mahjong_rules.counts import TileCounts, TileSet, lanes_size
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.yongshan.best_reading import fits_with_melds
from mahjong_rules.wins import is_win

__all__ = [
    "ALL_SUITS",
    "fits_melds",
    "is_ting_dian",
    "meld_suits",
    "split_wilds",
    "suits_of",
    "suits_of_bits",
    "wild_choices",
]

_SUIT_KEY = (1 << 27) - 1
ALL_SUITS = 7
"""The suit mask of a hand holding 万, 筒 and 条 (bits 1, 2, 4)."""
_SUIT_FIRST = (Tile("1m"), Tile("1p"), Tile("1s"))


def split_wilds(concealed: TileCounts, lanes: int) -> tuple[TileCounts, int]:
    """``(natural tiles, number of wildcards)`` of ``concealed``; ``lanes`` are the wildcard
    kinds' :attr:`TileSet.lanes <mahjong_rules.counts.TileSet.lanes>`."""
    bits = concealed.bits
    wild_bits = bits & lanes
    if not wild_bits:
        return concealed, 0
    wilds = lanes_size(wild_bits)
    return TileCounts._make(bits & ~lanes, concealed.size - wilds), wilds


def suits_of(naturals: TileCounts) -> int:
    """The suits ``naturals`` hold, as a mask: 1 万, 2 筒, 4 条."""
    return suits_of_bits(naturals.bits)


def suits_of_bits(bits: int) -> int:
    """:func:`suits_of` the tiles of :attr:`TileCounts.bits <mahjong_rules.counts.TileCounts.bits>`
    ``bits``."""
    return (
        (1 if bits & _SUIT_KEY else 0)
        | (2 if bits >> 27 & _SUIT_KEY else 0)
        | (4 if bits >> 54 & _SUIT_KEY else 0)
    )


def meld_suits(melds: Iterable[Meld]) -> int:
    """The suits of declared melds (each counts by its tile), as :func:`suits_of` does."""
    mask = 0
    for meld in melds:
        mask |= 1 << (meld.tile.index // 9)
    return mask


def is_ting_dian(naturals: TileCounts, wilds: int) -> bool:
    """听点 (tīngdiǎn, YS-TINGDIAN-1): a 3k+1 hand where one wildcard waits alone as the pair
    (the rest complete), so it wins on any tile.

    Checked with a tile of a suit the hand holds no natural tile of: such a tile can only join
    wildcards, so it completes the hand exactly when the rest is complete with one wildcard
    left for its pair (or the rest is six pairs). A hand holding all three suits cannot win,
    so it is never 听点.
    """
    if not wilds:
        return False
    held = suits_of(naturals)
    for k, first in enumerate(_SUIT_FIRST):
        if not held >> k & 1:
            return is_win(naturals.add(first), wilds, seven_pairs=True, honors=False)
    return False


def fits_melds(naturals: TileCounts, wilds: int, melds: tuple[Meld, ...]) -> bool:
    """YS-WILD-6: whether some reading of a complete concealed part holds, with the melds (a
    meld's wildcards stand for its tile), at most four of every tile."""
    if all(naturals.count(m.tile) + m.size + wilds <= 4 for m in melds):
        return True
    return fits_with_melds(naturals, wilds, melds)


def wild_choices(concealed: TileCounts, kinds: TileSet, n: int) -> tuple[tuple[Tile, ...], ...]:
    """Every way to pick ``n`` wildcard tiles from ``concealed`` (kinds ``kinds``: one or two),
    each a sorted tuple, in tile order: the ``wild_tiles`` of a peng or kong.

    Memoized by the wildcards held (at most 25 patterns for a pair of kinds), the kinds and
    ``n``: a hand meets a few dozen keys, so the memo keeps the last 256 (over every
    本金 it would reach 27 x 25 x 4 keys, filled slowly over thousands of hands).
    """
    key = (concealed.bits & kinds.lanes, kinds.mask, n)
    found = _CHOICES.get(key)
    if found is None:
        found = _CHOICES[key] = tuple(_wild_choices(concealed, kinds, n))
        if len(_CHOICES) > _CHOICES_KEPT:
            del _CHOICES[next(iter(_CHOICES))]  # the oldest key
    return found


_CHOICES: dict[tuple[int, int, int], tuple[tuple[Tile, ...], ...]] = {}
_CHOICES_KEPT = 256
"""How many keys :func:`wild_choices` keeps (issue 34: memory flat over thousands of hands)."""


def _wild_choices(concealed: TileCounts, kinds: TileSet, n: int) -> Iterator[tuple[Tile, ...]]:
    held = [(t, concealed.count(t)) for t in kinds]
    if len(held) == 1:  # 单听用: one way at most
        tile, count = held[0]
        if count >= n:
            yield (tile,) * n
        return
    (low, a), (high, b) = held  # 双听用: as many of the lower kind as possible first
    for k in range(min(a, n), max(0, n - b) - 1, -1):
        yield (low,) * k + (high,) * (n - k)
