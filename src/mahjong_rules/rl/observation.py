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

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.state import Phase
from mahjong_rules.engine.view import SeatView, View
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.rl.planes import Sink, VariantPlanes
from mahjong_rules.tiles import Tile

__all__ = ["MELD_SLOTS", "Observer"]

MELD_SLOTS = 4
"""Melds a seat's part holds in order (a hand of 13 tiles makes at most four)."""

_PHASES = tuple(Phase)  # (found by .index, by identity: no enum __hash__ on a step)
_KINDS = tuple(MeldKind)
_SCORE = 1e6
_SUIT = (1 << 27) - 1  # one suit's nine lanes of TileCounts.bits
_HONORS = (1 << 21) - 1  # the seven honors' lanes
_MEMO = 1 << 16  # suit patterns kept before the memo starts over
_SUIT_COUNTS: dict[int, array[float]] = {}
"""One suit's lanes of :attr:`TileCounts.bits <mahjong_rules.counts.TileCounts.bits>` (tagged
with the suit's size): their counts, kept for every observer of the process (at most
``_MEMO`` patterns)."""


def _add(out: array[float], sink: Sink) -> None:
    """Add what ``sink`` holds to ``out``."""
    for i in sink.ones:
        out[i] += 1
    for i, value in zip(sink.at, sink.values, strict=True):
        out[i] += value


class _Table:
    """What one viewer's observations keep between calls: the numbers of every seat's melds
    and discards and of the variant's default planes (:attr:`numbers`, zeros elsewhere) and
    what they were written from: the melds and discards (compared by identity: a state
    shares what an action left unchanged; a seat's discards only grow, so a longer tuple
    that starts with the kept one adds its new tiles alone) and the variant's fields (by
    value: :meth:`VariantPlanes.fields <mahjong_rules.rl.planes.VariantPlanes.fields>`)."""

    __slots__ = ("discards", "fields", "melds", "numbers")

    def __init__(self, zeros: array[float], players: int) -> None:
        self.numbers = zeros[:]
        self.melds: list[tuple[Meld, ...]] = [()] * players
        self.discards: list[tuple[Tile, ...]] = [()] * players
        self.fields: tuple[Any, ...] | None = None  # the variant's fields written, if kept


class Observer:
    """The observation and action mask of one room's views (see the module docs).

    An observation is written into a copy of its viewer's kept table numbers (every seat's
    melds and discards, brought up to date with what changed since that viewer's last
    observation), so that a step costs what changed, not the whole table; it is the same
    array as writing every number afresh (``tests/test_rl_digest.py`` pins it). What it keeps
    makes an observer one environment's (one thread's), like the environment itself.
    """

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.players = players = int(rules.players)
        self.tiles = tiles = 34 if rules.honors else 27
        self.wall = wall = len(rules.wall_tiles)
        self.actions = int(rules.action_space)
        self._ids: dict[Action, int] = {}
        self._tables: dict[int, _Table] = {}  # viewer: its kept numbers
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
        self._counted = [
            (n, won, hidden, shown, score) for n, won, hidden, shown, *_, score in self._seats
        ]
        self._suit_lanes = [
            (offset, lanes, size, size << 27)
            for offset, lanes, size in (
                (0, _SUIT, 9),
                (9, _SUIT, 9),
                (18, _SUIT, 9),
                (27, _HONORS, 7),
            )
            if offset < tiles
        ]
        self.size = len(lows)
        self.low = np.array(lows, dtype=np.float32)
        self.high = np.array(highs, dtype=np.float32)
        self._zeros = array("f", bytes(4 * self.size))
        self._no_actions = bytes(self.actions)

    def observe(self, view: View) -> npt.NDArray[np.float32]:
        """The observation of ``view`` (a view of this room's): ``size`` numbers."""
        players, seat = self.players, view.seat
        table = self._tables.get(seat)
        if table is None:
            table = self._tables[seat] = _Table(self._zeros, players)
        melds, discards = table.melds, table.discards
        for other in view.seats:
            i = other.seat
            if other.melds is not melds[i]:
                self._melds(table, seat, other)
            if other.discards is not discards[i]:
                self._discards(table, seat, other)
        planes = self.planes
        if planes.size and planes.hook is None:
            fields = planes.fields(view)
            if fields != table.fields:
                self._fields(table, seat, fields)
        out = table.numbers[:]
        self._counts(out, self._hand, view.concealed)
        if view.drawn is not None:
            out[self._drawn + view.drawn.index] += 1
        if view.wild_kinds:
            wild = self._wild
            for t in view.wild_kinds:
                out[wild + t.index] += 1
        if view.tile is not None:
            out[self._offer + view.tile.index] += 1
        if view.pass_peng:
            pass_peng = self._pass_peng
            for t in view.pass_peng:
                out[pass_peng + t.index] += 1
        if view.pass_hu:
            out[self._pass_hu] += 1
        out[self._phase + _PHASES.index(view.phase)] += 1
        if view.stage is not None and view.stage in self.stages:
            out[self._stage + self.stages[view.stage]] += 1
        out[self._current + (view.current - seat) % players] += 1
        out[self._dealer + (view.dealer - seat) % players] += 1
        out[self._tiles_left] += view.tiles_left
        out[self._discards_made] += view.discards_made
        scores = [0] * players
        for payment in view.ledger:
            scores[payment.payer] -= payment.amount
            if payment.payee.__class__ is int:
                scores[payment.payee] += payment.amount
        counted = self._counted
        for other in view.seats:
            k = (other.seat - seat) % players
            n, won, hidden, shown, score = counted[k]
            out[n] += other.tiles
            if other.hidden_kongs:
                out[hidden] += other.hidden_kongs
            if scores[other.seat]:
                out[score] += scores[other.seat]
            if other.won:
                out[won] += 1
            if k and other.hand is not None:  # (the seat's own is in hand)
                self._counts(out, shown, other.hand)
        if planes.hook is not None:
            sink = Sink()
            planes.write(view, self._variant, sink)
            _add(out, sink)
        return np.frombuffer(out, dtype=np.float32)

    def _fields(self, table: _Table, seat: int, fields: tuple[Any, ...]) -> None:
        """Write the variant's default planes of ``fields`` in the viewer's kept numbers."""
        base, size = self._variant, self.planes.size
        table.numbers[base : base + size] = self._zeros[:size]
        sink = Sink()
        self.planes.write_fields(fields, seat, base, sink)
        _add(table.numbers, sink)
        table.fields = fields

    def _counts(self, out: array[float], base: int, counts: TileCounts) -> None:
        """Write ``counts`` (its kinds below :attr:`tiles`) from ``out[base]`` on (zeros
        there), one suit's nine numbers at once, each suit's pattern kept."""
        bits = counts.bits
        memo = _SUIT_COUNTS
        for offset, lanes, size, tag in self._suit_lanes:
            key = (bits >> (3 * offset)) & lanes
            if key:
                found = memo.get(key + tag)
                if found is None:
                    if len(memo) >= _MEMO:
                        memo.clear()
                    found = array("f", [(key >> (3 * r)) & 7 for r in range(size)])
                    memo[key + tag] = found
                out[base + offset : base + offset + size] = found

    def _melds(self, table: _Table, seat: int, other: SeatView) -> None:
        """Bring ``other``'s melds in the viewer's kept numbers up to date (written afresh:
        a meld can change, as a 碰 turned into a 补杠)."""
        k = (other.seat - seat) % self.players
        _, _, _, _, melds, meld_wilds, _, _, _ = self._seats[k]
        out, zeros = table.numbers, self._zeros
        slot, kinds, tiles, players = self.slot, len(_KINDS), self.tiles, self.players
        out[melds : melds + MELD_SLOTS * slot] = zeros[: MELD_SLOTS * slot]
        out[meld_wilds : meld_wilds + tiles] = zeros[:tiles]
        for m, meld in enumerate(other.melds[:MELD_SLOTS]):
            base = melds + m * slot
            out[base + _KINDS.index(meld.kind)] += 1
            out[base + kinds + meld.tile.index] += 1
            if meld.from_seat is not None:
                out[base + kinds + tiles + (meld.from_seat - seat) % players] += 1
            if meld.wild_tiles:
                out[base + slot - 1] += len(meld.wild_tiles)
                for t in meld.wild_tiles:
                    out[meld_wilds + t.index] += 1
        table.melds[other.seat] = other.melds

    def _discards(self, table: _Table, seat: int, other: SeatView) -> None:
        """Bring ``other``'s pond in the viewer's kept numbers up to date: its new discards
        alone when the kept ones are where they were, else written afresh."""
        k = (other.seat - seat) % self.players
        _, _, _, _, _, _, pond, order, _ = self._seats[k]
        out = table.numbers
        new, old = other.discards, table.discards[other.seat]
        first = len(old)
        if len(new) < first or new[:first] != old:
            tiles, wall, zeros = self.tiles, self.wall, self._zeros
            out[pond : pond + tiles] = zeros[:tiles]
            out[order : order + wall] = zeros[:wall]
            first = 0
        for j in range(first, len(new)):
            index = new[j].index
            out[pond + index] += 1
            out[order + j] = index + 1
        table.discards[other.seat] = new

    def mask(self, view: View) -> npt.NDArray[np.int8]:
        """The ``int8`` mask of the view's legal action ids: 1 for each legal action's id."""
        out = bytearray(self._no_actions)
        ids = self._ids
        for action in view.legal_actions:
            found = ids.get(action)
            if found is None:
                found = self._id(action)
            out[found] = 1
        return np.frombuffer(out, dtype=np.int8)

    def _id(self, action: Action) -> int:
        """The id of ``action``, kept (a room's actions are few: at most its ids × seats)."""
        found = self._ids.get(action)
        if found is None:
            found = self._ids[action] = self.rules.action_id(action)
        return found
