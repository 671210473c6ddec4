"""永善麻将's own records and action on the variant contract (issue 19): the 本金 tile in its
hand record and its view (YS-WILD-1), the wildcard kinds it declares for the action ids
(YS-WILD-2), and 提 as its own action with its own events and transition (YS-TI-1), in
documents of format 2 and read from documents of format 1.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from format1_documents import read
from mahjong_rules import State, Tile, TileSet, View, from_dict, get_variant, to_dict
from mahjong_rules.engine.actions import Action, action_type
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.state import Phase
from mahjong_rules.errors import SerializationError
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.tiles import all_tiles
from mahjong_rules.variants.yongshan import (
    ConcealedSwapped,
    Swapped,
    Ti,
    YongshanHand,
    YongshanView,
    indicator_of,
    wild_kinds,
)
from scripting import deal, play
from test_corners_yongshan import TI_HANDS, TI_SCRIPT

YONGSHAN = get_variant("yongshan")
BAOSHAN = get_variant("baoshan")
T = Tile


def test_ys_wild1_the_hand_record_holds_the_benjin_and_every_view_shows_it() -> None:
    """YS-WILD-1: the tile after the dealt hands is the 本金, kept in Yongshan's own record of
    the hand; every seat's view shows the same tile (its public record); Baoshan has none."""
    for players in (2, 3, 4):
        rules = get_variant("yongshan", players=players)
        state = rules.new_hand(seed=11)
        turned = state.wall[14 + 13 * (players - 1)]
        assert state.variant == YongshanHand(turned)
        assert state.wild_kinds == wild_kinds(turned)  # YS-WILD-2, the engine's generic field
        for seat in range(players):
            view = rules.view(state, seat)
            assert view.variant == YongshanView(turned) and indicator_of(view) is turned
    assert indicator_of(state) is turned
    baoshan = BAOSHAN.new_hand(seed=11)
    assert indicator_of(baoshan) is None and indicator_of(BAOSHAN.view(baoshan, 0)) is None


def test_ys_wild1_documents_carry_the_record_and_refuse_another_tile() -> None:
    """YS-WILD-1: a state's document holds the record (``{"type": "YongshanHand", ...}``) and
    a view's its public part; a 本金 other than the deal's is refused at ``state.variant``."""
    state = YONGSHAN.new_hand(seed=4)
    doc = to_dict(state)
    assert doc["variant"] == {"type": "YongshanHand", "indicator": state.variant.indicator.notation}
    assert "indicator" not in doc and from_dict(doc) == state
    view = to_dict(YONGSHAN.view(state, 2))
    assert view["variant"] == {
        "type": "YongshanView",
        "indicator": state.variant.indicator.notation,
    }
    other = next(t for t in all_tiles() if t is not state.variant.indicator)
    doc["variant"]["indicator"] = other.notation
    with pytest.raises(SerializationError, match=r"^state\.variant: the deal turns up"):
        from_dict(doc)


def test_ys_wild2_the_wildcard_kinds_a_room_can_have() -> None:
    """YS-WILD-2: Yongshan declares the kinds each suited 本金 makes (one kind, or two with
    双听用); a game without its own declaration offers each kind alone."""
    assert list(map(tuple, YONGSHAN.wild_kind_sets()))[:2] == [(T("2m"),), (T("3m"),)]
    double = get_variant("yongshan", wildcards="double")
    sets = [tuple(s) for s in double.wild_kind_sets()]
    assert len(sets) == 27 and (T("7p"), T("9p")) in sets and (T("2s"), T("9s")) in sets
    assert [tuple(s) for s in Hooks.wild_kind_sets(BAOSHAN)] == [
        (t,) for t in all_tiles(honors=False)
    ]


# ---------------------------------------------------------------------- 提 (YS-TI-1)


def test_ys_ti1_is_yongshans_own_action_and_events() -> None:
    """YS-TI-1: Ti, Swapped and ConcealedSwapped are Yongshan's declarations (not the
    engine's), known to documents by their names while Yongshan is registered."""
    assert YONGSHAN.action_types == (Ti,)
    assert YONGSHAN.event_types == (Swapped, ConcealedSwapped)
    assert BAOSHAN.action_types == () or Ti not in BAOSHAN.action_types
    assert action_type("Ti") is Ti
    ti = Ti(2, T("5m"), T("7p"))
    assert to_dict(ti) == {"type": "Ti", "seat": 2, "tile": "5m", "wild": "7p", "format": 2}
    assert from_dict(to_dict(ti), Action) == ti == Action.parse("2 提 5m *7p")
    assert str(ti) == "2 ti 5m *7p"


def _ti_state() -> State:
    """Seat 1 has konged 2m with two 8p (本金 7p), then draws a 2m of its own."""
    rules = get_variant("yongshan", ti_from_hand=True)
    state = deal(rules, TI_HANDS, "5m8m4p2m3m7m1m6s", replacements="2m", indicator="7p")
    return play(rules, state, TI_SCRIPT)


def test_ys_ti1_the_transition_marks_the_draw_and_the_next_draw_clears_it() -> None:
    """YS-TI-1 (one 提 per draw): the 提 swaps the tile in, emits Swapped, and marks the state
    (``acted_since_draw``), which the next draw of any seat clears."""
    rules = get_variant("yongshan", ti_from_hand=True)
    state = _ti_state()
    assert not state.acted_since_draw
    state = rules.apply(state, Ti(1, T("2m"), T("8p")))
    meld = Meld(MeldKind.ZHI_GANG, T("2m"), (T("8p"),), from_seat=0)
    assert state.events == (Swapped(1, meld, T("8p")),)
    assert state.acted_since_draw and state.seats[1].drawn == T("8p")
    state = rules.apply(state, rules.legal_actions(state, 1)[-1])  # a discard; the next draws
    while state.phase is not Phase.TURN:
        state = rules.apply(state, rules.legal_actions(state, min(rules.to_act(state)))[0])
    assert state.current != 1 and not state.acted_since_draw


def test_ys_ti1_another_seat_sees_a_ti_on_a_concealed_kong_without_its_tiles() -> None:
    """YS-TI-1 with BS-GANG-3: Yongshan's event_for shows another seat's 提 on a 暗杠 as
    ConcealedSwapped(seat), and one on an exposed meld whole, in views and events_for."""
    hidden = Swapped(1, Meld(MeldKind.AN_GANG, T("2m"), (T("8p"),)), T("8p"))
    shown = Swapped(1, Meld(MeldKind.ZHI_GANG, T("2m"), (T("8p"),), from_seat=0), T("8p"))
    assert YONGSHAN.events_for(0, [hidden, shown]) == (ConcealedSwapped(1), shown)
    assert YONGSHAN.events_for(1, [hidden, shown]) == (hidden, shown)


# ---------------------------------------------------------------------- format 1


def _format1(kind: str, variant: str, test: Any = None) -> list[dict[str, Any]]:
    return [
        line["doc"]
        for line in read()
        if line["kind"] == kind and line["room"][0] == variant and (test is None or test(line))
    ]


def test_ys_wild1_ys_ti1_format1_states_and_views_move_into_the_records() -> None:
    """YS-WILD-1, YS-TI-1: a format-1 Yongshan state's ``indicator`` is its YongshanHand, its
    ``ti_made`` the engine's ``acted_since_draw``; a view's ``indicator`` its YongshanView."""
    states = _format1("state", "yongshan")
    made = [doc for doc in states if doc["ti_made"]]
    assert made and len(made) < len(states)
    for doc in random.Random(3).sample(states, 8) + made[:3]:
        state = from_dict(doc, State)
        assert state.variant == YongshanHand(T(doc["indicator"]))
        assert state.acted_since_draw is doc["ti_made"]
    view_doc = _format1("view", "yongshan")[0]
    view = from_dict(view_doc, View)
    assert view.variant == YongshanView(T(view_doc["indicator"]))


@pytest.mark.parametrize(
    ("kind", "field", "value", "message"),
    [
        ("state", "indicator", "5m", r"indicator: only a yongshan room turns up a tile"),
        ("state", "ti_made", True, r"ti_made: only a yongshan room has 提"),
        ("view", "indicator", "5m", r"indicator: only a yongshan room turns up a tile"),
    ],
)
def test_ys_ti1_format1_baoshan_documents_refuse_a_benjin_or_a_ti(
    kind: str, field: str, value: Any, message: str
) -> None:
    """YS-WILD-1, YS-TI-1: a format-1 Baoshan document's ``indicator`` (always null) and
    ``ti_made`` (always false) are dropped; any other value is refused."""
    doc = copy.deepcopy(_format1(kind, "baoshan")[0])
    assert doc[field] in (None, False)
    from_dict(doc)
    doc[field] = value
    with pytest.raises(SerializationError, match=message):
        from_dict(doc)


def test_ys_wild2_the_engine_names_no_benjin_field() -> None:
    """YS-WILD-1, YS-WILD-2: State and View keep the generic wildcard kinds only."""
    assert "indicator" not in State.__annotations__ and "ti_made" not in State.__annotations__
    assert "indicator" not in View.__annotations__
    assert isinstance(YONGSHAN.new_hand(seed=1).wild_kinds, TileSet)
