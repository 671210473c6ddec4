"""The table's picture in the table's language (issue 34 s.2): ``view_svg(view, lang="zh")``
(and ``svg``, ``hand_svg``, ``tiles_svg``) writes its labels, heading and titles in Chinese,
tiles by name alone; English, the default, is the picture it always was (the golden pictures
of tests/test_render.py hold it byte for byte)."""

from __future__ import annotations

import re
import warnings

import pytest

from mahjong_rules import Hand, Tile, get_variant
from mahjong_rules.bots import RandomBot
from mahjong_rules.engine.view import View
from mahjong_rules.render import hand_svg, svg, tiles_svg, view_svg


def _labels(picture: str) -> list[str]:
    """The picture's words of more than one character (a tile's face is one)."""
    return [t for t in re.findall(r">([^<]+)</text>", picture) if len(t) > 1]


def _titles(picture: str) -> list[str]:
    return re.findall(r"<title>([^<]+)</title>", picture)


def _sichuan_view() -> View:
    """Seat 3's view in its turn (the drawn 1p) after every seat's 定缺 and a few discards."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rules = get_variant("sichuan")
    state = rules.new_hand(seed=7)
    bots = [RandomBot(k) for k in range(4)]
    for _ in range(16):
        seat = min(rules.to_act(state))
        state = rules.apply(state, bots[seat].choose(rules.view(state, seat)))
    return rules.view(state, 3)


def test_sc_void_1_the_picture_of_a_chinese_table_speaks_chinese() -> None:
    """SC-VOID-1 (each seat's void suit beside its label): at a Chinese table the heading, the
    seats' labels (座位, 你, 庄家, the game's 缺 万) and the titles are in Chinese, tiles by name;
    the English picture says what it always did."""
    view = _sichuan_view()
    chinese = view_svg(view, lang="zh")
    assert _labels(chinese) == [
        "座位 3 的视角 · 出牌 · 牌墙剩余 44 张",
        "座位 3", "（你）", "缺 万",
        "座位 0", "庄家", "缺 条",
        "座位 1", "缺 万",
        "座位 2", "缺 万",
    ]  # fmt: skip
    titles = _titles(chinese)
    assert titles[0] == (
        "座位 3 所见的牌桌，牌墙剩余 44 张；手牌 一万 二万 五万 八万 一筒 一筒 二筒 三筒 四筒 五筒 "
        "六筒 一条 三条 七条；摸到 一筒；座位 0：13 张；座位 1：13 张；座位 2：13 张"
    )
    assert "一筒，摸到" in titles and "六万，弃牌" in titles and "牌背" in titles
    english = view_svg(view)
    assert _labels(english) == [
        "seat 3's view · turn · 44 tiles left",
        "seat 3", "(you)", "void 万 (m)",
        "seat 0", "庄 dealer", "void 条 (s)",
        "seat 1", "void 万 (m)",
        "seat 2", "void 万 (m)",
    ]  # fmt: skip
    assert _titles(english)[0] == (
        "The table as seat 3 sees it, 44 tiles left; own hand 1258m1123456p137s; drawn 1p; "
        "seat 0: 13 tiles; seat 1: 13 tiles; seat 2: 13 tiles"
    )
    assert view_svg(view, lang="en") == english
    assert svg(view, lang="zh") == chinese


def test_ys_wild_1_the_indicator_and_wildcards_in_chinese() -> None:
    """YS-WILD-1: the 本金 tile and the wildcard kind at the top, titled in Chinese; a pond with
    nothing in it says 无弃牌; a phase of the game's own is named as the game calls it."""
    rules = get_variant("yongshan")
    view = rules.view(rules.new_hand(seed=3), 1)
    chinese = view_svg(view, lang="zh", seat_notes={1: ["玩家"], 2: ["机器人"]})
    assert _labels(chinese)[:4] == [
        "座位 1 的视角 · 出牌 · 牌墙剩余 54 张",
        "本金",
        "听用",
        "座位 1",
    ]
    assert _labels(chinese).count("无弃牌") == 4
    assert _titles(chinese)[1:3] == ["五筒，本金", "六筒，听用，本局听用牌"]
    assert (
        "；你：玩家；" in _titles(chinese)[0] and "；座位 2：13 张，机器人；" in _titles(chinese)[0]
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sichuan = get_variant("sichuan")
    asked = sichuan.view(sichuan.new_hand(seed=7), 0)
    assert _labels(view_svg(asked, lang="zh"))[0] == "座位 0 的视角 · 定缺 · 牌墙剩余 55 张"


def test_a_hand_and_a_row_of_tiles_titled_in_chinese() -> None:
    """A hand's title names its tiles, its winning tile and its melds by name in Chinese."""
    hand = Hand.parse("23m55p4m P5m*8p@1 A9s")
    picture = hand_svg(hand, winning_tile=Tile("4m"), wilds="8p", lang="zh")
    assert _titles(picture)[0] == (
        "手牌：二万 三万 四万 五筒 五筒，胡的牌 四万；"
        "副露：碰 五万（听用 八筒；座位 1 打出）、暗杠 九条"
    )
    assert _titles(hand_svg(hand, winning_tile=Tile("4m"), wilds="8p"))[0] == (
        "Hand: 234m55p, winning tile 4m; melds: 碰 (peng) of 5m with wildcards 8p from seat 1, "
        "暗杠 (an_gang) of 9s"
    )
    assert _titles(tiles_svg([Tile("1z"), None], lang="zh"))[0] == "牌：东 牌背"
    assert _titles(tiles_svg("", lang="zh"))[0] == "无牌"
    assert svg("1z", lang="zh") == tiles_svg("1z", lang="zh")


@pytest.mark.parametrize("lang", ["fr", "", None, "ZH"])
def test_a_language_not_known_is_refused(lang: object) -> None:
    """``lang`` is checked where it enters: only en and zh."""
    view = _sichuan_view()
    with pytest.raises(TypeError, match=r"^lang must be one of en, zh, got "):
        view_svg(view, lang=lang)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^lang must be one of en, zh, got "):
        svg("1m", lang=lang)  # type: ignore[arg-type]
