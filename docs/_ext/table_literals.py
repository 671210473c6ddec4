"""Sphinx extension: code in a table cell breaks between words, never inside one.

A narrow table column (an option's default or allowed values) used to break code anywhere,
``'baosh`` / ``an'``. Instead, the HTML builders get a line-break opportunity (``<wbr>``) after
each underscore and opening parenthesis of the code in a table cell, and custom.css keeps every
other part of the code whole: ``'naturals_first'`` may break as ``'naturals_`` / ``first'``,
``'doubling'`` not at all. The first cell of a row (an option's or a pattern's name, what a
reader looks for) is left whole. Other builders get the text unchanged.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes  # type: ignore[import-untyped, unused-ignore]
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform

__all__ = ["BREAK_AFTER", "TableLiteralBreaks", "pieces", "setup"]

BREAK_AFTER = re.compile(r"(?<=[_(])(?=[^\s_()])")
"""Where code in a table cell may break: after ``_`` or ``(`` and before a word character."""


def pieces(text: str) -> list[str]:
    """``text`` cut at its break opportunities: ``"dead_1"`` -> ``["dead_", "1"]``."""
    return BREAK_AFTER.split(text)


class TableLiteralBreaks(SphinxPostTransform):
    """Add ``<wbr>`` at the break opportunities of every inline literal in a table cell."""

    default_priority = 900
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        for entry in self.document.findall(nodes.entry):
            if isinstance(entry.parent, nodes.row) and entry.parent.index(entry) == 0:
                continue  # the row's name stays whole
            for literal in list(entry.findall(nodes.literal)):
                for text in list(literal.findall(nodes.Text)):
                    parts = pieces(str(text))
                    if len(parts) < 2:
                        continue
                    parent = text.parent
                    index = parent.index(text)
                    new: list[nodes.Node] = []
                    for i, part in enumerate(parts):
                        if i:
                            new.append(nodes.raw("", "<wbr>", format="html"))
                        new.append(nodes.Text(part))
                    parent[index : index + 1] = new


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_post_transform(TableLiteralBreaks)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
