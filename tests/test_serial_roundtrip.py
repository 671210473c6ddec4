"""Every state the engine reaches reads back through JSON text and plays on the same (issue 18
§2): FLOW-1..6 and TILE-1 as the engine applies them are what ``from_dict``'s checks accept.

The rooms are drawn from the options' own metadata (every option of both variants over the
values it allows, 2, 3 and 4 players, as :func:`mahjong_rules.strategies.rooms` reads it); each
hand is dealt from a seeded or a nearly sorted ("stacked") wall, so that kongs, 杠上花
(gàngshànghuā) and 血战 (xuèzhàn) play after a win come up often, and played by
:class:`~mahjong_rules.bots.GreedyBot` and :class:`~mahjong_rules.bots.RandomBot` seats. Each
state of the hand goes through ``json.dumps(to_dict(state))`` and
``from_dict(json.loads(text))`` and must come back equal, with the same seats to act and the
same legal actions, and the action taken next applied to the copy gives a state equal to the
one the hand went on with (its events too), so the copy plays to the same end; one state of
each hand is also played from its copy to the end, and the results compared.

The big property (2,000 hands, about 140,000 states) is ``slow``; the quick one plays 60 hands.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from mahjong_rules import Action, Hu, Rules, State, get_variant
from mahjong_rules.bots import GreedyBot, RandomBot
from mahjong_rules.bots.base import Bot
from mahjong_rules.engine.state import Phase
from mahjong_rules.errors import OptionsError
from mahjong_rules.melds import MeldKind
from mahjong_rules.scoring import WinKind
from mahjong_rules.serial import from_dict, to_dict
from scripting import act, bought
from test_play_properties import stacked_wall

VARIANTS = ("baoshan", "yongshan")
_CAPPED = {"forced_win_tiles": 24}
"""Range options drawn from a smaller range than they allow (more tiles never matter)."""


def room_values(variant: str, rng: random.Random) -> dict[str, Any]:
    """Every option of ``variant`` drawn over what its metadata allows (a choice or flag from
    ``allowed``, an optional whole number from ``None`` and ``range``, a few fan overrides)."""
    cls = type(get_variant(variant)).options_class
    values: dict[str, Any] = {}
    for field in attrs.fields(cls):
        allowed = field.metadata.get("allowed")
        bounds = field.metadata.get("range")
        if allowed is not None:
            values[field.name] = rng.choice(allowed)
        elif bounds is not None:
            low, high = bounds
            high = min(high, _CAPPED.get(field.name, high))
            values[field.name] = rng.choice((None, field.default, rng.randint(low, high)))
        elif field.name == "fan":
            keys = sorted(cls.default_fans)
            values["fan"] = {rng.choice(keys): rng.randint(0, 13) for _ in range(rng.randint(0, 2))}
    return values


def room(rng: random.Random) -> Rules:
    """A room of either variant with options drawn by :func:`room_values` (valid ones)."""
    while True:
        variant = rng.choice(VARIANTS)
        try:
            return get_variant(variant, **room_values(variant, rng))
        except OptionsError:  # pragma: no cover - options that do not go together
            continue


@attrs.frozen
class Hand:
    """One hand played: its states (first and last included) and the actions between them."""

    rules: Rules
    states: tuple[State, ...]
    actions: tuple[Action, ...]


def deal(rules: Rules, seed: int, rng: random.Random) -> State:
    """A fresh hand: a seeded or stacked wall, any dealer, 买点 given or bought in play."""
    n = rules.players
    dealer = rng.randrange(n)
    buy: tuple[int, ...] | None = None
    cap = getattr(rules, "buy_cap", 0)
    if cap and rng.random() < 0.5:  # BS-BUY-1: 买点 given in advance, as a match does
        buy = tuple(rng.randint(0, cap) for _ in range(n))
    stacked = rng.choice((0, 0, 4, 8, 16))
    if not stacked:
        return rules.new_hand(seed=seed, dealer=dealer, answers=bought(buy))
    wall = stacked_wall(seed, honors=rules.honors, run=stacked)
    return rules.new_hand(wall=wall, dealer=dealer, answers=bought(buy))


def play(rules: Rules, state: State, seed: int, rng: random.Random) -> Hand:
    """The hand from ``state`` to its end, each seat a greedy or a random bot."""
    mix = rng.choice(("greedy", "random", "mixed"))
    bots: list[Bot] = []
    for seat in range(rules.players):
        greedy = mix == "greedy" or (mix == "mixed" and rng.random() < 0.5)
        bots.append(GreedyBot() if greedy else RandomBot(seed=seed * 7 + seat))
    lowest = rng.random() < 0.5  # the lowest seat to act, as a server loop may, or any
    states, actions = [state], []
    while rules.result(state) is None:
        acting = sorted(rules.to_act(state))
        seat = acting[0] if lowest else rng.choice(acting)
        action = bots[seat].choose(rules.view(state, seat))
        state = rules.apply(state, action)
        states.append(state)
        actions.append(action)
    return Hand(rules, tuple(states), tuple(actions))


def random_hand(seed: int) -> Hand:
    """Hand number ``seed``: its room, deal and players all drawn from ``seed``."""
    rng = random.Random(seed)
    rules = room(rng)
    return play(rules, deal(rules, seed, rng), seed, rng)


def through_json(state: State) -> State:
    """``state`` written as JSON text and read back."""
    value = from_dict(json.loads(json.dumps(to_dict(state))))
    assert isinstance(value, State)
    return value


def check_round_trips(hand: Hand, rng: random.Random) -> None:
    """Every state of ``hand`` reads back equal and plays on the same (see the docstring)."""
    rules, states, actions = hand.rules, hand.states, hand.actions
    for i, state in enumerate(states):
        copy = through_json(state)
        assert copy == state, (rules, i)
        acting = rules.to_act(state)
        assert rules.to_act(copy) == acting, (rules, i)
        if i == len(actions):
            assert rules.result(copy) == rules.result(state) is not None
            continue
        action = actions[i]
        assert rules.legal_actions(copy, action.seat) == rules.legal_actions(state, action.seat)
        after = rules.apply(copy, action)
        assert after == states[i + 1], (rules, i, action)
        assert after.events == states[i + 1].events, (rules, i, action)
    start = rng.randrange(len(states))  # and one copy played to the end
    state = through_json(states[start])
    for action in actions[start:]:
        state = rules.apply(state, action)
    assert state == states[-1] and rules.result(state) == rules.result(states[-1])


def _seed_178() -> Hand:
    """Issue 18: Yongshan seed 178, four GreedyBot seats, the lowest seat to act each step."""
    rules = get_variant("yongshan")
    state = rules.new_hand(seed=178)
    bot = GreedyBot()
    states, actions = [state], []
    while rules.result(state) is None:
        seat = min(rules.to_act(state))
        actions.append(bot.choose(rules.view(state, seat)))
        state = rules.apply(state, actions[-1])
        states.append(state)
    return Hand(rules, tuple(states), tuple(actions))


def test_seed_178_reads_back_after_a_gang_shang_hua_win_in_xue_zhan() -> None:
    """YS-END-1 (血战) after YS-PAT-杠上花: the seat that won on a kong's replacement keeps the
    tiles it drew in that turn (``turn_draws``) while play goes on; every later state reads
    back (issue 18: step 55 on were refused)."""
    hand = _seed_178()
    won = hand.states[55].seats[2]
    assert won.won and len(won.turn_draws) == 2  # the draw and the kong's replacement
    assert hand.states[55].kong_chain == 0 and hand.states[55].current == 3
    (win,) = [w for w in hand.states[55].wins if w.seat == 2]
    assert win.how.value == "self_draw" and "gang_shang_hua" in win.breakdown.keys
    check_round_trips(hand, random.Random(178))
    assert len(hand.states) > 56


ROBBED_THEN_EXHAUSTED = (
    "2:D5p 3:D1m 0:D8s 2:B2s 0:H 2:D4s 3:D3m 2:D6s 3:D8p 2:X 2:B4s*4m 2:D2p 3:D9p 2:D7s 3:D1p "
    "2:D7p 3:D2m 2:D6s 3:D1s 2:D4p 3:X 3:D6p 2:D8s 3:D1m"
)
"""Seat 2's 补杠 of 2s robbed by seat 0 (found by the tamper run of test_serial_tamper)."""


def test_a_robbed_kong_that_plays_on_keeps_its_ref_to_the_end() -> None:
    """YS-PAT-抢杠胡, YS-END-1: in 血战 a robbed 补杠 stands and its maker plays on (the kong
    gets its ref then); when the wall later runs out (流局) the last win is still the rob, and
    every state reads back (only a rob that ends the hand leaves its kong without a ref)."""
    rules = get_variant("yongshan", fan_cap=None)
    state = rules.new_hand(seed=178)
    bot = GreedyBot()
    for _ in range(46):
        state = rules.apply(state, bot.choose(rules.view(state, min(rules.to_act(state)))))
    states = [state]
    for token in ROBBED_THEN_EXHAUSTED.split():
        states.append(rules.apply(states[-1], act(token)))
    final = states[-1]
    assert final.result is not None and final.result.exhausted
    assert final.wins[-1].how is WinKind.ROB_KONG and final.wins[-1].from_seat == 2
    assert final.next_ref == 3 and [m.kind for m in final.seats[2].melds[:2]] == [
        MeldKind.BU_GANG,
        MeldKind.BU_GANG,
    ]
    for state in states:
        assert through_json(state) == state


def _dealt_win_goes_on(hand: Hand) -> bool:
    return not hand.rules.win_ends_hand and hand.actions[0] == Hu(hand.states[0].dealer)


def _robbed_at_the_end(hand: Hand) -> bool:
    final = hand.states[-1]
    return (
        not hand.rules.win_ends_hand
        and final.wins[-1:] != ()
        and final.wins[-1].how is WinKind.ROB_KONG
        and final.result is not None
        and not final.result.exhausted
    )


@pytest.mark.parametrize(
    "found",
    [_dealt_win_goes_on, _robbed_at_the_end],
    ids=["dealt-win-then-play-on", "rob-ends-the-hand"],
)
def test_hands_the_checker_refused_read_back(found: Callable[[Hand], bool]) -> None:
    """YS-END-1 (血战) with YS-PAT-天胡 or YS-PAT-抢杠胡: the first hand of the property below
    with a dealer's win on the deal and play going on before any discard (the next seat in
    turn), or with a robbed 补杠 (bǔgàng) that ends the hand (its kong stands without a ref);
    from_dict refused their states before. Every state reads back and plays on the same."""
    hand = next(h for h in map(random_hand, range(1_000)) if found(h))
    if found is _dealt_win_goes_on:
        assert hand.states[1].current != hand.states[1].dealer
    else:
        final = hand.states[-1]
        assert final.next_ref == sum(m.is_kong for s in final.seats for m in s.melds)
    check_round_trips(hand, random.Random(0))


def _run(hands: range) -> tuple[int, Counter[str]]:
    states = 0
    seen: Counter[str] = Counter()
    for seed in hands:
        hand = random_hand(seed)
        check_round_trips(hand, random.Random(seed))
        states += len(hand.states)
        options = hand.rules.options
        seen[hand.rules.name] += 1
        for field in attrs.fields(type(options)):
            if field.metadata.get("allowed") is not None:
                seen[f"{hand.rules.name}.{field.name}={getattr(options, field.name)!r}"] += 1
        seen.update(f"phase={s.phase.value}" for s in hand.states)
        seen["xue_zhan_after_win"] += sum(
            1 for s in hand.states if s.wins and s.phase is not Phase.ENDED
        )
    return states, seen


def _every_allowed_value() -> set[str]:
    out = set()
    for variant in VARIANTS:
        cls = type(get_variant(variant)).options_class
        for field in attrs.fields(cls):
            for value in field.metadata.get("allowed") or ():
                out.add(f"{variant}.{field.name}={value!r}")
    return out


@pytest.mark.slow  # (the quick part leaves it to the full run; CI runs it)
def test_every_state_of_60_hands_reads_back_and_plays_the_same() -> None:
    """The quick version of the property below (FLOW-1..6, TILE-1 as the engine plays them)."""
    states, seen = _run(range(60))
    assert states > 2_000 and seen["baoshan"] and seen["yongshan"]


@pytest.mark.slow
def test_every_state_of_2000_hands_reads_back_and_plays_the_same() -> None:
    """Every state of 2,000 hands over every room and option of both variants (see above)."""
    began, cpu = time.perf_counter(), time.process_time()
    states, seen = _run(range(1_000, 3_000))
    took, cpu = time.perf_counter() - began, time.process_time() - cpu
    print(f"2000 hands, {states} states, {took:.1f} s ({cpu:.1f} s of CPU)")
    missing = _every_allowed_value() - set(seen)
    assert not missing, missing  # every option's every value was played
    assert seen["xue_zhan_after_win"] > 1_000 and seen["phase=rob"] and seen["phase=choosing"]
    assert states > 100_000
