"""The log of a hand in Chinese: moved to :mod:`mahjong_rules.words.events_zh`; its names stay
importable here."""

from __future__ import annotations

from mahjong_rules.words.events_zh import (
    breakdown_lines_zh,
    event_lines_zh,
    meld_zh,
    win_line_zh,
)

__all__ = ["breakdown_lines_zh", "event_lines_zh", "meld_zh", "win_line_zh"]
