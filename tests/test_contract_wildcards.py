"""Whether a wildcard may be discarded is the variant's rule (issue 34, section 1):
``Hooks.discards_wildcards``, read by the default ``discardable`` and by the state reader."""

from __future__ import annotations

import random
from typing import Any

import pytest

from contract_kit import Mini, fresh_registry, options_for, room
from mahjong_rules import Discard, Tile, TileSet, get_variant
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.state import Phase, State, replace
from mahjong_rules.errors import SerializationError
from mahjong_rules.serial import check_state, from_dict, to_dict

__all__ = ["fresh_registry"]

FIVE_M = TileSet("5m")


class Wild(Mini):
    """5m is the hand's wildcard kind (standing for itself in this small game); it may be
    discarded, and never melded."""

    name = "wild_discards"
    options_class = options_for("wild_discards")

    def after_deal(self, state: State) -> State:
        return replace(state, wild_kinds=FIVE_M)

    def meld_claims(self, state: State, seat: int, tile: Tile) -> list[Action]:
        return [] if tile in state.wild_kinds else super().meld_claims(state, seat, tile)

    def concealed_kong_allowed(self, state: State, seat: int, tile: Tile) -> bool:
        return tile not in state.wild_kinds

    def turn_kongs(self, state: State, seat: int) -> list[Action]:
        kongs = super().turn_kongs(state, seat)
        return [a for a in kongs if getattr(a, "tile", None) not in state.wild_kinds]


class Kept(Wild):
    """The same, but a wildcard is never discarded."""

    name = "wild_kept"
    options_class = options_for("wild_kept")

    @property
    def discards_wildcards(self) -> bool:
        return False


def _discarded_wilds(rules: Any, seeds: range) -> tuple[int, list[State]]:
    """Random hands: how many wildcards were discarded, and every state."""
    count, states = 0, []
    for seed in seeds:
        state = rules.new_hand(seed=seed)
        rng = random.Random(seed)
        while not rules.is_over(state):
            states.append(state)
            seat = min(rules.to_act(state))
            action = rng.choice(rules.legal_actions(state, seat))
            count += isinstance(action, Discard) and action.tile in FIVE_M
            state = rules.apply(state, action)
        states.append(state)
    return count, states


def test_wild_discards_a_game_whose_wildcards_may_be_discarded_reads_back(
    fresh_registry: None,
) -> None:
    """Wildcards discarded where the variant allows it (``discards_wildcards`` true, the
    default): the states of random hands with 5m wildcards thrown read back unchanged."""
    rules = room(Wild)
    thrown, states = _discarded_wilds(rules, range(6))
    assert thrown >= 5
    for state in states:
        check_state(state)
        assert from_dict(to_dict(state), State) == state


def test_wild_discards_a_game_that_keeps_them_lists_none_and_refuses_one(
    fresh_registry: None,
) -> None:
    """``discards_wildcards`` false: the default ``discardable`` lists no wildcard, no random
    hand throws one, and a state in which a seat discarded one is refused by the reader."""
    rules = room(Kept)
    thrown, states = _discarded_wilds(rules, range(3))
    assert thrown == 0
    turn = next(
        s for s in states if s.phase is Phase.TURN and Tile("5m") in s.seats[s.current].concealed
    )
    seat = turn.current
    discards = [a.tile for a in rules.legal_actions(turn, seat) if isinstance(a, Discard)]
    assert discards == sorted(set(turn.seats[seat].concealed) - {Tile("5m")})
    other = next(s for s in states if s.discards_made == 1 and s.phase is Phase.TURN)
    giver = next(i for i, s in enumerate(other.seats) if s.discards)
    seats = list(other.seats)
    seats[giver] = replace(seats[giver], discards=(Tile("5m"),))
    tampered = replace(other, seats=tuple(seats))
    with pytest.raises(SerializationError, match="a wildcard is never discarded in wild_kept"):
        check_state(tampered)


def test_ys_wild_4_yongshan_declares_its_wildcards_kept() -> None:
    """YS-WILD-4: Yongshan says its wildcards are never discarded; the other games keep the
    default."""
    assert get_variant("yongshan").discards_wildcards is False
    assert get_variant("baoshan").discards_wildcards is True
    assert get_variant("sichuan").discards_wildcards is True
