"""The bots (托管, tuōguǎn: auto-play): :class:`RandomBot` and :class:`GreedyBot`.

* Whole hands of both games (2, 3 and 4 players, default rooms and rooms with more options)
  played by bots at every seat end, and every choice is one of the view's legal actions.
* RandomBot is deterministic for a seed; GreedyBot is deterministic.
* GreedyBot takes every win offered; discards to the lowest shanten (checked against
  :func:`~mahjong_rules.shanten` over each legal discard, and on hand-checked hands); in
  Yongshan with three suits it breaks a shanten tie by discarding from the suit it gives up
  (缺一门); pengs only when the hand gets no farther from ready; buys 0 points; declares 报听.
* GreedyBot decides from the view alone: states with equal views get equal choices.
* GreedyBot wins far more often than RandomBot.

Scripted hands are laid out by :func:`scripting.deal` (DEAL-1).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from mahjong_rules import (
    Action,
    BuyPoints,
    Discard,
    Gang,
    Hu,
    IllegalActionError,
    MeldKind,
    Pass,
    Peng,
    Phase,
    Rules,
    State,
    Tile,
    TileCounts,
    TileSet,
    get_variant,
    shanten,
)
from mahjong_rules.bots import Bot, GreedyBot, RandomBot
from mahjong_rules.engine.view import View
from mahjong_rules.variants.baoshan import Ting
from scripting import Q, T, deal, hidden_shuffled, play

MAX_STEPS = 5000
"""A hand that has not ended after this many actions is a bug."""

ROOMS = [
    *[("baoshan", {"players": n}) for n in (2, 3, 4)],
    *[("yongshan", {"players": n}) for n in (2, 3, 4)],
    ("baoshan", {"players": 4, "honors": True, "bao_ting": True, "buy_points": "live"}),
    ("yongshan", {"players": 4, "wildcards": "double", "ti_from_hand": True}),
]
"""Every game and player count with default options, and one room of each with more options
(有风, 报听 and 买点; 双听用 and 提 from the hand)."""


def room_id(room: tuple[str, dict[str, Any]]) -> str:
    game, options = room
    return game + "-" + "-".join(f"{k}={v}" for k, v in options.items())


def play_hand(
    rules: Rules,
    bots: Sequence[Bot],
    seed: int,
    *,
    record: list[Action] | None = None,
    check: Callable[[View, Action], None] | None = None,
) -> State:
    """Play the hand of ``seed`` to its end, ``bots[seat]`` deciding for each seat (the lowest
    seat of ``to_act`` answers first); ``record`` collects the actions, ``check`` sees each
    view and the action chosen from it."""
    state = rules.new_hand(seed=seed)
    for _ in range(MAX_STEPS):
        if rules.result(state) is not None:
            return state
        seat = min(rules.to_act(state))
        view = rules.view(state, seat)
        action = bots[seat].choose(view)
        assert action in view.legal_actions, (view.legal_actions, action)
        if check is not None:
            check(view, action)
        if record is not None:
            record.append(action)
        state = rules.apply(state, action)
    raise AssertionError(f"hand {seed} did not end in {MAX_STEPS} actions")


def views_of(rules: Rules, seeds: range) -> Iterator[View]:
    """Every view that had to act in hands of ``seeds`` played by greedy and random seats
    (alternating), paired in the hand's order."""
    for seed in seeds:
        bots: list[Bot] = [
            GreedyBot() if (seed + s) % 2 == 0 else RandomBot(seed=f"{seed}/{s}")
            for s in range(rules.players)
        ]
        state = rules.new_hand(seed=seed)
        while rules.result(state) is None:
            seat = min(rules.to_act(state))
            view = rules.view(state, seat)
            yield view
            state = rules.apply(state, bots[seat].choose(view))


# ---------------------------------------------------------------------- every hand ends


@pytest.mark.parametrize("room", ROOMS, ids=room_id)
def test_bots_choose_legal_actions_and_hands_end(room: tuple[str, dict[str, Any]]) -> None:
    game, options = room
    rules = get_variant(game, **options)
    n = rules.players
    hands = 100 if len(options) == 1 else 40
    chosen: dict[tuple[str, str], int] = {}

    def count(view: View, action: Action) -> None:
        key = (type(bots[view.seat]).__name__, type(action).__name__)
        chosen[key] = chosen.get(key, 0) + 1

    for k in range(hands):
        # every seat a bot; greedy and random seats alternate, so both meet both
        bots: list[Bot] = [
            GreedyBot() if (k + s) % 2 == 0 else RandomBot(seed=f"{k}/{s}") for s in range(n)
        ]
        state = play_hand(rules, bots, seed=k, check=count)
        result = rules.result(state)
        assert result is not None
        assert sum(result.deltas) == 0
    assert chosen[("GreedyBot", "Hu")] > 0
    assert chosen[("GreedyBot", "Discard")] > 0
    assert chosen[("RandomBot", "Discard")] > 0
    if "buy_points" in options:
        assert chosen[("GreedyBot", "BuyPoints")] == chosen[("RandomBot", "BuyPoints")]


@pytest.mark.parametrize("bot", [GreedyBot(), RandomBot(seed=1)], ids=repr)
def test_a_seat_with_nothing_to_do_raises(bot: Bot) -> None:
    rules = get_variant("baoshan")
    state = rules.new_hand(seed=1)
    view = rules.view(state, 1)  # the dealer (seat 0) is in turn
    assert view.legal_actions == ()
    with pytest.raises(IllegalActionError, match="seat 1 has nothing to do"):
        bot.choose(view)


@pytest.mark.parametrize("game", ["baoshan", "yongshan"])
def test_act_applies_the_choice(game: str) -> None:
    rules = get_variant(game)
    state = rules.new_hand(seed=3)
    seat = min(rules.to_act(state))
    expected = rules.apply(state, GreedyBot().choose(rules.view(state, seat)))
    assert GreedyBot().act(rules, state, seat) == expected
    random_state = RandomBot(seed=9).act(rules, state, seat)
    assert random_state == rules.apply(state, RandomBot(seed=9).choose(rules.view(state, seat)))


# ---------------------------------------------------------------------- determinism


@pytest.mark.parametrize("game", ["baoshan", "yongshan"])
def test_random_bot_is_deterministic_for_a_seed(game: str) -> None:
    rules = get_variant(game)

    def record(seeds: Sequence[int | str]) -> list[Action]:
        out: list[Action] = []
        play_hand(rules, [RandomBot(seed=s) for s in seeds], seed=21, record=out)
        return out

    first = record([1, 2, 3, 4])
    assert record([1, 2, 3, 4]) == first
    assert record(["1", 2, 3, 4]) != first  # another seed, another hand (for these seeds)


@pytest.mark.parametrize("game", ["baoshan", "yongshan"])
def test_greedy_bot_is_deterministic(game: str) -> None:
    rules = get_variant(game)
    runs = []
    for shared in (False, True):
        one = GreedyBot()
        bots: list[Bot] = [one] * 4 if shared else [GreedyBot() for _ in range(4)]
        out: list[Action] = []
        play_hand(rules, bots, seed=8, record=out)
        runs.append(out)
    assert runs[0] == runs[1]


# ---------------------------------------------------------------------- the view alone


@pytest.mark.parametrize("game", ["baoshan", "yongshan"])
def test_greedy_decides_from_the_view_alone(game: str) -> None:
    """Two hands dealt from walls that differ only in what the dealer cannot see (the other
    hands, the live wall) give the dealer equal views, and GreedyBot the same choice."""
    rules = get_variant(game)
    for seed in range(5):
        state = rules.new_hand(seed=seed)
        # all but the dealer's 14 and (Yongshan) the 本金 tile, turned up after the deal
        shown = state.front - 1 if game == "yongshan" else None
        other = hidden_shuffled(rules, state, seed, shown=shown)
        assert other.seats[1].concealed != state.seats[1].concealed
        view, other_view = rules.view(state, 0), rules.view(other, 0)
        assert view == other_view
        bot = GreedyBot()
        assert bot.choose(view) == bot.choose(other_view)
        assert bot.choose(view) == bot.choose(pickle.loads(pickle.dumps(view)))


# ---------------------------------------------------------------------- greedy's rules


@pytest.mark.parametrize("game", ["baoshan", "yongshan"])
def test_greedy_takes_every_win_offered(game: str) -> None:
    rules = get_variant(game)
    bot = GreedyBot()
    phases: dict[Phase, int] = {}
    for view in views_of(rules, range(60)):
        if any(isinstance(a, Hu) for a in view.legal_actions):
            assert isinstance(bot.choose(view), Hu)
            phases[view.phase] = phases.get(view.phase, 0) + 1
    assert phases.get(Phase.TURN, 0) > 0  # on its own draw
    assert phases.get(Phase.CLAIM, 0) > 0  # on a discard


def natural_shanten(rules: Rules, view: View, tile: Tile) -> int:
    """Shanten of the viewer's hand less ``tile``, wildcards split off (no 缺一门)."""
    hand = view.concealed.remove(tile)
    wilds = sum(hand.count(k) for k in view.wild_kinds)
    for kind in view.wild_kinds:
        hand = hand.remove(kind, hand.count(kind))
    return shanten(hand, wilds, seven_pairs=True, honors=rules.honors)


@pytest.mark.parametrize("game", ["baoshan", "yongshan"])
def test_greedy_discards_to_the_lowest_shanten(game: str) -> None:
    """In random hands, every discard GreedyBot makes leaves the lowest shanten any legal
    discard leaves (in Yongshan: hands holding at most two suits, where 缺一门 costs nothing)."""
    rules = get_variant(game)
    bot = GreedyBot()
    checked = 0
    for view in views_of(rules, range(30)):
        action = bot.choose(view)
        if not isinstance(action, Discard):
            continue
        own = view.seats[view.seat]
        naturals = view.concealed
        for kind in view.wild_kinds:
            naturals = naturals.remove(kind, naturals.count(kind))
        suits = {t.suit for t in naturals} | {m.tile.suit for m in own.melds}
        if game == "yongshan" and len(suits) == 3:
            continue
        after = {
            a.tile: natural_shanten(rules, view, a.tile)
            for a in view.legal_actions
            if isinstance(a, Discard)
        }
        assert after[action.tile] == min(after.values()), (view.concealed, action, after)
        checked += 1
    assert checked > 200


def test_greedy_discard_on_hand_checked_hands() -> None:
    rules = get_variant("baoshan", players=2)
    bot = GreedyBot()
    # 123m 456m 789p 11s 24s + 8m: throwing 8m leaves it ready on 3s; anything else does not
    state = deal(rules, {0: "123456m8m789p1124s", 1: Q})
    view = rules.view(state, 0)
    after = {
        a.tile: natural_shanten(rules, view, a.tile)
        for a in view.legal_actions
        if isinstance(a, Discard)
    }
    assert after[T("8m")] == 0 and all(v > 0 for t, v in after.items() if t != T("8m"))
    assert bot.choose(view) == Discard(0, T("8m"))
    # a tie: 2m, 7m and 1s all leave shanten 1; the lone terminal 1s goes
    state = deal(rules, {0: "27m2234456p7p1567s", 1: Q})
    view = rules.view(state, 0)
    after = {
        a.tile: natural_shanten(rules, view, a.tile)
        for a in view.legal_actions
        if isinstance(a, Discard)
    }
    best = {t for t, v in after.items() if v == min(after.values())}
    assert best == {T("2m"), T("7m"), T("1s")}
    assert bot.choose(view) == Discard(0, T("1s"))


def test_greedy_discards_from_the_suit_it_gives_up_in_yongshan() -> None:
    """缺一门: 2m 7m | 2234456 7p | 1 567s holds three suits; 2m, 7m and 1s tie on shanten (1),
    as in the Baoshan hand above, but a Yongshan winner holds two suits at most, so 万 (two
    tiles) goes: GreedyBot throws a 万 where in Baoshan it throws the lone 1s."""
    rules = get_variant("yongshan", players=2)
    # 本金 3m: the wildcard kind is 4m, which the dealer does not hold
    state = deal(rules, {0: "27m2234456p7p1567s", 1: "1m9m2p8p9p9p3s3s3s5s6s7s4m"}, indicator="3m")
    view = rules.view(state, 0)
    assert view.wild_kinds == TileSet("4m")
    after = {
        a.tile: natural_shanten(rules, view, a.tile)
        for a in view.legal_actions
        if isinstance(a, Discard)
    }
    assert {t for t, v in after.items() if v == min(after.values())} == {
        T("2m"),
        T("7m"),
        T("1s"),
    }
    action = GreedyBot().choose(view)
    assert isinstance(action, Discard) and action.tile in (T("2m"), T("7m"))


def test_greedy_pengs_only_when_the_hand_gets_no_farther_from_ready() -> None:
    rules = get_variant("baoshan", players=2)
    bot = GreedyBot()
    dealer = "12345789m36p1369s"  # throws 5m
    cases = {
        "11m33m55m77p99p22s4s": Pass,  # six pairs, ready for 七对: a peng breaks it
        "55m1188p2p5p7p1s4s8s9s": Peng,  # two pairs among scattered tiles: a step on
    }
    for hand, expected in cases.items():
        state = play(rules, deal(rules, {0: dealer, 1: hand}), "0:D5m")
        view = rules.view(state, 1)
        assert Peng(1) in view.legal_actions
        concealed = TileCounts(hand)
        now = shanten(concealed, honors=False)
        after = shanten(concealed.remove(T("5m"), 2), honors=False)  # 3k+2: best discard
        assert (after <= now) is (expected is Peng)
        assert isinstance(bot.choose(view), expected)


def test_greedy_kongs_when_the_hand_stays_as_near_ready() -> None:
    rules = get_variant("baoshan", players=2)
    state = deal(rules, {0: "1111m234p567p89s55s", 1: Q})
    assert GreedyBot().choose(rules.view(state, 0)) == Gang(0, T("1m"), MeldKind.AN_GANG)


def test_greedy_buys_nothing_and_declares_ready() -> None:
    rules = get_variant("baoshan", players=2, bao_ting=True, buy_points="live")
    bot = GreedyBot()
    wall = deal(get_variant("baoshan", players=2), {0: "123456m8m789p1124s", 1: Q}).wall
    state = rules.new_hand(wall=wall)
    for seat in (0, 1):
        assert bot.choose(rules.view(state, seat)) == BuyPoints(seat, 0)
        state = bot.act(rules, state, seat)
    view = rules.view(state, 0)
    assert Ting(0) in view.legal_actions
    assert bot.choose(view) == Ting(0)
    state = bot.act(rules, state, 0)
    assert bot.choose(rules.view(state, 0)) == Discard(0, T("8m"))


# ---------------------------------------------------------------------- greedy beats random


@pytest.mark.parametrize("game", ["baoshan", "yongshan"])
def test_greedy_beats_random(game: str) -> None:
    """Seat 0 greedy, the others random, 200 seeded 4-player hands: seat 0 wins far more
    often than the average random seat and gains points on average. (Measured: seat 0 wins
    about 140 of 200 Baoshan and 155-170 of 200 Yongshan hands; a random seat 0-2.)"""
    rules = get_variant(game, players=4)
    hands = 200
    wins = [0] * 4
    deltas = [0] * 4
    for k in range(hands):
        bots: list[Bot] = [GreedyBot(), *(RandomBot(seed=f"{k}:{s}") for s in (1, 2, 3))]
        result = rules.result(play_hand(rules, bots, seed=k))
        assert result is not None
        for seat in result.winners:
            wins[seat] += 1
        deltas = [d + r for d, r in zip(deltas, result.deltas, strict=True)]
    random_wins = sum(wins[1:]) / 3
    assert wins[0] > hands // 2
    assert wins[0] > 10 * max(random_wins, 1)
    assert deltas[0] > 0 > sum(deltas[1:])
