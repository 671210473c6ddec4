""":class:`CountingBot`: plays to the lowest 向听 (xiàngtīng, shanten) like
:class:`~mahjong_rules.bots.GreedyBot`, but counts the tiles it can still draw, and defends.

Of the discards that leave its hand nearest ready, it keeps the one whose hand has the most
*live* tiles: tiles that would bring it a step nearer a win, counted by how many of each it
has not seen (:func:`~mahjong_rules.bots.reading.unseen_counts`: four less those in its own
hand, the ponds, the melds face up, the hands shown). Far from ready while another seat has
declared ready (报听, bàotīng), it gives up the race and discards the safest tile instead
(:func:`~mahjong_rules.bots.reading.danger`: a tile of the seat's public void suit, one it
discarded itself, an end tile before a middle one); against a seat only likely ready (two
melds face up, many discards made) safety breaks ties. It pengs only what brings it nearer
a win, or as near with more live tiles; its kongs are greedy's. It answers 定缺, 换三张 and
买点 by the hand's worth (:mod:`mahjong_rules.bots.worth`), a plugin's phases as they advise.

>>> from mahjong_rules import get_variant
>>> rules = get_variant("sichuan")
>>> state = rules.new_hand(seed=5)
>>> while rules.result(state) is None:
...     seat = min(rules.to_act(state))
...     state = CountingBot().act(rules, state, seat)
>>> sum(rules.result(state).deltas)
0
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from mahjong_rules.bots.base import Bot, legal_or_raise
from mahjong_rules.bots.greedy import (
    _advice,
    _always_taken,
    _Hand,
    _isolated_end,
    _turn_kong,
    distance,
)
from mahjong_rules.bots.reading import danger, threats, unseen_counts
from mahjong_rules.bots.worth import buy_choice, swap_choice, void_choice
from mahjong_rules.engine.actions import Action, Discard, Gang, Pass, Peng
from mahjong_rules.engine.phases import named_phase
from mahjong_rules.engine.state import Phase
from mahjong_rules.engine.view import View
from mahjong_rules.tiles import Tile
from mahjong_rules.variants import rules_for
from mahjong_rules.variants.baoshan.buying import Buying
from mahjong_rules.variants.sichuan.phases import Swapping, Voiding

__all__ = ["BUY_EDGE", "DEFEND_FROM", "DEFEND_WEIGHT", "CountingBot", "live_tiles"]

_SUITED = 27
"""Kinds of the suits 万 筒 条; the 7 honors follow."""
_KINDS = 34
DEFEND_FROM = 2
"""向听 from which the bot gives up the race against a seat that may be ready."""
DEFEND_WEIGHT = 3
"""The least :attr:`~mahjong_rules.bots.reading.Threat.weight` of a seat it gives up the
race against: 3, a seat that declared 报听. Against a seat only likely ready (weight 1 or 2)
folding lost more than it saved (Yongshan, 2,000 hands: -0.13 a hand against folding only
for 报听), so there the danger only breaks ties between discards equal otherwise."""
BUY_EDGE = 1.0
"""The net share of payments per hand CountingBot expects to receive rather than make, for
买点 (:func:`~mahjong_rules.bots.worth.buy_choice`): above 0, as it beats GreedyBot and
RandomBot (:doc:`/arena`) and breaks even with itself, so it buys the most points listed."""


def live_tiles(
    hand: _Hand, unseen: Sequence[int], wild_kinds: frozenset[int], now: int | None = None
) -> int:
    """How many unseen tiles would bring ``hand`` (3k+1 tiles, after its discard) nearer a
    win: the sum of ``unseen`` over the kinds that lower its
    :func:`~mahjong_rules.bots.greedy.distance` below ``now`` (default: its own distance); a
    kind of ``wild_kinds`` (indices) is a wildcard drawn."""
    if now is None:
        now = hand.distance()
    total = 0
    for kind in wild_kinds:
        total += unseen[kind]
    if wild_kinds:  # a drawn wildcard is a free tile
        gained_wild = distance(hand.naturals, hand.wilds + 1, hand.melded, hand.shape) < now
        if not gained_wild:
            total = 0
    kinds = _KINDS if hand.shape.honors else _SUITED
    naturals = hand.naturals
    for index in range(kinds):
        left = unseen[index]
        if not left or index in wild_kinds:
            continue
        tile = Tile(index)
        if naturals.count(tile) >= 4:
            continue
        if distance(naturals.add(tile), hand.wilds, hand.melded, hand.shape) < now:
            total += left
    return total


class CountingBot(Bot):
    """A stronger 托管 (tuōguǎn) player: greedy to the lowest 向听, counting live tiles, and
    defending when far from ready.

    Its rules, in order:

    * 胡 (hú), 提 (tí), 报听 (bàotīng): always, as :class:`~mahjong_rules.bots.GreedyBot`;
    * in 定缺 (SC-VOID-1), 换三张 (SC-SWAP-1) and 买点 (BS-BUY-1): the answer worth most
      (:func:`~mahjong_rules.bots.worth.void_choice`,
      :func:`~mahjong_rules.bots.worth.swap_choice`,
      :func:`~mahjong_rules.bots.worth.buy_choice` with ``buy_edge``); with ``worth=False``,
      and in any other phase of a variant's own (a plugin's), the answer the phase advises
      from the view (the kept hand nearest a win, each tile parted with a step;
      :meth:`OwnPhase.advise <mahjong_rules.engine.phases.OwnPhase.advise>`);
    * in its turn, 暗杠 / 补杠 when the hand is no farther from ready after it (a kong is paid
      for at once in most rooms); otherwise a discard:

      - far from ready (:data:`DEFEND_FROM` steps or more after its best discard) while
        another seat has declared 报听 (one of :func:`~mahjong_rules.bots.reading.threats`
        whose weight is at least :data:`DEFEND_WEIGHT`): the safest tile
        (:func:`~mahjong_rules.bots.reading.danger`), then the nearest ready;
      - otherwise the discard leaving the hand nearest ready, then the one leaving the most
        live tiles (:func:`live_tiles`), then the safest against the seats that may be
        ready (two melds face up, many discards), then greedy's tie-breaks (the suit 缺一门
        gives up, a lone end tile, the order listed);

    * on a discard, 直杠 (zhígàng) when no farther from ready after it; 碰 (pèng) when the hand
      after it and its best discard is nearer ready, or as near with more live tiles; else 过.

    It reads only its view (never the wall or the other hands) and keeps no memory: equal
    views get equal choices. ``seed`` is accepted (the arena gives each seat one) and
    changes nothing: the bot is deterministic. ``worth=False`` answers every phase as the
    phase advises (the bot before :mod:`~mahjong_rules.bots.worth`, for comparisons);
    ``buy_edge`` is what it expects to gain from each point bought (:data:`BUY_EDGE`).
    """

    def __init__(
        self, seed: int | str | None = None, *, worth: bool = True, buy_edge: float = BUY_EDGE
    ) -> None:
        self.seed = seed
        self.worth = worth
        self.buy_edge = buy_edge

    def __repr__(self) -> str:
        extra = "" if self.worth else ", worth=False"
        if self.buy_edge != BUY_EDGE:
            extra += f", buy_edge={self.buy_edge!r}"
        return f"CountingBot(seed={self.seed!r}{extra})"

    def choose(self, view: View) -> Action:
        actions = legal_or_raise(view)
        taken = _always_taken(actions)
        if taken is not None:
            return taken
        if view.phase is Phase.CHOOSING:
            advised = _advice(view, actions)
            return self._phase(view, advised) if self.worth else advised
        hand = _Hand.of(view)
        if view.phase is Phase.TURN:
            return self._turn(view, actions, hand)
        return self._claim(view, actions, hand)

    def _phase(self, view: View, advised: Action) -> Action:
        """定缺, 换三张, 买点 by the hand's worth; any other phase as advised."""
        rules = rules_for(view.options)
        kind = type(named_phase(rules, view.stage))
        if kind is Voiding:
            return void_choice(rules, view, advised)
        if kind is Swapping:
            return swap_choice(rules, view, advised)
        if kind is Buying:
            return buy_choice(view, self.buy_edge)
        return advised

    def _turn(self, view: View, actions: Sequence[Action], hand: _Hand) -> Action:
        kong = _turn_kong(actions, hand)
        if kong is not None:
            return kong
        discards = [(i, a) for i, a in enumerate(actions) if isinstance(a, Discard)]
        if not discards:
            return actions[0]  # not reached: a seat in turn always has a discard (FLOW-6)
        return _best_discard(view, hand, discards)

    def _claim(self, view: View, actions: Sequence[Action], hand: _Hand) -> Action:
        offered = view.tile
        now = hand.distance()
        peng: Peng | None = None
        for action in actions:
            if isinstance(action, Gang):
                after = hand.without(action.tile, 3 - len(action.wild_tiles), action.wild_tiles)
                if after.distance() <= now:
                    return action
            elif isinstance(action, Peng) and offered is not None and peng is None:
                peng = action  # the first listed: fewest wildcards
        if peng is not None and offered is not None:
            used = peng.wild_tiles
            after = hand.without(offered, 2 - len(used), used)
            later = after.distance()
            if later < now:
                return peng
            if later == now:
                unseen, wilds = unseen_counts(view), _wild_kinds(view)
                if _best_live(after, unseen, wilds, later) > live_tiles(hand, unseen, wilds, now):
                    return peng
        for action in actions:
            if isinstance(action, Pass):
                return action
        return actions[0]  # not reached: a claim window always offers 过


def _without(hand: _Hand, tile: Tile) -> _Hand:
    """``hand`` less one ``tile`` (a wildcard when it holds no natural one)."""
    if hand.naturals.count(tile):
        return attrs.evolve(hand, naturals=hand.naturals.remove(tile))
    return attrs.evolve(hand, wilds=hand.wilds - 1)


def _wild_kinds(view: View) -> frozenset[int]:
    return frozenset(tile.index for tile in view.wild_kinds)


def _best_live(hand: _Hand, unseen: Sequence[int], wilds: frozenset[int], target: int) -> int:
    """The most live tiles ``hand`` (3k+2 tiles) keeps after a discard leaving it ``target``
    steps from ready."""
    most = 0
    for tile in hand.naturals.kinds():
        after = _without(hand, tile)
        if after.distance() == target:
            most = max(most, live_tiles(after, unseen, wilds, target))
    return most


def _best_discard(view: View, hand: _Hand, discards: Sequence[tuple[int, Discard]]) -> Action:
    unseen, wilds = unseen_counts(view), _wild_kinds(view)
    found = threats(view)
    void = hand.void_suit()
    after: dict[Tile, int] = {}
    for _, action in discards:
        if action.tile not in after:
            after[action.tile] = hand.after_discard(action.tile)
    least = min(after.values())
    defend = least >= DEFEND_FROM and any(t.weight >= DEFEND_WEIGHT for t in found)
    lives: dict[Tile, int] = {}

    def live(tile: Tile) -> int:
        found_live = lives.get(tile)
        if found_live is None:
            found_live = lives[tile] = live_tiles(_without(hand, tile), unseen, wilds, after[tile])
        return found_live

    def rank(item: tuple[int, Discard]) -> tuple[int, ...]:
        i, action = item
        tile = action.tile
        risk = danger(tile, found, unseen) if found else 0
        in_void = void is not None and not tile.is_honor and tile.index // 9 == void
        lone = _isolated_end(hand.naturals, tile)
        if defend:
            return risk, after[tile], not in_void, -live(tile), i
        if after[tile] > least:
            return after[tile], 0, 0, 0, 0, i
        return after[tile], -live(tile), risk, not in_void, not lone, i

    return min(discards, key=rank)[1]
