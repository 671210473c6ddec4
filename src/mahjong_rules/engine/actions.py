"""Player actions (FLOW-1): frozen values a server passes to :meth:`Rules.apply`.

Their reprs paste back into Python: ``Discard(seat=0, tile=Tile('5m'))``. Draws are not actions:
the engine draws for the players.
"""

from __future__ import annotations

import attrs

from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Tile

__all__ = ["Action", "BuyPoints", "Discard", "Gang", "Hu", "Pass", "Peng", "Ti", "Ting"]


@attrs.frozen
class Action:
    """Base of every action: the seat that takes it."""

    seat: int


@attrs.frozen
class Discard(Action):
    """打牌 (dǎpái): discard ``tile`` from the concealed hand."""

    tile: Tile


@attrs.frozen
class Peng(Action):
    """碰 (pèng): take the last discard to make a pung with two of one's own.

    ``wild_tiles`` are the wildcards used in place of natural copies (Yongshan; empty otherwise).
    """

    wild_tiles: tuple[Tile, ...] = ()


@attrs.frozen
class Gang(Action):
    """杠 (gàng): a kong of ``tile``: 直杠 on the discard, 补杠 onto one's own peng, or 暗杠."""

    tile: Tile
    kind: MeldKind
    wild_tiles: tuple[Tile, ...] = ()


@attrs.frozen
class Hu(Action):
    """胡 (hú): win — on one's own draw, on the last discard, or by robbing a kong."""


@attrs.frozen
class Pass(Action):
    """过 (guò): decline every claim on the last discard (or on a kong that could be robbed)."""


@attrs.frozen
class Ting(Action):
    """报听 (bàotīng): declare the hand ready; it is then locked (BS-TING-1..3)."""


@attrs.frozen
class Ti(Action):
    """提 (tí): put the natural ``tile`` into one's own peng or kong of that tile in place of
    the wildcard ``wild``, which returns to the hand (Yongshan, YS-TI-1).

    Offered in a turn that began with the seat's own draw (a kong replacement included), for
    the tile it drew (any matching tile in hand with the room option ``ti_from_hand``).
    """

    tile: Tile
    wild: Tile


@attrs.frozen
class BuyPoints(Action):
    """买点 (mǎidiǎn): buy 0, 1 or 2 points before the first deal of a match (BS-BUY-1)."""

    points: int
