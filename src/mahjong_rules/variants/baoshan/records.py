"""保山麻将's own records (the open variant contract): what it keeps of each seat beside the
engine's :class:`~mahjong_rules.engine.state.SeatState` (:attr:`SeatState.variant
<mahjong_rules.engine.state.SeatState.variant>`), and what every seat sees of them
(:attr:`View.variant <mahjong_rules.engine.view.View.variant>`)."""

from __future__ import annotations

from typing import Any

import attrs

from mahjong_rules.engine.state import reduce_fields
from mahjong_rules.engine.view import View

__all__ = ["BaoshanSeat", "BaoshanTable", "shows_declared"]


@attrs.frozen
class BaoshanSeat:
    """Baoshan's record of one seat in a hand (its ``seat_state_class``)."""

    ting: bool = False
    """Declared 报听 (bàotīng): the hand is locked (BS-TING-3)."""
    points: int = 0
    """买点 (mǎidiǎn): the points it bought, 0..2 (BS-BUY-1)."""
    ting_draws: int = 0
    """How many tiles the seat had drawn when it declared 报听 (0 before it declares). The
    dealer's declaring turn ends with a concealed kong made after declaring (his hand locks
    with it, as with his declaring discard, BS-TING-1 and -3): it is over once he has drawn
    since declaring."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled compactly, as the engine's own values are: its class and fields
        (:mod:`mahjong_rules._reduce`)."""
        return reduce_fields(self)


@attrs.frozen
class BaoshanTable:
    """What every seat sees of the seats' records (Baoshan's ``public_view_class``): nothing
    of them is secret."""

    ting: tuple[bool, ...] = ()
    """By seat: whether it declared 报听 (BS-TING-1)."""
    points: tuple[int, ...] = ()
    """By seat: the 买点 points it bought (public once bought, BS-BUY-1)."""


def shows_declared(view: View, seat: int) -> bool:
    """Whether ``view`` (of any room's) shows ``seat`` as having declared 报听: only a view
    carrying a :class:`BaoshanTable` can."""
    table = view.variant
    return isinstance(table, BaoshanTable) and 0 <= seat < len(table.ting) and table.ting[seat]
