"""Wins in the flow of play: who may win on another seat's tile, the fan of a win declined,
and making the wins of a claim window (the variant settles them). A self-draw win is a draw's
(:func:`~mahjong_rules.engine.draws.self_draw_win`): play may go on with the next draw.

Plain functions of the rules object (``rules``, whose hooks they ask) and the state; they
import no other transition (the lowest layer of :mod:`~mahjong_rules.engine.routes`' graph).
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rules.engine.defaulted import win_forced
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.settlement import WinRecord
from mahjong_rules.engine.state import State
from mahjong_rules.engine.waits import wait_mask
from mahjong_rules.scoring import WinKind
from mahjong_rules.tiles import Tile

__all__ = ["can_win_on", "claim_wins", "declined_fan"]


def can_win_on(rules: Hooks, state: State, seat: int, tile: Tile, how: WinKind) -> bool:
    """Whether ``seat`` may win on another seat's ``tile`` now (a discard, a robbed kong)."""
    s = state.seats[seat]
    if s.won or not wait_mask(rules, state, seat) >> tile.index & 1:
        return False
    if not rules.win_on_tile_allowed(state, seat, how):
        return False
    return win_forced(rules, state) or not rules.pass_hu_blocks(state, seat, how)


def declined_fan(rules: Hooks, state: State, seat: int, tile: Tile | None, how: WinKind) -> int:
    """The fan of a win being declined (only scored where 过手胡 compares fan), else -1."""
    if tile is None or not rules.tracks_declined_fan():
        return -1
    return rules.declined_fan(state, seat, tile, how)


def claim_wins(rules: Hooks, state: State, seats: Sequence[int], how: WinKind) -> State:
    """The wins of ``seats`` on the window's tile (a discard, a robbed kong), scored and
    settled together by the variant."""
    tile = state.tile
    assert tile is not None
    wins = []
    for seat in seats:
        breakdown = rules.score(rules.win_context(state, seat, tile, how))
        assert breakdown is not None
        wins.append(WinRecord(seat, how, tile, state.current, breakdown, seat in state.forced))
    return rules.settle_wins(state, wins)
