"""永善麻将 (Yongshan).

=================  =========================================================================
``options``        the room options and the wildcard kinds of a 本金 tile (YS-WILD-2)
``records``        its own records: the hand's 本金 tile and what every seat sees of it
``ti``             提 (YS-TI-1): its own action, the transition and the events
``patterns``       the scoring patterns, one class each (YS-PAT-*)
``hands``          hand checks on packed counts: 听用 split, 缺一门, 听点, no fifth copy
``rules``          :class:`Yongshan`: the rules of play on the shared engine, 血战, payments
``penalties``      罚分 at 流局 (YS-PENALTY-1..3)
=================  =========================================================================
"""

from mahjong_rules.variants.yongshan.options import DEFAULT_FANS, YongshanOptions, wild_kinds
from mahjong_rules.variants.yongshan.patterns import (
    lacks_a_suit,
    score_yongshan,
    yongshan_patterns,
)
from mahjong_rules.variants.yongshan.records import YongshanHand, YongshanView, indicator_of
from mahjong_rules.variants.yongshan.rules import Yongshan
from mahjong_rules.variants.yongshan.ti import ConcealedSwapped, Swapped, Ti

__all__ = [
    "DEFAULT_FANS",
    "ConcealedSwapped",
    "Swapped",
    "Ti",
    "Yongshan",
    "YongshanHand",
    "YongshanOptions",
    "YongshanView",
    "indicator_of",
    "lacks_a_suit",
    "score_yongshan",
    "wild_kinds",
    "yongshan_patterns",
]
