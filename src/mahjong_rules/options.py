"""Room options: frozen attrs classes whose fields say what they allow.

A variant's options class lists every option with its default; :meth:`Options.build` turns the
keyword arguments of :func:`~mahjong_rules.variants.get_variant` into a frozen value, and an unknown
option or a bad value raises :class:`~mahjong_rules.errors.OptionsError` naming the option and
what is allowed.

The base class and its field helpers live here, beside the engine rather than inside
``variants/``: the engine's hook contract names :class:`Options`
(:attr:`Hooks.options_class <mahjong_rules.engine.hooks.Hooks.options_class>`) and the engine
imports nothing from ``variants/``. :mod:`mahjong_rules.variants.options` gives the very same
objects under the path they first had, so either import works.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

import attrs

from mahjong_rules._reduce import reduce_fields
from mahjong_rules.errors import OptionsError

__all__ = ["Options", "choice", "fan_table", "flag", "optional_int"]

T = TypeVar("T", bound="Options")


def choice(default: Any, allowed: tuple[Any, ...], doc: str) -> Any:
    """An option that takes one of ``allowed`` values."""

    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in allowed or isinstance(value, bool) != isinstance(default, bool):
            shown = ", ".join(repr(a) for a in allowed)
            raise OptionsError(f"option {attribute.name!r} must be one of {shown}; got {value!r}")

    return attrs.field(default=default, validator=check, metadata={"doc": doc, "allowed": allowed})


def flag(default: bool, doc: str) -> Any:
    """A yes/no option (only ``True`` or ``False``, not ``"yes"``)."""
    return choice(default, (True, False), doc)


def optional_int(default: int | None, low: int, high: int, doc: str) -> Any:
    """An option that is ``None`` or a whole number from ``low`` to ``high``."""

    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        ok = value is None or (
            isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
        )
        if not ok:
            raise OptionsError(
                f"option {attribute.name!r} must be None or a whole number from {low} to {high}; "
                f"got {value!r}"
            )

    return attrs.field(
        default=default, validator=check, metadata={"doc": doc, "range": (low, high)}
    )


def fan_table(defaults: Mapping[str, int], doc: str) -> Any:
    """Per-pattern fan overrides: a mapping from pattern key to fan (0..13), stored sorted."""

    def convert(value: object) -> tuple[tuple[str, int], ...]:
        if isinstance(value, tuple):
            value = dict(value)
        if not isinstance(value, Mapping):
            raise OptionsError(
                f"option 'fan' must be a mapping of pattern key to fan; got {value!r}"
            )
        for key, fan in value.items():
            if key not in defaults:
                raise OptionsError(
                    f"option 'fan' names unknown pattern {key!r}; known: {', '.join(defaults)}"
                )
            if not isinstance(fan, int) or isinstance(fan, bool) or not 0 <= fan <= 13:
                raise OptionsError(
                    f"option 'fan' for {key!r} must be a whole number 0..13; got {fan!r}"
                )
        return tuple(sorted(value.items()))

    return attrs.field(factory=tuple, converter=convert, metadata={"doc": doc})


@attrs.frozen
class Options:
    """Base of every variant's options. Subclasses are ``@attrs.frozen`` with option fields."""

    default_fans: ClassVar[Mapping[str, int]] = {}
    """Each scoring pattern's default fan (番), by pattern key (the ``fan`` option overrides)."""

    def __reduce__(self) -> tuple[Any, ...]:
        # every state holds its room's options: pickled as its fields in one tuple, rebuilt
        # without the checks they passed when made (a variant's own options class too)
        return reduce_fields(self)

    @classmethod
    def build(cls: type[T], /, **kwargs: Any) -> T:
        """Validate keyword arguments into options; unknown names raise :class:`OptionsError`."""
        names = {a.name for a in attrs.fields(cls)}
        unknown = sorted(set(kwargs) - names)
        if unknown:
            known = ", ".join(sorted(names))
            name = unknown[0]
            raise OptionsError(f"unknown option {name!r} for {cls.__name__}; options are: {known}")
        try:
            return cls(**kwargs)
        except TypeError as exc:  # pragma: no cover - attrs reports missing/extra arguments
            raise OptionsError(str(exc)) from exc

    def fans(self) -> dict[str, int]:
        """Every pattern's fan: the defaults with this room's overrides."""
        table = dict(self.default_fans)
        table.update(dict(getattr(self, "fan", ())))
        return table

    @classmethod
    def describe(cls) -> list[tuple[str, object, str]]:
        """``(name, default, doc)`` of every option, for docs and the command line."""
        out = []
        for a in attrs.fields(cls):
            default: object = a.default
            factory = getattr(default, "factory", None)
            if factory is not None:
                default = factory()
            out.append((a.name, default, str(a.metadata.get("doc", ""))))
        return out
