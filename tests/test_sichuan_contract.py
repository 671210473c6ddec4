"""Sichuan is written on the public variant contract only (issue 20): every module of
``variants/sichuan/`` imports from the contract's modules (the hooks, the engine's documented
building blocks, scoring, wins, tiles) and nothing else of the library, and each name it
imports is one its module exports (``__all__``): no engine internals (the claim window, the
turn, draws), no name with a leading underscore, nothing of the other two games.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

import mahjong_rules.variants.sichuan as sichuan

PACKAGE = Path(sichuan.__file__).parent

CONTRACT = frozenset(
    {
        "mahjong_rules.counts",
        "mahjong_rules.errors",
        "mahjong_rules.melds",
        "mahjong_rules.options",
        "mahjong_rules.tiles",
        "mahjong_rules.scoring",
        "mahjong_rules.scoring.shapes",
        "mahjong_rules.wins",
        "mahjong_rules.wins.detector",
        "mahjong_rules.wins.types",
        "mahjong_rules.engine",
        "mahjong_rules.engine.actions",
        "mahjong_rules.engine.defaults",
        "mahjong_rules.engine.edit",
        "mahjong_rules.engine.events",
        "mahjong_rules.engine.hooks",
        "mahjong_rules.engine.phases",
        "mahjong_rules.engine.phase_advice",
        "mahjong_rules.engine.settlement",
        "mahjong_rules.engine.state",
        "mahjong_rules.engine.view",
        "mahjong_rules.engine.word_hooks",
        "mahjong_rules.variants.base",
    }
)
"""The modules of the contract a variant may import (docs/writing_a_variant.rst, the API pages'
"The variant author's contract")."""


def _imports() -> list[tuple[str, str, str]]:
    """(file, module, name) of every ``from mahjong_rules... import name`` in the package."""
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [(path.name, a.name, "") for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                found += [(path.name, node.module, a.name) for a in node.names]
    return [f for f in found if f[1].startswith("mahjong_rules")]


def test_sichuan_imports_only_the_public_contract() -> None:
    """Every import of variants/sichuan/ is of the contract or of Sichuan's own modules."""
    outside = [
        f"{file}: {module}"
        for file, module, _ in _imports()
        if module not in CONTRACT and not module.startswith("mahjong_rules.variants.sichuan")
    ]
    assert not outside, outside


def test_every_name_sichuan_imports_is_exported_by_its_module() -> None:
    """No engine internal is reached by name: each imported name is in its module's
    ``__all__`` (or is a submodule of the package it comes from)."""
    wrong = []
    for file, module, name in _imports():
        if not name or module.startswith("mahjong_rules.variants.sichuan"):
            continue
        mod = importlib.import_module(module)
        exported = getattr(mod, "__all__", ())
        submodule = hasattr(mod, "__path__") and importlib.util.find_spec(f"{module}.{name}")
        if name.startswith("_") or (name not in exported and not submodule):
            wrong.append(f"{file}: {module}.{name}")
    assert not wrong, wrong


def test_the_check_itself_sees_the_imports() -> None:
    """The scan finds what the rules class does import (the test cannot pass on nothing)."""
    found = {(file, module, name) for file, module, name in _imports()}
    assert ("play.py", "mahjong_rules.variants.base", "Rules") in found
    assert ("rules.py", "mahjong_rules.engine.edit", "pay") in found
