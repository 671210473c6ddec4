"""Sichuan 血战到底 (xuèzhàn dàodǐ) kong corners on hand-built walls (issue 20; SICHUAN.md point 5):
刮风下雨 (guāfēng xiàyǔ, kong money) as each kind of kong is made, the 补杠 (bǔgàng) promoted or
postponed, robbed or not, and the money that comes back (退杠 tuìgàng).

Tables (:mod:`sichuan_tables`): dealer 0; the seats a test does not name hold hands of two
suits without a pair, declare void a suit they do not hold, and discard what they draw.
"""

from __future__ import annotations

from collections import Counter

import pytest

from mahjong_rules import (
    Discard,
    Gang,
    Hu,
    Meld,
    MeldKind,
    Pass,
    Phase,
    State,
    TileCounts,
    TileSet,
    WinKind,
)
from mahjong_rules.engine.settlement import Payment
from mahjong_rules.variants import get_variant
from mahjong_rules.variants.base import Rules
from scripting import T
from sichuan_tables import KONG, PENALTY, REFUND, WIN, pays, sc_deal, step

AN, BU, ZHI, PENG = MeldKind.AN_GANG, MeldKind.BU_GANG, MeldKind.ZHI_GANG, MeldKind.PENG


def discards(seat: int, hand: str) -> tuple[Discard, ...]:
    """One discard per kind, in tile order."""
    return tuple(Discard(seat, t) for t in TileCounts(hand).distinct())


# ------------------------------------------------------------------ a 补杠 that seat 2 can rob

# Seat 1 pengs the dealer's 5m and throws 8m; seat 2 draws 4m and turns up its set-aside 7p:
# 34m 123456789s 99s waits on 2m and 5m. Seat 1 then draws the fourth 5m.
ROB_HANDS = {
    0: "5m13679m1379p2468p",
    1: "55m248m12345789p",
    2: "3m7p123456789s99s",
    3: "1245789s135679p",
}
ROB_VOIDS = "s s p:7p m"


def rob_table(rules: Rules, draws: str = "4m1m1s5m") -> State:
    state = sc_deal(rules, ROB_HANDS, draws, voids=ROB_VOIDS)
    state, paid = step(rules, state, "0:D5m 1:P 1:D8m 2:D7p 3:D1m 0:D1s")
    assert paid == Counter()
    assert state.phase is Phase.TURN and state.current == 1
    assert rules.waits(state, 2) == TileSet("25m")
    return state


def test_sc_gang1_gang_pay3_a_promoted_bu_gang_is_paid_before_the_rob_window() -> None:
    """SC-GANG-1 / SC-GANG-PAY-3: seat 1 draws the fourth 5m beside its peng — a promoted 补杠
    (the added tile is the kind just drawn). It is offered first, before the discards; making
    it takes 1 from each other seat (ref 1) at once, and only then opens the rob window, in
    which seat 2 (waiting on 5m) is asked hu or pass, nothing else (SC-GANG-3)."""
    rules = get_variant("sichuan")
    state = rob_table(rules)
    assert state.seats[1].drawn == T("5m")
    assert rules.legal_actions(state, 1) == (Gang(1, T("5m"), BU), *discards(1, "245m12345789p"))
    state, paid = step(rules, state, "1:B5m")
    assert paid == pays((0, 1, 1, KONG, 1), (2, 1, 1, KONG, 1), (3, 1, 1, KONG, 1))
    assert state.phase is Phase.ROB and state.tile == T("5m")
    assert rules.to_act(state) == {2}
    assert rules.legal_actions(state, 2) == (Hu(2), Pass(2))


def test_sc_gang3_refund1_a_robbed_promoted_bu_gang_gives_its_money_back() -> None:
    """SC-GANG-3 抢杠胡 (qiǎnggàng hú) / SC-REFUND-1 / SC-PAY-2 / SC-TURN-2: seat 2 robs the
    promoted 补杠. The kong is not made — seat 1 keeps its peng, the 5m goes to the winner, no
    replacement is drawn — the three 1s come back as KONG_REFUND (seat 2's too: it paid before
    it won), and seat 1 pays 抢杠胡's 1 fan = 2 as the discarder. Play goes on after the robber:
    seat 3 draws (the next filler, 1m)."""
    rules = get_variant("sichuan")
    state, _ = step(rules, rob_table(rules), "1:B5m")
    state, paid = step(rules, state, "2:H")
    assert paid == pays(
        (1, 0, 1, REFUND, 1), (1, 2, 1, REFUND, 1), (1, 3, 1, REFUND, 1), (1, 2, 2, WIN)
    )
    (win,) = state.wins
    assert (win.seat, win.how, win.tile, win.from_seat) == (2, WinKind.ROB_KONG, T("5m"), 1)
    assert (win.breakdown.keys, win.breakdown.fan, win.breakdown.points) == (
        ("qiang_gang_hu",),
        1,
        2,
    )
    assert state.seats[1].melds == (Meld(PENG, T("5m"), from_seat=0),)
    assert state.seats[1].concealed == TileCounts("24m12345789p")
    assert state.seats[2].won
    assert state.phase is Phase.TURN and state.current == 3
    assert state.seats[3].drawn == T("1m") and state.tiles_left == 50


def test_sc_gang3_an_unrobbed_bu_gang_completes_with_its_replacement() -> None:
    """SC-GANG-3: seat 2 passes the rob; the 补杠 completes, seat 1 draws its replacement from
    the wall's back (6s here) and the 1s stay with it; nothing else is paid. Seat 2, having
    declined a win, is now blocked (SC-PASSHU-1)."""
    rules = get_variant("sichuan")
    state = sc_deal(rules, ROB_HANDS, "4m1m1s5m", voids=ROB_VOIDS, replacements="6s")
    state, _ = step(rules, state, "0:D5m 1:P 1:D8m 2:D7p 3:D1m 0:D1s")
    state, paid = step(rules, state, "1:B5m 2:X")
    assert paid == pays((0, 1, 1, KONG, 1), (2, 1, 1, KONG, 1), (3, 1, 1, KONG, 1))
    assert state.phase is Phase.TURN and state.current == 1
    assert state.seats[1].melds == (Meld(BU, T("5m"), from_seat=0),)
    assert state.seats[1].drawn == T("6s")
    assert state.seats[2].pass_hu


def test_sc_gang3_rob_kong_off_no_window_opens() -> None:
    """SC-GANG-3 with ``rob_kong=False``: no rob window; the 补杠 completes at once."""
    rules = get_variant("sichuan", rob_kong=False)
    state, paid = step(rules, rob_table(rules), "1:B5m")
    assert paid == pays((0, 1, 1, KONG, 1), (2, 1, 1, KONG, 1), (3, 1, 1, KONG, 1))
    assert state.phase is Phase.TURN and state.current == 1
    assert state.seats[1].melds == (Meld(BU, T("5m"), from_seat=0),)


def postponed_rob_table(rules: Rules) -> State:
    """Seat 1 draws the fourth 5m, keeps it and throws 4m; a round later it draws 6m and adds
    the 5m to its peng: a postponed 补杠."""
    state = rob_table(rules, "4m1m1s5m6p1m1s6m")
    state = step(rules, state, "1:D4m 2:D6p 3:D1m 0:D1s")[0]
    assert state.current == 1 and state.seats[1].drawn == T("6m")
    return state


def test_sc_gang1_gang_pay3_a_postponed_bu_gang_pays_nothing_and_can_be_robbed() -> None:
    """SC-GANG-1 / SC-GANG-PAY-3 / SC-GANG-3: the fourth 5m was drawn a turn earlier, so the
    补杠 is postponed: no money at all. It can still be robbed: seat 2 wins, and seat 1 pays
    抢杠胡's 2 as the discarder, with nothing to give back (SC-REFUND-1)."""
    rules = get_variant("sichuan")
    state = postponed_rob_table(rules)
    state, paid = step(rules, state, "1:B5m")
    assert paid == Counter()
    assert state.phase is Phase.ROB and rules.legal_actions(state, 2) == (Hu(2), Pass(2))
    state, paid = step(rules, state, "2:H")
    assert paid == pays((1, 2, 2, WIN))
    assert state.seats[1].melds == (Meld(PENG, T("5m"), from_seat=0),)
    assert state.current == 3


# -------------------------------------------------- an older kong's money (SC-REFUND-2)

# Seat 1 holds 8888m and 55m. It pengs the dealer's 5m (and may then only discard, SC-CLAIM-3),
# draws the fourth 5m and keeps it, makes a 暗杠 of 8m (2 from each, ref 1; replacement 6p,
# thrown), and a round later, having drawn 4p, adds the 5m to its peng: postponed, no money
# (ref 2). Its replacement 1m is thrown, and seat 2 (23m 123456789s 99s) wins on it.
OLD_HANDS = {
    0: "5m13679m1379p2468p",
    1: "55m8888m1234579p",
    2: "23m12345678s99s7p",
    3: "1245789s135679p",
}
OLD_DRAWS = "9s6m2s5m8p6m3s4p"


def old_kong_table(rules: Rules) -> State:
    state = sc_deal(rules, OLD_HANDS, OLD_DRAWS, voids="s s p:7p m", replacements="6p1m")
    state = step(rules, state, "0:D5m 1:P")[0]
    assert rules.legal_actions(state, 1) == discards(1, "8888m1234579p")  # SC-CLAIM-3
    state = step(rules, state, "1:D9p 2:D7p 3:D6m 0:D2s")[0]
    assert state.seats[1].drawn == T("5m")
    assert rules.legal_actions(state, 1) == (
        Gang(1, T("8m"), AN),
        Gang(1, T("5m"), BU),
        *discards(1, "58888m123457p"),
    )
    state, paid = step(rules, state, "1:A8m")
    assert paid == pays((0, 1, 2, KONG, 1), (2, 1, 2, KONG, 1), (3, 1, 2, KONG, 1))
    state = step(rules, state, "1:D6p 2:D8p 3:D6m 0:D3s")[0]
    assert state.seats[1].drawn == T("4p")
    state, paid = step(rules, state, "1:B5m")
    assert paid == Counter()  # postponed (SC-GANG-PAY-3); nobody can rob it
    assert state.seats[1].melds == (Meld(BU, T("5m"), from_seat=0), Meld(AN, T("8m")))
    assert state.seats[1].drawn == T("1m")
    state = step(rules, state, "1:D1m")[0]
    assert rules.legal_actions(state, 2) == (Hu(2), Pass(2))
    return state


def test_sc_refund2_after_a_postponed_kong_the_older_kongs_money_comes_back() -> None:
    """SC-REFUND-2 / SC-PAT-杠上炮 (gàng shàng pào): seat 2 wins on the discard after the
    postponed 补杠 — 杠上炮, 1 fan, 2 from seat 1. The postponed kong made no payment group, so
    ``gang_shang_pao_refund="latest_paid"`` returns the latest one not yet returned: the 暗杠's
    2 from each of the three (seat 2's included), a turn older."""
    rules = get_variant("sichuan")
    state, paid = step(rules, old_kong_table(rules), "2:H")
    assert paid == pays(
        (1, 0, 2, REFUND, 1), (1, 2, 2, REFUND, 1), (1, 3, 2, REFUND, 1), (1, 2, 2, WIN)
    )
    (win,) = state.wins
    assert (win.breakdown.keys, win.breakdown.points) == (("gang_shang_pao",), 2)
    assert state.current == 3  # SC-TURN-2: after the winner


def test_sc_refund2_this_turn_returns_only_the_kongs_of_that_turn() -> None:
    """SC-REFUND-2 with ``gang_shang_pao_refund="this_turn"``: only the kongs of the turn the
    discard ended count — the postponed 补杠, which made no money — so nothing comes back."""
    rules = get_variant("sichuan", gang_shang_pao_refund="this_turn")
    paid = step(rules, old_kong_table(rules), "2:H")[1]
    assert paid == pays((1, 2, 2, WIN))


def test_sc_refund2_transfer_pays_the_older_kongs_money_to_the_winner() -> None:
    """SC-REFUND-2 with ``gang_shang_pao_refund="transfer"`` (呼叫转移 hūjiào zhuǎnyí): seat 1
    pays the 6 its 暗杠 collected to the winner instead of returning it."""
    rules = get_variant("sichuan", gang_shang_pao_refund="transfer")
    paid = step(rules, old_kong_table(rules), "2:H")[1]
    assert paid == pays((1, 2, 6, KONG, 1), (1, 2, 2, WIN))


def test_sc_gang1_a_fourth_copy_drawn_before_another_kong_makes_the_bu_gang_postponed() -> None:
    """SC-GANG-1 / SC-GANG-PAY-1 / SC-GANG-2: seat 1 draws the fourth 5m, first makes its 暗杠
    of 8m (下雨 xiàyǔ: 2 from each other seat) and draws the replacement 6p, then adds the 5m
    to its peng: the tile last drawn is 6p, so the 补杠 is postponed and pays nothing (ref 2);
    its own replacement follows (1m)."""
    rules = get_variant("sichuan")
    state = sc_deal(rules, OLD_HANDS, OLD_DRAWS, voids="s s p:7p m", replacements="6p1m")
    state = step(rules, state, "0:D5m 1:P 1:D9p 2:D7p 3:D6m 0:D2s")[0]
    state, paid = step(rules, state, "1:A8m")
    assert paid == pays((0, 1, 2, KONG, 1), (2, 1, 2, KONG, 1), (3, 1, 2, KONG, 1))
    assert state.seats[1].drawn == T("6p")
    assert Gang(1, T("5m"), BU) in rules.legal_actions(state, 1)
    state, paid = step(rules, state, "1:B5m")
    assert paid == Counter()
    assert state.seats[1].drawn == T("1m") and state.next_ref == 3


# ------------------------------------------------------------------ the void-suit kong (SC-VOID-5)

# The dealer declares 万 void holding 1111m2m: it sets 2m aside, and 1111m stays in play.
VOID_KONG_HANDS = {
    0: "1111m2m123456p789s",
    1: "1245789p124578s",
    2: "1245789p124578s",
    3: "2345789m136789p",
}


def void_kong_table(rules: Rules) -> State:
    return sc_deal(rules, VOID_KONG_HANDS, "3m4m1s5s", voids="m:2m m m s", replacements="5s")


def test_sc_void2_void5_the_dealer_may_kong_before_its_set_aside_first_discard() -> None:
    """SC-VOID-2 / SC-VOID-5 / SC-TURN-1: in the dealer's first turn the only discard offered
    is the set-aside 2m, and the 暗杠 of its void-suit 1111m comes first. The kong collects 2
    from each (SC-GANG-PAY-1) and costs 48 to the pot at once (SC-PENALTY-2, SC-PAY-4); after
    its replacement (5s) the only discard is still the 2m."""
    rules = get_variant("sichuan")
    state = void_kong_table(rules)
    assert rules.legal_actions(state, 0) == (Gang(0, T("1m"), AN), Discard(0, T("2m")))
    state, paid = step(rules, state, "0:A1m")
    assert paid == pays(
        (1, 0, 2, KONG, 1), (2, 0, 2, KONG, 1), (3, 0, 2, KONG, 1), (0, "pot", 48, PENALTY)
    )
    assert rules.legal_actions(state, 0) == (Discard(0, T("2m")),)


def test_sc_void5_allowed_a_hand_with_a_void_suit_kong_still_wins() -> None:
    """SC-VOID-5 ``void_kong="allowed"`` / SC-VOID-3 / SC-PAT-杠: the dealer waits on 5s
    (123456p 789s 5s beside its kong) and draws it: the win counts the void kong for 杠 (1
    fan, 2) and each other seat pays 2 + 1 (SC-PAY-1)."""
    rules = get_variant("sichuan")
    state = step(rules, void_kong_table(rules), "0:A1m 0:D2m 1:D3m 2:D4m 3:D1s")[0]
    assert state.current == 0 and state.seats[0].drawn == T("5s")
    assert rules.legal_actions(state, 0)[0] == Hu(0)
    state, paid = step(rules, state, "0:H")
    (win,) = state.wins
    assert (win.breakdown.keys, win.breakdown.points) == (("gang",), 2)
    assert paid == pays((1, 0, 3, WIN), (2, 0, 3, WIN), (3, 0, 3, WIN))


def test_sc_void5_no_win_the_kong_stands_but_the_seat_cannot_win() -> None:
    """SC-VOID-5 ``void_kong="no_win"``: the kong is made and paid as before (2s, and 48 to the
    pot), but the dealer can no longer win: no wait, no hu on the 5s."""
    rules = get_variant("sichuan", void_kong="no_win")
    state, paid = step(rules, void_kong_table(rules), "0:A1m")
    assert paid == pays(
        (1, 0, 2, KONG, 1), (2, 0, 2, KONG, 1), (3, 0, 2, KONG, 1), (0, "pot", 48, PENALTY)
    )
    state = step(rules, state, "0:D2m 1:D3m 2:D4m 3:D1s")[0]
    assert state.seats[0].drawn == T("5s")
    assert Hu(0) not in rules.legal_actions(state, 0)
    after = step(rules, state, "0:D5s")[0]  # (waits are read of 13 tiles, between turns)
    assert rules.waits(after, 0) == TileSet()


def test_sc_void5_forbidden_the_void_suit_kong_is_not_offered() -> None:
    """SC-VOID-5 ``void_kong="forbidden"``: the dealer's first turn offers only the 2m."""
    rules = get_variant("sichuan", void_kong="forbidden")
    state = void_kong_table(rules)
    assert rules.legal_actions(state, 0) == (Discard(0, T("2m")),)


def test_sc_gang3_two_seats_rob_one_bu_gang() -> None:
    """SC-GANG-3 / SC-TURN-2 / SC-DEALER-2 / SC-REFUND-1: the dealer (46m 123p 456p 789p 22p
    after throwing 5m) also waits on 5m, and both it and seat 2 rob seat 1's promoted 补杠.
    The kong's 1s come back once; each robber is paid 抢杠胡's 2 by seat 1; the wins are in play
    order from the robbed seat (2, then 0), play goes on after the farther one — seat 1, the
    robbed seat himself — and he deals next."""
    rules = get_variant("sichuan")
    hands = {**ROB_HANDS, 0: "5m46m123p456p789p22p"}
    state = sc_deal(rules, hands, "4m1m1s5m", voids=ROB_VOIDS)
    state = step(rules, state, "0:D5m 1:P 1:D8m 2:D7p 3:D1m 0:D1s 1:B5m")[0]
    assert rules.to_act(state) == {0, 2}
    assert rules.legal_actions(state, 0) == (Hu(0), Pass(0))
    state, paid = step(rules, state, "0:H 2:H")
    assert paid == pays(
        (1, 0, 1, REFUND, 1),
        (1, 2, 1, REFUND, 1),
        (1, 3, 1, REFUND, 1),
        (1, 2, 2, WIN),
        (1, 0, 2, WIN),
    )
    assert [(w.seat, w.how) for w in state.wins] == [
        (2, WinKind.ROB_KONG),
        (0, WinKind.ROB_KONG),
    ]
    assert state.seats[1].melds == (Meld(PENG, T("5m"), from_seat=0),)
    assert state.phase is Phase.TURN and state.current == 1
    assert state.next_dealer == 1


# ------------------------------------------------ two kongs in one turn (SC-REFUND-2)

# Seat 1 draws 6m, makes 暗杠 of 8888m (ref 1) and of 2222p (ref 2), and throws its second
# replacement, 4m: seat 2 (23m 123456789s 99s) wins on it, 杠上炮.
TWO_HANDS = {
    0: "12345679m134689p",
    1: "8888m2222p13579p",
    2: "23m123456789s99s",
    3: "45678p12345678s",
}


def two_kongs(rules: Rules) -> State:
    state = sc_deal(rules, TWO_HANDS, "6m", voids="s s p m", replacements="3m4m")
    state, paid = step(rules, state, "0:D9p 1:A8m 1:A2p 1:D4m")
    assert paid == pays(*[(p, 1, 2, KONG, ref) for p in (0, 2, 3) for ref in (1, 2)])
    assert rules.legal_actions(state, 2) == (Hu(2), Pass(2))
    return state


@pytest.mark.parametrize(
    ("how", "back"),
    [
        ("latest_paid", pays((1, 0, 2, REFUND, 2), (1, 2, 2, REFUND, 2), (1, 3, 2, REFUND, 2))),
        ("this_turn", pays(*[(1, p, 2, REFUND, ref) for p in (0, 2, 3) for ref in (1, 2)])),
        ("transfer", pays((1, 2, 6, KONG, 2))),
    ],
)
def test_sc_refund2_after_two_kongs_in_one_turn(how: str, back: Counter[Payment]) -> None:
    """SC-REFUND-2 / SC-PAT-杠上炮: seat 2 wins on the discard ending a turn of two 暗杠 (杠上炮,
    1 fan, 2). ``latest_paid`` returns only the last kong's money (ref 2), ``this_turn`` both,
    ``transfer`` pays the last kong's 6 to the winner."""
    rules = get_variant("sichuan", gang_shang_pao_refund=how)
    state, paid = step(rules, two_kongs(rules), "2:H")
    assert state.wins[0].breakdown.keys == ("gang_shang_pao",)
    assert paid == back + pays((1, 2, 2, WIN))


@pytest.mark.parametrize(
    ("how", "back"),
    [
        ("latest_paid", pays((1, 0, 2, REFUND, 2), (1, 2, 2, REFUND, 2), (1, 3, 2, REFUND, 2))),
        ("transfer", pays((1, 2, 6, KONG, 2))),
    ],
)
def test_sc_refund2_once_per_discard_with_two_winners(how: str, back: Counter[Payment]) -> None:
    """SC-REFUND-2 / SC-CLAIM-2 / SC-TURN-2 / SC-DEALER-2: the dealer (23m 567m 99m 345p 666p,
    after throwing 9p) also waits on 4m, and both it and seat 2 win on seat 1's 4m — each
    杠上炮, 2. The kong money comes back once (``latest_paid``), or goes once to the first
    winner in play order, seat 2 (``transfer``). Play goes on after the farther winner, the
    dealer: seat 1, the discarder, who deals next."""
    rules = get_variant("sichuan", gang_shang_pao_refund=how)
    hands = {**TWO_HANDS, 0: "23m567m99m345p666p9p"}
    state = sc_deal(rules, hands, "6m", voids="s s p m", replacements="3m4m")
    state = step(rules, state, "0:D9p 1:A8m 1:A2p 1:D4m")[0]
    assert rules.to_act(state) == {0, 2}
    state, paid = step(rules, state, "0:H 2:H")
    assert paid == back + pays((1, 2, 2, WIN), (1, 0, 2, WIN))
    assert [w.seat for w in state.wins] == [2, 0]
    assert state.phase is Phase.TURN and state.current == 1 and state.next_dealer == 1
