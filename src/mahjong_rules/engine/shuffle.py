"""The wall's shuffle: Fisher-Yates over a SHA-256 counter stream (DEAL-1).

:func:`~mahjong_rules.engine.wall.shuffled_wall` checks the seed and builds the key; this module
only draws. It is a plain function over ``bytes`` and a list, so that the compiled build
compiles it (``setup.COMPILED``): the shuffle was half of a new hand's time.

The stream: SHA-256 of ``key + str(counter)`` for counter 0, 1, 2, ..., each digest read as a
big-endian integer, joined low bits first (digest 0's lowest bit is the stream's first). Each
``j`` in ``range(i + 1)`` takes the stream's next ``(i + 1).bit_length()`` bits, drawn again while
``j > i`` (rejection sampling: no modulo bias). The stream is read 32 bits at a time, which draws
the same ``j`` as reading it whole and keeps every number small (a short integer, once compiled).
"""

from __future__ import annotations

from hashlib import sha256

from mahjong_rules.tiles import Tile

__all__ = ["shuffle_tiles"]

_DRAWS: tuple[tuple[int, int, int, int], ...] = tuple(
    (i, i + 1, (i + 1).bit_length(), (1 << (i + 1).bit_length()) - 1) for i in range(4 * 34)
)
"""Fisher-Yates' steps: ``(i, n, width, low)``, where ``j`` is drawn from ``range(n)`` with
``width`` bits of the stream, ``low`` their mask (every wall holds at most 136 tiles)."""
_WORD = 32
"""Bits the stream is read by; every ``width`` is less."""
_WORD_MASK = (1 << _WORD) - 1
_DIGEST_BITS = 256


def shuffle_tiles(key: bytes, tiles: list[Tile]) -> tuple[Tile, ...]:
    """``tiles`` shuffled in place by Fisher-Yates from the stream of ``key`` (see the module),
    as a tuple: for ``i`` from the last place down to 1, the tile at ``i`` changes places with
    the one at a ``j`` drawn from ``range(i + 1)``."""
    counter = 0
    digest = 0  # the digest being read, as an integer
    read = _DIGEST_BITS  # its bits read so far: all, so the first word reads a new digest
    pool = 0  # the stream's next bits, low bits first (fewer than _WORD + width of them)
    bits = 0
    for i, n, width, low in reversed(_DRAWS[1 : len(tiles)]):
        while True:
            if bits < width:  # one word is enough: width <= 8
                if read == _DIGEST_BITS:
                    digest = int.from_bytes(sha256(key + str(counter).encode()).digest(), "big")
                    counter += 1
                    read = 0
                pool |= (digest >> read & _WORD_MASK) << bits
                read += _WORD
                bits += _WORD
            j = pool & low
            pool >>= width
            bits -= width
            if j < n:
                break
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tuple(tiles)
