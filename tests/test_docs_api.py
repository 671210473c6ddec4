"""The API reference (docs/api.rst and docs/api/*.rst) has a place for every public module.

Read from the sources, without building the docs: every module of the package but the command
line and the private ones (a name starting with ``_``) is named by an ``automodule`` (or, for a
package whose names are documented in its modules, ``py:module``) directive on one of the
reference pages; every reference page is in the reference's table of contents; and no page
names a module that does not exist, except through ``automodule-if-present`` (a module still
being written).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PACKAGE = ROOT / "src" / "mahjong_rules"

_DIRECTIVE = re.compile(
    r"^\.\. (?P<kind>automodule|automodule-if-present|py:module):: (?P<name>\S+)", re.M
)
_PATTERN_PAGE = re.compile(
    r"^\.\. automodule(?:-if-present)?:: (?P<name>\S+\.(?:\w+_)?patterns)\n"
    r"(?P<options>(?:   :.*\n)+)",
    re.M,
)
NOT_IN_THE_REFERENCE = ("mahjong_rules.cli", "mahjong_rules.__main__")
"""The command line: documented by its ``--help`` and the tutorial, not as an API."""


def _public_modules() -> set[str]:
    names: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        name = ".".join(parts)
        if any(part.startswith("_") for part in parts[1:]):
            continue
        if name.startswith(NOT_IN_THE_REFERENCE):
            continue
        names.add(name)
    return names


def _pages() -> dict[str, str]:
    pages = {"api": (DOCS / "api.rst").read_text(encoding="utf-8")}
    for path in sorted((DOCS / "api").glob("*.rst")):
        pages[f"api/{path.stem}"] = path.read_text(encoding="utf-8")
    return pages


def _named() -> dict[str, str]:
    """Each module named on a reference page -> the directive that names it."""
    return {m["name"]: m["kind"] for text in _pages().values() for m in _DIRECTIVE.finditer(text)}


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:
        return False


def test_every_public_module_has_a_place_in_the_reference() -> None:
    missing = sorted(_public_modules() - set(_named()))
    assert not missing, f"modules missing from docs/api/*.rst: {missing}"


def test_every_module_named_exists_unless_it_is_optional() -> None:
    ghosts = sorted(
        name
        for name, kind in _named().items()
        if kind != "automodule-if-present" and not _exists(name)
    )
    assert ghosts == []


def test_every_reference_page_is_in_the_table_of_contents() -> None:
    index = _pages()["api"]
    toctree = index[index.index(".. toctree::") :]
    listed = {line.strip() for line in toctree.splitlines()[1:] if line.strip()}
    pages = {name for name in _pages() if name != "api"}
    assert pages <= listed, f"not in the toctree of docs/api.rst: {sorted(pages - listed)}"
    for page in pages:
        assert f":doc:`{page}`" in index, f"docs/api.rst does not describe {page}"


def test_pattern_pages_leave_out_what_every_pattern_overrides() -> None:
    """api_docstrings.PATTERN_MEMBERS is what the pattern modules exclude, exactly; the modules
    that gather a game's patterns document only their own (not PingHu again, nor what they
    re-export from play_patterns)."""
    text = (DOCS / "_ext" / "api_docstrings.py").read_text(encoding="utf-8")
    found = re.search(r"^PATTERN_MEMBERS = \((?P<names>[^)]*)\)", text, re.M)
    assert found is not None
    members = re.findall(r'"(\w+)"', found["names"])
    assert members == ["key", "name_zh", "pinyin", "default_fan", "applies", "count", "replaces"]
    variants = (DOCS / "api" / "variants.rst").read_text(encoding="utf-8")
    pages = {m["name"]: m["options"] for m in _PATTERN_PAGE.finditer(variants)}
    assert sorted(pages) == [
        "mahjong_rules.variants.baoshan.patterns",
        "mahjong_rules.variants.baoshan.play_patterns",
        "mahjong_rules.variants.sichuan.patterns",
        "mahjong_rules.variants.sichuan.play_patterns",
        "mahjong_rules.variants.yongshan.patterns",
    ]
    for name, options in pages.items():
        assert f"   :exclude-members: {', '.join(members)}\n" in options
        assert ("   :ignore-module-all:\n" in options) == name.endswith(".patterns")


def test_the_server_methods_come_first_on_the_rules_page() -> None:
    text = (DOCS / "api" / "rules.rst").read_text(encoding="utf-8")
    methods = re.findall(r"^   \.\. automethod:: (\w+)$", text, re.M)
    assert methods == [
        "new_hand",
        "to_act",
        "legal_actions",
        "apply",
        "result",
        "view",
        "events_for",
    ]
    assert f"   :exclude-members: {', '.join(methods)}\n" in text
    index = _pages()["api"]
    assert index.index("   api/rules\n") < index.index("   api/actions\n")
