"""The table a player sees at ``play --human``: wildcards (听用) set apart in the hand and
marked ``*`` in words in the hand and inside melds (YS-WILD-1..3), and every claimed discard
kept in its pond, marked with who took it (碰, 杠) or won on it (胡)."""

from __future__ import annotations

import io
import re

from mahjong_rules import Pass, Phase, Tile, TileCounts, get_variant
from mahjong_rules.bots import Bot, GreedyBot
from mahjong_rules.cli.human import Human, play_with_human, table_lines
from mahjong_rules.cli.ponds import Ponds
from mahjong_rules.engine.events import Claimed, Discarded, Won
from mahjong_rules.engine.state import State
from mahjong_rules.melds import MeldKind
from mahjong_rules.records import HandRecord, replay
from mahjong_rules.scoring import WinKind
from mahjong_rules.variants.base import Rules
from scripting import Q2, Q, deal, play

YONGSHAN = get_variant("yongshan")
# 本金 7p: 8p is the wildcard. Seat 1 holds one 5m and two 8p; it pengs the dealer's 5m with
# one 8p (YS-WILD-3) and keeps the other.
WILD_PENG = {0: Q + "5m", 1: "5m8p8p39m2469p1357s", 2: Q2, 3: Q2}


def seen(rules: Rules, state: State, script: str, seat: int) -> tuple[State, Ponds]:
    """Play ``script``, noting what ``seat`` sees of each transition in its ponds."""
    ponds = Ponds(rules.players)
    for event in rules.view(state, seat).events:
        ponds.see(event)
    for token in script.split():
        state = play(rules, state, token)
        for event in rules.view(state, seat).events:
            ponds.see(event)
    return state, ponds


def test_ys_wild3_wildcards_marked_in_the_hand_and_the_meld() -> None:
    """YS-WILD-1 / YS-WILD-3: the peng's wildcard and the one held are named and marked; the
    dealer's 5m stays in his pond, marked as pengs by seat 1."""
    state = deal(YONGSHAN, WILD_PENG, indicator="7p")
    state, ponds = seen(YONGSHAN, state, "0:D5m 1:P*8p", 1)
    unicode = TileCounts("39m2469p1357s").format("unicode")
    assert table_lines(YONGSHAN.view(state, 1), "en", ponds) == [
        "--- your turn, seat 1",
        "tiles left in the wall: 54",
        f"your hand: {unicode}  39m2469p1357s  + 听用 wildcards 🀠 8p*",
        "your melds: peng 5m = 5m 5m 8p* (8p* 听用 wildcard) from seat 0 [P5m*8p@0]",
        "本金 7p; 听用 wildcards 8p (marked * in hands and melds)",
        "  seat 0 [dealer]: 13 tiles; discards [5m peng by seat 1]",
        "  seat 1 (you): 11 tiles; discards -",
        "  seat 2: 13 tiles; discards -",
        "  seat 3: 13 tiles; discards -",
    ]
    assert table_lines(YONGSHAN.view(state, 1), "zh", ponds) == [
        "--- 轮到你，座位 1",
        "牌墙剩余：54 张",
        f"你的手牌：{unicode}  三万 九万 二筒 四筒 六筒 九筒 一条 三条 五条 七条  + 听用 🀠 八筒*",
        "你的副露：碰 五万 = 五万 五万 八筒*（八筒* 听用） 座位 0 打出",  # names alone
        "本金 七筒；听用 八筒（手牌和副露中标 *）",
        "  座位 0 [庄家]：13 张; 弃牌 [五万 座位 1 碰]",
        "  座位 1 (你)：11 张; 弃牌 无",
        "  座位 2：13 张; 弃牌 无",
        "  座位 3：13 张; 弃牌 无",
    ]
    others = table_lines(YONGSHAN.view(state, 0), "en", None)
    shown = "melds peng 5m = 5m 5m 8p* (8p* 听用 wildcard) from seat 0 [P5m*8p@0]"
    assert others[-3] == f"  seat 1: 11 tiles; {shown}; discards -"


def test_ys_wild1_a_drawn_wildcard_is_named() -> None:
    """YS-WILD-1: seat 1 draws 8p, a wildcard: shown apart as drawn, marked and named."""
    hands = {0: Q + "5m", 1: "1m5m39m2469p13579s", 2: Q2, 3: Q2}
    state = deal(YONGSHAN, hands, draws="8p", indicator="7p")
    state = play(YONGSHAN, state, "0:D5m")
    while state.phase is Phase.CLAIM:
        state = play(YONGSHAN, state, [Pass(min(YONGSHAN.to_act(state)))])
    assert state.current == 1 and state.seats[1].drawn == Tile("8p")
    hand = table_lines(YONGSHAN.view(state, 1), "en")[2]
    unicode = TileCounts("1359m2469p13579s").format("unicode")
    assert hand == f"your hand: {unicode}  1359m2469p13579s  + drawn 🀠 8p* (听用 wildcard)"


def ponds_from_the_state(states: list[State], players: int) -> list[list[str]]:
    """Each seat's discards with their marks, read from the full states (not the views)."""
    ponds: list[list[str]] = [[] for _ in range(players)]
    marks: list[list[list[str]]] = [[] for _ in range(players)]
    for state in states:
        for event in state.events:
            if isinstance(event, Discarded):
                ponds[event.seat].append(event.tile.notation)
                marks[event.seat].append([])
            elif isinstance(event, Claimed):
                giver = event.meld.from_seat
                assert giver is not None
                word = "peng" if event.meld.kind is MeldKind.PENG else "kong"
                marks[giver][-1].append(f"{word} by seat {event.seat}")
            elif isinstance(event, Won) and event.win.how is WinKind.DISCARD:
                giver = event.win.from_seat
                assert giver is not None
                marks[giver][-1].append(f"seat {event.win.seat} won on it")
    return [
        [f"[{t} {'; '.join(m)}]" if m else t for t, m in zip(pond, ms, strict=True)]
        for pond, ms in zip(ponds, marks, strict=True)
    ]


def test_ys_claimed_and_won_on_discards_stay_marked_in_the_ponds() -> None:
    """YS-END-1 血战: a whole hand at the table against greedy bots (seed 7, choice 1 every
    time); on the last table shown, every seat's pond lists each discard in order, the claimed
    ones and those won on marked, as the hand's own events say."""
    record = HandRecord.new(YONGSHAN, seed=7)
    out = io.StringIO()
    human = Human(0, "en", io.StringIO("1\n" * 400), out)
    bots: list[Bot] = [GreedyBot() for _ in range(4)]
    record, _ = play_with_human(YONGSHAN, bots, human, record)
    lines = out.getvalue().splitlines()
    last = max(k for k, line in enumerate(lines) if line.startswith("tiles left in the wall:"))
    shown = [m.group(1) for line in lines[last:] if (m := re.search(r"; discards (.*)$", line))]
    done = replay(record)
    asked = max(k for k, action in enumerate(record.actions) if action.seat == 0)
    expected = ponds_from_the_state(list(done.states[: asked + 1]), 4)
    assert shown == [" ".join(p) or "-" for p in expected]
    assert any("won on it" in line for line in shown) and any("peng by" in line for line in shown)


def test_bs_claim1_the_claim_window_offers_peng_kong_and_hu_never_chow() -> None:
    """BS-CLAIM-1 / the Yongshan seed's 打法 (可碰、可杠、不可吃): the window's heading names 碰,
    杠 and 胡, not 吃."""
    state = play(YONGSHAN, deal(YONGSHAN, WILD_PENG, indicator="7p"), "0:D5m")
    view = YONGSHAN.view(state, 1)
    assert table_lines(view, "zh")[0] == "--- 可以碰杠胡：座位 0 打出 五万"
    assert table_lines(view, "en")[0] == "--- claim window: seat 0 discarded 5m"
