"""The settlement in words as plain JSON values
(:func:`~mahjong_rules.render.page_data.settlement_data`, issue 28): what the replay page shows
at its last step and what a server sends its seats when a hand ends, one source for both.

Scripted hands (``scripting``, DEAL-1), as tests/test_cli_settlement.py plays them: BS-GANG-1
(seat 1's kong of the dealer's 5m, then seat 2's self-drawn 9m, 门清), YS-PENALTY-1/2 (a 流局
with 花猪 and 查叫 penalties, whose items only the final state names) and BS-GANG-7 (黄庄黄杠:
the kong money cancelled); a payment to the pot (罚池 fáchí) built by hand.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mahjong_rules import get_variant
from mahjong_rules.engine.settlement import POT, HandResult, Payment, PaymentReason
from mahjong_rules.engine.state import State
from mahjong_rules.records import HandRecord, replay
from mahjong_rules.render.page_data import page_data, settlement_data
from scripting import Q, burn, deal, play

BAOSHAN = get_variant("baoshan")
YONGSHAN = get_variant("yongshan")
KONG = "杠 kong money, kong 1 of the hand"


def _kong_and_win() -> State:
    """BS-GANG-1: seat 1 kongs the dealer's 5m, seat 2 self-draws 9m (门清)."""
    hands = {0: Q + "5m", 1: "234m55567m666s99s", 2: "78m888m333p666p99s", 3: Q}
    state = deal(BAOSHAN, hands, draws="9m", replacements="1p")
    return play(BAOSHAN, state, "0:D5m 1:G5m 1:D1p 2:H")


def _penalties() -> State:
    """YS-PENALTY-1/2 (本金 9p): seat 0 花猪, seat 3 not ready; the wall runs out."""
    hands = {
        0: "1111p5p2589m25789s",
        1: "123m456m789m234s5s",
        2: "222p444p333s66s88s",
        3: "35677889p14679s",
    }
    return burn(YONGSHAN, deal(YONGSHAN, hands, indicator="9p"))


def _result(state: State) -> HandResult:
    result = state.result
    assert result is not None
    return result


def _pay(payer: int, payee: int | str, reason: str, amount: int) -> dict[str, Any]:
    shown = payee if isinstance(payee, str) else f"seat {payee}"
    return {"payer": f"seat {payer}", "payee": shown, "reason": reason, "amount": amount}


def test_a_kong_and_a_self_drawn_win_in_english() -> None:
    state = _kong_and_win()
    data = settlement_data(BAOSHAN, _result(state), "en", final=state)
    assert data == {
        "title": "结算 settlement",
        "next": "next dealer: seat 2",
        "payments": [
            _pay(0, 1, KONG, 1),
            _pay(0, 2, "胡 win", 2),
            _pay(1, 2, "胡 win", 2),
            _pay(3, 2, "胡 win", 2),
        ],
        "cancelled": [],
        "wins": [
            {
                "seat": 2,
                "text": "seat 2 胡 wins on 9m 九万, 自摸 self-draw",
                "breakdown": [
                    '门清 ménqīng "concealed hand" (men_qing) 1 fan',
                    "total 1 fan, capped 1 fan, 2 points",
                    "reading 789m 888m 333p 666p 99s",
                ],
            }
        ],
        "totals": [-3, -1, 6, -2],
        "pot": None,
    }
    assert json.loads(json.dumps(data)) == data  # plain JSON values


def test_the_same_hand_in_chinese() -> None:
    data = settlement_data(BAOSHAN, _result(_kong_and_win()), "zh")
    assert (data["title"], data["next"]) == ("结算", "下一局庄家：座位 2")
    assert data["payments"][0] == {
        "payer": "座位 0",
        "payee": "座位 1",
        "reason": "杠分·本局第 1 杠",
        "amount": 1,
    }
    assert [p["reason"] for p in data["payments"][1:]] == ["胡牌"] * 3
    assert data["wins"] == [
        {
            "seat": 2,
            "text": "座位 2 胡 9m 九万，自摸",
            "breakdown": [
                "门清 1 番",
                "共 1 番，封顶后 1 番，2 分",
                "牌型 789m 888m 333p 666p 99s",
            ],
        }
    ]


def test_penalty_items_are_named_from_the_final_state_only() -> None:
    """YS-PENALTY-1 / YS-PENALTY-2: with ``final`` each 罚分 names its item (花猪, 查叫);
    without it (what one seat may see) the reason is the payment's own."""
    state = _penalties()
    result = _result(state)
    pig = "罚分 penalty, 花猪 hua_zhu: the payer holds all three suits"
    cha = "罚分 penalty, 查叫 cha_jiao: the payer is not ready"
    named = settlement_data(YONGSHAN, result, "en", final=state)
    assert named["title"] == "结算 settlement · 流局 the wall ran out"
    assert named["next"] == "next dealer: seat 0"
    assert named["payments"] == [
        _pay(0, 1, pig, 8),
        _pay(0, 2, pig, 8),
        _pay(0, 3, pig, 8),
        _pay(3, 1, cha, 2),
        _pay(3, 2, cha, 4),
    ]
    assert (named["wins"], named["cancelled"], named["totals"]) == ([], [], [-24, 10, 12, 2])
    bare = settlement_data(YONGSHAN, result, "en")
    assert [p["reason"] for p in bare["payments"]] == ["罚分 penalty"] * 5
    assert settlement_data(YONGSHAN, result, "zh", final=state)["payments"][0]["reason"] == (
        "罚分·花猪：付方三门齐"
    )


def test_cancelled_kong_money_is_listed_apart() -> None:
    """BS-GANG-7 黄庄黄杠: seat 1's 暗杠 money, void at the 流局, is in ``cancelled``."""
    hands = {0: Q + "9m", 1: "5555m12m36p33369s", 2: Q, 3: Q}
    state = burn(BAOSHAN, play(BAOSHAN, deal(BAOSHAN, hands, draws="9p"), "0:D9m 1:A5m"))
    data = settlement_data(BAOSHAN, _result(state), "en")
    assert data["payments"] == []
    assert data["cancelled"] == [_pay(0, 1, KONG, 2), _pay(2, 1, KONG, 2), _pay(3, 1, KONG, 2)]
    assert data["totals"] == [0, 0, 0, 0]


def test_the_pot_is_shown_when_paid() -> None:
    """SC-PAY-4: a payment to the pot has the pot as its payee, and ``pot`` is what it got."""
    fine = Payment(0, POT, 48, PaymentReason.PENALTY)
    result = HandResult((), (fine,), (-48, 0, 0, 0), 1)
    data = settlement_data(BAOSHAN, result, "en")
    assert data["payments"] == [_pay(0, "the pot 罚池", "罚分 penalty", 48)]
    assert (data["pot"], data["totals"], data["next"]) == (
        48,
        [-48, 0, 0, 0],
        "next dealer: seat 1",
    )
    assert settlement_data(BAOSHAN, result, "zh")["payments"][0]["payee"] == "罚池"


def test_not_a_result_is_refused() -> None:
    with pytest.raises(TypeError, match=r"^settlement_data\(\) takes a HandResult, not State$"):
        settlement_data(BAOSHAN, _kong_and_win(), "en")  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [None, 2])
def test_the_replay_pages_settlement_is_settlement_data(seat: int | None) -> None:
    """The page's last step shows :func:`settlement_data`: the whole table's page names the
    penalty items from the final state, a seat's page does not read it."""
    record = HandRecord.new(
        YONGSHAN, seed=20
    )  # a 流局 with 罚分 (the first legal action each time)
    state = record.start()
    while state.result is None:
        seat_asked = min(YONGSHAN.to_act(state))
        action = min(YONGSHAN.legal_actions(state, seat_asked), key=str)
        record, state = record.with_action(action), YONGSHAN.apply(state, action)
    done = replay(record)
    final = done.final if seat is None else None
    end = page_data(record, seat=seat, lang="zh")["steps"][-1]["end"]
    assert end == settlement_data(YONGSHAN, _result(done.final), "zh", final=final)
    reasons = {p["reason"].partition("·")[0] for p in end["payments"]}
    assert reasons == {"罚分"} and all(
        ("·" in p["reason"]) == (seat is None) for p in end["payments"]
    )
