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
import typing
import warnings
from importlib import metadata
from typing import Any, NamedTuple

import attrs

from mahjong_rules.engine.action_fields import field_types
from mahjong_rules.engine.action_registry import (
    reserved_type_names,
    set_action_source,
    set_event_source,
    words_of,
)
from mahjong_rules.engine.action_text import VERBS
from mahjong_rules.engine.actions import SHIPPED_ACTIONS, Action
from mahjong_rules.engine.events import SHIPPED_EVENTS, Event
from mahjong_rules.engine.phases import OwnPhase, When
from mahjong_rules.engine.settlement import OwnReason
from mahjong_rules.errors import PluginWarning, UnknownVariantError
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.options import Options

__all__ = [
    "ENTRY_POINT_GROUP",
    "BrokenPlugin",
    "available_variants",
    "broken_plugins",
    "check_action_types",
    "check_event_types",
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
    decorator), and with it the actions of its ``action_types`` and the events of its
    ``event_types``. Registering a different class under a taken name or with another
    variant's options class raises ``ValueError``,
    as does an action whose class name or verb another action already has
    (:func:`check_action_types`), or an event whose class name is taken
    (:func:`check_event_types`)."""
    if not (isinstance(cls, type) and issubclass(cls, Rules)) or not cls.name:
        raise TypeError("register_variant() takes a Rules subclass with a name")
    for name in (cls.name, *cls.aliases):
        taken = _REGISTRY.get(_key(name))
        if taken is not None and taken is not cls:
            raise ValueError(f"variant name {name!r} is already taken by {taken.__name__}")
    for other in set(_REGISTRY.values()):
        if other is not cls and other.options_class is cls.options_class:
            raise ValueError(
                f"options class {cls.options_class.__name__} is already {other.__name__}'s: a "
                "variant needs an options class of its own (rules_for and hand records find "
                "the variant by it), e.g. an empty attrs subclass"
            )
    if cls.action_types:
        check_action_types(cls)
    if cls.event_types:
        check_event_types(cls)
    if cls.phases:
        check_phases(cls)
    if cls.own_reasons:
        check_own_reasons(cls)
    for name in (cls.name, *cls.aliases):
        _REGISTRY[_key(name)] = cls
    return cls


def check_own_reasons(cls: type[Rules]) -> None:
    """Raise ``TypeError`` unless ``cls.own_reasons`` is a tuple of
    :class:`~mahjong_rules.engine.settlement.OwnReason`, and ``ValueError`` unless their values
    are distinct (documents name a reason by its value)."""
    where = f"{cls.__name__}.own_reasons"
    reasons = cls.own_reasons
    if not isinstance(reasons, tuple) or not all(isinstance(r, OwnReason) for r in reasons):
        raise TypeError(f"{where} is a tuple of OwnReason, got {reasons!r}")
    values = [r.value for r in reasons]
    if len(set(values)) != len(values):
        raise ValueError(f"{where}: each reason needs a value of its own, got {values}")


def check_phases(cls: type[Rules]) -> None:
    """Raise ``TypeError`` unless ``cls.phases`` is a tuple of
    :class:`~mahjong_rules.engine.phases.OwnPhase` instances, and ``ValueError`` unless their
    names are distinct and not empty and every per-match phase before the deal comes before
    the others (a match gives a hand their answers first)."""
    where = f"{cls.__name__}.phases"
    phases = cls.phases
    if not isinstance(phases, tuple) or not all(isinstance(p, OwnPhase) for p in phases):
        raise TypeError(f"{where} is a tuple of OwnPhase instances, got {phases!r}")
    names = [p.name for p in phases]
    for phase in phases:
        if not isinstance(phase.name, str) or not phase.name or names.count(phase.name) > 1:
            raise ValueError(f"{where}: each phase needs a name of its own, got {phase.name!r}")
        if not isinstance(phase.when, When):
            raise TypeError(f"{where}: {phase!r}.when is a When, got {phase.when!r}")
    before = [p for p in phases if p.when is When.BEFORE_DEAL]
    carried = [p.per_match for p in before]
    if carried != sorted(carried, reverse=True):
        raise ValueError(f"{where}: a per-match phase before the deal comes before the others")
    if any(p.per_match and p.when is not When.BEFORE_DEAL for p in phases):
        raise ValueError(f"{where}: only a phase before the deal is per-match")


def check_action_types(cls: type[Rules]) -> None:
    """Check the actions a variant declares before it is registered: each a frozen attrs
    class deriving from :class:`~mahjong_rules.engine.actions.Action` with a one-word
    ``verb``, whose field types resolve, and whose class name (a document's ``"type"``) and
    verb words are no other action's and no library type's. Raises ``TypeError`` for what is
    not such a class and ``ValueError`` for a taken name or word, naming both."""
    owners: dict[str, tuple[type, str]] = {
        name: (tp, "the library") for name, tp in reserved_type_names().items()
    }
    shipped = {action.verb: action for action in SHIPPED_ACTIONS}
    words = {word: (shipped[verb], "the library") for word, verb in VERBS.items()}
    for other in dict.fromkeys(_REGISTRY.values()):
        for action in other.action_types:
            owners.setdefault(action.__name__, (action, other.__name__))
            for word in words_of(action):
                words.setdefault(word, (action, other.__name__))
        for event in other.event_types:
            owners.setdefault(event.__name__, (event, other.__name__))
    where = f"{cls.__name__}.action_types"
    if not isinstance(cls.action_types, tuple):
        raise TypeError(f"{where} is a tuple of Action classes, got {cls.action_types!r}")
    for action in cls.action_types:
        _check_action_class(action, where)
        keys = [(action.__name__, owners, "action type name")]
        keys += [(word, words, "action verb") for word in words_of(action)]
        for key, table, what in keys:
            taken, owner = table.get(key, (action, ""))
            if taken is not action:
                raise ValueError(
                    f"{where}: the {what} {key!r} of {action.__qualname__} is already taken by "
                    f"{taken.__qualname__} of {owner}"
                )
            table[key] = (action, cls.__name__)


def _check_action_class(action: Any, where: str) -> None:
    if not (isinstance(action, type) and issubclass(action, Action)):
        raise TypeError(f"{where}: {action!r} is not an Action class")
    if not _frozen_attrs(action):
        raise TypeError(f"{where}: {action.__qualname__} is not a frozen attrs class")
    verbs = (action.verb, *action.verb_aliases)
    if not all(isinstance(v, str) and v and len(v.split()) == 1 and v == v.strip() for v in verbs):
        raise TypeError(f"{where}: {action.__qualname__}.verb and verb_aliases are single words")
    field_types(action)  # raises ActionTypeError (a TypeError) for an unresolved annotation


def _frozen_attrs(cls: Any) -> bool:
    """Whether ``cls`` is itself decorated as a frozen attrs class (not only a subclass of
    one, which attrs would leave unchecked)."""
    return "__attrs_attrs__" in vars(cls) and cls.__setattr__ is not object.__setattr__


def check_event_types(cls: type[Rules]) -> None:
    """Check the events a variant declares before it is registered: each a frozen attrs
    class deriving from :class:`~mahjong_rules.engine.events.Event`, none of the library's
    own (:data:`~mahjong_rules.engine.events.SHIPPED_EVENTS`, which the engine shows each
    seat), whose field types resolve, and whose class name (a document's ``"type"``) is no
    library type's, no action's and no other variant's event's. Raises ``TypeError`` for what
    is not such a class and ``ValueError`` for a shipped event or a taken name, naming both."""
    owners: dict[str, tuple[type, str]] = {
        name: (tp, "the library") for name, tp in reserved_type_names().items()
    }
    for other in (*dict.fromkeys(_REGISTRY.values()), cls):
        for own in (*other.action_types, *(other.event_types if other is not cls else ())):
            owners.setdefault(own.__name__, (own, other.__name__))
    where = f"{cls.__name__}.event_types"
    if not isinstance(cls.event_types, tuple):
        raise TypeError(f"{where} is a tuple of Event classes, got {cls.event_types!r}")
    for event in cls.event_types:
        if not (isinstance(event, type) and issubclass(event, Event)):
            raise TypeError(f"{where}: {event!r} is not an Event class")
        if event in SHIPPED_EVENTS:
            raise ValueError(f"{where}: {event.__name__} is the library's own event")
        if not _frozen_attrs(event):
            raise TypeError(f"{where}: {event.__qualname__} is not a frozen attrs class")
        try:
            typing.get_type_hints(event)
        except Exception as exc:  # a name the annotations use that cannot be found
            raise TypeError(f"{where}: {event.__qualname__}'s field types: {exc}") from exc
        taken, owner = owners.get(event.__name__, (event, ""))
        if taken is not event:
            raise ValueError(
                f"{where}: the event type name {event.__name__!r} of {event.__qualname__} is "
                f"already taken by {taken.__qualname__} of {owner}"
            )
        owners[event.__name__] = (event, cls.__name__)


_DECLARED: dict[str, tuple[tuple[type[Rules], ...], tuple[type, ...]]] = {}


def _declared(attribute: str, shipped: tuple[type, ...] = ()) -> tuple[type, ...]:
    """The classes the registered variants list in ``attribute`` (``action_types`` or
    ``event_types``), ``shipped`` ones left out, each once, in registration order; the same
    tuple while the registry does not change. The engine's sources of the variants' own
    actions and events (:func:`~mahjong_rules.engine.action_registry.set_action_source`,
    :func:`~mahjong_rules.engine.action_registry.set_event_source`)."""
    _load_entry_points()
    classes = tuple(_REGISTRY.values())
    cached = _DECLARED.get(attribute)
    if cached is None or cached[0] != classes:
        found = dict.fromkeys(
            x for c in dict.fromkeys(classes) for x in getattr(c, attribute) if x not in shipped
        )
        cached = _DECLARED[attribute] = (classes, tuple(found))
    return cached[1]


set_action_source(functools.partial(_declared, "action_types", SHIPPED_ACTIONS))
set_event_source(functools.partial(_declared, "event_types"))


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
        broken = "; ".join(f"{b.name} ({b.error})" for b in _BROKEN)
        failed = f"; plugins that failed to load: {broken}" if broken else ""
        raise UnknownVariantError(f"no variant {name!r}; known: {known}{failed}")
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
