"""What makes :class:`~mahjong_rules.engine.state.State` and
:class:`~mahjong_rules.engine.state.SeatState` values without being attrs classes: their field
tables (:class:`ValueField`, read by the serializer as it reads an attrs class's), and, in the
pure-Python build, the constructor and the refusal to assign that a compiled build gets from
mypyc (a ``Final`` attribute of a native class cannot be assigned after ``__init__``).

The state classes are written once, as mypyc native classes (``Final`` fields set in
``__init__``). Interpreted, that source would let any caller assign a field; :func:`freeze_class`
closes it: ``__setattr__`` and ``__delattr__`` raise ``attrs.exceptions.FrozenInstanceError``
(an :class:`AttributeError`, as the compiled build raises), and ``__init__`` fills the instance's
dict in one step. This module is never compiled.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
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
    """In the pure-Python build: give ``cls`` (a state class as written for mypyc) a
    constructor that sets its instance dict at once, with every field in declaration order,
    and make its instances refuse assignment and deletion. (Compiled, the class is native and
    its ``Final`` fields are read-only already; this is not called.)"""
    names = tuple(f.name for f in fields)
    positional = tuple(f.name for f in fields if not f.kw_only)
    defaults = {f.name: f.default for f in fields if f.default is not NOTHING}
    set_dict = cls.__dict__["__dict__"].__set__
    set_cache = _cache_setter(cls)
    title = cls.__name__

    # The instance dicts share their keys (CPython's split tables, a few hundred bytes a state
    # less than a dict of its own): each is a copy of this one, made by setting every field in
    # declaration order on a blank instance, its values then replaced.
    blank: Any = object.__new__(cls)
    for name in names:
        object.__setattr__(blank, name, defaults.get(name))
    template = blank.__dict__  # (the defaults; a required field's None is always replaced)
    required = tuple(name for name in positional if name not in defaults)
    size = len(names)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        given = len(args)
        fields = template.copy()
        if given == size and not kwargs:  # every field, in order (unpickling)
            fields.update(zip(names, args, strict=True))
        else:
            if given > len(positional):
                raise TypeError(
                    f"{title}() takes {len(positional)} positional arguments, {given} given"
                )
            if given:
                fields.update(zip(positional, args, strict=False))
            if kwargs:
                twice = [name for name in positional[:given] if name in kwargs]
                if twice:
                    raise TypeError(f"{title}() got multiple values for argument {twice[0]!r}")
                fields.update(kwargs)
                if len(fields) != size:
                    unknown = next(name for name in kwargs if name not in template)
                    raise TypeError(f"{title}() got an unexpected keyword argument {unknown!r}")
            if given < len(required):
                missing = [name for name in required[given:] if name not in kwargs]
                if missing:
                    raise TypeError(f"{title}() missing required arguments: {', '.join(missing)}")
        set_dict(self, fields)
        set_cache(self, {})

    def __setattr__(self: Any, name: str, value: Any) -> None:
        raise FrozenFieldError(f"{title}.{name}: a state is immutable (replace() makes a copy)")

    def __delattr__(self: Any, name: str) -> None:
        raise FrozenFieldError(f"{title}.{name}: a state is immutable")

    __init__.__doc__ = cls.__dict__["__init__"].__doc__
    for method in (__init__, __setattr__, __delattr__):
        method.__qualname__ = f"{title}.{method.__name__}"
        method.__module__ = cls.__module__
        setattr(cls, method.__name__, method)


def _cache_setter(cls: type) -> Callable[[Any, Any], None]:
    """The setter of the memo's slot (``cache``), from the class that declares it."""
    for base in cls.__mro__:
        slot = base.__dict__.get("cache")
        if slot is not None and hasattr(slot, "__set__"):
            return typing.cast(Callable[[Any, Any], None], slot.__set__)
    raise TypeError(f"{cls.__name__} declares no memo slot")  # pragma: no cover


def value_repr(obj: Any, fields: tuple[ValueField, ...]) -> str:
    """``Cls(a=..., b=...)``, every field named (as attrs writes a repr)."""
    inner = ", ".join(f"{f.name}={getattr(obj, f.name)!r}" for f in fields)
    return f"{type(obj).__name__}({inner})"
