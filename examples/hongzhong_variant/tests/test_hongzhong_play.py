"""Whole hands of 红中麻将 played by bots in every room: the invariants of every state, the
documents of every state read back, records that replay, and hypothesis' strategies reaching the
birds phase and the hand after it (HONGZHONG.md; FLOW-… of SPEC.md for the engine's part)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hongzhong_helpers import hongzhong
from hypothesis import HealthCheck, find, given, settings

from mahjong_rules import Action, HandRecord, State, from_dict, replay, to_dict
from mahjong_rules.bots import GreedyBot, RandomBot
from mahjong_rules.strategies import states
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.base import Rules

pytestmark = pytest.mark.installed_plugins

ROOMS: list[dict[str, object]] = [  # every value of every option, each at least once
    {"players": players, "birds": birds, "discard_hongzhong": throw, "dian_pao": pao}
    for (players, birds), (throw, pao) in zip(
        itertools.product((2, 3, 4), (2, 4, 6)),
        itertools.cycle(itertools.product((False, True), (False, True))),
    )
]


def held(state: State) -> Counter[Tile]:
    """The tiles in the seats' hands, melds and discards, each counted once: a claimed
    discard stays in its discarder's discards, so a meld made on one counts one tile less."""
    counts: Counter[Tile] = Counter()
    for seat in state.seats:
        counts.update(seat.concealed)
        counts.update(seat.discards)
        for meld in seat.melds:
            counts.update([meld.tile] * (meld.size - (meld.from_seat is not None)))
    return counts


def play_hand(rules: Rules, seed: int) -> tuple[list[State], list[Action]]:
    """Every state of the hand of ``seed`` and every action, each seat played by a greedy or a
    random bot."""
    bots = [GreedyBot() if (seed + seat) % 2 else RandomBot(seed + seat) for seat in range(4)]
    state = rules.new_hand(seed=seed, dealer=seed % rules.players)
    seen, actions = [state], []
    while not rules.is_over(state):
        seat = min(rules.to_act(state))
        actions.append(bots[seat].choose(rules.view(state, seat)))
        state = rules.apply(state, actions[-1])
        seen.append(state)
    return seen, actions


def check_hand(rules: Rules, seed: int, read_back: bool) -> bool:
    """The invariants of one hand; whether it ended with a win."""
    hand, _ = play_hand(rules, seed)
    wall = Counter(hand[0].wall)
    assert wall == {**{t: 4 for t in all_tiles(honors=False)}, Tile("7z"): 4}
    for state in hand:
        assert sum(held(state).values()) + state.back - state.front == 112  # tiles conserved
        if read_back:
            assert from_dict(to_dict(state)) == state
    result = rules.result(hand[-1])
    assert result is not None and sum(result.deltas) == 0
    assert result.deltas == tuple(
        sum(p.amount for p in result.payments if p.payee == s)
        - sum(p.amount for p in result.payments if p.payer == s)
        for s in range(rules.players)
    )
    assert len(result.wins) <= 1  # the first win ends the hand; one winner a discard
    return bool(result.wins)


EVERY_ROOM = pytest.mark.parametrize(
    "room", ROOMS, ids=lambda room: "-".join(map(str, room.values()))
)


def hands_of(room: dict[str, object]) -> range:
    """The seeds of a room's hands: 500 over the nine rooms (56 a room, 52 in the last)."""
    return range(52 if room is ROOMS[-1] else 56)


@EVERY_ROOM
def test_hz_random_hands_in_every_room_keep_the_invariants(room: dict[str, object]) -> None:
    """FLOW-…, HZ-MONEY: 500 hands over the rooms: the wall of 112, the tiles conserved in
    every state, one winner at most, payments that sum to zero; every state of one hand in ten
    read back from its document."""
    rules = hongzhong(**room)
    wins = sum(check_hand(rules, seed, read_back=seed % 10 == 0) for seed in hands_of(room))
    assert wins > 0


@pytest.mark.slow
@EVERY_ROOM
def test_hz_every_state_of_500_hands_reads_back(room: dict[str, object]) -> None:
    """The same 500 hands, every state's document read back (``to_dict``, ``from_dict``)."""
    rules = hongzhong(**room)
    for seed in hands_of(room):
        check_hand(rules, seed, read_back=True)


def test_hz_a_record_replays_with_its_birds() -> None:
    """A HandRecord of a hand won, its birds caught, replays state for state."""
    rules = hongzhong(dian_pao=True)
    seed = next(s for s in itertools.count() if play_hand(rules, s)[0][-1].wins)
    hand, actions = play_hand(rules, seed)
    record = HandRecord.new(rules, seed=seed, dealer=seed % rules.players)
    for action in actions:
        record = record.with_action(action)
    replayed = replay(record)
    assert replayed.states == tuple(hand) and replayed.result == rules.result(hand[-1])
    assert replayed.final.variant.tiles  # the birds were caught


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(hongzhong(birds=6)))
def test_hz_every_state_the_strategies_draw_reads_back(state: State) -> None:
    """``states()`` on a 红中麻将 room: each state drawn reads back."""
    assert from_dict(to_dict(state)) == state


def test_hz_the_strategies_reach_the_birds_phase_and_the_hand_after_it() -> None:
    """``states()`` reaches a hand inside the birds phase and one after it (birds caught)."""
    rules = hongzhong(dian_pao=True)  # wins come sooner
    settings_ = settings(max_examples=2000, database=None, deadline=None)
    inside = find(states(rules), lambda s: s.stage == "birds", settings=settings_)
    assert rules.to_act(inside) == {inside.wins[0].seat}
    after = find(states(rules), lambda s: rules.is_over(s) and bool(s.wins), settings=settings_)
    birds = after.variant.tiles
    assert rules.result(after) is not None and len(birds) == min(4, after.back - after.front)
    assert birds == after.wall[after.back - len(birds) : after.back]
