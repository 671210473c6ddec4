"""The answers of Sichuan's two phases, listed (SC-SWAP-1, SC-VOID-1): every three tiles of one
suit a seat could pass in 换三张 (huàn sān zhāng), and every 定缺 (dìng quē) it could declare.

Plain functions of a seat and its concealed tiles, over tables of fixed size, so that the
compiled build compiles them (``setup.COMPILED``): listing a seat's swap answers is the larger
part of a 换三张 phase's time. The phases themselves, which ask for these lists, are
:mod:`mahjong_rules.variants.sichuan.phases`'.
"""

from __future__ import annotations

import itertools

from mahjong_rules.counts import KINDS_OF_LANES, LOW_BITS, TileCounts
from mahjong_rules.tiles import suited_tiles
from mahjong_rules.variants.sichuan.actions import SUITS, DeclareVoid, SwapTiles

__all__ = ["swap_answers", "void_answers"]

_LANES = (1 << 27) - 1
"""One suit's lanes of :attr:`TileCounts.bits <mahjong_rules.counts.TileCounts.bits>`."""
_SWAP_ACTIONS: tuple[list[SwapTiles | None], ...] = tuple([None] * (3 * 729) for _ in range(4))
"""Each seat's 换三张 answers by suit and ranks (``729 k + 81 r1 + 9 r2 + r3``), built the
first time they are met: a table of fixed size (4 x 3 x 729 places, at most 4 x 495 of them
filled), so that it never grows with the hands played. The answers of a hand are worked out
when asked (once a seat and hand: the engine keeps a state's legal actions), not kept per
pattern of the hand: such a memo grows with every new hand and is almost never hit
(issue 34)."""
_VOID_ACTIONS: tuple[list[DeclareVoid | None], ...] = tuple([None] * (3 * 10) for _ in range(4))
"""Each seat's 定缺 answers by suit and the rank set aside (``10 k + r``, ``r = 9``: none
held), built the first time they are met (at most 4 x 30)."""


def swap_answers(seat: int, concealed: TileCounts) -> tuple[SwapTiles, ...]:
    """Every three tiles of one suit ``seat`` could pass from ``concealed``, each multiset
    once: by suit (万 筒 条), then in tile order (``1m1m2m`` before ``1m1m3m``). Worked out
    when asked; the actions themselves are shared values (one per seat, suit and ranks)."""
    out: list[SwapTiles] = []
    bits = concealed.bits
    actions = _SWAP_ACTIONS[seat]
    for k in range(3):
        lanes = bits >> 27 * k & _LANES
        if lanes:
            base = 729 * k
            out += [actions[base + r] or _swap(seat, k, r) for r in _triples(lanes)]
    return tuple(out)


def _swap(seat: int, k: int, ranks: int) -> SwapTiles:
    """The shared answer of ``seat`` passing the three tiles of suit ``k`` whose ranks are
    ``ranks`` (``81 r1 + 9 r2 + r3``)."""
    tiles = suited_tiles(SUITS[k])
    three = (tiles[ranks // 81], tiles[ranks // 9 % 9], tiles[ranks % 9])
    action = _SWAP_ACTIONS[seat][729 * k + ranks] = SwapTiles(seat, three)
    return action


_LOW = LOW_BITS & _LANES
"""The lowest bit of each of one suit's lanes."""
_RANKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(9) if m >> r & 1) for m in range(512)
)
"""The ranks in each 9-bit mask of one suit's kinds, in order."""
_DISTINCT: list[tuple[int, ...] | None] = [None] * 512
"""Per 9-bit mask of the ranks held: every three distinct ranks ``r1 < r2 < r3`` of them, as
``81 r1 + 9 r2 + r3`` in order, built the first time the mask is met (at most 512 x 84)."""


def _triples(lanes: int) -> list[int]:
    """The ranks ``r1 <= r2 <= r3`` of every three tiles the lanes of one suit hold, each
    rank taken up to as many times as it is held, as ``81 r1 + 9 r2 + r3`` in order: the
    three distinct ranks of the kinds held (a table by kinds), and those with a rank twice
    or three times (from the kinds held twice or more)."""
    kinds = KINDS_OF_LANES[(lanes | lanes >> 1 | lanes >> 2) & _LOW]
    distinct = _DISTINCT[kinds]
    if distinct is None:
        distinct = _DISTINCT[kinds] = tuple(
            81 * a + 9 * b + c for a, b, c in itertools.combinations(_RANKS[kinds], 3)
        )
    pairs = KINDS_OF_LANES[(lanes >> 1 | lanes >> 2) & _LOW]
    if not pairs:
        return list(distinct)
    threes = KINDS_OF_LANES[(lanes >> 2 | lanes >> 1 & lanes) & _LOW]
    out = list(distinct)
    held = _RANKS[kinds]
    for a in _RANKS[pairs]:
        out.extend(90 * a + c if c > a else 81 * c + 10 * a for c in held if c != a)
        if threes >> a & 1:
            out.append(91 * a)
    out.sort()
    return out


def void_answers(seat: int, concealed: TileCounts) -> tuple[DeclareVoid, ...]:
    """Every 定缺 ``seat`` could declare holding ``concealed`` (SC-VOID-1): by suit (万 筒 条),
    one per kind of that suit it holds (the tile set aside), in tile order, or one with no
    tile when it holds none of the suit. Worked out when asked, like :func:`swap_answers`."""
    out: list[DeclareVoid] = []
    bits = concealed.bits
    actions = _VOID_ACTIONS[seat]
    for k in range(3):
        lanes = bits >> 27 * k & _LANES
        base = 10 * k
        if lanes:
            ranks = _RANKS[KINDS_OF_LANES[(lanes | lanes >> 1 | lanes >> 2) & _LOW]]
            out += [actions[base + r] or _void(seat, k, r) for r in ranks]
        else:
            out.append(actions[base + 9] or _void(seat, k, 9))
    return tuple(out)


def _void(seat: int, k: int, rank: int) -> DeclareVoid:
    """The shared answer of ``seat`` declaring suit ``k`` void, setting aside its tile of
    ``rank`` (``9``: none)."""
    suit = SUITS[k]
    aside = suited_tiles(suit)[rank] if rank < 9 else None
    action = _VOID_ACTIONS[seat][10 * k + rank] = DeclareVoid(seat, suit, aside)
    return action
