"""Check the built HTML documentation: internal links land on an anchor, API entries say something.

Run it after the HTML build (CI does, after ``sphinx-build -W -b html docs docs/_build/html``)::

    python docs/check_links.py docs/_build/html
    python docs/check_links.py --descriptions docs/_build/html

It reads every ``.html`` file under the directory and reports every internal link (``href``
with no scheme) whose page is missing, or whose ``#anchor`` is not an ``id`` (or ``<a name>``)
on that page — the "[docs]" links of the highlighted source pages and the cross-references
between pages alike. With ``--descriptions`` it also reports every entry of the API reference
(``api/*.html``: a class, function, method, attribute, …) whose description is empty: no
paragraph of its own, only a signature or a type.

It prints one line per problem and exits with status 1 if there is any, else 0. Sphinx's own
``-n`` (nitpicky) check covers references that do not resolve; this one covers what Sphinx does
not check: anchors inside generated pages, and entries that resolve but describe nothing.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Sequence
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote

__all__ = ["Page", "broken_links", "main", "read_site", "undescribed_entries"]

VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    ]
)
"""HTML elements that have no end tag."""

ENTRY_KINDS = frozenset(
    [
        "class",
        "exception",
        "function",
        "method",
        "classmethod",
        "staticmethod",
        "attribute",
        "property",
        "data",
    ]
)
"""The kinds of Python object an API entry (``<dl class="py KIND">``) may be."""

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


class Page(HTMLParser):
    """One HTML page: its anchors, its links and its undescribed API entries."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        """Every ``id`` on the page, and every ``<a name>``."""
        self.links: list[str] = []
        """Every ``href`` of an ``<a>``, in page order."""
        self.undescribed: list[str] = []
        """The ``id`` of every Python entry whose ``<dd>`` holds no paragraph of its own."""
        self._stack: list[tuple[str, dict[str, str]]] = []
        self._entries: list[dict[str, object]] = []  # open <dl class="py …">, innermost last
        self._paragraph: tuple[int, list[str]] | None = None  # (depth, text) of an entry's <p>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Record anchors and links; follow the ``<dl>``/``<dt>``/``<dd>`` of API entries."""
        attr = {k: v or "" for k, v in attrs}
        if attr.get("id"):
            self.ids.add(attr["id"])
        if tag == "a" and attr.get("name"):
            self.ids.add(attr["name"])
        if tag == "a" and "href" in attr:
            self.links.append(attr["href"])
        parent = self._stack[-1] if self._stack else None
        if tag == "dl":
            classes = attr.get("class", "").split()
            if "py" in classes and ENTRY_KINDS.intersection(classes):
                self._entries.append({"depth": len(self._stack), "id": "", "described": False})
        elif self._entries and parent is not None:
            entry = self._entries[-1]
            if parent[0] == "dl" and len(self._stack) - 1 == entry["depth"] and tag == "dt":
                if not entry["id"] and attr.get("id"):
                    entry["id"] = attr["id"]
            elif (
                parent[0] == "dd"
                and len(self._stack) - 2 == entry["depth"]
                and tag in {"p", "div", "ul", "ol", "table", "pre", "blockquote"}
            ):
                if tag == "p":  # described, unless it is the "Bases: …" line
                    self._paragraph = (len(self._stack), [])
                else:
                    entry["described"] = True
        if tag not in VOID:
            self._stack.append((tag, attr))

    def handle_data(self, data: str) -> None:
        """Collect the text of an entry's first-level paragraph."""
        if self._paragraph is not None:
            self._paragraph[1].append(data)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """A self-closed tag (``<br/>``): anchors and links only, nothing opened."""
        attr = {k: v or "" for k, v in attrs}
        if attr.get("id"):
            self.ids.add(attr["id"])

    def handle_endtag(self, tag: str) -> None:
        """Close up to the matching open tag (tolerating a missing end tag inside it)."""
        for i in range(len(self._stack) - 1, -1, -1):
            if self._stack[i][0] == tag:
                del self._stack[i:]
                break
        if self._paragraph is not None and len(self._stack) <= self._paragraph[0]:
            text = "".join(self._paragraph[1]).strip()
            if text and not text.startswith("Bases:") and self._entries:
                self._entries[-1]["described"] = True
            self._paragraph = None
        while self._entries and int(str(self._entries[-1]["depth"])) >= len(self._stack):
            entry = self._entries.pop()
            if entry["id"] and not entry["described"]:
                self.undescribed.append(str(entry["id"]))


def read_site(root: Path) -> dict[PurePosixPath, Page]:
    """Every ``.html`` page under ``root``, parsed, by its path relative to ``root``."""
    pages: dict[PurePosixPath, Page] = {}
    for path in sorted(root.rglob("*.html")):
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        page.close()
        pages[PurePosixPath(path.relative_to(root).as_posix())] = page
    return pages


def _resolve(base: PurePosixPath, target: str) -> PurePosixPath:
    parts: list[str] = list(base.parent.parts)
    for part in PurePosixPath(target).parts:
        if part == "..":
            if parts:
                parts.pop()
        elif part != ".":
            parts.append(part)
    return PurePosixPath(*parts) if parts else PurePosixPath(".")


def broken_links(pages: dict[PurePosixPath, Page], root: Path | None = None) -> list[str]:
    """``"page: href (why)"`` for every internal link to a missing page or anchor.

    A link to a file that is not a page (an image, ``_static/…``) is checked to exist when
    ``root`` is given.
    """
    problems: list[str] = []
    for name, page in pages.items():
        for href in page.links:
            if not href or _SCHEME.match(href) or href.startswith("//"):
                continue
            path, _, fragment = href.partition("#")
            path = path.split("?", 1)[0]
            target = _resolve(name, unquote(path)) if path else name
            if target not in pages:
                if root is not None and not (root / str(target)).exists():
                    problems.append(f"{name}: {href} (no such file)")
                continue
            if fragment and unquote(fragment) not in pages[target].ids:
                problems.append(f"{name}: {href} (no anchor {unquote(fragment)!r} on {target})")
    return problems


def undescribed_entries(pages: dict[PurePosixPath, Page], prefix: str = "api/") -> list[str]:
    """``"page: id"`` for every API entry with no description, on pages under ``prefix``."""
    return [
        f"{name}: {entry}"
        for name, page in pages.items()
        if str(name).startswith(prefix)
        for entry in page.undescribed
    ]


def _report(title: str, problems: Iterable[str]) -> int:
    items = list(problems)
    for item in items:
        print(item)
    if items:
        print(f"{title}: {len(items)}")
    return len(items)


def main(argv: Sequence[str] | None = None) -> int:
    """Check the HTML tree named on the command line; 0 if it is clean, 1 if not, 2 on misuse."""
    args = list(sys.argv[1:] if argv is None else argv)
    descriptions = "--descriptions" in args
    args = [arg for arg in args if arg != "--descriptions"]
    if len(args) != 1:
        print("usage: python docs/check_links.py [--descriptions] HTML_DIR", file=sys.stderr)
        return 2
    root = Path(args[0])
    if not (root / "index.html").is_file():
        print(f"{root}: no index.html here; build the HTML first", file=sys.stderr)
        return 2
    pages = read_site(root)
    bad = _report("broken internal links", broken_links(pages, root))
    if descriptions:
        bad += _report("API entries without a description", undescribed_entries(pages))
    if not bad:
        what = ", every API entry is described" if descriptions else ""
        print(f"HTML files: {len(pages)}; every internal link lands{what}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
