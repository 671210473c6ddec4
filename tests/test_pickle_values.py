"""Pickling and copying the library's values (issue 35: a server keeps its tables' states in a
store): tiles, counts, melds, actions, events, payments, wins and results pickle compactly
(their fields as one tuple, rebuilt without the constructors' checks, which they passed when
made), come back equal and of their class, tiles as the interned objects themselves (TILE-1:
34 kinds, one object each); pickles made before still load; and a state of every room
unpickles equal."""

from __future__ import annotations

import base64
import copy
import pickle
import random
from typing import Any

import attrs
import pytest

from mahjong_rules import Discard, Gang, Hu, Meld, Pass, Peng, Tile, TileCounts, get_variant
from mahjong_rules.counts import TileSet
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Discarded
from mahjong_rules.engine.settlement import Payment, PaymentReason
from mahjong_rules.engine.state import State
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Suit, all_tiles
from mahjong_rules.variants.baoshan.records import BaoshanSeat
from mahjong_rules.variants.sichuan.records import SichuanHand, SichuanSeat
from mahjong_rules.variants.yongshan.records import YongshanHand

ROOMS: dict[str, tuple[str, dict[str, Any]]] = {
    "baoshan 4p": ("baoshan", {}),
    "baoshan 4p honors": ("baoshan", {"honors": True}),
    "baoshan 3p": ("baoshan", {"players": 3}),
    "baoshan 2p": ("baoshan", {"players": 2}),
    "baoshan 买点": ("baoshan", {"buy_points": "live"}),
    "yongshan 单听用": ("yongshan", {}),
    "yongshan 双听用": ("yongshan", {"wildcards": "double"}),
    "yongshan 3p": ("yongshan", {"players": 3}),
    "sichuan": ("sichuan", {}),
    "sichuan 换三张": ("sichuan", {"swap_three": True}),
}


def played(variant: str, options: dict[str, Any], hands: int = 3) -> list[Any]:
    """Every state of ``hands`` seeded random hands of the room, and every action taken."""
    rules = get_variant(variant, **options)
    states: list[Any] = []
    for k in range(hands):
        rng = random.Random(k)
        state = rules.new_hand(seed=k)
        states.append(state)
        while rules.result(state) is None:
            seat = rng.choice(sorted(rules.to_act(state)))
            action = rng.choice(rules.legal_actions(state, seat))
            state = rules.apply(state, action)
            states += [action, state]
    return states


def leaves(played: list[Any]) -> list[Any]:
    """The actions taken and the values the states hold: melds, answers, pending kongs,
    events, payments, wins, results, hands, tile sets."""
    found: list[Any] = [a for a in played if isinstance(a, Action)]
    for state in played:
        if not isinstance(state, State):
            continue
        found += [*state.events, *state.answers, *state.ledger, *state.wins, state.wild_kinds]
        found += [x for x in (state.pending, state.result, state.tile) if x is not None]
        for seat in state.seats:
            found += [*seat.melds, seat.concealed, seat.pass_peng]
    return found


@pytest.fixture(scope="module")
def room_states() -> dict[str, list[Any]]:
    return {name: played(variant, options) for name, (variant, options) in ROOMS.items()}


@pytest.mark.parametrize("protocol", [2, 4, pickle.HIGHEST_PROTOCOL])
def test_tiles_unpickle_as_the_interned_tiles(protocol: int) -> None:
    """TILE-1: every kind's tile pickles, copies and deep-copies back to the same object."""
    for tile in all_tiles():
        assert pickle.loads(pickle.dumps(tile, protocol)) is tile
        assert copy.copy(tile) is tile
        assert copy.deepcopy(tile) is tile


def test_every_leaf_of_every_room_round_trips(room_states: dict[str, list[Any]]) -> None:
    """FLOW-3: each value a state of any room holds (its variant's own actions and events
    included) pickles and copies back equal and of its own class; its tiles stay interned."""
    kinds: set[type] = set()
    for states in room_states.values():
        for value in leaves(states):
            kinds.add(type(value))
            for back in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value)):
                assert back == value
                assert type(back) is type(value)
                if isinstance(value, Meld):
                    assert back.tile is value.tile
                    assert all(
                        a is b for a, b in zip(back.wild_tiles, value.wild_tiles, strict=True)
                    )
    names = {cls.__name__ for cls in kinds}
    expected = {"Meld", "Discard", "Peng", "Gang", "Hu", "Pass", "Payment", "WinRecord"}
    assert expected | {"HandResult", "TileCounts", "TileSet", "Tile", "Drew", "Discarded"} <= names
    assert {"DeclareVoid", "SwapTiles", "BuyPoints"} <= names  # variants' own actions


@pytest.mark.parametrize(
    "value",
    [
        Meld(MeldKind.BU_GANG, Tile("3p"), (Tile("5z"), Tile("6z")), 2),
        Discard(2, Tile("9p")),
        Peng(1, (Tile("5z"),)),
        Gang(3, Tile("7m"), MeldKind.AN_GANG),
        Hu(0),
        Pass(1),
        Payment(1, 2, 4, PaymentReason.KONG, 1),
        Discarded(2, Tile("9p")),
    ],
    ids=str,
)
def test_leaves_pickle_their_fields_as_a_tuple(value: Any) -> None:
    """A value pickles as its fields' values, without their names (attrs' own pickling writes
    a dict of every field by name): a smaller pickle, read without the constructor's checks."""
    data = pickle.dumps(value)
    for field in attrs.fields(type(value)):  # no field name as a string of the pickle
        assert b"\x8c" + bytes([len(field.name)]) + field.name.encode() not in data
    assert pickle.loads(data) == value


def test_counts_and_sets_pickle_their_bits() -> None:
    """TileCounts pickles as its packed bits and size, TileSet as its mask: neither is parsed
    or counted kind by kind again."""
    counts = TileCounts("123m55z")
    kinds = TileSet("36p9s")
    assert b"123m" not in pickle.dumps(counts)
    assert b"36p9s" not in pickle.dumps(kinds)
    back = pickle.loads(pickle.dumps(counts))
    assert (back, back.bits, len(back)) == (counts, counts.bits, 5)
    assert pickle.loads(pickle.dumps(kinds)) == kinds


class _Loose(Action):
    """An action of someone else's kept in a __dict__ (not slotted): pickled as any object."""


_Loose = attrs.frozen(slots=False)(_Loose)  # type: ignore[misc]


def test_an_action_class_without_slots_round_trips() -> None:
    action = _Loose(2)
    back = pickle.loads(pickle.dumps(action))
    assert (type(back), back) == (_Loose, action)


OLD_PICKLE = (
    "gASVggIAAAAAAABdlCiME21haGpvbmdfcnVsZXMudGlsZXOUjARUaWxllJOUSwSFlFKUjBRtYWhqb25nX3J1bGVz"
    "LmNvdW50c5SMEF91bnBpY2tsZV9jb3VudHOUk5SKDEkAAAAAAAAAAAAAQIWUUpRoBowHVGlsZVNldJSTlIwFMzZw"
    "OXOUhZRSlIwTbWFoam9uZ19ydWxlcy5tZWxkc5SMBE1lbGSUk5QpgZR9lCiMBGtpbmSUaBCMCE1lbGRLaW5klJOU"
    "jARwZW5nlIWUUpSMBHRpbGWUaANLE4WUUpSMCndpbGRfdGlsZXOUaANLH4WUUpSFlIwJZnJvbV9zZWF0lEsBdWKM"
    "HG1haGpvbmdfcnVsZXMuZW5naW5lLmFjdGlvbnOUjAdEaXNjYXJklJOUKYGUfZQojARzZWF0lEsCaBtoA0sRhZRS"
    "lHViaCOMBFBlbmeUk5QpgZR9lChoKEsBaB5oIIWUdWJoI4wER2FuZ5STlCmBlH2UKGgoSwNoG2gDSwaFlFKUaBVo"
    "F4wHYW5fZ2FuZ5SFlFKUaB4pdWJoI4wCSHWUk5QpgZR9lGgoSwBzYmgjjARQYXNzlJOUKYGUfZRoKEsBc2KMH21h"
    "aGpvbmdfcnVsZXMuZW5naW5lLnNldHRsZW1lbnSUjAdQYXltZW50lJOUKYGUfZQojAVwYXllcpRLAYwFcGF5ZWWU"
    "SwKMBmFtb3VudJRLBIwGcmVhc29ulGhBjA1QYXltZW50UmVhc29ulJOUjARrb25nlIWUUpSMA3JlZpRLAXVijBtt"
    "YWhqb25nX3J1bGVzLmVuZ2luZS5ldmVudHOUjAlEaXNjYXJkZWSUk5QpgZR9lChoKEsCaBtoKnViZS4="
)
"""A list of values pickled by 972f81a (before the compact forms): a tile, counts, a tile set,
a meld, each shipped action, a payment and an event."""


def test_pickles_made_before_still_load() -> None:
    values = pickle.loads(base64.b64decode(OLD_PICKLE))
    assert values == [
        Tile("5m"),
        TileCounts("123m55z"),
        TileSet("36p9s"),
        Meld(MeldKind.PENG, Tile("2s"), (Tile("5z"),), 1),
        Discard(2, Tile("9p")),
        Peng(1, (Tile("5z"),)),
        Gang(3, Tile("7m"), MeldKind.AN_GANG),
        Hu(0),
        Pass(1),
        Payment(1, 2, 4, PaymentReason.KONG, 1),
        Discarded(2, Tile("9p")),
    ]
    assert values[0] is Tile("5m")


@pytest.mark.parametrize("room", list(ROOMS))
def test_a_pickled_state_of_every_room_loads_equal(
    room: str, room_states: dict[str, list[Any]]
) -> None:
    """FLOW-3: every state of the room's hands unpickles (and deep-copies) equal, its wall's
    tiles the interned ones, and plays on alike: the same legal actions for every seat."""
    rules = get_variant(ROOMS[room][0], **ROOMS[room][1])
    for state in room_states[room]:
        if not isinstance(state, State):
            continue
        back = pickle.loads(pickle.dumps(state))
        assert back == state
        assert copy.deepcopy(state) == state
        assert all(a is b for a, b in zip(back.wall, state.wall, strict=True))
        for seat in range(state.players):
            assert rules.legal_actions(back, seat) == rules.legal_actions(state, seat)


@pytest.mark.installed_plugins
@pytest.mark.parametrize(
    ("variant", "options"),
    [*ROOMS.values(), ("toy", {}), ("hongzhong", {"players": 3})],
    ids=[*ROOMS, "toy", "hongzhong 3p"],
)
def test_every_rooms_options_pickle_their_fields_as_a_tuple(
    variant: str, options: dict[str, Any]
) -> None:
    """Every state holds its room's options: they pickle as their fields' values (no field
    name in the pickle, a plugin's options class too), come back equal and of their class;
    options pickled before in attrs' own form (a dict by field name) still load."""
    made = get_variant(variant, **options).options
    data = pickle.dumps(made)
    for field in attrs.fields(type(made)):
        assert b"\x8c" + bytes([len(field.name)]) + field.name.encode() not in data
    back = pickle.loads(data)
    assert back == made and type(back) is type(made) and hash(back) == hash(made)
    old = object.__new__(type(made))  # what a pickle of attrs' own form (its fields by name) does
    old.__setstate__(made.__getstate__())
    assert old == made and copy.deepcopy(made) == made


@attrs.frozen
class _NotedSeat(SichuanSeat):
    """A plugin's own record deriving from Sichuan's, with a field of its own."""

    note: str = ""


@pytest.mark.parametrize(
    "record",
    [
        SichuanSeat((Tile("1m"), Tile("1m"), Tile("4m")), (Tile("2s"),) * 3, Suit.PIN, Tile("3p")),
        SichuanHand("across", True),
        BaoshanSeat(True, 2, 5),
        YongshanHand(Tile("7s")),
        _NotedSeat(void=Suit.MAN, note="kept"),
    ],
    ids=lambda record: type(record).__name__,
)
def test_the_games_records_pickle_their_fields_as_a_tuple(record: Any) -> None:
    """A state holds its game's records (a seat's, the hand's): the shipped games' records
    pickle as their fields' values, as the engine's values do (no field name in the pickle),
    come back equal and of their class (a plugin's subclass with its own field too); records
    pickled before in attrs' own form (a dict by field name) still load."""
    data = pickle.dumps(record)
    for field in attrs.fields(type(record)):
        assert b"\x8c" + bytes([len(field.name)]) + field.name.encode() not in data
    back = pickle.loads(data)
    assert back == record and type(back) is type(record) and hash(back) == hash(record)
    old = object.__new__(type(record))  # what a pickle of attrs' own form does
    old.__setstate__(record.__getstate__())
    assert old == record and copy.deepcopy(record) == record
