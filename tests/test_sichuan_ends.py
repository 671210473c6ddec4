"""Sichuan 血战到底 (xuèzhàn dàodǐ) at the wall's end, on hand-built walls (issue 20): 海底 (hǎidǐ)
after a last-tile kong (SC-PAT-海底), no kong and only hu or peng once the last tile is taken
(SC-LAST-1), 查叫 (chájiào) and 退税 (tuìshuì) when the wall runs out (SC-CHAJIAO-1..3,
SC-REFUND-3), 花猪 (huāzhū) with both payee options (SC-HUAZHU-1), and 自摸加番 (SC-PAY-1).

The hands are played on quietly (:func:`scripting.burn`: every seat throws what it draws,
every claim is passed) until the wall's last tiles.
"""

from __future__ import annotations

from collections import Counter

import pytest

from mahjong_rules import Discard, Hu, Pass, Peng, Phase, State, TileCounts, TileSet, WinKind
from mahjong_rules.engine.settlement import Payment
from mahjong_rules.variants import get_variant
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.sichuan.rules import Sichuan
from scripting import T, burn
from sichuan_tables import CHA_JIAO, KONG, PENALTY, REFUND, WIN, new_payments, pays, sc_deal, step


def discards(seat: int, hand: str) -> tuple[Discard, ...]:
    """One discard per kind, in tile order."""
    return tuple(Discard(seat, t) for t in TileCounts(hand).distinct())


# ------------------------------------------ 海底 after a last-tile kong

# Seat 2 (void 条) holds 8888m 1234567p 99p; seat 3 (void 筒) 123456777m 111s 5s, waiting on 5s.
# Played on quietly (every seat throws what it draws), seat 2 draws the last ordinary tile 8p
# with one tile left, makes its 暗杠 and takes the wall's last tile as the replacement.
SEA_HANDS = {
    0: "1234578p2346789s",
    1: "124578p2346789s",
    2: "8888m1234567p99p",
    3: "123456777m111s5s",
}


def sea_table(rules: Rules, replacement: str) -> State:
    state = sc_deal(rules, SEA_HANDS, voids="m m s p", tail="8p", replacements=replacement)
    state = burn(rules, state, left=1)
    assert (state.current, state.tiles_left, state.seats[2].drawn) == (2, 1, T("8p"))
    assert state.ledger == ()
    state, paid = step(rules, state, "2:A8m")
    assert paid == pays((0, 2, 2, KONG, 1), (1, 2, 2, KONG, 1), (3, 2, 2, KONG, 1))
    assert state.tiles_left == 0 and state.seats[2].drawn == T(replacement)
    return state


def test_sc_pat_hai_di_a_win_on_a_last_tile_replacement_is_gang_shang_hua_and_hai_di() -> None:
    """SC-PAT-海底 (hǎidǐ) / SC-PAT-杠上花 (gàng shàng huā) / SC-GANG-2 / SC-LAST-1: the wall's
    last tile is seat 2's replacement 9p, completing 123p 456p 789p 99p beside the 暗杠: the
    win is 杠 + 杠上花 + 海底 = 3 fan, 8, and 8 + 1 from each of the three others (SC-PAY-1). No
    kong is offered with the wall empty. The win after the last tile ends the hand: 查叫 —
    seats 0 and 1 are not ready and pay ready seat 3 its value, 1 (SC-CHAJIAO-1)."""
    rules = get_variant("sichuan")
    state = sea_table(rules, "9p")
    assert rules.legal_actions(state, 2) == (Hu(2), *discards(2, "1234567899p"))
    state, paid = step(rules, state, "2:H")
    (win,) = state.wins
    assert (win.how, win.tile) == (WinKind.SELF_DRAW, T("9p"))
    assert sorted(win.breakdown.keys) == ["gang", "gang_shang_hua", "hai_di"]
    assert (win.breakdown.fan, win.breakdown.points) == (3, 8)
    assert paid == pays(
        (0, 2, 9, WIN), (1, 2, 9, WIN), (3, 2, 9, WIN), (0, 3, 1, CHA_JIAO), (1, 3, 1, CHA_JIAO)
    )
    assert state.phase is Phase.ENDED
    assert state.result is not None and state.result.ready == {0: False, 1: False, 3: True}


def test_sc_pat_hai_di_the_discard_after_a_last_tile_replacement_is_hai_di_only() -> None:
    """SC-PAT-海底 / SC-LAST-1 (``last_tile_gang_shang_pao="hai_di_only"``): the replacement is
    5s, of seat 2's void suit, so its only move is to throw it (SC-VOID-4); seat 3 may only win
    or pass (no peng of one 5s). Its win is 海底 alone — 1 fan, 2 — with no 杠上炮 and no
    refund of the 暗杠's money (SC-REFUND-2). The hand ends: seat 2 (ready on 6p/9p) collects
    查叫 1 from seats 0 and 1."""
    rules = get_variant("sichuan")
    state = sea_table(rules, "5s")
    assert rules.legal_actions(state, 2) == (Discard(2, T("5s")),)
    state = step(rules, state, "2:D5s")[0]
    assert rules.to_act(state) == {3}
    assert rules.legal_actions(state, 3) == (Hu(3), Pass(3))
    state, paid = step(rules, state, "3:H")
    (win,) = state.wins
    assert (win.breakdown.keys, win.breakdown.points) == (("hai_di",), 2)
    assert paid == pays((2, 3, 2, WIN), (0, 2, 1, CHA_JIAO), (1, 2, 1, CHA_JIAO))
    assert state.phase is Phase.ENDED


def test_sc_pat_hai_di_both_adds_gang_shang_pao_and_its_refund() -> None:
    """SC-PAT-海底 / SC-REFUND-2 with ``last_tile_gang_shang_pao="both"``: the same win is 杠上炮
    + 海底 = 2 fan, 4, and seat 2 returns the 暗杠's 2 to each payer."""
    rules = get_variant("sichuan", last_tile_gang_shang_pao="both")
    state = step(rules, sea_table(rules, "5s"), "2:D5s")[0]
    state, paid = step(rules, state, "3:H")
    (win,) = state.wins
    assert sorted(win.breakdown.keys) == ["gang_shang_pao", "hai_di"]
    assert win.breakdown.points == 4
    assert paid == pays(
        (2, 0, 2, REFUND, 1),
        (2, 1, 2, REFUND, 1),
        (2, 3, 2, REFUND, 1),
        (2, 3, 4, WIN),
        (0, 2, 1, CHA_JIAO),
        (1, 2, 1, CHA_JIAO),
    )


def test_sc_last1_an_unclaimed_last_discard_ends_the_hand() -> None:
    """SC-LAST-1: seat 3 passes the last discard: nobody else can claim it, and the hand ends
    there (流局 with three seats un-won): 查叫 — seat 2 (ready, 1) and seat 3 (ready on 5s, 1)
    are paid by seats 0 and 1; nobody not ready holds kong money (SC-REFUND-3)."""
    rules = get_variant("sichuan")
    state = step(rules, sea_table(rules, "5s"), "2:D5s")[0]
    state, paid = step(rules, state, "3:X")
    assert state.phase is Phase.ENDED and state.wins == ()
    assert paid == pays(
        (0, 2, 1, CHA_JIAO), (1, 2, 1, CHA_JIAO), (0, 3, 1, CHA_JIAO), (1, 3, 1, CHA_JIAO)
    )
    assert state.result is not None and state.result.exhausted
    assert state.result.next_dealer == 0  # SC-DEALER-2: no winner, the dealer stays


def test_sc_pay1_jia_fan_the_self_draw_point_is_a_fan_within_the_cap() -> None:
    """SC-PAY-1 ``zi_mo="jia_fan"`` (自摸加番 zìmō jiā fān): the last-tile kong win above is 3
    fan + 1 for the self-draw = 4, capped at 3: 8 from each other seat, with no point beside
    it (``"jia_di"``, the default, pays 8 + 1)."""
    rules = get_variant("sichuan", zi_mo="jia_fan")
    state, paid = step(rules, sea_table(rules, "9p"), "2:H")
    (win,) = state.wins
    assert "zi_mo" in win.breakdown.keys
    assert (win.breakdown.fan, win.breakdown.capped_fan, win.breakdown.points) == (4, 3, 8)
    assert paid == pays(
        (0, 2, 8, WIN), (1, 2, 8, WIN), (3, 2, 8, WIN), (0, 3, 1, CHA_JIAO), (1, 3, 1, CHA_JIAO)
    )


# ------------------------------------------ the last tile and a peng (SC-LAST-1)

# Seat 3 (void 筒) holds 9999s and draws the wall's last tile, 6p; the dealer holds 66p; seat 1
# (123m 456m 789m 56p 99p) waits on 4p and 7p.
LAST_HANDS = {
    0: "66p1234p789p12346s",
    1: "123m456m789m56p99p",
    2: "1245789p124578s",
    3: "12345789m3s9999s",
}


def last_peng(rules: Rules) -> State:
    state = sc_deal(rules, LAST_HANDS, voids="m s m p", tail="6p")
    state = burn(rules, state, left=0)
    assert (state.current, state.tiles_left, state.seats[3].drawn) == (3, 0, T("6p"))
    assert rules.legal_actions(state, 3) == (Discard(3, T("6p")),)  # no 暗杠 of 9999s
    state = step(rules, state, "3:D6p")[0]
    assert rules.to_act(state) == {0}
    assert rules.legal_actions(state, 0) == (Peng(0), Pass(0))
    state = step(rules, state, "0:P")[0]
    assert rules.legal_actions(state, 0) == discards(0, "1234789p1234s")
    state = step(rules, state, "0:D4p")[0]
    assert rules.legal_actions(state, 1) == (Hu(1), Pass(1))
    return state


def test_sc_last1_gang2_a_peng_after_the_last_tile_and_a_hai_di_win_on_its_discard() -> None:
    """SC-LAST-1 / SC-GANG-2 / SC-PAT-海底: seat 3 takes the last tile and may not kong its
    9999s; it throws 6p, the dealer may only peng it (or pass) and then only discard; seat 1
    wins on the dealer's 4p: 海底 through the peng chain, 1 fan, 2. The win after the last
    tile ends the hand; the dealer (123p 789p 1234s beside the peng, ready) collects 查叫 1
    from seats 2 and 3."""
    rules = get_variant("sichuan")
    state, paid = step(rules, last_peng(rules), "1:H")
    assert state.wins[0].breakdown.keys == ("hai_di",)
    assert paid == pays((0, 1, 2, WIN), (2, 0, 1, CHA_JIAO), (3, 0, 1, CHA_JIAO))
    assert state.phase is Phase.ENDED


def test_sc_last1_the_unclaimed_discard_after_the_peng_ends_the_hand() -> None:
    """SC-LAST-1 / SC-CHAJIAO-1: seat 1 passes the dealer's 4p: the hand ends there, and the two
    seats that are not ready pay the dealer and seat 1 1 each."""
    rules = get_variant("sichuan")
    state, paid = step(rules, last_peng(rules), "1:X")
    assert state.phase is Phase.ENDED and state.wins == ()
    assert paid == pays(
        (2, 0, 1, CHA_JIAO), (2, 1, 1, CHA_JIAO), (3, 0, 1, CHA_JIAO), (3, 1, 1, CHA_JIAO)
    )


# ------------------------------------------ 查叫 and 退税 (SC-CHAJIAO, SC-REFUND-3)

# The dealer makes a 暗杠 of 6666s and is never ready; seat 2 makes one of 5555s and waits on
# 8m / 9s (234m 567m 88m 99s, each 平胡); seat 1 waits on 1m 4m 3p 6p 9p (11123m 456p 789p
# 99p: 1m and 9p make a 根); seat 3 is not ready.
CHECK_HANDS = {
    0: "6666s1238p123478s",
    1: "11123m456p789p99p",
    2: "5555s234m567m88m9s",
    3: "1245789m235679p",
}


def checked(rules: Rules) -> tuple[State, Counter[Payment]]:
    """The kongs made (the dealer's first, ref 1; seat 2's, ref 2), then the hand played on
    quietly to the wall's end: the end state and what the end paid."""
    state = sc_deal(rules, CHECK_HANDS, "1s9s", voids="m s p s", replacements="9m1p")
    state, paid = step(rules, state, "0:A6s 0:D9m 1:D1s 2:A5s 2:D1p")
    assert paid == pays(
        (1, 0, 2, KONG, 1),
        (2, 0, 2, KONG, 1),
        (3, 0, 2, KONG, 1),
        (0, 2, 2, KONG, 2),
        (1, 2, 2, KONG, 2),
        (3, 2, 2, KONG, 2),
    )
    assert rules.waits(state, 1) == TileSet("14m369p")
    assert rules.waits(state, 2) == TileSet("8m9s")
    end = burn(rules, state)
    assert end.phase is Phase.ENDED and end.wins == ()
    return end, new_payments(state, end)


def test_sc_chajiao1_chajiao3_refund3_at_the_walls_end() -> None:
    """SC-CHAJIAO-1 / SC-CHAJIAO-2 / SC-CHAJIAO-3 / SC-REFUND-3: the wall runs out with all four
    un-won. The dealer and seat 3, not ready, each pay seat 1 its best wait (a 根: 1 fan, 2)
    and seat 2 its value, 1 — its 暗杠 does not count (no 杠 in 查叫). The dealer, not ready,
    also returns its kong's 2 to each payer (退税); seat 2, ready, keeps its own."""
    rules = get_variant("sichuan")
    end, paid = checked(rules)
    assert paid == pays(
        (0, 1, 2, CHA_JIAO),
        (0, 2, 1, CHA_JIAO),
        (3, 1, 2, CHA_JIAO),
        (3, 2, 1, CHA_JIAO),
        (0, 1, 2, REFUND, 1),
        (0, 2, 2, REFUND, 1),
        (0, 3, 2, REFUND, 1),
    )
    assert end.result is not None and end.result.exhausted
    assert end.result.ready == {0: False, 1: True, 2: True, 3: False}
    assert isinstance(rules, Sichuan)
    assert rules.cha_jiao_value(end, 1) == 2 and rules.cha_jiao_value(end, 2) == 1


def test_sc_chajiao3_cha_jiao_gang_fan_counts_the_kongs_made() -> None:
    """SC-CHAJIAO-3 with ``cha_jiao_gang_fan``: seat 2's kong counts, 1 fan: it is paid 2."""
    rules = get_variant("sichuan", cha_jiao_gang_fan=True)
    paid = checked(rules)[1]
    assert paid == pays(
        (0, 1, 2, CHA_JIAO),
        (0, 2, 2, CHA_JIAO),
        (3, 1, 2, CHA_JIAO),
        (3, 2, 2, CHA_JIAO),
        (0, 1, 2, REFUND, 1),
        (0, 2, 2, REFUND, 1),
        (0, 3, 2, REFUND, 1),
    )


# ------------------------------------------ two flower pigs (SC-HUAZHU-1)

# Lenient (SC-VOID-4): seat 1 declares 万 void holding 12m and sets 1m aside; seat 2 holding 34m
# sets 3m aside. Each keeps the other 万 tile beside 筒 and 条 to the end: two 花猪.
PIG_HANDS = {
    0: "156789m23456789p",
    1: "12m1245789p1369s",
    2: "34m1369p1245789s",
    3: "2345689m235678s",
}


@pytest.mark.parametrize(
    ("payees", "pig_pays"), [("all", ((0, 2, 3), (0, 1, 3))), ("non_pigs", ((0, 3), (0, 3)))]
)
def test_sc_huazhu1_two_pigs_at_the_walls_end(
    payees: str, pig_pays: tuple[tuple[int, ...], tuple[int, ...]]
) -> None:
    """SC-HUAZHU-1 / SC-PENALTY-1 / SC-CHAJIAO-2: seats 1 and 2 hold all three suits at the end.
    Each pays 2 ** 3 = 8 to every other seat (``hua_zhu_payees="all"``, the other pig
    included) or to the seats that are not pigs (``"non_pigs"``); each also holds a tile of
    its void suit with other suits in its pond: 48 to the pot. Nobody is ready: no 查叫."""
    rules = get_variant("sichuan", hua_zhu=True, hua_zhu_payees=payees, void_discard="lenient")
    state = sc_deal(rules, PIG_HANDS, "6p3s", voids="s m:1m m:3m p")
    state = step(rules, state, "0:D1m 1:D1m 2:D3m")[0]
    end = burn(rules, state)
    assert end.phase is Phase.ENDED and end.wins == ()
    one, two = pig_pays
    assert new_payments(state, end) == pays(
        *[(1, p, 8, PENALTY) for p in one],
        *[(2, p, 8, PENALTY) for p in two],
        (1, "pot", 48, PENALTY),
        (2, "pot", 48, PENALTY),
    )
    assert end.result is not None and end.result.ready == {0: False, 1: False, 2: False, 3: False}
