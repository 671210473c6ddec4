"""Every document and sub-document the library writes reads back on its own (issue 11, part
1a), and documents beyond the bounds are refused with SerializationError naming the field
(part 3: depth, size, long strings and huge whole numbers).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mahjong_rules import Action, HandResult, Pass, State, get_variant
from mahjong_rules.errors import SerializationError
from mahjong_rules.records import HandRecord
from mahjong_rules.serial import from_dict, to_dict
from mahjong_rules.serial.bounds import MAX_DEPTH, MAX_DIGITS, MAX_ITEMS, MAX_STRING
from test_serial_check import random_hand

ROOMS = [
    get_variant("baoshan", players=4, pian_gang=True),
    get_variant("baoshan", players=2, honors=True),
    get_variant("yongshan", players=3, wildcards="double"),
    get_variant("yongshan", players=4),
]


def sub_documents(doc: Any) -> list[dict[str, Any]]:
    """Every dict with a ``"type"`` inside ``doc`` (itself excluded), but a variant's own record
    (a ``"variant"`` or ``"own_variant"``: read with the class its room declares, so only
    inside the state, seat or view holding the room, issue 19)."""
    found: list[dict[str, Any]] = []
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            items: Any = [v for k, v in node.items() if k not in ("variant", "own_variant")]
        else:
            items = node if isinstance(node, list) else ()
        for item in items:
            if isinstance(item, dict) and "type" in item:
                found.append(item)
            if isinstance(item, dict | list):
                stack.append(item)
    return found


@pytest.mark.parametrize("rules", ROOMS, ids=repr)
def test_every_action_of_every_view_reads_back_on_its_own_and_applies(rules: Any) -> None:
    checked = 0
    for seed in (1, 2):
        for state in random_hand(rules, seed):
            for seat in range(state.players):
                doc = json.loads(json.dumps(to_dict(rules.view(state, seat))))
                for i, listed in enumerate(doc["legal_actions"]):
                    action = from_dict(json.loads(json.dumps(listed)), Action)
                    assert action == rules.legal_actions(state, seat)[i]
                    rules.apply(state, action)  # accepted: IllegalActionError would fail
                    checked += 1
    assert checked > 100


def test_every_sub_document_reads_back_on_its_own() -> None:
    """The parts of states, views, results and records: actions, events, seats, melds,
    payments, wins, breakdowns, readings, options... each reads back to what it was."""
    rules = get_variant("yongshan", players=3)
    seed = next(k for k in range(400) if random_hand(rules, k)[-1].wins)
    states = random_hand(rules, seed)
    record = HandRecord.new(rules, seed=seed)
    docs = [to_dict(s) for s in states[::10]]
    docs += [to_dict(rules.view(s, min(rules.to_act(s)))) for s in states if rules.to_act(s)]
    docs += [to_dict(states[-1].result), to_dict(record)]
    kinds: set[str] = set()
    for doc in docs:
        for sub in sub_documents(doc):
            value = from_dict(sub)
            again = to_dict(value)
            again.pop("format")
            assert again == sub
            kinds.add(sub["type"])
    assert {"SeatState", "Meld", "Payment", "WinRecord", "Breakdown", "Options"} <= kinds
    assert {"Discard", "Pass", "Drew", "Settled", "SeatView", "ScoreItem"} <= kinds


def test_a_result_reads_back_on_its_own() -> None:
    """A result, and a seat whose variant keeps no record of its own, read back on their own
    (a Baoshan seat's record, BS-BUY-1, is read only inside its state: test_variant_state)."""
    rules = get_variant("baoshan")
    final = random_hand(rules, 3)[-1]
    doc = to_dict(final)
    assert from_dict(doc["result"], HandResult) == final.result
    with pytest.raises(SerializationError, match="read only inside its state or view"):
        from_dict(doc["seats"][0])
    plain = random_hand(get_variant("yongshan"), 3)[-1]
    assert from_dict(to_dict(plain)["seats"][0]) == plain.seats[0]


@pytest.mark.parametrize("wrong", [0, 1, 3, "2", True, None, [2]])
def test_a_wrong_format_is_refused_at_any_depth(wrong: Any) -> None:
    """A part of a format-2 document may not be of format 1 (nor anything but 2)."""
    state = random_hand(get_variant("baoshan", players=2), 1)[5]
    doc = to_dict(state)
    doc["seats"][1]["format"] = wrong
    with pytest.raises(SerializationError) as caught:
        from_dict(doc, State)
    assert str(caught.value) == (
        f"state.seats[1].format: this version reads format 2, the document has {wrong!r}"
    )
    if wrong == 1 and wrong.__class__ is int:
        return  # a whole document of format 1 reads (tests/test_format1_documents.py)
    action = {"type": "Pass", "seat": 1, "format": wrong}
    with pytest.raises(SerializationError, match=r"^format: this version reads format 2, the"):
        from_dict(action)


@pytest.mark.parametrize("wrong", [0, 2, 3, "1", True, None])
def test_a_format1_document_is_format1_at_any_depth(wrong: Any) -> None:
    """A format-1 document is rewritten whole (serial.format1): a part of another format in it
    is refused, naming the part."""
    state = random_hand(get_variant("baoshan", players=2), 1)[5]
    doc = to_dict(state)
    doc["format"] = 1
    doc["seats"][1]["format"] = wrong
    with pytest.raises(SerializationError) as caught:
        from_dict(doc, State)
    assert str(caught.value) == (
        f"state.seats[1].format: a part of a format-1 document must be format 1, got {wrong!r}"
    )


# ------------------------------------------------------------------------------ bounds


def test_deep_nesting_is_refused_without_recursion() -> None:
    """991 lists inside an action: refused by the bound, not a RecursionError."""
    deep: Any = "5m"
    for _ in range(991):
        deep = [deep]
    doc = json.loads(json.dumps({"type": "Gang", "seat": 0, "tile": "5m", "kind": "an_gang"}))
    doc["wild_tiles"] = deep
    with pytest.raises(SerializationError) as caught:
        from_dict(doc)
    assert str(caught.value) == (
        f"gang.wild_tiles{'[0]' * (MAX_DEPTH - 1)}: nested more than {MAX_DEPTH} deep "
        "(lists and dicts)"
    )


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (10**5000, f"pass.seat: a whole number of more than {MAX_DIGITS} digits"),
        (-(10**MAX_DIGITS), f"pass.seat: a whole number of more than {MAX_DIGITS} digits"),
        ("x" * (MAX_STRING + 1), f"pass.seat: a string of more than {MAX_STRING} characters"),
        (1.5, "pass.seat: a float is not a JSON value (dict, list, str, int, bool or null)"),
        ((1,), "pass.seat: a tuple is not a JSON value (dict, list, str, int, bool or null)"),
        ({1: 2}, "pass.seat: a key is a int, not a str"),
    ],
    ids=["huge-int", "long-int", "long-string", "float", "tuple", "int-key"],
)
def test_values_beyond_the_bounds_name_the_field(value: Any, message: str) -> None:
    with pytest.raises(SerializationError) as caught:
        from_dict({"type": "Pass", "seat": value})
    assert str(caught.value) == message


def test_a_long_but_bounded_int_is_read_as_a_wrong_value() -> None:
    """Within the bounds a big number is an ordinary wrong value, shown briefly."""
    with pytest.raises(SerializationError) as caught:
        from_dict(to_dict(Pass(1)) | {"seat": 10**200})
    assert str(caught.value).startswith("pass: not a valid Pass: "), str(caught.value)
    assert len(str(caught.value)) < 300


def test_too_many_values_are_refused() -> None:
    doc: dict[str, Any] = {"type": "Pass", "seat": 0, "padding": [0] * MAX_ITEMS}
    with pytest.raises(SerializationError, match=rf"holds at most {MAX_ITEMS} values$"):
        from_dict(doc)
