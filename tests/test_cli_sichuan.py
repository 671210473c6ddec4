"""The command line and Sichuan 血战到底 (issue 20): each room's own pattern glosses in the log,
``play --variant sichuan`` with bots and with ``--human`` through 换三张 and 定缺, ``variants``.

The same key is another pattern in another game: ``qing_yi_se`` is Baoshan's 清一色 "one suit"
and Sichuan's 清一色 "full flush" (SC-PAT-清一色), so a log names a pattern as the room it was
played in names it.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from mahjong_rules import get_variant
from mahjong_rules.cli import log, main
from mahjong_rules.engine.events import Won
from mahjong_rules.engine.settlement import WinRecord
from mahjong_rules.scoring import Breakdown, ScoreItem, WinKind
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.sichuan import SichuanOptions


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    """Run ``main`` and return the exit status, the stdout lines and the raw stderr."""
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


FLUSH = Breakdown((ScoreItem("qing_yi_se", "清一色", 2),), 2, 2, 4)
"""A breakdown of one line, 清一色 2 fan."""


def test_the_log_names_baoshans_qing_yi_se_as_baoshan_does() -> None:
    """SC-PAT-清一色 beside BS-PAT-清一色: with Sichuan's patterns imported, a Baoshan room's log
    (from the room given, or from the state's room) glosses 清一色 as Baoshan's "one suit"."""
    import mahjong_rules.variants.sichuan.patterns  # noqa: F401  (its own 清一色, "full flush")

    baoshan = get_variant("baoshan")
    won = Won(WinRecord(0, WinKind.SELF_DRAW, Tile("5m"), None, FLUSH))
    line = '  清一色 qīngyīsè "one suit" (qing_yi_se) 2 fan'
    assert log.event_lines(won, rules=baoshan)[1] == line
    assert log.event_lines(won, baoshan.new_hand(seed=1))[1] == line
    assert log.gloss("qing_yi_se", baoshan) == "one suit"
    assert log.gloss("qing_yi_se", get_variant("yongshan")) == "one suit"


def test_analyze_scores_a_baoshan_flush_with_baoshans_gloss(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """BS-PAT-清一色 in ``analyze --variant baoshan``: 门清 and 清一色 "one suit", 4 points."""
    status, out, err = run(
        capsys, "analyze", "--variant", "baoshan", "11123456789999m", "--tile", "5m",
        "--how", "self_draw",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out[5:9] == [
        "breakdown:",
        '  门清 ménqīng "concealed hand" (men_qing) 1 fan',
        '  清一色 qīngyīsè "one suit" (qing_yi_se) 1 fan',
        "fan: 2",
    ]


def test_the_log_names_sichuans_qing_yi_se_as_sichuan_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """SC-PAT-清一色 "full flush" (and SC-PAT-根 "root") in a Sichuan room's log and in
    ``analyze --variant sichuan``, beside Baoshan's "one suit" for the same key."""
    sichuan = get_variant("sichuan")
    won = Won(WinRecord(0, WinKind.SELF_DRAW, Tile("5m"), None, FLUSH))
    line = '  清一色 qīngyīsè "full flush" (qing_yi_se) 2 fan'
    assert log.event_lines(won, rules=sichuan)[1] == line
    assert log.event_lines(won, sichuan.new_hand(seed=1))[1] == line
    assert log.gloss("qing_yi_se", get_variant("baoshan")) == "one suit"
    status, out, err = run(
        capsys, "analyze", "--variant", "sichuan", "11123456789999m", "--tile", "5m",
        "--how", "discard",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out[5:10] == [
        "breakdown:",
        '  根 gēn "root" (gen) 1 fan',
        '  清一色 qīngyīsè "full flush" (qing_yi_se) 2 fan',
        "fan: 3",
        "capped fan: 3",
    ]


SWAPPED_HAND = [
    "四川血战到底 sichuan: 4 players, seed 34",
    "room: get_variant('sichuan', swap_three=True)",
    "bots: seat 0 GreedyBot(), seat 1 GreedyBot(), seat 2 GreedyBot(), seat 3 GreedyBot()",
    "发牌 dealt: dealer seat 0, 55 tiles left in the wall",
    "  seat 0 手牌 hand 2348m134899p1456s",
    "  seat 1 手牌 hand 1578m4777p14578s",
    "  seat 2 手牌 hand 22355m1256p2257s",
    "  seat 3 手牌 hand 346799m336p2369s",
    "seat 0 换三张 chooses 2m 二万, 3m 三万, 4m 四万 to pass",
    "seat 1 换三张 chooses 1m 一万, 5m 五万, 7m 七万 to pass",
    "seat 2 换三张 chooses 1p 一筒, 2p 二筒, 5p 五筒 to pass",
    "seat 3 换三张 chooses 3p 三筒, 3p 三筒, 6p 六筒 to pass",
    "seat 0 换三张 passes 2m 二万, 3m 三万, 4m 四万 to the next seat (下家), gets 3p 三筒, 3p "
    "三筒, 6p 六筒",
    "seat 1 换三张 passes 1m 一万, 5m 五万, 7m 七万 to the next seat (下家), gets 2m 二万, 3m "
    "三万, 4m 四万",
    "seat 2 换三张 passes 1p 一筒, 2p 二筒, 5p 五筒 to the next seat (下家), gets 1m 一万, 5m "
    "五万, 7m 七万",
    "seat 3 换三张 passes 3p 三筒, 3p 三筒, 6p 六筒 to the next seat (下家), gets 1p 一筒, 2p "
    "二筒, 5p 五筒",
    "seat 0 定缺 gives up 万 (m), sets 8m 八万 aside face down",
    "seat 1 定缺 gives up 万 (m), sets 2m 二万 aside face down",
    "seat 2 定缺 gives up 筒 (p), sets 6p 六筒 aside face down",
    "seat 3 定缺 gives up 筒 (p), sets 1p 一筒 aside face down",
    "定缺 done: a tile face down for seat 0, seat 1, seat 2, seat 3",
]
"""``play --variant sichuan -o swap_three=true --seed 34``: the deal, 换三张 and 定缺 (all public:
the bots' log shows every seat)."""

SWAPPED_PLAY = [
    "seat 2 碰 peng P2m@1",
    "seat 3 碰 peng P9m@0",
    "seat 2 杠 暗杠 kong A5m",
    "  seat 0 pays seat 2 2 (杠 kong money, 杠 5m 五万 (暗杠))",
    "  seat 1 pays seat 2 2 (杠 kong money, 杠 5m 五万 (暗杠))",
    "  seat 3 pays seat 2 2 (杠 kong money, 杠 5m 五万 (暗杠))",
    "seat 2 补张 draws 3m 三万 (kong replacement)",
    "seat 2 碰 peng P3m@3",
    "seat 3 碰 peng P3s@2",
    "seat 1 碰 peng P5s@2",
    "seat 2 胡 wins on 2s 二条, 自摸 self-draw",
    '  杠 gàng "kong" (gang) 1 fan',
    '  碰碰胡 pèngpènghú "all pungs" (peng_peng_hu) 1 fan',
    "  total 2 fan, capped 2 fan, 4 points",
    "  reading 222s 77s",
    "  seat 0 pays seat 2 5 (胡 win)",
    "  seat 1 pays seat 2 5 (胡 win)",
    "  seat 3 pays seat 2 5 (胡 win)",
    "seat 1 碰 peng P4p@0",
    "  seat 0 pays seat 3 1 (杠 kong money, 杠 9m 九万 (补杠))",
    "  seat 1 pays seat 3 1 (杠 kong money, 杠 9m 九万 (补杠))",
    "seat 3 杠 补杠 kong B9m@0",
    "seat 3 补张 draws 6m 六万 (kong replacement)",
    "seat 0 碰 peng P3p@1",
    "seat 0 杠 直杠 kong G9p@1",
    "  seat 1 pays seat 0 2 (杠 kong money, 杠 9p 九筒 (直杠))",
    "seat 0 补张 draws 6m 六万 (kong replacement)",
    "seat 3 碰 peng P6m@0",
    "seat 0 胡 wins on 7s 七条, 自摸 self-draw",
    '  杠 gàng "kong" (gang) 1 fan',
    "  total 1 fan, capped 1 fan, 2 points",
    "  reading 456s 66s 789s",
    "  seat 1 pays seat 0 3 (胡 win)",
    "  seat 3 pays seat 0 3 (胡 win)",
    "seat 1 杠 直杠 kong G7p@3",
    "  seat 3 pays seat 1 2 (杠 kong money, 杠 7p 七筒 (直杠))",
    "seat 1 补张 draws 2p 二筒 (kong replacement)",
    "  seat 1 pays seat 3 1 (杠 kong money, 杠 3s 三条 (补杠))",
    "seat 3 杠 补杠 kong B3s@2",
    "seat 3 补张 draws 4m 四万 (kong replacement)",
    "the wall is exhausted after 2 wins",
    "  seat 3 pays seat 1 1 (查叫 cha_jiao (ready at the draw))",
    "  seat 3 pays seat 0 1 (退杠 kong money returned, 杠 9m 九万 (补杠))",
    "  seat 3 pays seat 1 1 (退杠 kong money returned, 杠 9m 九万 (补杠))",
    "  seat 3 pays seat 1 1 (退杠 kong money returned, 杠 3s 三条 (补杠))",
]
"""The same hand's lines after 定缺 but its draws, discards and passes: SC-GANG-PAY-1 (暗杠 2
from each), SC-GANG-PAY-3 (补杠 1 from each, paid before the rob window, so before its line),
the game going on after a win (SC-END-1), 查叫 (SC-CHAJIAO-1) and 退税 (SC-REFUND-3)."""

SWAPPED_TABLE = [
    "结算 settlement: the wall ran out after 2 wins (next dealer: seat 2)",
    "  seat  received  paid  delta",
    "     0         9     8     +1  胡 won (自摸 self-draw, 2 points)",
    "     1         5    14     -9  ready 听牌",
    "     2        21     0    +21  胡 won (自摸 self-draw, 4 points)",
    "     3         3    16    -13  not ready",
    "   all        38    38      0",
]


def test_play_sichuan_with_bots_logs_the_swap_the_voids_and_the_money(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """SC-SWAP-1/2, SC-VOID-1/2 and the payments of a whole hand by bots, exactly; each seat's
    first discard is the tile it set aside, turned up (SC-VOID-2, SC-VIEW-1); SC-DEALER-2: the
    first winner deals next."""
    status, out, err = run(
        capsys, "play", "--variant", "sichuan", "-o", "swap_three=true", "--seed", "34"
    )
    assert (status, err) == (0, "")
    assert out[:21] == SWAPPED_HAND
    assert [line for line in out if "turned up" in line] == [
        "seat 0 打 discards 8m 八万 (turned up: 定缺 万)",
        "seat 1 打 discards 2m 二万 (turned up: 定缺 万)",
        "seat 2 打 discards 6p 六筒 (turned up: 定缺 筒)",
        "seat 3 打 discards 1p 一筒 (turned up: 定缺 筒)",
    ]
    settled = out.index(SWAPPED_TABLE[0])
    routine = ("摸 draws", "打 discards", "过 passes")
    played = [x for x in out[21:settled] if x and not any(w in x for w in routine)]
    assert played == SWAPPED_PLAY
    assert out[settled : settled + 7] == SWAPPED_TABLE
    assert out[-17:-5] == [
        "  seat 3: -13",
        "     -2  to seat 2: 杠 kong money, 杠 5m 五万 (暗杠)",
        "     -5  to seat 2: 胡 win",
        "     +1  from seat 0: 杠 kong money, 杠 9m 九万 (补杠)",
        "     +1  from seat 1: 杠 kong money, 杠 9m 九万 (补杠)",
        "     -3  to seat 0: 胡 win",
        "     -2  to seat 1: 杠 kong money, 杠 7p 七筒 (直杠)",
        "     +1  from seat 1: 杠 kong money, 杠 3s 三条 (补杠)",
        "     -1  to seat 1: 查叫 cha_jiao (ready at the draw)",
        "     -1  to seat 0: 退杠 kong money returned, 杠 9m 九万 (补杠)",
        "     -1  to seat 1: 退杠 kong money returned, 杠 9m 九万 (补杠)",
        "     -1  to seat 1: 退杠 kong money returned, 杠 3s 三条 (补杠)",
    ]
    assert len(out) == 228


def test_play_sichuan_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    """SC-SWAP-1, SC-VOID-1 in ``--lang zh``: the same hand's phases and its settlement title."""
    argv = ["play", "--variant", "sichuan", "-o", "swap_three=true", "--seed", "34", "--lang", "zh"]
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    assert out[8:21:4] == [
        "座位 0 换三张 选出 2m 二万，3m 三万，4m 四万",
        "座位 0 换三张 给下家 2m 二万，3m 三万，4m 四万，换来 3p 三筒，3p 三筒，6p 六筒",
        "座位 0 定缺 万，扣下 8m 八万",
        "定缺完成：扣牌 座位 0、座位 1、座位 2、座位 3",
    ]
    assert out[21] == "座位 0 打出 8m 八万（翻开扣牌：缺万）"
    assert "牌墙已摸完（已有 2 家胡牌）" in out
    assert "  座位 3 付给座位 0 1 分（退杠·杠 九万（补杠））" in out
    assert "结算：牌墙摸完，已有 2 家胡牌（下一局庄家：座位 2）" in out


def test_a_payment_to_the_pot_is_shown_with_its_item(capsys: pytest.CaptureFixture[str]) -> None:
    """SC-PAY-4, SC-PENALTY-1 (``void_discard=lenient``): seat 2 ends holding its void suit and
    pays 48 to the pot: its line, the table's pot row (the ``all`` row still nets to 0) and
    the pot's own section (before every hand is shown)."""
    options = ["-o", "swap_three=true", "-o", "hua_zhu=true", "-o", "void_discard=lenient"]
    status, out, err = run(capsys, "play", "--variant", "sichuan", *options, "--seed", "30")
    assert (status, err) == (0, "")
    item = "罚分 penalty, 定缺 void suit: a kong of it, or its tiles still held at the end"
    assert f"  seat 2 pays the pot 48 ({item})" in out
    settled = next(i for i, line in enumerate(out) if line.startswith("结算 "))
    assert out[settled] == "结算 settlement: the wall ran out after 2 wins (next dealer: seat 3)"
    assert out[settled + 6 : settled + 8] == [
        "   pot        48     0    +48",
        "   all        51    51      0",
    ]
    assert f"    -48  to the pot: {item}" in out
    assert out[-7:-4] == [
        "  pot 罚池: +48",
        f"    +48  from seat 2: {item}",
        "--- every hand at the end",
    ]


def test_replay_shows_a_sichuan_record_as_play_did(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A Sichuan hand written by ``play --json`` replays (its 换三张 and 定缺 answers included)
    and prints the same log and settlement."""
    path = tmp_path / "hand.json"
    argv = ["play", "--variant", "sichuan", "-o", "swap_three=true", "--seed", "34"]
    status, played, _ = run(capsys, *argv, "--json", str(path))
    assert status == 0
    status, out, err = run(capsys, "replay", str(path))
    assert (status, err) == (0, "")
    assert out[2].startswith("wall digest: ") and out[2].endswith(" (matches the wall)")
    assert out[3:-1] == played[3:-1] and out[3:21] == SWAPPED_HAND[3:]
    assert out[-1] == "ok: 82 actions, result matches"


def test_variants_lists_sichuan_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    """``variants`` lists Sichuan between Baoshan and Yongshan with every option of
    SichuanOptions, its default and allowed values (SC-TILES-1: four players; SC-SWAP-1: no
    换三张 unless asked), and ``--json`` the same."""
    status, out, err = run(capsys, "variants")
    assert (status, err) == (0, "")
    at = out.index("sichuan 四川血战到底 (aliases: 血战到底, xuezhan, 四川血战到底, 四川麻将)")
    assert out[at + 1 : at + 7] == [
        "  players                   default 4",
        "                            allowed 4",
        "                            SC-TILES-1: always 4 players (dcmshi: Seat is 0..3)",
        "  swap_three                default false",
        "                            allowed true | false",
        "                            SC-SWAP-1 换三张: swap three tiles of one suit after the deal "
        "(enableHuanSanZhang)",
    ]
    status, out, err = run(capsys, "variants", "--json")
    (entry,) = [v for v in json.loads("\n".join(out)) if v["name"] == "sichuan"]
    fields = attrs.fields(SichuanOptions)
    assert [o["name"] for o in entry["options"]] == [f.name for f in fields]
    defaults = {o["name"]: o["default"] for o in entry["options"]}
    assert SichuanOptions.build(**defaults) == SichuanOptions.build()
    assert (entry["name_zh"], entry["error"]) == ("四川血战到底", None)


def test_a_false_hu_is_logged_with_its_penalty(capsys: pytest.CaptureFixture[str]) -> None:
    """SC-WIN-3 (``false_hu=penalty``): a random bot's 诈胡, its line and its 8 to each other
    seat, each named 诈胡; the seat plays on and discards (its set-aside tile first)."""
    options = ["-o", "false_hu=penalty", "--bots", "random", "--seed", "1"]
    status, out, err = run(capsys, "play", "--variant", "sichuan", *options)
    assert (status, err) == (0, "")
    at = out.index("seat 3 诈胡 false hu: the hand does not win, penalised")
    item = "罚分 penalty, 诈胡 false hu: the payer declared a hu its hand does not make"
    assert out[at - 1 : at + 5] == [
        "seat 3 摸 draws 9m 九万",
        "seat 3 诈胡 false hu: the hand does not win, penalised",
        f"  seat 3 pays seat 0 8 ({item})",
        f"  seat 3 pays seat 1 8 ({item})",
        f"  seat 3 pays seat 2 8 ({item})",
        "seat 3 打 discards 6m 六万 (turned up: 定缺 万)",
    ]
