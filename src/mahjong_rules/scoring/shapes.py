"""Shape predicates shared by every variant's patterns (a reading is the decomposition scored).

Tiles are taken "as read": the natural tiles plus what each wildcard stands for in the reading,
with each declared meld counted as its tile.
"""

from __future__ import annotations

from mahjong_rules.scoring.context import WinContext
from mahjong_rules.tiles import Suit
from mahjong_rules.wins.types import GroupKind, WinForm

__all__ = ["all_pungs", "one_suit"]


def all_pungs(ctx: WinContext) -> bool:
    """Standard form with no chow in the reading (declared melds are pengs or kongs anyway):
    大对子 / 碰碰胡."""
    reading = ctx.reading
    if reading is None or reading.form is not WinForm.STANDARD:
        return False
    return all(group.kind is not GroupKind.CHOW for group in reading.groups)


def one_suit(ctx: WinContext) -> bool:
    """Every tile as read, melds included, of one of 万, 筒, 条 (no honors): 清一色."""
    if ctx.reading is None:
        return False
    suits = set(ctx.reading.tiles.suits()) | {meld.tile.suit for meld in ctx.melds}
    return len(suits) == 1 and Suit.HONOR not in suits
