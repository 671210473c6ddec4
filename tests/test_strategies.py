"""The hypothesis strategies of :mod:`mahjong_rules.strategies` keep their contracts."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from mahjong_rules import Hand, Suit, Tile, TileCounts, all_tiles, is_win, winning_tiles
from mahjong_rules.strategies import (
    ReadyHand,
    WinningHand,
    hands,
    ready_hands,
    tile_counts,
    tiles,
    walls,
    winning_hands,
)
from mahjong_rules.wins import GroupKind, WinForm, decompositions

FEW = settings(max_examples=60, deadline=None)
MAN_PIN = frozenset({Suit.MAN, Suit.PIN})


def suits_of(counts: TileCounts) -> frozenset[Suit]:
    return frozenset(t.suit for t in counts)


# --- tiles and tile_counts --------------------------------------------------------------------


@FEW
@given(tiles())
def test_tiles_are_tiles(tile: Tile) -> None:
    assert isinstance(tile, Tile)


@FEW
@given(tiles(honors=False))
def test_tiles_without_honors(tile: Tile) -> None:
    assert not tile.is_honor


@FEW
@given(tiles(suits=[Suit.SOU]))
def test_tiles_of_one_suit(tile: Tile) -> None:
    assert tile.suit is Suit.SOU


@FEW
@given(tile_counts())
def test_tile_counts_default_sizes(counts: TileCounts) -> None:
    assert 0 <= len(counts) <= 14
    assert max(counts.counts()) <= 4


@FEW
@given(tile_counts(min_size=13, max_size=13, honors=False))
def test_tile_counts_fixed_size_without_honors(counts: TileCounts) -> None:
    assert len(counts) == 13
    assert Suit.HONOR not in suits_of(counts)


@FEW
@given(tile_counts(min_size=20, max_size=36, suits=[Suit.PIN]))
def test_tile_counts_one_suit_many_tiles(counts: TileCounts) -> None:
    assert 20 <= len(counts) <= 36
    assert suits_of(counts) == {Suit.PIN}
    assert max(counts.counts()) <= 4


@FEW
@given(tile_counts(min_size=1, suits=[Suit.HONOR]))
def test_tile_counts_honors_only(counts: TileCounts) -> None:
    assert suits_of(counts) == {Suit.HONOR}


@pytest.mark.parametrize(
    "kwargs",
    [
        {"min_size": 5, "max_size": 4},
        {"min_size": -1},
        {"max_size": 37, "suits": [Suit.MAN]},
        {"suits": []},
        {"suits": [Suit.HONOR], "honors": False},
    ],
)
def test_tile_counts_rejects_bad_arguments(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidArgument):
        tile_counts(**kwargs)  # type: ignore[arg-type]


# --- hands ------------------------------------------------------------------------------------


def check_hand(hand: Hand) -> None:
    assert isinstance(hand, Hand)
    assert hand.tile_count in (13, 14)
    assert max(hand.all_tiles.counts()) <= 4
    assert all(meld.wilds == 0 for meld in hand.melds)


@FEW
@given(hands())
def test_hands_keep_sizes_and_counts(hand: Hand) -> None:
    check_hand(hand)
    assert 0 <= len(hand.melds) <= 4


@FEW
@given(hands(melds=4, honors=False))
def test_hands_with_four_melds_and_no_honors(hand: Hand) -> None:
    check_hand(hand)
    assert len(hand.melds) == 4
    assert len(hand.concealed) in (1, 2)
    assert Suit.HONOR not in suits_of(hand.all_tiles)


@FEW
@given(hands())
def test_hands_round_trip_through_text(hand: Hand) -> None:
    assert Hand.parse(str(hand)) == hand


def test_hands_reject_too_many_melds() -> None:
    with pytest.raises(InvalidArgument):
        hands(melds=5)


# --- winning_hands ----------------------------------------------------------------------------


def check_winning(hand: WinningHand, *, seven_pairs: bool = True, honors: bool = True) -> None:
    decomposition = hand.decomposition
    assert hand.size == hand.concealed.size + hand.wilds
    assert len(decomposition.wilds) == hand.wilds
    assert decomposition.tiles == hand.concealed + decomposition.wild_counts
    assert max(decomposition.tiles.counts()) <= 4
    assert is_win(hand.concealed, hand.wilds)
    assert is_win(hand.concealed, hand.wilds, seven_pairs=seven_pairs, honors=honors)


@FEW
@given(winning_hands())
def test_winning_hands_are_wins(hand: WinningHand) -> None:
    check_winning(hand)
    assert hand.wilds == 0
    assert hand.size == 14


@FEW
@given(winning_hands(wilds=2))
def test_winning_hands_with_two_wilds(hand: WinningHand) -> None:
    check_winning(hand)
    assert hand.wilds == 2
    assert hand.concealed.size == 12


@FEW
@given(winning_hands(wilds=range(0, 5), honors=False, seven_pairs=False))
def test_winning_hands_with_a_range_of_wilds(hand: WinningHand) -> None:
    check_winning(hand, seven_pairs=False, honors=False)
    assert 0 <= hand.wilds <= 4
    assert hand.decomposition.form is WinForm.STANDARD
    assert not any(t.is_honor for t in hand.decomposition.tiles)


@FEW
@given(winning_hands(wilds=st.integers(0, 14), suits=MAN_PIN))
def test_winning_hands_with_a_strategy_of_wilds_and_two_suits(hand: WinningHand) -> None:
    check_winning(hand)
    assert suits_of(hand.decomposition.tiles) <= MAN_PIN


@FEW
@given(winning_hands(melds=3, wilds=1))
def test_winning_hands_with_declared_melds(hand: WinningHand) -> None:
    check_winning(hand)
    assert hand.size == 5
    assert len(hand.decomposition.melds) == 1


@FEW
@given(winning_hands(wilds=1, suits=[Suit.SOU]))
def test_winning_hands_decomposition_is_found(hand: WinningHand) -> None:
    """The reading a hand was built from is among those the detector finds."""
    check_winning(hand)
    assert hand.decomposition in decompositions(hand.concealed, hand.wilds)


def test_winning_hands_reach_seven_pairs() -> None:
    seen: set[WinForm] = set()

    @settings(max_examples=100, deadline=None)
    @given(winning_hands())
    def collect(hand: WinningHand) -> None:
        seen.add(hand.decomposition.form)
        if hand.decomposition.form is WinForm.SEVEN_PAIRS:
            groups = hand.decomposition.groups
            assert len(groups) == 7
            assert all(g.kind is GroupKind.PAIR for g in groups)

    collect()
    assert seen == {WinForm.STANDARD, WinForm.SEVEN_PAIRS}


@pytest.mark.parametrize(
    "kwargs",
    [{"wilds": -1}, {"wilds": range(0)}, {"melds": 5}, {"wilds": "2"}, {"wilds": True}],
)
def test_winning_hands_reject_bad_arguments(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidArgument):
        winning_hands(**kwargs)  # type: ignore[arg-type]


def test_winning_hands_reject_too_many_wilds_when_drawn() -> None:
    @given(winning_hands(wilds=15))
    def draw(hand: WinningHand) -> None:
        raise AssertionError("unreachable")

    with pytest.raises(InvalidArgument):
        draw()


# --- ready_hands ------------------------------------------------------------------------------


def check_ready(hand: ReadyHand, *, seven_pairs: bool = True, honors: bool = True) -> None:
    assert hand.size == hand.complete.size - 1
    waits = winning_tiles(hand.concealed, hand.wilds, seven_pairs=seven_pairs, honors=honors)
    assert waits
    assert hand.missing in waits
    check_winning(hand.complete, seven_pairs=seven_pairs, honors=honors)


@FEW
@given(ready_hands())
def test_ready_hands_wait(hand: ReadyHand) -> None:
    check_ready(hand)
    assert hand.size == 13
    assert hand.wilds == 0


@FEW
@given(ready_hands(wilds=range(1, 4), honors=False))
def test_ready_hands_with_wilds(hand: ReadyHand) -> None:
    check_ready(hand, honors=False)
    assert 1 <= hand.wilds <= 3
    assert not hand.missing.is_honor


@FEW
@given(ready_hands(melds=2, suits=[Suit.MAN], seven_pairs=False))
def test_ready_hands_with_melds_in_one_suit(hand: ReadyHand) -> None:
    check_ready(hand, seven_pairs=False)
    assert hand.size == 7
    assert suits_of(hand.concealed) <= {Suit.MAN}


@FEW
@given(ready_hands(wilds=12))
def test_ready_hands_all_wild(hand: ReadyHand) -> None:
    check_ready(hand)
    assert hand.concealed.size == 1


# --- walls ------------------------------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(walls())
def test_walls_without_honors(wall: tuple[Tile, ...]) -> None:
    assert len(wall) == 108
    assert Counter(wall) == {t: 4 for t in all_tiles(honors=False)}


@settings(max_examples=20, deadline=None)
@given(walls(honors=True, players=2))
def test_walls_with_honors(wall: tuple[Tile, ...]) -> None:
    assert len(wall) == 136
    assert Counter(wall) == {t: 4 for t in all_tiles()}


def test_walls_reject_bad_player_counts() -> None:
    with pytest.raises(InvalidArgument):
        walls(players=5)
