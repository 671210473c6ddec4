"""The text notation of actions (issue 11): writing, reading, errors, and the round trip."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_rules.engine.action_text import read_action
from mahjong_rules.engine.actions import (
    Action,
    Discard,
    Gang,
    Hu,
    Pass,
    Peng,
    parse_action,
)
from mahjong_rules.errors import (
    ActionError,
    ActionParseError,
    ActionTypeError,
    MahjongRulesError,
)
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.baoshan import Ting
from mahjong_rules.variants.baoshan.buying import BuyPoints
from mahjong_rules.variants.yongshan.ti import Ti

T = Tile
AN, ZHI, BU = MeldKind.AN_GANG, MeldKind.ZHI_GANG, MeldKind.BU_GANG
W8 = (T("8p"),)


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Discard(1, T("9s")), "1 discard 9s"),
        (Discard(0, T("7z")), "0 discard 7z"),
        (Peng(2), "2 peng"),
        (Peng(2, W8), "2 peng *8p"),
        (Peng(2, (T("7p"), T("9p"))), "2 peng *7p9p"),
        (Gang(0, T("7p"), AN), "0 gang 7p concealed"),
        (Gang(1, T("2m"), ZHI, W8 * 2), "1 gang 2m exposed *8p8p"),
        (Gang(2, T("5s"), BU), "2 gang 5s added"),
        (Gang(3, T("1m"), AN, (T("7p"), T("9p"), T("9p"))), "3 gang 1m concealed *7p9p9p"),
        (Hu(3), "3 hu"),
        (Pass(1), "1 pass"),
        (Ting(0), "0 ting"),
        (Ti(0, T("2m"), T("8p")), "0 ti 2m *8p"),
        (BuyPoints(2, 1), "2 buy 1"),
        (BuyPoints(0, 0), "0 buy 0"),
    ],
)
def test_text_form_is_written_and_read_back(action: Action, text: str) -> None:
    assert str(action) == text
    assert Action.parse(text) == action
    assert parse_action(text) == action
    assert type(action).parse(text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("1 打 9s", Discard(1, T("9s"))),
        ("1 discard 九条", Discard(1, T("9s"))),
        ("  1   DISCARD\t9s  ", Discard(1, T("9s"))),
        ("0 discard 中", Discard(0, T("7z"))),
        ("0 discard 🀀", Discard(0, T("1z"))),
        ("2 碰", Peng(2)),
        ("2 Peng *8p", Peng(2, W8)),
        ("2 peng *9p7p", Peng(2, (T("7p"), T("9p")))),
        ("0 杠 7p 暗杠", Gang(0, T("7p"), AN)),
        ("0 槓 7p 暗槓", Gang(0, T("7p"), AN)),
        ("0 gang 7p 暗", Gang(0, T("7p"), AN)),
        ("0 gang 7p an_gang", Gang(0, T("7p"), AN)),
        ("1 杠 2m 直杠 *88p", Gang(1, T("2m"), ZHI, W8 * 2)),
        ("1 gang 2m zhi_gang *8p 8p", None),  # a second wildcard token is not read
        ("2 杠 5s 补杠", Gang(2, T("5s"), BU)),
        ("2 gang 5s 補", Gang(2, T("5s"), BU)),
        ("2 gang 5s Added", Gang(2, T("5s"), BU)),
        ("3 胡", Hu(3)),
        ("1 过", Pass(1)),
        ("1 過", Pass(1)),
        ("0 听", Ting(0)),
        ("0 聽", Ting(0)),
        ("0 提 2m *8p", Ti(0, T("2m"), T("8p"))),
        ("2 买 1", BuyPoints(2, 1)),
        ("2 買 2", BuyPoints(2, 2)),
    ],
)
def test_other_spellings_are_read(text: str, action: Action | None) -> None:
    if action is None:
        with pytest.raises(ActionParseError, match="unexpected '8p' after the gang action"):
            parse_action(text)
    else:
        assert parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("", "expected a seat number 0..3, found the end", 0),
        ("   ", "expected a seat number 0..3, found the end", 3),
        ("x discard 9s", "expected a seat number 0..3, found 'x'", 0),
        ("4 hu", "a seat must be 0..3, found '4'", 0),
        ("9" * 50 + " hu", "a seat must be 0..3, found '999999999999...'", 0),
        (
            "1",
            "expected an action (discard, peng, gang, hu, pass, ting, buy, ti, swap, void or "
            "false_hu), found the end",
            1,
        ),
        (
            "1 dicard 9s",
            "unknown action 'dicard' (expected discard, peng, gang, hu, pass, ting, buy, ti, "
            "swap, void or false_hu)",
            2,
        ),
        ("1 discard", "expected a tile such as 9s, found the end", 9),
        ("1 discard 9x", "expected one tile such as 9s, found '9x'", 11),
        ("1 discard 99s", "expected one tile such as 9s, found '99s'", 10),
        ("1 discard 9s 8s", "unexpected '8s' after the discard action", 13),
        ("2 peng 8p", "unexpected '8p' after the peng action", 7),
        ("2 peng *", "expected wildcard tiles after '*'", 8),
        ("2 peng *8x", "expected wildcard tiles after '*', found '8x'", 9),
        ("2 peng *7p8p9p", "a peng takes at most 2 wildcards, got 3", 8),
        ("0 gang 7p", "expected the kong kind (concealed, exposed or added), found the end", 9),
        (
            "0 gang 7p hidden",
            "expected the kong kind (concealed, exposed or added), found 'hidden'",
            10,
        ),
        ("0 gang *8p concealed", "expected one tile such as 9s, found '*8p'", 7),
        ("0 gang 7p concealed *8p8p8p8p", "a gang takes at most 3 wildcards, got 4", 21),
        ("0 gang 7p concealed *7p", "a 7p in a kong of 7p is no wildcard", 20),
        ("0 ti 2m", "expected '*' and the wildcard tile, found the end", 7),
        ("0 ti 2m 8p", "expected '*' and the wildcard tile, found '8p'", 8),
        ("0 ti 2m *8p9p", "a ti takes exactly one wildcard, got 2", 8),
        ("0 ti 2m *2m", "提 puts 2m in place of another tile, not of 2m", 8),
        ("2 buy", "expected the points bought, 0..2, found the end", 5),
        ("2 buy 3", "expected the points bought, 0..2, found '3'", 6),
        ("2 buy one", "expected the points bought, 0..2, found 'one'", 6),
        ("3 hu now", "unexpected 'now' after the hu action", 5),
    ],
)
def test_bad_text_names_what_was_expected_and_where(text: str, message: str, position: int) -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(text)
    assert str(info.value) == f"{message} at position {position} in {text!r}"
    assert info.value.position == position
    assert info.value.text == text
    assert isinstance(info.value, ActionError)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, MahjongRulesError)


def test_a_subclass_reads_only_its_own_kind() -> None:
    assert Discard.parse("1 打 9s") == Discard(1, T("9s"))
    with pytest.raises(ActionParseError) as info:
        Discard.parse("1 pass")
    assert str(info.value) == "expected a discard action, found 'pass' at position 2 in '1 pass'"


def test_text_that_is_not_a_str_is_refused() -> None:
    with pytest.raises(ActionTypeError) as info:
        parse_action(b"1 hu")  # type: ignore[arg-type]
    assert str(info.value) == "action text is a str, not bytes"
    assert isinstance(info.value, TypeError)


def test_read_action_gives_the_constructor_arguments() -> None:
    assert read_action("0 杠 7p 暗") == ("gang", 0, (T("7p"), AN, ()))
    assert read_action("2 peng *8p") == ("peng", 2, (W8,))
    assert parse_action("2 buy 2") == BuyPoints(2, 2)  # BS-BUY-1: Baoshan's own, registered
    assert read_action("3 hu") == ("hu", 3, ())


# ---------------------------------------------------------------------- every action round-trips

seats = st.integers(0, 3)
tiles = st.sampled_from(all_tiles())


@st.composite
def gangs(draw: st.DrawFn) -> Gang:
    tile = draw(tiles)
    wilds = draw(st.lists(tiles.filter(lambda t: t is not tile), max_size=3))
    return Gang(draw(seats), tile, draw(st.sampled_from([AN, ZHI, BU])), tuple(sorted(wilds)))


@st.composite
def tis(draw: st.DrawFn) -> Ti:
    tile = draw(tiles)
    return Ti(draw(seats), tile, draw(tiles.filter(lambda t: t is not tile)))


actions: st.SearchStrategy[Any] = st.one_of(
    st.builds(Discard, seats, tiles),
    st.builds(lambda s, w: Peng(s, tuple(sorted(w))), seats, st.lists(tiles, max_size=2)),
    gangs(),
    st.builds(Hu, seats),
    st.builds(Pass, seats),
    st.builds(Ting, seats),
    tis(),
    st.builds(BuyPoints, seats, st.integers(0, 2)),
)


@given(actions)
def test_every_action_round_trips_through_its_text(action: Action) -> None:
    text = str(action)
    assert Action.parse(text) == action
    assert type(action).parse(text) == action
    assert str(parse_action(text)) == text
