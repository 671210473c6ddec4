"""The bots in a phase of the variant's own (issue 34: "the bots void 万 every time").

GreedyBot answers a phase with the phase's advice from its view
(:meth:`OwnPhase.advise <mahjong_rules.engine.phases.OwnPhase.advise>`), which
:meth:`Rules.default_action <mahjong_rules.Rules.default_action>` (托管) gives too:

* Sichuan's 定缺 (SC-VOID-1) gives up the suit that costs least, and 换三张 (SC-SWAP-1) passes
  three tiles of the weakest suit: exact choices on hand-built deals, checked against costs
  worked out here with :func:`~mahjong_rules.shanten`;
* over 30 seeded hands the 定缺 choices are spread by hand over the three suits;
* Baoshan's 买点 (BS-BUY-1), asked before the deal, buys 0;
* a plugin's phase gets the same through the contract: its ``keeps`` alone gives bots and 托管
  a sensible answer, and an ``advise`` of its own is what the bot answers (an advice outside
  the legal answers is refused, naming the phase).

Scripted deals are laid out by :func:`scripting.make_wall` (DEAL-1).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import test_variant_phases as toys
from mahjong_rules import Phase, Rules, State, Suit, TileCounts, get_variant, shanten
from mahjong_rules.bots import GreedyBot
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.phase_advice import answer_key, hand_cost, tile_use
from mahjong_rules.engine.phases import OwnPhase
from mahjong_rules.engine.view import View
from mahjong_rules.errors import IllegalActionError
from mahjong_rules.tiles import all_tiles, suited_tiles
from mahjong_rules.variants import registry
from mahjong_rules.variants.baoshan.buying import Buying, BuyPoints
from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.sichuan.actions import DeclareVoid, SwapTiles
from scripting import make_wall

SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)

HANDS = {
    0: "28m1123456p13799s",  # the dealer: two loose 万; 条 1 3 7 loose beside 99s
    1: "12345678m258p37s",  # 条 fewest (two), 筒 three
    2: "345m159p1234567s",  # 万 and 筒 three each: 345m a run, 159p loose
    3: "1357m2468p13579s",  # nothing joined
}
"""The first deal: what each seat should give up is plain to a player."""
HANDS_2 = {**HANDS, 2: "55m149p12345678s"}
"""The second: seat 2 holds two 万 (a pair) and three loose 筒."""


def dealt(hands: dict[int, str], **options: Any) -> tuple[Rules, State]:
    rules = get_variant("sichuan", **options)
    return rules, rules.new_hand(wall=make_wall(hands, players=4), dealer=0)


def choices(rules: Rules, state: State) -> list[str]:
    """Each seat's GreedyBot answer, checked to be what 托管 (``default_action``) gives."""
    bot = GreedyBot()
    out = []
    for seat in range(4):
        chosen = bot.choose(rules.view(state, seat))
        assert rules.default_action(state, seat) == chosen
        out.append(str(chosen))
    return out


def void_costs(concealed: TileCounts) -> dict[Suit, int]:
    """定缺's cost of each suit, worked out here: the 向听 of the hand without the suit, each
    of its tiles a free tile to come, plus one step per tile given up."""
    out = {}
    for suit in SUITS:
        rest = concealed
        for tile in suited_tiles(suit):
            rest = rest.remove(tile, rest.count(tile))
        gone = concealed.size - rest.size
        out[suit] = shanten(rest, gone, seven_pairs=True, honors=False) + gone
    return out


def held(concealed: TileCounts, suit: Suit) -> int:
    return sum(concealed.count(t) for t in suited_tiles(suit))


# ---------------------------------------------------------------------- 定缺


def test_sc_void_1_greedy_gives_up_the_suit_that_costs_least() -> None:
    """SC-VOID-1: the dealer gives up his two loose 万 (cost 2), seat 1 its two 条 (cost 3 as
    its three 筒: fewer tiles), seat 2 its loose 159p rather than its 345m run (three tiles
    each, cost 3 and 4), seat 3 万 (cost 4 as 筒, four tiles each: the first listed). With
    two 万 in a pair and three loose 筒 (the second deal) seat 2 gives up 万: both cost 3, and
    万 is fewer tiles. Each sets aside its lowest tile of the suit. Before issue 34 every seat
    voided 万."""
    rules, state = dealt(HANDS)
    assert state.stage == "voiding"
    assert choices(rules, state) == ["0 void m 2m", "1 void s 3s", "2 void p 1p", "3 void m 1m"]
    costs = {k: void_costs(state.seats[k].concealed) for k in range(4)}
    assert [costs[k][Suit.MAN] for k in range(4)] == [2, 8, 4, 4]
    assert [costs[k][Suit.PIN] for k in range(4)] == [6, 3, 3, 4]
    assert [costs[k][Suit.SOU] for k in range(4)] == [4, 3, 7, 5]
    rules, state = dealt(HANDS_2)
    assert choices(rules, state)[2] == "2 void m 5m"
    assert void_costs(state.seats[2].concealed) == {Suit.MAN: 3, Suit.PIN: 3, Suit.SOU: 8}


def test_sc_void_1_choices_over_30_seeds_are_spread_by_hand() -> None:
    """SC-VOID-1 as played: GreedyBot at every seat of 30 seeded hands (120 choices) gives up
    each suit often, never always 万 (it did 120 times of 120 before issue 34); every choice
    is a suit of least cost (worked out here), the fewest tiles among those, and 托管 gives
    the same answer."""
    rules = get_variant("sichuan")
    bot = GreedyBot()
    given_up: Counter[Suit] = Counter()
    for seed in range(30):
        state = rules.new_hand(seed=seed)
        while state.stage == "voiding":
            seat = min(rules.to_act(state))
            chosen = bot.choose(rules.view(state, seat))
            assert isinstance(chosen, DeclareVoid)
            assert rules.default_action(state, seat) == chosen
            concealed = state.seats[seat].concealed
            costs = void_costs(concealed)
            best = min(costs.values())
            fewest = min(held(concealed, s) for s in SUITS if costs[s] == best)
            assert costs[chosen.suit] == best, (concealed, costs, chosen)
            assert held(concealed, chosen.suit) == fewest
            given_up[chosen.suit] += 1
            state = rules.apply(state, chosen)
    assert sum(given_up.values()) == 120
    assert given_up == Counter({Suit.MAN: 43, Suit.PIN: 41, Suit.SOU: 36})


# ---------------------------------------------------------------------- 换三张


def test_sc_swap_1_greedy_passes_three_of_the_weakest_suit() -> None:
    """SC-SWAP-1: the dealer passes his loose 1s 3s 7s (keeping 99s and the 筒; he will give
    up 万, two tiles, after it), seat 1 its three 筒 (it holds two 条, too few to pass), seat 2
    its loose 1p 5p 9p (not the 345m run), seat 3 1m 3m 5m; with three loose 149p seat 2
    passes them, keeping its 55m pair. Before issue 34 every seat passed the first three
    listed (its lowest 万 where it held three)."""
    rules, state = dealt(HANDS, swap_three=True)
    assert state.stage == "swapping"
    assert choices(rules, state) == [
        "0 swap 1s3s7s",
        "1 swap 2p5p8p",
        "2 swap 1p5p9p",
        "3 swap 1m3m5m",
    ]
    rules, state = dealt(HANDS_2, swap_three=True)
    assert choices(rules, state)[2] == "2 swap 1p4p9p"


def test_sc_swap_1_the_advice_ranks_the_kept_hands() -> None:
    """SC-SWAP-1: the dealer's best passes cost 4 (three steps for the tiles passed, each a
    free tile to come; then 万 given up, two more; with those five free tiles 1123456p 99s is
    complete), breaking 1123456p as much as passing loose 条; the kept tiles alone decide,
    without free tiles for those passed: after 1s3s7s, 28m1123456p99s is 1 from ready once 万
    goes, after 1p1p2p 2. Of the three loose 条 passes tied at 1 (1s3s7s, 1s3s9s, 7s9s9s)
    the first listed goes."""
    rules, state = dealt(HANDS, swap_three=True)
    view = rules.view(state, 0)
    keys = {}
    for action in view.legal_actions:
        assert isinstance(action, SwapTiles)
        kept = view.concealed
        for tile in action.tiles:
            kept = kept.remove(tile)
        keys[str(action)] = answer_key(rules, view, kept, max_suits=2)
    best = min(keys.values())
    assert best == keys["0 swap 1s3s7s"] == (4, 3, 1, -9)
    assert keys["0 swap 1p1p2p"] == (4, 3, 2, -9)
    assert [k for k, v in keys.items() if v == best] == [
        "0 swap 1s3s7s",
        "0 swap 1s3s9s",
        "0 swap 7s9s9s",
    ]
    kept = TileCounts("28m1123456p99s")
    assert hand_cost(kept, 3, 0, honors=False, max_suits=2) == 1
    assert hand_cost(kept, 0, 0, honors=False, max_suits=2) == 1
    assert hand_cost(kept, 0, 0, honors=False, max_suits=3) == 1
    assert tile_use(kept) == 9


def _hand_cost_model(
    naturals: TileCounts, wilds: int, melded: int, honors: bool, max_suits: int
) -> int:
    """hand_cost by brute force: the least over every set of suits given up (none melded)
    that leaves at most ``max_suits``, of the 向听 without them plus their tiles."""
    size = naturals.size + wilds
    if size % 3 == 0 or size > 14:
        return 0
    by_suit = [TileCounts([t for t in naturals if t.suit is suit]) for suit in SUITS]
    present = {k for k in range(3) if by_suit[k].size or melded >> k & 1}
    costs = []
    for gone_suits in itertools.chain.from_iterable(
        itertools.combinations(sorted(present), n) for n in range(len(present) + 1)
    ):
        if len(present) - len(gone_suits) > max_suits or any(melded >> k & 1 for k in gone_suits):
            continue
        gone = sum(by_suit[k].size for k in gone_suits)
        kept = TileCounts([t for t in naturals if t.suit not in {SUITS[k] for k in gone_suits}])
        costs.append(shanten(kept, wilds + gone, honors=honors) + gone)
    if not costs:  # the melded suits alone are too many: nothing can be given up
        return shanten(naturals, wilds, honors=honors)
    return min(costs)


def _kinds(hand: str) -> list[int]:
    return [tile.index for tile in TileCounts(hand)]


@settings(max_examples=400, deadline=None)
# the smaller of two suits of three tiles is not the cheaper one to give up (5 against 4)
@example(kinds=_kinds("1125678m458p269s"), honors=False, wilds=0, melded=0, max_suits=2)
# a suit of as many tiles as the best cost so far still costs less (4 against 5)
@example(kinds=_kinds("4579m23459p14899s"), honors=False, wilds=0, melded=0, max_suits=2)
@given(
    kinds=st.lists(st.integers(0, 33), max_size=14),
    honors=st.booleans(),
    wilds=st.integers(0, 8),
    melded=st.integers(0, 7),
    max_suits=st.integers(1, 3),
)
def test_hand_cost_is_the_cheapest_suits_given_up(
    kinds: list[int], honors: bool, wilds: int, melded: int, max_suits: int
) -> None:
    """SC-VOID-3, the phases' advice: hand_cost is the least 向听 over every choice of suits to
    give up (each of their tiles a free tile and a step; a melded suit kept), whatever the
    hand, wildcards, melded suits and limit (its pruned search against brute force)."""
    held = Counter(k if honors else k % 27 for k in kinds)
    naturals = TileCounts([all_tiles()[k] for k, n in held.items() for _ in range(min(n, 4))])
    wilds = min(wilds, 14 - naturals.size)
    expected = _hand_cost_model(naturals, wilds, melded, honors, max_suits)
    assert hand_cost(naturals, wilds, melded, honors=honors, max_suits=max_suits) == expected


# ---------------------------------------------------------------------- 买点 and 托管


def test_bs_buy_1_greedy_buys_nothing_before_the_deal() -> None:
    """BS-BUY-1: 买点 is asked before the deal, so a view holds no tile to judge a hand's
    worth by; every answer leaves the same (empty) hand, and the bot, like 托管, buys 0 (the
    first listed): raising the stakes blind risks a person's points for nothing known."""
    rules = get_variant("baoshan", buy_points="live")
    state = rules.new_hand(seed=4)
    assert state.stage == "buying"
    for seat in range(4):
        view = rules.view(state, seat)
        assert view.concealed.size == 0
        assert view.legal_actions == (BuyPoints(seat, 0), BuyPoints(seat, 1), BuyPoints(seat, 2))
        assert GreedyBot().choose(view) == BuyPoints(seat, 0)
        assert rules.default_action(state, seat) == BuyPoints(seat, 0)


@pytest.mark.parametrize("options", [{"swap_three": True}, {}], ids=["swap", "void"])
def test_sc_swap_1_sc_void_1_tuoguan_answers_as_the_bot(options: dict[str, Any]) -> None:
    """SC-SWAP-1, SC-VOID-1: in every phase moment of 20 seeded hands, the answer 托管 gives
    for a seat (``default_action``, from the state) is the bot's from the seat's view."""
    rules = get_variant("sichuan", **options)
    bot = GreedyBot()
    asked = 0
    for seed in range(20):
        state = rules.new_hand(seed=seed)
        while state.phase is Phase.CHOOSING:
            seat = min(rules.to_act(state))
            chosen = bot.choose(rules.view(state, seat))
            assert rules.default_action(state, seat) == chosen
            state = rules.apply(state, chosen)
            asked += 1
    assert asked == (160 if options else 80)


# ---------------------------------------------------------------------- a plugin's phase


class KeptVoiding(toys.Voiding):
    """The toys' 定缺 (three answers, one a suit) saying only what each answer keeps: the
    contract's default ``advise`` and ``default`` do the rest."""

    default = OwnPhase.default  # the toy's own default (fewest tiles) set aside

    def keeps(self, rules: Hooks, view: View, action: Action) -> TileCounts | None:
        assert isinstance(action, toys.ChooseVoid)
        kept = view.concealed
        for tile in suited_tiles(action.suit):
            kept = kept.remove(tile, kept.count(tile))
        return kept


@attrs.frozen
class KeptOptions(BaoshanOptions):
    """The keeping toy's room options."""


class KeptToy(toys.QueToy):
    """The toys' 定缺 room with :class:`KeptVoiding`."""

    name = "kept_void_toy"
    name_zh = "定缺建议玩具"
    options_class = KeptOptions
    phases: ClassVar[tuple[OwnPhase, ...]] = (Buying(), KeptVoiding())


@pytest.fixture
def kept_toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[Rules]:
    """The keeping toy registered, in a copy of the registry restored afterwards."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    registry.register_variant(KeptToy)
    yield get_variant("kept_void_toy")
    registry.rules_for.cache_clear()


def _to_void(rules: Rules, seed: int) -> State:
    state = rules.new_hand(seed=seed)
    while state.stage != "void":
        state = rules.apply(state, GreedyBot().choose(rules.view(state, min(rules.to_act(state)))))
    return state


def test_a_plugin_phase_that_says_what_it_keeps_gets_sensible_answers(kept_toy: Rules) -> None:
    """The contract (issue 34): a plugin's 定缺 that only writes ``keeps`` has the bot and 托管
    give up, in 20 seeded hands, a suit of least cost (the toy's play has no void rule, so
    with all three suits allowed each kept hand is scored as it stands), the same answer
    both ways, and not always the first listed."""
    bot = GreedyBot()
    chosen: Counter[Suit] = Counter()
    for seed in range(20):
        state = _to_void(kept_toy, seed)
        for seat in range(4):
            action = bot.choose(kept_toy.view(state, seat))
            assert isinstance(action, toys.ChooseVoid)
            assert kept_toy.default_action(state, seat) == action
            costs = void_costs(state.seats[seat].concealed)
            assert costs[action.suit] == min(costs.values())
            chosen[action.suit] += 1
    assert set(chosen) == set(SUITS)


def test_a_plugin_phase_advice_is_the_bots_answer(
    kept_toy: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A phase's own ``advise`` is what the bot and 托管 answer; an advice that is not one of
    the seat's answers is refused by the bot with a typed error naming the phase."""
    state = _to_void(kept_toy, 3)

    def last(self: OwnPhase, rules: Hooks, view: View) -> Action:
        return view.legal_actions[-1]

    monkeypatch.setattr(KeptVoiding, "advise", last)
    assert GreedyBot().choose(kept_toy.view(state, 2)) == toys.ChooseVoid(2, Suit.SOU)
    assert kept_toy.default_action(state, 2) == toys.ChooseVoid(2, Suit.SOU)

    def wrong(self: OwnPhase, rules: Hooks, view: View) -> Action:
        return toys.ChooseVoid(view.seat + 1, Suit.MAN)

    monkeypatch.setattr(KeptVoiding, "advise", wrong)
    with pytest.raises(
        IllegalActionError,
        match=r"^KeptVoiding\.advise gave ChooseVoid\(seat=3, suit=Suit\.MAN\), not one of "
        r"seat 2's answers in its void phase$",
    ):
        GreedyBot().choose(kept_toy.view(state, 2))
