"""Benchmark whole hands of play: how fast the engine runs Baoshan and Yongshan hands from deal
to settlement.

Each row plays seeded hands to their end with a random legal policy (a seeded
:class:`random.Random` picks a seat among ``rules.to_act(state)``, then one of its
``rules.legal_actions``) and reports hands per second and the median (and 90th percentile) time
of one ``legal_actions`` call and of one ``apply`` call, each timed with
:func:`time.perf_counter_ns`::

    python benchmarks/bench_play.py              # 2, 3, 4 players + one row with more options
    python benchmarks/bench_play.py --hands 100  # fewer hands per row: a quick run
    python benchmarks/bench_play.py --json       # the same figures as JSON
    python benchmarks/bench_play.py --rounds 1   # one round per row instead of the best of 3

Each row is the fastest of ``--rounds`` rounds of the same seeded hands (as :mod:`timeit`
advises: the slower rounds measure the machine's other load, not the engine).

``legal_actions`` is timed on its first call for a state (later calls hit the state's cache);
hands per second count everything a server would run: ``new_hand``, ``to_act``,
``legal_actions``, ``apply`` and ``result``, plus the random policy's choice and the timing
calls themselves. The targets are shown beside the figures: at least 500 complete 4-player
Baoshan hands per second with the default options; at least 250 complete 4-player Yongshan
hands per second (单听用 and 双听用), and 罚分 (:meth:`Yongshan.penalties`) at wall exhaustion
within 5 ms per hand (timed on each hand that ends in 流局, from cold caches, the best of three
calls with the garbage collector paused, as :mod:`timeit` does).

This is a benchmark, not a test: nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

import mahjong_rules
from mahjong_rules import Rules, get_variant
from mahjong_rules.engine.state import replace

TARGET_PENALTY_MS = 5.0
"""Most milliseconds 罚分 may take at a Yongshan 流局."""
DEFAULT_HANDS = 300
"""Hands per row by default: about ten seconds in all on the development machine."""
MAX_STEPS = 5000
"""A hand that has not ended after this many actions is a bug (the engine's, not ours)."""


@attrs.frozen
class Setup:
    """One row: a room, by its options."""

    name: str
    options: Mapping[str, Any]
    note: str
    variant: str = "baoshan"
    target: float | None = None
    """Complete hands per second aimed for (``None``: no target for this row)."""


SETUPS = (
    Setup("baoshan 2p", {"players": 2}, "default options"),
    Setup("baoshan 3p", {"players": 3}, "default options"),
    Setup("baoshan 4p", {"players": 4}, "default options", target=500.0),
    Setup(
        "baoshan 4p+",
        {"players": 4, "honors": True, "bao_ting": True, "buy_points": "live"},
        "honors, bao_ting, buy_points=live (bought in the BUYING phase)",
    ),
    Setup("yongshan 2p", {"players": 2}, "单听用", "yongshan"),
    Setup("yongshan 3p", {"players": 3}, "单听用", "yongshan"),
    Setup("yongshan 4p", {"players": 4}, "单听用 (default options)", "yongshan", 250.0),
    Setup(
        "yongshan 4p2",
        {"players": 4, "wildcards": "double"},
        "双听用 (two wildcard kinds)",
        "yongshan",
        250.0,
    ),
)


@attrs.define
class Row:
    name: str
    note: str
    hands: int
    seconds: float
    steps: int
    legal_ns: list[int]
    apply_ns: list[int]
    new_hand_ns: list[int]
    wins: int
    exhausted: int
    penalty_ns: list[int] = attrs.field(factory=list)
    target: float | None = None

    @property
    def hands_per_s(self) -> float:
        return self.hands / self.seconds if self.seconds else float("inf")

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "note": self.note,
            "hands": self.hands,
            "seconds": round(self.seconds, 3),
            "hands_per_s": round(self.hands_per_s, 1),
            "actions_per_hand": round(self.steps / self.hands, 1),
            "legal_actions_median_us": round(median_us(self.legal_ns), 2),
            "legal_actions_p90_us": round(p90_us(self.legal_ns), 2),
            "apply_median_us": round(median_us(self.apply_ns), 2),
            "apply_p90_us": round(p90_us(self.apply_ns), 2),
            "new_hand_median_us": round(median_us(self.new_hand_ns), 2),
            "ms_per_hand": round(1000 / self.hands_per_s, 3),
            "ms_per_hand_in_new_hand": round(per_hand_ms(self.new_hand_ns, self.hands), 3),
            "ms_per_hand_in_legal_actions": round(per_hand_ms(self.legal_ns, self.hands), 3),
            "ms_per_hand_in_apply": round(per_hand_ms(self.apply_ns, self.hands), 3),
            "hands_won": self.wins,
            "hands_drawn": self.exhausted,
            "target_hands_per_s": self.target,
            "penalty_median_ms": round(median_us(self.penalty_ns) / 1000, 3),
            "penalty_max_ms": round(max(self.penalty_ns, default=0) / 1e6, 3),
        }


def median_us(samples: Sequence[int]) -> float:
    return statistics.median(samples) / 1000 if samples else 0.0


def per_hand_ms(samples: Sequence[int], hands: int) -> float:
    return sum(samples) / hands / 1e6


def p90_us(samples: Sequence[int]) -> float:
    if len(samples) < 2:
        return median_us(samples)
    return statistics.quantiles(samples, n=10)[-1] / 1000


def play_hands(rules: Rules, setup: Setup, hands: int, seed: int) -> Row:
    """Play ``hands`` seeded hands with a random legal policy; time every call."""
    clock = time.perf_counter_ns
    legal_ns: list[int] = []
    apply_ns: list[int] = []
    new_hand_ns: list[int] = []
    penalty_ns: list[int] = []
    steps = wins = exhausted = 0
    started = time.perf_counter()
    for k in range(hands):
        rng = random.Random(seed + k)
        t0 = clock()
        state = rules.new_hand(seed=seed + k)
        new_hand_ns.append(clock() - t0)
        for _ in range(MAX_STEPS):
            if rules.result(state) is not None:
                break
            seat = rng.choice(sorted(rules.to_act(state)))
            t0 = clock()
            actions = rules.legal_actions(state, seat)
            t1 = clock()
            action = rng.choice(actions)
            t2 = clock()
            state = rules.apply(state, action)
            t3 = clock()
            legal_ns.append(t1 - t0)
            apply_ns.append(t3 - t2)
            steps += 1
        result = rules.result(state)
        if result is None:
            raise RuntimeError(f"{setup.name}: hand {seed + k} did not end in {MAX_STEPS} actions")
        wins += bool(result.wins)
        exhausted += result.exhausted
        penalties = getattr(rules, "penalties", None)
        if result.exhausted and penalties is not None:
            times = []
            for _ in range(3):  # the best of three, as timeit.repeat advises: the machine's
                # hiccups are not 罚分's; each from a copy with no cached waits
                cold = replace(state, seats=tuple(replace(s) for s in state.seats))
                gc.disable()  # as timeit does: a collection falling here is not 罚分's either
                t0 = clock()
                penalties(cold)
                times.append(clock() - t0)
                gc.enable()
            penalty_ns.append(min(times))
    seconds = time.perf_counter() - started
    return Row(
        setup.name,
        setup.note,
        hands,
        seconds,
        steps,
        legal_ns,
        apply_ns,
        new_hand_ns,
        wins,
        exhausted,
        penalty_ns,
        setup.target,
    )


def run(hands: int, seed: int, rounds: int = 1) -> list[Row]:
    """One row per setup: the fastest of ``rounds`` rounds of the same seeded hands."""
    rows = []
    for setup in SETUPS:
        rules = get_variant(setup.variant, **setup.options)
        play_hands(rules, setup, max(1, hands // 20), seed + 10**6)  # warm-up (tables, caches)
        played = [play_hands(rules, setup, hands, seed) for _ in range(rounds)]
        rows.append(min(played, key=lambda row: row.seconds))
    return rows


def print_table(rows: Sequence[Row]) -> None:
    header = (
        f"{'room':<13} {'hands':>6} {'hands/s':>9} {'actions/hand':>12} "
        f"{'legal_actions µs':>17} {'apply µs':>17}  {'won/drawn':>9}"
    )
    print(header)
    print(f"{'':<13} {'':>6} {'':>9} {'':>12} {'median (p90)':>17} {'median (p90)':>17}")
    print("-" * len(header))
    for r in rows:
        legal = f"{median_us(r.legal_ns):.1f} ({p90_us(r.legal_ns):.1f})"
        apply = f"{median_us(r.apply_ns):.1f} ({p90_us(r.apply_ns):.1f})"
        print(
            f"{r.name:<13} {r.hands:>6} {r.hands_per_s:>9.1f} {r.steps / r.hands:>12.1f} "
            f"{legal:>17} {apply:>17}  {f'{r.wins}/{r.exhausted}':>9}"
        )
    print()
    for r in rows:
        print(f"  {r.name}: {r.note}")
    print()
    print("where a hand's time goes (ms per hand; other: to_act, result, the policy, timing):")
    for r in rows:
        total = 1000 / r.hands_per_s
        parts = [per_hand_ms(ns, r.hands) for ns in (r.new_hand_ns, r.legal_ns, r.apply_ns)]
        print(
            f"  {r.name:<13} {total:6.2f} = new_hand {parts[0]:.2f} + legal_actions "
            f"{parts[1]:.2f} + apply {parts[2]:.2f} + other {total - sum(parts):.2f}"
        )
    print()
    for r in rows:
        if r.target is not None:
            verdict = "met" if r.hands_per_s >= r.target else "NOT met"
            print(
                f"target {r.name}: >= {r.target:.0f} complete hands/s: "
                f"{r.hands_per_s:.1f} hands/s, {verdict}"
            )
    for r in rows:
        if r.penalty_ns:
            worst = max(r.penalty_ns) / 1e6
            verdict = "met" if worst <= TARGET_PENALTY_MS else "NOT met"
            print(
                f"target {r.name}: 罚分 at 流局 <= {TARGET_PENALTY_MS:.0f} ms: median "
                f"{median_us(r.penalty_ns) / 1000:.2f} ms, worst {worst:.2f} ms over "
                f"{len(r.penalty_ns)} hands, {verdict}"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--hands",
        type=int,
        default=DEFAULT_HANDS,
        help="hands per row and round (default %(default)s: about ten seconds a round in all)",
    )
    parser.add_argument(
        "--seed", type=int, default=20240601, help="first hand's seed (default %(default)s)"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="play each row's hands this many times and keep the fastest round, as timeit "
        "advises (default %(default)s: the shared machine's speed swings between runs)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the figures as JSON instead of a table"
    )
    args = parser.parse_args(argv)
    if args.hands < 1 or args.rounds < 1:
        parser.error("--hands and --rounds must be at least 1")
    started = time.perf_counter()
    rows = run(args.hands, args.seed, args.rounds)
    elapsed = time.perf_counter() - started
    meta = {
        "mahjong_rules": mahjong_rules.__version__,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "seed": args.seed,
        "hands_per_row": args.hands,
        "rounds": args.rounds,
        "policy": "seeded random.Random: a random seat of to_act, a random legal action",
        "elapsed_s": round(elapsed, 1),
    }
    if args.json:
        targets = [
            {
                "row": r.name,
                "hands_per_s": r.target,
                "measured": round(r.hands_per_s, 1),
                "met": r.hands_per_s >= r.target,
            }
            for r in rows
            if r.target is not None
        ]
        doc = {"meta": meta, "rows": [r.as_dict() for r in rows], "targets": targets}
        json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    print(
        f"mahjong_rules {meta['mahjong_rules']}; Python {meta['python']} "
        f"({meta['implementation']}, {meta['machine']}); seed {args.seed}, "
        f"{args.hands} hands per row, best of {args.rounds} rounds, random legal policy"
    )
    print()
    print_table(rows)
    print(f"({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
