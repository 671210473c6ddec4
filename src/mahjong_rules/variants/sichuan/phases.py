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

from collections import Counter
from collections.abc import Iterable
from typing import ClassVar

import attrs

from mahjong_rules.counts import LOW_BITS, TileCounts
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.phases import OwnPhase, When
from mahjong_rules.engine.state import State, replace
from mahjong_rules.tiles import Suit, Tile, suited_tiles
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


def _by_suit(concealed: TileCounts) -> Counter[Suit]:
    return Counter(tile.suit for tile in concealed)


_SWAPS: list[dict[int, tuple[SwapTiles, ...]]] = [{} for _ in range(4)]
"""Per seat, per suit and the suit's lanes of the hand (``k << 27 | lanes``): its 换三张
answers, each tuple built once."""
_VOIDS: list[dict[int, tuple[DeclareVoid, ...]]] = [{} for _ in range(4)]
"""Per seat, per suit and the kinds of it held (``k << 27 | present``): its 定缺 answers."""
_TRIPLES: dict[int, tuple[int, ...]] = {}
"""Per suit lanes: the answers' three ranks, as ``81 r1 + 9 r2 + r3`` (whatever the seat)."""
_MEMO_LIMIT = 1 << 14
"""A memo that grows past this many entries starts afresh (any hand's patterns fit)."""
_LANES = (1 << 27) - 1


def swap_answers(seat: int, concealed: TileCounts) -> tuple[SwapTiles, ...]:
    """Every three tiles of one suit ``seat`` could pass from ``concealed``, each multiset
    once: by suit (万 筒 条), then in tile order (``1m1m2m`` before ``1m1m3m``). Each suit's
    answers are worked out once per pattern of that suit and kept (actions are values)."""
    out: tuple[SwapTiles, ...] = ()
    bits = concealed.bits
    memo = _SWAPS[seat]
    for k in range(3):
        lanes = bits >> 27 * k & _LANES
        if not lanes:
            continue
        key = k << 27 | lanes
        found = memo.get(key)
        if found is None:
            found = _swaps_of(seat, k, lanes)
            if len(memo) >= _MEMO_LIMIT:
                memo.clear()
            memo[key] = found
        out += found
    return out


_VOID_ACTIONS: dict[tuple[int, Suit, Tile | None], DeclareVoid] = {}
"""Each seat's 定缺 answers, built once (at most 4 x 30)."""


def _void(seat: int, suit: Suit, tile: Tile | None) -> DeclareVoid:
    found = _VOID_ACTIONS.get((seat, suit, tile))
    if found is None:
        found = _VOID_ACTIONS[seat, suit, tile] = DeclareVoid(seat, suit, tile)
    return found


_SWAP_ACTIONS: list[dict[int, SwapTiles]] = [{} for _ in range(4)]
"""Each seat's 换三张 answers by suit and ranks (``729 k + 81 r1 + 9 r2 + r3``), built once
(at most 4 x 495)."""


def _triples(lanes: int) -> tuple[int, ...]:
    """The ranks ``r1 <= r2 <= r3`` of every three tiles the lanes of one suit hold, each
    rank taken up to as many times as it is held, as ``81 r1 + 9 r2 + r3`` in order."""
    held = [(lanes >> 3 * r & 7) for r in range(9)]
    out = []
    for a in range(9):
        if not held[a]:
            continue
        for b in range(a, 9):
            if not held[b] or (b == a and held[a] < 2):
                continue
            for c in range(b, 9):
                if held[c] >= 1 + (c == b) + (c == a):
                    out.append(81 * a + 9 * b + c)
    return tuple(out)


def _swaps_of(seat: int, k: int, lanes: int) -> tuple[SwapTiles, ...]:
    """The answers of one suit whose lanes are ``lanes``."""
    triples = _TRIPLES.get(lanes)
    if triples is None:
        if len(_TRIPLES) >= _MEMO_LIMIT:
            _TRIPLES.clear()
        triples = _TRIPLES[lanes] = _triples(lanes)
    actions = _SWAP_ACTIONS[seat]
    tiles = suited_tiles(SUITS[k])
    out = []
    for ranks in triples:
        action = actions.get(729 * k + ranks)
        if action is None:
            three = (tiles[ranks // 81], tiles[ranks // 9 % 9], tiles[ranks % 9])
            action = actions[729 * k + ranks] = SwapTiles(seat, three)
        out.append(action)
    return tuple(out)


def void_answers(seat: int, concealed: TileCounts) -> tuple[DeclareVoid, ...]:
    """Every 定缺 ``seat`` could declare holding ``concealed`` (SC-VOID-1): by suit (万 筒 条),
    one per kind of that suit it holds (the tile set aside), in tile order, or one with no
    tile when it holds none of the suit. Kept per pattern like :func:`swap_answers`'."""
    out: tuple[DeclareVoid, ...] = ()
    bits = concealed.bits
    memo = _VOIDS[seat]
    for k in range(3):
        lanes = bits >> 27 * k & _LANES
        key = k << 27 | (lanes | lanes >> 1 | lanes >> 2) & LOW_BITS
        found = memo.get(key)
        if found is None:
            suit = SUITS[k]
            kinds = [t for r, t in enumerate(suited_tiles(suit)) if lanes >> 3 * r & 7]
            found = tuple(_void(seat, suit, t) for t in kinds) or (_void(seat, suit, None),)
            memo[key] = found  # (at most 3 x 512 entries a seat)
        out += found
    return out


def _fewest(concealed: TileCounts, least: int) -> Suit:
    """The suit held fewest times among those held at least ``least`` times (the first such
    in the order 万 筒 条)."""
    held = _by_suit(concealed)
    return min((s for s in SUITS if held[s] >= least), key=lambda s: held[s])


def _set_record(state: State, seat: int, told: Event, **changes: object) -> State:
    """``state`` with ``changes`` in ``seat``'s record and the event ``told`` (one copy)."""
    seats = state.seats
    mine = seats[seat]
    mine = replace(mine, variant=attrs.evolve(mine.variant, **changes))
    seats = (*seats[:seat], mine, *seats[seat + 1 :])
    return replace(state, seats=seats, events=(*state.events, told))


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

    def default(self, rules: Hooks, state: State, seat: int) -> Action:
        """The lowest three of the suit it holds fewest of, among those it holds three of
        (ties: 万, then 筒, then 条): it breaks up the least."""
        concealed = state.seats[seat].concealed
        suit = _fewest(concealed, 3)
        return next(a for a in swap_answers(seat, concealed) if a.tiles[0].suit is suit)

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

    def default(self, rules: Hooks, state: State, seat: int) -> Action:
        """The suit it holds fewest of (ties: 万, then 筒, then 条), setting aside its lowest
        tile of it (none when it holds none)."""
        concealed = state.seats[seat].concealed
        suit = _fewest(concealed, 0)
        return next(a for a in void_answers(seat, concealed) if a.suit is suit)

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
