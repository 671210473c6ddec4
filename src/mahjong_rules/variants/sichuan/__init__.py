"""四川血战到底 (Sichuan), groundwork: its room options and scoring patterns (no rules class yet,
so the variant is not registered).

=================  =========================================================================
``options``        the room options, SICHUAN.md's options table (defaults: dcmshi's engine)
``patterns``       the scoring patterns, one class each (SC-PAT-*), and the fan cap (SC-CAP-1)
=================  =========================================================================
"""

from mahjong_rules.variants.sichuan.options import DEFAULT_FANS, SichuanOptions
from mahjong_rules.variants.sichuan.patterns import (
    SichuanContext,
    plain_win,
    score_dealt_win,
    score_sichuan,
    sichuan_patterns,
)

__all__ = [
    "DEFAULT_FANS",
    "SichuanContext",
    "SichuanOptions",
    "plain_win",
    "score_dealt_win",
    "score_sichuan",
    "sichuan_patterns",
]
