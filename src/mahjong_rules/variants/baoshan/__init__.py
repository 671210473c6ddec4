"""保山麻将 (Baoshan): options, patterns, its own records, 报听 and the rules."""

from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.baoshan.records import BaoshanSeat, BaoshanTable
from mahjong_rules.variants.baoshan.rules import Baoshan
from mahjong_rules.variants.baoshan.ting import Declared, Ting

__all__ = ["Baoshan", "BaoshanOptions", "BaoshanSeat", "BaoshanTable", "Declared", "Ting"]
