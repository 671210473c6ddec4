"""The optional compiled build: mypyc over the library's hot low-level modules.

Everything about the package (its name, version, dependencies, data files) is in pyproject.toml;
this file only adds extension modules, and only when asked. Without ``MAHJONG_RULES_COMPILE=1``
``pip install .`` and ``pip install -e .`` build the pure-Python package, the reference build
that every platform gets. With it, the modules in :data:`COMPILED` are compiled by mypyc (which
ships with mypy) from the same source, beside their ``.py`` files::

    MAHJONG_RULES_COMPILE=1 pip install .        # a compiled wheel, installed
    python tools/compiled.py build               # compiled in place, in src/ (development)
    python tools/compiled.py clean               # back to the pure-Python package in src/

An isolated build (pip's default) gets mypy and attrs (whose types mypyc compiles against) from
:data:`BUILD_REQUIRES`; a C compiler and the Python headers must be on the machine.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
SWITCH = "MAHJONG_RULES_COMPILE"
"""The environment variable that turns the compiled build on (``1``)."""
GROUP = "mahjong_rules"
"""mypyc's name for the modules' shared library: ``mahjong_rules__mypyc`` beside the package."""
COMPILED = (
    "mahjong_rules/wins/_layout.py",
    "mahjong_rules/wins/_shanten.py",
    "mahjong_rules/wins/_tables.py",
    "mahjong_rules/wins/decompose.py",
    "mahjong_rules/wins/detector.py",
    "mahjong_rules/wins/types.py",
    "mahjong_rules/engine/seat_state.py",
    "mahjong_rules/engine/state_class.py",
    "mahjong_rules/engine/drafts.py",
    "mahjong_rules/counts.py",
    "mahjong_rules/engine/edit.py",
    "mahjong_rules/engine/defaults.py",
    "mahjong_rules/engine/defaulted.py",
    "mahjong_rules/engine/waits.py",
    "mahjong_rules/engine/wins.py",
    "mahjong_rules/engine/draws.py",
    "mahjong_rules/engine/kongs.py",
    "mahjong_rules/engine/claims.py",
    "mahjong_rules/engine/turns.py",
    "mahjong_rules/engine/choosing.py",
    "mahjong_rules/engine/routes.py",
    "mahjong_rules/engine/play.py",
    "mahjong_rules/engine/shuffle.py",
    "mahjong_rules/engine/phase_advice.py",
    "mahjong_rules/engine/view_build.py",
    "mahjong_rules/variants/sichuan/answers.py",
    "mahjong_rules/bots/greedy.py",
    "mahjong_rules/variants/yongshan/best_reading.py",
    "mahjong_rules/variants/yongshan/hands.py",
)
"""The modules compiled, under ``src/``: the win detector and its tables; the tile counts; the
hand's state (``State``, ``SeatState`` and the engine's working copies of them, native classes);
and the engine's way from ``apply`` to the next state: the server's questions
(``engine/play.py``), the routes, the transitions (turns, claims, kongs, draws, wins, the
variant's phases), the waits and the engine's edits and default hooks, all plain functions
(issue 35); the wall's shuffle (``engine/shuffle.py``, half of a new hand's time); Sichuan's
phase answers (``variants/sichuan/answers.py``, most of a 换三张 phase's); the bots' advice in a
variant's phase (``engine/phase_advice.py``, a third of GreedyBot's 换三张 hand); the building of
the seats' views (``engine/view_build.py``; the classes View and SeatView stay in an
interpreted module: a compiled one keeps only erased annotations, and the documents read
theirs); GreedyBot's search (``bots/greedy.py``: its attrs classes stay Python classes, its
functions compile); and Yongshan's wildcard hands (``variants/yongshan/hands.py`` and
``best_reading.py``: the fifth-copy fit of YS-WILD-6 and the best readings of a win, the
slowest room's own work). The hooks themselves and the variants' rules classes stay interpreted: a
variant's rules class subclasses them (compiling one gained 0.1 µs a hook call, nothing
measurable per decision). ``tiles.py``, ``notation.py``, ``hand.py`` and ``melds.py`` gain
nothing measurable and their constructors' own TypeErrors would become mypyc's
(benchmarks/README.md, "compare_builds.py"); ``wins/_build.py`` generates the tables file (run
as ``python -m``)."""
MODULES_SWITCH = "MAHJONG_RULES_COMPILE_MODULES"
"""Another list for a trial (space- or comma-separated paths under ``src/``), e.g.
``MAHJONG_RULES_COMPILE_MODULES="mahjong_rules/counts.py mahjong_rules/wins/detector.py"``."""
BUILD_REQUIRES = ("mypy>=1.18", "attrs>=23.1")
"""What a compiled build needs in its build environment (not at run time)."""


def compiled_modules() -> tuple[str, ...]:
    """The modules to compile: :data:`MODULES_SWITCH`'s list if set, else :data:`COMPILED`."""
    given = os.environ.get(MODULES_SWITCH, "").replace(",", " ").split()
    return tuple(given) or COMPILED


def compile_requested() -> bool:
    """Whether the environment asks for the compiled build."""
    return os.environ.get(SWITCH, "").strip() == "1"


def extensions(root: Path = ROOT) -> list[Any]:
    """The mypyc extension modules for :func:`compiled_modules`, paths relative to ``root``; the
    caller's working directory must be ``root`` (mypyc writes its C files to ``build/`` there)."""
    from mypyc.build import mypycify

    paths = [os.path.join("src", *name.split("/")) for name in compiled_modules()]
    missing = [p for p in paths if not (root / p).is_file()]
    if missing:
        raise SystemExit(f"setup.py: modules to compile not found: {', '.join(missing)}")
    return list(mypycify(paths, opt_level="3", group_name=GROUP))


def setup_arguments() -> dict[str, Any]:
    """The arguments for ``setup()``: none for the pure build."""
    if not compile_requested():
        return {}
    try:
        import mypyc.build  # noqa: F401 (only whether it is there)
    except ImportError:
        # pip's isolated build asks first what the build needs (setup_requires), then builds
        # with it installed; a build without isolation needs mypy installed beforehand.
        return {"setup_requires": list(BUILD_REQUIRES)}
    return {"ext_modules": extensions(), "setup_requires": list(BUILD_REQUIRES)}


if __name__ == "__main__":
    from setuptools import setup  # type: ignore[import-untyped,unused-ignore]

    setup(**setup_arguments())
