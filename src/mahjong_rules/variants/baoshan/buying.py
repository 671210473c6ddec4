"""买点 (mǎidiǎn, BS-BUY-1): before the first deal of a match every seat buys 0, 1 or 2 points
(up to the room's cap), all at once; the points raise what it wins and pays for the whole
match (BS-DEAL-1: buying comes before the deal).

Baoshan's own phase (:class:`Buying`), action (:class:`BuyPoints`) and event
(:class:`PointsBought`), on the engine's contract for a variant's own phases
(:mod:`mahjong_rules.engine.phases`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.phases import OwnPhase, When
from mahjong_rules.engine.state import SeatState, State, replace
from mahjong_rules.errors import ActionError, ActionTypeError

__all__ = ["BuyPoints", "Buying", "PointsBought", "bought"]


@attrs.frozen
class BuyPoints(Action):
    """买点 (mǎidiǎn): buy 0, 1 or 2 points before the first deal of a match (BS-BUY-1); the
    room's cap is checked by the rules. Written ``2 buy 1`` (``2 买 1``)."""

    points: int
    """The points bought: 0, 1 or 2."""
    verb: ClassVar[str] = "buy"
    verb_aliases: ClassVar[tuple[str, ...]] = ("买", "買")

    def __attrs_post_init__(self) -> None:
        seat, points = self.seat, self.points
        if type(seat) is not int or not 0 <= seat <= 3:
            super().__attrs_post_init__()  # refuses the seat, naming it
        if type(points) is not int or not 0 <= points <= 2:
            error = ActionError if type(points) is int else ActionTypeError
            raise error(f"BuyPoints.points: points are an int 0..2, got {points!r}")

    @classmethod
    def read_text_args(cls, tokens: tuple[str, ...]) -> tuple[Any, ...]:
        """The points: one digit 0..2 (``2 buy 1``)."""
        if len(tokens) != 1 or tokens[0] not in ("0", "1", "2"):
            found = repr(tokens[0]) if tokens else "the end"
            raise ActionError(f"expected the points bought, 0..2, found {found}")
        return (int(tokens[0]),)

    @classmethod
    def id_shapes(cls, rules: Any) -> Iterable[tuple[Any, ...]]:
        """One id per number of points the room lets a seat buy (none without 买点)."""
        cap = int(getattr(rules, "buy_cap", 0))
        return [(points,) for points in range(cap + 1)] if cap else []


@attrs.frozen
class PointsBought(Event):
    """买点 (mǎidiǎn): ``seat`` bought ``points`` (0, 1 or 2) before the deal (BS-BUY-1)."""

    seat: int
    """The seat that chose."""
    points: int
    """How many points it bought: 0, 1 or 2."""


def bought(seat: SeatState) -> int:
    """买点: the points ``seat`` bought, from Baoshan's seat record (0 for a game built on
    Baoshan whose own seat record keeps none: it buys none)."""
    return int(getattr(seat.variant, "points", 0))


def _buys(rules: Hooks) -> bool:
    """Whether the room buys points: its option, and a seat record that keeps them."""
    cls = rules.seat_state_class
    return bool(rules.options.buy_cap) and cls is not None and "points" in attrs.fields_dict(cls)


class Buying(OwnPhase):
    """买点 (mǎidiǎn): every seat buys its points before the first deal of a match
    (BS-BUY-1); the points hold for the whole match (:attr:`per_match`)."""

    name: ClassVar[str] = "buying"
    when: ClassVar[When] = When.BEFORE_DEAL
    per_match: ClassVar[bool] = True
    answer_types: ClassVar[tuple[type[Action], ...]] = (BuyPoints,)

    def asks(self, rules: Hooks, state: State) -> Iterable[int]:
        """Every seat, in a room that buys points (option ``buy_points`` not ``"none"``)."""
        return range(state.players) if _buys(rules) else ()

    def actions(self, rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
        """0 points up to the room's cap, in order (0 first: the default)."""
        return tuple(BuyPoints(seat, p) for p in range(rules.options.buy_cap + 1))

    def answer(self, rules: Hooks, state: State, action: Action) -> State:
        """The seat's points are set at once, and told to every seat (they are no secret)."""
        assert isinstance(action, BuyPoints)
        seats = list(state.seats)
        seat = seats[action.seat]
        seats[action.seat] = replace(seat, variant=attrs.evolve(seat.variant, points=action.points))
        event = PointsBought(action.seat, action.points)
        return replace(state, seats=tuple(seats), events=(*state.events, event))

    def given(self, rules: Hooks, state: State) -> tuple[Action, ...]:
        """The points each seat bought, as the answers a later hand of the match is given
        (none in a room that buys none)."""
        if not _buys(rules):
            return ()
        return tuple(BuyPoints(k, bought(s)) for k, s in enumerate(state.seats))
