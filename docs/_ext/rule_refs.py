"""Sphinx extension: link to the rule IDs of the game pages, ``:rule:`BS-GANG-5```.

Every table cell that holds just a rule ID (or a run, ``BS-TING-1 to 5``) gets the class
``rule-id``, which the theme's ``custom.css`` keeps on one line (no break at the hyphens).

The rule tables of :doc:`baoshan` and :doc:`yongshan` are list-tables with the class
``rule-table``; the first cell of each row is a rule ID (``BS-GANG-5``, ``YS-PAT-归``). A
transform makes each such cell a link target whose label is the ID in lower case, so the source
keeps the plain ID (and the tests that read the pages for IDs still find it). The role
``:rule:`BS-GANG-5``` is short for ``:ref:`BS-GANG-5 <bs-gang-5>```, and like ``:ref:`` it
warns (an error under ``-W``) when no page has the ID, so a mistyped rule ID fails the build.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from docutils import nodes  # type: ignore[import-untyped, unused-ignore]
from docutils.parsers.rst.states import Inliner  # type: ignore[import-untyped, unused-ignore]
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.nodes import make_id

__all__ = ["RULE_CELL", "RULE_ID", "RuleTargets", "rule_role", "setup"]

logger = logging.getLogger(__name__)

RULE_ID = re.compile(r"(?:[A-Z]+-)+[^\s:.,;()]+")
"""A rule ID: capitals and hyphens, then a number, a word or a Chinese pattern name."""

RULE_CELL = re.compile(r"(?:[A-Z]+-)+[^\s:.,;()]+(?: to \d+|\.\.\d+)?")
"""A table cell that holds one rule ID, or a run of them (``BS-TING-1 to 5``)."""


class RuleTargets(SphinxTransform):
    """Make the rule ID in the first cell of each row of a ``rule-table`` a link target (and
    mark every table cell that holds only a rule ID with the class ``rule-id``).

    It runs before Sphinx collects the page's labels (``SphinxDomains``, priority 850).
    """

    default_priority = 800

    def apply(self, **kwargs: Any) -> None:
        for entry in self.document.findall(nodes.entry):
            if RULE_CELL.fullmatch(entry.astext().strip()):
                entry["classes"].append("rule-id")  # custom.css: one line, no break at "-"
        for table in self.document.findall(nodes.table):
            if "rule-table" not in table["classes"]:
                continue
            for body in table.findall(nodes.tbody):
                for row in body.findall(nodes.row):
                    self._mark(row.children[0])

    def _mark(self, entry: nodes.entry) -> None:
        rule = entry.astext().strip()
        if not RULE_ID.fullmatch(rule):
            logger.warning("rule-table: %r is not a rule ID", rule, location=entry)
            return
        name = rule.lower()
        if name in self.document.nameids:
            logger.warning("rule-table: rule ID %s is listed twice", rule, location=entry)
            return
        entry["ids"].append(make_id(self.env, self.document, "rule", rule))
        entry["names"].append(name)
        self.document.note_explicit_target(entry)


def rule_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: Sequence[str] = (),
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:rule:`ID``` -> a reference to the label ``id``, showing ``ID``."""
    rule = text.strip()
    ref = addnodes.pending_xref(
        rawtext,
        refdomain="std",
        reftype="ref",
        reftarget=rule.lower(),
        refexplicit=True,
        refwarn=True,
    )
    ref += nodes.inline(rawtext, rule, classes=["xref", "std", "std-ref"])
    return [ref], []


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_transform(RuleTargets)
    app.add_role("rule", rule_role)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
