"""Variants: the shared engine (:class:`Rules`), the registry, and the games.

=================  =========================================================================
``base``           the engine: phases, the claim window, draws, kongs, the ledger, hooks
``options``        room options as frozen, validated values
``registry``       ``get_variant``, ``register_variant``, ``available_variants``
``baoshan/``       保山麻将: options, patterns (one class each), rules and settlement
=================  =========================================================================
"""

from mahjong_rules.variants.baoshan import Baoshan, BaoshanOptions
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.options import Options
from mahjong_rules.variants.registry import (
    ENTRY_POINT_GROUP,
    available_variants,
    get_variant,
    register_variant,
)

register_variant(Baoshan)

__all__ = [
    "ENTRY_POINT_GROUP",
    "Baoshan",
    "BaoshanOptions",
    "Options",
    "Rules",
    "available_variants",
    "get_variant",
    "register_variant",
]
