"""Where a decision's time goes: the share of each part of random play, per room, no profiler.

Plays seeded hands with the random legal policy of ``bench_sichuan.py`` (hand k: a generator
seeded with ``seed + k`` picks one seat of ``to_act``, then one of its ``legal_actions``) and
times every call the policy makes with :func:`time.perf_counter_ns`, filed under one part::

    python benchmarks/profile_decision.py                     # every room, 300 hands each
    python benchmarks/profile_decision.py --rooms sichuan --hands 1000
    python benchmarks/profile_decision.py --json

The parts:

========================  =======================================================================
``deal``                  ``new_hand`` (the shuffle, the deal, the dealer's first draw)
``list: turn``            ``legal_actions`` of the seat in turn (its first call for the state)
``list: window``          ``legal_actions`` in a claim or rob window
``list: phase``           ``legal_actions`` in the variant's own phase (换三张, 定缺, 买点, ...)
``apply: discard+draw``   a discard nobody may claim, with the next seat's draw
``apply: discard+window`` a discard that opens a claim window
``apply: window``         an answer in a claim or rob window (pass, peng, kong, hu), with what
                          the window's close does (the claim, the next draw)
``apply: phase``          an answer in the variant's own phase
``apply: turn other``     a kong or a win in the turn (and its replacement draw)
``settlement``            the ``apply`` that ends the hand: the settlement (and the move itself)
``to_act, result``        the policy's questions: who is asked, has the hand ended
``policy``                the rest: the random choices, the loop and the timing calls
========================  =======================================================================

Each figure is µs per decision (a decision is one action applied) and the part's share of the
whole. The timing calls cost about 0.1 µs each, a few per decision, filed under ``policy``.
This is a benchmark, not a test: nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from mahjong_rules import Discard, Rules, get_variant
from mahjong_rules.engine.state import CHOOSING, CLAIM, ENDED, ROB, TURN

ROOMS: dict[str, tuple[str, dict[str, Any]]] = {
    "baoshan": ("baoshan", {}),
    "yongshan": ("yongshan", {}),
    "yongshan 双听用": ("yongshan", {"wildcards": "double"}),
    "sichuan": ("sichuan", {}),
    "sichuan 换三张": ("sichuan", {"swap_three": True}),
}
"""Room name: (variant, options), the rooms of ``compare.py`` and ``bench_sichuan.py``."""
PARTS = (
    "deal",
    "list: turn",
    "list: window",
    "list: phase",
    "apply: discard+draw",
    "apply: discard+window",
    "apply: window",
    "apply: phase",
    "apply: turn other",
    "settlement",
    "to_act, result",
    "policy",
)
MAX_STEPS = 5000
"""A hand that has not ended after this many decisions is a bug (the engine's)."""


def _listing(phase: object) -> str:
    if phase is TURN:
        return "list: turn"
    if phase is CLAIM or phase is ROB:
        return "list: window"
    return "list: phase"


def _applying(before: object, action: object, after: object) -> str:
    if after is ENDED:
        return "settlement"
    if before is TURN:
        if action.__class__ is Discard:
            return "apply: discard+window" if after is CLAIM else "apply: discard+draw"
        return "apply: turn other"
    if before is CHOOSING:
        return "apply: phase"
    return "apply: window"


def profile(rules: Rules, hands: int, seed: int) -> dict[str, Any]:
    """Play ``hands`` hands; nanoseconds per part, the decisions and the whole time."""
    spent = dict.fromkeys(PARTS, 0)
    clock = time.perf_counter_ns
    decisions = 0
    started = clock()
    for k in range(hands):
        rng = random.Random(seed + k)
        t0 = clock()
        state = rules.new_hand(seed=seed + k)
        t1 = clock()
        spent["deal"] += t1 - t0
        for _ in range(MAX_STEPS):
            t0 = clock()
            over = rules.result(state) is not None
            seats = sorted(rules.to_act(state))
            t1 = clock()
            spent["to_act, result"] += t1 - t0
            if over:
                break
            seat = seats[int(rng.random() * len(seats))]
            phase = state.phase
            t0 = clock()
            legal = rules.legal_actions(state, seat)
            t1 = clock()
            spent[_listing(phase)] += t1 - t0
            action = legal[int(rng.random() * len(legal))]
            t0 = clock()
            state = rules.apply(state, action)
            t1 = clock()
            spent[_applying(phase, action, state.phase)] += t1 - t0
            decisions += 1
        else:
            raise RuntimeError(f"hand {seed + k} did not end in {MAX_STEPS} decisions")
    whole = clock() - started
    spent["policy"] = whole - sum(spent.values())
    return {"decisions": decisions, "ns": whole, "parts": spent}


def print_room(name: str, figures: dict[str, Any]) -> None:
    decisions, whole = figures["decisions"], figures["ns"]
    print(f"{name}: {decisions} decisions, {whole / 1000 / decisions:.2f} µs per decision")
    for part in PARTS:
        ns = figures["parts"][part]
        print(f"  {part:<23} {ns / 1000 / decisions:7.2f} µs  {100 * ns / whole:5.1f}%")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=300, help="hands per room")
    parser.add_argument("--seed", type=int, default=20240601, help="first hand's seed")
    parser.add_argument(
        "--rooms", default=",".join(ROOMS), help=f"comma-separated, of: {', '.join(ROOMS)}"
    )
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.rooms.split(",") if name.strip()]
    unknown = [name for name in names if name not in ROOMS]
    if unknown or args.hands < 1:
        parser.error(f"unknown room {unknown[0]!r}" if unknown else "--hands must be at least 1")
    out: dict[str, Any] = {}
    for name in names:
        variant, options = ROOMS[name]
        rules = get_variant(variant, **options)
        profile(rules, 10, args.seed - 10)  # warm up: tables, caches, bytecode
        out[name] = profile(rules, args.hands, args.seed)
        if not args.json:
            print_room(name, out[name])
    if args.json:
        json.dump(out, sys.stdout, indent=2)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
