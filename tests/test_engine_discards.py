"""A turn's Discard actions (FLOW-3): one per kind the variant's ``discardable`` hook names, in
tile order, whichever of its documented forms the hook returns, built from shared tuples."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_rules import Discard, Phase, TileCounts, TileSet, get_variant
from mahjong_rules.engine.edit import discard_actions, discard_and_draw, held_discards
from mahjong_rules.engine.events import Discarded, Drew
from mahjong_rules.engine.state import State
from mahjong_rules.strategies import tile_counts
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.baoshan import Baoshan


@given(tile_counts(min_size=0, max_size=14, honors=True), st.integers(0, 3))
def test_flow3_held_discards_are_one_per_kind_held_in_tile_order(
    counts: TileCounts, seat: int
) -> None:
    found = held_discards(seat, counts.bits)
    assert found == tuple(Discard(seat, t) for t in counts.distinct())
    assert found == discard_actions(seat, counts.distinct().mask)


def test_flow3_discard_tuples_are_shared_per_suit_pattern() -> None:
    """The same held kinds give the very same tuple (nothing is rebuilt per turn)."""
    a = held_discards(2, TileCounts("1159m").bits)
    b = held_discards(2, TileCounts("1599m").bits)
    assert a is b
    assert a == (Discard(2, Tile("1m")), Discard(2, Tile("5m")), Discard(2, Tile("9m")))
    assert discard_actions(2, TileSet("159m").mask) is a


class _Returns(Baoshan):
    """Baoshan whose ``discardable`` returns what the test sets: counts, a set or a list."""

    name = "_discard_form_test"
    form = "counts"

    def discardable(self, state: State, seat: int) -> TileCounts | Iterable[Tile]:
        concealed = state.seats[seat].concealed
        if self.form == "counts":
            return concealed
        if self.form == "set":
            return concealed.distinct()
        return list(concealed.distinct())


@pytest.mark.parametrize("form", ["counts", "set", "list"])
def test_flow3_every_form_of_discardable_lists_the_same_discards(form: str) -> None:
    """A hook returning counts (a kind held twice is listed once), a TileSet or a list of
    tiles gives the same legal actions as Baoshan's own."""
    rules = _Returns()
    rules.form = form
    plain = get_variant("baoshan")
    state = plain.new_hand(seed=11)
    assert state.phase is Phase.TURN
    seat = state.current
    held = state.seats[seat].concealed
    assert max(held.counts()) >= 2  # a pair in hand: counts must not list it twice
    expected = plain.legal_actions(state, seat)
    assert expected[-len(held.distinct()) :] == tuple(Discard(seat, t) for t in held.distinct())
    fresh = rules.new_hand(seed=11)
    assert rules.legal_actions(fresh, seat) == expected


def test_flow1_an_unclaimed_discard_and_the_next_draw_share_their_events() -> None:
    """The discard and the draw it hands on to are reported as (Discarded, Drew), one shared
    tuple per (discarder, tile, drawer, tile drawn): kept states do not each hold a copy."""
    rules = get_variant("baoshan")
    state = rules.new_hand(seed=3)
    seat = state.current
    drawn_before = state.wall[state.front]
    tile = state.seats[seat].concealed.distinct().mask.bit_length() - 1  # the highest kind
    after = rules.apply(state, Discard(seat, Tile(tile)))
    assert after.phase is Phase.TURN and after.current == (seat + 1) % 4
    assert after.events == (Discarded(seat, Tile(tile)), Drew(after.current, drawn_before, False))
    assert after.events is discard_and_draw(seat, Tile(tile), after.current, drawn_before)
