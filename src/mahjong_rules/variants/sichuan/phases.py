"""Sichuan's two phases after the deal, on the engine's contract for a variant's own phases
(:mod:`mahjong_rules.engine.phases`), in this order (:data:`SICHUAN_PHASES`):

* :class:`Swapping` — 换三张 (huàn sān zhāng, SC-SWAP-1, SC-SWAP-2), in a room with
  ``swap_three``: every seat chooses three tiles of one suit in secret; when all four have,
  each passes its three in the hand's direction and takes the three passed to it.
* :class:`Voiding` — 定缺 (dìng quē, SC-VOID-1, SC-VOID-2): every seat declares a suit void in
  secret and sets one of its tiles of that suit aside face down (none when it holds none);
  the four declarations take effect together. The void suits stay secret: each becomes
  public when its seat's set-aside tile is turned up as its first discard (SC-VIEW-1,
  :func:`~mahjong_rules.variants.sichuan.records.turned_up`; offering that discard is the
  rules' part).

The answers of both are listed in a stable order and compared as values (the three tiles of a
swap are a sorted multiset), so that a server can offer them and check a client's answer
against them. The records are :mod:`mahjong_rules.variants.sichuan.records`'.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import ClassVar

import attrs

from mahjong_rules.counts import KINDS_OF_LANES, LOW_BITS, TileCounts
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.phase_advice import best_answer
from mahjong_rules.engine.phases import OwnPhase, When
from mahjong_rules.engine.state import State, replace
from mahjong_rules.engine.view import View
from mahjong_rules.tiles import Tile, suited_tiles
from mahjong_rules.variants.sichuan.actions import (
    SUITS,
    AsideSet,
    DeclareVoid,
    SwapTiles,
    TilesChosen,
    TilesSwapped,
    VoidDeclared,
)
from mahjong_rules.variants.sichuan.records import (
    DIRECTIONS,
    SWAPPING,
    VOIDING,
    SichuanSeat,
    swap_direction,
)

__all__ = ["SICHUAN_PHASES", "Swapping", "Voiding", "swap_answers", "void_answers"]


_LANES = (1 << 27) - 1
"""One suit's lanes of :attr:`TileCounts.bits <mahjong_rules.counts.TileCounts.bits>`."""
_SWAP_ACTIONS: tuple[list[SwapTiles | None], ...] = tuple([None] * (3 * 729) for _ in range(4))
"""Each seat's 换三张 answers by suit and ranks (``729 k + 81 r1 + 9 r2 + r3``), built the
first time they are met: a table of fixed size (4 x 3 x 729 places, at most 4 x 495 of them
filled), so that it never grows with the hands played. The answers of a hand are worked out
when asked (once a seat and hand: the engine keeps a state's legal actions), not kept per
pattern of the hand: such a memo grows with every new hand and is almost never hit
(issue 34)."""
_VOID_ACTIONS: tuple[list[DeclareVoid | None], ...] = tuple([None] * (3 * 10) for _ in range(4))
"""Each seat's 定缺 answers by suit and the rank set aside (``10 k + r``, ``r = 9``: none
held), built the first time they are met (at most 4 x 30)."""


def swap_answers(seat: int, concealed: TileCounts) -> tuple[SwapTiles, ...]:
    """Every three tiles of one suit ``seat`` could pass from ``concealed``, each multiset
    once: by suit (万 筒 条), then in tile order (``1m1m2m`` before ``1m1m3m``). Worked out
    when asked; the actions themselves are shared values (one per seat, suit and ranks)."""
    out: list[SwapTiles] = []
    bits = concealed.bits
    actions = _SWAP_ACTIONS[seat]
    for k in range(3):
        lanes = bits >> 27 * k & _LANES
        if lanes:
            base = 729 * k
            out += [actions[base + r] or _swap(seat, k, r) for r in _triples(lanes)]
    return tuple(out)


def _swap(seat: int, k: int, ranks: int) -> SwapTiles:
    """The shared answer of ``seat`` passing the three tiles of suit ``k`` whose ranks are
    ``ranks`` (``81 r1 + 9 r2 + r3``)."""
    tiles = suited_tiles(SUITS[k])
    three = (tiles[ranks // 81], tiles[ranks // 9 % 9], tiles[ranks % 9])
    action = _SWAP_ACTIONS[seat][729 * k + ranks] = SwapTiles(seat, three)
    return action


_LOW = LOW_BITS & _LANES
"""The lowest bit of each of one suit's lanes."""
_RANKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(9) if m >> r & 1) for m in range(512)
)
"""The ranks in each 9-bit mask of one suit's kinds, in order."""
_DISTINCT: list[tuple[int, ...] | None] = [None] * 512
"""Per 9-bit mask of the ranks held: every three distinct ranks ``r1 < r2 < r3`` of them, as
``81 r1 + 9 r2 + r3`` in order, built the first time the mask is met (at most 512 x 84)."""


def _triples(lanes: int) -> list[int]:
    """The ranks ``r1 <= r2 <= r3`` of every three tiles the lanes of one suit hold, each
    rank taken up to as many times as it is held, as ``81 r1 + 9 r2 + r3`` in order: the
    three distinct ranks of the kinds held (a table by kinds), and those with a rank twice
    or three times (from the kinds held twice or more)."""
    kinds = KINDS_OF_LANES[(lanes | lanes >> 1 | lanes >> 2) & _LOW]
    distinct = _DISTINCT[kinds]
    if distinct is None:
        distinct = _DISTINCT[kinds] = tuple(
            81 * a + 9 * b + c for a, b, c in itertools.combinations(_RANKS[kinds], 3)
        )
    pairs = KINDS_OF_LANES[(lanes >> 1 | lanes >> 2) & _LOW]
    if not pairs:
        return list(distinct)
    threes = KINDS_OF_LANES[(lanes >> 2 | lanes >> 1 & lanes) & _LOW]
    out = list(distinct)
    held = _RANKS[kinds]
    for a in _RANKS[pairs]:
        out.extend(90 * a + c if c > a else 81 * c + 10 * a for c in held if c != a)
        if threes >> a & 1:
            out.append(91 * a)
    out.sort()
    return out


def void_answers(seat: int, concealed: TileCounts) -> tuple[DeclareVoid, ...]:
    """Every 定缺 ``seat`` could declare holding ``concealed`` (SC-VOID-1): by suit (万 筒 条),
    one per kind of that suit it holds (the tile set aside), in tile order, or one with no
    tile when it holds none of the suit. Worked out when asked, like :func:`swap_answers`."""
    out: list[DeclareVoid] = []
    bits = concealed.bits
    actions = _VOID_ACTIONS[seat]
    for k in range(3):
        lanes = bits >> 27 * k & _LANES
        base = 10 * k
        if lanes:
            ranks = _RANKS[KINDS_OF_LANES[(lanes | lanes >> 1 | lanes >> 2) & _LOW]]
            out += [actions[base + r] or _void(seat, k, r) for r in ranks]
        else:
            out.append(actions[base + 9] or _void(seat, k, 9))
    return tuple(out)


def _void(seat: int, k: int, rank: int) -> DeclareVoid:
    """The shared answer of ``seat`` declaring suit ``k`` void, setting aside its tile of
    ``rank`` (``9``: none)."""
    suit = SUITS[k]
    aside = suited_tiles(suit)[rank] if rank < 9 else None
    action = _VOID_ACTIONS[seat][10 * k + rank] = DeclareVoid(seat, suit, aside)
    return action


def _set_record(state: State, seat: int, told: Event, **changes: object) -> State:
    """``state`` with ``changes`` in ``seat``'s record and the event ``told`` (one copy)."""
    seats = state.seats
    mine = seats[seat]
    mine = replace(mine, variant=attrs.evolve(mine.variant, **changes))
    seats = (*seats[:seat], mine, *seats[seat + 1 :])
    return replace(state, seats=seats, events=(*state.events, told))


_VOIDED_SUITS = 2
"""The suits a hand holds once 定缺 has taken one away (SC-VOID-3)."""


class Swapping(OwnPhase):
    """换三张 (huàn sān zhāng, SC-SWAP-1): after the deal, in a room with ``swap_three``, every
    seat chooses three tiles of one suit (the dealer from his 14); once all have, each passes
    its three to the seat of the hand's direction (SC-SWAP-2,
    :func:`~mahjong_rules.variants.sichuan.records.swap_direction`) and takes the three passed
    to it. A seat sees only what it chose, gave and got."""

    name: ClassVar[str] = SWAPPING
    when: ClassVar[When] = When.AFTER_DEAL
    answer_types: ClassVar[tuple[type[Action], ...]] = (SwapTiles,)

    def asks(self, rules: Hooks, state: State) -> Iterable[int]:
        """Every seat, in a room that swaps (option ``swap_three``); none otherwise."""
        return range(state.players) if rules.options.swap_three else ()

    def actions(self, rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
        """:func:`swap_answers` of the seat's concealed tiles."""
        return swap_answers(seat, state.seats[seat].concealed)

    def keeps(self, rules: Hooks, view: View, action: Action) -> TileCounts | None:
        """The seat's tiles less the three it passes (three unknown ones come instead)."""
        assert isinstance(action, SwapTiles)
        kept = view.concealed
        for tile in action.tiles:
            kept = kept.remove(tile)
        return kept

    def advise(self, rules: Hooks, view: View) -> Action:
        """The three whose loss costs least (:meth:`keeps`), counting that the hand will
        lack a suit after 定缺 whatever the room (SC-VOID-3): so, three tiles of the suit the
        hand can best give up, those that work least with the rest."""
        keeps = functools.partial(self.keeps, rules, view)
        return best_answer(rules, view, keeps, max_suits=_VOIDED_SUITS)

    def answer(self, rules: Hooks, state: State, action: Action) -> State:
        """The three tiles are kept in the seat's record (they stay in its hand until the
        swap), and told to it alone
        (:class:`~mahjong_rules.variants.sichuan.actions.TilesChosen`)."""
        assert isinstance(action, SwapTiles)
        told = TilesChosen(action.seat, action.tiles)
        return _set_record(state, action.seat, told, chosen=action.tiles)

    def resolve(self, rules: Hooks, state: State) -> State:
        """Every seat passes its three in the hand's direction and takes the three passed to
        it; the direction goes in the hand's record, and each seat is told what it gave and
        got (:class:`~mahjong_rules.variants.sichuan.actions.TilesSwapped`)."""
        direction = swap_direction(rules.options.swap_direction, state.wall)
        step, n = DIRECTIONS[direction], state.players
        chosen: list[tuple[Tile, ...]] = [s.variant.chosen for s in state.seats]
        seats, events = [], []
        for seat, mine in enumerate(state.seats):
            got = chosen[(seat - step) % n]
            concealed = mine.concealed
            for tile in chosen[seat]:
                concealed = concealed.remove(tile)
            for tile in got:
                concealed = concealed.add(tile)
            record: SichuanSeat = attrs.evolve(mine.variant, received=got)
            seats.append(replace(mine, concealed=concealed, variant=record))
            events.append(TilesSwapped(seat, direction, chosen[seat], got))
        hand = attrs.evolve(state.variant, direction=direction)
        return replace(state, seats=tuple(seats), variant=hand, events=(*state.events, *events))


class Voiding(OwnPhase):
    """定缺 (dìng quē, SC-VOID-1): after the swap every seat declares a suit void and sets one
    of its tiles of that suit aside face down, or declares holding none of it; the four
    declarations take effect together. The tile set aside stays among the seat's concealed
    tiles, marked in its record (see :mod:`~mahjong_rules.variants.sichuan.records`), and
    the void suit stays secret until that tile is turned up (SC-VIEW-1)."""

    name: ClassVar[str] = VOIDING
    when: ClassVar[When] = When.AFTER_DEAL
    answer_types: ClassVar[tuple[type[Action], ...]] = (DeclareVoid,)

    def actions(self, rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
        """:func:`void_answers` of the seat's concealed tiles."""
        return void_answers(seat, state.seats[seat].concealed)

    def keeps(self, rules: Hooks, view: View, action: Action) -> TileCounts | None:
        """The seat's tiles less every tile of the suit declared void, which no win holds
        (SC-VOID-3) and which it discards first (SC-VOID-4): the bots and the default answer
        give up the suit that costs least, setting aside its lowest tile."""
        assert isinstance(action, DeclareVoid)
        kept = view.concealed
        for tile in kept.kinds():
            if tile.suit is action.suit:
                kept = kept.remove(tile, kept.count(tile))
        return kept

    def answer(self, rules: Hooks, state: State, action: Action) -> State:
        """The suit and the tile are kept in the seat's record and told to it alone
        (:class:`~mahjong_rules.variants.sichuan.actions.VoidDeclared`)."""
        assert isinstance(action, DeclareVoid)
        told = VoidDeclared(action.seat, action.suit, action.aside)
        return _set_record(state, action.seat, told, void=action.suit, aside=action.aside)

    def resolve(self, rules: Hooks, state: State) -> State:
        """The declarations take effect (the hand's record says so) and the table sees who
        set a tile aside face down
        (:class:`~mahjong_rules.variants.sichuan.actions.AsideSet`); no suit is revealed."""
        down = tuple(s.variant.aside is not None for s in state.seats)
        hand = attrs.evolve(state.variant, voided=True)
        return replace(state, variant=hand, events=(*state.events, AsideSet(down)))


SICHUAN_PHASES: tuple[OwnPhase, ...] = (Swapping(), Voiding())
"""Sichuan's own phases, in their order: 换三张, then 定缺 (both after the deal)."""
