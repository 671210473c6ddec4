"""The arena's seeded schedule: which wall each hand is dealt from and which bot sits where.

An arena plays *deals*. Deal ``d`` (from 1) shuffles its wall from the seed ``"<seed>/<d>"``
and is played once per seat, the lineup rotated one seat further each time (rotation ``r`` =
0, 1, ...), so that every entrant of the lineup plays every seat of every wall and the luck of
the deal evens out. In rotation ``r``, seat ``s`` is played by entrant ``(s + r) % players``;
seat 0 deals every hand. A random bot at seat ``s`` is seeded with ``"<seed>/<d>:<s>"``, as
``play`` seeds it, so that rotation 0 of deal ``d`` is exactly the hand
``play --seed <seed>/<d> --bots <lineup>`` plays, and rotation ``r`` the hand of the lineup
rotated by ``r``.

Since every hand is fixed by its deal and rotation alone, a block of deals can be played
anywhere, in any order, and the figures are the same (:mod:`mahjong_rules.arena.stats`).

>>> from mahjong_rules import get_variant
>>> arena = Arena(get_variant("sichuan"), ("greedy", "random", "greedy", "random"), 7, 2)
>>> arena.hands, arena.deal_seed(2), arena.seating(1)
(8, '7/2', (1, 2, 3, 0))
>>> blocks(10, 4)
[(1, 5), (5, 9), (9, 11)]
>>> deals_for(100_000, 3)
33334
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from mahjong_rules.arena.bots import ArenaError, BotFactory, bot_factory

if TYPE_CHECKING:
    from mahjong_rules.variants.base import Rules

__all__ = ["MAX_DEALS", "Arena", "blocks", "deals_for"]

MAX_DEALS = 10_000_000
"""The most deals one arena plays."""


def deals_for(hands: int, players: int) -> int:
    """The deals that play at least ``hands`` hands: whole deals, each played once per seat."""
    return -(-hands // players)


def _names(names: Iterable[str]) -> tuple[str, ...]:
    if isinstance(names, str):
        raise ArenaError("a lineup is a sequence of bot names, not one text")
    return tuple(names)


@attrs.frozen
class Arena:
    """What an arena plays: a room, a lineup of bots, a seed and a number of deals."""

    rules: Rules
    """The room (a variant with its options)."""
    lineup: tuple[str, ...] = attrs.field(converter=_names)
    """The entrants' bot specs (:func:`~mahjong_rules.arena.bots.bot_factory`), one per seat."""
    seed: int | str
    """The arena's seed: deal ``d`` is dealt from ``"<seed>/<d>"``."""
    deals: int
    """How many deals are played (each once per seat: :attr:`hands`)."""

    def __attrs_post_init__(self) -> None:
        players = self.rules.players
        if len(self.lineup) != players:
            raise ArenaError(
                f"the lineup names {len(self.lineup)} bots for {players} seats: give {players}"
            )
        if isinstance(self.seed, bool) or not isinstance(self.seed, int | str):
            raise ArenaError(f"an arena's seed is a whole number or a text, not {self.seed!r}")
        if isinstance(self.deals, bool) or not isinstance(self.deals, int):
            raise ArenaError(f"deals must be a whole number, not {type(self.deals).__name__}")
        if not 1 <= self.deals <= MAX_DEALS:
            raise ArenaError(f"deals must be 1..{MAX_DEALS}, got {self.deals}")

    @property
    def players(self) -> int:
        """Seats at the table (and entrants in the lineup)."""
        return self.rules.players

    @property
    def hands(self) -> int:
        """Every hand played: each deal once per rotation."""
        return self.deals * self.players

    def deal_seed(self, deal: int) -> str:
        """The seed deal ``deal`` (from 1) shuffles its wall from."""
        return f"{self.seed}/{deal}"

    def seating(self, rotation: int) -> tuple[int, ...]:
        """The entrant at each seat in rotation ``rotation``."""
        n = self.players
        return tuple((seat + rotation) % n for seat in range(n))

    def factories(self) -> tuple[BotFactory, ...]:
        """Each entrant's bot factory (raises :class:`ArenaError` for a spec that names none)."""
        return tuple(bot_factory(spec) for spec in self.lineup)


def blocks(deals: int, size: int) -> list[tuple[int, int]]:
    """Deals ``1..deals`` cut into ranges ``(start, stop)`` of ``size`` deals (the last may be
    shorter): the units of work handed to workers."""
    if size < 1:
        raise ArenaError(f"a block holds at least one deal, got {size}")
    return [(start, min(start + size, deals + 1)) for start in range(1, deals + 1, size)]
