"""Serialization: :func:`to_dict` and :func:`from_dict`, JSON-compatible and versioned.

Options, states, actions, events, views, results and hand records all serialize to plain dicts
(only dicts, lists, str, int, bool and None inside), which :func:`json.dumps` writes as is, and
read back equal::

    >>> from mahjong_rules import Discard, Tile, get_variant
    >>> to_dict(Discard(2, Tile('5m')))
    {'type': 'Discard', 'seat': 2, 'tile': '5m', 'format': 2}
    >>> from_dict(to_dict(Discard(2, Tile('5m'))))
    Discard(seat=2, tile=Tile('5m'))
    >>> state = get_variant("yongshan").new_hand(seed=3)
    >>> from_dict(to_dict(state)) == state
    True

Every document carries ``"format"`` (:data:`FORMAT_VERSION`); a part of one (an action of a
view's ``legal_actions``, a state's ``result``) reads back on its own without it, but a wrong
``"format"`` anywhere is refused. Bad or tampered input raises
:class:`~mahjong_rules.errors.SerializationError` naming the field (``state.seats[1].concealed:
...``): its size first (:mod:`~mahjong_rules.serial.bounds`), then every field's type, then a
state whole (:func:`check_state`: a state a hand could be in, that plays on), so a document
that fails never yields a half-built or impossible value. ``docs/serialization.rst`` lists
every check.
"""

from __future__ import annotations

from typing import Any, TypeVar, overload

from mahjong_rules.engine.state import State
from mahjong_rules.errors import MahjongRulesError, SerializationError
from mahjong_rules.serial._fast import Doubt, read_fast
from mahjong_rules.serial.bounds import check_bounds
from mahjong_rules.serial.check import check_read_state, check_state
from mahjong_rules.serial.codec import (
    FORMAT_VERSION,
    JSON,
    check_format,
    decode,
    encode,
    known_types,
    preview,
)
from mahjong_rules.serial.format1 import OLD_FORMAT, upgrade
from mahjong_rules.variants.options import Options

__all__ = ["FORMAT_VERSION", "check_state", "from_dict", "to_dict"]

T = TypeVar("T")


def to_dict(value: Any) -> dict[str, JSON]:
    """``value`` as a JSON-compatible dict with its ``"type"`` and the ``"format"`` version."""
    tp = Options if isinstance(value, Options) else type(value)
    if tp is not Options and type(value).__name__ not in known_types():
        raise SerializationError(f"cannot serialize a {type(value).__name__}: {value!r}")
    out = encode(value, tp)
    assert isinstance(out, dict)
    out["format"] = FORMAT_VERSION
    return out


@overload
def from_dict(data: Any) -> Any: ...
@overload
def from_dict(data: Any, expected: type[T]) -> T: ...
def from_dict(data: Any, expected: type[Any] | None = None) -> Any:
    """The value a :func:`to_dict` document describes (of class ``expected``, if given).

    Raises :class:`~mahjong_rules.errors.SerializationError` naming the first field that is
    wrong, for a document of another format version, one beyond the bounds of
    :mod:`~mahjong_rules.serial.bounds`, or a state that could not occur (:func:`check_state`).
    A document of format 1 is read as the format-2 document meaning the same
    (:mod:`~mahjong_rules.serial.format1`).
    """
    if not isinstance(data, dict):
        raise SerializationError(f"expected a document (a dict), got {type(data).__name__}")
    old = data.get("format") == OLD_FORMAT and data["format"].__class__ is int
    if not old:
        check_format(data, "")
    name = data.get("type")
    if name == "Options":
        tp: Any = Options
    else:
        tp = known_types().get(name) if isinstance(name, str) else None
        if tp is None:
            raise SerializationError(f"type: no serializable type {preview(name)}")
    if expected is not None and not issubclass(tp, expected):
        raise SerializationError(f"type: expected {expected.__name__}, the document has {name}")
    root = _root_name(tp)
    check_bounds(data, root)
    if old:  # checked for size first, then rewritten as what it means in this format
        data = upgrade(data, FORMAT_VERSION, path=root)
    try:  # the fast reader first; anything it doubts, the codec reads (and names) again
        value = read_fast(data, tp)
    except (Doubt, MahjongRulesError, ValueError, TypeError, KeyError):
        value = decode(data, tp, root)
    if isinstance(value, State):  # no other type holds a state: check it whole
        check_read_state(value, root)
    return value


def _root_name(tp: type) -> str:
    name = tp.__name__
    return name[0].lower() + name[1:]
