"""What makes :class:`~mahjong_rules.engine.state.State` and
:class:`~mahjong_rules.engine.state.SeatState` values without being attrs classes: their field
tables (:class:`ValueField`, read by the serializer as it reads an attrs class's), and, in the
pure-Python build, the constructor and the refusal to assign that a compiled build gets from
mypyc (a ``Final`` attribute of a native class cannot be assigned after ``__init__``).

The state classes are written once, as mypyc native classes (``Final`` fields set in
``__init__``). Interpreted, that source would let any caller assign a field; :func:`freeze_class`
closes it: ``__setattr__`` and ``__delattr__`` raise ``attrs.exceptions.FrozenInstanceError``
(an :class:`AttributeError`, as the compiled build raises). Both builds keep the fields in
slots (the classes declare ``__slots__``): no instance dict, and a field read is a slot read.
This module is never compiled.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Mapping
from typing import Any

import attrs
from attrs.exceptions import FrozenInstanceError

__all__ = [
    "FrozenFieldError",
    "ValueField",
    "field_types",
    "freeze_class",
    "is_value_class",
    "value_fields",
    "writable",
]

NOTHING: Any = attrs.NOTHING
"""The default of a field that has none (the constructor requires it), as attrs writes it."""


class FrozenFieldError(FrozenInstanceError):
    """A field of an immutable state was assigned or deleted (an :class:`AttributeError`, as
    attrs' frozen classes and the compiled build's read-only fields raise)."""

    def __init__(self, message: str) -> None:
        AttributeError.__init__(self, message)
        self.msg = message

    def __str__(self) -> str:
        return self.msg


@attrs.frozen
class ValueField:
    """One field of a state class, described as ``attrs.fields`` describes an attrs
    class's (the names the serializer reads: ``name``, ``default``, ``init``, ``eq``,
    ``kw_only``, ``metadata``)."""

    name: str
    """The attribute's name."""
    default: Any
    """Its default (``attrs.NOTHING``: none, the constructor requires it)."""
    eq: bool = True
    """Whether it is part of the value (compared and hashed)."""
    kw_only: bool = False
    """Whether the constructor takes it by keyword only."""
    metadata: Mapping[str, str] = attrs.field(factory=dict)
    """What the serializer needs to know of it (a variant's record: ``VARIANT_RECORD``)."""
    init: bool = True
    """Taken by the constructor (always, for a state class)."""
    type: str = "Any"
    """Its type as annotated (without ``Final``), a string resolved in the class's module: a
    class compiled by mypyc keeps no annotations, so its readers find the types here (the
    pure build's tests check that the two agree)."""


def value_fields(cls: type) -> tuple[Any, ...]:
    """The fields of a state class (its ``FIELDS``) or of an attrs class
    (``attrs.fields``), in declaration order."""
    declared = _declared(cls)
    if declared is not None:
        return declared
    return tuple(attrs.fields(cls))


def is_value_class(cls: type) -> bool:
    """Whether ``cls`` is a state class (declaring its ``FIELDS``) or an attrs class: a class
    the serializer writes field by field."""
    return attrs.has(cls) or _declared(cls) is not None


def _declared(cls: type) -> tuple[ValueField, ...] | None:
    declared = vars(cls).get("FIELDS")
    if isinstance(declared, tuple) and declared and isinstance(declared[0], ValueField):
        return declared
    return None


def field_types(cls: type) -> dict[str, Any]:
    """Each field's resolved type: a state class's from its ``FIELDS`` table (resolved in its
    module's namespace, as annotations are), an attrs class's from its annotations."""
    declared = _declared(cls)
    if declared is None:
        return typing.get_type_hints(cls)
    holder = type(
        "_Types",
        (),
        {"__annotations__": {f.name: f.type for f in declared}, "__module__": cls.__module__},
    )
    return typing.get_type_hints(holder)


def freeze_class(cls: type, fields: tuple[ValueField, ...]) -> None:
    """In the pure-Python build: make the instances of ``cls`` (a state class as written for
    mypyc, its fields in ``__slots__``) refuse assignment and deletion, as a native class's
    ``Final`` fields do. (Compiled, the class is native and its fields are read-only already;
    this is not called.)

    Its own ``__init__`` (the source's, unchanged: its arguments, defaults and errors are
    Python's) runs on the new instance while it wears a writable subclass (:func:`writable`),
    which it then takes off: a field set by the constructor costs a plain slot store."""
    names = tuple(f.name for f in fields)
    if tuple(cls.__dict__.get("__slots__", ())) != names:
        raise TypeError(f"{cls.__name__}.__slots__ must name its fields in order: {names}")
    title = cls.__name__
    init = cls.__dict__["__init__"]
    twin = writable(cls, f"_{title}Init")
    set_class = object.__setattr__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        set_class(self, "__class__", twin)
        try:
            init(self, *args, **kwargs)
        finally:
            set_class(self, "__class__", cls)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        raise FrozenFieldError(f"{title}.{name}: a state is immutable (replace() makes a copy)")

    def __delattr__(self: Any, name: str) -> None:
        raise FrozenFieldError(f"{title}.{name}: a state is immutable")

    __init__.__doc__ = init.__doc__
    __init__.__signature__ = inspect.signature(init)  # type: ignore[attr-defined]
    for method in (__init__, __setattr__, __delattr__):
        method.__qualname__ = f"{title}.{method.__name__}"
        method.__module__ = cls.__module__
        setattr(cls, method.__name__, method)


def writable(cls: type, name: str, doc: str | None = None, module: str | None = None) -> type:
    """In the pure-Python build: a subclass of the frozen state class ``cls`` that adds no
    slot and lets its fields be set (a working copy's class). An instance changes between the
    two classes by taking the other's ``__class__``: with no slot added, CPython checks that
    in a step (a sibling class of the same slots costs it a comparison of every slot's name,
    about twice the time). It takes no constructor arguments: its fields are set one by one."""
    namespace: dict[str, Any] = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__init__": object.__init__,
        "__module__": module or cls.__module__,
        "__doc__": doc,
    }
    return type(name, (cls,), namespace)


def value_repr(obj: Any, fields: tuple[ValueField, ...]) -> str:
    """``Cls(a=..., b=...)``, every field named (as attrs writes a repr)."""
    inner = ", ".join(f"{f.name}={getattr(obj, f.name)!r}" for f in fields)
    return f"{type(obj).__name__}({inner})"
