"""How a player answers a phase of the variant's own: the generic advice behind
:meth:`OwnPhase.advise <mahjong_rules.engine.phases.OwnPhase.advise>`.

A bot, and a seat played for a person (托管, tuōguǎn), answers a variant's own phase from its
view alone. What most such phases ask is a choice of tiles to part with: three to pass to
another seat, a suit to give up (定缺, dìng quē). The phase says what each answer leaves the
seat to build its hand with (:meth:`OwnPhase.keeps
<mahjong_rules.engine.phases.OwnPhase.keeps>`), and :func:`best_answer` ranks the answers by
that hand, in this order:

1. the cost: the 向听 (xiàngtīng, shanten) of the tiles kept, each tile parted with counted as
   one unknown tile to come (a free tile) plus one step to get it, under the room's shape
   rules (its honors, and at most :attr:`~mahjong_rules.engine.hooks.Hooks.max_suits` suits in
   a winning hand: the cheapest suits to give up are given up, those of the seat's melds kept);
2. fewer tiles parted with;
3. the 向听 of the kept tiles alone, with no free tile for those parted with (what comes
   instead is not chosen: of two answers equal by the first measure, the one whose kept
   tiles are nearer a win by themselves);
4. the kept tiles' use (:func:`tile_use`): more of them in a pair or beside a tile of their
   suit;
5. the order the phase lists its answers in.

An answer that leaves the hand as it is (a price, a yes or no) costs what the hand costs, so a
phase none of whose answers changes the hand gets its first listed answer.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from mahjong_rules.counts import TileCounts, lanes_size
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.view import View
from mahjong_rules.errors import IllegalActionError
from mahjong_rules.wins import shanten

__all__ = ["answer_key", "best_answer", "hand_cost", "tile_use"]

_SUITS = 3
"""万, 筒, 条: the suits a winning hand may have to lack; honors never count as one."""
_SUIT_LANES = (1 << 27) - 1
"""One suit's packed counts (9 kinds of 3 bits) in :attr:`TileCounts.bits`."""
_ONES = sum(1 << 3 * r for r in range(9))
"""Bit 0 of each kind's 3-bit count in one suit's lanes."""
_HONOR_ONES = sum(1 << 3 * r for r in range(7))


def hand_cost(
    naturals: TileCounts, wilds: int, melded: int, *, honors: bool, max_suits: int
) -> int:
    """向听 of ``naturals`` and ``wilds`` free tiles when a winning hand holds at most
    ``max_suits`` of the three suits: the suits the hand must give up are the cheapest ones,
    each of their tiles a free tile plus one step; a suit of ``melded`` (a mask: 1 万, 2 筒,
    4 条) is never given up. 0 for a hand of no size shanten measures (no tiles yet). Not
    memoized: the answers of a phase rarely repeat a hand (an LRU cache of 256 was hit 0
    times in 69,002 calls over 300 hands of GreedyBot's three-tile swaps, and cost more
    than it saved).

    >>> hand_cost(TileCounts("123m456p789s1s"), 0, 0, honors=False, max_suits=3)
    0
    >>> hand_cost(TileCounts("123m456p789s1s"), 0, 0, honors=False, max_suits=2)
    3
    """
    size = naturals.size + wilds
    if size % 3 == 0 or size > 14:
        return 0
    bits = naturals.bits
    present = 0  # a mask of the suits held or melded, as ``melded``
    for k in range(_SUITS):
        if bits >> 27 * k & _SUIT_LANES or melded >> k & 1:
            present |= 1 << k
    extra = present.bit_count() - max_suits
    droppable = present & ~melded
    if extra <= 0 or droppable.bit_count() < extra:
        return shanten(naturals, wilds, seven_pairs=True, honors=honors)
    if extra == 1:  # the usual case (a 定缺 to come): give up the one suit that costs least
        return _cost_less_one(naturals, wilds, droppable, honors)
    held = [lanes_size(bits >> 27 * k & _SUIT_LANES) for k in range(_SUITS)]
    best: int | None = None
    choices = sorted(
        (sum(held[k] for k in dropped), dropped)
        for dropped in itertools.combinations(
            [k for k in range(_SUITS) if droppable >> k & 1], extra
        )
    )
    for gone, dropped in choices:
        if best is not None and gone - 1 >= best:
            break  # 向听 is at least -1: giving up more tiles cannot cost less
        rest = bits
        for k in dropped:
            rest &= ~(_SUIT_LANES << 27 * k)
        kept = TileCounts._make(rest, naturals.size - gone)  # valid: a valid hand less suits
        cost = shanten(kept, wilds + gone, seven_pairs=True, honors=honors) + gone
        best = cost if best is None else min(best, cost)
    assert best is not None
    return best


def _cost_less_one(naturals: TileCounts, wilds: int, droppable: int, honors: bool) -> int:
    """:func:`hand_cost` when exactly one suit of ``droppable`` (a mask) must go: the least,
    over those suits, of the 向听 without it (its tiles free) plus its tiles. The suits are
    tried from the fewest tiles up, and once a suit holds more tiles than the best cost so far
    plus one, no later one can cost less (向听 is at least -1)."""
    bits = naturals.bits
    sizes = []
    for k in range(_SUITS):
        if droppable >> k & 1:
            sizes.append((lanes_size(bits >> 27 * k & _SUIT_LANES), k))
    sizes.sort()
    best = 99
    for gone, k in sizes:
        if gone - 1 >= best:
            break
        kept = TileCounts._make(bits & ~(_SUIT_LANES << 27 * k), naturals.size - gone)
        cost = shanten(kept, wilds + gone, seven_pairs=True, honors=honors) + gone
        if cost < best:
            best = cost
    return best


def tile_use(naturals: TileCounts) -> int:
    """How many of ``naturals`` work with another: in a pair (or more) of their kind, or (a
    suited tile) with a tile of their suit at most two ranks away.

    >>> tile_use(TileCounts("1m3m9m5p5p1z"))
    4
    """
    bits = naturals.bits
    used = 0
    for k in range(_SUITS + 1):
        lanes = bits >> 27 * k & _SUIT_LANES
        if not lanes:
            continue
        ones = _HONOR_ONES if k == _SUITS else _ONES
        held = (lanes | lanes >> 1 | lanes >> 2) & ones  # bit 3r: rank r held
        many = (lanes >> 1 | lanes >> 2) & ones  # bit 3r: rank r held twice or more
        used += lanes_size(lanes & many * 7)
        if k < _SUITS:
            near = (held << 3 | held >> 3 | held << 6 | held >> 6) & ones
            used += (held & ~many & near).bit_count()
    return used


class _Judge:
    """What :func:`answer_key` reads of a room and a view, read once for all the answers."""

    def __init__(self, rules: Any, view: View, max_suits: int | None) -> None:
        self.concealed = view.concealed
        self.wild_kinds = tuple(view.wild_kinds)
        melded = 0
        for meld in view.seats[view.seat].melds:
            if not meld.tile.is_honor:
                melded |= 1 << meld.tile.index // 9
        self.melded = melded
        self.honors = bool(rules.honors)
        self.max_suits = int(rules.max_suits) if max_suits is None else max_suits

    def _split(self, kept: TileCounts | None) -> tuple[TileCounts, int, int]:
        """The kept naturals, the wildcards kept, and how many tiles the answer parts with."""
        kept = self.concealed if kept is None else kept
        gone = self.concealed.size - kept.size
        wilds = 0
        for kind in self.wild_kinds:
            held = kept.count(kind)
            if held:
                wilds += held
                kept = kept.remove(kind, held)
        return kept, wilds, gone

    def _cost(self, naturals: TileCounts, wilds: int) -> int:
        return hand_cost(naturals, wilds, self.melded, honors=self.honors, max_suits=self.max_suits)

    def first(self, kept: TileCounts | None) -> tuple[int, int]:
        """The cost, each tile parted with a free tile and a step; the tiles parted with."""
        naturals, wilds, gone = self._split(kept)
        return self._cost(naturals, wilds + gone) + gone, gone

    def then(self, kept: TileCounts | None) -> tuple[int, int]:
        """The cost of the kept tiles alone (with one free tile if their number needs it),
        and minus their use."""
        naturals, wilds, gone = self._split(kept)
        alone = 0
        if gone:
            pad = 1 if (naturals.size + wilds) % 3 == 0 else 0
            alone = self._cost(naturals, wilds + pad)
        return alone, -tile_use(naturals)


def answer_key(
    rules: Any, view: View, kept: TileCounts | None, max_suits: int | None = None
) -> tuple[int, int, int, int]:
    """The rank of an answer that leaves ``kept`` (``None``: the hand as it is) of the
    viewer's concealed tiles: its cost, the tiles parted with, the cost of the kept tiles
    alone (no free tile for those parted with: the tiles to come are not chosen), and minus
    the kept tiles' :func:`tile_use` (lower is better). ``rules`` are the room's (its
    ``honors``, and its ``max_suits`` unless ``max_suits`` is given)."""
    judge = _Judge(rules, view, max_suits)
    return judge.first(kept) + judge.then(kept)


def best_answer(
    rules: Any,
    view: View,
    keeps: Callable[[Action], TileCounts | None],
    max_suits: int | None = None,
) -> Action:
    """The answer among ``view.legal_actions`` that :func:`answer_key` ranks first, given
    what each leaves of the hand (``keeps``); ties go to the first listed. ``max_suits``:
    the suits a winning hand may hold, where the phase knows better than the room's
    ``max_suits`` (a phase before a 定缺 that will take one suit away). Raises
    :class:`~mahjong_rules.errors.IllegalActionError` if the seat has nothing to answer."""
    actions = view.legal_actions
    if not actions:
        raise IllegalActionError(f"seat {view.seat} has nothing to answer now")
    kept = [keeps(action) for action in actions]
    if all(k is None for k in kept):
        return actions[0]
    judge = _Judge(rules, view, max_suits)
    firsts: dict[TileCounts | None, tuple[int, int]] = {}
    for hand in kept:
        if hand not in firsts:
            firsts[hand] = judge.first(hand)
    least = min(firsts.values())
    tied = [i for i, hand in enumerate(kept) if firsts[hand] == least]
    if len(tied) == 1:
        return actions[tied[0]]
    thens: dict[TileCounts | None, tuple[int, int]] = {}
    for i in tied:
        if kept[i] not in thens:
            thens[kept[i]] = judge.then(kept[i])
    return actions[min(tied, key=lambda i: (thens[kept[i]], i))]
