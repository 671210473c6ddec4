"""The package's shape (issue 12): no import cycle anywhere in ``src/``, and every module small
enough to read in one sitting (at most 400 lines). The import graph counts every import, also
those under ``TYPE_CHECKING`` and inside functions, as the project's structure check does."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
MAX_LINES = 400


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(p for p in [*parts, base] if p)
            targets = [base, *(f"{base}.{a.name}" for a in node.names)]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                found.add(target)
    return found


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle_in_src() -> None:
    """No two modules of ``src/`` import each other, directly or through others."""
    modules = _modules()
    known = set(modules)
    graph = {name: _imports(name, path, known) for name, path in modules.items()}
    assert "mahjong_rules.variants.base" in graph["mahjong_rules.variants.baoshan.rules"]
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The check above can fail: a two-module circle is found."""
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]


def test_no_module_over_400_lines() -> None:
    """Every module of ``src/`` reads in one sitting."""
    sizes = {
        name: len(path.read_text(encoding="utf-8").splitlines())
        for name, path in _modules().items()
    }
    assert sizes["mahjong_rules.variants.base"] > 100
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}
