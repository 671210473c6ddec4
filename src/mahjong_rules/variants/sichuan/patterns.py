"""四川血战到底 (Sìchuān xuèzhàn dàodǐ) scoring patterns (番种, fānzhǒng): PDF Table 4 as
SICHUAN.md gives it, rules ``SC-PAT-*`` and SC-CAP-1.

One small :class:`~mahjong_rules.scoring.Pattern` class per pattern; :func:`sichuan_patterns`
lists those a room's options turn on and :func:`score_sichuan` scores a win with them. How the
fans combine is Sichuan's own, so :func:`score_sichuan` does not use
:func:`~mahjong_rules.scoring.best_breakdown`:

* the patterns of the hand's shape (杠 根 碰碰胡 金钩钓 清一色 七对) all count;
* a situational fan (杠上花 杠上炮 抢杠胡 海底) is added only where it conflicts with no fan
  already there (SC-PAT-COMPAT,
  :data:`~mahjong_rules.variants.sichuan.play_patterns.EXCLUDES`): a robbed all-pungs hand is
  碰碰胡 alone;
* 天胡 and 地胡 score the room's cap whatever the hand (their line's fan is the cap), the hand's
  own fans still listed (those of the reading they score most on), no situational fan beside
  them;
* the best reading is the first with the highest capped pattern score, 七对 tried before the
  standard readings (SC-PAT-MAX, as dcmshi: among capped readings the reported lines may differ
  between engines, the totals never);
* pattern score ``2 ** min(fan, fan_cap)`` (SC-CAP-1); 平胡 (0 fan, 1 point) when nothing scores.

The context is a :class:`~mahjong_rules.scoring.WinContext`; 海底 needs to know the wall's last
tile was taken, which it does not say, so :class:`SichuanContext` adds ``last_tile``. 天胡 and 地胡
read ``first_turn``: the rules set it only when SC-PAT-天胡 / 地胡's conditions hold (declared void
without a tile, no claim yet for 地胡). The void suit (SC-VOID-3) is the rules' check before
scoring, as 缺一门 is Yongshan's. A :attr:`~mahjong_rules.scoring.WinKind.CHA_JIAO` context is
scored as 查叫 values it (SC-CHAJIAO-3): the shape's fans only, 杠 only with
``cha_jiao_gang_fan``.

>>> from mahjong_rules.counts import TileCounts
>>> from mahjong_rules.scoring import WinKind
>>> from mahjong_rules.tiles import Tile
>>> from mahjong_rules.variants.sichuan.options import SichuanOptions
>>> ctx = SichuanContext(
...     concealed=TileCounts("11122233355566m"), winning_tile=Tile("6m"), how=WinKind.DISCARD
... )
>>> result = score_sichuan(ctx, SichuanOptions())
>>> [(item.name_zh, item.fan) for item in result.items], result.fan, result.points
([('碰碰胡', 1), ('金钩钓', 1), ('清一色', 2)], 4, 8)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import attrs

from mahjong_rules.errors import InvalidHandError
from mahjong_rules.scoring import (
    Breakdown,
    Pattern,
    PingHu,
    ScoreItem,
    WinContext,
    WinKind,
    fan_to_points,
)
from mahjong_rules.scoring.shapes import all_pungs, one_suit
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.sichuan.options import SichuanOptions
from mahjong_rules.variants.sichuan.play_patterns import (
    EXCLUDES,
    DiHu,
    GangShangHua,
    GangShangPao,
    HaiDi,
    QiangGangHu,
    SichuanContext,
    SichuanPattern,
    TianHu,
    ZiMo,
)
from mahjong_rules.wins import iter_decompositions
from mahjong_rules.wins.types import Decomposition, WinForm

__all__ = [
    "EXCLUDES",
    "DiHu",
    "Gang",
    "GangShangHua",
    "GangShangPao",
    "Gen",
    "HaiDi",
    "JinGouDiao",
    "PengPengHu",
    "PingHu",
    "QiDui",
    "QiangGangHu",
    "QingYiSe",
    "SichuanContext",
    "SichuanPattern",
    "TianHu",
    "ZiMo",
    "dealt_win_tile",
    "plain_win",
    "score_dealt_win",
    "score_sichuan",
    "sichuan_patterns",
]


class Gang(SichuanPattern):
    """杠 (gàng), kong — SC-PAT-杠: 1 fan for each of the winner's kongs, of any kind, at most 4.

    查叫 (SC-CHAJIAO-3) counts none unless ``counted_at_cha_jiao`` (``cha_jiao_gang_fan``).
    """

    key = "gang"
    name_zh = "杠"
    pinyin = "gàng"
    default_fan = 1

    def __init__(self, *, counted_at_cha_jiao: bool = False) -> None:
        self.counted_at_cha_jiao = counted_at_cha_jiao

    def applies(self, ctx: WinContext) -> bool:
        return self.count(ctx) > 0

    def count(self, ctx: WinContext) -> int:
        if ctx.how is WinKind.CHA_JIAO and not self.counted_at_cha_jiao:
            return 0
        return min(4, sum(1 for meld in ctx.melds if meld.is_kong))


class Gen(SichuanPattern):
    """根 (gēn), root — SC-PAT-根: 1 fan for each kind whose four copies lie in two or more groups
    of the reading, at most 3.

    The pair and the melded pengs count as groups (44m + 345m + 456m is a 根); four in one kong
    score 杠 instead. In 七对 each four of a kind (two pairs) is one 根 (龙七对 is 七对 + 根).
    """

    key = "gen"
    name_zh = "根"
    pinyin = "gēn"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return self.count(ctx) > 0

    def count(self, ctx: WinContext) -> int:
        if ctx.reading is None:
            return 0
        held = ctx.reading.tiles
        kongs = set()
        for meld in ctx.melds:
            held = held.add(meld.tile, meld.naturals)
            if meld.is_kong:
                kongs.add(meld.tile)
        found = sum(1 for tile in held.kinds() if held.count(tile) == 4 and tile not in kongs)
        return min(3, found)


class PengPengHu(SichuanPattern):
    """碰碰胡 (pèngpènghú), all pungs — SC-PAT-碰碰胡: no chow in the reading (melds are pengs or
    kongs anyway): 1 fan."""

    key = "peng_peng_hu"
    name_zh = "碰碰胡"
    pinyin = "pèngpènghú"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return all_pungs(ctx)


class JinGouDiao(SichuanPattern):
    """金钩钓 (jīngōudiào), golden hook — SC-PAT-金钩钓: 碰碰胡 won on the pair's tile: 1 more fan.

    ``rule="pair_wait"`` (default, dcmshi): the sets may be anywhere; ``"four_melds"``: all four
    sets laid down as peng or gang, the one tile left in hand waiting for its pair.
    """

    key = "jin_gou_diao"
    name_zh = "金钩钓"
    pinyin = "jīngōudiào"
    default_fan = 1

    def __init__(self, *, rule: str = "pair_wait") -> None:
        self.rule = rule

    def applies(self, ctx: WinContext) -> bool:
        reading = ctx.reading
        if reading is None or not all_pungs(ctx):
            return False
        pair = reading.pair
        if pair is None or pair.tile != ctx.winning_tile:
            return False
        return self.rule == "pair_wait" or len(ctx.melds) == 4


class QingYiSe(SichuanPattern):
    """清一色 (qīngyīsè), full flush — SC-PAT-清一色: one suit only, melds included: 2 fan."""

    key = "qing_yi_se"
    name_zh = "清一色"
    pinyin = "qīngyīsè"
    default_fan = 2

    def applies(self, ctx: WinContext) -> bool:
        return one_suit(ctx)


class QiDui(SichuanPattern):
    """七对 (qīduì), seven pairs — SC-PAT-七对: the seven-pairs form, no melds (four of a kind is
    two pairs and a 根): 2 fan."""

    key = "qi_dui"
    name_zh = "七对"
    pinyin = "qīduì"
    default_fan = 2

    def applies(self, ctx: WinContext) -> bool:
        return ctx.reading is not None and ctx.reading.form is WinForm.SEVEN_PAIRS


def sichuan_patterns(options: SichuanOptions) -> tuple[Pattern, ...]:
    """The patterns of a room, in breakdown order; 天胡 / 地胡 only with ``tian_di_hu``, 自摸 only
    with ``zi_mo="jia_fan"``."""
    chosen: list[Pattern | None] = [
        PingHu(),
        Gang(counted_at_cha_jiao=options.cha_jiao_gang_fan),
        Gen(),
        PengPengHu(),
        JinGouDiao(rule=options.jin_gou_diao),
        QingYiSe(),
        QiDui(),
        GangShangHua(),
        GangShangPao(with_hai_di=options.last_tile_gang_shang_pao == "both"),
        QiangGangHu(),
        HaiDi(),
        TianHu() if options.tian_di_hu else None,
        DiHu() if options.tian_di_hu else None,
        ZiMo() if options.zi_mo == "jia_fan" else None,
    ]
    return tuple(pattern for pattern in chosen if pattern is not None)


def _score_reading(
    patterns: tuple[Pattern, ...], ctx: WinContext, fans: Mapping[str, int], cap: int
) -> list[ScoreItem]:
    items: dict[str, ScoreItem] = {}

    def add(pattern: Pattern, fan: int, count: int) -> None:
        items[pattern.key] = ScoreItem(pattern.key, pattern.name_zh, fan, count)

    shaped = [p for p in patterns if isinstance(p, SichuanPattern)]
    for pattern in shaped:
        if not (pattern.situational or pattern.limit):
            count = pattern.count(ctx)
            if count and not EXCLUDES.get(pattern.key, frozenset()) & items.keys():
                add(pattern, fans[pattern.key] * count, count)
    limits = [p for p in shaped if p.limit and p.applies(ctx)]
    for pattern in limits:
        add(pattern, cap, 1)
    for pattern in shaped if not limits else ():
        excluded = EXCLUDES.get(pattern.key, frozenset()) & items.keys()
        if pattern.situational and not excluded and pattern.applies(ctx):
            add(pattern, fans[pattern.key], 1)
    if not items:
        items["ping_hu"] = ScoreItem("ping_hu", PingHu.name_zh, fans["ping_hu"], 1)
    order = {pattern.key: i for i, pattern in enumerate(patterns)}
    return sorted(items.values(), key=lambda item: order[item.key])


_LIMITS = frozenset({TianHu.key, DiHu.key})


def _readings(ctx: WinContext) -> Iterator[Decomposition]:
    """Every reading, 七对 first (dcmshi's order, for SC-PAT-MAX's tie)."""
    if ctx.wilds or ctx.wild_kinds:
        raise InvalidHandError("a Sichuan hand has no wildcards (SC-TILES-1)")
    found = list(iter_decompositions(ctx.concealed, honors=False))
    found.sort(key=lambda reading: reading.form is not WinForm.SEVEN_PAIRS)
    yield from found


def score_sichuan(ctx: WinContext, options: SichuanOptions) -> Breakdown | None:
    """The best breakdown of a Sichuan win (SC-PAT-MAX), or ``None`` if the hand is not complete.

    Every reading of ``ctx.concealed`` (no honors, no wildcards: a hand with either raises
    :class:`~mahjong_rules.errors.InvalidHandError`) is scored with the room's fans (SCORE-2)
    and :data:`~mahjong_rules.variants.sichuan.play_patterns.EXCLUDES`; the first reading with
    the highest ``2 ** min(fan, fan_cap)`` is kept (SC-CAP-1). ``fan`` is the fan before the
    cap. The void suit (SC-VOID-3) is not checked here.
    """
    patterns = sichuan_patterns(options)
    fans = options.fans()
    cap = options.fan_cap
    best: Breakdown | None = None
    best_rank = 0
    for reading in _readings(ctx):
        items = _score_reading(patterns, attrs.evolve(ctx, reading=reading), fans, cap)
        fan = sum(item.fan for item in items)
        capped, points = fan_to_points(fan, cap=cap)
        # 天胡 / 地胡 score the cap on every reading: the hand's own fans choose the one shown
        rank = fan_to_points(fan - sum(i.fan for i in items if i.key in _LIMITS), cap=cap)[1]
        if best is None or rank > best_rank:
            best, best_rank = Breakdown(tuple(items), fan, capped, points, reading), rank
    return best


def plain_win(ctx: WinContext) -> WinContext:
    """``ctx`` as a plain win: no 杠上花, 杠上炮, 抢杠胡, 海底, 天胡 or 地胡, a robbed kong read as
    a discard — what SC-PASSHU-2's "structural" comparison scores (dcmshi's ``'normal'``)."""
    how = WinKind.DISCARD if ctx.how is WinKind.ROB_KONG else ctx.how
    plain = attrs.evolve(ctx, how=how, kong_chain=0, after_kong=False, first_turn=False)
    if isinstance(plain, SichuanContext):
        plain = attrs.evolve(plain, last_tile=False)
    return plain


def dealt_win_tile(ctx: WinContext, options: SichuanOptions) -> Tile:
    """The tile a win on the dealer's dealt tiles is scored and shown on, no single tile having
    completed it (it matters only to 金钩钓): a 天胡's is the highest kind in hand (SC-PAT-天胡,
    dcmshi's highest tile id); any other's, the first kind in tile order scoring the most (dcmshi
    tries each kind). ``ctx.winning_tile`` is ignored."""
    kinds = ctx.concealed.kinds()
    if options.tian_di_hu and TianHu().applies(ctx):
        return kinds[-1]
    chosen, best = ctx.winning_tile, 0
    for tile in kinds:
        found = score_sichuan(attrs.evolve(ctx, winning_tile=tile), options)
        if found is not None and found.points > best:
            chosen, best = tile, found.points
    return chosen


def score_dealt_win(ctx: WinContext, options: SichuanOptions) -> Breakdown | None:
    """A win on the dealer's dealt tiles, scored on :func:`dealt_win_tile` (``ctx.winning_tile``
    is ignored)."""
    return score_sichuan(attrs.evolve(ctx, winning_tile=dealt_win_tile(ctx, options)), options)
