"""``analyze``: what the win detector says of a concealed hand, or, with ``--variant``, the
breakdown and score of a winning hand under a variant's rules.

Without ``--variant``::

    $ mahjong-rules analyze 123m456p789s1155m
    hand: 1112355m456p789s
    wilds: 0
    waits: 1m 4m 5m (一万 四万 五万)
    shanten: 0

With ``--variant``, the hand is the winner's concealed tiles (the winning tile and any
wildcard tiles included) and ``--melds`` its declared melds; the output is the best breakdown
(each pattern with its Chinese name, pinyin, key and fan), the fan before and after the cap,
the points, the reading scored and what the wildcards stood for.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from mahjong_rules.cli import analyze_win
from mahjong_rules.cli.common import CliError, add_option_flag, whole
from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.errors import HandSizeError
from mahjong_rules.scoring import WinKind
from mahjong_rules.wins import decompositions, is_win, shanten, winning_tiles

__all__ = ["MAX_READINGS", "add_parser", "readings_lines", "run"]

_MAX_TILES = 14
_HOW_CHOICES = tuple(k.value for k in WinKind)
MAX_READINGS = 10_000
"""The most ``--readings`` prints; also how many readings past those it counts at most."""


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    analyze = commands.add_parser(
        "analyze",
        help="completeness, decompositions, waits and shanten of a concealed hand; with "
        "--variant, a winning hand's breakdown and score",
        description=(
            "Analyze a concealed hand (declared melds left out): whether it is complete (胡), "
            "its decompositions, its waits (听) and its shanten (向听). A hand of 3k+2 tiles "
            "that is not complete also gets the shanten and waits after each discard. "
            "With --variant, score a winning hand under that variant's rules instead: HAND is "
            "the concealed tiles with the winning tile (and any wildcard tiles), --melds the "
            "declared melds, and the context flags say how it was won."
        ),
    )
    analyze.add_argument("hand", help='tiles, e.g. "123m456p789s1155m", "一万 五筒 东" or "🀇🀈"')
    analyze.add_argument(
        "--wilds",
        default="0",
        metavar="N",
        help="wildcards (听用) held besides the tiles (0..14); with --variant yongshan, besides "
        "the wildcard tiles in HAND",
    )
    analyze.add_argument(
        "--readings",
        default="10",
        metavar="N",
        help=f"print at most N decompositions (0..{MAX_READINGS}, default 10); the rest are "
        f"counted, up to {MAX_READINGS:,} more",
    )
    analyze.add_argument(
        "--no-seven-pairs",
        dest="seven_pairs",
        action="store_false",
        help="do not accept seven pairs (七对) (not with --variant)",
    )
    analyze.add_argument(
        "--no-honors",
        dest="honors",
        action="store_false",
        help="a game without honors: wildcards stand only for suited tiles (not with --variant)",
    )
    scoring = analyze.add_argument_group("scoring a win (with --variant)")
    scoring.add_argument(
        "--variant", metavar="NAME", help="baoshan, sichuan, yongshan (or an alias)"
    )
    add_option_flag(scoring)
    scoring.add_argument(
        "--melds",
        default="",
        metavar="MELDS",
        help='declared melds, e.g. "P5m@1 A7p G2s@3" (peng from seat 1, concealed kong, kong '
        'from seat 3); Yongshan melds may hold wildcards: "G2s*1p@3"',
    )
    scoring.add_argument(
        "--tile", metavar="TILE", help="the winning tile (default: the last tile of HAND)"
    )
    scoring.add_argument(
        "--how", choices=_HOW_CHOICES, default="discard", help="how it was won (default discard)"
    )
    scoring.add_argument(
        "--indicator",
        metavar="TILE",
        help="Yongshan's 本金 tile; its wildcard kinds (听用) follow from the room's wildcards",
    )
    scoring.add_argument(
        "--kong-chain",
        default="0",
        metavar="N",
        help="kongs made in a row before a self-draw on the replacement (杠上花: 1..3)",
    )
    scoring.add_argument(
        "--after-kong", action="store_true", help="won on the discard right after a kong (杠上炮)"
    )
    scoring.add_argument("--ting", action="store_true", help="the winner declared 报听")
    scoring.add_argument("--first-turn", action="store_true", help="the first turn (天胡 / 地胡)")
    scoring.add_argument(
        "--shi-lao-tou", action="store_true", help="won by 十老头 (Baoshan, with honors)"
    )
    scoring.add_argument(
        "--pengs",
        default="",
        metavar="TILES",
        help="tiles other seats hold a peng of (绝张); the winner's own pengs count anyway",
    )
    scoring.add_argument("--seat", default="0", metavar="N", help="the winner's seat (default 0)")
    scoring.add_argument("--dealer", default="0", metavar="N", help="the dealer (default 0)")
    analyze.set_defaults(handler=run)


def run(args: argparse.Namespace) -> list[str]:
    if args.variant is not None:
        return analyze_win.score(args)
    scoring_flags = [
        flag
        for flag, used in (
            ("--option", args.options),
            ("--melds", args.melds),
            ("--tile", args.tile is not None),
            ("--indicator", args.indicator is not None),
            ("--pengs", args.pengs),
            ("--after-kong", args.after_kong),
            ("--ting", args.ting),
            ("--first-turn", args.first_turn),
            ("--shi-lao-tou", args.shi_lao_tou),
        )
        if used
    ]
    if scoring_flags:
        raise CliError(f"{scoring_flags[0]} scores a win: it needs --variant")
    return _detector(args)


# --- the win detector (no variant) ------------------------------------------------------------


def _detector(args: argparse.Namespace) -> list[str]:
    hand = TileCounts(args.hand)
    wilds = whole("--wilds", args.wilds, 0, _MAX_TILES)
    shown = whole("--readings", args.readings, 0, MAX_READINGS)
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
        lines.extend(readings_lines(hand, wilds, shown, options))
    lines.append(f"shanten: {shanten(hand, wilds, **options)}")
    if not complete:
        lines.append("discards:")
        lines.extend(_describe_discards(hand, wilds, options))
    return lines


def readings_lines(
    hand: TileCounts, wilds: int, shown: int, options: dict[str, bool]
) -> Iterator[str]:
    """``decompositions: K``, ``shown`` readings, and ``and K more``; past ``shown + 10,000``
    readings the count stops: ``more than K`` / ``and more than 10,000 more``.

    The readings shown come first in :func:`~mahjong_rules.wins.decompositions`' order among
    the ``shown + 10,001`` readings it is asked for (among all of them, when there are no more).
    """
    bound = shown + MAX_READINGS
    found = decompositions(hand, wilds, limit=bound + 1, **options)
    more = len(found) > bound
    yield f"decompositions: {f'more than {bound:,}' if more else f'{len(found):,}'}"
    yield from (f"  {d}" for d in found[:shown])
    if more:
        yield f"  and more than {MAX_READINGS:,} more"
    elif len(found) > shown:
        yield f"  and {len(found) - shown:,} more"


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
