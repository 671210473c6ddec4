"""Per-seat views and events hide what a seat may not see (issue 5: hidden information).

Over thousands of random hands of both games, after every step and for every seat:

* **Views reveal nothing hidden.** A seat's :meth:`Rules.view` (one seat at random each step)
  is computed again from a *twin* state in which every tile the seat may not see — the
  concealed tiles of the other seats that have not won, and the undrawn live wall
  ``wall[front:back]`` — is shuffled among those places (each seat keeping its count). The
  two views must be equal: a view that depended on any hidden tile, or on the wall order,
  would differ for some twin. Another seat's 暗杠 never appears in a view (BS-GANG-3), only
  as a count of hidden kongs.
* **Events reveal nothing hidden.** Every tile that an event passed through
  :meth:`Rules.events_for` names is one the seat can see in its view just before or just after
  the transition (its own hand, the melds and discards on the table, the 本金), counted with
  multiplicity; another seat's draw carries no tile, another seat's 暗杠 no meld, and no other
  seat's pass is shown. A win shows the winner's hand, which the views show too (YS-END-1).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from mahjong_rules import MeldKind, Rules, State, Tile, TileCounts, get_variant
from mahjong_rules.engine.events import ConcealedKonged, Drew, Event, Konged, Passed, Settled, Won
from mahjong_rules.engine.state import replace
from mahjong_rules.engine.view import View
from mahjong_rules.engine.view_build import events_for
from mahjong_rules.melds import Meld
from mahjong_rules.variants.yongshan.records import indicator_of
from mahjong_rules.variants.yongshan.ti import Swapped
from test_play_properties import stacked_wall

HANDS_PER_ROOM = 150
"""Hands per room below: 14 rooms, so 2,100 hands in all."""

ROOMS: list[tuple[str, dict[str, Any]]] = [
    ("baoshan", {"players": 2}),
    ("baoshan", {"players": 3}),
    ("baoshan", {"players": 4}),
    ("baoshan", {"players": 4, "honors": True, "bao_ting": True}),
    ("baoshan", {"players": 4, "buy_points": "live"}),
    ("baoshan", {"players": 3, "honors": True, "forced_win_tiles": 20}),
    ("baoshan", {"players": 2, "bao_ting": True, "cha_jiao": "off"}),
    ("yongshan", {"players": 2}),
    ("yongshan", {"players": 3}),
    ("yongshan", {"players": 4}),
    ("yongshan", {"players": 4, "wildcards": "double"}),
    ("yongshan", {"players": 3, "wildcards": "double", "ti_from_hand": True}),
    ("yongshan", {"players": 4, "ting_dian_three_players": True}),
    ("yongshan", {"players": 2, "wildcards": "double"}),
]


def _hidden_from(state: State, seat: int) -> list[int]:
    """The seats whose concealed tiles ``seat`` may not see."""
    return [i for i, s in enumerate(state.seats) if i != seat and not s.won]


def twin(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with every tile hidden from ``seat`` shuffled among the hidden places."""
    others = _hidden_from(state, seat)
    pool: list[Tile] = list(state.wall[state.front : state.back])
    for i in others:
        pool.extend(state.seats[i].concealed)
    rng.shuffle(pool)
    live = len(pool) - sum(len(state.seats[i].concealed) for i in others)
    wall = (*state.wall[: state.front], *pool[:live], *state.wall[state.back :])
    seats = list(state.seats)
    at = live
    for i in others:
        s = seats[i]
        size = len(s.concealed)
        concealed = TileCounts(pool[at : at + size])
        at += size
        drawn = s.drawn if s.drawn is None or s.drawn in concealed else next(iter(concealed))
        seats[i] = replace(s, concealed=concealed, drawn=drawn)
    return replace(state, wall=wall, seats=tuple(seats))


def visible(view: View) -> list[int]:
    """How many of each tile kind (by index) ``view`` shows face up (generous: a claimed
    discard counts in its discarder's discards and in the meld)."""
    seen = list(view.concealed.counts())
    for s in view.seats:
        for tile in s.discards:
            seen[tile.index] += 1
        if s.hand is not None:
            seen = [a + b for a, b in zip(seen, s.hand.counts(), strict=True)]
        for meld in s.melds:
            seen[meld.tile.index] += meld.naturals
            for tile in meld.wild_tiles:
                seen[tile.index] += 1
    for shown in (indicator_of(view), view.tile):
        if shown is not None:
            seen[shown.index] += 1
    return seen


def tiles_named(event: Event) -> Counter[int]:
    """The tiles an event names, by tile index (its melds' physical tiles included)."""
    found: Counter[int] = Counter()

    def walk(value: Any) -> None:
        if isinstance(value, Tile):
            found[value.index] += 1
        elif isinstance(value, Meld):
            found[value.tile.index] += value.naturals
            found.update(t.index for t in value.wild_tiles)
        elif isinstance(value, TileCounts):
            found.update(t.index for t in value)
        elif isinstance(value, tuple):
            for item in value:
                walk(item)
        elif attrs.has(type(value)):
            for field in attrs.fields(type(value)):
                walk(getattr(value, field.name))

    walk(event)
    return found


def check_view(rules: Rules, state: State, seat: int, view: View, rng: random.Random) -> None:
    assert view == rules.view(twin(state, seat, rng), seat), "a view depends on a hidden tile"
    assert view.legal_actions == rules.legal_actions(state, seat)
    assert view.concealed == state.seats[seat].concealed
    for other in view.seats:
        if other.seat == seat or other.won:
            assert other.hand == state.seats[other.seat].concealed
            assert other.melds == state.seats[other.seat].melds
            continue
        assert other.hand is None
        assert all(m.kind is not MeldKind.AN_GANG for m in other.melds)  # BS-GANG-3
        kongs = sum(m.kind is MeldKind.AN_GANG for m in state.seats[other.seat].melds)
        assert other.hidden_kongs == kongs
        assert other.tiles == len(state.seats[other.seat].concealed)


def check_events(state: State, seat: int, before: View, after: View) -> None:
    allowed: list[int] | None = None
    for event in after.events:
        if isinstance(event, Won | Settled):
            wins = (event.win,) if isinstance(event, Won) else event.result.wins
            for win in wins:  # a winner shows its hand (YS-END-1): the views show it too
                assert after.seats[win.seat].hand == state.seats[win.seat].concealed
            continue
        if isinstance(event, Drew | Passed) and event.seat != seat:
            assert isinstance(event, Drew) and event.tile is None, event
        if isinstance(event, Konged | Swapped) and event.seat != seat:
            assert event.meld.kind is not MeldKind.AN_GANG, event
        named = tiles_named(event)
        if not named:
            continue
        if allowed is None:
            allowed = [a + b for a, b in zip(visible(before), visible(after), strict=True)]
        for index, n in named.items():
            assert n <= allowed[index], f"{event} names a tile seat {seat} cannot see"


def hands() -> Iterator[tuple[Rules, State, random.Random]]:
    for index, (name, options) in enumerate(ROOMS):
        rules = get_variant(name, **options)
        honors = bool(options.get("honors"))
        for n in range(HANDS_PER_ROOM):
            seed = index * 10_000 + n
            if n % 3 == 0:  # nearly sorted walls: 暗杠, 补杠 and early wins come up often
                wall = stacked_wall(seed, honors=honors, run=4)
                state = rules.new_hand(wall=wall, dealer=n % rules.players)
            else:
                state = rules.new_hand(seed=seed, dealer=n % rules.players)
            yield rules, state, random.Random(seed)


def play_and_check(rules: Rules, state: State, rng: random.Random, seen: Counter[str]) -> None:
    views = [rules.view(state, s) for s in range(state.players)]
    for s, view in enumerate(views):
        check_view(rules, state, s, view, rng)
    while state.result is None:
        if state.phase.value == "buying":
            seat = min(rules.to_act(state))
        else:
            seat = rng.choice(sorted(rules.to_act(state)))
        action = rng.choice(rules.legal_actions(state, seat))
        state = rules.apply(state, action)
        after = [rules.view(state, s) for s in range(state.players)]
        twin_seat = rng.randrange(state.players)  # one seat's twin per step keeps this quick
        for s in range(state.players):
            if s == twin_seat:
                check_view(rules, state, s, after[s], rng)
            check_events(state, s, views[s], after[s])
            assert after[s].events == rules.events_for(s, state.events)
        for event in state.events:
            seen[type(event).__name__] += 1
            if isinstance(event, Konged | Swapped) and event.meld.kind is MeldKind.AN_GANG:
                seen[f"hidden {type(event).__name__}"] += 1
        views = after


@pytest.mark.slow  # (the quick part leaves it to the full run; CI runs it)
def test_views_and_events_reveal_no_hidden_tile() -> None:
    """Thousands of random hands: no view or event of any seat depends on, or names, another
    seat's concealed tile or an undrawn wall tile (BS-GANG-3, YS-END-1)."""
    seen: Counter[str] = Counter()
    for rules, state, rng in hands():
        play_and_check(rules, state, rng, seen)
    # the hands reached the cases that matter
    kinds = ("Drew", "Passed", "Claimed", "Swapped", "Won", "WallExhausted")
    for kind in (*kinds, "hidden Konged", "hidden Swapped"):
        assert seen[kind] > 0, kind


def test_events_for_redacts_other_seats_only() -> None:
    kong = Konged(2, Meld(MeldKind.AN_GANG, Tile("5m")))
    events = (Drew(0, Tile("1m")), Drew(1, Tile("2m"), True), kong, Passed(1), Passed(3))
    assert events_for(1, events) == (
        Drew(0, None),
        Drew(1, Tile("2m"), True),
        ConcealedKonged(2),
        Passed(1),
    )
    assert events_for(2, events) == (Drew(0, None), Drew(1, None, True), kong)
    # with kongs shown (a variant whose 暗杠 are face up), only draws and passes are filtered
    assert events_for(1, events, hide_kongs=False)[2] == kong


def test_view_of_a_seat_that_is_not_at_the_table_raises() -> None:
    rules = get_variant("baoshan", players=3)
    state = rules.new_hand(seed=1)
    with pytest.raises(ValueError, match="no seat 3 at a table of 3"):
        rules.view(state, 3)


def test_view_shows_own_hand_and_legal_actions_and_hides_the_rest() -> None:
    rules = get_variant("baoshan")
    state = rules.new_hand(seed=5)
    dealer = rules.view(state, 0)
    other = rules.view(state, 1)
    assert dealer.concealed == state.seats[0].concealed and len(dealer.concealed) == 14
    assert dealer.legal_actions == rules.legal_actions(state, 0) and dealer.to_act
    assert other.legal_actions == () and not other.to_act
    assert other.seats[0].hand is None and other.seats[0].tiles == 14
    assert other.seats[1].hand == state.seats[1].concealed
    assert other.tiles_left == state.tiles_left
    assert not hasattr(other, "wall")
