"""The longer default hooks of :class:`~mahjong_rules.engine.hooks.Hooks`, written out here so
the contract reads in one sitting. Each takes the rules object first, as the hook does."""

from __future__ import annotations

from typing import Any, Protocol

import attrs

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.actions import Action, Gang
from mahjong_rules.engine.edit import ALL_TILES, FOURS, PENG
from mahjong_rules.engine.state import SeatState, State
from mahjong_rules.melds import MeldKind
from mahjong_rules.scoring import WinContext, WinKind
from mahjong_rules.tiles import Tile

__all__ = [
    "fifth_copy",
    "first_turn_win",
    "meld_claims",
    "out_of_play",
    "turn_kongs",
    "win_context",
]

_PENG = MeldKind.PENG  # a global is read faster than an enum member


class _Rules(Protocol):
    """The hooks the defaults below call."""

    def concealed_kong_allowed(self, state: State, seat: int, tile: Tile) -> bool: ...

    def exposed_claims_allowed(self, state: State, seat: int) -> bool: ...

    def wilds_in(self, state: State, concealed: TileCounts) -> tuple[TileCounts, int]: ...


def fifth_copy(s: SeatState, tile: Tile) -> bool:
    """Whether the seat already holds every copy of ``tile`` (hand and melds, a meld's
    wildcards counted as themselves): no wait on it."""
    held = s.concealed.count(tile)
    for meld in s.melds:
        held += meld.naturals if meld.tile is tile else meld.wild_tiles.count(tile)
    return held >= 4


def turn_kongs(rules: _Rules, state: State, seat: int) -> list[Action]:
    """:meth:`Hooks.turn_kongs <mahjong_rules.engine.hooks.Hooks.turn_kongs>`'s default."""
    out: list[Action] = []
    if state.back <= state.front:
        return out  # the wall is empty: no replacement could be drawn
    s = state.seats[seat]
    quads = s.concealed.bits & FOURS
    while quads:  # kinds held four times: a lane holding 4 has its third bit set
        low = quads & -quads
        tile = ALL_TILES[(low.bit_length() - 1) // 3]
        if rules.concealed_kong_allowed(state, seat, tile):
            out.append(Gang._make(seat, tile, MeldKind.AN_GANG))
        quads ^= low
    for meld in s.melds:
        if meld.kind is _PENG and s.concealed.bits >> 3 * meld.tile.index & 7:
            out.append(Gang._make(seat, meld.tile, MeldKind.BU_GANG))
    return out


def meld_claims(rules: _Rules, state: State, seat: int, tile: Tile) -> list[Action]:
    """:meth:`Hooks.meld_claims <mahjong_rules.engine.hooks.Hooks.meld_claims>`'s default."""
    out: list[Action] = []
    if not rules.exposed_claims_allowed(state, seat):
        return out
    s = state.seats[seat]
    held = s.concealed.count(tile)
    if held >= 2 and tile not in s.pass_peng:
        out.append(PENG[seat])
    if held == 3 and state.tiles_left > 0:
        out.append(Gang._make(seat, tile, MeldKind.ZHI_GANG))
    return out


def win_context(
    rules: _Rules,
    state: State,
    seat: int,
    tile: Tile,
    how: WinKind,
    context: type[WinContext] = WinContext,
    **more: Any,
) -> WinContext:
    """:meth:`Hooks.win_context <mahjong_rules.engine.hooks.Hooks.win_context>`'s default;
    ``context`` is the class built (a variant's subclass of
    :class:`~mahjong_rules.scoring.WinContext`, with fields of its own), ``more`` gives the
    fields the engine does not fill or that the variant reads otherwise (e.g. its own
    ``first_turn``)."""
    s = state.seats[seat]
    concealed = s.concealed if how is WinKind.SELF_DRAW else s.concealed.add(tile)
    naturals, wilds = rules.wilds_in(state, concealed)
    pengs = frozenset(m.tile for x in state.seats for m in x.melds if m.kind is MeldKind.PENG)
    fields: dict[str, Any] = dict(
        concealed=naturals,
        melds=s.melds,
        winning_tile=tile,
        how=how,
        wilds=wilds,
        wild_kinds=state.wild_kinds,
        kong_chain=state.kong_chain if how is WinKind.SELF_DRAW else 0,
        after_kong=state.after_kong and how is WinKind.DISCARD,
        pengs_on_table=pengs,
        seat=seat,
        dealer=state.dealer,
        first_turn=first_turn_win(state, seat, how),
    )
    fields.update(more)
    return context(**fields)


def first_turn_win(state: State, seat: int, how: WinKind) -> bool:
    """天胡 / 地胡, the first-turn wins: a self-draw on the dealer's dealt 14 (no draw, no
    discard, no meld yet), or a win on the dealer's first discard — the one that ended his first
    turn, konged or not; no other seat's discard is ever one."""
    dealer = state.dealer
    if how is WinKind.SELF_DRAW:
        s = state.seats[seat]
        return seat == dealer and s.draws == 0 and not s.discards and not s.melds
    if how is WinKind.DISCARD:
        return state.current == dealer and len(state.seats[dealer].discards) == 1
    return False


def out_of_play(ctx: WinContext, how: WinKind) -> WinContext:
    """``ctx`` scored as ``how`` outside the flow of play: no kong bonus, no first-turn win
    (the best win a hand could make, as a draw game's settlement compares them)."""
    return attrs.evolve(ctx, how=how, after_kong=False, kong_chain=0, first_turn=False)
