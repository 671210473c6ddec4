"""The wall's tiles and the tiles set aside at the deal are the variant's (issue 34, section 1):
``Hooks.wall_tiles`` and ``Hooks.set_aside_at_deal``, checked by DEAL-1 / TILE-1 tests of small
variants written on the contract alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

from contract_kit import RED_112, Mini, RedMini, fresh_registry, options_for, room
from mahjong_rules import HandRecord, Tile, TileCounts, WallError, get_variant, replay
from mahjong_rules.engine.state import State, replace
from mahjong_rules.engine.wall import check_wall, make_wall, shuffled_wall
from mahjong_rules.errors import SerializationError
from mahjong_rules.serial import check_state, from_dict, to_dict

__all__ = ["fresh_registry"]


class Red(RedMini):
    """A 112-tile game: the suited tiles and four 红中."""

    name = "red_wall"
    options_class = options_for("red_wall")


class Aside(Mini):
    """Two tiles turned up after the deal and kept out of play."""

    name = "aside"
    options_class = options_for("aside")

    def set_aside_at_deal(self, state: State) -> int:
        return 2


def _play(rules: Any, seed: int) -> list[State]:
    state = rules.new_hand(seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not rules.is_over(state):
        seat = min(rules.to_act(state))
        state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
        states.append(state)
    return states


def test_tile1_deal1_a_game_declares_a_wall_of_112_tiles(fresh_registry: None) -> None:
    """TILE-1 / DEAL-1: ``wall_tiles`` makes the wall: a seeded wall holds exactly the 112
    declared tiles, an explicit wall is checked against them (108 or 136 tiles refused, as
    are a fifth 7z and a 6z for a 1m), and every state of played hands reads back with every
    tile accounted for."""
    rules = room(Red)
    state = rules.new_hand(seed=5)
    assert len(state.wall) == 112 and TileCounts(state.wall) == RED_112
    assert state.tiles_left == 112 - 53
    assert rules.new_hand(wall=state.wall).wall == state.wall
    for wall, why in (
        (make_wall(honors=False), "a wall of this game has 112 tiles, got 108"),
        (make_wall(honors=True), "a wall of this game has 112 tiles, got 136"),
        ((Tile("7z"), *make_wall(tiles=RED_112)[1:]), r"the wall holds 3 of 1m \(一万\)"),
        ((Tile("6z"), *make_wall(tiles=RED_112)[1:]), r"the wall holds 3 of 1m"),
    ):
        with pytest.raises(WallError, match=why):
            rules.new_hand(wall=wall)
    for seed in range(6):
        for s in _play(rules, seed):
            check_state(s)
            assert from_dict(to_dict(s), State) == s
    record = HandRecord.new(rules, seed=3)
    assert len(record.dealt_wall()) == 112 and replay(record).final == record.start()


def test_tile1_a_changed_112_wall_is_refused_on_reading(fresh_registry: None) -> None:
    """TILE-1: the reader counts against the declared tiles: a state whose wall holds a 1z
    for a 7z is refused at its wall."""
    rules = room(Red)
    state = rules.new_hand(seed=2)
    i = state.wall.index(Tile("7z"))
    wall = (*state.wall[:i], Tile("1z"), *state.wall[i + 1 :])
    with pytest.raises(SerializationError, match=r"state\.wall: the wall holds 1 of 1z"):
        check_state(replace(state, wall=wall))


def test_wall_helpers_take_the_declared_tiles() -> None:
    """DEAL-1: ``make_wall``, ``shuffled_wall`` and ``check_wall`` take a wall's counts; the
    default walls are unchanged (108 and 136, the same shuffle as ever)."""
    assert make_wall(tiles=RED_112) == (*make_wall(honors=False), *[Tile("7z")] * 4)
    assert shuffled_wall(7, tiles=TileCounts(make_wall(honors=False))) == shuffled_wall(
        7, honors=False
    )
    wall = shuffled_wall(11, tiles=RED_112)
    assert TileCounts(wall) == RED_112 and check_wall(wall, tiles=RED_112) == wall
    assert get_variant("baoshan", honors=True).wall_tiles == TileCounts(make_wall(honors=True))


def test_deal1_tiles_set_aside_at_the_deal_are_counted(fresh_registry: None) -> None:
    """DEAL-1 / TILE-1: ``set_aside_at_deal`` takes tiles from the front of the live wall
    after the hands (53 tiles at four seats): they are never drawn, the reader counts them as
    set aside, and a state that puts one back into the live wall is refused."""
    rules = room(Aside)
    state = rules.new_hand(seed=4)
    assert state.front == 55 and state.tiles_left == 108 - 55
    assert [s.concealed.size for s in state.seats] == [14, 13, 13, 13]
    for seed in range(4):
        for s in _play(rules, seed):
            check_state(s)
    with pytest.raises(SerializationError, match=r"state\.front: the deal takes 55 tiles"):
        check_state(replace(state, front=54))
    record = HandRecord.new(rules, seed=1)
    assert replay(record).final.front == 55


def test_ys_wild_1_yongshan_sets_its_ben_jin_aside_through_the_contract() -> None:
    """YS-WILD-1: Yongshan's 本金 is the one tile its deal sets aside, read by ``after_deal``
    as the tile before the live wall's front (the golden digest pins the play unchanged)."""
    rules = get_variant("yongshan")
    state = rules.new_hand(seed=8)
    assert rules.set_aside_at_deal(state) == 1
    assert state.front == 54 and state.variant.indicator == state.wall[53]


def test_tile1_the_walls_strategy_takes_a_games_tiles(fresh_registry: None) -> None:
    """TILE-1: ``strategies.walls(tiles=rules.wall_tiles)`` draws walls the room deals."""
    from hypothesis import given, settings

    from mahjong_rules.strategies import walls

    rules = room(Red)

    @settings(max_examples=10, deadline=None, database=None)
    @given(walls(tiles=rules.wall_tiles))
    def check(wall: tuple[Tile, ...]) -> None:
        assert TileCounts(wall) == RED_112
        assert rules.new_hand(wall=wall).wall == wall

    check()


def test_tile1_the_shipped_games_declare_their_walls() -> None:
    """TILE-1 (BS-TILES-1, YS-TILES-1, SC-TILES-1): each shipped game declares its wall:
    108 suited tiles, Baoshan's 136 with 有风."""
    from mahjong_rules.variants.baoshan import Baoshan
    from mahjong_rules.variants.sichuan import Sichuan
    from mahjong_rules.variants.yongshan import Yongshan

    suited = TileCounts(make_wall(honors=False))
    for cls in (Baoshan, Yongshan, Sichuan):
        assert "wall_tiles" in vars(cls)
    assert get_variant("baoshan").wall_tiles == suited
    assert get_variant("baoshan", honors=True).wall_tiles.size == 136
    assert get_variant("yongshan").wall_tiles == get_variant("sichuan").wall_tiles == suited
