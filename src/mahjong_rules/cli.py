"""The command line: ``mahjong-rules`` / ``python -m mahjong_rules``.

All printing of the package lives here; the core stays free of I/O.

``analyze`` reads a concealed hand and reports what the win detector says of it::

    $ mahjong-rules analyze 123m456p789s1155m
    hand: 1112355m456p789s
    wilds: 0
    waits: 1m 4m 5m (一万 四万 五万)
    shanten: 0

Bad input prints one line ``error: <message>`` on stderr and exits with status 2, as argparse
does for usage errors.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence

from mahjong_rules import __version__
from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.errors import HandSizeError, MahjongRulesError
from mahjong_rules.wins import decompositions, is_win, shanten, winning_tiles

__all__ = ["main"]

EXIT_OK = 0
EXIT_USAGE = 2
"""Exit status for bad input, the same as argparse's for usage errors."""

_MAX_TILES = 14
_WILDS_PATTERN = re.compile(r"[0-9]+")


class _BadOptionError(Exception):
    """An option value argparse accepted as text but the command cannot use."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and usage errors
        return _exit_code(exc)
    handler: Callable[[argparse.Namespace], list[str]] = args.handler
    try:
        lines = handler(args)
    except (MahjongRulesError, _BadOptionError) as exc:
        print(f"error: {_one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    for line in lines:
        print(line)
    return EXIT_OK


def _exit_code(exc: SystemExit) -> int:
    if exc.code is None:
        return EXIT_OK
    return exc.code if isinstance(exc.code, int) else EXIT_USAGE


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mahjong-rules",
        description="Rules engine for Yunnan mahjong: 保山麻将 (Baoshan) and 永善麻将 (Yongshan).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(title="commands", dest="command", required=True)
    _add_analyze(commands)
    return parser


def _add_analyze(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    analyze = commands.add_parser(
        "analyze",
        help="completeness, decompositions, waits and shanten of a concealed hand",
        description=(
            "Analyze a concealed hand (declared melds left out): whether it is complete (胡), "
            "its decompositions, its waits (听) and its shanten (向听). A hand of 3k+2 tiles "
            "that is not complete also gets the shanten and waits after each discard."
        ),
    )
    analyze.add_argument("hand", help='tiles, e.g. "123m456p789s1155m", "一万 五筒 东" or "🀇🀈"')
    analyze.add_argument(
        "--wilds", default="0", metavar="N", help="wildcards (听用) held besides the tiles (0..14)"
    )
    analyze.add_argument(
        "--no-seven-pairs",
        dest="seven_pairs",
        action="store_false",
        help="do not accept seven pairs (七对)",
    )
    analyze.add_argument(
        "--no-honors",
        dest="honors",
        action="store_false",
        help="a game without honors: wildcards stand only for suited tiles",
    )
    analyze.set_defaults(handler=_analyze)


# --- analyze ----------------------------------------------------------------------------------


def _parse_wilds(text: str) -> int:
    if not _WILDS_PATTERN.fullmatch(text) or int(text) > _MAX_TILES:
        raise _BadOptionError(f"--wilds must be a whole number 0..{_MAX_TILES}, got {text!r}")
    return int(text)


def _analyze(args: argparse.Namespace) -> list[str]:
    hand = TileCounts(args.hand)
    wilds = _parse_wilds(args.wilds)
    options = {"seven_pairs": args.seven_pairs, "honors": args.honors}
    total = hand.size + wilds
    if total > _MAX_TILES or total % 3 == 0:
        raise HandSizeError(
            f"a hand needs 3k+1 or 3k+2 tiles (at most {_MAX_TILES}) counting wildcards, "
            f"got {total}"
        )
    lines = [f"hand: {hand or '-'}", f"wilds: {wilds}"]
    if total % 3 == 1:
        lines.append(f"waits: {_describe_waits(winning_tiles(hand, wilds, **options))}")
        lines.append(f"shanten: {shanten(hand, wilds, **options)}")
        return lines
    complete = is_win(hand, wilds, **options)
    lines.append(f"complete: {'yes' if complete else 'no'}")
    if complete:
        found = decompositions(hand, wilds, **options)
        lines.append(f"decompositions: {len(found)}")
        lines.extend(f"  {d}" for d in found)
    lines.append(f"shanten: {shanten(hand, wilds, **options)}")
    if not complete:
        lines.append("discards:")
        lines.extend(_describe_discards(hand, wilds, options))
    return lines


def _describe_waits(waits: TileSet) -> str:
    """``1m 4m (一万 四万)``, or ``none``."""
    if not waits:
        return "none"
    notation = " ".join(t.notation for t in waits)
    chinese = " ".join(t.name_zh for t in waits)
    return f"{notation} ({chinese})"


def _describe_discards(hand: TileCounts, wilds: int, options: dict[str, bool]) -> list[str]:
    """One line per distinct natural tile: the shanten after discarding it, and its waits."""
    lines = []
    for tile in hand.distinct():
        rest = hand.remove(tile)
        after = shanten(rest, wilds, **options)
        line = f"  {tile}: shanten {after}"
        if after == 0:
            line += f", waits {_describe_waits(winning_tiles(rest, wilds, **options))}"
        lines.append(line)
    return lines
