"""Environment steps per second: ``mahjong_rules.rl`` against RLCard's mahjong (issue 37, s.1).

One interleaved run: each round times our bare environment (``raw_env``), then the wrapped one
(``env``: PettingZoo's order and bounds wrappers), each with random legal actions through the
AEC API (``last()`` for the agent's observation and mask, then ``step``), then RLCard's
(``rlcard.make("mahjong")``, random legal actions through ``reset`` / ``step``, each step
returning the next player's state with its encoded observation), for about ``--seconds``
each; the figures are the medians over the rounds, the ratios ours over RLCard's. Then it
splits one step of the bare environment into its parts, timed inside its own play: the
engine's ``rules.apply``, ``rules.view`` (with the seat's legal actions, which the view
lists first and ``apply`` then finds kept), the observation (``Observer.observe``), the mask
(``Observer.mask``), and the rest: the environment's own bookkeeping (rewards, the agent
selected, ``last()``) and the random agent's choice. And it says what 20x would take: the
microseconds a whole step may cost against what ``apply`` alone costs.

A benchmark, not a test: RLCard (``pip install rlcard``) is needed here only, never by the
library. Run it on an idle machine; the figures are wall-clock rates by default::

    python benchmarks/bench_rl.py [--variant sichuan] [--rounds 7] [--seconds 1.5]
        [--clock wall|cpu] [--json]

On a loaded machine ``--clock cpu`` times each side by its own CPU time.
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

from mahjong_rules.rl import env, raw_env

CLOCK: Callable[[], float] = time.perf_counter
"""The clock timed by: wall-clock (default) or, with ``--clock cpu``, the process's CPU time
(``time.process_time``: fairer on a machine others load, as every figure is then this
process's own work)."""


def play(game: Any, rng: random.Random, seed: int, until: float) -> int:
    """Random legal actions in ``game`` from hand ``seed`` on until ``perf_counter()`` passes
    ``until`` (the hand under way is finished): the steps (actions) taken."""
    steps, hand = 0, seed
    while CLOCK() < until:
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
    return steps


def ours(variant: str, seconds: float, seed: int, wrapped: bool = False) -> tuple[int, float]:
    """Steps (actions) and seconds of random play in our environment, bare or wrapped."""
    game = env(variant) if wrapped else raw_env(variant)
    start = CLOCK()
    steps = play(game, random.Random(seed), seed, start + seconds)
    return steps, CLOCK() - start


def rlcard_steps(seconds: float, seed: int) -> tuple[int, float]:
    """Steps and seconds of random play in RLCard's mahjong environment."""
    rlcard = importlib.import_module("rlcard")  # (the benchmark's alone: pip install rlcard)
    game = rlcard.make("mahjong", config={"seed": seed})
    rng = random.Random(seed)
    steps = 0
    start = CLOCK()
    while CLOCK() - start < seconds:
        state, _ = game.reset()
        while not game.is_over():
            legal = list(state["legal_actions"])
            state, _ = game.step(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, CLOCK() - start


def parts(variant: str, seconds: float, seed: int) -> dict[str, float]:
    """Microseconds per step of apply, view, observation, mask and the rest (the
    environment's own and the agent's choice), timed inside about ``seconds`` of the bare
    environment's random play (each part's clock adds a little to the rest's)."""
    game = raw_env(variant)
    spent = dict.fromkeys(("apply", "view", "observation", "mask"), 0.0)

    def timed(owner: Any, name: str, part: str) -> None:
        work: Callable[..., Any] = getattr(owner, name)
        clock = CLOCK

        def run(*args: Any) -> Any:
            start = clock()
            out = work(*args)
            spent[part] += clock() - start
            return out

        setattr(owner, name, run)  # (this instance's alone)

    timed(game.rules, "apply", "apply")
    timed(game.rules, "view", "view")
    timed(game.observer, "observe", "observation")
    timed(game.observer, "mask", "mask")
    play(game, random.Random(seed), seed, CLOCK() + 0.2)  # (warm: ids, memos)
    for part in spent:
        spent[part] = 0.0
    start = CLOCK()
    steps = play(game, random.Random(seed), seed, start + seconds)
    took = CLOCK() - start
    out = {part: t / steps * 1e6 for part, t in spent.items()}
    out["rest"] = took / steps * 1e6 - sum(out.values())
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="sichuan")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    bare: list[float] = []
    wrapped: list[float] = []
    theirs: list[float] = []
    for r in range(args.rounds):
        steps, took = ours(args.variant, args.seconds, 1000 * r)
        bare.append(steps / took)
        steps, took = ours(args.variant, args.seconds, 1000 * r, wrapped=True)
        wrapped.append(steps / took)
        steps, took = rlcard_steps(args.seconds, r)
        theirs.append(steps / took)
    split = parts(args.variant, args.seconds * 2, 7)
    mine, wrapped_rate, rlcard_rate = (statistics.median(x) for x in (bare, wrapped, theirs))
    budget = 1e6 / rlcard_rate / 20
    figures = {
        "variant": args.variant,
        "rounds": args.rounds,
        "clock": args.clock,
        "ours_steps_per_s": mine,
        "ours_wrapped_steps_per_s": wrapped_rate,
        "rlcard_steps_per_s": rlcard_rate,
        "ratio": mine / rlcard_rate,
        "ratio_wrapped": wrapped_rate / rlcard_rate,
        "per_step_us": split,
        "us_per_step": {"ours": 1e6 / mine, "ours_wrapped": 1e6 / wrapped_rate},
        "rlcard_us_per_step": 1e6 / rlcard_rate,
        "budget_20x_us": budget,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{args.variant}: medians over {args.rounds} interleaved rounds ({args.clock} clock)")
        for name, rate in (
            ("mahjong_rules.rl raw_env", mine),
            ("mahjong_rules.rl env", wrapped_rate),
            ("RLCard mahjong", rlcard_rate),
        ):
            print(f"  {name:25s} {rate:9.0f} steps/s  {1e6 / rate:7.1f} µs/step")
        print(f"  ratio raw_env  {figures['ratio']:6.1f}x (target >= 20x)")
        print(f"  ratio env      {figures['ratio_wrapped']:6.1f}x")
        print("  one step of raw_env, in parts (µs, timed in play):")
        for name, us in split.items():
            print(f"    {name:12s} {us:6.1f}")
        print(
            f"  20x RLCard's rate leaves {budget:.1f} µs for a whole step; apply alone takes "
            f"{split['apply']:.1f} µs ({split['apply'] / budget:.1f}x the budget), "
            f"a step of ours {1e6 / mine:.1f} µs"
        )
    return figures


if __name__ == "__main__":
    main()
