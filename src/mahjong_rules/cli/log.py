"""The log of a hand in words: moved to :mod:`mahjong_rules.words.events` (the words the
command line, the replay page and a served table share); its names stay importable here."""

from __future__ import annotations

from mahjong_rules.words.events import (
    breakdown_lines,
    event_lines,
    exhausted_line,
    gloss,
    hand_lines,
    item_line,
    meld_text,
    pinyin,
    room_of,
    settlement_lines,
    tile_text,
    tiles_text,
    win_line,
)

__all__ = [
    "breakdown_lines",
    "event_lines",
    "exhausted_line",
    "gloss",
    "hand_lines",
    "item_line",
    "meld_text",
    "pinyin",
    "room_of",
    "settlement_lines",
    "tile_text",
    "tiles_text",
    "win_line",
]
