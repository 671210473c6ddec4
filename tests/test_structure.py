"""The package's shape (issue 12): no import cycle anywhere in ``src/``, and every module small
enough to read in one sitting (at most 400 lines). The import graph counts every import, also
those under ``TYPE_CHECKING`` and inside functions, as the project's structure check does.

Issue 19: the engine (``src/mahjong_rules/engine/``) imports nothing from ``variants/`` — no
import of any form, anywhere in a module (also under ``TYPE_CHECKING``, inside a function, or
through ``importlib``); the room options it names live in :mod:`mahjong_rules.options`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from mahjong_rules import get_variant
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.match import Match
from mahjong_rules.errors import OptionsError

SRC = Path(__file__).resolve().parent.parent / "src"
MAX_LINES = 400
ENGINE = SRC / "mahjong_rules" / "engine"
VARIANTS = "mahjong_rules.variants"


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
    assert "mahjong_rules.variants.base" in graph["mahjong_rules.variants.baoshan.ting"]
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


# ---------------------------------------------------------------------- the engine and variants/


def _absolute(package: str, module: str | None, level: int) -> str:
    """The absolute name ``from <level dots><module> import ...`` means inside ``package``."""
    if not level:
        return module or ""
    parts = package.split(".")
    base = parts[: len(parts) - level + 1]
    return ".".join([*base, module] if module else base)


def _is_variants(name: str) -> bool:
    return name == VARIANTS or name.startswith(VARIANTS + ".")


def variants_imports(source: str, module: str, *, is_package: bool = False) -> list[str]:
    """Every import of ``mahjong_rules.variants`` (or a module under it) in ``source``, the text
    of ``module``, as ``"line: name"``: ``import``, ``from ... import`` (absolute or relative,
    ``from mahjong_rules import variants`` too) and ``importlib.import_module`` /
    ``__import__`` with a literal name, wherever in the module they stand."""
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(package, node.module, node.level)
            names = [base, *(f"{base}.{a.name}" if base else a.name for a in node.names)]
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0]
            if called in ("import_module", "__import__") and isinstance(first, ast.Constant):
                names = [str(first.value)]
        hit = next((n for n in names if _is_variants(n)), None)
        if hit is not None and isinstance(node, ast.stmt | ast.expr):
            found.append(f"{node.lineno}: {hit}")
    return found


def test_engine_imports_nothing_from_variants() -> None:
    """Issue 19: no module of ``engine/`` imports ``mahjong_rules.variants`` in any form."""
    modules = {name: path for name, path in _modules().items() if path.is_relative_to(ENGINE)}
    assert "mahjong_rules.engine.match" in modules and "mahjong_rules.engine.hooks" in modules
    assert len(modules) == len(list(ENGINE.rglob("*.py")))
    found = {
        f"{path.relative_to(SRC)}:{hit}"
        for name, path in modules.items()
        for hit in variants_imports(
            path.read_text(encoding="utf-8"), name, is_package=path.name == "__init__.py"
        )
    }
    assert found == set()


@pytest.mark.parametrize(
    "line",
    [
        "import mahjong_rules.variants",
        "import mahjong_rules.variants.base as base",
        "from mahjong_rules.variants.base import Rules",
        "from mahjong_rules.variants import options",
        "from mahjong_rules import variants",
        "from ..variants.options import Options",
        "from .. import variants",
        "if TYPE_CHECKING:\n    from mahjong_rules.variants.base import Rules",
        "def late():\n    from mahjong_rules.variants import get_variant",
        "importlib.import_module('mahjong_rules.variants.base')",
        "import_module('mahjong_rules.variants')",
        "__import__('mahjong_rules.variants.options')",
    ],
)
def test_the_variants_import_finder_finds_every_form(line: str) -> None:
    """Issue 19: the check above can fail — each form of import, planted in an engine module,
    is found, on its line."""
    source = f"from __future__ import annotations\n\n{line}\n"
    hits = variants_imports(source, "mahjong_rules.engine.x")
    assert [hit.partition(":")[0] for hit in hits] == [str(3 + line.count("\n"))]


@pytest.mark.parametrize(
    "line",
    [
        "from mahjong_rules.options import Options",
        "from mahjong_rules import options, tiles",
        "from . import hooks",
        "from .hooks import Hooks",
        "import mahjong_rules.variantsx",
        "'mahjong_rules.variants.base'",  # a name in a string is no import
    ],
)
def test_the_variants_import_finder_passes_other_imports(line: str) -> None:
    """Issue 19: imports of other modules (the neutral options module among them) pass."""
    assert variants_imports(f"{line}\n", "mahjong_rules.engine.x") == []


def test_options_keep_their_first_import_path() -> None:
    """Issue 19: the options base moved to :mod:`mahjong_rules.options`; the old paths give the
    very same objects, and the shipped games' options derive from it."""
    import mahjong_rules.options as neutral
    import mahjong_rules.variants as variants
    import mahjong_rules.variants.options as first

    names = ["Options", "choice", "fan_table", "flag", "optional_int"]
    assert first.__all__ == neutral.__all__ == names
    for name in neutral.__all__:
        assert getattr(first, name) is getattr(neutral, name)
    assert variants.Options is neutral.Options
    assert neutral.Options.__module__ == "mahjong_rules.options"
    assert isinstance(get_variant("yongshan").options, neutral.Options)
    assert get_variant("baoshan").options_class.__mro__[1] is neutral.Options


def test_a_match_still_refuses_what_is_not_a_rooms_rules() -> None:
    """Issue 19: without importing the ``Rules`` class, a match takes a variant's rules and
    refuses the hooks alone, which deal no hand, and a look-alike that is no variant."""

    class LookAlike:
        options = None
        players = 4
        buy_cap = 0

        def new_hand(self, **kwargs: object) -> None:
            return None

    for wrong in (Hooks(), LookAlike(), "baoshan", None):
        with pytest.raises(OptionsError, match="a match takes the rules of a room"):
            Match(wrong)  # type: ignore[arg-type]
    assert Match(get_variant("yongshan", players=3), first_dealer=2).players == 3
