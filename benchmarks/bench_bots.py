"""Benchmark the bots: how much better :class:`GreedyBot` plays than :class:`RandomBot`.

For each game (Baoshan and Yongshan, 4 players, default options) the script plays seeded hands
to their end with one GreedyBot seat and a RandomBot at every other seat. The greedy seat moves
round the table with the hand number (hand k: seat k mod 4), so the dealer's extra tile and the
order of play favour neither side. Each row reports:

* the greedy seat's win rate: the share of hands in which it won (in Yongshan's 血战 several
  seats may win one hand, each at most once);
* the random seats' average win rate (their wins over three seats' hands) and the ratio of the
  two;
* the mean points per hand (``rules.result(state).deltas``) of the greedy seat and of a random
  seat;
* the 流局 (liújú, draw game: the wall ran out) rate. In Yongshan a hand that already had a
  winner still ends in 流局 when the wall runs out with two or more seats un-won, so the share
  of hands with no win at all is shown too;
* the seconds the row took (every seat's decisions, from its view, plus the engine).

Hand k is dealt from seed ``--seed + k``; the random seat s of hand k draws from
``random.Random(f"{seed + k}:{s}")``::

    python benchmarks/bench_bots.py               # 1,000 hands per game
    python benchmarks/bench_bots.py --hands 200   # a quick run
    python benchmarks/bench_bots.py --json        # the same figures as JSON

This is a benchmark, not a test: nothing here asserts a figure (``tests/test_bots.py`` checks
that the greedy seat wins more).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs

import mahjong_rules
from mahjong_rules import Rules, get_variant
from mahjong_rules.bots import Bot, GreedyBot, RandomBot

DEFAULT_HANDS = 1000
"""Hands per game by default."""
PLAYERS = 4
GAMES = ("baoshan", "yongshan")
MAX_STEPS = 5000
"""A hand that has not ended after this many actions is a bug (the engine's or a bot's)."""


@attrs.define
class Row:
    game: str
    hands: int
    seconds: float = 0.0
    greedy_wins: int = 0
    random_wins: int = 0
    """Wins by random seats, summed over the three of them."""
    greedy_points: int = 0
    random_points: int = 0
    """Points of the random seats, summed over the three of them."""
    exhausted: int = 0
    """Hands ending with the wall empty (流局)."""
    no_win: int = 0
    """Hands nobody won."""
    actions: int = 0

    @property
    def greedy_rate(self) -> float:
        return self.greedy_wins / self.hands

    @property
    def random_rate(self) -> float:
        return self.random_wins / (self.hands * (PLAYERS - 1))

    @property
    def ratio(self) -> float:
        return self.greedy_rate / self.random_rate if self.random_rate else float("inf")

    @property
    def greedy_mean(self) -> float:
        return self.greedy_points / self.hands

    @property
    def random_mean(self) -> float:
        return self.random_points / (self.hands * (PLAYERS - 1))

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": PLAYERS,
            "hands": self.hands,
            "greedy_win_rate": round(self.greedy_rate, 4),
            "random_win_rate": round(self.random_rate, 4),
            "ratio": round(self.ratio, 1) if self.random_rate else None,
            "greedy_points_per_hand": round(self.greedy_mean, 3),
            "random_points_per_hand": round(self.random_mean, 3),
            "draw_rate": round(self.exhausted / self.hands, 4),
            "no_win_rate": round(self.no_win / self.hands, 4),
            "actions_per_hand": round(self.actions / self.hands, 1),
            "seconds": round(self.seconds, 2),
        }


def play_row(rules: Rules, game: str, hands: int, seed: int) -> Row:
    """Play ``hands`` seeded hands, one greedy seat (rotating) among random ones."""
    row = Row(game, hands)
    greedy = GreedyBot()
    started = time.perf_counter()
    for k in range(hands):
        hand_seed = seed + k
        g = k % PLAYERS
        bots: list[Bot] = [
            greedy if s == g else RandomBot(seed=f"{hand_seed}:{s}") for s in range(PLAYERS)
        ]
        state = rules.new_hand(seed=hand_seed)
        for _ in range(MAX_STEPS):
            if rules.result(state) is not None:
                break
            seat = min(rules.to_act(state))
            state = bots[seat].act(rules, state, seat)
            row.actions += 1
        result = rules.result(state)
        if result is None:
            raise RuntimeError(f"{game}: hand {hand_seed} did not end in {MAX_STEPS} actions")
        winners = set(result.winners)
        row.greedy_wins += g in winners
        row.random_wins += len(winners - {g})
        row.greedy_points += result.deltas[g]
        row.random_points += sum(result.deltas) - result.deltas[g]
        row.exhausted += result.exhausted
        row.no_win += not result.wins
    row.seconds = time.perf_counter() - started
    return row


def print_table(rows: Sequence[Row]) -> None:
    header = (
        f"{'game':<9} {'hands':>6} {'greedy win':>10} {'random win':>10} {'ratio':>6} "
        f"{'greedy pts':>10} {'random pts':>10} {'流局':>6} {'no win':>6} {'seconds':>8}"
    )
    print(header)
    print("-" * len(header))
    for r in rows:
        ratio = f"{r.ratio:.1f}" if r.random_rate else "inf"
        print(
            f"{r.game:<9} {r.hands:>6} {r.greedy_rate:>10.1%} {r.random_rate:>10.1%} "
            f"{ratio:>6} {r.greedy_mean:>+10.2f} {r.random_mean:>+10.2f} "
            f"{r.exhausted / r.hands:>8.1%} {r.no_win / r.hands:>6.1%} {r.seconds:>8.1f}"
        )
    print()
    print("win: share of hands the seat won; pts: mean points per hand (result deltas) of the")
    print("greedy seat and of one random seat; 流局: wall ran out; no win: nobody won the hand.")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--hands", type=int, default=DEFAULT_HANDS, help="hands per game (default %(default)s)"
    )
    parser.add_argument(
        "--seed", type=int, default=20240601, help="first hand's seed (default %(default)s)"
    )
    parser.add_argument(
        "--json", action="store_true", help="print the figures as JSON instead of a table"
    )
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    rows = [
        play_row(get_variant(game, players=PLAYERS), game, args.hands, args.seed) for game in GAMES
    ]
    meta = {
        "mahjong_rules": mahjong_rules.__version__,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "seed": args.seed,
        "hands_per_game": args.hands,
        "setup": "4 players, default options; one GreedyBot seat (seat = hand mod 4), "
        "RandomBot elsewhere",
    }
    if args.json:
        json.dump({"meta": meta, "rows": [r.as_dict() for r in rows]}, sys.stdout, indent=2)
        print()
        return 0
    print(
        f"mahjong_rules {meta['mahjong_rules']}; Python {meta['python']} "
        f"({meta['implementation']}, {meta['machine']}); seed {args.seed}, {args.hands} hands "
        f"per game; {meta['setup']}"
    )
    print()
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
