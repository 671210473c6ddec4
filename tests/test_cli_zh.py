"""``--lang zh``: the log of a hand, and its settlement, in Chinese with no English word left.

Hands of both games by bots (GreedyBot and RandomBot seats) in rooms with 买点 and 报听
(Baoshan) and 提 from the hand (Yongshan), plus two scripted turns for the events bots do not
reach — a 报听 declaration (BS-TING-1) and a 提 on a concealed kong seen by the other seats
(YS-TI-1) — cover every kind of event; every log line of every seat's view is checked. Tiles
and melds keep their one-line notation (``5m``, ``A2m*8p``), which is taken out first.
"""

from __future__ import annotations

import re

import pytest

from mahjong_rules import Gang, Ti, get_variant
from mahjong_rules.bots import Bot, GreedyBot, RandomBot
from mahjong_rules.cli import main
from mahjong_rules.cli.log import event_lines, hand_lines
from mahjong_rules.cli.settle import payment_items, settlement_lines
from mahjong_rules.engine import events as ev
from mahjong_rules.engine.state import State
from mahjong_rules.variants.baoshan import Declared, PointsBought
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.yongshan.ti import ConcealedSwapped, Swapped
from scripting import Q, deal, play

NOTATION = re.compile(r"[0-9mpszPGBA*@]*[0-9][0-9mpszPGBA*@]*")
"""A token of the one-line notation: tiles (``123m``), melds (``P7p*8p@0``)."""
KINDS = {
    c
    for c in vars(ev).values()
    if isinstance(c, type) and issubclass(c, ev.Event) and c is not ev.Event
} | {Declared, PointsBought, Swapped, ConcealedSwapped}  # BS-TING-1, BS-BUY-1, YS-TI-1


def english(line: str) -> list[str]:
    """The Latin words of ``line`` once its tile and meld notation is taken out."""
    return re.findall(r"[A-Za-z]+", NOTATION.sub("", line))


def played(rules: Rules, seed: int) -> list[State]:
    bots: list[Bot] = [
        RandomBot(f"{seed}:{s}") if s % 2 else GreedyBot() for s in range(rules.players)
    ]
    states = [rules.new_hand(seed=seed)]
    while rules.result(states[-1]) is None:
        seat = min(rules.to_act(states[-1]))
        action = bots[seat].choose(rules.view(states[-1], seat))
        states.append(rules.apply(states[-1], action))
    return states


def declared() -> list[State]:
    """BS-TING-1: the dealer, ready after discarding 5s or 9s, declares 报听."""
    rules = get_variant("baoshan", bao_ting=True)
    state = deal(rules, {0: "123m456m789m33p579s", 1: Q, 2: Q, 3: Q})
    return [state, play(rules, state, "0:T")]


def ti_on_a_concealed_kong() -> list[State]:
    """YS-WILD-3 / YS-TI-1: the dealer kongs 2m with two 8p wildcards (本金 7p) and draws the
    fourth 2m as the replacement; its 提 puts 2m in the kong and takes an 8p back."""
    rules = get_variant("yongshan")
    hands = {
        0: "22m8p8p3456m1299s9m5m",
        1: "1245679p124578s",
        2: "1245679p124567s",
        3: "1345679m368s356p",
    }
    state = deal(rules, hands, indicator="7p", replacements="2m")
    kong = next(a for a in rules.legal_actions(state, 0) if isinstance(a, Gang))
    after = rules.apply(state, kong)
    ti = next(a for a in rules.legal_actions(after, 0) if isinstance(a, Ti))
    return [state, after, rules.apply(after, ti)]


def test_no_english_word_in_a_chinese_log_of_every_event_kind() -> None:
    """FLOW-1..5 in ``--lang zh``: every kind of event has a Chinese line; none keeps an English
    word — in every seat's view, in the whole log and in the settlement."""
    baoshan = get_variant("baoshan", buy_points="live", bao_ting=True)
    yongshan = get_variant("yongshan", ti_from_hand=True)
    hands: list[tuple[Rules, list[State]]] = [
        *((baoshan, played(baoshan, seed)) for seed in range(10)),
        *((yongshan, played(yongshan, seed)) for seed in range(6)),
        (get_variant("baoshan", bao_ting=True), declared()),
        (get_variant("yongshan"), ti_on_a_concealed_kong()),
    ]
    seen: set[type[ev.Event]] = set()
    for rules, states in hands:
        result = rules.result(states[-1])
        items = None if result is None else payment_items(rules, states[-1], result, "zh")
        lines = hand_lines(states, "zh", items)
        for state in states:
            for seat in range(rules.players):
                for event in rules.view(state, seat).events:
                    seen.add(type(event))
                    lines += event_lines(event, None, "zh", items)
        if result is not None:
            lines += settlement_lines(result, "zh", items)
        assert [line for line in lines if english(line)] == []
    assert seen == KINDS


def test_the_chinese_log_of_a_hand_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``play --lang zh`` (bots): the header aside, the log and the settlement are Chinese."""
    assert main(["play", "--variant", "yongshan", "--seed", "7", "--lang", "zh"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[3] == "发牌：庄家座位 0，牌墙剩余 54 张"
    assert [line for line in out[3:] if english(line)] == []
    assert any(line.startswith("结算") for line in out)
