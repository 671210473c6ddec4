"""Whole-state checks: a state read from a document must be one a hand could be in.

Each field's type is checked as it is read (:mod:`~mahjong_rules.serial.codec`); these checks
look at the state as a whole, so that a tampered document (a tile changed in a hand, a seat
number out of range, a wall with a sixth 5m) is refused rather than played on.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from mahjong_rules.engine.state import Phase, State
from mahjong_rules.engine.wall import check_wall
from mahjong_rules.errors import SerializationError, WallError
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.registry import rules_for

__all__ = ["check_state"]


def check_state(state: State, path: str = "state") -> None:
    """Raise :class:`~mahjong_rules.errors.SerializationError` (naming the field) unless
    ``state`` is consistent: its room's table size, seat numbers in range, a whole wall of the
    room's tiles, and every tile accounted for exactly once (TILE-1) — the live wall, the
    hands, the melds (less the discards they took), the discards and the 本金 tile make up the
    wall — with 13 or 14 tiles in every hand still playing."""
    options = state.options
    players = state.players
    if players != getattr(options, "players", players):
        _fail(f"{path}.players", f"the room has {options.players} players, not {players}")
    if len(state.seats) != players:
        _fail(f"{path}.seats", f"{players} players need {players} seats, got {len(state.seats)}")
    for name in ("dealer", "current"):
        _seat(getattr(state, name), players, f"{path}.{name}")
    if state.next_dealer is not None:
        _seat(state.next_dealer, players, f"{path}.next_dealer")
    for name in ("claimants", "forced"):
        for i, seat in enumerate(getattr(state, name)):
            _seat(seat, players, f"{path}.{name}[{i}]")
    for i, answer in enumerate(state.answers):
        _seat(answer.seat, players, f"{path}.answers[{i}].seat")
    _check_wall(state, path)
    _check_seats(state, path)
    _check_payments(state, path)
    _check_tiles(state, path)


def _check_wall(state: State, path: str) -> None:
    honors = rules_for(state.options).honors
    try:
        check_wall(state.wall, honors=honors)
    except WallError as exc:
        _fail(f"{path}.wall", str(exc))
    if not 0 <= state.front <= state.back <= len(state.wall):
        _fail(
            f"{path}.front",
            f"need 0 <= front <= back <= {len(state.wall)}, got {state.front} and {state.back}",
        )


def _check_seats(state: State, path: str) -> None:
    for index, seat in enumerate(state.seats):
        where = f"{path}.seats[{index}]"
        for j, meld in enumerate(seat.melds):
            if meld.from_seat is not None:
                _seat(meld.from_seat, state.players, f"{where}.melds[{j}].from_seat")
        size = seat.tiles_count
        if state.phase is Phase.BUYING:
            if size:
                _fail(f"{where}.concealed", f"no tiles are dealt while buying points, got {size}")
        elif not seat.won and size not in (13, 14):
            _fail(f"{where}.concealed", f"a hand in play holds 13 or 14 tiles, got {size}")


def _check_payments(state: State, path: str) -> None:
    for i, payment in enumerate(state.ledger):
        for name in ("payer", "payee"):
            _seat(getattr(payment, name), state.players, f"{path}.ledger[{i}].{name}")
    for i, win in enumerate(state.wins):
        _seat(win.seat, state.players, f"{path}.wins[{i}].seat")
        if win.from_seat is not None:
            _seat(win.from_seat, state.players, f"{path}.wins[{i}].from_seat")


def _check_tiles(state: State, path: str) -> None:
    """TILE-1: the tiles on the table and in the live wall are exactly the wall's tiles."""
    counted: Counter[Tile] = Counter(state.wall[state.front : state.back])
    for seat in state.seats:
        counted.update(seat.concealed)
        counted.update(seat.discards)
        for meld in seat.melds:
            counted.update(meld.tiles)
            if meld.from_seat is not None:
                counted[meld.tile] -= 1  # its claimed tile is counted in the discards
    if state.indicator is not None:
        counted[state.indicator] += 1
    expected = Counter(state.wall)
    if counted != expected:
        wrong = sorted(t for t in expected.keys() | counted.keys() if counted[t] != expected[t])
        tile = wrong[0]
        _fail(
            f"{path}.seats",
            f"the table holds {counted[tile]} of {tile} ({tile.name_zh}) where the wall has "
            f"{expected[tile]}: a hand, meld or discard was changed",
        )


def _seat(value: Any, players: int, where: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        _fail(where, f"not a seat of a table of {players}: {value!r}")


def _fail(where: str, why: str) -> None:
    raise SerializationError(f"{where}: {why}")
