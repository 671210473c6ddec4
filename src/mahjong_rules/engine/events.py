"""Events: what each transition did, for logs, animations and per-seat views."""

from __future__ import annotations

from typing import Any

import attrs

from mahjong_rules._reduce import reduce_fields
from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import Tile

__all__ = [
    "SHIPPED_EVENTS",
    "Claimed",
    "ConcealedKonged",
    "Dealt",
    "Discarded",
    "Drew",
    "Event",
    "Konged",
    "Paid",
    "Passed",
    "PaymentsCancelled",
    "Settled",
    "WallExhausted",
    "Won",
]


@attrs.frozen
class Event:
    """Base of every event."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled compactly: its class and fields (:mod:`mahjong_rules._reduce`)."""
        return reduce_fields(self)


@attrs.frozen
class Dealt(Event):
    """The tiles were dealt (发牌, fāpái): ``dealer`` holds 14, the others 13 (DEAL-1)."""

    dealer: int
    """The dealer (庄家, zhuāngjiā) of the hand."""
    tiles_left: int
    """How many tiles the live wall holds after the deal (any tile the variant set aside at the
    deal left out)."""


@attrs.frozen
class Drew(Event):
    """A seat drew ``tile`` (a kong replacement 补张 when ``replacement``).

    ``tile`` is ``None`` in another seat's view
    (:func:`~mahjong_rules.engine.view_build.events_for`).
    """

    seat: int
    """The seat that drew."""
    tile: Tile | None
    """The tile drawn; ``None`` in the views of the other seats."""
    replacement: bool = False
    """Whether it was a kong replacement (补张, bǔzhāng) from the back of the wall."""


@attrs.frozen
class Discarded(Event):
    """A seat discarded (打牌, dǎpái) ``tile``; other seats may now claim it (FLOW-2)."""

    seat: int
    """The seat that discarded."""
    tile: Tile
    """The tile discarded."""


@attrs.frozen
class Passed(Event):
    """A seat asked about a discard (or a kong it could rob) answered with a pass."""

    seat: int
    """The seat that passed."""


@attrs.frozen
class Claimed(Event):
    """A seat claimed the last discard for a peng or an exposed kong."""

    seat: int
    """The seat that claimed."""
    meld: Meld
    """The meld it laid down with the discard (碰 peng or 直杠 zhígàng)."""


@attrs.frozen
class Konged(Event):
    """A kong was declared (补杠 and 暗杠 from the hand; 直杠 comes with :class:`Claimed`)."""

    seat: int
    """The seat that declared the kong."""
    meld: Meld
    """The kong as it now lies (a 补杠 is the peng it grew from, with its fourth tile)."""


@attrs.frozen
class ConcealedKonged(Event):
    """Another seat declared a 暗杠 whose tile the viewer may not see (the variant's
    ``hides_concealed_kongs``): what
    :class:`Konged` becomes in :func:`~mahjong_rules.engine.view_build.events_for`."""

    seat: int
    """The seat that declared the 暗杠 (àngàng)."""


@attrs.frozen
class Paid(Event):
    """A payment was made: a kong's at once, a win's or a draw game's at the settlement."""

    payment: Payment
    """Who paid whom, how much and why."""


@attrs.frozen
class PaymentsCancelled(Event):
    """Payments taken back: ``why`` is 杠上炮 (gang_shang_pao) or 黄庄 (draw_game)."""

    payments: tuple[Payment, ...]
    """The payments taken back, as they were made."""
    why: str
    """``"gang_shang_pao"`` (杠上炮: a kong's maker then discarded a winning tile) or
    ``"draw_game"`` (黄庄: the hand ended in a draw, which takes kong payments back)."""


@attrs.frozen
class Won(Event):
    """A seat won (胡, hú): by self-draw, on a discard or by robbing a kong."""

    win: WinRecord
    """Who won, how, on which tile, and the pattern breakdown."""


@attrs.frozen
class WallExhausted(Event):
    """流局: the wall ran out."""


@attrs.frozen
class Settled(Event):
    """The hand ended and was settled; the last event of every hand."""

    result: HandResult
    """The hand's result: its wins, payments, net deltas and next dealer."""


SHIPPED_EVENTS: tuple[type[Event], ...] = (
    Dealt,
    Drew,
    Discarded,
    Passed,
    Claimed,
    Konged,
    ConcealedKonged,
    Paid,
    PaymentsCancelled,
    Won,
    WallExhausted,
    Settled,
)
"""The library's own events: the documents' only events besides those of the registered
variants (:attr:`~mahjong_rules.engine.event_hooks.EventHooks.event_types`)."""
