"""永善麻将: positions where the rule text decides a corner (YS-TI-1, YS-PAT-地胡, YS-WILD-5,
YS-CLAIM-6), each scripted from an explicit wall and checked for its exact legal actions,
breakdown and payments. 本金 7筒 makes 8筒 the wildcard unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from mahjong_rules import (
    Gang,
    Hu,
    MeldKind,
    OptionsError,
    Pass,
    Payment,
    PaymentReason,
    Peng,
    State,
    Ti,
    TileCounts,
    get_variant,
)
from mahjong_rules.variants.base import Rules
from scripting import T, play
from test_yongshan_flow import (
    RULES,
    W8,
    at_turn,
    discards,
    hand,
    legal,
    melds,
    room,
    table,
)

AN, BU, ZHI = MeldKind.AN_GANG, MeldKind.BU_GANG, MeldKind.ZHI_GANG
WIN = PaymentReason.WIN


# ------------------------------------------------------------------ YS-TI-1

# Seat 1 holds a natural 2m beside an 8p wildcard, and four 7s.
TI_HAND = "2m8p7777s469m135p1s"


@pytest.mark.parametrize("ti_from_hand", [False, True])
def test_ys_ti1_a_tile_drawn_earlier_in_the_turn_may_still_be_used(ti_from_hand: bool) -> None:
    """YS-TI-1 (seed: 只有自己摸上一张牌，且这轮打出一张牌之前有得提才可以提): seat 1 pengs the
    dealer's 2m with 2m + 8p; later it draws a 2m (提 is offered), first makes an 暗杠 of the
    7s it holds, and draws the replacement 9s. The 2m drawn this turn is still in hand, so 提
    with it is still offered until the turn's discard; made, the 8p returns to the hand."""
    rules = room(ti_from_hand=ti_from_hand)
    state = table({1: TI_HAND}, draws="1m1m1m2m", replacements="9s", first="2m", rules=rules)
    state = play(rules, state, "0:D2m 1:P*8p 1:D9m 2:D1m 3:D1m 0:D1m")
    at_turn(state, 1, "2m")
    rest = "2m7777s46m135p1s"
    kongs = (Gang(1, T("7s"), AN), Gang(1, T("2m"), BU))
    assert legal(state, 1, rules) == (*kongs, Ti(1, T("2m"), W8), *discards(1, rest))
    state = play(rules, state, "1:A7s")
    at_turn(state, 1, "9s", replacement=True)
    assert state.seats[1].turn_draws == (T("2m"), T("9s"))
    rest = "2m46m135p19s"
    assert legal(state, 1, rules) == (
        Gang(1, T("2m"), BU),
        Ti(1, T("2m"), W8),
        *discards(1, rest),
    )
    state = play(rules, state, "1:I2m*8p")
    assert melds(state, 1) == ["P2m@0", "A7s"]
    assert hand(state, 1) == TileCounts("8p46m135p19s")
    assert state.seats[1].turn_draws == (T("9s"),)


@pytest.mark.parametrize("ti_from_hand", [False, True])
def test_ys_ti1_not_with_a_tile_drawn_in_an_earlier_turn(ti_from_hand: bool) -> None:
    """YS-TI-1: only tiles drawn in this turn may be used. Seat 1 pengs 2m with 2m + 8p, then
    draws a 2m and keeps it (discarding 9s instead of a 提). Next turn it draws its fourth 7s,
    kongs it and draws 6m: the 2m in hand was drawn in an earlier turn and the 7s went into the
    kong, so no 提 is offered — unless ``ti_from_hand`` lets any natural tile in hand be used."""
    rules = room(ti_from_hand=ti_from_hand)
    state = table(
        {1: "2m8p777s469m135p1s9s"},
        draws="1m1m1m2m3m3m3m7s",
        replacements="6m",
        first="2m",
        rules=rules,
    )
    state = play(rules, state, "0:D2m 1:P*8p 1:D9m 2:D1m 3:D1m 0:D1m")
    at_turn(state, 1, "2m")
    assert Ti(1, T("2m"), W8) in legal(state, 1, rules)
    state = play(rules, state, "1:D9s 2:D3m 3:D3m 0:D3m")
    at_turn(state, 1, "7s")
    state = play(rules, state, "1:A7s")
    at_turn(state, 1, "6m", replacement=True)
    ti = (Ti(1, T("2m"), W8),) if ti_from_hand else ()
    assert legal(state, 1, rules) == (
        Gang(1, T("2m"), BU),
        *ti,
        *discards(1, "2m466m135p1s"),
    )


# ------------------------------------------------------------------ YS-PAT-地胡

# Seat 2 waits on 1s and 4s with no wildcard (无听用).
READY_2 = "123m456m789m23s55s"


def test_ys_pat_di_hu_on_the_dealers_plain_first_discard() -> None:
    """YS-PAT-地胡: seat 2 wins on the dealer's first discard 4s: 地胡 2 + 无听用 1, paid by
    the dealer (3 fan: 8 points)."""
    state = table({2: READY_2}, first="4s")
    state = play(RULES, state, "0:D4s")
    assert legal(state, 2) == (Hu(2), Pass(2))
    state = play(RULES, state, "2:H")
    assert [(w.seat, w.from_seat) for w in state.wins] == [(2, 0)]
    assert [(i.name_zh, i.fan) for i in state.wins[0].breakdown.items] == [
        ("地胡", 2),
        ("无听用", 1),
    ]
    assert state.ledger == (Payment(0, 2, 8, WIN),)


def test_ys_pat_di_hu_never_after_the_dealers_tian_hu() -> None:
    """YS-PAT-地胡: the dealer wins his dealt 14 (天胡); play goes on (血战), and seat 2 wins on
    seat 1's first discard 4s. Only the dealer's discard counts, and after his 天胡 there is
    none: no 地胡, just 无听用 (1 fan, 2 points from seat 1)."""
    state = table({0: "123m456m789m11p555p", 2: READY_2}, draws="4s")
    assert legal(state, 0)[0] == Hu(0)
    state = play(RULES, state, "0:H")
    assert ("天胡", 3) in [(i.name_zh, i.fan) for i in state.wins[0].breakdown.items]
    at_turn(state, 1, "4s")
    state = play(RULES, state, "1:D4s")
    assert legal(state, 2) == (Hu(2), Pass(2))
    state = play(RULES, state, "2:H")
    assert [(w.seat, w.from_seat) for w in state.wins] == [(0, None), (2, 1)]
    assert [(i.name_zh, i.fan) for i in state.wins[1].breakdown.items] == [("无听用", 1)]
    assert state.ledger[-1] == Payment(1, 2, 2, WIN)


def test_ys_pat_di_hu_after_the_dealers_kong_in_his_first_turn() -> None:
    """YS-PAT-地胡: the dealer makes an 暗杠 of 1m, draws 4s as its replacement and discards it
    — his first discard, which ends his first turn. Seat 1 wins on it: 地胡 2 + 杠上炮 1 +
    无听用 1 (4 fan, capped at 3: 8 points), paid by the dealer."""
    state = table({1: "234m567m789m23s55s"}, replacements="4s", first="1111m")
    state = play(RULES, state, "0:A1m")
    at_turn(state, 0, "4s", replacement=True)
    state = play(RULES, state, "0:D4s")
    assert legal(state, 1) == (Hu(1), Pass(1))
    state = play(RULES, state, "1:H")
    assert [(i.name_zh, i.fan) for i in state.wins[0].breakdown.items] == [
        ("杠上炮", 1),
        ("地胡", 2),
        ("无听用", 1),
    ]
    assert (state.wins[0].breakdown.fan, state.wins[0].breakdown.points) == (4, 8)
    assert state.ledger[-1] == Payment(0, 1, 8, WIN)


def test_ys_pat_di_hu_not_on_a_later_dealer_discard() -> None:
    """YS-PAT-地胡: the dealer's second discard is not his first: seat 2 wins on it with 无听用
    alone."""
    state = table({2: READY_2}, draws="1m1m1m4s", first="9s")
    state = play(RULES, state, "0:D9s 1:D1m 2:D1m 3:D1m")
    at_turn(state, 0, "4s")
    state = play(RULES, state, "0:D4s 2:H")
    assert [(i.name_zh, i.fan) for i in state.wins[0].breakdown.items] == [("无听用", 1)]


# ------------------------------------------------------------------ YS-WILD-5

# 本金 9筒, 单听用: 1筒 is the wildcard. Seat 1 holds 11m 22m 33m 44s 55s and three 1p.
SEVEN = "11m22m33m44s55s1p1p1p"


def seven_pairs_win(rules: Rules) -> list[tuple[str, int]]:
    state = table({1: SEVEN}, draws="1p", first="3p", indicator="9p", rules=rules)
    state = play(rules, state, "0:D3p")  # a 筒 tile: a third suit, so seat 1 is not asked
    at_turn(state, 1, "1p")
    assert legal(state, 1, rules)[0] == Hu(1)
    state = play(rules, state, "1:H")
    win = state.wins[0]
    assert state.ledger == tuple(Payment(p, 1, win.breakdown.points, WIN) for p in (0, 2, 3))
    return [(str(win.breakdown.reading), win.breakdown.fan)] + [
        (i.name_zh, i.fan) for i in win.breakdown.items
    ]


def test_ys_wild5_the_scored_reading_lacks_a_suit() -> None:
    """YS-WILD-5, ``wild_reading="lack_a_suit"`` (default): seat 1 draws its fourth 1p
    wildcard: 七对. Read as 9999p the hand would hold 筒 beside 万 and 条 (三门), so the best
    reading that keeps a suit missing is scored: 11m 22m 33m 4444s 5555s, 七对 2 + 归 2 = 4
    fan (no 本金); uncapped, 16 points from each other seat."""
    rules = room(fan_cap=None)
    assert rules.options.wild_reading == "lack_a_suit"
    assert seven_pairs_win(rules) == [
        ("11m 22m 33m 44s 44s 55s 55s wilds=4455s", 4),
        ("七对", 2),
        ("归", 2),
    ]


def test_ys_wild5_any_reading_with_wild_reading_any() -> None:
    """YS-WILD-5, ``wild_reading="any"``: the four wildcards may be read as 9999p, the 本金:
    七对 2 + 归 1 + 本金 2 = 5 fan; uncapped, 32 points from each other seat."""
    rules = room(fan_cap=None, wild_reading="any")
    assert seven_pairs_win(rules) == [
        ("11m 22m 33m 99p 99p 44s 55s wilds=9999p", 5),
        ("七对", 2),
        ("归", 1),
        ("本金", 2),
    ]


def test_ys_wild5_options_are_validated() -> None:
    """YS-WILD-5 / YS-CLAIM-6: the two Readings take only their documented values."""
    with pytest.raises(OptionsError, match="option 'wild_reading' must be one of"):
        get_variant("yongshan", wild_reading="free")
    with pytest.raises(OptionsError, match="option 'meld_wilds' must be one of"):
        get_variant("yongshan", meld_wilds=True)


# ------------------------------------------------------------------ YS-CLAIM-6

ANY = room(meld_wilds="any")


def three_kongs(rules: Rules) -> State:
    """The dealer kongs 1m, 2m and 3s from his hand (replacements 8p, 8p, 9p; throws the 9p)
    and holds 5m 5m 8p 8p when seat 1 discards 5m."""
    state = table({0: "1111m2222m3333s55m"}, draws="5m", replacements="8p8p9p", rules=rules)
    state = play(rules, state, "0:A1m 0:A2m 0:A3s 0:D9p 1:D5m")
    assert hand(state, 0) == TileCounts("55m88p")
    return state


def test_ys_claim6_naturals_first_is_the_default() -> None:
    """YS-CLAIM-6, ``meld_wilds="naturals_first"`` (default): the natural 5m go in first, so the
    only peng (5m 5m + the discard) would leave only wildcards (YS-CLAIM-5) and is not offered;
    the kong takes both 5m and one 8p."""
    assert RULES.options.meld_wilds == "naturals_first"
    state = three_kongs(RULES)
    assert legal(state, 0) == (Gang(0, T("5m"), ZHI, (W8,)), Pass(0))


def test_ys_claim6_any_offers_every_composition() -> None:
    """YS-CLAIM-6, ``meld_wilds="any"``: every composition with a natural copy is its own
    claim — the peng 5m + 8p (leaving 5m + 8p), the kong 5m 5m + 8p, the kong 5m + 8p 8p
    (leaving 5m) — and the natural peng still is not (YS-CLAIM-5). Pengging with the 8p, the
    dealer keeps 5m 8p and may discard only the 5m."""
    state = three_kongs(ANY)
    assert legal(state, 0, ANY) == (
        Peng(0, (W8,)),
        Gang(0, T("5m"), ZHI, (W8,)),
        Gang(0, T("5m"), ZHI, (W8, W8)),
        Pass(0),
    )
    state = play(ANY, state, "0:P*8p")
    assert melds(state, 0) == ["A1m", "A2m", "A3s", "P5m*8p@1"]
    assert hand(state, 0) == TileCounts("5m8p")
    assert legal(state, 0, ANY) == discards(0, "5m")


# Seat 2 holds one 5m and an 8p; seat 3 two 5m and an 8p; seat 1 discards 5m.
CONTEST = {2: "5m8p469m135p13579s", 3: "55m8p19m2469p1357s"}


@pytest.mark.parametrize(
    ("answer_3", "taker", "meld"),
    [("3:P", 3, "P5m@1"), ("3:P*8p", 2, "P5m*8p@1")],
    ids=["natural-beats-wild", "both-wild-first-in-order"],
)
def test_ys_claim6_priority_judges_the_composition_chosen(
    answer_3: str, taker: int, meld: str
) -> None:
    """YS-CLAIM-6 with YS-CLAIM-1: seat 2 can peng seat 1's 5m only with an 8p; seat 3 can with
    its two 5m or with 5m + 8p. If seat 3 pengs with naturals it takes the tile (no wildcard
    beats wildcards); if it too chooses the 8p, seat 2, first after the discarder, takes it."""
    state = table(CONTEST, draws="5m", first="7m", rules=ANY)
    state = play(ANY, state, "0:D7m 1:D5m")
    assert legal(state, 2, ANY) == (Peng(2, (W8,)), Pass(2))
    assert legal(state, 3, ANY) == (Peng(3), Peng(3, (W8,)), Gang(3, T("5m"), ZHI, (W8,)), Pass(3))
    state = play(ANY, state, f"2:P*8p {answer_3}")
    assert melds(state, taker) == [meld]
    assert state.current == taker
