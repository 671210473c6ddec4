"""Sphinx extension: resolve references to re-exported names where they are documented.

Docstrings often name an object where users import it from (``mahjong_rules.Rules.view``,
``mahjong_rules.State``, ``GreedyBot`` in the ``mahjong_rules.bots`` package), while the API
reference documents it in its defining module (``mahjong_rules.variants.base.Rules.view``). When
a Python reference finds no target, this handler imports the name (as written, in the current
module, or from the package itself), takes the object's own module and qualified name, and
resolves the reference to that instead. A name it cannot import
is left alone, so the build behaves as without the extension.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from docutils import nodes  # type: ignore[import-untyped, unused-ignore]
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

__all__ = ["canonical_name", "resolve_reexport", "setup"]

PACKAGE = "mahjong_rules"
"""Only names in this package are looked up."""


def canonical_name(dotted: str) -> str | None:
    """Where the object ``dotted`` names is defined: ``mahjong_rules.State`` ->
    ``mahjong_rules.engine.state.State``; attributes past the last class or function are kept
    as written (``mahjong_rules.Rules.view`` -> ``mahjong_rules.variants.base.Rules.view``).
    ``None`` if the name cannot be imported or is already canonical."""
    if dotted != PACKAGE and not dotted.startswith(PACKAGE + "."):
        return None
    parts = dotted.split(".")
    module: Any = None
    index = 0
    for i in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        index = i
        break
    if module is None:
        return None
    canonical = module.__name__
    obj: Any = module
    while index < len(parts):
        found = getattr(obj, parts[index], None)
        if not (inspect.isclass(found) or inspect.isfunction(found)):
            break
        obj = found
        canonical = f"{found.__module__}.{found.__qualname__}"
        index += 1
    name = ".".join([canonical, *parts[index:]])
    return None if name == dotted else name


def resolve_reexport(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.Element
) -> nodes.reference | None:
    """``missing-reference`` handler: retry a Python reference at its canonical name."""
    if node.get("refdomain") != "py":
        return None
    target = str(node["reftarget"])
    module = node.get("py:module")
    candidates = [target]
    if module:
        candidates.append(f"{module}.{target}")
    candidates.append(f"{PACKAGE}.{target}")  # a name the package exports: ``Rules.view``
    domain = env.get_domain("py")
    for name in candidates:
        canonical = canonical_name(name)
        if canonical is None:
            continue
        found = domain.resolve_xref(
            env, node["refdoc"], app.builder, node["reftype"], canonical, node, contnode
        )
        if found is not None:
            return found  # type: ignore[no-any-return, unused-ignore]
    return None


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("missing-reference", resolve_reexport)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
