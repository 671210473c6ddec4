"""SC-PAT-COMPAT 番种兼容 (fānzhǒng jiānróng), the compatibility table (PDF Table 9,
:data:`~mahjong_rules.variants.sichuan.play_patterns.EXCLUDES`), never takes effect (issue 26,
section 3): no win that play can make holds both patterns of any of its pairs, so scoring with the
table and without it give the same breakdowns. Each pair is impossible for a reason of play:

* 七对 (qīduì) is the 14 concealed tiles, so no meld: no 杠 (gàng), and no 杠上花 (gàngshànghuā),
  whose kong is a meld; a 七对 reading has no pung, so no 碰碰胡 (pèngpènghú) and no 金钩钓;
* 根 (gēn) is four copies in two or more groups: an all-pungs reading has groups of three and
  one pair, which hold four copies only as 3 + 1 or 2 + 2 — neither is there;
* the robber of a 补杠 (bǔgàng) holds no copy of the robbed kind (its other three are the peng,
  the fourth is the tile robbed), so the kind cannot be a pung or pair of his: no 碰碰胡, 金钩钓
  or 七对 on it; a robbed kong is neither a self-draw (杠上花) nor a discard (杠上炮), and no kong
  comes after the last tile (海底);
* 杠上花 is a self-draw, 杠上炮 a win on a discard.

The test builds winning hands of every shape under exactly those constraints, with every way of
winning, and scores each with the table and with an empty one.
"""

from __future__ import annotations

import random

import attrs
import pytest

from mahjong_rules import Meld, MeldKind, TileCounts, WinKind
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.sichuan import patterns
from mahjong_rules.variants.sichuan.options import SichuanOptions
from mahjong_rules.variants.sichuan.play_patterns import EXCLUDES, SichuanContext

TILES = all_tiles(honors=False)
PAIRS = sorted({tuple(sorted((a, b))) for a, others in EXCLUDES.items() for b in others})


def _hands(rng: random.Random) -> list[tuple[list[Tile], list[Meld], Tile]]:
    """Winning hands (concealed 14 - 3 x melds, melds, winning tile) of one or two suits: 七对 (with
    fours, 龙七对), all-pungs hands (some with a 根 candidate: a pung beside the kind's fourth copy
    in a chow), and mixed standard hands, with 0 to 4 of their pungs laid down as pengs or
    kongs."""
    out: list[tuple[list[Tile], list[Meld], Tile]] = []
    for _ in range(800):
        suits = rng.sample(["m", "p", "s"], rng.choice([1, 2]))
        kinds = [t for t in TILES if t.suit.value in suits]
        shape = rng.choice(["seven", "pungs", "mixed"])
        if shape == "seven":
            chosen = rng.sample(kinds, 7)
            pairs = [*chosen[:5], chosen[0], chosen[1]] if rng.random() < 0.3 else chosen
            tiles = [t for t in pairs for _ in range(2)]
            out.append((tiles, [], rng.choice(tiles)))
            continue
        counts = {t: 0 for t in kinds}
        groups: list[list[Tile]] = []
        while len(groups) < 4:
            if shape == "mixed" and rng.random() < 0.5:
                start = rng.choice([t for t in kinds if t.rank <= 7])
                run = [TILES[start.index + k] for k in range(3)]
                if all(counts[t] < 4 for t in run):
                    for t in run:
                        counts[t] += 1
                    groups.append(run)
                continue
            kind = rng.choice(kinds)
            if counts[kind] == 0:
                counts[kind] = 3
                groups.append([kind] * 3)
        pair = rng.choice([t for t in kinds if counts[t] <= 2])
        laid = rng.randrange(0, 5)
        melds: list[Meld] = []
        hand: list[Tile] = [pair, pair]
        for group in groups:
            if laid and group[0] == group[1] and counts[group[0]] == 3:
                laid -= 1  # no other copy in hand: the fourth may make a kong
                how = rng.choice([MeldKind.PENG, MeldKind.AN_GANG, MeldKind.ZHI_GANG])
                from_seat = None if how is MeldKind.AN_GANG else 1
                melds.append(Meld(how, group[0], from_seat=from_seat))
            else:
                hand += group
        out.append((hand, melds, rng.choice(hand)))
    return out


def _contexts(rng: random.Random) -> list[SichuanContext]:
    """Each hand won every way play allows it: a self-draw (on a kong's replacement only with a
    kong among its melds), a discard (after the discarder's kong or not), a robbed 补杠 only of a
    kind the hand holds once (the robbed tile) and never after the last tile."""
    out = []
    for hand, melds, tile in _hands(rng):
        kongs = sum(1 for m in melds if m.is_kong)
        concealed = TileCounts(hand)
        base = SichuanContext(
            concealed=concealed,
            melds=tuple(melds),
            winning_tile=tile,
            how=WinKind.SELF_DRAW,
            seat=1,
        )
        for last in (False, True):
            out.append(attrs.evolve(base, last_tile=last))
            if kongs:
                out.append(attrs.evolve(base, kong_chain=1, last_tile=last))
            for after in (False, True):
                out.append(
                    attrs.evolve(base, how=WinKind.DISCARD, after_kong=after, last_tile=last)
                )
        held_elsewhere = sum(m.tile is tile for m in melds)
        if concealed.count(tile) == 1 and not held_elsewhere:
            out.append(attrs.evolve(base, how=WinKind.ROB_KONG))
    return out


def _keys(ctx: SichuanContext, options: SichuanOptions) -> tuple[str, ...] | None:
    found = patterns.score_sichuan(ctx, options)
    return None if found is None else found.keys


@pytest.mark.parametrize("rule", ["pair_wait", "four_melds"])
def test_sc_pat_compat_no_pair_of_the_table_can_meet(
    rule: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SC-PAT-COMPAT: over 800 winning hands of every shape, each won every way play allows
    (the module's reasons as constraints), scoring with an empty table gives the same breakdowns
    as with the table, and no breakdown holds both patterns of one of its pairs. Every pattern
    of the table is met in the sample, so none of its pairs is left untried."""
    options = SichuanOptions(jin_gou_diao=rule, fan_cap=13)
    contexts = _contexts(random.Random(26))
    with_table = [_keys(ctx, options) for ctx in contexts]
    monkeypatch.setattr(patterns, "EXCLUDES", {})
    without = [_keys(ctx, options) for ctx in contexts]
    assert without == with_table
    seen: set[str] = set()
    for keys in without:
        assert keys is not None  # every hand built wins
        seen.update(keys)
        for a, b in PAIRS:
            assert not (a in keys and b in keys), (a, b, keys)
    assert set(EXCLUDES) <= seen
    assert len(PAIRS) == 13


def test_sc_pat_compat_the_table_bites_only_where_play_cannot_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SC-PAT-COMPAT: the table does act on a win play cannot make — 111m 444m 777m 22p 555p
    robbed on 5p, the robber holding two more 5p: with it, 碰碰胡 alone (抢杠胡 excluded); with
    an empty table 抢杠胡 joins it. (So the test above, scoring the same both ways, reads the
    table it empties.)"""
    ctx = SichuanContext(
        concealed=TileCounts("111m444m777m22p555p"), winning_tile=Tile("5p"), how=WinKind.ROB_KONG
    )
    options = SichuanOptions()
    assert _keys(ctx, options) == ("peng_peng_hu",)
    monkeypatch.setattr(patterns, "EXCLUDES", {})
    assert _keys(ctx, options) == ("peng_peng_hu", "qiang_gang_hu")
