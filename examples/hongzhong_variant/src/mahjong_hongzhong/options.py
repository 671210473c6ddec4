"""The options of a 红中麻将 room, and the tiles of the game (112: 108 suited and four 红中)."""

from __future__ import annotations

import attrs

from mahjong_rules.options import Options, choice, flag
from mahjong_rules.tiles import Tile

__all__ = ["RED", "HongzhongOptions"]

RED = Tile("7z")
"""红中 (hóngzhōng, the red dragon): the game's wildcard (癞子, làizi), four in the wall."""


@attrs.frozen
class HongzhongOptions(Options):
    """Options of a 红中麻将 room."""

    players: int = choice(4, (2, 3, 4), "2, 3 or 4 players")
    birds: int = choice(4, (2, 4, 6), "抓码: how many birds are turned up after a win")
    discard_hongzhong: bool = flag(False, "a 红中 may be discarded")
    dian_pao: bool = flag(False, "点炮: a discard (or a robbed kong) may be won, by one seat")
