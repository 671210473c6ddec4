"""dcmshi's deal from a seed, and the maps between its table and the library's.

dcmshi/sichuan-mahjong (MIT, notice in ``tests/data/dcmshi/LICENSE``) takes no explicit wall: it
shuffles from the hand's seed string. This module works that deal out again, following the steps
written in ../shared/SICHUAN.md, "Comparing with dcmshi/sichuan-mahjong hand for hand":

- the seed hash (种子, zhǒngzi): h = 31·h + c mod 2³² over the seed's UTF-16 code units;
- the generator: four state words chained by splitmix32 from h, then xoshiro128**, and
  ``next_int(n)`` = the next output mod n;
- the wall (牌墙, páiqiáng): dcmshi tile ids 0..107 (id = kind·4 + copy) shuffled by Fisher–Yates
  from i = 107 down to 1;
- the dice (骰子, tóuzi) on a stream of their own (seed + ``":dice"``): the seating throw for the
  dealer (庄家, zhuāngjiā) unless one is pinned, then the break (开门, kāimén), which turns the
  wall left by an offset.

Seats go the other way round in dcmshi (its turn passes from d to d − 1), so library seat k of a
hand dealt with library dealer 0 is dcmshi seat (E − k) mod 4, E being dcmshi's dealer; the
library's explicit wall (DEAL-1) is built so that every seat holds the same tiles and both
engines draw the same ones in the same order (SC-DEAL-1).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from mahjong_rules.tiles import Tile

__all__ = [
    "SEATS",
    "TILES",
    "Deal",
    "Rng",
    "dcmshi_hands",
    "dcmshi_seat",
    "deal",
    "library_seat",
    "library_wall",
    "seed_hash",
    "shuffled_ids",
    "swap_direction",
    "swap_target",
    "swapped_hands",
    "tile_of",
]

SEATS = 4
"""dcmshi plays four seats, always (SC-TILES-1)."""
TILES = 108
"""dcmshi's wall: 27 kinds, four copies each, no honors (SC-TILES-1)."""
_WORD = 0xFFFFFFFF
_DEALT = 13


def seed_hash(seed: str) -> int:
    """The seed's 32-bit hash: h ← 31·h + c (mod 2³²) over its UTF-16 code units.

    JavaScript strings are UTF-16, so a character outside the Basic Multilingual Plane counts as
    its two surrogates, and a lone surrogate (which JSON can carry) as itself.

    >>> seed_hash(""), seed_hash("a"), seed_hash("ab")
    (0, 97, 3105)
    """
    data = seed.encode("utf-16-le", "surrogatepass")
    h = 0
    for i in range(0, len(data), 2):
        h = (31 * h + (data[i] | data[i + 1] << 8)) & _WORD
    return h


def _splitmix32(h: int) -> int:
    z = (h + 0x9E3779B9) & _WORD
    z = ((z ^ (z >> 16)) * 0x85EBCA6B) & _WORD
    z = ((z ^ (z >> 13)) * 0xC2B2AE35) & _WORD
    return z ^ (z >> 16)


class Rng:
    """dcmshi's seeded generator: xoshiro128** with its state expanded from the seed hash."""

    def __init__(self, seed: str) -> None:
        words = [_splitmix32(seed_hash(seed))]
        for _ in range(3):
            words.append(_splitmix32(words[-1]))
        self._s = words

    def next(self) -> int:
        """The next 32-bit output."""
        s = self._s
        x = (s[1] * 5) & _WORD
        out = ((((x << 7) | (x >> 25)) & _WORD) * 9) & _WORD
        t = (s[1] << 9) & _WORD
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = ((s[3] << 11) | (s[3] >> 21)) & _WORD
        return out

    def next_int(self, n: int) -> int:
        """A number in ``range(n)``: the next output mod ``n`` (with dcmshi's modulo bias)."""
        return self.next() % n

    def die(self) -> int:
        """One die, 1..6."""
        return self.next_int(6) + 1


def shuffled_ids(seed: str) -> list[int]:
    """dcmshi's wall before the break: ids 0..107 shuffled by Fisher–Yates from ``seed``."""
    rng = Rng(seed)
    ids = list(range(TILES))
    for i in range(TILES - 1, 0, -1):
        j = rng.next_int(i + 1)
        ids[i], ids[j] = ids[j], ids[i]
    return ids


def _seating_throw(dice: Rng) -> int:
    """Every contender throws two dice (in dcmshi seat order); the highest sum is dealer; ties
    throw again among themselves, four rounds at most, then the lowest seat (SC-DEALER-1)."""
    contenders = list(range(SEATS))
    for _ in range(4):
        sums = {seat: dice.die() + dice.die() for seat in contenders}
        best = max(sums.values())
        contenders = [seat for seat in contenders if sums[seat] == best]
        if len(contenders) == 1:
            break
    return contenders[0]


def _break_offset(dice: Rng, dealer: int) -> int:
    """The dealer's throw for the break: the sum names the wall (counted from the dealer), the
    lower die the indent; the result is how far the wall turns left."""
    a, b = dice.die(), dice.die()
    wall_seat = (dealer - (a + b - 1) % SEATS) % SEATS
    stacks = TILES // SEATS
    return (stacks * ((SEATS - wall_seat) % SEATS) + stacks - 2 * min(a, b)) % TILES


@attrs.frozen
class Deal:
    """What dcmshi's ``createGame`` makes of a seed: its dealer and its wall after the break."""

    dealer: int
    """dcmshi's dealer seat."""
    wall: tuple[int, ...]
    """The 108 dcmshi tile ids in wall order: seat i holds wall[13i .. 13i + 12], the dealer
    also wall[52]; draws take wall[53] onwards, replacements wall[107] downwards."""


def deal(seed: str, dealer: int | None = None) -> Deal:
    """dcmshi's deal of ``seed``: the seating throw when ``dealer`` is ``None``, else that
    dealer pinned; then the break and the shuffle."""
    dice = Rng(seed + ":dice")
    east = _seating_throw(dice) if dealer is None else dealer
    offset = _break_offset(dice, east)
    ids = shuffled_ids(seed)
    return Deal(east, tuple(ids[offset:] + ids[:offset]))


def dcmshi_hands(wall: Sequence[int], dealer: int) -> tuple[tuple[int, ...], ...]:
    """Each dcmshi seat's dealt ids (by dcmshi seat, sorted): the seat's block of 13, and the
    dealer's 14th, wall[52]."""
    hands = [sorted(wall[_DEALT * i : _DEALT * i + _DEALT]) for i in range(SEATS)]
    hands[dealer] = sorted([*hands[dealer], wall[_DEALT * SEATS]])
    return tuple(tuple(hand) for hand in hands)


def tile_of(tile_id: int) -> Tile:
    """The library tile of a dcmshi id: kind = id div 4 (1m..9m, 1p..9p, 1s..9s), the copy
    dropped (the library has no copy identities)."""
    if tile_id.__class__ is not int or not 0 <= tile_id < TILES:
        raise ValueError(f"a dcmshi tile id is an int 0..{TILES - 1}, got {tile_id!r}")
    return Tile(tile_id // 4)


def library_seat(seat: int, dealer: int) -> int:
    """The library seat (library dealer 0) of dcmshi ``seat`` when dcmshi's dealer is
    ``dealer``: (dealer − seat) mod 4. The map is its own inverse (see :func:`dcmshi_seat`)."""
    return (dealer - seat) % SEATS


def dcmshi_seat(seat: int, dealer: int) -> int:
    """The dcmshi seat of library ``seat`` (library dealer 0): (dealer − seat) mod 4."""
    return (dealer - seat) % SEATS


def library_wall(dealer: int, wall: Sequence[int]) -> tuple[Tile, ...]:
    """The explicit library wall (DEAL-1, library dealer 0) that deals as dcmshi ``wall`` does:
    dcmshi dealer's 13 and wall[52], then the blocks of dcmshi seats dealer − 1, − 2, − 3, then
    wall[53 ..] unchanged (so the draws and the replacements are the same tiles)."""
    if len(wall) != TILES or sorted(wall) != list(range(TILES)):
        raise ValueError("a dcmshi wall holds each id 0..107 once")
    order = [*wall[_DEALT * dealer : _DEALT * dealer + _DEALT], wall[_DEALT * SEATS]]
    for k in range(1, SEATS):
        block = dcmshi_seat(k, dealer) * _DEALT
        order += wall[block : block + _DEALT]
    order += wall[_DEALT * SEATS + 1 :]
    return tuple(tile_of(i) for i in order)


def swap_direction(seed: str) -> str:
    """换三张 (huàn sān zhāng) "random" direction of dcmshi (SC-SWAP-2): the seed hash's parity,
    even → ``"to_next"`` (下家, xiàjiā; dcmshi "ccw"), odd → ``"to_previous"`` (上家, shàngjiā;
    dcmshi "cw")."""
    return "to_previous" if seed_hash(seed) & 1 else "to_next"


def swap_target(seat: int, direction: str) -> int:
    """The dcmshi seat that receives dcmshi ``seat``'s three tiles: its next seat in play
    (d − 1) for ``"to_next"``, its previous one (d + 1) for ``"to_previous"``, across for
    ``"opposite"``."""
    step = {"to_next": SEATS - 1, "to_previous": 1, "opposite": 2}.get(direction)
    if step is None:
        raise ValueError(f"no swap direction {direction!r}")
    return (seat + step) % SEATS


def swapped_hands(
    hands: Sequence[Sequence[int]], chosen: Sequence[Sequence[int]], direction: str
) -> tuple[tuple[int, ...], ...]:
    """dcmshi seats' hands (sorted ids) after 换三张: each gives its ``chosen`` three to
    :func:`swap_target` and takes the three given to it (SC-SWAP-1)."""
    after = [[t for t in hand if t not in chosen[seat]] for seat, hand in enumerate(hands)]
    for seat in range(SEATS):
        after[swap_target(seat, direction)] += chosen[seat]
    return tuple(tuple(sorted(hand)) for hand in after)
