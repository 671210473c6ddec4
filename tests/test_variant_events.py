"""A variant's own events and what each seat sees of them (issue 19, its events part).

:attr:`~mahjong_rules.engine.event_hooks.EventHooks.event_types` makes a variant's event a
document type while the variant is registered (as ``action_types`` does for its actions), and
:meth:`~mahjong_rules.engine.event_hooks.EventHooks.event_for` says what each seat sees of it,
in views and in ``rules.events_for``. The toy is Baoshan with a 定缺 (dìngquē): in its turn
before its first discard a seat may declare one of 万 筒 条 void; the transition emits
``ToyVoidDeclared(seat, suit)``, which only that seat sees whole: the others see
``ToyVoidDeclared(seat, None)``, so the suit stays the seat's secret.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs
import pytest

from mahjong_rules import Discard, Phase, Rules, Suit
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Drew, Event
from mahjong_rules.engine.state import State, replace
from mahjong_rules.engine.view import View
from mahjong_rules.errors import SerializationError, UnknownVariantError
from mahjong_rules.serial import FORMAT_VERSION, from_dict, to_dict
from mahjong_rules.serial._types import library_types
from mahjong_rules.variants import get_variant, registry
from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.baoshan.rules import Baoshan
from test_views import twin

SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)


@attrs.frozen
class DeclareQue(Action):
    """定缺 (dìngquē): ``seat`` declares the suit it will not win with."""

    suit: Suit
    verb: ClassVar[str] = "dingque"


@attrs.frozen
class ToyVoidDeclared(Event):
    """``seat`` declared 定缺 ``suit``; ``None`` in the other seats' views."""

    seat: int
    suit: Suit | None


@attrs.frozen
class QueSeat:
    """A seat's record: its declared void suit (``None``: not declared)."""

    void: Suit | None = None


@attrs.frozen
class QueEventOptions(BaoshanOptions):
    """The toy's options (Baoshan's, under a class of its own)."""


class QueEvents(Baoshan):
    """Baoshan where a seat may declare 定缺 in its turn before its first discard, announced
    by a :class:`ToyVoidDeclared` whose suit only the seat sees."""

    name = "que_events_toy"
    aliases: ClassVar[tuple[str, ...]] = ()
    options_class = QueEventOptions
    action_types = (*Baoshan.action_types, DeclareQue)  # Baoshan's own (买点) kept
    event_types = (ToyVoidDeclared,)
    seat_state_class = QueSeat

    def extra_turn_actions(self, state: State, seat: int) -> list[Action]:
        found = super().extra_turn_actions(state, seat)
        me = state.seats[seat]
        if not me.discards and me.variant.void is None:
            found += [DeclareQue(seat, suit) for suit in SUITS]
        return found

    def apply_own_action(self, state: State, action: Action) -> State:
        assert isinstance(action, DeclareQue)
        seats = list(state.seats)
        seats[action.seat] = replace(seats[action.seat], variant=QueSeat(action.suit))
        events = (ToyVoidDeclared(action.seat, action.suit),)
        return replace(state, seats=tuple(seats), events=events)

    def event_for(self, event: Event, seat: int) -> Event | None:
        if isinstance(event, ToyVoidDeclared) and event.seat != seat:
            return ToyVoidDeclared(event.seat, None)
        return event


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy registered, in a copy of the registry restored afterwards."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    registry.register_variant(QueEvents)
    yield
    registry.rules_for.cache_clear()


def declared(seed: int = 5) -> tuple[Rules, State]:
    """The toy's hand from ``seed`` after the dealer (seat 0) declared 筒 void."""
    rules = get_variant("que_events_toy")
    return rules, rules.apply(rules.new_hand(seed=seed), DeclareQue(0, Suit.PIN))


def test_flow1_an_own_event_is_shown_whole_to_its_seat_only(toy: None) -> None:
    """FLOW-1 (issue 19): the 定缺 transition emits ToyVoidDeclared(0, 筒); seat 0 sees it whole,
    every other seat as ToyVoidDeclared(0, None), in its view and in rules.events_for alike;
    the shipped events keep the engine's filtering beside it."""
    rules, state = declared()
    assert state.events == (ToyVoidDeclared(0, Suit.PIN),)
    for seat in range(4):
        seen = (ToyVoidDeclared(0, Suit.PIN if seat == 0 else None),)
        assert rules.events_for(seat, state.events) == seen
        assert rules.view(state, seat).events == seen
    mixed = [Drew(0, next(iter(state.seats[0].concealed))), ToyVoidDeclared(0, Suit.SOU)]
    assert rules.events_for(1, mixed) == (Drew(0, None), ToyVoidDeclared(0, None))
    discard = next(a for a in rules.legal_actions(state, 0) if isinstance(a, Discard))
    after = rules.apply(state, discard)
    assert not any(isinstance(e, ToyVoidDeclared) for e in after.events)


def test_flow1_own_events_and_views_holding_them_round_trip(toy: None) -> None:
    """FLOW-1 (issue 19): the event, the state holding it and each seat's view read back
    through JSON equal; the documents name the event by its class name."""
    rules, state = declared()
    event = ToyVoidDeclared(0, Suit.PIN)
    document = to_dict(event)
    assert document == {"type": "ToyVoidDeclared", "seat": 0, "suit": "p", "format": FORMAT_VERSION}
    assert from_dict(json.loads(json.dumps(document)), Event) == event
    assert to_dict(ToyVoidDeclared(2, None))["suit"] is None
    assert from_dict(json.loads(json.dumps(to_dict(state))), State).events == state.events
    for seat in range(4):
        view = rules.view(state, seat)
        text = json.dumps(to_dict(view))
        assert from_dict(json.loads(text), View) == view
        assert ('"suit": "p"' in text) is (seat == 0)


def test_an_unregistered_event_is_no_document_type() -> None:
    """Issue 19: while no registered variant lists it, ToyVoidDeclared is neither written nor
    read (the library's types are its own events only, whatever Event subclasses exist)."""
    assert "ToyVoidDeclared" not in library_types()
    with pytest.raises(SerializationError, match="cannot serialize a ToyVoidDeclared"):
        to_dict(ToyVoidDeclared(0, Suit.PIN))
    document = {"type": "ToyVoidDeclared", "seat": 0, "suit": "p", "format": FORMAT_VERSION}
    with pytest.raises(SerializationError, match="type: no serializable type 'ToyVoidDeclared'"):
        from_dict(document)


def test_the_default_event_for_is_public_unless_the_event_says_otherwise(toy: None) -> None:
    """Issue 19: without an event_for of its own, a variant shows its events as they are,
    or as the event's own seen_by(seat) gives them (None: not shown)."""

    @attrs.frozen
    class Hinted(Event):
        seat: int

        def seen_by(self, seat: int) -> Event | None:
            return self if seat == self.seat else None

    @attrs.frozen
    class Announced(Event):
        seat: int

    class Plain(Baoshan):
        event_types = (Hinted, Announced)

    rules = Plain()
    events = [Hinted(1), Announced(1), Hinted(2)]
    assert rules.events_for(1, events) == (Hinted(1), Announced(1))
    assert rules.events_for(0, events) == (Announced(1),)


def _kind(name: str, base: type, **fields: Any) -> type:
    """A frozen attrs class named ``name`` deriving from ``base``, with int ``fields``."""
    made = attrs.make_class(name, {f: attrs.field(type=int) for f in fields}, (base,), frozen=True)
    return made


@attrs.frozen
class ClashOptions(BaoshanOptions):
    """Options of the toys the clash test builds."""


def _variant(name: str, **hooks: Any) -> type[Rules]:
    attributes = {"name": name, "aliases": (), "options_class": ClashOptions, **hooks}
    return type(name, (Baoshan,), attributes)


def test_event_name_clashes_and_bad_classes_are_refused(toy: None) -> None:
    """Issue 19: an event taking a library type's name, the variant's own action's name, or
    another registered variant's event's name is refused with ValueError naming both, as is
    an action taking a registered event's name and a shipped event listed as the variant's;
    what is no frozen Event class is refused with TypeError."""
    cases: list[tuple[Any, type[Exception], str]] = [
        ((_kind("Meld", Event),), ValueError, "'Meld' of Meld is already taken by Meld of the"),
        ((_kind("Drew", Event),), ValueError, "'Drew' of Drew is already taken by Drew of the"),
        ((_kind("DeclareQue", Event),), ValueError, "taken by DeclareQue of QueEvents"),
        ((_kind("ToyVoidDeclared", Event),), ValueError, "taken by ToyVoidDeclared of QueEvents"),
        ((Drew,), ValueError, "Drew is the library's own event"),
        ((DeclareQue,), TypeError, "is not an Event class"),
        ([ToyVoidDeclared], TypeError, "is a tuple of Event classes"),
        ((type("Undecorated", (Event,), {}),), TypeError, "Undecorated is not a frozen attrs"),
        (
            (attrs.frozen(type("Unresolved", (Event,), {"__annotations__": {"n": "Nowhere"}})),),
            TypeError,
            "Unresolved's field types: name 'Nowhere' is not defined",
        ),
    ]
    for events, error, message in cases:
        bad = _variant("clash_toy", event_types=events)
        with pytest.raises(error, match=message):
            registry.register_variant(bad)
    action = _kind("ToyVoidDeclared", Action)
    action.verb = "clash"  # type: ignore[attr-defined]
    clash = _variant("clash_toy", action_types=(action,))
    taken = r"'ToyVoidDeclared' .* already taken by ToyVoidDeclared of"
    with pytest.raises(ValueError, match=taken):
        registry.register_variant(clash)
    with pytest.raises(UnknownVariantError):  # refused, the registry unchanged
        get_variant("clash_toy")
    registry.register_variant(QueEvents)  # the same class again: its own names are its own


def _played(rules: Rules, seed: int) -> Iterator[State]:
    """Every state of one toy hand played at random from ``seed``; a 定缺 on offer is taken
    half of the time."""
    rng = random.Random(seed)
    state = rules.new_hand(seed=seed, dealer=seed % rules.players)
    yield state
    while rules.result(state) is None:
        seat = min(rules.to_act(state)) if state.phase is Phase.CHOOSING else None
        seat = rng.choice(sorted(rules.to_act(state))) if seat is None else seat
        legal = rules.legal_actions(state, seat)
        own = [a for a in legal if isinstance(a, DeclareQue)]
        state = rules.apply(state, rng.choice(own if own and rng.random() < 0.5 else legal))
        yield state


def _scrambled(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with every tile hidden from ``seat`` shuffled (test_views' twin), and every
    other seat's declared suit changed, in its record and in the events."""
    state = twin(state, seat, rng)
    voids = {
        i: rng.choice([x for x in SUITS if x is not s.variant.void])
        for i, s in enumerate(state.seats)
        if i != seat and s.variant.void is not None
    }
    seats = tuple(
        replace(s, variant=QueSeat(voids[i])) if i in voids else s
        for i, s in enumerate(state.seats)
    )
    events = tuple(
        ToyVoidDeclared(e.seat, voids[e.seat])
        if isinstance(e, ToyVoidDeclared) and e.seat in voids
        else e
        for e in state.events
    )
    return replace(state, seats=seats, events=events)


def test_no_view_shows_another_seats_declared_suit(toy: None) -> None:
    """Issue 19 (issue 5's view-leak test, for a variant's events): each seat's view document
    is the same whatever the other seats' declared suits and hidden tiles are, at every state
    of random toy hands, while its own ToyVoidDeclared shows its suit."""
    checked = 0
    for players in (2, 3, 4):
        rules = get_variant("que_events_toy", players=players)
        for seed in range(6):
            rng = random.Random(seed)
            for state in _played(rules, seed):
                for seat in range(players):
                    view = rules.view(state, seat)
                    for event in state.events:
                        if isinstance(event, ToyVoidDeclared) and event.seat == seat:
                            assert event in view.events
                    if state.phase is Phase.ENDED:
                        continue
                    other = rules.view(_scrambled(state, seat, rng), seat)
                    assert to_dict(other) == to_dict(view), "a view shows another seat's 定缺"
                    secret = [e for e in state.events if isinstance(e, ToyVoidDeclared)]
                    checked += sum(1 for e in secret if e.seat != seat)
    assert checked >= 20  # another seat's declaration, scrambled and not seen, that often
