"""A process that plays hand after hand keeps its memory flat once warmed up (issue 34, s.3).

A long-running server plays thousands of hands in one process, so no memo of the library may
grow with the hands played: each is bounded by design (a table of fixed size, or an LRU memo of
a few hundred keys) or its answers are worked out when asked. Sichuan's 换三张 memos once kept
every pattern of every hand met (up to 16,384 entries a seat, then cleared): a process grew by
about 2 KiB a hand, 5.6 MiB over 3,000 random hands, still rising.

Each test plays hands in this process under :mod:`tracemalloc`: it fills the tables of fixed
size to their bound (as thousands of hands would, :func:`_fill_fixed_tables`), warms up with a
few hands, then plays a measured stretch of new hands (other seeds) and asserts the memory
traced at its end exceeds that at its start by at most a small budget per hand
(:data:`BYTES_PER_HAND`): memos of a few hundred keys still settle, hence a budget rather than
zero; a memo that keeps something per hand exceeds it many times over. The quick tests measure
200 hands of one room of each game; the slow ones (``-m slow``) 1,000 in each of ten rooms,
and 150 with GreedyBot at every seat.
"""

from __future__ import annotations

import gc
import itertools
import random
import tracemalloc
from typing import Any

import pytest

from mahjong_rules import MeldKind, TileCounts, TileSet, get_variant
from mahjong_rules.bots import GreedyBot
from mahjong_rules.engine import edit
from mahjong_rules.tiles import Suit, all_tiles, suited_tiles
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.sichuan.answers import swap_answers, void_answers
from mahjong_rules.variants.sichuan.play import _gang as sichuan_gang
from mahjong_rules.variants.yongshan.best_reading import _suit_fits
from mahjong_rules.variants.yongshan.hands import wild_choices

QUICK_ROOMS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("baoshan", {}),
    ("yongshan", {"wildcards": "double"}),
    ("sichuan", {"swap_three": True}),
)
"""One room of each game, the one whose memos grew fastest."""
ROOMS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("baoshan", {}),
    ("baoshan", {"honors": True}),
    ("baoshan", {"bao_ting": True, "buy_points": "live", "pass_hu": "yongshan"}),
    ("baoshan", {"players": 3, "dealer_dealt_win": False}),
    ("yongshan", {}),
    ("yongshan", {"wildcards": "double"}),
    ("yongshan", {"players": 2, "wild_reading": "any", "meld_wilds": "any"}),
    ("sichuan", {}),
    ("sichuan", {"swap_three": True}),
    ("sichuan", {"swap_three": True, "void_discard": "lenient", "hua_zhu": True}),
)
"""Every game, and the rooms whose options bring memos of their own into play."""
BYTES_PER_HAND = 400
"""The most a hand may add once warmed up, on average over the stretch measured: the old 换三张
memos added about 4,600 (200 hands after 50); now Yongshan 双听用 adds about 170 (its memos
of a few hundred keys still settling), the other rooms under 20."""


def _random_hand(rules: Rules, seed: int) -> None:
    """One hand to its end, a seeded random legal action at each step."""
    rng = random.Random(seed)
    state = rules.new_hand(seed=seed)
    while rules.result(state) is None:
        seat = rng.choice(sorted(rules.to_act(state)))
        state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))


def _greedy_hand(rules: Rules, seed: int, bot: GreedyBot) -> None:
    """One hand to its end, GreedyBot at every seat (the lowest seat asked acts)."""
    state = rules.new_hand(seed=seed)
    while rules.result(state) is None:
        state = bot.act(rules, state, min(rules.to_act(state)))


def _fill_fixed_tables() -> None:
    """Fill the library's tables of fixed size to their bound, as thousands of hands would:
    the engine's shared discard actions (per seat, suit and kinds held: 4 x 3 x 512 + 4 x 128
    rows), the kinds of each pattern of a suit (4 x 512), the events of an unclaimed discard
    and the next draw (4 x 4 x 34 x 34 pairs), Sichuan's shared 换三张, 定缺 and kong actions
    (4 x 3 x 165, 4 x 30, 4 x 27 x 3) and its three distinct ranks of each set of kinds held
    (512), and Yongshan's memos of one suit's readings and of the wildcards a meld may use
    (256 keys each, the oldest dropped). What grows after this and a few hands is what the
    hands played leave behind."""
    tiles = all_tiles(honors=True)
    for seat in range(4):
        for part, kinds in enumerate((9, 9, 9, 7)):
            for mask in range(1, 1 << kinds):
                lanes = sum(1 << 3 * (9 * part + r) for r in range(kinds) if mask >> r & 1)
                edit.held_discards(seat, lanes)
                TileCounts._make(lanes, 0).kinds()  # the kinds of each pattern (4 x 512)
        for discarder in range(4):
            for tile in tiles:
                for drawn in tiles:
                    edit.discard_and_draw(discarder, tile, seat, drawn)
        for suit in (Suit.MAN, Suit.PIN, Suit.SOU):
            threes = TileCounts([t for t in suited_tiles(suit) for _ in range(3)])
            swap_answers(seat, threes)
            void_answers(seat, threes)
            void_answers(seat, TileCounts())
            for tile in suited_tiles(suit):
                for kind in (MeldKind.ZHI_GANG, MeldKind.BU_GANG, MeldKind.AN_GANG):
                    sichuan_gang(seat, tile, kind)
    man = suited_tiles(Suit.MAN)
    for mask in range(1, 512):  # the distinct ranks' triples of each set of kinds held
        swap_answers(0, TileCounts([man[r] for r in range(9) if mask >> r & 1]))
    for k in range(_suit_fits.cache_info().maxsize or 0):  # Yongshan's readings' LRU memo
        _suit_fits(tuple(k >> r & 1 for r in range(9)), tuple([4] * 9), 1)
    for pair in ("1s2s", "3s4s", "5s6s"):  # Yongshan's wildcard choices (the last 256 kept)
        wilds = TileSet(pair)
        for a, b, n in itertools.product(range(5), range(5), range(1, 5)):
            wild_choices(TileCounts(pair[:2] * a + pair[2:] * b), wilds, n)


def _growth(play: Any, warm: int, hands: int) -> int:
    """Bytes traced after ``hands`` hands beyond those traced before them, after the tables
    of fixed size are filled and ``warm`` hands played (``play(seed)`` plays one; the
    measured seeds are new ones). Tracing starts before the warm-up: a memo that drops an
    entry made before tracing began would otherwise look as if it grew by each entry it
    makes in the place of one."""
    tracing = tracemalloc.is_tracing()
    if not tracing:
        tracemalloc.start()
    try:
        _fill_fixed_tables()
        for seed in range(10_000, 10_000 + warm):
            play(seed)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for seed in range(hands):
            play(seed)
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        if not tracing:
            tracemalloc.stop()


def _check(room: tuple[str, dict[str, Any]], grown: int, hands: int) -> None:
    budget = BYTES_PER_HAND * hands
    assert grown <= budget, (
        f"{room}: {grown:,} bytes traced after {hands} more hands, more than {budget:,} "
        f"({grown // hands:,} a hand): a memo grows with the hands played"
    )


@pytest.mark.parametrize("room", QUICK_ROOMS, ids=lambda r: f"{r[0]}-{r[1]}")
def test_memory_stays_flat_over_hundreds_of_random_hands(room: tuple[str, dict[str, Any]]) -> None:
    """Issue 34 (s.3), SC-SWAP-1, YS-WILD-6: 200 random hands after 50 add almost nothing."""
    rules = get_variant(room[0], **room[1])
    _check(room, _growth(lambda seed: _random_hand(rules, seed), 50, 200), 200)


@pytest.mark.slow
@pytest.mark.parametrize("room", ROOMS, ids=lambda r: f"{r[0]}-{r[1]}")
def test_memory_stays_flat_over_a_thousand_random_hands(room: tuple[str, dict[str, Any]]) -> None:
    """Issue 34 (s.3): in every game and room, 1,000 random hands after 100 add almost
    nothing (11,000 hands over the ten rooms, in one process)."""
    rules = get_variant(room[0], **room[1])
    _check(room, _growth(lambda seed: _random_hand(rules, seed), 100, 1_000), 1_000)


@pytest.mark.slow
@pytest.mark.parametrize("room", QUICK_ROOMS, ids=lambda r: f"{r[0]}-{r[1]}")
def test_memory_stays_flat_with_greedy_bots(room: tuple[str, dict[str, Any]]) -> None:
    """Issue 34 (s.3): GreedyBot's memos too (it plays a person's seat under 托管, and
    answers the games' own phases): 150 hands after 30 add almost nothing."""
    rules, bot = get_variant(room[0], **room[1]), GreedyBot()
    _check(room, _growth(lambda seed: _greedy_hand(rules, seed, bot), 30, 150), 150)
