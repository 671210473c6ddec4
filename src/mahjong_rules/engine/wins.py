"""Wins in the flow of play: who may win now, and making the win (the variant settles it)."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rules.engine.parts import EngineParts
from mahjong_rules.engine.settlement import WinRecord
from mahjong_rules.engine.state import ENDED, State
from mahjong_rules.scoring import WinKind
from mahjong_rules.tiles import Tile

__all__ = ["Wins"]


class Wins(EngineParts):
    """Wins in the engine (a mixin of :class:`~mahjong_rules.variants.base.Rules`)."""

    def _can_win_on(self, state: State, seat: int, tile: Tile, how: WinKind) -> bool:
        """Whether ``seat`` may win on another seat's ``tile`` now (a discard, a robbed kong)."""
        s = state.seats[seat]
        if s.won or not self._wait_mask(state, seat) >> tile.index & 1:
            return False
        if not self.win_on_tile_allowed(state, seat, how):
            return False
        return self.win_forced(state) or not self.pass_hu_blocks(state, seat, how)

    def _declined_fan(self, state: State, seat: int, tile: Tile | None, how: WinKind) -> int:
        """The fan of a win being declined (only scored where 过手胡 compares fan)."""
        if tile is None or not self.tracks_declined_fan():
            return -1
        return self.declined_fan(state, seat, tile, how)

    def _self_draw_win(self, state: State, seat: int, *, forced: bool) -> State:
        s = state.seats[seat]
        # a dealt hand's "winning tile" is the dealer's fourteenth tile
        tile = s.drawn if s.drawn is not None else state.wall[13]
        breakdown = self.score(self.win_context(state, seat, tile, WinKind.SELF_DRAW))
        assert breakdown is not None
        win = WinRecord(seat, WinKind.SELF_DRAW, tile, None, breakdown, forced)
        state = self.settle_wins(state, [win])
        if state.phase is ENDED:
            return state
        return self._draw(state, self.next_to_draw(state, seat))  # 血战: play goes on

    def _claim_wins(self, state: State, seats: Sequence[int], how: WinKind) -> State:
        tile = state.tile
        assert tile is not None
        wins = []
        for seat in seats:
            breakdown = self.score(self.win_context(state, seat, tile, how))
            assert breakdown is not None
            wins.append(WinRecord(seat, how, tile, state.current, breakdown, seat in state.forced))
        return self.settle_wins(state, wins)
