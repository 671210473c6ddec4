"""Compare the engine's speed at a git ref with the working tree, interleaved in one run.

``REF`` is checked out into a temporary ``git worktree`` (removed afterwards). One long-lived
worker process per side imports ``mahjong_rules`` from its own ``src`` (first on ``sys.path``;
the worker checks where the package came from) and plays the same seeded hands on request. The
two sides' timed passes alternate, and which side goes first alternates with the round, so a
change in the machine's load falls on both alike::

    python benchmarks/compare.py HEAD~5                 # 200 hands per room, 5 rounds
    python benchmarks/compare.py main --hands 50 --rounds 3
    python benchmarks/compare.py v0.1.0 --json

Rooms: Baoshan 4p (``get_variant("baoshan")``), Baoshan with honors (``honors=True``), Yongshan
单听用 (``get_variant("yongshan")``) and Yongshan 双听用 (``wildcards="double"``). Policies: a
seeded random legal policy (hand k: ``random.Random(seed + k)`` picks a seat of ``to_act`` and
one of its ``legal_actions``, as ``bench_play.py`` does) and, when both sides have it,
:class:`~mahjong_rules.bots.GreedyBot` at every seat (the lowest seat of ``to_act`` acts, from
its own view). Hand k is dealt with ``new_hand(seed=seed + k)``. Each round plays new hands
(round r from ``seed + r * hands``), the two sides the same ones: a side's memo (GreedyBot's
shanten cache, 65,536 entries at 972f81a and 1,024 since issue 34) then never answers a hand
it was timed on in an earlier round, which a real table never replays either.

For each room and policy the script prints both sides' hands per second (the median over the
rounds), the ratio working tree / ref of each round's two passes (above 1: the working tree is
faster) as its median and its range (min-max over the rounds), and whether both sides played
exactly the same hands (same actions, same results): a change in the rules may rightly change
the play, and then the two sides time different work.

This is a benchmark, not a test: nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from json_lines import JsonLinesProcess

ROOT = Path(__file__).resolve().parent.parent
"""The repository (and working tree) this script belongs to."""
DEFAULT_HANDS = 200
DEFAULT_ROUNDS = 5
DEFAULT_SEED = 20240601
MAX_STEPS = 5000
"""A hand that has not ended after this many actions is a bug (the engine's or a bot's)."""
WARM_UP_HANDS = 5
"""Untimed hands per room and policy before the first round (tables, caches, bytecode)."""

ROOMS: dict[str, tuple[str, dict[str, Any]]] = {
    "baoshan 4p": ("baoshan", {}),
    "baoshan 4p honors": ("baoshan", {"honors": True}),
    "yongshan 单听用": ("yongshan", {}),
    "yongshan 双听用": ("yongshan", {"wildcards": "double"}),
    "sichuan": ("sichuan", {}),
    "sichuan 换三张": ("sichuan", {"swap_three": True}),
}
"""Room name: (variant, options for ``get_variant``); a reference without the variant reports
the room as an error (Sichuan came with issue 20)."""
POLICIES = ("random", "greedy")


# --------------------------------------------------------------------------------------------
# The worker: one per side, reading one JSON request a line and answering one JSON line.


def play(rules: Any, policy: str, hands: int, seed: int) -> dict[str, Any]:
    """Play ``hands`` seeded hands; their seconds, actions and a digest of what happened."""
    greedy: Any = None
    if policy == "greedy":
        from mahjong_rules.bots import GreedyBot

        greedy = GreedyBot()
    actions = 0
    digest: list[object] = []
    started = time.perf_counter()
    for k in range(hands):
        rng = random.Random(seed + k)
        state = rules.new_hand(seed=seed + k)
        for _ in range(MAX_STEPS):
            if rules.result(state) is not None:
                break
            if greedy is None:
                seat = rng.choice(sorted(rules.to_act(state)))
                state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
            else:
                seat = min(rules.to_act(state))
                state = greedy.act(rules, state, seat)
            actions += 1
        result = rules.result(state)
        if result is None:
            raise RuntimeError(f"hand {seed + k} did not end in {MAX_STEPS} actions")
        digest.append((actions, tuple(result.deltas)))
    seconds = time.perf_counter() - started
    fingerprint = hashlib.sha256(repr(digest).encode()).hexdigest()[:16]
    return {"seconds": seconds, "actions": actions, "digest": fingerprint}


def worker(src: str, out: TextIO) -> int:
    """Serve requests on stdin with the ``mahjong_rules`` found in ``src``."""
    sys.path.insert(0, src)
    import mahjong_rules

    where = Path(mahjong_rules.__file__ or "").resolve()
    if not where.is_relative_to(Path(src).resolve()):
        raise RuntimeError(f"imported mahjong_rules from {where}, not from {src}")
    try:
        import mahjong_rules.bots

        has_greedy = hasattr(mahjong_rules.bots, "GreedyBot")
    except ImportError:
        has_greedy = False
    hello = {"version": getattr(mahjong_rules, "__version__", "?"), "greedy": has_greedy}
    print(json.dumps(hello), file=out, flush=True)
    rooms: dict[str, Any] = {}
    for line in sys.stdin:
        request = json.loads(line)
        name = request["room"]
        try:
            if name not in rooms:
                variant, options = ROOMS[name]
                rooms[name] = mahjong_rules.get_variant(variant, **options)
            answer = play(rooms[name], request["policy"], request["hands"], request["seed"])
        except Exception as exc:  # reported to the parent, which shows it for this room
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(answer), file=out, flush=True)
    return 0


# --------------------------------------------------------------------------------------------
# The parent: a worktree for REF, two workers, interleaved rounds.


class Side(JsonLinesProcess):
    """A worker process serving one side (the ref or the working tree)."""

    SCRIPT = Path(__file__).resolve()
    """The script run with ``--worker SRC`` (another benchmark's, in a subclass)."""

    def __init__(self, label: str, src: Path) -> None:
        env = dict(os.environ, PYTHONHASHSEED="0")  # both sides alike, whatever the engine hashes
        env.pop("PYTHONPATH", None)
        argv = [sys.executable, str(self.SCRIPT), "--worker", str(src)]
        super().__init__(label, argv, env=env, cwd=src.parent)
        self.version = str(self.hello.get("version", "?"))
        self.greedy = bool(self.hello.get("greedy"))

    def ask(self, room: str, policy: str, hands: int, seed: int) -> dict[str, Any]:
        return self.request({"room": room, "policy": policy, "hands": hands, "seed": seed})


def git(*args: str) -> str:
    done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.strip()


@contextmanager
def worktree(ref: str) -> Iterator[Path]:
    """``ref`` checked out (detached) into a temporary directory, removed afterwards."""
    commit = git("rev-parse", "--verify", f"{ref}^{{commit}}")
    parent = Path(tempfile.mkdtemp(prefix="mahjong-compare-"))
    path = parent / commit[:12]
    git("worktree", "add", "--detach", "--quiet", str(path), commit)
    try:
        yield path
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)],
            capture_output=True,
        )
        shutil.rmtree(parent, ignore_errors=True)
        subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], capture_output=True)


class Figure:
    """One room and policy: both sides' seconds per round, or why it could not run."""

    def __init__(self, room: str, policy: str) -> None:
        self.room = room
        self.policy = policy
        self.ref_s: list[float] = []
        self.work_s: list[float] = []
        self.same_play = True
        self.error: str | None = None

    def rates(self, hands: int) -> tuple[float, float]:
        """(ref, working tree) hands per second, over the median round of each side."""
        return hands / statistics.median(self.ref_s), hands / statistics.median(self.work_s)

    def ratios(self) -> list[float]:
        """Working tree speed / ref speed, round by round."""
        return [r / w for r, w in zip(self.ref_s, self.work_s, strict=True)]

    def as_dict(self, hands: int) -> dict[str, Any]:
        out: dict[str, Any] = {"room": self.room, "policy": self.policy}
        if self.error is not None:
            return {**out, "error": self.error}
        ref, work = self.rates(hands)
        ratios = self.ratios()
        return {
            **out,
            "ref_hands_per_s": round(ref, 1),
            "work_hands_per_s": round(work, 1),
            "ratio_median": round(statistics.median(ratios), 3),
            "ratio_min": round(min(ratios), 3),
            "ratio_max": round(max(ratios), 3),
            "same_play": self.same_play,
        }


def run(ref_side: Side, work_side: Side, hands: int, rounds: int, seed: int) -> list[Figure]:
    policies = [p for p in POLICIES if p != "greedy" or (ref_side.greedy and work_side.greedy)]
    figures = [Figure(room, policy) for policy in policies for room in ROOMS]
    for figure in figures:  # warm-up, untimed; a room the ref lacks is reported, not timed
        for side in (ref_side, work_side):
            answer = side.ask(figure.room, figure.policy, WARM_UP_HANDS, seed + 10**6)
            if "error" in answer and figure.error is None:
                figure.error = f"{side.label}: {answer['error']}"
    for n in range(rounds):
        for figure in figures:
            if figure.error is not None:
                continue
            order = (ref_side, work_side) if n % 2 == 0 else (work_side, ref_side)
            first = seed + n * hands  # each round new hands: no memo of the last round's answers
            answers = {
                side.label: side.ask(figure.room, figure.policy, hands, first) for side in order
            }
            ref, work = answers[ref_side.label], answers[work_side.label]
            if "error" in ref or "error" in work:
                figure.error = str(ref.get("error") or work.get("error"))
                continue
            figure.ref_s.append(ref["seconds"])
            figure.work_s.append(work["seconds"])
            figure.same_play &= (ref["actions"], ref["digest"]) == (work["actions"], work["digest"])
    return figures


def pad(text: str, width: int) -> str:
    """``text`` left-aligned in ``width`` terminal columns (a CJK character takes two)."""
    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(0, width - used)


def print_table(figures: Sequence[Figure], hands: int) -> None:
    header = (
        f"{'policy':<7} {'room':<20} {'ref hands/s':>11} {'work hands/s':>12} "
        f"{'ratio':>7} {'range (min-max)':>16}  same play"
    )
    print(header)
    print("-" * len(header))
    for f in figures:
        if f.error is not None:
            print(f"{f.policy:<7} {pad(f.room, 20)} not run: {f.error}")
            continue
        ref, work = f.rates(hands)
        ratios = f.ratios()
        span = f"{min(ratios):.2f}-{max(ratios):.2f}x"
        print(
            f"{f.policy:<7} {pad(f.room, 20)} {ref:>11.1f} {work:>12.1f} "
            f"{statistics.median(ratios):>6.2f}x {span:>16}  {'yes' if f.same_play else 'no'}"
        )
    print()
    print("ratio: working tree / ref hands per second, each round's two passes compared (above 1:")
    print("the working tree is faster); its median and range over the rounds. same play: both")
    print("sides played exactly the same actions to the same results.")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("ref", nargs="?", help="the git ref to compare with (e.g. HEAD~5, main)")
    parser.add_argument(
        "--hands",
        type=int,
        default=DEFAULT_HANDS,
        help="hands per room and round (default %(default)s)",
    )
    parser.add_argument(
        "--rounds", type=int, default=DEFAULT_ROUNDS, help="timed rounds (default %(default)s)"
    )
    parser.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help="first hand's seed (default %(default)s)"
    )
    parser.add_argument(
        "--json", action="store_true", help="print the figures as JSON instead of a table"
    )
    parser.add_argument("--worker", metavar="SRC", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.worker, sys.stdout)
    if args.ref is None:
        parser.error("the git ref to compare with is required")
    if args.hands < 1 or args.rounds < 1:
        parser.error("--hands and --rounds must be at least 1")
    started = time.perf_counter()
    commit = git("rev-parse", "--short=12", "--verify", f"{args.ref}^{{commit}}")
    with worktree(args.ref) as path:
        sides: list[Side] = []
        try:
            sides.append(Side("ref", path / "src"))
            sides.append(Side("work", ROOT / "src"))
            ref_side, work_side = sides
            figures = run(ref_side, work_side, args.hands, args.rounds, args.seed)
        finally:
            for side in sides:
                side.close()
    meta = {
        "ref": args.ref,
        "commit": commit,
        "ref_version": ref_side.version,
        "work_version": work_side.version,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "seed": args.seed,
        "hands": args.hands,
        "rounds": args.rounds,
        "elapsed_s": round(time.perf_counter() - started, 1),
    }
    if args.json:
        rows = [f.as_dict(args.hands) for f in figures]
        json.dump({"meta": meta, "rows": rows}, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    print(
        f"{args.ref} ({commit}) vs the working tree; Python {meta['python']} "
        f"({meta['implementation']}, {meta['machine']}); seed {args.seed}, {args.hands} hands "
        f"per room and round, {args.rounds} rounds, passes interleaved"
    )
    print()
    print_table(figures, args.hands)
    print(f"({meta['elapsed_s']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
