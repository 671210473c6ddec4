"""保山麻将 (Bǎoshān) room options: every option and (default) of the rule text of 保山麻将
(:ref:`rule-texts`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from mahjong_rules.variants.options import Options, choice, fan_table, flag, optional_int

__all__ = ["DEFAULT_FANS", "BaoshanOptions"]

DEFAULT_FANS: Mapping[str, int] = {
    "ping_hu": 0,  # 平胡 (the rule text)
    "men_qing": 1,  # 门清 (the rule text)
    "da_dui_zi": 1,  # 大对子
    "qing_yi_se": 1,  # 清一色
    "zi_yi_se": 1,  # 字一色
    "xiao_qi_dui": 1,  # 小七对
    "long_zhua_bei": 3,  # 龙爪背 (the rule text)
    "shi_lao_tou": 1,  # 十老头
    "bian_jue_zhang": 1,  # 边绝张
    "ka_jue_zhang": 1,  # 卡绝张
    "quan_qiu_ren": 1,  # 全求人
    "yi_tiao_long": 1,  # 一条龙 (the rule text)
    "si_gui_yi": 2,  # 四归一 (the rule text)
    "lai_men_bao_ting": 1,  # 来门报听
    "gang_shang_hua": 1,  # 杠上花
    "shuang_gang_shang_hua": 2,  # 双杠杠上花 (the rule text)
    "san_gang_shang_hua": 3,  # 三杠杠上花 (the rule text)
    "gang_shang_pao": 1,  # 杠上炮
    "qiang_gang_hu": 0,  # 抢杠胡 ("只相当于点炮")
}


@attrs.frozen
class BaoshanOptions(Options):
    """Options of a Baoshan room. Build with ``get_variant("baoshan", **options)``."""

    default_fans: ClassVar[Mapping[str, int]] = DEFAULT_FANS
    """Each Baoshan pattern's default fan (番), by pattern key (the module's ``DEFAULT_FANS``)."""

    players: int = choice(4, (2, 3, 4), "BS-PLAYERS-1: 2, 3 or 4 players")
    honors: bool = flag(False, "BS-TILES-1 有风: add the 28 honor tiles (字一色, 十老头)")
    pian_gang: bool = flag(
        False, "BS-GANG-4 骗杠: 直杠/补杠 provider pays 2 and every other seat 1"
    )
    buy_points: str = choice(
        "none",
        ("none", "dead_1", "dead_2", "live"),
        "BS-BUY-1 买点: none; 死点 capped at 1 or 2 points; 活点 (points 0..2)",
    )
    cha_jiao: str = choice(
        "big", ("big", "one", "off"), "BS-CHAJIAO-1 查叫 at 流局: 查大叫, 查叫1分, or off"
    )
    kong_payments_on_draw: str = choice(
        "void",
        ("void", "stand"),
        "BS-GANG-7: with 查叫 on, kong payments of a 流局 hand are void (黄庄黄杠) or stand",
    )
    pass_hu: str = choice(
        "baoshan", ("baoshan", "yongshan"), "BS-PASSHU-1 过手胡: Baoshan's rule or Yongshan's"
    )
    forced_win_tiles: int | None = optional_int(
        None, 0, 136, "BS-LAST-1: wins forced in the last N tiles (None: 4; 20 with 2 or 3 players)"
    )
    dealer_dealt_win: bool = flag(
        True, "BS-END-1: the dealer may win on his dealt 14 tiles (settled as a self-draw)"
    )
    yi_tiao_long: bool = flag(False, "BS-PAT-一条龙: score 一条龙 (123+456+789 of one suit)")
    si_gui_yi: bool = flag(False, "BS-PAT-四归一: score 四归一")
    si_gui_yi_with_peng: bool = flag(
        False, "BS-PAT-四归一 Reading: the three may also be the winner's own peng"
    )
    bao_ting: bool = flag(False, "BS-TING-1..5 来门报听: seats may declare ready at the start")
    bao_ting_kong: str = choice(
        "drawn",
        ("drawn", "waits"),
        "BS-TING-3 Reading: after 报听 a concealed kong only of the tile just drawn (drawn), or "
        "any that keeps the waits (waits)",
    )
    ask_every_seat: bool = flag(
        False,
        "claim windows: ask every other seat after every discard and 补杠 (those with no "
        "claim may only pass), so no window depends on a hand",
    )
    scoring: str = choice(
        "doubling", ("doubling", "linear"), "SCORE-1: pattern score 2**fan, or 1 + fan"
    )
    fan_cap: int | None = optional_int(3, 0, 13, "BS-PAY-3: fan cap for wins (None: no cap)")
    cha_jiao_fan_cap: int | None = optional_int(
        3, 0, 13, "BS-CHAJIAO-2: fan cap of 查大叫 (the rule text: 3番封顶; None: no cap)"
    )
    fan: tuple[tuple[str, int], ...] = fan_table(
        DEFAULT_FANS, "SCORE-2: fan per pattern key, e.g. {'qing_yi_se': 2}"
    )

    @property
    def last_tiles(self) -> int:
        """BS-LAST-1's N: forced wins once fewer than N tiles are left."""
        if self.forced_win_tiles is not None:
            return self.forced_win_tiles
        return 4 if self.players == 4 else 20

    @property
    def buy_cap(self) -> int:
        """Most points a seat may buy (0 without 买点)."""
        return {"none": 0, "dead_1": 1, "dead_2": 2, "live": 2}[self.buy_points]
