"""四川血战到底 (Sichuan 血战到底, xuèzhàn dàodǐ): the third game, on the open variant contract.

=================  =========================================================================
``options``        the room options, SICHUAN.md's options table (defaults: dcmshi's engine)
``patterns``       the scoring patterns, one class each (SC-PAT-*), and the fan cap (SC-CAP-1)
``phases``         换三张 and 定缺, its own phases after the deal (SC-SWAP-1/2, SC-VOID-1/2)
``actions``        their actions (``SwapTiles``, ``DeclareVoid``) and events
``records``        its seat and hand records and views of them (SC-VIEW-1)
``play``           its turn and claims: the void suit, kongs, 诈胡, 过水 (``SichuanPlay``)
``rules``          the rules class :class:`Sichuan`: records, winning, the money, the end
``settlement``     its money: kong money and refunds, wins, 查叫, 退税, 花猪, the pot
=================  =========================================================================
"""

from mahjong_rules.variants.sichuan.actions import (
    AsideSet,
    DeclareVoid,
    SwapTiles,
    TilesChosen,
    TilesSwapped,
    VoidDeclared,
)
from mahjong_rules.variants.sichuan.options import DEFAULT_FANS, SichuanOptions
from mahjong_rules.variants.sichuan.patterns import (
    SichuanContext,
    dealt_win_tile,
    plain_win,
    score_dealt_win,
    score_sichuan,
    sichuan_patterns,
)
from mahjong_rules.variants.sichuan.phases import SICHUAN_PHASES, Swapping, Voiding
from mahjong_rules.variants.sichuan.records import (
    SichuanHand,
    SichuanOwn,
    SichuanSeat,
    SichuanTable,
)
from mahjong_rules.variants.sichuan.rules import Sichuan

__all__ = [
    "DEFAULT_FANS",
    "SICHUAN_PHASES",
    "AsideSet",
    "DeclareVoid",
    "Sichuan",
    "SichuanContext",
    "SichuanHand",
    "SichuanOptions",
    "SichuanOwn",
    "SichuanSeat",
    "SichuanTable",
    "SwapTiles",
    "Swapping",
    "TilesChosen",
    "TilesSwapped",
    "VoidDeclared",
    "Voiding",
    "dealt_win_tile",
    "plain_win",
    "score_dealt_win",
    "score_sichuan",
    "sichuan_patterns",
]
