"""Compare the compiled build with the pure-Python one, interleaved in one run.

Both builds come from the working tree's ``src``: the pure side is a temporary copy without any
compiled file, the compiled side a temporary copy built with ``tools/compiled.py`` (the modules
setup.py lists, about a minute), or the checkout given by ``--compiled-root`` once built there::

    python benchmarks/compare_builds.py                      # 100 hands a room, 5 rounds
    python benchmarks/compare_builds.py --hands 200 --rounds 7 --json
    python benchmarks/compare_builds.py --compiled-root /work/mypyc_try   # built in place there

One long-lived worker process per build imports ``mahjong_rules`` from its own ``src`` (first on
``sys.path``; it reports which modules are compiled, and the run stops unless the pure side has
none and the compiled side has every listed one) and, on request, times one pass of

* detector work, as ``bench_wins.py`` does (its seeded corpus, prebuilt ``TileCounts``):
  ``is_win`` on 14 tiles, ``winning_tiles`` on 13, ``shanten`` on 13 and 14, ``is_win`` with 1
  to 4 wildcards (a pass repeats the corpus until a round lasts about 0.2 s on the pure side);
* whole hands in each room of ``compare.py`` (Baoshan, with honors, Yongshan 单听用 and 双听用,
  Sichuan, Sichuan with 换三张), with its seeded random policy and GreedyBot at every seat.

The two builds' passes alternate, and which goes first alternates with the round. For each row
the script prints both builds' rate (the median over the rounds), µs a decision for whole
hands, and the ratio pure / compiled time of each round (above 1: the compiled build is faster)
as its median and range, and whether both builds played exactly the same hands. This is a
benchmark, not a test: nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

from json_lines import JsonLinesProcess

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
DEFAULT_HANDS = 100
DEFAULT_ROUNDS = 5
DEFAULT_SEED = 20240601
CORPUS_HANDS = 500
"""Hands per detector category (``bench_wins.py``'s corpus builder)."""
MIN_ROUND_S = 0.2
"""A detector pass repeats the corpus until it lasts about this long on the pure side."""
WARM_UP_HANDS = 5
DETECTOR = (
    "is_win",
    "winning_tiles",
    "shanten",
    "is_win 1 wild",
    "is_win 2 wilds",
    "is_win 4 wilds",
)
POLICIES = ("random", "greedy")


# --------------------------------------------------------------------------------------------
# The worker: one per build, reading one JSON request a line and answering one JSON line.


def detector_passes(seed: int) -> dict[str, tuple[Callable[[], object], int]]:
    """Per detector row: one pass over its hands, and how many hands a pass is."""
    import bench_wins
    from mahjong_rules import is_win, shanten, winning_tiles

    corpus = bench_wins.Corpus(seed, CORPUS_HANDS, 0)
    fourteen = bench_wins.to_counts(corpus.random14 + corpus.complete)
    thirteen = bench_wins.to_counts(corpus.random13 + corpus.ready)
    mixed = bench_wins.to_counts(corpus.random13 + corpus.random14 + corpus.ready)
    wild = {k: bench_wins.to_counts(corpus.wild_complete[k]) for k in (1, 2, 4)}

    def wins(hands: Sequence[Any], k: int = 0) -> Callable[[], object]:
        return lambda: sum(1 for h in hands if is_win(h, k))

    passes: dict[str, tuple[Callable[[], object], int]] = {
        "is_win": (wins(fourteen), len(fourteen)),
        "winning_tiles": (lambda: [winning_tiles(h) for h in thirteen], len(thirteen)),
        "shanten": (lambda: [shanten(h) for h in mixed], len(mixed)),
    }
    for k, hands in wild.items():
        passes[f"is_win {k} wild{'s' if k > 1 else ''}"] = (wins(hands, k), len(hands))
    return passes


def worker(src: str, out: TextIO) -> int:
    """Serve requests on stdin with the ``mahjong_rules`` found in ``src``."""
    sys.path.insert(0, src)
    import mahjong_rules
    from compare import ROOMS, play

    where = Path(mahjong_rules.__file__ or "").resolve()
    if not where.is_relative_to(Path(src).resolve()):
        raise RuntimeError(f"imported mahjong_rules from {where}, not from {src}")
    import mahjong_rules.bots
    import mahjong_rules.wins.detector  # the modules are then in sys.modules

    compiled = sorted(
        name
        for name, module in sys.modules.items()
        if name.startswith("mahjong_rules.")  # not mypyc's shared library, mahjong_rules__mypyc
        and Path(getattr(module, "__file__", None) or "x.py").suffix in (".so", ".pyd")
    )
    print(json.dumps({"compiled": compiled}), file=out, flush=True)
    passes: dict[str, tuple[Callable[[], object], int]] = {}
    rooms: dict[str, Any] = {}
    for line in sys.stdin:
        request = json.loads(line)
        if request["task"] == "detector":
            if not passes:
                passes = detector_passes(request["seed"])
            run, hands = passes[request["row"]]
            started = time.perf_counter()
            for _ in range(request["repeat"]):
                run()
            seconds = time.perf_counter() - started
            answer = {"seconds": seconds, "hands": hands * request["repeat"]}
        else:
            name = request["room"]
            if name not in rooms:
                variant, options = ROOMS[name]
                rooms[name] = mahjong_rules.get_variant(variant, **options)
            answer = play(rooms[name], request["policy"], request["hands"], request["seed"])
        print(json.dumps(answer), file=out, flush=True)
    return 0


# --------------------------------------------------------------------------------------------
# The parent: two source trees, two workers, interleaved rounds.


class Build(JsonLinesProcess):
    """A worker process serving one build."""

    def __init__(self, label: str, src: Path) -> None:
        env = dict(os.environ, PYTHONHASHSEED="0")
        env.pop("PYTHONPATH", None)
        argv = [sys.executable, str(Path(__file__).resolve()), "--worker", str(src)]
        super().__init__(label, argv, env=env, cwd=src.parent)
        self.compiled = [str(name) for name in self.hello.get("compiled", [])]


def load_tools() -> ModuleType:
    """``tools/compiled.py`` (the list of compiled modules, the in-place build)."""
    spec = importlib.util.spec_from_file_location("compiled_tool", ROOT / "tools" / "compiled.py")
    if spec is None or spec.loader is None:
        raise SystemExit("tools/compiled.py not found")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def copy_tree(target: Path) -> Path:
    """The working tree's ``src`` and setup.py copied to ``target``, without compiled files."""
    ignore = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "*.egg-info")
    shutil.copytree(ROOT / "src", target / "src", ignore=ignore)
    shutil.copy2(ROOT / "setup.py", target / "setup.py")
    shutil.copy2(ROOT / "pyproject.toml", target / "pyproject.toml")  # mypy's settings
    return target


class Row:
    """One row: both builds' seconds (and work) per round."""

    def __init__(self, kind: str, name: str, policy: str = "") -> None:
        self.kind, self.name, self.policy = kind, name, policy
        self.pure: list[float] = []
        self.compiled: list[float] = []
        self.units = 0  # hands (detector) or decisions (play) in one pass
        self.same = True
        self.repeat = 1

    @property
    def label(self) -> str:
        return f"{self.policy} {self.name}" if self.policy else f"detector {self.name}"

    def ratios(self) -> list[float]:
        return [p / c for p, c in zip(self.pure, self.compiled, strict=True)]

    def as_dict(self) -> dict[str, Any]:
        ratios = self.ratios()
        per = "us_per_decision" if self.kind == "play" else "hands_per_s"
        pure, comp = (statistics.median(s) for s in (self.pure, self.compiled))
        scale = (1e6 / self.units) if self.kind == "play" else None
        return {
            "row": self.label,
            f"pure_{per}": round(pure * scale if scale else self.units / pure, 2),
            f"compiled_{per}": round(comp * scale if scale else self.units / comp, 2),
            "ratio_median": round(statistics.median(ratios), 3),
            "ratio_min": round(min(ratios), 3),
            "ratio_max": round(max(ratios), 3),
            "same_play": self.same,
        }


def ask(build: Build, row: Row, hands: int, seed: int) -> dict[str, Any]:
    if row.kind == "detector":
        request = {"task": "detector", "row": row.name, "repeat": row.repeat, "seed": seed}
    else:
        request = {"task": "play", "room": row.name, "policy": row.policy, "hands": hands}
        request["seed"] = seed
    return build.request(request)


def run(pure: Build, compiled: Build, rooms: Sequence[str], args: argparse.Namespace) -> list[Row]:
    rows = [Row("detector", name) for name in DETECTOR]
    rows += [Row("play", room, policy) for policy in args.policies for room in rooms]
    for row in rows:  # warm-up, untimed; the detector's repeat set from the pure side's speed
        for build in (pure, compiled):
            ask(build, row, WARM_UP_HANDS, args.seed + 10**6)
        if row.kind == "detector":
            once = ask(pure, row, 0, args.seed)["seconds"]
            row.repeat = max(1, round(MIN_ROUND_S / max(once, 1e-6)))
    for n in range(args.rounds):
        for row in rows:
            order = (pure, compiled) if n % 2 == 0 else (compiled, pure)
            answers = {b.label: ask(b, row, args.hands, args.seed) for b in order}
            a, b = answers[pure.label], answers[compiled.label]
            row.pure.append(a["seconds"])
            row.compiled.append(b["seconds"])
            row.units = a["hands"] if row.kind == "detector" else a["actions"]
            if row.kind == "play":
                row.same &= (a["actions"], a["digest"]) == (b["actions"], b["digest"])
    return rows


def print_table(rows: Sequence[Row]) -> None:
    from compare import pad

    head = f"{'row':<34} {'pure':>14} {'compiled':>14} {'ratio':>7} {'range':>12}  same play"
    print(head)
    print("-" * len(head))
    for row in rows:
        d = row.as_dict()
        pure, compiled = (v for k, v in d.items() if k.startswith(("pure_", "compiled_")))
        unit = "µs/dec" if row.kind == "play" else "hands/s"
        span = f"{d['ratio_min']:.2f}-{d['ratio_max']:.2f}x"
        same = ("yes" if row.same else "no") if row.kind == "play" else ""
        print(
            f"{pad(row.label, 34)} {pure:>7.1f} {unit:<6} {compiled:>7.1f} {unit:<6} "
            f"{d['ratio_median']:>6.2f}x {span:>12}  {same}"
        )
    print()
    print("µs/dec: a whole hand's time over its decisions (actions), the median round's.")
    print("ratio: pure / compiled time of each round's two passes (above 1: the compiled build")
    print("is faster), its median and range (min-max) over the rounds. same play: both builds")
    print("played the same actions to the same results.")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS, help="hands a room and round")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="timed rounds")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="first hand's seed")
    parser.add_argument(
        "--policies", default=",".join(POLICIES), help="comma-separated: random, greedy"
    )
    parser.add_argument("--compiled-root", type=Path, help="a checkout built in place to use")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--worker", metavar="SRC", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.worker, sys.stdout)
    args.policies = [p for p in args.policies.split(",") if p]
    if args.hands < 1 or args.rounds < 1 or not set(args.policies) <= set(POLICIES):
        parser.error("--hands and --rounds must be at least 1; policies: random, greedy")
    sys.path.insert(0, str(HERE))
    from compare import ROOMS

    tools = load_tools()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mahjong-builds-") as tmp:
        pure_root = copy_tree(Path(tmp) / "pure")
        build_s = None
        if args.compiled_root is None:
            compiled_root = copy_tree(Path(tmp) / "compiled")
            print("building the compiled copy ...", file=sys.stderr, flush=True)
            build_s = round(tools.build(compiled_root), 1)
        else:
            compiled_root = args.compiled_root.resolve()
        expected = tools.module_names(tools.load_setup(compiled_root))
        builds: list[Build] = []
        try:
            builds.append(Build("pure", pure_root / "src"))
            builds.append(Build("compiled", compiled_root / "src"))
            pure, compiled = builds
            if pure.compiled or set(expected) - set(compiled.compiled):
                raise SystemExit(f"not the builds expected: {pure.compiled}, {compiled.compiled}")
            rows = run(pure, compiled, list(ROOMS), args)
        finally:
            for build in builds:
                build.close()
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "compiled_modules": compiled.compiled,
        "seed": args.seed,
        "hands": args.hands,
        "rounds": args.rounds,
        "build_s": build_s,
        "elapsed_s": round(time.perf_counter() - started, 1),
    }
    if args.json:
        json.dump({"meta": meta, "rows": [r.as_dict() for r in rows]}, sys.stdout, indent=2)
        print()
        return 0
    print(
        f"pure vs compiled ({len(compiled.compiled)} modules compiled); Python {meta['python']} "
        f"({meta['machine']}); seed {args.seed}, {args.hands} hands a room and round, "
        f"{args.rounds} rounds, passes interleaved"
    )
    print()
    print_table(rows)
    print(f"({meta['elapsed_s']} s; the compiled copy built in {build_s} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
