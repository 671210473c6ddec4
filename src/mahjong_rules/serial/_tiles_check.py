"""TILE-1, the last of :func:`~mahjong_rules.serial.check.check_state`'s checks of the table:
every tile is accounted for exactly once."""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.state import State
from mahjong_rules.serial.check_fields import fail
from mahjong_rules.tiles import Tile

__all__ = ["check_tiles"]

_INDEX = attrgetter("index")
_MEMO_SIZE = 4096
"""Most hands kept in :data:`_INDEXES` (cleared when full)."""


def check_tiles(state: State, aside: Counter[int], path: str) -> None:
    """TILE-1: the tiles on the table and in the live wall, with those the deal set aside, are
    exactly the wall's tiles."""
    if _tiles_match(state, aside):
        return
    counted: Counter[int] = Counter(map(_INDEX, state.wall[state.front : state.back]))
    counted.update(aside)
    for seat in state.seats:
        counted.update(map(_INDEX, seat.concealed))
        counted.update(map(_INDEX, seat.discards))
        for meld in seat.melds:
            # its natural copies and its wildcards; its claimed tile is counted in the discards
            claimed = meld.from_seat is not None
            counted[meld.tile.index] += meld.kind.size - len(meld.wild_tiles) - claimed
            if meld.wild_tiles:
                counted.update(map(_INDEX, meld.wild_tiles))
    expected = Counter(map(_INDEX, state.wall))
    if counted != expected:
        wrong = min(i for i in expected.keys() | counted.keys() if counted[i] != expected[i])
        tile = Tile(wrong)
        fail(
            f"{path}.seats",
            f"the table holds {counted[wrong]} of {tile} ({tile.name_zh}) where the wall has "
            f"{expected[wrong]}: a hand, meld or discard was changed",
        )


def _tiles_match(state: State, aside: Counter[int]) -> bool:
    """:func:`check_tiles`'s comparison as two sorted lists of tile indexes (C's sort and
    compare, no dict per kind): the live wall, what the deal set aside and every tile on the
    table, against the wall and, once more, each meld's claimed tile (counted in its
    giver's discards too). :func:`check_tiles` names the tile when they differ."""
    wall = bytes(map(_INDEX, state.wall))
    table = list(wall[state.front : state.back])
    table += aside.elements()
    expected = list(wall)
    for seat in state.seats:
        table += _indexes(seat.concealed)
        table += map(_INDEX, seat.discards)
        for meld in seat.melds:
            table += [meld.tile.index] * (meld.kind.size - len(meld.wild_tiles))
            table += map(_INDEX, meld.wild_tiles)
            if meld.from_seat is not None:
                expected.append(meld.tile.index)
    table.sort()
    expected.sort()
    return table == expected


_INDEXES: dict[int, tuple[int, ...]] = {}


def _indexes(counts: TileCounts) -> tuple[int, ...]:
    """The tile indexes of a hand, in order (kept by its bits: hands recur from state to
    state)."""
    found = _INDEXES.get(counts.bits)
    if found is None:
        if len(_INDEXES) >= _MEMO_SIZE:
            _INDEXES.clear()
        found = _INDEXES[counts.bits] = tuple(map(_INDEX, counts))
    return found
