"""保山麻将 settlement, scripted from explicit walls (SPEC.md section 1): win payments with 买点
and the cap, kong payments and their cancellation, 抢杠胡, 查叫 at 流局, the next dealer, and
end-to-end wins with their exact breakdowns (the seed's examples as written).

Walls are laid out by :func:`scripting.make_wall` (DEAL-1). ``Q`` and ``Q2`` are quiet hands (no
pair, far from ready): a seat holding one never claims anything.
"""

from __future__ import annotations

from typing import Any

import pytest

from mahjong_rules import (
    Gang,
    HandResult,
    Hu,
    IllegalActionError,
    Meld,
    MeldKind,
    Pass,
    Payment,
    PaymentReason,
    Peng,
    Phase,
    State,
    WinKind,
    get_variant,
)
from mahjong_rules.engine.events import PaymentsCancelled
from mahjong_rules.variants.baoshan import Baoshan
from mahjong_rules.variants.base import Rules
from scripting import Q, T, burn, new, play

KONG, WIN, CHA_JIAO = PaymentReason.KONG, PaymentReason.WIN, PaymentReason.CHA_JIAO
AN, BU, ZHI = MeldKind.AN_GANG, MeldKind.BU_GANG, MeldKind.ZHI_GANG


def baoshan(**options: Any) -> Baoshan:
    """A Baoshan room with ``options`` (typed, for rules.cha_jiao)."""
    rules = get_variant("baoshan", **options)
    assert isinstance(rules, Baoshan)
    return rules


BAOSHAN = baoshan()


def result_of(rules: Rules, state: State) -> HandResult:
    result = rules.result(state)
    assert result is not None, "the hand has not ended"
    assert sum(result.deltas) == 0  # FLOW-5
    return result


def items(result: HandResult, seat: int) -> list[tuple[str, int]]:
    """The winner's breakdown as (pattern key, fan) pairs, in the engine's order."""
    return [(i.key, i.fan) for i in result.breakdown(seat).items]


def each_pays(winner: int, amount: int, players: int = 4) -> tuple[Payment, ...]:
    return tuple(Payment(p, winner, amount, WIN) for p in range(players) if p != winner)


# ------------------------------------------------------------------ BS-PAY-1

# Seat 1 waits on 3m, 6m and 9m (123m 456m 78m 33p 666s); nobody else is ready.
WAITER = {0: Q + "9m", 1: "123m456m78m33p666s", 2: Q, 3: Q}


def test_bs_pay1_on_a_discard_the_discarder_pays() -> None:
    """BS-PAY-1 / BS-PAT-平胡: seat 1 wins on the dealer's 9m: only the discarder pays (平胡,
    0 fan: the base 1 point)."""
    result = result_of(BAOSHAN, play(BAOSHAN, new(WAITER), "0:D9m 1:H"))
    assert items(result, 1) == [("ping_hu", 0)]
    assert result.payments == (Payment(0, 1, 1, WIN),)
    assert result.deltas == (-1, 1, 0, 0)
    assert result.next_dealer == 1


def test_bs_pay1_on_a_self_draw_every_other_seat_pays() -> None:
    """BS-PAY-1 / BS-PAT-门清: seat 1 self-draws 9m with a concealed hand: 门清 1 fan, 2 points
    from every other seat."""
    state = play(BAOSHAN, new(WAITER, draws="9m"), "0:D1p")
    result = result_of(BAOSHAN, play(BAOSHAN, state, "1:H"))
    assert items(result, 1) == [("men_qing", 1)]
    assert result.payments == each_pays(1, 2)
    assert result.deltas == (-2, 6, -2, -2)


# ------------------------------------------------------------------ BS-PAY-2

DEALT_WIN = {0: "123m456m789m33p666s", 1: Q, 2: Q, 3: Q}
"""The dealer wins on his dealt 14: 门清, 1 fan, pattern score 2."""


@pytest.mark.parametrize(
    ("mode", "amounts"),
    [
        ("none", (2, 2, 2)),
        ("dead_2", (2 + 1 + 2, 2 + 0 + 2, 2 + 0 + 2)),  # (winner + payer points) + score
        ("live", ((2 + 1 + 1) * 2, (2 + 0 + 1) * 2, (2 + 0 + 1) * 2)),  # (sum + 1) x score
    ],
)
def test_bs_pay2_self_draw_with_bought_points(mode: str, amounts: tuple[int, ...]) -> None:
    """BS-PAY-2: the dealer (2 points bought) self-draws a 2-point hand; seat 1 bought 1.
    死点: points added to the pattern score; 活点: (points + 1) times it."""
    rules = baoshan(buy_points=mode)
    bought = (2, 1, 0, 0) if mode != "none" else None
    state = new(DEALT_WIN, rules=rules, buy_points=bought)
    result = result_of(rules, play(rules, state, "0:H"))
    assert result.payments == tuple(
        Payment(p, 0, a, WIN) for p, a in zip((1, 2, 3), amounts, strict=True)
    )


@pytest.mark.parametrize(("mode", "amount"), [("dead_1", 2 + 2), ("dead_2", 3 + 2), ("live", 8)])
def test_bs_pay2_discard_win_with_bought_points(mode: str, amount: int) -> None:
    """BS-PAY-2 / BS-PAT-大对子: seat 2 wins 大对子 (2 points) on the dealer's 2m; only the
    dealer pays, with both seats' points: 死点 cap 1 (1+1)+2, 死点 cap 2 (2+1)+2, 活点
    (2+1+1)x2."""
    rules = baoshan(buy_points=mode)
    bought = (1, 0, 1, 0) if mode == "dead_1" else (2, 0, 1, 0)
    hands = {0: Q + "2m", 1: Q, 2: "2333m333p666p999s", 3: Q}
    state = play(rules, new(hands, rules=rules, buy_points=bought), "0:D2m 2:H")
    result = result_of(rules, state)
    assert items(result, 2) == [("da_dui_zi", 1)]
    assert result.payments == (Payment(0, 2, amount, WIN),)


# ------------------------------------------------------------------ BS-PAY-3


@pytest.mark.parametrize(("cap", "points"), [(3, 8), (None, 32), (1, 2)])
def test_bs_pay3_fan_cap(cap: int | None, points: int) -> None:
    """BS-PAY-3 / BS-PAT-龙爪背 / BS-PAT-清一色: 龙爪背 3 + 清一色 1 + 门清 1 = 5 fan; the
    room's fan_cap (default 3) caps the pattern score: 8, or 32 uncapped, or 2 with a cap of
    1."""
    rules = baoshan(fan_cap=cap)
    state = new({0: "11113355779922m", 1: Q, 2: Q, 3: Q}, rules=rules)
    result = result_of(rules, play(rules, state, "0:H"))
    breakdown = result.breakdown(0)
    assert sorted(items(result, 0)) == [("long_zhua_bei", 3), ("men_qing", 1), ("qing_yi_se", 1)]
    assert (breakdown.fan, breakdown.capped_fan) == (5, 5 if cap is None else cap)
    assert result.payments == each_pays(0, points)


# ------------------------------------------------------------------ kongs BS-GANG-1 .. BS-GANG-4

# Seat 1 holds 555m (kongs the dealer's 5m); seat 2 waits on 6m/9m.
KONGS = {0: Q + "5m", 1: "234m55567m666s99s", 2: "78m888m333p666p99s", 3: Q}


def test_bs_gang1_exposed_kong_the_discarder_pays_1_and_it_stands() -> None:
    """BS-GANG-1 直杠: seat 1 kongs the dealer's 5m: the dealer pays 1 at once; a later win by
    another seat leaves it standing (seat 2 self-draws 9m: 门清, 2 from each)."""
    state = new(KONGS, draws="9m", replacements="1p")
    state = play(BAOSHAN, state, "0:D5m 1:G5m")
    assert state.seats[1].melds == (Meld(ZHI, T("5m"), from_seat=0),)
    assert state.ledger == (Payment(0, 1, 1, KONG, 1),)
    state = play(BAOSHAN, state, "1:D1p 2:H")
    result = result_of(BAOSHAN, state)
    assert result.payments == (Payment(0, 1, 1, KONG, 1), *each_pays(2, 2))
    assert result.deltas == (-3, -1, 6, -2)
    assert result.cancelled == ()


# Seat 1 holds 55m and pengs seat 2's 5m; it later draws the fourth 5m and adds it.
ADDED = {0: Q + "9m", 1: "55m12346789m36p3s", 2: Q, 3: Q}
ADDED_DRAWS = "9p5m1p2p4p5m"


def added_kong(rules: Rules) -> State:
    state = new(ADDED, draws=ADDED_DRAWS, replacements="5p", rules=rules)
    state = play(rules, state, "0:D9m 1:D9p 2:D5m 1:P 1:D3s 2:D1p 3:D2p 0:D4p")
    assert state.seats[1].drawn == T("5m")
    assert Gang(1, T("5m"), BU) in rules.legal_actions(state, 1)
    return play(rules, state, "1:B5m")


def test_bs_gang2_added_kong_the_peng_provider_pays_1() -> None:
    """BS-GANG-2 补杠: seat 1 pengs seat 2's 5m, then adds its own fourth 5m: seat 2 (who
    discarded the peng's tile) pays 1; with 查叫 off the payment stands at the 流局."""
    rules = baoshan(cha_jiao="off")
    state = added_kong(rules)
    assert state.seats[1].melds == (Meld(BU, T("5m"), from_seat=2),)
    assert state.ledger == (Payment(2, 1, 1, KONG, 1),)
    result = result_of(rules, burn(rules, state))
    assert result.exhausted
    assert result.payments == (Payment(2, 1, 1, KONG, 1),)


# Seat 1 holds four 5m; it conceals the kong on its first draw.
CONCEALED = {0: Q + "9m", 1: "5555m12m36p33369s", 2: Q, 3: Q}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bs_gang3_concealed_kong_every_other_seat_pays_2(players: int) -> None:
    """BS-GANG-3 暗杠: every other seat pays 2, with 2 and 3 players too."""
    rules = baoshan(players=players)
    hands = {s: h for s, h in CONCEALED.items() if s < players}
    state = play(rules, new(hands, draws="9p", rules=rules), "0:D9m")
    assert rules.legal_actions(state, 1)[0] == Gang(1, T("5m"), AN)
    state = play(rules, state, "1:A5m")
    assert state.seats[1].melds == (Meld(AN, T("5m")),)
    assert state.ledger == tuple(Payment(p, 1, 2, KONG, 1) for p in range(players) if p != 1)


def test_bs_gang4_pian_gang_exposed_kong() -> None:
    """BS-GANG-4 骗杠: for 直杠 the discarder pays 2 and every other seat 1."""
    rules = baoshan(pian_gang=True)
    state = play(rules, new(KONGS, rules=rules), "0:D5m 1:G5m")
    assert state.ledger == (
        Payment(0, 1, 2, KONG, 1),
        Payment(2, 1, 1, KONG, 1),
        Payment(3, 1, 1, KONG, 1),
    )


def test_bs_gang4_pian_gang_exposed_kong_three_players() -> None:
    """BS-GANG-4 骗杠 with 3 players: the discarder 2, the one other seat 1."""
    rules = baoshan(pian_gang=True, players=3)
    hands = {s: KONGS[s] for s in range(3)}
    state = play(rules, new(hands, rules=rules), "0:D5m 1:G5m")
    assert state.ledger == (Payment(0, 1, 2, KONG, 1), Payment(2, 1, 1, KONG, 1))


def test_bs_gang4_pian_gang_added_kong() -> None:
    """BS-GANG-4 骗杠: for 补杠 the peng provider (seat 2) pays 2 and the others 1."""
    rules = baoshan(pian_gang=True)
    state = added_kong(rules)
    assert state.ledger == (
        Payment(0, 1, 1, KONG, 1),
        Payment(2, 1, 2, KONG, 1),
        Payment(3, 1, 1, KONG, 1),
    )


def test_bs_gang4_pian_gang_leaves_the_concealed_kong_alone() -> None:
    """BS-GANG-4 骗杠: 暗杠 unchanged, 2 from every other seat."""
    rules = baoshan(pian_gang=True)
    state = play(rules, new(CONCEALED, draws="9p", rules=rules), "0:D9m 1:A5m")
    assert state.ledger == tuple(Payment(p, 1, 2, KONG, 1) for p in (0, 2, 3))


# ------------------------------------------------------------------ BS-GANG-5 杠上炮


def test_bs_gang5_gang_shang_pao_cancels_the_kong_payment() -> None:
    """BS-GANG-5 / BS-PAT-杠上炮: seat 1 kongs the dealer's 5m, draws 9m as replacement and
    discards it; seat 2 wins on it: 杠上炮 (1 fan, 2 from seat 1) and the kong's payment is
    cancelled."""
    state = new(KONGS, replacements="9m")
    state = play(BAOSHAN, state, "0:D5m 1:G5m 1:D9m")
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Pass(2))
    state = play(BAOSHAN, state, "2:H")
    result = result_of(BAOSHAN, state)
    assert items(result, 2) == [("gang_shang_pao", 1)]
    assert result.payments == (Payment(1, 2, 2, WIN),)
    assert result.cancelled == (Payment(0, 1, 1, KONG, 1),)
    assert result.deltas == (0, -2, 2, 0)
    assert PaymentsCancelled((Payment(0, 1, 1, KONG, 1),), "gang_shang_pao") in state.events


def test_bs_gang5_concealed_kong_too() -> None:
    """BS-GANG-5: after a 暗杠 as well (杠 of any kind): its three payments are cancelled."""
    hands = {**CONCEALED, 0: Q + "4m", 2: "78m888m333p666p99s"}
    state = new(hands, draws="9p", replacements="9m")
    state = play(BAOSHAN, state, "0:D4m 1:A5m 1:D9m 2:H")
    result = result_of(BAOSHAN, state)
    assert items(result, 2) == [("gang_shang_pao", 1)]
    assert result.cancelled == tuple(Payment(p, 1, 2, KONG, 1) for p in (0, 2, 3))
    assert result.payments == (Payment(1, 2, 2, WIN),)


def test_bs_gang5_only_the_first_discard_after_the_kong() -> None:
    """BS-GANG-5: the konger's second discard after the kong is an ordinary discard: the
    kong's payment stands and there is no 杠上炮."""
    state = new(KONGS, draws="1s2s4s9m", replacements="1p")
    state = play(BAOSHAN, state, "0:D5m 1:G5m 1:D1p 2:D1s 3:D2s 0:D4s 1:D9m 2:H")
    result = result_of(BAOSHAN, state)
    assert items(result, 2) == [("ping_hu", 0)]
    assert result.payments == (Payment(0, 1, 1, KONG, 1), Payment(1, 2, 1, WIN))


# ------------------------------------------------------------------ BS-GANG-6 抢杠胡

# Seat 1 holds 55m and pengs the dealer's 5m (seat 2 passes the win on it); seat 2 waits on
# 2m/5m and robs seat 1's 补杠 of the fourth 5m.
ROB = {0: Q + "5m", 1: "55m12689m367p258s", 2: "34m77m666p999s333s", 3: Q}


def rob_window(rules: Rules, buy_points: tuple[int, ...] | None = None) -> State:
    state = new(ROB, draws="1s2s4s5m", rules=rules, buy_points=buy_points)
    state = play(rules, state, "0:D5m")
    assert rules.to_act(state) == frozenset({1, 2})
    state = play(rules, state, "2:X 1:P 1:D9m 2:D1s 3:D2s 0:D4s")
    state = play(rules, state, "1:B5m")
    assert state.phase is Phase.ROB and rules.to_act(state) == frozenset({2})
    return state


def test_bs_gang6_rob_an_added_kong() -> None:
    """BS-GANG-6 / BS-PAT-抢杠胡: seat 2 robs seat 1's 补杠: 抢杠胡 (0 fan: a plain 1 point),
    paid by the robbed seat alone as a discarder; the kong earns nothing."""
    state = rob_window(BAOSHAN)
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Pass(2))
    assert BAOSHAN.legal_actions(state, 1) == ()
    state = play(BAOSHAN, state, "2:H")
    result = result_of(BAOSHAN, state)
    (win,) = result.wins
    assert (win.seat, win.how, win.tile, win.from_seat) == (2, WinKind.ROB_KONG, T("5m"), 1)
    assert items(result, 2) == [("qiang_gang_hu", 0)]
    assert result.payments == (Payment(1, 2, 1, WIN),)
    assert not any(p.reason is KONG for p in (*result.payments, *result.cancelled))
    assert result.deltas == (0, -1, 1, 0)
    assert result.next_dealer == 2


def test_bs_gang6_robbed_seat_pays_with_bought_points() -> None:
    """BS-GANG-6 / BS-PAY-2: the robbed seat pays as the discarder would: 死点 (2 + 1) + 1."""
    rules = baoshan(buy_points="dead_2")
    state = play(rules, rob_window(rules, buy_points=(0, 2, 1, 0)), "2:H")
    assert result_of(rules, state).payments == (Payment(1, 2, 4, WIN),)


def test_bs_gang6_not_robbed_the_added_kong_is_paid() -> None:
    """BS-GANG-6: if the seat passes, the 补杠 completes: the dealer (the peng's discarder)
    pays 1, seat 1 draws its replacement, and seat 2 is blocked by 过手胡 (BS-PASSHU-1)."""
    state = play(BAOSHAN, rob_window(BAOSHAN), "2:X")
    assert state.phase is Phase.TURN and state.current == 1
    assert state.seats[1].melds == (Meld(BU, T("5m"), from_seat=0),)
    assert state.ledger == (Payment(0, 1, 1, KONG, 1),)
    assert state.seats[2].pass_hu


def test_bs_gang6_concealed_and_exposed_kongs_cannot_be_robbed() -> None:
    """BS-GANG-6: only a 补杠 can be robbed: seat 2 (waiting on 5m) is not asked about seat
    1's 暗杠 of 5m, nor about its 直杠 once it let the discard go."""
    hands = {**ROB, 0: Q + "9m", 1: "555m12689m367p28s"}
    state = play(BAOSHAN, new(hands, draws="5m"), "0:D9m 1:A5m")
    assert state.phase is Phase.TURN and state.current == 1
    hands = {**ROB, 1: "555m12689m367p28s"}
    state = play(BAOSHAN, new(hands), "0:D5m")
    assert BAOSHAN.legal_actions(state, 1) == (Peng(1), Gang(1, T("5m"), ZHI), Pass(1))
    state = play(BAOSHAN, state, "2:X 1:G5m")
    assert state.phase is Phase.TURN and state.current == 1


# ------------------------------------------------------------------ BS-GANG-7 黄庄黄杠


@pytest.mark.parametrize(
    ("options", "stands"),
    [
        ({}, False),
        ({"cha_jiao": "one"}, False),
        ({"kong_payments_on_draw": "stand"}, True),
        ({"cha_jiao": "off"}, True),
    ],
)
def test_bs_gang7_kong_payments_at_a_draw_game(options: dict[str, str], stands: bool) -> None:
    """BS-GANG-7 / BS-CHAJIAO-3: at a 流局 with 查叫 on (查大叫 or 查叫1分) the hand's kong
    payments are void (黄庄黄杠) unless kong_payments_on_draw="stand"; with 查叫 off they
    stand. (Nobody is ready, so 查叫 itself pays nothing.)"""
    rules = baoshan(**options)
    state = play(rules, new(CONCEALED, draws="9p", rules=rules), "0:D9m 1:A5m")
    kongs = tuple(Payment(p, 1, 2, KONG, 1) for p in (0, 2, 3))
    state = burn(rules, state)
    result = result_of(rules, state)
    assert result.exhausted and result.wins == ()
    if stands:
        assert (result.payments, result.cancelled) == (kongs, ())
    else:
        assert (result.payments, result.cancelled) == ((), kongs)
        assert PaymentsCancelled(kongs, "draw_game") in state.events
    assert result.next_dealer == 0


# ------------------------------------------------------------------ 查叫 BS-CHAJIAO-1 .. 3

# Ready at the end: the dealer (waits 1p/4p: 门清 → 2), seat 1 (1m/2m/4m: 门清 + 大对子 on 2m →
# 4), seat 2 (9p alone: 门清 → 2). Everybody discards what he draws, so the hands stay as
# dealt; the tail keeps the last four draws off everybody's waits.
READY0 = "123m456m789m11p23p9s"  # the dealer discards 9s first
READY1 = "2333m333p666p999s"
READY2 = "456m456p456s888s9p"
SAFE_TAIL = "3s3s3s3s"


def drawn_game(rules: Rules, hands: dict[int, str], tail: str = SAFE_TAIL, **kw: object) -> State:
    bought = kw.get("buy_points")
    assert bought is None or isinstance(bought, tuple)
    state = new(hands, tail=tail, rules=rules, buy_points=bought)
    return burn(rules, state)


def test_bs_chajiao1_cha_da_jiao_one_unready_seat_pays_three() -> None:
    """BS-CHAJIAO-1 / BS-CHAJIAO-2 查大叫 (default) / BS-DEALER-4 1赔3: seat 3 alone is not
    ready and pays each ready seat its best pattern score (门清 counts without a self-draw):
    2, 4 and 2; seat 3 deals next."""
    hands = {0: READY0, 1: READY1, 2: READY2, 3: Q}
    state = drawn_game(BAOSHAN, hands)
    result = result_of(BAOSHAN, state)
    assert result.exhausted and result.wins == ()
    assert result.ready == {0: True, 1: True, 2: True, 3: False}
    assert result.payments == (
        Payment(3, 0, 2, CHA_JIAO),
        Payment(3, 1, 4, CHA_JIAO),
        Payment(3, 2, 2, CHA_JIAO),
    )
    assert result.deltas == (2, 4, 2, -8)
    assert result.next_dealer == 3
    assert BAOSHAN.cha_jiao(state) == list(result.payments)


# Two ready (dealer, seat 1), two not: the dealer stays.
TWO_READY = {0: READY0, 1: READY1, 2: Q, 3: Q}


@pytest.mark.parametrize(
    ("options", "bought", "amounts"),
    [
        ({}, None, (2, 2, 4, 4)),
        ({"cha_jiao": "one"}, None, (1, 1, 1, 1)),
        ({"buy_points": "dead_2"}, (1, 2, 0, 1), (1 + 2, 2 + 2, 2 + 4, 3 + 4)),
        ({"buy_points": "live"}, (1, 2, 0, 1), (2 * 2, 3 * 2, 3 * 4, 4 * 4)),
        ({"cha_jiao": "one", "buy_points": "live"}, (1, 2, 0, 1), (2, 3, 3, 4)),
    ],
)
def test_bs_chajiao2_every_unready_seat_pays_every_ready_seat(
    options: dict[str, str], bought: tuple[int, ...] | None, amounts: tuple[int, ...]
) -> None:
    """BS-CHAJIAO-2: seats 2 and 3 each pay the dealer (best 2) and seat 1 (best 4); 查叫1分
    pays a pattern score of 1; 买点 goes through the BS-PAY-2 formula. BS-DEALER-2 / BS-DEALER-4:
    two un-ready seats is no 1赔3, the dealer stays."""
    rules = baoshan(**options)
    result = result_of(rules, drawn_game(rules, TWO_READY, buy_points=bought))
    payers_payees = [(2, 0), (3, 0), (2, 1), (3, 1)]
    assert result.payments == tuple(
        Payment(a, b, x, CHA_JIAO) for (a, b), x in zip(payers_payees, amounts, strict=True)
    )
    assert result.next_dealer == 0


def test_bs_chajiao1_off_no_check_and_the_dealer_stays() -> None:
    """BS-CHAJIAO-1 off / BS-DEALER-2: no 查叫 at all; the dealer stays."""
    rules = baoshan(cha_jiao="off")
    result = result_of(rules, drawn_game(rules, {0: READY0, 1: READY1, 2: READY2, 3: Q}))
    assert result.payments == () and result.next_dealer == 0
    assert rules.cha_jiao(drawn_game(rules, TWO_READY)) == []


def test_bs_chajiao2_cha_jiao_needs_an_exhausted_wall() -> None:
    """BS-CHAJIAO-2: rules.cha_jiao(state) checks a state whose wall is empty."""
    with pytest.raises(IllegalActionError, match="empty wall"):
        BAOSHAN.cha_jiao(new(TWO_READY, tail=SAFE_TAIL))


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        ("1111m33m55m77m33p9s", 8),  # 龙爪背 3 + 门清 1 = 4 fan, capped at 3
        ("111m222m333m444m5m", 8),  # 门清 + 大对子 + 清一色 on 5m
        ("123m456m78m33p666s", 2),  # 门清 only
    ],
)
def test_bs_chajiao2_best_pattern_score_capped_at_3_fan(hand: str, points: int) -> None:
    """BS-CHAJIAO-2 查大叫: the best score over the ready seat's waits; 龙爪背 counts 3;
    patterns add; the cap is 3 fan."""
    result = result_of(BAOSHAN, drawn_game(BAOSHAN, {0: Q + "6p", 1: hand, 2: Q, 3: Q}))
    assert result.ready == {0: False, 1: True, 2: False, 3: False}
    assert result.payments == tuple(Payment(p, 1, points, CHA_JIAO) for p in (0, 2, 3))


@pytest.mark.parametrize(("peng", "points"), [(True, 4), (False, 2)])
def test_bs_chajiao2_ka_jue_zhang_counts_with_the_peng_on_the_table(
    peng: bool, points: int
) -> None:
    """BS-CHAJIAO-2 Reading: seat 1 waits on 5m with 46m; seat 3 pengs the dealer's 5m (seat 1
    lets it go), the last 5m is in seat 2's hand: at the 流局 卡绝张 counts (门清 + 卡绝张 = 4);
    without the peng only 门清 (2)."""
    hands = {
        0: Q + "5m",
        1: "46m123p789p333s66s",
        2: "5m1245789p12457s",
        3: "55m12457p124578s" if peng else Q,
    }
    state = play(BAOSHAN, new(hands), "0:D5m")
    if peng:
        state = play(BAOSHAN, state, "1:X 3:P 3:D8s")
    else:
        state = play(BAOSHAN, state, "1:X")
    result = result_of(BAOSHAN, burn(BAOSHAN, state))
    assert result.ready == {0: False, 1: True, 2: False, 3: False}
    assert result.payments == tuple(Payment(p, 1, points, CHA_JIAO) for p in (0, 2, 3))


def test_bs_chajiao2_no_men_qing_with_a_peng_but_own_peng_jue_zhang() -> None:
    """BS-CHAJIAO-2: seat 1 pengs the dealer's 5m and keeps 46m: no 门清 (a peng), but 卡绝张
    on its own peng (BS-JUEZHANG-1 Reading): 1 fan, 2 from each."""
    hands = {0: Q + "5m", 1: "55m46m123p789p333s", 2: "5m1245789p12457s", 3: Q}
    state = play(BAOSHAN, new(hands, tail="9m9m9m9m"), "0:D5m 1:P 1:D3s")
    result = result_of(BAOSHAN, burn(BAOSHAN, state))
    assert result.ready == {0: False, 1: True, 2: False, 3: False}
    assert result.payments == tuple(Payment(p, 1, 2, CHA_JIAO) for p in (0, 2, 3))


def test_bs_chajiao2_never_quan_qiu_ren() -> None:
    """BS-CHAJIAO-2: 全求人 is never counted in 查大叫: seat 1 ends the hand with four pengs
    and a single 9s: 大对子 only, 2 from each."""
    hands = {0: Q + "1m", 1: "11223344m36p369s", 2: "234m1245789p129s", 3: Q}
    state = new(hands, draws="5m6m7m8m", tail="9m9m9m9m")
    state = play(BAOSHAN, state, "0:D1m 1:P 1:D3p 2:D2m 1:P 1:D6p 2:D3m 1:P 1:D3s")
    state = play(BAOSHAN, state, "2:D4m 1:P 1:D6s")
    result = result_of(BAOSHAN, burn(BAOSHAN, state))
    assert result.ready == {0: False, 1: True, 2: False, 3: False}
    assert result.payments == tuple(Payment(p, 1, 2, CHA_JIAO) for p in (0, 2, 3))


def test_bs_chajiao2_declared_seat_counts_lai_men_bao_ting() -> None:
    """BS-CHAJIAO-2 Reading: 来门报听 counts for a seat that declared (门清 + 来门报听 = 4)."""
    rules = baoshan(bao_ting=True)
    hands = {0: Q + "9m", 1: "111m456m789m23p33s", 2: Q, 3: Q}
    state = new(hands, draws="6p", tail="6s6s6s6s", rules=rules)
    state = play(rules, state, "0:D9m 1:T 1:D6p")
    result = result_of(rules, burn(rules, state))
    assert result.payments == tuple(Payment(p, 1, 4, CHA_JIAO) for p in (0, 2, 3))


# ------------------------------------------------------------------ BS-DEALER-1 .. 4

TAIL20 = "5m5m5m6m6m6m7m7m7m8m8m8m9m9m9m6s6s6s6s3s"
"""Twenty tiles that are nobody's wait, for the 20-tile window of 2 and 3 players."""


def test_bs_dealer1_first_dealer_is_configurable_then_the_winner_deals() -> None:
    """BS-DEALER-1: the first hand's dealer is any seat (the room creator: seat 2 here); the
    next dealer is the winner (seat 3, on seat 2's discard)."""
    hands = {2: Q + "9m", 3: "123m456m78m33p666s", 0: Q, 1: Q}
    state = new(hands, dealer=2)
    assert state.dealer == 2 and state.current == 2
    result = result_of(BAOSHAN, play(BAOSHAN, state, "2:D9m 3:H"))
    assert result.next_dealer == 3


def test_bs_dealer2_draw_game_the_dealer_stays() -> None:
    """BS-DEALER-2: 流局 without a 1赔3: the dealer stays (here everybody is un-ready)."""
    rules = baoshan(cha_jiao="one")
    result = result_of(rules, drawn_game(rules, {0: Q + "9m", 1: Q, 2: Q, 3: Q}))
    assert result.ready == {0: False, 1: False, 2: False, 3: False}
    assert result.payments == () and result.next_dealer == 0


def test_bs_dealer3_several_winners_the_discarder_deals() -> None:
    """BS-DEALER-3 一炮多响: seats 1 and 2 both win on seat 3's 9m: seat 3 deals next."""
    hands = {0: Q + "6p", 1: "123m456m78m33p666s", 2: "78m234m555m33s999s", 3: Q}
    state = play(BAOSHAN, new(hands, draws="1p2p9m"), "0:D6p 1:D1p 2:D2p 3:D9m")
    assert BAOSHAN.to_act(state) == frozenset({1, 2})
    result = result_of(BAOSHAN, play(BAOSHAN, state, "1:H 2:H"))
    assert result.winners == (1, 2)
    assert result.payments == (Payment(3, 1, 1, WIN), Payment(3, 2, 1, WIN))
    assert result.next_dealer == 3


def test_bs_dealer4_three_players_one_pays_two() -> None:
    """BS-DEALER-4 with 3 players: 1赔2 — seat 2 alone is not ready: it deals next."""
    rules = baoshan(players=3)
    result = result_of(rules, drawn_game(rules, {0: READY0, 1: READY1, 2: Q}, tail=TAIL20))
    assert result.ready == {0: True, 1: True, 2: False}
    assert result.payments == (Payment(2, 0, 2, CHA_JIAO), Payment(2, 1, 4, CHA_JIAO))
    assert result.next_dealer == 2


@pytest.mark.parametrize(
    ("hands", "next_dealer"),
    [
        ({0: READY0, 1: Q}, 1),  # seat 1 is checked: it takes the deal
        ({0: Q + "9m", 1: READY1}, 0),  # the dealer is checked: he deals again
    ],
)
def test_bs_dealer4_two_players_the_checked_seat_deals(
    hands: dict[int, str], next_dealer: int
) -> None:
    """BS-DEALER-4 with 2 players: the checked (paying, un-ready) seat deals next."""
    rules = baoshan(players=2)
    result = result_of(rules, drawn_game(rules, hands, tail=TAIL20))
    winner = 1 - next_dealer
    assert result.payments == (Payment(next_dealer, winner, 4 if winner == 1 else 2, CHA_JIAO),)
    assert result.next_dealer == next_dealer


# ------------------------------------------------------------------ end-to-end wins


def test_bs_pat_gang_shang_hua_on_a_concealed_kong_replacement() -> None:
    """BS-PAT-杠上花 (+ BS-PAT-门清, 暗杠 allowed): seat 1 draws its fourth 6m, kongs it and
    wins on the replacement: 门清 1 + 杠上花 1 = 4 from each, besides the kong's 2 from each."""
    hands = {0: Q + "9m", 1: "666m123p456p78s33s", 2: Q, 3: Q}
    state = new(hands, draws="6m", replacements="9s")
    state = play(BAOSHAN, state, "0:D9m 1:A6m 1:H")
    result = result_of(BAOSHAN, state)
    (win,) = result.wins
    assert (win.seat, win.how, win.tile) == (1, WinKind.SELF_DRAW, T("9s"))
    assert items(result, 1) == [("men_qing", 1), ("gang_shang_hua", 1)]
    kongs = tuple(Payment(p, 1, 2, KONG, 1) for p in (0, 2, 3))
    assert result.payments == (*kongs, *each_pays(1, 4))
    assert result.deltas == (-6, 18, -6, -6)


def test_bs_pat_shuang_gang_shang_hua_two_kongs_in_a_row() -> None:
    """BS-PAT-杠上花: seat 1 kongs 6666m, then 7777m on the first replacement, and wins on the
    second: 双杠杠上花 2 (replacing 杠上花, never added) + 门清 1 = 3 fan, 8 from each."""
    hands = {0: Q + "9m", 1: "6666m7777m123p45p", 2: Q, 3: Q}
    state = new(hands, draws="3s", replacements="3s6p")
    state = play(BAOSHAN, state, "0:D9m 1:A6m 1:A7m")
    assert BAOSHAN.legal_actions(state, 1)[0] == Hu(1)
    result = result_of(BAOSHAN, play(BAOSHAN, state, "1:H"))
    assert items(result, 1) == [("men_qing", 1), ("shuang_gang_shang_hua", 2)]
    kongs = [Payment(p, 1, 2, KONG, ref) for ref in (1, 2) for p in (0, 2, 3)]
    assert result.payments == (*kongs, *each_pays(1, 8))


def test_bs_pat_quan_qiu_ren_four_pengs_and_a_single_wait_on_a_discard() -> None:
    """BS-PAT-全求人: seat 1 pengs 1m, 2m, 3m, 4m and wins its single 9s on seat 2's
    discard: 全求人 1 + 大对子 1 = 2 fan, 4 from seat 2."""
    hands = {0: Q + "1m", 1: "11223344m36p369s", 2: "234m1245789p129s", 3: Q}
    state = new(hands, draws="5m6m7m8m")
    state = play(BAOSHAN, state, "0:D1m 1:P 1:D3p 2:D2m 1:P 1:D6p 2:D3m 1:P 1:D3s")
    state = play(BAOSHAN, state, "2:D4m 1:P 1:D6s 2:D9s")
    assert [m.tile for m in state.seats[1].melds] == [T("1m"), T("2m"), T("3m"), T("4m")]
    assert BAOSHAN.legal_actions(state, 1) == (Hu(1), Pass(1))
    result = result_of(BAOSHAN, play(BAOSHAN, state, "1:H"))
    assert items(result, 1) == [("da_dui_zi", 1), ("quan_qiu_ren", 1)]
    assert result.payments == (Payment(2, 1, 4, WIN),)


@pytest.mark.parametrize(
    ("tile", "hand", "peng_hand", "key"),
    [
        ("5m", "46m123p789p333s66s", "55m12457p124578s", "ka_jue_zhang"),  # seed: 46万 胡 5万
        ("3m", "12m123p789p333s66s", "33m12457p124578s", "bian_jue_zhang"),  # seed: 12万 胡 3万
    ],
)
def test_bs_juezhang1_last_tile_after_another_seats_peng(
    tile: str, hand: str, peng_hand: str, key: str
) -> None:
    """BS-JUEZHANG-1 / BS-PAT-卡绝张 / BS-PAT-边绝张 (seed examples): seat 3 pengs the dealer's
    tile (seat 2 lets the win go); seat 2 then wins the last copy on seat 1's discard: 1 fan,
    2 points."""
    hands = {0: Q + tile, 1: Q, 2: hand, 3: peng_hand}
    state = new(hands, draws=f"1m1m2m2m9m{tile}")
    state = play(BAOSHAN, state, f"0:D{tile}")
    assert BAOSHAN.to_act(state) == frozenset({2, 3})
    state = play(BAOSHAN, state, "2:X 3:P 3:D8s 0:D1m 1:D1m 2:D2m 3:D2m 0:D9m")
    state = play(BAOSHAN, state, f"1:D{tile}")
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Pass(2))
    result = result_of(BAOSHAN, play(BAOSHAN, state, "2:H"))
    assert items(result, 2) == [(key, 1)]
    assert result.payments == (Payment(1, 2, 2, WIN),)


def test_bs_juezhang1_the_winners_own_peng_counts_too() -> None:
    """BS-JUEZHANG-1 Reading (seed 卡绝张 "或自己"): seat 2 pengs the dealer's 5m itself, keeps
    46m, and wins the fourth 5m on seat 1's discard: 卡绝张."""
    hands = {0: Q + "5m", 1: Q, 2: "55m46m123p789p333s", 3: Q}
    state = new(hands, draws="1m1m5m")
    state = play(BAOSHAN, state, "0:D5m")
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Peng(2), Pass(2))
    state = play(BAOSHAN, state, "2:P 2:D3s 3:D1m 0:D1m 1:D5m")
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Pass(2))
    result = result_of(BAOSHAN, play(BAOSHAN, state, "2:H"))
    assert items(result, 2) == [("ka_jue_zhang", 1)]


SI_GUI_YI = baoshan(si_gui_yi=True)


@pytest.mark.parametrize("tile", ["3p", "6p"])
def test_bs_pat_si_gui_yi_seed_example_is_not_si_gui_yi(tile: str) -> None:
    """BS-PAT-四归一 (seed example, with a pair added to make it a hand): 345万 555万 678条 45筒
    (+99条) winning 3筒 or 6筒 is not 四归一, although the hand holds four 5万."""
    hands = {0: Q + tile, 1: Q, 2: "345m555m678s45p99s", 3: Q}
    state = play(SI_GUI_YI, new(hands, rules=SI_GUI_YI), f"0:D{tile} 2:H")
    result = result_of(SI_GUI_YI, state)
    assert items(result, 2) == [("ping_hu", 0)]
    assert result.payments == (Payment(0, 2, 1, WIN),)


def test_bs_pat_si_gui_yi_winning_the_fourth_copy() -> None:
    """BS-PAT-四归一: holding 555m concealed and winning the fourth 5m (345m + 555m): 2 fan."""
    hands = {0: Q + "5m", 1: Q, 2: "555m34m678s345p99s", 3: Q}
    state = play(SI_GUI_YI, new(hands, rules=SI_GUI_YI), "0:D5m 2:H")
    result = result_of(SI_GUI_YI, state)
    assert items(result, 2) == [("si_gui_yi", 2)]
    assert result.payments == (Payment(0, 2, 4, WIN),)


def test_bs_pat_zi_yi_se_with_honors() -> None:
    """BS-PAT-字一色 (有风): the dealer's dealt 14 are all honors in pungs: 字一色 1 + 大对子 1
    + 门清 1 = 3 fan, 8 from each."""
    rules = baoshan(honors=True)
    state = new({0: "11122233344455z", 1: Q, 2: Q, 3: Q}, rules=rules)
    result = result_of(rules, play(rules, state, "0:H"))
    assert sorted(items(result, 0)) == [("da_dui_zi", 1), ("men_qing", 1), ("zi_yi_se", 1)]
    assert result.payments == each_pays(0, 8)


@pytest.mark.parametrize(("option", "points"), [(True, 4), (False, 2)])
def test_bs_pat_yi_tiao_long_only_with_the_option(option: bool, points: int) -> None:
    """BS-PAT-一条龙 (option): 123m 456m 789m in the dealt win adds 1 fan (门清 + 一条龙 = 4)."""
    rules = baoshan(yi_tiao_long=option)
    state = new({0: "123m456m789m33p666s", 1: Q, 2: Q, 3: Q}, rules=rules)
    result = result_of(rules, play(rules, state, "0:H"))
    assert result.payments == each_pays(0, points)
    assert ("yi_tiao_long" in result.breakdown(0).keys) is option
