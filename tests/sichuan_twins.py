"""Twin states for SC-VIEW-1 (``test_sichuan_play_properties.py``): a Sichuan state with every
secret of the seats other than a viewer changed, and nothing else.

What a seat may not know of another seat (SC-VIEW-1): its concealed tiles (a winner's too,
until the hand ends) and the tile it drew, the undrawn live wall, its void suit and set-aside
tile while that tile is face down (a suit declared without a tile: always), its 换三张 choice
(and what it got, unless the viewer passed it), the kind of its 暗杠, whether it declined a
win, and a winner's reading of its hand (until the hand ends). :func:`twin` changes
all of these at random (keeping every count a seat could see) and the events of the last
transition to match, so a view or an event list that read any of them would differ.
"""

from __future__ import annotations

import random

import attrs

from mahjong_rules import Action, Meld, MeldKind, Phase, Rules, State, Tile, TileCounts, all_tiles
from mahjong_rules.engine.events import Drew, Event, Konged, Passed, Won
from mahjong_rules.engine.settlement import WinRecord
from mahjong_rules.engine.state import replace
from mahjong_rules.variants.sichuan import (
    DeclareVoid,
    SichuanSeat,
    SwapTiles,
    TilesChosen,
    TilesSwapped,
    VoidDeclared,
)
from mahjong_rules.variants.sichuan.actions import SUITS
from mahjong_rules.variants.sichuan.answers import swap_answers, void_answers
from mahjong_rules.variants.sichuan.records import DIRECTIONS, SWAPPING, VOIDING, turned_up

SUITED = all_tiles(honors=False)


def _three(rng: random.Random) -> tuple[Tile, ...]:
    suit = rng.choice(SUITS)
    return tuple(sorted(rng.choice([t for t in SUITED if t.suit is suit]) for _ in range(3)))


def hidden_seats(state: State, viewer: int) -> list[int]:
    """The seats whose concealed tiles ``viewer`` may not see: the other un-won seats, and
    until the hand ends the other winners too (SC-VIEW-1: a winner's hand stays face down)."""
    hide_won = state.phase is not Phase.ENDED
    return [i for i, s in enumerate(state.seats) if i != viewer and (hide_won or not s.won)]


def _record(
    state: State, viewer: int, seat: int, concealed: TileCounts, rng: random.Random
) -> tuple[SichuanSeat, Action | None]:
    """The seat's Sichuan record with its secrets redrawn, and its answer in the open phase
    (``None``: none to change)."""
    s = state.seats[seat]
    record: SichuanSeat = s.variant
    answer: Action | None = None
    if state.stage == SWAPPING and record.chosen:
        answer = rng.choice(swap_answers(seat, concealed) or (SwapTiles(seat, _three(rng)),))
        assert isinstance(answer, SwapTiles)
        record = attrs.evolve(record, chosen=answer.tiles)
    if state.variant.direction is not None:  # after the swap: what the viewer cannot tell
        step = DIRECTIONS[state.variant.direction]
        if (seat + step) % state.players != viewer:  # not what it passed to the viewer
            record = attrs.evolve(record, chosen=_three(rng))
        if (seat - step) % state.players != viewer:  # not what the viewer passed to it
            record = attrs.evolve(record, received=_three(rng))
    if state.stage == VOIDING and record.void is not None:
        answer = rng.choice(void_answers(seat, concealed))
        assert isinstance(answer, DeclareVoid)
        record = attrs.evolve(record, void=answer.suit, aside=answer.aside)
    elif state.variant.voided and not turned_up(s):
        if record.aside is None:  # declared without a tile: its suit is never shown
            record = attrs.evolve(record, void=rng.choice(SUITS))
        else:
            aside = rng.choice(sorted(concealed))
            record = attrs.evolve(record, void=aside.suit, aside=aside)
    return record, answer


def twin(state: State, viewer: int, rng: random.Random) -> State:
    """``state`` with every secret of the seats other than ``viewer`` (see the module)
    redrawn, the live wall reshuffled with their concealed tiles, and the last transition's
    events changed to match."""
    others = hidden_seats(state, viewer)
    pool = list(state.wall[state.front : state.back])
    for i in others:
        pool.extend(state.seats[i].concealed)
    rng.shuffle(pool)
    live = state.back - state.front
    wall = (*state.wall[: state.front], *pool[:live], *state.wall[state.back :])
    seats = list(state.seats)
    answers: list[Action] = list(state.answers)
    at = live
    for i in others:
        s = seats[i]
        concealed = TileCounts(pool[at : at + len(s.concealed)])
        at += len(s.concealed)
        kinds = sorted(concealed)
        drawn = None if s.drawn is None else rng.choice(kinds)
        draws = tuple(rng.choice(kinds) for _ in s.turn_draws)
        melds = tuple(
            Meld(MeldKind.AN_GANG, rng.choice(SUITED)) if m.kind is MeldKind.AN_GANG else m
            for m in s.melds
        )
        record, answer = _record(state, viewer, i, concealed, rng)
        if answer is not None:
            answers = [answer if a.seat == i else a for a in answers]
        seats[i] = replace(
            s,
            concealed=concealed,
            drawn=drawn,
            turn_draws=draws,
            melds=melds,
            pass_hu=rng.random() < 0.5,
            pass_hu_fan=rng.randrange(-1, 5),
            variant=record,
        )
    events = tuple(_event(e, viewer, others, rng) for e in state.events)
    wins = tuple(_unread(w) if w.seat in others else w for w in state.wins)
    return replace(
        state, wall=wall, seats=tuple(seats), answers=tuple(answers), events=events, wins=wins
    )


def _unread(win: WinRecord) -> WinRecord:
    """A hidden winner's record with another reading of its hand (none at all)."""
    return attrs.evolve(win, breakdown=attrs.evolve(win.breakdown, reading=None))


def _event(e: Event, viewer: int, others: list[int], rng: random.Random) -> Event:
    """An event with what ``viewer`` may not see of it redrawn."""
    if isinstance(e, Won):  # a record of its own, without a seat field
        return Won(_unread(e.win)) if e.win.seat in others else e
    seat = getattr(e, "seat", viewer)
    if seat == viewer:
        return e
    if isinstance(e, Drew) and e.tile is not None:
        return attrs.evolve(e, tile=rng.choice(SUITED))
    if isinstance(e, Konged) and e.meld.kind is MeldKind.AN_GANG:
        return attrs.evolve(e, meld=Meld(MeldKind.AN_GANG, rng.choice(SUITED)))
    if isinstance(e, TilesChosen):
        return TilesChosen(seat, _three(rng))
    if isinstance(e, TilesSwapped):
        return TilesSwapped(seat, e.direction, _three(rng), _three(rng))
    if isinstance(e, VoidDeclared) and seat in others:
        return VoidDeclared(seat, rng.choice(SUITS), None)
    return e


def check_views(rules: Rules, state: State, rng: random.Random, seen: set[str]) -> None:
    """SC-VIEW-1: every seat's view shows the events as ``events_for`` gives them, with no
    other seat's draw, pass, 暗杠 tile, 换三张 tiles or void suit; one seat's view (and its
    events) is equal in a twin state with the other seats' secrets redrawn."""
    for seat in range(state.players):
        view = rules.view(state, seat)
        shown = rules.events_for(seat, state.events)
        assert view.events == shown
        for e in shown:
            if getattr(e, "seat", seat) == seat:
                continue
            assert not isinstance(e, Passed), e
            assert not isinstance(e, Drew) or e.tile is None, e
            assert not isinstance(e, Konged) or e.meld.kind is not MeldKind.AN_GANG, e
            secret: tuple[object, ...] = ()
            if isinstance(e, TilesChosen):
                secret = (e.tiles,)
            elif isinstance(e, TilesSwapped):
                secret = (e.gave, e.got)
            elif isinstance(e, VoidDeclared):
                secret = (e.suit, e.aside)
            assert secret == (None,) * len(secret), e
    viewer = rng.randrange(state.players)
    if hidden_seats(state, viewer):
        other = twin(state, viewer, rng)
        assert rules.view(other, viewer) == rules.view(state, viewer), "SC-VIEW-1"
        assert rules.events_for(viewer, other.events) == rules.events_for(viewer, state.events)
        seen.add("views compared with a twin")
