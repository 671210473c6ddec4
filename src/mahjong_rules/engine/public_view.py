"""What a spectator may see: :class:`PublicView`, the seatless view of a hand.

A server showing a table to someone who holds no seat sends :meth:`Rules.public_view(state)
<mahjong_rules.Rules.public_view>`. It holds exactly what is public at that moment, what every
seat at the table sees alike: the melds and discards on the table, each seat's count of
concealed tiles and of face-down 暗杠, the hands shown on winning (where the game shows them
before the hand ends), the payments, the wins, what the variant shows every seat of its own
records, and the last transition's events as a seat not concerned by them saw them. It holds
no concealed tile of any seat, no undrawn wall tile, no wall order, no seed, no seat's legal
actions and no seat's private answer in a phase of the game's own (a void suit declared, the
tiles chosen for a swap) until the game makes it public.

An event is shown as every seat other than the one it concerns sees it
(:meth:`Rules.events_for <mahjong_rules.Rules.events_for>`); an event that seats other than
its own see differently, or that concerns no seat and is not seen alike by all, is left out.
So a public view never tells more than the least any seat of the table was told.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from mahjong_rules.counts import TileSet
from mahjong_rules.engine.events import Event, Won
from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord
from mahjong_rules.engine.state import VARIANT_RECORD, Phase, State
from mahjong_rules.engine.view import SeatView, View
from mahjong_rules.engine.view_build import build_view
from mahjong_rules.tiles import Tile

__all__ = ["PublicView", "build_public_view", "public_events", "public_view_of"]


@attrs.frozen
class PublicView:
    """Everything a spectator may see of a hand at one moment, and nothing more.

    Build with :meth:`Rules.public_view() <mahjong_rules.Rules.public_view>`. Its fields mean
    what :class:`~mahjong_rules.engine.view.View`'s of the same names mean; it has no seat, no
    concealed hand, no drawn tile and no legal actions. A plain value: it compares equal to any
    other public view of the same things and serializes with :func:`~mahjong_rules.to_dict`.
    """

    step: int
    """How many actions the hand has taken."""
    options: Any
    """The room's options."""
    players: int
    """How many seats play: 2, 3 or 4."""
    dealer: int
    """The dealer's (庄家, zhuāngjiā) seat."""
    phase: Phase
    """What the hand is waiting for."""
    stage: str | None
    """In a phase of the variant's own: its name; else ``None``."""
    current: int
    """The seat in turn; in a claim (or rob) window the discarder (or the konger)."""
    tile: Tile | None
    """The tile on offer in a claim or rob window."""
    tiles_left: int
    """Live wall tiles still to draw."""
    discards_made: int
    """Discards so far in the hand."""
    wild_kinds: TileSet
    """The tile kinds that are wildcards in this hand."""
    seats: tuple[SeatView, ...]
    """Every seat as a seat other than itself sees it, in seat order."""
    ledger: tuple[Payment, ...]
    """Every payment so far."""
    wins: tuple[WinRecord, ...]
    """Every win so far (without the winning hand's reading while the game keeps winning
    hands face down)."""
    events: tuple[Event, ...] = ()
    """What the last transition did, as every seat it did not concern saw it."""
    result: HandResult | None = None
    """The settlement, once the hand has ended."""
    variant: Any = attrs.field(default=None, metadata={VARIANT_RECORD: "public_view_class"})
    """What every seat may see of the variant's own records, or ``None``."""

    @property
    def own_variant(self) -> None:
        """``None``: a spectator has no secrets of its own (so that what reads a seat's
        :attr:`View.own_variant <mahjong_rules.engine.view.View.own_variant>`, e.g. a game's
        ``describe_table``, reads a public view too)."""
        return None


def _owner(event: Event) -> int | None:
    """The seat an event concerns, if it names one."""
    if isinstance(event, Won):
        return event.win.seat
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def public_events(
    players: int,
    events: Iterable[Event],
    seen_by: Callable[[int, Iterable[Event]], tuple[Event, ...]],
) -> tuple[Event, ...]:
    """``events`` as a spectator may see them: each as every seat but its own sees it through
    ``seen_by(seat, events)`` (e.g. :meth:`Rules.events_for
    <mahjong_rules.Rules.events_for>`), and left out unless all those seats see it alike."""
    out: list[Event] = []
    for event in events:
        owner = _owner(event)
        seen = [seen_by(s, (event,)) for s in range(players) if s != owner]
        if seen and all(other == seen[0] for other in seen):
            out.extend(seen[0])
    return tuple(out)


def build_public_view(
    state: State, seat_views: tuple[View, ...], events: tuple[Event, ...], public: Any
) -> PublicView:
    """The public view of ``state``, from the seats' own views of it (``seat_views``, in seat
    order: each seat is shown as the next seat sees it), the public ``events``
    (:func:`public_events`) and what the variant shows every seat of its records (``public``).
    A win's reading is shown once every seat's view shows it."""
    players = state.players
    seats = tuple(seat_views[(i + 1) % players].seats[i] for i in range(players))
    wins = tuple(
        min((v.wins[n] for v in seat_views), key=lambda w: w.breakdown.reading is not None)
        for n in range(len(state.wins))
    )
    return PublicView(
        step=state.step,
        options=state.options,
        players=players,
        dealer=state.dealer,
        phase=state.phase,
        stage=state.stage,
        current=state.current,
        tile=state.tile,
        tiles_left=state.tiles_left,
        discards_made=state.discards_made,
        wild_kinds=state.wild_kinds,
        seats=seats,
        ledger=state.ledger,
        wins=wins,
        events=events,
        result=state.result if state.phase is Phase.ENDED else None,
        variant=public,
    )


def public_view_of(rules: Any, state: State) -> PublicView:
    """:meth:`Rules.public_view <mahjong_rules.Rules.public_view>` for ``rules`` (a
    :class:`~mahjong_rules.Rules`): every seat's view without its legal actions or its own
    secrets, read for what they all show alike."""
    own = rules.event_types
    views = tuple(
        build_view(
            state,
            seat,
            (),
            hide_kongs=rules.hides_concealed_kongs,
            hide_wins=rules.hides_winning_hands,
            own_events=own,
            event_for=rules.event_for if own else None,
        )
        for seat in range(state.players)
    )
    public = rules.public_variant_view(state) if rules.public_view_class else None
    events = public_events(state.players, state.events, rules.events_for)
    return build_public_view(state, views, events, public)
