"""Actions are checked when built (issue 11): seats, tiles, kinds, wildcards and points."""

from __future__ import annotations

from typing import Any, cast

import attrs
import pytest

from mahjong_rules.engine.actions import Action, Discard, Gang, Hu, Pass, Peng
from mahjong_rules.errors import ActionError, ActionTypeError, MahjongRulesError
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.baoshan import Ting
from mahjong_rules.variants.baoshan.buying import BuyPoints
from mahjong_rules.variants.yongshan.ti import Ti

T = Tile
AN, ZHI, BU = MeldKind.AN_GANG, MeldKind.ZHI_GANG, MeldKind.BU_GANG
# Untyped aliases: these tests pass what a typed caller cannot (text, wrong types).
D: Any = Discard
P: Any = Peng
G: Any = Gang
TI: Any = Ti
B: Any = BuyPoints


@pytest.mark.parametrize(
    ("build", "expected"),
    [
        (lambda: D(1, "9s"), Discard(1, T("9s"))),
        (lambda: D(0, "九条"), Discard(0, T("9s"))),
        (lambda: G(2, "7p", AN), Gang(2, T("7p"), AN)),
        (lambda: TI(0, "2m", "8p"), Ti(0, T("2m"), T("8p"))),
        (lambda: P(1, "8p"), Peng(1, (T("8p"),))),
        (lambda: P(1, [T("9p"), "7p"]), Peng(1, (T("7p"), T("9p")))),
        (lambda: G(1, "2m", ZHI, "9p7p"), Gang(1, T("2m"), ZHI, (T("7p"), T("9p")))),
        (lambda: G(1, "2m", AN, [T("8p")] * 3), Gang(1, T("2m"), AN, (T("8p"),) * 3)),
    ],
)
def test_tiles_and_wildcards_are_converted_and_sorted(build: Any, expected: Action) -> None:
    action = build()
    assert action == expected
    assert hash(action) == hash(expected)
    for name in ("tile", "wild"):
        if hasattr(action, name):
            assert type(getattr(action, name)) is Tile
    if hasattr(action, "wild_tiles"):
        assert type(action.wild_tiles) is tuple
        assert all(type(t) is Tile for t in action.wild_tiles)


SEAT = "a seat is an int 0..3"
TILE = "a tile is a Tile or its notation such as '9s'"
KIND = "a kong kind is MeldKind.ZHI_GANG, BU_GANG or AN_GANG"
WILDS = "wildcards are a tuple of Tile or their notation such as '8p8p'"
POINTS = "points are an int 0..2"


@pytest.mark.parametrize(
    ("build", "error", "message"),
    [
        (lambda: D(1.0, T("9s")), ActionTypeError, f"Discard.seat: {SEAT}, got 1.0"),
        (lambda: D(True, T("9s")), ActionTypeError, f"Discard.seat: {SEAT}, got True"),
        (lambda: D(4, T("9s")), ActionError, f"Discard.seat: {SEAT}, got 4"),
        (lambda: Hu(-1), ActionError, f"Hu.seat: {SEAT}, got -1"),
        (lambda: cast(Any, Pass)([2]), ActionTypeError, f"Pass.seat: {SEAT}, got [2]"),
        (lambda: cast(Any, Ting)("0"), ActionTypeError, f"Ting.seat: {SEAT}, got '0'"),
        (lambda: D(1, 5), ActionTypeError, f"Discard.tile: {TILE}, got 5"),
        (lambda: D(1, "9x"), ActionError, f"Discard.tile: {TILE}, got '9x'"),
        (lambda: D(1, "99s"), ActionError, f"Discard.tile: {TILE}, got '99s'"),
        (lambda: G(1, T("9s"), None), ActionTypeError, f"Gang.kind: {KIND}, got None"),
        (lambda: G(1, T("9s"), "an_gang"), ActionTypeError, f"Gang.kind: {KIND}, got 'an_gang'"),
        (
            lambda: G(1, T("9s"), MeldKind.PENG),
            ActionError,
            f"Gang.kind: {KIND}, got MeldKind.PENG",
        ),
        (lambda: G(1, None, AN), ActionTypeError, f"Gang.tile: {TILE}, got None"),
        (lambda: G(1, "9s", AN, None), ActionTypeError, f"Gang.wild_tiles: {WILDS}, got None"),
        (lambda: G(1, "9s", AN, [None]), ActionTypeError, f"Gang.wild_tiles[0]: {TILE}, got None"),
        (lambda: G(1, "9s", AN, "8x"), ActionError, f"Gang.wild_tiles: {WILDS}, got '8x'"),
        (
            lambda: G(1, "9s", AN, "8p8p8p8p"),
            ActionError,
            "Gang.wild_tiles: at most 3 wildcards, got '8p8p8p8p'",
        ),
        (
            lambda: G(1, "9s", AN, "9s"),
            ActionError,
            "Gang.wild_tiles: a 9s in a kong of 9s is no wildcard, got '9s'",
        ),
        (lambda: P(1, "8p8p8p"), ActionError, "Peng.wild_tiles: at most 2 wildcards, got '8p8p8p'"),
        (lambda: P(1, T("8p")), ActionTypeError, f"Peng.wild_tiles: {WILDS}, got Tile('8p')"),
        (
            lambda: TI(0, "2m", "2m"),
            ActionError,
            "Ti.wild: 提 takes out a wildcard other than the tile 2m, got '2m'",
        ),
        (lambda: TI(0, "2m", 8), ActionTypeError, f"Ti.wild: {TILE}, got 8"),
        (lambda: B(0, 3), ActionError, f"BuyPoints.points: {POINTS}, got 3"),
        (lambda: B(0, -1), ActionError, f"BuyPoints.points: {POINTS}, got -1"),
        (lambda: B(0, True), ActionTypeError, f"BuyPoints.points: {POINTS}, got True"),
        (lambda: B(0, 2.0), ActionTypeError, f"BuyPoints.points: {POINTS}, got 2.0"),
        (lambda: B(5, 9), ActionError, f"BuyPoints.seat: {SEAT}, got 5"),
    ],
)
def test_bad_fields_raise_library_errors_naming_class_field_and_value(
    build: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as info:
        build()
    assert type(info.value) is error
    assert str(info.value) == message
    assert isinstance(info.value, MahjongRulesError)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, TypeError) is (error is ActionTypeError)


def test_evolve_is_checked_too() -> None:
    with pytest.raises(ActionError, match=r"^Discard\.seat: a seat is an int 0\.\.3, got 9$"):
        attrs.evolve(Discard(0, T("1m")), seat=9)
    assert attrs.evolve(Discard(0, T("1m")), tile=cast(Any, "2m")) == Discard(0, T("2m"))


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Discard(0, T("5m")), "Discard(seat=0, tile=Tile('5m'))"),
        (Peng(2), "Peng(seat=2, wild_tiles=())"),
        (P(2, "8p"), "Peng(seat=2, wild_tiles=(Tile('8p'),))"),
        (
            G(1, T("2m"), ZHI, "8p8p"),
            "Gang(seat=1, tile=Tile('2m'), kind=MeldKind.ZHI_GANG, "
            "wild_tiles=(Tile('8p'), Tile('8p')))",
        ),
        (Hu(3), "Hu(seat=3)"),
        (Pass(1), "Pass(seat=1)"),
        (Ting(0), "Ting(seat=0)"),
        (Ti(0, T("2m"), T("8p")), "Ti(seat=0, tile=Tile('2m'), wild=Tile('8p'))"),
        (BuyPoints(2, 1), "BuyPoints(seat=2, points=1)"),
    ],
)
def test_reprs_paste_back(action: Action, text: str) -> None:
    assert repr(action) == text
    assert eval(text, {**globals(), "MeldKind": MeldKind}) == action


def test_actions_stay_frozen_and_distinct_by_class() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Hu(0).seat = 1  # type: ignore[misc]
    assert Hu(0) != cast(Action, Pass(0))
    assert len({Hu(0), Pass(0), Ting(0), Hu(0)}) == 3
    assert Gang(0, T("5m"), AN) != Gang(0, T("5m"), BU)


@pytest.mark.parametrize(
    ("made", "checked"),
    [
        (Gang._make(2, Tile("5p"), MeldKind.ZHI_GANG), Gang(2, Tile("5p"), MeldKind.ZHI_GANG)),
        (
            Gang._make(1, Tile("3m"), MeldKind.AN_GANG, (Tile("9s"), Tile("9s"))),
            Gang(1, Tile("3m"), MeldKind.AN_GANG, (Tile("9s"), Tile("9s"))),
        ),
        (Peng._make(3, (Tile("1s"), Tile("2s"))), Peng(3, (Tile("1s"), Tile("2s")))),
        (Ti._make(0, Tile("7m"), Tile("9s")), Ti(0, Tile("7m"), Tile("9s"))),
    ],
)
def test_unchecked_builds_equal_the_checked_constructor(made: Action, checked: Action) -> None:
    """The engine's listings build kongs, pengs and 提 unchecked (their values are known
    valid): the same values, hashes and reprs as the constructor's."""
    assert made == checked and hash(made) == hash(checked)
    assert repr(made) == repr(checked) and type(made) is type(checked)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.seat = 0  # type: ignore[misc]
