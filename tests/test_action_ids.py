"""Stable integer action ids (issue 11): layout, round trips, random play, errors."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mahjong_rules import get_variant
from mahjong_rules.engine.action_ids import (
    action_from_id,
    action_id,
    action_space,
    id_sections,
)
from mahjong_rules.engine.actions import Action, Discard, Gang, Hu, Pass, Peng
from mahjong_rules.errors import ActionError, ActionTypeError
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.baoshan import Ting
from mahjong_rules.variants.baoshan.buying import BuyPoints
from mahjong_rules.variants.yongshan.ti import Ti

T = Tile
AN, ZHI, BU = MeldKind.AN_GANG, MeldKind.ZHI_GANG, MeldKind.BU_GANG

BAOSHAN = get_variant("baoshan")
BAOSHAN_FULL = get_variant("baoshan", honors=True, buy_points="live", bao_ting=True)
YONGSHAN = get_variant("yongshan")
DOUBLE = get_variant("yongshan", wildcards="double", ti_from_hand=True)
ROOMS = [BAOSHAN, BAOSHAN_FULL, YONGSHAN, DOUBLE]


SHIPPED = ["pass", "hu", "discard", "peng", "gang", "ti", "buy"]


@pytest.mark.parametrize(
    ("rules", "size", "sections"),
    [
        (
            BAOSHAN,
            112,
            [(0, 1), (1, 1), (2, 27), (29, 1), (30, 81), (111, 1), (112, 0)],
        ),
        (
            BAOSHAN_FULL,
            143,
            [(0, 1), (1, 1), (2, 34), (36, 1), (37, 102), (139, 1), (140, 3)],
        ),
        (
            YONGSHAN,
            5052,
            [(0, 1), (1, 1), (2, 27), (29, 28), (57, 4293), (4350, 702)],
        ),
        (
            DOUBLE,
            7752,
            [(0, 1), (1, 1), (2, 27), (29, 28), (57, 6993), (7050, 702)],
        ),
        (get_variant("baoshan", buy_points="dead_1"), 114, None),
        (get_variant("baoshan", buy_points="dead_2", players=3), 115, None),
    ],
)
def test_layout_sizes(rules: Any, size: int, sections: list[tuple[int, int]] | None) -> None:
    """The shipped sections, then the variant's own: Baoshan's 报听 (BS-TING-1), one id
    after every shipped one in each of its rooms."""
    assert action_space(rules) == size
    names = [name for name, _, _ in id_sections(rules)]
    shipped = ["pass", "hu", "discard", "peng", "gang"]
    own = ["ting", "buy"] if rules.name == "baoshan" else ["ti"]  # BS-TING-1, BS-BUY-1, YS-TI-1
    assert names == shipped + own
    if sections is not None:
        assert [(first, n) for _, first, n in id_sections(rules)] == sections
    assert sum(n for _, _, n in id_sections(rules)) == size


@pytest.mark.parametrize(
    ("rules", "action", "expected"),
    [
        (BAOSHAN, Pass(2), 0),
        (BAOSHAN, Hu(0), 1),
        (BAOSHAN, Discard(0, T("1m")), 2),
        (BAOSHAN, Discard(1, T("9s")), 28),
        (BAOSHAN, Peng(1), 29),
        (BAOSHAN, Gang(1, T("1m"), ZHI), 30),
        (BAOSHAN, Gang(1, T("1m"), BU), 30 + 27),
        (BAOSHAN, Gang(1, T("9s"), AN), 110),
        (BAOSHAN, Ting(3), 111),
        (BAOSHAN_FULL, Discard(0, T("7z")), 35),
        (BAOSHAN_FULL, Ting(0), 139),
        (BAOSHAN_FULL, BuyPoints(0, 0), 140),
        (BAOSHAN_FULL, BuyPoints(3, 2), 142),
        (YONGSHAN, Peng(0), 29),
        (YONGSHAN, Peng(0, (T("1m"),)), 30),  # compositions: by size, then tile index
        (YONGSHAN, Peng(0, (T("9s"),)), 56),
        (YONGSHAN, Gang(0, T("1m"), ZHI), 57),
        (YONGSHAN, Gang(0, T("1m"), ZHI, (T("2m"),)), 58),  # (1m,) is left out for a kong of 1m
        (YONGSHAN, Gang(0, T("1m"), ZHI, (T("2m"), T("2m"))), 57 + 1 + 26),
        (YONGSHAN, Ti(0, T("1m"), T("2m")), 4350),
        (YONGSHAN, Ti(0, T("9s"), T("8s")), 5051),
        (DOUBLE, Peng(0, (T("9s"),)), 56),
        (DOUBLE, Gang(0, T("1m"), ZHI, (T("2m"), T("2m"))), 57 + 1 + 26),
        (DOUBLE, Gang(0, T("1m"), ZHI, (T("2m"), T("4m"))), 57 + 1 + 26 + 1),
        (DOUBLE, Gang(0, T("1m"), ZHI, (T("2m"), T("9m"))), 57 + 1 + 26 + 2),
    ],
)
def test_ids_follow_the_documented_order(rules: Any, action: Action, expected: int) -> None:
    assert action_id(rules, action) == expected
    assert action_from_id(rules, action.seat, expected) == action


def test_bs_ting1_no_ting_id_where_no_variant_declares_it() -> None:
    """BS-TING-1: 报听 is Baoshan's own action; a Yongshan room has no id for it."""
    with pytest.raises(ActionError, match="could take Ting"):
        action_id(YONGSHAN, Ting(0))


@pytest.mark.parametrize("rules", ROOMS)
def test_every_id_is_one_action_and_back(rules: Any) -> None:
    seen: set[Action] = set()
    for i in range(action_space(rules)):
        action = action_from_id(rules, 1, i)
        assert action.seat == 1
        assert action_id(rules, action) == i
        seen.add(action)
    assert len(seen) == action_space(rules)


def test_ids_name_the_shape_not_the_seat() -> None:
    for seat in range(4):
        assert action_id(DOUBLE, Gang(seat, T("5p"), AN, (T("4p"), T("6p")))) == action_id(
            DOUBLE, Gang(0, T("5p"), AN, (T("4p"), T("6p")))
        )
    assert action_from_id(DOUBLE, 2, 0) == Pass(2)


def test_double_wildcard_compositions_are_pairs_two_ranks_apart() -> None:
    """双听用: 本金 8p makes 7p and 9p (YS-WILD-2); 1p wraps to 9p and 2p."""
    peng: list[Any] = [action_from_id(DOUBLE, 0, i) for i in range(29, 57)]
    assert peng[0] == Peng(0)
    assert [t.notation for p in peng[1:] for t in p.wild_tiles] == [
        t.notation for t in sorted(T(i) for i in range(27))
    ]
    gangs: list[Any] = [action_from_id(DOUBLE, 0, i) for i in range(57, 57 + 78)]  # 直杠 of 1m
    pairs = {tuple(t.notation for t in g.wild_tiles) for g in gangs if len(g.wild_tiles) == 2}
    assert ("7p", "9p") in pairs and ("2p", "9p") in pairs and ("1p", "8p") in pairs
    assert ("7p", "8p") not in pairs and ("2m", "9m") in pairs and ("1m", "1m") not in pairs
    assert len(pairs) == 27 + 27 - 3  # one kind twice, or one 本金's two kinds; no 1m


# ---------------------------------------------------------------------- random play


def _check_seat(rules: Any, state: Any, seat: int) -> tuple[Action, ...]:
    legal = rules.legal_actions(state, seat)
    ids = [action_id(rules, a) for a in legal]
    assert len(set(ids)) == len(ids), legal
    assert all(0 <= i < action_space(rules) for i in ids)
    assert [action_from_id(rules, seat, i) for i in ids] == list(legal)
    return tuple(legal)


@pytest.mark.parametrize("rules", ROOMS, ids=repr)
def test_legal_actions_in_random_play_have_distinct_ids_that_round_trip(rules: Any) -> None:
    kinds: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = rules.new_hand(seed=seed)
        steps = 0
        while rules.result(state) is None and steps < 400:
            acting = sorted(rules.to_act(state))
            for seat in range(rules.players):
                legal = _check_seat(rules, state, seat)
                kinds.update(type(a).__name__ for a in legal)
                if any(getattr(a, "wild_tiles", ()) for a in legal):
                    kinds.add("wild meld")
            seat = acting[0]
            state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
            steps += 1
    assert {"Discard", "Pass", "Peng", "Gang"} <= kinds
    if rules.wild_melds:
        assert {"wild meld", "Ti", "Hu"} <= kinds
    if getattr(rules, "buy_cap", 0):
        assert "BuyPoints" in kinds


# ---------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("rules", "action"),
    [
        (YONGSHAN, Discard(0, T("1z"))),
        (BAOSHAN, Peng(0, (T("8p"),))),
        (BAOSHAN, Gang(0, T("2m"), AN, (T("8p"),))),
        (BAOSHAN, Ti(0, T("2m"), T("8p"))),
        (BAOSHAN, BuyPoints(0, 0)),
        (get_variant("baoshan", buy_points="dead_1"), BuyPoints(0, 2)),
        (YONGSHAN, Peng(0, (T("8p"), T("8p")))),
        (YONGSHAN, Gang(0, T("2m"), BU, (T("8p"), T("8p")))),
        (YONGSHAN, Gang(0, T("2m"), ZHI, (T("8p"), T("8p"), T("8p")))),
        (YONGSHAN, Gang(0, T("2m"), AN, (T("7p"), T("9p")))),  # two kinds: only with 双听用
        (DOUBLE, Gang(0, T("2m"), AN, (T("7p"), T("8p")))),  # 7p and 8p: no 本金 makes both
    ],
)
def test_an_action_no_seat_of_the_room_could_take_has_no_id(rules: Any, action: Action) -> None:
    with pytest.raises(ActionError) as info:
        action_id(rules, action)
    assert str(info.value) == f"action_id: no seat of {rules!r} could take {action!r}"
    assert not isinstance(info.value, TypeError)


def test_bad_ids_seats_and_arguments_raise_library_errors() -> None:
    three = get_variant("baoshan", players=3)
    ids: Any = action_from_id
    cases: list[tuple[Any, type[Exception], str]] = [
        (lambda: ids(BAOSHAN, 0, 112), ActionError, "id 112 is not in 0..111"),
        (lambda: ids(BAOSHAN, 0, -1), ActionError, "id -1 is not in 0..111"),
        (lambda: ids(BAOSHAN, 0, True), ActionTypeError, "i is an int, got True"),
        (lambda: ids(BAOSHAN, 0, 1.0), ActionTypeError, "i is an int, got 1.0"),
        (lambda: ids(BAOSHAN, 0, "3"), ActionTypeError, "i is an int, got '3'"),
        (lambda: ids(three, 3, 0), ActionError, "no seat 3 at a table of 3"),
        (lambda: ids(BAOSHAN, -1, 0), ActionError, "no seat -1 at a table of 4"),
        (lambda: ids(BAOSHAN, None, 0), ActionTypeError, "seat is an int, got None"),
    ]
    for build, error, message in cases:
        with pytest.raises(error) as info:
            build()
        assert type(info.value) is error
        assert str(info.value) == f"action_from_id: {message}"
    with pytest.raises(ActionTypeError) as type_info:
        action_id(BAOSHAN, "0 hu")  # type: ignore[arg-type]
    assert str(type_info.value) == "action_id: an action, got '0 hu'"
    with pytest.raises(ActionTypeError) as rules_info:
        action_space(object())
    assert str(rules_info.value) == "rules: the rules of a room (get_variant(...)), got object"


def test_index_like_integers_are_taken() -> None:
    class Index:
        def __index__(self) -> int:
            return 3

    assert action_from_id(BAOSHAN, Index(), Index()) == Discard(3, T("2m"))  # type: ignore[arg-type]


def test_a_room_whose_options_cannot_be_hashed_still_has_ids() -> None:
    class Room:
        def __init__(self) -> None:
            self.options = [1]  # a list: no hash, so no cache

        honors = False
        buy_cap = 1  # read by BuyPoints.id_shapes (BS-BUY-1), the room's own action
        wild_melds = False
        players = 2
        action_types = (BuyPoints,)

    assert action_space(Room()) == 2 + 27 + 1 + 81 + 2
    assert action_from_id(Room(), 1, 112) == BuyPoints(1, 1)
