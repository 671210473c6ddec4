"""Baoshan's own records of a hand (:class:`BaoshanSeat` for each seat) and what every seat
sees of them (:class:`BaoshanTable`), carried by the engine's states and views."""

from __future__ import annotations

import attrs

__all__ = ["BaoshanSeat", "BaoshanTable"]


@attrs.frozen
class BaoshanSeat:
    """Baoshan's record of one seat (:attr:`SeatState.variant
    <mahjong_rules.engine.state.SeatState.variant>`)."""

    points: int = 0
    """买点 (mǎidiǎn): the points it bought, 0..2 (BS-BUY-1)."""


@attrs.frozen
class BaoshanTable:
    """What every seat sees of Baoshan's records (:attr:`View.variant
    <mahjong_rules.engine.view.View.variant>`)."""

    points: tuple[int, ...] = ()
    """买点: the points each seat bought, by seat (public once bought, BS-BUY-1)."""
