"""The engine names no game's rule (issue 19): every line of ``src/mahjong_rules/engine/*.py``
— code, identifiers, comments, docstrings and messages alike — is scanned for

* Chinese terms: every run of CJK characters must be a generic mahjong term of
  :data:`GENERIC_TERMS` (the actions, kongs, 过手胡, 血战, 查叫...). A shipped game's own rule
  (买点, 报听, 十老头, 本金, 听用, 提...) and the games' names (保山, 永善) are the variants';
* the games and their rule IDs: ``Baoshan``, ``Yongshan``, ``BS-…``, ``YS-…``, ``SC-…`` (the
  generic IDs FLOW-, DEAL-, SEAT-, TILE-, SCORE-, READY-, PASSPENG- may stay). A rule ID is
  named where the variant plays it, so one search finds its code and its test;
* the identifiers of the rules moved into the variants (``honor_run``, ``BuyPoints``,
  ``Ting``, ``ti_made``, ``indicator``...).

A room's registry name in an example (``get_variant("baoshan")`` in a doctest) is no rule and
is not refused. Each failure names ``file:line`` and the term.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "src" / "mahjong_rules" / "engine"

GENERIC_TERMS = frozenset(
    {
        # the actions and the kongs (simplified and traditional, as the text notation reads)
        "打", "打牌", "碰", "杠", "槓", "胡", "胡牌", "过", "過",
        "暗杠", "暗槓", "暗", "直杠", "直槓", "直", "补杠", "補槓", "补", "補", "补张",
        # the table and the tiles
        "庄家", "下家", "牌墙", "发牌", "明牌", "暗牌", "万", "筒", "条", "九条",
        # how a hand is won, declined and ended, in every game that plays it
        "听牌", "天胡", "地胡", "杠上花", "杠上炮", "抢杠", "抢杠胡", "一炮多响",
        "过手胡", "过手碰", "血战", "流局", "黄庄", "查叫", "杠分", "罚分",
        # how far a hand is from ready, and a seat played for its player (the bots' advice)
        "向听", "托管",
        # the docs' example of a variant's own secret choice (a void suit)
        "定缺", "缺",
        # the default words of a variant's actions, events and records (engine/word_hooks.py)
        "是", "否", "用", "座位", "牌桌", "你的", "你选择", "四万", "五万", "七筒",
    }
)  # fmt: skip
"""Generic mahjong terms the engine may name. Add only a term every game could use: never a
shipped game's own rule (see :data:`RULE_TERMS`)."""

RULE_TERMS = ("买点", "报听", "十老头", "本金", "听用", "提", "保山", "永善")
"""Terms of the shipped games' own rules and their names: no generic term contains one."""
RULE_VERBS = ("买", "買", "听", "聽")
"""The verbs of 买点 and 报听 in the text notation: no generic term is one."""

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_GAMES = re.compile(
    r"Baoshan|Yongshan|\b(?:BS|YS|SC)-[A-Z0-9\u4e00-\u9fff\-]*[A-Z0-9\u4e00-\u9fff]"
)
_MOVED = re.compile(
    r"honor_run|BuyPoints|PointsBought|BUYING|buy_cap|buy_points|\bTing\b|\.ting\b|"
    r"\bDeclared\b|can_declare|\bTi\b|ti_made|indicator|Swapped"
)


def _lines() -> list[tuple[str, int, str]]:
    """Every line of every engine module: (``engine/name.py``, line number, text)."""
    out = []
    for path in sorted(ENGINE.glob("*.py")):
        where = f"engine/{path.name}"
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            out.append((where, number, text))
    return out


def _report(hits: list[str], what: str) -> str:
    return f"{len(hits)} {what} in engine/:\n" + "\n".join(hits)


def test_the_generic_terms_hold_no_rule_term() -> None:
    """The allow-list itself: no generic term is, or holds, a game's rule term or name."""
    assert not [t for t in GENERIC_TERMS if t in RULE_VERBS or any(r in t for r in RULE_TERMS)]
    assert all(_CJK.fullmatch(t) for t in GENERIC_TERMS)


def test_the_engine_names_no_chinese_rule_term() -> None:
    """Every Chinese term in engine/ is a generic mahjong term (issue 19)."""
    hits = [
        f"{where}:{number} {term}"
        for where, number, text in _lines()
        for term in _CJK.findall(text)
        if term not in GENERIC_TERMS
    ]
    assert not hits, _report(hits, "Chinese terms of one game's rules")


def test_the_engine_names_no_game_and_no_rule_id_of_one() -> None:
    """engine/ names neither game nor a rule ID of one (BS-…, YS-…, SC-…; issue 19)."""
    hits = [
        f"{where}:{number} {m.group()}"
        for where, number, text in _lines()
        for m in _GAMES.finditer(text)
    ]
    assert not hits, _report(hits, "names of a game or of its rule IDs")


def test_the_engine_keeps_no_identifier_of_a_moved_rule() -> None:
    """The fields, classes and hooks of the rules moved into the variants are gone from
    engine/ (issue 19: 十老头, 买点, 报听, 提 and 本金)."""
    hits = [
        f"{where}:{number} {m.group()}"
        for where, number, text in _lines()
        for m in _MOVED.finditer(text)
    ]
    assert not hits, _report(hits, "identifiers of moved rules")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("# 过手胡 / 过手碰 for the seats that declined", ([], [], [])),
        ('"""报听 (BS-TING-3: the hand is locked)."""', (["报听"], ["BS-TING-3"], [])),
        ("    honor_run: int = 0", ([], [], ["honor_run"])),
        (
            "Yongshan's 本金 tile (YS-WILD-1), state.indicator",
            (["本金"], ["Yongshan", "YS-WILD-1"], ["indicator"]),
        ),
        ("BS-DEALER-1..4, BS-TING-1..3", ([], ["BS-DEALER-1", "BS-TING-1"], [])),
        ("(YS-PAT-抢杠胡) s.ting Ting(seat) Tiles", ([], ["YS-PAT-抢杠胡"], [".ting", "Ting"])),
        ('get_variant("baoshan"), FLOW-4, PASSPENG-1', ([], [], [])),
    ],
)  # fmt: skip
def test_the_scan_finds_what_it_refuses(text: str, found: tuple[list[str], ...]) -> None:
    """The three scans on sample lines: what each one reports, and what it lets through."""
    terms = [t for t in _CJK.findall(text) if t not in GENERIC_TERMS]
    games = [m.group() for m in _GAMES.finditer(text)]
    moved = [m.group() for m in _MOVED.finditer(text)]
    assert (terms, games, moved) == found
