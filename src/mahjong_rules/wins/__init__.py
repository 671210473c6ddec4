"""The win detector (胡牌判定, húpái pàndìng): completeness, waits, decompositions, shanten.

Every function takes the concealed part of a hand as a :class:`~mahjong_rules.counts.TileCounts`
(or notation text) plus a number of wildcards (听用 / 癞子) that may stand for any tile. Declared
melds are left out: the number of melds the concealed part must form follows from its size.

>>> is_win("123m456p789s11z555m")
True
>>> winning_tiles("1123m456p789s111z")
TileSet('14m')
>>> shanten("1123m456p789s111z")
0
>>> is_win("13m55p", wilds=1)
True
>>> [str(d) for d in decompositions("13m55p", wilds=1)]
['123m 55p wilds=2m']
"""

from mahjong_rules.wins.decompose import DEFAULT_LIMIT, decompositions
from mahjong_rules.wins.detector import (
    is_win,
    iter_decompositions,
    load_tables,
    shanten,
    winning_tiles,
)
from mahjong_rules.wins.types import Decomposition, Group, GroupKind, WinForm

__all__ = [
    "DEFAULT_LIMIT",
    "Decomposition",
    "Group",
    "GroupKind",
    "WinForm",
    "decompositions",
    "is_win",
    "iter_decompositions",
    "load_tables",
    "shanten",
    "winning_tiles",
]
