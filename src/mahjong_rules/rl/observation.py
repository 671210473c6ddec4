"""The observation (观察, guānchá): one seat's :class:`~mahjong_rules.View` as a fixed-shape array.

:class:`Observer` turns a view into a one-dimensional ``float32`` NumPy array of
``Observer.size`` numbers, the same size for every view of the room, and the view's legal
actions into an ``int8`` mask over the room's action ids
(:func:`~mahjong_rules.engine.action_ids.action_space`). It reads the view alone, so it sees
what the seat sees and nothing more. ``Observer.sections`` names each part with its first
index and size, in this order (T tiles: 27, or 34 with honors; P players; D tiles in the
wall; seats are counted from the viewer: ``seat0`` is the viewer itself, ``seat1`` the next
seat in turn, and so on):

==========================  =====================  ============================================
Section                     Size                   Holds
==========================  =====================  ============================================
``hand``                    T                      the seat's concealed tiles (counts 0-4)
``drawn``                   T                      the tile it drew this turn (one-hot)
``wild``                    T                      the hand's wildcard kinds (听用)
``offer``                   T                      the tile on offer in a claim or rob window
``pass_peng``               T                      tiles it may not peng now (过手碰)
``pass_hu``                 1                      its 过手胡 block
``phase``                   5                      the phase (choosing, turn, claim, rob, ended)
``stage``                   the variant's phases   which of the variant's own phases asks
``current``, ``dealer``     P each                 the seat in turn, the dealer (by position)
``tiles_left``              1                      live wall tiles still to draw
``discards_made``           1                      discards so far in the hand
``seatK.tiles``             1                      concealed tiles seat K holds (a count)
``seatK.won``               1                      whether it has won (血战: left the hand)
``seatK.hidden_kongs``      1                      its 暗杠 kept face down
``seatK.shown``             T                      another seat's concealed tiles when shown
                                                   (a winner's hand), else zeros
``seatK.melds``             4 × (4 + T + P + 1)    its melds in order: kind, tile, the position
                                                   it came from, how many wildcards
``seatK.meld_wilds``        T                      the wildcards in its melds
``seatK.pond``              T                      its discards (counts)
``seatK.pond_order``        D                      its discards in order, tile index + 1 (0:
                                                   none yet)
``seatK.score``             1                      its net of the payments so far
``variant``                 the variant's          its own records (:mod:`mahjong_rules.rl.planes`)
==========================  =====================  ============================================
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.state import Phase
from mahjong_rules.engine.view import SeatView, View
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.rl.planes import Sink, VariantPlanes
from mahjong_rules.tiles import Tile

__all__ = ["MELD_SLOTS", "Observer"]

MELD_SLOTS = 4
"""Melds a seat's part holds in order (a hand of 13 tiles makes at most four)."""

_PHASES = tuple(Phase)
_PHASE_INDEX = {phase: i for i, phase in enumerate(_PHASES)}
_KINDS = tuple(MeldKind)
_KIND_INDEX = {kind: i for i, kind in enumerate(_KINDS)}
_SCORE = 1e6

Kept = tuple[tuple[Meld, ...], tuple[Tile, ...], list[int], list[int], list[float]]
"""A seat's melds and discards, with their numbers from one viewer (reused while the seat's
melds and discards are the same objects: a state shares what an action left unchanged)."""


class Observer:
    """The observation and action mask of one room's views (see the module docs)."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.players = players = int(rules.players)
        self.tiles = tiles = 34 if rules.honors else 27
        self.wall = wall = len(rules.wall_tiles)
        self.actions = int(rules.action_space)
        self._ids: dict[Action, int] = {}
        self._kept: dict[int, dict[int, Kept]] = {}  # viewer: seat: its table numbers
        self.stages = {phase.name: i for i, phase in enumerate(rules.phases)}
        sample = rules.view(rules.new_hand(seed=0), 0)
        self.planes = VariantPlanes(rules, tiles, sample)
        self.sections: list[tuple[str, int, int]] = []
        """Each part of the observation: its name, first index and size, in order."""
        lows: list[float] = []
        highs: list[float] = []

        def add(name: str, size: int, low: float, high: float) -> int:
            start = len(lows)
            self.sections.append((name, start, size))
            lows.extend([low] * size)
            highs.extend([high] * size)
            return start

        self._hand = add("hand", tiles, 0, 4)
        self._drawn = add("drawn", tiles, 0, 1)
        self._wild = add("wild", tiles, 0, 1)
        self._offer = add("offer", tiles, 0, 1)
        self._pass_peng = add("pass_peng", tiles, 0, 1)
        self._pass_hu = add("pass_hu", 1, 0, 1)
        self._phase = add("phase", len(_PHASES), 0, 1)
        self._stage = add("stage", len(self.stages), 0, 1)
        self._current = add("current", players, 0, 1)
        self._dealer = add("dealer", players, 0, 1)
        self._tiles_left = add("tiles_left", 1, 0, wall)
        self._discards_made = add("discards_made", 1, 0, wall)
        self.slot = len(_KINDS) + tiles + players + 1
        self._seats: list[tuple[int, ...]] = []
        for k in range(players):
            self._seats.append(
                (
                    add(f"seat{k}.tiles", 1, 0, 18),
                    add(f"seat{k}.won", 1, 0, 1),
                    add(f"seat{k}.hidden_kongs", 1, 0, 4),
                    add(f"seat{k}.shown", tiles, 0, 4),
                    add(f"seat{k}.melds", MELD_SLOTS * self.slot, 0, 3),
                    add(f"seat{k}.meld_wilds", tiles, 0, 12),
                    add(f"seat{k}.pond", tiles, 0, 4),
                    add(f"seat{k}.pond_order", wall, 0, tiles),
                    add(f"seat{k}.score", 1, -_SCORE, _SCORE),
                )
            )
        self._variant = add("variant", self.planes.size, -_SCORE, _SCORE)
        self.size = len(lows)
        self.low = np.array(lows, dtype=np.float32)
        self.high = np.array(highs, dtype=np.float32)

    def observe(self, view: View) -> npt.NDArray[np.float32]:
        """The observation of ``view`` (a view of this room's): ``size`` numbers."""
        players, seat = self.players, view.seat
        sink = Sink()
        ones, at, values = sink.ones, sink.at, sink.values
        hand = self._hand
        ones.extend([hand + t.index for t in view.concealed])
        if view.drawn is not None:
            ones.append(self._drawn + view.drawn.index)
        if view.wild_kinds:
            wild = self._wild
            ones.extend([wild + t.index for t in view.wild_kinds])
        if view.tile is not None:
            ones.append(self._offer + view.tile.index)
        if view.pass_peng:
            pass_peng = self._pass_peng
            ones.extend([pass_peng + t.index for t in view.pass_peng])
        if view.pass_hu:
            ones.append(self._pass_hu)
        ones.append(self._phase + _PHASE_INDEX[view.phase])
        if view.stage is not None and view.stage in self.stages:
            ones.append(self._stage + self.stages[view.stage])
        ones.append(self._current + (view.current - seat) % players)
        ones.append(self._dealer + (view.dealer - seat) % players)
        at += (self._tiles_left, self._discards_made)
        values += (view.tiles_left, view.discards_made)
        scores = [0] * players
        for payment in view.ledger:
            scores[payment.payer] -= payment.amount
            if payment.payee.__class__ is int:
                scores[payment.payee] += payment.amount
        table = self._kept.setdefault(seat, {})
        for other in view.seats:
            k = (other.seat - seat) % players
            n, won, hidden, shown, *_, score = self._seats[k]
            at += (n, hidden, score)
            values += (other.tiles, other.hidden_kongs, scores[other.seat])
            if other.won:
                ones.append(won)
            if k and other.hand is not None:  # (the seat's own is in hand)
                ones.extend([shown + t.index for t in other.hand])
            kept = table.get(other.seat)
            if kept is None or kept[0] is not other.melds or kept[1] is not other.discards:
                kept = table[other.seat] = self._table(seat, other, k)
            ones.extend(kept[2])
            at.extend(kept[3])
            values.extend(kept[4])
        if self.planes.size:
            self.planes.write(view, self._variant, sink)
        weights = array("d", [1.0]) * len(ones)
        weights.extend(values)
        ones.extend(at)
        counted = np.bincount(
            np.frombuffer(array("l", ones), dtype=np.int_), np.frombuffer(weights), self.size
        )
        return counted.astype(np.float32)

    def _table(self, seat: int, other: SeatView, k: int) -> Kept:
        """The numbers of ``other``'s melds and discards seen from ``seat`` (their position
        ``k``): the indexes counted, the indexes given a value and the values."""
        ones: list[int] = []
        at: list[int] = []
        values: list[float] = []
        _, _, _, _, melds, meld_wilds, pond, order, _ = self._seats[k]
        slot, kinds, tiles, players = self.slot, len(_KINDS), self.tiles, self.players
        for m, meld in enumerate(other.melds[:MELD_SLOTS]):
            base = melds + m * slot
            ones.append(base + _KIND_INDEX[meld.kind])
            ones.append(base + kinds + meld.tile.index)
            if meld.from_seat is not None:
                ones.append(base + kinds + tiles + (meld.from_seat - seat) % players)
            if meld.wild_tiles:
                at.append(base + slot - 1)
                values.append(len(meld.wild_tiles))
                ones.extend([meld_wilds + t.index for t in meld.wild_tiles])
        indexes = [t.index for t in other.discards]
        ones.extend([pond + i for i in indexes])
        at.extend(range(order, order + len(indexes)))
        values.extend([i + 1 for i in indexes])
        return other.melds, other.discards, ones, at, values

    def mask(self, view: View) -> npt.NDArray[np.int8]:
        """The ``int8`` mask of the view's legal action ids: 1 for each legal action's id."""
        out = np.zeros(self.actions, dtype=np.int8)
        if view.legal_actions:
            ids = self._ids
            found = [ids.get(a, -1) for a in view.legal_actions]
            if -1 in found:
                found = [self._id(a) for a in view.legal_actions]
            out[found] = 1
        return out

    def _id(self, action: Action) -> int:
        """The id of ``action``, kept (a room's actions are few: at most its ids × seats)."""
        found = self._ids.get(action)
        if found is None:
            found = self._ids[action] = self.rules.action_id(action)
        return found
