"""Scoring: the context a win is scored in, patterns, breakdowns, the best reading (SCORE-1..3)."""

from mahjong_rules.scoring.context import WinContext, WinKind
from mahjong_rules.scoring.pattern import (
    Breakdown,
    Pattern,
    PingHu,
    ReplacesPingHu,
    ScoreItem,
    best_breakdown,
    fan_to_points,
)

__all__ = [
    "Breakdown",
    "Pattern",
    "PingHu",
    "ReplacesPingHu",
    "ScoreItem",
    "WinContext",
    "WinKind",
    "best_breakdown",
    "fan_to_points",
]
