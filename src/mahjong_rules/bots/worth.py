"""What a hand is worth before play: how :class:`~mahjong_rules.bots.CountingBot` answers
定缺 (dìng quē), 换三张 (huàn sān zhāng) and 买点 (mǎidiǎn).

The shared advice of a phase (:func:`~mahjong_rules.engine.phase_advice.best_answer`) keeps
the hand *nearest* a win. The worth here weighs how far each hand the seat could build is and
what it would score under the room's scoring: for the tiles kept (``naturals``, and ``gone``
tiles parted with, each an unknown tile to come and a step to get it, as the shared advice
counts them), every *plan*

* 平胡 (pínghú): any winning shape, the 向听 (xiàngtīng, shanten) of the hand in at most two
  suits (:func:`~mahjong_rules.engine.phase_advice.hand_cost`, 七对 included), pattern score
  of 0 fan;
* 清一色 (qīngyīsè, SC-PAT-清一色) in one suit (of :data:`QYS_LEAST` tiles or more): that
  suit's tiles alone, every other tile parted with, :data:`QYS_EXTRA` steps more;
* 七对 (qīduì, SC-PAT-七对) and 碰碰胡 (pèngpènghú, SC-PAT-碰碰胡): pairs, and pungs with a
  pair, counted from the tiles kept alone (a tile parted with pairs nothing), :data:`QIDUI_EXTRA`
  and :data:`PUNG_EXTRA` steps more;

is worth its pattern score (``2 ** min(fan, cap)``, the room's fans: SCORE-2, SC-CAP-1) times
:data:`STEP` for each step from a win (a win is -1 steps), and the hand is worth its best
plan (:func:`hand_worth`). So a hand one step farther from 平胡 may be worth more for a 清一色
one step from ready. Only the seat's own tiles are read: never another hand or the wall.

* :func:`void_choice`: 定缺 (SC-VOID-1, SC-VOID-3): the suit whose loss leaves the hand worth
  most (ties: the one the shared advice gives up), setting aside its lowest tile. A 清一色
  plan in a suit is the same whichever other suit goes (every other tile is parted with), so
  it moves this choice only away from voiding that suit; what moves it in practice is pairs
  kept for 七对 or 碰碰胡 (2 seats in 12,000 of Sichuan's first deals);
* :func:`swap_choice`: 换三张 (SC-SWAP-1): the three tiles of one suit whose loss costs least
  worth, the hand still to give up a suit (SC-VOID-3) after the swap;
* :func:`buy_choice`: 买点 (BS-BUY-1): asked before the deal (BS-DEAL-1), when the seat holds no
  tile: each point bought adds to every payment it makes or receives (BS-PAY-2: 死点 adds it,
  活点 multiplies by it), so it pays exactly when the seat expects to receive more than it pays
  (``edge`` > 0): then the most the room lists, else none.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.phase_advice import hand_cost, tile_use
from mahjong_rules.engine.view import View
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.baoshan.buying import BuyPoints
from mahjong_rules.variants.sichuan.actions import SUITS, DeclareVoid, SwapTiles
from mahjong_rules.wins import shanten

__all__ = [
    "PUNG_EXTRA",
    "QIDUI_EXTRA",
    "QYS_EXTRA",
    "QYS_LEAST",
    "STEP",
    "buy_choice",
    "hand_worth",
    "swap_choice",
    "void_choice",
]

STEP = 0.5
"""What one more step from a win leaves of a plan's worth."""
QYS_LEAST = 6
"""The fewest tiles of a suit for which a 清一色 plan is weighed (fewer: never worth it)."""
QYS_EXTRA = 1
"""Steps a 清一色 plan counts beyond its 向听: a tile to come fits one suit of three."""
QIDUI_EXTRA = 3
"""Steps a 七对 plan counts beyond its 向听: a single is paired by three tiles at most, and
never by a 碰, and the tiles parted with count as singles, not steps: so 七对 (two fan, four
times 平胡) outweighs 平胡 only from four or five pairs."""
PUNG_EXTRA = 1
"""Steps a 碰碰胡 plan counts beyond its 向听 (the tiles parted with counted as singles, not
steps): it outweighs 平胡 only when nearer."""
_SUITS = 3
_LANES = (1 << 27) - 1
_FANS = {"ping_hu": 0, "qing_yi_se": 2, "qi_dui": 2, "peng_peng_hu": 1}
"""The fans read when a room names none (Sichuan's defaults)."""
_CAP = 3
_SUIT_OF = {suit: k for k, suit in enumerate(SUITS)}
_SWAP_SPREAD = 1
"""换三张: answers whose 平胡 cost is at most this many steps above the least are weighed."""


@functools.lru_cache(maxsize=1 << 12)
def _shanten(naturals: TileCounts, free: int) -> int:
    """向听 with ``free`` wildcards, 七对 included (4,096 kept: a seat's answers share suits)."""
    return shanten(naturals, free, seven_pairs=True, honors=False)


def _suit(naturals: TileCounts, k: int) -> TileCounts:
    """The tiles of suit ``k`` (0 万, 1 筒, 2 条) among ``naturals``."""
    return TileCounts.from_bits(naturals.bits & _LANES << 27 * k)


def _groups(naturals: TileCounts) -> tuple[int, int, int]:
    """Of the kinds held: pairs (a four is two), pungs, exact pairs."""
    pairs = pungs = twos = 0
    for tile in naturals.kinds():
        n = naturals.count(tile)
        pairs += n // 2
        pungs += n >= 3
        twos += n == 2
    return pairs, pungs, twos


def _pair_steps(naturals: TileCounts) -> int:
    """七对's 向听 of ``naturals`` and blanks (tiles to be parted with) to 13: six less the
    pairs held (a four is two: 龙七对)."""
    pairs, _, _ = _groups(naturals)
    return 6 - min(pairs, 7)


def _pung_steps(naturals: TileCounts) -> int:
    """碰碰胡's 向听 of ``naturals`` and blanks to 13: four pungs and a pair, a pung two
    steps, a pair one (one of them the pair of the win)."""
    _, pungs, twos = _groups(naturals)
    pungs = min(pungs, 4)
    return 8 - 2 * pungs - min(twos, 5 - pungs)


def _score(fans: Mapping[str, int], cap: int, key: str) -> float:
    return float(2 ** min(fans.get(key, _FANS[key]), cap))


def _room(rules: object) -> tuple[Mapping[str, int], int]:
    """The room's fans and cap (Sichuan's defaults where it names none)."""
    options = getattr(rules, "options", None)
    read = getattr(options, "fans", None)
    fans = read() if callable(read) else _FANS
    cap = getattr(options, "fan_cap", _CAP)
    return fans, cap if isinstance(cap, int) else _CAP


def _suits_held(naturals: TileCounts) -> list[int]:
    bits = naturals.bits
    return [k for k in range(_SUITS) if bits >> 27 * k & _LANES]


def hand_worth(
    naturals: TileCounts,
    gone: int,
    fans: Mapping[str, int] | None = None,
    cap: int = _CAP,
) -> tuple[float, float]:
    """The worth of building a hand from the suited ``naturals`` kept and ``gone`` tiles
    parted with (each an unknown tile to come and a step), at most two suits in the win
    (SC-VOID-3): its best plan's pattern score times :data:`STEP` per step from a win, and
    its 平胡 plan's alone (the module's docstring). ``fans`` and ``cap``: the room's
    (Sichuan's defaults when ``None``).

    Ten 筒 and three tiles to come: 平胡 three steps from a win (0 向听 with three free tiles,
    a step for each), 清一色 four (one more, :data:`QYS_EXTRA`) but at four times the score:

    >>> hand_worth(TileCounts("2344667789p"), 3) == (4 * STEP**5, STEP**4)
    True
    """
    fans = _FANS if fans is None else fans
    plain_steps = hand_cost(naturals, gone, 0, honors=False, max_suits=2) + gone
    plain = _score(fans, cap, "ping_hu") * STEP ** (plain_steps + 1)
    best = plain
    held = _suits_held(naturals)
    drops = [naturals]
    if len(held) > 2:  # one suit must go: each such hand, its tiles parted with
        drops = [naturals - _suit(naturals, k) for k in held]
    for kept in drops:
        pairs = _pair_steps(kept) + QIDUI_EXTRA
        best = max(best, _score(fans, cap, "qi_dui") * STEP ** (pairs + 1))
        pungs = _pung_steps(kept) + PUNG_EXTRA
        best = max(best, _score(fans, cap, "peng_peng_hu") * STEP ** (pungs + 1))
    for k in held:
        one = _suit(naturals, k)
        if one.size < QYS_LEAST:
            continue
        off = naturals.size - one.size + gone
        steps = _shanten(one, off) + off + QYS_EXTRA
        best = max(best, _score(fans, cap, "qing_yi_se") * STEP ** (steps + 1))
    return best, plain


def _kept(view: View, tiles: Sequence[Tile]) -> TileCounts:
    kept = view.concealed
    for tile in tiles:
        kept = kept.remove(tile)
    return kept


def void_choice(rules: object, view: View, advised: Action) -> Action:
    """定缺 (SC-VOID-1): of ``view.legal_actions`` (:class:`DeclareVoid`), the suit whose loss
    leaves the most :func:`hand_worth` (SC-VOID-3: no win holds it), then the most 平胡
    worth, then ``advised``'s suit; the first listed answer of that suit (its lowest tile set
    aside, as the shared advice does)."""
    fans, cap = _room(rules)
    firsts: dict[object, tuple[int, DeclareVoid]] = {}
    for i, action in enumerate(view.legal_actions):
        if isinstance(action, DeclareVoid) and action.suit not in firsts:
            firsts[action.suit] = (i, action)
    advised_suit = advised.suit if isinstance(advised, DeclareVoid) else None

    def rank(item: tuple[int, DeclareVoid]) -> tuple[float, float, bool, int]:
        i, action = item
        dropped = _suit(view.concealed, _SUIT_OF[action.suit])
        best, plain = hand_worth(view.concealed - dropped, dropped.size, fans, cap)
        return -best, -plain, action.suit is not advised_suit, i

    if not firsts:
        return advised
    return min(firsts.values(), key=rank)[1]


def swap_choice(rules: object, view: View, advised: Action) -> Action:
    """换三张 (SC-SWAP-1): of ``view.legal_actions`` (:class:`SwapTiles`), the three whose loss
    leaves the most :func:`hand_worth` (three unknown tiles to come; a suit still to give up
    after, SC-VOID-3), then the most 平胡 worth, then the kept tiles' use (more pairs and
    neighbours), then ``advised``. Only the answers whose 平胡 cost is within one step of the
    least are weighed (the others are far behind, and this keeps the choice quick)."""
    fans, cap = _room(rules)
    options: list[tuple[int, TileCounts]] = []
    costs: dict[TileCounts, int] = {}
    for i, action in enumerate(view.legal_actions):
        if not isinstance(action, SwapTiles):
            continue
        kept = _kept(view, action.tiles)
        if kept not in costs:
            costs[kept] = hand_cost(kept, 3, 0, honors=False, max_suits=2)
        options.append((i, kept))
    if not options:
        return advised
    least = min(costs.values())
    worths: dict[TileCounts, tuple[float, float]] = {}
    for _, kept in options:
        if costs[kept] <= least + _SWAP_SPREAD and kept not in worths:
            worths[kept] = hand_worth(kept, 3, fans, cap)
    actions = view.legal_actions

    def rank(item: tuple[int, TileCounts]) -> tuple[float, float, int, bool, int]:
        i, kept = item
        best, plain = worths[kept]
        return -best, -plain, -tile_use(kept), actions[i] != advised, i

    return actions[min((o for o in options if o[1] in worths), key=rank)[0]]


def buy_choice(view: View, edge: float) -> Action:
    """买点 (BS-BUY-1): the most points ``view.legal_actions`` lists when ``edge`` (the net
    share of payments the seat expects to receive rather than make, per hand) is above 0,
    else the fewest. Each point adds to every payment the seat makes or receives (BS-PAY-2:
    死点 adds it, 活点 multiplies the pattern score by one more), so its worth is the point
    times that net share; the hand is not dealt yet (BS-DEAL-1), so nothing else is known."""
    buys = [a for a in view.legal_actions if isinstance(a, BuyPoints)]
    if not buys:
        return view.legal_actions[0]
    pick = max if edge > 0 else min
    return pick(buys, key=lambda a: a.points)
