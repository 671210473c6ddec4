"""What a server that keeps its tables in a store pays per action: read a state, apply one
action, write the state back, beside the ``apply`` itself (issue 35).

For each room, the states of ``--hands`` seeded random hands (the policy of ``compare.py``:
hand k is ``new_hand(seed=seed + k)``, ``random.Random(seed + k)`` picks a seat of ``to_act``
and one of its legal actions) are kept, every state reached included. Over them, timed one
operation at a time:

* ``write``: ``json.dumps(to_dict(state))``;
* ``read``: ``from_dict(json.loads(text))``, every check of a read document included;
* ``pickle.dumps`` and ``pickle.loads`` of the state;
* ``apply``: the hand's next action applied to the state (over the states that are not ended).

It prints the µs per state of each operation, what each costs in applies, and the bytes per
kept state (:mod:`tracemalloc`, tables and memos loaded first): the states of the played hands
as the engine keeps them (sharing what they have in common), and the same states each read from
its own JSON document, as a store keeps them. With ``--ref REF`` (default ``972f81a``) both
sides run, interleaved as in ``compare.py`` (a temporary worktree of ``REF``, one worker
process per side, the two sides' passes alternating and which goes first alternating with the
round), with the ratio ref time / working tree time of each operation (above 1: the working
tree is faster), the median over the rounds and its range::

    python benchmarks/bench_store.py                   # against 972f81a, 4 hands a room, 5 rounds
    python benchmarks/bench_store.py --ref HEAD~3 --rounds 7 --json
    python benchmarks/bench_store.py --ref ""          # the working tree alone

Each side uses only the public API (``to_dict``, ``from_dict``, ``get_variant``, ``apply``).
This is a benchmark, not a test: nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import pickle
import platform
import random
import statistics
import sys
import time
import tracemalloc
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent))

from compare import MAX_STEPS, ROOMS, git, pad, worktree
from compare import Side as CompareSide  # (the benchmarks folder is not a package)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_REF = "972f81a"
DEFAULT_HANDS = 4
DEFAULT_ROUNDS = 5
DEFAULT_SEED = 20240601
STORE_ROOMS: dict[str, tuple[str, dict[str, Any]]] = {
    **ROOMS,
    "baoshan 3p": ("baoshan", {"players": 3}),
    "baoshan 2p": ("baoshan", {"players": 2}),
    "yongshan 3p": ("yongshan", {"players": 3}),
}
"""``compare.py``'s rooms (four players) and rooms of three and two."""
OPS = ("write", "read", "pickle.dumps", "pickle.loads", "apply")


# --------------------------------------------------------------------------------------------
# The worker: one per side; it keeps each room's states and times one operation on request.


class Corpus:
    """One room's kept states, their documents and pickles, and each state's next action."""

    def __init__(self, api: Any, room: str, hands: int, seed: int) -> None:
        variant, options = STORE_ROOMS[room]
        self.api = api
        self.rules = rules = api.get_variant(variant, **options)
        self.states: list[Any] = []
        self.moves: list[tuple[Any, Any]] = []  # (state, its next action), not-ended states
        self.hands: list[tuple[int, list[Any]]] = []  # (seed, its actions)
        for k in range(hands):
            rng = random.Random(seed + k)
            state = rules.new_hand(seed=seed + k)
            self.hands.append((seed + k, []))
            for _ in range(MAX_STEPS):
                self.states.append(state)
                if rules.result(state) is not None:
                    break
                seat = rng.choice(sorted(rules.to_act(state)))
                action = rng.choice(rules.legal_actions(state, seat))
                self.moves.append((state, action))
                self.hands[-1][1].append(action)
                state = rules.apply(state, action)
            else:
                raise RuntimeError(f"hand {seed + k} did not end in {MAX_STEPS} actions")
        self.texts = [json.dumps(api.to_dict(s)) for s in self.states]
        self.pickles = [pickle.dumps(s) for s in self.states]
        for text, state in zip(self.texts, self.states, strict=True):  # sound before timing
            if api.from_dict(json.loads(text)) != state:
                raise RuntimeError(f"{room}: a state does not read back equal from its document")
        for data, state in zip(self.pickles, self.states, strict=True):
            if pickle.loads(data) != state:
                raise RuntimeError(f"{room}: a state does not unpickle equal")

    def time(self, op: str) -> float:
        """Seconds for one pass of ``op`` over the kept states."""
        api, rules = self.api, self.rules
        dumps, loads = json.dumps, json.loads
        to_dict, from_dict = api.to_dict, api.from_dict
        started = time.perf_counter()
        if op == "write":
            for state in self.states:
                dumps(to_dict(state))
        elif op == "read":
            for text in self.texts:
                from_dict(loads(text))
        elif op == "pickle.dumps":
            for state in self.states:
                pickle.dumps(state)
        elif op == "pickle.loads":
            for data in self.pickles:
                pickle.loads(data)
        elif op == "apply":
            apply = rules.apply
            for state, action in self.moves:
                apply(state, action)
        else:
            raise ValueError(f"no operation {op!r}")
        return time.perf_counter() - started

    def count(self, op: str) -> int:
        return len(self.moves) if op == "apply" else len(self.states)

    def digest(self) -> str:
        """What both sides must agree on to time the same work: the documents written."""
        return hashlib.sha256("\n".join(self.texts).encode()).hexdigest()[:16]

    def memory(self) -> dict[str, float]:
        """Bytes per kept state: the states of the hands played again under tracing (as the
        engine keeps them), and the states each read from its own document."""
        figures = {}
        for name, make in (("played", self._replay), ("read", self._read)):
            gc.collect()
            tracemalloc.start()
            kept = make()
            figures[name] = tracemalloc.get_traced_memory()[0] / len(kept)
            tracemalloc.stop()
            del kept
        return figures

    def _replay(self) -> list[Any]:
        out: list[Any] = []
        for seed, actions in self.hands:
            state = self.rules.new_hand(seed=seed)
            out.append(state)
            for action in actions:
                state = self.rules.apply(state, action)
                out.append(state)
        return out

    def _read(self) -> list[Any]:
        return [self.api.from_dict(json.loads(text)) for text in self.texts]


def worker(src: str, out: TextIO) -> int:
    """Serve requests on stdin with the ``mahjong_rules`` found in ``src``."""
    sys.path.insert(0, src)
    warnings.filterwarnings("ignore", message="variant plugin")  # a plugin newer than the ref
    import mahjong_rules

    where = Path(mahjong_rules.__file__ or "").resolve()
    if not where.is_relative_to(Path(src).resolve()):
        raise RuntimeError(f"imported mahjong_rules from {where}, not from {src}")
    print(json.dumps({"version": getattr(mahjong_rules, "__version__", "?")}), file=out, flush=True)
    corpora: dict[str, Corpus] = {}
    for line in sys.stdin:
        request = json.loads(line)
        room = request["room"]
        try:
            if request.get("setup"):
                corpus = corpora[room] = Corpus(
                    mahjong_rules, room, request["hands"], request["seed"]
                )
                for op in OPS:  # warm-up, untimed
                    corpus.time(op)
                counts = {op: corpus.count(op) for op in OPS}
                answer: dict[str, Any] = {"digest": corpus.digest(), "counts": counts}
            elif request.get("memory"):
                answer = corpora[room].memory()
            else:
                answer = {"seconds": corpora[room].time(request["op"])}
        except Exception as exc:  # reported to the parent, which shows it for this room
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(answer), file=out, flush=True)
    return 0


# --------------------------------------------------------------------------------------------
# The parent: a worktree for the ref, one worker per side, interleaved rounds.


class Side(CompareSide):
    """A worker process serving one side (the ref or the working tree): compare.py's, running
    this script's worker."""

    SCRIPT = Path(__file__).resolve()


class Room:
    """One room's figures: each side's seconds per pass of each operation, round by round."""

    def __init__(self, name: str, labels: Sequence[str]) -> None:
        self.name = name
        self.seconds: dict[str, dict[str, list[float]]] = {
            s: {op: [] for op in OPS} for s in labels
        }
        self.counts: dict[str, dict[str, int]] = {}
        self.memory: dict[str, dict[str, float]] = {}
        self.same_documents = True
        self.error: str | None = None

    def us(self, side: str, op: str) -> float:
        """µs per state of ``op`` on ``side``: its median pass over the state count."""
        return statistics.median(self.seconds[side][op]) / self.counts[side][op] * 1e6

    def ratios(self, op: str) -> list[float]:
        """Ref time / working tree time per state, round by round (above 1: the tree wins)."""
        ref, work = self.seconds["ref"][op], self.seconds["work"][op]
        n_ref, n_work = self.counts["ref"][op], self.counts["work"][op]
        return [(r / n_ref) / (w / n_work) for r, w in zip(ref, work, strict=True)]

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"room": self.name}
        if self.error is not None:
            return {**out, "error": self.error}
        for side in self.seconds:
            apply_us = self.us(side, "apply")
            out[side] = {
                "states": self.counts[side]["write"],
                "us_per_state": {op: round(self.us(side, op), 2) for op in OPS},
                "applies": {op: round(self.us(side, op) / apply_us, 2) for op in OPS},
                "bytes_per_state": {k: round(v) for k, v in self.memory.get(side, {}).items()},
            }
        if "ref" in self.seconds:
            out["ratio"] = {}
            for op in OPS:
                ratios = self.ratios(op)
                out["ratio"][op] = {
                    "median": round(statistics.median(ratios), 3),
                    "min": round(min(ratios), 3),
                    "max": round(max(ratios), 3),
                }
            out["same_documents"] = self.same_documents
        return out


def run(
    sides: Sequence[Side], rooms: Sequence[str], hands: int, rounds: int, seed: int
) -> list[Room]:
    figures = [Room(name, [s.label for s in sides]) for name in rooms]
    for room in figures:  # the corpora, warmed up; a room a side lacks is reported, not timed
        digests = set()
        for side in sides:
            answer = side.request({"room": room.name, "setup": True, "hands": hands, "seed": seed})
            if "error" in answer:
                room.error = room.error or f"{side.label}: {answer['error']}"
                continue
            room.counts[side.label] = answer["counts"]
            digests.add(answer["digest"])
        room.same_documents = len(digests) == 1
    for n in range(rounds):
        for room in figures:
            if room.error is not None:
                continue
            for op in OPS:
                order = sides if n % 2 == 0 else sides[::-1]
                for side in order:
                    answer = side.request({"room": room.name, "op": op})
                    if "error" in answer:
                        room.error = f"{side.label}: {answer['error']}"
                        break
                    room.seconds[side.label][op].append(answer["seconds"])
    for room in figures:
        if room.error is None:
            for side in sides:
                answer = side.request({"room": room.name, "memory": True})
                if "error" not in answer:
                    room.memory[side.label] = answer
    return figures


def print_table(figures: Sequence[Room], labels: Sequence[str]) -> None:
    both = "ref" in labels
    header = f"{'room':<20} {'operation':<13} " + " ".join(
        f"{label + ' µs':>9} {'applies':>7}" for label in labels
    )
    if both:
        header += f" {'ratio':>7} {'range':>12}"
    print(header)
    print("-" * len(header))
    for room in figures:
        if room.error is not None:
            print(f"{pad(room.name, 20)} not run: {room.error}")
            continue
        for op in OPS:
            cells = []
            for label in labels:
                us = room.us(label, op)
                cells.append(f"{us:>9.1f} {us / room.us(label, 'apply'):>7.2f}")
            line = f"{pad(room.name, 20)} {op:<13} " + " ".join(cells)
            if both:
                ratios = room.ratios(op)
                span = f"{min(ratios):.2f}-{max(ratios):.2f}x"
                line += f" {statistics.median(ratios):>6.2f}x {span:>12}"
            print(line)
        memory = "  ".join(
            f"{label}: {room.memory[label]['played']:,.0f} played, "
            f"{room.memory[label]['read']:,.0f} read"
            for label in labels
            if label in room.memory
        )
        same = "" if not both or room.same_documents else "  (the sides wrote different documents)"
        print(f"{'':<20} bytes per kept state: {memory}{same}")
    print()
    print("µs: per state (apply: per state with a next action), the median pass; applies: the")
    print("operation's cost in applies of the same side. ratio: ref time / working tree time,")
    print("round by round (above 1: the working tree is faster), its median and range.")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--ref",
        default=DEFAULT_REF,
        help='the git ref to compare with (default %(default)s; "" for the working tree alone)',
    )
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS, help="hands per room")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="timed rounds")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="first hand's seed")
    parser.add_argument("--rooms", nargs="*", choices=list(STORE_ROOMS), help="rooms (all)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--worker", metavar="SRC", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.worker, sys.stdout)
    if args.hands < 1 or args.rounds < 1:
        parser.error("--hands and --rounds must be at least 1")
    rooms = args.rooms or list(STORE_ROOMS)
    started = time.perf_counter()
    meta: dict[str, Any] = {
        "ref": args.ref or None,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "seed": args.seed,
        "hands": args.hands,
        "rounds": args.rounds,
    }
    sides: list[Side] = []
    try:
        if args.ref:
            meta["commit"] = git("rev-parse", "--short=12", "--verify", f"{args.ref}^{{commit}}")
            with worktree(args.ref) as path:
                sides.append(Side("ref", path / "src"))
                sides.append(Side("work", ROOT / "src"))
                figures = run(sides, rooms, args.hands, args.rounds, args.seed)
        else:
            sides.append(Side("work", ROOT / "src"))
            figures = run(sides, rooms, args.hands, args.rounds, args.seed)
    finally:
        for side in sides:
            side.close()
    meta["versions"] = {side.label: side.version for side in sides}
    meta["elapsed_s"] = round(time.perf_counter() - started, 1)
    if args.json:
        rows = [room.as_dict() for room in figures]
        json.dump({"meta": meta, "rows": rows}, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    against = f"{args.ref} ({meta['commit']}) vs the working tree" if args.ref else "working tree"
    print(
        f"{against}; Python {meta['python']} ({meta['implementation']}, {meta['machine']}); "
        f"seed {args.seed}, {args.hands} hands per room, {args.rounds} rounds"
    )
    print()
    print_table(figures, [side.label for side in sides])
    print(f"({meta['elapsed_s']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
