"""Documents that no hand can reach are refused (issue 27): each is a real state's document
with one field changed, and :func:`~mahjong_rules.serial.from_dict` refuses it with a
:class:`~mahjong_rules.errors.SerializationError` naming that field (FLOW-3: the state is
never played on).

* Sichuan's ledger is rebuilt from the kongs and wins on the table (SC-GANG-PAY-1..3,
  SC-PAY-1..3, SC-REFUND-1..4): a forged win payment, an altered kong amount, a refund of a kong
  that still stands;
* a win's breakdown scored against the cap (SC-CAP-1 封顶 fēngdǐng);
* ``forced`` (FLOW-4) in the 定缺 (dìng quē) phase; the set-aside tile (SC-VOID-2) edited once
  it was turned up;
* an ended hand carrying a window's ``tile`` or ``pending`` 补杠 (FLOW-2), in all three games;
* a phase of a variant's own (the page "Writing a variant"'s 定缺 game): a seat's record
  against the answer held for it, a seat yet to answer already holding a choice;
* ``waits`` of a seat in turn (3k+2 tiles) raises ``HandSizeError``; ``Ting`` imports.
"""

from __future__ import annotations

import doctest
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from mahjong_rules import (
    Gang,
    HandSizeError,
    MeldKind,
    Payment,
    PaymentReason,
    Phase,
    SerializationError,
    State,
    Tile,
    from_dict,
    get_variant,
    to_dict,
)
from mahjong_rules.variants import registry
from mahjong_rules.variants.base import Rules
from test_writing_a_variant import PAGE

SICHUAN = get_variant("sichuan")
Doc = dict[str, Any]


def states(rules: Rules, seed: int, *, eager: bool = True) -> Iterator[State]:
    """Every state of one random hand, a win or a kong taken whenever one is listed."""
    rng = random.Random(seed)
    state = rules.new_hand(seed=seed)
    while True:
        yield state
        if rules.is_over(state):
            return
        seat = rng.choice(sorted(rules.to_act(state)))
        legal = rules.legal_actions(state, seat)
        keen = [a for a in legal if type(a).__name__ in ("Hu", "Gang")] if eager else []
        state = rules.apply(state, rng.choice(keen or list(legal)))


def find(rules: Rules, test: Callable[[State], bool]) -> State:
    for seed in range(300):
        for state in states(rules, seed):
            if test(state):
                return state
    raise AssertionError("no such state in 300 hands")  # pragma: no cover


def refused(state: State, edit: Callable[[Doc], object], field: str) -> str:
    """The document of ``state`` reads back, and once edited is refused at ``field``."""
    document = json.loads(json.dumps(to_dict(state)))
    assert from_dict(document) == state
    edit(document)
    with pytest.raises(SerializationError) as caught:
        from_dict(document)
    message = str(caught.value)
    assert message.startswith(f"state.{field}"), message
    return message


def payment(p: Payment) -> Doc:
    doc: Doc = json.loads(json.dumps(to_dict(p)))
    return doc


# ------------------------------------------------------------------ Sichuan's ledger


def _mid_hand(state: State) -> bool:
    return state.phase is Phase.TURN and state.stage is None and state.discards_made > 4


def _kong_paid(state: State) -> bool:
    return _mid_hand(state) and any(p.reason is PaymentReason.KONG for p in state.ledger)


def test_sc_pay_a_forged_win_payment_with_no_win_on_the_table_is_refused() -> None:
    """SC-PAY-1..3: 48 from seat 1 to seat 2 as a win, with no win on the table: no win pays
    it (the reader rebuilds the ledger from the wins recorded)."""
    state = find(SICHUAN, lambda s: _mid_hand(s) and not s.wins)
    forged = payment(Payment(1, 2, 48, PaymentReason.WIN))
    message = refused(state, lambda d: d["ledger"].append(forged), f"ledger[{len(state.ledger)}]")
    assert "no win of the hand is paid here" in message


def test_sc_gang_pay_an_altered_kong_amount_is_refused() -> None:
    """SC-GANG-PAY-1..3: a kong's payments are 2 from each (暗杠), 2 from the discarder (直杠)
    or 1 from each (补杠); one of them made 3 is paid by no kong on the table."""
    state = find(SICHUAN, _kong_paid)
    i = next(i for i, p in enumerate(state.ledger) if p.reason is PaymentReason.KONG)

    def edit(d: Doc) -> None:
        d["ledger"][i]["amount"] += 1

    message = refused(state, edit, f"ledger[{i}]")
    assert "SC-GANG-PAY-1..3" in message


def test_sc_refund_a_refund_of_a_kong_that_still_stands_is_refused() -> None:
    """SC-REFUND-1..4: kong money comes back at a robbing, a 杠上炮 win, a 诈胡 or the end, not
    in the middle of a turn: each payment of a standing kong given back is refused."""
    state = find(SICHUAN, _kong_paid)
    group = [p for p in state.ledger if p.reason is PaymentReason.KONG]
    ref = group[-1].ref
    back = [
        payment(Payment(p.payee, p.payer, p.amount, PaymentReason.KONG_REFUND, p.ref))  # type: ignore[arg-type]
        for p in group
        if p.ref == ref
    ]
    refused(state, lambda d: d["ledger"].extend(back), f"ledger[{len(state.ledger)}]")


def test_sc_pay_1_a_win_paid_other_than_its_breakdown_says_is_refused() -> None:
    """SC-PAY-1, SC-PAY-2: a win is paid its breakdown's points (a self-draw by each seat
    still in the hand, plus the room's 自摸加底); one of its payments made 1 more is refused."""
    state = find(SICHUAN, lambda s: _mid_hand(s) and len(s.wins) == 1)
    i = next(i for i, p in enumerate(state.ledger) if p.reason is PaymentReason.WIN)

    def edit(d: Doc) -> None:
        d["ledger"][i]["amount"] = state.ledger[i].amount + 1

    refused(state, edit, f"ledger[{i}]")


# ------------------------------------------------------------------ Sichuan's records


@pytest.mark.parametrize("capped", [-100, 4])
def test_sc_cap_1_a_win_whose_capped_fan_breaks_the_cap_is_refused(capped: int) -> None:
    """SC-CAP-1 封顶: the capped fan is min(fan, fan_cap) (3 in the default room); -100, or 4
    under the cap of 3, is refused at the breakdown's ``capped_fan``."""
    state = find(SICHUAN, lambda s: bool(s.wins))

    def edit(d: Doc) -> None:
        d["wins"][0]["breakdown"]["capped_fan"] = capped

    message = refused(state, edit, "wins[0].breakdown.capped_fan")
    assert f"not {capped} and" in message


def test_flow_4_forced_in_the_void_round_is_refused() -> None:
    """FLOW-4: only a claim or rob window forces a win; ``forced`` during 定缺 is refused."""
    state = find(SICHUAN, lambda s: s.stage == "voiding")

    def edit(d: Doc) -> None:
        d["forced"] = [0]

    refused(state, edit, "forced")


def test_sc_void_2_the_set_aside_tile_edited_once_turned_up_is_refused() -> None:
    """SC-VOID-2: the tile set aside is the seat's first discard; once turned up, the record's
    tile changed to another tile of the void suit the seat holds is refused."""

    def turned(state: State) -> bool:
        if not _mid_hand(state):
            return False
        for s in state.seats:
            aside, void = s.variant.aside, s.variant.void
            if (
                aside is not None
                and s.discards
                and any(t.suit is void and t != aside for t in s.concealed)
            ):
                return True
        return False

    state = find(SICHUAN, turned)
    seat = next(i for i in range(state.players) if turned_seat(state, i))
    mine = state.seats[seat]
    other = next(
        t for t in mine.concealed if t.suit is mine.variant.void and t != mine.variant.aside
    )

    def edit(d: Doc) -> None:
        d["seats"][seat]["variant"]["aside"] = other.notation

    message = refused(state, edit, f"seats[{seat}].variant")
    assert "first discard" in message


def turned_seat(state: State, i: int) -> bool:
    s = state.seats[i]
    aside, void = s.variant.aside, s.variant.void
    return (
        aside is not None
        and bool(s.discards)
        and any(t.suit is void and t != aside for t in s.concealed)
    )


# ------------------------------------------------------------------ an ended hand


@pytest.mark.parametrize("variant", ["baoshan", "yongshan", "sichuan"])
def test_flow_2_an_ended_hand_with_a_window_tile_or_pending_kong_is_refused(variant: str) -> None:
    """FLOW-2: a tile on offer and a pending 补杠 exist only in a claim or rob window; an
    ended hand holds neither, and a document of one carrying either is refused."""
    rules = get_variant(variant)
    state = find(rules, lambda s: s.phase is Phase.ENDED and bool(s.wins))
    assert state.tile is None and state.pending is None
    tile = state.seats[0].discards[0].notation if state.seats[0].discards else "1m"

    def with_tile(d: Doc) -> None:
        d["tile"] = tile

    refused(state, with_tile, "tile")
    kong = to_dict(Gang(0, Tile("1m"), MeldKind.BU_GANG))

    def with_pending(d: Doc) -> None:
        d["pending"] = kong

    refused(state, with_pending, "pending")


# ------------------------------------------------------------------ waits and Ting


@pytest.mark.parametrize("variant", ["baoshan", "yongshan", "sichuan"])
def test_flow_1_waits_of_the_seat_in_turn_raises_hand_size_error(variant: str) -> None:
    """听牌 (tīngpái) is read of 3k+1 tiles: ``waits`` of the seat in turn (14 tiles) raises
    HandSizeError, as its docstring says; a seat between turns gets its waits."""
    rules = get_variant(variant)
    state = find(rules, lambda s: s.phase is Phase.TURN and s.stage is None)
    with pytest.raises(HandSizeError, match="holds 14 tiles"):
        rules.waits(state, state.current)
    rules.waits(state, (state.current + 1) % state.players)  # 13 tiles: no error


def test_bs_ting_1_ting_imports_from_the_package() -> None:
    """BS-TING-1 报听: ``Ting`` imports from ``mahjong_rules`` as ``Ti`` and ``BuyPoints`` do."""
    from mahjong_rules import BuyPoints, Ti, Ting
    from mahjong_rules.variants.baoshan.ting import Ting as Own

    assert Ting is Own and {Ting.verb, Ti.verb, BuyPoints.verb} >= {Ting.verb}


# ------------------------------------------------------------------ a variant's own phase


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """The page "Writing a variant" run into one namespace, its games registered."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    text = PAGE.read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, PAGE.name, str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, clear_globs=False, out=lambda _: None)
    yield test.globs
    registry.rules_for.cache_clear()


def test_flow_2_the_pages_void_phase_refuses_a_record_against_its_answer(
    page: dict[str, Any],
) -> None:
    """FLOW-2 (the page's own 定缺 game, with no check of its own): after seat 0 answered, its
    record holding another suit than its answer held in ``answers``, or seat 1 (yet to answer)
    holding a suit already, is refused at that seat's record."""
    rules = registry.get_variant("choosing")
    declare, suits = page["ChooseVoid"], page["SUITS"]
    state = rules.apply(rules.new_hand(seed=3), declare(0, suits[0]))
    assert state.stage == "void" and state.seats[0].variant.suit is suits[0]
    other = next(s for s in suits if s is not suits[0])

    def disagree(d: Doc) -> None:
        d["seats"][0]["variant"]["suit"] = other.value

    refused(state, disagree, "seats[0].variant")

    def early(d: Doc) -> None:
        d["seats"][1]["variant"]["suit"] = other.value

    refused(state, early, "seats[1].variant")
