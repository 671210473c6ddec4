"""Views built from the seat views ``build_view`` keeps between calls are the views built
afresh (engine/view_build.py reuses the last seat view made from the same seat state): whatever was
built before (other seats, other states, rooms that hide or show 暗杠 and winners' hands), a
view holds what it held with nothing kept (BS-GANG-3, SC-VIEW-1)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from mahjong_rules import MeldKind, View, get_variant
from mahjong_rules.engine import view_build as views
from mahjong_rules.engine.state import State
from scripting import random_states

ROOMS: list[tuple[str, dict[str, Any]]] = [
    ("baoshan", {"players": 3}),
    ("yongshan", {}),
    ("sichuan", {}),
]
FLAGS = list(itertools.product((True, False), repeat=2))  # (hide_kongs, hide_wins)


def _view(state: State, seat: int, hide_kongs: bool, hide_wins: bool) -> View:
    return views.build_view(state, seat, (), hide_kongs=hide_kongs, hide_wins=hide_wins)


@pytest.mark.parametrize(("name", "options"), ROOMS, ids=[r[0] for r in ROOMS])
def test_a_view_built_after_others_is_the_view_built_afresh(
    name: str, options: dict[str, Any]
) -> None:
    """Every seat's view of every state of two random hands, with and without 暗杠 and
    winners' hands hidden, in a shuffled order of seats: each equals the view built with
    nothing kept (BS-GANG-3, SC-VIEW-1); rules.view too."""
    rules = get_variant(name, **options)
    rng = random.Random(2)
    calls: list[tuple[State, int, bool, bool]] = []
    for seed in range(2):
        for state in random_states(rules, seed):
            seats = list(range(rules.players))
            rng.shuffle(seats)
            for seat in seats:
                hide_kongs, hide_wins = rng.choice(FLAGS)
                calls.append((state, seat, hide_kongs, hide_wins))
    built = [_view(*call) for call in calls]
    afresh = []
    for call in calls:
        views._SEEN.clear()
        afresh.append(_view(*call))
    assert built == afresh
    state = calls[-1][0]
    kept = [rules.view(state, seat) for seat in range(rules.players)]
    views._SEEN.clear()
    assert kept == [rules.view(state, seat) for seat in range(rules.players)]


def test_a_hidden_kong_is_hidden_only_where_the_room_hides_it() -> None:
    """BS-GANG-3: another seat's 暗杠 seen with hide_kongs is a count, no meld; the same
    seat state seen next without hide_kongs shows the meld (no seat view kept for the one
    serves the other), and the owner always sees it."""
    rules = get_variant("baoshan", players=3)
    found = None
    for seed in range(200):
        for state in random_states(rules, seed):
            owner = next(
                (
                    i
                    for i, s in enumerate(state.seats)
                    if any(m.kind is MeldKind.AN_GANG for m in s.melds)
                ),
                None,
            )
            if owner is not None:
                found = state, owner
                break
        if found is not None:
            break
    assert found is not None
    state, owner = found
    viewer = (owner + 1) % 3
    melds = state.seats[owner].melds
    shown_kongs = [m for m in melds if m.kind is MeldKind.AN_GANG]
    for hide in (True, False, True):
        seen = _view(state, viewer, hide, False).seats[owner]
        if hide:
            assert seen.hidden_kongs == len(shown_kongs)
            assert seen.melds == tuple(m for m in melds if m.kind is not MeldKind.AN_GANG)
        else:
            assert (seen.hidden_kongs, seen.melds) == (0, melds)
        assert seen.hand is None
        own = _view(state, owner, hide, False).seats[owner]
        assert (own.hidden_kongs, own.melds, own.hand) == (0, melds, state.seats[owner].concealed)
