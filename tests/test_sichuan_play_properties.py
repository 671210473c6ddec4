"""Whole Sichuan 血战到底 (xuèzhàn dàodǐ) hands played at random keep the engine's contracts
(issue 20): the property tests of the other two games, for the third.

Hypothesis draws a room with :func:`mahjong_rules.strategies.rooms` (every option of
:class:`SichuanOptions` over every value it allows, the fan table included), a wall (shuffled
from a seed; nearly sorted, so that quads, kongs and early wins come often; or laid out for a
robbed 补杠), a dealer, and for each seat a player (:class:`Players`: the library's RandomBot
and GreedyBot, and players that claim everything, or decline half their wins). Each example
plays one hand to its end and checks after every step:

* SC-TILES-1, TILE-1: hands + melds + discards (less those claimed) + the live wall are the
  wall, no kind above four; the set-aside tile of 定缺 (SC-VOID-2) is counted once, among its
  seat's concealed tiles until it is discarded; each seat holds 13 (14 in turn), a winner
  keeps its tiles (SC-END-1).
* SC-GANG-PAY-1..3, SC-PENALTY-2: each kong's money is paid as it is made, under its new ref
  (a 暗杠 2 from each un-won seat, 48 to the pot for a void-suit one; a 直杠 2 from the
  discarder; a promoted 补杠 1 from each, before its rob window; a postponed one nothing).
* SC-PAY-4, FLOW-5: the ledger sums to zero with the pot at every step, only 48-point 罚分 go
  to the pot, every 退杠 refund gives back one kong payment at most once (SC-REFUND-1..3); at
  the end ``sum(result.deltas) + result.pot == 0`` and the result's payments are the ledger.
* SC-PAY-3, SC-END-1: a seat that has won never acts, is never asked, never pays, and is paid
  only kong money coming back or 花猪 at the end; the hand ends at the third win or the wall's
  end (SC-LAST-1); the next dealer is SC-DEALER-2's.
* SC-SWAP-1, SC-VOID-1..5, SC-CLAIM-2, SC-CLAIM-3, SC-GANG-1..3, SC-LAST-1, FLOW-6: what each
  seat is offered (the phases' answers exactly, the set-aside tile first, void-suit tiles
  first, no claim or win on the void suit, no kong without a tile left, only a discard after a
  peng), and a window's outcome (every hu answer wins, in play order; hu before peng; a robbed
  补杠 is never made).
* FLOW-3: every listed action applies (one more off the played line each step; all of them in
  the every-action property); unlisted ones (a discard of a tile not held, a hu not listed, a
  peng by a seat not asked, a 换三张 or 定缺 answer out of its phase, another seat's action,
  random ones) raise IllegalActionError and leave the state equal.
* FLOW-2, SC-CLAIM-2, SC-SWAP-1, SC-VOID-1: when several seats must answer (a claim or rob
  window, 换三张, 定缺), answering in another order gives the same state and events (but the
  echo of the answer applied last).
* SC-VIEW-1: a seat's view and its ``events_for`` are equal in a twin state in which every
  secret of the other un-won seats (:mod:`sichuan_twins`) is redrawn; another seat's draw,
  pass, 暗杠, 换三张 tiles and void suit never reach it in an event.
* SERIAL: every state reads back from JSON equal (events included); a tampered one (a 退杠
  refund with no kong payment behind it, a pot payment of another reason, a void suit changed
  after 定缺, a refund given twice) is refused with SerializationError.

The quick properties (unmarked) play 430 hands in some 40 s; the ``slow`` one 1,200 more (about
90 s). ``--hypothesis-show-statistics`` lists what the hands went through (rob windows, 一炮多响,
过水, third wins, 呼叫转移, each pattern, each kind of payment, the tampering tried).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import event, given, settings

from mahjong_rules import (
    Action,
    Hu,
    Meld,
    Phase,
    Rules,
    State,
    TileCounts,
    TileSet,
    from_dict,
    get_variant,
    to_dict,
)
from mahjong_rules.engine.events import Claimed, Konged, Passed, Won
from mahjong_rules.engine.state import replace
from mahjong_rules.variants.sichuan import (
    Sichuan,
    TilesChosen,
    VoidDeclared,
)
from sichuan_deals import PLAYERS, Deal, Players, deals
from sichuan_documents import check_tampered, reads_back, transferred
from sichuan_play_checks import (
    SUITED,
    check_acting,
    check_kong_money,
    check_ledger,
    check_paid_seats,
    check_result,
    check_sizes,
    check_window,
    first_wins,
    payment_rows,
    sc_illegal_action,
)
from sichuan_tables import sc_deal
from sichuan_tables import step as sc_step
from sichuan_twins import check_views
from test_play_properties import (
    Accounts,
    Table,
    assert_unchanged,
    built,
    check_illegal,
    check_tiles,
    snapshot,
    track_table,
)
from test_sichuan_corners import old_kong_table, rob_table

MAX_STEPS = 1000
ECHOES = (Passed, TilesChosen, VoidDeclared)
"""Events that echo only the answer applied last (compared without them)."""

# --------------------------------------------------------------------------- answer orders


def same_outcome(a: State, b: State) -> None:
    """Equal states, and equal events but for the echo of the answer applied last."""
    assert a == b
    assert [e for e in a.events if not isinstance(e, ECHOES)] == [
        e for e in b.events if not isinstance(e, ECHOES)
    ]


def compare_orders(rng: random.Random, hand: Hand, state: State) -> list[Action]:
    """FLOW-2, SC-CLAIM-2, SC-SWAP-1, SC-VOID-1: the acting seats' answers (the players' own
    half the time, else any listed one) applied in two or three orders give one outcome; each
    step asks exactly the seats still to answer."""
    rules = hand.rules
    acting = sorted(rules.to_act(state))
    answers = [
        hand.choose(rng, rules, state, s)
        if rng.random() < 0.5
        else rng.choice(rules.legal_actions(state, s))
        for s in acting
    ]
    orders = [answers, answers[::-1]]
    if len(answers) > 2:
        orders.append(rng.sample(answers, len(answers)))
    finals = []
    for order in orders:
        current = state
        for i, answer in enumerate(order):
            after = rules.apply(current, answer)
            if i < len(order) - 1:
                assert rules.to_act(after) == {a.seat for a in order[i + 1 :]}, (order, i)
            else:
                check_window(current, answer, after)
            current = after
        finals.append(current)
    for other in finals[1:]:
        same_outcome(finals[0], other)
    return answers


# --------------------------------------------------------------------------- views and documents


# --------------------------------------------------------------------------- playing a hand


@attrs.define
class Hand:
    """What one hand has shown so far, for the checks that span transitions."""

    rules: Rules
    accounts: Accounts
    choose: Callable[[random.Random, Rules, State, int], Action]
    first: list[Won] = attrs.field(factory=list)
    """The Won events of the hand's first win (one, or 一炮多响), for SC-DEALER-2."""
    seen: set[str] = attrs.field(factory=set)
    """What the hand went through (reported as hypothesis events, for coverage)."""
    steps: int = 0


def check_state(hand: Hand, state: State, table: Table, *, acting: bool = True) -> None:
    check_tiles(state, table, hand.accounts)
    check_sizes(state)
    check_ledger(state)
    if acting:
        check_acting(hand.rules, state)


def step(
    hand: Hand, table: Table, before: State, action: Action, *, full: bool
) -> tuple[State, Table]:
    """Apply ``action`` (listed): ``before`` stays as it was, and the transition and the new
    state keep every check."""
    saved = snapshot(before)
    after = hand.rules.apply(before, action)
    assert_unchanged(before, saved)
    table = track_table(table, before, after)
    check_paid_seats(before, after)
    check_window(before, action, after)
    check_kong_money(before, action, after)
    check_state(hand, after, table, acting=full)
    return after, table


def observe(hand: Hand, before: State, state: State) -> None:
    seen = hand.seen
    for e in state.events:
        if isinstance(e, (Claimed, Konged)):
            seen.add(f"meld: {e.meld.kind.value}")
    if state.phase is Phase.ROB:
        seen.add("rob window")
    if state.stage is not None:
        seen.add(f"phase: {state.stage}")
    if any(s.pass_hu for s in state.seats):
        seen.add("过水 (a win declined)")
    if len(state.wins) - len(before.wins) > 1:
        seen.add("一炮多响")


def play_hand(
    deal: Deal,
    players: Players,
    *,
    every_action: bool = False,
    views: bool = True,
    documents: int = 4,
) -> Hand:
    """Play one hand to its end, checking everything after every step.

    At each step an unlisted action is tried; several seats' answers are compared in other
    orders; the chosen action is applied, and so is one other listed action off the played
    line (with ``every_action``: every action listed for every acting seat, each resulting
    state checked in full). Every ``documents``-th state (and each new phase, and the end) reads
    back from JSON, and the first states with kong money, a refund, a settled 定缺 are tampered.
    """
    rules = deal.rules
    rng = random.Random(players.seed)
    state = deal.new_hand()
    assert sorted(state.wall) == sorted(t for t in SUITED for _ in range(4)), "SC-TILES-1"
    hand = Hand(rules, Accounts(state.wall), players.bots())
    table: Table = tuple(() for _ in range(state.players))
    check_state(hand, state, table)
    reads_back(state, hand.seen)
    while True:
        check_illegal(rules, state, built(sc_illegal_action, rng, rules, state))
        if views:
            check_views(rules, state, rng, hand.seen)
        if hand.steps % documents == 0 or state.stage is not None or state.phase is Phase.ROB:
            reads_back(state, hand.seen)
            check_tampered(state, hand.seen)
        if rules.result(state) is not None:
            break
        acting = sorted(rules.to_act(state))
        if len(acting) > 1:
            compare_orders(rng, hand, state)
            hand.seen.add(f"answer orders compared: {state.stage or state.phase.value}")
        seat = rng.choice(acting)
        chosen = hand.choose(rng, rules, state, seat)
        listed = [a for s in acting for a in rules.legal_actions(state, s)]
        assert chosen in listed
        others = [a for a in listed if a != chosen]
        if not every_action:
            others = rng.sample(others, min(1, len(others)))
        for action in others:
            step(hand, table, state, action, full=every_action)
        before = state
        state, table = step(hand, table, state, chosen, full=True)
        if not hand.first and state.wins:
            hand.first = first_wins(state.events)
        observe(hand, before, state)
        hand.steps += 1
        assert hand.steps < MAX_STEPS, "the hand never ends"
    reads_back(state, hand.seen)
    result = check_result(rules, state, hand.first)
    for _ in range(3):  # FLOW-3: nothing is legal after the end
        check_illegal(rules, state, built(sc_illegal_action, rng, rules, state))
    seen = hand.seen
    seen.add(f"{len(result.wins)} wins, {'wall end' if result.exhausted else 'third win'}")
    seen.update(f"payment: {row}" for row in payment_rows(result.payments))
    for win in result.wins:
        seen.add(f"win: {win.how.value}")
        seen.update(f"pattern: {item.key}" for item in win.breakdown.items)
    for label in sorted(seen):
        event(label)
    return hand


# --------------------------------------------------------------------------- the properties


@pytest.mark.slow  # (the quick part leaves it to the full run; CI runs it)
@settings(max_examples=400, deadline=None, derandomize=True)
@given(deal=deals(), players=PLAYERS)
def test_sichuan_random_hands_keep_every_invariant(deal: Deal, players: Players) -> None:
    """SC-TILES-1, SC-PAY-3, SC-PAY-4, SC-END-1, SC-LAST-1, SC-DEALER-2, SC-CLAIM-2, SC-CLAIM-3,
    SC-SWAP-1, SC-VOID-1..5, SC-GANG-1..3, SC-GANG-PAY-1..3, SC-PENALTY-2, SC-REFUND-1..3,
    SC-CHAJIAO-1, SC-HUAZHU-1, SC-WIN-3, SC-VIEW-1, FLOW-2, FLOW-3, FLOW-5: a hand in a room
    of any options, played by random, greedy, eager and coy players, keeps every check after
    every step (see the module)."""
    play_hand(deal, players)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(deal=deals(), players=PLAYERS)
def test_sichuan_every_listed_action_applies(deal: Deal, players: Players) -> None:
    """FLOW-3, SC-TILES-1, SC-SWAP-1, SC-VOID-1: at every step every action listed for every
    acting seat (every 换三张 and 定缺 answer included) applies and keeps every check; every
    state of the played line reads back from JSON (SERIAL)."""
    play_hand(deal, players, every_action=True, views=False, documents=1)


@pytest.mark.slow
@settings(max_examples=1200, deadline=None, derandomize=True)
@given(deal=deals(), players=PLAYERS)
def test_sichuan_many_random_hands_keep_every_invariant(deal: Deal, players: Players) -> None:
    """The main property's checks (SC-TILES-1, SC-PAY-4, SC-END-1, SC-CLAIM-2, SC-VIEW-1, ...)
    over 1,200 more hands (a document read back at every 8th step)."""
    play_hand(deal, players, documents=8)


# ------------------------------------------------------------------ what the properties found


HANDS = {1: "123456p1234567s", 2: "2345678p234567s", 3: "1999p123456789s"}
"""Three hands of 筒 and 条 for the positions below (each declares 万 void, holding none)."""


def test_sc_pat_tian_hu_a_first_turn_win_reads_back() -> None:
    """SC-PAT-天胡, SERIAL: the state after the dealer's 天胡 (declared void without a tile, a
    dealt win) reads back from its document (the property found the reader refusing the 'tian_hu'
    item)."""
    rules = get_variant("sichuan")
    state = sc_deal(rules, {**HANDS, 0: "111234567789m55p"}, voids="s m m m")
    assert Hu(0) in rules.legal_actions(state, 0)
    won = rules.apply(state, Hu(0))
    assert "tian_hu" in [item.key for item in won.wins[0].breakdown.items]
    assert from_dict(json.loads(json.dumps(to_dict(won)))) == won


def test_sc_win_2_sc_chajiao_3_a_wait_on_a_fifth_copy_is_valued() -> None:
    """SC-WIN-2 (``exhaustive_wait="hand"``), SC-CHAJIAO-3: a seat holding one 8s beside its
    peng of 8s waits on 8s under the PDF's reading (only the hand counts), so 查叫 at the
    wall's end values that wait, as 平胡 (1), there being no fifth 8s to score the hand with
    (the property found its scoring raising TileCountError, so that the listed discard ending
    the wall raised)."""
    rules = get_variant("sichuan", exhaustive_wait="hand")
    assert isinstance(rules, Sichuan)
    state = sc_deal(rules, {**HANDS, 0: "111234567789m99s"}, voids="p m m m")
    melds = tuple(Meld.parse(m) for m in ("A6s", "A9s", "P7s@1", "P8s@1"))
    mine = replace(state.seats[0], concealed=TileCounts("8s"), melds=melds, drawn=None)
    state = replace(state, seats=(mine, *state.seats[1:]))
    assert rules.ready(state, 0) and rules.waits(state, 0) == TileSet("8s")
    assert rules.cha_jiao_value(state, 0) == 1  # no fifth 8s to score: valued as 平胡


def test_sc_refund_2_a_transferred_kong_reads_back() -> None:
    """SC-REFUND-2 with ``gang_shang_pao_refund="transfer"`` (呼叫转移), SERIAL: the state after
    the konger pays his kong's money to the winner of his discard reads back (the property
    found the reader refusing the kong's second payee)."""
    rules = get_variant("sichuan", gang_shang_pao_refund="transfer")
    state = sc_step(rules, old_kong_table(rules), "2:H")[0]
    assert transferred(state)
    assert from_dict(json.loads(json.dumps(to_dict(state)))) == state


def test_sc_gang_pay_3_a_rob_window_after_a_paid_bu_gang_reads_back() -> None:
    """SC-GANG-PAY-3, SC-GANG-3, SERIAL: while a promoted 补杠 may be robbed its money is
    already paid, and the state reads back (the property found the reader refusing the
    pending kong's ref)."""
    rules = get_variant("sichuan")
    state = sc_step(rules, rob_table(rules), "1:B5m")[0]
    assert state.phase is Phase.ROB and state.ledger
    assert from_dict(json.loads(json.dumps(to_dict(state)))) == state
