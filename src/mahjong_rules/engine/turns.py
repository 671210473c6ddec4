"""A seat's turn: the actions it may take, and applying them — discard and kongs from the hand
(a variant's own turn actions are its own hooks').

Each transition builds its new state once where it can: a discard nobody may claim goes
straight to the next seat's draw in one copy (:meth:`Turns._do_discard`).
"""

from __future__ import annotations

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.actions import Action, Discard, Gang
from mahjong_rules.engine.drafts import freeze, freeze_seat, thaw, thaw_seat
from mahjong_rules.engine.edit import (
    DISCARDED,
    DISCARDS,
    HU,
    after_peng,
    discard_actions,
    held_discards,
    pay,
    take,
)
from mahjong_rules.engine.events import Konged
from mahjong_rules.engine.parts import EngineParts
from mahjong_rules.engine.state import CLAIM, ROB, State, replace
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import WinKind

__all__ = ["Turns"]


class Turns(EngineParts):
    """A seat's turn in the engine (a mixin of :class:`~mahjong_rules.variants.base.Rules`)."""

    _ask_every: bool = False

    def _turn_actions(self, state: State, seat: int) -> tuple[Action, ...]:
        """The seat in turn's actions: Hu, kongs, the variant's own, then its discards."""
        out: list[Action] = []
        if not after_peng(state, seat):
            if self._can_self_win(state, seat):
                out.append(HU[seat])
            out.extend(self.turn_kongs(state, seat))
        out.extend(self.extra_turn_actions(state, seat))
        tiles = self.discardable(state, seat)
        if isinstance(tiles, TileCounts):
            discards = held_discards(seat, tiles.bits)
        elif isinstance(tiles, TileSet):
            discards = discard_actions(seat, tiles.mask)
        else:
            row = DISCARDS[seat]
            discards = tuple(row[tile.index] for tile in tiles)
        return (*out, *discards) if out else discards

    def _do_discard(self, state: State, action: Discard, step: int) -> State:
        """The discard, then either the next seat's draw (nobody may claim the tile: one state
        copy for the whole transition) or a claim window."""
        seat, tile = action.seat, action.tile
        s = state.seats[seat]
        pass_hu, pass_fan = s.pass_hu, s.pass_hu_fan
        if self.discard_lifts_pass_hu(state, seat):
            pass_hu, pass_fan = False, -1
        elif self.declines_self_win(state, seat):
            # 过手胡: declining a self-draw (by this discard, or by a choice the variant
            # counts as declining it) blocks wins on discards until the next draw
            pass_hu = True
            pass_fan = max(pass_fan, self._declined_fan(state, seat, s.drawn, WinKind.SELF_DRAW))
        mine = thaw_seat(s)
        concealed = s.concealed  # legal_actions checked the tile is held
        mine.concealed = TileCounts._make(
            concealed.bits - (1 << 3 * tile.index), concealed.size - 1
        )
        mine.discards = (*s.discards, tile)
        mine.drawn = None
        mine.turn_draws = ()
        mine.pass_hu = pass_hu
        mine.pass_hu_fan = pass_fan
        cache: dict[object, object] = {}
        if tile is s.drawn:  # its 13 tiles are those it held before the draw: so are its waits
            before = s.cache.get("waits_before")
            if before is not None:
                cache["waits"] = before
        after = freeze_seat(mine, cache)
        candidates = self._candidates(state, seat, tile)  # the other seats are unchanged
        discard_win = self.discard_wins(state, seat, after)
        d = thaw(state)
        d.seats = (*state.seats[:seat], after, *state.seats[seat + 1 :])
        d.events = DISCARDED[seat][tile.index]  # a discard starts a transition
        d.discards_made = state.discards_made + 1
        d.step = step
        if not candidates and not discard_win and not self._ask_every:
            # the common case: nobody may claim the tile, so the next seat draws at once
            return self._draw_into(state, d, self.next_to_draw(state, seat), False, action)
        d.kong_chain = 0
        d.discard_win = seat if discard_win else None
        d.phase = CLAIM
        d.current = seat
        d.tile = tile
        d.answers = d.forced = ()
        state = freeze(d)
        return self._open_window(state, CLAIM, seat, tile, opened=True, candidates=candidates)

    def _do_gang_from_hand(self, state: State, action: Gang) -> State:
        seat, tile = action.seat, action.tile
        s = state.seats[seat]
        if action.kind is MeldKind.AN_GANG:
            meld = Meld._make(MeldKind.AN_GANG, tile, action.wild_tiles, None)  # listed: valid
            seats = list(state.seats)
            seats[seat] = replace(
                s, concealed=take(s.concealed, tile, 4, action.wild_tiles), melds=(*s.melds, meld)
            )
            state = replace(state, seats=tuple(seats), events=(*state.events, Konged(seat, meld)))
            return self._after_kong(state, seat, meld)
        if self.kong_paid_before_rob:  # its money first, with the ref it will carry
            meld = _added_kong(s.melds, action)[1]
            payments = self.kong_payments(state, seat, meld, state.next_ref)
            if payments:
                state = pay(state, payments)
        if action.wild_tiles:
            # a 补杠 that adds a wildcard cannot be robbed: only a natural tile can
            return self._complete_added_kong(state, action)
        # 补杠: others may rob it first (抢杠胡); with nobody to ask, _resolve completes it
        return self._open_window(replace(state, pending=action), ROB, seat, tile)

    def _complete_added_kong(self, state: State, action: Gang) -> State:
        state, meld = self._add_to_peng(state, action, current=action.seat, tile=None)
        return self._after_kong(state, action.seat, meld)

    def _add_to_peng(self, state: State, action: Gang, **changes: object) -> tuple[State, Meld]:
        """A 补杠's tile joins its peng (the Konged event); the replacement is not drawn yet."""
        seat, tile = action.seat, action.tile
        s = state.seats[seat]
        melds = list(s.melds)
        k, meld = _added_kong(s.melds, action)
        added = action.wild_tiles
        melds[k] = meld
        concealed = s.concealed.remove(added[0]) if added else s.concealed.remove(tile)
        seats = list(state.seats)
        seats[seat] = replace(s, concealed=concealed, melds=tuple(melds))
        events = (*state.events, Konged(seat, meld))
        return replace(state, seats=tuple(seats), events=events, **changes), meld

    def _after_kong(self, state: State, seat: int, meld: Meld) -> State:
        """A completed kong: its payments (each carrying the kong's ref), then the
        replacement draw from the back of the wall, which keeps the kong chain."""
        ref = state.next_ref
        if meld.kind is MeldKind.BU_GANG and self.kong_paid_before_rob:
            payments = []  # paid as it was declared
        else:
            payments = self.kong_payments(state, seat, meld, ref)
        if payments:
            state = pay(state, payments)
        return self._draw(
            state,
            seat,
            replacement=True,
            next_ref=ref + 1,
            kong_chain=state.kong_chain + 1,
            chain_refs=(*state.chain_refs, ref),
        )


def _added_kong(melds: tuple[Meld, ...], action: Gang) -> tuple[int, Meld]:
    """The 补杠 ``action`` makes of one of ``melds``: the index of its peng, and the kong (the
    peng's wildcards and any the action adds, claimed from the peng's giver)."""
    tile = action.tile
    k = next(i for i, m in enumerate(melds) if m.kind is MeldKind.PENG and m.tile == tile)
    peng = melds[k]
    wilds = (*peng.wild_tiles, *action.wild_tiles)
    return k, Meld(MeldKind.BU_GANG, tile, wilds, from_seat=peng.from_seat)
