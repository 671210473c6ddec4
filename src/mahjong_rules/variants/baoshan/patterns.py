"""保山麻将 (Bǎoshān) scoring patterns (胡牌牌型, húpái páixíng): those of the
rule text of 保山麻将 (:ref:`rule-texts`), rules ``BS-PAT-*``.

One small :class:`~mahjong_rules.scoring.Pattern` class per pattern; :func:`baoshan_patterns`
lists the ones a room's options turn on, and :func:`score_baoshan` scores a win with them
(SCORE-1..3, BS-PAY-3).

How 平胡 (pínghú) works here: :class:`PingHu` applies to every win, and every other Baoshan
pattern lists ``"ping_hu"`` in its ``replaces``, so 平胡 stays in the breakdown exactly when no
other pattern applies (a plain win shows ``平胡 0``). This holds for any caller of
:func:`~mahjong_rules.scoring.best_breakdown` given :func:`baoshan_patterns`, not only for
:func:`score_baoshan`.

A win by 十老头 (shílǎotóu, BS-WIN-3) is not a complete hand: :func:`score_baoshan` scores it
on its context alone (no reading), so only 十老头 and 来门报听 can join it.

>>> from mahjong_rules.counts import TileCounts
>>> from mahjong_rules.scoring import WinContext, WinKind
>>> from mahjong_rules.tiles import Tile
>>> from mahjong_rules.variants.baoshan.options import BaoshanOptions
>>> ctx = WinContext(
...     concealed=TileCounts("11122233344455m"), winning_tile=Tile("5m"), how=WinKind.SELF_DRAW
... )
>>> result = score_baoshan(ctx, BaoshanOptions())
>>> [(item.name_zh, item.fan) for item in result.items], result.fan, result.points
([('门清', 1), ('大对子', 1), ('清一色', 1)], 3, 8)
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from mahjong_rules.melds import MeldKind
from mahjong_rules.scoring import (
    Breakdown,
    Pattern,
    PingHu,
    ReplacesPingHu,
    ScoreItem,
    WinContext,
    WinKind,
    best_breakdown,
    fan_to_points,
)
from mahjong_rules.scoring.shapes import all_pungs, one_suit
from mahjong_rules.tiles import Suit
from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.baoshan.play_patterns import (
    GangShangHua,
    GangShangPao,
    LaiMenBaoTing,
    QiangGangHu,
    SanGangShangHua,
    ShuangGangShangHua,
)
from mahjong_rules.wins.types import Decomposition, GroupKind, WinForm

__all__ = [
    "BianJueZhang",
    "DaDuiZi",
    "GangShangHua",
    "GangShangPao",
    "KaJueZhang",
    "LaiMenBaoTing",
    "LongZhuaBei",
    "MenQing",
    "PingHu",
    "QiangGangHu",
    "QingYiSe",
    "QuanQiuRen",
    "SanGangShangHua",
    "ShiLaoTou",
    "ShuangGangShangHua",
    "SiGuiYi",
    "XiaoQiDui",
    "YiTiaoLong",
    "ZiYiSe",
    "baoshan_patterns",
    "score_baoshan",
]

_ON_A_DISCARD = (WinKind.DISCARD, WinKind.ROB_KONG)
"""Wins settled as on a discard: 抢杠胡 counts as 点炮 (BS-GANG-6)."""


def _seven_pair_tiles(reading: Decomposition | None) -> list[int] | None:
    """Tile indexes of the pairs of a seven-pairs reading; ``None`` for any other reading."""
    if reading is None or reading.form is not WinForm.SEVEN_PAIRS:
        return None
    return [group.tile.index for group in reading.groups]


def _chow_starts(reading: Decomposition | None) -> list[tuple[Suit, int]]:
    """``(suit, rank)`` of the lowest tile of every chow in the reading."""
    if reading is None:
        return []
    return [(g.tile.suit, g.tile.rank) for g in reading.groups if g.kind is GroupKind.CHOW]


def _wins_in_chow_at(ctx: WinContext, positions: tuple[int, ...]) -> bool:
    """The winning tile sits in a chow of the reading at one of ``positions`` (0 = lowest)."""
    tile = ctx.winning_tile
    if ctx.reading is None or tile.suit is Suit.HONOR:
        return False
    for suit, low in _chow_starts(ctx.reading):
        if suit is tile.suit and tile.rank - low in positions:
            return True
    return False


class MenQing(ReplacesPingHu):
    """门清 (ménqīng), concealed hand — BS-PAT-门清: no peng, no exposed kong, self-drawn.

    A concealed kong (暗杠) is allowed. In 查大叫 (WinKind.CHA_JIAO) a concealed ready hand
    counts it without a self-draw (BS-CHAJIAO-2).
    """

    key = "men_qing"
    name_zh = "门清"
    pinyin = "ménqīng"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        won_right = ctx.how in (WinKind.SELF_DRAW, WinKind.CHA_JIAO)
        return ctx.reading is not None and won_right and ctx.is_concealed_hand


class DaDuiZi(ReplacesPingHu):
    """大对子 (dàduìzi), all pungs — BS-PAT-大对子: four pungs or kongs plus the pair.

    Declared melds are always pengs or kongs; the reading must have no chow.
    """

    key = "da_dui_zi"
    name_zh = "大对子"
    pinyin = "dàduìzi"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return all_pungs(ctx)


class QingYiSe(ReplacesPingHu):
    """清一色 (qīngyīsè), one suit — BS-PAT-清一色: every tile of one of 万, 筒, 条; no honors."""

    key = "qing_yi_se"
    name_zh = "清一色"
    pinyin = "qīngyīsè"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return one_suit(ctx)


class ZiYiSe(ReplacesPingHu):
    """字一色 (zìyīsè), all honors — BS-PAT-字一色: every tile an honor (option 有风)."""

    key = "zi_yi_se"
    name_zh = "字一色"
    pinyin = "zìyīsè"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return ctx.reading is not None and ctx.all_tiles.suits() == {Suit.HONOR}


class XiaoQiDui(ReplacesPingHu):
    """小七对 (xiǎoqīduì), seven pairs — BS-PAT-小七对: seven pairs, no four of a kind.

    Seven pairs holding four of a kind are 龙爪背 instead (BS-PAT-龙爪背 Reading).
    """

    key = "xiao_qi_dui"
    name_zh = "小七对"
    pinyin = "xiǎoqīduì"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        pairs = _seven_pair_tiles(ctx.reading)
        return pairs is not None and len(set(pairs)) == len(pairs)


class LongZhuaBei(ReplacesPingHu):
    """龙爪背 (lóngzhuǎbèi), dragon's claw — BS-PAT-龙爪背: five pairs plus four of a kind.

    A seven-pairs reading in which two pairs are the same tile (Reading: two such fours still
    count it once). It is not also 小七对.
    """

    key = "long_zhua_bei"
    name_zh = "龙爪背"
    pinyin = "lóngzhuǎbèi"
    default_fan = 3
    replaces: ClassVar[tuple[str, ...]] = ("ping_hu", "xiao_qi_dui")

    def applies(self, ctx: WinContext) -> bool:
        pairs = _seven_pair_tiles(ctx.reading)
        return pairs is not None and len(set(pairs)) < len(pairs)


class ShiLaoTou(ReplacesPingHu):
    """十老头 (shílǎotóu), ten honors — BS-PAT-十老头: won by ten honor discards (BS-WIN-3).

    Never in 查大叫: it needs a real win.
    """

    key = "shi_lao_tou"
    name_zh = "十老头"
    pinyin = "shílǎotóu"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return ctx.shi_lao_tou and ctx.how is not WinKind.CHA_JIAO


class BianJueZhang(ReplacesPingHu):
    """边绝张 (biānjuézhāng), last tile on an edge wait — BS-PAT-边绝张, BS-JUEZHANG-1.

    In the reading the winning tile is the 3 of a 123 chow or the 7 of a 789 chow (56 waiting
    7 is not an edge wait), and its other three copies form one peng on the table, anyone's,
    the winner's own included (not three discards).
    """

    key = "bian_jue_zhang"
    name_zh = "边绝张"
    pinyin = "biānjuézhāng"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        tile = ctx.winning_tile
        if tile not in ctx.pengs_on_table or tile.rank not in (3, 7):
            return False
        position = 2 if tile.rank == 3 else 0
        return _wins_in_chow_at(ctx, (position,))


class KaJueZhang(ReplacesPingHu):
    """卡绝张 (kǎjuézhāng), last tile on a closed wait — BS-PAT-卡绝张, BS-JUEZHANG-1.

    In the reading the winning tile is the middle of a chow (46 waiting 5), and its other three
    copies form one peng on the table, anyone's, the winner's own included (not three discards).
    """

    key = "ka_jue_zhang"
    name_zh = "卡绝张"
    pinyin = "kǎjuézhāng"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return ctx.winning_tile in ctx.pengs_on_table and _wins_in_chow_at(ctx, (1,))


class QuanQiuRen(ReplacesPingHu):
    """全求人 (quánqiúrén), all melds declared — BS-PAT-全求人: a single wait won on a discard.

    Four declared melds (暗杠 allowed), the concealed part only the pair the winning tile
    makes, won on a discard (robbing a kong counts as one). Never on a self-draw, never in
    查大叫.
    """

    key = "quan_qiu_ren"
    name_zh = "全求人"
    pinyin = "quánqiúrén"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        single = len(ctx.concealed) == 2 and ctx.concealed.count(ctx.winning_tile) == 2
        declared = len(ctx.melds) == 4
        return ctx.reading is not None and single and declared and ctx.how in _ON_A_DISCARD


class YiTiaoLong(ReplacesPingHu):
    """一条龙 (yītiáolóng), pure straight — BS-PAT-一条龙 (option): 123, 456, 789 of one suit."""

    key = "yi_tiao_long"
    name_zh = "一条龙"
    pinyin = "yītiáolóng"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        starts = set(_chow_starts(ctx.reading))
        return any(
            {(suit, 1), (suit, 4), (suit, 7)} <= starts for suit in (Suit.MAN, Suit.PIN, Suit.SOU)
        )


class SiGuiYi(ReplacesPingHu):
    """四归一 (sìguīyī), four to one — BS-PAT-四归一 (option): winning the fourth copy.

    The winner held the other three copies of the winning tile concealed. With
    ``with_peng=True`` (option ``si_gui_yi_with_peng``) the winner's own peng of it counts too.
    Four of a tile that is not the winning tile do not count (the rule text's example).
    """

    key = "si_gui_yi"
    name_zh = "四归一"
    pinyin = "sìguīyī"
    default_fan = 2

    def __init__(self, *, with_peng: bool = False) -> None:
        self.with_peng = with_peng

    def applies(self, ctx: WinContext) -> bool:
        tile = ctx.winning_tile
        if ctx.reading is None:
            return False
        if ctx.concealed.count(tile) == 4:
            return True
        return self.with_peng and any(
            meld.kind is MeldKind.PENG and meld.tile is tile for meld in ctx.melds
        )


def baoshan_patterns(options: BaoshanOptions) -> tuple[Pattern, ...]:
    """The patterns active in a room, in the fixed order of ``DEFAULT_FANS``.

    一条龙 only with ``yi_tiao_long``, 四归一 only with ``si_gui_yi``, 字一色 and 十老头 only with
    ``honors``, 来门报听 only with ``bao_ting``.
    """
    chosen: list[Pattern | None] = [
        PingHu(),
        MenQing(),
        DaDuiZi(),
        QingYiSe(),
        ZiYiSe() if options.honors else None,
        XiaoQiDui(),
        LongZhuaBei(),
        ShiLaoTou() if options.honors else None,
        BianJueZhang(),
        KaJueZhang(),
        QuanQiuRen(),
        YiTiaoLong() if options.yi_tiao_long else None,
        SiGuiYi(with_peng=options.si_gui_yi_with_peng) if options.si_gui_yi else None,
        LaiMenBaoTing() if options.bao_ting else None,
        GangShangHua(),
        ShuangGangShangHua(),
        SanGangShangHua(),
        GangShangPao(),
        QiangGangHu(),
    ]
    return tuple(pattern for pattern in chosen if pattern is not None)


def _score_without_reading(
    patterns: tuple[Pattern, ...], ctx: WinContext, options: BaoshanOptions
) -> Breakdown:
    """Score a win that is no complete hand (十老头) on its context alone."""
    fans = options.fans()
    applying = [pattern for pattern in patterns if pattern.applies(ctx)]
    replaced = {key for pattern in applying for key in pattern.replaces}
    items = tuple(
        ScoreItem(pattern.key, pattern.name_zh, fans[pattern.key])
        for pattern in applying
        if pattern.key not in replaced
    )
    fan = sum(item.fan for item in items)
    capped, points = fan_to_points(fan, scoring=options.scoring, cap=options.fan_cap)
    return Breakdown(items, fan, capped, points, None)


def score_baoshan(ctx: WinContext, options: BaoshanOptions) -> Breakdown | None:
    """The best breakdown of a Baoshan win (SCORE-3, BS-PAT-MAX), or ``None`` if not complete.

    The room's fans, scoring (doubling or linear) and fan cap apply (SCORE-1, SCORE-2,
    BS-PAY-3). A 十老头 win (``ctx.shi_lao_tou``, not in 查大叫) is scored without a reading.
    """
    patterns = baoshan_patterns(options)
    if ctx.shi_lao_tou and ctx.how is not WinKind.CHA_JIAO:
        return _score_without_reading(patterns, attrs.evolve(ctx, reading=None), options)
    return best_breakdown(
        patterns,
        ctx,
        fans=options.fans(),
        scoring=options.scoring,
        cap=options.fan_cap,
        honors=options.honors,
    )
