"""Issue 34 s.2, the library side: one layer of words below the command line and the replay
page, the whole-table page in the third person, 听 and its waits, a settlement titled by what
happened, a phase that asks one seat, actions' labels and pond marks."""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

import attrs
import pytest

from mahjong_rules import get_variant
from mahjong_rules.bots import RandomBot
from mahjong_rules.cli import main
from mahjong_rules.engine.actions import Discard
from mahjong_rules.engine.state import Phase
from mahjong_rules.records import HandRecord, replay
from mahjong_rules.render.page_data import page_data, settlement_data
from mahjong_rules.tiles import Suit, Tile
from mahjong_rules.variants.baoshan.buying import BuyPoints
from mahjong_rules.variants.baoshan.ting import Ting
from mahjong_rules.variants.sichuan.actions import DeclareVoid, SwapTiles
from mahjong_rules.variants.yongshan.ti import Ti
from mahjong_rules.words.payments import kong_names
from mahjong_rules.words.table import end_title, phase_words, ready_words

SRC = Path(__file__).resolve().parent.parent / "src" / "mahjong_rules"


def _sichuan_hand(seed: int = 155) -> HandRecord:
    """A Sichuan hand played by random bots: seed 155 has two wins, then the wall runs out."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rules = get_variant("sichuan")
    record = HandRecord.new(rules, seed=seed)
    state = record.start()
    bots = [RandomBot(seed * 10 + k) for k in range(rules.players)]
    while rules.result(state) is None:
        seat = min(rules.to_act(state))
        action = bots[seat].choose(rules.view(state, seat))
        state = rules.apply(state, action)
        record = record.with_action(action)
    return record


def test_words_live_below_cli_and_render_with_no_lazy_import() -> None:
    """The words layer imports neither the command line nor the renderers, and no module of
    cli/, render/ or words/ imports the library inside a function (the hidden cycle)."""
    lazy, upward = [], []
    for folder in ("cli", "render", "words"):
        for path in sorted((SRC / folder).glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    for inner in ast.walk(node):
                        if isinstance(inner, ast.ImportFrom) and "mahjong_rules" in (
                            inner.module or ""
                        ):
                            lazy.append((folder, path.name, inner.module))
                if folder == "words" and isinstance(node, ast.ImportFrom):
                    module = node.module or ""
                    if module.startswith(("mahjong_rules.cli", "mahjong_rules.render")):
                        upward.append((path.name, module))
    assert lazy == []
    assert upward == []


def test_sc_view_1_whole_table_page_says_each_seats_void_in_the_third_person() -> None:
    """SC-VIEW-1: the page of the whole table words each seat's own 定缺 as its, not yours;
    a seat's own page keeps "your"."""
    record = _sichuan_hand()
    whole = page_data(record)["steps"][4]["seats"]
    assert [s["own"] for s in whole] == [
        ["its 定缺: 条 (s), set aside 2s"],
        ["its 定缺: 条 (s), set aside 6s"],
        ["its 定缺: 筒 (p), set aside 6p"],
        ["its 定缺: 条 (s), set aside 6s"],
    ]
    zh = page_data(record, lang="zh")["steps"][4]["seats"]
    assert zh[1]["own"] == ["定缺：条，扣下 六条"]  # names alone in Chinese
    own = page_data(record, seat=1)["steps"][4]["seats"]
    assert [s["own"] for s in own] == [[], ["your 定缺: 条 (s), set aside 6s"], [], []]


def test_sc_win_1_the_page_says_ting_and_the_waits() -> None:
    """SC-WIN-1: a ready seat (听牌, what would complete its hand) is told what it waits on:
    on the whole-table page for every seat, on a seat's page for that seat alone."""
    record = _sichuan_hand()
    step = page_data(record)["steps"][35]["seats"]
    assert step[3]["own"] == ["its 定缺: 条 (s), set aside 6s", "听 ready: waits on 5p 五筒"]
    assert [s["own"][1:] for s in step[:3]] == [[], [], []]
    seat3 = page_data(record, seat=3, lang="zh")["steps"][35]["seats"]
    assert seat3[3]["own"] == ["你的定缺：条，扣下 六条", "听牌：等 五筒"]
    seat0 = page_data(record, seat=0)["steps"][35]["seats"]
    assert all("听" not in line for s in seat0 for line in s["own"])


def test_sc_win_1_ready_words_not_in_turn() -> None:
    """SC-WIN-1: ready_words says nothing of a seat holding 3k+2 tiles (its turn)."""
    record = _sichuan_hand()
    states = replay(record).states
    rules = record.rules()
    state = states[35]
    assert ready_words(rules, state, 3, "en") == "听 ready: waits on 5p 五筒"
    turn = next(s for s in states[36:] if s.phase is Phase.TURN and s.current == 3)
    assert ready_words(rules, turn, 3, "en") is None


def test_flow_6_sc_end_1_wins_then_the_wall_ran_out_is_not_liuju() -> None:
    """FLOW-6 / SC-END-1: a 血战 hand with wins that ran to the last tile is titled by what
    happened; 流局 (FLOW-6) only when nobody won."""
    record = _sichuan_hand()
    done = replay(record)
    assert done.result is not None and done.result.exhausted and len(done.result.wins) == 2
    page = page_data(record)["steps"][-1]["end"]
    assert page["title"] == "结算 settlement · 2 wins, then the wall ran out"
    data = settlement_data(record.rules(), done.result, "zh")
    assert data["title"] == "结算 · 2 家胡牌后牌墙摸完"
    nobody = attrs.evolve(done.result, wins=())
    assert end_title(nobody, "en") == "结算 settlement · 流局 the wall ran out"
    assert end_title(nobody, "zh") == "结算 · 流局"
    assert end_title(attrs.evolve(done.result, exhausted=False), "en") == "结算 settlement"


def test_sc_void_1_phase_asking_one_seat_names_it() -> None:
    """SC-VOID-1 (a phase of the game's own), told of the whole table: asking one seat, it says
    which; some seats, which; all of them, every seat."""
    record = _sichuan_hand()
    rules = record.rules()
    view = rules.view(replay(record).states[0], 0)
    assert phase_words(view, "en", rules, asked=(2,)) == "定缺 declaring void suits: seat 2 chooses"
    assert phase_words(view, "zh", rules, asked=(2,)) == "定缺：2家选择"
    assert (
        phase_words(view, "en", rules, asked=(2, 0))
        == "定缺 declaring void suits: seats 0, 2 choose"
    )
    assert phase_words(view, "zh", rules, asked=(2, 0)) == "定缺：0、2家选择"
    assert phase_words(view, "en", rules, asked=(0, 1, 2, 3)) == (
        "定缺 declaring void suits: every seat chooses"
    )
    assert phase_words(view, "zh", rules, asked=(0, 1, 2, 3)) == "定缺：各家选择"


def test_sc_void_1_choices_have_player_facing_labels() -> None:
    """SC-VOID-1: 定缺 choices say the suit given up and the tile set aside, in words."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rules = get_variant("sichuan")
    void = DeclareVoid(0, Suit.MAN, Tile("1m"))
    assert rules.action_label(void, "en") == "定缺 万 (void characters), set aside 1m 一万"
    assert rules.action_label(void, "zh") == "定缺 万，扣下 一万"
    none = DeclareVoid(0, Suit.SOU, None)
    assert rules.action_label(none, "en") == "定缺 条 (void bamboo), holding none of it"
    swap = SwapTiles(0, (Tile("1m"), Tile("2m"), Tile("2m")))
    assert rules.action_label(swap, "zh") == "换三张 一万 二万 二万"
    assert rules.action_label(Discard(0, Tile("1m")), "zh") == "打 一万"
    record = _sichuan_hand()
    first = page_data(record)["steps"][0]["choices"][0]["actions"]
    assert first[:2] == [
        "定缺 万 (void characters), set aside 1m 一万",
        "定缺 万 (void characters), set aside 2m 二万",
    ]


def test_sc_claim_1_pond_marks_read_as_meld_labels() -> None:
    """SC-CLAIM-1: a claimed discard's mark is written as a meld's label is (碰 →2 beside 碰 ←1)."""
    record = _sichuan_hand()
    seats = page_data(record)["steps"][11]["seats"]
    assert seats[1]["pond"][-1] == ["9s", "碰 →2", "peng by seat 2", True]
    assert seats[2]["melds"][0]["label"] == "碰 ←1"
    zh = page_data(record, lang="zh")["steps"][11]["seats"]
    assert zh[1]["pond"][-1] == ["9s", "碰 →2", "座位 2 碰", True]


def test_sc_gang_1_flow_5_kong_payments_name_the_kong() -> None:
    """SC-GANG-1 / FLOW-5: a kong's payment (and its refund) names the kong's tile and kind, not its
    number in the hand, wherever the hand's states are known (the whole-table page); a seat's
    page, which reads no state, keeps the number."""
    record = _sichuan_hand(seed=0)
    end = page_data(record)["steps"][-1]["end"]
    kongs = [p for p in end["payments"] if "杠" in p["reason"]]
    assert kongs == [
        {
            "payer": "seat 0",
            "payee": "seat 1",
            "reason": "杠 kong money, 杠 6p 六筒 (直杠)",
            "amount": 2,
        },
        {
            "payer": "seat 1",
            "payee": "seat 0",
            "reason": "退杠 kong money returned, 杠 6p 六筒 (直杠)",
            "amount": 2,
        },
    ]
    zh = page_data(record, lang="zh")["steps"][-1]["end"]["payments"]
    assert [p["reason"] for p in zh if "杠" in p["reason"]] == [
        "杠分·杠 六筒（直杠）",
        "退杠·杠 六筒（直杠）",
    ]
    own = page_data(record, seat=0)["steps"][-1]["end"]["payments"]
    assert [p["reason"] for p in own if "杠" in p["reason"]] == [
        "杠 kong money, kong 1 of the hand",
        "退杠 kong money returned, kong 1 of the hand",
    ]
    assert kong_names(replay(record).states, "en") == {1: "杠 6p 六筒 (直杠)"}


def test_sc_chajiao_1_every_hand_shown_after_the_settlement(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """SC-CHAJIAO-1 / YS-PENALTY-2: ``play`` shows every seat's hand once the hand is over
    (not only the winner's reading), so that a 查叫 or 花猪 can be checked; in Chinese by the
    tiles' names."""
    assert main(["play", "--seed", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[-5:] == [
        "--- every hand at the end",
        "  seat 0: 🀇🀈🀚🀛🀜🀟🀠🀡🀐🀑🀒🀘🀘  12m234789p12399s",
        "  seat 1: 🀋🀍🀍🀎🀏🀝🀞🀟🀡🀑🀓🀖🀖  57789m5679p2477s",
        "  seat 2: 🀇🀇🀍🀏🀜🀜🀠🀑🀑🀓🀔🀕🀗  1179m448p224568s",
        "  seat 3: 🀉🀎🀎🀛🀛🀝🀒🀓🀕🀕  388m335p3466s  P6p@1",
    ]
    assert main(["play", "--seed", "3", "--lang", "zh"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "  座位 3：🀉🀎🀎🀛🀛🀝🀒🀓🀕🀕  三万 八万 八万 三筒 三筒 五筒 三条 四条 六条 六条  碰 六筒"
    )


def test_bs_ting_1_bs_buy_1_ys_ti_1_labels() -> None:
    """BS-TING-1 (报听), BS-BUY-1 (买点) and YS-TI-1 (提) as menus, pages and a served table's
    buttons label them."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        baoshan, yongshan = get_variant("baoshan"), get_variant("yongshan")
    ti = Ti(0, Tile("5m"), Tile("8p"))
    assert [baoshan.action_label(Ting(0), lang) for lang in ("en", "zh")] == [
        "报听 declare ready",
        "报听",
    ]
    assert [baoshan.action_label(BuyPoints(0, 2), lang) for lang in ("en", "zh")] == [
        "买点 buy 2 points",
        "买点 2 分",
    ]
    assert [yongshan.action_label(ti, lang) for lang in ("en", "zh")] == [
        "提 ti: 5m 五万 into the meld, 8p 八筒 back",
        "提 五万 换回 八筒",
    ]
