"""Rooms: :func:`rooms` draws the rules of a room (a variant with valid options, 房间规则).

Every option of a variant's options class says what it allows in its attrs metadata, as the
``variants`` command lists it: ``allowed`` (a choice or a yes/no flag), ``range`` (``None`` or a
whole number from ``low`` to ``high``), and the per-pattern fan table ``fan``. :func:`rooms` reads
that metadata, so a variant registered later (``register_variant`` or the entry-point group) is
drawn the same way with no change here.

>>> from hypothesis import find
>>> find(rooms("yongshan"), lambda rules: True)  # shrinks to the default room
get_variant('yongshan')
>>> find(rooms("baoshan"), lambda rules: rules.players == 2 and rules.honors)
get_variant('baoshan', players=2, honors=True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from mahjong_rules.errors import OptionsError, UnknownVariantError
from mahjong_rules.variants import Rules, available_variants, get_variant
from mahjong_rules.variants.options import Options

__all__ = ["option_values", "rooms"]

_MAX_FAN = 13
"""The fan table takes 0..13 for every pattern (SCORE-2)."""

VariantSpec = str | type[Rules] | None
"""A variant: a registry name or alias, a :class:`~mahjong_rules.Rules` subclass, or ``None``
(every registered variant)."""


def _default(field: attrs.Attribute[Any]) -> Any:
    default: Any = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        default = default.factory()
    return default


def option_values(options_class: type[Options], name: str) -> st.SearchStrategy[Any]:
    """Every valid value of option ``name`` of ``options_class``, shrinking to its default.

    A choice or flag draws from its ``allowed`` values; an optional whole number from ``None``
    and ``low..high``; the fan table ``fan`` overrides some of the class's ``default_fans``
    with fans 0..13. An option whose metadata says none of these (a third-party variant's own
    kind of option) keeps its default.

    >>> from mahjong_rules.variants import BaoshanOptions
    >>> from hypothesis import find
    >>> find(option_values(BaoshanOptions, "fan_cap"), lambda v: v not in (None, 3))
    0
    """
    fields = {f.name: f for f in attrs.fields(options_class)}
    field = fields.get(name)
    if field is None:
        known = ", ".join(fields)
        raise InvalidArgument(f"{options_class.__name__} has no option {name!r}; options: {known}")
    default = _default(field)
    allowed = field.metadata.get("allowed")
    bounds = field.metadata.get("range")
    if allowed is not None:
        rest = [a for a in allowed if a != default]
        return st.sampled_from([default, *rest])
    if bounds is not None:
        low, high = bounds
        return st.one_of(st.just(default), st.integers(low, high), st.none())
    fans = options_class.default_fans
    if name == "fan" and fans:
        return st.dictionaries(st.sampled_from(sorted(fans)), st.integers(0, _MAX_FAN))
    return st.just(default)


def _variant_class(variant: VariantSpec) -> tuple[type[Rules], ...]:
    if variant is None:
        return available_variants()
    if isinstance(variant, type) and issubclass(variant, Rules):
        return (variant,)
    if isinstance(variant, str):
        try:
            return (type(get_variant(variant)),)
        except UnknownVariantError as exc:
            raise InvalidArgument(str(exc)) from None
    raise InvalidArgument(f"variant must be a name, a Rules subclass or None, not {variant!r}")


def _room(cls: type[Rules], fixed: Mapping[str, Any]) -> st.SearchStrategy[Rules]:
    names = [f.name for f in attrs.fields(cls.options_class)]
    unknown = sorted(set(fixed) - set(names))
    if unknown:
        known = ", ".join(names)
        raise InvalidArgument(f"{cls.name} has no option {unknown[0]!r}; options: {known}")
    parts: dict[str, st.SearchStrategy[Any]] = {}
    for name in names:
        value = fixed.get(name, attrs.NOTHING)
        if value is attrs.NOTHING:
            parts[name] = option_values(cls.options_class, name)
        elif isinstance(value, st.SearchStrategy):
            parts[name] = value
        else:
            parts[name] = st.just(value)

    def build(values: dict[str, Any]) -> Rules:
        try:
            return cls(cls.options_class.build(**values))
        except OptionsError as exc:
            raise InvalidArgument(f"{cls.name}: {exc}") from None

    return st.fixed_dictionaries(parts).map(build)


def rooms(variant: VariantSpec = None, **options: Any) -> st.SearchStrategy[Rules]:
    """The rules of a room (房间, fángjiān): a registered variant with valid options.

    Every option is drawn from the values it allows (see :func:`option_values`), so the
    examples cover every option of the rule texts; each option shrinks to its default, so
    a failing example names only the options it needs (``get_variant('yongshan',
    players=3)``).

    :param variant: a variant name or alias (``"baoshan"``, ``"永善麻将"``), a
        :class:`~mahjong_rules.Rules` subclass, or ``None`` for any registered variant
        (those registered when the first example is drawn).
    :param options: options to fix, each a value or a strategy of values (only with a
        ``variant``, since the variants have different options), e.g.
        ``rooms("yongshan", players=4, wildcards=st.just("double"))``.
    :raises ~hypothesis.errors.InvalidArgument: an unknown variant or option, or a fixed value
        the option does not allow (when drawn).
    """
    if options and variant is None:
        raise InvalidArgument("fixing options needs a variant: rooms('baoshan', players=4)")
    if variant is None:  # the registry is read when the first example is drawn, not here,
        return st.deferred(_any_room)  # so variants registered after this call count too
    return st.one_of(*(_room(cls, options) for cls in _variant_class(variant)))


def _any_room() -> st.SearchStrategy[Rules]:
    classes = _variant_class(None)
    if not classes:  # pragma: no cover - the package registers its own two variants
        raise InvalidArgument("no variant is registered")
    return st.one_of(*(_room(cls, {}) for cls in classes))
