"""Whose words the command line prints: moved to :mod:`mahjong_rules.words.lookup`; its names
stay importable here."""

from __future__ import annotations

from mahjong_rules.words.lookup import DEFAULT_WORDS, words_for

__all__ = ["DEFAULT_WORDS", "words_for"]
