"""The variant registry: find rules by name or alias, register your own (python-chess style).

Installed packages add variants through the ``mahjong_rules.variants`` entry points
(:data:`ENTRY_POINT_GROUP`), loaded once, on the first look-up. A plugin that cannot be loaded
(its import fails, it names no :class:`~mahjong_rules.variants.base.Rules` subclass, or its
name or an alias is taken by another variant) is skipped with one
:class:`~mahjong_rules.errors.PluginWarning` naming the entry point and the error, and listed
by :func:`broken_plugins` (and by ``python -m mahjong_rules variants``); the shipped games and
every other plugin work as if it were not installed.

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
import threading
import warnings
from importlib import metadata
from typing import Any, NamedTuple

import attrs

from mahjong_rules.errors import PluginWarning, UnknownVariantError
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.options import Options

__all__ = [
    "ENTRY_POINT_GROUP",
    "BrokenPlugin",
    "available_variants",
    "broken_plugins",
    "get_variant",
    "register_variant",
    "rules_for",
]

ENTRY_POINT_GROUP = "mahjong_rules.variants"
"""Third-party packages register :class:`Rules` subclasses under this entry-point group."""

_REGISTRY: dict[str, type[Rules]] = {}
_BROKEN: list[BrokenPlugin] = []
_entry_points_loaded = False
_loading = False
_LOCK = threading.RLock()


class BrokenPlugin(NamedTuple):
    """A variant plugin that could not be loaded, as :func:`broken_plugins` lists it."""

    name: str
    """The entry point's name (in the plugin's ``pyproject.toml``)."""
    target: str
    """What the entry point names, ``"package.module:Class"``."""
    error: str
    """Why it failed: ``"ImportError: No module named 'numpy'"``, a name already taken, ..."""


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
    """Load every plugin once. One that fails is reported and skipped: the loop goes on, so
    the shipped games and every other plugin work whatever one plugin does."""
    global _entry_points_loaded, _loading
    if _entry_points_loaded:
        return
    with _LOCK:
        if _entry_points_loaded or _loading:  # done meanwhile, or a plugin asking while loaded
            return
        _loading = True
        try:
            _BROKEN.clear()
            for entry in _entries():
                try:
                    _load(entry)
                except Exception as exc:  # whatever a plugin raises, it is the plugin's fault
                    _report(BrokenPlugin(entry.name, entry.value, _why(exc)))
            _entry_points_loaded = True
        finally:
            _loading = False


def _entries() -> tuple[metadata.EntryPoint, ...]:
    try:
        return tuple(metadata.entry_points(group=ENTRY_POINT_GROUP))
    except Exception as exc:  # broken package metadata: no plugins, said once
        _report(BrokenPlugin(ENTRY_POINT_GROUP, "(installed packages)", _why(exc)))
        return ()


def _load(entry: metadata.EntryPoint) -> None:
    cls = entry.load()
    if not (isinstance(cls, type) and issubclass(cls, Rules)):
        raise TypeError(f"it names {cls!r}, not a Rules subclass")
    if not (isinstance(cls.name, str) and cls.name):
        raise TypeError(f"{cls.__name__}.name is {cls.name!r}, not a variant name")
    options = cls.options_class
    if not (isinstance(options, type) and issubclass(options, Options) and attrs.has(options)):
        raise TypeError(f"{cls.__name__}.options_class is {options!r}, not an Options class")
    register_variant(cls)


def _why(exc: Exception) -> str:
    return f"{type(exc).__name__}: {' '.join(str(exc).split())}"


def _report(broken: BrokenPlugin) -> None:
    _BROKEN.append(broken)
    warnings.warn(
        PluginWarning(
            f"variant plugin {broken.name!r} ({broken.target}) is not loaded: {broken.error}; "
            "the other variants work without it"
        ),
        stacklevel=4,  # the caller of get_variant / available_variants
    )


def broken_plugins() -> tuple[BrokenPlugin, ...]:
    """Every plugin of the ``mahjong_rules.variants`` entry points that could not be loaded,
    with its error (each was also reported once, with a
    :class:`~mahjong_rules.errors.PluginWarning`, when the plugins were loaded)."""
    _load_entry_points()
    return tuple(_BROKEN)


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
