"""``analyze HAND --variant NAME``: a winning hand's breakdown and score under a variant's
rules, or why it is not a win there (:func:`~mahjong_rules.variants.explain.explain_win`)."""

from __future__ import annotations

import argparse

from mahjong_rules.cli.common import CliError, make_rules, parse_options, whole
from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.wall import shuffled_wall
from mahjong_rules.engine.wild_hooks import WildHooks
from mahjong_rules.errors import HandSizeError, InvalidHandError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.notation import parse_tiles
from mahjong_rules.scoring import WinContext, WinKind
from mahjong_rules.serial.check_phase import dealt_start
from mahjong_rules.tiles import Tile
from mahjong_rules.variants import Rules
from mahjong_rules.variants.explain import explain_win
from mahjong_rules.words.events import breakdown_lines, tile_text, tiles_text

__all__ = ["dealt_wild_kinds", "has_wildcards", "score"]

_MAX_TILES = 14
_DEALS = (0, 1, 2)
"""The seeds of the walls :func:`dealt_wild_kinds` deals."""


def has_wildcards(rules: Rules) -> bool:
    """Whether the variant has wildcards: it splits them off a hand (it overrides the
    contract's :meth:`~mahjong_rules.engine.wild_hooks.WildHooks.wilds_in`)."""
    return type(rules).wilds_in is not WildHooks.wilds_in


def dealt_wild_kinds(rules: Rules) -> TileSet:
    """The wildcard kinds of the room's hands when every deal gives the same ones (e.g. the
    red dragons of a game whose 红中 are wild), found by dealing a few walls; empty when
    they change from deal to deal (they follow a tile turned up: ``--indicator``)."""
    found = {
        dealt_start(rules, shuffled_wall(seed, tiles=rules.wall_tiles), 0).wild_kinds
        for seed in _DEALS
    }
    return found.pop() if len(found) == 1 else TileSet()


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
    extra = whole("--wilds", args.wilds, 0, _MAX_TILES)
    lines = [f"variant: {rules.name} ({rules.name_zh})"]
    kinds = TileSet()
    indicator = None
    kinds_of = getattr(rules.options, "wild_kinds", None)  # a room with 本金 and 听用
    if args.indicator is not None:
        if not callable(kinds_of):
            why = "has no 本金 indicator" if has_wildcards(rules) else "has no wildcards"
            raise CliError(f"--indicator: {rules.name} {why}")
        indicator = _one_tile("--indicator", args.indicator)
        if indicator.is_honor:  # wild_kinds raises a plain ValueError for it
            raise CliError(f"--indicator: a 本金 tile is suited, got {indicator}")
        kinds = TileSet(kinds_of(indicator))
        lines.append(f"本金 indicator: {tile_text(indicator)}; 听用 wildcards: {tiles_text(kinds)}")
    elif has_wildcards(rules):
        kinds = dealt_wild_kinds(rules)
        if kinds:
            lines.append(f"wildcards: {tiles_text(kinds)}")
    elif extra:
        raise CliError(f"--wilds: {rules.name} has no wildcards")
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
    pengs = {m.tile for m in melds if m.kind is MeldKind.PENG} | set(TileCounts(args.pengs))
    seat = whole("--seat", args.seat, 0, rules.players - 1)
    dealer = whole("--dealer", args.dealer, 0, rules.players - 1)
    how = WinKind(args.how)
    ctx = WinContext(
        concealed=naturals,
        melds=melds,
        winning_tile=tile,
        how=how,
        wilds=wilds,
        wild_kinds=kinds,
        indicator=indicator,
        kong_chain=whole("--kong-chain", args.kong_chain, 0, 3),
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


def score(args: argparse.Namespace) -> list[str]:
    """The lines of ``analyze --variant``: the context, then the breakdown; a hand that does
    not win raises :class:`~mahjong_rules.errors.InvalidHandError` saying why."""
    rules = make_rules(args.variant, parse_options(args.options))
    ctx, lines = _context(args, rules)
    why = explain_win(rules, ctx)
    if why is not None:
        raise InvalidHandError(f"not a win: {why}")
    breakdown = rules.score(ctx)
    if breakdown is None:  # pragma: no cover - explain_win said it scores
        raise InvalidHandError("not a win: the rules score no reading of it")
    items = breakdown_lines(breakdown, rules=rules)
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
