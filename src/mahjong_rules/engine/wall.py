"""Walls (牌墙, páiqiáng): building, shuffling from a seed, and checking explicit walls (DEAL-1).

The shuffle draws from a SHA-256 counter stream keyed on the seed's bytes, so a seed gives the
same wall on every platform and Python version (it does not depend on :mod:`random`'s
implementation, on ``hash()`` or on ``repr()``). A seed is an ``int`` (keyed on its decimal
digits), a ``str`` (keyed on ``b"str:"`` and its UTF-8 bytes, so ``"42"`` and ``42`` deal different
walls) or ``bytes`` (keyed on ``b"bytes:"`` and the bytes); anything else, ``bool`` and ``float``
included, raises :class:`~mahjong_rules.errors.WallError`, and so does a seed of more than
:data:`MAX_SEED_BYTES` bytes (an ``int`` of more than :data:`MAX_SEED_BYTES` digits).

>>> len(make_wall(honors=False)), len(make_wall(honors=True))
(108, 136)
>>> from mahjong_rules.counts import TileCounts
>>> len(make_wall(tiles=TileCounts.from_counts([4] * 27 + [0] * 6 + [4])))  # 112 tiles
112
>>> shuffled_wall(7, honors=False)[:5] == shuffled_wall(7, honors=False)[:5]
True
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.shuffle import shuffle_tiles
from mahjong_rules.errors import WallError
from mahjong_rules.notation import format_tiles
from mahjong_rules.tiles import Tile, all_tiles

__all__ = [
    "MAX_SEED_BYTES",
    "Seed",
    "check_wall",
    "full_wall_tiles",
    "make_wall",
    "seed_key",
    "shuffled_wall",
]

Seed = int | str | bytes
"""What a wall may be shuffled from."""

MAX_SEED_BYTES = 256
"""The longest seed: its key (an ``int``'s decimal digits, a ``str``'s UTF-8 bytes, the bytes
of a ``bytes`` seed) holds at most this many bytes."""


def full_wall_tiles(*, honors: bool) -> TileCounts:
    """Four of every tile kind: the 108 suited tiles, or 136 with honors (TILE-1), as counts
    (the default of :attr:`Hooks.wall_tiles <mahjong_rules.engine.hooks.Hooks.wall_tiles>`)."""
    return _FULL_COUNTS[honors]


def make_wall(*, honors: bool = False, tiles: TileCounts | None = None) -> tuple[Tile, ...]:
    """The wall's tiles in tile order, before shuffling: ``tiles`` (a game's
    :attr:`~mahjong_rules.engine.hooks.Hooks.wall_tiles`), or else four of every tile kind,
    108 tiles or 136 with ``honors`` (TILE-1)."""
    if tiles is None:
        return _WALLS[honors]
    found = _WALLS_OF.get(tiles.bits)
    if found is None:
        if len(_WALLS_OF) > 64:  # a few rooms' walls: bounded all the same
            _WALLS_OF.clear()
        found = _WALLS_OF[tiles.bits] = tuple(tiles)
    return found


_FULL_COUNTS = {h: TileCounts.from_counts([4] * 27 + [4 if h else 0] * 7) for h in (False, True)}
_WALLS = {h: tuple(_FULL_COUNTS[h]) for h in (False, True)}
"""The two walls of four of each kind, in tile order."""
_WALLS_OF: dict[int, tuple[Tile, ...]] = {}
"""Each other wall in tile order, by its counts' bits."""


def seed_key(seed: object) -> bytes:
    """The bytes the shuffle is keyed on, or :class:`~mahjong_rules.errors.WallError` for a
    value that is no seed.

    >>> seed_key(42), seed_key("42"), seed_key(b"42")
    (b'42', b'str:42', b'bytes:42')
    >>> seed_key(True)
    Traceback (most recent call last):
    ...
    mahjong_rules.errors.WallError: a seed is an int, a str or bytes, not bool: True
    """
    if isinstance(seed, int) and not isinstance(seed, bool):
        # bound the size before str(): a huge int would take long (or fail) to write out
        digits = str(abs(int(seed))) if seed.bit_length() <= 4 * MAX_SEED_BYTES else ""
        if not digits or len(digits) > MAX_SEED_BYTES:
            raise WallError(f"an int seed has at most {MAX_SEED_BYTES} digits")
        return str(int(seed)).encode()  # the decimal digits, as int seeds were always keyed
    if isinstance(seed, str):
        try:
            data = seed.encode("utf-8")
        except UnicodeEncodeError:
            raise WallError("a str seed must be valid Unicode text (no lone surrogates)") from None
        prefix = b"str:"
    elif isinstance(seed, bytes):
        data, prefix = bytes(seed), b"bytes:"
    else:
        shown = f": {seed!r}" if isinstance(seed, bool | float | complex | None) else ""
        raise WallError(f"a seed is an int, a str or bytes, not {type(seed).__name__}{shown}")
    if len(data) > MAX_SEED_BYTES:
        raise WallError(
            f"a {type(seed).__name__} seed holds at most {MAX_SEED_BYTES} bytes, got {len(data)}"
        )
    return prefix + data


def shuffled_wall(
    seed: Seed, *, honors: bool = False, tiles: TileCounts | None = None
) -> tuple[Tile, ...]:
    """The wall (:func:`make_wall` of ``honors`` or ``tiles``) shuffled by Fisher-Yates from
    ``seed`` (see :func:`seed_key`).

    The random integers come from SHA-256 of (seed key, counter): the digests, read as
    big-endian integers, are joined into one stream of bits, low bits first, and each
    ``j`` in ``range(i + 1)`` takes the stream's next ``(i + 1).bit_length()`` bits, drawn
    again while ``j > i`` (rejection sampling, no modulo bias).
    """
    return shuffle_tiles(seed_key(seed) + b":", list(make_wall(honors=honors, tiles=tiles)))


_TILE_TYPE = {Tile}
_FULL: dict[int, list[int]] = {c.bits: list(c.counts()) for c in _FULL_COUNTS.values()}
"""A whole wall's count of each kind index, by the bits of its counts."""


def check_wall(
    wall: Sequence[Tile], *, honors: bool = False, tiles: TileCounts | None = None
) -> tuple[Tile, ...]:
    """An explicit wall must hold exactly the game's tiles (else WallError): ``tiles`` (a
    game's :attr:`~mahjong_rules.engine.hooks.Hooks.wall_tiles`), or else four of every kind,
    with the honors when ``honors``."""
    wall = tuple(wall)
    if tiles is None:
        tiles = _FULL_COUNTS[honors]
    if len(wall) != tiles.size:
        raise WallError(f"a wall of this game has {tiles.size} tiles, got {len(wall)}")
    if set(map(type, wall)) != _TILE_TYPE and not all(isinstance(t, Tile) for t in wall):
        raise WallError("a wall holds Tile objects")
    counts = [0] * 34
    for t in wall:
        counts[t.index] += 1
    full = _FULL.get(tiles.bits)
    if full is None:
        full = list(tiles.counts())
    if counts == full:
        return wall
    for t in all_tiles():
        want = full[t.index]
        if counts[t.index] != want:
            raise WallError(
                f"the wall holds {counts[t.index]} of {t} ({t.name_zh}), expected {want}: "
                f"{format_tiles([t] * counts[t.index]) or 'none'}"
            )
    return wall
