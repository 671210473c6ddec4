"""抓码 (zhuāmǎ, catching birds): the phase at the end of a won hand in which the winner turns
up the birds from the end of the wall, and the money of those that hit."""

from __future__ import annotations

from typing import Any

from mahjong_hongzhong.records import BIRDS, Birds, BirdsCaught, CatchBirds, hits
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.edit import pay
from mahjong_rules.engine.phases import OwnPhase, When
from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord, deltas_of
from mahjong_rules.engine.state import State, replace
from mahjong_rules.tiles import Tile

__all__ = ["BirdPhase", "bird_payments", "birds_of"]


def birds_of(state: State, count: int) -> tuple[Tile, ...]:
    """The ``count`` birds of ``state`` (fewer if the wall holds fewer): the last live tiles of
    the wall, in wall order. They stay where they are; the hand is over."""
    n = min(count, state.back - state.front)
    return state.wall[state.back - n : state.back]


def bird_payments(state: State, win: WinRecord, payers: list[int]) -> list[Payment]:
    """1 point per bird that hit (the hand's :class:`Birds`), from each of ``payers``."""
    record = state.variant
    n = hits(record.tiles) if isinstance(record, Birds) else 0
    return [Payment(p, win.seat, n, BIRDS) for p in payers] if n else []


class BirdPhase(OwnPhase):
    """抓码 once a win has settled the hand: the winner alone is asked, and turns them up."""

    name = "birds"
    when = When.AT_END
    answer_types = (CatchBirds,)

    def asks(self, rules: Any, state: State) -> list[int]:
        """The winner; nobody after a 流局 (the phase is then skipped)."""
        return [state.wins[0].seat] if state.wins else []

    def actions(self, rules: Any, state: State, seat: int) -> tuple[Action, ...]:
        return (CatchBirds(seat),)

    def resolve(self, rules: Any, state: State) -> State:
        """Turn the birds up, pay the hits, and make the result hold that money too."""
        win = state.wins[0]
        birds = birds_of(state, rules.options.birds)
        state = replace(state, variant=Birds(birds))
        caught = BirdsCaught(win.seat, birds, hits(birds))
        state = replace(state, events=(*state.events, caught))
        state = pay(state, bird_payments(state, win, rules.payers(state, win)))
        old = state.result
        assert old is not None
        result = HandResult(
            wins=old.wins,
            payments=state.ledger,
            deltas=deltas_of(state.ledger, state.players),
            next_dealer=old.next_dealer,
        )
        return replace(state, result=result)
