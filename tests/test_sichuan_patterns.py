"""Tests for 四川血战到底 scoring patterns (SICHUAN.md SC-PAT-*, SC-PAT-COMPAT, SC-PAT-MAX,
SC-CAP-1, and the options that change patterns).

Every case is one line: the hand (``"concealed | melds"``; the concealed tiles include the winning
tile), the winning tile, how it was won, the expected breakdown as Chinese names with their fan
(``"碰碰胡1 金钩钓1"``), then the fan before the cap, the capped fan and the points (SC-CAP-1:
``2 ** min(fan, cap)``). ``env`` sets the rest of the context: ``chain=1`` kongs in a row before a
self-draw, ``after_kong`` (the discarder drew a replacement this turn), ``last`` (the wall's last
tile had been taken), ``first`` (a first-turn win whose conditions hold), ``seat=1``. ``room``
sets the options.

test_sichuan_recorded_scores.py scores every win of the hands recorded from dcmshi's engine.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

import pytest

from mahjong_rules.counts import TileCounts
from mahjong_rules.errors import InvalidHandError
from mahjong_rules.melds import Meld
from mahjong_rules.scoring import Breakdown, WinContext, WinKind
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.sichuan import SichuanOptions
from mahjong_rules.variants.sichuan.patterns import (
    EXCLUDES,
    SichuanContext,
    SichuanPattern,
    plain_win,
    score_dealt_win,
    score_sichuan,
    sichuan_patterns,
)
from mahjong_rules.wins.types import WinForm

SD, DC, RK, CJ = WinKind.SELF_DRAW, WinKind.DISCARD, WinKind.ROB_KONG, WinKind.CHA_JIAO

KEY_OF = {
    "平胡": "ping_hu",
    "杠": "gang",
    "根": "gen",
    "碰碰胡": "peng_peng_hu",
    "金钩钓": "jin_gou_diao",
    "清一色": "qing_yi_se",
    "七对": "qi_dui",
    "杠上花": "gang_shang_hua",
    "杠上炮": "gang_shang_pao",
    "抢杠胡": "qiang_gang_hu",
    "海底": "hai_di",
    "天胡": "tian_hu",
    "地胡": "di_hu",
    "自摸": "zi_mo",
}
"""SICHUAN.md's spelling of every pattern and its key."""


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


def make_ctx(hand: str, win: str, how: WinKind, env: str = "") -> SichuanContext:
    concealed, _, melds = hand.partition("|")
    flags: dict[str, Any] = {}
    for token in env.split():
        name, _, value = token.partition("=")
        if name == "chain":
            flags["kong_chain"] = int(value)
        elif name == "seat":
            flags["seat"] = int(value)
        else:
            field = {"after_kong": "after_kong", "last": "last_tile", "first": "first_turn"}
            flags[field[name]] = True
    return SichuanContext(
        concealed=TileCounts(concealed.replace(" ", "")),
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


def check(case: Case) -> Breakdown:
    options = SichuanOptions.build(**(case.room or {}))
    result = score_sichuan(make_ctx(case.hand, case.win, case.how, case.env), options)
    assert result is not None
    assert as_items(result) == expected_items(case.expect)
    assert (result.fan, result.capped_fan, result.points) == (case.fan, case.capped, case.points)
    return result


PLAIN = "123m456m789m234p55p"
KONGED = "123m456m789m55p | A9s"
PUNGS = "111m555p55s | P2m@1 P9p@2"
PAIRS = "11m22m33p44p55p66s77s"

CASES = {
    # SC-PAT-平胡: no pattern, 0 fan, pattern score 1
    "SC-PAT-平胡 on a discard": Case(PLAIN, "5p", DC, "平胡0", 0, 0, 1),
    "SC-PAT-平胡 self-drawn (自摸加底: no fan)": Case(PLAIN, "2p", SD, "平胡0", 0, 0, 1),
    # SC-PAT-杠: 1 per kong of any kind, at most 4
    "SC-PAT-杠 one concealed kong": Case(KONGED, "5p", SD, "杠1", 1, 1, 2),
    "SC-PAT-杠 three kongs of three kinds": Case(
        "123m55p | A9s G1p@2 B7p@1", "5p", DC, "杠3", 3, 3, 8
    ),
    "SC-PAT-杠 four kongs, 碰碰胡 and 金钩钓 too": Case(
        "55p | A9s G1m@2 B7p@1 A3p", "5p", DC, "杠4 碰碰胡1 金钩钓1", 6, 3, 8
    ),
    # SC-PAT-根: four copies in two or more groups, at most 3
    "SC-PAT-根 a pung and a chow": Case("234m444m55p678p789p", "5p", DC, "根1", 1, 1, 2),
    "SC-PAT-根 the pair and two chows": Case("44m345m456m111p789p", "7p", DC, "根1", 1, 1, 2),
    "SC-PAT-根 a melded peng and a chow": Case("456m55p678p789p | P4m@1", "5p", DC, "根1", 1, 1, 2),
    "SC-PAT-根 four in one kong score 杠 only": Case(
        "123m55p678p789p | A4m", "5p", DC, "杠1", 1, 1, 2
    ),
    "SC-PAT-根 龙七对 is 七对 + 根": Case("1111m22m33p44p55p66p", "6p", DC, "根1 七对2", 3, 3, 8),
    "SC-PAT-根 at most 3 (SC-PAT-MAX: 七对 read first)": Case(
        "1111m2222m3333m55m", "5m", SD, "根3 清一色2 七对2", 7, 3, 8
    ),
    # SC-PAT-碰碰胡 and SC-PAT-金钩钓
    "SC-PAT-碰碰胡 won on a pung's tile": Case(PUNGS, "1m", DC, "碰碰胡1", 1, 1, 2),
    "SC-PAT-金钩钓 pair_wait: won on the pair's tile": Case(
        PUNGS, "5s", DC, "碰碰胡1 金钩钓1", 2, 2, 4
    ),
    "SC-PAT-金钩钓 four_melds: two sets in hand are not enough": Case(
        PUNGS, "5s", DC, "碰碰胡1", 1, 1, 2, room={"jin_gou_diao": "four_melds"}
    ),
    "SC-PAT-金钩钓 four_melds: all four laid down": Case(
        "55s | P2m@1 P9p@2 P1m@3 A5p",
        "5s",
        SD,
        "杠1 碰碰胡1 金钩钓1",
        3,
        3,
        8,
        room={"jin_gou_diao": "four_melds"},
    ),
    # SC-PAT-清一色 and SC-PAT-七对
    "SC-PAT-清一色 concealed": Case("123m456m789m234m55m", "5m", DC, "清一色2", 2, 2, 4),
    "SC-PAT-清一色 melds included": Case(
        "123m456m55m | P9m@1 A7m", "5m", DC, "杠1 清一色2", 3, 3, 8
    ),
    "SC-PAT-清一色 not with a meld of another suit": Case(
        "123m456m789m55m | P9p@1", "5m", DC, "平胡0", 0, 0, 1
    ),
    "SC-PAT-七对": Case(PAIRS, "7s", DC, "七对2", 2, 2, 4),
    # situational fans
    "SC-PAT-杠上花 after a concealed kong": Case(
        KONGED, "5p", SD, "杠1 杠上花1", 2, 2, 4, env="chain=1"
    ),
    "SC-PAT-杠上花 after a 直杠, two kongs in a row": Case(
        "123m456m789m55p | G9s@2", "5p", SD, "杠1 杠上花1", 2, 2, 4, env="chain=2"
    ),
    "SC-PAT-杠上炮": Case(PLAIN, "5p", DC, "杠上炮1", 1, 1, 2, env="after_kong"),
    "SC-PAT-杠上炮 is no self-draw's": Case(PLAIN, "5p", SD, "平胡0", 0, 0, 1, env="after_kong"),
    "SC-PAT-抢杠胡": Case(PLAIN, "2p", RK, "抢杠胡1", 1, 1, 2),
    "SC-PAT-COMPAT 抢杠胡 not beside 碰碰胡": Case(PUNGS, "1m", RK, "碰碰胡1", 1, 1, 2),
    "SC-PAT-COMPAT 抢杠胡 not beside 金钩钓": Case(PUNGS, "5s", RK, "碰碰胡1 金钩钓1", 2, 2, 4),
    "SC-PAT-COMPAT 抢杠胡 not beside 七对": Case(PAIRS, "7s", RK, "七对2", 2, 2, 4),
    "SC-PAT-COMPAT 抢杠胡 beside 清一色 and 根": Case(
        "234m444m55m678m789m", "5m", RK, "根1 清一色2 抢杠胡1", 4, 3, 8
    ),
    "SC-PAT-海底 海底捞月": Case(PLAIN, "5p", SD, "海底1", 1, 1, 2, env="last"),
    "SC-PAT-海底 海底炮": Case(PLAIN, "5p", DC, "海底1", 1, 1, 2, env="last"),
    "SC-PAT-海底 the last tile as a replacement: 杠上花 + 海底": Case(
        KONGED, "5p", SD, "杠1 杠上花1 海底1", 3, 3, 8, env="chain=1 last"
    ),
    "SC-PAT-海底 after a last-tile replacement: 海底 only": Case(
        PLAIN, "5p", DC, "海底1", 1, 1, 2, env="after_kong last"
    ),
    "SC-PAT-海底 last_tile_gang_shang_pao=both": Case(
        PLAIN,
        "5p",
        DC,
        "杠上炮1 海底1",
        2,
        2,
        4,
        env="after_kong last",
        room={"last_tile_gang_shang_pao": "both"},
    ),
    # 天胡 and 地胡: the cap whatever the hand
    "SC-PAT-天胡 a plain hand": Case(PLAIN, "5p", SD, "天胡3", 3, 3, 8, env="first"),
    "SC-PAT-天胡 its fans still listed": Case(
        "123m456m789m234m55m", "5m", SD, "清一色2 天胡3", 5, 3, 8, env="first"
    ),
    "SC-PAT-天胡 at cap 4 (SC-CAP-1)": Case(
        PLAIN, "5p", SD, "天胡4", 4, 4, 16, env="first", room={"fan_cap": 4}
    ),
    "SC-PAT-天胡 after a concealed kong: no 杠上花": Case(
        KONGED, "5p", SD, "杠1 天胡3", 4, 3, 8, env="first chain=1"
    ),
    "SC-PAT-天胡 tian_di_hu off: a plain self-draw": Case(
        PLAIN, "5p", SD, "平胡0", 0, 0, 1, env="first", room={"tian_di_hu": False}
    ),
    "SC-PAT-地胡": Case(PLAIN, "5p", SD, "地胡3", 3, 3, 8, env="first seat=1"),
    "SC-PAT-地胡 on a replacement it is 杠上花": Case(
        KONGED, "5p", SD, "杠1 杠上花1", 2, 2, 4, env="first seat=1 chain=1"
    ),
    "SC-PAT-地胡 never on a discard": Case(PLAIN, "5p", DC, "平胡0", 0, 0, 1, env="first seat=1"),
    "SC-PAT-地胡 tian_di_hu off": Case(
        PLAIN, "5p", SD, "平胡0", 0, 0, 1, env="first seat=1", room={"tian_di_hu": False}
    ),
    # SC-PAY-1: 自摸加番
    "SC-PAY-1 zi_mo=jia_fan: a self-draw's fan": Case(
        PLAIN, "5p", SD, "自摸1", 1, 1, 2, room={"zi_mo": "jia_fan"}
    ),
    "SC-PAY-1 zi_mo=jia_fan: within the cap": Case(
        "123m456m789m234m55m", "5m", SD, "清一色2 自摸1", 3, 3, 8, room={"zi_mo": "jia_fan"}
    ),
    "SC-PAY-1 zi_mo=jia_fan: not on a discard": Case(
        PLAIN, "5p", DC, "平胡0", 0, 0, 1, room={"zi_mo": "jia_fan"}
    ),
    # SC-CHAJIAO-3: 查叫 values the shape only
    "SC-CHAJIAO-3 no 杠": Case(KONGED, "5p", CJ, "平胡0", 0, 0, 1),
    "SC-CHAJIAO-3 cha_jiao_gang_fan counts the kongs": Case(
        KONGED, "5p", CJ, "杠1", 1, 1, 2, room={"cha_jiao_gang_fan": True}
    ),
    "SC-CHAJIAO-3 金钩钓 on the wait": Case(PUNGS, "5s", CJ, "碰碰胡1 金钩钓1", 2, 2, 4),
    "SC-CHAJIAO-3 no situational fan": Case(PLAIN, "5p", CJ, "平胡0", 0, 0, 1, env="last"),
    # SC-CAP-1 and SCORE-2
    "SC-CAP-1 cap 4": Case(
        "55p | A9s G1m@2 B7p@1 A3p",
        "5p",
        DC,
        "杠4 碰碰胡1 金钩钓1",
        6,
        4,
        16,
        room={"fan_cap": 4},
    ),
    "SC-CAP-1 cap 6 (SCORE-2 fan per room)": Case(
        "55p | A9s G1m@2 B7p@1 A3p",
        "5p",
        DC,
        "杠8 碰碰胡1 金钩钓1",
        10,
        6,
        64,
        room={"fan_cap": 6, "fan": {"gang": 2}},
    ),
    "SCORE-2 清一色 at 3 fan": Case(
        "123m456m789m234m55m", "5m", DC, "清一色3", 3, 3, 8, room={"fan": {"qing_yi_se": 3}}
    ),
    # SC-PAT-MAX: the best reading
    "SC-PAT-MAX pungs read over chows": Case(
        "111222333m55p | P7s@1", "5p", DC, "碰碰胡1 金钩钓1", 2, 2, 4
    ),
}


@pytest.mark.parametrize("case", list(CASES.values()), ids=list(CASES))
def test_pattern_case(case: Case) -> None:
    """Each named rule of SICHUAN.md (SC-PAT-*, SC-CAP-1, ...) scores its exact breakdown."""
    check(case)


def test_every_pattern_has_a_case() -> None:
    """SC-PAT-平胡 .. SC-PAT-地胡: every pattern key appears in some expected breakdown."""
    seen = {key for case in CASES.values() for key, _, _ in expected_items(case.expect)}
    keys = {p.key for p in sichuan_patterns(SichuanOptions(zi_mo="jia_fan"))}
    assert seen == keys == set(KEY_OF.values())


def test_patterns_per_options() -> None:
    """The options that add patterns: tian_di_hu (SC-PAT-天胡, SC-PAT-地胡), zi_mo (SC-PAY-1)."""
    default = [p.key for p in sichuan_patterns(SichuanOptions())]
    assert default == [
        "ping_hu",
        "gang",
        "gen",
        "peng_peng_hu",
        "jin_gou_diao",
        "qing_yi_se",
        "qi_dui",
        "gang_shang_hua",
        "gang_shang_pao",
        "qiang_gang_hu",
        "hai_di",
        "tian_hu",
        "di_hu",
    ]
    off = [p.key for p in sichuan_patterns(SichuanOptions(tian_di_hu=False, zi_mo="jia_fan"))]
    assert off == [*default[:-2], "zi_mo"]


def test_pattern_docstrings_open_with_chinese_and_pinyin() -> None:
    for pattern in sichuan_patterns(SichuanOptions(zi_mo="jia_fan")):
        doc = type(pattern).__doc__ or ""
        assert doc.startswith(f"{pattern.name_zh} ({pattern.pinyin})"), pattern


def test_compatibility_table() -> None:
    """SC-PAT-COMPAT: exactly PDF Table 9's exclusions as SICHUAN.md lists them, symmetric."""
    listed = {
        "qi_dui": {"gang", "peng_peng_hu", "jin_gou_diao", "gang_shang_hua", "qiang_gang_hu"},
        "gen": {"peng_peng_hu", "jin_gou_diao"},
        "qiang_gang_hu": {
            "peng_peng_hu",
            "jin_gou_diao",
            "qi_dui",
            "gang_shang_hua",
            "gang_shang_pao",
            "hai_di",
        },
        "gang_shang_hua": {"gang_shang_pao"},
    }
    pairs = {frozenset((a, b)) for a, others in listed.items() for b in others}
    found = {frozenset((a, b)) for a, others in EXCLUDES.items() for b in others}
    assert found == pairs
    assert all(a in EXCLUDES[b] for a, others in EXCLUDES.items() for b in others)
    situational = {
        p.key
        for p in sichuan_patterns(SichuanOptions())
        if isinstance(p, SichuanPattern) and p.situational
    }
    assert situational == {"gang_shang_hua", "gang_shang_pao", "qiang_gang_hu", "hai_di"}


def test_best_reading_is_the_first_at_the_top_score() -> None:
    """SC-PAT-MAX: dcmshi's tie rule, the first reading (七对 first) with the highest capped
    score, even where a later one has more fan before the cap."""
    ctx = make_ctx("1111m2222m3333m55m", "5m", SD)
    result = score_sichuan(ctx, SichuanOptions())
    assert result is not None and result.reading is not None
    assert result.reading.form is WinForm.SEVEN_PAIRS
    uncapped = score_sichuan(ctx, SichuanOptions(fan_cap=13))
    assert uncapped is not None and (uncapped.fan, uncapped.points) == (7, 128)


def test_incomplete_hand_scores_none_and_wildcards_are_refused() -> None:
    """SC-WIN-1: a hand that is not complete has no breakdown; SC-TILES-1: no wildcards and
    no honors (InvalidHandError)."""
    ctx = make_ctx("123m456m789m234p56p", "6p", DC)
    assert score_sichuan(ctx, SichuanOptions()) is None
    wild = WinContext(concealed=TileCounts(PLAIN), winning_tile=Tile("5p"), how=DC, wilds=1)
    with pytest.raises(InvalidHandError, match="no wildcards"):
        score_sichuan(wild, SichuanOptions())
    honors = make_ctx("123m456m789m234p11z", "1z", DC)
    with pytest.raises(InvalidHandError, match="holds honor tiles but honors=False"):
        score_sichuan(honors, SichuanOptions())


def test_a_plain_win_context_never_scores_hai_di() -> None:
    """SC-PAT-海底 reads SichuanContext.last_tile; a WinContext has none."""
    ctx = WinContext(concealed=TileCounts(PLAIN), winning_tile=Tile("5p"), how=SD)
    result = score_sichuan(ctx, SichuanOptions())
    assert result is not None and result.keys == ("ping_hu",)


def test_plain_win_drops_the_situational_fans() -> None:
    """SC-PASSHU-2 "structural": a win compared as a plain win (no 杠上炮, 海底, 抢杠胡)."""
    options = SichuanOptions()
    for how, env in ((DC, "after_kong last"), (RK, ""), (SD, "chain=1 last first")):
        plain = plain_win(make_ctx(KONGED, "5p", how, env))
        assert isinstance(plain, SichuanContext) and not plain.last_tile
        assert plain.how is (DC if how is RK else how)
        result = score_sichuan(plain, options)
        assert result is not None and as_items(result) == expected_items("杠1")
    robbed = plain_win(make_ctx(PUNGS, "5s", RK))
    result = score_sichuan(robbed, options)
    assert result is not None and result.points == 4


def test_dealt_win_takes_the_best_winning_tile() -> None:
    """SC-TURN-1 / SC-PAT-金钩钓: the dealer's dealt 14 have no winning tile; each kind is tried
    and 金钩钓 found (the cap at 3: tian_di_hu off, so a plain self-draw)."""
    ctx = make_ctx("111m555p222s999s55s", "1m", SD, "first")
    options = SichuanOptions(tian_di_hu=False)
    assert score_sichuan(ctx, options) is not None
    result = score_dealt_win(ctx, options)
    assert result is not None
    assert as_items(result) == expected_items("碰碰胡1 金钩钓1")
    assert result.points == 4
