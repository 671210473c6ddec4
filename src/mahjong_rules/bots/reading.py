"""What a bot reads of the table from its own view: the tiles it has not seen, and the danger
of a discard.

Everything here is computed from one seat's :class:`~mahjong_rules.engine.view.View` alone:
the seat's own concealed tiles, every seat's ponds (河, hé) and melds face up, the hands shown
on winning, the wildcard kinds and the public records of the variant (a 报听, bàotīng,
declaration; Sichuan's void suits once turned up; Yongshan's 本金, běnjīn, tile). Never the
wall nor another seat's concealed tiles, so that what a bot decides from it is what the
seat's player could decide.

>>> from mahjong_rules import get_variant
>>> rules = get_variant("sichuan")
>>> view = rules.view(rules.new_hand(seed=3), 0)
>>> unseen = unseen_counts(view)
>>> len(unseen), all(0 <= n <= 4 for n in unseen)
(34, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from mahjong_rules.engine.view import View
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Suit, Tile

__all__ = ["Threat", "danger", "threats", "unseen_counts"]

_KINDS = 34
"""Tile kinds: 27 suited (万 筒 条, 1..9) and 7 honors."""
_SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)
_MELD_SIZE = {
    MeldKind.PENG: 3,
    MeldKind.ZHI_GANG: 4,
    MeldKind.BU_GANG: 4,
    MeldKind.AN_GANG: 4,
}
_CLAIMED = frozenset({MeldKind.PENG, MeldKind.ZHI_GANG, MeldKind.BU_GANG})
"""Melds one of whose tiles is a discard, already counted in the discarder's pond."""


def unseen_counts(view: View) -> list[int]:
    """By tile kind (its index, 0..33): how many of its four tiles the viewer has not seen,
    so might still draw or be dealt in by: four less those in its own concealed hand, in
    every pond, in every meld face up (a claimed tile counted once), in the hands shown on
    winning, and Yongshan's 本金 tile turned up (out of play). Never below 0."""
    seen = [0] * _KINDS
    for tile in view.concealed:
        seen[tile.index] += 1
    for seat in view.seats:
        if seat.seat != view.seat and seat.hand is not None:
            for tile in seat.hand:
                seen[tile.index] += 1
        for tile in seat.discards:
            seen[tile.index] += 1
        for meld in seat.melds:
            naturals = _MELD_SIZE[meld.kind] - len(meld.wild_tiles)
            if meld.kind in _CLAIMED:
                naturals -= 1  # the claimed discard is already in its discarder's pond
            seen[meld.tile.index] += max(0, naturals)
            for wild in meld.wild_tiles:
                seen[wild.index] += 1
    indicator = getattr(view.variant, "indicator", None)
    if isinstance(indicator, Tile):
        seen[indicator.index] += 1
    return [max(0, 4 - n) for n in seen]


@attrs.frozen
class Threat:
    """Another seat that may be ready (听牌, tīngpái) and win on the viewer's discard."""

    seat: int
    """The seat."""
    weight: int
    """How sure the viewer is that it is ready: 3 declared 报听; 2 two or more melds face up
    (few tiles left in its hand); 1 late in the hand (a seat that has discarded many times)."""
    safe_suit: int | None
    """A suit (0 万, 1 筒, 2 条) it cannot win on: its void suit made public (Sichuan's 定缺,
    SC-VOID-3), else ``None``."""
    pond: frozenset[int]
    """The kinds (indices) it discarded itself."""


def _declared(view: View, seat: int) -> bool:
    """Whether the view shows ``seat`` as having declared ready (any room's ``ting`` record)."""
    table = getattr(view.variant, "ting", None)
    if not isinstance(table, tuple) or not 0 <= seat < len(table):
        return False
    return bool(table[seat])


def _public_void(view: View, seat: int) -> int | None:
    voids = getattr(view.variant, "voids", None)
    if not isinstance(voids, tuple) or not 0 <= seat < len(voids):
        return None
    suit = voids[seat]
    return _SUITS.index(suit) if suit in _SUITS else None


def threats(view: View, late: int = 8) -> list[Threat]:
    """The other seats still playing that may be ready, each with its :attr:`Threat.weight`
    (those of weight 0, with no sign of being ready, are left out). A seat counts as late
    once it has discarded ``late`` tiles."""
    out = []
    for seat in view.seats:
        if seat.seat == view.seat or seat.won:
            continue
        if _declared(view, seat.seat):
            weight = 3
        elif len(seat.melds) >= 2:
            weight = 2
        elif len(seat.discards) >= late:
            weight = 1
        else:
            continue
        pond = frozenset(tile.index for tile in seat.discards)
        out.append(Threat(seat.seat, weight, _public_void(view, seat.seat), pond))
    return out


def danger(tile: Tile, found: Sequence[Threat], unseen: Sequence[int]) -> int:
    """How dangerous discarding ``tile`` is against the seats ``found`` (lower is safer): for
    each, 0 if it cannot win on the tile (its public void suit), else its weight times a
    tile factor: 1 for a tile it discarded itself, or a kind with no copy unseen; 2 for an
    honor, a 1 or a 9; 3 for a 2 or an 8; 4 for a 3 to 7."""
    total = 0
    for threat in found:
        if tile.is_honor:
            factor = 1 if unseen[tile.index] == 0 else 2
        elif threat.safe_suit == tile.index // 9:
            continue
        elif tile.index in threat.pond or unseen[tile.index] == 0:
            factor = 1
        elif tile.rank in (1, 9):
            factor = 2
        elif tile.rank in (2, 8):
            factor = 3
        else:
            factor = 4
        total += threat.weight * factor
    return total
