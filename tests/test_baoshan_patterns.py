"""Tests for 保山麻将 scoring patterns (SPEC.md BS-PAT-*, BS-JUEZHANG-1, SCORE-1..3, BS-PAY-3).

Every case is one line: the hand (``"concealed | melds"``, concealed tiles include the winning
tile), the winning tile, how it was won, the expected breakdown written as Chinese names with
their fan (``"门清1 大对子1"``), then the fan before the cap, the capped fan and the points.
``env`` sets the rest of the context (``peng=5m`` tiles with a peng on the table, ``chain=2``
kongs in a row, ``after_kong``, ``ting``, ``slt`` for 十老头) and ``room`` the room options.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import pytest

from mahjong_rules.counts import TileCounts
from mahjong_rules.errors import OptionsError
from mahjong_rules.melds import Meld
from mahjong_rules.scoring import Breakdown, Pattern, WinContext, WinKind, best_breakdown
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.baoshan.options import DEFAULT_FANS, BaoshanOptions
from mahjong_rules.variants.baoshan.patterns import (
    BianJueZhang,
    DaDuiZi,
    GangShangHua,
    GangShangPao,
    KaJueZhang,
    LaiMenBaoTing,
    LongZhuaBei,
    MenQing,
    PingHu,
    QiangGangHu,
    QingYiSe,
    QuanQiuRen,
    SanGangShangHua,
    ShiLaoTou,
    ShuangGangShangHua,
    SiGuiYi,
    XiaoQiDui,
    YiTiaoLong,
    ZiYiSe,
    baoshan_patterns,
    score_baoshan,
)

SD, DC, RK, CJ = WinKind.SELF_DRAW, WinKind.DISCARD, WinKind.ROB_KONG, WinKind.CHA_JIAO

KEY_OF = {
    "平胡": "ping_hu",
    "门清": "men_qing",
    "大对子": "da_dui_zi",
    "清一色": "qing_yi_se",
    "字一色": "zi_yi_se",
    "小七对": "xiao_qi_dui",
    "龙爪背": "long_zhua_bei",
    "十老头": "shi_lao_tou",
    "边绝张": "bian_jue_zhang",
    "卡绝张": "ka_jue_zhang",
    "全求人": "quan_qiu_ren",
    "一条龙": "yi_tiao_long",
    "四归一": "si_gui_yi",
    "来门报听": "lai_men_bao_ting",
    "杠上花": "gang_shang_hua",
    "双杠杠上花": "shuang_gang_shang_hua",
    "三杠杠上花": "san_gang_shang_hua",
    "杠上炮": "gang_shang_pao",
    "抢杠胡": "qiang_gang_hu",
}
"""The SPEC's spelling of every pattern and its options key."""

HONORS = {"honors": True}
DRAGON = {"yi_tiao_long": True}
SGY = {"si_gui_yi": True}
SGY_PENG = {"si_gui_yi": True, "si_gui_yi_with_peng": True}
TING = {"bao_ting": True}
UNCAPPED = {"fan_cap": None}
LINEAR = {"scoring": "linear"}


def fan(**overrides: int) -> dict[str, Any]:
    """Room options overriding some patterns' fan (SCORE-2)."""
    return {"fan": overrides}


FLAGS = {"after_kong": "after_kong", "ting": "declared_ting", "slt": "shi_lao_tou"}
"""``env`` words that set a flag of the context."""


class Case(NamedTuple):
    hand: str
    win: str
    how: WinKind
    expect: str
    fan: int
    capped: int
    points: int
    env: str = ""
    room: Mapping[str, Any] | None = None
    reading: str | None = None


def make_ctx(hand: str, win: str, how: WinKind, env: str = "") -> WinContext:
    concealed, _, melds = hand.partition("|")
    kwargs: dict[str, Any] = {}
    for token in env.split():
        name, _, value = token.partition("=")
        if name == "peng":
            kwargs["pengs_on_table"] = frozenset(TileCounts(value))
        elif name == "chain":
            kwargs["kong_chain"] = int(value)
        else:
            kwargs[FLAGS[name]] = True
    return WinContext(
        concealed=TileCounts(concealed.replace(" ", "")),
        melds=tuple(Meld.parse(m) for m in melds.split()),
        winning_tile=Tile(win),
        how=how,
        **kwargs,
    )


def expected_items(expect: str) -> tuple[tuple[str, str, int], ...]:
    pairs = re.findall(r"(\S+?)(\d+)", expect)
    return tuple((KEY_OF[name], name, int(value)) for name, value in pairs)


def as_items(result: Breakdown) -> tuple[tuple[str, str, int], ...]:
    return tuple((item.key, item.name_zh, item.fan) for item in result.items)


def check(case: Case) -> Breakdown:
    options = BaoshanOptions.build(**(case.room or {}))
    result = score_baoshan(make_ctx(case.hand, case.win, case.how, case.env), options)
    assert result is not None
    assert as_items(result) == expected_items(case.expect)
    assert (result.fan, result.capped_fan, result.points) == (case.fan, case.capped, case.points)
    if case.reading is not None:
        assert str(result.reading) == case.reading
    return result


# fmt: off
CASES: dict[str, list[Case]] = {
    "BS-PAT-平胡": [
        Case("123345m456p789s11s", "5m", DC, "平胡0", 0, 0, 1),
        Case("123m456p789s11s | P9m@1", "1s", SD, "平胡0", 0, 0, 1),
        Case("123m456p789s11s | G9m@1", "1s", DC, "平胡0", 0, 0, 1),
    ],
    "BS-PAT-门清": [
        Case("123345m456p789s11s", "1s", SD, "门清1", 1, 1, 2),
        Case("123m456p789s11s | A5m", "1s", SD, "门清1", 1, 1, 2),
        Case("123m456p11s | A5m A9s", "1s", SD, "门清1", 1, 1, 2),
        Case("123345m456p789s11s", "1s", DC, "平胡0", 0, 0, 1),
        Case("123345m456p789s11s", "5m", RK, "抢杠胡0", 0, 0, 1),
        Case("123m456p789s11s | P9m@1", "1s", SD, "平胡0", 0, 0, 1),
        Case("123m456p789s11s | G5m@2", "1s", SD, "平胡0", 0, 0, 1),
        Case("123m456p789s11s | B5m@2", "1s", SD, "平胡0", 0, 0, 1),
        Case("123345m456p789s11s", "1s", CJ, "门清1", 1, 1, 2),
        Case("123m456p789s11s | A5m", "1s", CJ, "门清1", 1, 1, 2),
        Case("123m456p789s11s | P9m@1", "1s", CJ, "平胡0", 0, 0, 1),
    ],
    "BS-PAT-大对子": [
        Case("111m222p333s44s | P5m@1", "4s", DC, "大对子1", 1, 1, 2),
        Case("111m222p333s444s55m", "5m", SD, "门清1 大对子1", 2, 2, 4),
        Case("11s | P1m@1 G2p@2 B3s@3 A4s", "1s", SD, "大对子1", 1, 1, 2),
        Case("111m222p345s44s | P5m@1", "4s", DC, "平胡0", 0, 0, 1),
        Case("111222333m444s55p", "5p", DC, "大对子1", 1, 1, 2, reading="111m 222m 333m 55p 444s"),
        Case("111222333m444s55p", "5p", CJ, "门清1 大对子1", 2, 2, 4),
    ],
    "BS-PAT-清一色": [
        Case("123456789m99m | P5m@1", "9m", DC, "清一色1", 1, 1, 2),
        Case("11122233344455m", "5m", SD, "门清1 大对子1 清一色1", 3, 3, 8),
        Case("123456777p11p | A9p", "1p", SD, "门清1 清一色1", 2, 2, 4),
        Case("123456789m99m | P5p@1", "9m", DC, "平胡0", 0, 0, 1),
        Case("123456789m99m | P1z@1", "9m", DC, "平胡0", 0, 0, 1, room=HONORS),
    ],
    "BS-PAT-字一色": [
        Case("11122233344455z", "5z", SD, "门清1 大对子1 字一色1", 3, 3, 8, room=HONORS),
        Case("11122233z | P4z@1 P5z@2", "3z", DC, "大对子1 字一色1", 2, 2, 4, room=HONORS),
        Case("11223344556677z", "7z", DC, "字一色1 小七对1", 2, 2, 4, room=HONORS),
        Case("111222333z55m | P4z@1", "5m", DC, "大对子1", 1, 1, 2, room=HONORS),
    ],
    "BS-PAT-小七对": [
        Case("1133m2255p4477s99s", "9s", DC, "小七对1", 1, 1, 2),
        Case("1133m2255p4477s99s", "9s", SD, "门清1 小七对1", 2, 2, 4),
        Case("11223355668899m", "9m", DC, "清一色1 小七对1", 2, 2, 4),
        Case("1133m2255p4477s99s", "9s", CJ, "门清1 小七对1", 2, 2, 4),
    ],
    "BS-PAT-龙爪背": [
        Case("1111m2255p4477s99s", "9s", DC, "龙爪背3", 3, 3, 8),
        Case("1111m2255p4477s99s", "1m", SD, "门清1 龙爪背3", 4, 3, 8),
        Case("1111m2255p4477s99s", "9s", CJ, "门清1 龙爪背3", 4, 3, 8),
        Case("1111m2222p4477s99s", "9s", DC, "龙爪背3", 3, 3, 8),
        Case("11112233445566m", "6m", DC, "清一色1 龙爪背3", 4, 3, 8),
        Case("11112233445566m", "6m", DC, "清一色1 龙爪背3", 4, 4, 16, room=UNCAPPED),
    ],
    "BS-PAT-十老头": [
        Case("1245m3689p2578s1z", "1z", SD, "十老头1", 1, 1, 2, "slt", HONORS),
        Case("1245m3689p2578s1z", "1z", SD, "十老头1 来门报听1", 2, 2, 4, "slt ting",
             {"honors": True, "bao_ting": True}),
        Case("123345m456p789s11z", "1z", CJ, "门清1", 1, 1, 2, "slt", HONORS),
    ],
    "BS-PAT-边绝张": [
        Case("123m456p789p456s11s", "3m", DC, "边绝张1", 1, 1, 2, "peng=3m"),
        Case("789m456p789p456s11s", "7m", DC, "边绝张1", 1, 1, 2, "peng=7m"),
        Case("123m456p789p456s11s", "3m", SD, "门清1 边绝张1", 2, 2, 4, "peng=3m"),
        Case("567m456p789p456s11s", "7m", DC, "平胡0", 0, 0, 1, "peng=7m"),
        Case("123m456p789p456s11s", "3m", DC, "平胡0", 0, 0, 1),
        Case("123m456p789p456s11s", "3m", DC, "平胡0", 0, 0, 1, "peng=6p"),
        Case("123m456p789p456s11s", "1m", DC, "平胡0", 0, 0, 1, "peng=1m"),
        Case("789m456p789p456s11s", "9m", DC, "平胡0", 0, 0, 1, "peng=9m"),
        Case("123m456p789p456s11s", "2m", DC, "卡绝张1", 1, 1, 2, "peng=2m"),
        Case("123m456p789p456s11s", "3m", CJ, "门清1 边绝张1", 2, 2, 4, "peng=3m"),
        Case("123m456p789p456s11s", "3m", CJ, "门清1", 1, 1, 2),
    ],
    "BS-PAT-卡绝张": [
        Case("456m123p789p456s11s", "5m", DC, "卡绝张1", 1, 1, 2, "peng=5m"),
        Case("456m123p789p456s11s", "5m", DC, "平胡0", 0, 0, 1),
        Case("456m123p789p456s11s", "5m", SD, "门清1 卡绝张1", 2, 2, 4, "peng=5m"),
        Case("456m123p789p456s11s", "5m", RK, "卡绝张1 抢杠胡0", 1, 1, 2, "peng=5m"),
        Case("456m123p789p456s11s", "4m", DC, "平胡0", 0, 0, 1, "peng=4m"),
        Case("456m123p789p456s11s", "5m", CJ, "门清1 卡绝张1", 2, 2, 4, "peng=5m"),
    ],
    "BS-JUEZHANG-1": [
        Case("123m456p789p11s | P3m@1", "3m", DC, "边绝张1", 1, 1, 2, "peng=3m"),
        Case("789m456p789p11s | P7m@2", "7m", SD, "边绝张1", 1, 1, 2, "peng=7m"),
        Case("456m123p789p11s | P5m@2", "5m", DC, "卡绝张1", 1, 1, 2, "peng=5m"),
        Case("456m123p789p11s | P5m@2", "5m", DC, "平胡0", 0, 0, 1),
    ],
    "BS-PAT-全求人": [
        Case("55p | P1m@1 P2s@2 G3p@3 A7s", "5p", DC, "大对子1 全求人1", 2, 2, 4),
        Case("55p | P1m@1 P2s@2 B3p@3 P7s@1", "5p", RK, "大对子1 全求人1 抢杠胡0", 2, 2, 4),
        Case("55p | P1m@1 P2s@2 G3p@3 A7s", "5p", SD, "大对子1", 1, 1, 2),
        Case("55p | P1m@1 P2s@2 G3p@3 A7s", "5p", CJ, "大对子1", 1, 1, 2),
        Case("55p | A1m A2s A3p A7s", "5p", DC, "大对子1 全求人1", 2, 2, 4),
        Case("55p | A1m A2s A3p A7s", "5p", CJ, "门清1 大对子1", 2, 2, 4),
        Case("12355p | P1m@1 P2s@2 G3s@3", "5p", DC, "平胡0", 0, 0, 1),
        Case("11p | P4p@1 P2p@2 G3p@3 A7p", "1p", DC, "大对子1 清一色1 全求人1", 3, 3, 8),
    ],
    "BS-PAT-一条龙": [
        Case("123456789m456p11s", "9m", DC, "一条龙1", 1, 1, 2, room=DRAGON),
        Case("123456789m456p11s", "9m", DC, "平胡0", 0, 0, 1),
        Case("123456789s11s | P5p@0", "1s", SD, "一条龙1", 1, 1, 2, room=DRAGON),
        Case("123456m789p456s11s", "9p", DC, "平胡0", 0, 0, 1, room=DRAGON),
        Case("11123444456789m", "9m", DC, "清一色1 一条龙1", 2, 2, 4, room=DRAGON,
             reading="11m 123m 444m 456m 789m"),
        Case("123456789m456p11s", "9m", CJ, "门清1 一条龙1", 2, 2, 4, room=DRAGON),
    ],
    "BS-PAT-四归一": [
        Case("345555m345p678s99s", "3p", DC, "平胡0", 0, 0, 1, room=SGY),
        Case("345555m345p678s99s", "6p", DC, "平胡0", 0, 0, 1, room=SGY),
        Case("345555m345p678s99s", "6p", SD, "门清1", 1, 1, 2, room=SGY),
        Case("444456m123p789p11s", "4m", DC, "四归一2", 2, 2, 4, room=SGY),
        Case("444456m123p789p11s", "4m", SD, "门清1 四归一2", 3, 3, 8, room=SGY),
        Case("444456m123p789p11s", "4m", DC, "平胡0", 0, 0, 1),
        Case("444456m123p789p11s", "4m", CJ, "门清1 四归一2", 3, 3, 8, room=SGY),
        Case("456m123p789p11s | P5m@1", "5m", DC, "卡绝张1", 1, 1, 2, "peng=5m", SGY),
        Case("456m123p789p11s | P5m@1", "5m", DC, "卡绝张1 四归一2", 3, 3, 8, "peng=5m", SGY_PENG),
        Case("456m123p789p11s | P7s@1", "5m", DC, "平胡0", 0, 0, 1, room=SGY_PENG),
    ],
    "BS-PAT-来门报听": [
        Case("123345m456p789s11s", "5m", DC, "来门报听1", 1, 1, 2, "ting", TING),
        Case("123345m456p789s11s", "5m", SD, "门清1 来门报听1", 2, 2, 4, "ting", TING),
        Case("123345m456p789s11s", "5m", CJ, "门清1 来门报听1", 2, 2, 4, "ting", TING),
        Case("123345m456p789s11s", "5m", DC, "平胡0", 0, 0, 1, "ting"),
        Case("123345m456p789s11s", "5m", DC, "平胡0", 0, 0, 1, "", TING),
    ],
    "BS-PAT-杠上花": [
        Case("123m456p789s11s | A5m", "1s", SD, "门清1 杠上花1", 2, 2, 4, "chain=1"),
        Case("123m456p11s | A5m G7s@1", "1s", SD, "双杠杠上花2", 2, 2, 4, "chain=2"),
        Case("123m11s | A5m G7s@1 B9p@2", "1s", SD, "三杠杠上花3", 3, 3, 8, "chain=3"),
        Case("11s | A5m G7s@1 B9p@2 A2m", "1s", SD, "大对子1 三杠杠上花3", 4, 3, 8, "chain=4"),
        Case("123m456p789s11s | G5m@3", "1s", SD, "杠上花1", 1, 1, 2, "chain=1"),
        Case("123m456p789s11s | A5m", "1s", DC, "平胡0", 0, 0, 1, "chain=1"),
        Case("123m456p789s11s | A5m", "1s", CJ, "门清1", 1, 1, 2, "chain=1"),
        Case("123m456p11s | A5m G7s@1", "1s", CJ, "平胡0", 0, 0, 1, "chain=2"),
    ],
    "BS-PAT-杠上炮": [
        Case("123345m456p789s11s", "5m", DC, "杠上炮1", 1, 1, 2, "after_kong"),
        Case("123m456p789s11s | P9m@1", "1s", DC, "杠上炮1", 1, 1, 2, "after_kong"),
        Case("123345m456p789s11s", "5m", SD, "门清1", 1, 1, 2, "after_kong"),
        Case("123345m456p789s11s", "5m", CJ, "门清1", 1, 1, 2, "after_kong"),
    ],
    "BS-PAT-抢杠胡": [
        Case("123345m456p789s11s", "5m", RK, "抢杠胡0", 0, 0, 1),
        Case("111m222p333s44s | P5m@1", "4s", RK, "大对子1 抢杠胡0", 1, 1, 2),
        Case("123345m456p789s11s", "5m", RK, "抢杠胡1", 1, 1, 2, room=fan(qiang_gang_hu=1)),
        Case("123345m456p789s11s", "5m", CJ, "门清1", 1, 1, 2),
    ],
    "BS-PAT-MAX": [
        Case("111222333m444s55p", "5p", DC, "大对子1", 1, 1, 2, reading="111m 222m 333m 55p 444s"),
        Case("11112233445566m", "6m", DC, "清一色1 龙爪背3", 4, 3, 8,
             reading="11m 11m 22m 33m 44m 55m 66m"),
        Case("11112233445566m", "6m", DC, "清一色1", 1, 1, 2, room=fan(long_zhua_bei=0),
             reading="11m 123m 123m 456m 456m"),
        Case("11123444456789m", "9m", DC, "清一色1 一条龙1", 2, 2, 4, room=DRAGON,
             reading="11m 123m 444m 456m 789m"),
        Case("11123444456789m", "4m", DC, "清一色1 一条龙1 四归一2", 4, 3, 8,
             room={"yi_tiao_long": True, "si_gui_yi": True}),
    ],
    "SCORE-1": [
        Case("123345m456p789s11s", "5m", DC, "平胡0", 0, 0, 1, room=LINEAR),
        Case("11122233344455m", "5m", SD, "门清1 大对子1 清一色1", 3, 3, 8),
        Case("11122233344455m", "5m", SD, "门清1 大对子1 清一色1", 3, 3, 4, room=LINEAR),
        Case("111222333m55m | A4m", "5m", SD, "门清1 大对子1 清一色1 双杠杠上花2", 5, 3, 8,
             "chain=2"),
        Case("111222333m55m | A4m", "5m", SD, "门清1 大对子1 清一色1 双杠杠上花2", 5, 5, 32,
             "chain=2", UNCAPPED),
        Case("111222333m55m | A4m", "5m", SD, "门清1 大对子1 清一色1 双杠杠上花2", 5, 5, 6,
             "chain=2", {"fan_cap": None, "scoring": "linear"}),
        Case("111222333m55m | A4m", "5m", SD, "门清1 大对子1 清一色1 双杠杠上花2", 5, 3, 4,
             "chain=2", LINEAR),
    ],
    "SCORE-2": [
        Case("123456789m99m | P5m@1", "9m", DC, "清一色2", 2, 2, 4, room=fan(qing_yi_se=2)),
        Case("1111m2255p4477s99s", "9s", DC, "龙爪背2", 2, 2, 4, room=fan(long_zhua_bei=2)),
        Case("123345m456p789s11s", "1s", SD, "门清0", 0, 0, 1, room=fan(men_qing=0)),
        Case("123345m456p789s11s", "5m", DC, "平胡1", 1, 1, 2, room=fan(ping_hu=1)),
        Case("444456m123p789p11s", "4m", DC, "四归一1", 1, 1, 2,
             room={"si_gui_yi": True, "fan": {"si_gui_yi": 1}}),
    ],
    "SCORE-3": [
        Case("111222333m444s55p", "5p", SD, "门清1 大对子1", 2, 2, 4,
             reading="111m 222m 333m 55p 444s"),
        Case("11223344456789m", "9m", DC, "清一色1 一条龙1", 2, 2, 4, room=DRAGON,
             reading="123m 123m 44m 456m 789m"),
        Case("11123444456789m", "9m", DC, "清一色1", 1, 1, 2, reading="111m 234m 44m 456m 789m"),
    ],
    "BS-PAY-3": [
        Case("1111m2255p4477s99s", "1m", SD, "门清1 龙爪背3", 4, 3, 8),
        Case("1111m2255p4477s99s", "1m", SD, "门清1 龙爪背3", 4, 4, 16, room=UNCAPPED),
        Case("1111m2255p4477s99s", "1m", SD, "门清1 龙爪背3", 4, 0, 1, room={"fan_cap": 0}),
        Case("1111m2255p4477s99s", "1m", SD, "门清1 龙爪背3", 4, 2, 4, room={"fan_cap": 2}),
        Case("1111m2255p4477s99s", "1m", SD, "门清1 龙爪背3", 4, 4, 16, room={"fan_cap": 5}),
        Case("1111m2255p4477s99s", "1m", SD, "门清1 龙爪背3", 4, 3, 4, room=LINEAR),
    ],
    "BS-CHAJIAO-2": [
        Case("123345m456p789s11s", "1s", CJ, "门清1", 1, 1, 2, "chain=1 after_kong slt", HONORS),
        Case("55p | P1m@1 P2s@2 G3p@3 P7s@1", "5p", CJ, "大对子1", 1, 1, 2, "chain=3 after_kong"),
        Case("1111m2255p4477s99s", "9s", CJ, "门清1 龙爪背3", 4, 3, 8),
        Case("123m456p789p456s11s", "3m", CJ, "门清1 边绝张1 来门报听1", 3, 3, 8,
             "peng=3m ting", TING),
    ],
}

# fmt: on


def cases(rule_id: str) -> Callable[[Callable[[Case], None]], Callable[[Case], None]]:
    """Parametrize a test over the cases of one rule ID, each named by its hand."""
    table = CASES[rule_id]
    ids = [f"{c.hand}+{c.win}-{c.how.value}-{c.env}-{i}" for i, c in enumerate(table)]
    return pytest.mark.parametrize("case", table, ids=ids)


@cases("BS-PAT-平胡")
def test_bs_pat_ping_hu(case: Case) -> None:
    """BS-PAT-平胡: no other pattern — 平胡 0 fan, the base 1 point, shown in the breakdown."""
    check(case)


@cases("BS-PAT-门清")
def test_bs_pat_men_qing(case: Case) -> None:
    """BS-PAT-门清: no peng, no exposed kong (暗杠 allowed), self-drawn; 查大叫 without a draw."""
    check(case)


@cases("BS-PAT-大对子")
def test_bs_pat_da_dui_zi(case: Case) -> None:
    """BS-PAT-大对子: four pungs/kongs plus the pair."""
    check(case)


@cases("BS-PAT-清一色")
def test_bs_pat_qing_yi_se(case: Case) -> None:
    """BS-PAT-清一色: every tile, melds included, of one suit."""
    check(case)


@cases("BS-PAT-字一色")
def test_bs_pat_zi_yi_se(case: Case) -> None:
    """BS-PAT-字一色: every tile an honor (with 有风)."""
    check(case)


@cases("BS-PAT-小七对")
def test_bs_pat_xiao_qi_dui(case: Case) -> None:
    """BS-PAT-小七对: seven pairs with no four of a kind."""
    check(case)


@cases("BS-PAT-龙爪背")
def test_bs_pat_long_zhua_bei(case: Case) -> None:
    """BS-PAT-龙爪背: five pairs plus four of a kind, 3 fan, not also 小七对."""
    check(case)


@cases("BS-PAT-十老头")
def test_bs_pat_shi_lao_tou(case: Case) -> None:
    """BS-PAT-十老头: a 十老头 win scores on its context (no complete hand); never in 查大叫."""
    check(case)


@cases("BS-PAT-边绝张")
def test_bs_pat_bian_jue_zhang(case: Case) -> None:
    """BS-PAT-边绝张: 12 wins 3, 89 wins 7 (56 winning 7 is not), the other three in a peng."""
    check(case)


@cases("BS-PAT-卡绝张")
def test_bs_pat_ka_jue_zhang(case: Case) -> None:
    """BS-PAT-卡绝张: 46万 wins 5万 whose peng is on the table; three discarded 5万 do not count."""
    check(case)


@cases("BS-JUEZHANG-1")
def test_bs_juezhang_own_peng(case: Case) -> None:
    """BS-JUEZHANG-1: the peng of the winning tile may be the winner's own."""
    check(case)


@cases("BS-PAT-全求人")
def test_bs_pat_quan_qiu_ren(case: Case) -> None:
    """BS-PAT-全求人: four melds (暗杠 allowed), a single wait won on a discard; not self-draw."""
    check(case)


@cases("BS-PAT-一条龙")
def test_bs_pat_yi_tiao_long(case: Case) -> None:
    """BS-PAT-一条龙: 123+456+789 of one suit, only with the room option."""
    check(case)


@cases("BS-PAT-四归一")
def test_bs_pat_si_gui_yi(case: Case) -> None:
    """BS-PAT-四归一: winning the 4th copy of a tile held three times (seed: 345万 555万 678条
    45筒 winning 3筒 or 6筒 is not 四归一); the own-peng reading only with its option."""
    check(case)


@cases("BS-PAT-来门报听")
def test_bs_pat_lai_men_bao_ting(case: Case) -> None:
    """BS-PAT-来门报听: a seat that declared ready, with the room option on."""
    check(case)


@cases("BS-PAT-杠上花")
def test_bs_pat_gang_shang_hua(case: Case) -> None:
    """BS-PAT-杠上花: 杠上花 / 双杠杠上花 / 三杠杠上花 replace each other; never in 查大叫."""
    check(case)


@cases("BS-PAT-杠上炮")
def test_bs_pat_gang_shang_pao(case: Case) -> None:
    """BS-PAT-杠上炮: won on the konger's first discard after a kong; never in 查大叫."""
    check(case)


@cases("BS-PAT-抢杠胡")
def test_bs_pat_qiang_gang_hu(case: Case) -> None:
    """BS-PAT-抢杠胡: robbing a 补杠, 0 fan by default ("只相当于点炮"); never in 查大叫."""
    check(case)


@cases("BS-PAT-MAX")
def test_bs_pat_max(case: Case) -> None:
    """BS-PAT-MAX: the reading that scores most (SCORE-3 for Baoshan), reported."""
    check(case)


@cases("SCORE-1")
def test_score_1_fan_add_up(case: Case) -> None:
    """SCORE-1: fan add up; 2**fan (平胡 = 1 point) or linear 1 + fan, capped at the room's cap."""
    check(case)


@cases("SCORE-2")
def test_score_2_fan_overrides(case: Case) -> None:
    """SCORE-2: every fan is configurable per room via BaoshanOptions.build(fan={...})."""
    check(case)


@cases("SCORE-3")
def test_score_3_best_reading(case: Case) -> None:
    """SCORE-3: of several readings the one scoring most is used and reported."""
    check(case)


@cases("BS-PAY-3")
def test_bs_pay_3_fan_cap(case: Case) -> None:
    """BS-PAY-3: room option fan_cap, 3 by default, None for no cap."""
    check(case)


@cases("BS-CHAJIAO-2")
def test_bs_chajiao_2_patterns(case: Case) -> None:
    """BS-CHAJIAO-2: 门清 without self-draw; no 全求人, 杠上花 family, 杠上炮, 抢杠胡, 十老头."""
    check(case)


# --- ties, incomplete hands, the pattern classes and the room's pattern list -----------------


def test_score_3_ties_break_the_same_way() -> None:
    """SCORE-3: equal readings always give the same (first) reading."""
    ctx = make_ctx("11223344456789m", "9m", DC)
    first = score_baoshan(ctx, BaoshanOptions())
    assert first is not None
    assert as_items(first) == expected_items("清一色1")
    assert first == score_baoshan(ctx, BaoshanOptions())


def test_score_baoshan_incomplete_hand_is_none() -> None:
    """SCORE-3: a hand with no complete reading has no breakdown."""
    assert score_baoshan(make_ctx("123345m456p789s12s", "2s", DC), BaoshanOptions()) is None


def test_score_baoshan_matches_best_breakdown() -> None:
    """SCORE-1: score_baoshan is best_breakdown with the room's patterns, fans, scoring, cap."""
    options = BaoshanOptions.build(fan_cap=None, scoring="linear", fan={"da_dui_zi": 4})
    ctx = make_ctx("111m222p333s444s55m", "5m", SD)
    direct = best_breakdown(
        baoshan_patterns(options), ctx, fans=options.fans(), scoring="linear", cap=None
    )
    assert direct == score_baoshan(ctx, options)
    assert direct is not None and direct.points == 6


def test_bs_pat_shi_lao_tou_reads_nothing() -> None:
    """BS-PAT-十老头: a 十老头 win has no reading; without 有风 the pattern is not in the room."""
    ctx = make_ctx("1245m3689p2578s1z", "1z", SD, "slt")
    result = score_baoshan(ctx, BaoshanOptions.build(honors=True))
    assert result is not None and result.reading is None
    assert ShiLaoTou().applies(ctx)
    assert not ShiLaoTou().applies(make_ctx("1245m3689p2578s1z", "1z", CJ, "slt"))


def test_unknown_fan_key_is_refused() -> None:
    """SCORE-2: an override must name a real pattern key."""
    with pytest.raises(OptionsError, match="hu_pai"):
        BaoshanOptions.build(fan={"hu_pai": 1})


CLASSES: tuple[type[Pattern], ...] = (
    PingHu,
    MenQing,
    DaDuiZi,
    QingYiSe,
    ZiYiSe,
    XiaoQiDui,
    LongZhuaBei,
    ShiLaoTou,
    BianJueZhang,
    KaJueZhang,
    QuanQiuRen,
    YiTiaoLong,
    SiGuiYi,
    LaiMenBaoTing,
    GangShangHua,
    ShuangGangShangHua,
    SanGangShangHua,
    GangShangPao,
    QiangGangHu,
)


@pytest.mark.parametrize("cls", CLASSES, ids=[c.__name__ for c in CLASSES])
def test_pattern_class_attributes(cls: type[Pattern]) -> None:
    """SCORE-2: keys and default fans are the options' DEFAULT_FANS; names as in SPEC.md."""
    assert KEY_OF[cls.name_zh] == cls.key
    assert cls.default_fan == DEFAULT_FANS[cls.key]
    doc = cls.__doc__ or ""
    assert doc.startswith(f"{cls.name_zh} ({cls.pinyin}), ")
    assert "BS-PAT-" in doc
    assert repr(cls()) == f"<{cls.__name__} {cls.name_zh} {cls.key}>"
    if cls is not PingHu:
        assert "ping_hu" in cls.replaces


def test_every_default_fan_has_a_pattern() -> None:
    """SCORE-2: one class per key of DEFAULT_FANS, in its order."""
    assert [c.key for c in CLASSES] == list(DEFAULT_FANS)


@pytest.mark.parametrize(
    ("room", "missing"),
    [
        ({}, {"zi_yi_se", "shi_lao_tou", "yi_tiao_long", "si_gui_yi", "lai_men_bao_ting"}),
        ({"honors": True}, {"yi_tiao_long", "si_gui_yi", "lai_men_bao_ting"}),
        (DRAGON | SGY, {"zi_yi_se", "shi_lao_tou", "lai_men_bao_ting"}),
        ({"bao_ting": True}, {"zi_yi_se", "shi_lao_tou", "yi_tiao_long", "si_gui_yi"}),
        ({"honors": True, "yi_tiao_long": True, "si_gui_yi": True, "bao_ting": True}, set()),
    ],
)
def test_baoshan_patterns_follow_options(room: dict[str, Any], missing: set[str]) -> None:
    """BS-PAT-一条龙, BS-PAT-四归一, BS-PAT-字一色, BS-PAT-来门报听: room options choose them."""
    keys = [p.key for p in baoshan_patterns(BaoshanOptions.build(**room))]
    assert keys == [k for k in DEFAULT_FANS if k not in missing]


def test_si_gui_yi_with_peng_option_reaches_the_pattern() -> None:
    """BS-PAT-四归一: option si_gui_yi_with_peng builds the pattern that counts the own peng."""
    for flag in (False, True):
        options = BaoshanOptions.build(si_gui_yi=True, si_gui_yi_with_peng=flag)
        (pattern,) = [p for p in baoshan_patterns(options) if isinstance(p, SiGuiYi)]
        assert pattern.with_peng is flag
