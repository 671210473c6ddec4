"""The words of 红中麻将 where players read them: the command line (``python -m mahjong_rules
play --variant hongzhong``), in English and Chinese, and the replay page; and the examples in
the package's docstrings (HZ-BIRD, HZ-MONEY)."""

from __future__ import annotations

import doctest
import importlib

import pytest
from hongzhong_helpers import QUIET, deal, hongzhong, play

from mahjong_rules import HandRecord
from mahjong_rules.bots import GreedyBot
from mahjong_rules.cli import main
from mahjong_rules.render.page import replay_page
from mahjong_rules.variants.base import Rules

pytestmark = pytest.mark.installed_plugins

SEED = 0
"""A hand the greedy bots end with seat 0's self-drawn win, whose birds 5m 7z 1m 3s hit 3 times
(found by trying seeds)."""


def greedy_record(rules: Rules, seed: int) -> HandRecord:
    """The record of the hand of ``seed`` played by greedy bots at every seat, as ``play``
    plays it."""
    record, bot = HandRecord.new(rules, seed=seed), GreedyBot()
    state = record.start()
    while not rules.is_over(state):
        action = bot.choose(rules.view(state, min(rules.to_act(state))))
        record, state = record.with_action(action), rules.apply(state, action)
    return record


def played(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    """The lines ``python -m mahjong_rules play --variant hongzhong ARGS`` prints."""
    assert main(["play", "--variant", "hongzhong", *args]) == 0
    return capsys.readouterr().out.splitlines()


def test_hz_bird_the_command_line_tells_the_birds_and_their_money(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HZ-BIRD, HZ-MONEY: the log says the birds and the payments of their hits, the
    settlement explains each payer's 2 a point and the birds' 3, in English and in Chinese."""
    lines = played(capsys, "--seed", str(SEED))
    at = lines.index("seat 0 抓码 birds 5m 五万, 7z 中, 1m 一万, 3s 三条: 3 hits")
    assert lines[at + 1 : at + 4] == [f"  seat {p} pays seat 0 3 (bird hits)" for p in (1, 2, 3)]
    at = lines.index("  seat 0 胡: 1 point(s), 2 a point: 2 a payer")
    assert (
        lines[at + 1] == "  抓码 birds 5m 五万, 7z 中, 1m 一万, 3s 三条: 3 hits; each payer adds 3"
    )
    assert lines.count("     -3  to seat 0: bird hits") == 3
    zh = played(capsys, "--seed", str(SEED), "--lang", "zh")
    assert "座位 0 抓码 5m 五万，7z 中，1m 一万，3s 三条：中 3 码" in zh
    at = zh.index("  座位 0 胡：1 分，每分 2，每家付 2")
    assert zh[at + 1] == "  抓码 5m 五万，7z 中，1m 一万，3s 三条：中 3 码，每家另付 3"
    assert zh.count("     -3  付给座位 0：中码") == 3


def test_hz_bird_the_replay_page_names_the_birds_phase_and_the_birds() -> None:
    """HZ-BIRD: the page of the same hand says who the birds phase asks (the winner alone),
    what the birds were and (in the settlement, from the hand's state) what they added, in both
    languages."""
    record = greedy_record(hongzhong(), SEED)
    page = replay_page(record)
    assert "抓码 catching birds: seat 0 chooses" in page
    assert "抓码 birds 5m 五万, 7z 中, 1m 一万, 3s 三条: 3 hits" in page
    assert "抓码 birds 5m 五万, 7z 中, 1m 一万, 3s 三条: 3 hits; each payer adds 3" in page
    page = replay_page(record, lang="zh")
    assert "抓码：0家选择" in page and "抓码 5m 五万，7z 中，1m 一万，3s 三条：中 3 码" in page
    assert "中 3 码，每家另付 3" in page


def test_hz_bird_a_players_table_heads_the_birds_phase() -> None:
    """HZ-BIRD: while the birds phase asks the winner, its table is headed by what it does; once
    caught, every seat's table shows the birds."""
    rules = hongzhong()
    state = deal(rules, {0: "123m456m789p11s55s7z", **QUIET}, end="1m5p9s2m")
    state = play(rules, state, "0 hu")
    assert rules.describe_stage(rules.view(state, 0), "en") == (
        "--- 抓码 catching birds: the winner turns them up"
    )
    assert rules.describe_stage(rules.view(state, 0), "zh") == "--- 抓码：赢家翻码"
    state = play(rules, state, "0 birds")
    assert rules.describe_table(rules.view(state, 2), "en") == [
        "抓码 birds 1m 一万, 5p 五筒, 9s 九条, 2m 二万: 3 hits"
    ]


def test_hz_the_package_docstring_examples_hold() -> None:
    """The ``>>>`` examples of the installed package's modules (run here, on the installed
    copy, rather than collected from the sources)."""
    for name in ("records", "scoring"):
        module = importlib.import_module(f"mahjong_hongzhong.{name}")
        failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert (failed, tried > 0) == (0, True), name


def test_hz_wild_analyze_finds_the_wildcards_through_the_contract(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """HZ-WILD, HZ-MONEY: ``analyze --variant hongzhong --wilds 1`` reads a 红中 as the
    room's wildcard (its ``wilds_in``), and a hand without one scores 无红中."""
    assert main(["analyze", "--variant", "hongzhong", "--wilds", "1", "123m456m789p11s55s"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "wildcards: 7z 中" in lines
    assert "reading: 123m 456m 789p 111s 55s wilds=1s" in lines
    assert main(["analyze", "--variant", "hongzhong", "123m456m789p111s55s"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("breakdown:")
    assert [line.split()[0] for line in lines[at + 1 : at + 3]] == ["平胡", "无红中"]
    assert "points: 2" in lines
