"""Benchmark Sichuan 血战到底 (xuèzhàn dàodǐ) random hands: the library against dcmshi's engine.

Three engines take turns in one run, each playing the same seeded hands with the same uniformly
random legal policy: the library's Sichuan (``get_variant("sichuan")``), dcmshi/sichuan-mahjong's
engine under Node (when ``node`` and its build are there) and, for reference, the library's
Baoshan (``get_variant("baoshan")``, default options)::

    python benchmarks/bench_sichuan.py                        # 200 hands, 5 rounds
    python benchmarks/bench_sichuan.py --hands 200 --rounds 7
    python benchmarks/bench_sichuan.py --no-dcmshi --json     # the library only, as JSON

dcmshi runs in one long-lived ``node benchmarks/dcmshi_worker.mjs DIR`` (``--dcmshi DIR``, default
``/work/shared/sichuan/dcmshi``) that times its own passes; the library plays in this process.
Neither Node's start nor the JSON is timed. Each round asks every engine in turn for the same
hands, the first engine rotating with the round; the figures are medians over the rounds.

The same game: with dcmshi there, hand k of both engines is dealt the same tiles — dcmshi shuffles
from the seed string ``str(seed + k)`` and the worker hands the library that wall, reordered for
the library's explicit wall with dealer 0 (SICHUAN.md, "One wall for both engines"), and, with
换三张, dcmshi's swap direction (SC-SWAP-2); both engines at the defaults of SICHUAN.md (= dcmshi's
``DEFAULT_CONFIG``), plus one room with 换三张 on. Without dcmshi the library deals from
``new_hand(seed=seed + k)``.

The policy and a decision, on both engines: for hand k a generator seeded with ``seed + k`` picks
one seat uniformly among the seats asked (the library's ``to_act``), then one action uniformly
among that seat's legal actions (``legal_actions``; dcmshi's as the worker lists them: one per
distinct move, 换三张 and 定缺 enumerated as the library does). A decision is one such chosen action
applied: every 换三张, 定缺, discard, kong, claim, pass and win. Draws are no decisions: the library
draws inside ``apply``, the worker applies dcmshi's ``draw`` steps (timed, not counted). The time
per decision is the whole hand's time (deal, draws, legal actions, policy, apply) over its
decisions; the ratio dcmshi / library of each round's µs per decision is above 1 when the library
is faster. This is a benchmark, not a test: nothing here asserts a timing.
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
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import mahjong_rules
from json_lines import JsonLinesProcess
from mahjong_rules import Rules, get_variant
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.tiles import Tile

HERE = Path(__file__).resolve().parent
WORKER = HERE / "dcmshi_worker.mjs"
DEFAULT_DCMSHI = Path(os.environ.get("DCMSHI_DIR", "/work/shared/sichuan/dcmshi"))
DEFAULT_HANDS = 200
DEFAULT_ROUNDS = 5
DEFAULT_SEED = 20240601
WARM_UP_HANDS = 100
"""Untimed hands per engine and room before the first round (tables, caches, Node's JIT: V8
runs dcmshi's first hundred hands at about twice the µs per decision of its later ones)."""
MAX_STEPS = 5000
"""A hand that has not ended after this many decisions is a bug (an engine's)."""

ROOMS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "defaults": ({}, {}),
    "换三张": ({"swap_three": True}, {"enableHuanSanZhang": True}),
}
"""Room name: (the library's Sichuan options, dcmshi's ``GameConfig`` overrides)."""

TARGET = 1.5
"""The median ratio dcmshi / library per decision aimed for in every room (issue 29)."""
AIM = 2.0
"""The ratio beyond the target that the work aims for."""

Deal = tuple[tuple[Tile, ...], str]
"""One hand's explicit wall for the library (dealer 0) and dcmshi's swap direction."""
Pass = Callable[[int, int], dict[str, Any]]
"""Play ``hands`` hands from ``seed``: a pass's figures (hands, decisions, seconds, ...)."""


def play_library(
    rules: Rules, hands: int, seed: int, deals: Sequence[Deal] = (), by_direction: Any = None
) -> dict[str, Any]:
    """Play ``hands`` hands with the random legal policy; with ``deals``, hand k from deal k
    (the wall, with the rules of its swap direction from ``by_direction``), else from
    ``new_hand(seed=seed + k)``."""
    decisions = wins = 0
    digest: list[object] = []
    started = time.perf_counter()
    for k in range(hands):
        rng = random.Random(seed + k)
        if deals:
            wall, direction = deals[k]
            room = by_direction[direction] if by_direction else rules
            state = room.new_hand(wall=wall, dealer=0)
        else:
            room = rules
            state = room.new_hand(seed=seed + k)
        for _ in range(MAX_STEPS):
            if room.result(state) is not None:
                break
            seats = sorted(room.to_act(state))  # pick as the worker does: floor(rnd() * n)
            seat = seats[int(rng.random() * len(seats))]
            legal = room.legal_actions(state, seat)
            state = room.apply(state, legal[int(rng.random() * len(legal))])
            decisions += 1
        result = room.result(state)
        if result is None:
            raise RuntimeError(f"hand {seed + k} did not end in {MAX_STEPS} decisions")
        wins += len(result.wins)
        digest.append(tuple(result.deltas))
    seconds = time.perf_counter() - started
    fingerprint = hashlib.sha256(repr(digest).encode()).hexdigest()[:16]
    return {
        "hands": hands,
        "decisions": decisions,
        "wins": wins,
        "seconds": seconds,
        "digest": fingerprint,
    }


class Worker(JsonLinesProcess):
    """The long-lived Node process that plays dcmshi's engine (``dcmshi_worker.mjs``)."""

    def __init__(self, node: str, engine_dir: Path) -> None:
        argv = [node, str(WORKER), str(engine_dir)]
        super().__init__("dcmshi", argv, encoding="utf-8")
        self.node = str(self.hello.get("node", "?"))

    def ask(self, cmd: str, hands: int, seed: int, config: dict[str, Any]) -> dict[str, Any]:
        """One request; its answer, or RuntimeError with the worker's error."""
        answer = self.request({"cmd": cmd, "hands": hands, "seed": seed, "config": config})
        if "error" in answer:
            raise RuntimeError(f"dcmshi worker: {answer['error']}")
        return answer


def start_worker(engine_dir: Path) -> tuple[Worker | None, str]:
    """The dcmshi worker, or ``None`` and why not."""
    node = shutil.which("node")
    if node is None:
        return None, "node is not on PATH"
    if not (engine_dir / "engine" / "index.js").is_file():
        return None, f"no dcmshi build at {engine_dir} (engine/index.js)"
    try:
        return Worker(node, engine_dir), ""
    except (OSError, RuntimeError, ValueError) as exc:
        return None, f"the dcmshi worker did not start: {exc}"


def sichuan_rooms(options: dict[str, Any]) -> tuple[Rules, dict[str, Rules]]:
    """The library's Sichuan room, and with 换三张 one room per fixed swap direction (an explicit
    wall comes with an explicit direction, SC-SWAP-2)."""
    rules = get_variant("sichuan", **options)
    if not options.get("swap_three"):
        return rules, {}
    return rules, {
        d: get_variant("sichuan", **options, swap_direction=d) for d in ("to_next", "to_previous")
    }


class LibrarySichuan:
    """The library's Sichuan in one room; with the worker, on dcmshi's deals (fetched once per
    pass asked for, before the pass and outside its time)."""

    def __init__(self, options: dict[str, Any], config: dict[str, Any], worker: Worker | None):
        self.rules, self.by_direction = sichuan_rooms(options)
        self.config, self.worker = config, worker
        self.deals: dict[tuple[int, int], list[Deal]] = {}

    def __call__(self, hands: int, seed: int) -> dict[str, Any]:
        if self.worker is None:
            return play_library(self.rules, hands, seed)
        if (hands, seed) not in self.deals:
            answer = self.worker.ask("deal", hands, seed, self.config)
            self.deals[hands, seed] = [
                (tuple(Tile(t) for t in d["wall"]), str(d["direction"])) for d in answer["deals"]
            ]
        return play_library(self.rules, hands, seed, self.deals[hands, seed], self.by_direction)


class Figure:
    """One engine in one room: its passes, round by round, or why it did not run."""

    def __init__(self, engine: str, room: str, run: Pass | None, error: str | None = None):
        self.engine, self.room, self.run, self.error = engine, room, run, error
        self.passes: list[dict[str, Any]] = []

    def us_per_decision(self) -> list[float]:
        return [p["seconds"] / p["decisions"] * 1e6 for p in self.passes]

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"engine": self.engine, "room": self.room}
        if self.error is not None or not self.passes:
            return {**out, "error": self.error or "not run"}
        first = self.passes[0]
        seconds = statistics.median(p["seconds"] for p in self.passes)
        return {
            **out,
            "hands": first["hands"],
            "decisions": first["decisions"],
            "decisions_per_hand": round(first["decisions"] / first["hands"], 1),
            "wins_per_hand": round(first["wins"] / first["hands"], 2),
            "hands_per_s": round(first["hands"] / seconds, 1),
            "us_per_decision": round(statistics.median(self.us_per_decision()), 2),
            "same_play_every_round": len({p["digest"] for p in self.passes}) == 1,
        }


def ratios(dcmshi: Figure, library: Figure) -> list[float]:
    """dcmshi's µs per decision over the library's, round by round (above 1: library faster)."""
    return [d / w for d, w in zip(dcmshi.us_per_decision(), library.us_per_decision(), strict=True)]


def build(worker: Worker | None, why: str) -> list[Figure]:
    """The figures to run: per room the library's Sichuan and dcmshi, then Baoshan once."""
    figures: list[Figure] = []
    for room, (options, config) in ROOMS.items():
        name = f"sichuan {room}"
        try:
            figures.append(Figure("library", name, LibrarySichuan(options, config, worker)))
        except MahjongRulesError as exc:
            figures.append(Figure("library", name, None, f"no library Sichuan: {exc}"))
        if worker is None:
            figures.append(Figure("dcmshi", name, None, why))
        else:

            def ask(n: int, s: int, c: dict[str, Any] = config, w: Worker = worker) -> Any:
                return w.ask("play", n, s, c)

            figures.append(Figure("dcmshi", name, ask))
    baoshan = get_variant("baoshan")
    figures.append(Figure("library", "baoshan 4p", lambda n, s: play_library(baoshan, n, s)))
    return figures


def run_rounds(
    figures: list[Figure], hands: int, rounds: int, seed: int, warm_up: int = WARM_UP_HANDS
) -> None:
    """A warm-up pass each (``warm_up`` hands from ``seed + 10**6``), then ``rounds`` rounds, the
    first engine rotating with the round."""
    live = [f for f in figures if f.run is not None and f.error is None]
    for figure in live:
        assert figure.run is not None
        try:
            if warm_up:
                figure.run(warm_up, seed + 10**6)
        except Exception as exc:  # shown in its row: the other engines still run
            figure.error = f"{type(exc).__name__}: {exc}"
    live = [f for f in live if f.error is None]
    for n in range(rounds):
        shift = n % len(live) if live else 0
        for figure in live[shift:] + live[:shift]:
            assert figure.run is not None
            figure.passes.append(figure.run(hands, seed))


def print_table(figures: Sequence[Figure]) -> None:
    header = (
        f"{'engine':<14} {'room':<16} {'hands/s':>9} {'decisions/hand':>14} "
        f"{'µs/decision':>11} {'wins/hand':>9}"
    )
    print(header)
    print("-" * len(header))
    for f in figures:
        row = f.as_dict()
        room = f.room + " " * (16 - len(f.room) - sum(ord(c) > 0x2E80 for c in f.room))
        if "error" in row:
            print(f"{f.engine:<14} {room} not run: {row['error']}")
            continue
        print(
            f"{f.engine:<14} {room} {row['hands_per_s']:>9.1f} {row['decisions_per_hand']:>14.1f}"
            f" {row['us_per_decision']:>11.2f} {row['wins_per_hand']:>9.2f}"
        )
    print()
    for line in ratio_lines(figures):
        print(line)


def room_ratios(figures: Sequence[Figure]) -> dict[str, list[float]]:
    """Per room run on both engines: dcmshi / library µs per decision, round by round."""
    out = {}
    for room in ROOMS:
        pair = [f for f in figures if f.room == f"sichuan {room}" and f.passes]
        if len(pair) == 2:
            out[room] = ratios(pair[1], pair[0])
    return out


def ratio_lines(figures: Sequence[Figure]) -> list[str]:
    """One line per room run on both engines: the median ratio per decision and its range."""
    lines = []
    for room, r in room_ratios(figures).items():
        verdict = "met" if statistics.median(r) >= TARGET else "NOT met"
        lines.append(
            f"dcmshi / library per decision, sichuan {room}: {statistics.median(r):.2f}x "
            f"(range {min(r):.2f}-{max(r):.2f}x over {len(r)} rounds; target >= {TARGET}x "
            f"{verdict}, aim {AIM}x)"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS, help="hands per pass")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="timed rounds")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="first hand's seed")
    parser.add_argument(
        "--warm-up", type=int, default=WARM_UP_HANDS, help="untimed hands per engine and room"
    )
    parser.add_argument("--dcmshi", type=Path, default=DEFAULT_DCMSHI, help="dcmshi's build")
    parser.add_argument("--no-dcmshi", action="store_true", help="the library's figures only")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.rounds < 1 or args.warm_up < 0:
        parser.error("--hands and --rounds must be at least 1, --warm-up at least 0")
    started = time.perf_counter()
    worker, why = (None, "--no-dcmshi") if args.no_dcmshi else start_worker(args.dcmshi)
    try:
        figures = build(worker, why)
        run_rounds(figures, args.hands, args.rounds, args.seed, args.warm_up)
    finally:
        if worker is not None:
            worker.close()
    meta = {
        "mahjong_rules": mahjong_rules.__version__,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "node": worker.node if worker else None,
        "dcmshi": None if worker else why,
        "seed": args.seed,
        "hands": args.hands,
        "rounds": args.rounds,
        "warm_up": args.warm_up,
        "same_deals": worker is not None,
        "elapsed_s": round(time.perf_counter() - started, 1),
    }
    if args.json:
        rows = [f.as_dict() for f in figures]
        pairs = {
            room: {
                k: round(f(r), 3)
                for k, f in (("median", statistics.median), ("min", min), ("max", max))
            }
            for room, r in room_ratios(figures).items()
        }
        doc = {"meta": meta, "rows": rows, "dcmshi_over_library_per_decision": pairs}
        json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    print(
        f"library: mahjong_rules {meta['mahjong_rules']}; Python {meta['python']} "
        f"({meta['implementation']}); "
        f"Node {meta['node'] or '-'}; seed {args.seed}, {args.hands} hands a pass, "
        f"{args.rounds} rounds (medians), engines rotating, random legal policy"
    )
    if worker is None:
        print(f"dcmshi not run: {why}; the library's figures only")
    else:
        print("the library's Sichuan and dcmshi play the same deals (dcmshi's walls)")
    print()
    print_table(figures)
    print(f"({meta['elapsed_s']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
