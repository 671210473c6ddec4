"""Tests for 永善麻将 scoring patterns (SPEC.md YS-PAT-*, YS-CAP-1, YS-WILD-2, YS-WILD-5, -6).

Every case is one line: the hand (``"concealed | melds"``; concealed tiles include the winning
tile and the wildcard tiles as they lie in the hand), the winning tile, how it was won, the
expected breakdown written as Chinese names with their fan (``"碰碰胡1 杠3"``), then the fan
before the cap, the capped fan and the points, optionally the reading scored.

``env`` sets the rest of the context: ``ind=8p`` the 本金 tile (default ``9p``, so under 单听用
``1p`` is the wildcard), ``chain=1`` kongs in a row before a self-draw, ``after_kong``,
``first`` (first turn), ``seat=1`` / ``dealer=1``. ``room`` sets the room options; the
wildcard kinds follow from the 本金 and the room's ``wildcards`` (YS-WILD-2), and every
concealed tile of a wild kind is passed as a wildcard (``wilds``), as the engine does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import pytest

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.errors import OptionsError, WallError
from mahjong_rules.melds import Meld
from mahjong_rules.scoring import Breakdown, Pattern, WinContext, WinKind, best_breakdown
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.yongshan import YongshanOptions, lacks_a_suit, wild_kinds
from mahjong_rules.variants.yongshan.options import DEFAULT_FANS
from mahjong_rules.variants.yongshan.patterns import (
    BenJin,
    DiHu,
    Gang,
    GangShangHua,
    GangShangPao,
    Gui,
    PengPengHu,
    PingHu,
    QiangGangHu,
    QiDui,
    QingYiSe,
    TianHu,
    WuTingYong,
    ZiMo,
    readings,
    score_yongshan,
    yongshan_patterns,
)
from reference import ref_decompositions

SD, DC, RK = WinKind.SELF_DRAW, WinKind.DISCARD, WinKind.ROB_KONG

KEY_OF = {
    "平胡": "ping_hu",
    "碰碰胡": "peng_peng_hu",
    "清一色": "qing_yi_se",
    "七对": "qi_dui",
    "杠上花": "gang_shang_hua",
    "杠上炮": "gang_shang_pao",
    "抢杠胡": "qiang_gang_hu",
    "天胡": "tian_hu",
    "地胡": "di_hu",
    "归": "gui",
    "杠": "gang",
    "本金": "ben_jin",
    "无听用": "wu_ting_yong",
    "自摸": "zi_mo",
}
"""The SPEC's spelling of every pattern and its options key."""

ZIMO = {"zi_mo_jia_fan": True}
DOUBLE = {"wildcards": "double"}
UNCAPPED = {"fan_cap": None}
LINEAR = {"scoring": "linear"}


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


def make_ctx(
    hand: str, win: str, how: WinKind, env: str = "", wildcards: str = "single"
) -> WinContext:
    concealed_text, _, melds = hand.partition("|")
    indicator = Tile("9p")
    flags: dict[str, Any] = {}
    for token in env.split():
        name, _, value = token.partition("=")
        if name == "ind":
            indicator = Tile(value)
        elif name == "chain":
            flags["kong_chain"] = int(value)
        elif name in ("seat", "dealer"):
            flags[name] = int(value)
        elif name == "first":
            flags["first_turn"] = True
        else:
            assert name == "after_kong", name
            flags["after_kong"] = True
    kinds = wild_kinds(indicator, wildcards)
    tiles = TileCounts(concealed_text.replace(" ", ""))
    naturals = [t for t in tiles if t not in kinds]
    return WinContext(
        concealed=TileCounts(naturals),
        wilds=len(tiles) - len(naturals),
        wild_kinds=kinds,
        indicator=indicator,
        melds=tuple(Meld.parse(m) for m in melds.split()),
        winning_tile=Tile(win),
        how=how,
        **flags,
    )


def expected_items(expect: str) -> tuple[tuple[str, str, int], ...]:
    pairs = re.findall(r"(\D+?)(\d+)", expect.replace(" ", ""))
    return tuple((KEY_OF[name], name, int(value)) for name, value in pairs)


def as_items(result: Breakdown) -> tuple[tuple[str, str, int], ...]:
    return tuple((item.key, item.name_zh, item.fan) for item in result.items)


def score(case: Case) -> Breakdown | None:
    options = YongshanOptions.build(**(case.room or {}))
    ctx = make_ctx(case.hand, case.win, case.how, case.env, options.wildcards)
    return score_yongshan(ctx, options)


def check(case: Case) -> Breakdown:
    result = score(case)
    assert result is not None
    assert as_items(result) == expected_items(case.expect)
    assert (result.fan, result.capped_fan, result.points) == (case.fan, case.capped, case.points)
    if case.reading is not None:
        assert str(result.reading) == case.reading
    return result


PLAIN = "123345m456789s2s1p"
"""A plain win: 123m 345m 456s 789s and the pair 2s, the wildcard 1p standing for 2s."""

# fmt: off
CASES: dict[str, list[Case]] = {
    "YS-PAT-平胡": [
        Case(PLAIN, "2s", DC, "平胡0", 0, 0, 1, reading="123m 345m 22s 456s 789s wilds=2s"),
        Case(PLAIN, "2s", SD, "平胡0", 0, 0, 1),
        Case("123m456789s5m1p | P9m@1", "5m", SD, "平胡0", 0, 0, 1),
        Case("123m222s444s5s1p | P5m@1", "5s", DC, "平胡0", 0, 0, 1),
    ],
    "YS-PAT-碰碰胡": [
        Case("111m222s333s4s1p | P5m@1", "4s", DC, "碰碰胡1", 1, 1, 2,
             reading="111m 222s 333s 44s wilds=4s"),
        Case("111m222s333s44s | P5m@1", "4s", DC, "碰碰胡1 无听用1", 2, 2, 4),
        Case("111222333m4s1p", "4s", DC, "碰碰胡1", 1, 1, 2,
             reading="111m 222m 333m 44s wilds=4s"),
        Case("11s | P1m*1p@1 G2s@2 B3s@3 A4s", "1s", SD, "碰碰胡1 杠3", 4, 3, 8),
        Case("123m222s444s5s1p | P5m@1", "5s", DC, "平胡0", 0, 0, 1),
    ],
    "YS-PAT-清一色": [
        Case("1223344556789m1p", "5m", DC, "清一色2", 2, 2, 4,
             reading="123m 234m 456m 55m 789m wilds=5m"),
        Case("123m345m55m | P7m@1 P9m@1", "5m", DC, "清一色2 无听用1", 3, 3, 8),
        Case("123m345m5m1p | P7m@1 P9m@1", "5m", DC, "清一色2", 2, 2, 4),
        Case("123m345m55m | P7m@1 P9s@1", "5m", DC, "无听用1", 1, 1, 2),
        Case("123m345m5m1p | P7m@1 P9s@1", "5m", DC, "平胡0", 0, 0, 1),
    ],
    "YS-PAT-七对": [
        Case("1133m2255s4477s9s1p", "9s", SD, "七对2", 2, 2, 4,
             reading="11m 33m 22s 44s 55s 77s 99s wilds=9s"),
        Case("1133m2255s4477s99s", "9s", DC, "七对2 无听用1", 3, 3, 8),
        Case("11223344556677m", "7m", DC, "清一色2 七对2 无听用1", 5, 3, 8,
             reading="11m 22m 33m 44m 55m 66m 77m"),
        Case("1111m2255s4477s99s", "9s", DC, "七对2 归1 无听用1", 4, 3, 8),
        Case("111m2255s4477s99s1p", "9s", DC, "七对2 归1", 3, 3, 8,
             reading="11m 11m 22s 44s 55s 77s 99s wilds=1m"),
    ],
    "YS-PAT-杠上花": [
        Case("123m456m789m5m1p | A2s", "5m", SD, "杠上花1 杠1", 2, 2, 4, "chain=1"),
        Case("123m456m5m1p | A2s G3s@1", "5m", SD, "杠上花1 杠2", 3, 3, 8, "chain=2"),
        Case("123m456m789m5m1p | A2s", "5m", SD, "杠1", 1, 1, 2),
        Case("123m456m789m5m1p | A2s", "5m", DC, "杠1", 1, 1, 2, "chain=1"),
        Case("123m456m789m5m1p | A2s", "5m", SD, "杠上花1 杠1 自摸1", 3, 3, 8, "chain=1", ZIMO),
    ],
    "YS-PAT-杠上炮": [
        Case(PLAIN, "2s", DC, "杠上炮1", 1, 1, 2, "after_kong"),
        Case(PLAIN, "2s", SD, "平胡0", 0, 0, 1, "after_kong"),
        Case("123m456m789m5m1p | P2s@2", "5m", DC, "杠上炮1", 1, 1, 2, "after_kong"),
    ],
    "YS-PAT-抢杠胡": [
        Case(PLAIN, "2s", RK, "抢杠胡1", 1, 1, 2),
        Case(PLAIN, "2s", RK, "抢杠胡1 自摸1", 2, 2, 4, room=ZIMO),
        Case(PLAIN, "2s", RK, "抢杠胡2", 2, 2, 4, room={"fan": {"qiang_gang_hu": 2}}),
    ],
    "YS-PAT-天胡": [
        Case(PLAIN, "2s", SD, "天胡3", 3, 3, 8, "first"),
        Case(PLAIN, "2s", SD, "天胡3", 3, 3, 8, "first seat=2 dealer=2"),
        Case(PLAIN, "2s", SD, "天胡3 自摸1", 4, 3, 8, "first", ZIMO),
        Case(PLAIN, "2s", SD, "天胡3 自摸1", 4, 4, 16, "first", {**ZIMO, **UNCAPPED}),
        Case(PLAIN, "2s", SD, "平胡0", 0, 0, 1, "first seat=1"),
        Case(PLAIN, "2s", SD, "平胡0", 0, 0, 1),
    ],
    "YS-PAT-地胡": [
        Case(PLAIN, "2s", DC, "地胡2", 2, 2, 4, "first seat=1"),
        Case(PLAIN, "2s", DC, "地胡2", 2, 2, 4, "first seat=0 dealer=3"),
        Case(PLAIN, "2s", DC, "平胡0", 0, 0, 1, "seat=1"),
        Case(PLAIN, "2s", RK, "抢杠胡1", 1, 1, 2, "first seat=1"),
    ],
    "YS-PAT-归": [
        # the wildcards stand for 2s and 3s: 123s 333s, four 3s (seed: 癞子刚好抵了那张牌)
        Case("1333s444m678m22m1p1p", "2m", DC, "归1", 1, 1, 2,
             reading="22m 444m 678m 123s 333s wilds=23s"),
        # one wildcard must be 2s (123s 33s) or 1s (11s 333s): three 3s and a wildcard, no 归
        Case("1333s222m444m678m1p", "2m", DC, "平胡0", 0, 0, 1),
        Case("456m123s789s22s | P5m@1", "2s", DC, "归1 无听用1", 2, 2, 4),
        Case("456m123s789s2s1p | P5m*1p@1", "2s", DC, "归1", 1, 1, 2),
        Case("123m456m66s | P1m@1 P4m@2", "6s", DC, "归2 无听用1", 3, 3, 8),
        Case("123m123s789s22s | G5m@1", "2s", DC, "杠1 无听用1", 2, 2, 4),
        Case("1111m2255s4477s99s", "9s", DC, "七对2 归1 无听用1", 4, 3, 8),
        Case("1111m2222s4477s99s", "9s", DC, "七对2 归2 无听用1", 5, 5, 32, room=UNCAPPED),
    ],
    "YS-PAT-杠": [
        Case("123m456m789m5m1p | A2s", "5m", SD, "杠1", 1, 1, 2),
        Case("123m456m789m5m1p | G2s@1", "5m", DC, "杠1", 1, 1, 2),
        Case("123m456m789m5m1p | B2s@1", "5m", DC, "杠1", 1, 1, 2),
        Case("123m456m5m1p | G2s*1p@1 A3s", "5m", DC, "杠2", 2, 2, 4),
        Case("11s | P1m*1p@1 G2s@2 B3s@3 A4s", "1s", SD, "碰碰胡1 杠3", 4, 4, 16, room=UNCAPPED),
    ],
    "YS-PAT-本金": [
        # seed: 本金 8筒 with 双听用 makes 7筒 and 9筒 wildcards; either stands for the 8筒
        Case("123456789m6688p7p", "7p", SD, "本金1", 1, 1, 2, "ind=8p", DOUBLE,
             reading="123m 456m 789m 66p 888p wilds=8p"),
        Case("123456789m6688p9p", "9p", SD, "本金1", 1, 1, 2, "ind=8p", DOUBLE,
             reading="123m 456m 789m 66p 888p wilds=8p"),
        # three natural 8筒 and two wildcards as 7筒, 8筒: four 本金 (+2, not +3) and one 归
        Case("123m456m55m888p6p7p9p", "6p", SD, "归1 本金2", 3, 3, 8, "ind=8p", DOUBLE,
             reading="123m 456m 55m 678p 888p wilds=78p"),
        Case("555m123s456s789s22s", "2s", DC, "本金1 无听用1", 2, 2, 4, "ind=5m"),
        Case("55m999m123s456s789s", "9s", DC, "无听用1", 1, 1, 2, "ind=5m"),
        Case("123s456s789s22s | P5m@1", "2s", DC, "无听用1", 1, 1, 2, "ind=5m"),
        # seven pairs: two 本金 +1, four (a wildcard as the fourth) +2
        Case("55m11m99m22s33s77s44s", "4s", DC, "七对2 本金1 无听用1", 4, 4, 16, "ind=5m",
             UNCAPPED),
        Case("555m6m11m99m22s33s77s", "7s", DC, "七对2 归1 本金2", 5, 5, 32, "ind=5m", UNCAPPED,
             reading="11m 55m 55m 99m 22s 33s 77s wilds=5m"),
    ],
    "YS-PAT-无听用": [
        Case("123345m456789s22s", "2s", DC, "无听用1", 1, 1, 2),
        # 1筒 is the wildcard (本金 9筒); used as itself it still counts as a wildcard
        Case("123p456p789p55p111m", "5p", DC, "平胡0", 0, 0, 1, "ind=9p"),
        Case("123p456p789p55p111m", "5p", DC, "无听用1", 1, 1, 2, "ind=5s"),
        Case("123m456m789m55m | P2s*1p@1", "5m", DC, "平胡0", 0, 0, 1),
        Case("123m456m789m55m | P2s@1", "5m", DC, "无听用1", 1, 1, 2),
    ],
    "YS-PAT-自摸": [
        Case(PLAIN, "2s", SD, "自摸1", 1, 1, 2, room=ZIMO),
        Case(PLAIN, "2s", DC, "平胡0", 0, 0, 1, room=ZIMO),
        Case(PLAIN, "2s", RK, "抢杠胡1 自摸1", 2, 2, 4, room=ZIMO),
        Case(PLAIN, "2s", SD, "平胡0", 0, 0, 1),
        Case("123345m456789s22s", "2s", SD, "无听用1 自摸1", 2, 2, 4, room=ZIMO),
    ],
    "YS-PAT-MAX": [
        Case("111222333m4s1p", "4s", DC, "碰碰胡1", 1, 1, 2,
             reading="111m 222m 333m 44s wilds=4s"),
        Case("11223344556677m", "7m", DC, "清一色2 七对2 无听用1", 5, 3, 8,
             reading="11m 22m 33m 44m 55m 66m 77m"),
        Case("11223344556677m", "7m", DC, "清一色2 无听用1", 3, 3, 8, room={"fan": {"qi_dui": 0}},
             reading="123m 123m 456m 456m 77m"),
        Case("1333s444m678m22m1p1p", "2m", DC, "归1", 1, 1, 2,
             reading="22m 444m 678m 123s 333s wilds=23s"),
        Case("123m456m55m888p6p7p9p", "6p", SD, "归1 本金2", 3, 3, 8, "ind=8p", DOUBLE,
             reading="123m 456m 55m 678p 888p wilds=78p"),
    ],
    "YS-CAP-1": [
        Case("11223344556677m", "7m", DC, "清一色2 七对2 无听用1", 5, 3, 8),
        Case("11223344556677m", "7m", DC, "清一色2 七对2 无听用1", 5, 5, 32, room=UNCAPPED),
        Case("11223344556677m", "7m", DC, "清一色2 七对2 无听用1", 5, 0, 1, room={"fan_cap": 0}),
        Case("11223344556677m", "7m", DC, "清一色2 七对2 无听用1", 5, 4, 16, room={"fan_cap": 4}),
        Case("11223344556677m", "7m", DC, "清一色2 七对2 无听用1", 5, 3, 4, room=LINEAR),
        Case("11223344556677m", "7m", DC, "清一色2 七对2 无听用1", 5, 5, 6,
             room={**LINEAR, **UNCAPPED}),
        Case(PLAIN, "2s", DC, "平胡0", 0, 0, 1, room=LINEAR),
    ],
    "YS-WILD-2": [
        # 本金 9筒 with 单听用: 1筒 is the wildcard (9 wraps to 1)
        Case(PLAIN, "2s", DC, "平胡0", 0, 0, 1, "ind=9p",
             reading="123m 345m 22s 456s 789s wilds=2s"),
        # 本金 8筒 with 单听用: only 9筒 is wild, the 7筒 is natural (678p)
        Case("123456789m678p99p", "9p", SD, "本金1", 1, 1, 2, "ind=8p",
             reading="123m 456m 789m 678p 88p wilds=88p"),
        # 本金 2条 with 双听用: 1条 and 3条 are wild
        Case("123m456m789m22m5m1s3s", "1s", SD, "清一色2 归1", 3, 3, 8, "ind=2s", DOUBLE,
             reading="123m 222m 456m 55m 789m wilds=25m"),
        # 本金 1条 with 双听用: 2条 and 9条 are wild (1 wraps to 9), so the hand is all 万
        Case("123m456m789m44m5m2s9s", "9s", SD, "清一色2 归1", 3, 3, 8, "ind=1s", DOUBLE),
    ],
}
# fmt: on


def cases(rule_id: str) -> Callable[[Callable[[Case], None]], Callable[[Case], None]]:
    """Parametrize a test over the cases of one rule ID, each named by its hand."""
    table = CASES[rule_id]
    ids = [f"{c.hand}+{c.win}-{c.how.value}-{c.env}-{i}" for i, c in enumerate(table)]
    return pytest.mark.parametrize("case", table, ids=ids)


@cases("YS-PAT-平胡")
def test_ys_pat_ping_hu(case: Case) -> None:
    """YS-PAT-平胡: no other pattern — 平胡 0 fan, the base 1 point, shown in the breakdown."""
    check(case)


@cases("YS-PAT-碰碰胡")
def test_ys_pat_peng_peng_hu(case: Case) -> None:
    """YS-PAT-碰碰胡: four pungs/kongs plus the pair, as read (wildcards included)."""
    check(case)


@cases("YS-PAT-清一色")
def test_ys_pat_qing_yi_se(case: Case) -> None:
    """YS-PAT-清一色: every tile as read, melds included, of one suit."""
    check(case)


@cases("YS-PAT-七对")
def test_ys_pat_qi_dui(case: Case) -> None:
    """YS-PAT-七对: seven pairs; four of a kind is two pairs and one 归 (YS-WIN-1)."""
    check(case)


@cases("YS-PAT-杠上花")
def test_ys_pat_gang_shang_hua(case: Case) -> None:
    """YS-PAT-杠上花: self-draw on a kong's replacement (kong_chain 0 after a 提)."""
    check(case)


@cases("YS-PAT-杠上炮")
def test_ys_pat_gang_shang_pao(case: Case) -> None:
    """YS-PAT-杠上炮: won on the konger's next discard."""
    check(case)


@cases("YS-PAT-抢杠胡")
def test_ys_pat_qiang_gang_hu(case: Case) -> None:
    """YS-PAT-抢杠胡: robbing a 补杠, 1 fan; with 自摸加番 the 自摸 fan is added."""
    check(case)


@cases("YS-PAT-天胡")
def test_ys_pat_tian_hu(case: Case) -> None:
    """YS-PAT-天胡: the dealer wins on his dealt 14 (self-draw, first turn)."""
    check(case)


@cases("YS-PAT-地胡")
def test_ys_pat_di_hu(case: Case) -> None:
    """YS-PAT-地胡: another seat wins on the dealer's first discard."""
    check(case)


@cases("YS-PAT-归")
def test_ys_pat_gui(case: Case) -> None:
    """YS-PAT-归: four copies across the concealed hand as read and own pengs (not kongs);
    a wildcard counts only where the chosen reading uses it as that tile."""
    check(case)


@cases("YS-PAT-杠")
def test_ys_pat_gang(case: Case) -> None:
    """YS-PAT-杠: +1 fan per own kong of any kind (暗杠, 直杠, 补杠, with wildcards or not)."""
    check(case)


@cases("YS-PAT-本金")
def test_ys_pat_ben_jin(case: Case) -> None:
    """YS-PAT-本金: 3 in the concealed hand +1, 4 +2 (not both); seven pairs 2 +1, 4 +2;
    wildcards count where the reading uses them as 本金; a peng of it does not count."""
    check(case)


@cases("YS-PAT-无听用")
def test_ys_pat_wu_ting_yong(case: Case) -> None:
    """YS-PAT-无听用: no wildcard tile anywhere, even one used as itself or inside a meld."""
    check(case)


@cases("YS-PAT-自摸")
def test_ys_pat_zi_mo(case: Case) -> None:
    """YS-PAT-自摸: +1 for a self-draw (and 抢杠胡) only with the option 自摸加番."""
    check(case)


@cases("YS-PAT-MAX")
def test_ys_pat_max(case: Case) -> None:
    """YS-PAT-MAX: the reading (wildcard assignment included) that scores most, reported."""
    check(case)


@cases("YS-CAP-1")
def test_ys_cap_1(case: Case) -> None:
    """YS-CAP-1: fan cap 3 by default, None for none; pattern score per SCORE-1."""
    check(case)


@cases("YS-WILD-2")
def test_ys_wild_2_cases(case: Case) -> None:
    """YS-WILD-2: the 本金 makes rank + 1 (单听用) or rank +/- 1 (双听用) wild, wrapping."""
    check(case)


# --- helpers, edge cases, the pattern classes and the room's pattern list --------------------


@pytest.mark.parametrize(
    ("indicator", "single", "double"),
    [
        ("8p", "9p", "79p"),  # seed: 本金 8筒, 双听用 → 7筒 and 9筒
        ("9p", "1p", "18p"),  # seed: 本金 9筒, 单听用 → 1筒 (9 wraps to 1)
        ("1s", "2s", "29s"),  # Reading: 1 wraps to 9
        ("5m", "6m", "46m"),
    ],
)
def test_ys_wild_2_wild_kinds(indicator: str, single: str, double: str) -> None:
    """YS-WILD-2: wild_kinds(本金, 'single' / 'double'); the options know their own."""
    tile = Tile(indicator)
    assert wild_kinds(tile, "single") == TileSet(single)
    assert wild_kinds(tile, "double") == TileSet(double)
    assert YongshanOptions().wild_kinds(tile) == TileSet(single)
    assert YongshanOptions.build(wildcards="double").wild_kinds(tile) == TileSet(double)


def test_ys_wild_2_wild_kinds_refuses_bad_input() -> None:
    """YS-WILD-2: a 本金 is a suited tile; the mode is 'single' or 'double'."""
    with pytest.raises(WallError, match="suited"):  # the library's own errors (ValueErrors too)
        wild_kinds(Tile("1z"), "single")
    with pytest.raises(OptionsError, match="single"):
        wild_kinds(Tile("1m"), "triple")


@pytest.mark.parametrize(
    ("naturals", "melds", "lacks"),
    [
        ("123m456m99m", "", True),
        ("123m456p99m", "P5p@1", True),
        ("123m456p99m", "P5s@1", False),
        ("123m456p789s22m", "", False),
        ("123m456p99m", "P5p*7s@1", True),  # the wildcard 7s in the peng is no 条
        ("", "P5p*7s@1 G3p*1s1s@2", True),
        ("123m", "P5p@1 A9s", False),
    ],
)
def test_ys_wild_5_lacks_a_suit(naturals: str, melds: str, lacks: bool) -> None:
    """YS-WILD-5: wildcards (in hand or inside melds) do not count towards suits (缺一门)."""
    parsed = tuple(Meld.parse(m) for m in melds.split())
    assert lacks_a_suit(TileCounts(naturals), parsed) is lacks


def test_ys_wild_5_hand_with_wildcards_of_a_third_suit() -> None:
    """YS-WILD-5: a 万/条 hand holding 筒 wildcards still lacks 筒 (naturals exclude them)."""
    ctx = make_ctx(PLAIN, "2s", DC)
    assert ctx.wilds == 1
    assert lacks_a_suit(ctx.concealed, ctx.melds)
    assert not lacks_a_suit(ctx.concealed.add(Tile("5p")), ctx.melds)


def test_ys_wild_6_no_fifth_copy_as_read() -> None:
    """YS-WILD-6: a wildcard never stands for a fifth copy, melds included."""
    hand = "123m789m5m1p | P5m@1 P3s@2"
    assert score(Case(hand, "5m", DC, "", 0, 0, 0)) is None
    ctx = make_ctx(hand, "5m", DC)
    assert list(readings(ctx)) == []
    check(Case("123m789m5m1p | P6m@1 P3s@2", "5m", DC, "平胡0", 0, 0, 1))


def test_score_yongshan_incomplete_hand_is_none() -> None:
    """SCORE-3: a hand with no complete reading has no breakdown."""
    assert score(Case("123345m456789s23s", "2s", DC, "", 0, 0, 0)) is None


def test_score_yongshan_has_no_honor_readings() -> None:
    """YS-TILES-1: no honors, so a wildcard never stands for one."""
    result = score(Case("123m456m789m55m1p1p1p", "1p", SD, "", 0, 0, 0))
    assert result is not None and result.reading is not None
    for reading in readings(make_ctx("123m456m789m55m1p1p1p", "1p", SD)):
        assert all(not tile.is_honor for tile in reading.wilds)


def test_score_yongshan_matches_best_breakdown() -> None:
    """SCORE-1: score_yongshan is best_breakdown with the room's patterns, fans, scoring, cap."""
    options = YongshanOptions.build(fan_cap=None, scoring="linear", fan={"peng_peng_hu": 4})
    ctx = make_ctx("111m222s333s44s | P5m@1", "4s", SD)
    direct = best_breakdown(
        yongshan_patterns(options),
        ctx,
        fans=options.fans(),
        scoring="linear",
        cap=None,
        honors=False,
    )
    assert direct == score_yongshan(ctx, options)
    assert direct is not None and direct.points == 6


def test_counted_patterns_report_their_count() -> None:
    """YS-PAT-归, YS-PAT-杠, YS-PAT-本金: a counted line carries its count and fan x count."""
    result = score(Case("555m6m11m99m22s33s77s", "7s", DC, "", 0, 0, 0, "ind=5m"))
    assert result is not None
    lines = {item.key: (item.count, item.fan) for item in result.items}
    assert lines == {"qi_dui": (1, 2), "gui": (1, 1), "ben_jin": (2, 2)}
    doubled = score(
        Case("555m6m11m99m22s33s77s", "7s", DC, "", 0, 0, 0, "ind=5m", {"fan": {"ben_jin": 2}})
    )
    assert doubled is not None
    assert {i.key: (i.count, i.fan) for i in doubled.items}["ben_jin"] == (2, 4)


def test_ties_break_the_same_way() -> None:
    """SCORE-3 / YS-PAT-清一色: 1223344556789m + the wildcard 1p, won on 5m, reads two ways —
    123m 234m 456m 789m with 55m (the wildcard a 5m), or 22m with 123m (the wildcard a 2m)
    345m 456m 789m — and both score the same, 清一色 2 fan, 4 points (a wildcard held: no
    无听用; no 归, no 本金). The tie goes to the first reading in the documented order (at
    each kind, the fewest chows, no pung, no pair first: 234m before the pair 22m), and the
    same one whatever order the hand's tiles come in."""
    expected = "123m 234m 456m 55m 789m wilds=5m"
    by_reference = {
        (tuple(groups), wilds)
        for _form, groups, wilds in ref_decompositions(
            TileCounts("1223344556789m").counts(), 1, seven_pairs=True, honors=False
        )
    }
    assert by_reference == {
        ((("chow", 0), ("chow", 1), ("chow", 3), ("pair", 4), ("chow", 6)), (4,)),
        ((("chow", 0), ("pair", 1), ("chow", 2), ("chow", 3), ("chow", 6)), (1,)),
    }
    for hand in ("1223344556789m1p", "9876554433221m1p", "1p5544332219876m"):
        check(Case(hand, "5m", DC, "清一色2", 2, 2, 4, reading=expected))


# --- options -------------------------------------------------------------------------------


def test_options_defaults() -> None:
    """SPEC section 2: every option and its default."""
    options = YongshanOptions()
    assert options.players == 4
    assert options.wildcards == "single"
    assert options.zi_mo_jia_fan is False
    assert options.fan_cap == 3
    assert options.scoring == "doubling"
    assert options.ting_dian_three_players is False
    assert options.ti_from_hand is False
    assert options.wild_reading == "lack_a_suit"
    assert options.meld_wilds == "naturals_first"
    assert options.ask_every_seat is False
    assert options.hua_zhu_fan is None
    assert options.hua_zhu_points == 8  # the cap's score: 2 ** 3
    assert YongshanOptions.build(fan_cap=None).hua_zhu_points == 8  # no cap: 3 fan
    assert YongshanOptions.build(hua_zhu_fan=1, scoring="linear").hua_zhu_points == 2
    assert options.fans() == dict(DEFAULT_FANS)
    names = {name for name, _, _ in YongshanOptions.describe()}
    assert names == {
        "players",
        "wildcards",
        "zi_mo_jia_fan",
        "ting_dian_three_players",
        "ti_from_hand",
        "wild_reading",
        "meld_wilds",
        "hua_zhu_fan",
        "ask_every_seat",
        "scoring",
        "fan_cap",
        "fan",
    }


@pytest.mark.parametrize(
    ("room", "match"),
    [
        ({"players": 5}, "players"),
        ({"wildcards": "triple"}, "wildcards"),
        ({"zi_mo_jia_fan": "yes"}, "zi_mo_jia_fan"),
        ({"fan_cap": 14}, "fan_cap"),
        ({"scoring": "squared"}, "scoring"),
        ({"fan": {"hu_pai": 1}}, "hu_pai"),
        ({"fan": {"gui": -1}}, "gui"),
        ({"ting_dian": True}, "ting_dian"),
    ],
)
def test_options_refuse_bad_values(room: dict[str, Any], match: str) -> None:
    """SCORE-2 and SPEC section 2: unknown options and bad values raise OptionsError."""
    with pytest.raises(OptionsError, match=match):
        YongshanOptions.build(**room)


CLASSES: tuple[type[Pattern], ...] = (
    PingHu,
    PengPengHu,
    QingYiSe,
    QiDui,
    GangShangHua,
    GangShangPao,
    QiangGangHu,
    TianHu,
    DiHu,
    Gui,
    Gang,
    BenJin,
    WuTingYong,
    ZiMo,
)


@pytest.mark.parametrize("cls", CLASSES, ids=[c.__name__ for c in CLASSES])
def test_pattern_class_attributes(cls: type[Pattern]) -> None:
    """SCORE-2: keys and default fans are the options' DEFAULT_FANS; names as in SPEC.md."""
    assert KEY_OF[cls.name_zh] == cls.key
    assert cls.default_fan == DEFAULT_FANS[cls.key]
    doc = cls.__doc__ or ""
    assert doc.startswith(f"{cls.name_zh} ({cls.pinyin}), ")
    assert f"YS-PAT-{cls.name_zh}" in doc
    assert repr(cls()) == f"<{cls.__name__} {cls.name_zh} {cls.key}>"
    if cls is not PingHu:
        assert "ping_hu" in cls.replaces


def test_every_default_fan_has_a_pattern() -> None:
    """SCORE-2: one class per key of DEFAULT_FANS, in its order."""
    assert [c.key for c in CLASSES] == list(DEFAULT_FANS)


@pytest.mark.parametrize(("room", "missing"), [({}, {"zi_mo"}), (ZIMO, set())])
def test_yongshan_patterns_follow_options(room: dict[str, Any], missing: set[str]) -> None:
    """YS-PAT-自摸: the 自摸 pattern is in the room only with 自摸加番."""
    keys = [p.key for p in yongshan_patterns(YongshanOptions.build(**room))]
    assert keys == [k for k in DEFAULT_FANS if k not in missing]
