"""保山麻将 (Bǎoshān) patterns of how a win came (BS-PAT-来门报听, the 杠上花 family, 杠上炮,
抢杠胡): they look at the win's context, not at the reading of the hand. Re-exported by
:mod:`mahjong_rules.variants.baoshan.patterns`, which scores them with the others."""

from __future__ import annotations

from mahjong_rules.scoring import ReplacesPingHu, WinContext, WinKind

__all__ = [
    "GangShangHua",
    "GangShangPao",
    "LaiMenBaoTing",
    "QiangGangHu",
    "SanGangShangHua",
    "ShuangGangShangHua",
]


class LaiMenBaoTing(ReplacesPingHu):
    """来门报听 (láiménbàotīng), declared ready — BS-PAT-来门报听 (option; BS-TING-1..3).

    Counts in 查大叫 too for a seat that declared.
    """

    key = "lai_men_bao_ting"
    name_zh = "来门报听"
    pinyin = "láiménbàotīng"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return ctx.declared_ting


class GangShangHua(ReplacesPingHu):
    """杠上花 (gàngshànghuā), flower on the kong — BS-PAT-杠上花: self-draw after one kong.

    The 杠上花 family replace each other (by ``kong_chain``: 1, 2, 3 or more); never in 查大叫.
    """

    key = "gang_shang_hua"
    name_zh = "杠上花"
    pinyin = "gàngshànghuā"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.SELF_DRAW and ctx.kong_chain == 1


class ShuangGangShangHua(ReplacesPingHu):
    """双杠杠上花 (shuānggàng gàngshànghuā), two kongs in a row then a self-draw — BS-PAT-杠上花."""

    key = "shuang_gang_shang_hua"
    name_zh = "双杠杠上花"
    pinyin = "shuānggàng gàngshànghuā"
    default_fan = 2

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.SELF_DRAW and ctx.kong_chain == 2


class SanGangShangHua(ReplacesPingHu):
    """三杠杠上花 (sāngàng gàngshànghuā), three kongs in a row then a self-draw — BS-PAT-杠上花.

    Three or more kongs in a row.
    """

    key = "san_gang_shang_hua"
    name_zh = "三杠杠上花"
    pinyin = "sāngàng gàngshànghuā"
    default_fan = 3

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.SELF_DRAW and ctx.kong_chain >= 3


class GangShangPao(ReplacesPingHu):
    """杠上炮 (gàngshàngpào), cannon on the kong — BS-PAT-杠上炮: won on a konger's discard.

    The discard is the konger's first after a kong of any kind (its payments are cancelled,
    BS-GANG-5). Never in 查大叫.
    """

    key = "gang_shang_pao"
    name_zh = "杠上炮"
    pinyin = "gàngshàngpào"
    default_fan = 1

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.DISCARD and ctx.after_kong


class QiangGangHu(ReplacesPingHu):
    """抢杠胡 (qiǎnggànghú), robbing the kong — BS-PAT-抢杠胡: winning on a 补杠's tile.

    Only a 补杠 can be robbed; it settles as a win on a discard (BS-GANG-6). Never in 查大叫.
    """

    key = "qiang_gang_hu"
    name_zh = "抢杠胡"
    pinyin = "qiǎnggànghú"
    default_fan = 0

    def applies(self, ctx: WinContext) -> bool:
        return ctx.how is WinKind.ROB_KONG
