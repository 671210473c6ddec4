"""Which variants' own actions are known: the engine's side of the variant registry.

The registry (:func:`~mahjong_rules.variants.register_variant`) gives the engine a source of
the action classes the registered variants declare (their rules' ``action_types``), so that
the text notation, the action ids and the documents know them, while the engine never imports
the registry. Registering a variant registers its actions; a variant taken out of the registry
takes them with it, and an action class of no registered variant is unknown to documents and
to :func:`~mahjong_rules.engine.actions.parse_action`. The events the variants declare (their
rules' ``event_types``) are known to documents the same way (:func:`registered_events_by_name`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = [
    "registered_by_name",
    "registered_by_word",
    "registered_events_by_name",
    "reserve_type_names",
    "reserved_type_names",
    "set_action_source",
    "set_event_source",
    "variant_actions",
    "variant_events",
    "words_of",
]

_SOURCE: list[Callable[[], tuple[type, ...]]] = [tuple]
_RESERVED: list[Callable[[], Mapping[str, type]]] = []
_TABLES: dict[str, Any] = {"of": None, "names": {}, "words": {}}


def set_action_source(source: Callable[[], tuple[type, ...]]) -> None:
    """Where :func:`variant_actions` finds the registered variants' action classes (the
    library's own left out): the variant registry sets it when it is imported. The
    source gives the same tuple while the registry does not change (the tables below are
    worked out again when it gives another)."""
    _SOURCE[0] = source


def variant_actions() -> tuple[type, ...]:
    """The action classes the registered variants declare, in registration order."""
    return _SOURCE[0]()


def _tables() -> dict[str, Any]:
    found = _SOURCE[0]()
    if found is not _TABLES["of"]:
        names = {cls.__name__: cls for cls in found}
        words = {w: cls for cls in found for w in words_of(cls)}
        _TABLES.update(of=found, names=names, words=words)
    return _TABLES


def registered_by_name() -> dict[str, type]:
    """The registered variants' action classes by class name (a document's ``"type"``)."""
    return _tables()["names"]  # type: ignore[no-any-return]


def registered_by_word() -> dict[str, type]:
    """The registered variants' action classes by every word of their verbs, in lower case."""
    return _tables()["words"]  # type: ignore[no-any-return]


def words_of(cls: type) -> dict[str, type]:
    """The words an action class's text is read by: its ``verb`` and ``verb_aliases``, in
    lower case."""
    return {w.lower(): cls for w in (cls.verb, *cls.verb_aliases)}  # type: ignore[attr-defined]


def reserve_type_names(names: Callable[[], Mapping[str, type]]) -> None:
    """Reserve the document type names ``names()`` gives (name to class), so that no
    variant's action takes one: the codec reserves the library's own types (every class
    :func:`~mahjong_rules.serial.from_dict` reads) when it is imported."""
    _RESERVED.append(names)


def reserved_type_names() -> dict[str, type]:
    """Every reserved document type name, with its class."""
    return {name: cls for names in _RESERVED for name, cls in names().items()}


_EVENT_SOURCE: list[Callable[[], tuple[type, ...]]] = [tuple]
_EVENT_TABLE: dict[str, Any] = {"of": None, "names": {}}


def set_event_source(source: Callable[[], tuple[type, ...]]) -> None:
    """Where :func:`variant_events` finds the registered variants' event classes (the
    library's own left out), as :func:`set_action_source` for their actions: the variant
    registry sets it when it is imported; the same tuple while the registry does not change."""
    _EVENT_SOURCE[0] = source


def variant_events() -> tuple[type, ...]:
    """The event classes the registered variants declare, in registration order."""
    return _EVENT_SOURCE[0]()


def registered_events_by_name() -> dict[str, type]:
    """The registered variants' event classes by class name (a document's ``"type"``)."""
    found = _EVENT_SOURCE[0]()
    if found is not _EVENT_TABLE["of"]:
        _EVENT_TABLE.update(of=found, names={cls.__name__: cls for cls in found})
    return _EVENT_TABLE["names"]  # type: ignore[no-any-return]
