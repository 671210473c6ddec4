"""Hands of 红中麻将 built by hand, through the public contract alone: the room looked up by
name, walls laid out for the deal, and actions played from their text form."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pytest

from mahjong_rules import State, UnknownVariantError, get_variant, parse_action
from mahjong_rules.notation import parse_tiles
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.base import Rules

__all__ = ["INSTALL", "QUIET", "deal", "hongzhong", "make_wall", "play"]

INSTALL = "pip install ./examples/hongzhong_variant"

QUIET = {  # three hands of the other seats, far from ready and holding no pair
    1: "2468m2468p2468s3m",
    2: "1357m3579p3579s1s",
    3: "2468m2468p2468s4p",
}


def hongzhong(**options: object) -> Rules:
    """A 红中麻将 room, found by name; a clear failure when the package is not installed."""
    try:
        return get_variant("hongzhong", **options)
    except UnknownVariantError:
        pytest.fail(f"the 红中麻将 plugin is not installed: run `{INSTALL}` (CI does)")


def _tiles(text: str) -> list[Tile]:
    return list(parse_tiles(text)) if text else []


def make_wall(
    rules: Rules, hands: Mapping[int, str], draws: str = "", end: str = ""
) -> tuple[Tile, ...]:
    """The room's whole wall dealing ``hands`` (seat 0 deals: 14 tiles, then each seat 13 in
    play order; ``ValueError`` for another count), then ``draws`` in order; ``end`` is the
    wall's last tiles, in wall order (the birds, and the kongs' replacements from the last one
    back). The tiles named nowhere fill the middle in tile order."""
    dealt = [_tiles(hands[seat]) for seat in range(len(hands))]
    if [len(tiles) for tiles in dealt] != [14] + [13] * (len(hands) - 1):
        raise ValueError(f"deal 14 tiles to seat 0, 13 to each other: {dict(hands)}")
    named = [t for tiles in dealt for t in tiles]
    front, back = [*named, *_tiles(draws)], _tiles(end)
    left = Counter({t: rules.wall_tiles.count(t) for t in all_tiles(honors=True)})
    left.subtract(front + back)
    if min(left.values()) < 0:
        raise ValueError(f"more copies named than the wall holds: {-left}")
    filler = [t for t in all_tiles(honors=True) for _ in range(left[t])]
    return (*front, *filler, *back)


def deal(rules: Rules, hands: Mapping[int, str], draws: str = "", end: str = "") -> State:
    """A new hand dealt from :func:`make_wall`'s wall, seat 0 the dealer."""
    return rules.new_hand(wall=make_wall(rules, hands, draws, end), dealer=0)


def play(rules: Rules, state: State, script: str) -> State:
    """``state`` after the actions of ``script``, in their text form separated by ``;``
    (``"0 discard 5m; 1 peng"``), each checked legal first."""
    for text in script.split(";"):
        action = parse_action(text.strip())
        legal = rules.legal_actions(state, action.seat)
        assert action in legal, f"{action} is not legal: {[str(a) for a in legal]}"
        state = rules.apply(state, action)
    return state
