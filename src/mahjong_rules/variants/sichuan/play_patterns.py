"""四川血战到底 (Sìchuān xuèzhàn dàodǐ) patterns of the win's moment (杠上花, 杠上炮, 抢杠胡, 海底),
the first-turn wins (天胡, 地胡) and 自摸加番, with what they share with the shape patterns: the
context with the wall's last tile (:class:`SichuanContext`), the base class
(:class:`SichuanPattern`) and the compatibility table (:data:`EXCLUDES`, SC-PAT-COMPAT).
Re-exported by :mod:`mahjong_rules.variants.sichuan.patterns`, which scores them with the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from mahjong_rules.scoring import ReplacesPingHu, WinContext, WinKind

__all__ = [
    "EXCLUDES",
    "DiHu",
    "GangShangHua",
    "GangShangPao",
    "HaiDi",
    "QiangGangHu",
    "SichuanContext",
    "SichuanPattern",
    "TianHu",
    "ZiMo",
]


@attrs.frozen(kw_only=True)
class SichuanContext(WinContext):
    """A :class:`~mahjong_rules.scoring.WinContext` that also says whether the wall's last tile
    had been taken (海底, SC-PAT-海底)."""

    last_tile: bool = False
    """The win came after the last tile was taken: its self-draw (海底捞月, also as a kong's
    replacement) or a win on a discard made after it (海底炮, a peng chain included)."""
    dealt: bool = False
    """A win on the dealer's dealt 14, in his first turn before any kong: no single tile
    completed it (scored with :func:`~mahjong_rules.variants.sichuan.patterns.score_dealt_win`)."""


def _last_tile(ctx: WinContext) -> bool:
    """Whether ``ctx`` is a :class:`SichuanContext` won after the wall's last tile."""
    return isinstance(ctx, SichuanContext) and ctx.last_tile


_EXCLUDED_PAIRS = (
    ("qi_dui", "gang"),
    ("qi_dui", "peng_peng_hu"),
    ("qi_dui", "jin_gou_diao"),
    ("qi_dui", "gang_shang_hua"),
    ("qi_dui", "qiang_gang_hu"),
    ("gen", "peng_peng_hu"),
    ("gen", "jin_gou_diao"),
    ("qiang_gang_hu", "peng_peng_hu"),
    ("qiang_gang_hu", "jin_gou_diao"),
    ("qiang_gang_hu", "gang_shang_hua"),
    ("qiang_gang_hu", "gang_shang_pao"),
    ("qiang_gang_hu", "hai_di"),
    ("gang_shang_hua", "gang_shang_pao"),
)


def _excludes() -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for a, b in _EXCLUDED_PAIRS:
        found.setdefault(a, set()).add(b)
        found.setdefault(b, set()).add(a)
    return {key: frozenset(others) for key, others in found.items()}


EXCLUDES: Mapping[str, frozenset[str]] = _excludes()
"""SC-PAT-COMPAT (PDF Table 9): the keys of the patterns each pattern cannot stand beside (the
relation is symmetric); every pair not listed combines."""


class SichuanPattern(ReplacesPingHu):
    """Base of Sichuan's patterns other than 平胡. ``situational`` patterns (the win's moment,
    not the hand's shape) join a breakdown only beside no fan they exclude (SC-PAT-COMPAT);
    ``limit`` patterns (天胡, 地胡) score the room's cap."""

    situational: ClassVar[bool] = False
    """A fan of the win's moment (杠上花 杠上炮 抢杠胡 海底), added after the shape's fans."""
    limit: ClassVar[bool] = False
    """Scores the room's fan cap whatever the hand (天胡, 地胡)."""


class GangShangHua(SichuanPattern):
    """杠上花 (gàngshànghuā), flower on the kong — SC-PAT-杠上花: self-draw on a kong's replacement
    tile, after a kong of any kind (直杠 included): 1 fan, however many kongs in a row."""

    key = "gang_shang_hua"
    name_zh = "杠上花"
    pinyin = "gàngshànghuā"
    default_fan = 1
    situational = True

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.SELF_DRAW and ctx.kong_chain >= 1


class GangShangPao(SichuanPattern):
    """杠上炮 (gàngshàngpào), cannon on the kong — SC-PAT-杠上炮: won on a discard made in a turn in
    which the discarder drew a replacement: 1 fan (and SC-REFUND-2, the rules' part).

    After the wall's last tile only 海底 scores, unless ``with_hai_di``
    (``last_tile_gang_shang_pao="both"``).
    """

    key = "gang_shang_pao"
    name_zh = "杠上炮"
    pinyin = "gàngshàngpào"
    default_fan = 1
    situational = True

    def __init__(self, *, with_hai_di: bool = False) -> None:
        self.with_hai_di = with_hai_di

    def applies(self, ctx: WinContext) -> bool:
        if ctx.how is not WinKind.DISCARD or not ctx.after_kong:
            return False
        return self.with_hai_di or not _last_tile(ctx)


class QiangGangHu(SichuanPattern):
    """抢杠胡 (qiǎnggànghú), robbing the kong — SC-PAT-抢杠胡: won on the tile another seat adds to
    its peng (补杠): 1 fan; not beside 碰碰胡, 金钩钓 or 七对 (SC-PAT-COMPAT)."""

    key = "qiang_gang_hu"
    name_zh = "抢杠胡"
    pinyin = "qiǎnggànghú"
    default_fan = 1
    situational = True

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.ROB_KONG


class HaiDi(SichuanPattern):
    """海底 (hǎidǐ), under the sea — SC-PAT-海底: self-draw of the wall's last tile (海底捞月, also
    as a replacement: then 杠上花 + 海底) or a win on a discard made after it (海底炮): 1 fan.

    Reads :attr:`SichuanContext.last_tile`; a plain :class:`~mahjong_rules.scoring.WinContext`
    never scores it.
    """

    key = "hai_di"
    name_zh = "海底"
    pinyin = "hǎidǐ"
    default_fan = 1
    situational = True

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how in (WinKind.SELF_DRAW, WinKind.DISCARD) and _last_tile(ctx)


class TianHu(SichuanPattern):
    """天胡 (tiānhú), heavenly win — SC-PAT-天胡: the dealer wins in his first turn (also after
    concealed kongs in it): the room's cap whatever the hand. ``first_turn`` says the rules found
    the conditions met (void declared without a tile)."""

    key = "tian_hu"
    name_zh = "天胡"
    pinyin = "tiānhú"
    default_fan = 0
    limit = True

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.SELF_DRAW and ctx.first_turn and ctx.seat == ctx.dealer


class DiHu(SichuanPattern):
    """地胡 (dìhú), earthly win — SC-PAT-地胡: a non-dealer's self-draw on the ordinary draw of its
    first turn: the room's cap whatever the hand. On a replacement it is 杠上花 instead, and after
    the last tile 海底 (dcmshi's order). ``first_turn`` says the rules found the conditions met
    (void declared without a tile, nobody has claimed a peng or gang)."""

    key = "di_hu"
    name_zh = "地胡"
    pinyin = "dìhú"
    default_fan = 0
    limit = True

    def applies(self, ctx: WinContext) -> bool:
        if ctx.how is not WinKind.SELF_DRAW or not ctx.first_turn or ctx.seat == ctx.dealer:
            return False
        return ctx.kong_chain == 0 and not _last_tile(ctx)


class ZiMo(SichuanPattern):
    """自摸 (zìmō), self-draw — SC-PAY-1 自摸加番: 1 fan within the cap for a self-draw, only with
    ``zi_mo="jia_fan"`` (by default, 自摸加底, the point is added to the payment instead)."""

    key = "zi_mo"
    name_zh = "自摸"
    pinyin = "zìmō"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.SELF_DRAW
