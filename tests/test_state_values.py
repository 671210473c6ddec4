"""FLOW-3 (issue 35): ``State`` and ``SeatState`` are immutable values without being attrs
classes: assignment and deletion raise, equality and hash are by value (the events and the memo
excluded), pickling and copying give equal states with empty memos, the repr names every field,
``replace`` is the way to a changed copy, and the constructor takes what attrs' took."""

from __future__ import annotations

import copy
import pickle
import typing
from typing import Any

import pytest

import mahjong_rules
from mahjong_rules import get_variant
from mahjong_rules.engine.drafts import freeze, freeze_seat, thaw, thaw_seat
from mahjong_rules.engine.events import WallExhausted
from mahjong_rules.engine.state import COMPILED, Phase, SeatState, State, replace
from mahjong_rules.engine.value_class import field_types, is_value_class, value_fields
from mahjong_rules.tiles import Tile


def a_state() -> State:
    rules = get_variant("sichuan")
    state = rules.new_hand(seed=3)
    rules.legal_actions(state, 0)  # fills the memo
    return state


def test_flow_3_a_field_cannot_be_assigned_or_deleted() -> None:
    """FLOW-3: every caller sees an immutable value: assigning or deleting any field of a
    state or a seat raises (an AttributeError, as the compiled build's read-only fields do),
    and the state is unchanged."""
    state = a_state()
    seat = state.seats[0]
    for obj, name in ((state, "front"), (state, "seats"), (seat, "concealed"), (seat, "won")):
        before = getattr(obj, name)
        with pytest.raises(AttributeError):
            setattr(obj, name, None)
        with pytest.raises(AttributeError):
            delattr(obj, name)
        assert getattr(obj, name) is before
    with pytest.raises(AttributeError):
        state.new_field = 1  # type: ignore[attr-defined]


def test_flow_3_equal_and_hashed_by_value_events_and_memo_excluded() -> None:
    """FLOW-2/FLOW-3: two states that differ only in their events (and memo) are equal and
    hash alike; a state that differs in one field is unequal, and so is a seat."""
    state = a_state()
    echoed = replace(state, events=(WallExhausted(),))
    assert echoed == state and hash(echoed) == hash(state) and echoed.cache == {}
    assert replace(state, front=state.front + 1) != state
    assert state != object() and (state == 1) is False
    seat = state.seats[1]
    assert replace(seat) == seat and hash(replace(seat)) == hash(seat)
    assert replace(seat, draws=seat.draws + 1) != seat
    assert SeatState() == SeatState() and SeatState(won=True) != SeatState()


def test_flow_3_pickles_and_copies_with_an_empty_memo() -> None:
    """FLOW-3: pickle (every protocol), copy and deepcopy give an equal state with the same
    events and an empty memo, of the same class."""
    state = a_state()
    assert state.cache
    copies = [pickle.loads(pickle.dumps(state, protocol)) for protocol in range(2, 6)]
    copies += [copy.copy(state), copy.deepcopy(state)]
    for other in copies:
        assert type(other) is State and other == state and other.cache == {}
        assert other.events == state.events and other.seats[0].cache == {}
        assert (other.stage, other.variant) == (state.stage, state.variant)


def test_flow_3_repr_names_every_field_in_order() -> None:
    """FLOW-3: the repr names the fields in declaration order, as attrs wrote it."""
    seat = SeatState(drawn=Tile("5m"), draws=2)
    shown = repr(seat)
    assert shown.startswith("SeatState(concealed=TileCounts(") and "drawn=Tile('5m')" in shown
    assert shown.endswith("draws=2, variant=None)")
    state = a_state()
    shown = repr(state)
    parts = [f"{f.name}={getattr(state, f.name)!r}" for f in State.FIELDS]
    assert shown == f"State({', '.join(parts)})" and len(parts) == 29
    assert [f.name for f in State.FIELDS][-2:] == ["stage", "variant"]


def test_flow_3_replace_and_the_constructor() -> None:
    """FLOW-3: ``replace`` changes the named fields only and refuses a name that is no field
    (TypeError), leaving the state as it was; the constructor takes the fields as attrs' did
    (``stage`` and ``variant`` by keyword only, every field after ``current`` defaulted)."""
    state = a_state()
    moved = replace(state, front=60, current=2)
    assert (moved.front, moved.current, moved.wall) == (60, 2, state.wall)
    with pytest.raises(TypeError, match="no field bogus"):
        replace(state, bogus=1)
    with pytest.raises(TypeError, match="no field bogus"):
        replace(state.seats[0], bogus=1)
    built = State(state.options, 4, 0, state.wall, 0, len(state.wall), (), Phase.TURN, 0)
    assert (built.tile, built.next_ref, built.stage, built.variant, built.cache) == (
        None,
        1,
        None,
        None,
        {},
    )
    too_many: list[Any] = [state.options, 4, 0, state.wall, 0, 1, (), Phase.TURN, 0] + [None] * 19
    with pytest.raises(TypeError, match="positional argument"):
        State(*too_many)
    with pytest.raises(TypeError, match="bogus"):
        State(state.options, 4, 0, state.wall, 0, 1, (), Phase.TURN, 0, bogus=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"missing.*current"):
        State(state.options, 4, 0, state.wall, 0, 1, (), Phase.TURN)  # type: ignore[call-arg]


def test_flow_3_a_draft_is_the_engines_own_copy() -> None:
    """FLOW-3: a transition's working copy never changes the state it was made from; freezing
    it gives a state with the draft's fields and the memo given."""
    state = a_state()
    draft = thaw(state)
    draft.front = state.front + 2
    memo = {"x": 1}
    made = freeze(draft, memo)
    assert made.front == state.front + 2 and made.cache is memo
    assert state.front + 2 != state.front and replace(made, front=state.front) == state
    seat = thaw_seat(state.seats[0])
    seat.won = True
    assert freeze_seat(seat).won and not state.seats[0].won


def test_flow_3_the_serializer_reads_the_fields_table() -> None:
    """FLOW-3: the serializer finds the state classes' fields as it finds an attrs class's,
    their types with ``Final`` read through."""
    assert is_value_class(State) and is_value_class(SeatState) and not is_value_class(int)
    assert [f.name for f in value_fields(SeatState)][:2] == ["concealed", "melds"]
    assert field_types(State)["front"] is int
    assert field_types(SeatState)["drawn"] == Tile | None
    assert field_types(State)["seats"] == tuple[SeatState, ...]


@pytest.mark.skipif(COMPILED, reason="a compiled class keeps no annotations to compare with")
def test_flow_3_the_fields_tables_agree_with_the_annotations() -> None:
    """FLOW-3: the type each ``FIELDS`` entry declares (what the compiled build's serializer
    reads) is the class's annotation without ``Final``, field by field, in order."""
    for cls in (State, SeatState):
        hints = typing.get_type_hints(cls)
        annotated = {
            name: typing.get_args(hint)[0]
            for name, hint in hints.items()
            if typing.get_origin(hint) is typing.Final and name != "FIELDS"
        }
        assert list(annotated) == [f.name for f in cls.FIELDS]
        assert field_types(cls) == annotated


def test_the_build_flag_says_which_build_runs() -> None:
    """Issue 35: ``mahjong_rules.COMPILED`` tells the compiled build from the pure one (the
    state classes are native exactly when it is true; in both builds a state keeps its fields
    in slots, with no instance dict)."""
    assert mahjong_rules.COMPILED is COMPILED
    assert not hasattr(a_state(), "__dict__") and not hasattr(a_state().seats[0], "__dict__")
    assert type(a_state()).__module__ == "mahjong_rules.engine.state_class"
