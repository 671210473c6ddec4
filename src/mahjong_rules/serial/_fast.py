"""The fast first try of :func:`~mahjong_rules.serial.from_dict`: a document read with one
reader per declared type, worked out once per type, that builds no path strings.

It reads only what is plainly well-formed (exact JSON types, the notation the library writes,
known type names) exactly as :func:`~mahjong_rules.serial.codec.decode` would read it, and
raises :class:`Doubt` (or a ``KeyError`` or ``TypeError`` from a lookup) at the first thing it
does not take at once: the reader then reads the whole document again with
:func:`~mahjong_rules.serial.codec.decode`, which names the field that is wrong (or reads
what is only unusual, such as a tile spelled ``"五万"``). So the fast reader refuses nothing
that the codec would not, and changes no error message.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.serial._room import ROOM, record_class
from mahjong_rules.serial._types import RecordField, field_plan, shape, type_named
from mahjong_rules.serial.codec import (
    _COUNTS_OF,
    FORMAT_VERSION,
    decode,
    read_options,
)
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.options import Options

__all__ = ["Doubt", "read_fast"]

_Reader = Callable[[Any], Any]


class Doubt(Exception):
    """Something the fast reader does not take at once (the codec reads it again)."""


def read_fast(data: Any, tp: Any) -> Any:
    """``data`` read as a value of type ``tp``, or :class:`Doubt` (or the error of a value's
    own constructor: the caller reads the document again with the codec)."""
    try:
        return _reader(tp)(data)
    finally:
        _OPTIONS_READ.clear()


_OPTIONS_READ: dict[int, tuple[Any, Options]] = {}
"""The options documents read during this :func:`read_fast` (a state's are read for the state
and for its variant's records), by identity: emptied when it returns."""


_READERS: dict[Any, _Reader] = {}


def _reader(tp: Any) -> _Reader:
    found = _READERS.get(tp)
    if found is None:
        found = _READERS[tp] = _make_reader(tp)
    return found


def _generic(tp: Any) -> _Reader:
    """The codec's own reading, for the types read rarely (its errors lead to a second read)."""
    return lambda data: decode(data, tp, "")


def _make_reader(tp: Any) -> _Reader:
    if tp is Tile:
        return _read_tile
    if tp is int or tp is str or tp is bool:
        return _scalar(tp)
    if tp is TileCounts:
        return _read_counts
    if tp is TileSet:
        return _read_tile_set
    if tp is Any or (isinstance(tp, type) and issubclass(tp, Options)):
        return _read_options
    if tp.__class__ is RecordField:
        return _record(tp)
    origin, args = shape(tp)
    if origin in (types.UnionType, typing.Union):
        members = [a for a in args if a is not type(None)]
        if len(members) == 1 and len(args) == 2:
            inner = _reader(members[0])
            return lambda data: None if data is None else inner(data)
        return _generic(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum(tp)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _tuple_of(args[0])
    if isinstance(tp, type) and (attrs.has(tp) or "FIELDS" in vars(tp)):  # (or a state class)
        return _attrs_object(tp)
    return _generic(tp)


def _scalar(tp: type) -> _Reader:
    def read(data: Any) -> Any:
        if data.__class__ is not tp:
            raise Doubt
        return data

    return read


_read_tile: Callable[[Any], Tile] = {t.notation: t for t in all_tiles()}.__getitem__
"""A tile by its notation (``"5m"``): a lookup in C, no Python call per tile. Anything else
raises ``KeyError`` (or ``TypeError``, unhashable), and the codec reads the document again."""


_OFFSETS = {"m": 0, "p": 9, "s": 18, "z": 27}
_COUNTS = _COUNTS_OF  # the codec's memo of hands read: one memo for both readers
_SETS: dict[str, TileSet] = {}
_MEMO_SIZE = 4096
"""Most hands kept in each memo (cleared when full): a hand changes by a tile or two."""


def _read_counts(data: Any) -> TileCounts:
    """Counts written as the library writes them (``"1155m789s"``), read without building a
    tile per character: ranks ``1``-``9`` then a suit letter, never five of a kind."""
    found = _COUNTS.get(data) if data.__class__ is str else None
    if found is not None:
        return found
    if data.__class__ is not str:
        raise Doubt
    bits = size = start = 0
    for i, ch in enumerate(data):
        offset = _OFFSETS.get(ch)
        if offset is None:
            if not "1" <= ch <= "9":
                raise Doubt
            continue
        if i == start:
            raise Doubt
        for rank in data[start:i]:
            index = offset + ord(rank) - 49
            if offset == 27 and index > 33:
                raise Doubt
            shift = 3 * index
            if (bits >> shift) & 7 >= 4:
                raise Doubt
            bits += 1 << shift
            size += 1
        start = i + 1
    if start != len(data):
        raise Doubt
    found = TileCounts._make(bits, size)
    if len(_COUNTS) >= _MEMO_SIZE:
        _COUNTS.clear()
    _COUNTS[data] = found
    return found


def _read_tile_set(data: Any) -> TileSet:
    found = _SETS.get(data) if data.__class__ is str else None
    if found is None:
        found = decode(data, TileSet, "")
        if len(_SETS) >= _MEMO_SIZE:
            _SETS.clear()
        _SETS[data] = found
    return found


def _read_options(data: Any) -> Options:
    found = _OPTIONS_READ.get(id(data))
    if found is not None and found[0] is data:
        return found[1]
    options = read_options(data, "")
    _OPTIONS_READ[id(data)] = (data, options)
    return options


def _read_with_path(data: Any, path: str) -> Options:
    return _read_options(data)


def _enum(tp: type[enum.Enum]) -> _Reader:
    by_value = {m.value: m for m in tp if m.value.__class__ is str}

    def read(data: Any) -> Any:
        member = by_value.get(data) if data.__class__ is str else None
        if member is None:
            raise Doubt
        return member

    return read


def _tuple_of(item: Any) -> _Reader:
    if item is Tile:

        def read_tiles(data: Any) -> tuple[Any, ...]:
            if data.__class__ is not list:
                raise Doubt
            return tuple(map(_read_tile, data))

        return read_tiles
    if item is int:

        def read_ints(data: Any) -> tuple[Any, ...]:
            if data.__class__ is not list or any(v.__class__ is not int for v in data):
                raise Doubt
            return tuple(data)

        return read_ints
    inner = _reader(item)

    def read(data: Any) -> tuple[Any, ...]:
        if data.__class__ is not list:
            raise Doubt
        return tuple(map(inner, data))

    return read


def _attrs_object(tp: type) -> _Reader:
    """An object of ``tp`` or of one of its kinds, by its ``"type"``."""

    def read(data: Any) -> Any:
        if data.__class__ is not dict:
            raise Doubt
        name = data.get("type")
        cls = type_named(name) if name.__class__ is str else None
        if cls is None or not issubclass(cls, tp):
            raise Doubt
        fields = _FIELDS.get(cls) or _fields_reader(cls)
        if "options" not in data:
            return fields(data)
        room = ROOM.set([data["options"], "options"])  # for the variant records inside
        try:
            return fields(data)
        finally:
            ROOM.reset(room)

    return read


def _record(field: RecordField) -> _Reader:
    """A variant's own record, of the class the room declares (as the codec reads it)."""

    def read(data: Any) -> Any:
        if data is None:
            return None
        cls = record_class(field, "", _read_with_path)
        if data.__class__ is not dict or data.get("type") != cls.__name__:
            raise Doubt
        return (_FIELDS.get(cls) or _fields_reader(cls))(data)

    return read


_FIELDS: dict[type, _Reader] = {}


def _fields_reader(cls: type) -> _Reader:
    """An instance of ``cls`` from the fields of a document whose ``"type"`` named it."""
    plan = tuple((name, _reader(hint), required) for name, hint, required in field_plan(cls))
    names = frozenset(name for name, _, _ in plan) | {"type", "format"}
    pairs = tuple((name, reader) for name, reader, _ in plan)
    whole = len(plan) + 1  # every field and the "type" (as the library writes an object)

    def read(data: dict[str, Any]) -> Any:
        given = "format" in data
        if given:
            version = data["format"]
            if version.__class__ is not int or version != FORMAT_VERSION:
                raise Doubt
        if not names.issuperset(data):
            raise Doubt
        if len(data) == whole + given:  # every field given
            return cls(**{name: reader(data[name]) for name, reader in pairs})
        kwargs = {}
        for name, reader, required in plan:
            if name in data:
                kwargs[name] = reader(data[name])
            elif required:
                raise Doubt
        return cls(**kwargs)

    _FIELDS[cls] = read
    return read
