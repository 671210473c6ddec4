"""How a document reader words what it refuses: where, what it expected, and a short look at
what it found (:func:`preview`, bounded whatever the value's size or depth)."""

from __future__ import annotations

import reprlib
from typing import Any

from mahjong_rules.errors import SerializationError

__all__ = ["bad", "names", "preview"]

_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxlong, _REPR.maxother = 3, 40, 40, 40


def preview(value: Any) -> str:
    """A short repr of a document's value for an error, whatever its size or depth."""
    if isinstance(value, int) and value.bit_length() > 128:
        return f"a whole number of {value.bit_length()} bits"
    try:
        shown = _REPR.repr(value)
    except (ValueError, RecursionError):  # an int too long to write out, deep inside
        shown = f"a {type(value).__name__}"
    return shown if len(shown) <= 60 else shown[:57] + "..."


def bad(path: str, expected: str, got: Any) -> SerializationError:
    """The error for ``got`` found at ``path`` where ``expected`` was wanted."""
    return SerializationError(f"{path}: {expected}, got {preview(got)}")


def names(members: list[Any]) -> str:
    """Types (or values) named for an error: ``"int, str"``."""
    return ", ".join(getattr(m, "__name__", str(m)) for m in members)
