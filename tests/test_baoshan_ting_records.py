"""保山麻将 来门报听 (BS-TING-1..5) as Baoshan's own, on the open variant contract (issue 19).

The declaration is Baoshan's action (:class:`~mahjong_rules.variants.baoshan.Ting`, verb
``ting`` 听 聽), announced by its own event (``Declared``), kept in its seat record
(:class:`~mahjong_rules.variants.baoshan.BaoshanSeat`) and shown to every seat in its view record
(:class:`~mahjong_rules.variants.baoshan.BaoshanTable`). The engine names none of them.
Format-1 documents, which kept ``ting`` on the engine's seat and seat view, read into them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mahjong_rules import (
    Discard,
    IllegalActionError,
    Peng,
    Phase,
    SerializationError,
    State,
    View,
    WinKind,
    from_dict,
    get_variant,
    parse_action,
    to_dict,
)
from mahjong_rules.engine import defaults
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.state import replace
from mahjong_rules.serial import FORMAT_VERSION
from mahjong_rules.serial.format1 import upgrade
from mahjong_rules.variants.baoshan import (
    BaoshanSeat,
    BaoshanTable,
    BuyPoints,
    Declared,
    PointsBought,
    Ting,
)
from mahjong_rules.variants.baoshan.rules import Baoshan
from scripting import Q, T, new, play

TING = get_variant("baoshan", bao_ting=True)
# Seat 1's dealt 13 wait on 1p and 4p: it may declare on its first draw (BS-TING-2).
WAITING = {0: Q + "9m", 1: "111m456m789m23p33s", 2: Q, 3: Q}


def declared() -> State:
    """Seat 1 declared on its first draw (9s, no win), before its discard."""
    state = play(TING, new(WAITING, draws="9s", rules=TING), "0:D9m")
    assert Ting(1) in TING.legal_actions(state, 1)
    return play(TING, state, "1:T")


def test_bs_ting1_the_declaration_is_baoshans_action_and_event() -> None:
    """BS-TING-1, -2: ``Ting`` is one of Baoshan's own actions, ``Declared`` its own event;
    the transition marks the seat's record and every seat sees the event and the record."""
    assert Baoshan.action_types == (Ting, BuyPoints)  # and 买点's (BS-BUY-1)
    assert Baoshan.event_types == (Declared, PointsBought)
    assert Ting not in get_variant("yongshan").action_types
    state = declared()
    assert state.events == (Declared(1),)
    declared_record = BaoshanSeat(ting=True, ting_draws=1)  # after its first draw
    assert [s.variant for s in state.seats] == [BaoshanSeat(), declared_record] + [
        BaoshanSeat()
    ] * 2
    for seat in range(4):
        view = TING.view(state, seat)
        assert view.events == (Declared(1),)
        assert view.variant == BaoshanTable((False, True, False, False), (0, 0, 0, 0))
        assert view.own_variant is None


def test_bs_ting1_notation_reprs_and_documents_are_unchanged() -> None:
    """BS-TING-1: the action and event keep their names, reprs, text and documents."""
    assert repr(Ting(0)) == "Ting(seat=0)" and repr(Declared(2)) == "Declared(seat=2)"
    assert str(Ting(3)) == "3 ting"
    assert parse_action("0 ting") == parse_action("0 听") == parse_action("0 聽") == Ting(0)
    assert Ting.parse("1 TING") == Ting(1)
    assert to_dict(Ting(1)) == {"type": "Ting", "seat": 1, "format": FORMAT_VERSION}
    assert from_dict({"type": "Declared", "seat": 2}) == Declared(2)
    assert TING.action_from_id(2, TING.action_id(Ting(0))) == Ting(2)


def test_bs_ting3_records_round_trip_and_are_checked() -> None:
    """BS-TING-3: a declared seat's record is written and read with the state; the view's
    record too."""
    state = declared()
    document = json.loads(json.dumps(to_dict(state)))
    assert document["seats"][1]["variant"] == {
        "type": "BaoshanSeat",
        "ting": True,
        "points": 0,
        "ting_draws": 1,
    }
    assert "ting" not in document["seats"][1]
    assert from_dict(document) == state
    view = TING.view(state, 0)
    written = json.loads(json.dumps(to_dict(view)))
    assert written["variant"] == {
        "type": "BaoshanTable",
        "ting": [False, True, False, False],
        "points": [0, 0, 0, 0],
    }
    assert from_dict(written, View) == view


def test_bs_ting3_the_lock_is_worded_by_baoshan() -> None:
    """BS-TING-3: a declared hand's other discard and a peng are refused in Baoshan's words
    (the engine's :meth:`Hooks.refusal` hook); undeclared seats get the engine's."""
    state = declared()
    assert TING.legal_actions(state, 1) == (Discard(1, T("9s")),)
    with pytest.raises(IllegalActionError, match=r"报听 locks the hand \(BS-TING-3\)"):
        TING.apply(state, Discard(1, T("1m")))
    with pytest.raises(IllegalActionError, match="it holds no 9p"):
        TING.apply(state, Discard(1, T("9p")))  # not held: the engine's explanation
    assert Hooks.refusal(TING, state, Discard(1, T("1m"))) is None  # the default: none
    claim = replace(state, phase=Phase.CLAIM, current=0, tile=T("1m"))  # a 1m on offer
    assert TING.refusal(claim, Peng(1)) == "Peng by seat 1: no peng after 报听 (BS-TING-3)"
    assert TING.refusal(claim, Peng(2)) is None


def test_bs_ting3_the_engine_defaults_lock_nothing() -> None:
    """BS-TING-3 is Baoshan's: the engine's defaults offer a 补杠 and claims to any seat and
    add no declaration to the scoring context (Baoshan's overrides do)."""
    state = declared()
    assert Hooks.exposed_claims_allowed(TING, state, 1)
    assert not TING.exposed_claims_allowed(state, 1)
    assert Hooks.extra_turn_actions(TING, state, 1) == []
    assert not defaults.win_context(TING, state, 1, T("1p"), WinKind.DISCARD).declared_ting
    assert TING.win_context(state, 1, T("1p"), WinKind.DISCARD).declared_ting


def _seat_doc(ting: bool) -> dict[str, Any]:
    return {"type": "SeatState", "concealed": "", "ting": ting}


def test_bs_ting1_format1_seats_and_views_move_ting_into_the_records() -> None:
    """BS-TING-1, format 1: a Baoshan seat's ``ting`` moves into its BaoshanSeat record, a
    view's seats' into the view's BaoshanTable; another room drops a false one and refuses a
    true one (no seat of it ever declared)."""
    seat = upgrade(_seat_doc(True), 2, "baoshan")
    record = {"type": "BaoshanSeat", "points": 0, "ting": True}  # (买点: none bought)
    assert seat == {"type": "SeatState", "concealed": "", "variant": record}
    assert upgrade(_seat_doc(False), 2, "yongshan") == {"type": "SeatState", "concealed": ""}
    with pytest.raises(SerializationError, match=r"SeatState\.ting: no seat declares 报听"):
        upgrade(_seat_doc(True), 2, "yongshan")
    seats = [{"type": "SeatView", "seat": i, "ting": i == 2} for i in range(3)]
    view = upgrade({"type": "View", "seats": seats, "format": 1}, 2, "baoshan")
    assert view["variant"] == {
        "type": "BaoshanTable",
        "ting": [False, False, True],
        "points": [0, 0, 0],
    }
    assert all("ting" not in s for s in view["seats"]) and view["format"] == 2
    plain = upgrade({"type": "View", "seats": seats[:2]}, 2, "yongshan")
    assert plain["variant"] == {"type": "YongshanView", "indicator": None}  # (YS-WILD-1's)
    assert all("ting" not in s for s in plain["seats"])
    with pytest.raises(SerializationError, match="no seat declares 报听"):
        upgrade({"type": "View", "seats": seats}, 2, "yongshan")
