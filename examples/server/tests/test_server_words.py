"""What a player reads at the served table: its own texts in the table's language, 听 and
its waits, every hand face up once the hand is over, the title of a finished hand and the
buttons' words (issue 34, section 2)."""

from __future__ import annotations

import json
import re
from typing import Any

from mahjong_server.messages import ended_message, view_message
from mahjong_server.pages import table_page
from mahjong_server.table import Settings, Table
from mahjong_server.words import ERRORS, PAGE_KEYS, TEXTS, page_texts

from mahjong_rules import MeldKind, Rules, State, get_variant
from mahjong_rules.bots import GreedyBot
from mahjong_rules.records import HandRecord
from mahjong_rules.words import end_title, ready_words
from tests.server_helpers import Player, serving
from tests.test_server_table import run

_STATUS = [{"seat": k, "kind": "bot", "connected": False} for k in range(4)]
_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")  # words, punctuation


def _hand(rules: Rules, seed: int) -> list[State]:
    """Every state of a hand four greedy bots play from ``seed``."""
    record = HandRecord.new(rules, seed=seed)
    state, states, bot = record.start(), [], GreedyBot()
    states.append(state)
    while not rules.is_over(state):
        seat = min(rules.to_act(state))
        state = rules.apply(state, bot.choose(rules.view(state, seat)))
        states.append(state)
    return states


def _face_down(message: dict[str, Any]) -> int:
    """How many tiles the page draws face down from a view message (its ``picture`` once the
    hand is over): hidden hands, hidden 暗杠, and a shown 暗杠's two end tiles."""
    view = message["picture"] or message["view"]
    down = 0
    for seat in view["seats"]:
        if seat["seat"] != view["seat"] and seat["hand"] is None:
            down += seat["tiles"]
        down += 4 * seat["hidden_kongs"]
        down += 2 * sum(meld["kind"] == "an_gang" for meld in seat["melds"])
    return down


def test_every_fixed_text_has_its_chinese() -> None:
    """Each of the server's texts has a Chinese counterpart unlike its English, and so has
    each error code the protocol names."""
    for key, (en, zh) in TEXTS.items():
        assert en != zh and (_CJK.search(zh) or key == "other_lang"), key  # "English"
        assert re.findall(r"\{\w+\}", en) == re.findall(r"\{\w+\}", zh), key
    codes = "not_json not_object unknown_type bad_field too_long binary not_joined no_table"
    codes += " no_seat seat_taken bad_answer illegal stale closed"
    assert set(codes.split()) <= set(ERRORS)
    assert page_texts("zh")["your_move"] == "轮到你：" and page_texts("en")["your_move"] == (
        "your move:"
    )
    assert list(page_texts("zh")) == list(PAGE_KEYS)


def test_a_chinese_table_s_pages_and_errors_are_in_chinese() -> None:
    """lang=zh: the lobby asked in Chinese, the table page (its labels and the texts its script
    shows), a page refusing a request, and the errors sent over the websocket; an English
    table's stay English."""

    async def test() -> None:
        async with serving() as served:
            status, lobby = await served.get("/?lang=zh")
            assert status == 200 and '<html lang="zh">' in lobby
            for said in ("开桌", "你的座位", "还没有牌桌。", "其他真人座位（其余由机器人打）"):
                assert said in lobby
            assert "open a table" not in lobby and '<option value="zh" selected>' in lobby
            table = served.lobby.open("sichuan", frozenset({0}), seed=12, lang="zh")
            status, page = await served.get(f"/table/{table.id}?seat=0")
            assert status == 200 and '<html lang="zh">' in page
            for said in ("牌桌 t1 · 座位 0", "连接中…", "托管：机器人正在替你打牌。", "收回座位"):
                assert said in page
            assert "connecting…" not in page and "take my seat back" not in page
            texts = re.search(r'data-texts="([^"]*)"', page)
            assert texts is not None
            shown = json.loads(texts[1].replace("&quot;", '"'))
            assert shown == page_texts("zh") and shown["hand_over"] == "本局结束"
            status, refused = await served.get("/table/t99?seat=0&lang=zh")
            assert status == 404 and "没有这张牌桌。" in refused and "回到大厅" in refused
            _, english = await served.get("/table/t99?seat=0")
            assert "no table &#x27;t99&#x27;" in english and "the lobby" in english
            async with Player.at(served, table.id, 0) as player:
                view = await player.asked()
                errors = []
                for junk in ("not json", json.dumps({"type": "hello"})):
                    await player.send(junk)
                    errors.append((await player.expect("error"))["message"])
                action = {**view["actions"][0]["action"], "seat": 1}
                await player.send({"type": "answer", "action": action, "step": view["step"]})
                errors.append((await player.expect("error"))["message"])
                await player.answer(view)
                await player.expect("accepted")
                await player.answer(view)
                errors.append((await player.expect("error"))["message"])
            assert errors == [
                "这不是 JSON 文本。",
                "不认识这种消息。",
                "现在不能这样做。",
                "太迟了：这一步已经过去。",
            ]

    run(test())


def test_a_seat_is_told_it_is_ready_and_what_it_waits_on() -> None:
    """READY-1, 听: each seat's view message says whether its own hand is ready and on what
    (the library's words, ``rules.waits`` of that seat alone), in both languages; another
    seat's waits are never in it."""
    rules = get_variant("sichuan")
    told = 0
    for state in _hand(rules, 3)[:-1]:
        for seat in range(4):
            for lang in ("en", "zh"):
                message = view_message(rules, state, seat, lang, [], _STATUS, table="t1")
                own = state.seats[seat]
                ready = not own.won and own.tiles_count % 3 == 1 and rules.waits(state, seat)
                waits = sorted(rules.waits(state, seat)) if ready else []
                assert message["waits"] == [tile.notation for tile in waits]
                assert message["ready"] == (
                    ready_words(rules, state, seat, lang) if waits else None
                )
                if waits:
                    told += 1
                    start = "听 ready: waits on " if lang == "en" else "听牌：等 "
                    assert message["ready"].startswith(start)
    assert told > 0


def test_every_hand_is_face_up_once_the_hand_is_over_and_never_before() -> None:
    """SC-CHAJIAO-1, SC-HUAZHU-1: at the end every seat's picture shows every hand face up
    (only a 暗杠's end tiles face down) and the ``ended`` message lists each hand, so a 查叫
    or a 花猪 paid can be checked; one step before, the other hands are still face down."""
    rules = get_variant("sichuan")
    states = _hand(rules, 3)
    before, last = states[-2], states[-1]
    for seat in range(4):
        message = view_message(rules, last, seat, "en", [], _STATUS, table="t1")
        kongs = sum(m.kind is MeldKind.AN_GANG for s in last.seats for m in s.melds)
        assert _face_down(message) == 2 * kongs
        earlier = view_message(rules, before, seat, "en", [], _STATUS, table="t1")
        hidden = sum(
            len(s.concealed) for k, s in enumerate(before.seats) if k != seat and not s.won
        )
        assert hidden > 0 and _face_down(earlier) >= hidden
        ended = ended_message(rules, last, seat, "zh", table="t1", replay="/r")
        assert ended["hands"] == [
            {
                "seat": k,
                "tiles": [t.notation for t in sorted(s.concealed)],
                "text": " ".join(t.name_zh for t in sorted(s.concealed)),
            }
            for k, s in enumerate(last.seats)
        ]


def _ended(game: str, wins: bool) -> tuple[Rules, State]:
    """The last state of a hand of ``game`` that ran out of wall, with or without wins."""
    rules = get_variant(game)
    for seed in range(200):
        last = _hand(rules, seed)[-1]
        result = rules.result(last)
        assert result is not None
        if result.exhausted and bool(result.wins) is wins:
            return rules, last
    raise AssertionError(f"no {game} hand of that end in 200 seeds")


def test_a_hand_with_wins_that_ran_out_is_not_titled_a_drawn_hand() -> None:
    """SC-END-1, FLOW-6: a Sichuan hand whose winners played on to the wall's end is titled by
    its wins (the library's title of a finished hand), never 流局; 流局 titles a hand nobody
    won."""
    for wins in (True, False):
        rules, last = _ended("sichuan", wins=wins)
        result = rules.result(last)
        assert result is not None
        for lang in ("en", "zh"):
            title = ended_message(rules, last, 0, lang, table="t1", replay="/r")["title"]
            assert title == end_title(result, lang)
            assert ("流局" in title) is not wins
        if wins:
            en = ended_message(rules, last, 0, "en", table="t1", replay="/r")["title"]
            assert f"{len(result.wins)} win" in en and "then the wall ran out" in en


def test_the_buttons_say_what_an_action_does() -> None:
    """SC-VOID-1: the 定缺 buttons name the suit given up and the tile set aside, in the
    table's language (the library's player-facing labels, ``rules.action_label``), not the
    notation ``void m 1m``."""
    rules = get_variant("sichuan")
    state = HandRecord.new(rules, seed=3).start()
    en = view_message(rules, state, 0, "en", [], _STATUS, table="t1")["actions"]
    zh = view_message(rules, state, 0, "zh", [], _STATUS, table="t1")["actions"]
    assert en[0]["label"] == "定缺 万 (void characters), set aside 1m 一万"
    assert zh[0]["label"] == "定缺 万，扣下 一万"
    view = rules.view(state, 0)
    assert [a["label"] for a in zh] == [rules.action_label(a, "zh") for a in view.legal_actions]
    assert not any(re.fullmatch(r"void [mps] \d[mps]", a["label"]) for a in en)


def test_a_chinese_table_page_names_its_game_and_seat() -> None:
    """The table page's header in Chinese: 牌桌 and 座位, the lobby link to the Chinese lobby."""

    async def test() -> None:
        async with serving():
            rules = get_variant("baoshan")
            table = Table("t7", rules, people=frozenset({1}), seed=1, settings=Settings(lang="zh"))
            page = table_page(table, 1)
            table.task.cancel()
            assert f"<title>{rules.name_zh} baoshan · 牌桌 t7 · 座位 1</title>" in page
            assert 'href="/?lang=zh">大厅</a>' in page

    run(test())
