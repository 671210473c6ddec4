"""``variants``: every registered variant and every room option with its default.

Defaults and allowed values are written as ``--option`` reads them (JSON: ``true``, ``null``,
``"none"``, ``{}``)."""

from __future__ import annotations

import argparse
import json
from typing import Any

import attrs

from mahjong_rules.variants import available_variants

__all__ = ["add_parser", "option_rows"]


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
    parser.set_defaults(handler=run)


def as_json(value: Any) -> str:
    """An option value as ``--option`` reads it: JSON (a fan table as an object)."""
    if isinstance(value, tuple) and all(isinstance(v, tuple) and len(v) == 2 for v in value):
        value = dict(value)  # the fan table, stored as sorted (key, fan) pairs
    return json.dumps(value, ensure_ascii=False)


def option_rows(options_class: type) -> list[tuple[str, str, str, str]]:
    """``(name, default, allowed, doc)`` of every option, as text."""
    rows = []
    for field in attrs.fields(options_class):
        default: Any = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        allowed = field.metadata.get("allowed")
        bounds = field.metadata.get("range")
        if allowed is not None:
            shown = " | ".join(as_json(a) for a in allowed)
        elif bounds is not None:
            shown = f"null | {bounds[0]}..{bounds[1]}"
        else:
            shown = ""
        rows.append((field.name, as_json(default), shown, str(field.metadata.get("doc", ""))))
    return rows


def run(args: argparse.Namespace) -> list[str]:
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
    return lines
