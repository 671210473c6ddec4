"""A variant's own state records and what each seat sees of them (issue 19, its state part).

The toy below is Baoshan with a 定缺 (dìngquē, "fix the missing suit"): at the deal every seat
declares one of 万 筒 条 void — here, for a deterministic toy, the suit it was dealt fewest of.
The choice is a seat's secret (its :class:`VoidSeat` record) until the hand ends; how many seats
have declared is public (the hand's :class:`VoidHand` record). The toy changes nothing of
Baoshan's play, so every hand it plays is a Baoshan hand (FLOW-1..6) carrying the records.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_rules import Phase, Rules, State, Suit, TileCounts
from mahjong_rules.engine.state import SeatState, replace
from mahjong_rules.engine.view import View
from mahjong_rules.errors import SerializationError
from mahjong_rules.serial import check_state, from_dict, to_dict
from mahjong_rules.strategies import states
from mahjong_rules.variants import get_variant, registry
from mahjong_rules.variants.baoshan import BaoshanSeat, BaoshanTable
from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.baoshan.rules import Baoshan
from mahjong_rules.variants.yongshan.records import YongshanHand, YongshanView
from test_views import twin

SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)


@attrs.frozen
class VoidOptions(BaoshanOptions):
    """The toy's room options: Baoshan's (a class of its own, so the registry finds the toy)."""


@attrs.frozen
class VoidHand:
    """The hand's record: how many seats have declared their 定缺 (public)."""

    declared: int = 0


@attrs.frozen
class VoidSeat:
    """A seat's record: the suit it declared void (缺, quē), ``None`` before the deal."""

    void: Suit | None = None
    points: int = 0
    """买点 (BS-BUY-1): kept beside the void, so the game built on Baoshan still buys points."""


@attrs.frozen
class VoidPublic:
    """What every seat sees: the count, and every seat's void once the hand has ended."""

    declared: int
    revealed: tuple[Suit | None, ...] = ()


@attrs.frozen
class VoidPrivate:
    """What a seat alone sees: its own void suit."""

    void: Suit | None


def fewest_suit(concealed: TileCounts) -> Suit:
    """The suit of 万 筒 条 held fewest times (the first such in that order)."""
    held = Counter(tile.suit for tile in concealed)
    return min(SUITS, key=lambda suit: held[suit])


class VoidBaoshan(Baoshan):
    name = "void_toy"
    aliases = ("定缺玩具",)
    name_zh = "定缺玩具"
    options_class = VoidOptions
    hand_state_class = VoidHand
    seat_state_class = VoidSeat
    public_view_class = VoidPublic
    private_view_class = VoidPrivate

    def after_deal(self, state: State) -> State:
        state = super().after_deal(state)
        seats = tuple(replace(s, variant=VoidSeat(fewest_suit(s.concealed))) for s in state.seats)
        return replace(state, seats=seats, variant=VoidHand(len(seats)))

    def hand_state_problem(self, state: State) -> str | None:
        want = 0 if state.phase is Phase.CHOOSING else state.players
        if state.variant.declared != want:
            return f"{want} seats have declared their void suit, not {state.variant.declared}"
        return None

    def seat_state_problem(self, state: State, seat: int) -> str | None:
        void = state.seats[seat].variant.void
        if (void is None) != (state.phase is Phase.CHOOSING):
            return "a seat declares its void suit at the deal"
        if void is Suit.HONOR:
            return "a void suit is 万, 筒 or 条"
        return None

    def public_variant_view(self, state: State) -> VoidPublic:
        ended = state.phase is Phase.ENDED
        revealed = tuple(s.variant.void for s in state.seats) if ended else ()
        return VoidPublic(state.variant.declared, revealed)

    def private_variant_view(self, state: State, seat: int) -> VoidPrivate:
        return VoidPrivate(state.seats[seat].variant.void)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[VoidBaoshan]]:
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    registry.register_variant(VoidBaoshan)
    yield VoidBaoshan
    registry.rules_for.cache_clear()


def played(rules: Rules, seed: int) -> Iterator[State]:
    """Every state of one hand played at random from ``seed``, the first and last included."""
    rng = random.Random(seed)
    state = rules.new_hand(seed=seed, dealer=seed % rules.players)
    yield state
    while rules.result(state) is None:
        seat = min(rules.to_act(state)) if state.phase is Phase.CHOOSING else None
        seat = rng.choice(sorted(rules.to_act(state))) if seat is None else seat
        state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
        yield state


def test_records_are_made_at_new_hand_and_set_at_the_deal(toy: Any) -> None:
    """Issue 19: ``new_hand`` gives each record the declared class's default (before the deal:
    nobody has declared, BS-BUY-1's buying phase included); ``after_deal`` declares."""
    buying = get_variant("void_toy", players=3, buy_points="live")
    state = buying.new_hand(seed=5)
    assert state.phase is Phase.CHOOSING
    assert state.variant == VoidHand(0)
    assert [s.variant for s in state.seats] == [VoidSeat(None)] * 3
    rules = get_variant("void_toy", players=4)
    state = rules.new_hand(seed=5)
    assert state.phase is Phase.TURN
    assert state.variant == VoidHand(4)
    voids = [s.variant.void for s in state.seats]
    for seat, void in zip(state.seats, voids, strict=True):
        counts = Counter(tile.suit for tile in seat.concealed)
        assert counts[void] == min(counts[suit] for suit in SUITS)
    assert set(voids) <= set(SUITS)


def test_every_transition_carries_the_records(toy: Any) -> None:
    """FLOW-3: every state the engine builds (draws, discards, claims, kongs, wins, the end)
    keeps the records the deal made; Baoshan keeps only its seats' (BS-TING-1's 报听, BS-BUY-1's
    points), Yongshan only its hand's (YS-WILD-1's 本金)."""
    for players in (2, 3, 4):
        rules = get_variant("void_toy", players=players, buy_points="dead_1")
        for seed in range(6):
            states = list(played(rules, seed))
            dealt = [s for s in states if s.phase is not Phase.CHOOSING]
            first = dealt[0]
            assert all(s.variant == VoidHand(players) for s in dealt)
            assert all(
                s.seats[i].variant == first.seats[i].variant for s in dealt for i in range(players)
            )
            assert states[-1].phase is Phase.ENDED
    plain = get_variant("baoshan")
    for state in played(plain, 3):
        assert state.variant is None and all(s.variant == BaoshanSeat() for s in state.seats)
        view = plain.view(state, 0)
        assert view.variant == BaoshanTable((False,) * 4, (0,) * 4) and view.own_variant is None
    yongshan = get_variant("yongshan")
    for state in played(yongshan, 3):  # YS-WILD-1: its 本金 in its hand record, no seat records
        assert type(state.variant) is YongshanHand and all(s.variant is None for s in state.seats)
        view = yongshan.view(state, 0)
        assert type(view.variant) is YongshanView and view.own_variant is None


def test_records_round_trip_through_json(toy: Any) -> None:
    """Issue 19: a state's records are written with it (by the room's declared classes) and
    read back equal, at every step; :func:`check_state` passes every state reached."""
    rules = get_variant("void_toy", players=4, buy_points="live")
    for seed in range(4):
        for state in played(rules, seed):
            document = json.loads(json.dumps(to_dict(state)))
            assert document["variant"] == {"type": "VoidHand", "declared": state.variant.declared}
            for seat, written in zip(state.seats, document["seats"], strict=True):
                void = seat.variant.void
                assert written["variant"] == {
                    "type": "VoidSeat",
                    "void": None if void is None else void.value,
                    "points": seat.variant.points,
                }
            check_state(state)
            assert from_dict(document, State) == state


def _dealt(rules: Rules) -> dict[str, Any]:
    return to_dict(rules.new_hand(seed=11))


@pytest.mark.parametrize(
    ("tamper", "where"),
    [
        (
            lambda d: d["seats"][1]["variant"].update(void="z"),
            r"state\.seats\[1\]\.variant: a void",
        ),
        (lambda d: d["variant"].update(declared=3), r"state\.variant: 4 seats have declared"),
        (lambda d: d["variant"].update(declared="4"), r"state\.variant\.declared: expected int"),
        (lambda d: d["variant"].update(type="VoidPublic"), r"state\.variant\.type: the room's"),
        (lambda d: d["variant"].update(extra=1), r"state\.variant\.extra: VoidHand has no such"),
        (
            lambda d: d["seats"][2].update(variant=None),
            r"state\.seats\[2\]\.variant: expected a Void",
        ),
        (
            lambda d: d["seats"][0].update(variant=[]),
            r"state\.seats\[0\]\.variant: expected an obj",
        ),
        (lambda d: d["seats"][0]["variant"].update(void="q"), r"state\.seats\[0\]\.variant\.void"),
        (lambda d: d.update(variant={"type": "VoidSeat"}), r"state\.variant\.type"),
    ],
)
def test_tampered_records_are_refused(toy: Any, tamper: Any, where: str) -> None:
    """Issue 19: a record of the wrong class, shape or field type, or one breaking the
    variant's own invariants (its ``*_problem`` hooks), is refused where it is."""
    document = _dealt(get_variant("void_toy"))
    tamper(document)
    with pytest.raises(SerializationError, match=where):
        from_dict(document, State)


def test_records_where_the_room_declares_none_are_refused(toy: Any) -> None:
    """Issue 19: a Baoshan document given a record, a bare seat document holding one (no room
    to read it with), and a Python state with a record of another class are all refused."""
    document = to_dict(get_variant("baoshan").new_hand(seed=2))
    document["variant"] = {"type": "VoidHand", "declared": 4}
    with pytest.raises(SerializationError, match=r"state\.variant: variant 'baoshan' declares no"):
        from_dict(document)
    toy_state = get_variant("void_toy").new_hand(seed=2)
    with pytest.raises(SerializationError, match=r"only inside its state or view"):
        from_dict(to_dict(SeatState()) | {"variant": {"type": "VoidSeat", "void": "m"}})
    with pytest.raises(SerializationError, match=r"only inside its state or view"):
        to_dict(toy_state.seats[0])
    wrong = replace(toy_state, variant=VoidSeat(Suit.MAN))
    with pytest.raises(SerializationError, match=r"state\.variant: expected a VoidHand"):
        check_state(wrong)
    with pytest.raises(SerializationError, match=r"as hand_state_class \(the room declares Void"):
        to_dict(wrong)
    honors = replace(
        toy_state,
        seats=(replace(toy_state.seats[0], variant=VoidSeat(Suit.HONOR)), *toy_state.seats[1:]),
    )
    with pytest.raises(SerializationError, match=r"state\.seats\[0\]\.variant: a void suit"):
        check_state(honors)


def test_a_hook_giving_another_class_is_a_bug_of_the_variant(toy: Any) -> None:
    """Issue 19: ``new_seat_state`` must give the declared class."""

    class Wrong(VoidBaoshan):
        def new_seat_state(self, state: State, seat: int) -> Any:
            return VoidHand()

    with pytest.raises(TypeError, match=r"new_seat_state\(\) must give a VoidSeat"):
        Wrong(VoidOptions.build()).new_hand(seed=1)


def test_records_compare_and_hash_with_the_state(toy: Any) -> None:
    """FLOW-2, FLOW-3: states and seats equal in every field but a record differ, and equal
    records make equal states that hash alike (the memos are no part of a state's value)."""
    state = get_variant("void_toy").new_hand(seed=8)
    seat = state.seats[1]
    other = next(s for s in SUITS if s is not seat.variant.void)
    changed = replace(
        state, seats=(state.seats[0], replace(seat, variant=VoidSeat(other)), *state.seats[2:])
    )
    assert changed != state and changed.seats[1] != seat
    assert len({state, changed}) == 2
    again = replace(changed, seats=state.seats)
    assert again == state and hash(again) == hash(state)
    assert replace(state, variant=VoidHand(3)) != state
    assert hash(replace(state, variant=VoidHand(4))) == hash(state)


def _scrambled(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with every tile hidden from ``seat`` shuffled (test_views' twin) and every
    other seat's secret void changed to a random suit."""
    state = twin(state, seat, rng)
    seats = tuple(
        s
        if i == seat or s.variant.void is None
        else replace(s, variant=VoidSeat(rng.choice(SUITS)))
        for i, s in enumerate(state.seats)
    )
    return replace(state, seats=seats)


def test_views_show_a_seat_its_own_secret_and_no_other(toy: Any) -> None:
    """Issue 19 (and issue 5's view-leak test, for variant state): a view carries the public
    record and the seat's own private one; its document is the same whatever the other seats'
    secrets (and hidden tiles) are, until the hand ends and the toy reveals every void; views
    round-trip through JSON."""
    revealed = 0
    for players in (2, 3, 4):
        rules = get_variant("void_toy", players=players)
        for seed in range(5):
            rng = random.Random(seed)
            for state in played(rules, seed):
                voids = tuple(s.variant.void for s in state.seats)
                for seat in range(players):
                    view = rules.view(state, seat)
                    assert view.own_variant == VoidPrivate(voids[seat])
                    ended = state.phase is Phase.ENDED
                    assert view.variant == VoidPublic(players, voids if ended else ())
                    document = to_dict(view)
                    assert from_dict(json.loads(json.dumps(document)), View) == view
                    if ended:
                        revealed += 1
                        continue
                    other = to_dict(rules.view(_scrambled(state, seat, rng), seat))
                    assert other == document, "a view depends on another seat's secret"
    assert revealed == 5 * (2 + 3 + 4)  # each hand's last state, seen by each of its seats


def test_tampered_view_records_are_refused(toy: Any) -> None:
    """Issue 19: a view document's records are read with the room's view classes."""
    rules = get_variant("void_toy")
    document = to_dict(rules.view(rules.new_hand(seed=4), 2))
    document["own_variant"]["type"] = "VoidSeat"
    with pytest.raises(SerializationError, match=r"view\.own_variant\.type: the room's private"):
        from_dict(document)
    document["own_variant"] = {"type": "VoidPrivate", "void": "m", "seat": 1}
    with pytest.raises(SerializationError, match=r"view\.own_variant\.seat: VoidPrivate has no"):
        from_dict(document)


def test_a_state_without_a_hand_record_holds_none_for_it(toy: Any) -> None:
    """Issue 19, issue 27 (memory per kept state): ``State.variant`` is ``None`` where the
    variant keeps no hand record, a slot like every other field (tests/test_state_memory.py);
    ``State(...)`` takes a record as a keyword, and it reads back."""
    plain = get_variant("baoshan")
    for state in played(plain, 9):
        assert state.variant is None and not hasattr(state, "__dict__")
    state = get_variant("void_toy").new_hand(seed=9)
    fields = {f.name: getattr(state, f.name) for f in State.FIELDS if f.name != "variant"}
    assert State(**fields) == replace(state, variant=None) != state
    built = State(**{**fields, "variant": VoidHand(4)})  # as the codec builds it
    assert built == state and built.variant == VoidHand(4)


TOY_ROOMS = st.sampled_from([VoidBaoshan(VoidOptions.build(players=n)) for n in (2, 3, 4)])


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(state=states(TOY_ROOMS), rng=st.randoms(use_true_random=False))
def test_no_view_shows_another_seats_secret(toy: Any, state: State, rng: random.Random) -> None:
    """Issue 19 (the strategies' view-leak test, for variant state): in any state the
    strategies reach, each seat's view document holds its own void and is the same whatever
    the other seats' voids are, until the hand ends. (The toy is registered once for the
    test, by its fixture: the strategies' hand records name its room.)"""
    rules = VoidBaoshan(state.options)
    for seat in range(state.players):
        view = rules.view(state, seat)
        assert view.own_variant == VoidPrivate(state.seats[seat].variant.void)
        if state.phase is not Phase.ENDED:
            scrambled = rules.view(_scrambled(state, seat, rng), seat)
            assert to_dict(scrambled) == to_dict(view)
