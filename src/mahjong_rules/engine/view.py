"""What one seat may see (明牌 and 暗牌): :class:`View`, :class:`SeatView` and event filtering.

A server sends each player :meth:`Rules.view(state, seat) <mahjong_rules.Rules.view>`, never the
:class:`~mahjong_rules.State` itself: the state holds every concealed hand and the whole wall.
A view holds the seat's own concealed tiles, what lies face up on the table (melds, discards,
the hands of seats that have won and shown them), what the variant shows every seat of its
own records, the payments so far, and the seat's own legal actions. It holds no other
seat's concealed tile, no undrawn wall tile, no wall order and no seed. Of the variant's own
records (:attr:`State.variant <mahjong_rules.engine.state.State.variant>`) it holds only what
the variant shows every seat (:attr:`View.variant`) and this seat alone (:attr:`View.own_variant`).

Events are filtered the same way (:func:`~mahjong_rules.engine.view_build.events_for`): another
seat's draw comes without its tile, another seat's 暗杠 without its tiles (where the variant hides
them), and another seat's 过 (pass) not at all, since it would tell that the seat could have
claimed.

What a view cannot hide by itself: while a claim window is open, every seat sees ``phase``
CLAIM, so the seats not asked learn that some seat could claim the discard (never which seat,
or why); with 2 players the window names the asked seat outright. A room with the option
``ask_every_seat=True`` asks every other seat still in the hand after every discard (and every
补杠), offering those with no claim only ``Pass``: the windows then never depend on any hand.
What remains is timing: a seat with a real choice may take longer to answer. A server should
answer ``Pass`` for a seat whose only action is ``Pass`` after a uniform delay
(:meth:`Rules.default_action <mahjong_rules.Rules.default_action>` gives that answer), so that
how long a window stays open says nothing either.
"""

from __future__ import annotations

from typing import Any

import attrs

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord
from mahjong_rules.engine.state import VARIANT_RECORD, Phase
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import Tile

__all__ = ["SeatView", "View"]


@attrs.frozen
class SeatView:
    """One seat as another sees it (or as it sees itself)."""

    seat: int
    """The seat described."""
    tiles: int
    """How many tiles it holds concealed (every seat can count them)."""
    melds: tuple[Meld, ...]
    """Its melds face up: every meld but another seat's 暗杠, whose tile is hidden."""
    hidden_kongs: int
    """How many 暗杠 it holds face down (their tiles hidden from the viewer)."""
    discards: tuple[Tile, ...]
    """Every tile it discarded, in the order made, those others claimed included (a claimed
    discard is also in the claimer's meld; the events say which were claimed)."""
    won: bool
    """Whether it has won (in 血战, a seat that won leaves the hand)."""
    hand: TileCounts | None = None
    """Its concealed tiles, when the viewer may see them: its own hand, or a hand shown on
    winning (in 血战); ``None`` otherwise."""


@attrs.frozen
class View:
    """Everything seat :attr:`seat` may see of a hand at one moment, and nothing more.

    Build with :meth:`Rules.view() <mahjong_rules.Rules.view>`. A view is a plain value: it
    compares equal to any other view of the same things, and serializes with
    :func:`~mahjong_rules.to_dict`.
    """

    seat: int
    """Whose view this is."""
    step: int
    """How many actions the hand has taken (:attr:`State.step <mahjong_rules.State.step>`): a
    client sends it back with its answer, and ``rules.apply(state, action, expect_step=step)``
    refuses it once the moment this view showed has passed for the seat
    (:class:`~mahjong_rules.errors.StaleActionError`; see :mod:`mahjong_rules.engine.step`)."""
    options: Any
    """The room's options (public: every player knows the rules of the room)."""
    players: int
    """How many seats play: 2, 3 or 4."""
    dealer: int
    """The dealer's (庄家, zhuāngjiā) seat."""
    phase: Phase
    """What the hand is waiting for (a turn, claims, a robbed kong, a phase of the variant's
    own, the end)."""
    stage: str | None
    """In a phase of the variant's own (:attr:`Phase.CHOOSING
    <mahjong_rules.engine.state.Phase.CHOOSING>`): its name; else ``None``."""
    current: int
    """The seat in turn; in a claim (or rob) window the discarder (or the konger)."""
    tile: Tile | None
    """The tile on offer in a claim or rob window."""
    tiles_left: int
    """Live wall tiles still to draw (their order and faces are hidden)."""
    discards_made: int
    """Discards so far in the hand (the dealer's first discard is number 1)."""
    wild_kinds: TileSet
    """The tile kinds that are wildcards in this hand (public once the deal has fixed them)."""
    concealed: TileCounts
    """The seat's own concealed tiles."""
    drawn: Tile | None
    """The tile the seat drew this turn, if any."""
    pass_hu: bool
    """The seat's own 过手胡 block (a win declined: no win on a discard until it draws)."""
    pass_peng: TileSet
    """The tiles the seat may not peng now (过手碰: declined until it draws or claims)."""
    seats: tuple[SeatView, ...]
    """Every seat, the viewer's own included, in seat order."""
    ledger: tuple[Payment, ...]
    """Every payment so far (kong payments are made in the open)."""
    wins: tuple[WinRecord, ...]
    """Every win so far, with its shown hand and breakdown."""
    legal_actions: tuple[Action, ...]
    """What the seat may do now (``()`` when it does not act)."""
    events: tuple[Event, ...] = ()
    """What the last transition did, as this seat saw it
    (:func:`~mahjong_rules.engine.view_build.events_for`)."""
    result: HandResult | None = None
    """The settlement, once the hand has ended."""
    variant: Any = attrs.field(default=None, metadata={VARIANT_RECORD: "public_view_class"})
    """What every seat may see of the variant's own records (an instance of the room's
    :attr:`~mahjong_rules.engine.hooks.Hooks.public_view_class`, made by
    :meth:`~mahjong_rules.engine.hooks.Hooks.public_variant_view`), or ``None``."""
    own_variant: Any = attrs.field(default=None, metadata={VARIANT_RECORD: "private_view_class"})
    """What this seat alone may see of them, its own secrets (an instance of the room's
    :attr:`~mahjong_rules.engine.hooks.Hooks.private_view_class`, made by
    :meth:`~mahjong_rules.engine.hooks.Hooks.private_variant_view`), or ``None``."""

    @property
    def to_act(self) -> bool:
        """Whether the seat must act now."""
        return bool(self.legal_actions)
