"""A seat's turn: the actions it may take, and applying them — discard and kongs from the hand
(a variant's own turn actions are its own hooks').

Each transition builds its new state once where it can: a discard nobody may claim goes
straight to the next seat's draw in one copy (:func:`discard`). Plain functions of the rules
object (``rules``, whose hooks they ask) and the state; a discard or a 补杠 opens a claim
window (:mod:`~mahjong_rules.engine.claims`), a kong completes in
:mod:`~mahjong_rules.engine.kongs`, and the turn passes on by a draw
(:mod:`~mahjong_rules.engine.draws`).
"""

from __future__ import annotations

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.actions import Action, Discard, Gang
from mahjong_rules.engine.claims import may_claim, open_window
from mahjong_rules.engine.defaulted import (
    DISCARD_LIFTS_PASS_HU,
    DISCARD_WINS,
    next_to_draw,
)
from mahjong_rules.engine.drafts import freeze, freeze_seat, thaw, thaw_seat
from mahjong_rules.engine.draws import draw_into
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
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.kongs import added_kong, after_kong, complete_added_kong
from mahjong_rules.engine.state import CLAIM, ROB, State, replace
from mahjong_rules.engine.waits import can_self_win
from mahjong_rules.engine.wins import declined_fan
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import WinKind

__all__ = ["discard", "gang_from_hand", "turn_actions"]


def turn_actions(rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
    """The seat in turn's actions: Hu, kongs, the variant's own, then its discards."""
    out: list[Action] = []
    if not after_peng(state, seat):
        if can_self_win(rules, state, seat):
            out.append(HU[seat])
        out.extend(rules.turn_kongs(state, seat))
    out.extend(rules.extra_turn_actions(state, seat))
    tiles = rules.discardable(state, seat)
    if isinstance(tiles, TileCounts):
        discards = held_discards(seat, tiles.bits)
    elif isinstance(tiles, TileSet):
        discards = discard_actions(seat, tiles.mask)
    else:
        row = DISCARDS[seat]
        discards = tuple(row[tile.index] for tile in tiles)
    return (*out, *discards) if out else discards


def discard(rules: Hooks, state: State, action: Discard, step: int) -> State:
    """The discard, then either the next seat's draw (nobody may claim the tile: one state
    copy for the whole transition) or a claim window."""
    seat, tile = action.seat, action.tile
    s = state.seats[seat]
    pass_hu, pass_fan = s.pass_hu, s.pass_hu_fan
    plain = rules._defaults
    if not plain & DISCARD_LIFTS_PASS_HU and rules.discard_lifts_pass_hu(state, seat):
        pass_hu, pass_fan = False, -1
    elif rules.declines_self_win(state, seat):
        # 过手胡: declining a self-draw (by this discard, or by a choice the variant
        # counts as declining it) blocks wins on discards until the next draw
        pass_hu = True
        pass_fan = max(pass_fan, declined_fan(rules, state, seat, s.drawn, WinKind.SELF_DRAW))
    mine = thaw_seat(s)
    concealed = s.concealed  # legal_actions checked the tile is held
    mine.concealed = TileCounts._make(concealed.bits - (1 << 3 * tile.index), concealed.size - 1)
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
    candidates = may_claim(rules, state, seat, tile)  # the other seats are unchanged
    discard_win = not plain & DISCARD_WINS and rules.discard_wins(state, seat, after)
    d = thaw(state)
    d.seats = (*state.seats[:seat], after, *state.seats[seat + 1 :])
    d.events = DISCARDED[seat][tile.index]  # a discard starts a transition
    d.discards_made = state.discards_made + 1
    d.step = step
    if not candidates and not discard_win and not rules._ask_every:
        # the common case: nobody may claim the tile, so the next seat draws at once
        return draw_into(rules, state, d, next_to_draw(rules, state, seat), False, action)
    d.kong_chain = 0
    d.discard_win = seat if discard_win else None
    d.phase = CLAIM
    d.current = seat
    d.tile = tile
    d.answers = d.forced = ()
    state = freeze(d)
    return open_window(rules, state, CLAIM, seat, tile, opened=True, candidates=candidates)


def gang_from_hand(rules: Hooks, state: State, action: Gang) -> State:
    """A kong from the hand in the turn: a 暗杠 (àngàng) completes at once; a 补杠 (bǔgàng)
    opens a rob window first (抢杠胡), unless it adds a wildcard."""
    seat, tile = action.seat, action.tile
    s = state.seats[seat]
    if action.kind is MeldKind.AN_GANG:
        meld = Meld._make(MeldKind.AN_GANG, tile, action.wild_tiles, None)  # listed: valid
        seats = list(state.seats)
        seats[seat] = replace(
            s, concealed=take(s.concealed, tile, 4, action.wild_tiles), melds=(*s.melds, meld)
        )
        state = replace(state, seats=tuple(seats), events=(*state.events, Konged(seat, meld)))
        return after_kong(rules, state, seat, meld)
    if rules.kong_paid_before_rob:  # its money first, with the ref it will carry
        meld = added_kong(s.melds, action)[1]
        payments = rules.kong_payments(state, seat, meld, state.next_ref)
        if payments:
            state = pay(state, payments)
    if action.wild_tiles:
        # a 补杠 that adds a wildcard cannot be robbed: only a natural tile can
        return complete_added_kong(rules, state, action)
    # 补杠: others may rob it first (抢杠胡); with nobody to ask, the window completes it
    return open_window(rules, replace(state, pending=action), ROB, seat, tile)
