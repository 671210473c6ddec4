"""Mutated documents (issue 11): a state or hand record document with fields changed, dropped,
added or retyped at random, at any depth, is either refused with SerializationError (a record
also at replay with ReplayError), or reads back to a state that passes check_state and plays to
the end with random legal actions — never another exception, never a stall.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_rules import State, get_variant
from mahjong_rules.engine.state import Phase
from mahjong_rules.errors import ReplayError, SerializationError
from mahjong_rules.records import HandRecord, replay
from mahjong_rules.serial import check_state, from_dict, to_dict
from test_serial_check import random_hand

_ROOMS = [
    get_variant("baoshan", players=3, pian_gang=True),
    get_variant("baoshan", players=2, honors=True, buy_points="live", bao_ting=True),
    get_variant("yongshan", players=4, wildcards="double"),
    get_variant("yongshan", players=2, ti_from_hand=True),
    # Sichuan's own records and phases (换三张, 定缺: SC-SWAP-1, SC-VOID-1) and its ledger
    get_variant("sichuan", swap_three=True, false_hu="penalty"),
    get_variant("sichuan", gang_shang_pao_refund="transfer", void_discard="lenient"),
]


def _pick_states() -> list[dict[str, Any]]:
    """A few states of each phase, from random hands of the rooms above, as documents."""
    docs: list[dict[str, Any]] = []
    for k, rules in enumerate(_ROOMS):
        states = random_hand(rules, 100 + k)
        by_phase: dict[Phase, list[State]] = {}
        for state in states:
            by_phase.setdefault(state.phase, []).append(state)
        for found in by_phase.values():
            docs.extend(to_dict(s) for s in (found[0], found[len(found) // 2], found[-1]))
    return docs


def _pick_records() -> list[dict[str, Any]]:
    docs = []
    for k, rules in enumerate(_ROOMS):
        rng = random.Random(k)
        record = HandRecord.new(rules, seed=k if k % 2 else f"hand-{k}", dealer=k % rules.players)
        state = record.start()
        while rules.result(state) is None and len(record.actions) < 60:
            seat = rng.choice(sorted(rules.to_act(state)))
            action = rng.choice(rules.legal_actions(state, seat))
            record, state = record.with_action(action), rules.apply(state, action)
        docs.append(to_dict(record))
    return docs


STATE_DOCS = _pick_states()
RECORD_DOCS = _pick_records()

JUNK: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    3,
    13,
    99,
    10**30,
    "",
    "5m",
    "1z",
    "123m",
    "turn",
    "claim",
    "ended",
    "peng",
    [],
    [0],
    ["5m"],
    {},
    {"type": "Pass", "seat": 0},
    {"type": "Hu", "seat": 1},
]


def _containers(doc: Any) -> list[list[Any]]:
    """The path of every non-empty dict and list inside ``doc`` (itself included)."""
    out: list[list[Any]] = []
    stack: list[tuple[Any, list[Any]]] = [(doc, [])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict | list) and node:
            out.append(path)
            items = node.items() if isinstance(node, dict) else enumerate(node)
            stack.extend((v, [*path, k]) for k, v in items)
    return out


def _at(doc: Any, path: list[Any]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def mutate(doc: Any, rng: random.Random, times: int) -> Any:
    """``doc`` with ``times`` random changes: a value replaced (by junk, by another value of
    the document, or by a number one off), a key dropped or added, a list item dropped or
    repeated."""
    doc = copy.deepcopy(doc)
    for _ in range(times):
        containers = _containers(doc)  # a container first, so a long wall is not most hits
        parent = _at(doc, rng.choice(containers))
        last = rng.choice(list(parent) if isinstance(parent, dict) else range(len(parent)))
        old = parent[last]
        move = rng.randrange(6)
        if move == 0:
            parent[last] = copy.deepcopy(rng.choice(JUNK))
        elif move == 1:  # retyped: a value from elsewhere in the document
            source = _at(doc, rng.choice(containers))
            pick = rng.choice(list(source) if isinstance(source, dict) else range(len(source)))
            parent[last] = copy.deepcopy(source[pick])
        elif move == 2 and isinstance(old, int) and not isinstance(old, bool):
            parent[last] = old + rng.choice((-1, 1))
        elif move == 3 and isinstance(parent, dict):
            del parent[last]
        elif move == 4 and isinstance(parent, dict):
            parent[rng.choice(("extra", "format", "type", last + "_"))] = rng.choice(JUNK[:12])
        elif isinstance(parent, list):
            if rng.random() < 0.5:
                del parent[last]
            else:
                parent.insert(last, copy.deepcopy(old))
        else:
            parent[last] = copy.deepcopy(rng.choice(JUNK))
    return json.loads(json.dumps(doc))


def play_out(state: State, rng: random.Random) -> None:
    """Play the hand to its end with random legal actions; every state must pass."""
    from mahjong_rules.variants import rules_for

    rules = rules_for(state.options)
    for _ in range(600):
        if rules.result(state) is not None:
            return
        acting = sorted(rules.to_act(state))
        assert acting, "a state that passed check_state stalls"
        seat = rng.choice(acting)
        state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
        check_state(state)
    raise AssertionError("600 actions and no end")  # pragma: no cover


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(STATE_DOCS) - 1),
    seed=st.integers(0, 2**32 - 1),
    times=st.integers(1, 3),
)
def test_mutated_states_are_refused_or_play_to_the_end(index: int, seed: int, times: int) -> None:
    rng = random.Random(seed)
    doc = mutate(STATE_DOCS[index], rng, times)
    try:
        value = from_dict(doc)
    except SerializationError:
        return
    if isinstance(value, State):
        play_out(value, rng)


RECORD_PARTS = ("anywhere", "actions", "options", "options", "options", "options")
"""Where a record document's changes go: anywhere (nearly all such documents are refused when
read), inside its actions, or — most often — one change inside its room's options: a record
replayed under other rules, which is read and replays to its end about one time in five."""


def mutate_record(doc: dict[str, Any], rng: random.Random, times: int, part: str) -> Any:
    """:func:`mutate` of the whole record document (``times`` changes), of its actions
    (``times`` changes) or of its options (one change)."""
    if part == "anywhere":
        return mutate(doc, rng, times)
    out = copy.deepcopy(doc)
    out[part] = mutate(doc[part], rng, 1 if part == "options" else times)
    return out


# Instrumented (issue 21): changed anywhere, only 4 of 150 examples reached the end of the
# replay (139 were refused when read, 7 at replay). With the parts above, of 1,200 examples
# about 190 documents read as a record that replays to its end, every state checked (180-209
# over five runs); the others are refused, as SerializationError or ReplayError, which the
# property checks too.
@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(RECORD_DOCS) - 1),
    seed=st.integers(0, 2**32 - 1),
    times=st.integers(1, 3),
    part=st.sampled_from(RECORD_PARTS),
)
def test_mutated_records_are_refused_or_replay(
    index: int, seed: int, times: int, part: str
) -> None:
    rng = random.Random(seed)
    doc = mutate_record(RECORD_DOCS[index], rng, times, part)
    try:
        record = from_dict(doc)
    except SerializationError:
        return
    if not isinstance(record, HandRecord):
        return
    try:
        replayed = replay(record)
    except ReplayError:
        return
    for state in replayed.states:
        check_state(state)


def test_the_mutations_reach_both_outcomes() -> None:
    """The fuzzer is not vacuous: of many mutated states some are refused, some accepted."""
    rng = random.Random(7)
    outcomes = {"refused": 0, "accepted": 0}
    for k in range(300):
        doc = mutate(STATE_DOCS[k % len(STATE_DOCS)], rng, 1)
        try:
            from_dict(doc)
        except SerializationError:
            outcomes["refused"] += 1
        else:
            outcomes["accepted"] += 1
    assert outcomes["refused"] > 150 and outcomes["accepted"] > 10, outcomes
