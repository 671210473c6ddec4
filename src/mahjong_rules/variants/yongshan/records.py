"""永善麻将's own record of a hand and what every seat sees of it: the 本金 (běnjīn) tile.

After the deal the next wall tile is turned face up as 本金 and taken out of play (YS-WILD-1);
it makes the hand's 听用 (tīngyòng) wildcard kinds (YS-WILD-2, the engine's generic
:attr:`State.wild_kinds <mahjong_rules.engine.state.State.wild_kinds>`). The hand's record
(:attr:`State.variant <mahjong_rules.engine.state.State.variant>`) is a :class:`YongshanHand`;
every seat's view shows the tile (:attr:`View.variant <mahjong_rules.engine.view.View.variant>`
is a :class:`YongshanView`). :func:`indicator_of` reads it from a state or a view of any room.
"""

from __future__ import annotations

from typing import Any

import attrs

from mahjong_rules.engine.state import reduce_fields
from mahjong_rules.tiles import Tile

__all__ = ["YongshanHand", "YongshanView", "indicator_of", "shown"]


@attrs.frozen
class YongshanHand:
    """永善麻将's record of a hand (its rules' ``hand_state_class``)."""

    indicator: Tile | None = None
    """The 本金 tile, turned up after the deal (YS-WILD-1); ``None`` until then."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled compactly, as the engine's own values are: its class and fields
        (:mod:`mahjong_rules._reduce`)."""
        return reduce_fields(self)


@attrs.frozen
class YongshanView:
    """What every seat sees of that record (its rules' ``public_view_class``)."""

    indicator: Tile | None = None
    """The 本金 tile, face up on the table (YS-WILD-1)."""


_SHOWN: dict[Tile | None, YongshanView] = {}


def shown(hand: YongshanHand) -> YongshanView:
    """What every seat sees of ``hand``: one shared (immutable) view record per 本金 tile, since
    every view of every hand asks for it."""
    found = _SHOWN.get(hand.indicator)
    if found is None:
        found = _SHOWN[hand.indicator] = YongshanView(hand.indicator)
    return found


def indicator_of(record_holder: Any) -> Tile | None:
    """The 本金 tile of a state or a view (its ``variant`` record), ``None`` in a room with
    none (a Baoshan hand)."""
    return getattr(record_holder.variant, "indicator", None)
