"""``play --variant sichuan --human``: a person plays seat 0 of Sichuan 血战到底 (issue 20)
through 换三张 (huàn sān zhāng) and 定缺 (dìng quē), in English and Chinese, through a pipe.

The human is asked like for any other own action: the choices are numbered, and a number or
the action's text (or its notation, tiles in any order) picks one. What it is shown comes from
its seat's view: another seat's three tiles and void suit stay secret (SC-VIEW-1).
"""

from __future__ import annotations

import io

import pytest

from mahjong_rules.cli import main
from mahjong_rules.cli.human import pick
from mahjong_rules.cli.human_text import action_text
from mahjong_rules.cli.log import event_lines
from mahjong_rules.counts import TileCounts
from mahjong_rules.tiles import Suit, Tile
from mahjong_rules.variants.sichuan import (
    AsideSet,
    DeclareVoid,
    SwapTiles,
    TilesChosen,
    TilesSwapped,
    VoidDeclared,
)
from mahjong_rules.variants.sichuan.false_hu import FalseHu

ROOM = ["--variant", "sichuan", "-o", "swap_three=true", "--seed", "1", "--human", "0"]


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: str, *more: str
) -> tuple[int, list[str], str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(script + "1\n" * 300))
    status = main(["play", *ROOM, *more])
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


SWAP_CHOICES = [
    f"  {k}) 换三张 pass " + ", ".join(f"{t} {t.name_zh}" for t in TileCounts(tiles))
    for k, tiles in enumerate(
        [
            "3m4m5m",
            "3m5m5m",
            "4m5m5m",
            "5m5m5m",
            "2p5p7p",
            "2p5p9p",
            "2p7p9p",
            "5p7p9p",
            "4s5s6s",
            "4s5s8s",
            "4s5s9s",
            "4s6s8s",
            "4s6s9s",
            "4s8s9s",
            "5s6s8s",
            "5s6s9s",
            "5s8s9s",
            "6s8s9s",
        ],
        1,
    )
]


def test_a_human_swaps_and_declares_in_english(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SC-SWAP-1: asked for three tiles of one suit (18 ways), a bad answer asks again, the
    notation in another order picks 3m4m5m; the others' choices are not shown (SC-VIEW-1).
    SC-VOID-1/2: asked for a suit and a tile of it; a Chinese verb alone fits none; ``void m
    5m`` declares; then the dealer's only first discard is that tile (SC-VOID-2), which turns
    up its void suit, as every seat's first discard does (SC-VIEW-1). (Seat 3's bot passes
    3p5p6p to the dealer, the three its hand misses least: issue 34.)"""
    status, out, err = play(monkeypatch, capsys, "foo\nswap 5m4m3m\n缺 m\nvoid m 5m\n")
    assert (status, err) == (0, "")
    assert out[:11] == [
        "you play seat 0 of 4 against bots; 四川血战到底 sichuan, seed 1",
        "发牌 dealt: dealer seat 0, 55 tiles left in the wall",
        "--- 换三张: choose three tiles of one suit to pass on",
        "tiles left in the wall: 55",
        "your hand: 🀉🀊🀋🀋🀋🀚🀝🀟🀡🀓🀔🀕🀗🀘  34555m2579p45689s",
        "your melds: -",
        "  seat 0 (you) [dealer]: 14 tiles; discards -",
        "  seat 1: 13 tiles; discards -",
        "  seat 2: 13 tiles; discards -",
        "  seat 3: 13 tiles; discards -",
        "your choices:",
    ]
    assert out[11:29] == SWAP_CHOICES
    assert out[29:42] == [
        "choose 1-18 (or type the action):",
        "not a choice: 'foo'; type a number 1-18 or one of the actions",
        "choose 1-18 (or type the action):",
        "seat 0 换三张 chooses 3m 三万, 4m 四万, 5m 五万 to pass",
        "seat 1 换三张 has chosen three tiles",
        "seat 2 换三张 has chosen three tiles",
        "seat 3 换三张 has chosen three tiles",
        "seat 0 换三张 passes 3m 三万, 4m 四万, 5m 五万 to the next seat (下家), gets 3p 三筒, 5p "
        "五筒, 6p 六筒",
        "seat 1 换三张 passes three tiles to the next seat (下家)",
        "seat 2 换三张 passes three tiles to the next seat (下家)",
        "seat 3 换三张 passes three tiles to the next seat (下家)",
        "--- 定缺: choose the suit you give up and one of its tiles to set aside face down (your "
        "first discard; - when you hold none)",
        "tiles left in the wall: 55",
    ]
    assert out[42:46] == [
        "your hand: 🀋🀋🀚🀛🀝🀝🀞🀟🀡🀓🀔🀕🀗🀘  55m2355679p45689s",
        "your melds: -",
        "换三张: every seat passed to the next seat (下家)",
        "your 换三张: passed 3m4m5m, got 3p5p6p",
    ]
    assert out[50:63] == [
        "your choices:",
        "  1) 定缺 万 (void characters), set aside 5m 五万",
        "  2) 定缺 筒 (void dots), set aside 2p 二筒",
        "  3) 定缺 筒 (void dots), set aside 3p 三筒",
        "  4) 定缺 筒 (void dots), set aside 5p 五筒",
        "  5) 定缺 筒 (void dots), set aside 6p 六筒",
        "  6) 定缺 筒 (void dots), set aside 7p 七筒",
        "  7) 定缺 筒 (void dots), set aside 9p 九筒",
        "  8) 定缺 条 (void bamboo), set aside 4s 四条",
        "  9) 定缺 条 (void bamboo), set aside 5s 五条",
        "  10) 定缺 条 (void bamboo), set aside 6s 六条",
        "  11) 定缺 条 (void bamboo), set aside 8s 八条",
        "  12) 定缺 条 (void bamboo), set aside 9s 九条",
    ]
    assert out[63:86] == [
        "choose 1-12 (or type the action):",
        "not a choice: '缺 m'; type a number 1-12 or one of the actions",
        "choose 1-12 (or type the action):",
        "seat 0 定缺 gives up 万 (m), sets 5m 五万 aside face down",
        "seat 1 定缺 declares (secret)",
        "seat 2 定缺 declares (secret)",
        "seat 3 定缺 declares (secret)",
        "定缺 done: a tile face down for seat 0, seat 1, seat 2, seat 3",
        "--- your turn, seat 0",
        "tiles left in the wall: 55",
        "your hand: 🀋🀋🀚🀛🀝🀝🀞🀟🀡🀓🀔🀕🀗🀘  55m2355679p45689s",
        "your melds: -",
        "换三张: every seat passed to the next seat (下家)",
        "your 换三张: passed 3m4m5m, got 3p5p6p",
        "your 定缺: 万 (m), set aside 5m",
        "  seat 0 (you) [dealer]: 14 tiles; 1 tile face down; discards -",
        "  seat 1: 13 tiles; 1 tile face down; discards -",
        "  seat 2: 13 tiles; 1 tile face down; discards -",
        "  seat 3: 13 tiles; 1 tile face down; discards -",
        "your choices:",
        "  1) discard 5m 五万",
        "your one choice: discard 5m 五万; press Enter to take it:",
        "seat 0 打 discards 5m 五万 (turned up: 定缺 万)",
    ]
    assert out[86:88] == [
        "seat 1 摸 draws ?",
        "seat 1 打 discards 9p 九筒 (turned up: 定缺 筒)",
    ]
    assert "  seat 1: 13 tiles; void 筒 (p); discards 9p" in out  # turned up: public now
    assert "the wall is exhausted after 1 win" in out
    assert "结算 settlement: the wall ran out after 1 win (next dealer: seat 1)" in out


def test_a_human_swaps_and_declares_in_chinese(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SC-SWAP-1 and SC-VOID-1 in ``--lang zh``: the alias ``换`` with the tiles in another
    order passes 2p5p7p; ``void m`` fits three choices and asks for a number; ``定缺 m 3m``."""
    status, out, err = play(
        monkeypatch, capsys, "foo\n换 7p5p2p\nvoid m\n定缺 m 3m\n", "--lang", "zh"
    )
    assert (status, err) == (0, "")
    assert out[:3] == [
        "你坐座位 0（共 4 人），对手是机器人；四川血战到底 sichuan，种子 1",
        "发牌：庄家座位 0，牌墙剩余 55 张",
        "--- 换三张：选出同一花色的三张牌换出",
    ]
    assert out[27:41] == [
        "  17) 换三张 五条 八条 九条",
        "  18) 换三张 六条 八条 九条",
        "请选择 1-18（或输入动作）：",
        "无效的选择：'foo'；请输入 1-18 或动作",
        "请选择 1-18（或输入动作）：",
        "座位 0 换三张 选出 2p 二筒，5p 五筒，7p 七筒",
        "座位 1 换三张 已选好三张",
        "座位 2 换三张 已选好三张",
        "座位 3 换三张 已选好三张",
        "座位 0 换三张 给下家 2p 二筒，5p 五筒，7p 七筒，换来 3p 三筒，5p 五筒，6p 六筒",
        "座位 1 换三张 给下家三张",
        "座位 2 换三张 给下家三张",
        "座位 3 换三张 给下家三张",
        "--- 定缺：选择缺的花色，并扣下一张该花色的牌（你的第一张弃牌；没有该花色时为 -）",
    ]
    assert out[44:46] == [
        "换三张：各家给下家",
        "你的换三张：换出 二筒 五筒 七筒，换来 三筒 五筒 六筒",
    ]
    assert out[50:52] == [
        "你可以：",
        "  1) 定缺 万，扣下 三万",
    ]
    assert out[63:71] == [
        "请选择 1-12（或输入动作）：",
        "'void m' 对应多个选项（1, 2, 3）：请输入编号",
        "请选择 1-12（或输入动作）：",
        "座位 0 定缺 万，扣下 3m 三万",
        "座位 1 已定缺（保密）",
        "座位 2 已定缺（保密）",
        "座位 3 已定缺（保密）",
        "定缺完成：扣牌 座位 0、座位 1、座位 2、座位 3",
    ]
    assert out[77:79] == [
        "你的定缺：万，扣下 三万",
        "  座位 0 (你) [庄家]：14 张; 扣牌 1 张; 弃牌 无",
    ]
    assert "牌墙已摸完（已有 1 家胡牌）" in out
    assert "结算：牌墙摸完，已有 1 家胡牌（下一局庄家：座位 1）" in out


def three(*tiles: str) -> tuple[Tile, ...]:
    return tuple(Tile(t) for t in tiles)


def test_the_texts_of_sichuans_actions_in_both_languages() -> None:
    """SC-SWAP-1, SC-VOID-1, SC-WIN-3 (诈胡): what the human may type for each own action, and
    the choice each text (or notation) picks."""
    swap, void = SwapTiles(0, three("3m", "4m", "5m")), DeclareVoid(0, Suit.MAN, Tile("2m"))
    none = DeclareVoid(0, Suit.SOU)
    assert [action_text(a, "en") for a in (swap, void, none)] == [
        "swap 3m4m5m",
        "void m 2m",
        "void s -",
    ]
    assert [action_text(a, "zh") for a in (swap, void, none)] == [
        "换三张 3m4m5m",
        "定缺 m 2m",
        "定缺 s -",
    ]
    assert (action_text(FalseHu(0), "en"), action_text(FalseHu(0), "zh")) == ("false_hu", "诈胡")
    actions = [swap, SwapTiles(0, three("2p", "5p", "7p")), void, none]
    for typed, picked in [
        ("4", none),
        ("换三张 3m4m5m", swap),
        ("swap 5m3m4m", swap),
        ("换 7p2p5p", actions[1]),
        ("VOID M 2M", void),
        ("缺 s -", none),
        ("void s", none),
    ]:
        assert pick(actions, typed, "en") == picked
    assert pick(actions, "swap 1m1m1m", "en") == (
        "not a choice: 'swap 1m1m1m'; type a number 1-4 or one of the actions"
    )


def test_another_seats_secrets_have_lines_of_their_own() -> None:
    """SC-VIEW-1: the lines of the events as another seat sees them say that the seat chose or
    declared, not what; 定缺's end names who set no tile aside."""
    lines = [
        event_lines(TilesChosen(2, None), lang="en"),
        event_lines(TilesSwapped(2, "opposite", None, None), lang="en"),
        event_lines(TilesSwapped(2, "to_previous", None, None), lang="zh"),
        event_lines(VoidDeclared(2, Suit.SOU, None), lang="en"),
        event_lines(VoidDeclared(2, Suit.SOU, None), lang="zh"),
        event_lines(AsideSet((True, False, True, True)), lang="en"),
        event_lines(AsideSet((True, False, True, True)), lang="zh"),
        event_lines(VoidDeclared(2, Suit.SOU, Tile("4s")), lang="zh"),
    ]
    assert lines == [
        ["seat 2 换三张 has chosen three tiles"],
        ["seat 2 换三张 passes three tiles across (对家)"],
        ["座位 2 换三张 给上家三张"],
        ["seat 2 定缺 gives up 条 (s), holding none of it"],
        ["座位 2 定缺 条，手中无条"],
        ["定缺 done: a tile face down for seat 0, seat 2, seat 3; none for seat 1"],
        ["定缺完成：扣牌 座位 0、座位 2、座位 3；无扣牌 座位 1"],
        ["座位 2 定缺 条，扣下 4s 四条"],
    ]
