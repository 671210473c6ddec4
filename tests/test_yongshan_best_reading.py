"""SCORE-3 / YS-PAT-MAX with many wildcards: the candidate readings of ``best_reading.py`` score
exactly as much as the best of every reading.

:func:`score_yongshan` scores only a few candidate readings once a hand holds two or more
wildcards (scoring thousands of readings would take seconds). Here it is checked against the
plain way, :func:`best_breakdown` over every reading YS-WILD-6 allows, on random complete hands
with 2-4 wildcards, with and without pengs and kongs (their wildcards included), 本金 in or out
of the hand, and fan tables that make 归, 本金 and 碰碰胡 weigh differently.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import WinContext, WinKind, best_breakdown
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.yongshan import YongshanOptions, score_yongshan, yongshan_patterns
from mahjong_rules.variants.yongshan.best_reading import candidate_readings
from mahjong_rules.variants.yongshan.patterns import readings
from mahjong_rules.wins import is_win

SUITED = [Tile(i) for i in range(27) if Tile(i) != Tile("9s")]
"""The natural kinds: 9s is the wildcard kind of these hands."""
ROOMS = (
    YongshanOptions(),
    YongshanOptions.build(fan_cap=None),
    YongshanOptions.build(fan_cap=None, fan={"gui": 3, "ben_jin": 2, "peng_peng_hu": 4}),
    YongshanOptions.build(fan_cap=None, scoring="linear", fan={"qing_yi_se": 5, "qi_dui": 0}),
    YongshanOptions.build(wild_reading="any"),
    YongshanOptions.build(fan_cap=None, wild_reading="any", fan={"gui": 3, "ben_jin": 2}),
)


@st.composite
def wildcard_wins(draw: st.DrawFn) -> tuple[WinContext, YongshanOptions]:
    """A complete hand of few kinds (so 归 and 本金 are in reach) with 2-4 wildcards."""
    kinds = draw(st.lists(st.sampled_from(SUITED), min_size=1, max_size=6, unique=True))
    melds: list[Meld] = []
    for tile in draw(st.lists(st.sampled_from(SUITED), max_size=2, unique=True)):
        kind = draw(st.sampled_from((MeldKind.PENG, MeldKind.ZHI_GANG, MeldKind.AN_GANG)))
        wild = draw(st.integers(0, kind.size - 1 if kind.size == 3 else 2))
        melds.append(
            Meld(
                kind, tile, (Tile("9s"),) * wild, from_seat=None if kind is MeldKind.AN_GANG else 1
            )
        )
    wilds = draw(st.integers(2, 4))
    size = 14 - 3 * len(melds) - wilds
    hand = draw(st.lists(st.sampled_from(kinds), min_size=size, max_size=size))
    counts = TileCounts()
    for tile in hand:
        if counts.count(tile) == 4:  # no fifth copy: take the first kind with room instead
            tile = next(t for t in SUITED if counts.count(t) < 4)
        counts = counts.add(tile)
    indicator = draw(st.sampled_from([*kinds, Tile("8p")]))
    ctx = WinContext(
        concealed=counts,
        melds=tuple(melds),
        wilds=wilds,
        wild_kinds=TileSet("9s"),
        indicator=indicator,
        winning_tile=indicator,
        how=draw(st.sampled_from((WinKind.SELF_DRAW, WinKind.DISCARD))),
    )
    return ctx, draw(st.sampled_from(ROOMS))


@pytest.mark.slow  # (the quick part leaves it to the full run; CI runs it)
@settings(max_examples=800, deadline=None, derandomize=True)
@given(wildcard_wins())
def test_candidates_score_as_the_best_of_every_reading(
    case: tuple[WinContext, YongshanOptions],
) -> None:
    """YS-PAT-MAX, SCORE-3: the same points and fan as scoring every reading (YS-WILD-6
    respected by both; with ``wild_reading="lack_a_suit"``, YS-WILD-5, every reading that
    lacks a suit as read, so the programme's constraint misses no better reading)."""
    ctx, options = case
    if not is_win(ctx.concealed, ctx.wilds, honors=False):
        return
    every = best_breakdown(
        yongshan_patterns(options),
        ctx,
        fans=options.fans(),
        scoring=options.scoring,
        cap=options.fan_cap,
        readings=readings(ctx, lack_a_suit=options.wild_reading == "lack_a_suit"),
        honors=False,
    )
    fast = score_yongshan(ctx, options)
    if every is None:
        assert fast is None
        return
    assert fast is not None
    assert (fast.points, fast.fan) == (every.points, every.fan), (fast, every)
    reading = fast.reading
    assert reading is not None
    assert reading.tiles == ctx.concealed + TileCounts(reading.wilds)
    for meld in ctx.melds:  # YS-WILD-6: no fifth copy as read
        assert reading.tiles.count(meld.tile) + meld.size <= 4


def test_eight_wildcards_are_read_where_they_score_most() -> None:
    """YS-PAT-MAX, YS-PAT-归: eight wildcards (双听用 has eight wildcard tiles) beside pengs of
    5万 and 6万. A full listing has about 30,000 readings; the candidates find the best, 567万
    777万 99万: 5万, 6万 and 7万 each four as read (three 归) and one suit (清一色)."""
    ctx = WinContext(
        concealed=TileCounts(),
        melds=(
            Meld(MeldKind.PENG, Tile("5m"), from_seat=1),
            Meld(MeldKind.PENG, Tile("6m"), from_seat=2),
        ),
        wilds=8,
        wild_kinds=TileSet("79p"),
        indicator=Tile("8p"),
        winning_tile=Tile("7p"),
        how=WinKind.SELF_DRAW,
    )
    found = list(candidate_readings(ctx.concealed, 8, ctx.melds, ctx.indicator, 1, 1))
    assert 1 <= len(found) <= 9
    result = score_yongshan(ctx, YongshanOptions.build(fan_cap=None))
    assert result is not None
    assert [(item.name_zh, item.fan) for item in result.items] == [("清一色", 2), ("归", 3)]
    assert (result.fan, result.points) == (5, 32)
    assert str(result.reading) == "567m 777m 99m wilds=56777799m"
