"""The room of the state or view the codec is writing or reading, for the variant's own records
inside it (:class:`~mahjong_rules.serial._types.RecordField`): a record is written and read with
the class the room's variant declares (``hand_state_class``, ``seat_state_class``,
``public_view_class``, ``private_view_class``), never with a class a document names."""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from typing import Any

from mahjong_rules.errors import SerializationError, UnknownVariantError
from mahjong_rules.options import Options
from mahjong_rules.serial._types import RecordField

__all__ = ["ROOM", "own_reason", "record_class", "room_rules"]

ROOM: contextvars.ContextVar[list[Any] | None] = contextvars.ContextVar("room", default=None)
"""Set by the codec while it writes or reads an object with an ``options`` field (a state, a
view): ``[options, None]`` when writing (the options object), ``[document, path]`` when
reading (the options document and where it is), replaced by ``[rules, None]`` (the room's
:class:`~mahjong_rules.variants.base.Rules`) the first time a record asks."""


def record_class(
    field: RecordField, path: str, read_options: Callable[[Any, str], Options]
) -> type:
    """The class the room in :data:`ROOM` declares for ``field`` (``read_options`` reads an
    options document); refused with :class:`SerializationError` at ``path`` outside a room or
    when the room's variant declares none."""
    room = ROOM.get()
    if room is None:
        raise SerializationError(
            f"{path}: a variant's record is written and read only inside its state or view"
        )
    found = _room_rules(room, path, read_options)
    cls: type | None = getattr(found, field.declaration, None)
    if cls is None:
        raise SerializationError(
            f"{path}: variant {found.name!r} declares no {field.declaration}: null expected"
        )
    return cls


_RULES: dict[int, tuple[Options, Any]] = {}
_MEMO_SIZE = 256
"""Most rooms kept in :data:`_RULES` (cleared when full)."""


def room_rules(options: Options) -> Any:
    """The :class:`~mahjong_rules.variants.base.Rules` of ``options``, whose ``options`` are
    that very object (so the engine's check that a state belongs to the rules that apply to
    it is a test of identity, not a comparison of every option), kept by the object: the
    codec reads one room's options document as one object (``decode_options``).
    Raises :class:`~mahjong_rules.errors.UnknownVariantError` as ``rules_for`` does."""
    from mahjong_rules.variants import rules_for
    from mahjong_rules.variants.registry import available_variants

    found = _RULES.get(id(options))
    if found is not None and found[0] is options and type(found[1]) in available_variants():
        return found[1]  # (kept while its variant stays registered)
    rules = rules_for(options)
    if rules.options is not options:
        rules = type(rules)(options)
    if len(_RULES) >= _MEMO_SIZE:
        _RULES.clear()
    _RULES[id(options)] = (options, rules)
    return rules


def _room_rules(room: list[Any], path: str, read_options: Callable[[Any, str], Options]) -> Any:
    """The rules of the room in :data:`ROOM` (read once, then kept in it)."""
    found, where = room
    try:
        if where is not None:  # reading: the options document, read once
            found = room_rules(read_options(found, where))
        elif isinstance(found, Options):  # writing: the options object
            found = room_rules(found)
    except UnknownVariantError as exc:
        raise SerializationError(f"{path}: {exc}") from None
    room[:] = [found, None]
    return found


def own_reason(value: str, path: str, read_options: Callable[[Any, str], Options]) -> Any:
    """The :class:`~mahjong_rules.engine.settlement.OwnReason` of ``value`` that the room in
    :data:`ROOM` declares (outside a room: one a registered variant declares), or ``None``."""
    from mahjong_rules.variants.registry import available_variants

    room = ROOM.get()
    if room is not None:
        declared = _room_rules(room, path, read_options).own_reasons
    else:
        declared = [r for cls in available_variants() for r in cls.own_reasons]
    return next((r for r in declared if r.value == value), None)
