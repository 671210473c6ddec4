"""The faster read of a state (issue 35) refuses what the checked read refuses: documents read
by the fast reader first fall back to the codec for anything unusual (same value, same error),
the bounds' fast pass falls back to the walk that names the place, a read state's fields are
typed by the codec (only the counters are checked again), and what is kept between reads (the
room's options and rules, a hand's deal and its checked wall) never lets a changed document
through."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from mahjong_rules import State, Tile, get_variant
from mahjong_rules.errors import SerializationError
from mahjong_rules.serial import check_state, from_dict, to_dict
from mahjong_rules.serial.bounds import MAX_DIGITS, check_bounds
from scripting import random_states


def document(state: State) -> dict[str, Any]:
    return json.loads(json.dumps(to_dict(state)))  # type: ignore[no-any-return]


def refused(doc: Any) -> str:
    with pytest.raises(SerializationError) as info:
        from_dict(doc)
    return str(info.value)


def test_tile_spellings_the_fast_reader_doubts_read_as_the_codec_reads_them() -> None:
    """TILE-1: a wall, discards and a hand written in other spellings (Chinese, a hand out of
    tile order) read back as the same state: the codec reads what the fast reader doubts."""
    rules = get_variant("baoshan")
    state = random_states(rules, 3)[30]
    doc = document(state)
    doc["wall"] = [Tile(t).name_zh for t in doc["wall"]]
    seat = next(s for s in doc["seats"] if s["discards"])
    seat["discards"] = [Tile(t).name_zh for t in seat["discards"]]
    doc["seats"][0]["concealed"] = " ".join(
        t.notation for t in reversed(list(state.seats[0].concealed))
    )
    assert from_dict(doc) == state


def test_errors_name_the_field_after_the_fast_reader_doubts() -> None:
    """A bool for an int, a fifth copy in a hand, an unknown field: the same messages."""
    rules = get_variant("yongshan")
    doc = document(random_states(rules, 5)[12])
    bad = copy.deepcopy(doc)
    bad["seats"][2]["draws"] = True
    assert refused(bad) == "state.seats[2].draws: expected int, got True"
    bad = copy.deepcopy(doc)
    bad["seats"][1]["concealed"] = "11111m"
    assert refused(bad).startswith("state.seats[1].concealed: more than four 1m")
    bad = copy.deepcopy(doc)
    bad["seats"][0]["extra"] = 1
    assert refused(bad) == "state.seats[0].extra: SeatState has no such field, got 1"


@pytest.mark.parametrize(("field", "low"), [("step", 0), ("front", 0), ("next_ref", 1)])
def test_a_read_state_has_its_counters_checked(field: str, low: int) -> None:
    """FLOW-3: the codec types a read state's fields; its counters' ranges are still checked."""
    doc = document(random_states(get_variant("baoshan"), 2)[20])
    doc[field] = low - 1
    assert refused(doc) == f"state.{field}: at least {low}, got {low - 1}"
    doc = document(random_states(get_variant("baoshan"), 2)[20])
    doc["seats"][3]["draws"] = -1
    assert refused(doc) == "state.seats[3].draws: at least 0, got -1"


def test_a_state_built_in_python_still_has_every_field_typed() -> None:
    """check_state on a state not read from a document checks every field's type."""
    state = random_states(get_variant("baoshan"), 2)[20]
    from mahjong_rules.engine.state import replace

    with pytest.raises(SerializationError, match=r"^state.dealer: expected int, got bool$"):
        check_state(replace(state, dealer=True))


def test_a_changed_wall_is_refused_after_its_hand_was_read() -> None:
    """DEAL-1, TILE-1: the deal and the wall check kept from the hand's earlier states do not
    carry over to a document whose wall was changed, nor to another room with the same wall."""
    rules = get_variant("baoshan")
    states = random_states(rules, 7)
    for state in states[:5]:
        assert from_dict(document(state)) == state  # the hand's deal and wall now kept
    doc = document(states[5])
    doc["wall"][-1], doc["wall"][0] = doc["wall"][0], doc["wall"][-1]  # another deal
    assert refused(doc).startswith("state.")
    doc = document(states[5])
    doc["wall"][-1] = "1z"  # a tile this room does not play with
    assert refused(doc).startswith("state.wall: ")
    doc = document(states[5])
    doc["options"]["honors"] = True  # the same wall in a room with honors: not its wall
    assert refused(doc).startswith("state.wall: ")


def test_changed_options_are_read_again() -> None:
    """The room's options kept by their document: a changed document is another room."""
    rules = get_variant("sichuan")
    state = random_states(rules, 4)[3]
    assert from_dict(document(state)) == state
    doc = document(state)
    doc["options"]["players"] = 3
    assert refused(doc) == ("state.options: option 'players' must be one of 4; got 3")
    doc = document(state)
    doc["options"]["fan_cap"] = True
    assert "fan_cap" in refused(doc)


def test_bounds_fast_pass_defers_to_the_named_walk() -> None:
    """What the fast pass does not take at once is walked again: accepted (a big but short
    whole number) or refused with its place named."""
    check_bounds({"seed": 2**60, "a": [1, [2, None, True]]})
    with pytest.raises(SerializationError, match=r"^document\.a\[1\]\[0\]: a whole number"):
        check_bounds({"a": [0, [10**MAX_DIGITS]]})
    with pytest.raises(SerializationError, match=r"^document\.a\[1\]: a float is not"):
        check_bounds({"a": [0, 1.5]})
    with pytest.raises(SerializationError, match=r"^document\.a: a tuple is not"):
        check_bounds({"a": (1,)})
    with pytest.raises(SerializationError, match=r"^document: a key is a int, not a str"):
        check_bounds({1: 2})
