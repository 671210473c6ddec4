"""Sphinx extension: the "[docs]" links of the highlighted source pages point where a name is
documented.

``sphinx.ext.viewcode`` writes one page per module (``_modules/…``) and puts a "[docs]" link
beside each documented class and function, to ``<page>#<module>.<name>``. It takes ``<module>``
from the first object it met whose source is in that module, which is not always the module the
reference documents it under (the class attribute ``Rules.options_class`` holds
:class:`~mahjong_rules.variants.options.Options`, so the options module was filed under
``mahjong_rules.variants.base``), and ``<page>`` from the last page that mentions the name, even
with ``:no-index:`` (which makes no anchor). Either way the link leads to no anchor.

When a highlighted source page is written, this handler re-points every "[docs]" link at the
page and anchor the Python domain actually holds for ``<module>.<name>`` — or, for a name the
reference documents where it is re-exported, at that entry (the same object, found by
identity) — and drops a link that has nowhere to land, so every "[docs]" link lands on its
entry. The ``[source]`` links of the entries (to ``_modules/…#<name>``) are left as they are.
"""

from __future__ import annotations

import html
import importlib
import re
from typing import Any

from sphinx.application import Sphinx

__all__ = ["BACKLINK", "fix_backlinks", "same_object", "setup"]

BACKLINK = re.compile(
    r'(<div class="viewcode-block" id="(?P<name>[^"]+)">\n)'
    r'<a class="viewcode-back" href="(?P<href>[^"]*)">(?P<text>[^<]*)</a>\n'
)
"""The start of a documented block on a source page, with its "[docs]" link."""


def same_object(first: str, second: str) -> bool:
    """Whether two dotted names (``module.name`` or ``module.Class.attr``) import to the very
    same object."""
    values = []
    for dotted in (first, second):
        parts = dotted.split(".")
        for i in range(len(parts) - 1, 0, -1):
            try:
                obj: Any = importlib.import_module(".".join(parts[:i]))
            except ImportError:
                continue
            for part in parts[i:]:
                obj = getattr(obj, part, None)
            values.append(obj)
            break
        else:
            return False
    return values[0] is not None and values[0] is values[1]


def fix_backlinks(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context`` handler: the "[docs]" links of a ``_modules/`` page land."""
    if not pagename.startswith("_modules/") or "body" not in context:
        return
    modname = pagename.removeprefix("_modules/").replace("/", ".")
    objects = app.env.get_domain("py").objects  # type: ignore[attr-defined]

    def target(name: str) -> tuple[str, str] | None:
        found = objects.get(f"{modname}.{name}")
        if found is not None and not found.aliased:
            return found.docname, found.node_id
        suffix = "." + name.rsplit(".", 1)[-1]
        for full, entry in objects.items():
            if (
                full.endswith(suffix)
                and not entry.aliased
                and same_object(full, f"{modname}.{name}")
            ):
                return entry.docname, entry.node_id
        return None

    def relink(match: re.Match[str]) -> str:
        where = target(html.unescape(match["name"]))
        if where is None:
            return match[1]
        href = app.builder.get_relative_uri(pagename, where[0]) + "#" + where[1]
        return (
            f'{match[1]}<a class="viewcode-back" href="{html.escape(href)}">{match["text"]}</a>\n'
        )

    context["body"] = BACKLINK.sub(relink, context["body"])


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("sphinx.ext.viewcode")
    app.connect("html-page-context", fix_backlinks)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
