"""Sphinx extension: resolve references to re-exported names where they are documented.

Docstrings often name an object where users import it from (``mahjong_rules.Rules.view``,
``mahjong_rules.State``, ``GreedyBot`` in the ``mahjong_rules.bots`` package), while the API
reference documents it in its defining module (``mahjong_rules.variants.base.Rules.view``). When
a Python reference finds no target, this handler tries the name as written, in the current
module, in each package above it (``tiles`` in ``mahjong_rules.strategies.hand_shapes`` is
``mahjong_rules.strategies.tiles``), and in the package itself; for each it imports the object,
takes its own module and qualified name, and resolves the reference to that instead. A constant
re-exported by a package (``FORMAT_VERSION`` in ``mahjong_rules.serial``) has no module of its
own, so it is found among the documented names of that package's modules by identity. A name it
cannot resolve is left alone, so the build behaves as without the extension (and ``nitpicky``
reports it).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Iterable
from typing import Any

from docutils import nodes  # type: ignore[import-untyped, unused-ignore]
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

__all__ = ["candidates", "canonical_name", "documented_alias", "resolve_reexport", "setup"]

PACKAGE = "mahjong_rules"
"""Only names in this package are looked up."""


def canonical_name(dotted: str) -> str | None:
    """Where the object ``dotted`` names is defined: ``mahjong_rules.State`` ->
    ``mahjong_rules.engine.state.State``; a method or attribute of a class is found in the class
    of its MRO that defines it (``mahjong_rules.Rules.max_suits`` ->
    ``mahjong_rules.engine.hooks.Hooks.max_suits``); anything past that is kept as written.
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
            if inspect.isclass(obj) and found is not None:  # an attribute: where it is defined
                owner = next(c for c in obj.__mro__ if parts[index] in vars(c))
                canonical = f"{owner.__module__}.{owner.__qualname__}"
            break
        if inspect.isclass(obj) and inspect.isfunction(found):  # a method: its defining class
            owner = next(c for c in obj.__mro__ if parts[index] in vars(c))
            found_name = f"{owner.__module__}.{owner.__qualname__}.{parts[index]}"
            obj, canonical, index = found, found_name, index + 1
            continue
        obj = found
        canonical = f"{found.__module__}.{found.__qualname__}"
        index += 1
    name = ".".join([canonical, *parts[index:]])
    return None if name == dotted else name


def candidates(target: str, module: str | None, cls: str | None = None) -> list[str]:
    """The full names a reference to ``target`` written in ``module`` (in the class ``cls``) may
    mean, most specific first: in the class, in the module, in each package above it, then as
    written, then in the package."""
    names: list[str] = []
    if module and cls:
        names.append(f"{module}.{cls}.{target}")
    if module:
        parts = module.split(".")
        names.extend(f"{'.'.join(parts[:i])}.{target}" for i in range(len(parts), 0, -1))
    names.append(target)
    names.append(f"{PACKAGE}.{target}")  # a name the package exports: ``Rules.view``
    return list(dict.fromkeys(names))


def _import_value(dotted: str) -> tuple[bool, Any]:
    """``(True, value)`` for an importable ``package.module.name``, else ``(False, None)``."""
    module_name, _, attr = dotted.rpartition(".")
    if not module_name:
        return False, None
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return False, None
    if not hasattr(module, attr):
        return False, None
    return True, getattr(module, attr)


def documented_alias(dotted: str, documented: Iterable[str]) -> str | None:
    """The documented name of the constant ``dotted`` (``mahjong_rules.serial.FORMAT_VERSION``
    -> ``mahjong_rules.serial.codec.FORMAT_VERSION``): a name in ``documented`` under the same
    package, with the same last part, that is the very same object. ``None`` if there is none."""
    package, _, last = dotted.rpartition(".")
    found, value = _import_value(dotted)
    if not found or not package.startswith(PACKAGE):
        return None
    for name in documented:
        if name != dotted and name.startswith(package + ".") and name.endswith("." + last):
            ok, other = _import_value(name)
            if ok and other is value:
                return name
    return None


def resolve_reexport(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.Element
) -> nodes.reference | None:
    """``missing-reference`` handler: retry a Python reference at its canonical name."""
    if node.get("refdomain") != "py":
        return None
    target = str(node["reftarget"]).lstrip("~.")
    domain = env.get_domain("py")
    documented = domain.objects  # type: ignore[attr-defined]
    for name in candidates(target, node.get("py:module"), node.get("py:class")):
        tries = [name, canonical_name(name), documented_alias(name, documented)]
        for full in dict.fromkeys(t for t in tries if t is not None):
            if full not in documented and full == target:
                continue  # as written: Sphinx has already looked for it
            found = domain.resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], full, node, contnode
            )
            if found is not None:
                return found  # type: ignore[no-any-return, unused-ignore]
    return None


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("missing-reference", resolve_reexport)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
