"""Memory per kept state (issue 27, section 5; FLOW-3: every state a server keeps is immutable).

A :class:`State` and a :class:`SeatState` keep their fields in slots, with no instance dict
(issue 35), in both builds, and the memo (``cache``) in a slot of its own: so a kept state
costs its object alone, the same in every game and every phase. Before (issue 27), the fields
were an instance dict, and a state inside 定缺 (SC-VOID-1) that held one entry more got a dict
table of its own: a kept Sichuan state cost 1.7x a Baoshan one (3,009 against 1,782 bytes,
``benchmarks/memory.py``, warm).
"""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
import textwrap
from typing import Any

from mahjong_rules import BuyPoints, get_variant
from mahjong_rules.engine.state import COMPILED, Phase, SeatState, State, remake, replace
from scripting import random_states

FIELDS = [f.name for f in State.FIELDS]
SEAT_FIELDS = [f.name for f in SeatState.FIELDS]


def fields_of(obj: State | SeatState) -> dict[str, Any]:
    """Every field of a state or a seat by name, in declaration order."""
    return {f.name: getattr(obj, f.name) for f in type(obj).FIELDS}


def test_flow_3_every_state_of_every_game_keeps_its_29_fields_in_slots() -> None:
    """FLOW-3, SC-SWAP-1, SC-VOID-1, BS-BUY-1: in every state of the three games, inside a phase
    of the variant's own (换三张, 定缺, 买点) or not, the fields are slots (no instance dict,
    the memo in a slot of its own), so every state object is the size of a Baoshan one."""
    assert len(FIELDS) == 29 and FIELDS[-2:] == ["stage", "variant"]
    rooms = [
        get_variant("baoshan"),
        get_variant("baoshan", buy_points="live"),
        get_variant("yongshan"),
        get_variant("sichuan"),
        get_variant("sichuan", swap_three=True),
    ]
    size = sys.getsizeof(random_states(rooms[0], 1)[0])
    seat_size = sys.getsizeof(random_states(rooms[0], 1)[0].seats[0])
    stages = set()
    for rules in rooms:
        for seed in range(3):
            for state in random_states(rules, seed):
                stages.add(state.stage)
                assert not hasattr(state, "__dict__") and list(fields_of(state)) == FIELDS
                assert sys.getsizeof(state) == size, (rules.name, state.phase, state.stage)
                assert isinstance(state.cache, dict)
                for s in state.seats:
                    assert not hasattr(s, "__dict__") and sys.getsizeof(s) == seat_size
    assert stages == {None, "buying", "swapping", "voiding"}
    if not COMPILED:
        assert State.__slots__ == tuple(FIELDS) and SeatState.__slots__ == tuple(SEAT_FIELDS)


MEASURE = textwrap.dedent(
    """
    import json, random, sys, tracemalloc
    from mahjong_rules import get_variant

    def play(rules, first, limit, kept):
        k = first
        while len(kept) < limit:
            rng = random.Random(k)
            state = rules.new_hand(seed=k)
            kept.append(state)
            while rules.result(state) is None and len(kept) < limit:
                seat = rng.choice(sorted(rules.to_act(state)))
                state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
                kept.append(state)
            k += 1

    found = {}
    for name in sys.argv[1:]:  # Baoshan first: its states fix the class's table of keys
        rules = get_variant(name)
        play(rules, 10_000, 1_500, [])  # the win tables and small memos in place
        kept = []
        tracemalloc.start()
        play(rules, 0, 4_000, kept)
        found[name] = tracemalloc.get_traced_memory()[0] / len(kept)
        tracemalloc.stop()
        del kept
    print(json.dumps(found))
    """
)


def test_flow_3_a_kept_sichuan_state_costs_within_1_15x_of_a_baoshan_one() -> None:
    """FLOW-3 (issue 27): bytes traced per kept state of random play, in a fresh process that
    plays Baoshan, Yongshan then Sichuan (a server hosting the three games): Yongshan's and
    Sichuan's each within 1.15x of Baoshan's (before the fix Sichuan's was 1.7x)."""
    import json

    done = subprocess.run(
        [sys.executable, "-c", MEASURE, "baoshan", "yongshan", "sichuan"],
        capture_output=True,
        text=True,
        check=True,
    )
    per_state = json.loads(done.stdout)
    base = per_state["baoshan"]
    assert per_state["yongshan"] / base < 1.15, per_state
    assert per_state["sichuan"] / base < 1.15, per_state


def test_flow_3_a_copy_starts_with_an_empty_memo_and_the_same_fields() -> None:
    """FLOW-3: the memo is no part of the value. ``replace``, ``remake``, the constructor,
    pickling and :func:`copy.copy` all give an equal state with an empty memo and the same 29
    fields; each carries the phase's ``stage`` and the hand record."""
    rules = get_variant("sichuan")
    state = rules.new_hand(seed=5)
    assert state.phase is Phase.CHOOSING and state.stage == "voiding"
    rules.legal_actions(state, 0)  # fills the memo
    assert state.cache
    fields = fields_of(state)
    copies = [
        replace(state),
        remake(State, fields),
        State(
            **{k: v for k, v in fields.items() if k not in ("stage", "variant")},
            stage=state.stage,
            variant=state.variant,
        ),
        pickle.loads(pickle.dumps(state)),
        copy.copy(state),
        copy.deepcopy(state),
    ]
    for other in copies:
        assert other == state and other.cache == {} and fields_of(other) == fields
        assert (other.stage, other.variant) == (state.stage, state.variant)
        assert not hasattr(other, "__dict__")
    memo = {"given": True}
    assert remake(State, dict(fields, cache=memo)).cache is memo  # (taken out of the fields)
    assert remake(State, dict(fields, cache=memo)) == state


def test_bs_buy_1_a_state_after_its_phase_holds_stage_none() -> None:
    """BS-BUY-1: once 买点 has resolved, the state's ``stage`` is ``None`` (a slot like every
    field), and it reads back equal."""
    from mahjong_rules.serial import from_dict, to_dict

    rules = get_variant("baoshan", buy_points="live")
    state = rules.new_hand(seed=2)
    assert state.stage == "buying"
    for seat in range(4):
        state = rules.apply(state, BuyPoints(seat, 1))
    assert state.stage is None and list(fields_of(state)) == FIELDS
    assert from_dict(to_dict(state)) == state
