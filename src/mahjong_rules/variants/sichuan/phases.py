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
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from mahjong_rules.counts import BITS_PER_KIND, TileCounts, lanes_size
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.phase_advice import best_answer
from mahjong_rules.engine.phases import OwnPhase, When
from mahjong_rules.engine.state import State, replace
from mahjong_rules.engine.view import View
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.sichuan.actions import (
    AsideSet,
    DeclareVoid,
    SwapTiles,
    TilesChosen,
    TilesSwapped,
    VoidDeclared,
)
from mahjong_rules.variants.sichuan.answers import swap_answers, void_answers
from mahjong_rules.variants.sichuan.records import (
    DIRECTIONS,
    SWAPPING,
    VOIDING,
    SichuanSeat,
    swap_direction,
)
from mahjong_rules.variants.sichuan.settlement import lanes_of

__all__ = ["SICHUAN_PHASES", "Swapping", "Voiding", "swap_answers", "void_answers"]


def _set_record(state: State, seat: int, told: Event, **changes: Any) -> State:
    """``state`` with ``changes`` in ``seat``'s record and the event ``told`` (one copy)."""
    seats = state.seats
    mine = seats[seat]
    mine = replace(mine, variant=_changed(mine.variant, **changes))
    seats = (*seats[:seat], mine, *seats[seat + 1 :])
    return replace(state, seats=seats, events=(*state.events, told))


def _changed(record: SichuanSeat, **changes: Any) -> SichuanSeat:
    """``attrs.evolve(record, **changes)``, built by the constructor when ``record`` is a
    :class:`~mahjong_rules.variants.sichuan.records.SichuanSeat` itself (in a third of the
    time); a plugin's subclass of it goes through :func:`attrs.evolve`, which keeps its own
    fields."""
    if record.__class__ is not SichuanSeat:
        return attrs.evolve(record, **changes)
    get = changes.get
    return SichuanSeat(
        get("chosen", record.chosen),
        get("received", record.received),
        get("void", record.void),
        get("aside", record.aside),
    )


def _lanes(tiles: tuple[Tile, ...]) -> int:
    """The count bits of ``tiles`` (:attr:`TileCounts.bits
    <mahjong_rules.counts.TileCounts.bits>`: one in each tile's lane)."""
    return sum([1 << BITS_PER_KIND * tile.index for tile in tiles])


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
            concealed = mine.concealed  # holds the three it chose (the answer was listed)
            bits = concealed.bits - _lanes(chosen[seat]) + _lanes(got)
            concealed = TileCounts._make(bits, concealed.size)  # three out, three in
            record = _changed(mine.variant, received=got)
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
        concealed = view.concealed
        gone = concealed.bits & lanes_of(action.suit)  # the suit's lanes, as held
        return TileCounts._make(concealed.bits ^ gone, concealed.size - lanes_size(gone))

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
