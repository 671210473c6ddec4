"""A game's own payment reasons (issue 34, section 1): ``OwnReason`` and ``Hooks.own_reasons``,
written and read by value, refused in a room that does not declare them, recomputed by the
ledger's check when they are part of a win's money, and named by their words (FLOW-5)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from contract_kit import Mini, fresh_registry, options_for, room
from mahjong_rules import HandResult, OwnReason, Payment, PaymentReason, get_variant
from mahjong_rules.engine.edit import end_hand, pay, record_wins
from mahjong_rules.engine.settlement import WinRecord, deltas_of
from mahjong_rules.engine.state import State, replace
from mahjong_rules.errors import SerializationError
from mahjong_rules.serial import check_state, from_dict, to_dict
from mahjong_rules.words.payments import payment_line

__all__ = ["fresh_registry"]

BIRD = OwnReason("bird", "bird hit", "中码", win_money=True)
TIP = OwnReason("tip", "tip to the next seat", "喜钱")


class Birds(Mini):
    """Each payer of a win pays one more point as a bird hit (win money); the winner then
    tips the next seat one point (a free payment)."""

    name = "birds"
    options_class = options_for("birds")
    own_reasons = (BIRD, TIP)

    def win_payments(self, state: State, win: WinRecord) -> list[Payment]:
        paid = super().win_payments(state, win)
        return [*paid, *(Payment(p.payer, p.payee, 1, BIRD) for p in paid)]

    def settle_wins(self, state: State, wins: Sequence[WinRecord]) -> State:
        state = record_wins(state, wins)
        money = [p for w in wins for p in self.win_payments(state, w)]
        tips = [Payment(w.seat, (w.seat + 1) % state.players, 1, TIP) for w in wins]
        state = pay(state, [*money, *tips])
        deltas = deltas_of(state.ledger, state.players)
        return end_hand(state, HandResult(tuple(wins), state.ledger, deltas, wins[0].seat))


def _won(rules: Any) -> State:
    """The first seeded hand that ends with a self-drawn win (a win taken whenever offered)."""
    for seed in range(200):
        state = rules.new_hand(seed=seed)
        rng = random.Random(seed)
        while not rules.is_over(state):
            seat = min(rules.to_act(state))
            legal = rules.legal_actions(state, seat)
            wins = [a for a in legal if type(a).__name__ == "Hu"]
            state = rules.apply(state, wins[0] if wins else rng.choice(legal[-3:]))
        if state.wins and state.wins[0].from_seat is None:
            return state  # type: ignore[no-any-return]
    raise AssertionError("no self-drawn win in 200 hands")  # pragma: no cover


def test_flow5_own_reasons_are_paid_written_and_read_by_value(fresh_registry: None) -> None:
    """FLOW-5: a self-drawn win pays 2 (胡) and 1 (bird hit) from each other seat, and the
    winner tips the next seat 1; the document writes the reasons by value and reads the
    state back equal; the room's ``payment_reasons`` lists them."""
    rules = room(Birds)
    state = _won(rules)
    w = state.wins[0].seat
    others = [p for p in range(4) if p != w]
    assert state.result is not None
    assert state.result.payments == (
        *(Payment(p, w, 2, PaymentReason.WIN) for p in others),
        *(Payment(p, w, 1, BIRD) for p in others),
        Payment(w, (w + 1) % 4, 1, TIP),
    )
    assert sum(state.result.deltas) == 0 and state.result.deltas[w] == 8
    document = to_dict(state)
    reasons = [p["reason"] for p in document["result"]["payments"]]
    assert reasons == ["win"] * 3 + ["bird"] * 3 + ["tip"]
    assert from_dict(document, State) == state
    check_state(state)
    assert {BIRD, TIP} < rules.payment_reasons


def test_flow5_a_win_money_reason_is_recomputed_by_the_ledger_check(
    fresh_registry: None,
) -> None:
    """FLOW-5: the reader recomputes a win's money, own reasons marked ``win_money``
    included: a bird hit's amount changed in the ledger is refused; a free reason (the tip)
    is only summed, so its payment may stand in the ledger."""
    rules = room(Birds)
    state = _won(rules)
    assert state.result is not None
    i = next(k for k, p in enumerate(state.ledger) if p.reason is BIRD)
    ledger = list(state.ledger)
    ledger[i] = attrs.evolve(ledger[i], amount=5)
    result = attrs.evolve(state.result, payments=tuple(ledger))
    tampered = replace(state, ledger=tuple(ledger), result=result)
    with pytest.raises(SerializationError, match=r"state\.ledger: its payments are not those"):
        check_state(tampered)


def test_flow5_a_reason_the_room_does_not_declare_is_refused(fresh_registry: None) -> None:
    """FLOW-5: a document naming a reason its room does not declare is refused on reading
    (a value no variant declares, or another variant's own in a Mini room), and so is such a
    payment in a state checked."""
    rules = room(Birds)
    state = _won(rules)
    document = to_dict(state)
    document["result"]["payments"][3]["reason"] = "fish"
    with pytest.raises(SerializationError, match=r"result\.payments\[3\]\.reason"):
        from_dict(document, State)
    mini = room(Mini)
    plain = mini.new_hand(seed=1)
    fined = replace(plain, ledger=(Payment(1, 0, 1, BIRD),))
    with pytest.raises(SerializationError, match=r"mini declares no payment reason 'bird'"):
        check_state(fined)
    with pytest.raises(SerializationError, match=r"ledger\[0\]\.reason"):
        from_dict(to_dict(fined), State)


def test_flow5_own_reasons_are_named_by_their_words() -> None:
    """FLOW-5: the settlement's words name an own reason by its English or Chinese words."""
    p = Payment(1, 0, 1, BIRD)
    assert payment_line(p, "en") == "seat 1 pays seat 0 1 (bird hit)"
    assert payment_line(p, "zh") == "座位 1 付给座位 0 1 分（中码）"


def test_flow5_an_own_reason_is_checked_when_made() -> None:
    """An own reason's value is a word unlike the library's reasons, with both words."""
    with pytest.raises(ValueError, match="already a PaymentReason's value"):
        OwnReason("win", "win", "胡")
    with pytest.raises(ValueError, match="a word of a-z, 0-9 and _"):
        OwnReason("Bird hit", "bird", "中码")
    with pytest.raises(ValueError, match="needs English and Chinese words"):
        OwnReason("bird", "bird", "")
    assert get_variant("baoshan").own_reasons == ()


def test_flow5_a_variants_own_reasons_are_checked_when_registered(fresh_registry: None) -> None:
    """Registering a variant whose own reasons share a value (or are no OwnReason) raises."""

    class Twice(Birds):
        name = "twice"
        options_class = options_for("twice")
        own_reasons = (BIRD, OwnReason("bird", "another bird", "又一码"))

    with pytest.raises(ValueError, match=r"Twice\.own_reasons: each reason needs a value"):
        room(Twice)

    class Loose(Birds):
        name = "loose"
        options_class = options_for("loose")
        own_reasons = ("bird",)  # type: ignore[assignment]

    with pytest.raises(TypeError, match=r"Loose\.own_reasons is a tuple of OwnReason"):
        room(Loose)


class TipWithTheWin(Birds):
    """The tip (a free reason) is listed by ``win_payments`` itself."""

    name = "tip_with_win"
    options_class = options_for("tip_with_win")

    def win_payments(self, state: State, win: WinRecord) -> list[Payment]:
        tip = Payment(win.seat, (win.seat + 1) % state.players, 1, TIP)
        return [*Mini.win_payments(self, state, win), tip]

    def settle_wins(self, state: State, wins: Sequence[WinRecord]) -> State:
        return Mini.settle_wins(self, state, wins)


def test_flow5_a_free_reason_listed_by_win_payments_is_only_summed(
    fresh_registry: None,
) -> None:
    """FLOW-5: the ledger's check recomputes only the win money of ``win_payments`` (``WIN``
    and ``win_money`` reasons): a free reason it lists beside them reads back."""
    rules = room(TipWithTheWin)
    state = _won(rules)
    assert any(p.reason is TIP for p in state.ledger)
    check_state(state)
