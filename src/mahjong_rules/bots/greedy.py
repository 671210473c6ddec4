""":class:`GreedyBot`: takes every win, and otherwise plays to the lowest 向听 (xiàngtīng, shanten).

It looks one action ahead, never further: each choice is the one whose resulting concealed hand
is the fewest tiles from ready, as :func:`~mahjong_rules.wins.shanten` counts them, with the
variant's rules applied — wildcards (听用, tīngyòng) split off as free tiles, seven pairs (七对)
allowed, honors only in a Baoshan room with 有风, and Yongshan's 缺一门 (quē yī mén: a winning
hand holds at most two of the suits 万 筒 条).

>>> from mahjong_rules import get_variant
>>> rules = get_variant("baoshan")
>>> state = rules.new_hand(seed=5)
>>> view = rules.view(state, 0)
>>> action = GreedyBot().choose(view)
>>> action in view.legal_actions
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from mahjong_rules.bots.base import Bot, legal_or_raise
from mahjong_rules.counts import TileCounts, lanes_size
from mahjong_rules.engine.actions import Action, Discard, Gang, Hu, Pass, Peng
from mahjong_rules.engine.phases import named_phase
from mahjong_rules.engine.state import Phase
from mahjong_rules.engine.view import View
from mahjong_rules.errors import IllegalActionError
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Tile
from mahjong_rules.variants import rules_for
from mahjong_rules.variants.baoshan.ting import Ting
from mahjong_rules.variants.options import Options
from mahjong_rules.variants.yongshan.hands import meld_suits, split_wilds, suits_of
from mahjong_rules.variants.yongshan.ti import Ti
from mahjong_rules.wins import shanten

__all__ = ["GreedyBot", "HandShape", "distance"]

_SUITS = 3
"""万, 筒, 条: the suits a hand may have to give up one of (缺一门); honors never count."""
_SUIT_MASK = (1 << 27) - 1
"""The packed counts of one suit (9 kinds of 3 bits) in :attr:`TileCounts.bits`."""
_ALL_SUITS = (1 << _SUITS) - 1


@attrs.frozen
class HandShape:
    """What :func:`distance` needs to know of a room: its shape rules."""

    honors: bool = False
    """Whether the room plays the honor tiles (Baoshan's 有风)."""
    two_suits: bool = False
    """缺一门 (Yongshan, YS-WIN-1): a winning hand holds at most two suits."""

    @classmethod
    def of(cls, options: Options) -> HandShape:
        """The shape rules of a room, from its options (as :attr:`View.options` holds them):
        whether it plays honors, and whether a win may hold fewer suits than all three
        (:attr:`Rules.max_suits <mahjong_rules.Rules.max_suits>`), for any registered variant.
        The last room's are kept: a bot asks once a decision, with the options its room's
        states all share (hashing them to find the room costs about 1 µs)."""
        last = _LAST_SHAPE.get(0)
        if last is not None and last[0] is options:
            return last[1]
        rules = rules_for(options)
        shape = cls(honors=rules.honors, two_suits=rules.max_suits < _SUITS)
        _LAST_SHAPE[0] = (options, shape)
        return shape


_LAST_SHAPE: dict[int, tuple[Options, HandShape]] = {}
"""The options :meth:`HandShape.of` was last asked for, and their shape (one entry)."""


def _suit_size(naturals: TileCounts, suit: int) -> int:
    """How many tiles ``naturals`` hold of suit ``suit`` (0 万, 1 筒, 2 条)."""
    return lanes_size(naturals.bits >> 27 * suit & _SUIT_MASK)


def _suit_part(naturals: TileCounts, suit: int) -> tuple[TileCounts, int]:
    """``naturals`` without suit ``suit`` (0 万, 1 筒, 2 条), and how many tiles it held there."""
    held = _suit_size(naturals, suit)
    if not held:
        return naturals, 0
    rest = naturals.bits & ~(_SUIT_MASK << 27 * suit)
    return TileCounts._make(rest, naturals.size - held), held  # a valid hand less a suit


def voided(naturals: TileCounts, wilds: int, melded: int, shape: HandShape) -> dict[int, int]:
    """缺一门: for each suit ``naturals`` could give up, the distance to a win giving it up.

    A suit melded (``melded``, a suit mask) cannot be given up. Giving up a suit makes each of
    its tiles one to exchange: the hand is scored as the rest with a wildcard in place of each
    (any tile, standing for what comes instead), plus one per tile exchanged. Empty when the
    room has no such rule or the hand holds fewer than three suits.
    """
    return _voided(naturals, wilds, melded, shape.honors, shape.two_suits)


def _voided(
    naturals: TileCounts, wilds: int, melded: int, honors: bool, two_suits: bool
) -> dict[int, int]:
    """:func:`voided` of a shape's two fields."""
    if not two_suits or (suits_of(naturals) | melded) != _ALL_SUITS:
        return {}
    out = {}
    for suit in range(_SUITS):
        if melded >> suit & 1:
            continue
        rest, held = _suit_part(naturals, suit)
        out[suit] = shanten(rest, wilds + held, seven_pairs=True, honors=honors) + held
    return out


def distance(naturals: TileCounts, wilds: int, melded: int, shape: HandShape) -> int:
    """向听 (shanten) of a concealed hand under the room's rules: -1 complete, 0 ready.

    ``naturals`` are the concealed natural tiles and ``wilds`` the wildcards held (3k+1 or 3k+2
    in all); declared melds are complete groups, so only the concealed part counts, except
    that with 缺一门 the suits of the melds (``melded``, a mask: 1 万, 2 筒, 4 条) must be kept.

    >>> distance(TileCounts("123m456p789s1s"), 0, 0, HandShape())
    0
    >>> distance(TileCounts("123m456p789s1s"), 0, 0, HandShape(two_suits=True))  # 万 goes
    3
    """
    return _distance(naturals, wilds, melded, shape.honors, shape.two_suits)


# Asked of many hands a turn but rarely twice across turns: 1,024 keys keep the hits that
# 65,536 did (a process held 20 MiB of them after 250 hands, issue 34). Keyed on the shape's
# two fields, not the shape: a HandShape's hash is attrs' Python method (0.4 µs a call).
@functools.lru_cache(maxsize=1 << 10)
def _distance(naturals: TileCounts, wilds: int, melded: int, honors: bool, two_suits: bool) -> int:
    """:func:`distance` of a shape's two fields."""
    options = _voided(naturals, wilds, melded, honors, two_suits)
    if options:
        return min(options.values())
    return shanten(naturals, wilds, seven_pairs=True, honors=honors)


def _isolated_end(naturals: TileCounts, tile: Tile) -> bool:
    """A lone honor, or a lone 1 or 9 with no tile of its suit within two ranks."""
    if naturals.count(tile) != 1:
        return False
    if tile.is_honor:
        return True
    if tile.rank not in (1, 9):
        return False
    step = 1 if tile.rank == 1 else -1
    return not any(naturals.count(Tile(tile.index + step * d)) for d in (1, 2))


@attrs.frozen
class _Hand:
    """The viewer's concealed hand, split for :func:`distance`."""

    naturals: TileCounts
    wilds: int
    melded: int
    shape: HandShape

    @classmethod
    def of(cls, view: View) -> _Hand:
        naturals, wilds = split_wilds(view.concealed, view.wild_kinds.lanes)
        melds = view.seats[view.seat].melds
        melded = meld_suits(melds) & _ALL_SUITS  # an honor meld holds none of 万 筒 条
        return cls(naturals, wilds, melded, HandShape.of(view.options))

    def distance(self) -> int:
        shape = self.shape
        return _distance(self.naturals, self.wilds, self.melded, shape.honors, shape.two_suits)

    def without(self, tile: Tile, naturals: int, wild_tiles: Sequence[Tile] = ()) -> _Hand:
        """The hand less ``naturals`` copies of ``tile`` and the wildcards ``wild_tiles``, the
        tile's suit now melded (a peng or kong of it)."""
        suit = 0 if tile.is_honor else 1 << tile.index // 9
        return _Hand(
            self.naturals.remove(tile, naturals),
            self.wilds - len(wild_tiles),
            self.melded | suit,
            self.shape,
        )

    def after_discard(self, tile: Tile) -> int:
        shape = self.shape
        naturals, wilds = self.naturals, self.wilds
        if naturals.count(tile):
            naturals = naturals.remove(tile)
        else:  # a wildcard thrown (a game whose wildcards may be)
            wilds -= 1
        return _distance(naturals, wilds, self.melded, shape.honors, shape.two_suits)

    def void_suit(self) -> int | None:
        """The suit 缺一门 gives up: the cheapest to give up, then the fewest tiles, then
        万 筒 条 order (``None``: no suit to give up)."""
        options = voided(self.naturals, self.wilds, self.melded, self.shape)
        best: tuple[int, int, int] | None = None
        for suit, cost in options.items():
            key = (cost, _suit_size(self.naturals, suit), suit)
            if best is None or key < best:
                best = key
        return None if best is None else best[2]


def _advice(view: View, actions: Sequence[Action]) -> Action:
    """The answer the open phase of the variant's own advises from ``view``; the first listed
    for a stage the room's phases do not name."""
    rules = rules_for(view.options)
    phase = named_phase(rules, view.stage)
    if phase is None:
        return actions[0]
    advice = phase.advise(rules, view)
    if advice not in actions:
        raise IllegalActionError(
            f"{type(phase).__name__}.advise gave {advice!r}, not one of seat {view.seat}'s "
            f"answers in its {view.stage} phase"
        )
    return advice


class GreedyBot(Bot):
    """托管 (tuōguǎn) auto-play: a deterministic, one-step greedy player for a seat nobody plays.

    Its rules, in order:

    * 胡 (hú): always takes a win when offered (on its draw, on a discard, robbing a kong);
    * in a phase of the variant's own, the answer the phase advises from the view
      (:meth:`OwnPhase.advise <mahjong_rules.engine.phases.OwnPhase.advise>`, which is also
      what :meth:`Rules.default_action <mahjong_rules.Rules.default_action>` gives there): by
      default the answer whose kept hand is nearest a win. So it passes in 换三张 (huàn sān
      zhāng) the three tiles whose loss costs least, of its weakest suit, gives up in 定缺 (dìng
      quē) the suit that costs least (fewest tiles, least use), and buys 0 points in 买点
      (mǎidiǎn: asked before the deal, with no hand yet to judge by);
    * 提 (tí): always swaps a natural tile into its meld for the wildcard (a free wildcard);
    * 报听 (bàotīng): always declares (it is offered only for a ready hand);
    * on a discard, 碰 (pèng) or 直杠 (zhígàng) only if the hand after the claim (after its
      best discard, for a peng) is no farther from ready than now, a kong before a peng and
      fewer wildcards used before more; otherwise 过 (guò, pass);
    * in its turn, 暗杠 / 补杠 only if the hand is no farther from ready after it; otherwise the
      discard leaving the hand nearest ready. Ties go to a tile of the suit 缺一门 gives up
      (Yongshan, a hand holding three suits), then to a lone honor or terminal, then to the
      first in ``view.legal_actions``.

    "Nearest ready" is :func:`distance`. The bot sees only the view (never the other hands or
    the wall) and keeps no memory, so equal views get equal choices.
    """

    def __repr__(self) -> str:
        return "GreedyBot()"

    def choose(self, view: View) -> Action:
        actions = legal_or_raise(view)
        taken = _always_taken(actions)
        if taken is not None:
            return taken
        if view.phase is Phase.CHOOSING:
            return _advice(view, actions)
        hand = _Hand.of(view)
        if view.phase is Phase.TURN:
            return self._turn(actions, hand)
        return self._claim(actions, hand, view.tile)

    def _turn(self, actions: Sequence[Action], hand: _Hand) -> Action:
        kong = _turn_kong(actions, hand)
        if kong is not None:
            return kong
        discards = [(i, a) for i, a in enumerate(actions) if isinstance(a, Discard)]
        if not discards:
            return actions[0]  # not reached: a seat in turn always has a discard (FLOW-6)
        void = hand.void_suit()

        def rank(item: tuple[int, Discard]) -> tuple[int, bool, bool, int]:
            i, action = item
            tile = action.tile
            in_void = void is not None and not tile.is_honor and tile.index // 9 == void
            lone = _isolated_end(hand.naturals, tile)
            return hand.after_discard(tile), not in_void, not lone, i

        return min(discards, key=rank)[1]

    def _claim(self, actions: Sequence[Action], hand: _Hand, offered: Tile | None) -> Action:
        """A claim (or rob) window: ``offered`` is the tile on offer (``view.tile``)."""
        now = hand.distance()
        best: tuple[int, int, int, int] | None = None
        chosen: Action | None = None
        for i, action in enumerate(actions):
            if isinstance(action, Gang):
                tile, used, kongs = action.tile, action.wild_tiles, 0
                after = hand.without(tile, 3 - len(used), used)
            elif isinstance(action, Peng):
                if offered is None:
                    continue  # not reached: a peng is offered only on a discard
                used, kongs = action.wild_tiles, 1
                after = hand.without(offered, 2 - len(used), used)
            else:
                continue
            key = (after.distance(), kongs, len(used), i)
            if key[0] <= now and (best is None or key < best):
                best, chosen = key, action
        if chosen is not None:
            return chosen
        for action in actions:
            if isinstance(action, Pass):
                return action
        return actions[0]  # not reached: a claim window always offers 过


def _always_taken(actions: Sequence[Action]) -> Action | None:
    """The action a greedy player always takes when offered: 胡 (hú), then 提 (tí), then 报听
    (bàotīng); ``None`` if none is listed."""
    for kind in (Hu, Ti, Ting):
        for action in actions:
            if action.__class__ is kind:
                return action
    return None


def _turn_kong(actions: Sequence[Action], hand: _Hand) -> Action | None:
    """The turn's 暗杠 / 补杠 that leaves the hand nearest ready, if it is no farther from ready
    than now (the first listed among equals); ``None`` if there is none."""
    now = hand.distance()
    best: tuple[int, int] | None = None
    kong: Action | None = None
    for i, action in enumerate(actions):
        if not isinstance(action, Gang):
            continue
        if action.kind is MeldKind.AN_GANG:
            after = hand.without(action.tile, 4 - len(action.wild_tiles), action.wild_tiles)
        else:  # 补杠: one tile, natural or wildcard, joins the peng
            after = hand.without(action.tile, 0 if action.wild_tiles else 1, action.wild_tiles)
        key = (after.distance(), i)
        if key[0] <= now and (best is None or key < best):
            best, kong = key, action
    return kong
