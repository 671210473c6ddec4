"""The type table of :mod:`~mahjong_rules.serial.codec`: every class a document may name, and
each class's fields and their types, worked out once."""

from __future__ import annotations

import functools
import typing
from typing import Any

import attrs

from mahjong_rules.engine.action_registry import (
    registered_by_name,
    registered_events_by_name,
    reserve_type_names,
)
from mahjong_rules.engine.state import VARIANT_RECORD
from mahjong_rules.engine.value_class import field_types, is_value_class, value_fields

__all__ = [
    "RecordField",
    "field_plan",
    "fields_of",
    "hints_of",
    "known_types",
    "library_types",
    "shape",
    "type_named",
]


@attrs.frozen
class RecordField:
    """The type :func:`hints_of` gives a field holding a variant's own record (a state's, a
    seat's or a view's ``variant``): the codec reads and writes it with the class the room's
    variant declares as :attr:`declaration` (e.g. ``"seat_state_class"``)."""

    declaration: str


_SHAPES: dict[Any, tuple[Any, tuple[Any, ...]]] = {}


def shape(tp: Any) -> tuple[Any, tuple[Any, ...]]:
    """``(typing.get_origin(tp), typing.get_args(tp))``, worked out once per type."""
    try:
        return _SHAPES[tp]
    except KeyError:
        found = _SHAPES[tp] = (typing.get_origin(tp), typing.get_args(tp))
        return found
    except TypeError:  # pragma: no cover - an unhashable annotation
        return typing.get_origin(tp), typing.get_args(tp)


_FIELDS: dict[type, tuple[Any, ...]] = {}
_PLANS: dict[type, tuple[tuple[str, Any, bool], ...]] = {}


def field_plan(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """``(name, type, required)`` of each field a document of ``cls`` gives (worked out once)."""
    found = _PLANS.get(cls)
    if found is None:
        hints = hints_of(cls)
        found = _PLANS[cls] = tuple(
            (f.name, hints[f.name], f.default is attrs.NOTHING and f.init) for f in fields_of(cls)
        )
    return found


def fields_of(cls: type) -> tuple[Any, ...]:
    """The fields of an attrs class that its constructor takes (worked out once), a variant's
    record among them."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(f for f in value_fields(cls) if f.init)
    return found


_HINTS: dict[type, dict[str, Any]] = {}


def hints_of(cls: type) -> dict[str, Any]:
    """The resolved field types of an attrs class (annotations are strings in this package)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = field_types(cls)
        for field in value_fields(cls) if is_value_class(cls) else ():
            declaration = field.metadata.get(VARIANT_RECORD)
            if declaration is not None:  # a variant's record: typed by the room, not here
                hints[field.name] = RecordField(declaration)
        _HINTS[cls] = hints
    return hints


@functools.cache
def library_types() -> dict[str, type]:
    """Every class of the library a document may name, by its ``"type"``: of the actions and
    the events, the shipped ones only (a variant's own are known while it is registered,
    :func:`known_types`)."""
    from mahjong_rules.engine.actions import SHIPPED_ACTIONS, Action
    from mahjong_rules.engine.events import SHIPPED_EVENTS, Event
    from mahjong_rules.engine.public_view import PublicView
    from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord
    from mahjong_rules.engine.state import SeatState, State
    from mahjong_rules.engine.view import SeatView, View
    from mahjong_rules.melds import Meld
    from mahjong_rules.records import HandRecord
    from mahjong_rules.scoring import Breakdown, ScoreItem
    from mahjong_rules.wins.types import Decomposition, Group

    roots: list[type] = [
        State,
        SeatState,
        View,
        PublicView,
        SeatView,
        HandResult,
        Payment,
        WinRecord,
        Breakdown,
        ScoreItem,
        Decomposition,
        Group,
        Meld,
        HandRecord,
    ]
    listed: tuple[type, ...] = (Action, *SHIPPED_ACTIONS, Event, *SHIPPED_EVENTS)
    found: dict[str, type] = {cls.__name__: cls for cls in listed}
    while roots:
        cls = roots.pop()
        roots.extend(cls.__subclasses__())
        if "__attrs_attrs__" in vars(cls) or "FIELDS" in vars(cls):  # (not a class a slotted
            # attrs class replaced)
            found[cls.__name__] = cls
    return found


reserve_type_names(library_types)  # no variant's action or event takes a library type's name

_MERGED: dict[str, Any] = {"of": None, "types": {}}


def known_types() -> dict[str, type]:
    """Every class a document may name, by its ``"type"``: the library's
    (``library_types()``) and the actions and events of the registered variants
    (:func:`~mahjong_rules.engine.action_registry.registered_by_name`,
    :func:`~mahjong_rules.engine.action_registry.registered_events_by_name`)."""
    actions, events = registered_by_name(), registered_events_by_name()  # the same dicts
    if not actions and not events:  # while the registry does not change
        return library_types()
    of = _MERGED["of"]
    if of is None or of[0] is not actions or of[1] is not events:
        _MERGED.update(of=(actions, events), types={**library_types(), **actions, **events})
    return _MERGED["types"]  # type: ignore[no-any-return]


def type_named(name: str) -> type | None:
    """The class a document's ``"type"`` names, as :func:`known_types` has it: the library's
    looked up first (the codec's fast path, once per object read)."""
    found = library_types().get(name)
    if found is None:
        found = registered_by_name().get(name) or registered_events_by_name().get(name)
    return found
