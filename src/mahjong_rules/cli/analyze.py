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
import re

from mahjong_rules.cli.common import CliError, add_option_flag, make_rules, parse_options
from mahjong_rules.cli.log import breakdown_lines, tile_text, tiles_text
from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.errors import HandSizeError, InvalidHandError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.notation import parse_tiles
from mahjong_rules.scoring import WinContext, WinKind
from mahjong_rules.tiles import Tile
from mahjong_rules.variants import Rules
from mahjong_rules.variants.yongshan import YongshanOptions, lacks_a_suit, wild_kinds
from mahjong_rules.wins import decompositions, is_win, shanten, winning_tiles

__all__ = ["add_parser", "run"]

_MAX_TILES = 14
_WHOLE = re.compile(r"[0-9]+")
_HOW_CHOICES = tuple(k.value for k in WinKind)


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
    scoring.add_argument("--variant", metavar="NAME", help="baoshan, yongshan (or an alias)")
    add_option_flag(scoring)
    scoring.add_argument(
        "--melds", default="", metavar="MELDS", help='declared melds, e.g. "P5m@1 A7p G2s*1p@3"'
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


def _whole(flag: str, text: str, high: int) -> int:
    if not _WHOLE.fullmatch(text) or int(text) > high:
        raise CliError(f"{flag} must be a whole number 0..{high}, got {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> list[str]:
    if args.variant is not None:
        return _score(args)
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
    wilds = _whole("--wilds", args.wilds, _MAX_TILES)
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


# --- scoring a win under a variant --------------------------------------------------------------


def _one_tile(flag: str, text: str) -> Tile:
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise CliError(f"{flag} takes one tile, got {text!r}")
    return tiles[0]


def _context(args: argparse.Namespace, rules: Rules) -> tuple[WinContext, list[str]]:
    """The context of the win the flags describe, and the lines describing it."""
    if not args.seven_pairs or not args.honors:
        flag = "--no-seven-pairs" if not args.seven_pairs else "--no-honors"
        raise CliError(f"{flag} is for the win detector: with --variant the room's rules apply")
    written = parse_tiles(args.hand)
    concealed = TileCounts(written)
    melds = tuple(Meld.parse(text) for text in args.melds.split())
    Hand(concealed, melds)  # at most four of a tile across the hand and its melds
    tiles = [*written, *(t for m in melds for t in m.tiles)]
    if not rules.honors and any(t.is_honor for t in tiles):
        raise InvalidHandError(
            f"honors (z) are not played in this {rules.name} room"
            + (" (--option honors=true adds them)" if rules.name == "baoshan" else "")
        )
    extra = _whole("--wilds", args.wilds, _MAX_TILES)
    lines = [f"variant: {rules.name} ({rules.name_zh})"]
    kinds = TileSet()
    indicator = None
    if isinstance(rules.options, YongshanOptions):
        if args.indicator is not None:
            indicator = _one_tile("--indicator", args.indicator)
            if indicator.is_honor:  # wild_kinds raises a plain ValueError for it
                raise CliError(f"--indicator: a 本金 tile is suited, got {indicator}")
            kinds = wild_kinds(indicator, rules.options.wildcards)
            lines.append(
                f"本金 indicator: {tile_text(indicator)}; 听用 wildcards: {tiles_text(kinds)}"
            )
    elif args.indicator is not None or extra:
        flag = "--indicator" if args.indicator is not None else "--wilds"
        raise CliError(f"{flag}: {rules.name} has no wildcards")
    naturals = TileCounts(t for t in written if t not in kinds)
    wilds = len(written) - len(naturals) + extra
    size = len(naturals) + wilds + 3 * len(melds)
    if size != _MAX_TILES:
        raise HandSizeError(
            f"a winning hand has 14 tiles counting wildcards and 3 a meld, got {size}"
        )
    if not written:
        raise HandSizeError("the concealed hand holds no tile to win on")
    tile = written[-1] if args.tile is None else _one_tile("--tile", args.tile)
    if tile not in concealed:
        raise InvalidHandError(f"the winning tile {tile} is not in the hand {concealed}")
    if isinstance(rules.options, YongshanOptions) and not lacks_a_suit(naturals, melds):
        raise InvalidHandError(
            "not a Yongshan win: it holds 万, 筒 and 条 (缺一门 YS-WIN-1: a suit must be missing)"
        )
    pengs = {m.tile for m in melds if m.kind is MeldKind.PENG} | set(TileCounts(args.pengs))
    seat = _whole("--seat", args.seat, rules.players - 1)
    dealer = _whole("--dealer", args.dealer, rules.players - 1)
    how = WinKind(args.how)
    ctx = WinContext(
        concealed=naturals,
        melds=melds,
        winning_tile=tile,
        how=how,
        wilds=wilds,
        wild_kinds=kinds,
        indicator=indicator,
        kong_chain=_whole("--kong-chain", args.kong_chain, 4),
        after_kong=args.after_kong,
        declared_ting=args.ting,
        shi_lao_tou=args.shi_lao_tou,
        pengs_on_table=frozenset(pengs),
        seat=seat,
        dealer=dealer,
        first_turn=args.first_turn,
    )
    lines += [
        f"hand: {concealed}",
        f"melds: {' '.join(str(m) for m in melds) or '-'}",
        f"winning tile: {tile_text(tile)} ({how.value})",
        f"wilds: {wilds}",
    ]
    return ctx, lines


def _score(args: argparse.Namespace) -> list[str]:
    rules = make_rules(args.variant, parse_options(args.options))
    ctx, lines = _context(args, rules)
    breakdown = rules.score(ctx)
    if breakdown is None:
        raise InvalidHandError(f"not a complete hand: {ctx.concealed} with {ctx.wilds} wildcards")
    items = breakdown_lines(breakdown)
    lines.append("breakdown:")
    lines += items[: len(breakdown.items)]
    lines += [
        f"fan: {breakdown.fan}",
        f"capped fan: {breakdown.capped_fan}",
        f"points: {breakdown.points}",
    ]
    reading = breakdown.reading
    if reading is not None:
        lines.append(f"reading: {reading}")
        if reading.wilds:
            lines.append(f"wildcards stand for: {tiles_text(reading.wilds)}")
    return lines
