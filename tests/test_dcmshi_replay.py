"""The hands recorded from dcmshi/sichuan-mahjong, replayed in the library hand for hand (issue 20):
SC-DEAL-1, SC-SWAP-2, SC-VOID-2, SC-CLAIM-3, SC-PAY-4, SC-REFUND-1 .. 4, SC-PAT-MAX, SC-CHAJIAO-2,
SC-DEALER-2 and, through the 2,000 hands, every rule they reach.

``tests/dcmshi_replay.py`` replays a record (``dcmshi_translate`` maps its moves, legal lists and
payments): before each step the seats asked and their legal actions, the move among them, the
payments after it, and the end. The unmarked test replays the first 50 hands, the ``slow`` one
all 2,000 (MIT data, notice in ``tests/data/dcmshi/LICENSE``). The others check that the
comparison can fail: a record altered at one step is reported at that step, and the translator
refuses what no position can make of a record with :class:`~dcmshi_translate.UntranslatableMove`.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

import attrs
import pytest

from dcmshi_data import CORPUS, Hand, Ledger, Move, read_hands
from dcmshi_deal import library_wall
from dcmshi_replay import Outcome, main, replay, rules_of
from dcmshi_translate import (
    Table,
    UntranslatableMove,
    legal_code,
    library_options,
    library_payments,
    move_action,
    recorded_fan,
    recorded_payments,
)
from mahjong_rules.engine.actions import Discard, Gang, Hu, Pass, Peng
from mahjong_rules.engine.settlement import POT, Payment, PaymentReason
from mahjong_rules.engine.state import State
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Tile

QUICK = 50
OPTIONS = Path(__file__).resolve().parent / "data" / "dcmshi_options" / "hands.jsonl.gz"
"""200 hands of dcmshi at the options the 2,000 do not use, with windows left to expire."""


@cache
def _hands(count: int | None = None) -> tuple[Hand, ...]:
    return tuple(islice(read_hands(CORPUS), count))


def _report(hands: tuple[Hand, ...]) -> list[str]:
    out = []
    for hand in hands:
        outcome = replay(hand)
        if not outcome.matched:
            out.append(f"{hand.seed} {outcome.where(len(hand.steps))}: {outcome.difference}")
    return out


def test_first_hands_match_dcmshi_hand_for_hand() -> None:
    """SC-DEAL-1, SC-SWAP-2, SC-VOID-2, SC-PAT-MAX, SC-DEALER-2: the first 50 recorded hands
    replay in the library with every legal list, move, payment and end equal."""
    assert _report(_hands(QUICK)) == []


@pytest.mark.slow
def test_all_2000_hands_match_dcmshi_hand_for_hand() -> None:
    """Issue 20: 2,000 of 2,000 recorded hands match, step for step and at the end."""
    hands = _hands()
    assert len(hands) == 2000
    assert _report(hands) == []


def test_hands_of_other_options_match_dcmshi_hand_for_hand() -> None:
    """SC-SWAP-2 (dcmshi's fixed directions cw / ccw), SC-GANG-3 (rob_kong off), SC-PAT-天胡 /
    SC-PAT-地胡 (tian_di_hu off), SC-VOID-4 and SC-PENALTY-1 (lenient), SC-HUAZHU-1, SC-CAP-1,
    and claim windows closed by dcmshi's claimWindowExpire (a Pass of every seat still asked):
    the 200 hands of ``tests/data/dcmshi_options/`` replay with everything equal."""
    hands = tuple(read_hands(OPTIONS))
    assert len(hands) == 200
    directions = {dict(h.config).get("huanDirection") for h in hands}
    assert directions == {None, "random", "cw", "ccw"}
    expired = sum(s.move.kind == "claimWindowExpire" for h in hands for s in h.steps)
    assert expired == 581
    assert _report(hands) == []


# ---------------------------------------------------------------- the comparison can fail


def _hand0() -> Hand:
    return _hands(1)[0]


def _with_step(hand: Hand, index: int, **changes: Any) -> Hand:
    steps = list(hand.steps)
    steps[index] = attrs.evolve(steps[index], **changes)
    return attrs.evolve(hand, steps=tuple(steps))


def test_hand_zero_is_what_the_alterations_assume() -> None:
    """The record the alterations below change: seed dcmshi-0, dealer 0, step 6 dcmshi seat 3's
    discard of 9p (id 71), step 20 a hu on seat 0's discard paying 1."""
    hand = _hand0()
    assert (hand.seed, hand.dealer) == ("dcmshi-0", 0)
    assert hand.steps[6].move == Move("discard", 3, tile=71)
    assert hand.steps[20].move == Move("claim", 3, claim="hu")
    assert hand.steps[20].paid == (Ledger("hu", 0, 3, 1, None),)
    assert replay(hand).matched


def test_a_discard_not_held_is_a_mismatch_at_its_step() -> None:
    """SC-DEAL-1: dcmshi seat 3 discarding a tile it does not hold (9s, id 107: it holds no
    条) differs at step 6, the move not among the library's legal actions."""
    outcome = replay(_with_step(_hand0(), 6, move=Move("discard", 3, tile=107)))
    assert outcome.step == 6
    assert outcome.difference.startswith("dcmshi's discard is 1 discard 9s; the library lists ")


def test_a_legal_list_short_of_one_code_is_a_mismatch_at_its_step() -> None:
    """Before step 6 the library lists one discard more than the altered record (dcmshi seat 3
    is library seat 1 when dcmshi's dealer is 0)."""
    hand = _hand0()
    legal = list(hand.steps[6].legal)
    legal[3] = legal[3][1:]
    outcome = replay(_with_step(hand, 6, legal=tuple(legal)))
    assert outcome.step == 6
    assert outcome.difference == (
        "legal of dcmshi seat 3 (library 1): only dcmshi nothing; only the library 1 discard 1m"
    )


def test_a_payment_changed_is_a_mismatch_at_its_step() -> None:
    """SC-PAY-2: the hu of step 20 recorded as paying 2, not 1, differs at step 20."""
    outcome = replay(_with_step(_hand0(), 20, paid=(Ledger("hu", 0, 3, 2, None),)))
    assert outcome.step == 20
    assert "only dcmshi paid win 0->3 2; only the library win 0->3 1" in outcome.difference


def test_a_changed_end_is_a_mismatch_at_the_end() -> None:
    """SC-DEALER-2: the end recorded with another next dealer differs at the end."""
    hand = _hand0()
    end = attrs.evolve(hand.end, next_dealer=(hand.end.next_dealer + 1) % 4)
    outcome = replay(attrs.evolve(hand, end=end))
    assert outcome.step == len(hand.steps)
    assert outcome.where(len(hand.steps)) == "end"
    assert outcome.difference.startswith("next dealer: dcmshi ")


def test_a_record_cut_short_is_a_mismatch_at_the_end() -> None:
    """A record that stops before the library's hand is over differs at its end."""
    hand = _hand0()
    cut = attrs.evolve(hand, steps=hand.steps[:30])
    outcome = replay(cut)
    assert outcome.step == 30
    assert "the library asks" in outcome.difference


def test_a_room_of_other_options_is_a_mismatch_where_they_bite() -> None:
    """SC-PAY-1, SC-VOID-4: replayed with 自摸加番 the first self-draw (step 100) pays 4, not
    dcmshi's 3; with the lenient void rule seat 0 may discard more at step 13 than dcmshi's
    strict rule lists (its void-suit tile, 2s, only)."""
    hand = _hand0()
    outcome = replay(hand, zi_mo="jia_fan")
    assert (outcome.step, outcome.difference) == (
        100,
        "after declareHuOnDraw of dcmshi seat 0: only dcmshi paid win 1->0 3, win 2->0 3; "
        "only the library win 1->0 4, win 2->0 4",
    )
    outcome = replay(hand, void_discard="lenient")
    assert outcome.step == 13
    assert outcome.difference.startswith(
        "legal of dcmshi seat 0 (library 0): only dcmshi nothing; only the library 0 discard 1p"
    )


def test_the_library_raising_is_a_mismatch_at_its_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception out of the library is reported at the step it was raised in, not raised:
    listing fails once five tiles are discarded (steps 4, 6, 8, 10, 13), first asked at step 15
    (step 14 is a draw)."""
    hand = _hand0()
    rules = rules_of(hand)
    listed = rules.legal_actions

    def failing(state: State, seat: int) -> tuple[object, ...]:
        if state.discards_made >= 5:
            raise KeyError("boom")
        return listed(state, seat)

    monkeypatch.setattr(rules, "legal_actions", failing)
    assert replay(hand) == Outcome(hand.seed, 15, "the library raised KeyError: 'boom'")


# ---------------------------------------------------------------- the translator refuses


def _start(hand: Hand) -> State:
    return rules_of(hand).new_hand(wall=library_wall(hand.dealer, hand.wall), dealer=0)


@pytest.mark.parametrize(
    "code",
    ["discard", "discard 1z", "discard xx", "kong 5m", "kong 5m exposed", "chow", "", "flip 1m"],
)
def test_an_unknown_legal_code_is_refused(code: str) -> None:
    """A legal code dcmshi does not write is refused, naming it."""
    with pytest.raises(UntranslatableMove, match="legal code"):
        legal_code(code, 0, _start(_hand0()))


def test_the_legal_codes_translate() -> None:
    """SC-GANG-1, SC-VOID-2: each code dcmshi writes is one library action (both 补杠 kinds are
    the library's BU_GANG, the kind derived); ``flip`` is the set-aside tile's discard."""
    state = _start(_hand0())
    assert legal_code("discard 5m", 1, state) == Discard(1, Tile("5m"))
    assert legal_code("pung", 2, state) == Peng(2)
    assert legal_code("hu", 3, state) == legal_code("hu_draw", 3, state) == Hu(3)
    assert legal_code("kong 8s concealed", 0, state) == Gang(0, Tile("8s"), MeldKind.AN_GANG)
    promoted = legal_code("kong 2p promoted", 0, state)
    assert promoted == legal_code("kong 2p postponed", 0, state)
    assert promoted == Gang(0, Tile("2p"), MeldKind.BU_GANG)


def test_impossible_moves_are_refused() -> None:
    """No discard on offer, no tile set aside, no seat: each move is refused with why."""
    hand = _hand0()
    state, table = _start(hand), Table(hand.dealer)
    cases = [
        (Move("claim", 1, claim="kong"), "no tile is on offer"),
        (Move("flipFirstDiscard", 0), "no tile set aside"),
        (Move("discard", None, tile=5), "with no seat"),
        (Move("discard", 0), "names its tile"),
        (Move("claim", 1, claim="chow"), "pung, kong or hu"),
        (Move("declareVoid", 0, suit="honor"), "a suit of"),
        (Move("declareVoid", 0, suit="man", first_discard=40), "DeclareVoid.aside"),
        (Move("huanSelect", 0, tiles=(0, 40, 80)), "SwapTiles.tiles"),
        (Move("declareKongOnTurn", 0, kong_kind=3, subtype="exposed"), "a kong in turn"),
        (Move("shuffle", 0), "no move dcmshi makes"),
    ]
    for move, why in cases:
        with pytest.raises(UntranslatableMove, match=why):
            move_action(move, table, state)


def test_a_draw_is_no_action_and_an_expiry_passes_every_seat_still_asked() -> None:
    """FLOW-1, FLOW-2: the library draws itself; dcmshi's claimWindowExpire (timing only) is a
    Pass of each seat that has not answered."""
    hand = _hand0()
    state, table = _start(hand), Table(hand.dealer)
    assert move_action(Move("draw", 2), table, state) == ()
    expired = move_action(Move("claimWindowExpire", None), table, state, {3, 1})
    assert expired == (Pass(1), Pass(3))


def test_payments_compare_by_reason_in_dcmshi_seats() -> None:
    """SC-PAY-4, SC-REFUND-1: a library payment is keyed in dcmshi seats (dealer 1: library k is
    dcmshi 1 − k), the pot as ``None``, a KONG_REFUND as dcmshi's kongRefund; a payment gone from
    the ledger is a difference of its own."""
    table = Table(1)
    refund = Payment(2, 0, 1, PaymentReason.KONG_REFUND, ref=1)
    penalty = Payment(3, POT, 48, PaymentReason.PENALTY)
    kong = Payment(0, 2, 2, PaymentReason.KONG, ref=1)
    paid = library_payments([kong], [kong, refund, penalty], table)
    assert paid == recorded_payments(
        [Ledger("kongRefund", 3, 1, 1, "robbed"), Ledger("voidPenalty", 2, None, 48, None)]
    )
    assert library_payments([kong], [], table) == Counter({("withdrawn kong", 1, 3, 2): 1})


def test_unknown_options_reasons_and_fans_are_refused() -> None:
    """SICHUAN.md's options table and ledger reasons: anything else is refused."""
    hand = _hand0()
    with pytest.raises(UntranslatableMove, match=r"config\.claimWindowMs"):
        library_options(attrs.evolve(hand, config=(("claimWindowMs", 5),)))
    with pytest.raises(UntranslatableMove, match=r"config\.huanDirection"):
        library_options(attrs.evolve(hand, config=(("huanDirection", "up"),)))
    with pytest.raises(UntranslatableMove, match="ledger reason 'tip'"):
        recorded_payments([Ledger("tip", 0, 1, 1, None)])
    win = hand.end.seats[0].hu
    assert win is not None and recorded_fan(win) == 1  # AllPungs
    with pytest.raises(UntranslatableMove, match="fan 'Lucky'"):
        recorded_fan(attrs.evolve(win, fans=(("Lucky", 1),)))


def test_options_map_with_the_swap_direction_explicit() -> None:
    """SC-SWAP-2: the library's options of a hand name dcmshi's direction: the seed hash's
    parity for "random" (dcmshi-1 swaps, its config enableHuanSanZhang)."""
    hand = _hands(2)[1]
    assert hand.config == (("enableHuanSanZhang", True),)
    options = library_options(hand)
    assert options["swap_three"] is True
    assert options["swap_direction"] in ("to_next", "to_previous")
    fixed = attrs.evolve(hand, config=(*hand.config, ("huanDirection", "cw")))
    assert library_options(fixed)["swap_direction"] == "to_previous"


# ---------------------------------------------------------------- the script


def _write(path: Path, hands: list[dict[str, object]]) -> None:
    with gzip.open(path, "wt", encoding="utf-8") as out:
        for hand in hands:
            out.write(json.dumps(hand) + "\n")


def test_the_script_prints_matched_and_the_first_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python tests/dcmshi_replay.py FILE`` prints the walls, ``matched N of M hands`` and a
    mismatch's seed, step and difference; exit status 1 then, 0 when all match."""
    with gzip.open(CORPUS, "rt", encoding="utf-8") as lines:
        raw = [json.loads(line) for line in islice(lines, 3)]
    good = tmp_path / "good.jsonl.gz"
    _write(good, raw)
    assert main([str(good)]) == 0
    assert capsys.readouterr().out == "read 3 hands, 3 walls match\nmatched 3 of 3 hands\n"
    raw[1]["end"]["nextDealer"] = (raw[1]["end"]["nextDealer"] + 1) % 4
    bad = tmp_path / "bad.jsonl.gz"
    _write(bad, raw)
    assert main(["--first", "2", str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["read 2 hands, 2 walls match", "matched 1 of 2 hands"]
    assert out[2].startswith("  seed 'dcmshi-1', end: next dealer: dcmshi ")
    assert len(out) == 3


def test_the_script_refuses_a_malformed_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A malformed line stops the script with status 2, the line and the field named."""
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"seed": 1}\n', encoding="utf-8")
    assert main([str(bad)]) == 2
    assert "line 1" in capsys.readouterr().err
