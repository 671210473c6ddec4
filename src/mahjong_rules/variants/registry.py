"""The variant registry: find rules by name or alias, register your own (python-chess style).

>>> rules = get_variant("保山麻将", players=3)
>>> rules.name, rules.options.players
('baoshan', 3)
>>> get_variant("nope")
Traceback (most recent call last):
...
mahjong_rules.errors.UnknownVariantError: no variant 'nope'; known: baoshan (保山, 保山麻将, ...)
"""

from __future__ import annotations

import functools
from importlib import metadata
from typing import Any

from mahjong_rules.errors import UnknownVariantError
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.options import Options

__all__ = [
    "ENTRY_POINT_GROUP",
    "available_variants",
    "get_variant",
    "register_variant",
    "rules_for",
]

ENTRY_POINT_GROUP = "mahjong_rules.variants"
"""Third-party packages register :class:`Rules` subclasses under this entry-point group."""

_REGISTRY: dict[str, type[Rules]] = {}
_entry_points_loaded = False


def _key(name: str) -> str:
    return name.strip().casefold()


def register_variant(cls: type[Rules]) -> type[Rules]:
    """Register a :class:`Rules` subclass under its ``name`` and ``aliases`` (usable as a
    decorator). Registering a different class under a taken name raises ``ValueError``."""
    if not (isinstance(cls, type) and issubclass(cls, Rules)) or not cls.name:
        raise TypeError("register_variant() takes a Rules subclass with a name")
    for name in (cls.name, *cls.aliases):
        taken = _REGISTRY.get(_key(name))
        if taken is not None and taken is not cls:
            raise ValueError(f"variant name {name!r} is already taken by {taken.__name__}")
    for name in (cls.name, *cls.aliases):
        _REGISTRY[_key(name)] = cls
    return cls


def _load_entry_points() -> None:
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        cls = entry.load()
        if isinstance(cls, type) and issubclass(cls, Rules) and _key(cls.name) not in _REGISTRY:
            register_variant(cls)


def available_variants() -> tuple[type[Rules], ...]:
    """Every registered variant class, by name."""
    _load_entry_points()
    return tuple(sorted(set(_REGISTRY.values()), key=lambda c: c.name))


def get_variant(name: str, /, **options: Any) -> Rules:
    """The rules of variant ``name`` (a name or alias, any case) with room ``options``.

    Unknown names raise :class:`~mahjong_rules.errors.UnknownVariantError`; unknown options or
    bad values raise :class:`~mahjong_rules.errors.OptionsError`.
    """
    _load_entry_points()
    cls = _REGISTRY.get(_key(name)) if isinstance(name, str) else None
    if cls is None:
        known = "; ".join(
            f"{c.name} ({', '.join(c.aliases)})" if c.aliases else c.name
            for c in available_variants()
        )
        raise UnknownVariantError(f"no variant {name!r}; known: {known}")
    return cls(**options)


@functools.lru_cache(maxsize=64)
def rules_for(options: Options) -> Rules:
    """The rules of the room whose options are ``options`` (e.g. a view's or a state's).

    >>> rules_for(get_variant("yongshan", players=3).options)
    get_variant('yongshan', players=3)
    """
    _load_entry_points()
    for cls in available_variants():
        if type(options) is cls.options_class:
            return cls(options)
    raise UnknownVariantError(f"no registered variant plays with {type(options).__name__}")
