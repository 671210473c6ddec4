"""Playing an arena's hands: a block of deals (:func:`play_block`, what a worker runs) and the
serial run of a whole arena (:func:`play_serial`). No I/O: the hands and their standings are
returned; the command line prints and writes them.

>>> from mahjong_rules import get_variant
>>> arena = Arena(get_variant("baoshan", players=2), ("greedy", "random"), 3, 4)
>>> empty = Standings.empty(arena.lineup)
>>> whole = sum((b.standings for b in play_serial(arena, block_size=3)), empty)
>>> halves = play_block(arena, 1, 3).standings + play_block(arena, 3, 5).standings
>>> whole == halves, whole.entrants[0].hands
(True, 8)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

from mahjong_rules.arena.bots import BotFactory
from mahjong_rules.arena.schedule import Arena, blocks
from mahjong_rules.arena.stats import Standings, count_deal
from mahjong_rules.engine.settlement import HandResult
from mahjong_rules.records import HandRecord

__all__ = ["ArenaHand", "Block", "play_block", "play_hand", "play_serial"]


@attrs.frozen
class ArenaHand:
    """One hand an arena played."""

    deal: int
    """The deal (from 1): the hand's wall is shuffled from ``arena.deal_seed(deal)``."""
    rotation: int
    """The rotation: the entrant at seat ``s`` is ``arena.seating(rotation)[s]``."""
    record: HandRecord
    """The hand as played (:func:`~mahjong_rules.records.replay` replays it)."""
    result: HandResult
    """How the hand ended and who paid whom."""


@attrs.frozen
class Block:
    """What playing a block of deals gives: their standings, and the hands if kept."""

    start: int
    """The block's first deal."""
    stop: int
    """One past its last deal: the block is the deals ``start .. stop - 1``."""
    standings: Standings
    """What the block's hands count."""
    hands: tuple[ArenaHand, ...] = ()
    """Every hand, deal by deal and rotation by rotation (empty unless asked to keep them)."""


def play_hand(
    arena: Arena, factories: Sequence[BotFactory], deal: int, rotation: int
) -> tuple[HandRecord, HandResult]:
    """Play the hand of ``deal`` and ``rotation`` with fresh bots to its end; its record
    (every action) and result. ``factories`` are the entrants' (:meth:`Arena.factories`)."""
    rules = arena.rules
    seed = arena.deal_seed(deal)
    bots = [
        factories[entrant](f"{seed}:{seat}") for seat, entrant in enumerate(arena.seating(rotation))
    ]
    record = HandRecord.new(rules, seed=seed)
    state = record.start()
    actions = []
    while (result := rules.result(state)) is None:
        seat = min(rules.to_act(state))
        action = bots[seat].choose(rules.view(state, seat))
        state = rules.apply(state, action)
        actions.append(action)
    return attrs.evolve(record, actions=tuple(actions)), result


def play_block(arena: Arena, start: int, stop: int, *, keep: bool = False) -> Block:
    """Play the deals ``start .. stop - 1`` of ``arena``, each in every rotation; with
    ``keep``, return every hand too. The same block gives the same :class:`Block` wherever
    and whenever it is played.

    A rotation that seats the same bots at the same seats as an earlier one of the deal (the
    lineup ``greedy,random,greedy,random`` turned by two) would play the very same hand (the
    same wall, bots made afresh from the same seat seeds): its hand is counted again rather
    than played again."""
    factories = arena.factories()
    seatings = [arena.seating(r) for r in range(arena.players)]
    standings = Standings.empty(arena.lineup)
    kept: list[ArenaHand] = []
    for deal in range(start, stop):
        results = []
        seen: dict[tuple[str, ...], tuple[HandRecord, HandResult]] = {}
        for rotation, seating in enumerate(seatings):
            names = tuple(arena.lineup[e] for e in seating)
            if names not in seen:  # a rotation seating the same bots plays the same hand
                seen[names] = play_hand(arena, factories, deal, rotation)
            record, result = seen[names]
            results.append(result)
            if keep:
                kept.append(ArenaHand(deal, rotation, record, result))
        standings = standings + count_deal(arena.lineup, seatings, results)
    return Block(start, stop, standings, tuple(kept))


def play_serial(arena: Arena, *, block_size: int = 25, keep: bool = False) -> Iterator[Block]:
    """Play every deal of ``arena`` in this process, one block of ``block_size`` deals after
    the other, yielding each block as it ends."""
    arena.factories()  # an unknown bot fails before any hand is played
    for start, stop in blocks(arena.deals, block_size):
        yield play_block(arena, start, stop, keep=keep)
