""":class:`CountingBot` answers 定缺, 换三张 and 买点 by the hand's worth (issue 37 section 3;
:mod:`mahjong_rules.bots.worth`).

* Scripted deals, exact choices, beside the shared advice's (``CountingBot(worth=False)``,
  the phase's own ``advise``) where they differ: 定缺 keeps four pairs (七对) where the advice
  keeps a suit as near to 平胡 (SC-VOID-1); 换三张 passes three 条 to keep ten 筒 for 清一色,
  and passes loose tiles rather than break pairs (SC-SWAP-1); 买点 buys the most points the
  room lists, or none when the bot expects no edge (BS-BUY-1).
* The worth of a hand, worked out by hand for its plans (SC-PAT-清一色, SC-PAT-七对).
* The choices are the view's alone: the other hands and the wall shuffled, the same choice.
* A plug-in's phase keeps its own advice.

Scripted hands are laid out by :func:`scripting.make_wall` (DEAL-1).
"""

from __future__ import annotations

from typing import Any

import pytest

from mahjong_rules import TileCounts, get_variant
from mahjong_rules.bots import CountingBot
from mahjong_rules.bots.worth import STEP, hand_worth
from mahjong_rules.engine.state import Phase
from mahjong_rules.variants.base import Rules
from scripting import hidden_shuffled, make_wall

PAIRS = {
    0: "28m1123456p13799s",
    1: "17799m3399p3478s",  # four pairs: 77m 99m 33p 99p
    2: "22668m8899p4678s",  # four pairs: 22m 66m 88p 99p
    3: "1357m2468p13579s",
}
"""A deal whose seats 1 and 2 are as near to 平胡 whichever of 筒 and 条 they give up."""
FLUSH = {
    0: "1122335589m1235s",
    1: "2344667789p467s",  # ten 筒, three loose 条, no 万
    2: "4566779m1158p22s",
    3: "1357m2468p13579s",
}
"""A deal whose seat 1 holds ten 筒."""


def answers(rules: Rules, hands: dict[int, str], **bot: Any) -> list[str]:
    state = rules.new_hand(wall=make_wall(hands, players=4), dealer=0)
    return [str(CountingBot(**bot).choose(rules.view(state, k))) for k in range(4)]


def test_sc_void_1_worth_keeps_four_pairs_where_the_advice_keeps_a_suit() -> None:
    """SC-VOID-1, SC-PAT-七对: seat 1 (17799m 3399p 3478s) is four tiles and 0 steps (with
    those four to come) from 平胡 whether it gives up 筒 or 条, and the advice gives up 筒;
    giving up 条 keeps its four pairs, 七对 (2 fan) two pairs away, which the worth counts
    above 平胡: it voids 条, setting aside 3s. Seat 2 (22668m 8899p 4678s) likewise. Seats 0
    and 3 answer as advised."""
    rules = get_variant("sichuan")
    assert answers(rules, PAIRS, worth=False) == [
        "0 void m 2m",
        "1 void p 3p",
        "2 void p 8p",
        "3 void m 1m",
    ]
    assert answers(rules, PAIRS) == ["0 void m 2m", "1 void s 3s", "2 void s 4s", "3 void m 1m"]


def test_sc_swap_1_worth_passes_loose_tiles_not_pairs() -> None:
    """SC-SWAP-1: with 换三张, seat 1 passes 3s4s7s (a suit it will give up, SC-VOID-3) and
    keeps 33p 99p, where the advice passes 3p3p9p; seat 2 passes 4s6s7s where the advice
    passes 8p8p9p."""
    rules = get_variant("sichuan", swap_three=True)
    assert answers(rules, PAIRS, worth=False) == [
        "0 swap 1s3s7s",
        "1 swap 3p3p9p",
        "2 swap 8p8p9p",
        "3 swap 1m3m5m",
    ]
    assert answers(rules, PAIRS) == [
        "0 swap 1s3s7s",
        "1 swap 3s4s7s",
        "2 swap 4s6s7s",
        "3 swap 1m3m5m",
    ]


def test_sc_swap_1_worth_keeps_ten_of_a_suit_for_qing_yi_se() -> None:
    """SC-SWAP-1, SC-PAT-清一色: seat 1 (2344667789p 467s, no 万) is as near 平胡 passing three
    筒 as passing its three 条, and the advice passes 2p3p6p; passing 4s6s7s keeps ten 筒, a
    清一色 (2 fan) a step or two away, and the worth passes them. The other seats as advised."""
    rules = get_variant("sichuan", swap_three=True)
    advised = answers(rules, FLUSH, worth=False)
    assert advised == ["0 swap 1m2m3m", "1 swap 2p3p6p", "2 swap 1p1p5p", "3 swap 1m3m5m"]
    assert answers(rules, FLUSH) == [advised[0], "1 swap 4s6s7s", *advised[2:]]


def test_sc_pat_qing_yi_se_and_qi_dui_worth_by_hand() -> None:
    """SC-PAT-清一色 (2 fan), SC-PAT-七对 (2 fan), SC-CAP-1 (score 2 ** fan), a win being -1
    steps: ten 筒 and three tiles to come. 平胡: 向听 0 with three free tiles, and a step for
    each, 3 steps, worth STEP ** 4. 清一色: the same 0, the three off-suit tiles, one step more
    (QYS_EXTRA), 4 steps, worth 2 ** 2 * STEP ** 5, twice 平胡's. Four pairs and four tiles to
    come: 平胡 0 + 4 steps, STEP ** 5; 七对 6 - 4 = 2 steps and 3 more (QIDUI_EXTRA), worth
    4 * STEP ** 6, twice 平胡's."""
    flush, plain = hand_worth(TileCounts("2344667789p"), 3)
    assert plain == STEP**4
    assert flush == 4 * STEP**5
    pairs, plain = hand_worth(TileCounts("17799m3399p"), 4)
    assert (pairs, plain) == (4 * STEP**6, STEP**5)


@pytest.mark.parametrize(("buy_points", "bought"), [("dead_1", 1), ("dead_2", 2), ("live", 2)])
def test_bs_buy_1_buys_the_most_points_listed(buy_points: str, bought: int) -> None:
    """BS-BUY-1, BS-PAY-2: 买点 is asked before the deal (the seat holds no tile); each point
    adds to every payment the seat makes and receives, so CountingBot, which expects to
    receive more than it pays (BUY_EDGE > 0), buys the most the room lists: 1 with 死点 cap 1,
    2 with cap 2 and with 活点. With no edge (``buy_edge=0``) it declines (0), as the advice
    (the first listed) does."""
    rules = get_variant("baoshan", buy_points=buy_points)
    state = rules.new_hand(seed=1)
    assert state.stage == "buying"
    for seat in range(4):
        view = rules.view(state, seat)
        assert view.concealed.size == 0
        assert CountingBot().choose(view).points == bought  # type: ignore[attr-defined]
        assert CountingBot(buy_edge=0.0).choose(view).points == 0  # type: ignore[attr-defined]
        assert CountingBot(worth=False).choose(view).points == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "room",
    [("sichuan", {}), ("sichuan", {"swap_three": True}), ("baoshan", {"buy_points": "live"})],
)
def test_flow_1_worth_reads_the_view_alone(room: tuple[str, dict[str, Any]]) -> None:
    """FLOW-1 (views): walls that differ only in what the dealer cannot see (the other hands,
    the live wall) give the dealer equal views in 定缺, 换三张 and 买点, and the same choice."""
    game, options = room
    rules = get_variant(game, **options)
    for seed in range(30):
        state = rules.new_hand(seed=seed)
        other = hidden_shuffled(rules, state, seed)
        assert other.seats[1].concealed != state.seats[1].concealed or game == "baoshan"
        view, other_view = rules.view(state, 0), rules.view(other, 0)
        assert view == other_view and view.phase is Phase.CHOOSING
        assert CountingBot().choose(view) == CountingBot().choose(other_view)


@pytest.mark.installed_plugins
def test_flow_1_a_plugins_phase_keeps_its_own_advice() -> None:
    """FLOW-1: in the hongzhong plug-in's own phase CountingBot answers as the phase advises,
    worth or not (only 定缺, 换三张 and 买点 are weighed)."""
    rules = get_variant("hongzhong")
    asked = 0
    for seed in range(40):
        state = rules.new_hand(seed=seed)
        while rules.result(state) is None:
            seat = min(rules.to_act(state))
            view = rules.view(state, seat)
            chosen = CountingBot().choose(view)
            if view.phase is Phase.CHOOSING:
                asked += 1
                assert chosen == CountingBot(worth=False).choose(view)
            state = rules.apply(state, chosen)
    assert asked > 0
