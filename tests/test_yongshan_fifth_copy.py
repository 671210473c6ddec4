"""YS-WILD-6 (no fifth copy, the melds included): :func:`fits_with_melds`, worked out suit by
suit, against the plain way — every standard reading of the hand (``reference.py``), kept when
no kind it reads, with the melds' copies, holds more than four."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_rules.counts import TileCounts
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.yongshan.best_reading import fits_with_melds
from reference import ref_decompositions

_KONGS = (MeldKind.AN_GANG, MeldKind.BU_GANG, MeldKind.ZHI_GANG)


def _reference(concealed: TileCounts, wilds: int, melds: tuple[Meld, ...]) -> bool:
    used = [0] * 34
    for meld in melds:
        used[meld.tile.index] += meld.size
    for _form, groups, _wilds in ref_decompositions(
        concealed.counts(), wilds, seven_pairs=False, honors=False
    ):
        read = [0] * 34
        for kind, i in groups:
            if kind == "chow":
                for j in (i, i + 1, i + 2):
                    read[j] += 1
            else:
                read[i] += 2 if kind == "pair" else 3
        if all(read[i] + used[i] <= 4 for i in range(27)):
            return True
    return False


@st.composite
def hands_beside_melds(draw: st.DrawFn) -> tuple[TileCounts, int, tuple[Meld, ...]]:
    """1-3 pengs or kongs (some with wildcards in them), 0-5 wildcards in hand, and natural
    tiles of one or two suits near the melds' tiles, so the fifth-copy limit often matters."""
    left = [4] * 27
    melds = []
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, 25))  # 9s is the wildcard kind
        kind = draw(st.sampled_from((MeldKind.PENG, *_KONGS)))
        size = 3 if kind is MeldKind.PENG else 4
        naturals = draw(st.integers(1, min(size, left[i]))) if left[i] else 0
        if not naturals:
            continue
        left[i] -= naturals
        wild = [Tile("9s")] * (size - naturals)
        melds.append(Meld(kind, Tile(i), wild, from_seat=None if kind is MeldKind.AN_GANG else 1))
    wilds = draw(st.integers(0, 5))
    size = 14 - 3 * len(melds) - wilds
    if size < 0:
        wilds, size = 14 - 3 * len(melds), 0
    near = sorted({j for m in melds for j in range(m.tile.index - 2, m.tile.index + 3)})
    pool = [j for j in near if 0 <= j < 26]  # 9s is the wildcard kind
    pool += draw(st.lists(st.integers(0, 25), max_size=4))
    counts = [0] * 34
    for _ in range(size):
        choices = [j for j in pool if counts[j] < left[j]]
        if not choices:
            break
        counts[draw(st.sampled_from(choices))] += 1
    return TileCounts.from_counts(counts), 14 - 3 * len(melds) - sum(counts), tuple(melds)


@settings(max_examples=300, deadline=None)
@given(hands_beside_melds())
def test_ys_wild6_suit_by_suit_matches_every_reading(
    case: tuple[TileCounts, int, tuple[Meld, ...]],
) -> None:
    concealed, wilds, melds = case
    assert fits_with_melds(concealed, wilds, melds) is _reference(concealed, wilds, melds)


def test_ys_wild6_a_kong_leaves_no_copy_to_read() -> None:
    """46p + a wildcard reads only 456p: beside a 5p peng that is the fourth 5p; beside a 5p
    kong a fifth."""
    hand = TileCounts("46p11s222s333s")
    peng = (Meld(MeldKind.PENG, Tile("5p"), from_seat=1),)
    kong = (Meld(MeldKind.ZHI_GANG, Tile("5p"), from_seat=1),)
    assert fits_with_melds(hand, 1, peng) is True
    assert fits_with_melds(hand, 1, kong) is False
    assert fits_with_melds(TileCounts("34p11s222s333s"), 1, kong) is True  # 234p avoids 5p
