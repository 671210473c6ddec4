"""Room options in a document: ``{"type": "Options", "variant": "baoshan", ...every option...}``,
written from the options object and read back through the variant's own validation (so a
document's options are exactly what ``get_variant(variant, **options)`` accepts)."""

from __future__ import annotations

from typing import Any

import attrs

from mahjong_rules.errors import MahjongRulesError, SerializationError, UnknownVariantError
from mahjong_rules.serial._preview import bad
from mahjong_rules.variants.options import Options

__all__ = ["decode_options", "encode_options"]


def encode_options(options: Any) -> Any:
    """The document of a room's ``options``."""
    if not isinstance(options, Options):
        raise SerializationError(f"expected room options, got {type(options).__name__}")
    out: dict[str, Any] = {"type": "Options", "variant": _variant_of(options)}
    for field in attrs.fields(type(options)):
        value = getattr(options, field.name)
        if field.name == "fan":
            out[field.name] = dict(value)
        else:
            out[field.name] = value
    return out


def _variant_of(options: Options) -> str:
    from mahjong_rules.variants import rules_for

    try:
        return rules_for(options).name
    except UnknownVariantError:
        raise SerializationError(
            f"{type(options).__name__} belongs to no registered variant"
        ) from None


_MEMO_SIZE = 256
"""Most option documents kept in :data:`_READ` (cleared when full)."""
_READ: dict[tuple[Any, ...], Options] = {}
"""The options of the documents read lately, by :func:`_key`: a server reads the same room's
options with every state, and the variant's validation builds the room's rules each time."""
_PLAIN = (str, int, bool, type(None))


def _key(data: dict[str, Any]) -> tuple[Any, ...]:
    """``data`` as a hashable key that tells apart what JSON tells apart (``true`` from ``1``)."""
    return tuple((k, v.__class__, v if v.__class__ in _PLAIN else repr(v)) for k, v in data.items())


def decode_options(data: dict[str, Any], path: str) -> Options:
    """The options of ``data``, an object of type ``Options`` whose format was checked (the
    same object for the same document, while its variant stays registered)."""
    from mahjong_rules.variants.registry import available_variants

    key = _key(data)
    found = _READ.get(key)
    if found is not None and any(type(found) is v.options_class for v in available_variants()):
        return found  # (a variant registered again since, with a class of the same name: not)
    options = _decode_options(data, path)
    if len(_READ) >= _MEMO_SIZE:
        _READ.clear()
    _READ[key] = options
    return options


def _decode_options(data: dict[str, Any], path: str) -> Options:
    from mahjong_rules.variants import get_variant

    variant = data.get("variant")
    if not isinstance(variant, str):
        raise bad(f"{path}.variant", "expected a variant name", variant)
    values = {k: v for k, v in data.items() if k not in ("type", "variant", "format")}
    fan = values.get("fan")
    if isinstance(fan, list):  # written by hand as pairs: accept them too
        if not all(isinstance(pair, list) and len(pair) == 2 for pair in fan):
            raise bad(f"{path}.fan", "expected pattern fans as [key, fan] pairs", fan)
        values["fan"] = dict(fan)
    try:
        options: Options = get_variant(variant, **values).options
    except MahjongRulesError as exc:
        raise SerializationError(f"{path}: {exc}") from None
    return options
