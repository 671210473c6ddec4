"""Benchmark the arena: hands per second played serially, on 1 Ray worker and on 2, and the
scaling efficiency (issue 37, section 2).

One local Ray of ``--workers`` CPUs (default 2) is started once, outside the timing (its start
is reported on its own), and warmed up: every worker plays a block first, so that its imports
and the win tables' load are not timed. Then, for ``--rounds`` rounds, the same arena (a
lineup of four different bots, so that every rotation is a hand played:
``greedy,random,random,random``) is played serially in this process, on 1 worker and on 2
workers, one after the other, and the median of each is reported. Every run's figures are
checked equal (the arena's promise). The scaling efficiency of ``k`` workers is
``rate(k) / (k * rate(1))``::

    python benchmarks/bench_arena.py                       # Sichuan, 400 hands a run, 3 rounds
    python benchmarks/bench_arena.py --variant baoshan --hands 2000
    python benchmarks/bench_arena.py --json

A benchmark, not a test: nothing asserts a figure. The rates are wall-clock rates: run it on an
idle machine (two workers cannot go faster than two free cores).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

from mahjong_rules import get_variant
from mahjong_rules.arena import (
    Arena,
    Block,
    Standings,
    deals_for,
    play_on_ray,
    play_serial,
    report,
)
from mahjong_rules.arena.distributed import import_ray

LINEUP = ("greedy", "random", "random", "random")


def _timed(arena: Arena, played: Iterator[Block]) -> tuple[float, dict[str, Any]]:
    start = time.perf_counter()
    total = sum((b.standings for b in played), Standings.empty(arena.lineup))
    return time.perf_counter() - start, report(arena, total)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="sichuan")
    parser.add_argument("--hands", type=int, default=400, help="hands per run (whole deals)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--block", type=int, default=5, help="deals per Ray task")
    parser.add_argument("--workers", type=int, default=2, help="the most workers timed")
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)

    rules = get_variant(args.variant)
    lineup = (LINEUP * rules.players)[: rules.players]
    arena = Arena(rules, lineup, args.seed, deals_for(args.hands, rules.players))
    ray = import_ray()
    begun = time.perf_counter()
    ray.init(
        address="local",
        num_cpus=args.workers,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    ray_start = time.perf_counter() - begun
    counts = [0, *range(1, args.workers + 1)]  # 0: serial
    times: dict[int, list[float]] = {k: [] for k in counts}
    try:
        warm = Arena(rules, lineup, "warm-up", args.workers * 2)
        list(play_on_ray(warm, workers=args.workers, block_size=1))
        figures = None
        for _ in range(args.rounds):
            for k in counts:
                if k == 0:
                    seconds, got = _timed(arena, play_serial(arena, block_size=args.block))
                else:
                    played = play_on_ray(arena, workers=k, block_size=args.block)
                    seconds, got = _timed(arena, played)
                if figures is not None and got != figures:
                    raise SystemExit(f"the figures of {k} workers differ from the serial run's")
                figures = got
                times[k].append(seconds)
    finally:
        ray.shutdown()
    rates = {k: arena.hands / statistics.median(t) for k, t in times.items()}
    result = {
        "variant": rules.name,
        "lineup": list(lineup),
        "hands_per_run": arena.hands,
        "rounds": args.rounds,
        "block_deals": args.block,
        "ray_start_seconds": round(ray_start, 2),
        "hands_per_second": {
            ("serial" if k == 0 else f"{k} workers"): round(r, 1) for k, r in rates.items()
        },
        "scaling_efficiency": {
            f"{k} workers": round(rates[k] / (k * rates[1]), 3) for k in counts if k > 1
        },
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(
        f"{rules.name}: {arena.hands} hands a run ({arena.deals} deals), lineup "
        f"{','.join(lineup)}, median of {args.rounds} rounds, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}"
    )
    print(f"Ray's local start (not timed below): {ray_start:.1f} s")
    for k, rate in rates.items():
        name = "serial (no Ray)" if k == 0 else f"{k} worker{'s' if k > 1 else ''}"
        line = f"  {name:16} {rate:8.1f} hands/s"
        if k > 1:
            line += f"   scaling efficiency {rates[k] / (k * rates[1]):.0%}"
        elif k == 1:
            line += f"   ({rate / rates[0]:.0%} of serial)"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
