"""check_state is a real invariant check (issue 11): it passes every state random play reaches,
in many rooms of both games, and refuses, naming the field, states no hand can reach.

The helpers here (``random_hand``, ``find_state``, ``tampered``) serve the other
``test_serial_*`` files too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from mahjong_rules import Rules, State, Tile, get_variant
from mahjong_rules.counts import TileSet
from mahjong_rules.engine.actions import Gang, Hu, Pass
from mahjong_rules.engine.settlement import Payment, PaymentReason
from mahjong_rules.engine.state import Phase, replace
from mahjong_rules.errors import SerializationError
from mahjong_rules.melds import MeldKind
from mahjong_rules.serial import check_state, from_dict, to_dict
from mahjong_rules.variants.baoshan.buying import BuyPoints
from mahjong_rules.variants.baoshan.records import BaoshanSeat
from mahjong_rules.variants.yongshan.records import YongshanHand
from test_baoshan_settlement import rob_window

ROOMS = [
    *(get_variant("baoshan", players=n) for n in (2, 3, 4)),
    *(get_variant("yongshan", players=n) for n in (2, 3, 4)),
    get_variant("baoshan", players=4, honors=True, pian_gang=True, bao_ting=True),
    get_variant("baoshan", players=3, buy_points="live", pass_hu="yongshan"),
    get_variant("baoshan", players=2, buy_points="dead_2", cha_jiao="off"),
    get_variant("yongshan", players=4, wildcards="double", ti_from_hand=True, zi_mo_jia_fan=True),
    get_variant("yongshan", players=3, ting_dian_three_players=True, fan_cap=None),
    get_variant("baoshan", players=3, ask_every_seat=True),
    get_variant("yongshan", players=4, ask_every_seat=True),
]


def random_hand(rules: Rules, seed: int, steps: int = 500) -> list[State]:
    """Every state of a hand played with random legal actions from ``seed``."""
    rng = random.Random(seed)
    state = rules.new_hand(seed=seed, dealer=seed % rules.players)
    states = [state]
    while rules.result(state) is None and len(states) < steps:
        seat = rng.choice(sorted(rules.to_act(state)))
        state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
        states.append(state)
    return states


def find_state(rules: Rules, test: Callable[[State], bool]) -> State:
    """The first state of random hands (seeds 0, 1, ...) that passes ``test``."""
    for seed in range(200):
        for state in random_hand(rules, seed):
            if test(state):
                return state
    raise AssertionError("no such state in 200 random hands")  # pragma: no cover


@pytest.mark.parametrize("rules", ROOMS, ids=repr)
def test_every_state_of_random_hands_passes(rules: Rules) -> None:
    """No false refusals: every state reached by play passes, the first and the last too."""
    phases: set[Phase] = set()
    for seed in range(2):
        for state in random_hand(rules, seed):
            check_state(state)
            phases.add(state.phase)
    assert {Phase.TURN, Phase.ENDED} <= phases


def rob() -> State:
    """A rob window (抢杠): seat 2 may rob seat 1's 补杠 of 5m (from the settlement tests)."""
    return rob_window(get_variant("baoshan"))


def test_claim_rob_and_buying_windows_pass() -> None:
    states = [
        _claim(BAOSHAN),
        _claim(YONGSHAN),
        rob(),
        get_variant("baoshan", buy_points="live").new_hand(seed=1),
    ]
    assert [s.phase for s in states] == [Phase.CLAIM, Phase.CLAIM, Phase.ROB, Phase.CHOOSING]
    for state in states:
        check_state(state)
        assert from_dict(to_dict(state)) == state


def test_a_hand_ended_by_a_forced_win_on_a_discard_passes() -> None:
    """FLOW-4: the window's forced seats stay in the ended state (no false refusal)."""
    rules = get_variant("baoshan", players=2)
    state = find_state(rules, lambda s: s.phase is Phase.ENDED and bool(s.forced))
    assert state.wins[0].forced
    check_state(state)


# ------------------------------------------------------------------------------ refusals

BAOSHAN = get_variant("baoshan", players=3)
YONGSHAN = get_variant("yongshan", players=3)
TING = get_variant("baoshan", players=3, bao_ting=True)


def _turn(rules: Rules) -> State:
    return find_state(rules, lambda s: s.phase is Phase.TURN and s.discards_made > 3)


def _claim(rules: Rules) -> State:
    return find_state(rules, lambda s: s.phase is Phase.CLAIM and len(s.claimants) == 1)


def _refused(state: State, message: str) -> None:
    with pytest.raises(SerializationError) as caught:
        check_state(state)
    assert str(caught.value).startswith(message), str(caught.value)


def _seat(state: State, index: int, **changes: Any) -> State:
    seats = list(state.seats)
    seats[index] = replace(seats[index], **changes)
    return replace(state, seats=tuple(seats))


def test_ended_without_a_result_and_a_result_while_playing() -> None:
    ended = find_state(BAOSHAN, lambda s: s.phase is Phase.ENDED)
    _refused(replace(ended, result=None), "state.result: a hand has a result exactly when")
    _refused(replace(_turn(BAOSHAN), result=ended.result), "state.result: a hand has a result")


def test_windows_without_their_tile_or_pending_kong() -> None:
    claim = _claim(BAOSHAN)
    _refused(replace(claim, tile=None), "state.tile: a tile is on offer in a claim or rob")
    window = rob()
    _refused(replace(window, tile=None), "state.tile: a tile is on offer in a claim or rob")
    _refused(replace(window, pending=None), "state.pending: a pending 补杠 is there exactly in")
    _refused(replace(window, tile=Tile("2m")), "state.pending: a natural 补杠 of 2m by seat 1")
    other = Gang(1, Tile("5m"), MeldKind.AN_GANG)
    _refused(replace(window, pending=other), "state.pending: a natural 补杠 of 5m by seat 1")
    _refused(replace(claim, pending=other), "state.pending: a pending 补杠 is there exactly")


def test_claimants_that_could_not_be_asked() -> None:
    claim = _claim(BAOSHAN)
    asked = claim.claimants[0]
    n = claim.players
    others = [s for s in range(n) if s not in (asked, claim.current)]
    cases = [
        ((), "state.claimants: seats asked, once each, in play order after the discarder"),
        ((asked, asked), "state.claimants: seats asked, once each, in play order"),
        ((claim.current,), "state.claimants: neither the discarder nor a seat that has won"),
        ((others[0],), f"state.claimants: the seats with a claim on {claim.tile} are [{asked}]"),
    ]
    for claimants, message in cases:
        _refused(replace(claim, claimants=claimants), message)
    two = tuple(sorted((asked, others[0]), key=lambda s: (s - claim.current) % n))
    _refused(replace(claim, claimants=two[::-1]), "state.claimants: seats asked, once each")


def _answered(state: State, *answers: Any) -> State:
    """``state`` with ``answers`` in its window, each counted as an action taken."""
    return replace(state, answers=answers, step=state.step + len(answers))


def test_answers_from_seats_not_asked_or_twice() -> None:
    claim = _claim(BAOSHAN)
    stranger = next(s for s in range(claim.players) if s not in (*claim.claimants, claim.current))
    _refused(_answered(claim, Pass(stranger)), "state.answers: answers come from seats asked")
    asked = claim.claimants[0]
    _refused(_answered(claim, Pass(asked), Pass(asked)), "state.answers: answers come from")
    _refused(_answered(claim, Pass(asked)), "state.answers: every seat asked has answered")
    _refused(replace(claim, forced=(asked,)), "state.forced: a forced win (FLOW-4) is a")
    made = claim.discards_made + 1
    assert claim.step == claim.discards_made  # a discard each so far, and nothing else
    _refused(
        replace(claim, answers=(Pass(asked),)),
        f"state.step: {made} actions at least were taken, not {claim.step}",
    )


def test_hand_sizes_3k_plus_2_in_turn_and_3k_plus_1_otherwise() -> None:
    turn = _turn(BAOSHAN)
    seat = turn.current
    held = turn.seats[seat].concealed
    less = held.remove(next(iter(held)))
    _refused(_seat(turn, seat, concealed=less), f"state.seats[{seat}].concealed: a hand holds 14")
    other = turn.next_seat(seat)
    more = turn.seats[other].concealed.add(turn.wall[turn.front])
    drew = _seat(turn, other, concealed=more, draws=turn.seats[other].draws + 1)
    _refused(
        replace(drew, front=turn.front + 1),
        f"state.seats[{other}].concealed: a hand holds 14 tiles (3k+2) in its turn and 13",
    )


@pytest.mark.parametrize("points", [-1, 3, 99, 10**30, True])
def test_buy_points_outside_the_room(points: Any) -> None:
    """BS-BUY-1: a seat's 买点 points (Baoshan's seat record) are within the room's cap."""
    state = _turn(get_variant("baoshan", players=3, buy_points="live"))
    message = (
        "state.seats[1].variant: 买点 points are an int, got True"
        if points is True
        else f"state.seats[1].variant: 买点 points in this room are 0..2, got {points}"
    )
    _refused(_seat(state, 1, variant=BaoshanSeat(points=points)), message)


def test_payments_of_nothing_or_to_oneself() -> None:
    state = find_state(BAOSHAN, lambda s: bool(s.ledger) and s.phase is Phase.TURN)
    first = state.ledger[0]
    for amount in (0, -2):
        bad = Payment(first.payer, first.payee, amount, first.reason, first.ref)
        _refused(
            replace(state, ledger=(bad, *state.ledger[1:])),
            f"state.ledger[0].amount: a payment is of 1 point or more, got {amount}",
        )
    doc = to_dict(state)
    doc["ledger"][0]["payee"] = doc["ledger"][0]["payer"]
    with pytest.raises(SerializationError, match=r"^state\.ledger\[0\]: not a valid Payment: a"):
        from_dict(doc)


def test_wildcards_that_do_not_follow_from_the_indicator() -> None:
    turn = _turn(YONGSHAN)
    _refused(replace(turn, wild_kinds=TileSet("5m")), "state.wild_kinds: the deal makes")
    other = next(t for t in turn.wall[20:] if t != turn.variant.indicator)
    _refused(replace(turn, variant=YongshanHand(other)), "state.variant: the deal turns up")
    baoshan = _turn(BAOSHAN)
    _refused(replace(baoshan, wild_kinds=TileSet("5m")), "state.wild_kinds: the deal makes no")


def test_the_other_variants_options() -> None:
    """Issue 19: under Yongshan's options a Baoshan state's seat records (BS-TING-1's
    BaoshanSeat) are refused first; without them, its deal (no 本金 turned up)."""
    turn = _turn(BAOSHAN)
    other = replace(turn, options=YONGSHAN.options)  # Baoshan's seat records, no YongshanHand
    _refused(other, "state.variant: expected a YongshanHand")


def test_a_dropped_ledger_key_or_bools_for_ints() -> None:
    state = find_state(BAOSHAN, lambda s: bool(s.ledger) and s.phase is Phase.TURN)
    doc = to_dict(state)
    del doc["ledger"]
    with pytest.raises(SerializationError) as caught:
        from_dict(doc)
    assert str(caught.value) == (
        "state.ledger: its payments are not those of the kongs and wins on the table"
    )
    _refused(replace(state, dealer=True), "state.dealer: expected int, got bool")
    _refused(replace(state, kong_chain=False), "state.kong_chain: expected int, got bool")
    _refused(_seat(state, 0, draws=True), "state.seats[0].draws: expected int, got bool")


def test_yongshan_wins_stay_in_the_ledger() -> None:
    state = find_state(YONGSHAN, lambda s: bool(s.wins) and s.phase is Phase.TURN)
    wins_paid = tuple(p for p in state.ledger if p.reason is PaymentReason.WIN)
    assert wins_paid
    kept = tuple(p for p in state.ledger if p.reason is not PaymentReason.WIN)
    _refused(replace(state, ledger=kept), "state.ledger: its payments are not those of the")
    _refused(replace(state, wins=()), "state.next_dealer: only a win fixes the next dealer")
    _refused(
        replace(state, wins=(), next_dealer=None),
        "state.ledger: its payments are not those of the kongs",
    )


def test_new_fields_turn_draws_and_step() -> None:
    turn = _turn(BAOSHAN)
    seat = turn.current
    s = turn.seats[seat]
    assert s.drawn is not None and s.turn_draws == (s.drawn,) and not turn.kong_chain
    missing = next(t for t in (Tile("1m"), Tile("9s"), Tile("5p")) if t not in s.concealed)
    where = f"state.seats[{seat}]"
    _refused(_seat(turn, seat, turn_draws=(missing,)), f"{where}.turn_draws: the tile it drew")
    _refused(_seat(turn, seat, turn_draws=()), f"{where}.turn_draws: the tile it drew last is")
    _refused(
        _seat(turn, seat, turn_draws=(missing, s.drawn)),
        f"{where}.turn_draws: a turn draws once and once more for each kong",
    )
    _refused(
        _seat(turn, seat, turn_draws=(missing,), drawn=missing),
        f"{where}.drawn: it holds no {missing}",
    )
    other = turn.next_seat(seat)
    _refused(
        _seat(turn, other, turn_draws=(next(iter(turn.seats[other].concealed)),)),
        f"state.seats[{other}].turn_draws: only the seat in turn has drawn this turn",
    )
    _refused(replace(turn, step=-1), "state.step: at least 0, got -1")
    _refused(replace(turn, step=2), f"state.step: {turn.discards_made} actions at least were")


def _declared_turn(rules: Rules) -> State:
    """A turn (after the first discards) whose seat in turn has claimed nothing."""
    return find_state(
        rules,
        lambda s: s.phase is Phase.TURN and s.discards_made > 3 and not s.seats[s.current].melds,
    )


def test_a_stalled_state_is_refused() -> None:
    """BS-TING-3: a seat in turn locked by 报听 with no tile drawn has nothing to do: refused."""
    turn = _declared_turn(TING)
    locked = _seat(turn, turn.current, variant=BaoshanSeat(ting=True), drawn=None, turn_draws=())
    _refused(locked, f"state.seats[{turn.current}]: it is to act and has no legal action")


def test_buying_states_are_the_fresh_hand_and_its_answers() -> None:
    rules = get_variant("baoshan", buy_points="live")
    fresh = rules.new_hand(seed=4, dealer=1)
    answered = rules.apply(fresh, BuyPoints(2, 1))
    check_state(answered)
    bought_nothing = _seat(answered, 2, variant=BaoshanSeat())
    _refused(bought_nothing, "state.seats: no hand in its buying phase is in this state")
    _refused(replace(answered, front=3), "state.stage: the buying phase comes before the deal")
    _refused(replace(fresh, answers=(Hu(0),)), "state.answers[0]: not an answer seat 0 could")
    _refused(
        replace(fresh, options=get_variant("baoshan").options),
        "state.phase: a hand of this room is dealt at once, with no buying",
    )


def test_bs_ting1_no_declaration_in_a_room_without_it() -> None:
    """BS-TING-1 (the option ``bao_ting``): Baoshan's seat record refuses a declaration in a
    room without 报听; Yongshan keeps no seat record at all."""
    turn = _turn(BAOSHAN)
    assert turn.seats[0].variant == BaoshanSeat()
    _refused(
        _seat(turn, 0, variant=BaoshanSeat(ting=True)),
        "state.seats[0].variant: ting: no seat declares 报听 (bàotīng) in a room without bao_ting",
    )
    _refused(
        _seat(_turn(YONGSHAN), 0, variant=BaoshanSeat(ting=True)),
        "state.seats[0].variant: this room's variant declares no seat_state_class",
    )


def test_bs_ting3_a_declared_hand_claimed_nothing() -> None:
    """BS-TING-3: a hand that declared 报听 holds no peng or exposed kong."""
    state = find_state(TING, lambda s: any(m.kind is MeldKind.PENG for m in s.seats[0].melds))
    _refused(
        _seat(state, 0, variant=BaoshanSeat(ting=True)),
        "state.seats[0].variant: ting: a hand that declared 报听 claims no peng or kong",
    )
