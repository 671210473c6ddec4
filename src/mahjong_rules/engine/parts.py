"""What the engine's parts call of one another, declared once: :class:`EngineParts`.

The engine is one class made of parts, each a mixin of one concern
(:class:`~mahjong_rules.engine.turns.Turns`, :class:`~mahjong_rules.engine.claims.Claims`,
:class:`~mahjong_rules.engine.draws.Draws`, :class:`~mahjong_rules.engine.wins.Wins`,
:class:`~mahjong_rules.engine.choosing.Choosing`), gathered by
:class:`~mahjong_rules.variants.base.Rules`. A part calls a few methods of the others (a
discard opens another part's claim window, a claim draws the next tile); they are declared
here, on the base every part derives from, so that ``mypy --strict`` checks each call while no
part imports another, and each declaration names the part that defines it. In the rules
object every part comes before this base, so the part's own method is the one called; these
bodies run only for a class that lacks the part (a bug: :class:`NotImplementedError`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from mahjong_rules.engine.actions import Discard, Gang
from mahjong_rules.engine.drafts import StateDraft
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.state import Phase, SeatState, State
from mahjong_rules.melds import Meld
from mahjong_rules.scoring import WinKind
from mahjong_rules.tiles import Tile

__all__ = ["EngineParts"]


def _missing(name: str, part: str) -> NoReturn:
    raise NotImplementedError(f"{name} is {part}'s: the rules class lacks that part")


class EngineParts(Hooks):
    """The methods one part of the engine calls on another (each defined by the part named)."""

    # Draws
    def _deal(self, state: State) -> State:
        _missing("_deal", "Draws")

    def _draw(
        self,
        state: State,
        seat: int,
        *,
        replacement: bool = False,
        seats: tuple[SeatState, ...] | None = None,
        events: tuple[Event, ...] | None = None,
        **changes: Any,
    ) -> State:
        _missing("_draw", "Draws")

    def _draw_into(
        self,
        state: State,
        d: StateDraft,
        seat: int,
        replacement: bool,
        discard: Discard | None = None,
    ) -> State:
        _missing("_draw_into", "Draws")

    def _begin_turn(self, state: State) -> State:
        _missing("_begin_turn", "Draws")

    # Turns
    def _after_kong(self, state: State, seat: int, meld: Meld) -> State:
        _missing("_after_kong", "Turns")

    def _add_to_peng(self, state: State, action: Gang, **changes: object) -> tuple[State, Meld]:
        _missing("_add_to_peng", "Turns")

    def _complete_added_kong(self, state: State, action: Gang) -> State:
        _missing("_complete_added_kong", "Turns")

    # Claims
    def _candidates(self, state: State, seat: int, tile: Tile) -> list[int]:
        _missing("_candidates", "Claims")

    def _open_window(
        self,
        state: State,
        phase: Phase,
        seat: int,
        tile: Tile,
        *,
        opened: bool = False,
        candidates: list[int] | None = None,
    ) -> State:
        _missing("_open_window", "Claims")

    # Wins
    def _can_win_on(self, state: State, seat: int, tile: Tile, how: WinKind) -> bool:
        _missing("_can_win_on", "Wins")

    def _declined_fan(self, state: State, seat: int, tile: Tile | None, how: WinKind) -> int:
        _missing("_declined_fan", "Wins")

    def _claim_wins(self, state: State, seats: Sequence[int], how: WinKind) -> State:
        _missing("_claim_wins", "Wins")

    def _self_draw_win(self, state: State, seat: int, *, forced: bool) -> State:
        _missing("_self_draw_win", "Wins")

    # Choosing
    def _after_deal_phases(self, state: State) -> State:
        _missing("_after_deal_phases", "Choosing")
