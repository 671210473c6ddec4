"""The server's surface of the rules object: steps and stale answers, timeouts, equality, bad
seats, and claim windows that ask every seat (FLOW-2, FLOW-3).
"""

from __future__ import annotations

import random

import pytest

from mahjong_rules import (
    BuyPoints,
    Discard,
    Hu,
    IllegalActionError,
    OptionsError,
    Pass,
    Peng,
    Phase,
    Rules,
    State,
    get_variant,
    rules_for,
)
from mahjong_rules.bots import CountingBot
from mahjong_rules.engine.step import ANY_STEP
from mahjong_rules.errors import StaleActionError
from mahjong_rules.variants.baoshan import Ting
from mahjong_rules.variants.registry import rules_for as registry_rules_for
from scripting import Q2, Q, T, new, play

BAOSHAN = get_variant("baoshan")


def test_flow3_every_action_counts_one_step_and_views_carry_it() -> None:
    """FLOW-3: ``state.step`` counts the actions applied (the engine's own draws are not
    actions), and a seat's view carries it."""
    state = new({0: Q + "9m", 1: Q2, 2: Q, 3: Q}, draws="1s")
    assert state.step == 0 and BAOSHAN.view(state, 2).step == 0
    state = play(BAOSHAN, state, "0:D9m")  # 9m: nobody claims, seat 1 draws at once
    assert state.step == 1 and BAOSHAN.view(state, 1).step == 1
    state = play(BAOSHAN, state, "1:D1s")
    assert state.step == 2


def test_flow3_a_stale_answer_is_refused_and_changes_nothing() -> None:
    """FLOW-3: an answer made for a moment that has passed (here a turn that has moved on)
    raises StaleActionError (an IllegalActionError) saying so, and the state is unchanged; the
    right step applies. (Several seats asked at once: tests/test_concurrent_answers.py.)"""
    state = new({0: Q + "9m", 1: Q2, 2: Q, 3: Q})
    view = BAOSHAN.view(state, 0)
    action = Discard(0, T("9m"))
    after = BAOSHAN.apply(state, action, expect_step=view.step)
    with pytest.raises(StaleActionError) as info:
        BAOSHAN.apply(after, Discard(1, T("1p")), expect_step=view.step)
    assert str(info.value) == (
        "Discard was made for step 0; the hand is at step 1: that moment has passed "
        "(now: seat 1's turn)"
    )
    assert isinstance(info.value, IllegalActionError)
    assert after.step == 1 and after.phase is Phase.TURN and after.current == 1


@pytest.mark.parametrize(
    ("step", "shown"),
    [
        (None, "NoneType None"),
        ("0", "str '0'"),
        (0.0, "float 0.0"),
        (False, "bool False"),
        (True, "bool True"),
        ("ANY_STEP", "str 'ANY_STEP'"),
    ],
)
def test_flow3_a_step_that_is_not_an_int_is_refused(step: object, shown: str) -> None:
    """FLOW-3: ``expect_step`` is an int; ``None`` (a client's ``"step": null``), a string, a
    float or a bool equal to the step is refused, naming the parameter and the type, and the
    state is unchanged (``None`` no longer switches the check off)."""
    state = new({0: Q + "9m", 1: Q2, 2: Q, 3: Q})
    assert state.step == 0
    with pytest.raises(IllegalActionError) as info:
        BAOSHAN.apply(state, Discard(0, T("9m")), expect_step=step)  # type: ignore[arg-type]
    assert str(info.value) == (
        f"expect_step: a step is an int (the view's step) or ANY_STEP, got {shown}"
    )
    assert type(info.value) is IllegalActionError and isinstance(info.value, ValueError)
    assert BAOSHAN.to_act(state) == {0} and state.step == 0


def test_flow3_the_step_of_the_view_applies_and_any_step_skips_the_check() -> None:
    """FLOW-3: in a turn only the int step of the current view applies (one seat is asked, so
    the moment is that one step): an earlier step is refused as passed, a later one as a step
    no view has shown; ANY_STEP (the default, also spelled out) applies without the check."""
    state = play(BAOSHAN, new({0: Q + "9m", 1: Q2, 2: Q, 3: Q}, draws="1s"), "0:D9m")
    assert state.step == 1
    why = {
        0: ": that moment has passed (now: seat 1's turn)",
        -1: ": that moment has passed (now: seat 1's turn)",
        2: " (no view has shown step 2)",
    }
    for stale, reason in why.items():
        with pytest.raises(StaleActionError) as info:
            BAOSHAN.apply(state, Discard(1, T("1s")), expect_step=stale)
        assert (
            str(info.value) == f"Discard was made for step {stale}; the hand is at step 1{reason}"
        )
    after = BAOSHAN.apply(state, Discard(1, T("1s")), expect_step=1)
    assert after.step == 2 and after.seats[1].discards[-1] == T("1s")
    assert BAOSHAN.apply(state, Discard(1, T("1s")), expect_step=ANY_STEP) == after
    assert BAOSHAN.apply(state, Discard(1, T("1s"))) == after
    assert repr(ANY_STEP) == "ANY_STEP" and ANY_STEP is not None
    with pytest.raises(IllegalActionError, match="not that seat's move"):
        BAOSHAN.apply(state, Discard(2, T("1s")), expect_step=ANY_STEP)


def test_is_over_and_result_agree() -> None:
    """``is_over`` is true exactly when ``result`` is set."""
    state = BAOSHAN.new_hand(seed=3)
    rng = random.Random(3)
    while not BAOSHAN.is_over(state):
        assert BAOSHAN.result(state) is None
        seat = min(BAOSHAN.to_act(state))
        state = BAOSHAN.apply(state, rng.choice(BAOSHAN.legal_actions(state, seat)))
    assert BAOSHAN.result(state) is not None
    assert BAOSHAN.default_action(state, 0) is None


# ------------------------------------------------------------------ default_action


def test_default_action_in_a_turn_discards_the_drawn_tile() -> None:
    """Timeouts (托管): in its turn a seat plays as CountingBot (issue 37): having drawn 1s it
    throws the lone 9s, which leaves the most live tiles."""
    state = play(BAOSHAN, new({0: Q + "9m", 1: Q2, 2: Q, 3: Q}, draws="1s"), "0:D9m")
    assert BAOSHAN.default_action(state, 1) == Discard(1, T("9s"))
    assert BAOSHAN.default_action(state, 1) == CountingBot().choose(BAOSHAN.view(state, 1))
    assert BAOSHAN.default_action(state, 2) is None  # not its move


def test_default_action_without_a_drawn_tile_takes_the_lowest_discard() -> None:
    """Timeouts (托管): the dealer's dealt 14 win: he plays as CountingBot, which takes every
    win (issue 37; the old rule threw the lowest tile)."""
    state = new({0: "123m456m789m33p666s", 1: Q2, 2: Q, 3: Q})
    assert BAOSHAN.legal_actions(state, 0)[0] == Hu(0)
    assert BAOSHAN.default_action(state, 0) == Hu(0)


def test_default_action_in_a_window_is_pass_and_in_buying_zero() -> None:
    """Timeouts: in a claim window, Pass; before the deal with 买点, 0 points."""
    hands = {0: "112233579m36p369s", 1: Q, 2: Q, 3: Q}
    state = play(BAOSHAN, new(hands, draws="1m"), "0:D9s 1:D1m")
    assert BAOSHAN.legal_actions(state, 0) == (Peng(0), Pass(0))
    assert BAOSHAN.default_action(state, 0) == Pass(0)
    buying = get_variant("baoshan", buy_points="live").new_hand(seed=1)
    rules = get_variant("baoshan", buy_points="live")
    assert buying.phase is Phase.CHOOSING
    assert rules.default_action(buying, 2) == BuyPoints(2, 0)


def test_default_action_of_a_declared_seat_is_its_locked_discard() -> None:
    """Timeouts with 报听 (BS-TING-3): a ready seat declares (CountingBot always does, issue
    37); a declared seat's default is the one discard allowed."""
    rules = get_variant("baoshan", bao_ting=True)
    hands = {0: Q + "9m", 1: "111m456m789m23p33s", 2: Q, 3: Q}
    state = play(rules, new(hands, draws="6p", rules=rules), "0:D9m")
    assert rules.legal_actions(state, 1)[0] == Ting(1)
    assert rules.default_action(state, 1) == Ting(1)
    state = play(rules, state, "1:T")
    assert rules.default_action(state, 1) == Discard(1, T("6p"))


# ------------------------------------------------------------------ rules as values


def test_rules_with_equal_options_are_equal_and_hash_alike() -> None:
    """Two rules objects of one variant with equal options are equal; other options or another
    variant are not. ``rules_for`` is exported at the top level."""
    assert get_variant("baoshan") == get_variant("保山麻将")
    assert hash(get_variant("baoshan", players=3)) == hash(get_variant("baoshan", players=3))
    assert get_variant("baoshan") != get_variant("baoshan", players=3)
    assert get_variant("baoshan") != get_variant("yongshan")
    assert len({get_variant("baoshan"), get_variant("baoshan"), get_variant("yongshan")}) == 2
    assert rules_for is registry_rules_for
    assert rules_for(get_variant("yongshan").options) == get_variant("yongshan")


# ------------------------------------------------------------------ bad seats


@pytest.mark.parametrize("seat", [5, -1, True, 1.0, "1", None])
@pytest.mark.parametrize("query", ["legal_actions", "view", "waits", "default_action"])
def test_every_seat_query_refuses_a_bad_seat_alike(seat: object, query: str) -> None:
    """legal_actions, view, waits and default_action refuse anything but a seat of the table
    with the same IllegalActionError (today's ``()``, IndexError and TypeError are gone)."""
    state = BAOSHAN.new_hand(seed=5)
    state = BAOSHAN.apply(state, BAOSHAN.legal_actions(state, 0)[-1])
    with pytest.raises(IllegalActionError) as info:
        getattr(BAOSHAN, query)(state, seat)
    assert str(info.value) == f"no seat {seat!r} at a table of 4: a seat is an int 0..3"


def test_legal_actions_with_true_after_seat_1_is_cached() -> None:
    """A bool is no seat even when seat 1's actions are cached (True == 1 as a dict key)."""
    state = BAOSHAN.new_hand(seed=5)
    state = BAOSHAN.apply(state, BAOSHAN.legal_actions(state, 0)[-1])
    assert BAOSHAN.legal_actions(state, 1)
    with pytest.raises(IllegalActionError, match="no seat True"):
        BAOSHAN.legal_actions(state, True)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"dealer": True}, "dealer must be a seat 0..3, got True"),
        ({"dealer": 1.0}, "dealer must be a seat 0..3, got 1.0"),
        (
            {"answers": [Hu(0)]},
            "answers[0]: Hu(seat=0) is not an answer the hand asks for now (buying)",
        ),
        (
            {"answers": [BuyPoints(0, 1), BuyPoints(0, 2)]},
            "answers[1]: BuyPoints(seat=0, points=2) is not",
        ),
        ({"answers": "1111"}, "answers must be a sequence of actions, got '1111'"),
        ({"answers": 7}, "answers must be a sequence of actions, got 7"),
    ],
)
def test_new_hand_refuses_bools_and_floats(kwargs: dict[str, object], message: str) -> None:
    """A dealer given as bool or float is refused, not read as a number; 买点 answers given in
    advance (BS-BUY-1) are actions the phase lists, one per seat."""
    rules = get_variant("baoshan", buy_points="live")
    with pytest.raises(OptionsError) as info:
        rules.new_hand(seed=1, **kwargs)  # type: ignore[arg-type]
    assert str(info.value).startswith(message)


def test_buy_points_in_a_turn_names_the_phase() -> None:
    """BS-BUY-1: a 买点 answer during a turn says the phase, not a points range."""
    state = play(BAOSHAN, new({0: Q + "9m", 1: Q2, 2: Q, 3: Q}), "0:D9m")
    with pytest.raises(IllegalActionError) as info:
        BAOSHAN.apply(state, BuyPoints(1, 0))
    assert str(info.value) == "BuyPoints by seat 1: an answer of the buying phase, not of turn"


# ------------------------------------------------------------------ ask_every_seat


def _others(state: State) -> tuple[int, ...]:
    n, seat = state.players, state.current
    order = [(seat + k) % n for k in range(1, n)]
    return tuple(s for s in order if not state.seats[s].won)


@pytest.mark.parametrize("variant", ["baoshan", "yongshan"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_flow2_ask_every_seat_opens_every_window_to_every_seat(variant: str, players: int) -> None:
    """FLOW-2 with ``ask_every_seat=True``: after every discard every other seat still in the
    hand is asked, and may pass; whole random hands end with a result."""
    rules = get_variant(variant, players=players, ask_every_seat=True)
    plain = get_variant(variant, players=players)
    assert rules != plain
    windows = 0
    for seed in range(12):
        state = rules.new_hand(seed=seed)
        rng = random.Random(seed)
        while not rules.is_over(state):
            if state.phase is Phase.CLAIM and not state.forced:
                assert state.claimants == _others(state)
                windows += 1
                for seat in rules.to_act(state):
                    assert rules.legal_actions(state, seat)[-1] == Pass(seat)
            seat = min(rules.to_act(state))
            state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
    assert windows > 100


def test_flow2_ask_every_seat_asks_seats_with_nothing_to_claim() -> None:
    """FLOW-2 with ``ask_every_seat``: the dealer's 9m is claimable by nobody, yet every other
    seat is asked and may only pass; when all have, seat 1 draws as it would have at once."""
    rules = get_variant("baoshan", ask_every_seat=True)
    state = play(rules, new({0: Q + "9m", 1: Q2, 2: Q, 3: Q}, draws="1s", rules=rules), "0:D9m")
    assert state.phase is Phase.CLAIM and state.claimants == (1, 2, 3)
    assert [rules.legal_actions(state, s) for s in (1, 2, 3)] == [(Pass(s),) for s in (1, 2, 3)]
    assert [rules.default_action(state, s) for s in (1, 2, 3)] == [Pass(1), Pass(2), Pass(3)]
    state = play(rules, state, "3:X 1:X 2:X")
    assert state.phase is Phase.TURN and state.current == 1 and state.seats[1].drawn == T("1s")
    assert not any(s.pass_hu or s.pass_peng for s in state.seats)


def test_rules_object_is_a_rules() -> None:
    """``get_variant`` returns a :class:`Rules`."""
    assert isinstance(get_variant("baoshan"), Rules)


def test_rules_delegate_action_ids_and_explain_win() -> None:
    """The rules object carries the action ids (issue 11) and the reason a hand is no win:
    the same answers as the functions behind them."""
    from mahjong_rules.engine import action_ids
    from mahjong_rules.scoring import WinContext, WinKind
    from mahjong_rules.variants.explain import explain_win

    rules = get_variant("yongshan")
    state = rules.new_hand(seed=11)
    assert rules.action_space == action_ids.action_space(rules)
    legal = rules.legal_actions(state, state.current)
    ids = [rules.action_id(a) for a in legal]
    assert ids == [action_ids.action_id(rules, a) for a in legal]
    assert len(set(ids)) == len(ids)
    assert [rules.action_from_id(state.current, i) for i in ids] == list(legal)
    from mahjong_rules import TileCounts

    ctx = WinContext(
        concealed=TileCounts("123m456p789s11m555m"),
        winning_tile=T("5m"),
        how=WinKind.SELF_DRAW,
    )
    reason = rules.explain_win(ctx)
    assert reason is not None and reason == explain_win(rules, ctx)
    assert "缺一门" in reason.text
    assert BAOSHAN.explain_win(ctx) is None
