"""``play``: bots play a hand (or, with ``--hands K``, a match of K hands) and the log is printed.

One hand prints a header, the log of every event (Chinese and one-line notation), and the
settlement table. A match (:class:`~mahjong_rules.Match`: the winner deals next, 买点 bought in
the first hand is kept) prints one summary line per hand and the cumulative scores; ``--log``
adds every hand's full log.

Seeds: ``--seed 7`` deals the hand from seed ``7`` (a whole number; any other text is a string
seed). Hand ``k`` of a match (from 1) is dealt from the string seed ``"7/k"``, so
``play --seed 7/2 --dealer D`` deals that hand again. Without ``--seed`` a random one is
drawn and printed. A ``random`` bot at seat ``s`` is seeded with ``"<seed>:<s>"``.

``--json FILE`` (``-``: standard output, and then no log) writes the hands played, each as
``{"record": <HandRecord document>, "result": <HandResult document>}`` (see
:mod:`mahjong_rules.serial`); one hand is that object, a match is ``{"hands": [...],
"scores": [...]}``. ``replay FILE`` reads either back.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from mahjong_rules.bots import Bot, GreedyBot, RandomBot
from mahjong_rules.cli.common import (
    CliError,
    add_option_flag,
    make_rules,
    parse_options,
    parse_seed,
    signed,
)
from mahjong_rules.cli.log import hand_lines, settlement_lines
from mahjong_rules.engine.match import Match
from mahjong_rules.engine.settlement import HandResult
from mahjong_rules.engine.state import State
from mahjong_rules.records import HandRecord
from mahjong_rules.serial import to_dict
from mahjong_rules.variants import Rules

__all__ = [
    "PlayedHand",
    "Progress",
    "add_parser",
    "hand_document",
    "header_lines",
    "make_bots",
    "play_hand",
    "run",
]

BOTS: dict[str, Callable[[str], Bot]] = {
    "greedy": lambda seed: GreedyBot(),
    "random": lambda seed: RandomBot(seed=seed),
}
"""Bot names for ``--bots``, each made from its seat's seed."""

clock: Callable[[], float] = time.monotonic
"""The clock the progress bar reads (tests replace it)."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play = commands.add_parser(
        "play",
        help="bots play a hand (or a match) and the log and settlement are printed",
        description=(
            "Let bots play a hand and print its log (every draw, discard, claim, kong and win, "
            "in Chinese and one-line notation) and the settlement table. With --hands K, play "
            "a match of K hands and print one line per hand and the cumulative scores."
        ),
    )
    play.add_argument("--variant", required=True, metavar="NAME", help="baoshan or yongshan")
    play.add_argument("--players", metavar="N", help="2, 3 or 4 (the room option players)")
    play.add_argument(
        "--seed", metavar="S", help="the deal's seed: a whole number or any text (default random)"
    )
    play.add_argument("--dealer", default="0", metavar="N", help="the first dealer (default 0)")
    play.add_argument("--hands", metavar="K", help="play a match of K hands")
    play.add_argument(
        "--bots",
        default="greedy",
        metavar="LIST",
        help="bots by seat, comma-separated: greedy, random (one name: every seat; default greedy)",
    )
    play.add_argument("--log", action="store_true", help="with --hands, every hand's full log")
    play.add_argument(
        "--json",
        metavar="FILE",
        help="write the hand record(s) with their results as JSON to FILE ('-': stdout)",
    )
    add_option_flag(play)
    play.set_defaults(handler=run)


# --- playing ------------------------------------------------------------------------------------


@attrs.frozen
class PlayedHand:
    """A hand the bots played: its record (deal and actions), every state and the result."""

    record: HandRecord
    states: tuple[State, ...]
    """The first state, then one per action (a match keeps only the last once logged)."""
    result: HandResult


def make_bots(spec: str, players: int, seed: int | str) -> list[Bot]:
    """The bots of ``--bots``: one name for every seat, or one per seat."""
    names = [name.strip().lower() for name in spec.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise CliError(f"--bots names {len(names)} bots for {players} seats: give 1 or {players}")
    for name in names:
        if name not in BOTS:
            raise CliError(f"--bots: no bot {name!r}; known: {', '.join(BOTS)}")
    return [BOTS[name](f"{seed}:{seat}") for seat, name in enumerate(names)]


def play_hand(rules: Rules, bots: Sequence[Bot], record: HandRecord) -> PlayedHand:
    """Let ``bots`` play the hand ``record`` deals (no actions yet) to the end, recording each
    action; the lowest seat asked acts first."""
    state = record.start()
    states = [state]
    while (result := rules.result(state)) is None:
        seat = min(rules.to_act(state))
        action = bots[seat].choose(rules.view(state, seat))
        state = rules.apply(state, action)
        record = record.with_action(action)
        states.append(state)
    return PlayedHand(record, tuple(states), result)


class Progress:
    """``[#####     ] 12/100`` on ``stream``, redrawn in place; shown only on a terminal and
    once the run has taken ``delay`` seconds; :meth:`close` wipes it."""

    def __init__(self, total: int, stream: TextIO, *, delay: float = 1.0, width: int = 20) -> None:
        self.total, self.stream, self.delay, self.width = total, stream, delay, width
        self.start = clock()
        self.shown = 0
        self.tty = stream.isatty()

    def update(self, done: int) -> None:
        if not self.tty or clock() - self.start <= self.delay:
            return
        filled = self.width * done // self.total
        text = f"\r[{'#' * filled}{' ' * (self.width - filled)}] {done}/{self.total}"
        self.stream.write(text)
        self.stream.flush()
        self.shown = len(text) - 1

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()


# --- the command --------------------------------------------------------------------------------


def _count(flag: str, text: str, low: int, high: int | None = None) -> int:
    """A whole number ``low..high`` given to ``flag``."""
    if not text.isdigit() or int(text) < low or (high is not None and int(text) > high):
        shown = f"{low}..{high}" if high is not None else f"{low} or more"
        raise CliError(f"{flag} must be a whole number {shown}, got {text!r}")
    return int(text)


def _rules(args: argparse.Namespace) -> Rules:
    options = parse_options(args.options)
    if args.players is not None:
        players = _count("--players", args.players, 2, 4)
        if options.get("players", players) != players:
            raise CliError(f"--players {players} contradicts --option players={options['players']}")
        options["players"] = players
    return make_rules(args.variant, options)


def header_lines(rules: Rules, seed: int | str, bots: Sequence[Bot]) -> list[str]:
    """What was played: the room, the seed and the bots."""
    return [
        f"{rules.name_zh} {rules.name}: {rules.players} players, seed {seed}",
        f"room: {rules!r}",
        "bots: " + ", ".join(f"seat {seat} {bot!r}" for seat, bot in enumerate(bots)),
    ]


def run(args: argparse.Namespace) -> list[str]:
    rules = _rules(args)
    dealer = _count("--dealer", args.dealer, 0, rules.players - 1)
    hands = None if args.hands is None else _count("--hands", args.hands, 1)
    seed = parse_seed(args.seed) if args.seed is not None else random.getrandbits(32)
    bots = make_bots(args.bots, rules.players, seed)
    if hands is None:
        hand = play_hand(rules, bots, HandRecord.new(rules, seed=seed, dealer=dealer))
        played = [hand]
        lines = header_lines(rules, seed, bots)
        lines += [*hand_lines(hand.states), "", *settlement_lines(hand.result)]
    else:
        played, scores, lines = _match(rules, bots, seed, dealer, hands, log=args.log)
    if args.json is None:
        return lines
    document: dict[str, Any]
    if hands is None:
        document = hand_document(played[0])
    else:
        document = {"hands": [hand_document(hand) for hand in played], "scores": list(scores)}
    text = json.dumps(document, ensure_ascii=False, indent=1)
    if args.json == "-":
        return [text]
    try:
        with open(args.json, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    except OSError as exc:
        raise CliError(f"cannot write {args.json}: {exc.strerror or exc}") from None
    lines.append(f"wrote {len(played)} hand record(s) to {args.json}")
    return lines


def _match(
    rules: Rules, bots: Sequence[Bot], seed: int | str, dealer: int, hands: int, *, log: bool
) -> tuple[list[PlayedHand], tuple[int, ...], list[str]]:
    """The hands of a match, its scores, and its lines."""
    match = Match(rules, first_dealer=dealer)
    lines = [
        *header_lines(rules, seed, bots),
        f"match of {hands} hands, first dealer seat {dealer}",
    ]
    played: list[PlayedHand] = []
    progress = Progress(hands, sys.stderr)
    try:
        for k in range(1, hands + 1):
            hand_seed = f"{seed}/{k}"
            record = HandRecord.new(
                rules, seed=hand_seed, dealer=match.dealer, buy_points=match.buy_points
            )  # the hand Match.new_hand would deal
            hand = play_hand(rules, bots, record)
            match = match.record(hand.states[-1])
            if log:
                lines += ["", f"--- hand {k} (seed {hand_seed}, dealer seat {record.dealer})"]
                lines += hand_lines(hand.states)
                lines += settlement_lines(hand.result)
            played.append(attrs.evolve(hand, states=hand.states[-1:]))  # the log is written
            lines.append(_summary(k, hand, match.scores))
            progress.update(k)
    finally:
        progress.close()
    lines += ["", f"总分 scores after {hands} hands", f"  {'seat':>4}  {'total':>5}"]
    lines += [f"  {seat:>4}  {signed(score):>5}" for seat, score in enumerate(match.scores)]
    return played, tuple(match.scores), lines


def _summary(k: int, hand: PlayedHand, totals: Sequence[int]) -> str:
    result = hand.result
    outcome = ", ".join(f"seat {w.seat} 胡 won" for w in result.wins)
    if result.exhausted:
        outcome += (", then " if outcome else "") + "流局 draw"
    deltas = " ".join(signed(d) for d in result.deltas)
    scores = " ".join(signed(t) for t in totals)
    return (
        f"hand {k}: seed {hand.record.seed}, dealer seat {hand.record.dealer}, {outcome}; "
        f"deltas {deltas}; totals {scores}"
    )


def hand_document(hand: PlayedHand) -> dict[str, Any]:
    """``{"record": <HandRecord document>, "result": <HandResult document>}`` of a hand."""
    return {"record": to_dict(hand.record), "result": to_dict(hand.result)}
