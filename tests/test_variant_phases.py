"""A variant's own phases, where every asked seat answers at once (issue 19, its phases part).

The contract is :mod:`mahjong_rules.engine.phases` (:class:`OwnPhase`, :class:`When`), listed in
the rules' ``phases``. The toys are Baoshan (honors off) with a 定缺 (dìngquē) phase after the
deal: every seat declares secretly which of 万 筒 条 it gives up, kept in its own seat record and
told to it alone (its private view, an event the others see without the suit); when the last
seat has chosen the suits are revealed to all (the public view, an event). Baoshan's own 买点
(BS-BUY-1, a per-match phase before the deal) stays listed first. A second toy adds a phase
before the deal that asks nobody (skipped), an ante every seat answers before the deal, and a
phase at the hand's end where each seat still in the hand says whether it shows its tiles. A
third lists the ante before 买点 (a per-match phase after one that is not).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

import attrs
import pytest

from mahjong_rules import Hu, Match, Phase, Rules, State, Suit, TileCounts
from mahjong_rules.bots import GreedyBot
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Dealt, Event, Settled
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.phases import OwnPhase, When
from mahjong_rules.engine.state import replace
from mahjong_rules.errors import (
    IllegalActionError,
    OptionsError,
    SerializationError,
    UnknownVariantError,
)
from mahjong_rules.serial import check_state, from_dict, to_dict
from mahjong_rules.tiles import Tile
from mahjong_rules.variants import get_variant, registry
from mahjong_rules.variants.baoshan.buying import Buying, BuyPoints, PointsBought
from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.baoshan.records import BaoshanSeat
from mahjong_rules.variants.baoshan.rules import Baoshan

SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)
M, P, S = SUITS
BOT = GreedyBot()


# --------------------------------------------------------------------------- the toys


@attrs.frozen
class ChooseVoid(Action):
    """定缺: ``seat`` gives up ``suit`` (its secret until every seat has chosen)."""

    suit: Suit
    verb: ClassVar[str] = "choosevoid"


@attrs.frozen
class VoidChosen(Event):
    """``seat`` chose ``suit`` void; the other seats see ``suit`` as ``None``."""

    seat: int
    suit: Suit | None


@attrs.frozen
class VoidsRevealed(Event):
    """Every seat's void suit, by seat, once the last has chosen (public)."""

    voids: tuple[Suit, ...]


@attrs.frozen
class ShowHand(Action):
    """At the hand's end: ``seat`` shows its tiles (``True``) or keeps them hidden."""

    show: bool
    verb: ClassVar[str] = "showhand"


@attrs.frozen
class HandsShown(Event):
    """The seats that chose to show their tiles, once all have answered."""

    seats: tuple[int, ...]


@attrs.frozen
class Ante(Action):
    """Before the deal: ``seat`` puts in its ante (its only answer)."""

    verb: ClassVar[str] = "ante"


@attrs.frozen
class QueSeat(BaoshanSeat):
    """A seat's record: Baoshan's 买点 points and the suit it chose void (``None``: not yet)."""

    void: Suit | None = None


@attrs.frozen
class QueHand:
    """The hand's record: whether the void suits have been revealed."""

    revealed: bool = False


@attrs.frozen
class QuePublic:
    """What every seat sees: the points bought, and the voids once revealed (else none)."""

    points: tuple[int, ...]
    voids: tuple[Suit | None, ...]


@attrs.frozen
class QuePrivate:
    """What a seat alone sees: its own void suit."""

    void: Suit | None


def fewest_suit(concealed: TileCounts) -> Suit:
    """The suit of 万 筒 条 held fewest times (the first such in that order)."""
    held = Counter(tile.suit for tile in concealed)
    return min(SUITS, key=lambda suit: held[suit])


class Voiding(OwnPhase):
    """定缺 after the deal: every seat chooses a void suit, revealed when all have."""

    name: ClassVar[str] = "void"
    when: ClassVar[When] = When.AFTER_DEAL

    def actions(self, rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
        return tuple(ChooseVoid(seat, suit) for suit in SUITS)

    def default(self, rules: Hooks, state: State, seat: int) -> Action:
        return ChooseVoid(seat, fewest_suit(state.seats[seat].concealed))

    def answer(self, rules: Hooks, state: State, action: Action) -> State:
        assert isinstance(action, ChooseVoid)
        seats = list(state.seats)
        mine = seats[action.seat]
        seats[action.seat] = replace(mine, variant=attrs.evolve(mine.variant, void=action.suit))
        event = VoidChosen(action.seat, action.suit)
        return replace(state, seats=tuple(seats), events=(*state.events, event))

    def resolve(self, rules: Hooks, state: State) -> State:
        voids = tuple(s.variant.void for s in state.seats)
        return replace(state, variant=QueHand(True), events=(*state.events, VoidsRevealed(voids)))


class Anteing(OwnPhase):
    """An ante before the deal: every seat answers ``Ante`` (not kept from hand to hand)."""

    name: ClassVar[str] = "ante"
    when: ClassVar[When] = When.BEFORE_DEAL

    def actions(self, rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
        return (Ante(seat),)


class Nobody(OwnPhase):
    """A phase before the deal that asks no seat: it never opens."""

    name: ClassVar[str] = "nobody"
    when: ClassVar[When] = When.BEFORE_DEAL

    def asks(self, rules: Hooks, state: State) -> Iterable[int]:
        return ()

    def actions(self, rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
        raise AssertionError("a phase that asks nobody lists nothing")


class Showing(OwnPhase):
    """At the hand's end every seat that has not won (the default ``asks``) says whether it
    shows its tiles; the result is given once all have said."""

    name: ClassVar[str] = "showing"
    when: ClassVar[When] = When.AT_END

    def actions(self, rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
        return (ShowHand(seat, False), ShowHand(seat, True))

    def resolve(self, rules: Hooks, state: State) -> State:
        shown = tuple(a.seat for a in state.answers if isinstance(a, ShowHand) and a.show)
        return replace(state, events=(*state.events, HandsShown(shown)))


@attrs.frozen
class QueToyOptions(BaoshanOptions):
    """The 定缺 toy's room options (Baoshan's, under a class of its own)."""


@attrs.frozen
class PhasesToyOptions(BaoshanOptions):
    """The second toy's room options."""


class QueToy(Baoshan):
    """Baoshan with 买点 and then a secret 定缺 after the deal."""

    name = "que_phase_toy"
    aliases: ClassVar[tuple[str, ...]] = ()
    name_zh = "定缺阶段玩具"
    options_class: ClassVar[type[BaoshanOptions]] = QueToyOptions
    phases: ClassVar[tuple[OwnPhase, ...]] = (Buying(), Voiding())
    action_types = (*Baoshan.action_types, ChooseVoid)
    event_types = (*Baoshan.event_types, VoidChosen, VoidsRevealed)
    seat_state_class = QueSeat
    hand_state_class = QueHand
    public_view_class = QuePublic
    private_view_class = QuePrivate

    def public_variant_view(self, state: State) -> QuePublic:
        points = tuple(s.variant.points for s in state.seats)
        voids = tuple(s.variant.void for s in state.seats) if state.variant.revealed else ()
        return QuePublic(points, voids)

    def private_variant_view(self, state: State, seat: int) -> QuePrivate:
        return QuePrivate(state.seats[seat].variant.void)

    def event_for(self, event: Event, seat: int) -> Event | None:
        if isinstance(event, VoidChosen) and event.seat != seat:
            return VoidChosen(event.seat, None)
        return super().event_for(event, seat)


class PhasesToy(QueToy):
    """The 定缺 toy with a phase asking nobody and an ante before the deal, and a phase at the
    hand's end."""

    name = "phases_toy"
    name_zh = "阶段玩具"
    options_class = PhasesToyOptions
    phases: ClassVar[tuple[OwnPhase, ...]] = (Buying(), Nobody(), Anteing(), Voiding(), Showing())
    action_types = (*QueToy.action_types, ShowHand, Ante)
    event_types = (*QueToy.event_types, HandsShown)


@attrs.frozen
class AnteFirstOptions(BaoshanOptions):
    """The third toy's room options."""


class AnteFirst(QueToy):
    """The 定缺 toy with the ante before 买点: a per-match phase after one that is not."""

    name = "ante_first_toy"
    name_zh = "先底玩具"
    options_class = AnteFirstOptions
    phases: ClassVar[tuple[OwnPhase, ...]] = (Anteing(), Buying(), Voiding())
    action_types = (*QueToy.action_types, Ante)


@pytest.fixture(autouse=True)
def toys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The two toys registered, in a copy of the registry restored afterwards (the third,
    AnteFirst, is refused: see its test)."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    registry.register_variant(QueToy)
    registry.register_variant(PhasesToy)
    yield
    registry.rules_for.cache_clear()


# --------------------------------------------------------------------------- helpers


def tiles_conserved(state: State) -> None:
    """TILE-1: the live wall, the seats' concealed tiles and melds, and their discards less
    the tiles melds claimed from them are the whole wall."""
    found: Counter[Tile] = Counter(state.wall[state.front : state.back])
    for seat in state.seats:
        found.update(seat.concealed)
        found.update(seat.discards)
        for meld in seat.melds:
            found.update(meld.tiles)
            if meld.from_seat is not None:
                found[meld.tile] -= 1  # it is also in its discarder's discards
    assert found == Counter(state.wall)


def fields(state: State) -> dict[str, Any]:
    return {f.name: getattr(state, f.name) for f in State.FIELDS}


def refused(rules: Rules, state: State, action: Action) -> None:
    """FLOW-3: an unlisted action raises and leaves the state as it was."""
    before = fields(state)
    with pytest.raises(IllegalActionError):
        rules.apply(state, action)
    assert fields(state) == before


def to_phase(rules: Rules, state: State, stage: str, rng: random.Random) -> State:
    """Play at random (a win whenever offered) until the phase ``stage`` is open."""
    while state.stage != stage:
        assert not rules.is_over(state), f"the hand ended without a {stage} phase"
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        wins = [a for a in legal if isinstance(a, Hu)]
        state = rules.apply(state, wins[0] if wins else rng.choice(legal))
    return state


def unlisted(state: State, seat: int) -> list[Action]:
    """Answers no toy phase lists for ``seat`` now."""
    found: list[Action] = [ChooseVoid(seat, Suit.HONOR), ShowHand(seat, True), Ante(seat)]
    found.append(BuyPoints(seat, 2))
    return found


def every_order(rules: Rules, state: State, rng: random.Random) -> None:
    """FLOW-2: a phase just opened, answered (one random answer a seat) in every order of the
    seats: one state, and the same legal actions for every seat after it."""
    answers = [rng.choice(rules.legal_actions(state, seat)) for seat in state.claimants]
    ends = []
    for order in itertools.permutations(answers):
        end = state
        for answer in order:
            end = rules.apply(end, answer)
        ends.append(end)
    for end in ends[1:]:
        assert end == ends[0]
        for seat in range(rules.players):
            assert rules.legal_actions(end, seat) == rules.legal_actions(ends[0], seat)


def play_checked(rules: Rules, seed: int) -> tuple[State, list[str | None]]:
    """One hand from ``seed`` played at random (in every other hand by GreedyBot, outside the
    phases)
    with the checks after every step; the final state and the stages it went through."""
    rng = random.Random(seed)
    eager = seed % 2 == 0
    state = rules.new_hand(seed=seed, dealer=seed % rules.players)
    stages: list[str | None] = []
    while True:
        if not stages or stages[-1] != state.stage:
            stages.append(state.stage)
        tiles_conserved(state)
        acting = rules.to_act(state)
        if rules.is_over(state):
            break
        assert (state.phase is Phase.CHOOSING) == (state.stage is not None)
        if state.phase is Phase.CHOOSING:
            assert acting == set(state.claimants) - {a.seat for a in state.answers}
            for seat in range(rules.players):
                if seat not in acting:
                    assert rules.legal_actions(state, seat) == ()
                    assert rules.default_action(state, seat) is None
            if not state.answers:
                every_order(rules, state, rng)
        for seat in sorted(acting):
            legal = rules.legal_actions(state, seat)
            for action in legal:
                rules.apply(state, action)  # every listed action applies
            for action in unlisted(state, seat):
                if action not in legal:
                    refused(rules, state, action)
        for seat in set(range(rules.players)) - acting:
            refused(rules, state, ChooseVoid(seat, M))
        seat = rng.choice(sorted(acting))
        if eager and state.phase is not Phase.CHOOSING:  # GreedyBot plays to win
            action = BOT.choose(rules.view(state, seat))
        else:
            action = rng.choice(rules.legal_actions(state, seat))
        state = rules.apply(state, action)
    result = rules.result(state)
    assert result is not None
    net = [0] * rules.players
    for p in result.payments:
        assert isinstance(p.payee, int), p  # a seat: this toy pays no pot
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    assert sum(result.deltas) == 0 and list(result.deltas) == net  # FLOW-5
    assert state.variant.revealed
    return state, stages


# --------------------------------------------------------------------------- whole hands


def _hands(players: int, seeds: range) -> set[str]:
    """Hands of both toys played through :func:`play_checked`, the stages checked; how they
    ended ("win", "draw")."""
    endings = set()
    for seed in seeds:
        buy = ("none", "dead_1", "dead_2", "live")[seed % 4]
        first = [] if buy == "none" else ["buying"]
        for name in ("que_phase_toy", "phases_toy"):
            rules = get_variant(name, players=players, buy_points=buy)
            state, stages = play_checked(rules, seed)
            if name == "phases_toy":
                assert stages == [*first, "ante", "void", None, "showing", None]
                assert state.claimants == () and state.answers == ()
                assert state.result is not None and state.events[-1] == Settled(state.result)
            else:
                assert stages == [*first, "void", None]
            endings.add("win" if state.result and state.result.wins else "draw")
    return endings


@pytest.mark.parametrize("players", [2, 3, 4])
def test_flow_random_hands_through_the_phases_keep_the_invariants(players: int) -> None:
    """TILE-1, FLOW-2, FLOW-3, FLOW-5, BS-BUY-1 (issue 19): whole hands of both toys (买点 in
    three rooms of four) played with random legal actions (by GreedyBot in every other hand,
    outside the phases): the tiles are conserved after every step, every listed action applies,
    unlisted ones (answers of other phases, answers given already, answers of seats not
    asked) raise and change nothing, each phase's answers in every order give one state, the
    payments sum to zero, and the hand went through its phases in their order: 买点 (when on),
    the ante, the deal and 定缺, play, and the show phase at the end."""
    assert _hands(players, range(8)) == {"win", "draw"}


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_flow_many_random_hands_through_every_moment(players: int) -> None:
    """TILE-1, FLOW-2, FLOW-3, FLOW-5, BS-BUY-1 (issue 19): as above, 120 hands a table size."""
    assert _hands(players, range(8, 68)) == {"win", "draw"}


# --------------------------------------------------------------------------- answers


def test_flow2_the_answers_in_any_order_give_equal_states() -> None:
    """FLOW-2 (issue 19): the four 定缺 answers applied in each of the 24 orders give equal
    states, the same legal actions for the dealer, the same revealed suits and the same
    events but the echo of the last answer; so do the partial answers of any two seats."""
    rules = get_variant("que_phase_toy")
    opened = rules.new_hand(seed=5)
    assert (opened.phase, opened.stage, opened.claimants) == (Phase.CHOOSING, "void", (0, 1, 2, 3))
    chosen = {0: P, 1: M, 2: S, 3: P}
    ends = []
    for order in itertools.permutations(range(4)):
        state = opened
        for seat in order:
            state = rules.apply(state, ChooseVoid(seat, chosen[seat]))
        assert state.events == (
            VoidChosen(order[-1], chosen[order[-1]]),
            VoidsRevealed((P, M, S, P)),
        )
        ends.append(state)
    assert all(state == ends[0] and hash(state) == hash(ends[0]) for state in ends)
    after = ends[0]
    assert (after.phase, after.stage, after.current, after.answers) == (Phase.TURN, None, 0, ())
    legal = rules.legal_actions(after, 0)
    assert all(rules.legal_actions(state, 0) == legal for state in ends)
    assert rules.view(after, 2).variant == QuePublic((0, 0, 0, 0), (P, M, S, P))
    for a, b in itertools.permutations(range(4), 2):
        one = rules.apply(rules.apply(opened, ChooseVoid(a, chosen[a])), ChooseVoid(b, chosen[b]))
        two = rules.apply(rules.apply(opened, ChooseVoid(b, chosen[b])), ChooseVoid(a, chosen[a]))
        assert one == two and one.answers == tuple(ChooseVoid(s, chosen[s]) for s in sorted((a, b)))
        assert rules.to_act(one) == {0, 1, 2, 3} - {a, b}


def test_bs_buy_1_the_answers_before_the_deal_in_any_order_give_equal_states() -> None:
    """BS-BUY-1, FLOW-2 (issue 19): 买点, Baoshan's own phase before the deal, is order-free
    too: the six orders of three seats' points give one state, in the 定缺 phase."""
    rules = get_variant("que_phase_toy", players=3, buy_points="dead_2")
    opened = rules.new_hand(seed=2)
    assert opened.stage == "buying" and [s.tiles_count for s in opened.seats] == [0, 0, 0]
    bought = {0: 2, 1: 0, 2: 1}
    ends = set()
    for order in itertools.permutations(range(3)):
        state = opened
        for seat in order:
            state = rules.apply(state, BuyPoints(seat, bought[seat]))
        assert state.stage == "void" and [s.variant.points for s in state.seats] == [2, 0, 1]
        ends.add(state)
    assert len(ends) == 1


# --------------------------------------------------------------------------- what each seat sees


def _three_chose(rules: Rules, suits: dict[int, Suit]) -> State:
    state = rules.new_hand(seed=5)
    for seat in (2, 0, 1):
        state = rules.apply(state, ChooseVoid(seat, suits[seat]))
    return state


def test_views_tell_no_seat_another_seats_void_before_the_reveal() -> None:
    """Issue 19: while 定缺 is open a seat sees its own suit (its private view) and nobody
    else's: two hands where the other seats chose differently look the same to it, views and
    events alike; the public view shows no suit."""
    rules = get_variant("que_phase_toy")
    for seat in range(3):
        mine = {0: P, 1: M, 2: S}
        theirs = {k: (v if k == seat else SUITS[(SUITS.index(v) + 1) % 3]) for k, v in mine.items()}
        a, b = _three_chose(rules, mine), _three_chose(rules, theirs)
        assert a != b
        assert rules.view(a, seat) == rules.view(b, seat)
        assert rules.events_for(seat, a.events) == rules.events_for(seat, b.events)
    state = _three_chose(rules, {0: P, 1: M, 2: S})
    assert state.events == (VoidChosen(1, M),)  # the last answer's transition
    for seat in range(4):
        view = rules.view(state, seat)
        assert view.variant == QuePublic((0, 0, 0, 0), ())
        assert view.own_variant == QuePrivate({0: P, 1: M, 2: S, 3: None}[seat])
        assert view.events == (VoidChosen(1, M if seat == 1 else None),)
        assert view.stage == "void"
    after = rules.apply(state, ChooseVoid(3, S))
    for seat in range(4):
        view = rules.view(after, seat)
        assert view.variant == QuePublic((0, 0, 0, 0), (P, M, S, S))
        assert view.events == (VoidChosen(3, S if seat == 3 else None), VoidsRevealed((P, M, S, S)))
        assert view.stage is None


def test_default_action_and_to_act_in_a_phase() -> None:
    """Issue 19: in 定缺 the default action is the phase's own default (the suit held fewest),
    not the first listed; ``to_act`` is the asked seats that have not answered, and a seat
    that has answered gets no legal action and no default."""
    rules = get_variant("que_phase_toy")
    state = rules.new_hand(seed=5)
    assert [rules.default_action(state, s) for s in range(4)] == [
        ChooseVoid(0, P),
        ChooseVoid(1, M),
        ChooseVoid(2, P),
        ChooseVoid(3, P),
    ]
    assert rules.legal_actions(state, 1) == (ChooseVoid(1, M), ChooseVoid(1, P), ChooseVoid(1, S))
    state = rules.apply(state, ChooseVoid(2, P))  # seat 2's default
    assert rules.to_act(state) == {0, 1, 3}
    assert rules.legal_actions(state, 2) == () and rules.default_action(state, 2) is None
    refused(rules, state, ChooseVoid(2, M))  # an answer already given


def test_a_seat_the_phase_does_not_ask_gets_nothing() -> None:
    """Issue 19: the phase at the end asks the seats that have not won (the default
    ``asks``): the winner (seat 2 of this hand) is not asked and has no legal action."""
    rules = get_variant("phases_toy")
    state = to_phase(rules, rules.new_hand(seed=13), "showing", random.Random(13))
    assert state.result is not None and [w.seat for w in state.result.wins] == [2]
    assert state.claimants == (0, 1, 3) and rules.to_act(state) == {0, 1, 3}
    assert rules.legal_actions(state, 2) == () and rules.default_action(state, 2) is None
    assert rules.default_action(state, 3) == ShowHand(3, False)  # the first listed
    refused(rules, state, ShowHand(2, True))


# --------------------------------------------------------------------------- documents


def _inside_phases() -> Iterator[tuple[str, Rules, State]]:
    """States inside each toy phase: fresh, and with some answers."""
    buying = get_variant("phases_toy", players=3, buy_points="dead_1")
    state = buying.new_hand(seed=4)
    yield "buying", buying, state
    yield "buying, one answer", buying, buying.apply(state, BuyPoints(1, 1))
    state = buying.new_hand(seed=4, answers=[BuyPoints(k, k % 2) for k in range(3)])
    yield "ante", buying, state
    yield "ante, one answer", buying, buying.apply(state, Ante(2))
    rules = get_variant("que_phase_toy")
    state = rules.new_hand(seed=5)
    yield "void", rules, state
    yield (
        "void, two answers",
        rules,
        rules.apply(rules.apply(state, ChooseVoid(3, M)), ChooseVoid(0, S)),
    )
    ending = get_variant("phases_toy")
    yield (
        "showing, a 流局",
        ending,
        to_phase(ending, ending.new_hand(seed=0), "showing", random.Random(0)),
    )
    won = to_phase(ending, ending.new_hand(seed=13), "showing", random.Random(13))
    yield "showing, a win", ending, won
    yield "showing, a win, one answer", ending, ending.apply(won, ShowHand(1, True))


INSIDE = (
    "buying",
    "buying, one answer",
    "ante",
    "ante, one answer",
    "void",
    "void, two answers",
    "showing, a 流局",
    "showing, a win",
    "showing, a win, one answer",
)


@pytest.mark.parametrize("case", INSIDE)
def test_states_inside_a_phase_read_back(case: str) -> None:
    """Issue 19: a state inside a phase — before the deal, after it, at the end — is accepted
    by ``check_state`` and reads back from its document equal."""
    cases = {name: state for name, _, state in _inside_phases()}
    assert tuple(cases) == INSIDE
    state = cases[case]
    assert state.phase is Phase.CHOOSING
    check_state(state)
    assert from_dict(to_dict(state)) == state


def _refusal(state: State, change: dict[str, Any], where: str) -> None:
    document = to_dict(state)
    document.update(change)
    with pytest.raises(SerializationError, match=rf"^state\.(?:{where})(?![A-Za-z_])"):
        from_dict(document)


def test_a_document_naming_no_phase_or_an_unasked_seat_is_refused() -> None:
    """Issue 19: a document whose stage names no phase of the room, or with an answer by a
    seat the phase does not ask (the winner, at the end), is refused naming the field."""
    rules = get_variant("phases_toy", players=3, buy_points="dead_1")
    buying = rules.new_hand(seed=4)
    _refusal(buying, {"stage": "tea"}, "stage")
    _refusal(buying, {"stage": None}, "stage|phase")
    _refusal(buying, {"claimants": [0, 1], "answers": [to_dict(BuyPoints(2, 0))]}, "answers")
    ending = get_variant("phases_toy")
    won = to_phase(ending, ending.new_hand(seed=0), "showing", random.Random(0))
    _refusal(won, {"stage": "tea"}, "stage")
    _refusal(won, {"answers": [to_dict(ShowHand(0, True))] * 2}, "answers")
    _refusal(won, {"result": None}, "result")


def _played_to_the_end() -> State:
    """A hand of the second toy played to its phase at the end (a 流局; every seat asked)."""
    ending = get_variant("phases_toy")
    state = to_phase(ending, ending.new_hand(seed=0), "showing", random.Random(0))
    assert state.claimants == (0, 1, 2, 3) and state.result is not None
    check_state(state)
    return state


def test_a_document_with_an_answer_the_phase_does_not_list_is_refused() -> None:
    """Issue 19: a document of a phase at the hand's end whose answer is not one the phase
    lists (an ante, in the show phase) is refused naming the answer."""
    _refusal(_played_to_the_end(), {"answers": [to_dict(Ante(1))]}, r"answers\[0\]")


def test_a_document_asking_other_seats_than_the_phase_is_refused() -> None:
    """Issue 19: a document of a phase at the hand's end that asks other seats than the phase
    asks (two of the four seats still in the hand) is refused naming the claimants."""
    _refusal(_played_to_the_end(), {"claimants": [0, 1]}, "claimants")


@pytest.mark.parametrize(
    ("stage", "where"),
    [("buying", "stage|phase"), ("ante", "stage|front"), ("void", "stage|result")],
)
def test_a_document_in_a_phase_of_another_moment_is_refused(stage: str, where: str) -> None:
    """BS-BUY-1 (issue 19): a hand played out to its settlement cannot be in a phase of
    another moment: 买点 (which this room does not even ask) or the ante before the deal, or
    定缺 after it. Refused naming the stage (or the field that shows the hand has moved on:
    tiles dealt, a settlement made)."""
    _refusal(_played_to_the_end(), {"stage": stage}, where)


# --------------------------------------------------------------------------- the moments


def test_phases_open_in_their_moment_and_order_and_the_result_waits() -> None:
    """BS-BUY-1, BS-DEAL-1 (issue 19): 买点 opens first (no tile dealt), the phase asking
    nobody is skipped, the ante opens next, then the deal and 定缺; at the hand's end the
    settlement is made (``state.result``) but ``result`` is ``None`` and the hand not over,
    with no Settled event, until the last seat has answered: then Settled comes after the
    phase's own event."""
    rules = get_variant("phases_toy", players=3, buy_points="dead_1")
    state = rules.new_hand(seed=4)
    assert (state.stage, state.claimants, state.front) == ("buying", (0, 1, 2), 0)
    for seat in (2, 0, 1):
        state = rules.apply(state, BuyPoints(seat, 1))
    assert state.stage == "ante" and state.events == (PointsBought(1, 1),)
    assert [s.tiles_count for s in state.seats] == [0, 0, 0]
    for seat in (1, 2, 0):
        state = rules.apply(state, Ante(seat))
    assert state.stage == "void" and [s.tiles_count for s in state.seats] == [14, 13, 13]
    assert state.events == (Dealt(0, state.tiles_left),)
    state = to_phase(rules, state, "showing", random.Random(4))
    settlement = state.result
    assert settlement is not None and settlement.exhausted
    assert rules.result(state) is None and not rules.is_over(state)
    assert not any(isinstance(e, Settled) for e in state.events)
    assert state.claimants == (0, 1, 2)
    state = rules.apply(state, ShowHand(2, True))
    assert state.events == () and rules.result(state) is None
    state = rules.apply(state, ShowHand(0, False))
    state = rules.apply(state, ShowHand(1, True))
    assert state.events == (HandsShown((1, 2)), Settled(settlement))
    assert rules.is_over(state) and rules.result(state) == settlement
    assert (state.phase, state.stage, rules.to_act(state)) == (Phase.ENDED, None, frozenset())


def test_a_room_without_buying_skips_its_phase() -> None:
    """BS-BUY-1 (issue 19): in a room that buys no points 买点 asks nobody and is skipped, as
    is the phase that never asks: the ante opens first."""
    rules = get_variant("phases_toy", players=2)
    state = rules.new_hand(seed=1)
    assert (state.stage, state.claimants) == ("ante", (0, 1))


# --------------------------------------------------------------------------- answers given


def test_new_hand_takes_answers_in_advance_and_refuses_wrong_ones() -> None:
    """BS-BUY-1 (issue 19): ``new_hand(answers=...)`` applies answers as if the seats had
    given them, through every phase they reach (the 定缺 after the deal too), their events
    adding up; an answer the open phase does not ask for is refused with OptionsError."""
    rules = get_variant("phases_toy", players=3, buy_points="dead_1")
    buys = [BuyPoints(k, 1) for k in (2, 0, 1)]
    state = rules.new_hand(seed=3, answers=buys)
    assert state.stage == "ante" and [s.variant.points for s in state.seats] == [1, 1, 1]
    assert state.events == tuple(PointsBought(k, 1) for k in (2, 0, 1))  # as applied
    voids = [ChooseVoid(0, M), ChooseVoid(1, M), ChooseVoid(2, S)]
    state = rules.new_hand(seed=3, answers=[*buys, Ante(1), Ante(0), Ante(2), *voids])
    assert (state.phase, state.current) == (Phase.TURN, 0)
    assert state.events[-4:] == (
        *(VoidChosen(a.seat, a.suit) for a in voids),
        VoidsRevealed((M, M, S)),
    )
    assert rules.view(state, 1).variant == QuePublic((1, 1, 1), (M, M, S))
    for answers, message in [
        ([BuyPoints(0, 2)], r"answers\[0\]: BuyPoints\(seat=0, points=2\) .*\(buying\)"),
        ([Ante(0)], r"answers\[0\]: Ante\(seat=0\) .*\(buying\)"),
        ([BuyPoints(0, 1), BuyPoints(0, 1)], r"answers\[1\]"),
        ([*buys, Ante(0), Ante(1), Ante(2), ChooseVoid(0, Suit.HONOR)], r"answers\[6\].*\(void\)"),
        (BuyPoints(0, 1), "answers must be a sequence of actions"),
    ]:
        with pytest.raises(OptionsError, match=message):
            rules.new_hand(seed=3, answers=answers)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="no phase before the deal"):
        get_variant("yongshan").new_hand(seed=3, answers=[Ante(0)])


def test_bs_buy_1_a_match_gives_the_per_match_answers_to_its_next_hand() -> None:
    """BS-BUY-1 (issue 19): a Match's first hand asks 买点; its answers (``Match.answers``)
    are given to the next hand, which asks only the phases not per-match (the ante) again;
    a hand played with other points is refused by ``record``, wrong answers by ``Match``."""
    rules = get_variant("phases_toy", players=3, buy_points="dead_1")
    match = Match(rules)
    assert match.answers is None
    state = match.new_hand(seed=1)
    assert state.stage == "buying"
    for seat, points in ((0, 1), (1, 0), (2, 1)):
        state = rules.apply(state, BuyPoints(seat, points))
    rng = random.Random(1)
    while not rules.is_over(state):
        state = rules.apply(state, rng.choice(rules.legal_actions(state, min(rules.to_act(state)))))
    match = match.record(state)
    assert match.answers == (BuyPoints(0, 1), BuyPoints(1, 0), BuyPoints(2, 1))
    second = match.new_hand(seed=2)
    assert second.stage == "ante" and [s.variant.points for s in second.seats] == [1, 0, 1]
    other = Match(rules, answers=[BuyPoints(k, 0) for k in range(3)])
    assert other.new_hand(seed=1).stage == "ante"
    with pytest.raises(IllegalActionError, match="answers"):
        other.record(state)
    with pytest.raises(OptionsError):
        Match(rules, answers=[BuyPoints(0, 2), BuyPoints(1, 0), BuyPoints(2, 0)])


def _played(rules: Rules, state: State, seed: int) -> State:
    rng = random.Random(seed)
    while not rules.is_over(state):
        state = rules.apply(state, rng.choice(rules.legal_actions(state, min(rules.to_act(state)))))
    return state


@pytest.mark.parametrize("answers", [(), (BuyPoints(0, 1),)], ids=["none", "one seat's"])
def test_bs_buy_1_a_match_refuses_answers_missing_a_per_match_phase(answers: Any) -> None:
    """BS-BUY-1 (issue 19): a match given answers that do not answer its per-match phase
    (买点) for every seat could never record its first hand (the hand's answers would differ
    from them): ``Match`` refuses them with OptionsError."""
    rules = get_variant("phases_toy", players=3, buy_points="dead_1")
    with pytest.raises(OptionsError, match="answers"):
        Match(rules, answers=answers)


def test_bs_buy_1_a_match_takes_its_answers_in_any_order() -> None:
    """BS-BUY-1, FLOW-2 (issue 19): the answers given to a match in another order than by seat
    are the same answers: its first hand records, and the match keeps them by seat."""
    rules = get_variant("phases_toy", players=3, buy_points="dead_1")
    answers = (BuyPoints(2, 1), BuyPoints(0, 1), BuyPoints(1, 0))
    match = Match(rules, answers=answers)
    state = match.new_hand(seed=1)
    assert state.stage == "ante" and [s.variant.points for s in state.seats] == [1, 0, 1]
    match = match.record(_played(rules, state, 1))
    assert match.answers == (BuyPoints(0, 1), BuyPoints(1, 0), BuyPoints(2, 1))


def test_bs_buy_1_a_per_match_phase_after_another_is_refused_at_registration() -> None:
    """BS-BUY-1 (issue 19): a match gives a later hand its per-match answers (买点) first, so
    a variant listing such a phase after another phase before the deal (the ante before 买点)
    is refused when registered, and stays unregistered; so is a per-match phase after the
    deal."""
    with pytest.raises(ValueError, match=r"^AnteFirst\.phases: a per-match phase before the deal"):
        registry.register_variant(AnteFirst)
    with pytest.raises(UnknownVariantError):
        get_variant("ante_first_toy")


@attrs.frozen
class TwiceOptions(BaoshanOptions):
    """The options of a toy listing two phases of one name."""


class Twice(QueToy):
    """Two phases named ``ante``: the state's stage could not tell them apart (the second
    would be taken for the first when it resolves, and opened again, for ever)."""

    name = "twice_toy"
    options_class = TwiceOptions
    phases: ClassVar[tuple[OwnPhase, ...]] = (Anteing(), Anteing(), Voiding())
    action_types = (*QueToy.action_types, Ante)


def test_registering_two_phases_of_one_name_is_refused() -> None:
    """Issue 19: a phase's name is unique in its variant (the state's ``stage`` names the open
    phase by it): registering a variant listing two phases named ``ante`` raises ValueError,
    and leaves it unregistered."""
    with pytest.raises(ValueError, match="ante"):
        registry.register_variant(Twice)
    with pytest.raises(UnknownVariantError):
        get_variant("twice_toy")


@pytest.mark.parametrize(
    ("name", "buy", "answers"),
    [
        ("phases_toy", "dead_1", (BuyPoints(1, 1),)),
        ("que_phase_toy", "none", (ChooseVoid(1, M),)),
    ],
    ids=["买点", "定缺"],
)
def test_a_hand_given_some_answers_in_advance_reads_back(name: str, buy: str, answers: Any) -> None:
    """BS-BUY-1 (issue 19): ``new_hand(answers=...)`` stopping inside a phase (one seat of
    three answered, before the deal or after it) makes a state like any other: accepted by
    ``check_state``, and read back equal. (Answers given in advance count no step.)"""
    rules = get_variant(name, players=3, buy_points=buy)
    state = rules.new_hand(seed=4, answers=answers)
    assert state.phase is Phase.CHOOSING and state.answers == answers and state.step == 0
    check_state(state)
    assert from_dict(to_dict(state)) == state


def test_bs_buy_1_a_state_holds_its_stage_entry_inside_a_phase_and_after() -> None:
    """BS-BUY-1 (issues 19, 27, 35): ``State.stage`` names the open phase of the variant's own
    and is ``None`` after it, a slot like every field (a state has no instance dict, with
    Yongshan's hand record too: tests/test_state_memory.py pins the memory)."""
    rules = get_variant("baoshan", buy_points="live")
    buying = rules.new_hand(seed=2)
    assert buying.stage == "buying" and not hasattr(buying, "__dict__")
    for seat in range(4):
        buying = rules.apply(buying, BuyPoints(seat, 1))
    assert buying.stage is None and fields(buying)["stage"] is None
    assert buying == from_dict(to_dict(buying))
    yongshan = get_variant("yongshan")
    state = yongshan.new_hand(seed=2)
    rng = random.Random(2)
    while yongshan.result(state) is None:
        assert state.stage is None and len(fields(state)) == 29 and not hasattr(state, "__dict__")
        seat = min(yongshan.to_act(state))
        state = yongshan.apply(state, rng.choice(yongshan.legal_actions(state, seat)))
