"""What a scoring pattern may look at: :class:`WinContext`."""

from __future__ import annotations

import enum

import attrs

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import Tile
from mahjong_rules.wins.types import Decomposition

__all__ = ["WinContext", "WinKind"]


class WinKind(enum.Enum):
    """How a hand was won."""

    SELF_DRAW = "self_draw"
    """自摸 (zìmō): on the seat's own draw (including a kong replacement)."""
    DISCARD = "discard"
    """点炮 (diǎnpào): on another seat's discard."""
    ROB_KONG = "rob_kong"
    """抢杠 (qiǎnggàng): on the tile another seat added to its peng (补杠)."""
    CHA_JIAO = "cha_jiao"
    """查叫 (chájiào): not a real win; a ready hand scored at a draw game (流局)."""


@attrs.frozen(kw_only=True)
class WinContext:
    """Everything the patterns of a variant may use to score one winning hand.

    ``concealed`` includes the winning tile (and, for a real win, holds 3k+2 tiles counting
    wildcards). ``reading`` is the decomposition being scored; :func:`best_breakdown` fills it in
    for every reading and keeps the best (SCORE-3).
    """

    concealed: TileCounts
    """The concealed tiles, winning tile included, wildcard tiles excluded."""
    melds: tuple[Meld, ...] = ()
    """The winner's declared melds."""
    winning_tile: Tile
    """The tile the hand was completed with (also counted in ``concealed``)."""
    how: WinKind
    """How the hand was won: self-draw, on a discard, by robbing a kong, or scored by 查叫."""
    reading: Decomposition | None = None
    """The reading (decomposition) being scored; ``None`` until one is chosen."""
    wilds: int = 0
    """Wildcards in the concealed part (not in ``concealed``)."""
    wild_kinds: TileSet = attrs.field(factory=TileSet)
    """The tile kinds that are wildcards in this hand (empty in Baoshan)."""
    indicator: Tile | None = None
    """Yongshan's 本金 tile (turned up after the deal), ``None`` elsewhere."""
    kong_chain: int = 0
    """Kongs made in a row by the winner this turn before a self-draw on a replacement tile
    (杠上花: 1, 双杠杠上花: 2, 三杠杠上花: 3); 0 otherwise."""
    after_kong: bool = False
    """Won on the discarder's first discard after a kong (杠上炮)."""
    declared_ting: bool = False
    """The winner declared 报听 (来门报听)."""
    shi_lao_tou: bool = False
    """Won by 十老头 (ten honor discards)."""
    pengs_on_table: frozenset[Tile] = frozenset()
    """Tiles of which some seat (the winner included) holds a peng (碰) on the table."""
    seat: int = 0
    """The winner's seat."""
    dealer: int = 0
    """The dealer's (庄家, zhuāngjiā) seat."""
    first_turn: bool = False
    """The win came on the dealer's dealt 14 (天胡) or the dealer's first discard (地胡)."""

    @property
    def all_tiles(self) -> TileCounts:
        """Every natural tile of the hand: concealed plus the melds' natural copies."""
        total = self.concealed
        for meld in self.melds:
            total = total.add(meld.tile, meld.naturals)
        return total

    @property
    def is_concealed_hand(self) -> bool:
        """No peng and no exposed kong (a concealed kong 暗杠 is allowed): 门清 (ménqīng)."""
        return all(m.is_concealed for m in self.melds)
