"""The type-directed codec behind :func:`to_dict` and :func:`from_dict`.

Every value is written from its declared type (the attrs field annotations), and read back
against the same type, so a document cannot smuggle in a value of another type:

* ``int``, ``str``, ``bool``, ``None`` as themselves (a ``bool`` is never taken for an ``int``);
* :class:`~mahjong_rules.Tile` as its notation (``"5m"``); :class:`~mahjong_rules.TileCounts` and
  :class:`~mahjong_rules.TileSet` as one-line notation (``"1155m789s"``);
* enums by their value (``"self_draw"``), in a union too (a payment's payee, ``int | Pot``: a
  seat's number or ``"pot"``); tuples and frozensets as lists; mappings as lists of
  ``[key, value]`` pairs (JSON object keys could only be strings);
* attrs classes (actions, events, melds, payments, results, states, views...) as objects with a
  ``"type"`` naming the class, which must be the declared class or one of its subclasses;
* room options as ``{"type": "Options", "variant": "baoshan", ...every option...}``, read back
  through the variant's own validation;
* ``bytes`` (a hand record's seed) as ``{"bytes": "<hex>"}``.

A nested object may carry ``"format"`` too; if it does, it must be :data:`FORMAT_VERSION`.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.settlement import OwnReason
from mahjong_rules.engine.value_class import is_value_class
from mahjong_rules.errors import MahjongRulesError, SerializationError
from mahjong_rules.serial._options import decode_options, encode_options
from mahjong_rules.serial._preview import bad as _bad
from mahjong_rules.serial._preview import names as _names
from mahjong_rules.serial._preview import preview
from mahjong_rules.serial._room import ROOM, own_reason, record_class
from mahjong_rules.serial._types import (
    RecordField,
    field_plan,
    fields_of,
    hints_of,
    known_types,
    shape,
    type_named,
)
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.options import Options

__all__ = [
    "FORMAT_VERSION",
    "check_format",
    "decode",
    "encode",
    "known_types",
    "preview",
    "read_options",
]

FORMAT_VERSION = 2
"""The document format this version writes and reads."""

JSON = Any
"""A JSON-compatible value: dict, list, str, int, bool or None."""


_TILES = all_tiles()
_NOTATION = tuple(t.notation for t in _TILES)
"""Each tile kind's notation, by its index (the codec's fast path)."""
_BY_NOTATION = {t.notation: t for t in _TILES}
"""Each tile by its notation: the tiles a document writes (other spellings are parsed)."""


_SCALARS = frozenset({int, str, bool})
_MEMO_SIZE = 4096
"""Most hands kept in each of the two memos below (cleared when full)."""
_COUNTS_TEXT: dict[TileCounts, str] = {}
"""The notation of hands written lately: a hand changes by a tile or two between states."""
_COUNTS_OF: dict[str, TileCounts] = {}
"""The hands read lately, by their notation (only what parsed)."""


def encode(value: Any, tp: Any) -> JSON:
    """``value`` (declared as ``tp``) as a JSON-compatible value."""
    cls = value.__class__
    if cls is Tile:
        return _NOTATION[value.index]
    if cls is tp and cls in _SCALARS:  # an int, str or bool where one is declared
        return value
    if tp is Any or (isinstance(tp, type) and issubclass(tp, Options)):
        return encode_options(value)
    if value is None:
        return None
    if tp.__class__ is RecordField:
        return _encode_record(value, tp)
    if cls is TileCounts:
        text = _COUNTS_TEXT.get(value)
        if text is None:
            if len(_COUNTS_TEXT) > _MEMO_SIZE:
                _COUNTS_TEXT.clear()
            text = _COUNTS_TEXT[value] = str(value)
        return text
    if isinstance(value, TileCounts | TileSet):
        return str(value)
    if isinstance(value, enum.Enum) or cls is OwnReason:  # a variant's reason by its value
        return value.value
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, bytes):
        return {"bytes": value.hex()}
    origin, args = shape(tp)
    if origin in (types.UnionType, typing.Union):
        member = _member_for(value, args)
        return encode(value, member)
    if isinstance(value, tuple | frozenset | list):
        if origin is tuple and args and args[-1] is not Ellipsis:
            return [encode(v, a) for v, a in zip(value, args, strict=True)]
        item = args[0] if args else Any
        if item is Tile and cls is tuple and all(v.__class__ is Tile for v in value):
            return [_NOTATION[v.index] for v in value]
        items = sorted(value) if isinstance(value, frozenset) else value
        return [encode(v, item) for v in items]
    if isinstance(value, Mapping):
        key_tp, value_tp = args if args else (Any, Any)
        return [[encode(k, key_tp), encode(v, value_tp)] for k, v in sorted(value.items())]
    if is_value_class(type(value)):
        cls = type(value)
        out: dict[str, JSON] = {"type": cls.__name__}
        hints = hints_of(cls)
        room = ROOM.set([value.options, None]) if "options" in hints else None
        try:
            for field in fields_of(cls):
                out[field.name] = encode(getattr(value, field.name), hints[field.name])
        finally:
            if room is not None:
                ROOM.reset(room)
        return out
    raise SerializationError(f"cannot serialize a {type(value).__name__}: {value!r}")


def _encode_record(value: Any, field: RecordField) -> JSON:
    cls = record_class(field, field.declaration, _decode_options)
    if value.__class__ is not cls:
        raise SerializationError(
            f"cannot serialize a {type(value).__name__} as {field.declaration} "
            f"(the room declares {cls.__name__}): {value!r}"
        )
    return encode(value, cls)


def _member_for(value: Any, members: tuple[Any, ...]) -> Any:
    for member in members:
        base = typing.get_origin(member) or member
        if isinstance(base, type) and isinstance(value, base):
            return member
    return members[0]


# ------------------------------------------------------------------------------------ decoding


def decode(data: JSON, tp: Any, path: str) -> Any:
    """Read ``data`` as a value of type ``tp``; ``path`` names it in errors."""
    if tp is Tile:
        tile = _BY_NOTATION.get(data) if data.__class__ is str else None
        return tile if tile is not None else _parsed(Tile, data, path)
    if data.__class__ is tp and tp in _SCALARS:  # an int, str or bool where one is declared
        return data
    if tp is TileCounts and data.__class__ is str:
        counts = _COUNTS_OF.get(data)
        if counts is None:
            counts = _parsed(TileCounts, data, path)
            if len(_COUNTS_OF) > _MEMO_SIZE:
                _COUNTS_OF.clear()
            _COUNTS_OF[data] = counts
        return counts
    if tp is Any or (isinstance(tp, type) and issubclass(tp, Options)):
        return _decode_options(data, path)
    origin, args = shape(tp)
    if origin in (types.UnionType, typing.Union):
        if data is None and type(None) in args:
            return None
        members = [a for a in args if a is not type(None)]
        if len(members) == 1:
            return decode(data, members[0], path)
        for member in members:  # int | str and the like: the JSON type decides
            if member in (int, str, bool) and _is(data, member):
                return data
            if member is bytes and isinstance(data, dict):
                return _decode_bytes(data, path)
            if data.__class__ is str and isinstance(member, enum.EnumMeta):  # int | Pot
                values: list[enum.Enum] = list(member)
                for value in values:
                    if value.value == data:
                        return value
            if member is OwnReason and data.__class__ is str:  # a variant's own reason
                found = own_reason(data, path, _decode_options)
                if found is not None:
                    return found
                raise _bad(path, "a payment reason of the library or the room's variant", data)
        raise _bad(path, f"expected one of {_names(members)}", data)
    if tp is type(None):
        if data is not None:
            raise _bad(path, "expected null", data)
        return None
    if tp in (int, str, bool):
        if not _is(data, tp):
            raise _bad(path, f"expected {tp.__name__}", data)
        return data
    if tp is bytes:
        return _decode_bytes(data, path)
    if tp in (TileCounts, TileSet):
        return _parsed(tp, data, path)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except (ValueError, TypeError):
            allowed = ", ".join(repr(m.value) for m in tp)
            raise _bad(path, f"expected one of {allowed}", data) from None
    if origin in (tuple, frozenset):
        if not isinstance(data, list):
            raise _bad(path, "expected a list", data)
        if origin is tuple and args and args[-1] is not Ellipsis:
            if len(data) != len(args):
                raise _bad(path, f"expected a list of {len(args)}", data)
            pairs = enumerate(zip(data, args, strict=True))
            return tuple(decode(v, a, f"{path}[{i}]") for i, (v, a) in pairs)
        item = args[0] if args else Any
        if item is Tile and origin is tuple:  # a wall, a hand's discards: tiles as written
            tiles = [_BY_NOTATION.get(v) if v.__class__ is str else None for v in data]
            if None not in tiles:
                return tuple(tiles)
        items = [decode(v, item, f"{path}[{i}]") for i, v in enumerate(data)]
        return frozenset(items) if origin is frozenset else tuple(items)
    if origin in (Mapping, dict):
        return _decode_mapping(data, args, path)
    if isinstance(tp, type) and is_value_class(tp):
        return _decode_attrs(data, tp, path)
    if tp.__class__ is RecordField:
        return _decode_record(data, tp, path)
    raise SerializationError(f"{path}: no reader for type {tp!r}")  # pragma: no cover


def check_format(data: dict[str, JSON], path: str) -> None:
    """A document's ``"format"``, if it has one, must be :data:`FORMAT_VERSION` (a nested
    object, e.g. one action of a view's ``legal_actions``, reads without one)."""
    if "format" not in data:
        return
    version = data["format"]
    if not _is(version, int) or version != FORMAT_VERSION:
        shown = preview(version)
        where = f"{path}.format" if path else "format"
        raise SerializationError(
            f"{where}: this version reads format {FORMAT_VERSION}, the document has {shown}"
        )


def _decode_bytes(data: JSON, path: str) -> bytes:
    text = data.get("bytes") if isinstance(data, dict) and len(data) == 1 else None
    if isinstance(text, str):
        try:
            return bytes.fromhex(text)
        except ValueError:
            pass
    raise _bad(path, 'expected bytes as {"bytes": "<hex digits>"}', data)


def _decode_mapping(data: JSON, args: tuple[Any, ...], path: str) -> dict[Any, Any]:
    if not isinstance(data, list):
        raise _bad(path, "expected a list of [key, value] pairs", data)
    key_tp, value_tp = args
    out: dict[Any, Any] = {}
    for i, pair in enumerate(data):
        if not isinstance(pair, list) or len(pair) != 2:
            raise _bad(f"{path}[{i}]", "expected a [key, value] pair", pair)
        key = decode(pair[0], key_tp, f"{path}[{i}][0]")
        if key in out:
            raise _bad(f"{path}[{i}][0]", "repeated key", pair[0])
        out[key] = decode(pair[1], value_tp, f"{path}[{i}][1]")
    return out


def _decode_attrs(data: JSON, tp: type, path: str) -> Any:
    if not isinstance(data, dict):
        raise _bad(path, f"expected an object of type {tp.__name__}", data)
    name = data.get("type")
    cls = type_named(name) if isinstance(name, str) else None
    if cls is None or not issubclass(cls, tp):
        raise _bad(f"{path}.type", f"expected {tp.__name__} or one of its kinds", name)
    if "options" not in data:
        return _decode_fields(data, cls, path)
    room = ROOM.set([data["options"], f"{path}.options"])  # for the variant records inside
    try:
        return _decode_fields(data, cls, path)
    finally:
        ROOM.reset(room)


def _decode_record(data: JSON, field: RecordField, path: str) -> Any:
    """A variant's own record, read with the class its room declares (never one the document
    names): ``null``, or an object whose ``"type"`` is that class's name."""
    if data is None:
        return None
    cls = record_class(field, path, _decode_options)
    if not isinstance(data, dict):
        raise _bad(path, f"expected an object of type {cls.__name__}", data)
    if data.get("type") != cls.__name__:
        expected = f"the room's {field.declaration} is {cls.__name__}"
        raise _bad(f"{path}.type", expected, data.get("type"))
    return _decode_fields(data, cls, path)


def _decode_fields(data: dict[str, JSON], cls: type, path: str) -> Any:
    """An instance of ``cls`` from the fields of ``data`` (whose ``"type"`` named it)."""
    check_format(data, path)
    plan = field_plan(cls)
    names = {name for name, _, _ in plan} | {"type", "format"}
    if not names.issuperset(data):
        extra = sorted(set(data) - names)
        raise _bad(f"{path}.{extra[0]}", f"{cls.__name__} has no such field", data[extra[0]])
    kwargs = {}
    for field_name, hint, required in plan:
        if field_name not in data:
            if required:
                raise SerializationError(f"{path}.{field_name}: missing")
            continue
        kwargs[field_name] = decode(data[field_name], hint, f"{path}.{field_name}")
    try:
        return cls(**kwargs)
    except (MahjongRulesError, ValueError, TypeError) as exc:
        raise SerializationError(f"{path}: not a valid {cls.__name__}: {exc}") from None


def _decode_options(data: JSON, path: str) -> Options:
    if not isinstance(data, dict) or data.get("type") != "Options":
        raise _bad(f"{path}.type", "expected room options (type 'Options')", data)
    check_format(data, path)
    return decode_options(data, path)


read_options = _decode_options
"""Room options from their document (``path`` names it in errors), as the codec reads them."""


def _parsed(cls: Callable[[str], Any], data: JSON, path: str) -> Any:
    if not isinstance(data, str):
        raise _bad(path, "expected tiles in one-line notation", data)
    try:
        return cls(data)
    except MahjongRulesError as exc:
        raise SerializationError(f"{path}: {exc}") from None


def _is(data: JSON, tp: type) -> bool:
    if tp is int:
        return isinstance(data, int) and not isinstance(data, bool)
    return isinstance(data, tp)
