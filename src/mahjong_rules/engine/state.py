"""The immutable state of a hand (FLOW-3): :class:`State` and per-seat :class:`SeatState`.

Nothing here changes in place: every transition builds a new state (through a private working
copy, :mod:`~mahjong_rules.engine.drafts`, frozen before anyone sees it), so a server may keep
any state, and a failed action leaves nothing behind. :func:`replace` makes a changed copy.

:class:`State` lives in :mod:`~mahjong_rules.engine.state_class` and :class:`SeatState` in
:mod:`~mahjong_rules.engine.seat_state`; this module is where callers import them from.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

import attrs

from mahjong_rules._reduce import reduce_fields
from mahjong_rules.engine.drafts import replace_seat, replace_state
from mahjong_rules.engine.seat_state import VARIANT_RECORD, SeatState, _Memo
from mahjong_rules.engine.state_class import (
    CHOOSING,
    CLAIM,
    COMPILED,
    ENDED,
    ROB,
    TURN,
    Phase,
    State,
)
from mahjong_rules.tiles import Tile

__all__ = [
    "CHOOSING",
    "CLAIM",
    "COMPILED",
    "ENDED",
    "ROB",
    "TURN",
    "VARIANT_RECORD",
    "Phase",
    "SeatState",
    "State",
    "first_state",
    "reduce_fields",
    "remake",
    "replace",
]

_T = TypeVar("_T")
_set_cache = vars(_Memo)["cache"].__set__


def replace(obj: _T, **changes: Any) -> _T:
    """A copy of a :class:`State` or a :class:`SeatState` (or of any attrs class) with some
    fields changed, its memo empty; ``obj`` itself never changes. An unknown field name raises
    :class:`TypeError`.

    Like :func:`attrs.evolve` but without re-running checks (states are built only from
    values that are already valid), which keeps the engine's transitions cheap."""
    made: Any
    if isinstance(obj, State):
        made = replace_state(obj, changes)
    elif isinstance(obj, SeatState):
        made = replace_seat(obj, changes)
    else:
        made = attrs.evolve(obj, **changes)  # type: ignore[misc]
    return made  # type: ignore[no-any-return]


def remake(cls: type[_T], fields: dict[str, Any], cache: dict[Any, Any] | None = None) -> _T:
    """A :class:`State` or :class:`SeatState` (``cls``) of ``fields`` (every field's value by
    name: another one's fields, changed), whose memo is ``cache`` (a fresh one by default; a
    ``"cache"`` entry of ``fields`` is taken as the memo instead)."""
    fields = dict(fields)
    memo = fields.pop("cache", cache)
    new: Any = cls(**fields)
    _set_cache(new, {} if memo is None else memo)
    return cast(_T, new)


def first_state(options: Any, players: int, dealer: int, wall: tuple[Tile, ...]) -> State:
    """A new hand's state before anything happens: ``wall`` whole (nothing dealt, ``front``
    0, ``back`` its length), ``players`` empty seats, the dealer's turn, every other field at
    its default. Unchecked: :meth:`Rules.new_hand
    <mahjong_rules.variants.base.Rules.new_hand>` checks its arguments first."""
    seats = tuple(SeatState() for _ in range(players))
    return State(options, players, dealer, wall, 0, len(wall), seats, TURN, dealer)
