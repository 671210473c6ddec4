"""Sphinx extension: the room options reference, generated from the options classes.

``.. options-table:: mahjong_rules.variants.baoshan.options.BaoshanOptions`` renders one row per
option of an :class:`~mahjong_rules.variants.options.Options` class, from ``attrs.fields(cls)``
in field order: the option's name, its default, the values it allows and what it does (the
field's ``"doc"`` metadata). With the ``:fans:`` flag a second table follows, with every pattern
key of the class's ``default_fans`` and its default fan.

The allowed values come from the field's metadata: ``"allowed"`` (``choice`` and ``flag``
options) or ``"range"`` (``optional_int``: ``None`` or a whole number from low to high).
Otherwise they are found by asking the field's own validator or converter (the per-pattern
``fan`` table: the fan each pattern may be given), so the page says what the code accepts.

A leading rule ID in a description (``BS-GANG-4 骗杠: ...``) links to that rule on its game page
when the page has a target for it (see ``rule_refs``).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

import attrs
from docutils import nodes  # type: ignore[import-untyped, unused-ignore]
from docutils.parsers.rst import directives  # type: ignore[import-untyped, unused-ignore]
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.variants.options import Options

__all__ = ["OptionsTable", "allowed_text", "allowed_values", "load_options_class", "setup"]

_PROBE = range(-1, 1001)
"""Whole numbers tried on a validator or converter that keeps no list of its allowed values."""

_FAN_TABLE = "{pattern key: fan}"
"""How the allowed values of a per-pattern fan table start."""

_RULE_ID = re.compile(r"((?:[A-Z]+-)+[^\s:.,]+)")
"""A rule ID at the start of a description: ``BS-GANG-4``, ``SCORE-1``, ``BS-PAT-四归一``."""


def load_options_class(path: str) -> type[Options]:
    """The options class named by a dotted path (``package.module.ClassName``)."""
    module_name, _, class_name = path.rpartition(".")
    if not module_name:
        raise ExtensionError(f"options-table: {path!r} is not a dotted path to a class")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as exc:
        raise ExtensionError(f"options-table: cannot import {path!r}: {exc}") from exc
    if not (isinstance(cls, type) and attrs.has(cls) and issubclass(cls, Options)):
        raise ExtensionError(f"options-table: {path!r} is not an attrs Options class")
    return cls


def _accepts(check: Callable[[Any], object], value: object) -> bool:
    try:
        check(value)
    except (MahjongRulesError, ValueError, TypeError):
        return False
    return True


def _ranges(numbers: Iterable[int]) -> list[str]:
    """Whole numbers as runs: ``[0, 1, 2, 5]`` -> ``["0 to 2", "5"]``."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return [f"{a} to {b}" if b > a else str(a) for a, b in runs]


def _probe(check: Callable[[Any], object], *, none: bool) -> list[str]:
    """What ``check`` accepts: ``"None"`` (if tried and accepted) and runs of whole numbers."""
    parts = ["None"] if none and _accepts(check, None) else []
    return parts + _ranges(n for n in _PROBE if _accepts(check, n))


def allowed_values(cls: type[Options], field: attrs.Attribute[Any]) -> list[str]:
    """The values option ``field`` of ``cls`` allows, as Python text, one item per value or
    run of whole numbers (``"0 to 13"``); a fan table as ``"{pattern key: fan}"`` and the
    fans allowed; ``[]`` when nothing can be said."""
    allowed = field.metadata.get("allowed")
    if allowed is not None:
        return [repr(a) for a in allowed]
    bounds = field.metadata.get("range")
    if bounds is not None:
        low, high = bounds
        return ["None", f"{low} to {high}"]
    validator = field.validator
    if validator is not None:
        return _probe(lambda value: validator(None, field, value), none=True)
    converter = field.converter
    fans: Mapping[str, int] = cls.default_fans
    if callable(converter) and fans:
        key = next(iter(fans))
        return [_FAN_TABLE, *_probe(lambda value: converter({key: value}), none=False)]
    return []


def allowed_text(cls: type[Options], field: attrs.Attribute[Any]) -> str:
    """:func:`allowed_values` as one line: ``"None or 0 to 13"``, ``"'single', 'double'"``."""
    values = allowed_values(cls, field)
    if field.metadata.get("allowed") is not None:
        return ", ".join(values)
    if values[:1] == [_FAN_TABLE]:
        return f"{_FAN_TABLE}, fan " + " or ".join(values[1:])
    return " or ".join(values)


def _default(field: attrs.Attribute[Any], default: object) -> object:
    """The default as a caller passes it: the fan table (kept as sorted pairs) as a dict."""
    if field.converter is not None and isinstance(default, tuple):
        return dict(default)
    return default


def _text_cell(text: str) -> nodes.entry:
    return nodes.entry("", nodes.paragraph("", text))


def _literal_cell(text: str) -> nodes.entry:
    return nodes.entry("", nodes.paragraph("", "", nodes.literal(text, text)))


def _allowed_cell(cls: type[Options], field: attrs.Attribute[Any]) -> nodes.entry:
    """Each allowed value as code: ``'none'``, ``'dead_1'``; ``None`` or ``0`` to ``13``."""
    para = nodes.paragraph()
    values = allowed_values(cls, field)
    if values[:1] == [_FAN_TABLE]:
        para += nodes.literal(_FAN_TABLE, _FAN_TABLE)
        para += nodes.Text(", fan ")
        values = values[1:]
    sep = ", " if field.metadata.get("allowed") is not None else " or "
    for i, value in enumerate(values):
        if i:
            para += nodes.Text(sep)
        low, to, high = value.partition(" to ")
        para += nodes.literal(low, low)
        if to:
            para += nodes.Text(to)
            para += nodes.literal(high, high)
    return nodes.entry("", para)


def _doc_cell(doc: str) -> nodes.entry:
    """The description, its leading rule ID (if any) a link to the rule on its game page.

    Quotes are kept straight: descriptions quote Python values (``{'qing_yi_se': 2}``)."""
    para = nodes.paragraph(support_smartquotes=False)
    match = _RULE_ID.match(doc)
    if match:
        rule = match.group(1)
        ref = addnodes.pending_xref(
            "", refdomain="std", reftype="ref", reftarget=rule.lower(), refexplicit=True
        )
        ref += nodes.inline(rule, rule)
        para += ref
        doc = doc[match.end() :]
    para += nodes.Text(doc)
    return nodes.entry("", para)


def _table(header: list[str], widths: list[int], rows: list[list[nodes.entry]]) -> nodes.table:
    table = nodes.table(classes=["options-table"])
    group = nodes.tgroup(cols=len(header))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    head += nodes.row("", *(_text_cell(name) for name in header))
    group += head
    body = nodes.tbody()
    for cells in rows:
        body += nodes.row("", *cells)
    group += body
    return table


class OptionsTable(SphinxDirective):
    """``.. options-table:: dotted.path.OptionsClass`` (flag ``:fans:``: the default fan too)."""

    required_arguments = 1
    optional_arguments = 0
    has_content = False
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {"fans": directives.flag}

    def run(self) -> list[nodes.Node]:
        cls = load_options_class(self.arguments[0])
        module = importlib.import_module(cls.__module__)
        if module.__file__:
            self.env.note_dependency(module.__file__)
        fields = {field.name: field for field in attrs.fields(cls)}
        rows = []
        for name, default, doc in cls.describe():
            field = fields[name]
            rows.append(
                [
                    _literal_cell(name),
                    _literal_cell(repr(_default(field, default))),
                    _allowed_cell(cls, field),
                    _doc_cell(doc),
                ]
            )
        out: list[nodes.Node] = [
            _table(["option", "default", "allowed values", "description"], [18, 10, 24, 48], rows)
        ]
        if "fans" in self.options:
            fan_rows = [
                [_literal_cell(key), _text_cell(str(fan))] for key, fan in cls.default_fans.items()
            ]
            out.append(_table(["pattern key", "default fan"], [40, 20], fan_rows))
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("options-table", OptionsTable)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
