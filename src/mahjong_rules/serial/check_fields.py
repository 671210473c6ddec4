"""The first of :func:`~mahjong_rules.serial.check_state`'s checks: every field of a state and
of its seats holds a value of its declared type, so that a state built in Python (not read from
a document, whose fields the codec has already typed) cannot slip a ``True`` in for a seat or a
``str`` for a tile; and the counters are within their ranges.
"""

from __future__ import annotations

import types
import typing
from itertools import repeat
from typing import Any, NoReturn

from mahjong_rules.engine.state import SeatState, State
from mahjong_rules.engine.value_class import field_types, value_fields
from mahjong_rules.errors import SerializationError

__all__ = ["check_counters", "check_fields", "fail", "seat_of"]

_SKIPPED = frozenset({"cache", "events", "options"})
"""Not checked by type: memos, reports, and the options (checked by the registry)."""

_COUNTERS = {
    "front": 0,
    "back": 0,
    "kong_chain": 0,
    "next_ref": 1,
    "discards_made": 0,
    "draws": 0,
    "points": 0,
    "pass_hu_fan": -1,
    "step": 0,
}
"""Whole-number fields and the least value each may hold."""


def fail(where: str, why: str) -> NoReturn:
    """Refuse: a :class:`~mahjong_rules.errors.SerializationError` naming the field."""
    raise SerializationError(f"{where}: {why}")


def seat_of(value: Any, players: int, where: str) -> None:
    """Refuse unless ``value`` is a seat of a table of ``players`` (an int, never a bool)."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        fail(where, f"not a seat of a table of {players}: {value!r}")


def check_fields(state: State, path: str) -> None:
    """Refuse a state or seat field whose value is not of the field's type, or a counter
    below its least value (a ``step``, a ``front``... is never negative)."""
    _check_object(state, path)
    if not isinstance(state.seats, tuple):
        fail(f"{path}.seats", "expected a tuple of SeatState")
    for index, seat in enumerate(state.seats):
        _check_object(seat, f"{path}.seats[{index}]")


def check_counters(state: State, path: str) -> None:
    """Refuse a counter of the state or of a seat below its least value (the part of
    :func:`check_fields` left to check once the codec has read every field by its type)."""
    for obj, where in (
        (state, path),
        *((s, f"{path}.seats[{i}]") for i, s in enumerate(state.seats)),
    ):
        for name, low in _counters(type(obj)):
            value = getattr(obj, name)
            if value < low:
                fail(f"{where}.{name}", f"at least {low}, got {value}")


_COUNTED: dict[type, tuple[tuple[str, int], ...]] = {}


def _counters(cls: type) -> tuple[tuple[str, int], ...]:
    """The counters among the checked fields of a state class, with their least values."""
    found = _COUNTED.get(cls)
    if found is None:
        found = _COUNTED[cls] = tuple(
            (name, _COUNTERS[name]) for name, _ in _hints(cls) if name in _COUNTERS
        )
    return found


def _check_object(obj: State | SeatState, path: str) -> None:
    for name, hint in _hints(type(obj)):
        value = getattr(obj, name)
        if not _fits(value, hint):
            fail(f"{path}.{name}", f"expected {_describe(hint)}, got {type(value).__name__}")
        low = _COUNTERS.get(name)
        if low is not None and value < low:
            fail(f"{path}.{name}", f"at least {low}, got {value}")


_HINTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    """The checked fields of a state class and their resolved types (worked out once)."""
    found = _HINTS.get(cls)
    if found is None:
        hints = field_types(cls)
        found = _HINTS[cls] = tuple(
            (f.name, hints[f.name]) for f in value_fields(cls) if f.name not in _SKIPPED and f.init
        )
    return found


_SHAPES: dict[Any, tuple[Any, tuple[Any, ...]]] = {}
"""Each field type's ``(origin, args)``, worked out once."""


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of type ``hint`` (ints are never bools; items of tuples and
    frozensets are checked; a class is checked with ``isinstance``)."""
    shape = _SHAPES.get(hint)
    if shape is None:
        shape = _SHAPES[hint] = (typing.get_origin(hint), typing.get_args(hint))
    origin, args = shape
    if origin in (types.UnionType, typing.Union):
        return any(_fits(value, member) for member in args)
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if origin in (tuple, frozenset):
        if not isinstance(value, origin):
            return False
        if origin is tuple and args and args[-1] is not Ellipsis:
            return len(value) == len(args) and all(map(_fits, value, args))
        if not args:
            return True
        item = args[0]
        if isinstance(item, type) and item is not int:  # a plain class: no recursion needed
            return all(map(isinstance, value, repeat(item)))
        return all(_fits(i, item) for i in value)
    if origin is not None:
        return isinstance(value, origin)
    return hint is Any or isinstance(value, hint)


def _describe(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("mahjong_rules.", "")
