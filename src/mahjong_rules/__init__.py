"""mahjong_rules: a rules engine for Yunnan mahjong, 保山麻将 (Baoshan) and 永善麻将 (Yongshan).

The core is pure and free of I/O: immutable tile and hand types feed a table-based win detector.

>>> from mahjong_rules import TileCounts, is_win
>>> is_win(TileCounts("123m456p789s11z555m"))
True
"""

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.errors import (
    HandSizeError,
    InvalidHandError,
    MahjongRulesError,
    MeldError,
    TileCountError,
    TileParseError,
)
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.notation import format_tiles, parse_tiles
from mahjong_rules.tiles import Suit, Tile, all_tiles
from mahjong_rules.wins import (
    Decomposition,
    Group,
    GroupKind,
    WinForm,
    decompositions,
    is_win,
    iter_decompositions,
    shanten,
    winning_tiles,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "Decomposition",
    "Group",
    "GroupKind",
    "Hand",
    "HandSizeError",
    "InvalidHandError",
    "MahjongRulesError",
    "Meld",
    "MeldError",
    "MeldKind",
    "Suit",
    "Tile",
    "TileCountError",
    "TileCounts",
    "TileParseError",
    "TileSet",
    "WinForm",
    "__version__",
    "all_tiles",
    "decompositions",
    "format_tiles",
    "is_win",
    "iter_decompositions",
    "parse_tiles",
    "shanten",
    "winning_tiles",
]
