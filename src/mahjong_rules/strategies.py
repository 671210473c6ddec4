"""Hypothesis strategies for property tests of code built on :mod:`mahjong_rules`.

This is the only module of the library that imports :mod:`hypothesis` (a test dependency:
``pip install 'mahjong_rules[test]'``); nothing else in the package imports it.

The strategies build their examples constructively, so they never filter and they shrink
towards small, low tiles (1m first):

* :func:`tiles` — one tile kind (牌, pái);
* :func:`tile_counts` — a multiset of tiles, at most four of a kind;
* :func:`hands` — a :class:`~mahjong_rules.hand.Hand` of 13 or 14 tiles with declared melds;
* :func:`winning_hands` — a complete hand (胡牌, húpái), possibly with wildcards (听用, tīngyòng);
* :func:`ready_hands` — a ready hand (听牌, tīngpái): one tile short of a complete hand;
* :func:`walls` — a full shuffled wall (牌墙, páiqiáng).

A server developer's property test, for example, checks that the waits the library reports agree
with its win check, and that a complete hand stays complete whatever order its tiles come in:

.. code-block:: python

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from mahjong_rules import TileCounts, is_win, winning_tiles
    from mahjong_rules.strategies import ready_hands, winning_hands


    @settings(max_examples=200)
    @given(ready_hands(wilds=range(0, 3)))
    def test_every_wait_completes_the_hand(ready):
        waits = winning_tiles(ready.concealed, ready.wilds)
        assert ready.missing in waits
        for tile in waits:
            assert is_win(ready.concealed.add(tile), ready.wilds)


    @given(winning_hands(wilds=st.integers(0, 2)), st.randoms())
    def test_win_does_not_depend_on_tile_order(hand, rnd):
        shuffled = list(hand.concealed)
        rnd.shuffle(shuffled)
        assert is_win(TileCounts(shuffled), hand.wilds)

Wildcards are counted apart from the concealed tiles, as the win detector takes them: a
:class:`WinningHand` with ``wilds == 2`` has two tiles fewer in :attr:`WinningHand.concealed`
than its decomposition reads, and :attr:`WinningHand.decomposition` says what each wildcard
stands for.

Importing this module loads the win tables at once
(:func:`~mahjong_rules.wins.load_tables`), so the first example of a test does not pay for
them and hypothesis' default deadline holds.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import attrs
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from mahjong_rules.counts import TileCounts
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.tiles import Suit, Tile, all_tiles
from mahjong_rules.wins import load_tables
from mahjong_rules.wins.types import Decomposition, Group, GroupKind, WinForm

load_tables()  # so that the first example of a test does not pay for the tables

__all__ = [
    "ReadyHand",
    "WildsSpec",
    "WinningHand",
    "hands",
    "ready_hands",
    "tile_counts",
    "tiles",
    "walls",
    "winning_hands",
]

WildsSpec = int | range | st.SearchStrategy[int]
"""How many wildcards: a fixed number, a ``range`` to pick from, or a strategy of ints."""

_HAND_SIZE = 14
_MAX_MELDS = 4
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


# --- tile pools -------------------------------------------------------------------------------


def _kinds(honors: bool, suits: Collection[Suit] | None) -> tuple[Tile, ...]:
    """The tile kinds allowed by ``honors`` and ``suits``; see :func:`tiles`."""
    if suits is None:
        return all_tiles(honors=honors)
    chosen = frozenset(suits)
    if not chosen:
        raise InvalidArgument("suits must name at least one suit")
    if Suit.HONOR in chosen and not honors:
        raise InvalidArgument("suits includes Suit.HONOR but honors=False")
    return tuple(t for t in all_tiles() if t.suit in chosen)


def _full_counts(kinds: Sequence[Tile]) -> list[int]:
    """34 counts with four of every allowed kind and none of the others."""
    counts = [0] * 34
    for tile in kinds:
        counts[tile.index] = 4
    return counts


def _copies(remaining: Sequence[int]) -> list[Tile]:
    """Every physical copy left, in tile order (the multiset drawn from)."""
    return [tile for tile in all_tiles() for _ in range(remaining[tile.index])]


def _draw_from_pool(
    draw: st.DrawFn, remaining: Sequence[int], min_size: int, max_size: int
) -> TileCounts:
    """Draw a sub-multiset of ``remaining`` by choosing distinct copies (shrinks to 1m 1m ...)."""
    copies = _copies(remaining)
    if max_size > len(copies):
        raise InvalidArgument(f"cannot draw {max_size} tiles from {len(copies)} available")
    if not copies:
        return TileCounts()
    picks = draw(
        st.lists(st.integers(0, len(copies) - 1), min_size=min_size, max_size=max_size, unique=True)
    )
    return TileCounts(sorted(copies[i] for i in picks))


def _wilds_strategy(wilds: WildsSpec) -> st.SearchStrategy[int]:
    """Normalize a :data:`WildsSpec` into a strategy of ints."""
    if isinstance(wilds, bool):
        raise InvalidArgument("wilds must be an int, a range or a strategy, not a bool")
    if isinstance(wilds, int):
        if wilds < 0:
            raise InvalidArgument(f"wilds must not be negative, got {wilds}")
        return st.just(wilds)
    if isinstance(wilds, range):
        if len(wilds) == 0 or min(wilds) < 0:
            raise InvalidArgument(f"wilds range must be non-empty and non-negative, got {wilds}")
        return st.sampled_from(wilds)
    if isinstance(wilds, st.SearchStrategy):
        return wilds
    raise InvalidArgument(f"wilds must be an int, a range or a strategy, not {wilds!r}")


def _check_melds(melds: int) -> None:
    if not 0 <= melds <= _MAX_MELDS:
        raise InvalidArgument(f"melds must be 0..{_MAX_MELDS}, got {melds}")


# --- simple strategies ------------------------------------------------------------------------


def tiles(*, honors: bool = True, suits: Collection[Suit] | None = None) -> st.SearchStrategy[Tile]:
    """One tile kind (牌, pái), shrinking towards 1m.

    :param honors: allow the honors 东 南 西 北 白 发 中 (字牌, zìpái) when ``suits`` is not given.
    :param suits: draw only from these suits (:class:`~mahjong_rules.tiles.Suit`); include
        ``Suit.HONOR`` for honors. ``None`` means every suit (honors as ``honors`` says).
    """
    return st.sampled_from(_kinds(honors, suits))


def tile_counts(
    *,
    min_size: int = 0,
    max_size: int = _HAND_SIZE,
    honors: bool = True,
    suits: Collection[Suit] | None = None,
) -> st.SearchStrategy[TileCounts]:
    """A :class:`~mahjong_rules.counts.TileCounts` of ``min_size..max_size`` tiles.

    Never more than four of a kind: the tiles are distinct copies drawn from the full set of
    the allowed kinds, so examples shrink towards ``1111m2222m...``.

    :param min_size: fewest tiles.
    :param max_size: most tiles (at most four times the number of allowed kinds).
    :param honors: allow honor tiles (字牌, zìpái), as in :func:`tiles`.
    :param suits: restrict the tiles to these suits, as in :func:`tiles`.
    """
    kinds = _kinds(honors, suits)
    if not 0 <= min_size <= max_size:
        raise InvalidArgument(f"need 0 <= min_size <= max_size, got {min_size}, {max_size}")
    if max_size > 4 * len(kinds):
        raise InvalidArgument(f"max_size={max_size} exceeds the {4 * len(kinds)} tiles available")
    remaining = _full_counts(kinds)

    @st.composite
    def build(draw: st.DrawFn) -> TileCounts:
        return _draw_from_pool(draw, remaining, min_size, max_size)

    return build()


def walls(*, honors: bool = False, players: int = 4) -> st.SearchStrategy[tuple[Tile, ...]]:
    """A full shuffled wall (牌墙, páiqiáng): every tile's four copies in some order.

    108 tiles, or 136 with ``honors`` (有风, yǒu fēng; TILE-1). The tile set is the same for 2, 3
    or 4 ``players`` (BS-PLAYERS-1, YS-TILES-1); the argument is checked (2..4) so that callers
    can pass a room's options straight through. Shrinks towards the sorted wall.

    :param honors: include the 28 honor tiles.
    :param players: number of players, 2, 3 or 4.
    """
    if players not in (2, 3, 4):
        raise InvalidArgument(f"players must be 2, 3 or 4, got {players}")
    return st.permutations(_copies(_full_counts(all_tiles(honors=honors)))).map(tuple)


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
        _check_melds(melds)
    kinds = all_tiles(honors=honors)
    meld_count = st.integers(0, _MAX_MELDS) if melds is None else st.just(melds)

    @st.composite
    def build(draw: st.DrawFn) -> Hand:
        remaining = _full_counts(kinds)
        declared = tuple(_draw_meld(draw, remaining, kinds) for _ in range(draw(meld_count)))
        size = draw(st.sampled_from((13, 14))) - 3 * len(declared)
        concealed = _draw_from_pool(draw, remaining, size, size)
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
    remaining = _full_counts(kinds)
    groups: list[Group] = []
    if form is WinForm.SEVEN_PAIRS:
        for _ in range(7):
            groups.append(_take(draw, _pair_options(remaining, kinds), remaining))
    else:
        for _ in range(_MAX_MELDS - melds):
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
    size = 3 * (_MAX_MELDS - melds) + 2
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
    _check_melds(melds)
    kinds = _kinds(honors, suits)
    wild_counts = _wilds_strategy(wilds)

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
    _check_melds(melds)
    kinds = _kinds(honors, suits)
    wild_counts = _wilds_strategy(wilds)
    size = 3 * (_MAX_MELDS - melds) + 1

    @st.composite
    def build(draw: st.DrawFn) -> ReadyHand:
        count = draw(wild_counts)
        if not 0 <= count < size:
            raise InvalidArgument(f"wilds must be 0..{size - 1} for a {size}-tile hand")
        from_wilds = draw(st.booleans())
        complete = _draw_winning(draw, kinds, count + int(from_wilds), seven_pairs, melds)
        return _remove_one(draw, complete, from_wilds)

    return build()
