"""Strategies for whole games: :func:`states`, :func:`legal_actions` and :func:`played_hands`.

A state is reached by play, never built field by field, so every example is one a server can
meet: a seeded wall (DEAL-1) is dealt, and bots (:mod:`mahjong_rules.bots`) play some number of
actions, each seat a seeded :class:`~mahjong_rules.bots.RandomBot` or a
:class:`~mahjong_rules.bots.GreedyBot`. What hypothesis draws is small: the room, the wall's
seed, the dealer, the 买点 (mǎidiǎn) points, which bot plays each seat, the seed of the random
play and how many actions to play. A failing example shrinks to a low seed, few steps and the
default room, not to a pile of tiles.

The properties a server developer writes with them — every state the server stores reads back,
no view shows another seat's concealed tile, the server's bot never sends an illegal action:

>>> import json
>>> from hypothesis import given, settings
>>> from hypothesis import strategies as st
>>> from mahjong_rules import from_dict, to_dict
>>> from mahjong_rules.variants import rules_for
>>> from mahjong_rules.bots import GreedyBot
>>> @settings(max_examples=10, deadline=None)
... @given(states())
... def test_every_stored_state_reads_back(state):
...     stored = json.dumps(to_dict(state))            # what the server writes to its store
...     assert from_dict(json.loads(stored)) == state
>>> test_every_stored_state_reads_back()
>>> @settings(max_examples=10, deadline=None)
... @given(states())
... def test_no_view_shows_another_seats_tile(state):
...     rules = rules_for(state.options)
...     for seat in range(state.players):
...         view = rules.view(state, seat)
...         for other in view.seats:
...             if other.seat != seat and not other.won:   # a winner shows its hand
...                 assert other.hand is None
>>> test_no_view_shows_another_seats_tile()
>>> @settings(max_examples=10, deadline=None)
... @given(states(ongoing=True))
... def test_my_bot_never_sends_an_illegal_action(state):
...     rules = rules_for(state.options)
...     for seat in rules.to_act(state):
...         action = GreedyBot().choose(rules.view(state, seat))   # your bot here
...         assert action in rules.legal_actions(state, seat)
...         rules.apply(state, action)                 # raises IllegalActionError if not
>>> test_my_bot_never_sends_an_illegal_action()

:func:`legal_actions` draws what a client may send in a state (``st.data()`` draws it after
the state), and :func:`played_hands` gives whole hands with their
:class:`~mahjong_rules.records.HandRecord`, for tests of saved records and settlements:

>>> from mahjong_rules import replay
>>> @settings(max_examples=10, deadline=None)
... @given(states(ongoing=True), st.data())
... def test_a_legal_action_applies(state, data):
...     action = data.draw(legal_actions(state))
...     rules_for(state.options).apply(state, action)
>>> test_a_legal_action_applies()
>>> @settings(max_examples=5, deadline=None)
... @given(played_hands())
... def test_a_saved_record_replays(hand):
...     record = from_dict(json.loads(json.dumps(to_dict(hand.record))))
...     assert replay(record).result == hand.result
...     assert sum(hand.result.deltas) + hand.result.pot == 0   # the pot: Sichuan's 罚分
>>> test_a_saved_record_replays()
"""

from __future__ import annotations

import random

import attrs
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from mahjong_rules.bots import Bot, GreedyBot, RandomBot
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.phases import When, open_phase
from mahjong_rules.engine.settlement import HandResult
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.errors import UnknownVariantError
from mahjong_rules.records import HandRecord
from mahjong_rules.strategies.room_options import rooms
from mahjong_rules.variants import Rules, rules_for

__all__ = ["MAX_STEPS", "PlayedHand", "RulesSpec", "legal_actions", "played_hands", "states"]

RulesSpec = Rules | st.SearchStrategy[Rules] | None
"""A room for :func:`states` and :func:`played_hands`: rules, a strategy of rules, or ``None``
(any room of any registered variant, :func:`~mahjong_rules.strategies.rooms`)."""

MAX_STEPS = 150
"""Most actions :func:`states` plays after the deal (a hand takes about 10 to 110)."""
_SEEDS = st.integers(0, 2**32 - 1)
_RETRIES = 50
"""Walls tried, one seed after another, for a hand that does not end at its deal."""


@attrs.frozen
class PlayedHand:
    """A finished hand: its room, its :class:`~mahjong_rules.records.HandRecord` (the deal and
    every action, in order) and its last state, whose result is :attr:`result`.

    ``replay(hand.record).result == hand.result`` holds for every example of
    :func:`played_hands`.
    """

    rules: Rules
    """The room the hand was played in."""
    record: HandRecord
    """How the hand was dealt (a seed) and every action taken."""
    state: State
    """The last state (phase ``ENDED``)."""

    @property
    def result(self) -> HandResult:
        """The settlement (结算, jiésuàn): wins, payments and the next dealer."""
        result = self.state.result
        assert result is not None  # a played hand has ended
        return result


def _rules_strategy(rules: RulesSpec) -> st.SearchStrategy[Rules]:
    if rules is None:
        return rooms()
    if isinstance(rules, Rules):
        return st.just(rules)
    if isinstance(rules, st.SearchStrategy):
        return rules
    raise InvalidArgument(f"rules must be Rules, a strategy of Rules or None, not {rules!r}")


def _given_answers(draw: st.DrawFn, rules: Rules, seed: int, dealer: int) -> tuple[Action, ...]:
    """Answers given in advance to the phases before the deal (as a match gives a later hand
    those of its first), or none: the seats then answer in play, as bots."""
    state = rules.new_hand(seed=seed, dealer=dealer)
    if state.phase is not Phase.CHOOSING or not draw(st.booleans(), label="answers given"):
        return ()
    answers: list[Action] = []
    while state.phase is Phase.CHOOSING and _opens(rules, state) is When.BEFORE_DEAL:
        seat = min(rules.to_act(state))
        answer = draw(st.sampled_from(rules.legal_actions(state, seat)), label="answer")
        answers.append(answer)
        state = rules.apply(state, answer)
    return tuple(answers)


def _opens(rules: Rules, state: State) -> When:
    """When the open phase of a CHOOSING state opened."""
    phase = open_phase(rules, state)
    assert phase is not None
    return phase.when


def _deal(draw: st.DrawFn, rules: Rules, ongoing: bool) -> tuple[HandRecord, State]:
    """A record of a new hand and its first state (one that has not ended, if ``ongoing``)."""
    seed = draw(_SEEDS, label="seed")
    dealer = draw(st.integers(0, rules.players - 1), label="dealer")
    answers = _given_answers(draw, rules, seed, dealer)
    for k in range(_RETRIES):
        record = HandRecord.new(rules, seed=seed + k, dealer=dealer, answers=answers)
        state = record.start()
        if not ongoing or not rules.is_over(state):
            return record, state
    raise InvalidArgument(f"{rules!r}: {_RETRIES} walls in a row ended at the deal")


def _bots(draw: st.DrawFn, players: int, play_seed: int) -> tuple[Bot, ...]:
    greedy = draw(st.lists(st.booleans(), min_size=players, max_size=players), label="greedy")
    return tuple(
        GreedyBot() if g else RandomBot(seed=f"{play_seed}/{seat}") for seat, g in enumerate(greedy)
    )


def _play(
    draw: st.DrawFn, rules: Rules, steps: int | None, ongoing: bool
) -> tuple[HandRecord, State]:
    """Deal and play ``steps`` actions (``None``: to the end; fewer if the hand ends first, or
    if ``ongoing`` and the next action would end it). The hand ends when ``rules.is_over``:
    a phase of the variant's own at the end (``When.AT_END``) is played through, though the
    settlement has set a result before it opens."""
    record, state = _deal(draw, rules, ongoing)
    play_seed = draw(_SEEDS, label="play_seed")
    bots = _bots(draw, rules.players, play_seed)
    rng = random.Random(play_seed)  # which seat answers first when several must
    done = 0
    while not rules.is_over(state) and (steps is None or done < steps):
        seat = rng.choice(sorted(rules.to_act(state)))
        action = bots[seat].choose(rules.view(state, seat))
        after = rules.apply(state, action)
        if ongoing and rules.is_over(after):
            break
        record, state, done = record.with_action(action), after, done + 1
    return record, state


def states(rules: RulesSpec = None, *, ongoing: bool = False) -> st.SearchStrategy[State]:
    """A :class:`~mahjong_rules.State` reached by play: dealt from a seeded wall, then up to
    :data:`MAX_STEPS` actions chosen by bots, so at any phase — 买点 (BUYING), a seat's turn, a
    claim window, a kong that may be robbed (抢杠, qiǎng gàng), a phase of the variant's own (at
    the end of the hand too, where the result is already set), or the end (ENDED).

    Shrinks towards the deal of seed 0 in the default room. The rules of a drawn state are
    ``rules_for(state.options)``.

    :param rules: the room: :class:`~mahjong_rules.Rules`, a strategy of them (e.g.
        :func:`~mahjong_rules.strategies.rooms`), or ``None`` for any room of any registered
        variant.
    :param ongoing: only states in which some seat acts (the hand is not over: a phase at
        the end included), for tests that draw an action next (:func:`legal_actions`).
    """
    rooms_of = _rules_strategy(rules)

    @st.composite
    def build(draw: st.DrawFn) -> State:
        room = draw(rooms_of)
        steps = draw(st.integers(0, MAX_STEPS), label="steps")
        return _play(draw, room, steps, ongoing)[1]

    return build()


def played_hands(rules: RulesSpec = None) -> st.SearchStrategy[PlayedHand]:
    """A whole hand played by bots from the deal to its settlement, as a :class:`PlayedHand`:
    played until ``rules.is_over`` (through a phase of the variant's own at the end).

    Dealt from a seeded wall (the record keeps the seed, and the wall's digest); each seat is
    played by a seeded :class:`~mahjong_rules.bots.RandomBot` or a
    :class:`~mahjong_rules.bots.GreedyBot`. Shrinks towards seed 0 in the default room.

    :param rules: the room, as for :func:`states`.
    """
    rooms_of = _rules_strategy(rules)

    @st.composite
    def build(draw: st.DrawFn) -> PlayedHand:
        room = draw(rooms_of)
        record, state = _play(draw, room, None, ongoing=False)
        return PlayedHand(room, record, state)

    return build()


def legal_actions(state: State, *, rules: Rules | None = None) -> st.SearchStrategy[Action]:
    """One legal action of a seat that acts in ``state`` (any such seat), shrinking towards the
    lowest seat's first action in :meth:`Rules.legal_actions <mahjong_rules.Rules.legal_actions>`
    order.

    Draw it after the state, e.g. with ``st.data()``: ``data.draw(legal_actions(state))``, or
    ``states(ongoing=True).flatmap(lambda s: st.tuples(st.just(s), legal_actions(s)))``.

    :param state: a hand in which some seat acts (not ended).
    :param rules: the state's rules; by default ``rules_for(state.options)``, which knows every
        registered variant.
    :raises ~hypothesis.errors.InvalidArgument: the hand has ended, or no registered variant
        plays with the state's options (pass ``rules``).
    """
    if rules is None:
        try:
            rules = rules_for(state.options)
        except UnknownVariantError as exc:
            raise InvalidArgument(f"{exc}: pass rules= for an unregistered variant") from None
    choices = [a for seat in sorted(rules.to_act(state)) for a in rules.legal_actions(state, seat)]
    if not choices:
        raise InvalidArgument(
            f"no seat acts in this state ({state.phase.value} phase): the hand has ended; "
            "draw it from states(ongoing=True)"
        )
    return st.sampled_from(choices)
