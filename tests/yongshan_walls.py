"""Wall layouts for the Yongshan random-play property (``test_yongshan_play_properties.py``):
:func:`rob_wall` lays a wall out so that a 补杠 (bǔgàng) is often robbed (YS-PAT-抢杠胡) and
several seats wait on one discard (一炮多响, yī pào duō xiǎng)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from mahjong_rules import Suit, Tile, TileSet, all_tiles
from mahjong_rules.variants.yongshan import wild_kinds

__all__ = ["SUITED", "SUITS", "rob_wall"]

SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)
SUITED = tuple(t for t in all_tiles(honors=False))


def _tile(suit: Suit, rank: int) -> Tile:
    return Tile(suit.offset + rank - 1)


def _ready_on(
    rng: random.Random, x: Tile, pool: Counter[Tile], kinds: TileSet
) -> list[Tile] | None:
    """13 tiles of two suits (X's and another) waiting on ``x`` through a partial next to it
    (the first two tiles), holding no ``x`` and no wildcard, taken from ``pool``; ``None`` if
    the pool cannot give them."""
    for _ in range(50):
        other = rng.choice([suit for suit in SUITS if suit is not x.suit])
        suits = (x.suit, other)
        r = x.rank
        partials = [p for p in ((r - 1, r + 1), (r + 1, r + 2), (r - 2, r - 1)) if min(p) >= 1]
        a, b = rng.choice([p for p in partials if max(p) <= 9])
        hand = [_tile(x.suit, a), _tile(x.suit, b)]
        for _ in range(3):
            suit = rng.choice(suits)
            if rng.random() < 0.6:
                first = rng.randint(1, 7)
                hand += [_tile(suit, first + k) for k in range(3)]
            else:
                hand += [_tile(suit, rng.randint(1, 9))] * 3
        hand += [_tile(rng.choice(suits), rng.randint(1, 9))] * 2
        need = Counter(hand)
        if all(pool[t] >= k and t not in kinds for t, k in need.items()):
            pool.subtract(need)
            return hand
    return None


def _draw_from(
    rng: random.Random, pool: Counter[Tile], k: int, suits: Sequence[Suit], but: TileSet
) -> list[Tile]:
    """``k`` random tiles of ``suits`` but not of the kinds ``but``, taken from ``pool``."""
    tiles = [t for t in pool.elements() if t.suit in suits and t not in but]
    hand = rng.sample(tiles, k)
    pool.subtract(hand)
    return hand


def rob_wall(seed: int, players: int, dealer: int, wildcards: str) -> tuple[Tile, ...]:
    """A wall laid out so that a 补杠 is often robbed (YS-PAT-抢杠胡), by one seat or several.

    A tile X (not a wildcard kind) is chosen. The dealer holds one X, as its only tile of X's
    suit, so that a policy playing towards a win (定缺) discards it first; the next seat holds
    two, to peng it, and draws the fourth as its first tile after the peng, to add it (补杠);
    neither holds a wildcard (which would offer kongs instead).
    Each other seat most often holds 13 tiles of two suits waiting on X (so it may win on the
    dealer's X, several at once), or is one draw from it: one tile of a group is swapped for a
    tile of the third suit to discard, and the tile it lacks is its first draw after the peng.
    (With two players nobody waits on X.) The 本金 and the rest of the wall are random.
    """
    rng = random.Random(seed)
    pool = Counter({t: 4 for t in SUITED})
    indicator = rng.choice(SUITED)
    kinds = wild_kinds(indicator, wildcards)
    x = rng.choice([t for t in SUITED if t not in kinds and t != indicator])
    pool[indicator] -= 1
    pool[x] -= 4
    others = [u for u in SUITS if u is not x.suit]
    dealt = _draw_from(rng, pool, 13, others, kinds)
    hands = {dealer: [x, *dealt], (dealer + 1) % players: [x, x]}
    first_draws: list[Tile | None] = []  # after the peng: each other seat's, then the dealer's
    for k in range(2, players):
        ready = _ready_on(rng, x, pool, kinds) if rng.random() < 0.85 else None
        first_draws.append(None)
        hands[(dealer + k) % players] = ready or []
        if ready is None or rng.random() < 0.5:
            continue  # random, or waiting on X already (to win on the dealer's X: 一炮多响)
        lacking = ready.pop(rng.randrange(2, 13))
        used = {u.suit for u in ready} | {x.suit}
        junk = [t for t in SUITED if t.suit not in used and pool[t] and t not in kinds]
        if not junk:
            ready.append(lacking)
            continue
        pool[junk[0]] -= 1
        first_draws[-1] = lacking
        ready.append(junk[0])
    for seat, hand in hands.items():  # the dealer and the next seat hold no wildcard
        but = kinds if seat in (dealer, (dealer + 1) % players) else TileSet()
        hand += _draw_from(rng, pool, (14 if seat == dealer else 13) - len(hand), SUITS, but)
    rest = list(pool.elements())
    rng.shuffle(rest)
    draws = [rest.pop() if t is None else t for t in (*first_draws, None)]
    dealt = [t for k in range(players) for t in hands[(dealer + k) % players]]
    return (*dealt, indicator, *draws, x, *rest)
