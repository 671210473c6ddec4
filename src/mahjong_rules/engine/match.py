"""Matches: the hands one room plays in a row, with running scores and the dealer.

A :class:`Match` is an immutable value. It deals each hand (:meth:`Match.new_hand`), and once the
hand has ended, :meth:`Match.record` returns the next match: the hand's deltas added to the
scores, its :attr:`~mahjong_rules.engine.settlement.HandResult.next_dealer` dealing next, and
the answers the first hand gave to the variant's per-match phases
(:attr:`~mahjong_rules.engine.phases.OwnPhase.per_match`, e.g. points bought before the first
deal) kept and given to every later hand.

Who deals next is the variant's rule (each game's page lists its dealer rules); the match takes
it from the hand's result.

>>> from mahjong_rules import Hu, get_variant
>>> from mahjong_rules.engine.wall import make_wall
>>> rules = get_variant("baoshan")
>>> match = Match(rules, first_dealer=0)
>>> state = match.new_hand(wall=make_wall(honors=False))  # the dealer holds 11112222333344m
>>> state = rules.apply(state, Hu(0))                      # and wins on his dealt 14 tiles
>>> match = match.record(state)
>>> match.hands_played, match.dealer, match.scores, match.answers
(1, 0, (24, -8, -8, -8), ())
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

import attrs

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.phases import OwnPhase
from mahjong_rules.engine.settlement import HandResult
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.errors import IllegalActionError, OptionsError
from mahjong_rules.tiles import Tile

__all__ = ["Match", "MatchRules"]


class MatchRules(Protocol):
    """What a :class:`Match` asks of the rules of its room: their options, seats and own
    phases, and a new hand.

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
    def phases(self) -> tuple[OwnPhase, ...]:
        """The variant's own phases (those :attr:`~OwnPhase.per_match` carry over)."""
        ...

    def new_hand(
        self,
        *,
        seed: int | str | bytes | None = None,
        wall: Sequence[Tile] | None = None,
        dealer: int = 0,
        answers: Sequence[Action] = (),
    ) -> State:
        """A new hand dealt by ``dealer`` from ``seed`` or ``wall``, given ``answers`` to its
        phases before the deal."""
        ...


def _rules_key(rules: object) -> object:
    """Rules compare by variant and options, whatever the rules object's own ``__eq__`` says."""
    options = getattr(rules, "options", None)
    return (type(rules), options)


def _answers(value: Iterable[Action] | None) -> tuple[Action, ...] | None:
    return None if value is None else tuple(value)


def _results(value: Iterable[HandResult]) -> tuple[HandResult, ...]:
    return tuple(value)


@attrs.frozen(repr=False)
class Match:
    """The hands of one room, in order: scores, the next dealer and the answers that hold
    for the whole match.

    ``Match(rules, first_dealer=0, answers=None)`` starts a match. ``answers`` are the answers
    to the variant's per-match phases (:attr:`~mahjong_rules.engine.phases.OwnPhase.per_match`);
    leave them ``None`` and the first hand asks them in those phases. Either way the answers of
    the first hand hold for the whole match. ``results`` (the hands already played) lets a
    server rebuild a saved match; a new match has none.

    Who deals each hand follows the variant's rule through the results' ``next_dealer``.
    """

    rules: MatchRules = attrs.field(eq=_rules_key)
    """The room: a variant with its options, e.g. ``get_variant("baoshan", players=3)``."""
    first_dealer: int = attrs.field(default=0, kw_only=True)
    """Who deals the first hand (a configurable seat, e.g. the room creator)."""
    answers: tuple[Action, ...] | None = attrs.field(default=None, kw_only=True, converter=_answers)
    """The answers to the per-match phases: given in the first hand and given again to every
    later hand; ``None`` until the first hand has given them (``()`` in a room with no such
    phase)."""
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
        answers = self.answers
        if answers is not None:
            for k, answer in enumerate(answers):
                if not isinstance(answer, Action) or not 0 <= answer.seat < n:
                    raise OptionsError(f"answers[{k}] is not an action of a seat 0..{n - 1}")
            start = rules.new_hand(seed=0, dealer=seat, answers=answers)  # refuses wrong ones
            waiting = [p.name for p in rules.phases if p.per_match and p.name == start.stage]
            if waiting:
                raise OptionsError(
                    f"answers: the {waiting[0]} phase still asks seats "
                    f"{sorted(set(start.claimants) - {a.seat for a in start.answers})}"
                )
        for k, result in enumerate(self.results):
            if not isinstance(result, HandResult) or len(result.deltas) != n:
                raise OptionsError(f"results[{k}] is not the result of a hand of {n} players")
            if not 0 <= result.next_dealer < n:
                raise OptionsError(f"results[{k}] names no seat to deal next")
        if self.results and answers is None:
            raise OptionsError("a match with hands played needs the answers of its first hand")

    def __repr__(self) -> str:
        return (
            f"Match({self.rules!r}, first_dealer={self.first_dealer}, "
            f"answers={self.answers!r}, hands_played={self.hands_played}, "
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
        """Who deals the next hand: ``first_dealer`` for the first hand, then the last result's
        ``next_dealer``."""
        if not self.results:
            return self.first_dealer
        return self.results[-1].next_dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total over the hands played (the results' deltas added up); with what
        the pot received (a game that pays one) the totals sum to zero, as every hand's
        payments do (FLOW-5)."""
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

        The first hand of a match whose :attr:`answers` are not known yet asks them in its
        per-match phases; every later hand is given the first hand's answers.
        """
        answers = self.answers or ()
        return self.rules.new_hand(seed=seed, wall=wall, dealer=self.dealer, answers=answers)

    def record(self, final_state: State) -> Match:
        """The match after the hand that ended in ``final_state``.

        The hand's deltas are added to the scores, its ``next_dealer`` deals next, and after
        the first hand the answers to its per-match phases are kept. Raises
        :class:`~mahjong_rules.errors.IllegalActionError` if the hand has not ended or is not
        this match's next hand (another room's options, another dealer, other per-match
        answers, or the hand recorded last).
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
        rules = self.rules
        given = tuple(
            answer
            for phase in rules.phases
            if phase.per_match
            for answer in phase.given(rules, final_state)
        )
        if self.answers is not None and Counter(given) != Counter(self.answers):
            raise IllegalActionError(
                f"this hand was played with the answers {given}, but the match's are "
                f"{self.answers} (given in the first hand and kept)"
            )
        return attrs.evolve(self, answers=given, results=(*self.results, result))
