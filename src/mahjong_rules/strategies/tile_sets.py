"""Strategies for tiles, tile multisets and walls: :func:`tiles`, :func:`tile_counts` and
:func:`walls`.

>>> from hypothesis import given
>>> @given(tile_counts(min_size=13, max_size=13, honors=False))
... def test_thirteen(counts):
...     assert len(counts) == 13 and max(counts.counts()) <= 4
>>> test_thirteen()
"""

from __future__ import annotations

from collections.abc import Collection

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from mahjong_rules.counts import TileCounts
from mahjong_rules.strategies._pools import (
    HAND_SIZE,
    copies,
    draw_from_pool,
    full_counts,
    kinds_of,
)
from mahjong_rules.tiles import Suit, Tile, all_tiles

__all__ = ["tile_counts", "tiles", "walls"]


def tiles(*, honors: bool = True, suits: Collection[Suit] | None = None) -> st.SearchStrategy[Tile]:
    """One tile kind (牌, pái), shrinking towards 1m.

    :param honors: allow the honors 东 南 西 北 白 发 中 (字牌, zìpái) when ``suits`` is not given.
    :param suits: draw only from these suits (:class:`~mahjong_rules.tiles.Suit`); include
        ``Suit.HONOR`` for honors. ``None`` means every suit (honors as ``honors`` says).
    """
    return st.sampled_from(kinds_of(honors, suits))


def tile_counts(
    *,
    min_size: int = 0,
    max_size: int = HAND_SIZE,
    honors: bool = True,
    suits: Collection[Suit] | None = None,
) -> st.SearchStrategy[TileCounts]:
    """A :class:`~mahjong_rules.counts.TileCounts` of ``min_size..max_size`` tiles.

    Never more than four of a kind: the tiles are distinct copies drawn from the full set of
    the allowed kinds, so examples shrink towards ``1111m2222m...``.

    :param min_size: fewest tiles.
    :param max_size: most tiles (at most four times the number of allowed kinds).
    :param honors: allow honor tiles (字牌, zìpái), as in :func:`tiles`.
    :param suits: restrict the tiles to these suits, as in :func:`tiles`.
    """
    kinds = kinds_of(honors, suits)
    if not 0 <= min_size <= max_size:
        raise InvalidArgument(f"need 0 <= min_size <= max_size, got {min_size}, {max_size}")
    if max_size > 4 * len(kinds):
        raise InvalidArgument(f"max_size={max_size} exceeds the {4 * len(kinds)} tiles available")
    remaining = full_counts(kinds)

    @st.composite
    def build(draw: st.DrawFn) -> TileCounts:
        return draw_from_pool(draw, remaining, min_size, max_size)

    return build()


def walls(
    *, honors: bool = False, players: int = 4, tiles: TileCounts | None = None
) -> st.SearchStrategy[tuple[Tile, ...]]:
    """A full shuffled wall (牌墙, páiqiáng): every tile's four copies in some order.

    108 tiles, or 136 with ``honors`` (有风, yǒu fēng; TILE-1), or a game's own wall
    (``tiles``, e.g. ``rules.wall_tiles``). The tile set is the same for 2, 3 or 4 ``players``
    (BS-PLAYERS-1, YS-TILES-1); the argument is checked (2..4) so that callers can pass a room's
    options straight through. Shrinks towards the sorted wall.

    :param honors: include the 28 honor tiles.
    :param players: number of players, 2, 3 or 4.
    :param tiles: the wall's tiles as counts (:attr:`Hooks.wall_tiles
        <mahjong_rules.engine.hooks.Hooks.wall_tiles>`); ``honors`` is then not read.
    """
    if players not in (2, 3, 4):
        raise InvalidArgument(f"players must be 2, 3 or 4, got {players}")
    if tiles is not None:
        return st.permutations(list(tiles)).map(tuple)
    return st.permutations(copies(full_counts(all_tiles(honors=honors)))).map(tuple)
