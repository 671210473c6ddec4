"""Events: what each transition did, for logs, animations and per-seat views."""

from __future__ import annotations

import attrs

from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import Tile

__all__ = [
    "Claimed",
    "ConcealedKonged",
    "ConcealedSwapped",
    "Dealt",
    "Declared",
    "Discarded",
    "Drew",
    "Event",
    "Konged",
    "Paid",
    "Passed",
    "PaymentsCancelled",
    "PointsBought",
    "Settled",
    "Swapped",
    "WallExhausted",
    "Won",
]


@attrs.frozen
class Event:
    """Base of every event."""


@attrs.frozen
class PointsBought(Event):
    seat: int
    points: int


@attrs.frozen
class Dealt(Event):
    dealer: int
    tiles_left: int


@attrs.frozen
class Drew(Event):
    """A seat drew ``tile`` (a kong replacement 补张 when ``replacement``).

    ``tile`` is ``None`` in another seat's view (:func:`~mahjong_rules.engine.view.events_for`).
    """

    seat: int
    tile: Tile | None
    replacement: bool = False


@attrs.frozen
class Discarded(Event):
    seat: int
    tile: Tile


@attrs.frozen
class Declared(Event):
    """报听."""

    seat: int


@attrs.frozen
class Passed(Event):
    seat: int


@attrs.frozen
class Claimed(Event):
    """A seat claimed the last discard for a peng or an exposed kong."""

    seat: int
    meld: Meld


@attrs.frozen
class Konged(Event):
    """A kong was declared (补杠 and 暗杠 from the hand; 直杠 comes with :class:`Claimed`)."""

    seat: int
    meld: Meld


@attrs.frozen
class ConcealedKonged(Event):
    """Another seat declared a 暗杠 whose tile the viewer may not see (BS-GANG-3): what
    :class:`Konged` becomes in :func:`~mahjong_rules.engine.view.events_for`."""

    seat: int


@attrs.frozen
class ConcealedSwapped(Event):
    """Another seat made a 提 on its 暗杠, whose tiles the viewer may not see: what
    :class:`Swapped` on a concealed kong becomes in
    :func:`~mahjong_rules.engine.view.events_for`."""

    seat: int


@attrs.frozen
class Swapped(Event):
    """提 (tí): ``seat`` put a natural tile into ``meld`` (as it now is) and took ``wild``
    back into its hand (YS-TI-1)."""

    seat: int
    meld: Meld
    wild: Tile


@attrs.frozen
class Paid(Event):
    payment: Payment


@attrs.frozen
class PaymentsCancelled(Event):
    """Payments taken back: ``why`` is 杠上炮 (gang_shang_pao) or 黄庄 (draw_game)."""

    payments: tuple[Payment, ...]
    why: str


@attrs.frozen
class Won(Event):
    win: WinRecord


@attrs.frozen
class WallExhausted(Event):
    """流局: the wall ran out."""


@attrs.frozen
class Settled(Event):
    result: HandResult
