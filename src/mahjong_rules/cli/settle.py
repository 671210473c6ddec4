"""The settlement in words: moved to :mod:`mahjong_rules.words.payments`; its names stay
importable here."""

from __future__ import annotations

from mahjong_rules.words.payments import (
    Items,
    payment_items,
    payment_line,
    reason_text,
    settlement_lines,
)

__all__ = ["Items", "payment_items", "payment_line", "reason_text", "settlement_lines"]
