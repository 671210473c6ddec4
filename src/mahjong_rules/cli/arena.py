"""``arena``: bots play very many seeded hands (on Ray workers, or serially) and each bot's mean
result per hand is printed with its 95% confidence interval, win rate, 放炮 (deal-in) rate and
average fan (:mod:`mahjong_rules.arena`; ``docs/arena.rst``).

``--bots`` names one bot per seat (one name: every seat): ``greedy``, ``random``, a plugin's
bot, or ``module:Class``. Each deal is played once per seat with the lineup rotated, so
``--hands`` is rounded up to whole deals. ``--workers K`` plays on K Ray workers (default:
every core of a local Ray started for the run), ``--address auto`` or ``--address
ray://HOST:PORT`` joins a Ray cluster, ``--workers 0`` or ``--serial`` plays in this process
without Ray; the figures are the same in every case. ``--json FILE`` writes the figures
(:func:`mahjong_rules.arena.report`), ``--records DIR`` keeps every hand, one file per block
of deals, in the form ``play --json`` writes a match (``replay`` reads them): the hands of
deal ``d`` in rotation order.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

from mahjong_rules.arena import (
    Arena,
    Block,
    Standings,
    deals_for,
    figures,
    play_on_ray,
    play_serial,
    report,
)
from mahjong_rules.arena.schedule import MAX_DEALS
from mahjong_rules.cli.common import (
    CliError,
    add_option_flag,
    open_to_write,
    parse_seed,
    per_seat,
    room_rules,
    whole,
)
from mahjong_rules.cli.progress import Progress
from mahjong_rules.serial import to_dict

__all__ = ["add_parser", "run", "table_lines"]

MAX_HANDS = 10_000_000
"""The most hands ``--hands`` asks for."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``arena``."""
    parser = commands.add_parser(
        "arena",
        help="bots play many seeded hands (on Ray workers): each bot's mean result with a 95%% CI",
        description=(
            "Let a lineup of bots play many seeded hands, every deal once per seat with the "
            "lineup rotated, and print each bot's mean result per hand with a 95% confidence "
            "interval, win rate, 放炮 deal-in rate and average fan. Runs on Ray workers "
            "(pip install 'mahjong_rules[arena]') or, with --serial, in this process; the "
            "figures are the same either way."
        ),
    )
    parser.add_argument("--variant", default="baoshan", metavar="NAME", help="the game")
    parser.add_argument("--players", metavar="N", help="2, 3 or 4 (the room option players)")
    parser.add_argument(
        "--bots",
        required=True,
        metavar="LIST",
        help="bots by seat, comma-separated (one name: every seat): greedy, random, a plugin's "
        "bot or module:Class",
    )
    parser.add_argument(
        "--hands", default="1000", metavar="K", help="hands to play, rounded up to whole deals"
    )
    parser.add_argument("--seed", metavar="S", help="the arena's seed (default random, printed)")
    parser.add_argument(
        "--workers", metavar="K", help="Ray workers (default: every core; 0: serial, no Ray)"
    )
    parser.add_argument("--serial", action="store_true", help="play in this process, no Ray")
    parser.add_argument(
        "--address", metavar="ADDR", help="join a Ray cluster: auto, or ray://HOST:PORT"
    )
    parser.add_argument(
        "--block", default="25", metavar="DEALS", help="deals per task (default 25)"
    )
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON to FILE")
    parser.add_argument("--records", metavar="DIR", help="keep every hand in DIR")
    add_option_flag(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> Iterator[str]:
    """The lines of ``arena``: what is played, then (as the hands end, a progress bar on a
    terminal) the table of figures."""
    rules = room_rules(args)
    lineup = per_seat(args.bots, rules.players)
    hands = whole("--hands", args.hands, 1, MAX_HANDS)
    seed = parse_seed(args.seed) if args.seed is not None else random.getrandbits(32)
    size = whole("--block", args.block, 1, MAX_DEALS)
    workers = None if args.workers is None else whole("--workers", args.workers, 0, 4096)
    serial = args.serial or workers == 0
    if serial and args.address is not None:
        raise CliError("--address joins Ray: leave out --serial and --workers 0")
    arena = Arena(rules, lineup, seed, deals_for(hands, rules.players))
    arena.factories()  # an unknown bot: one error line before anything else
    target = None if args.json is None else open_to_write(args.json)
    if args.records is not None:
        _make_dir(args.records)
    yield f"{rules.name_zh} {rules.name}: {rules.players} players, seed {seed}"
    yield f"room: {rules!r}"
    yield "lineup: " + ", ".join(f"{i} {name}" for i, name in enumerate(lineup))
    yield (
        f"{arena.deals} deals x {rules.players} rotations = {arena.hands} hands, "
        + ("in this process" if serial else _where(workers, args.address))
    )
    keep = args.records is not None
    if serial:
        played = play_serial(arena, block_size=size, keep=keep)
    else:
        played = play_on_ray(
            arena, workers=workers, address=args.address, block_size=size, keep=keep
        )
    begun = time.perf_counter()
    standings, files = _play(arena, played, args.records)
    seconds = time.perf_counter() - begun
    yield ""
    yield from table_lines(arena, standings)
    yield ""
    rate = f"{arena.hands / seconds:,.0f} hands/s" + ("" if serial else ", Ray's start included")
    yield f"played {arena.hands} hands in {seconds:.1f} s ({rate})"
    if target is not None:
        with target:
            target.write(json.dumps(report(arena, standings), ensure_ascii=False, indent=1) + "\n")
        yield f"wrote the figures to {args.json}"
    if args.records is not None:
        yield f"kept {arena.hands} hands in {args.records} ({files} files)"


def _where(workers: int | None, address: str | None) -> str:
    if address is not None:
        return f"on Ray at {address}" + ("" if workers is None else f", {workers} at a time")
    return f"on a local Ray, {workers or os.cpu_count() or 1} workers"


def _play(arena: Arena, played: Iterator[Block], records: str | None) -> tuple[Standings, int]:
    standings = Standings.empty(arena.lineup)
    progress = Progress(arena.hands, sys.stderr)
    done = files = 0
    try:
        for block in played:
            standings = standings + block.standings
            if records is not None:
                _write_block(records, block)
                files += 1
            done += (block.stop - block.start) * arena.players
            progress.update(done)
    finally:
        progress.close()
        close = getattr(played, "close", None)
        if close is not None:
            close()  # stops Ray at once if the run was cut short
    return standings, files


def _write_block(directory: str, block: Block) -> None:
    name = os.path.join(directory, f"deals-{block.start:07d}-{block.stop - 1:07d}.json")
    document = {
        "hands": [{"record": to_dict(h.record), "result": to_dict(h.result)} for h in block.hands]
    }
    try:
        with open(name, "w", encoding="utf-8") as out:
            json.dump(document, out, ensure_ascii=False)
            out.write("\n")
    except OSError as exc:
        raise CliError(f"cannot write {name}: {exc.strerror or exc}") from None


def _make_dir(path: str) -> None:
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot make the directory {path}: {exc.strerror or exc}") from None


_HEADERS = ("entrant", "bot", "mean/hand", "95% CI", "win rate", "放炮 deal-in", "avg fan", "hands")


def table_lines(arena: Arena, standings: Standings) -> list[str]:
    """The table of figures: one row per entrant, then one per bot played by more than one
    entrant (its entrants pooled), columns two spaces apart; after a blank line, one row per
    seat over every entrant that played it (seat 0 deals every hand)."""
    rows = [list(_HEADERS)]
    for i, tally in enumerate(standings.entrants):
        rows.append(_row(str(i), arena.lineup[i], figures(tally)))
    for name, tally in standings.pooled:
        entrants = "+".join(str(i) for i, spec in enumerate(arena.lineup) if spec == name)
        rows.append(_row(entrants, name, figures(tally)))
    rows.append([])  # a blank line, then the seats over every entrant
    for seat, tally in enumerate(standings.seats):
        rows.append(_row(f"seat {seat}", "(dealer)" if seat == 0 else "", figures(tally)))
    widths = [max(_width(row[c]) for row in rows if row) for c in range(len(_HEADERS))]
    lines = []
    for row in rows:
        if not row:
            lines.append("")
            continue
        cells = [
            cell.ljust(w) if c == 1 else " " * (w - _width(cell)) + cell
            for c, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    return lines


def _row(entrant: str, bot: str, f: dict[str, Any]) -> list[str]:
    ci = f["ci95"]
    return [
        entrant,
        bot,
        "-" if f["mean"] is None else f"{f['mean']:+.3f}",
        "-" if ci is None else f"[{ci[0]:+.3f}, {ci[1]:+.3f}]",
        _percent(f["win_rate"]),
        _percent(f["deal_in_rate"]),
        "-" if f["average_fan"] is None else f"{f['average_fan']:.2f}",
        str(f["hands"]),
    ]


def _percent(share: float | None) -> str:
    return "-" if share is None else f"{100 * share:.1f}%"


def _width(text: str) -> int:
    return sum(2 if "\u4e00" <= ch <= "\u9fff" else 1 for ch in text)
