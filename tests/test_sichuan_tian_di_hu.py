"""Sichuan 天胡 (tiānhú) and 地胡 (dìhú) on hand-built walls (issue 26): the tile a 天胡 is shown
on, and the breakdown of both on each shape — standard, 七对 (qīduì) and 龙七对 (lóng qīduì).

What dcmshi records for them (``actions.ts: applyDeclareHeavenly``, ``applyDeclareHuOnDraw``;
``scoring.ts: calcHandScore``), and so the library: the capped pattern score ``2 ** fan_cap``
whatever the hand, the hand's own fans still listed (those of the reading that scores most on
them, SC-PAT-MAX), no fan of the win's moment beside them (no 杠上花 for a 天胡 after a 暗杠); a
天胡's tile is the highest kind in hand (dcmshi's highest tile id, its hand being sorted), after a
swap or a kong too, and its fans are scored on it (金钩钓 only if that kind is the pair). With
``tian_di_hu`` off the dealer's dealt win is a plain self-draw scored on the first kind, in tile
order, that scores the most (dcmshi tries each kind).

The cap is 3 fan unless said: 天胡 / 地胡 are 8 points, and each other seat pays 8 + 1 (SC-PAY-1).
"""

from __future__ import annotations

import json
from collections import Counter

from mahjong_rules import Hu, MeldKind, State, Tile, WinKind
from mahjong_rules.engine.settlement import Payment, WinRecord
from mahjong_rules.serial import from_dict, to_dict
from mahjong_rules.variants import get_variant
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.sichuan import SwapTiles
from mahjong_rules.variants.sichuan.actions import SUITS
from scripting import T, make_wall, play, tiles
from sichuan_tables import WIN, declare, pays, step

_ALL = [t for t in tiles("123456789m123456789p123456789s") for _ in range(4)]


def _fill(
    named: dict[int, str], voids: dict[int, str], kept: str
) -> tuple[dict[int, str], list[str]]:
    """Every seat's dealt tiles: those ``named``, the other seats filled in tile order from the
    tiles left but ``kept`` (the draws); and each seat's 定缺 word: a named seat's from
    ``voids`` (条, s, holding none, if not given), a filled one the suit it holds fewest of, its
    first tile of it set aside."""
    left = Counter(_ALL)
    for text in [*named.values(), kept]:
        left.subtract(tiles(text))
    pool = sorted(left.elements(), key=lambda t: t.index)
    hands, words = {}, []
    for seat in range(4):
        if seat in named:
            hands[seat] = named[seat]
            words.append(voids.get(seat, "s"))
            continue
        want = 14 if seat == 0 else 13
        mine, pool = pool[:want], pool[want:]
        hands[seat] = "".join(str(t) for t in mine)
        suit = min(SUITS, key=lambda s: (sum(t.suit is s for t in mine), s.value))
        held = [t for t in mine if t.suit is suit]
        words.append(suit.value + (f":{held[0]}" if held else ""))
    return hands, words


def deal(
    rules: Rules,
    named: dict[int, str],
    draws: str = "",
    replacements: str = "",
    voids: dict[int, str] | None = None,
) -> State:
    """Dealer 0's first turn, the seats ``named`` dealt those tiles (dealer 0 in the order
    given: its last tile is the fourteenth dealt), 定缺 answered (:func:`_fill`)."""
    hands, words = _fill(named, voids or {}, draws + replacements)
    wall = make_wall(hands, draws, replacements)
    return rules.new_hand(wall=wall, dealer=0, answers=declare(" ".join(words)))


def won(state: State) -> WinRecord:
    (win,) = state.wins
    return win


def shown(win: WinRecord) -> tuple[str, Tile, tuple[str, ...], int, int, int]:
    """A win as checked: how, its tile, its pattern keys, fan before and after the cap, points."""
    b = win.breakdown
    return (win.how.value, win.tile, b.keys, b.fan, b.capped_fan, b.points)


SELF = WinKind.SELF_DRAW.value
EACH_9 = pays((1, 0, 9, WIN), (2, 0, 9, WIN), (3, 0, 9, WIN))


# ------------------------------------------------------------------ 天胡: the tile shown


def test_sc_pat_tian_hu_shown_on_the_highest_kind_not_the_fourteenth_dealt() -> None:
    """SC-PAT-天胡: the dealer is dealt 234m 567p 789p 55p 111m, the 1m last (his fourteenth
    tile); his 天胡 is shown on 9p, the highest kind in hand: 天胡 alone (no fan of its own), 3
    fan, 8 points, 9 from each."""
    rules = get_variant("sichuan")
    state = deal(rules, {0: "234m567p789p55p111m"})
    assert rules.legal_actions(state, 0)[0] == Hu(0)
    state, paid = step(rules, state, "0:H")
    assert shown(won(state)) == (SELF, T("9p"), ("tian_hu",), 3, 3, 8)
    assert paid == EACH_9


def test_sc_pat_tian_hu_its_fans_scored_on_the_highest_kind() -> None:
    """SC-PAT-天胡 / SC-PAT-金钩钓: 111m 555m 777p 888p 99p, the highest kind (9p) the pair: 碰碰胡
    1 + 金钩钓 1 + 天胡 3 = 5 fan, capped 3; 111m 555m 77p 888p 999p, the highest kind a pung:
    碰碰胡 + 天胡, no 金钩钓 (whichever kind was dealt last)."""
    rules = get_variant("sichuan")
    state = step(rules, deal(rules, {0: "99p111m555m777p888p"}), "0:H")[0]
    assert shown(won(state)) == (
        SELF,
        T("9p"),
        ("peng_peng_hu", "jin_gou_diao", "tian_hu"),
        5,
        3,
        8,
    )
    state = step(rules, deal(rules, {0: "111m555m888p999p77p"}), "0:H")[0]
    assert shown(won(state)) == (SELF, T("9p"), ("peng_peng_hu", "tian_hu"), 4, 3, 8)


def test_sc_pat_tian_hu_after_the_swap_the_highest_kind_held() -> None:
    """SC-PAT-天胡 / SC-SWAP-1: the dealer is dealt 123m 456m 789s 99s 1p 4p 7p (the 7p last),
    passes 1p 4p 7p to seat 1 (``to_next``) and receives seat 3's 777s: he holds 123m 456m 777s
    789s 99s, declares 筒 (p) holding none and wins: on 9s, not on the 7p he no longer holds; 根
    (7777s in two groups) 1 + 天胡 3, capped 3, 8, 9 from each."""
    rules = get_variant("sichuan", swap_three=True, swap_direction="to_next")
    hands = {
        0: "123m456m789s99s1p4p7p",
        1: "2345678p2345m23s",
        2: "12355689p6789m4s",
        3: "777s11234m568s99m",
    }
    state = rules.new_hand(wall=make_wall(hands), dealer=0)
    swaps = {0: "1p4p7p", 1: "2m3m4m", 2: "6m7m8m", 3: "7s7s7s"}
    for seat, given in swaps.items():
        state = rules.apply(state, SwapTiles(seat, tiles(given)))
    assert state.seats[0].concealed.count(T("7p")) == 0
    for action in declare("p s:2s p:1p m:1m"):
        state = rules.apply(state, action)
    assert str(state.seats[0].concealed) == "123456m77778999s"
    state, paid = step(rules, state, "0:H")
    assert shown(won(state)) == (SELF, T("9s"), ("gen", "tian_hu"), 4, 3, 8)
    assert paid == EACH_9


def test_sc_pat_tian_hu_after_a_kong_the_highest_kind_not_the_replacement() -> None:
    """SC-PAT-天胡 / SC-PAT-杠上花: the dealer's 暗杠 of 1m, then the replacement 5p completes
    234m 567p 789p 55p: shown on 9p, 杠 1 + 天胡 3 (no 杠上花 beside a 天胡), capped 3, 8; the state
    reads back from JSON (a self-draw shown on a tile other than the one drawn)."""
    rules = get_variant("sichuan")
    state = deal(rules, {0: "1111m234m567p789p5p"}, replacements="5p")
    state = step(rules, state, "0:A1m")[0]
    assert state.seats[0].drawn == T("5p")
    state, paid = step(rules, state, "0:H")
    assert shown(won(state)) == (SELF, T("9p"), ("gang", "tian_hu"), 4, 3, 8)
    assert paid == EACH_9
    assert [m.kind for m in state.seats[0].melds] == [MeldKind.AN_GANG]
    assert from_dict(json.loads(json.dumps(to_dict(state)))) == state  # the serial check takes it


def test_sc_pat_tian_hu_off_the_dealt_win_on_the_first_kind_scoring_most() -> None:
    """SC-PAT-天胡 with ``tian_di_hu`` off: a plain self-draw on the dealt 14, scored with each
    kind as the winning tile and shown on the first (tile order) that scores most: 111m 555m
    99m 777p 888p on 9m (碰碰胡 + 金钩钓, 4, 5 from each), 七对 on its lowest kind (七对 on every
    kind, 4)."""
    rules = get_variant("sichuan", tian_di_hu=False)
    state, paid = step(rules, deal(rules, {0: "111m555m777p888p99m"}), "0:H")
    assert shown(won(state)) == (SELF, T("9m"), ("peng_peng_hu", "jin_gou_diao"), 2, 2, 4)
    assert paid == pays((1, 0, 5, WIN), (2, 0, 5, WIN), (3, 0, 5, WIN))
    state = step(rules, deal(rules, {0: "3344m5566p77p1122m"}), "0:H")[0]
    assert shown(won(state)) == (SELF, T("1m"), ("qi_dui",), 2, 2, 4)


# ------------------------------------------------------------------ 天胡 on each shape


def test_sc_pat_tian_hu_on_qi_dui_and_long_qi_dui() -> None:
    """SC-PAT-天胡 / SC-PAT-七对 / SC-PAT-根: 七对 is listed beside 天胡 (2 + 3 = 5 fan), 龙七对 as
    七对 + 根 (2 + 1 + 3 = 6); both capped 3, 8 points, 9 from each."""
    rules = get_variant("sichuan")
    state, paid = step(rules, deal(rules, {0: "1122m3344m5566p77p"}), "0:H")
    assert shown(won(state)) == (SELF, T("7p"), ("qi_dui", "tian_hu"), 5, 3, 8)
    assert paid == EACH_9
    state, paid = step(rules, deal(rules, {0: "1111m3344m5566p77p"}), "0:H")
    assert shown(won(state)) == (SELF, T("7p"), ("gen", "qi_dui", "tian_hu"), 6, 3, 8)
    assert paid == EACH_9


def test_sc_pat_tian_hu_the_reading_listed_is_the_one_its_fans_score_most_on() -> None:
    """SC-PAT-天胡 / SC-PAT-MAX: 111m 222m 333m 555p 77p reads as three pungs (碰碰胡, and 金钩钓:
    7p, the highest kind, is the pair) or as 123m three times (no fan); every reading scores the
    cap with 天胡, so the hand's own fans choose: 碰碰胡 + 金钩钓 + 天胡, as dcmshi lists them."""
    rules = get_variant("sichuan")
    state = step(rules, deal(rules, {0: "111m222m333m555p77p"}), "0:H")[0]
    assert shown(won(state)) == (
        SELF,
        T("7p"),
        ("peng_peng_hu", "jin_gou_diao", "tian_hu"),
        5,
        3,
        8,
    )


def test_sc_pat_tian_hu_at_cap_4_the_same_8_would_be_16() -> None:
    """SC-PAT-天胡 / SC-CAP-1: with ``fan_cap=4`` a 天胡 is 2 ** 4 = 16 whatever the hand: the
    plain 123m 456m 567p 789p 55p and the 清一色 七对 alike, 17 from each."""
    rules = get_variant("sichuan", fan_cap=4)
    state, paid = step(rules, deal(rules, {0: "123m456m567p789p55p"}), "0:H")
    assert shown(won(state)) == (SELF, T("9p"), ("tian_hu",), 4, 4, 16)
    assert paid == pays((1, 0, 17, WIN), (2, 0, 17, WIN), (3, 0, 17, WIN))
    state = step(rules, deal(rules, {0: "11223344556677m"}), "0:H")[0]
    assert shown(won(state)) == (SELF, T("7m"), ("qing_yi_se", "qi_dui", "tian_hu"), 8, 4, 16)


# ------------------------------------------------------------------ 地胡 on each shape

# Seat 1 (void 条, declared holding none) draws first, after the dealer (111s 222s 333s 444s 5s
# 6s, void 万 holding none) throws a 1s, which nobody can claim.


def _earth(hand: str, draw: str, **options: object) -> tuple[State, Counter[Payment]]:
    rules = get_variant("sichuan", **options)
    named = {0: "11122233344456s", 1: hand}
    state = deal(rules, named, draws=draw, voids={0: "m"})
    state = play(rules, state, "0:D1s")
    assert state.current == 1 and state.seats[1].drawn == T(draw)
    assert Hu(1) in rules.legal_actions(state, 1)
    return step(rules, state, "1:H")


EARTH_9 = pays((0, 1, 9, WIN), (2, 1, 9, WIN), (3, 1, 9, WIN))


def test_sc_pat_di_hu_standard_seven_pairs_and_long_seven_pairs() -> None:
    """SC-PAT-地胡 / SC-PAT-七对 / SC-PAT-根: seat 1's first draw completes its hand, shown on the
    tile drawn; 123m 456m 789m 55p 67p + 8p is 地胡 alone (3 fan), 七对 + 地胡 (5), 龙七对 七对 +
    根 + 地胡 (6), and 清一色 七对 + 地胡 (7): each capped 3, 8, 9 from each."""
    state, paid = _earth("123m456m789m55p67p", "8p")
    assert shown(won(state)) == (SELF, T("8p"), ("di_hu",), 3, 3, 8)
    assert paid == EARTH_9
    state, paid = _earth("1122m3344m5566p7p", "7p")
    assert shown(won(state)) == (SELF, T("7p"), ("qi_dui", "di_hu"), 5, 3, 8)
    assert paid == EARTH_9
    state, paid = _earth("1111m3344m5566p7p", "7p")
    assert shown(won(state)) == (SELF, T("7p"), ("gen", "qi_dui", "di_hu"), 6, 3, 8)
    assert paid == EARTH_9
    state, paid = _earth("1122334455667m", "7m")
    assert shown(won(state)) == (SELF, T("7m"), ("qing_yi_se", "qi_dui", "di_hu"), 7, 3, 8)


def test_sc_pat_di_hu_off_seven_pairs_is_scored_on_its_fans() -> None:
    """SC-PAT-地胡 with ``tian_di_hu`` off: the same 七对 is 七对 alone, 2 fan, 4, and 5 from each;
    the 龙七对 七对 + 根, 3 fan, 8, and 9 from each."""
    state, paid = _earth("1122m3344m5566p7p", "7p", tian_di_hu=False)
    assert shown(won(state)) == (SELF, T("7p"), ("qi_dui",), 2, 2, 4)
    assert paid == pays((0, 1, 5, WIN), (2, 1, 5, WIN), (3, 1, 5, WIN))
    state, paid = _earth("1111m3344m5566p7p", "7p", tian_di_hu=False)
    assert shown(won(state)) == (SELF, T("7p"), ("gen", "qi_dui"), 3, 3, 8)
    assert paid == EARTH_9
