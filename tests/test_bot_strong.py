""":class:`CountingBot`, the stronger shipped bot (issue 37 section 3).

* Scripted positions, exact choices: of the discards that leave the hand nearest ready it keeps
  the most live tiles (GreedyBot, on the same view, throws another); far from ready it does
  not throw a 报听 seat a tile it may wait on, but one that seat discarded itself (BS-TING-1);
  it pengs only for a step nearer ready or more live tiles; 定缺 gives up the suit the hand
  is worth least in (SC-VOID-1); the tiles it counts as unseen are those of its own view.
* Every room (the three games, 2 to 4 players, more options) and the toy and hongzhong
  plug-ins: 200 hands each played to the end with CountingBot at two seats (FLOW-1).
* It decides from the view alone: hands whose walls differ only in what the seat cannot see
  give it equal views and equal choices; it is deterministic.

Scripted hands are laid out by :func:`scripting.deal` and :func:`scripting.new` (DEAL-1).
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from mahjong_rules import Discard, Hu, Pass, Peng, TileCounts, TileSet, get_variant, shanten
from mahjong_rules.arena import bot_factory
from mahjong_rules.bots import Bot, CountingBot, GreedyBot, RandomBot
from mahjong_rules.bots.reading import danger, threats, unseen_counts
from mahjong_rules.engine.state import Phase
from mahjong_rules.tiles import Tile
from scripting import Q2, Q, T, deal, hidden_shuffled, new, play

MAX_STEPS = 5000
"""A hand that has not ended after this many actions is a bug."""


def live_by_hand(hand: TileCounts, tile: Tile) -> tuple[int, int]:
    """Worked out here: the 向听 after throwing ``tile`` (seven pairs allowed), and how many
    tiles not in ``hand`` (the only tiles the dealer has seen at the start) lower it."""
    rest = hand.remove(tile)
    now = shanten(rest, seven_pairs=True, honors=False)
    live = 0
    for index in range(27):
        kind = Tile(index)
        if hand.count(kind) < 4 and shanten(rest.add(kind), seven_pairs=True, honors=False) < now:
            live += 4 - hand.count(kind)
    return now, live


def test_flow_6_counting_keeps_the_most_live_tiles_among_the_nearest_ready() -> None:
    """FLOW-6 (a discard each turn): 233669m 111p 14568s. Throwing 2m, 3m, 9m, 1s or 8s leaves
    the hand two steps from ready; of those, throwing 1s leaves 48 unseen tiles that take a
    step (9m: 44, 3m: 46), so CountingBot throws 1s where GreedyBot throws the lone end 9m."""
    rules = get_variant("baoshan", players=2)
    hand = "233669m111p14568s"
    view = rules.view(deal(rules, {0: hand, 1: Q}), 0)
    worked = {
        str(a.tile): live_by_hand(TileCounts(hand), a.tile)
        for a in view.legal_actions
        if isinstance(a, Discard)
    }
    nearest = {t: live for t, (d, live) in worked.items() if d == 2}
    assert nearest == {"2m": 40, "3m": 46, "9m": 44, "1s": 48, "8s": 41}
    assert min(d for d, _ in worked.values()) == 2
    assert CountingBot().choose(view) == Discard(0, T("1s"))
    assert GreedyBot().choose(view) == Discard(0, T("9m"))


TING = get_variant("baoshan", bao_ting=True)


def test_bs_ting_1_far_from_ready_it_does_not_feed_a_declared_seat() -> None:
    """BS-TING-1: seat 1 declares 报听 on its first draw (waiting on 1p and 4p) and throws the
    6p it drew; seat 2, three steps from ready, draws the other 6p. GreedyBot would throw 1p,
    seat 1's win; CountingBot gives up the race and throws the 6p seat 1 threw itself."""
    state = new({0: Q + "9m", 1: "111m456m789m23p33s", 2: Q, 3: Q2}, draws="6p6p", rules=TING)
    state = play(TING, state, "0:D9m 1:T 1:D6p")
    view = TING.view(state, 2)
    assert view.concealed == TileCounts(Q + "6p")
    assert TING.waits(state, 1) == TileSet("1p4p")
    found = threats(view)
    assert [(t.seat, t.weight) for t in found] == [(1, 3)]
    unseen = unseen_counts(view)
    assert [danger(T(t), found, unseen) for t in ("6p", "1p", "4p", "9p")] == [3, 6, 12, 6]
    assert GreedyBot().choose(view) == Discard(2, T("1p"))
    assert CountingBot().choose(view) == Discard(2, T("6p"))


def test_bs_ting_1_near_ready_it_keeps_racing() -> None:
    """BS-TING-1: the same declared seat 1, but seat 2 holds 123456789m 5p 557s and draws 4s:
    one step from ready, it does not fold (the safest tile is the end tile 1m) but throws the
    4s that leaves the most live tiles."""
    hand2 = "123m456m789m5p55s7s"
    state = new({0: Q + "9m", 1: "111m456m789m23p33s", 2: hand2, 3: Q}, draws="6p4s", rules=TING)
    state = play(TING, state, "0:D9m 1:T 1:D6p")
    view = TING.view(state, 2)
    found, unseen = threats(view), unseen_counts(view)
    assert [danger(T(t), found, unseen) for t in ("1m", "4s", "5p")] == [6, 12, 12]
    assert CountingBot().choose(view) == Discard(2, T("4s"))


def test_flow_6_unseen_counts_read_the_view_alone() -> None:
    """FLOW-6: after 0:D9m, 1:T, 1:D6p the dealer's view shows its own 13 tiles, the 9m and
    the 6p in the ponds: no other tile is counted as seen."""
    state = new({0: Q + "9m", 1: "111m456m789m23p33s", 2: Q, 3: Q2}, draws="6p6p", rules=TING)
    state = play(TING, state, "0:D9m 1:T 1:D6p")
    unseen = unseen_counts(TING.view(state, 0))
    seen = TileCounts(Q + "9m6p")
    assert unseen[:34] == [4 - seen.count(Tile(k)) for k in range(34)]


def test_flow_4_counting_pengs_only_for_a_step_or_more_live_tiles() -> None:
    """FLOW-4 (claims): the dealer throws 5m. Six pairs (ready for 七对): both bots pass. Two
    pairs among scattered tiles: a peng is a step nearer ready, both peng. 34557m 23589p 235s:
    a peng leaves the hand as far from ready as it is (three steps) with fewer tiles to draw
    to: GreedyBot pengs, CountingBot passes."""
    rules = get_variant("baoshan", players=2)
    dealer = "12345789m36p1369s"
    cases = {
        "11m33m55m77p99p22s4s": (Pass, Pass),
        "55m1188p2p5p7p1s4s8s9s": (Peng, Peng),
        "34557m23589p235s": (Pass, Peng),
    }
    for hand, (counting, greedy) in cases.items():
        state = play(rules, deal(rules, {0: dealer, 1: hand}), "0:D5m")
        view = rules.view(state, 1)
        assert isinstance(CountingBot().choose(view), counting)
        assert isinstance(GreedyBot().choose(view), greedy)
    concealed = TileCounts("34557m23589p235s")
    now = shanten(concealed, seven_pairs=True, honors=False)
    after = shanten(concealed.remove(T("5m"), 2), seven_pairs=True, honors=False)
    assert now == after == 3


def test_sc_void_1_counting_gives_up_the_suit_worth_least() -> None:
    """SC-VOID-1: 定缺 by the hand's worth, here as the phase advises (no seat holds a
    七对, 碰碰胡 or 清一色 worth more: tests/test_bot_worth.py has those): each seat gives up
    the suit whose loss costs fewest steps to a win (the dealer his two loose 万; seat 1 its two 条;
    seat 2 its loose 159p rather than its 345m run; seat 3 万)."""
    from test_bots_phases import HANDS, dealt

    rules, state = dealt(HANDS)
    assert state.stage == "voiding"
    chosen = [str(CountingBot().choose(rules.view(state, k))) for k in range(4)]
    assert chosen == ["0 void m 2m", "1 void s 3s", "2 void p 1p", "3 void m 1m"]


ROOMS = [
    *[("baoshan", {"players": n}) for n in (2, 3, 4)],
    *[("yongshan", {"players": n}) for n in (2, 3, 4)],
    ("baoshan", {"players": 4, "honors": True, "bao_ting": True, "buy_points": "live"}),
    ("yongshan", {"players": 4, "wildcards": "double", "ti_from_hand": True}),
    ("sichuan", {}),
    ("sichuan", {"swap_three": True}),
    pytest.param(("toy", {}), marks=pytest.mark.installed_plugins),
    pytest.param(("hongzhong", {}), marks=pytest.mark.installed_plugins),
]
"""Every game and player count, rooms with more options, and the two installed plug-ins."""


@pytest.mark.slow
@pytest.mark.parametrize(
    "room", ROOMS, ids=lambda r: r[0] + "-" + "-".join(map(str, r[1].values()))
)
def test_flow_1_counting_plays_200_hands_of_every_room_to_the_end(
    room: tuple[str, dict[str, Any]],
) -> None:
    """FLOW-1: 200 hands of each room end, CountingBot at two seats beside GreedyBot and
    RandomBot; every choice is one of the view's legal actions; the results sum to zero
    (but in Sichuan, whose 罚分 go to a pot, SC-PENALTY-2)."""
    game, options = room
    rules = get_variant(game, **options)
    wins = 0
    for seed in range(200):
        bots: list[Bot] = [CountingBot(), GreedyBot(), CountingBot(), RandomBot(seed=seed)]
        state = rules.new_hand(seed=seed)
        for _ in range(MAX_STEPS):
            if rules.result(state) is not None:
                break
            seat = min(rules.to_act(state))
            view = rules.view(state, seat)
            action = bots[seat].choose(view)
            assert action in view.legal_actions
            state = rules.apply(state, action)
        result = rules.result(state)
        assert result is not None
        assert game == "sichuan" or sum(result.deltas) == 0
        wins += sum(1 for w in result.wins if w.seat in (0, 2))
    assert wins > 0


@pytest.mark.parametrize(
    "room", [("baoshan", {}), ("yongshan", {}), ("sichuan", {}), ("sichuan", {"swap_three": True})]
)
def test_flow_1_counting_decides_from_the_view_alone(room: tuple[str, dict[str, Any]]) -> None:
    """FLOW-1 (views): two hands dealt from walls that differ only in what the dealer cannot
    see (the other hands, the live wall) give the dealer equal views and CountingBot the same
    choice, for a pickled copy of the view too."""
    game, options = room
    rules = get_variant(game, **options)
    for seed in range(8):
        state = rules.new_hand(seed=seed)
        shown = state.front - 1 if game == "yongshan" else None  # the 本金 tile, turned up
        other = hidden_shuffled(rules, state, seed, shown=shown)
        assert other.seats[1].concealed != state.seats[1].concealed
        view, other_view = rules.view(state, 0), rules.view(other, 0)
        assert view == other_view
        bot = CountingBot(seed=seed)
        chosen = bot.choose(view)
        assert chosen == CountingBot().choose(other_view)
        assert chosen == bot.choose(pickle.loads(pickle.dumps(view)))


def test_counting_is_deterministic_and_named_in_the_arena() -> None:
    """The same hand played twice by CountingBots gives the same actions; the arena seats
    it as ``counting``."""
    rules = get_variant("sichuan")
    runs = []
    for _ in range(2):
        state = rules.new_hand(seed=4)
        actions = []
        while rules.result(state) is None:
            seat = min(rules.to_act(state))
            action = CountingBot(seed="4").choose(rules.view(state, seat))
            actions.append(action)
            state = rules.apply(state, action)
        runs.append(actions)
    assert runs[0] == runs[1]
    assert repr(bot_factory("counting")("7/1:0")) == "CountingBot(seed='7/1:0')"


def test_flow_4_tuoguan_takes_the_win_counting_bot_takes() -> None:
    """FLOW-4 (claims), 托管: seat 1's dealt 13 wait on 1p and 4p and the dealer throws 1p:
    ``default_action`` (a seat whose time ran out) wins, as CountingBot does, where it used
    to pass; in the dealer's first turn it throws what CountingBot throws."""
    hands = {0: Q + "9m", 1: "111m456m789m23p33s", 2: Q, 3: Q2}
    start = new(hands, draws="6p", rules=TING)
    assert TING.default_action(start, 0) == CountingBot().choose(TING.view(start, 0))
    state = play(TING, start, "0:D1p")
    assert TING.legal_actions(state, 1) == (Hu(1), Pass(1))
    assert TING.default_action(state, 1) == Hu(1)


@pytest.mark.parametrize("room", [("baoshan", {}), ("sichuan", {"swap_three": True})])
def test_flow_1_tuoguan_is_counting_bot_at_every_step(room: tuple[str, dict[str, Any]]) -> None:
    """FLOW-1, 托管: at every step of four hands, for every seat asked, ``default_action`` is
    CountingBot's choice from the seat's view (in a game's own phase, the phase's advice,
    which CountingBot gives with ``worth=False``)."""
    game, options = room
    rules = get_variant(game, **options)
    bot, advised = CountingBot(), CountingBot(worth=False)
    for seed in range(4):
        state = rules.new_hand(seed=seed)
        while rules.result(state) is None:
            for seat in rules.to_act(state):
                view = rules.view(state, seat)
                chooser = advised if view.phase is Phase.CHOOSING else bot
                assert rules.default_action(state, seat) == chooser.choose(view)
            answer = rules.default_action(state, min(rules.to_act(state)))
            assert answer is not None
            state = rules.apply(state, answer)
