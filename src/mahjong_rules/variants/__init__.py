"""Variants: the shared engine (:class:`Rules`), the registry, and the games.

=================  =========================================================================
``base``           the engine: phases, the claim window, draws, kongs, the ledger, hooks
``options``        room options as frozen, validated values
``registry``       ``get_variant``, ``register_variant``, ``available_variants``, plugins
``baoshan/``       保山麻将: options, patterns (one class each), rules and settlement
``yongshan/``      永善麻将: options, patterns, hand checks (听用, 缺一门, 听点), rules, 罚分
``sichuan/``       四川血战到底: options, patterns, 换三张 / 定缺 phases, rules, kong money, 查叫
=================  =========================================================================
"""

from mahjong_rules.variants.baoshan import Baoshan, BaoshanOptions
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.options import Options
from mahjong_rules.variants.registry import (
    ENTRY_POINT_GROUP,
    available_variants,
    broken_plugins,
    get_variant,
    register_variant,
    rules_for,
)
from mahjong_rules.variants.sichuan import Sichuan, SichuanOptions
from mahjong_rules.variants.yongshan import Yongshan, YongshanOptions

register_variant(Baoshan)
register_variant(Yongshan)
register_variant(Sichuan)

__all__ = [
    "ENTRY_POINT_GROUP",
    "Baoshan",
    "BaoshanOptions",
    "Options",
    "Rules",
    "Sichuan",
    "SichuanOptions",
    "Yongshan",
    "YongshanOptions",
    "available_variants",
    "broken_plugins",
    "get_variant",
    "register_variant",
    "rules_for",
]
