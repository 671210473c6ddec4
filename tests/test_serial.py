"""Serialization and replay (issue 5): to_dict / from_dict, hand records, the wall digest.

* Round trips over random play: for every state, every legal action, every event, every seat's
  view and the result of random hands of both games (every room option drawn by hypothesis),
  ``from_dict(to_dict(x)) == x`` and the document holds only JSON types.
* Tampered documents raise :class:`SerializationError` naming the field, and a fuzzer that
  changes one value of a state document at random only ever gets that error or a state that
  passes :func:`check_state` — never another exception, never an impossible state.
* Hand records replay every state and the result exactly; an illegal action fails at its
  index; a changed wall fails the digest; a seed is pinned to its wall.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mahjong_rules import Discard, Hu, Pass, Rules, State, Tile, get_variant
from mahjong_rules.engine.wall import shuffled_wall
from mahjong_rules.errors import ReplayError, SerializationError
from mahjong_rules.records import HandRecord, replay, wall_digest
from mahjong_rules.serial import FORMAT_VERSION, check_state, from_dict, to_dict
from test_play_properties import ROOM_OPTIONS as BAOSHAN_OPTIONS
from test_yongshan_play_properties import ROOM_OPTIONS as YONGSHAN_OPTIONS

ROOMS = st.one_of(
    BAOSHAN_OPTIONS.map(lambda o: get_variant("baoshan", **o)),
    YONGSHAN_OPTIONS.map(lambda o: get_variant("yongshan", **o)),
)


def only_json(value: Any, path: str = "doc") -> None:
    """``value`` holds only dicts with str keys, lists, str, int, bool and None."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), f"{path}: key {key!r}"
            only_json(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            only_json(item, f"{path}[{i}]")
    else:
        assert value is None or isinstance(value, str | int | bool), f"{path}: {value!r}"


def round_trip(value: Any) -> Any:
    doc = to_dict(value)
    only_json(doc)
    assert doc["format"] == FORMAT_VERSION
    back = from_dict(json.loads(json.dumps(doc)))
    assert back == value
    assert type(back) is type(value)
    return back


def play(rules: Rules, seed: int, steps: int = 400) -> tuple[HandRecord, list[State]]:
    """A random hand, recorded: the record and every state."""
    rng = random.Random(seed)
    record = HandRecord.new(rules, seed=seed, dealer=seed % rules.players)
    state = record.start()
    states = [state]
    while rules.result(state) is None and len(states) < steps:
        seat = rng.choice(sorted(rules.to_act(state)))
        action = rng.choice(rules.legal_actions(state, seat))
        record = record.with_action(action)
        state = rules.apply(state, action)
        states.append(state)
    return record, states


@settings(max_examples=15, deadline=None)
@given(rules=ROOMS, seed=st.integers(0, 2**32 - 1))
@example(  # YS-PAT-抢杠胡: a robbed 补杠 stands in 血战, and the win on it ends a 2-seat hand
    rules=get_variant(
        "yongshan",
        players=2,
        wildcards="double",
        zi_mo_jia_fan=True,
        fan_cap=None,
        ting_dian_three_players=True,
    ),
    seed=66498,
)
def test_everything_round_trips_over_random_play(rules: Rules, seed: int) -> None:
    record, states = play(rules, seed)
    round_trip(rules.options)
    for state in states:
        back = round_trip(state)
        assert back.events == state.events  # not part of a state's equality, but kept
        for seat in range(state.players):
            for action in rules.legal_actions(state, seat):
                round_trip(action)
            round_trip(rules.view(state, seat))
        for event in state.events:
            round_trip(event)
    result = rules.result(states[-1])
    if result is not None:
        round_trip(result)
    back_record = round_trip(record)
    assert replay(back_record).states == tuple(states)


def test_a_state_read_back_plays_on_the_same() -> None:
    """A saved and restored state is a state like any other: the hand continues the same."""
    rules = get_variant("yongshan", players=3)
    record, states = play(rules, 5)
    middle = len(states) // 2
    restored = from_dict(to_dict(states[middle]), State)
    state = restored
    for action in record.actions[middle:]:
        state = rules.apply(state, action)
    assert state == states[-1] and rules.result(state) == rules.result(states[-1])


# ------------------------------------------------------------------------------ bad documents


def state_doc() -> dict[str, Any]:
    rules = get_variant("baoshan", players=3)
    _, states = play(rules, 11, steps=30)
    return to_dict(states[-1])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format=3), "format: this version reads format 2, the document has 3"),
        (
            lambda d: d.update(format=None),
            "format: this version reads format 2, the document has None",
        ),
        (
            lambda d: d.update(format=True),
            "format: this version reads format 2, the document has True",
        ),
        (
            lambda d: d["seats"][0].update(format=0),
            "state.seats[0].format: this version reads format 2",
        ),
        (
            lambda d: d["options"].update(format="2"),
            "state.options.format: this version reads format 2",
        ),
        (lambda d: d.update(type="Sandwich"), "type: no serializable type 'Sandwich'"),
        (lambda d: d.update(players=True), "state.players: expected int, got True"),
        (lambda d: d.update(players=4), "state.players: the room has 3 players, not 4"),
        (lambda d: d.update(dealer=7), "state.dealer: not a seat of a table of 3: 7"),
        (lambda d: d.pop("wall"), "state.wall: missing"),
        (lambda d: d.update(colour="red"), "state.colour: State has no such field"),
        (lambda d: d.update(phase="lunch"), "state.phase: expected one of 'choosing'"),
        (lambda d: d["wall"].__setitem__(0, "5x"), "state.wall[0]: "),
        (lambda d: d["wall"].__setitem__(0, 5), "state.wall[0]: expected tiles in one-line"),
        (
            lambda d: d["seats"][1].update(concealed="1m"),
            "state.seats[1].concealed: a hand holds 14",
        ),
        (lambda d: d["seats"][1].update(type="State"), "state.seats[1].type: expected SeatState"),
        (lambda d: d["options"].update(players=5), "state.options: option 'players' must be"),
        (lambda d: d["options"].update(variant="go"), "state.options: no variant 'go'"),
        (lambda d: d.update(front=500), "state.front: need 0 <= front <= back <= 108"),
    ],
)
def test_tampered_documents_name_the_field(change: Any, message: str) -> None:
    doc = state_doc()
    change(doc)
    with pytest.raises(SerializationError) as caught:
        from_dict(doc)
    assert str(caught.value).startswith(message), str(caught.value)


def test_a_tile_changed_in_a_hand_is_caught_by_the_tile_count() -> None:
    """TILE-1: swapping one concealed tile for another kind leaves the wall's count wrong."""
    doc = state_doc()
    state = from_dict(doc, State)
    held = state.seats[0].concealed
    tile = next(iter(held))
    other = next(t for t in (Tile("1m"), Tile("9s")) if t != tile and held.count(t) < 4)
    doc["seats"][0]["concealed"] = str(held.remove(tile).add(other))
    with pytest.raises(SerializationError, match=r"state\.seats: the table holds"):
        from_dict(doc)


def test_from_dict_checks_the_expected_type() -> None:
    with pytest.raises(SerializationError, match="type: expected State, the document has Pass"):
        from_dict(to_dict(Pass(1)), State)
    with pytest.raises(SerializationError, match="expected a document"):
        from_dict([1, 2])
    with pytest.raises(SerializationError, match="cannot serialize a float"):
        to_dict(1.5)


def test_fuzzed_state_documents_raise_only_serialization_errors() -> None:
    """Change one value of a state document at random, a thousand times: from_dict either
    raises SerializationError or gives a state that passes check_state."""
    rng = random.Random(2)
    base = state_doc()
    leaves: list[tuple[list[Any], Any]] = []

    def collect(node: Any, path: list[Any]) -> None:
        if isinstance(node, dict):
            for key, item in node.items():
                collect(item, [*path, key])
        elif isinstance(node, list):
            for i, item in enumerate(node):
                collect(item, [*path, i])
        leaves.append((path, node))

    collect(base, [])
    junk: list[Any] = [None, True, -1, 0, 3, 99, "", "5m", "1m1m1m1m1m", [], {}, {"type": "Pass"}]
    outcomes = {"refused": 0, "accepted": 0}
    for _ in range(1000):
        doc = copy.deepcopy(base)
        path, _old = rng.choice(leaves[:-1])  # the last leaf is the whole document
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = rng.choice(junk)
        try:
            value = from_dict(doc)
        except SerializationError:
            outcomes["refused"] += 1
            continue
        outcomes["accepted"] += 1
        if isinstance(value, State):
            check_state(value)
    assert outcomes["refused"] > 500 and outcomes["accepted"] > 0, outcomes


# ------------------------------------------------------------------------------ records


def test_replay_reproduces_every_state_and_the_result() -> None:
    for name in ("baoshan", "yongshan"):
        rules = get_variant(name)
        record, states = play(rules, 21)
        replayed = replay(record)
        assert replayed.states == tuple(states)
        assert [s.events for s in replayed.states] == [s.events for s in states]
        assert replayed.result == rules.result(states[-1]) is not None


def test_an_illegal_action_fails_at_its_index() -> None:
    rules = get_variant("baoshan")
    record, states = play(rules, 4)
    bad_at = 5
    wrong = Discard(3, Tile("1m")) if states[bad_at].current != 3 else Discard(0, Tile("1m"))
    actions = list(record.actions)
    actions[bad_at] = wrong
    tampered = attrs.evolve(record, actions=tuple(actions))
    with pytest.raises(ReplayError, match=r"action 5 \(Discard\(seat=.*is illegal") as caught:
        replay(tampered)
    assert caught.value.index == bad_at


def test_an_action_after_the_end_fails_too() -> None:
    rules = get_variant("baoshan", players=2)
    record, states = play(rules, 8)
    assert rules.result(states[-1]) is not None
    longer = record.with_action(Hu(0))
    with pytest.raises(ReplayError, match="the hand has ended") as caught:
        replay(longer)
    assert caught.value.index == len(record.actions)


def test_the_digest_catches_a_changed_wall() -> None:
    rules = get_variant("baoshan")
    wall = shuffled_wall(5, honors=False)
    record = HandRecord.new(rules, wall=wall)
    assert record.digest == wall_digest(wall) and record.seed is None
    swapped = (wall[1], wall[0], *wall[2:])
    changed = attrs.evolve(record, wall=swapped)
    with pytest.raises(ReplayError, match="does not match the record's digest"):
        replay(changed)
    assert wall_digest(swapped) != record.digest


def test_a_seed_is_pinned_to_its_wall() -> None:
    """The same seed deals the same wall on every platform and Python version: SHA-256 drives
    the shuffle, never hash() or random (pinned here: a change would break saved records)."""
    wall = shuffled_wall(42, honors=False)
    assert " ".join(t.notation for t in wall[:12]) == PINNED_42_HEAD
    assert wall_digest(wall) == PINNED_42_DIGEST
    assert wall_digest(shuffled_wall("table-7/hand-3", honors=True)) == PINNED_STR_DIGEST
    record = HandRecord.new(get_variant("baoshan"), seed=42)
    assert record.digest == PINNED_42_DIGEST


def test_a_record_without_a_seed_gets_a_secret_one() -> None:
    rules = get_variant("yongshan")
    a, b = HandRecord.new(rules), HandRecord.new(rules)
    assert isinstance(a.seed, int) and a.seed != b.seed
    assert a.digest == wall_digest(a.dealt_wall())


PINNED_42_HEAD = "7s 2s 5p 6s 4s 1s 2m 4p 2p 4p 4m 6p"
PINNED_42_DIGEST = "7efd4e169dedac003083171a190b93e52029efa7714377e0dda5be8d0689e33e"
PINNED_STR_DIGEST = "8c5a4a1e6b771cb201254dda1ed55574e28b6f2ce85535417a91662c78a1d003"


_WHOLE_HAND = """
import json
from mahjong_rules import get_variant, to_dict
from mahjong_rules.bots import GreedyBot, RandomBot
for name in ("baoshan", "yongshan"):
    rules = get_variant(name, players=3)
    state = rules.new_hand(seed="pinned")
    bots = [GreedyBot(), RandomBot(seed=1), RandomBot(seed=2)]
    while rules.result(state) is None:
        seat = min(rules.to_act(state))
        state = bots[seat].act(rules, state, seat)
    print(json.dumps(to_dict(state), sort_keys=True))
"""


def test_a_hand_does_not_depend_on_the_hash_seed() -> None:
    """Determinism: the same seed and the same players give the same hand, state for state,
    whatever PYTHONHASHSEED is (no dependence on hash() or set order)."""
    import os
    import subprocess
    import sys

    outputs = []
    for hash_seed in ("0", "1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        command = [sys.executable, "-c", _WHOLE_HAND]
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] == outputs[2]
    assert len(outputs[0].splitlines()) == 2


def test_a_record_whose_options_belong_to_another_variant_is_refused() -> None:
    record = HandRecord.new(get_variant("baoshan"), seed=1)
    with pytest.raises(ReplayError, match="variant: the record's options are baoshan's, not 'yong"):
        attrs.evolve(record, variant="yongshan")
    doc = to_dict(record)
    doc["variant"] = "yongshan"
    with pytest.raises(
        SerializationError,
        match=r"^handRecord: not a valid HandRecord: HandRecord\.variant: the record",
    ):
        from_dict(doc)
