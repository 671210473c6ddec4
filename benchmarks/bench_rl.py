"""Environment steps per second: ``mahjong_rules.rl`` against RLCard's mahjong (issue 37, s.1).

One interleaved run: each round times our environment (random legal actions through the AEC
API: ``last()`` for the agent's observation and mask, then ``step``) and then RLCard's
(``rlcard.make("mahjong")``, random legal actions through ``reset`` / ``step``, each step
returning the next player's state with its encoded observation) for about ``--seconds`` each,
and the figures are the medians over the rounds. Then it splits one step of ours into its
parts on the same played hands, replayed outside the environment: ``rules.apply``,
``rules.view``, the observation (``Observer.observe``) and the mask (``Observer.mask``).

A benchmark, not a test: RLCard (``pip install rlcard``) is needed here only, never by the
library. Run it on an idle machine; the figures are wall-clock rates::

    python benchmarks/bench_rl.py [--variant sichuan] [--rounds 7] [--seconds 1.5] [--json]
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from mahjong_rules.rl import raw_env


def ours(variant: str, seconds: float, seed: int) -> tuple[int, float]:
    """Steps (actions) and seconds of random play in our environment."""
    game = raw_env(variant)
    rng = random.Random(seed)
    steps, hand = 0, seed
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.reset(seed=hand)
        hand += 1
        while game.agents:
            obs, _, done, cut, _ = game.last()
            if done or cut:
                game.step(None)
                continue
            ids = np.flatnonzero(obs["action_mask"])
            game.step(int(ids[rng.randrange(len(ids))]))
            steps += 1
    return steps, time.perf_counter() - start


def rlcard_steps(seconds: float, seed: int) -> tuple[int, float]:
    """Steps and seconds of random play in RLCard's mahjong environment."""
    rlcard = importlib.import_module("rlcard")  # (the benchmark's alone: pip install rlcard)
    env = rlcard.make("mahjong", config={"seed": seed})
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.perf_counter() - start


def parts(variant: str, hands: int, seed: int) -> dict[str, float]:
    """Microseconds per step of apply, view, observation and mask, over ``hands`` hands of
    random play replayed outside the environment."""
    game = raw_env(variant)
    rules, observer = game.rules, game.observer
    rng = random.Random(seed)
    played: list[tuple[Any, Any, Any]] = []  # (state, seat, action)
    for hand in range(hands):
        state = rules.new_hand(seed=seed + hand)
        while not rules.is_over(state):
            seat = min(rules.to_act(state))
            legal = rules.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            played.append((state, seat, action))
            state = rules.apply(state, action)
    views = [rules.view(state, seat) for state, seat, _ in played]

    def clock(work: Callable[[], object]) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            work()
            best = min(best, time.perf_counter() - start)
        return best / len(played) * 1e6

    return {
        "apply": clock(lambda: [rules.apply(s, a) for s, _, a in played]),
        "view": clock(lambda: [rules.view(s, seat) for s, seat, _ in played]),
        "observation": clock(lambda: [observer.observe(v) for v in views]),
        "mask": clock(lambda: [observer.mask(v) for v in views]),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="sichuan")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    mine: list[float] = []
    theirs: list[float] = []
    for r in range(args.rounds):
        steps, took = ours(args.variant, args.seconds, 1000 * r)
        mine.append(steps / took)
        steps, took = rlcard_steps(args.seconds, r)
        theirs.append(steps / took)
    split = parts(args.variant, 40, 7)
    figures = {
        "variant": args.variant,
        "rounds": args.rounds,
        "ours_steps_per_s": statistics.median(mine),
        "rlcard_steps_per_s": statistics.median(theirs),
        "ratio": statistics.median(mine) / statistics.median(theirs),
        "per_step_us": split,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{args.variant}: medians over {args.rounds} interleaved rounds")
        print(f"  mahjong_rules.rl  {figures['ours_steps_per_s']:9.0f} steps/s")
        print(f"  RLCard mahjong    {figures['rlcard_steps_per_s']:9.0f} steps/s")
        print(f"  ratio             {figures['ratio']:9.1f}x (target >= 20x)")
        print("  one step of ours, in parts (µs):")
        for name, us in split.items():
            print(f"    {name:12s} {us:6.1f}")
    return figures


if __name__ == "__main__":
    main()
