"""Compact pickling of the library's small frozen values (actions, events, payments, wins,
results, a room's options): :func:`reduce_fields` pickles an attrs class's fields as one
tuple, and
:func:`restore_fields` sets them back (through the slots' own setters where the class has
slots), so that pickle neither builds nor walks a dict of the fields (attrs' own
``__getstate__`` / ``__setstate__``) nor runs the constructor's checks again on values that
were valid when pickled. A class that derives from one of these (a variant's own action or
event, its own options) pickles the same way, slotted or not. A variant's own records (its
``seat_state_class``, ``hand_state_class``) may too: :func:`reduce_fields` is part of the
variant contract as ``mahjong_rules.engine.state.reduce_fields``, and the shipped games'
records define ``__reduce__`` with it.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from operator import attrgetter
from typing import Any

import attrs

__all__ = ["reduce_fields", "restore_fields"]

_Plan = tuple[Callable[[Any], tuple[Any, ...]], tuple[Callable[[Any, Any], None], ...]]
_PLANS: dict[type, _Plan] = {}
_new = object.__new__
_setattr = object.__setattr__


def _plan(cls: type) -> _Plan:
    """``cls``'s fields getter (a tuple always) and each field's setter."""
    names = tuple(a.name for a in attrs.fields(cls))
    if len(names) == 1:
        name = names[0]
        getter: Callable[[Any], Any] = lambda obj: (getattr(obj, name),)  # noqa: E731
    elif names:
        getter = attrgetter(*names)
    else:
        getter = lambda obj: ()  # noqa: E731
    found = _PLANS[cls] = (getter, tuple(_setter(cls, name) for name in names))
    return found


def _setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    slot = getattr(cls, name, None)
    if isinstance(slot, types.MemberDescriptorType):  # a slot: its own setter
        return slot.__set__
    return lambda obj, value: _setattr(obj, name, value)  # (a field kept in the __dict__)


def reduce_fields(obj: Any) -> tuple[Any, ...]:
    """A ``__reduce__`` value for ``obj``, an instance of a frozen attrs class: its class and
    its fields' values, read back by ``restore_fields`` (without the constructor's
    checks, which the values passed when made). A record class pickles so with
    ``def __reduce__(self): return reduce_fields(self)``: a smaller pickle, read faster, than
    attrs' own (its fields by name); pickles of either form load."""
    cls = obj.__class__
    plan = _PLANS.get(cls) or _plan(cls)
    return (restore_fields, (cls, *plan[0](obj)))


def restore_fields(cls: type, *values: Any) -> Any:
    """The instance of ``cls`` whose fields hold ``values`` (in field order), unchecked."""
    plan = _PLANS.get(cls) or _plan(cls)
    obj: Any = _new(cls)
    for setter, value in zip(plan[1], values, strict=True):
        setter(obj, value)
    return obj
