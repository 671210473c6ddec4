"""``variants``: every registered variant and every room option with its default.

Defaults and allowed values are written as ``--option`` reads them (JSON: ``true``, ``null``,
``"none"``, ``{}``). ``variants --json`` prints the same as one JSON document: a list of
``{"name", "name_zh", "aliases", "options": [{"name", "default", "allowed", "range", "doc"}],
"error"}`` with JSON values (``null``, never Python's ``None``). A plugin that could not be
loaded is listed last, by its entry point's name, with no options and its ``"error"`` (which is
``null`` for every variant that works). An option's doc text is written for Python
(``None: no cap``); the command prints it as ``--option`` reads it (``null: no cap``)."""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

import attrs

from mahjong_rules.variants import available_variants
from mahjong_rules.variants.registry import BrokenPlugin, broken_plugins

__all__ = ["add_parser", "as_json", "document", "option_rows"]


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "variants",
        help="list the variants and every room option with its default",
        description=(
            "List every registered variant (name, Chinese name, aliases) and each of its room "
            "options: name, default, allowed values and what it does. Values are written as "
            "--option NAME=VALUE reads them (JSON)."
        ),
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(handler=run)


def _plain(value: Any) -> Any:
    """An option value as JSON data (a fan table, stored as sorted pairs, as an object)."""
    if isinstance(value, tuple) and all(isinstance(v, tuple) and len(v) == 2 for v in value):
        return dict(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def as_json(value: Any) -> str:
    """An option value as ``--option`` reads it: JSON (a fan table as an object).

    >>> as_json(None), as_json(True), as_json((("gui", 1),))
    ('null', 'true', '{"gui": 1}')
    """
    return json.dumps(_plain(value), ensure_ascii=False)


_NONE = re.compile(r"\bNone\b")


def _doc(field: Any) -> str:
    """An option's doc text, its Python ``None`` written as JSON's ``null``."""
    return _NONE.sub("null", str(field.metadata.get("doc", "")))


def _default(field: Any) -> Any:
    default: Any = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        default = default.factory()
    return default


def document() -> list[dict[str, Any]]:
    """Every variant and its options as JSON data (what ``variants --json`` prints)."""
    out = []
    for cls in available_variants():
        options = []
        for field in attrs.fields(cls.options_class):
            allowed = field.metadata.get("allowed")
            bounds = field.metadata.get("range")
            options.append(
                {
                    "name": field.name,
                    "default": _plain(_default(field)),
                    "allowed": None if allowed is None else [_plain(a) for a in allowed],
                    "range": None if bounds is None else list(bounds),
                    "doc": _doc(field),
                }
            )
        out.append(
            {
                "name": cls.name,
                "name_zh": cls.name_zh,
                "aliases": list(cls.aliases),
                "options": options,
                "error": None,
            }
        )
    for broken in broken_plugins():
        out.append(
            {
                "name": broken.name,
                "name_zh": None,
                "aliases": [],
                "options": [],
                "error": _not_loaded(broken),
            }
        )
    return out


def _not_loaded(broken: BrokenPlugin) -> str:
    return f"not loaded ({broken.target}): {broken.error}"


def option_rows(options_class: type) -> list[tuple[str, str, str, str]]:
    """``(name, default, allowed, doc)`` of every option, as text."""
    rows = []
    for field in attrs.fields(options_class):
        default = _default(field)
        allowed = field.metadata.get("allowed")
        bounds = field.metadata.get("range")
        if allowed is not None:
            shown = " | ".join(as_json(a) for a in allowed)
        elif bounds is not None:
            shown = f"null | {bounds[0]}..{bounds[1]}"
        else:
            shown = ""
        rows.append((field.name, as_json(default), shown, _doc(field)))
    return rows


def run(args: argparse.Namespace) -> list[str]:
    """The lines of ``variants`` (one JSON document with ``--json``)."""
    if args.json:
        return [json.dumps(document(), ensure_ascii=False, indent=1)]
    lines: list[str] = []
    for cls in available_variants():
        if lines:
            lines.append("")
        aliases = f" (aliases: {', '.join(cls.aliases)})" if cls.aliases else ""
        lines.append(f"{cls.name} {cls.name_zh}{aliases}")
        rows = option_rows(cls.options_class)
        width = max(len(name) for name, *_ in rows)
        for name, default, allowed, doc in rows:
            lines.append(f"  {name:<{width}}  default {default}")
            if allowed:
                lines.append(f"  {'':<{width}}  allowed {allowed}")
            if doc:
                lines.append(f"  {'':<{width}}  {doc}")
    for broken in broken_plugins():
        lines.extend(("", f"{broken.name}  {_not_loaded(broken)}"))
    return lines
