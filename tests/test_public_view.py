"""The spectator's view (观众): :meth:`Rules.public_view`, seatless, reveals nothing hidden.

Over random hands of every game, after every step, the public view is computed again from a
*twin* state in which every concealed tile of a seat that has not won and the undrawn live wall
are shuffled among those places (tests/test_views.py's twin): the two public views must be
equal. Each seat in it is as every other seat sees it, its events are what every seat they do
not concern saw, and a 定缺 or 换三张 answer stays hidden until public (SC-VIEW-1).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from mahjong_rules import MeldKind, Rules, State, from_dict, get_variant, to_dict
from mahjong_rules.engine.events import Discarded, Drew, Passed
from mahjong_rules.engine.public_view import PublicView
from mahjong_rules.errors import SerializationError
from mahjong_rules.variants.sichuan.actions import DeclareVoid, SwapTiles, TilesChosen
from test_views import twin

ROOMS: list[tuple[str, dict[str, Any]]] = [
    ("baoshan", {"players": 2}),
    ("baoshan", {"players": 4, "honors": True, "bao_ting": True}),
    ("yongshan", {"players": 3}),
    ("yongshan", {"players": 4, "wildcards": "double"}),
    ("sichuan", {}),
    ("sichuan", {"swap_three": True}),
]
HANDS = 25


def hands() -> Iterator[tuple[Rules, State, random.Random]]:
    for index, (name, options) in enumerate(ROOMS):
        rules = get_variant(name, **options)
        for n in range(HANDS):
            seed = index * 1000 + n
            yield rules, rules.new_hand(seed=seed, dealer=n % rules.players), random.Random(seed)


def check_public(rules: Rules, state: State, rng: random.Random) -> None:
    public = rules.public_view(state)
    assert public == rules.public_view(twin(state, -1, rng)), "depends on a hidden tile"
    for i, seat in enumerate(public.seats):
        others = [rules.view(state, j).seats[i] for j in range(state.players) if j != i]
        assert all(seat == other for other in others)  # as every other seat sees it
        if not state.seats[i].won:
            assert seat.hand is None
            assert all(m.kind is not MeldKind.AN_GANG for m in seat.melds)  # BS-GANG-3
    for event in public.events:
        assert not isinstance(event, Passed)
        if isinstance(event, Drew):
            assert event.tile is None


def test_public_view_reveals_no_hidden_tile_in_any_game() -> None:
    """BS-GANG-3, YS-END-1, SC-VIEW-1: over random hands of Baoshan, Yongshan and Sichuan (换三张
    on and off), after every step, the public view is the same for any shuffle of the hidden
    tiles, shows every seat as the other seats see it, and no draw's tile or pass."""
    for rules, state, rng in hands():
        check_public(rules, state, rng)
        while state.result is None:
            seat = rng.choice(sorted(rules.to_act(state)))
            state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
            check_public(rules, state, rng)


def test_public_view_of_a_draw_and_a_discard_exactly() -> None:
    """FLOW-1: the dealer's discard is public; the next seat's draw comes without its tile."""
    rules = get_variant("baoshan", players=2)
    state = rules.new_hand(seed=5)
    discard = rules.legal_actions(state, 0)[0]
    state = rules.apply(state, discard)
    while rules.to_act(state) and state.current == 0:  # a claim window: seat 1 passes
        state = rules.apply(state, rules.legal_actions(state, 1)[-1])
    public = rules.public_view(state)
    assert public.events == (Discarded(0, discard.tile), Drew(1, None))  # type: ignore[attr-defined]
    assert public.seats[0].discards == (discard.tile,)  # type: ignore[attr-defined]
    assert public.seats[1].tiles == 14 and public.seats[1].hand is None
    assert public.tiles_left == state.tiles_left
    assert not hasattr(public, "legal_actions") and not hasattr(public, "concealed")


def test_public_view_hides_void_and_swap_answers_until_public() -> None:
    """SC-VIEW-1, SC-SWAP-1, SC-VOID-1: a seat's 换三张 tiles and its 定缺 suit are not in the
    public view: two states in which seat 0 chose differently show the same public view."""
    rules = get_variant("sichuan", swap_three=True)
    state = rules.new_hand(seed=11)
    choices = [a for a in rules.legal_actions(state, 0) if isinstance(a, SwapTiles)]
    one, two = choices[0], choices[-1]
    assert one.tiles != two.tiles
    after = [rules.public_view(rules.apply(state, a)) for a in (one, two)]
    assert after[0] == after[1]
    assert after[0].events[0] == TilesChosen(0, None)
    # to the voiding phase: every seat swaps its first choice
    for seat in range(4):
        state = rules.apply(state, rules.legal_actions(state, seat)[0])
    voids = [a for a in rules.legal_actions(state, 0) if isinstance(a, DeclareVoid)]
    suits = {a.suit for a in voids}
    assert len(suits) == 3
    first = next(a for a in voids if a.suit == min(suits, key=str))
    last = next(a for a in voids if a.suit == max(suits, key=str))
    after = [rules.public_view(rules.apply(state, a)) for a in (first, last)]
    assert after[0] == after[1]
    assert after[0].variant.voids == (None, None, None, None)


def test_public_view_document_reads_back_and_is_checked() -> None:
    """The public view's JSON document reads back equal; a tampered one is refused."""
    rules = get_variant("yongshan")
    state = rules.new_hand(seed=3)
    for _ in range(12):
        seat = min(rules.to_act(state))
        state = rules.apply(state, rules.legal_actions(state, seat)[0])
    public = rules.public_view(state)
    document = json.loads(json.dumps(to_dict(public)))
    assert document["type"] == "PublicView"
    assert "concealed" not in document and "legal_actions" not in document
    assert from_dict(document, PublicView) == public
    document["seats"][1]["tiles"] = "many"
    with pytest.raises(SerializationError, match=r"publicView\.seats\[1\]\.tiles"):
        from_dict(document)
