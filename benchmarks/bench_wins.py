"""Benchmark mahjong_rules' win detector against the PyPI ``mahjong`` package.

One run builds a seeded corpus of hands, converts it once to both sides' inputs (prebuilt
:class:`~mahjong_rules.counts.TileCounts` for us, ``tiles_34`` lists for the peer) and prints,
for each metric and corpus category, hands per second on both sides, their ratio, and whether
the ratio meets its target::

    python benchmarks/bench_wins.py            # full run (a few minutes)
    python benchmarks/bench_wins.py --quick    # smoke run (about half a minute)
    python benchmarks/bench_wins.py --json     # the same figures as JSON

Each rate is ``hands / median(round time)`` over at least five rounds timed with
:func:`time.perf_counter`; a round loops over the category's hands enough times to last at least
``--min-round`` seconds, and the two sides' rounds alternate so that both meet the same load.
The brute-force wildcard peer (every assignment of the wildcards to tile kinds, checked with our
own wildcard-free ``is_win``) is too slow for that from three wildcards up: it runs once over a
small sample within a time budget, and if the budget cuts it short the hand in progress is
counted as finished, so its rate is an upper bound and the ratio (shown with ``>=``) a lower
bound.

This is a benchmark, not a test: nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from typing import Any

from mahjong.agari import Agari
from mahjong.shanten import Shanten

import mahjong_rules
from mahjong_rules import TileCounts, is_win, shanten, winning_tiles

try:
    from importlib.metadata import version as _dist_version

    PEER_VERSION = _dist_version("mahjong")
except Exception:  # pragma: no cover - only the label suffers
    PEER_VERSION = "?"

Tiles34 = list[int]
Bench = Callable[[], object]

KINDS = 34
COPIES = 4
WALL = tuple(kind for kind in range(KINDS) for _ in range(COPIES))  # 136 tiles, with honors
MAX_WILDS = 8
BRUTE_SLOW_FROM = 3  # from this many wildcards the brute force runs on a small sample, once

TARGET_IS_WIN = 10.0
TARGET_WAITS = 50.0
TARGET_WILDS_VS_AGARI = 3.0
TARGET_WILDS_VS_BRUTE = 1000.0
TARGET_SHANTEN = 20.0


# --------------------------------------------------------------------------------------------
# Corpus


def random_draw(rnd: random.Random, size: int) -> Tiles34:
    """``size`` tiles drawn from a shuffled 136-tile wall, as 34 counts."""
    counts = [0] * KINDS
    for kind in rnd.sample(WALL, size):
        counts[kind] += 1
    return counts


def complete_hand(rnd: random.Random) -> Tiles34:
    """A random standard-form complete hand of 14 tiles: four chows or pungs and a pair."""
    while True:
        counts = [0] * KINDS
        for _ in range(4):
            if rnd.random() < 0.6:  # chow
                suit = rnd.randrange(3)
                start = suit * 9 + rnd.randrange(7)
                for kind in (start, start + 1, start + 2):
                    counts[kind] += 1
            else:
                counts[rnd.randrange(KINDS)] += 3
        counts[rnd.randrange(KINDS)] += 2
        if max(counts) <= COPIES:
            return counts


def seven_pairs_hand(rnd: random.Random) -> Tiles34:
    """Seven distinct pairs (distinct, so that both sides call it complete)."""
    counts = [0] * KINDS
    for kind in rnd.sample(range(KINDS), 7):
        counts[kind] = 2
    return counts


def without_one(rnd: random.Random, counts: Tiles34) -> Tiles34:
    """A copy with one random tile taken out (a complete hand becomes a ready one)."""
    out = list(counts)
    tiles = [kind for kind in range(KINDS) for _ in range(out[kind])]
    out[rnd.choice(tiles)] -= 1
    return out


def with_wilds(rnd: random.Random, counts: Tiles34, k: int) -> Tiles34:
    """A copy with ``k`` random tiles taken out: they become the ``k`` wildcards."""
    out = list(counts)
    tiles = [kind for kind in range(KINDS) for _ in range(out[kind])]
    for kind in rnd.sample(tiles, k):
        out[kind] -= 1
    return out


class Corpus:
    """The seeded hands of one run, by category, as ``tiles_34`` lists."""

    def __init__(self, seed: int, size: int, brute_sample: int) -> None:
        rnd = random.Random(seed)
        self.seed = seed
        self.random14 = [random_draw(rnd, 14) for _ in range(size)]
        self.random13 = [random_draw(rnd, 13) for _ in range(size)]
        self.complete = [complete_hand(rnd) for _ in range(size)]
        self.seven_pairs = [seven_pairs_hand(rnd) for _ in range(size)]
        self.ready = [without_one(rnd, h) for h in self.complete]
        self.ready_pairs = [without_one(rnd, h) for h in self.seven_pairs]
        # Wildcards: for each k, the natural tiles left after k tiles became wildcards.
        self.wild_complete = {k: [with_wilds(rnd, h, k) for h in self.complete] for k in _ks()}
        self.wild_random = {k: [with_wilds(rnd, h, k) for h in self.random14] for k in _ks()}
        self.brute_sample = brute_sample


def _ks() -> range:
    return range(1, MAX_WILDS + 1)


def to_counts(hands: Sequence[Tiles34]) -> list[TileCounts]:
    """Our side's input, built once outside the timing."""
    return [TileCounts.from_counts(h) for h in hands]


# --------------------------------------------------------------------------------------------
# Timing


def _calibrate(bench: Bench, min_round: float) -> int:
    """How many passes of ``bench`` make a round of at least ``min_round`` seconds."""
    repeat = 1
    while True:  # as timeit.autorange does
        start = time.perf_counter()
        for _ in range(repeat):
            bench()
        if time.perf_counter() - start >= min_round:
            return repeat
        repeat *= 2


def _round(bench: Bench, repeat: int) -> float:
    """Seconds per pass, over one round of ``repeat`` passes."""
    start = time.perf_counter()
    for _ in range(repeat):
        bench()
    return (time.perf_counter() - start) / repeat


def hands_per_second(
    benches: Sequence[tuple[Bench, int]], rounds: int, min_round: float
) -> list[float]:
    """For each (one pass of a bench, hands per pass): hands / median seconds per pass.

    The benches' rounds are interleaved (round 1 of each, then round 2 of each, ...), so that
    a change in the machine's load during the run falls on every side alike.
    """
    repeats = [_calibrate(bench, min_round) for bench, _ in benches]
    times: list[list[float]] = [[] for _ in benches]
    for _ in range(rounds):
        for (bench, _hands), repeat, spent in zip(benches, repeats, times, strict=True):
            spent.append(_round(bench, repeat))
    return [
        hands / statistics.median(spent) for (_, hands), spent in zip(benches, times, strict=True)
    ]


def ours_is_win(hands: Sequence[TileCounts], wilds: int = 0) -> Bench:
    def run() -> int:
        n = 0
        for counts in hands:
            if is_win(counts, wilds):
                n += 1
        return n

    return run


def peer_is_agari(hands: Sequence[Tiles34]) -> Bench:
    is_agari = Agari.is_agari

    def run() -> int:
        n = 0
        for tiles in hands:
            if is_agari(tiles):
                n += 1
        return n

    return run


def ours_waits(hands: Sequence[TileCounts]) -> Bench:
    def run() -> int:
        n = 0
        for counts in hands:
            n += len(winning_tiles(counts))
        return n

    return run


def peer_waits_of(tiles: Tiles34) -> list[int]:
    """The peer's way to find waits: try each of the 34 kinds the hand holds fewer than 4 of."""
    is_agari = Agari.is_agari
    waits = []
    for kind in range(KINDS):
        if tiles[kind] < COPIES:
            tiles[kind] += 1
            if is_agari(tiles):
                waits.append(kind)
            tiles[kind] -= 1
    return waits


def peer_waits(hands: Sequence[Tiles34]) -> Bench:
    def run() -> int:
        n = 0
        for tiles in hands:
            n += len(peer_waits_of(tiles))
        return n

    return run


def ours_shanten(hands: Sequence[TileCounts]) -> Bench:
    def run() -> int:
        n = 0
        for counts in hands:
            n += shanten(counts)
        return n

    return run


def peer_shanten(hands: Sequence[Tiles34]) -> Bench:
    calculate = Shanten.calculate_shanten

    def run() -> int:
        n = 0
        for tiles in hands:
            n += calculate(tiles, use_kokushi=False)
        return n

    return run


_SHIFTS = tuple(3 * kind for kind in range(KINDS))


def brute_force_is_win(naturals: TileCounts, k: int, deadline: float = float("inf")) -> bool | None:
    """Wildcards by substitution: try every multiset of ``k`` kinds with our wildcard-free check.

    Assignments that would make a fifth copy of a kind are skipped (the detector never lets a
    wildcard stand for one). Stops at the first assignment that completes the hand; gives up
    (``None``) once ``deadline`` (a :func:`time.perf_counter` value) has passed.
    """
    base = naturals.bits
    size = naturals.size + k
    for n, combo in enumerate(combinations_with_replacement(range(KINDS), k)):
        if n & 0xFFF == 0 and time.perf_counter() > deadline:
            return None
        bits = base
        for kind in combo:
            bits += 1 << _SHIFTS[kind]
        if any((bits >> _SHIFTS[kind]) & 7 > COPIES for kind in combo):
            continue
        if is_win(TileCounts._make(bits, size)):
            return True
    return False


def brute_force(hands: Sequence[TileCounts], k: int) -> Bench:
    def run() -> int:
        return sum(bool(brute_force_is_win(counts, k)) for counts in hands)

    return run


def brute_force_rate(hands: Sequence[TileCounts], k: int, budget: float) -> tuple[float, bool]:
    """One timed pass of the brute force over ``hands``, cut short after ``budget`` seconds.

    Returns (hands per second, cut). When cut, the hand in progress counts as finished, which
    overstates the brute force's rate (so our ratio against it is a lower bound).
    """
    start = time.perf_counter()
    deadline = start + budget
    done = 0
    cut = False
    for counts in hands:
        result = brute_force_is_win(counts, k, deadline)
        done += 1
        if result is None:
            cut = True
            break
    return done / (time.perf_counter() - start), cut


# --------------------------------------------------------------------------------------------
# Report


class Row:
    def __init__(
        self,
        metric: str,
        category: str,
        hands: int,
        ours: float,
        peer: float,
        peer_name: str,
        target: float | None,
        lower_bound: bool = False,
    ) -> None:
        self.metric = metric
        self.category = category
        self.hands = hands
        self.ours = ours
        self.peer = peer
        self.peer_name = peer_name
        self.target = target
        self.lower_bound = lower_bound

    @property
    def ratio(self) -> float:
        return self.ours / self.peer

    @property
    def met(self) -> bool | None:
        return None if self.target is None else self.ratio >= self.target

    def as_dict(self) -> dict[str, Any]:
        return {
            "metric": self.metric,
            "category": self.category,
            "hands": self.hands,
            "ours_hands_per_s": round(self.ours, 1),
            "peer": self.peer_name,
            "peer_hands_per_s": round(self.peer, 3),
            "ratio": round(self.ratio, 2),
            "ratio_is_lower_bound": self.lower_bound,
            "target": self.target,
            "met": self.met,
        }


def print_table(rows: Sequence[Row], notes: Sequence[str]) -> None:
    header = (
        "metric",
        "category",
        "hands",
        "ours (hands/s)",
        "peer (hands/s)",
        "ratio",
        "target",
        "met",
    )
    lines = [header]
    for row in rows:
        ratio = f"{row.ratio:,.1f}x"
        if row.lower_bound:
            ratio = ">=" + ratio
        target = "-" if row.target is None else f">={row.target:g}x"
        met = "-" if row.met is None else ("yes" if row.met else "no")
        lines.append(
            (
                row.metric,
                row.category,
                str(row.hands),
                f"{row.ours:,.0f}",
                f"{row.peer:,.1f}" if row.peer < 100 else f"{row.peer:,.0f}",
                ratio,
                target,
                met,
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    right = {2, 3, 4, 5}
    for n, line in enumerate(lines):
        cells = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(line, widths, strict=True))
        ]
        print("  ".join(cells).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))
    for note in notes:
        print(note)


# --------------------------------------------------------------------------------------------
# The run


class Runner:
    def __init__(self, rounds: int, min_round: float) -> None:
        self.rounds = rounds
        self.min_round = min_round
        self.rows: list[Row] = []

    def rate(self, bench: Bench, hands: int) -> float:
        return hands_per_second([(bench, hands)], self.rounds, self.min_round)[0]

    def pair(
        self,
        metric: str,
        category: str,
        ours: tuple[Bench, int],
        peer: tuple[Bench, int],
        peer_name: str,
        target: float | None,
    ) -> Row:
        ours_rate, peer_rate = hands_per_second([ours, peer], self.rounds, self.min_round)
        row = Row(metric, category, ours[1], ours_rate, peer_rate, peer_name, target)
        self.rows.append(row)
        return row


def run_is_win(r: Runner, corpus: Corpus, notes: list[str]) -> None:
    """is_win, no wildcards, 14 tiles vs Agari.is_agari."""
    agari = f"mahjong {PEER_VERSION} Agari.is_agari"
    cats14 = {
        "random14": corpus.random14,
        "complete": corpus.complete,
        "seven_pairs": corpus.seven_pairs,
    }
    cats14["combined"] = [h for hands in cats14.values() for h in hands]
    for name, hands in cats14.items():
        ours = to_counts(hands)
        r.pair(
            "is_win",
            name,
            (ours_is_win(ours), len(ours)),
            (peer_is_agari(hands), len(hands)),
            agari,
            TARGET_IS_WIN,
        )
    combined = cats14["combined"]
    disagree = sum(
        is_win(c) != Agari.is_agari(h) for c, h in zip(to_counts(combined), combined, strict=True)
    )
    notes.append(f"is_win vs is_agari: {len(combined) - disagree}/{len(combined)} hands agree")


def run_waits(r: Runner, corpus: Corpus, notes: list[str]) -> None:
    """winning_tiles on 13 tiles vs is_agari on each kind held fewer than 4 times."""
    cats13 = {"random13": corpus.random13, "ready": corpus.ready, "ready_pairs": corpus.ready_pairs}
    cats13["combined"] = [h for hands in cats13.values() for h in hands]
    for name, hands in cats13.items():
        ours = to_counts(hands)
        r.pair(
            "winning_tiles",
            name,
            (ours_waits(ours), len(ours)),
            (peer_waits([list(h) for h in hands]), len(hands)),
            "34 x is_agari",
            TARGET_WAITS,
        )
    combined = cats13["combined"]
    disagree = sum(
        sorted(t.index for t in winning_tiles(c)) != peer_waits_of(list(h))
        for c, h in zip(to_counts(combined), combined, strict=True)
    )
    notes.append(
        f"winning_tiles vs 34 x is_agari: {len(combined) - disagree}/{len(combined)} hands agree"
    )


def run_wilds(r: Runner, corpus: Corpus, brute_budget: float) -> None:
    """is_win with k wildcards vs is_agari on the original hands, and vs brute substitution."""
    rounds, min_round = r.rounds, r.min_round
    for k in _ks():
        wild_cats = {
            "complete": (corpus.wild_complete[k], corpus.complete),
            "random14": (corpus.wild_random[k], corpus.random14),
        }
        all_naturals = [h for naturals, _ in wild_cats.values() for h in naturals]
        all_originals = [h for _, originals in wild_cats.values() for h in originals]
        wild_cats["combined"] = (all_naturals, all_originals)
        for name, (naturals, originals) in wild_cats.items():
            ours = to_counts(naturals)
            r.pair(
                f"is_win {k} wild{'s' if k > 1 else ''}",
                f"{name} vs agari",
                (ours_is_win(ours, k), len(ours)),
                (peer_is_agari(originals), len(originals)),
                "is_agari, no wilds",
                TARGET_WILDS_VS_AGARI,
            )
        # Brute force: both categories for few wildcards; complete hands (always a win, so the
        # search stops) on a small sample from BRUTE_SLOW_FROM up.
        if k < BRUTE_SLOW_FROM:
            sample, label = all_naturals, "combined"
        else:
            sample, label = corpus.wild_complete[k][: corpus.brute_sample], "complete"
        ours = to_counts(sample)
        if k < BRUTE_SLOW_FROM:
            ours_rate, peer_rate = hands_per_second(
                [(ours_is_win(ours, k), len(ours)), (brute_force(ours, k), len(ours))],
                rounds,
                min_round,
            )
            cut = False
        else:
            ours_rate = r.rate(ours_is_win(ours, k), len(ours))
            peer_rate, cut = brute_force_rate(ours, k, brute_budget)
        target = TARGET_WILDS_VS_BRUTE if k >= BRUTE_SLOW_FROM else None
        row = Row(
            f"is_win {k} wild{'s' if k > 1 else ''}",
            f"{label} vs brute",
            len(ours),
            ours_rate,
            peer_rate,
            "substitution + is_win",
            target,
            lower_bound=cut,
        )
        r.rows.append(row)


def run_shanten(r: Runner, corpus: Corpus, notes: list[str]) -> None:
    """shanten vs Shanten.calculate_shanten(use_kokushi=False)."""
    cats_sh = {"random13": corpus.random13, "random14": corpus.random14, "ready": corpus.ready}
    cats_sh["combined"] = [h for hands in cats_sh.values() for h in hands]
    for name, hands in cats_sh.items():
        ours = to_counts(hands)
        r.pair(
            "shanten",
            name,
            (ours_shanten(ours), len(ours)),
            (peer_shanten(hands), len(hands)),
            "Shanten.calculate_shanten",
            TARGET_SHANTEN,
        )
    combined = cats_sh["combined"]
    disagree = sum(
        shanten(c) != Shanten.calculate_shanten(h, use_kokushi=False)
        for c, h in zip(to_counts(combined), combined, strict=True)
    )
    notes.append(
        f"shanten vs calculate_shanten: {len(combined) - disagree}/{len(combined)} hands agree"
    )
    notes.append(
        "(differences are expected where the rules differ: mahjong counts thirteen orphans as a "
        "win and never a four-of-a-kind as two of the seven pairs; mahjong_rules does the opposite)"
    )


METRICS = ("is_win", "winning_tiles", "wilds", "shanten")
"""The metric groups, in the order they run (``wilds``: ``is_win`` with 1..8 wildcards)."""


def run(
    corpus: Corpus,
    rounds: int,
    min_round: float,
    brute_budget: float,
    metrics: Sequence[str] = METRICS,
) -> tuple[list[Row], list[str]]:
    """Time the chosen metric groups; the rows and the notes on agreement."""
    r = Runner(rounds, min_round)
    notes: list[str] = []
    if "is_win" in metrics:
        run_is_win(r, corpus, notes)
    if "winning_tiles" in metrics:
        run_waits(r, corpus, notes)
    if "wilds" in metrics:
        run_wilds(r, corpus, brute_budget)
    if "shanten" in metrics:
        run_shanten(r, corpus, notes)
    return r.rows, notes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--quick", action="store_true", help="small corpus and short rounds: a smoke run"
    )
    parser.add_argument(
        "--json", action="store_true", help="print the figures as JSON instead of a table"
    )
    parser.add_argument(
        "--seed", type=int, default=20240601, help="corpus seed (default %(default)s)"
    )
    parser.add_argument(
        "--hands", type=int, help="hands per category (default 1000, 100 with --quick)"
    )
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds per figure, at least 5")
    parser.add_argument(
        "--min-round", type=float, help="seconds per round (default 0.2, 0.02 with --quick)"
    )
    parser.add_argument(
        "--brute-budget",
        type=float,
        help="seconds for each slow brute-force pass (default 10, 1 with --quick)",
    )
    parser.add_argument(
        "--metrics",
        default=",".join(METRICS),
        help="comma-separated metric groups to run (default: all of %(default)s)",
    )
    args = parser.parse_args(argv)
    metrics = [m.strip() for m in args.metrics.split(",") if m.strip()]
    if not metrics or not set(metrics) <= set(METRICS):
        parser.error(f"--metrics takes a comma-separated subset of {','.join(METRICS)}")
    if args.rounds < 5:
        parser.error("--rounds must be at least 5")
    size = args.hands or (100 if args.quick else 1000)
    min_round = args.min_round if args.min_round is not None else (0.02 if args.quick else 0.2)
    budget = args.brute_budget if args.brute_budget is not None else (1.0 if args.quick else 10.0)
    brute_sample = 5 if args.quick else 20

    corpus = Corpus(args.seed, size, brute_sample)
    started = time.perf_counter()
    rows, notes = run(corpus, args.rounds, min_round, budget, metrics)
    elapsed = time.perf_counter() - started
    meta = {
        "mahjong_rules": mahjong_rules.__version__,
        "peer": f"mahjong {PEER_VERSION}",
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "seed": args.seed,
        "hands_per_category": size,
        "brute_force_sample": brute_sample,
        "brute_force_budget_s": budget,
        "rounds": args.rounds,
        "min_round_s": min_round,
        "quick": args.quick,
        "metrics": metrics,
        "elapsed_s": round(elapsed, 1),
    }
    if args.json:
        json.dump(
            {"meta": meta, "rows": [row.as_dict() for row in rows], "notes": notes},
            sys.stdout,
            indent=2,
        )
        print()
        return 0
    print(
        f"mahjong_rules {meta['mahjong_rules']} vs {meta['peer']}; Python {meta['python']} "
        f"({meta['implementation']}, {meta['machine']}); seed {args.seed}, "
        f"{size} hands per category, median of {args.rounds} rounds"
    )
    print()
    print_table(rows, notes)
    print(f"({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
