"""Memory per kept state, at a git ref and in the working tree, each side in its own process.

A server may keep every state of a hand (for replays, undo, or answers still in flight), so
what one kept state costs matters. For each room, a fresh process imports ``mahjong_rules``
from one side's ``src``, plays seeded random hands (the policy of ``compare.py``) and keeps
every state reached until it holds ``--states`` of them, under :mod:`tracemalloc`::

    python benchmarks/memory.py 2b9fc15                 # 10,000 states per room
    python benchmarks/memory.py HEAD~3 --states 2000

It prints, per room and side, the bytes traced per kept state with the win tables' share
(the tables are loaded lazily by the first hand, so they are traced too) and without it (a
second run that plays 20,000 states of other hands before tracing starts, so the tables and
the engine's small memos are in place), with the ratio working tree / ref of each.
Allocation sizes do not depend on the machine's load, so one run is enough.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from compare import ROOMS, worktree  # the benchmarks folder is not a package

DEFAULT_STATES = 10_000
WARM_STATES = 20_000
SEED = 20240601


def measure(src: str, room: str, states: int, warm: bool) -> float:
    """Bytes traced per kept state, in this process (``src`` first on ``sys.path``). With
    ``warm``, tracing starts after some hands have been played (the win tables loaded, the
    engine's small memos filled), so only what the kept states hold is counted."""
    import random

    sys.path.insert(0, src)
    if not warm:
        tracemalloc.start()
    import mahjong_rules

    rules = mahjong_rules.get_variant(ROOMS[room][0], **ROOMS[room][1])

    def play(first: int, limit: int, kept: list[Any]) -> None:
        k = first
        while len(kept) < limit:
            rng = random.Random(SEED + k)
            state = rules.new_hand(seed=SEED + k)
            kept.append(state)
            while rules.result(state) is None and len(kept) < limit:
                seat = rng.choice(sorted(rules.to_act(state)))
                state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
                kept.append(state)
            k += 1

    if warm:
        play(10_000, WARM_STATES, [])  # other seeds than the kept hands'
        tracemalloc.start()
    kept: list[Any] = []
    play(0, states, kept)
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return current / len(kept)


def run_side(src: Path, room: str, states: int, warm: bool) -> float:
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTHONPATH", None)
    args = [sys.executable, __file__, "--worker", str(src), room, str(states)]
    if warm:
        args.append("--warm")
    done = subprocess.run(args, capture_output=True, text=True, env=env, cwd=src.parent)
    if done.returncode:
        raise SystemExit(f"the worker for {src} failed:\n{done.stderr}")
    return float(json.loads(done.stdout)["bytes"])


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        src, room, states = sys.argv[2], sys.argv[3], int(sys.argv[4])
        per_state = measure(src, room, states, "--warm" in sys.argv)
        print(json.dumps({"bytes": per_state}))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ref", help="the git ref to compare with (e.g. HEAD~5, main)")
    parser.add_argument("--states", type=int, default=DEFAULT_STATES, help="states kept per room")
    options = parser.parse_args()
    here = Path(__file__).resolve().parent.parent / "src"
    with worktree(options.ref) as path:
        there = path / "src"
        print(f"bytes per kept state ({options.states:,} states of random play)")
        heads = ("room", "ref", "tree", "ratio", "warm: ref", "tree", "ratio")
        print("{:22} {:>9} {:>9} {:>6}   {:>14} {:>9} {:>6}".format(*heads))
        for room in ROOMS:
            a = run_side(there, room, options.states, warm=False)
            b = run_side(here, room, options.states, warm=False)
            c = run_side(there, room, options.states, warm=True)
            d = run_side(here, room, options.states, warm=True)
            line = f"{room:22} {a:9,.0f} {b:9,.0f} {b / a:6.3f}   {c:14,.0f} {d:9,.0f} {d / c:6.3f}"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
