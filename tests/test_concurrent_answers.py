"""Answers made at the same moment (issue 27; FLOW-2 answers in any order, FLOW-3 the step).

A server sends every seat a moment asks (a claim or rob window, 换三张, 定缺, 买点, a phase of
a variant's own) its view at once, and applies each answer as it comes in, with
``expect_step=view.step``. Every such answer is accepted while the moment its view showed is
open for its seat, whatever the order of arrival, and the hand ends the same way in every
order; an answer for a moment that has passed (a seat answering twice, an answer re-sent
after its window closed, one from a previous window that would be legal in this one) is
refused with :class:`StaleActionError` saying why, and the state is unchanged.

The hands here are driven as a server drives them: JSON views
(``to_dict(rules.view(state, seat))``), clients that read them back and answer with the view's
step, :func:`read_answer` and ``apply(expect_step=step)``.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import test_variant_phases as toys
from mahjong_rules import (
    Action,
    Gang,
    Hu,
    Pass,
    Payment,
    PaymentReason,
    Peng,
    Phase,
    Rules,
    State,
    Tile,
    View,
    WinKind,
    from_dict,
    get_variant,
    read_answer,
    to_dict,
)
from mahjong_rules.bots import GreedyBot
from mahjong_rules.engine.state import replace
from mahjong_rules.engine.step import moment_start
from mahjong_rules.errors import IllegalActionError, StaleActionError
from mahjong_rules.variants import registry
from mahjong_rules.variants.baoshan.buying import BuyPoints
from sichuan_walls import sc_rob_wall
from yongshan_walls import rob_wall

BOT = GreedyBot()
T = Tile
T9S = T("9s")


@attrs.frozen
class Room:
    """A room of one game and how its walls are laid: ``"seed"`` (shuffled from the seed) or
    ``"rob"`` (laid out for a robbed 补杠, played towards a win so that it happens)."""

    variant: str
    options: tuple[tuple[str, Any], ...] = ()
    layout: str = "seed"

    @property
    def rules(self) -> Rules:
        return get_variant(self.variant, **dict(self.options))

    def new_hand(self, seed: int) -> State:
        rules = self.rules
        dealer = seed % rules.players
        if self.layout == "seed":
            return rules.new_hand(seed=seed, dealer=dealer)
        if self.variant == "sichuan":
            return rules.new_hand(wall=sc_rob_wall(seed, dealer), dealer=dealer)
        wildcards = rules.options.wildcards
        return rules.new_hand(wall=rob_wall(seed, rules.players, dealer, wildcards), dealer=dealer)


ROOMS = {
    "baoshan": Room("baoshan"),
    "baoshan 买点": Room("baoshan", (("buy_points", "live"),)),
    "baoshan 3 asked": Room("baoshan", (("ask_every_seat", True),)),
    "yongshan": Room("yongshan"),
    "yongshan 3p": Room("yongshan", (("players", 3),)),
    "yongshan 3 asked": Room("yongshan", (("ask_every_seat", True),)),
    "yongshan rob": Room("yongshan", (), "rob"),
    "sichuan": Room("sichuan"),
    "sichuan 换三张": Room("sichuan", (("swap_three", True),)),
    "sichuan rob": Room("sichuan", (), "rob"),
    "phases toy": Room("phases_toy", (("buy_points", "live"),)),
}
"""The rooms played: the three games, 买点, 换三张, windows asking every seat, walls laid out
for robbing, and a variant with four phases of its own (an ante and 买点 before the deal, 定缺
after it, a phase at the hand's end: ``tests/test_variant_phases.py``'s ``PhasesToy``)."""


@contextlib.contextmanager
def phases_toy() -> Iterator[None]:
    """The phases toy registered (in a copy of the registry, restored afterwards)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
        registry.rules_for.cache_clear()
        registry.register_variant(toys.PhasesToy)
        try:
            yield
        finally:
            registry.rules_for.cache_clear()


# --------------------------------------------------------------------------- the clients


def client(message: str, seed: int, greedy: bool, default: Action | None) -> str:
    """A player's app: the view read back from its JSON, an answer with the view's step.

    Its choice depends on the view alone (and the hand's seed), never on when it answers, so
    every arrival order plays the same choices: at random (a win most often when offered, a
    claim half the time), or ``greedy`` towards a win (in a phase, the phase's ``default``,
    which the server would apply for it; claims eagerly; else :class:`GreedyBot`)."""
    view = from_dict(json.loads(message), View)
    legal = view.legal_actions
    rng = random.Random(f"{seed}:{view.step}:{view.seat}")
    if view.phase is Phase.CHOOSING:
        action = default if greedy and default is not None else rng.choice(legal)
    elif greedy:  # a win, a kong, a peng whenever offered; else GreedyBot
        eager = [a for a in legal if isinstance(a, (Hu, Gang, Peng))]
        action = eager[0] if eager else BOT.choose(view)
    else:
        wins = [a for a in legal if isinstance(a, Hu)]
        claims = [a for a in legal if isinstance(a, (Peng, Gang))]
        if wins and rng.random() < 0.8:
            action = wins[0]
        elif claims and view.phase is Phase.CLAIM and rng.random() < 0.5:
            action = rng.choice(claims)
        else:
            action = rng.choice(legal)
    return json.dumps({"action": to_dict(action), "step": view.step})


# --------------------------------------------------------------------------- the server


@attrs.define
class Tally:
    """What one hand met: moments asking several seats (by phase or stage), and refusals."""

    moments: Counter[str] = attrs.field(factory=Counter)
    refused: Counter[str] = attrs.field(factory=Counter)


def refused_as_stale(rules: Rules, state: State, seat: int, message: str, why: str) -> None:
    """A late answer of ``seat``: read as an answer, refused with StaleActionError whose
    message says the step it was made for, the hand's step and ``why``."""
    action, step = read_answer(message, seat=seat)
    with pytest.raises(StaleActionError) as info:
        rules.apply(state, action, expect_step=step)
    text = str(info.value)
    head = f"{type(action).__name__} was made for step {step}; the hand is at step {state.step}"
    assert text.startswith(head) and why in text, (text, why)


def serve_hand(room: Room, seed: int, order_seed: int, tally: Tally | None = None) -> State:
    """One hand served: at every moment every seat asked is sent its JSON view, and the
    answers arrive in an order drawn from ``order_seed``; each is accepted. Late answers are
    tried on the way (every earlier answer of a seat asked now, each answer again once its
    seat has answered, a window's answers once it has closed): each refused as stale, the
    state unchanged. The hand's last state."""
    rules = room.rules
    greedy = room.layout == "rob" or seed % 2 == 0  # half the hands played towards a win
    order_rng = random.Random(order_seed)
    state = room.new_hand(seed)
    answered: dict[int, list[str]] = {seat: [] for seat in range(rules.players)}
    while not rules.is_over(state):
        asked = sorted(rules.to_act(state))
        start = state.step
        sent = {seat: json.dumps(to_dict(rules.view(state, seat))) for seat in asked}
        defaults = {seat: rules.default_action(state, seat) for seat in asked}
        messages = {seat: client(sent[seat], seed, greedy, defaults[seat]) for seat in asked}
        if tally is not None and len(asked) > 1:
            tally.moments[state.stage or state.phase.value] += 1
        before = to_dict(state) if len(asked) > 1 else None
        for seat in asked:  # its earlier answers (a Pass may be legal again): all passed
            for old in answered[seat][-3:]:
                refused_as_stale(rules, state, seat, old, "that moment has passed")
                if tally is not None:
                    tally.refused["passed"] += 1
        assert before is None or to_dict(state) == before  # refused: the state unchanged
        order = list(asked)
        order_rng.shuffle(order)
        for k, seat in enumerate(order):
            action, step = read_answer(messages[seat], seat=seat)
            assert step == start
            state = rules.apply(state, action, expect_step=step)  # accepted in any order
            if k < len(order) - 1:  # the moment is still open: this seat has answered it
                assert moment_start(state) == start and state.step == start + k + 1
                refused_as_stale(rules, state, seat, messages[seat], "has already answered")
                if tally is not None:
                    tally.refused["answered"] += 1
        if len(asked) > 1:
            for seat in asked:  # the moment has closed: every answer it took is late now
                refused_as_stale(rules, state, seat, messages[seat], "that moment has passed")
        for seat in asked:
            answered[seat].append(messages[seat])
    for seat, late in answered.items():  # the hand is over: its last answers are late too
        for old in late[-1:]:
            refused_as_stale(rules, state, seat, old, "passed (now: the hand has ended)")
    return state


def end(state: State) -> tuple[Any, ...]:
    """What a hand came to: its settlement and deltas, and its last state."""
    result = state.result
    assert result is not None
    return result, result.deltas, state


# --------------------------------------------------------------------------- properties


SEEDS = {
    "baoshan": ((0, 1, 20, 23), {"claim"}),
    "baoshan 买点": ((0, 1, 20), {"buying", "claim"}),
    "baoshan 3 asked": ((0, 1, 2, 3), {"claim", "rob"}),
    "yongshan": ((4, 5, 12, 18), {"claim"}),
    "yongshan 3p": ((6, 7, 9), {"claim"}),
    "yongshan 3 asked": ((0, 1, 3), {"claim", "rob"}),
    "yongshan rob": ((0, 3, 12), {"claim", "rob"}),
    "sichuan": ((0, 1, 26, 32), {"voiding", "claim"}),
    "sichuan 换三张": ((0, 1, 36), {"swapping", "voiding", "claim"}),  # rob: "sichuan rob"
    "sichuan rob": ((1, 8, 10), {"voiding", "claim", "rob"}),
    "phases toy": ((0, 1, 20), {"ante", "buying", "void", "claim", "showing"}),
}
"""Each room's hands (seeds) and the moments asking several seats they meet, by phase or
stage: windows asking two seats are rare in some rooms, so their seeds are chosen to hold
some."""


@pytest.mark.parametrize("label", list(ROOMS))
def test_flow3_every_answer_to_a_shared_moment_is_accepted_in_any_order(label: str) -> None:
    """FLOW-2, FLOW-3 (issue 27): whole hands of every room served as a server does, the
    answers to every moment arriving in three random orders: each answer is accepted, and
    each order ends the same (result, deltas, state); every late answer tried is refused as
    stale, the state unchanged. The hands meet moments asking several seats: claim windows,
    rob windows, 买点, 换三张, 定缺 and the toy's phases (before the deal, after it, at the end)."""
    room = ROOMS[label]
    seeds, moments = SEEDS[label]
    tally = Tally()
    with phases_toy():
        for seed in seeds:
            ends = [end(serve_hand(room, seed, order, tally)) for order in range(3)]
            assert all(e == ends[0] for e in ends)
    assert set(tally.moments) == moments, tally
    assert tally.refused["answered"] >= sum(tally.moments.values()) and tally.refused["passed"]


@settings(max_examples=20, deadline=None)
@given(
    label=st.sampled_from(sorted(ROOMS)),
    seed=st.integers(0, 2**32 - 1),
    orders=st.lists(st.integers(0, 2**32 - 1), min_size=2, max_size=3, unique=True),
)
def test_flow3_any_arrival_order_of_any_hand_gives_one_end(
    label: str, seed: int, orders: list[int]
) -> None:
    """FLOW-2, FLOW-3 (issue 27), a property: any hand of any room, its shared moments
    answered in any arrival orders, every answer accepted: one end (result, deltas, state);
    late answers are refused as stale on the way."""
    with phases_toy():
        room = ROOMS[label]
        ends = [end(serve_hand(room, seed, order)) for order in orders]
        assert all(e == ends[0] for e in ends)


# --------------------------------------------------------------------------- the cases


def default(rules: Rules, state: State, seat: int) -> Action:
    """What the server would apply for ``seat`` (which is asked)."""
    action = rules.default_action(state, seat)
    assert action is not None
    return action


def shared_moment(rules: Rules, state: State) -> State:
    """``state`` played on by GreedyBot, the lowest seat asked first, until a moment asks two
    seats or more."""
    while len(rules.to_act(state)) < 2:
        assert not rules.is_over(state)
        seat = min(rules.to_act(state))
        state = rules.apply(state, BOT.choose(rules.view(state, seat)))
    return state


def stale(rules: Rules, state: State, action: Action, step: int) -> str:
    """The message of the StaleActionError ``action`` made for ``step`` gets; the state is
    unchanged."""
    before = to_dict(state)
    with pytest.raises(StaleActionError) as info:
        rules.apply(state, action, expect_step=step)
    assert to_dict(state) == before and isinstance(info.value, IllegalActionError)
    return str(info.value)


def test_flow3_yongshan_seed_8_both_seats_of_a_window_answer_its_view() -> None:
    """FLOW-2, FLOW-3, YS claims (issue 27's Yongshan seed 8): seat 3's 9s asks seat 0 (peng)
    and seat 2 (hu) at step 43. Each answers the view of step 43, in either order (or the
    second with the view of step 44 re-sent after the first answer): one state, seat 2's win
    on 9s from seat 3 and seat 0's peng, seat 0 in turn. Refused as stale, each saying why:
    seat 0 answering again, seat 1 (not asked), a step no view has shown, an answer once the
    window has closed."""
    rules = get_variant("yongshan")
    window = shared_moment(rules, rules.new_hand(seed=8))
    assert (window.step, window.phase, window.current, window.tile) == (43, Phase.CLAIM, 3, T9S)
    views = {seat: rules.view(window, seat) for seat in (0, 2)}
    assert [(v.step, v.legal_actions) for v in views.values()] == [
        (43, (Peng(0), Pass(0))),
        (43, (Hu(2), Pass(2))),
    ]
    peng = rules.apply(window, Peng(0), expect_step=views[0].step)
    assert peng.step == 44 and rules.to_act(peng) == {2}
    peng_first = rules.apply(peng, Hu(2), expect_step=views[2].step)
    hu_first = rules.apply(rules.apply(window, Hu(2), expect_step=43), Peng(0), expect_step=43)
    assert peng_first == hu_first == rules.apply(peng, Hu(2), expect_step=44)
    [win] = peng_first.wins
    assert (win.seat, win.how, win.tile, win.from_seat) == (2, WinKind.DISCARD, T9S, 3)
    assert peng_first.ledger[-1] == Payment(3, 2, 4, PaymentReason.WIN, 0)
    assert peng_first.seats[0].melds[-1].tile == T9S and rules.to_act(peng_first) == {0}
    head = "was made for step 43; the hand is at step 44"
    assert stale(rules, peng, Peng(0), 43) == (
        f"Peng {head}: seat 0 has already answered the claim window on 9s (open since step 43)"
    )
    assert stale(rules, peng, Pass(1), 43) == (
        f"Pass {head}: seat 1 is not asked in the claim window on 9s (open since step 43)"
    )
    assert stale(rules, peng, Hu(2), 45) == (
        "Hu was made for step 45; the hand is at step 44 (no view has shown step 45)"
    )
    assert stale(rules, peng_first, Hu(2), 43) == (
        "Hu was made for step 43; the hand is at step 45: that moment has passed "
        "(now: seat 0's turn)"
    )


def test_flow3_an_answer_from_the_previous_window_is_refused_in_the_next() -> None:
    """FLOW-3 (issue 27): in a Yongshan room asking every seat (``ask_every_seat``), seat 2
    passes 1p at step 1; the next window (2m, step 5) asks it again, where Pass is legal: its
    Pass made for step 1 is refused as stale (before and after another seat's answer), and
    the one made for step 5 is accepted."""
    rules = get_variant("yongshan", ask_every_seat=True)
    first = shared_moment(rules, rules.new_hand(seed=8))
    assert (first.step, first.tile, sorted(rules.to_act(first))) == (1, T("1p"), [1, 2, 3])
    state = first
    for seat in (2, 3, 1):
        state = rules.apply(state, Pass(seat), expect_step=1)
    nxt = shared_moment(rules, state)
    assert (nxt.step, nxt.tile, sorted(rules.to_act(nxt))) == (5, T("2m"), [0, 2, 3])
    assert Pass(2) in rules.legal_actions(nxt, 2)
    assert stale(rules, nxt, Pass(2), 1) == (
        "Pass was made for step 1; the hand is at step 5: that moment has passed "
        "(now: the claim window on 2m, open since step 5)"
    )
    later = rules.apply(nxt, Pass(3), expect_step=5)
    assert stale(rules, later, Pass(2), 1) == (
        "Pass was made for step 1; the hand is at step 6: that moment has passed "
        "(now: the claim window on 2m, open since step 5)"
    )
    assert rules.apply(later, Pass(2), expect_step=5).answers == (Pass(2), Pass(3))


def test_sc_void_1_four_clients_declare_on_the_views_of_step_0() -> None:
    """SC-VOID-1 定缺 (dìng quē), FLOW-3 (issue 27's reproduction): the four seats each answer
    their view of step 0, in the order 3, 1, 0, 2; every declaration is accepted, and the
    hand is the one the same answers give in seat order. A seat declaring twice, and a
    declaration once the phase has closed, are refused as stale."""
    rules = get_variant("sichuan")
    start = rules.new_hand(seed=0)
    views = {seat: rules.view(start, seat) for seat in range(4)}
    assert {v.step for v in views.values()} == {0} and start.stage == "voiding"
    answers = {seat: default(rules, start, seat) for seat in range(4)}
    state = start
    for k, seat in enumerate((3, 1, 0, 2)):
        if k == 1:
            assert stale(rules, state, answers[3], 0) == (
                "DeclareVoid was made for step 0; the hand is at step 1: seat 3 has already "
                "answered the voiding phase (open since step 0)"
            )
        state = rules.apply(state, answers[seat], expect_step=views[seat].step)
    in_order = start
    for seat in range(4):
        in_order = rules.apply(in_order, answers[seat])
    assert state == in_order and (state.step, state.phase, state.current) == (4, Phase.TURN, 0)
    assert stale(rules, state, answers[1], 0) == (
        "DeclareVoid was made for step 0; the hand is at step 4: that moment has passed "
        "(now: seat 0's turn)"
    )


def test_sc_swap_1_the_swap_answers_are_late_in_the_void_round() -> None:
    """SC-SWAP-1 换三张, SC-VOID-1 (issue 27): the four seats choose their three tiles on the
    views of step 0, in reverse seat order; 定缺 opens at step 4, when the last came in, and
    its answers are made for step 4. A choice of three re-sent then, and a declaration made
    for the swap's step, are refused as stale."""
    rules = get_variant("sichuan", swap_three=True)
    state = rules.new_hand(seed=0)
    swaps = {seat: default(rules, state, seat) for seat in range(4)}
    for seat in (3, 2, 1, 0):
        state = rules.apply(state, swaps[seat], expect_step=0)
    assert (state.step, state.stage, moment_start(state)) == (4, "voiding", 4)
    voids = {seat: default(rules, state, seat) for seat in range(4)}
    assert stale(rules, state, voids[2], 3) == (
        "DeclareVoid was made for step 3; the hand is at step 4: that moment has passed "
        "(now: the voiding phase, open since step 4)"
    )
    state = rules.apply(state, voids[2], expect_step=4)
    assert stale(rules, state, swaps[0], 0) == (
        "SwapTiles was made for step 0; the hand is at step 5: that moment has passed "
        "(now: the voiding phase, open since step 4)"
    )
    for seat in (0, 3, 1):
        state = rules.apply(state, voids[seat], expect_step=4)
    assert (state.step, state.phase) == (8, Phase.TURN)


def test_bs_buy_1_every_seat_buys_on_the_view_of_step_0() -> None:
    """BS-BUY-1 买点 (mǎi diǎn), FLOW-3 (issue 27): in a room with ``buy_points``, the four
    seats buy 2, 0, 1, 2 points on their views of step 0, arriving in the order 2, 0, 3, 1:
    every one is accepted, and the hand is dealt as with the answers in seat order."""
    rules = get_variant("baoshan", buy_points="live")
    start = rules.new_hand(seed=0)
    assert start.stage == "buying" and rules.to_act(start) == {0, 1, 2, 3}
    buys = {seat: BuyPoints(seat, points) for seat, points in enumerate((2, 0, 1, 2))}
    state = start
    for seat in (2, 0, 3, 1):
        state = rules.apply(state, buys[seat], expect_step=rules.view(start, seat).step)
    in_order = start
    for seat in range(4):
        in_order = rules.apply(in_order, buys[seat])
    assert state == in_order and (state.step, state.phase, state.current) == (4, Phase.TURN, 0)
    assert [s.variant.points for s in state.seats] == [2, 0, 1, 2]
    assert stale(rules, state, buys[1], 0) == (
        "BuyPoints was made for step 0; the hand is at step 4: that moment has passed "
        "(now: seat 0's turn)"
    )


def test_flow3_a_phase_at_the_hands_end_takes_its_answers_in_any_order() -> None:
    """FLOW-3 (issue 27), a variant's own phase at the hand's end (the phases toy's
    ``showing``): it opens at the step of the hand's last action; the seats asked answer the
    views of that step in reverse seat order, each accepted, and the hand ends as with the
    answers in seat order; an answer made before the phase opened is refused as stale."""
    with phases_toy():
        rules = get_variant("phases_toy")
        state = rules.new_hand(seed=1)
        last: tuple[Action, int] | None = None
        while state.stage != "showing":
            seat = min(rules.to_act(state))
            last = (default(rules, state, seat), state.step)
            state = rules.apply(state, last[0])
        at_end, asked = state, sorted(rules.to_act(state))
        opened = state.step
        assert moment_start(state) == opened and len(asked) >= 2
        shows = {seat: toys.ShowHand(seat, seat % 2 == 0) for seat in asked}
        for seat in reversed(asked):
            state = rules.apply(state, shows[seat], expect_step=opened)
        in_order = at_end
        for seat in asked:
            in_order = rules.apply(in_order, shows[seat])
        assert rules.is_over(state) and state == in_order
        assert state.step == opened + len(asked) and state.result == in_order.result
        assert last is not None
        assert stale(rules, at_end, last[0], last[1]).endswith(
            f"that moment has passed (now: the showing phase, open since step {opened})"
        )


def test_flow3_moment_start_counts_back_the_answers_held() -> None:
    """FLOW-3 (issue 27): the moment's first step is the state's step less the answers that
    counted a step: in a turn, the step itself; in a window, the engine's forced wins count
    none; in a phase, answers given to a new hand in advance (at step 0) count none."""
    rules = get_variant("baoshan", buy_points="live")
    state = rules.new_hand(seed=0, answers=(BuyPoints(1, 2), BuyPoints(3, 0)))
    assert (state.step, len(state.answers), moment_start(state)) == (0, 2, 0)
    state = rules.apply(state, BuyPoints(2, 1), expect_step=0)
    assert (state.step, len(state.answers), moment_start(state)) == (1, 3, 0)
    state = rules.apply(state, BuyPoints(0, 0), expect_step=0)
    assert (state.phase, state.step, moment_start(state)) == (Phase.TURN, 2, 2)
    window = replace(state, phase=Phase.CLAIM, claimants=(1, 2, 3), forced=(2,))
    window = replace(window, answers=(Pass(1), Hu(2)), step=9)
    assert moment_start(window) == 8
