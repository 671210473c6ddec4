"""永善麻将 (Yǒngshàn) scoring patterns (胡牌牌型, húpái páixíng): those of the
rule text of 永善麻将 (:ref:`rule-texts`), rules ``YS-PAT-*``.

One small :class:`~mahjong_rules.scoring.Pattern` class per pattern; :func:`yongshan_patterns`
lists the ones a room's options turn on, and :func:`score_yongshan` scores a win with them
(SCORE-1..3, YS-PAT-MAX, YS-CAP-1).

The reading scored is one decomposition of the concealed part with its wildcard assignment;
"as read" below means the natural tiles plus what the wildcards stand for in that reading.
Every reading is tried and the best kept, so a wildcard goes where it scores most (归, 本金).

How 平胡 (pínghú) works here, as in Baoshan: :class:`PingHu` applies to every win, and every
other pattern lists ``"ping_hu"`` in its ``replaces``, so 平胡 stays in the breakdown exactly
when no other pattern applies. 归, 杠 and 本金 are counted patterns (:meth:`Pattern.count`):
their line shows the fan times the count.

The 缺一门 rule (YS-WIN-1) is the rules' job, not scoring's; :func:`lacks_a_suit` is the check.

>>> from mahjong_rules.counts import TileCounts, TileSet
>>> from mahjong_rules.scoring import WinContext, WinKind
>>> from mahjong_rules.tiles import Tile
>>> from mahjong_rules.variants.yongshan.options import YongshanOptions
>>> ctx = WinContext(  # 本金 8筒, 双听用: 7筒 and 9筒 are wildcards; one 7筒 in hand
...     concealed=TileCounts("123456789m88p55p"), wilds=1, wild_kinds=TileSet("79p"),
...     indicator=Tile("8p"), winning_tile=Tile("5p"), how=WinKind.SELF_DRAW,
... )
>>> result = score_yongshan(ctx, YongshanOptions())
>>> [(item.name_zh, item.fan) for item in result.items], result.fan, result.points
([('本金', 1)], 1, 2)
>>> str(result.reading)
'123m 456m 789m 55p 888p wilds=8p'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mahjong_rules.counts import TileCounts
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import (
    Breakdown,
    Pattern,
    PingHu,
    ReplacesPingHu,
    WinContext,
    WinKind,
    best_breakdown,
)
from mahjong_rules.scoring.shapes import all_pungs, one_suit
from mahjong_rules.tiles import Suit
from mahjong_rules.variants.yongshan.best_reading import candidate_readings
from mahjong_rules.variants.yongshan.options import YongshanOptions
from mahjong_rules.wins import iter_decompositions
from mahjong_rules.wins.types import Decomposition, WinForm

__all__ = [
    "BenJin",
    "DiHu",
    "Gang",
    "GangShangHua",
    "GangShangPao",
    "Gui",
    "PengPengHu",
    "PingHu",
    "QiDui",
    "QiangGangHu",
    "QingYiSe",
    "TianHu",
    "WuTingYong",
    "ZiMo",
    "lacks_a_suit",
    "readings",
    "score_yongshan",
    "yongshan_patterns",
]

_SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)


def lacks_a_suit(naturals: TileCounts, melds: Iterable[Meld] = ()) -> bool:
    """缺一门 (quē yī mén): the hand lacks at least one of 万, 筒, 条 (YS-WIN-1).

    ``naturals`` are the natural concealed tiles; a meld counts by its tile. Wildcards (left out
    of ``naturals``, and a meld's ``wild_tiles``) do not count towards suits (YS-WILD-5).
    """
    suits = set(naturals.suits()) | {meld.tile.suit for meld in melds}
    return not all(suit in suits for suit in _SUITS)


def _meld_copies(meld: Meld) -> int:
    """Copies of its tile a meld holds as read (its wildcards stand for that tile)."""
    return meld.size


def _fits_melds(reading: Decomposition, melds: tuple[Meld, ...]) -> bool:
    """YS-WILD-6: as read, the concealed part plus the melds hold at most four of any tile."""
    tiles = reading.tiles
    return all(tiles.count(meld.tile) + _meld_copies(meld) <= 4 for meld in melds)


def readings(ctx: WinContext, *, lack_a_suit: bool = False) -> Iterator[Decomposition]:
    """Every reading of ``ctx``'s concealed part (no honors) that YS-WILD-6 allows; with
    ``lack_a_suit`` (YS-WILD-5) only those that, wildcards as read and melds included, hold at
    most two of 万 筒 条."""
    melds = ctx.melds
    for reading in iter_decompositions(ctx.concealed, ctx.wilds, honors=False):
        if _fits_melds(reading, melds) and (not lack_a_suit or lacks_a_suit(reading.tiles, melds)):
            yield reading


def _own_kong_count(ctx: WinContext) -> int:
    return sum(1 for meld in ctx.melds if meld.is_kong)


class PengPengHu(ReplacesPingHu):
    """碰碰胡 (pèngpènghú), all pungs — YS-PAT-碰碰胡: four pungs or kongs plus the pair.

    Standard form, no chow in the reading; declared melds are always pengs or kongs.
    """

    key = "peng_peng_hu"
    name_zh = "碰碰胡"
    pinyin = "pèngpènghú"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return all_pungs(ctx)


class QingYiSe(ReplacesPingHu):
    """清一色 (qīngyīsè), one suit — YS-PAT-清一色: every tile as read, melds included, one suit.

    Wildcards count as the tiles they stand for; a meld as its tile.
    """

    key = "qing_yi_se"
    name_zh = "清一色"
    pinyin = "qīngyīsè"
    default_fan = 2

    def applies(self, ctx: WinContext) -> bool:
        return one_suit(ctx)


class QiDui(ReplacesPingHu):
    """七对 (qīduì), seven pairs — YS-PAT-七对: the seven-pairs form (four of a kind is two pairs
    and one 归)."""

    key = "qi_dui"
    name_zh = "七对"
    pinyin = "qīduì"
    default_fan = 2

    def applies(self, ctx: WinContext) -> bool:
        return ctx.reading is not None and ctx.reading.form is WinForm.SEVEN_PAIRS


class GangShangHua(ReplacesPingHu):
    """杠上花 (gàngshànghuā), flower on the kong — YS-PAT-杠上花: self-draw on a kong's replacement.

    ``kong_chain`` >= 1; a 提 between replacement and win makes the engine pass 0.
    """

    key = "gang_shang_hua"
    name_zh = "杠上花"
    pinyin = "gàngshànghuā"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.SELF_DRAW and ctx.kong_chain >= 1


class GangShangPao(ReplacesPingHu):
    """杠上炮 (gàngshàngpào), cannon on the kong — YS-PAT-杠上炮: won on a konger's next discard."""

    key = "gang_shang_pao"
    name_zh = "杠上炮"
    pinyin = "gàngshàngpào"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.DISCARD and ctx.after_kong


class QiangGangHu(ReplacesPingHu):
    """抢杠胡 (qiǎnggànghú), robbing the kong — YS-PAT-抢杠胡: won on a 补杠's natural tile.

    With 自摸加番 the 自摸 fan is added too (:class:`ZiMo`).
    """

    key = "qiang_gang_hu"
    name_zh = "抢杠胡"
    pinyin = "qiǎnggànghú"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.ROB_KONG


class TianHu(ReplacesPingHu):
    """天胡 (tiānhú), heavenly win — YS-PAT-天胡: the dealer wins on his dealt 14."""

    key = "tian_hu"
    name_zh = "天胡"
    pinyin = "tiānhú"
    default_fan = 3

    def applies(self, ctx: WinContext) -> bool:
        dealer = ctx.seat == ctx.dealer
        return ctx.how is WinKind.SELF_DRAW and ctx.first_turn and dealer


class DiHu(ReplacesPingHu):
    """地胡 (dìhú), earthly win — YS-PAT-地胡: won on the dealer's first discard."""

    key = "di_hu"
    name_zh = "地胡"
    pinyin = "dìhú"
    default_fan = 2

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.DISCARD and ctx.first_turn and ctx.seat != ctx.dealer


class Gui(ReplacesPingHu):
    """归 (guī), four of a kind — YS-PAT-归: +1 fan per tile with all four copies held.

    Counted across the concealed hand as read (a wildcard counts only where the reading uses
    it as that tile) and the winner's own pengs (3 copies each, their wildcards included); a
    kong's tile never counts (杠 scores it). Seven pairs: two pairs of one tile are one 归.
    """

    key = "gui"
    name_zh = "归"
    pinyin = "guī"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return self.count(ctx) > 0

    def count(self, ctx: WinContext) -> int:
        if ctx.reading is None:
            return 0
        held = ctx.reading.tiles
        for meld in ctx.melds:
            if meld.kind is MeldKind.PENG:
                held = held.add(meld.tile, 3)
        return sum(1 for tile in held.kinds() if held.count(tile) >= 4)


class Gang(ReplacesPingHu):
    """杠 (gàng), kong — YS-PAT-杠: +1 fan per own kong of any kind, besides 归."""

    key = "gang"
    name_zh = "杠"
    pinyin = "gàng"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return self.count(ctx) > 0

    def count(self, ctx: WinContext) -> int:
        return _own_kong_count(ctx) if ctx.reading is not None else 0


class BenJin(ReplacesPingHu):
    """本金 (běnjīn), the turned-up tile — YS-PAT-本金: 3 in the concealed hand +1, 4 → +2.

    Counted as read (wildcards only where the reading uses them as the 本金 tile). Seven pairs:
    2 → +1, 4 → +2. The two levels do not add up: the count is 0, 1 or 2.
    """

    key = "ben_jin"
    name_zh = "本金"
    pinyin = "běnjīn"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return self.count(ctx) > 0

    def count(self, ctx: WinContext) -> int:
        if ctx.reading is None or ctx.indicator is None:
            return 0
        held = ctx.reading.tiles.count(ctx.indicator)
        if held >= 4:
            return 2
        low = 2 if ctx.reading.form is WinForm.SEVEN_PAIRS else 3
        return 1 if held >= low else 0


class WuTingYong(ReplacesPingHu):
    """无听用 (wú tīngyòng), no wildcard — YS-PAT-无听用: no wildcard tile in the winning hand.

    None in the concealed part (``wilds``), none inside a meld, and no natural tile of a wild
    kind anywhere: a wildcard used as itself still counts as one.
    """

    key = "wu_ting_yong"
    name_zh = "无听用"
    pinyin = "wú tīngyòng"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        if ctx.reading is None or ctx.wilds:
            return False
        if any(meld.wild_tiles or meld.tile in ctx.wild_kinds for meld in ctx.melds):
            return False
        return not any(tile in ctx.wild_kinds for tile in ctx.concealed.kinds())


class ZiMo(ReplacesPingHu):
    """自摸 (zìmō), self-draw — YS-PAT-自摸: +1 with the room option 自摸加番.

    抢杠胡 adds it too (YS-PAT-抢杠胡).
    """

    key = "zi_mo"
    name_zh = "自摸"
    pinyin = "zìmō"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return ctx.reading is not None and ctx.how in (WinKind.SELF_DRAW, WinKind.ROB_KONG)


def yongshan_patterns(options: YongshanOptions) -> tuple[Pattern, ...]:
    """The patterns active in a room, in the order of ``DEFAULT_FANS``; 自摸 only with
    ``zi_mo_jia_fan``."""
    chosen: list[Pattern | None] = [
        PingHu(),
        PengPengHu(),
        QingYiSe(),
        QiDui(),
        GangShangHua(),
        GangShangPao(),
        QiangGangHu(),
        TianHu(),
        DiHu(),
        Gui(),
        Gang(),
        BenJin(),
        WuTingYong(),
        ZiMo() if options.zi_mo_jia_fan else None,
    ]
    return tuple(pattern for pattern in chosen if pattern is not None)


def score_yongshan(ctx: WinContext, options: YongshanOptions) -> Breakdown | None:
    """The best breakdown of a Yongshan win (SCORE-3, YS-PAT-MAX), or ``None`` if not complete.

    Every reading of ``(ctx.concealed, ctx.wilds)`` without honors that YS-WILD-6 allows is
    scored with the room's fans, scoring and fan cap (SCORE-1, SCORE-2, YS-CAP-1); the reported
    ``reading.wilds`` says what each wildcard stood for. 缺一门 of the natural tiles is the rules'
    check; with ``wild_reading="lack_a_suit"`` (default, YS-WILD-5) the reading scored must
    itself lack a suit, the wildcards counted as what they stand for.
    """
    fans = options.fans()
    lacking = options.wild_reading == "lack_a_suit"  # YS-WILD-5
    if ctx.wilds >= _FEW_WILDS:
        # thousands of readings: score only the few among which one is best (best_reading.py)
        found: Iterable[Decomposition] = candidate_readings(
            ctx.concealed,
            ctx.wilds,
            ctx.melds,
            ctx.indicator,
            fans["gui"],
            fans["ben_jin"],
            lack_a_suit=lacking,
        )
    else:
        found = readings(ctx, lack_a_suit=lacking)
    return best_breakdown(
        yongshan_patterns(options),
        ctx,
        fans=fans,
        scoring=options.scoring,
        cap=options.fan_cap,
        readings=found,
        honors=False,
    )


_FEW_WILDS = 2
"""From this many wildcards on, :func:`score_yongshan` scores the candidate readings of
:mod:`~mahjong_rules.variants.yongshan.best_reading` instead of every reading."""
