"""Walls (牌墙, páiqiáng): building, shuffling from a seed, and checking explicit walls (DEAL-1).

The shuffle draws from a SHA-256 counter stream, so a seed gives the same wall on every platform
and Python version (it does not depend on :mod:`random`'s implementation or on ``hash()``).

>>> len(make_wall(honors=False)), len(make_wall(honors=True))
(108, 136)
>>> shuffled_wall(7, honors=False)[:5] == shuffled_wall(7, honors=False)[:5]
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from mahjong_rules.errors import WallError
from mahjong_rules.notation import format_tiles
from mahjong_rules.tiles import Tile, all_tiles

__all__ = ["check_wall", "make_wall", "shuffled_wall"]


def make_wall(*, honors: bool) -> tuple[Tile, ...]:
    """Four of every tile kind in tile order: 108 tiles, or 136 with honors (TILE-1)."""
    return tuple(t for t in all_tiles(honors=honors) for _ in range(4))


class _Stream:
    """Uniform integers from SHA-256 of (seed, counter)."""

    def __init__(self, seed: int | str) -> None:
        self._key = repr(seed).encode()
        self._counter = 0
        self._pool = 0
        self._bits = 0

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        width = n.bit_length()
        while True:
            while self._bits < width:
                block = hashlib.sha256(self._key + b":" + str(self._counter).encode()).digest()
                self._counter += 1
                self._pool |= int.from_bytes(block, "big") << self._bits
                self._bits += 256
            value = self._pool & ((1 << width) - 1)
            self._pool >>= width
            self._bits -= width
            if value < n:
                return value


def shuffled_wall(seed: int | str, *, honors: bool) -> tuple[Tile, ...]:
    """The wall shuffled by Fisher-Yates from ``seed``."""
    tiles = list(make_wall(honors=honors))
    stream = _Stream(seed)
    for i in range(len(tiles) - 1, 0, -1):
        j = stream.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tuple(tiles)


def check_wall(wall: Sequence[Tile], *, honors: bool) -> tuple[Tile, ...]:
    """An explicit wall must hold exactly the game's tiles, four of each (else WallError)."""
    wall = tuple(wall)
    expected = make_wall(honors=honors)
    if len(wall) != len(expected):
        raise WallError(f"a wall of this game has {len(expected)} tiles, got {len(wall)}")
    if not all(isinstance(t, Tile) for t in wall):
        raise WallError("a wall holds Tile objects")
    if sorted(wall) != list(expected):
        counts: dict[Tile, int] = {}
        for t in wall:
            counts[t] = counts.get(t, 0) + 1
        for t in all_tiles():
            have = counts.get(t, 0)
            want = 4 if t in expected else 0
            if have != want:
                raise WallError(
                    f"the wall holds {have} of {t} ({t.name_zh}), expected {want}: "
                    f"{format_tiles([t] * have) or 'none'}"
                )
    return wall
