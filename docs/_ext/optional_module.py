"""Sphinx extension: ``.. automodule-if-present:: NAME`` documents a module only once it exists.

The API reference gives modules a place before they are written (another engineer's module in
progress): while ``NAME`` cannot be found the directive renders nothing, and once it can it is
exactly ``.. automodule:: NAME`` with the same options. A module that exists but fails to import
is reported by autodoc as usual (an error under ``-W``); only a module that is not there at all
is skipped.
"""

from __future__ import annotations

import importlib.util
from typing import Any, ClassVar

from docutils import nodes  # type: ignore[import-untyped, unused-ignore]
from docutils.parsers.rst import directives  # type: ignore[import-untyped, unused-ignore]
from docutils.statemachine import StringList  # type: ignore[import-untyped, unused-ignore]
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

__all__ = ["AutomoduleIfPresent", "module_exists", "setup"]


def module_exists(name: str) -> bool:
    """Whether the module ``name`` can be found (without importing it; its parents are)."""
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:  # a parent package is missing
        return False


class AutomoduleIfPresent(SphinxDirective):
    """``.. automodule::`` when the module exists, nothing when it does not."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "members": directives.unchanged,
        "no-members": directives.flag,
        "exclude-members": directives.unchanged,
        "ignore-module-all": directives.flag,
        "no-index": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0].strip()
        if not module_exists(name):
            return []
        lines = [f".. automodule:: {name}"]
        for option, value in self.options.items():
            lines.append(f"   :{option}: {value or ''}".rstrip())
        if self.content:
            lines.append("")
            lines.extend(f"   {line}" for line in self.content)
        source = self.get_source_info()[0] or self.env.docname
        body = StringList(lines, source=source)
        container = nodes.container()
        self.state.nested_parse(body, self.content_offset, container)
        return list(container.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("automodule-if-present", AutomoduleIfPresent)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
