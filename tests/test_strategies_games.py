"""The whole-game strategies (rooms, states, legal_actions, played_hands) keep their contracts,
and the property tests a server developer writes with them hold."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from mahjong_rules import Phase, State, from_dict, get_variant, replay, to_dict
from mahjong_rules.bots import GreedyBot
from mahjong_rules.engine.events import Drew
from mahjong_rules.engine.state import replace
from mahjong_rules.records import HandRecord, wall_digest
from mahjong_rules.serial import check_state
from mahjong_rules.strategies import (
    MAX_STEPS,
    PlayedHand,
    legal_actions,
    option_values,
    played_hands,
    rooms,
    states,
)
from mahjong_rules.variants import (
    BaoshanOptions,
    Options,
    Rules,
    YongshanOptions,
    available_variants,
    rules_for,
)
from mahjong_rules.variants.sichuan import SichuanOptions

FEW = settings(max_examples=40, deadline=None)
VARIANTS: dict[str, type[Options]] = {
    "baoshan": BaoshanOptions,
    "yongshan": YongshanOptions,
    "sichuan": SichuanOptions,
}
"""The registered games, each with its options class."""
SURVEY = settings(max_examples=150, deadline=None, derandomize=True, database=None)
"""For the tests that count what the examples reach: the same examples on every run."""


def allowed(options_class: type[Options]) -> dict[str, tuple[Any, ...]]:
    """The options whose values are listed (choices and flags), with their values."""
    return {
        f.name: f.metadata["allowed"]
        for f in attrs.fields(options_class)
        if "allowed" in f.metadata
    }


# --- rooms ------------------------------------------------------------------------------------


@FEW
@given(rooms())
def test_rooms_are_registered_variants_with_valid_options(rules: Rules) -> None:
    assert type(rules) in available_variants()
    options = rules.options
    values = {f.name: getattr(options, f.name) for f in attrs.fields(type(options))}
    assert type(options).build(**values) == options
    found = rules_for(options)
    assert (type(found), found.options) == (type(rules), options)


def test_rooms_reach_every_value_of_every_option() -> None:
    seen: dict[str, Counter[Any]] = {name: Counter() for name in VARIANTS}
    caps: set[int | None] = set()
    fan_tables: Counter[int] = Counter()

    @settings(SURVEY, max_examples=600)  # Sichuan's fan cap alone has 11 values (SC-CAP-1)
    @given(rooms())
    def survey(rules: Rules) -> None:
        options: Any = rules.options
        for name in allowed(type(options)):
            seen[rules.name][(name, getattr(options, name))] += 1
        caps.add(options.fan_cap)
        fan_tables[len(options.fan)] += 1

    survey()
    for variant, options_class in VARIANTS.items():
        wanted = {(name, v) for name, values in allowed(options_class).items() for v in values}
        assert set(seen[variant]) == wanted
    assert {None, 3} < caps <= {None, *range(14)}
    assert fan_tables[0] > 0
    assert sum(n for size, n in fan_tables.items() if size > 0) > 0


def test_rooms_shrink_to_the_default_room() -> None:
    assert repr(find(rooms("永善麻将"), lambda rules: True)) == "get_variant('yongshan')"
    found = find(rooms("yongshan"), lambda rules: rules.players == 3)
    assert repr(found) == "get_variant('yongshan', players=3)"


@FEW
@given(rooms("yongshan", players=3, wildcards=st.just("double")))
def test_rooms_with_fixed_options(rules: Rules) -> None:
    assert rules.name == "yongshan"
    assert rules.options == YongshanOptions(
        **{**attrs.asdict(rules.options, recurse=False), "players": 3, "wildcards": "double"}
    )


def test_option_values_shrink_to_the_default() -> None:
    assert find(option_values(BaoshanOptions, "players"), lambda v: True) == 4
    assert find(option_values(BaoshanOptions, "fan_cap"), lambda v: v not in (None, 3)) == 0
    assert find(option_values(BaoshanOptions, "forced_win_tiles"), lambda v: v is not None) == 0
    assert find(option_values(BaoshanOptions, "fan"), lambda v: len(v) == 1) == {
        "bian_jue_zhang": 0
    }


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rooms("nope"), "no variant 'nope'; known: baoshan (保山, 保山麻将"),
        (lambda: rooms(players=3), "fixing options needs a variant"),
        (lambda: rooms("baoshan", wildcards="double"), "baoshan has no option 'wildcards'"),
        (lambda: rooms(3), "variant must be a name, a Rules subclass or None, not 3"),  # type: ignore[arg-type]
        (lambda: option_values(BaoshanOptions, "nope"), "BaoshanOptions has no option 'nope'"),
    ],
)
def test_rooms_reject_bad_arguments(call: Any, message: str) -> None:
    with pytest.raises(InvalidArgument, match=message.replace("(", r"\(")):
        call()


def test_rooms_reject_a_fixed_value_the_option_does_not_allow_when_drawn() -> None:
    @given(rooms("baoshan", players=5))
    def draw(rules: Rules) -> None:
        raise AssertionError("unreachable")

    with pytest.raises(InvalidArgument, match="baoshan: option 'players' must be one of 2, 3, 4"):
        draw()


# --- states -----------------------------------------------------------------------------------


def test_states_shrink_to_the_deal_of_seed_0() -> None:
    rules = get_variant("baoshan", players=3)
    assert find(states(rules), lambda state: True) == rules.new_hand(seed=0)


@FEW
@given(states())
def test_states_are_possible_states(state: State) -> None:
    check_state(state, "state")  # raises SerializationError for a state that could not occur
    rules = rules_for(state.options)
    assert (rules.result(state) is None) == bool(rules.to_act(state))


def test_states_reach_every_phase_a_hand_passes_through() -> None:
    phases: Counter[Phase] = Counter()
    variants: Counter[str] = Counter()

    @SURVEY
    @given(states())
    def survey(state: State) -> None:
        phases[state.phase] += 1
        variants[rules_for(state.options).name] += 1

    survey()
    assert set(phases) >= {Phase.CHOOSING, Phase.TURN, Phase.CLAIM, Phase.ENDED}
    assert set(variants) == set(VARIANTS)


@FEW
@given(states(ongoing=True))
def test_ongoing_states_have_a_seat_that_acts(state: State) -> None:
    rules = rules_for(state.options)
    assert state.result is None
    assert rules.to_act(state)


@FEW
@given(states(get_variant("yongshan", players=2, wildcards="double")))
def test_states_of_one_room(state: State) -> None:
    assert state.options == YongshanOptions(players=2, wildcards="double")
    assert len(state.seats) == 2


@FEW
@given(states(rooms("baoshan", buy_points="live")))
def test_states_of_rooms_that_buy_points(state: State) -> None:
    assert state.options.buy_points == "live"
    assert all(0 <= s.variant.points <= 2 for s in state.seats)


def test_states_reject_bad_rules() -> None:
    with pytest.raises(InvalidArgument, match="rules must be Rules, a strategy of Rules or None"):
        states("baoshan")  # type: ignore[arg-type]


def test_max_steps_covers_a_whole_hand() -> None:
    assert MAX_STEPS == 150


# --- legal_actions ----------------------------------------------------------------------------


@FEW
@given(states(ongoing=True), st.data())
def test_legal_actions_are_legal_for_a_seat_that_acts(state: State, data: st.DataObject) -> None:
    rules = rules_for(state.options)
    action = data.draw(legal_actions(state))
    assert action.seat in rules.to_act(state)
    assert action in rules.legal_actions(state, action.seat)
    after = rules.apply(state, action)
    assert after != state or after.events != state.events


def test_legal_actions_shrink_to_the_lowest_seats_first_action() -> None:
    rules = get_variant("baoshan")
    state = rules.new_hand(seed=0)
    assert find(legal_actions(state), lambda a: True) == rules.legal_actions(state, 0)[0]


def test_legal_actions_of_an_ended_hand_are_refused() -> None:
    rules = get_variant("baoshan", players=2)
    state = rules.new_hand(seed=3)
    while state.result is None:
        state = GreedyBot().act(rules, state, min(rules.to_act(state)))
    with pytest.raises(InvalidArgument, match=r"no seat acts in this state \(ended phase\)"):
        legal_actions(state)


def test_legal_actions_need_rules_for_an_unregistered_variant() -> None:
    @attrs.frozen
    class HouseOptions(Options):
        """A room of a variant nobody registered."""

    state = replace(get_variant("baoshan").new_hand(seed=1), options=HouseOptions())
    with pytest.raises(InvalidArgument, match="pass rules= for an unregistered variant"):
        legal_actions(state)
    rules = get_variant("baoshan")
    action = find(legal_actions(state, rules=rules), lambda a: True)
    assert action == rules.legal_actions(state, 0)[0]


# --- played_hands -----------------------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(played_hands())
def test_played_hands_replay_to_their_result(hand: PlayedHand) -> None:
    assert hand.state.phase is Phase.ENDED
    assert hand.result is hand.state.result
    assert hand.record.variant == hand.rules.name
    assert hand.record.digest == wall_digest(hand.state.wall)
    rebuilt = replay(hand.record)
    assert rebuilt.final == hand.state
    assert rebuilt.result == hand.result
    assert len(rebuilt.states) == len(hand.record.actions) + 1


@pytest.mark.slow  # (the quick part leaves it to the full run; CI runs it)
def test_played_hands_end_in_wins_and_in_draws() -> None:
    """Every game's hands end both ways; a Sichuan hand ends before the wall's end only at its
    third win (SC-END-1), some 3 hands in 100 of these bots', hence the many examples."""
    endings: Counter[tuple[str, bool]] = Counter()

    @settings(max_examples=400, deadline=None, derandomize=True, database=None)
    @given(played_hands())
    def survey(hand: PlayedHand) -> None:
        endings[(hand.rules.name, hand.result.exhausted)] += 1

    survey()
    assert set(endings) == {(v, e) for v in VARIANTS for e in (True, False)}


# --- what a server developer writes -----------------------------------------------------------


@FEW
@given(states())
def test_every_stored_state_reads_back(state: State) -> None:
    stored = json.dumps(to_dict(state))  # what the server writes to its store
    assert from_dict(json.loads(stored)) == state


@FEW
@given(states())
def test_no_view_shows_another_seats_tile(state: State) -> None:
    rules = rules_for(state.options)
    for seat in range(state.players):
        view = rules.view(state, seat)
        assert view.concealed == state.seats[seat].concealed
        for other in view.seats:
            if other.seat != seat and not other.won:  # a winner shows its hand (YS-END-1)
                assert other.hand is None
        for event in view.events:
            if isinstance(event, Drew) and event.seat != seat:
                assert event.tile is None
        document = to_dict(view)
        assert "wall" not in document
        assert "seed" not in document


@FEW
@given(states(ongoing=True))
def test_my_bot_never_sends_an_illegal_action(state: State) -> None:
    rules = rules_for(state.options)
    for seat in rules.to_act(state):
        action = GreedyBot().choose(rules.view(state, seat))  # your bot here
        assert action in rules.legal_actions(state, seat)
        rules.apply(state, action)  # raises IllegalActionError if not


@settings(max_examples=10, deadline=None)
@given(played_hands())
def test_a_saved_record_replays(hand: PlayedHand) -> None:
    record = from_dict(json.loads(json.dumps(to_dict(hand.record))), HandRecord)
    assert record == hand.record
    assert replay(record).result == hand.result
    assert sum(hand.result.deltas) + hand.result.pot == 0  # Sichuan's pot (SC-PAY-4)
