"""An action's fields, checked and written: the slow path of the shipped actions' checks, and
the defaults a variant's own action gets from its field types.

A variant declares its own actions as frozen attrs classes deriving from
:class:`~mahjong_rules.engine.actions.Action` (see :doc:`/writing_a_variant`). Each field after
``seat`` is checked on construction from its annotation, converted where the shipped actions
convert, and refused with :class:`~mahjong_rules.errors.ActionError` (a wrong value) or
:class:`~mahjong_rules.errors.ActionTypeError` (a wrong type) naming the class, the field and
the value. The same annotation gives the field's text (one token after the verb) and the values
its action ids range over:

================================  ===============================  ========================
Field type                        Built from (written as)          Action ids range over
================================  ===============================  ========================
``int``                           an ``int``, never a ``bool``     (override ``id_shapes``)
``bool``                          a ``bool`` (``true``/``false``)  ``False``, ``True``
``str``                           a word: no spaces                (override ``id_shapes``)
:class:`~mahjong_rules.Tile`      a tile or its notation           every tile of the room
an :class:`enum.Enum`             a member or its value            every member
``tuple[Tile, ...]``              tiles or their notation (``-``   (override ``id_shapes``)
                                  for none), in the order given
================================  ===============================  ========================

A field of any other type is not checked here (an attrs validator of the variant's checks it),
and its action writes and reads its text and lists its ids with methods of its own.
"""

from __future__ import annotations

import enum
import itertools
import typing
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

import attrs

from mahjong_rules.errors import ActionError, ActionTypeError, MahjongRulesError
from mahjong_rules.melds import MeldKind
from mahjong_rules.notation import parse_tiles
from mahjong_rules.tiles import Tile, all_tiles

__all__ = [
    "ArgumentError",
    "check_fields",
    "field_shapes",
    "field_types",
    "read_args",
    "write_args",
]

_HINTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    """``(name, resolved type)`` of each field of an action class after ``seat``, worked out
    once. Raises :class:`~mahjong_rules.errors.ActionTypeError` when an annotation names a
    type that cannot be found (a class defined inside a function, under
    ``from __future__ import annotations``)."""
    found = _HINTS.get(cls)
    if found is None:
        try:
            hints = typing.get_type_hints(cls)
        except Exception as exc:  # a NameError, or whatever an odd annotation raises
            raise ActionTypeError(
                f"{cls.__name__}: its field types do not resolve: {exc}"
            ) from None
        names = [f.name for f in attrs.fields(cls) if f.name != "seat"]
        found = _HINTS[cls] = tuple((name, hints[name]) for name in names)
    return found


def check_fields(action: Any, shipped: bool) -> None:
    """Check every field of ``action`` and convert the convertible ones (tile notation, lists
    of tiles, an enum's value); raise naming the first bad field. ``shipped``: one of the
    library's own actions, checked by field name; any other by field type."""
    checks: list[tuple[str, Callable[[Any, str, Any], Any]]] = [] if shipped else [("seat", _seat)]
    if shipped:
        checks += [(f.name, _CHECKS[f.name]) for f in attrs.fields(type(action))]
    else:
        checks += [(name, _typed(tp)) for name, tp in field_types(type(action))]
    for name, check in checks:
        value = getattr(action, name)
        fixed = check(action, name, value)
        if fixed is not value:
            object.__setattr__(action, name, fixed)


def _fail(action: Any, name: str, what: str, value: Any, error: type[ActionError]) -> NoReturn:
    raise error(f"{type(action).__name__}.{name}: {what}, got {value!r}")


def _int_within(action: Any, name: str, value: Any, top: int, what: str) -> int:
    """``value`` if it is an ``int`` (not a bool) from 0 to ``top``, else refused."""
    if type(value) is not int:
        _fail(action, name, what, value, ActionTypeError)
    if not 0 <= value <= top:
        _fail(action, name, what, value, ActionError)
    return value


def _seat(action: Any, name: str, value: Any) -> int:
    return _int_within(action, name, value, 3, "a seat is an int 0..3")


def _tile(action: Any, name: str, value: Any) -> Tile:
    what = "a tile is a Tile or its notation such as '9s'"
    if isinstance(value, Tile):
        return value
    if not isinstance(value, str):
        _fail(action, name, what, value, ActionTypeError)
    try:
        return Tile(value)
    except MahjongRulesError:
        _fail(action, name, what, value, ActionError)


def _tile_list(action: Any, name: str, value: Any, what: str) -> tuple[Tile, ...]:
    """Tiles from a tuple or list of tiles, or their notation, in the order given; ``what``
    says what the field holds when it is refused."""
    if isinstance(value, str):
        try:
            value = parse_tiles(value)
        except MahjongRulesError:
            _fail(action, name, what, value, ActionError)
    if not isinstance(value, tuple | list):
        _fail(action, name, what, value, ActionTypeError)
    return tuple(_tile(action, f"{name}[{i}]", t) for i, t in enumerate(value))


def _tiles(action: Any, name: str, value: Any) -> tuple[Tile, ...]:
    what = "tiles are a tuple of Tile or their notation such as '8p8p'"
    return _tile_list(action, name, value, what)


def _wild_tiles(action: Any, name: str, value: Any) -> tuple[Tile, ...]:
    what = "wildcards are a tuple of Tile or their notation such as '8p8p'"
    given = value
    tiles = tuple(sorted(_tile_list(action, name, value, what)))
    most = 2 if action.verb == "peng" else 3
    if len(tiles) > most:
        _fail(action, name, f"at most {most} wildcards", given, ActionError)
    tile = getattr(action, "tile", None)
    if tile in tiles:
        _fail(action, name, f"a {tile} in a kong of {tile} is no wildcard", given, ActionError)
    return tiles


def _kind(action: Any, name: str, value: Any) -> MeldKind:
    what = "a kong kind is MeldKind.ZHI_GANG, BU_GANG or AN_GANG"
    if not isinstance(value, MeldKind):
        _fail(action, name, what, value, ActionTypeError)
    if value is MeldKind.PENG:
        _fail(action, name, what, value, ActionError)
    return value


_CHECKS: dict[str, Callable[[Any, str, Any], Any]] = {
    "seat": _seat,
    "tile": _tile,
    "wild_tiles": _wild_tiles,
    "kind": _kind,
}
"""The shipped actions' checks, by field name."""


def _typed(tp: Any) -> Callable[[Any, str, Any], Any]:
    """The check of a variant's field of type ``tp`` (none for a type of no known kind)."""
    if tp is Tile:
        return _tile
    if tp is int or tp is bool:
        return lambda action, name, value: _plain(action, name, value, tp)
    if tp is str:
        return _word
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda action, name, value: _member(action, name, value, tp)
    if typing.get_origin(tp) is tuple and typing.get_args(tp) == (Tile, ...):
        return _tiles
    return lambda action, name, value: value


def _plain(action: Any, name: str, value: Any, tp: type) -> Any:
    if type(value) is not tp:
        _fail(action, name, "an int" if tp is int else "a bool", value, ActionTypeError)
    return value


def _word(action: Any, name: str, value: Any) -> str:
    what = "a word (a str of no spaces)"
    if type(value) is not str:
        _fail(action, name, what, value, ActionTypeError)
    if len(value.split()) != 1 or value != value.strip():
        _fail(action, name, what, value, ActionError)
    return value


def _member(action: Any, name: str, value: Any, tp: type[enum.Enum]) -> enum.Enum:
    if isinstance(value, tp):
        return value
    what = f"a {tp.__name__}, one of " + ", ".join(repr(m.value) for m in tp)
    try:
        return tp(value)
    except (ValueError, TypeError):
        kinds = {type(m.value) for m in tp}
        _fail(action, name, what, value, ActionError if type(value) in kinds else ActionTypeError)


# ---------------------------------------------------------------------- text and ids


def write_args(action: Any) -> tuple[str, ...]:
    """The text of each field after ``seat``, one token each (see the table)."""
    out = []
    for name, tp in field_types(type(action)):
        value = getattr(action, name)
        if tp is Tile:
            out.append(value.notation)
        elif tp is bool:
            out.append("true" if value else "false")
        elif isinstance(tp, type) and issubclass(tp, enum.Enum):
            out.append(str(value.value))
        elif typing.get_origin(tp) is tuple:
            out.append("".join(t.notation for t in value) or "-")
        else:
            out.append(str(value))
    return tuple(out)


class ArgumentError(ActionError):
    """A token of an action's text that does not read as its field: ``index`` is its place
    among the tokens after the verb (where a parse error points)."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index


def read_args(cls: type, tokens: tuple[str, ...]) -> tuple[Any, ...]:
    """The constructor arguments after ``seat`` that ``tokens`` (the text after the verb)
    give, one token per field; raises :class:`ArgumentError` naming the field."""
    fields = field_types(cls)
    if len(tokens) != len(fields):
        words = " ".join(name for name, _ in fields) or "nothing"
        at = min(len(tokens), len(fields))
        raise ArgumentError(f"a {cls.verb} action takes {words} after the verb", at)  # type: ignore[attr-defined]
    blank: Any = object.__new__(cls)  # names the class in an error; no field is read
    out: list[Any] = []
    for i, ((name, tp), token) in enumerate(zip(fields, tokens, strict=True)):
        value: Any = token
        if tp is int:
            value = int(token) if token.lstrip("-").isdigit() else token
        elif tp is bool:
            value = {"true": True, "false": False}.get(token.lower(), token)
        elif typing.get_origin(tp) is tuple and token == "-":
            value = ()
        elif isinstance(tp, type) and issubclass(tp, enum.Enum):
            kinds = {type(m.value) for m in tp}
            if int in kinds and token.lstrip("-").isdigit():
                value = int(token)
        try:
            out.append(_typed(tp)(blank, name, value))
        except ActionError as exc:
            raise ArgumentError(str(exc), i) from None
    return tuple(out)


def field_shapes(cls: type, rules: Any) -> Iterable[tuple[Any, ...]]:
    """Every combination of the values of the fields after ``seat`` (tiles of the room, enum
    members); a field of another type has no finite set of values: the class lists its shapes
    itself, and without that its ids raise :class:`~mahjong_rules.errors.ActionTypeError`."""
    ranges: list[tuple[Any, ...]] = []
    for name, tp in field_types(cls):
        if tp is Tile:
            ranges.append(all_tiles(honors=bool(rules.honors)))
        elif isinstance(tp, type) and issubclass(tp, enum.Enum):
            ranges.append(tuple(tp))
        elif tp is bool:
            ranges.append((False, True))
        else:
            raise ActionTypeError(
                f"{cls.__name__}.id_shapes: the field {name} has no finite set of values; "
                "the class lists its own shapes"
            )
    return itertools.product(*ranges)
