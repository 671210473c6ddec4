"""How a 红中麻将 win is scored: 平胡 or 七对, doubled when it holds no 红中 (无红中); 四红中
wins whatever the rest of the hand. The breakdown's points (1, or 2 for 无红中) times 2 are the
base each payer pays."""

from __future__ import annotations

from mahjong_rules.scoring import (
    Breakdown,
    Pattern,
    PingHu,
    ReplacesPingHu,
    ScoreItem,
    WinContext,
    best_breakdown,
)
from mahjong_rules.wins.types import WinForm

__all__ = ["FANS", "PATTERNS", "QiDui", "SiHongZhong", "WuHongZhong", "score"]


class QiDui(ReplacesPingHu):
    """七对 (qīduì): seven pairs, 红中 standing for any tile."""

    key = "qi_dui"
    name_zh = "七对"
    pinyin = "qīduì"
    default_fan = 0

    def applies(self, ctx: WinContext) -> bool:
        return ctx.reading is not None and ctx.reading.form is WinForm.SEVEN_PAIRS


class WuHongZhong(Pattern):
    """无红中 (wú hóngzhōng): a win holding no 红中; doubles the base."""

    key = "wu_hong_zhong"
    name_zh = "无红中"
    pinyin = "wú hóngzhōng"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return ctx.wilds == 0


class SiHongZhong(ReplacesPingHu):
    """四红中 (sì hóngzhōng): all four 红中 held on one's own turn, a win at once."""

    key = "si_hong_zhong"
    name_zh = "四红中"
    pinyin = "sì hóngzhōng"
    default_fan = 0

    def applies(self, ctx: WinContext) -> bool:
        return ctx.wilds == 4


PATTERNS = (PingHu(), QiDui(), WuHongZhong(), SiHongZhong())
"""The patterns of the game."""
FANS = {pattern.key: pattern.default_fan for pattern in PATTERNS}
"""Their fan: only 无红中 has one (each fan doubles the points)."""


def score(ctx: WinContext) -> Breakdown | None:
    """The breakdown of a win, ``None`` for a hand that does not win.

    >>> from mahjong_rules.counts import TileCounts
    >>> from mahjong_rules.scoring import WinKind
    >>> from mahjong_rules.tiles import Tile
    >>> ctx = WinContext(concealed=TileCounts("123m456p789s111s55m"), winning_tile=Tile("5m"),
    ...                  how=WinKind.SELF_DRAW)
    >>> [item.key for item in score(ctx).items], score(ctx).points
    (['ping_hu', 'wu_hong_zhong'], 2)
    """
    if ctx.wilds == 4:  # 四红中: whatever the other tiles are
        item = ScoreItem(SiHongZhong.key, SiHongZhong.name_zh, 0)
        return Breakdown((item,), 0, 0, 1)
    return best_breakdown(PATTERNS, ctx, fans=FANS, honors=False)
