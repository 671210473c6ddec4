"""Documents for ``test_sichuan_play_properties.py``: every Sichuan 血战到底 state reads back from
its JSON document, and a document tampered after the fact is refused (SerializationError,
naming the field): a 退杠 (tuìgàng) refund with no kong payment behind it, a refund given twice,
a payment to the pot of another reason than 罚分, a void suit changed after 定缺.

The states the property tests found unreadable (a 天胡, a rob window with its 补杠 paid, kong
money passed on) are pinned by the tests at the end of ``test_sichuan_play_properties.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from mahjong_rules import (
    Payment,
    PaymentReason,
    Phase,
    SerializationError,
    State,
    from_dict,
    to_dict,
)
from mahjong_rules.engine.settlement import POT

REFUND = PaymentReason.KONG_REFUND
LEDGER = "(?:ledger|variant|result)"
"""Where a document's wrong kong money is reported: the ledger, the hand's record (the rules
check their own ledger, ``checks_ledger``) or, once the hand has ended, its result."""


FIRST_TURN = frozenset({"tian_hu", "di_hu"})


def transferred(state: State) -> bool:
    """Whether a kong's money was passed on to a winner (呼叫转移, SC-REFUND-2 ``transfer``): a
    kong payment made by a seat that collected that kong's money."""
    kongs = [p for p in state.ledger if p.reason is PaymentReason.KONG]
    return any(p.payer == q.payee and p.ref == q.ref for p in kongs for q in kongs)


def reads_back(state: State, seen: set[str]) -> None:
    """Every state reads back from its JSON document equal, its events too."""
    back = from_dict(json.loads(json.dumps(to_dict(state))))
    assert back == state and back.events == state.events
    if state.phase is Phase.ROB:
        seen.add("read back: a rob window (its 补杠 paid)")
    if transferred(state):
        seen.add("read back: kong money passed on (呼叫转移)")
    if any(item.key in ("tian_hu", "di_hu") for w in state.wins for item in w.breakdown.items):
        seen.add("read back: a 天胡 or 地胡")


def refused(state: State, edit: Callable[[dict[str, Any]], None], where: str) -> None:
    document = to_dict(state)
    edit(document)
    with pytest.raises(SerializationError, match=rf"^state\.{where}"):
        from_dict(document)


def _append(payment: Payment) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["ledger"].append(to_dict(payment))


def check_tampered(state: State, seen: set[str]) -> None:
    """A document tampered after the fact is refused: a 退杠 refund with no kong payment
    behind it (SC-REFUND-1..3), a refund given twice, a payment to the pot of a reason other
    than 罚分 (SC-PAY-4), a void suit changed after 定缺 took effect (SC-VOID-1)."""
    kongs = [p for p in state.ledger if p.reason is PaymentReason.KONG]
    if kongs and "tamper: refund" not in seen:
        p = kongs[-1]
        konger = p.payee
        assert isinstance(konger, int)
        payers = {k.payer for k in kongs if k.ref == p.ref}
        for seat in range(state.players):  # to a seat that paid nothing for this kong
            if seat != konger and seat not in payers:
                refused(state, _append(Payment(konger, seat, p.amount, REFUND, p.ref)), LEDGER)
        refused(state, _append(Payment(konger, p.payer, p.amount + 1, REFUND, p.ref)), LEDGER)
        beyond = Payment(konger, p.payer, p.amount, REFUND, state.next_ref + 1)
        refused(state, _append(beyond), LEDGER)
        seen.add("tamper: refund")
    refunds = [p for p in state.ledger if p.reason is PaymentReason.KONG_REFUND]
    if refunds and "tamper: refund twice" not in seen:
        refused(state, _append(refunds[-1]), LEDGER)
        seen.add("tamper: refund twice")
    if state.phase is not Phase.CHOOSING and "tamper: pot" not in seen:
        for reason in (PaymentReason.WIN, PaymentReason.CHA_JIAO):
            refused(state, _append(Payment(state.current, POT, 48, reason)), LEDGER)
        seen.add("tamper: pot")
    asides = [s for s, x in enumerate(state.seats) if x.variant.aside is not None]
    if state.variant.voided and asides and "tamper: void" not in seen:
        seat = asides[0]
        void = state.seats[seat].variant.void
        other = next(u for u in ("m", "p", "s") if u != void.value)

        def change(d: dict[str, Any]) -> None:
            d["seats"][seat]["variant"]["void"] = other

        refused(state, change, rf"seats\[{seat}\]\.variant")
        seen.add("tamper: void")
    check_tampered_records(state, seen)


def check_tampered_records(state: State, seen: set[str]) -> None:
    """Issue 27: a forged win payment with no win behind it (SC-PAY-1..3), a kong payment of
    another amount (SC-GANG-PAY-1..3), ``forced`` in a phase of the variant's own (FLOW-4), a
    set-aside tile edited once turned up (SC-VOID-2), and in 定缺 an answered seat's record
    against its answer: each refused at the field."""
    if state.phase is Phase.TURN and "tamper: forged win" not in seen:
        forged = Payment(1, 2, 48, PaymentReason.WIN)
        refused(state, _append(forged), LEDGER)
        seen.add("tamper: forged win")
    kongs = [i for i, p in enumerate(state.ledger) if p.reason is PaymentReason.KONG]
    if kongs and "tamper: kong amount" not in seen:
        i = kongs[0]

        def dearer(d: dict[str, Any]) -> None:
            d["ledger"][i]["amount"] += 1

        refused(state, dearer, LEDGER)
        seen.add("tamper: kong amount")
    if state.phase is Phase.CHOOSING and "tamper: forced in a phase" not in seen:

        def forced(d: dict[str, Any]) -> None:
            d["forced"] = [state.claimants[0]]

        refused(state, forced, "forced")
        seen.add("tamper: forced in a phase")
    for seat, mine in enumerate(state.seats):
        aside, void = mine.variant.aside, mine.variant.void
        other = next((t for t in mine.concealed if t.suit is void and t != aside), None)
        if aside is None or not mine.discards or other is None or "tamper: aside" in seen:
            continue

        def moved(d: dict[str, Any], seat: int = seat, tile: str = other.notation) -> None:
            d["seats"][seat]["variant"]["aside"] = tile

        refused(state, moved, rf"seats\[{seat}\]\.variant")
        seen.add("tamper: aside")
    if state.stage == "voiding" and state.answers and "tamper: answer" not in seen:
        answer = state.answers[0]
        other_suit = next(u for u in ("m", "p", "s") if u != answer.suit.value)  # type: ignore[attr-defined]

        def disagree(d: dict[str, Any]) -> None:
            d["seats"][answer.seat]["variant"]["void"] = other_suit

        refused(state, disagree, rf"seats\[{answer.seat}\]\.variant")
        seen.add("tamper: answer")
