"""``play``: bots play a hand (or, with ``--hands K``, a match of K hands) and the log is printed;
with ``--human SEAT`` you play that seat yourself (:mod:`mahjong_rules.cli.human`).

One hand prints a header, the log of every event (Chinese and one-line notation), and the
settlement table. A match (:class:`~mahjong_rules.Match`: the winner deals next, 买点 bought in
the first hand is kept) prints one summary line per hand as it ends and a table per seat (see
:mod:`mahjong_rules.cli.match`); ``--log`` adds every hand's full log. ``--variant`` defaults
to ``baoshan``.

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
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO

from mahjong_rules.bots import Bot, GreedyBot, RandomBot
from mahjong_rules.cli.common import (
    CliError,
    add_option_flag,
    open_to_write,
    parse_seed,
    per_seat,
    room_rules,
    whole,
)
from mahjong_rules.cli.html import add_html_options, write_pages
from mahjong_rules.cli.human import Human, play_with_human
from mahjong_rules.cli.human_text import LANGS, label
from mahjong_rules.cli.match import PlayedHand, match_lines, play_hand
from mahjong_rules.records import HandRecord
from mahjong_rules.serial import to_dict
from mahjong_rules.variants import Rules, available_variants
from mahjong_rules.words.events import hand_lines
from mahjong_rules.words.payments import payment_items, settlement_lines
from mahjong_rules.words.table import hands_lines

__all__ = [
    "BOTS",
    "add_parser",
    "hand_document",
    "header_lines",
    "make_bots",
    "run",
]

BOTS: dict[str, Callable[[str], Bot]] = {
    "greedy": lambda seed: GreedyBot(),
    "random": lambda seed: RandomBot(seed=seed),
}
"""Bot names for ``--bots``, each made from its seat's seed."""

MAX_HANDS = 100_000
"""The most hands ``--hands`` plays (about an hour; a bar on a terminal shows the progress)."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play = commands.add_parser(
        "play",
        help="bots play a hand (or a match) and the log and settlement are printed",
        description=(
            "Let bots play a hand and print its log (every draw, discard, claim, kong and win, "
            "in Chinese and one-line notation) and the settlement table. With --hands K, play "
            "a match of K hands and print one line per hand and a table per seat. With "
            "--human SEAT, play that seat yourself: type the number (or the text) of an action."
        ),
    )
    play.add_argument(
        "--variant",
        default="baoshan",
        metavar="NAME",
        help=_variant_help(),
    )
    play.add_argument("--players", metavar="N", help="2, 3 or 4 (the room option players)")
    play.add_argument(
        "--seed", metavar="S", help="the deal's seed: a whole number or any text (default random)"
    )
    play.add_argument("--dealer", default="0", metavar="N", help="the first dealer (default 0)")
    play.add_argument("--hands", metavar="K", help=f"play a match of K hands (1..{MAX_HANDS})")
    play.add_argument(
        "--bots",
        default="greedy",
        metavar="LIST",
        help="bots by seat, comma-separated: greedy, random (one name: every seat; default greedy)",
    )
    play.add_argument(
        "--human",
        metavar="SEAT",
        nargs="?",
        const="0",
        help="play seat SEAT (default 0) yourself against the bots (one hand)",
    )
    play.add_argument(
        "--lang",
        default="en",
        choices=LANGS,
        help="the labels, log and settlement of --human or one hand: en (default) or zh",
    )
    play.add_argument("--log", action="store_true", help="with --hands, every hand's full log")
    play.add_argument(
        "--json",
        metavar="FILE",
        help="write the hand record(s) with their results as JSON to FILE ('-': stdout)",
    )
    add_option_flag(play)
    add_html_options(play, lang=False)
    play.set_defaults(handler=run)


def _variant_help() -> str:
    """The variants the registry holds (plugins too), as ``play --help`` lists them."""
    names = [f"{c.name} (default)" if c.name == "baoshan" else c.name for c in available_variants()]
    return "one of: " + ", ".join(names) + " (the variants command lists their options)"


def make_bots(spec: str, players: int, seed: int | str) -> list[Bot]:
    """The bots of ``--bots``: one name for every seat, or one per seat."""
    names = [name.lower() for name in per_seat(spec, players)]
    for name in names:
        if name not in BOTS:
            raise CliError(f"--bots: no bot {name[:40]!r}; known: {', '.join(BOTS)}")
    return [BOTS[name](f"{seed}:{seat}") for seat, name in enumerate(names)]


def header_lines(rules: Rules, seed: int | str, bots: Sequence[Bot]) -> list[str]:
    """What was played: the room, the seed and the bots."""
    return [
        f"{rules.name_zh} {rules.name}: {rules.players} players, seed {seed}",
        f"room: {rules!r}",
        "bots: " + ", ".join(f"seat {seat} {bot!r}" for seat, bot in enumerate(bots)),
    ]


def run(args: argparse.Namespace) -> Iterator[str]:
    """The lines of ``play``, each as soon as it is known (a match: hand by hand)."""
    rules = room_rules(args)
    dealer = whole("--dealer", args.dealer, 0, rules.players - 1)
    hands = None if args.hands is None else whole("--hands", args.hands, 1, MAX_HANDS)
    human = None if args.human is None else whole("--human", args.human, 0, rules.players - 1)
    if human is not None and hands is not None:
        raise CliError("--human plays one hand: leave out --hands")
    if human is not None and args.json == "-":
        raise CliError("--human writes the game on standard output: give --json a FILE")
    seed = parse_seed(args.seed) if args.seed is not None else random.getrandbits(32)
    bots = make_bots(args.bots, rules.players, seed)
    quiet = args.json == "-"
    target = (
        None if args.json in (None, "-") else open_to_write(args.json)
    )  # before any hand is played
    played: list[PlayedHand] = []
    if human is not None:
        yield from _human_hand(args, rules, bots, human, seed, dealer, played)
    elif hands is None:
        hand = play_hand(rules, bots, HandRecord.new(rules, seed=seed, dealer=dealer))
        played.append(hand)
        if not quiet:
            yield from header_lines(rules, seed, bots)
            items = payment_items(rules, hand.states[-1], hand.result, args.lang, hand.states)
            yield from hand_lines(hand.states, args.lang, items)
            yield ""
            yield from settlement_lines(hand.result, args.lang, items, rules, hand.states[-1])
            yield from hands_lines(hand.states[-1], args.lang)
    else:
        keep = played if args.json is not None or args.html is not None else None
        lines = match_lines(rules, bots, seed, dealer, hands, log=args.log, played=keep)
        if not quiet:
            yield from header_lines(rules, seed, bots)
            yield from lines
        else:
            for _ in lines:  # play every hand; the document alone is printed
                pass
    if args.json is not None:
        yield from _write_json(args.json, target, played, single=hands is None)
    pages = write_pages(args.html, [hand.record for hand in played], args.seat, args.lang)
    yield from () if quiet else pages


def _human_hand(
    args: argparse.Namespace,
    rules: Rules,
    bots: list[Bot],
    seat: int,
    seed: int | str,
    dealer: int,
    played: list[PlayedHand],
) -> Iterator[str]:
    player = Human(seat, args.lang, sys.stdin, sys.stdout)
    yield label(
        "start",
        args.lang,
        seat=seat,
        players=rules.players,
        name_zh=rules.name_zh,
        name=rules.name,
        seed=seed,
    )
    record, result = play_with_human(
        rules, bots, player, HandRecord.new(rules, seed=seed, dealer=dealer)
    )
    played.append(PlayedHand(record, (), result))


def _write_json(
    path: str, target: TextIO | None, played: list[PlayedHand], *, single: bool
) -> Iterator[str]:
    document: dict[str, Any]
    if single:
        document = hand_document(played[0])
    else:
        scores = [sum(d) for d in zip(*(h.result.deltas for h in played), strict=True)]
        document = {"hands": [hand_document(hand) for hand in played], "scores": scores}
    text = json.dumps(document, ensure_ascii=False, indent=1)
    if target is None:
        yield text
        return
    try:
        with target:
            target.write(text + "\n")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from None
    yield f"wrote {len(played)} hand record(s) to {path}"


def hand_document(hand: PlayedHand) -> dict[str, Any]:
    """``{"record": <HandRecord document>, "result": <HandResult document>}`` of a hand."""
    return {"record": to_dict(hand.record), "result": to_dict(hand.result)}
