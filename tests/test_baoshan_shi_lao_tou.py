"""十老头 (BS-WIN-3) is Baoshan's own: the engine keeps no count of a seat's honor discards.

Baoshan's ``discard_wins`` reads the discarder's ``discards`` (ten, all honors, those others
claimed included); the engine's seat has no ``honor_run`` field any more, and a format-1
document's ``honor_run`` is checked against the seat's discards (as the format-1 reader did)
and then dropped. The whole hands of 十老头 are in test_baoshan_flow.py and
test_corners_baoshan.py.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from format1_documents import read
from mahjong_rules import SerializationError, State, from_dict, get_variant
from mahjong_rules.engine.state import SeatState, replace
from scripting import tiles

HONORS = get_variant("baoshan", honors=True)
PLAIN = get_variant("baoshan")
TEN = "1z1z1z2z2z2z3z3z4z7z"


def _seat(rules: Any, discards: str) -> tuple[State, SeatState]:
    """A dealt hand of ``rules`` and its dealer's seat with ``discards`` made."""
    state = rules.new_hand(seed=1)
    return state, replace(state.seats[0], discards=tiles(discards))


@pytest.mark.parametrize(
    ("discards", "wins"),
    [
        (TEN, True),  # the tenth discard, all ten honors
        ("1z" * 9, False),  # nine: not yet
        ("1z" * 9 + "5m", False),  # the tenth is suited
        ("5m" + "1z" * 9, False),  # a suited first discard spoils the run
        ("1z" * 4 + "9s" + "1z" * 5, False),  # so does one in the middle
        ("1z" * 11, False),  # past the tenth: the hand ended at the tenth
        ("", False),
    ],
)
def test_bs_win3_discard_wins_reads_the_discards(discards: str, wins: bool) -> None:
    """BS-WIN-3: the discarder's first ten discards were all honors, the tenth just made."""
    state, after = _seat(HONORS, discards)
    assert HONORS.discard_wins(state, 0, after) is wins


def test_bs_win3_needs_the_honors_option() -> None:
    """BS-WIN-3 is played with 有风 (BS-TILES-1): without it, never (even on a built seat)."""
    state, after = _seat(PLAIN, TEN)
    assert PLAIN.discard_wins(state, 0, after) is False


def test_the_engine_seat_has_no_honor_count() -> None:
    """The engine's SeatState names no game's rule: no honor_run field (issue 19)."""
    assert "honor_run" not in [f.name for f in SeatState.FIELDS]


def _format1_state(find: Any) -> dict[str, Any]:
    """The first stored format-1 state document of a Baoshan room with a seat ``find`` likes."""
    for line in read():
        doc: dict[str, Any] = line["doc"]
        if (
            line["kind"] == "state"
            and line["room"][0] == "baoshan"
            and any(map(find, doc["seats"]))
        ):
            return doc
    raise AssertionError("no such document")


@pytest.mark.parametrize(
    "find",
    [lambda s: s["honor_run"] > 0, lambda s: s["honor_run"] < 0],
    ids=["honors-so-far", "spoiled"],
)
def test_bs_win3_a_format1_honor_run_that_agrees_is_dropped(find: Any) -> None:
    """A format-1 seat's honor_run that agrees with its discards reads; the state has none."""
    doc = _format1_state(find)
    state = from_dict(doc, State)
    assert all(not hasattr(seat, "honor_run") for seat in state.seats)
    assert [list(map(str, s.discards)) for s in state.seats] == [
        s["discards"] for s in doc["seats"]
    ]


@pytest.mark.parametrize(
    ("find", "wrong", "message"),
    [
        (lambda s: s["honor_run"] > 0, -1, "SeatState.honor_run: its discards make it"),
        (lambda s: s["honor_run"] < 0, 3, "its discards make it -1, not 3"),
        (lambda s: s["honor_run"] == 0, True, "its discards make it 0, not True"),
        (lambda s: s["honor_run"] == 0, "0", "its discards make it 0, not '0'"),
    ],
    ids=["says-spoiled", "says-honors", "bool", "str"],
)
def test_bs_win3_a_format1_honor_run_that_disagrees_is_refused(
    find: Any, wrong: object, message: str
) -> None:
    """The format-1 reader refused an honor_run its discards do not make; so does the rewrite,
    naming the field."""
    doc = copy.deepcopy(_format1_state(find))
    seat = next(s for s in doc["seats"] if find(s))
    seat["honor_run"] = wrong
    with pytest.raises(SerializationError, match="honor_run") as caught:
        from_dict(doc, State)
    assert message in str(caught.value)
