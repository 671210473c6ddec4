"""Building what one seat sees: :func:`build_view`, a seat's
:class:`~mahjong_rules.engine.view.View` of a state, and :func:`events_for`, the events as the
seat may see them. What a view holds and hides, and its classes, are
:mod:`mahjong_rules.engine.view`'s.

Plain functions, so that the compiled build compiles them (``setup.COMPILED``; a GreedyBot
decision builds a view); the classes stay in an interpreted module, since a compiled module
keeps only erased annotations (``tuple`` for ``tuple[SeatView, ...]``) and the documents read
the views' field types from them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any

import attrs

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
from mahjong_rules.engine.settlement import WinRecord
from mahjong_rules.engine.state import Phase, SeatState, State
from mahjong_rules.engine.view import SeatView, View
from mahjong_rules.melds import Meld, MeldKind

__all__ = ["build_view", "events_for"]


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
