"""保山麻将 (Baoshan): options, patterns and rules."""

from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.baoshan.rules import Baoshan

__all__ = ["Baoshan", "BaoshanOptions"]
