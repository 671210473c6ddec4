"""``play --human SEAT``: a person plays a seat through standard input, seeing only the seat's view.

The scripted sessions below play whole hands through a plain pipe (``sys.stdin`` replaced) and
assert exact lines of what is printed.
"""

from __future__ import annotations

import io

import pytest

from mahjong_rules import Discard, Gang, Hu, Pass, Peng, Tile, get_variant
from mahjong_rules.cli import main
from mahjong_rules.cli.human import pick
from mahjong_rules.cli.human_text import action_text
from mahjong_rules.counts import TileCounts
from mahjong_rules.melds import MeldKind
from mahjong_rules.records import HandRecord, replay
from mahjong_rules.serial import from_dict

SCRIPT = "foo\n99\ndiscard 9s\n9s\n" + "1\n" * 300
"""Two bad answers, a discard by its text, a tile the hand no longer holds, then choice 1."""


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], script: str, *argv: str
) -> tuple[int, list[str], str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    status = main(["play", *argv])
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


def test_a_whole_hand_through_a_pipe(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = play(
        monkeypatch, capsys, SCRIPT, "--human", "0", "--seed", "1", "--players", "2"
    )
    assert (status, err) == (0, "")
    assert out[:27] == [
        "you play seat 0 of 2 against bots; 保山麻将 baoshan, seed 1",
        "发牌 dealt: dealer seat 0, 81 tiles left in the wall",
        "--- your turn, seat 0",
        "tiles left in the wall: 81",
        "your hand: 🀉🀊🀋🀋🀋🀚🀝🀟🀡🀓🀔🀕🀗🀘  34555m2579p45689s",
        "your melds: -",
        "  seat 0 (you) [dealer]: 14 tiles; discards -",
        "  seat 1: 13 tiles; discards -",
        "your choices:",
        "  1) discard 3m 三万",
        "  2) discard 4m 四万",
        "  3) discard 5m 五万",
        "  4) discard 2p 二筒",
        "  5) discard 5p 五筒",
        "  6) discard 7p 七筒",
        "  7) discard 9p 九筒",
        "  8) discard 4s 四条",
        "  9) discard 5s 五条",
        "  10) discard 6s 六条",
        "  11) discard 8s 八条",
        "  12) discard 9s 九条",
        "choose 1-12 (or type the action):",
        "not a choice: 'foo'; type a number 1-12 or one of the actions",
        "choose 1-12 (or type the action):",
        "not a choice: '99'; type a number 1-12 or one of the actions",
        "choose 1-12 (or type the action):",
        "seat 0 打 discards 9s 九条",
    ]
    at = out.index("--- claim window: seat 1 discarded 8p")
    assert out[at - 3 : at + 12] == [
        "seat 0 打 discards 5m 五万",
        "seat 1 摸 draws ?",
        "seat 1 打 discards 8p 八筒",
        "--- claim window: seat 1 discarded 8p",
        "tiles left in the wall: 62",
        "your hand: 🀚🀝🀞🀟🀠🀠🀡🀐🀓🀔🀕🀗🀘  2567889p145689s",
        "your melds: -",
        "  seat 0 (you) [dealer]: 13 tiles; discards 9s 3m 4m 4m 3m 5m 3m 3m 5m 5m",
        "  seat 1: 13 tiles; discards 2p 1m 2m 1p 4m 6m 2m 5p 5p 8p",
        "your choices:",
        "  1) peng",
        "  2) pass",
        "choose 1-2 (or type the action):",
        "seat 0 碰 peng P8p@1",
        "--- your turn, seat 0",
    ]
    assert out[-3:] == [  # issue 34: every hand shown once the hand is over
        "--- every hand at the end",
        "  seat 0: 🀑🀓🀓🀔🀔🀕🀖🀗🀘🀘  2445567899s  P8p@1",
        "  seat 1: 🀍🀎🀏🀑🀒🀒🀓🀔🀕🀕🀖🀗🀘  789m2334566789s",
    ]
    assert out[50] == "you hold no 九条"  # issue 34: a refused tile says why
    assert out[-21:-3] == [
        "  8) discard 9s 九条",
        "choose 1-8 (or type the action):",
        "seat 0 打 discards 1s 一条",
        "seat 1 胡 wins on 1s 一条, 点炮 on a discard from seat 0",
        '  平胡 pínghú "plain win" (ping_hu) 0 fan',
        "  total 0 fan, capped 0 fan, 1 point",
        "  reading 789m 123s 345s 66s 789s",
        "  seat 0 pays seat 1 1 (胡 win)",
        "",
        "结算 settlement (next dealer: seat 1)",
        "  seat  received  paid  delta",
        "     0         0     1     -1",
        "     1         1     0     +1  胡 won (点炮 on a discard from seat 0, 1 point)",
        "   all         1     1      0",
        "  seat 0: -1",
        "     -1  to seat 1: 胡 win",
        "  seat 1: +1",
        "     +1  from seat 0: 胡 win",
    ]
    assert sum(line.startswith("choose 1-") for line in out) == 27


def test_the_human_sees_only_the_view(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, SCRIPT, "--human", "0", "--seed", "1", "--players", "2")
    # another seat's draws come without their tile, and no dealt hand is listed
    assert "seat 1 摸 draws ?" in out
    assert not any(line.startswith("seat 1 摸 draws ") and "?" not in line for line in out)
    assert not any("手牌 hand" in line for line in out)


def test_the_record_written_replays(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    import json
    from pathlib import Path

    path = Path(str(tmp_path)) / "human.json"
    argv = ["--human", "0", "--seed", "1", "--players", "2", "--json", str(path)]
    status, out, _ = play(monkeypatch, capsys, SCRIPT, *argv)
    assert status == 0
    assert out[-1] == f"wrote 1 hand record(s) to {path}"
    document = json.loads(path.read_text(encoding="utf-8"))
    record = from_dict(document["record"], HandRecord)
    assert replay(record).result is not None
    assert record.actions[0] == Discard(0, Tile("9s"))


def test_chinese_labels_and_the_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--human", "1", "--seed", "1", "--players", "2", "--lang", "zh"]
    status, out, err = play(monkeypatch, capsys, "过\n", *argv)
    assert status == 2
    assert out[:10] == [
        "你坐座位 1（共 2 人），对手是机器人；保山麻将 baoshan，种子 1",
        "发牌：庄家座位 0，牌墙剩余 81 张",
        "座位 0 打出 2p 二筒",
        "座位 1 摸 8m 八万",
        "--- 轮到你，座位 1",
        "牌墙剩余：80 张",
        "你的手牌：🀇🀈🀊🀌🀏🀚🀝🀠🀡🀓🀕🀕🀖  一万 二万 四万 六万 九万 二筒 五筒 八筒 九筒 四条 六条 六条 七条"
        "  + 摸到 🀎 八万",
        "你的副露：无",
        "  座位 0 [庄家]：13 张; 弃牌 二筒",
        "  座位 1 (你)：14 张; 弃牌 无",
    ]
    assert out[-3:] == [
        "请选择 1-13（或输入动作）：",
        "无效的选择：'过'；请输入 1-13 或动作",
        "请选择 1-13（或输入动作）：",
    ]
    assert err == "error: 输入已结束，牌局未完（座位 1 尚未行动）\n"


def test_human_needs_a_file_for_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = play(monkeypatch, capsys, "", "--human", "0", "--json", "-")
    assert (status, out) == (2, [])
    assert err == "error: --human writes the game on standard output: give --json a FILE\n"


def test_pick_reads_numbers_and_action_text() -> None:
    actions = (
        Hu(2),
        Peng(2),
        Gang(2, Tile("5m"), MeldKind.ZHI_GANG),
        Pass(2),
    )
    assert pick(actions, " 2 ", "en") == Peng(2)
    assert pick(actions, "HU", "en") == Hu(2)
    assert pick(actions, "过", "en") == Pass(2)
    assert pick(actions, "kong 5m", "zh") == Gang(2, Tile("5m"), MeldKind.ZHI_GANG)
    assert pick(actions, "5", "en") == "not a choice: '5'; type a number 1-4 or one of the actions"
    assert pick(actions, "²", "en") == "not a choice: '²'; type a number 1-4 or one of the actions"
    wild = (Peng(1, (Tile("1p"),)), Peng(1, (Tile("3p"),)), Pass(1))
    assert [action_text(a, "en") for a in wild] == ["peng with 1p", "peng with 3p", "pass"]
    assert pick(wild, "peng", "en") == "'peng' fits several choices (1, 2): type its number"
    discards = (Discard(0, Tile("5m")), Discard(0, Tile("7p")))
    assert pick(discards, "7p", "en") == Discard(0, Tile("7p"))
    assert pick(discards, "打 5m", "en") == Discard(0, Tile("5m"))


def test_yongshan_human_sees_the_wildcards(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = get_variant("yongshan")
    state = rules.new_hand(seed=3)
    assert state.variant.indicator is not None
    status, out, _ = play(
        monkeypatch, capsys, "1\n" * 400, "--variant", "yongshan", "--human", "0", "--seed", "3"
    )
    assert status == 0
    kinds = " ".join(t.notation for t in state.wild_kinds)
    indicator = state.variant.indicator
    assert f"本金 {indicator}; 听用 wildcards {kinds} (marked * in hands and melds)" in out
    at = next(k for k, line in enumerate(out) if line.startswith("结算 settlement"))
    assert out[at + 6].startswith("   all ")  # the title, the heads, 4 seats, the totals


def test_human_alone_plays_seat_0(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--human`` with no seat (as in ``play --human --seed 7``) plays seat 0."""
    status, out, err = play(monkeypatch, capsys, "1\n" * 300, "--human", "--seed", "7")
    assert (status, err) == (0, "")
    assert out[0] == "you play seat 0 of 4 against bots; 保山麻将 baoshan, seed 7"


def test_flow_the_human_is_told_ting_and_its_waits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34: the seat is told when it is ready (听) and what it waits on, its own waits
    only, each time they change."""
    argv = ("--human", "0", "--seed", "2", "--players", "2")
    status, out, _ = play(monkeypatch, capsys, "1\n" * 300, *argv)
    assert status == 0
    told = [line for line in out if line.startswith("听")]
    assert told[:2] == [
        "听 ready: waits on 2s 二条",
        "听 ready: waits on 2s 二条, 5s 五条, 9s 九条",
    ]


def test_flow_1_a_refused_tile_says_why_and_names_are_typed() -> None:
    """FLOW-1 (a seat discards a tile it holds): a tile typed by its name (``七筒``, ``打
    五万``) picks that discard; one the seat does not hold says so (``you hold no 九条``, ``你没有
    九条``); one it holds but may not discard now says that."""
    discards = (Discard(0, Tile("5m")), Discard(0, Tile("7p")))
    held = TileCounts("5m7p9p")
    assert pick(discards, "七筒", "zh", held=held) == Discard(0, Tile("7p"))
    assert pick(discards, "打 五万", "zh", held=held) == Discard(0, Tile("5m"))
    assert pick(discards, "discard 7p", "en", held=held) == Discard(0, Tile("7p"))
    assert pick(discards, "9s", "en", held=held) == "you hold no 九条"
    assert pick(discards, "打 9s", "zh", held=held) == "你没有九条"
    assert pick(discards, "9p", "en", held=held) == (
        "9p 九筒 may not be discarded now; type a number or one of the actions"
    )
    assert pick(discards, "九筒", "zh", held=held) == "现在不能打 9p 九筒；请输入编号或动作"
