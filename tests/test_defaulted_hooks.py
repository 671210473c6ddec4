"""The transitions skip a hook left at its default (engine/defaulted.py), and ask every hook a
variant overrides: the bits of each shipped game, and overrides the engine must still call."""

from __future__ import annotations

import random

from mahjong_hongzhong.rules import Hongzhong

from mahjong_rules import get_variant
from mahjong_rules.engine.defaulted import (
    DISCARD_LIFTS_PASS_HU,
    DISCARD_WINS,
    NEXT_TO_DRAW,
    SELF_WIN_ALLOWED,
    SELF_WIN_FORCED,
    WIN_FORCED,
    defaults_of,
    next_in_play,
)
from mahjong_rules.engine.events import Drew, Event, WallExhausted
from mahjong_rules.engine.settlement import WinRecord
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.variants.sichuan import Sichuan

ALL = (
    DISCARD_LIFTS_PASS_HU | DISCARD_WINS | SELF_WIN_FORCED | WIN_FORCED | NEXT_TO_DRAW
) | SELF_WIN_ALLOWED


def test_each_games_hooks_left_at_their_defaults() -> None:
    """Baoshan overrides the 过手胡 lift, its discard win (BS-TING), forced wins and when a
    self-draw may win; Yongshan the lift and the forced self-draw (YS); Sichuan none of
    these; the hongzhong plugin its forced self-draw."""
    found = {name: defaults_of(get_variant(name)) for name in ("baoshan", "yongshan", "sichuan")}
    assert found == {
        "baoshan": SELF_WIN_FORCED | NEXT_TO_DRAW,
        "yongshan": DISCARD_WINS | WIN_FORCED | NEXT_TO_DRAW | SELF_WIN_ALLOWED,
        "sichuan": ALL,
    }
    assert defaults_of(Hongzhong()) == ALL & ~SELF_WIN_FORCED
    # each rules object keeps its class's bits, which the transitions read
    assert {name: get_variant(name)._defaults for name in found} == found
    assert Hongzhong()._defaults == ALL & ~SELF_WIN_FORCED


def _play(rules: Sichuan, seed: int) -> tuple[State, list[Event]]:
    """A random hand of ``seed``: its last state and every event of its transitions."""
    rng = random.Random(seed)
    state = rules.new_hand(seed=seed)
    events = list(state.events)
    while not rules.is_over(state):
        seat = rng.choice(sorted(rules.to_act(state)))
        state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
        events.extend(state.events)
    return state, events


def test_seat_1_an_overridden_next_to_draw_is_asked_before_every_ordinary_draw() -> None:
    """SEAT-1: a subclass's ``next_to_draw`` is the one asked (here it counts its calls and
    answers as the default would), so the hand plays as before: once for each ordinary
    draw, and once more when the wall was found empty instead."""
    calls: list[int] = []

    class Counting(Sichuan):
        name = "sichuan_counting_next"

        def next_to_draw(self, state: State, seat: int) -> int:
            calls.append(seat)
            return next_in_play(state, seat)

    rules = Counting()
    assert not defaults_of(rules) & NEXT_TO_DRAW
    for seed in range(5):
        calls.clear()
        ended, events = _play(rules, seed)
        assert (ended, events) == _play(Sichuan(), seed)  # same hand, same play
        draws = sum(1 for e in events if isinstance(e, Drew) and not e.replacement)
        exhausted = sum(1 for e in events if isinstance(e, WallExhausted))
        assert draws and len(calls) == draws + exhausted, seed


def test_flow4_an_overridden_win_forced_forces_the_self_draw_win() -> None:
    """FLOW-4: a subclass whose ``win_forced`` says yes makes the engine win for a seat that
    draws a winning tile at once (the default, skipped, never would); a seat asked in a
    window with a win gets only Hu."""

    class Forced(Sichuan):
        name = "sichuan_forced"

        def win_forced(self, state: State) -> bool:
            return True

    forced = Forced()
    assert not defaults_of(forced) & WIN_FORCED
    wins: list[WinRecord] = []
    for seed in range(60):
        rng = random.Random(seed)
        state = forced.new_hand(seed=seed)
        while not forced.is_over(state):
            if state.phase is Phase.TURN:
                # a seat whose drawn tiles win is never asked: the engine won for it
                assert not forced._can_self_win(state, state.current)
            seat = rng.choice(sorted(forced.to_act(state)))
            state = forced.apply(state, rng.choice(forced.legal_actions(state, seat)))
        wins.extend(state.wins)
    assert wins and all(w.forced for w in wins)
