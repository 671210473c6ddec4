"""Bounds on what :func:`~mahjong_rules.serial.from_dict` reads, checked before anything is built.

A document comes from outside (a store, a socket, a file), so its size is bounded before the
codec looks at its meaning: one pass over it, without recursion, refuses with
:class:`~mahjong_rules.errors.SerializationError` naming the place:

* anything but dicts with ``str`` keys, lists, ``str``, ``int``, ``bool`` and ``None`` (what
  :func:`json.loads` gives; a ``float`` or a ``tuple`` is no part of a document);
* nesting deeper than :data:`MAX_DEPTH` (the library's own documents nest about ten deep);
* more than :data:`MAX_ITEMS` values in all;
* a string longer than :data:`MAX_STRING` characters;
* a whole number of more than :data:`MAX_DIGITS` digits (a seed has at most as many).

>>> check_bounds({"type": "Pass", "seat": 10**300})
Traceback (most recent call last):
...
mahjong_rules.errors.SerializationError: document.seat: a whole number of more than 256 digits
"""

from __future__ import annotations

from typing import Any

from mahjong_rules.engine.wall import MAX_SEED_BYTES
from mahjong_rules.errors import SerializationError

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "MAX_ITEMS", "MAX_STRING", "check_bounds"]

MAX_DEPTH = 32
"""Most levels of lists and dicts inside one another."""
MAX_ITEMS = 200_000
"""Most values in one document (every dict, list, key's value and list item counts one)."""
MAX_STRING = 1024
"""Most characters in one string."""
MAX_DIGITS = MAX_SEED_BYTES
"""Most decimal digits in one whole number (the longest ``int`` seed)."""

_SMALL = 2**53  # every int of the library's own documents is smaller: no digits to count


def check_bounds(data: Any, root: str = "document") -> None:
    """Raise :class:`~mahjong_rules.errors.SerializationError` (naming the place, from
    ``root``) unless ``data`` is JSON-shaped and within the bounds above."""
    try:
        if _within(data, 0) <= MAX_ITEMS:
            return
    except _Doubt:
        pass
    _check_bounds(data, root)  # the walk that names the place


class _Doubt(Exception):
    """Raised by :func:`_within` for anything it does not pass at once."""


def _within(value: Any, depth: int) -> int:
    """How many values ``value`` holds, itself included, if all of it is plainly within the
    bounds (exact ``dict``, ``list``, ``str``, small ``int``, ``bool``, ``None``); raises
    :class:`_Doubt` otherwise, and :func:`_check_bounds` then walks it again to name what is
    wrong. (The fast pass of every read: no paths are built.)"""
    cls = value.__class__
    if cls is list:
        items = value
    elif cls is dict:
        items = value.values()
        for key in value:
            if key.__class__ is not str or len(key) > MAX_STRING:
                raise _Doubt
    elif cls is str:
        if len(value) > MAX_STRING:
            raise _Doubt
        return 1
    elif cls is int:
        if not -_SMALL < value < _SMALL:
            raise _Doubt
        return 1
    elif value is None or cls is bool:
        return 1
    else:
        raise _Doubt
    if depth >= MAX_DEPTH:
        raise _Doubt
    count = 1
    for item in items:
        kind = item.__class__
        if kind is str:
            if len(item) > MAX_STRING:
                raise _Doubt
            count += 1
        elif kind is int:
            if not -_SMALL < item < _SMALL:
                raise _Doubt
            count += 1
        elif item is None or kind is bool:
            count += 1
        else:
            count += _within(item, depth + 1)
            if count > MAX_ITEMS:
                raise _Doubt
    return count


def _check_bounds(data: Any, root: str) -> None:
    stack: list[tuple[Any, Any, int]] = [(data, root, 0)]  # (value, its path, its depth)
    items = 0
    while stack:
        value, where, depth = stack.pop()
        items += 1
        if items > MAX_ITEMS:
            raise SerializationError(f"{_path(where)}: a document holds at most {MAX_ITEMS} values")
        if value is None or isinstance(value, bool):
            continue
        if isinstance(value, int):
            if not -_SMALL < value < _SMALL and not _short(value):
                raise SerializationError(
                    f"{_path(where)}: a whole number of more than {MAX_DIGITS} digits"
                )
        elif isinstance(value, str):
            if len(value) > MAX_STRING:
                raise SerializationError(
                    f"{_path(where)}: a string of more than {MAX_STRING} characters"
                )
        elif isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise SerializationError(
                    f"{_path(where)}: nested more than {MAX_DEPTH} deep (lists and dicts)"
                )
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if _plain(item):  # most items: a tile, a number (counted, not stacked)
                        items += 1
                    else:
                        stack.append((item, (where, i), depth + 1))
                if items > MAX_ITEMS:
                    raise SerializationError(
                        f"{_path(where)}: a document holds at most {MAX_ITEMS} values"
                    )
                continue
            for key, item in value.items():
                if not isinstance(key, str):
                    raise SerializationError(
                        f"{_path(where)}: a key is a {type(key).__name__}, not a str"
                    )
                if len(key) > MAX_STRING:
                    raise SerializationError(
                        f"{_path(where)}: a key of more than {MAX_STRING} characters"
                    )
                stack.append((item, (where, key), depth + 1))
        else:
            raise SerializationError(
                f"{_path(where)}: a {type(value).__name__} is not a JSON value "
                "(dict, list, str, int, bool or null)"
            )


def _plain(value: Any) -> bool:
    """A value within the bounds whatever its place: a short str, a small int, a bool, null."""
    cls = value.__class__
    if cls is str:
        return len(value) <= MAX_STRING
    if cls is int:
        return bool(-_SMALL < value < _SMALL)
    return value is None or cls is bool


def _short(value: int) -> bool:
    if value.bit_length() > 4 * MAX_DIGITS:  # more digits for sure: no str() of a huge int
        return False
    return len(str(abs(value))) <= MAX_DIGITS


def _path(where: Any) -> str:
    """``(("document", "seats"), 1)`` as ``document.seats[1]`` (built only for an error)."""
    parts: list[str] = []
    while isinstance(where, tuple):
        where, step = where
        parts.append(f"[{step}]" if isinstance(step, int) else f".{step}")
    return str(where) + "".join(reversed(parts))
