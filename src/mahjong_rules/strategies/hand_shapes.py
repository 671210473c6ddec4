"""Strategies for hands: :func:`hands` (with declared melds), :func:`winning_hands` (胡牌,
húpái) and :func:`ready_hands` (听牌, tīngpái), with their example classes :class:`WinningHand`
and :class:`ReadyHand`.

Wildcards are counted apart from the concealed tiles, as the win detector takes them: a
:class:`WinningHand` with ``wilds == 2`` has two tiles fewer in :attr:`WinningHand.concealed`
than its decomposition reads, and :attr:`WinningHand.decomposition` says what each wildcard
stands for.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import attrs
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from mahjong_rules.counts import TileCounts
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.strategies._pools import (
    MAX_MELDS,
    WildsSpec,
    check_melds,
    draw_from_pool,
    full_counts,
    kinds_of,
    wilds_strategy,
)
from mahjong_rules.tiles import Suit, Tile, all_tiles
from mahjong_rules.wins.types import Decomposition, Group, GroupKind, WinForm

__all__ = ["ReadyHand", "WinningHand", "hands", "ready_hands", "winning_hands"]

_MELD_KINDS = ("PENG", "ZHI_GANG", "BU_GANG", "AN_GANG")
_KONG_KINDS = frozenset({"ZHI_GANG", "BU_GANG", "AN_GANG"})


@attrs.frozen(slots=True)
class WinningHand:
    """A complete hand (胡牌, húpái) as the win detector takes it.

    ``is_win(concealed, wilds)`` holds for every example of :func:`winning_hands`.
    """

    concealed: TileCounts
    """The natural (non-wildcard) concealed tiles."""
    wilds: int
    """How many wildcards (听用, tīngyòng) the hand holds besides :attr:`concealed`."""
    decomposition: Decomposition
    """The reading the hand was built from; its ``wilds`` say what each wildcard stands for."""

    @property
    def size(self) -> int:
        """Tiles in the concealed part, wildcards included (``3k + 2``)."""
        return self.concealed.size + self.wilds


@attrs.frozen(slots=True)
class ReadyHand:
    """A ready hand (听牌, tīngpái): :attr:`complete` with one tile taken out.

    ``missing in winning_tiles(concealed, wilds)`` holds for every example of
    :func:`ready_hands`.
    """

    concealed: TileCounts
    """The natural concealed tiles."""
    wilds: int
    """How many wildcards the hand holds besides :attr:`concealed`."""
    missing: Tile
    """A tile that completes the hand: the one taken out of :attr:`complete` (or the tile the
    removed wildcard stood for)."""
    complete: WinningHand
    """The complete hand this one was made from."""

    @property
    def size(self) -> int:
        """Tiles in the concealed part, wildcards included (``3k + 1``)."""
        return self.concealed.size + self.wilds


# --- hands with declared melds ----------------------------------------------------------------


def _meld_options(remaining: Sequence[int], kinds: Sequence[Tile]) -> list[tuple[str, Tile]]:
    """Every (meld kind name, tile) that the tiles left can still supply."""
    options = []
    for tile in kinds:
        for kind in _MELD_KINDS:
            needed = 4 if kind in _KONG_KINDS else 3
            if remaining[tile.index] >= needed:
                options.append((kind, tile))
    return options


def _draw_meld(draw: st.DrawFn, remaining: list[int], kinds: Sequence[Tile]) -> Meld:
    """Draw one declared meld and take its tiles out of ``remaining``."""
    name, tile = draw(st.sampled_from(_meld_options(remaining, kinds)))
    remaining[tile.index] -= 4 if name in _KONG_KINDS else 3
    kind = getattr(MeldKind, name)
    from_seat = None if name == "AN_GANG" else draw(st.integers(0, 3))
    return Meld(kind, tile, from_seat=from_seat)


def hands(*, melds: int | None = None, honors: bool = True) -> st.SearchStrategy[Hand]:
    """A :class:`~mahjong_rules.hand.Hand`: concealed tiles plus declared melds.

    The melds are pengs (碰, pèng) and kongs (杠, gàng: 直杠 zhí gàng, 补杠 bǔ gàng, 暗杠 àn gàng),
    without wildcards; claimed ones name a seat 0..3 they came from. The hand counts 13 or 14
    tiles with each kong counted as three, and never holds more than four of a kind across its
    concealed tiles and melds.

    :param melds: how many declared melds (0..4); ``None`` draws 0..4.
    :param honors: allow honor tiles.
    """
    if melds is not None:
        check_melds(melds)
    kinds = all_tiles(honors=honors)
    meld_count = st.integers(0, MAX_MELDS) if melds is None else st.just(melds)

    @st.composite
    def build(draw: st.DrawFn) -> Hand:
        remaining = full_counts(kinds)
        declared = tuple(_draw_meld(draw, remaining, kinds) for _ in range(draw(meld_count)))
        size = draw(st.sampled_from((13, 14))) - 3 * len(declared)
        concealed = draw_from_pool(draw, remaining, size, size)
        return Hand(concealed, declared)

    return build()


# --- complete and ready hands -----------------------------------------------------------------


def _group_options(remaining: Sequence[int], kinds: Sequence[Tile]) -> list[Group]:
    """Every chow (顺子) and pung (刻子) that the tiles left can still supply, in tile order."""
    options = []
    for tile in kinds:
        i = tile.index
        starts_chow = not tile.is_honor and tile.rank <= 7
        if starts_chow and min(remaining[i : i + 3]) >= 1:
            options.append(Group(GroupKind.CHOW, tile))
        if remaining[i] >= 3:
            options.append(Group(GroupKind.PUNG, tile))
    return options


def _pair_options(remaining: Sequence[int], kinds: Sequence[Tile]) -> list[Group]:
    """Every pair (对子 / 将) that the tiles left can still supply."""
    return [Group(GroupKind.PAIR, t) for t in kinds if remaining[t.index] >= 2]


def _take(draw: st.DrawFn, options: list[Group], remaining: list[int]) -> Group:
    """Draw one group and take its tiles out of ``remaining``."""
    if not options:  # cannot happen: 4 copies of every allowed kind always leave room
        raise AssertionError("no group fits in the tiles left")
    group = draw(st.sampled_from(options))
    for tile in group.tiles:
        remaining[tile.index] -= 1
    return group


def _draw_groups(
    draw: st.DrawFn, kinds: Sequence[Tile], form: WinForm, melds: int
) -> tuple[Group, ...]:
    """The groups of a complete concealed part (``melds`` melds being declared elsewhere)."""
    remaining = full_counts(kinds)
    groups: list[Group] = []
    if form is WinForm.SEVEN_PAIRS:
        for _ in range(7):
            groups.append(_take(draw, _pair_options(remaining, kinds), remaining))
    else:
        for _ in range(MAX_MELDS - melds):
            groups.append(_take(draw, _group_options(remaining, kinds), remaining))
        groups.append(_take(draw, _pair_options(remaining, kinds), remaining))
    return tuple(sorted(groups, key=lambda g: g.sort_key))


def _draw_winning(
    draw: st.DrawFn,
    kinds: Sequence[Tile],
    wilds: int,
    seven_pairs: bool,
    melds: int,
) -> WinningHand:
    """A complete hand whose concealed part holds exactly ``wilds`` wildcards."""
    size = 3 * (MAX_MELDS - melds) + 2
    if not 0 <= wilds <= size:
        raise InvalidArgument(f"wilds must be 0..{size} for a {size}-tile hand, got {wilds}")
    forms = [WinForm.STANDARD]
    if seven_pairs and melds == 0:
        forms.append(WinForm.SEVEN_PAIRS)
    form = draw(st.sampled_from(forms))
    groups = _draw_groups(draw, kinds, form, melds)
    all_read = [t for g in groups for t in g.tiles]
    positions = draw(
        st.lists(st.integers(0, size - 1), min_size=wilds, max_size=wilds, unique=True)
    )
    wild_tiles = tuple(sorted(all_read[p] for p in positions))
    chosen = set(positions)
    natural = [t for p, t in enumerate(all_read) if p not in chosen]
    return WinningHand(TileCounts(natural), wilds, Decomposition(form, groups, wild_tiles))


def winning_hands(
    *,
    wilds: WildsSpec = 0,
    suits: Collection[Suit] | None = None,
    seven_pairs: bool = True,
    honors: bool = True,
    melds: int = 0,
) -> st.SearchStrategy[WinningHand]:
    """A complete hand (胡牌, húpái) as a :class:`WinningHand`.

    Built constructively: chows (顺子, shùnzi) and pungs (刻子, kèzi) plus a pair (将, jiàng),
    or seven pairs (七对, qīduì; a four of a kind may give two of them), never more than four of a
    kind; then ``wilds`` of its tiles are turned into wildcards (听用, tīngyòng) and taken out of
    the concealed counts. Every example satisfies ``is_win(hand.concealed, hand.wilds)``, also
    with the detector's ``seven_pairs`` and ``honors`` set as given here.

    :param wilds: how many wildcards: an int, a ``range`` or a strategy of ints (each 0..size).
    :param suits: restrict the tiles as in :func:`tiles`.
    :param seven_pairs: also build seven-pairs hands (only when ``melds == 0``).
    :param honors: allow honor tiles (when ``suits`` is not given).
    :param melds: how many melds (0..4) are declared elsewhere: the concealed part then holds
        ``14 - 3 * melds`` tiles, wildcards included. The declared melds themselves are not
        generated.
    """
    check_melds(melds)
    kinds = kinds_of(honors, suits)
    wild_counts = wilds_strategy(wilds)

    @st.composite
    def build(draw: st.DrawFn) -> WinningHand:
        return _draw_winning(draw, kinds, draw(wild_counts), seven_pairs, melds)

    return build()


def _remove_one(draw: st.DrawFn, complete: WinningHand, from_wilds: bool) -> ReadyHand:
    """Take one tile (a natural one, or one of the wildcards) out of a complete hand."""
    if from_wilds:
        missing = draw(st.sampled_from(complete.decomposition.wilds))
        return ReadyHand(complete.concealed, complete.wilds - 1, missing, complete)
    missing = draw(st.sampled_from(tuple(complete.concealed.distinct())))
    return ReadyHand(complete.concealed.remove(missing), complete.wilds, missing, complete)


def ready_hands(
    *,
    wilds: WildsSpec = 0,
    suits: Collection[Suit] | None = None,
    seven_pairs: bool = True,
    honors: bool = True,
    melds: int = 0,
) -> st.SearchStrategy[ReadyHand]:
    """A ready hand (听牌, tīngpái) of ``13 - 3 * melds`` tiles as a :class:`ReadyHand`.

    Made from a :func:`winning_hands` example by taking out one natural tile, or one wildcard
    (the hand then waits on, among others, the tile that wildcard stood for). So
    ``winning_tiles(hand.concealed, hand.wilds)`` is never empty and contains
    :attr:`ReadyHand.missing`.

    :param wilds: how many wildcards the ready hand holds: an int, a ``range`` or a strategy of
        ints (each ``0..12 - 3 * melds``).
    :param suits: restrict the tiles as in :func:`tiles`.
    :param seven_pairs: also build hands one tile short of seven pairs (七对, qīduì).
    :param honors: allow honor tiles (when ``suits`` is not given).
    :param melds: how many melds (0..4) are declared elsewhere, as for :func:`winning_hands`.
    """
    check_melds(melds)
    kinds = kinds_of(honors, suits)
    wild_counts = wilds_strategy(wilds)
    size = 3 * (MAX_MELDS - melds) + 1

    @st.composite
    def build(draw: st.DrawFn) -> ReadyHand:
        count = draw(wild_counts)
        if not 0 <= count < size:
            raise InvalidArgument(f"wilds must be 0..{size - 1} for a {size}-tile hand")
        from_wilds = draw(st.booleans())
        complete = _draw_winning(draw, kinds, count + int(from_wilds), seven_pairs, melds)
        return _remove_one(draw, complete, from_wilds)

    return build()
