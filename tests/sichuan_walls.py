"""A wall laid out for a robbed 补杠 (bǔgàng) in Sichuan 血战到底 (SC-GANG-3, SC-PAT-抢杠胡), for
``test_sichuan_play_properties.py``.

Yongshan's layout (``yongshan_walls.rob_wall``) lets seats waiting on the tile win on its first
discard, which in Sichuan takes the tile before any peng (SC-CLAIM-2), so this one has them wait
only after it. A tile X is chosen. The dealer holds one X, its only tile of X's suit: it declares
that suit void and sets X aside (the phase's default), so X is its first discard (SC-VOID-2).
The next seat holds two X and no tile of one suit (its void): it may peng X, and draws the fourth
X as its first tile after the peng, a promoted 补杠. Each of the other two seats most often
holds a hand of two suits one tile short of waiting on X, plus one tile of the third suit (set
aside, its first discard), and draws the tile it lacks first: by the 补杠 both may rob it.
"""

from __future__ import annotations

import random
from collections import Counter

from mahjong_rules import Tile, TileSet
from yongshan_walls import SUITED, SUITS, _draw_from, _ready_on

__all__ = ["sc_rob_wall"]


def _short_of_x(rng: random.Random, x: Tile, pool: Counter[Tile]) -> tuple[list[Tile], Tile]:
    """13 tiles one short of waiting on ``x`` with one tile of a third suit, and the tile they
    lack; or 13 random tiles and a random first draw."""
    ready = _ready_on(rng, x, pool, TileSet()) if rng.random() < 0.8 else None
    if ready is not None:
        lacking = ready.pop(rng.randrange(2, 13))
        used = {t.suit for t in ready}
        junk = [t for t in SUITED if t.suit not in used and pool[t]]
        if junk:
            pool[junk[0]] -= 1
            return [*ready, junk[0]], lacking
        ready.append(lacking)
        pool.update(ready)
    hand = _draw_from(rng, pool, 13, SUITS, TileSet())
    return hand, _draw_from(rng, pool, 1, SUITS, TileSet())[0]


def sc_rob_wall(seed: int, dealer: int) -> tuple[Tile, ...]:
    """The wall of the module's layout (dealer ``dealer``, four seats), the rest random."""
    rng = random.Random(seed)
    pool = Counter({t: 4 for t in SUITED})
    x = rng.choice(SUITED)
    pool[x] -= 4
    others = [u for u in SUITS if u is not x.suit]
    hands = {dealer: [x, *_draw_from(rng, pool, 13, others, TileSet())]}
    kept = [x.suit, rng.choice(others)]
    hands[(dealer + 1) % 4] = [x, x, *_draw_from(rng, pool, 11, kept, TileSet())]
    firsts = []
    for k in (2, 3):
        hands[(dealer + k) % 4], first = _short_of_x(rng, x, pool)
        firsts.append(first)
    rest = list(pool.elements())
    rng.shuffle(rest)
    dealt = [t for k in range(4) for t in hands[(dealer + k) % 4]]
    return (*dealt, *firsts, rest.pop(), x, *rest)
