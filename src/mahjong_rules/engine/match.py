"""Matches: the hands one room plays in a row, with running scores, the dealer and 买点.

A :class:`Match` is an immutable value. It deals each hand (:meth:`Match.new_hand`), and once the
hand has ended, :meth:`Match.record` returns the next match: the hand's deltas added to the
scores, its :attr:`~mahjong_rules.engine.settlement.HandResult.next_dealer` dealing next, and the
买点 (mǎidiǎn) points bought in the first hand kept for every later hand (BS-BUY-1).

Who deals next is the variant's rule; the match takes it from the hand's result. For Baoshan:

* BS-DEALER-1: the first hand is dealt by ``first_dealer`` (the room creator); then the winner
  of the last hand deals;
* BS-DEALER-2: after a 流局 (liújú, the wall ran out) the dealer stays;
* BS-DEALER-3: after 一炮多响 (yīpào duōxiǎng, several seats win on one discard) the discarder
  deals;
* BS-DEALER-4: after 查叫 (chájiào) at a 流局 where exactly one un-ready seat pays every ready
  seat (1赔3 with four players, 1赔2 with three, the checked seat of two) that seat deals.

For Yongshan (YS-DEALER-1): the first winner of the hand deals next; when the hand's first win
was 一炮多响, the discarder; after a hand nobody won, the dealer stays.

>>> from mahjong_rules import Hu, get_variant
>>> from mahjong_rules.engine.wall import make_wall
>>> rules = get_variant("baoshan")
>>> match = Match(rules, first_dealer=0)
>>> state = match.new_hand(wall=make_wall(honors=False))  # the dealer holds 11112222333344m
>>> state = rules.apply(state, Hu(0))                      # and wins on his dealt 14 tiles
>>> match = match.record(state)
>>> match.hands_played, match.dealer, match.scores, match.buy_points
(1, 0, (24, -8, -8, -8), (0, 0, 0, 0))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

import attrs

from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.settlement import HandResult
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.errors import IllegalActionError, OptionsError
from mahjong_rules.tiles import Tile

__all__ = ["Match", "MatchRules"]


class MatchRules(Protocol):
    """What a :class:`Match` asks of the rules of its room: their options, seats and 买点 cap,
    and a new hand.

    The rules of every variant (:class:`~mahjong_rules.variants.base.Rules`, what
    :func:`~mahjong_rules.variants.get_variant` returns) are such rules; the engine names this
    protocol rather than that class because it imports nothing from ``variants/``. A match
    still refuses anything that is not a variant's rules (a
    :class:`~mahjong_rules.engine.hooks.Hooks` with a ``new_hand``).
    """

    @property
    def options(self) -> object:
        """The room's options; a hand recorded in the match must have been played with them."""
        ...

    @property
    def players(self) -> int:
        """How many seats the room has."""
        ...

    @property
    def buy_cap(self) -> int:
        """Most points a seat may buy (BS-BUY-1); 0 when the room buys none."""
        ...

    def new_hand(
        self,
        *,
        seed: int | str | bytes | None = None,
        wall: Sequence[Tile] | None = None,
        dealer: int = 0,
        buy_points: Sequence[int] | None = None,
    ) -> State:
        """A new hand dealt by ``dealer`` from ``seed`` or ``wall``, with the seats' bought
        points (a BUYING phase first when the room buys points and none are given)."""
        ...


def _rules_key(rules: object) -> object:
    """Rules compare by variant and options, whatever the rules object's own ``__eq__`` says."""
    options = getattr(rules, "options", None)
    return (type(rules), options)


def _points(value: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


def _results(value: Iterable[HandResult]) -> tuple[HandResult, ...]:
    return tuple(value)


@attrs.frozen(repr=False)
class Match:
    """The hands of one room, in order: scores, the next dealer and the points bought.

    ``Match(rules, first_dealer=0, buy_points=None)`` starts a match. ``buy_points`` are the
    points each seat bought (BS-BUY-1); leave them ``None`` and, in a room that buys points
    (option ``buy_points`` other than ``"none"``), the first hand starts in the
    :attr:`~mahjong_rules.engine.state.Phase.BUYING` phase where each seat chooses. Either way
    the points of the first hand hold for the whole match. ``results`` (the hands already
    played) lets a server rebuild a saved match; a new match has none.

    Who deals each hand follows the variant's rule (BS-DEALER-1 to BS-DEALER-4, YS-DEALER-1)
    through the results' ``next_dealer``.
    """

    rules: MatchRules = attrs.field(eq=_rules_key)
    """The room: a variant with its options, e.g. ``get_variant("baoshan", players=3)``."""
    first_dealer: int = attrs.field(default=0, kw_only=True)
    """Who deals the first hand (BS-DEALER-1: a configurable seat, the room creator)."""
    buy_points: tuple[int, ...] | None = attrs.field(default=None, kw_only=True, converter=_points)
    """The 买点 points of each seat (BS-BUY-1): chosen in the first hand and kept for every
    hand of the match; ``None`` until the first hand has chosen them."""
    results: tuple[HandResult, ...] = attrs.field(default=(), kw_only=True, converter=_results)
    """The results of the hands played, in order."""

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        if not (isinstance(rules, Hooks) and callable(getattr(rules, "new_hand", None))):
            raise OptionsError(f"a match takes the rules of a room, not {rules!r}")
        n = rules.players
        seat = self.first_dealer
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n):
            raise OptionsError(f"first_dealer must be a seat 0..{n - 1}, got {seat!r}")
        points = self.buy_points
        if points is not None:
            cap = rules.buy_cap
            ok = len(points) == n and all(
                isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= cap for p in points
            )
            if not ok:
                raise OptionsError(
                    f"buy_points must be {n} whole numbers 0..{cap} (BS-BUY-1), got {points!r}"
                )
        for k, result in enumerate(self.results):
            if not isinstance(result, HandResult) or len(result.deltas) != n:
                raise OptionsError(f"results[{k}] is not the result of a hand of {n} players")
            if not 0 <= result.next_dealer < n:
                raise OptionsError(f"results[{k}] names no seat to deal next")
        if self.results and points is None:
            raise OptionsError("a match with hands played needs the buy_points of its first hand")

    def __repr__(self) -> str:
        return (
            f"Match({self.rules!r}, first_dealer={self.first_dealer}, "
            f"buy_points={self.buy_points!r}, hands_played={self.hands_played}, "
            f"dealer={self.dealer}, scores={self.scores!r})"
        )

    # ------------------------------------------------------------------ the running totals

    @property
    def players(self) -> int:
        """How many seats the room has (its rules' ``players``)."""
        return self.rules.players

    @property
    def hands_played(self) -> int:
        """How many hands have been recorded."""
        return len(self.results)

    @property
    def dealer(self) -> int:
        """Who deals the next hand: ``first_dealer`` for the first hand (BS-DEALER-1), then the
        last result's ``next_dealer`` (BS-DEALER-1 to BS-DEALER-4)."""
        if not self.results:
            return self.first_dealer
        return self.results[-1].next_dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total over the hands played (the results' deltas added up); the totals
        sum to zero, as every hand's payments do (FLOW-5)."""
        totals = [0] * self.players
        for result in self.results:
            for seat, delta in enumerate(result.deltas):
                totals[seat] += delta
        return tuple(totals)

    # ------------------------------------------------------------------ playing hands

    def new_hand(
        self, *, seed: int | str | bytes | None = None, wall: Sequence[Tile] | None = None
    ) -> State:
        """The next hand, dealt by :attr:`dealer` from ``seed`` or an explicit ``wall`` (DEAL-1).

        The first hand of a match whose :attr:`buy_points` are not known yet starts in the
        BUYING phase when the room buys points (BS-BUY-1, BS-DEAL-1: buying comes before the
        deal); every later hand is dealt at once with the points bought in the first.
        """
        return self.rules.new_hand(
            seed=seed, wall=wall, dealer=self.dealer, buy_points=self.buy_points
        )

    def record(self, final_state: State) -> Match:
        """The match after the hand that ended in ``final_state``.

        The hand's deltas are added to the scores, its ``next_dealer`` deals next
        (BS-DEALER-1 to BS-DEALER-4), and after the first hand the points each seat bought are
        kept (BS-BUY-1). Raises :class:`~mahjong_rules.errors.IllegalActionError` if the hand
        has not ended or is not this match's next hand (another room's options, another dealer,
        other bought points, or the hand recorded last).
        """
        if not isinstance(final_state, State):
            raise IllegalActionError(
                f"record() takes the final State of a hand, not {final_state!r}"
            )
        result = final_state.result
        if final_state.phase is not Phase.ENDED or result is None:
            raise IllegalActionError(
                f"the hand has not ended (phase {final_state.phase.value}); record it once "
                "rules.result(state) is set"
            )
        if final_state.options != self.rules.options or final_state.players != self.players:
            raise IllegalActionError("this hand was played in a room with other options")
        if self.results and result is self.results[-1]:
            raise IllegalActionError(f"this hand is already recorded (hand {self.hands_played})")
        if final_state.dealer != self.dealer:
            raise IllegalActionError(
                f"this hand was dealt by seat {final_state.dealer}, but hand "
                f"{self.hands_played + 1} of this match is dealt by seat {self.dealer}"
            )
        points = tuple(s.points for s in final_state.seats)
        if self.buy_points is not None and points != self.buy_points:
            raise IllegalActionError(
                f"this hand was played with bought points {points}, but the match's points are "
                f"{self.buy_points} (BS-BUY-1: chosen in the first hand and kept)"
            )
        return attrs.evolve(self, buy_points=points, results=(*self.results, result))
