"""The penalty pot as a payee of its own (SC-PAY-4, issue 20), on the generic contract.

Sichuan's 48-point penalties go to the pot (罚池 fáchí), not to a seat; the engine pays them
generically: a payment's ``payee`` is a seat or :data:`~mahjong_rules.engine.settlement.POT`,
``deltas_of`` counts the seats only, ``HandResult.pot`` is what the pot received, and a hand's
payments sum to zero with the pot counted. A room pays the pot only if its rules declare
``pays_pot``. The toy is Baoshan where every concealed kong (暗杠 àngàng) also costs its maker
48 to the pot, paid with the kong by its ``kong_payments`` hook (as SC-PENALTY-2 fines a
void-suit kong at once); seed 24 (greedy bots, lowest acting seat first) has one: seat 0's
concealed kong, then seat 0 wins on seat 1's discard.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs
import pytest

from mahjong_rules import Rules
from mahjong_rules.bots import GreedyBot
from mahjong_rules.cli.log import event_lines
from mahjong_rules.cli.settle import payment_line, settlement_lines
from mahjong_rules.engine.events import Paid
from mahjong_rules.engine.settlement import (
    POT,
    HandResult,
    Payment,
    PaymentReason,
    Pot,
    deltas_of,
)
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.errors import SerializationError
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.serial import from_dict, to_dict
from mahjong_rules.variants import get_variant, registry
from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.baoshan.rules import Baoshan

KONG, WIN, PENALTY = PaymentReason.KONG, PaymentReason.WIN, PaymentReason.PENALTY
FINE = Payment(0, POT, 48, PENALTY)
"""Seat 0's fine for its concealed kong in the seed-24 hand."""


@attrs.frozen
class PotToyOptions(BaoshanOptions):
    """The toy's options (Baoshan's, under a class of its own)."""


class PotToy(Baoshan):
    """Baoshan where a concealed kong also costs its maker 48 to the pot."""

    name = "pot_toy"
    aliases: ClassVar[tuple[str, ...]] = ()
    options_class = PotToyOptions
    pays_pot = True

    def kong_payments(self, state: State, seat: int, meld: Meld, ref: int) -> list[Payment]:
        found = super().kong_payments(state, seat, meld, ref)
        if meld.kind is MeldKind.AN_GANG:
            found.append(Payment(seat, POT, 48, PENALTY))
        return found


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy registered, in a copy of the registry restored afterwards."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    registry.register_variant(PotToy)
    yield
    registry.rules_for.cache_clear()


def played(name: str = "pot_toy", seed: int = 24) -> tuple[Rules, list[State]]:
    """Every state of the room's hand from ``seed``, greedy bots, the lowest acting seat first."""
    rules = get_variant(name)
    states = [rules.new_hand(seed=seed)]
    bot = GreedyBot()
    while rules.result(states[-1]) is None:
        seat = min(rules.to_act(states[-1]))
        states.append(rules.apply(states[-1], bot.choose(rules.view(states[-1], seat))))
    return rules, states


def fined(states: list[State]) -> State:
    """The first state whose ledger holds a payment to the pot."""
    return next(s for s in states if any(p.payee is POT for p in s.ledger))


def test_sc_pay_4_the_pot_is_a_typed_payee_counted_apart_from_the_seats() -> None:
    """SC-PAY-4: a payment to POT (the one member of Pot, written "pot") is a valid Payment;
    deltas_of counts it for its payer only, HandResult.pot sums what went to the pot, and the
    deltas plus the pot sum to zero; pot is a property, so a result's fields and repr are
    those of before (the golden digest hashes reprs)."""
    assert list(Pot) == [POT] and POT.value == "pot"
    payments = (
        Payment(1, 0, 2, KONG, 1),
        Payment(0, POT, 48, PENALTY),
        Payment(2, POT, 48, PENALTY),
    )
    deltas = deltas_of(payments, 3)
    assert deltas == (-46, -2, -48)
    result = HandResult((), payments, deltas, 0)
    assert result.pot == 96 and sum(result.deltas) + result.pot == 0
    assert HandResult((), payments[:1], (2, -2, 0), 0).pot == 0
    assert "pot" not in attrs.fields_dict(HandResult)
    plain = HandResult((), (Payment(1, 0, 2, KONG, 1),), (2, -2), 0)
    assert repr(plain) == (
        "HandResult(wins=(), payments=(Payment(payer=1, payee=0, amount=2, "
        "reason=<PaymentReason.KONG: 'kong'>, ref=1),), deltas=(2, -2), next_dealer=0, "
        "exhausted=False, cancelled=(), ready={})"
    )
    with pytest.raises(ValueError, match="cannot pay itself"):
        Payment(1, 1, 2, KONG, 1)


def test_sc_pay_4_the_ledger_and_the_result_hold_the_pot_payment(toy: None) -> None:
    """SC-PAY-4 (SC-PENALTY-2's way, at once): the toy's concealed kong pays its three kong
    payments and the fine to the pot together, each reported by a Paid event; the result keeps
    the fine among its payments in the order made, seat 0's delta has paid it, and the deltas
    plus the pot (48) sum to zero."""
    rules, states = played()
    state = fined(states)
    kong = [Payment(p, 0, 2, KONG, 1) for p in (1, 2, 3)]
    assert state.ledger == (*kong, FINE)
    assert state.events[-5:-1] == tuple(Paid(p) for p in (*kong, FINE))
    result = rules.result(states[-1])
    assert result is not None and result.winners == (0,)
    assert result.payments == (*kong, FINE, Payment(3, 0, 1, KONG, 2), Payment(1, 0, 1, WIN))
    assert result.deltas == (-40, -3, -2, -3)
    assert result.pot == 48 and sum(result.deltas) + result.pot == 0


def test_sc_pay_4_a_draw_game_takes_back_the_kong_money_but_not_the_fine(toy: None) -> None:
    """SC-PAY-4: in the toy's seed-15 hand (a 流局 liújú after seat 0's concealed kong) Baoshan's
    黄庄 (huángzhuāng) cancels the kong payments only: the fine to the pot stands, paid before
    the 查叫 (chájiào) payments, and the deltas plus the pot sum to zero."""
    rules, states = played(seed=15)
    result = rules.result(states[-1])
    assert result is not None and result.exhausted
    assert result.payments[0] == FINE and result.pot == 48
    assert [p.reason for p in result.cancelled] == [KONG] * 4
    assert result.deltas == (-46, -5, 1, 2) and sum(result.deltas) + result.pot == 0


def test_sc_pay_4_documents_with_a_pot_payment_round_trip(toy: None) -> None:
    """SC-PAY-4: a pot payment is written with ``"payee": "pot"`` and read back; every state
    of the toy's hand, each seat's view of the fined state and the result read back equal
    through JSON."""
    rules, states = played()
    document = to_dict(FINE)
    assert document["payee"] == "pot" and document["payer"] == 0
    assert from_dict(json.loads(json.dumps(document)), Payment) == FINE
    assert from_dict(to_dict(Payment(1, 0, 2, KONG, 1))) == Payment(1, 0, 2, KONG, 1)
    for state in states:
        assert from_dict(json.loads(json.dumps(to_dict(state))), State) == state
    state = fined(states)
    for seat in range(4):
        view = rules.view(state, seat)
        assert FINE in view.ledger
        assert from_dict(json.loads(json.dumps(to_dict(view))), View) == view
    result = rules.result(states[-1])
    assert from_dict(json.loads(json.dumps(to_dict(result))), HandResult) == result


def _fined_document(states: list[State]) -> tuple[dict[str, Any], int]:
    """The fined state's document and the index of the fine in its ledger."""
    state = fined(states)
    return to_dict(state), state.ledger.index(FINE)


def test_sc_pay_4_a_room_without_a_pot_refuses_a_pot_payment(toy: None) -> None:
    """SC-PAY-4: the fined state's document under Baoshan's options (a room that declares no
    pays_pot) is refused naming the payee; the same document plays on in the toy."""
    _, states = played()
    document, k = _fined_document(states)
    assert isinstance(from_dict(copy.deepcopy(document)), State)
    document["options"]["variant"] = "baoshan"
    with pytest.raises(SerializationError) as caught:
        from_dict(document)
    assert str(caught.value) == f"state.ledger[{k}].payee: baoshan pays nothing to the pot"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("reason", "kong", "reason: only 罚分 goes to the pot, not kong"),
        ("payee", "pit", "payee: expected one of int, Pot, got 'pit'"),
        ("payee", True, "payee: expected one of int, Pot, got True"),
        ("payee", None, "payee: expected one of int, Pot, got None"),
        ("payer", "pot", "payer: expected int, got 'pot'"),
        ("payee", 4, "payee: not a seat of a table of 4: 4"),
    ],
)
def test_sc_pay_4_a_malformed_pot_payment_is_refused(
    toy: None, field: str, value: Any, message: str
) -> None:
    """SC-PAY-4: in the toy, a pot payment is a 罚分 only, the pot is written "pot" and
    nothing else, and the payer is always a seat; each fault is refused naming the field."""
    _, states = played()
    document, k = _fined_document(states)
    document["ledger"][k][field] = value
    with pytest.raises(SerializationError) as caught:
        from_dict(document)
    assert str(caught.value) == f"state.ledger[{k}].{message}"


def test_sc_pay_4_the_cli_settlement_shows_the_pot(toy: None) -> None:
    """SC-PAY-4: the settlement gives the pot a row of the table (so ``all`` nets to 0) and a
    section of its own, and the fine a line under its payer; the log's Paid line names the pot
    (罚池), in English and Chinese."""
    rules, states = played()
    result = rules.result(states[-1])
    assert result is not None
    lines = settlement_lines(result)
    assert lines[1:8] == [
        "  seat  received  paid  delta",
        "     0         8    48    -40  胡 won (点炮 on a discard from seat 1, 1 point)",
        "     1         0     3     -3",
        "     2         0     2     -2",
        "     3         0     3     -3",
        "   pot        48     0    +48",
        "   all        56    56      0",
    ]
    assert lines[12] == "    -48  to the pot: 罚分 penalty"
    assert lines[-2:] == ["  pot 罚池: +48", "    +48  from seat 0: 罚分 penalty"]
    zh = settlement_lines(result, "zh")
    assert zh[6] == "  罚池    48     0   +48" and zh[12] == "    -48  付给罚池：罚分"
    assert zh[-2:] == ["  罚池：+48", "    +48  收自座位 0：罚分"]
    assert payment_line(FINE) == "seat 0 pays the pot 48 (罚分 penalty)"
    assert event_lines(Paid(FINE)) == ["  seat 0 pays the pot 48 (罚分 penalty)"]
    assert event_lines(Paid(FINE), lang="zh") == ["  座位 0 付给罚池 48 分（罚分）"]


def test_sc_pay_4_a_room_without_a_pot_settles_as_before() -> None:
    """SC-PAY-4: Baoshan (no pays_pot) shows no pot row or section, and its deltas alone sum to
    zero (its seed-24 hand, where the toy was fined, pays the same but for the fine)."""
    rules, states = played("baoshan")
    result = rules.result(states[-1])
    assert result is not None and result.pot == 0 and sum(result.deltas) == 0
    assert result.deltas == (8, -3, -2, -3)
    lines = settlement_lines(result)
    assert not any("pot" in line for line in lines)
    assert lines[6] == "   all         8     8      0"
