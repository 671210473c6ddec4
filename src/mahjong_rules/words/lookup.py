"""Whose words the command line prints: the room's rules (each variant's
:class:`~mahjong_rules.engine.word_hooks.WordHooks`), or, for an action or event shown with no
room, the registered variant that declares its class, or else the readable defaults. The
command line names no game: every game's words are its own package's."""

from __future__ import annotations

from mahjong_rules.engine.word_hooks import WordHooks
from mahjong_rules.variants import Rules, available_variants

__all__ = ["DEFAULT_WORDS", "words_for"]

DEFAULT_WORDS = WordHooks()
"""The defaults, for what no registered variant declares."""


def words_for(shown: object = None, rules: object = None) -> WordHooks:
    """The words to show ``shown`` (an action or event) with: those of ``rules`` if it is a
    room's rules, else of the registered variant whose ``action_types`` or ``event_types``
    hold its class (in its default room), else :data:`DEFAULT_WORDS`."""
    if isinstance(rules, WordHooks):
        return rules
    cls = type(shown)
    for variant in available_variants():
        if cls in variant.action_types or cls in variant.event_types:
            return _default_room(variant)
    return DEFAULT_WORDS


_ROOMS: dict[type, WordHooks] = {}


def _default_room(variant: type[Rules]) -> WordHooks:
    """The rules of ``variant``'s default room, built once; the defaults if it cannot be."""
    found = _ROOMS.get(variant)
    if found is None:
        try:
            found = variant()
        except Exception:  # a plugin whose default room cannot be built
            found = DEFAULT_WORDS
        found = _ROOMS[variant] = found
    return found
