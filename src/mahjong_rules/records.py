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

A record is checked when it is built (and so when it is read): a variant whose options it
holds, a seed *or* a wall, a dealer and 买点 (mǎidiǎn) the room allows, a digest of 64 hex digits
and actions of seats at the table; anything else raises :class:`~mahjong_rules.errors.ReplayError`
at once, naming the field, rather than failing later in :func:`replay`.
"""

from __future__ import annotations

import hashlib
import string
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.settlement import HandResult
from mahjong_rules.engine.state import State
from mahjong_rules.engine.wall import check_wall, seed_key, shuffled_wall
from mahjong_rules.errors import MahjongRulesError, OptionsError, ReplayError, WallError
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Tile

if TYPE_CHECKING:
    from mahjong_rules.variants.base import Rules

__all__ = ["HandRecord", "Replay", "replay", "wall_digest"]


def wall_digest(wall: Sequence[Tile]) -> str:
    """The SHA-256 (hex) of a wall in order, as one-line notation tiles joined by spaces
    (:class:`~mahjong_rules.errors.WallError` for anything but tiles).

    >>> wall_digest([Tile('1m'), Tile('2m')]) == hashlib.sha256(b'1m 2m').hexdigest()
    True
    """
    if isinstance(wall, str | bytes) or not isinstance(wall, Sequence):
        raise WallError(f"a wall is a sequence of tiles, not {type(wall).__name__}")
    for i, tile in enumerate(wall):
        if not isinstance(tile, Tile):
            raise WallError(f"wall[{i}] is not a Tile: {type(tile).__name__}")
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
    seed: int | str | bytes | None
    """The random seed the wall was shuffled from, as given (``None`` for an explicit wall)."""
    wall: tuple[Tile, ...] | None
    """The explicit wall the hand was dealt from (``None`` when it was shuffled from a seed)."""
    dealer: int
    """The seat of the hand's dealer (庄家, zhuāngjiā)."""
    answers: tuple[Action, ...]
    """The answers given to :meth:`Rules.new_hand` for the phases before the deal (``()``:
    none given; answered in play instead), e.g. a match's points bought in its first hand."""
    digest: str
    """:func:`wall_digest` of the wall the hand was dealt from."""
    actions: tuple[Action, ...] = ()
    """The actions taken, in order (each applied with :meth:`Rules.apply`)."""

    def __attrs_post_init__(self) -> None:
        problem = _problem(self)
        if problem is not None:
            raise ReplayError(f"HandRecord.{problem}", None)

    @classmethod
    def new(
        cls,
        rules: Rules,
        *,
        seed: int | str | bytes | None = None,
        wall: Sequence[Tile] | None = None,
        dealer: int = 0,
        answers: Sequence[Action] = (),
    ) -> HandRecord:
        """A record of a new hand with no actions yet (a random 64-bit seed when neither
        ``seed`` nor ``wall`` is given). Bad arguments raise as :meth:`Rules.new_hand` does."""
        if wall is None:
            if seed is None:
                import random

                seed = random.SystemRandom().getrandbits(64)
            dealt = shuffled_wall(seed, tiles=rules.wall_tiles)  # WallError for no seed
        else:
            dealt = check_wall(wall, tiles=rules.wall_tiles)
        if isinstance(dealer, bool):
            raise OptionsError(f"dealer must be a seat 0..{rules.players - 1}, got {dealer!r}")
        given = tuple(answers) if isinstance(answers, Sequence) else answers
        rules.new_hand(wall=dealt, dealer=dealer, answers=given)  # raises for bad arguments
        return cls(
            variant=rules.name,
            options=rules.options,
            seed=seed if wall is None else None,
            wall=None if wall is None else dealt,
            dealer=dealer,
            answers=given,
            digest=wall_digest(dealt),  # the wall as dealt, before the variant's after_deal
        )

    def rules(self) -> Rules:
        """The rules of the record's room (its options are those of :attr:`variant`)."""
        from mahjong_rules.variants import rules_for

        return rules_for(self.options)

    def dealt_wall(self) -> tuple[Tile, ...]:
        """The wall the hand was dealt from."""
        if self.wall is not None:
            return self.wall
        if self.seed is None:  # pragma: no cover - refused when the record is built
            raise ReplayError("a record is dealt from a seed or from a wall", None)
        return shuffled_wall(self.seed, tiles=self.rules().wall_tiles)

    def start(self) -> State:
        """The hand's first state (before any action)."""
        return self.rules().new_hand(
            wall=self.dealt_wall(), dealer=self.dealer, answers=self.answers
        )

    def with_action(self, action: Action) -> HandRecord:
        """This record with ``action`` appended (its fields are checked now, its legality by
        :func:`replay`)."""
        return attrs.evolve(self, actions=(*self.actions, action))


@attrs.frozen
class Replay:
    """What :func:`replay` rebuilt: every state, the first before any action, and the result."""

    states: tuple[State, ...]
    """Every state of the hand: the first before any action, then one after each action."""
    result: HandResult | None
    """The hand's settlement if the last state has ended it, else ``None``."""

    @property
    def final(self) -> State:
        """The last state, after every action of the record."""
        return self.states[-1]


def replay(record: HandRecord) -> Replay:
    """Rebuild every state of ``record``.

    Raises :class:`~mahjong_rules.errors.ReplayError`, and only that, for a bad record: not a
    :class:`HandRecord` or one that cannot be dealt (index ``None``, the cause's message kept),
    a dealt wall that does not match the record's digest (index ``None``), or an action that is
    illegal where it stands (its index, from 0, and why); an action after the hand ended is
    illegal too.
    """
    if not isinstance(record, HandRecord):
        raise ReplayError(f"not a hand record: {type(record).__name__}", None)
    try:
        rules = record.rules()
        wall = record.dealt_wall()
        if wall_digest(wall) != record.digest:
            raise ReplayError("the wall does not match the record's digest: it was changed", None)
        state = record.start()
    except ReplayError:
        raise
    except MahjongRulesError as exc:
        raise ReplayError(f"the record cannot be dealt: {exc}", None) from None
    states = [state]
    for index, action in enumerate(record.actions):
        try:
            state = rules.apply(state, action)
        except MahjongRulesError as exc:
            raise ReplayError(f"action {index} ({action!r}) is illegal: {exc}", index) from None
        states.append(state)
    return Replay(tuple(states), rules.result(state))


_HEX = frozenset(string.hexdigits.lower())


def _problem(record: HandRecord) -> str | None:
    """What is wrong with a record's fields (``None``: nothing), the field named first."""
    from mahjong_rules.variants import rules_for
    from mahjong_rules.variants.options import Options

    if not isinstance(record.variant, str):
        return f"variant: a variant name, not {type(record.variant).__name__}"
    if not isinstance(record.options, Options):
        return f"options: room options, not {type(record.options).__name__}"
    try:
        rules = rules_for(record.options)
    except MahjongRulesError as exc:
        return f"options: {exc}"
    if rules.name != record.variant:
        return f"variant: the record's options are {rules.name}'s, not {record.variant!r}'s"
    if (record.seed is None) == (record.wall is None):
        return "seed: a record is dealt from a seed or from a wall (exactly one of them)"
    try:
        if record.wall is None:
            seed_key(record.seed)
        elif not isinstance(record.wall, tuple):
            return f"wall: a tuple of tiles, not {type(record.wall).__name__}"
        else:
            check_wall(record.wall, tiles=rules.wall_tiles)
    except WallError as exc:
        return f"{'seed' if record.wall is None else 'wall'}: {exc}"
    players = rules.players
    if not _whole(record.dealer) or not 0 <= record.dealer < players:
        return f"dealer: a seat 0..{players - 1}, not {record.dealer!r}"
    if not isinstance(record.answers, tuple):
        return f"answers: a tuple of actions, not {type(record.answers).__name__}"
    for i, answer in enumerate(record.answers):
        if not isinstance(answer, Action):
            return f"answers[{i}]: an action, not {type(answer).__name__}"
    digest = record.digest
    if not (isinstance(digest, str) and len(digest) == 64 and _HEX.issuperset(digest)):
        return "digest: a SHA-256 in 64 lowercase hex digits"
    if not isinstance(record.actions, tuple):
        return f"actions: a tuple of actions, not {type(record.actions).__name__}"
    for i, action in enumerate(record.actions):
        why = _action_problem(action, players)
        if why is not None:
            return f"actions[{i}]: {why}"
    return None


def _action_problem(action: object, players: int) -> str | None:
    """What is wrong with one action's fields (their types; their legality is replay's)."""
    if not isinstance(action, Action):
        return f"not an action: {type(action).__name__}"
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        kind = field.type
        if field.name == "seat":
            if not _whole(value) or not 0 <= value < players:
                return f"seat: a seat 0..{players - 1}, not {value!r}"
        elif kind == "int" and not _whole(value):
            return f"{field.name}: a whole number, not {value!r}"
        elif kind == "Tile" and not isinstance(value, Tile):
            return f"{field.name}: a Tile, not {type(value).__name__}"
        elif kind == "MeldKind" and not isinstance(value, MeldKind):
            return f"{field.name}: a MeldKind, not {type(value).__name__}"
        elif kind == "tuple[Tile, ...]" and not (
            isinstance(value, tuple) and all(isinstance(t, Tile) for t in value)
        ):
            return f"{field.name}: a tuple of tiles"
    return None


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
