"""What 红中麻将 adds to the library's records: the birds of a hand (its record, public), the
winner's action that turns them up, the event that tells them, and the payment reason of
their money."""

from __future__ import annotations

from typing import ClassVar

import attrs

from mahjong_hongzhong.options import RED
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.settlement import OwnReason
from mahjong_rules.tiles import Tile

__all__ = ["BIRDS", "Birds", "BirdsCaught", "CatchBirds", "hits"]

BIRDS = OwnReason("birds", "bird hits", "中码", win_money=True)
"""The money of the birds that hit a win (中码 zhòngmǎ, of 抓码 zhuāmǎ): part of its money, so
``win_payments`` lists it once the birds are caught and the state reader recomputes it."""


def hits(birds: tuple[Tile, ...]) -> int:
    """How many birds hit the winner: those of rank 1, 5 or 9, and 红中.

    >>> hits((Tile("1m"), Tile("5p"), Tile("6s"), Tile("7z")))
    3
    """
    return sum(tile is RED or (not tile.is_honor and tile.rank in (1, 5, 9)) for tile in birds)


@attrs.frozen
class Birds:
    """The hand's birds (抓码), public: the tiles turned up from the end of the wall after the
    win, in wall order; none before (or when the wall held none)."""

    tiles: tuple[Tile, ...] = ()

    @property
    def hits(self) -> int:
        """How many of them hit the winner."""
        return hits(self.tiles)


@attrs.frozen
class CatchBirds(Action):
    """抓码 (zhuāmǎ): the winner turns up the birds (``0 birds``, ``0 抓码``)."""

    verb: ClassVar[str] = "birds"
    verb_aliases: ClassVar[tuple[str, ...]] = ("抓码",)


@attrs.frozen
class BirdsCaught(Event):
    """``seat``, the winner, turned up ``tiles`` as birds; ``hits`` of them hit."""

    seat: int
    tiles: tuple[Tile, ...]
    hits: int
