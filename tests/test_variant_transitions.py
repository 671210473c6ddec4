"""A variant's own action applied by its own transition (issue 19, the hook between the two).

:attr:`~mahjong_rules.engine.hooks.Hooks.action_types` makes a variant's action a document type,
a word of the notation and an action id; :meth:`~mahjong_rules.engine.hooks.Hooks.apply_own_action`
is its transition. The toy is Baoshan with a 定缺 (dìngquē): before its first discard a seat may
declare one of 万 筒 条 void, kept in its own record (``SeatState.variant``). A variant that lists
its own action without a transition has it refused with the library's error, in play and when a
document of such a state is read (never an ``AssertionError``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import ClassVar

import attrs
import pytest

from mahjong_rules import Discard, Suit
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.state import State, replace
from mahjong_rules.errors import ActionError, IllegalActionError, SerializationError
from mahjong_rules.serial import from_dict, to_dict
from mahjong_rules.variants import get_variant, registry
from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.baoshan.rules import Baoshan

SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)


@attrs.frozen
class Void(Action):
    """定缺 (dìngquē): ``seat`` declares the suit it will not win with."""

    suit: Suit
    verb: ClassVar[str] = "que"

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        if self.suit is Suit.HONOR:
            raise ActionError(f"Void.suit: a void suit is m, p or s, got {self.suit!r}")


@attrs.frozen
class QueSeat:
    """A seat's record: its declared void suit (``None``: not declared)."""

    void: Suit | None = None


@attrs.frozen
class QueOptions(BaoshanOptions):
    """The toy's options (Baoshan's, under a class of its own)."""


class QueBaoshan(Baoshan):
    """Baoshan where a seat may declare 定缺 in its turn before its first discard."""

    name = "que_toy"
    aliases: ClassVar[tuple[str, ...]] = ()
    options_class = QueOptions
    action_types = (*Baoshan.action_types, Void)  # Baoshan's own (买点) kept
    seat_state_class = QueSeat

    def extra_turn_actions(self, state: State, seat: int) -> list[Action]:
        found = super().extra_turn_actions(state, seat)
        me = state.seats[seat]
        if not me.discards and (me.variant is None or me.variant.void is None):
            found += [Void(seat, suit) for suit in SUITS]
        return found

    def apply_own_action(self, state: State, action: Action) -> State:
        assert isinstance(action, Void)
        seats = list(state.seats)
        seats[action.seat] = replace(seats[action.seat], variant=QueSeat(action.suit))
        return replace(state, seats=tuple(seats))


@attrs.frozen
class NoTransitionOptions(QueOptions):
    """The second toy's options."""


class NoTransition(QueBaoshan):
    """Lists its 定缺 like the toy above, but defines no transition for it."""

    name = "que_toy_without_transition"
    options_class = NoTransitionOptions

    def apply_own_action(self, state: State, action: Action) -> State:
        return Baoshan.apply_own_action(self, state, action)


@pytest.fixture
def toys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Both toys registered, in a copy of the registry restored afterwards."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    registry.register_variant(QueBaoshan)
    registry.register_variant(NoTransition)
    yield
    registry.rules_for.cache_clear()


def test_flow1_a_variants_own_action_applies_through_its_transition(toys: None) -> None:
    """FLOW-1: the dealer's turn lists the three 定缺 beside the discards; one applies through
    apply_own_action (one step, the seat's record set, still his turn with the 定缺 gone), and
    the state reads back through JSON equal, with the same legal actions."""
    rules = get_variant("que_toy")
    state = rules.new_hand(seed=5)
    legal = rules.legal_actions(state, 0)
    assert [a for a in legal if isinstance(a, Void)] == [Void(0, s) for s in SUITS]
    after = rules.apply(state, Void(0, Suit.PIN))
    assert after.step == state.step + 1
    assert after.seats[0].variant == QueSeat(Suit.PIN)
    assert [s.variant for s in after.seats[1:]] == [state.seats[1].variant] * 3
    assert rules.to_act(after) == frozenset({0})
    assert rules.legal_actions(after, 0) == tuple(a for a in legal if not isinstance(a, Void))
    assert from_dict(json.loads(json.dumps(to_dict(after))), State) == after
    discard = next(a for a in rules.legal_actions(after, 0) if isinstance(a, Discard))
    assert rules.apply(after, discard).seats[0].variant == QueSeat(Suit.PIN)


def test_flow1_an_own_action_without_a_transition_is_refused_not_an_assertion(
    toys: None,
) -> None:
    """FLOW-1: listed but without a transition, the action is refused with
    IllegalActionError naming the variant, the state unchanged; a document of a state that
    lists it is refused with SerializationError (the reader plays each listed action)."""
    rules = get_variant("que_toy_without_transition")
    state = rules.new_hand(seed=5)
    saved = to_dict(state)
    with pytest.raises(IllegalActionError) as info:
        rules.apply(state, Void(0, Suit.MAN))
    assert str(info.value) == (
        "Void has no transition: NoTransition lists it but does not define apply_own_action"
    )
    assert to_dict(state) == saved
    with pytest.raises(SerializationError):
        from_dict(saved, State)
