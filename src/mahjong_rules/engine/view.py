"""What one seat may see (明牌 and 暗牌): :class:`View`, :class:`SeatView` and event filtering.

A server sends each player :meth:`Rules.view(state, seat) <mahjong_rules.Rules.view>`, never the
:class:`~mahjong_rules.State` itself: the state holds every concealed hand and the whole wall.
A view holds the seat's own concealed tiles, what lies face up on the table (melds, discards,
the hands of seats that have won and shown them), what the variant shows every seat of its
own records, the payments so far, and the seat's own legal actions. It holds no other
seat's concealed tile, no undrawn wall tile, no wall order and no seed. Of the variant's own
records (:attr:`State.variant <mahjong_rules.engine.state.State.variant>`) it holds only what
the variant shows every seat (:attr:`View.variant`) and this seat alone (:attr:`View.own_variant`).

Events are filtered the same way (:func:`events_for`): another seat's draw comes without its
tile, another seat's 暗杠 without its tiles (where the variant hides them), and another seat's 过
(pass) not at all, since it would tell that the seat could have claimed.

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

from collections.abc import Callable, Collection, Iterable
from typing import Any

import attrs

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import (
    ConcealedKonged,
    Drew,
    Event,
    Konged,
    Passed,
    Settled,
    Won,
)
from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord
from mahjong_rules.engine.state import VARIANT_RECORD, Phase, SeatState, State
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.tiles import Tile

__all__ = ["SeatView", "View", "build_view", "events_for"]


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
    """What the last transition did, as this seat saw it (:func:`events_for`)."""
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


_SEEN: dict[tuple[int, bool, bool], tuple[SeatState, SeatView]] = {}
"""The last :class:`SeatView` made for each (seat, its hand shown, its 暗杠 hidden), with the
seat state it was made from. A seat view is a function of these alone, and a state shares the
seat states an action left unchanged, so that most seats of a view are those of the last view
made (any viewer's: a seat looks the same to every viewer not shown its hand)."""


def _seat_view(
    s: SeatState, index: int, viewer: int, hide_kongs: bool, hide_won: bool = False
) -> SeatView:
    shown = index == viewer or (s.won and not hide_won)
    hide = hide_kongs and not shown
    key = (index, shown, hide)
    found = _SEEN.get(key)
    if found is not None and found[0] is s:
        return found[1]
    melds = s.melds
    hidden = 0
    if hide and melds:
        hidden = sum(1 for m in melds if m.kind is MeldKind.AN_GANG)
        if hidden:
            melds = tuple(m for m in melds if m.kind is not MeldKind.AN_GANG)
    made = SeatView(
        seat=index,
        tiles=len(s.concealed),
        melds=melds,
        hidden_kongs=hidden,
        discards=s.discards,
        won=s.won,
        hand=s.concealed if shown else None,
    )
    _SEEN[key] = (s, made)
    return made


def build_view(
    state: State,
    seat: int,
    legal_actions: tuple[Action, ...],
    *,
    hide_kongs: bool,
    public: Any = None,
    private: Any = None,
    own_events: Collection[type[Event]] = (),
    event_for: Callable[[Event, int], Event | None] | None = None,
    hide_wins: bool = False,
) -> View:
    """The view of ``state`` from ``seat`` (see :meth:`Rules.view <mahjong_rules.Rules.view>`):
    ``legal_actions`` are the seat's, ``hide_kongs`` whether other seats' 暗杠 are hidden;
    ``public`` and ``private`` are what the variant shows of its own records to every seat and
    to this seat alone (:attr:`View.variant`, :attr:`View.own_variant`); ``own_events`` and
    ``event_for`` how its own events are shown (:func:`events_for`); ``hide_wins`` whether
    another seat's winning hand stays hidden until the hand ends (its tiles, its 暗杠 and its
    win's reading)."""
    own = state.seats[seat]
    hide = hide_kongs
    hide_won = hide_wins and state.phase is not Phase.ENDED
    wins = state.wins
    if hide_won:
        wins = tuple(w if w.seat == seat else _unread(w) for w in wins)
    return View(
        seat=seat,
        step=state.step,
        options=state.options,
        players=state.players,
        dealer=state.dealer,
        phase=state.phase,
        stage=state.stage,
        current=state.current,
        tile=state.tile,
        tiles_left=state.tiles_left,
        discards_made=state.discards_made,
        wild_kinds=state.wild_kinds,
        concealed=own.concealed,
        drawn=own.drawn,
        pass_hu=own.pass_hu,
        pass_peng=own.pass_peng,
        seats=tuple(_seat_view(s, i, seat, hide, hide_won) for i, s in enumerate(state.seats)),
        ledger=state.ledger,
        wins=wins,
        legal_actions=legal_actions,
        events=events_for(
            seat,
            state.events,
            hide_kongs=hide,
            own_events=own_events,
            event_for=event_for,
            hide_wins=hide_won,
        ),
        result=state.result if state.phase is Phase.ENDED else None,
        variant=public,
        own_variant=private,
    )


def events_for(
    seat: int,
    events: Iterable[Event],
    *,
    hide_kongs: bool = True,
    own_events: Collection[type[Event]] = (),
    event_for: Callable[[Event, int], Event | None] | None = None,
    hide_wins: bool = False,
) -> tuple[Event, ...]:
    """``events`` as ``seat`` may see them.

    Another seat's draw comes as ``Drew(seat, None)``; another seat's 暗杠 as
    :class:`~mahjong_rules.engine.events.ConcealedKonged` (with ``hide_kongs``);
    another seat's pass is left out. An event whose class is one of ``own_events`` (a
    variant's own, :attr:`~mahjong_rules.engine.event_hooks.EventHooks.event_types`) comes as
    ``event_for(event, seat)`` gives it, and not at all when that is ``None``. With
    ``hide_wins``, another seat's :class:`~mahjong_rules.engine.events.Won` comes without its
    win's reading (the decomposition of a hand kept face down). Everything else is public and
    passes unchanged.

    >>> from mahjong_rules import Tile
    >>> events_for(1, [Drew(0, Tile('5m')), Drew(1, Tile('7p')), Passed(2)])
    (Drew(seat=0, tile=None, replacement=False), Drew(seat=1, tile=Tile('7p'), replacement=False))
    """
    if own_events and event_for is None:
        raise TypeError("events_for(own_events=...) takes the event_for that shows them")
    out: list[Event] = []
    if hide_wins:
        events = tuple(events)  # (read twice)
        if any(isinstance(e, Settled) for e in events):
            hide_wins = False  # the hand has ended: every hand is shown
    for event in events:
        if own_events and event.__class__ in own_events:
            seen = event_for(event, seat)  # type: ignore[misc]
            if seen is not None:
                out.append(seen)
            continue
        others = getattr(event, "seat", seat) != seat
        if isinstance(event, Passed) and others:
            continue
        if isinstance(event, Drew) and others and event.tile is not None:
            event = Drew(event.seat, None, event.replacement)
        elif isinstance(event, Konged) and others and hide_kongs and _concealed(event.meld):
            event = ConcealedKonged(event.seat)
        elif hide_wins and isinstance(event, Won) and event.win.seat != seat:
            event = Won(_unread(event.win))
        out.append(event)
    return tuple(out)


def _unread(win: WinRecord) -> WinRecord:
    """``win`` without its breakdown's reading (the winning hand's decomposition)."""
    if win.breakdown.reading is None:
        return win
    return attrs.evolve(win, breakdown=attrs.evolve(win.breakdown, reading=None))


def _concealed(meld: Meld) -> bool:
    """Whether the meld is a 暗杠 (whose tiles only its owner sees)."""
    return meld.kind is MeldKind.AN_GANG
