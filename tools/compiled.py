"""Build, remove, inspect and test the compiled modules of ``src/`` in place (development).

The compiled build is optional: setup.py compiles the modules it lists (``setup.COMPILED``, or
those ``MAHJONG_RULES_COMPILE_MODULES`` names for a trial) with mypyc when
``MAHJONG_RULES_COMPILE=1``; the pure-Python package is the reference. This script does the same
in place, the ``.so`` files beside their ``.py`` files in ``src/``, so that an editable install
(or ``PYTHONPATH=src``) imports the compiled modules until they are removed::

    python tools/compiled.py build     # compile in place (about a minute; gcc and Python headers)
    python tools/compiled.py status    # which modules are compiled, and which import now
    python tools/compiled.py test      # the rule tests and both golden digests, compiled build
    python tools/compiled.py clean     # remove the compiled files: the pure package again
    python tools/compiled.py check     # build a temporary copy of the checkout and test it there

``check`` leaves this checkout as it was (CI's command, and the one to use while others run tests
here); ``test`` and ``check`` pass further arguments to pytest (``-x``, ``-n auto``).
``status --expect compiled`` (or ``pure``) exits 1 unless every listed module imports as
expected. ``--root DIR`` works on another checkout (a copy, say, while others use this one).
It reads setup.py for the list, but builds without it: setuptools' own ``setup.py build_ext``
needs a setuptools recent enough for pyproject.toml's metadata, this does not.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXTENSION_SUFFIXES = (".so", ".pyd")
COMPILED_TESTS = (
    "tests/test_counts.py",
    "tests/test_tiles.py",
    "tests/test_hand.py",
    "tests/test_melds.py",
    "tests/test_notation.py",
    "tests/test_tables.py",
    "tests/test_wins_examples.py",
    "tests/test_wins_exhaustive.py",
    "tests/test_wins_properties.py",
    "tests/test_wins_shanten.py",
    "tests/test_wins_vs_mahjong.py",
    "tests/test_golden.py",
    "tests/test_dcmshi_replay.py",
    "tests/test_dcmshi_tiandi.py",
    "tests/test_strategies.py",
    "tests/test_baoshan_patterns.py",
    "tests/test_yongshan_patterns.py",
    "tests/test_yongshan_best_reading.py",
    "tests/test_yongshan_fifth_copy.py",
    "tests/test_yongshan_one_wildcard_kong.py",
    "tests/test_sichuan_patterns.py",
    "tests/test_serial_roundtrip.py",
    "tests/test_serial_seeds.py",
    "tests/test_contract_wall.py",
    "tests/test_state_values.py",
    "tests/test_play_properties.py",
    "tests/test_engine_common.py",
    "tests/test_engine_discards.py",
    "tests/test_variant_transitions.py",
    "tests/test_variant_actions.py",
    "tests/test_concurrent_answers.py",
    "tests/test_baoshan_flow.py",
    "tests/test_baoshan_settlement.py",
    "tests/test_yongshan_flow.py",
    "tests/test_yongshan_settlement.py",
    "tests/test_contract_wildcards.py",
    "tests/test_sichuan_flow.py",
    "tests/test_sichuan_pass_hu.py",
    "tests/test_sichuan_ends.py",
    "tests/test_toy_variant.py",
    "tests/test_defaulted_hooks.py",
    "tests/test_bots.py",
    "tests/test_bots_phases.py",
    "tests/test_views.py",
    "tests/test_view_reuse.py",
    "tests/test_public_view.py",
    "tests/test_sichuan_views.py",
    "tests/test_state_memory.py",
    "tests/test_variant_state.py",
    "tests/test_variant_phases.py",
)
"""What ``test`` runs against the compiled build: the tests of the compiled modules, the win
detector against its oracle, both golden digests of play (test_golden.py), the recorded dcmshi
hands, the games' scoring patterns, which read the detector's decompositions, and the rule
tests of the compiled transitions (each game's flow and settlement, the claim windows' answers
in any order, a variant's own actions and transitions, and the toy plugin, interpreted, on
the compiled engine), the bots' tests (GreedyBot compiled), and the states' layout and memory
tests and the variants' records and phases (slots in both builds)."""
LEFT_OUT = (
    "tests/test_serial_roundtrip.py::test_every_state_of_2000_hands_reads_back_and_plays_the_same",
)
"""Deselected there: 200 of the list's 360 s here, and the same read-back of 60 hands runs."""


def load_setup(root: Path) -> ModuleType:
    """``root/setup.py`` as a module (its ``setup()`` call runs only as a script)."""
    spec = importlib.util.spec_from_file_location("mahjong_rules_setup", root / "setup.py")
    if spec is None or spec.loader is None:
        raise SystemExit(f"no setup.py in {root}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled_files(root: Path) -> list[Path]:
    """Every extension module under ``root/src`` (the compiled modules and mypyc's library)."""
    src = root / "src"
    return sorted(
        p
        for p in src.rglob("*")
        if p.is_file() and p.suffix in EXTENSION_SUFFIXES and "__pycache__" not in p.parts
    )


def build(root: Path) -> float:
    """Compile setup.py's modules in place under ``root/src``; the seconds it took."""
    from setuptools import Distribution  # type: ignore[import-untyped,unused-ignore]

    setup = load_setup(root)
    started = time.perf_counter()
    here = Path.cwd()
    os.chdir(root)
    try:
        dist = Distribution(
            {
                "name": "mahjong_rules",
                "ext_modules": setup.extensions(root),
                "package_dir": {"": "src"},
            }
        )
        command: Any = dist.get_command_obj("build_ext")
        command.inplace = True
        dist.run_command("build_ext")
    finally:
        os.chdir(here)
    return time.perf_counter() - started


def clean(root: Path) -> list[Path]:
    """Remove the compiled files from ``root/src`` and mypyc's ``build/``; what was removed."""
    removed = compiled_files(root)
    for path in removed:
        path.unlink()
    build_dir = root / "build"
    if build_dir.is_dir():
        shutil.rmtree(build_dir)
        removed.append(build_dir)
    return removed


def imported_files(root: Path, modules: Sequence[str]) -> dict[str, str]:
    """Where a fresh interpreter with ``root/src`` first on its path imports each module from."""
    code = (
        "import importlib, json, sys\n"
        "print(json.dumps({m: importlib.import_module(m).__file__ for m in sys.argv[1:]}))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(root / "src"))
    done = subprocess.run(
        [sys.executable, "-c", code, *modules], capture_output=True, text=True, env=env, cwd=root
    )
    if done.returncode:
        raise SystemExit(f"importing the modules failed:\n{done.stderr}")
    found: dict[str, str] = json.loads(done.stdout)
    return found


def module_names(setup: ModuleType) -> list[str]:
    """``mahjong_rules/wins/detector.py`` -> ``mahjong_rules.wins.detector``, for each compiled."""
    return [name.removesuffix(".py").replace("/", ".") for name in setup.compiled_modules()]


def status(root: Path, expect: str | None) -> int:
    setup = load_setup(root)
    names = module_names(setup)
    where = imported_files(root, names)
    compiled = {m: Path(f).suffix in EXTENSION_SUFFIXES for m, f in where.items()}
    # a module's own .so only starts it: its code is in mypyc's library, rebuilt on any change
    built = max((p.stat().st_mtime for p in compiled_files(root)), default=0.0)
    for name in names:
        source = root / "src" / (name.replace(".", "/") + ".py")
        state = "compiled" if compiled[name] else "pure"
        if compiled[name] and built < source.stat().st_mtime:
            state += " (stale: the .py is newer; build again)"
        print(f"{name:<32} {state}")
    if expect is None:
        return 0
    wrong = [m for m in names if compiled[m] != (expect == "compiled")]
    if wrong:
        print(f"expected {expect}, but not: {', '.join(wrong)}", file=sys.stderr)
        return 1
    return 0


def run_tests(root: Path, pytest_args: Sequence[str]) -> int:
    """The compiled build's tests, after checking that the compiled modules are what imports."""
    if status(root, "compiled"):
        print("build first: python tools/compiled.py build", file=sys.stderr)
        return 1
    env = dict(os.environ, PYTHONPATH=str(root / "src"))
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    deselect = [f"--deselect={node}" for node in LEFT_OUT]
    return subprocess.call([*argv, *COMPILED_TESTS, *deselect, *pytest_args], env=env, cwd=root)


COPY_IGNORES = (
    *(".git", "build", "_build", "__pycache__", "*.egg-info", "*.so", "*.pyd"),
    *(".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis"),
)
"""What ``check`` leaves out of its copy: history, caches, build output, compiled files."""


def check(root: Path, pytest_args: Sequence[str]) -> int:
    """Copy the checkout to a temporary folder, build the copy, run the tests there, remove it."""
    with tempfile.TemporaryDirectory(prefix="mahjong-compiled-") as tmp:
        copy = Path(tmp) / root.name
        shutil.copytree(root, copy, ignore=shutil.ignore_patterns(*COPY_IGNORES))
        seconds = build(copy)
        print(f"compiled a copy of {root} in {copy} in {seconds:.0f} s", flush=True)
        return run_tests(copy, pytest_args)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("command", choices=("build", "clean", "status", "test", "check"))
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout (default: this one)")
    parser.add_argument(
        "--expect", choices=("compiled", "pure"), help="status: exit 1 unless every module is so"
    )
    args, rest = parser.parse_known_args(argv)
    if rest and args.command not in ("test", "check"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    root = args.root.resolve()
    if args.command == "build":
        seconds = build(root)
        count = len(load_setup(root).compiled_modules())
        print(f"compiled {count} modules in place in {seconds:.0f} s")
        return status(root, "compiled")
    if args.command == "clean":
        removed = clean(root)
        print(f"removed {len(removed)} compiled files and folders")
        return status(root, "pure")
    if args.command == "status":
        return status(root, args.expect)
    if args.command == "check":
        return check(root, rest)
    return run_tests(root, rest)


if __name__ == "__main__":
    sys.exit(main())
