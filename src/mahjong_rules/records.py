"""Hand records (牌谱, páipǔ): what a hand was dealt from and every action taken, to save and
replay it exactly.

A server starts a record with the hand, publishes its :attr:`HandRecord.digest` (the wall's
SHA-256) before anyone acts, appends each action it applies, and stores the record
(:func:`~mahjong_rules.serial.to_dict` gives JSON). Afterwards anyone can :func:`replay` it, which
rebuilds every state and checks the result, and compare the digest with the published one to
see that the wall was not changed during the hand.

>>> from mahjong_rules import get_variant
>>> rules = get_variant("baoshan", players=2)
>>> record = HandRecord.new(rules, seed=9)
>>> state = record.start()
>>> while rules.result(state) is None:
...     seat = min(rules.to_act(state))
...     action = rules.legal_actions(state, seat)[-1]
...     record, state = record.with_action(action), rules.apply(state, action)
>>> replay(record).result == rules.result(state)
True

The digest hides the wall only if the wall cannot be guessed: deal from a secret seed (the
default, :meth:`HandRecord.new` without ``seed``, draws 64 random bits), not from a hand number.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.settlement import HandResult
from mahjong_rules.engine.state import State
from mahjong_rules.engine.wall import shuffled_wall
from mahjong_rules.errors import IllegalActionError, OptionsError, ReplayError
from mahjong_rules.tiles import Tile

if TYPE_CHECKING:
    from mahjong_rules.variants.base import Rules

__all__ = ["HandRecord", "Replay", "replay", "wall_digest"]


def wall_digest(wall: Sequence[Tile]) -> str:
    """The SHA-256 (hex) of a wall in order, as one-line notation tiles joined by spaces.

    >>> wall_digest([Tile('1m'), Tile('2m')]) == hashlib.sha256(b'1m 2m').hexdigest()
    True
    """
    return hashlib.sha256(" ".join(t.notation for t in wall).encode()).hexdigest()


@attrs.frozen
class HandRecord:
    """One hand: the room, how it was dealt, and the actions taken, in order.

    Build with :meth:`new`; add actions with :meth:`with_action`. ``seed`` or ``wall`` says how
    the wall was made (a seed is kept as given; ``wall`` is kept only for an explicit wall).
    """

    variant: str
    """The variant's registry name (``"baoshan"``, ``"yongshan"``...)."""
    options: Any
    """The room's options object."""
    seed: int | str | None
    wall: tuple[Tile, ...] | None
    dealer: int
    buy_points: tuple[int, ...] | None
    """买点 given to :meth:`Rules.new_hand` (``None``: none given; bought in play instead)."""
    digest: str
    """:func:`wall_digest` of the wall the hand was dealt from."""
    actions: tuple[Action, ...] = ()

    @classmethod
    def new(
        cls,
        rules: Rules,
        *,
        seed: int | str | None = None,
        wall: Sequence[Tile] | None = None,
        dealer: int = 0,
        buy_points: Sequence[int] | None = None,
    ) -> HandRecord:
        """A record of a new hand with no actions yet (a random 64-bit seed when neither
        ``seed`` nor ``wall`` is given). Bad arguments raise as :meth:`Rules.new_hand` does."""
        if wall is None and seed is None:
            import random

            seed = random.SystemRandom().getrandbits(64)
        points = None if buy_points is None else tuple(buy_points)
        state = rules.new_hand(seed=seed, wall=wall, dealer=dealer, buy_points=points)
        return cls(
            variant=rules.name,
            options=rules.options,
            seed=seed if wall is None else None,
            wall=None if wall is None else state.wall,
            dealer=dealer,
            buy_points=points,
            digest=wall_digest(state.wall),
        )

    def rules(self) -> Rules:
        """The rules of the record's room (its options must be those of :attr:`variant`)."""
        from mahjong_rules.variants import rules_for

        rules = rules_for(self.options)
        if rules.name != self.variant:
            raise OptionsError(f"the record's options are {rules.name}'s, not {self.variant}'s")
        return rules

    def dealt_wall(self) -> tuple[Tile, ...]:
        """The wall the hand was dealt from."""
        if self.wall is not None:
            return self.wall
        assert self.seed is not None
        return shuffled_wall(self.seed, honors=self.rules().honors)

    def start(self) -> State:
        """The hand's first state (before any action)."""
        rules = self.rules()
        return rules.new_hand(
            seed=self.seed, wall=self.wall, dealer=self.dealer, buy_points=self.buy_points
        )

    def with_action(self, action: Action) -> HandRecord:
        """This record with ``action`` appended (nothing is checked until :func:`replay`)."""
        return attrs.evolve(self, actions=(*self.actions, action))


@attrs.frozen
class Replay:
    """What :func:`replay` rebuilt: every state, the first before any action, and the result."""

    states: tuple[State, ...]
    result: HandResult | None

    @property
    def final(self) -> State:
        return self.states[-1]


def replay(record: HandRecord) -> Replay:
    """Rebuild every state of ``record``.

    Raises :class:`~mahjong_rules.errors.ReplayError` if the dealt wall does not match the
    record's digest (index ``None``) or if an action is illegal where it stands (its index, from
    0, and why); an action after the hand ended is illegal too.
    """
    if wall_digest(record.dealt_wall()) != record.digest:
        raise ReplayError("the wall does not match the record's digest: it was changed", None)
    rules = record.rules()
    state = record.start()
    states = [state]
    for index, action in enumerate(record.actions):
        try:
            state = rules.apply(state, action)
        except IllegalActionError as exc:
            raise ReplayError(f"action {index} ({action!r}) is illegal: {exc}", index) from None
        states.append(state)
    return Replay(tuple(states), rules.result(state))
