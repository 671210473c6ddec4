"""保山麻将 (Baoshan): options, patterns, its own records, 报听, 买点 and the rules."""

from mahjong_rules.variants.baoshan.buying import Buying, BuyPoints, PointsBought
from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.baoshan.records import BaoshanSeat, BaoshanTable
from mahjong_rules.variants.baoshan.rules import Baoshan
from mahjong_rules.variants.baoshan.ting import Declared, Ting

__all__ = [
    "Baoshan",
    "BaoshanOptions",
    "BaoshanSeat",
    "BaoshanTable",
    "BuyPoints",
    "Buying",
    "Declared",
    "PointsBought",
    "Ting",
]
