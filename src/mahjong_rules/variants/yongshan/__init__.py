"""永善麻将 (Yongshan): options and scoring patterns (the rules class comes later)."""

from mahjong_rules.variants.yongshan.options import DEFAULT_FANS, YongshanOptions, wild_kinds
from mahjong_rules.variants.yongshan.patterns import (
    lacks_a_suit,
    score_yongshan,
    yongshan_patterns,
)

__all__ = [
    "DEFAULT_FANS",
    "YongshanOptions",
    "lacks_a_suit",
    "score_yongshan",
    "wild_kinds",
    "yongshan_patterns",
]
