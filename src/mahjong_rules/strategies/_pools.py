"""Tile pools the strategies draw from: the kinds allowed, every copy left, argument checks.

Private to :mod:`mahjong_rules.strategies`: the strategies draw distinct physical copies from a
pool of four of every allowed kind, so no example ever holds a fifth copy and examples shrink
towards the first copies (1m 1m 1m ...).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from mahjong_rules.counts import TileCounts
from mahjong_rules.tiles import Suit, Tile, all_tiles

__all__ = [
    "HAND_SIZE",
    "MAX_MELDS",
    "WildsSpec",
    "check_melds",
    "copies",
    "draw_from_pool",
    "full_counts",
    "kinds_of",
    "wilds_strategy",
]

WildsSpec = int | range | st.SearchStrategy[int]
"""How many wildcards: a fixed number, a ``range`` to pick from, or a strategy of ints."""

HAND_SIZE = 14
"""Tiles in a hand in turn (declared melds counted as three each)."""
MAX_MELDS = 4
"""Most declared melds (碰 or 杠) a hand can hold."""


def kinds_of(honors: bool, suits: Collection[Suit] | None) -> tuple[Tile, ...]:
    """The tile kinds allowed by ``honors`` and ``suits``; see :func:`tiles`."""
    if suits is None:
        return all_tiles(honors=honors)
    chosen = frozenset(suits)
    if not chosen:
        raise InvalidArgument("suits must name at least one suit")
    if Suit.HONOR in chosen and not honors:
        raise InvalidArgument("suits includes Suit.HONOR but honors=False")
    return tuple(t for t in all_tiles() if t.suit in chosen)


def full_counts(kinds: Sequence[Tile]) -> list[int]:
    """34 counts with four of every allowed kind and none of the others."""
    counts = [0] * 34
    for tile in kinds:
        counts[tile.index] = 4
    return counts


def copies(remaining: Sequence[int]) -> list[Tile]:
    """Every physical copy left, in tile order (the multiset drawn from)."""
    return [tile for tile in all_tiles() for _ in range(remaining[tile.index])]


def draw_from_pool(
    draw: st.DrawFn, remaining: Sequence[int], min_size: int, max_size: int
) -> TileCounts:
    """Draw a sub-multiset of ``remaining`` by choosing distinct copies (shrinks to 1m 1m ...)."""
    pool = copies(remaining)
    if max_size > len(pool):
        raise InvalidArgument(f"cannot draw {max_size} tiles from {len(pool)} available")
    if not pool:
        return TileCounts()
    picks = draw(
        st.lists(st.integers(0, len(pool) - 1), min_size=min_size, max_size=max_size, unique=True)
    )
    return TileCounts(sorted(pool[i] for i in picks))


def wilds_strategy(wilds: WildsSpec) -> st.SearchStrategy[int]:
    """Normalize a :data:`WildsSpec` into a strategy of ints."""
    if isinstance(wilds, bool):
        raise InvalidArgument("wilds must be an int, a range or a strategy, not a bool")
    if isinstance(wilds, int):
        if wilds < 0:
            raise InvalidArgument(f"wilds must not be negative, got {wilds}")
        return st.just(wilds)
    if isinstance(wilds, range):
        if len(wilds) == 0 or min(wilds) < 0:
            raise InvalidArgument(f"wilds range must be non-empty and non-negative, got {wilds}")
        return st.sampled_from(wilds)
    if isinstance(wilds, st.SearchStrategy):
        return wilds
    raise InvalidArgument(f"wilds must be an int, a range or a strategy, not {wilds!r}")


def check_melds(melds: int) -> None:
    """Raise :class:`~hypothesis.errors.InvalidArgument` unless ``melds`` is 0..4."""
    if not 0 <= melds <= MAX_MELDS:
        raise InvalidArgument(f"melds must be 0..{MAX_MELDS}, got {melds}")
