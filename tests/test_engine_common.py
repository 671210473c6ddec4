"""The engine's common conventions (SPEC.md section 0), scripted on Baoshan from explicit walls.

Every wall is laid out by :func:`scripting.make_wall` (DEAL-1: the dealer's 14 first, then each
seat's 13 in play order, then the draws; kong replacements from the back). ``Q`` is a quiet hand:
13 different tiles, no pair, far from ready, so a seat holding it never claims anything.
"""

from __future__ import annotations

import pytest

from mahjong_rules import (
    ActionError,
    BuyPoints,
    Discard,
    Gang,
    HandResult,
    Hu,
    IllegalActionError,
    MeldKind,
    Pass,
    Payment,
    PaymentReason,
    Peng,
    Phase,
    TileCounts,
    TileSet,
    WallError,
    WinKind,
    get_variant,
)
from mahjong_rules.engine.events import (
    Dealt,
    Discarded,
    Drew,
    Event,
    Paid,
    PaymentsCancelled,
    Settled,
    WallExhausted,
    Won,
)
from mahjong_rules.engine.wall import make_wall as full_wall
from mahjong_rules.variants.baoshan import Ting
from scripting import Q2, Q, T, burn, make_wall, new, play

KONG, WIN, CHA_JIAO = PaymentReason.KONG, PaymentReason.WIN, PaymentReason.CHA_JIAO
BAOSHAN = get_variant("baoshan")

# Seat 1 holds 555m: on the dealer's 5m it may win (555m+567m), peng or kong.
CLAIMS = {0: Q + "5m", 1: "234m55567m666s99s", 2: Q, 3: Q}


def discards(seat: int, hand: str) -> tuple[Discard, ...]:
    """One discard per kind held, in tile order (how legal_actions lists them)."""
    return tuple(Discard(seat, t) for t in TileCounts(hand).distinct())


# ------------------------------------------------------------------ TILE-1


def test_tile1_walls_hold_108_tiles_or_136_with_honors() -> None:
    """TILE-1: 3 suits x 9 ranks x 4 = 108 tiles; with honors (有风) 1z-7z x 4 more = 136."""
    plain = BAOSHAN.new_hand(seed=1)
    assert len(plain.wall) == 108
    assert sorted(plain.wall) == list(full_wall(honors=False))
    assert not any(t.is_honor for t in plain.wall)
    honors = get_variant("baoshan", honors=True).new_hand(seed=1)
    assert len(honors.wall) == 136
    assert sorted(honors.wall) == list(full_wall(honors=True))
    assert sum(t.is_honor for t in honors.wall) == 28


def test_tile1_explicit_wall_must_match_the_game() -> None:
    """TILE-1: a 136-tile wall is refused without honors, a 108-tile wall with them."""
    with pytest.raises(WallError, match="108 tiles, got 136"):
        BAOSHAN.new_hand(wall=full_wall(honors=True))
    with pytest.raises(WallError, match="136 tiles, got 108"):
        get_variant("baoshan", honors=True).new_hand(wall=full_wall(honors=False))


# ------------------------------------------------------------------ SEAT-1 / DEAL-1


def test_seat1_play_passes_to_the_next_seat() -> None:
    """SEAT-1: play goes from seat i to (i+1) mod n, its 下家; the engine draws for each."""
    state = new({0: Q + "5m", 1: Q2, 2: Q, 3: Q}, draws="3p6p9s9p")
    log: list[Event] = []
    state = play(BAOSHAN, state, "0:D5m 1:D3p 2:D6p 3:D9s", log=log)
    drew = [(e.seat, e.tile) for e in log if isinstance(e, Drew)]
    assert drew == [(1, T("3p")), (2, T("6p")), (3, T("9s")), (0, T("9p"))]
    assert state.phase is Phase.TURN and state.current == 0
    assert [state.next_seat(s) for s in range(4)] == [1, 2, 3, 0]


@pytest.mark.parametrize("players", [2, 3])
def test_seat1_fewer_players_wrap_around(players: int) -> None:
    """SEAT-1: with 2 or 3 players the seats are 0..n-1 and play wraps at n."""
    rules = get_variant("baoshan", players=players)
    hands = {0: Q + "5m", 1: Q2, 2: Q2}
    hands = {s: h for s, h in hands.items() if s < players}
    state = new(hands, draws="3p6p", rules=rules)
    log: list[Event] = []
    script = "0:D5m 1:D3p" if players == 2 else "0:D5m 1:D3p 2:D6p"
    state = play(rules, state, script, log=log)
    drew = [e.seat for e in log if isinstance(e, Drew)]
    assert drew == ([1, 0] if players == 2 else [1, 2, 0])
    assert [state.next_seat(s) for s in range(players)] == [*range(1, players), 0]


def test_deal1_dealer_takes_14_then_each_seat_13_in_play_order() -> None:
    """DEAL-1: from an explicit wall the dealer takes the first 14 tiles, then seats dealer+1,
    dealer+2, ... take 13 each; ordinary draws come from the front of the rest, kong
    replacements from the back, and both count down the same tiles_left."""
    hands = {2: Q + "9m", 3: "5555m1369m36p369s", 0: Q, 1: "12346789m36p369s"}
    wall = make_wall(hands, draws="3s", replacements="6s", dealer=2)
    state = BAOSHAN.new_hand(wall=wall, dealer=2)
    assert state.seats[2].concealed == TileCounts(wall[0:14])
    assert state.seats[3].concealed == TileCounts(wall[14:27])
    assert state.seats[0].concealed == TileCounts(wall[27:40])
    assert state.seats[1].concealed == TileCounts(wall[40:53])
    assert [state.seats[s].concealed for s in range(4)] == [TileCounts(hands[s]) for s in range(4)]
    assert state.events == (Dealt(2, 55),)
    assert state.tiles_left == 55 and state.current == 2 and state.phase is Phase.TURN
    state = play(BAOSHAN, state, "2:D9m")  # seat 3 draws the front tile wall[53]
    assert state.seats[3].drawn == wall[53] == T("3s")
    assert state.tiles_left == 54
    state = play(BAOSHAN, state, "3:A5m")  # its replacement is the wall's last tile
    assert state.events[-1] == Drew(3, wall[-1], True)
    assert wall[-1] == T("6s")
    assert state.tiles_left == 53


def test_deal1_wrong_walls_raise_wall_error() -> None:
    """DEAL-1: an explicit wall must be the game's tiles exactly: a wall of the wrong size, or
    one holding a fifth 5m, is refused with WallError naming the problem."""
    wall = list(full_wall(honors=False))
    with pytest.raises(WallError, match="108 tiles, got 107"):
        BAOSHAN.new_hand(wall=wall[:-1])
    with pytest.raises(WallError, match="108 tiles, got 109"):
        BAOSHAN.new_hand(wall=[*wall, T("5m")])
    fifth = list(wall)
    fifth[fifth.index(T("9s"))] = T("5m")  # five 5m, three 9s
    with pytest.raises(WallError, match="5 of 5m"):
        BAOSHAN.new_hand(wall=fifth)
    with pytest.raises(WallError):
        BAOSHAN.new_hand(wall=[str(t) for t in wall])  # type: ignore[misc]


def test_deal1_scripting_helper_refuses_bad_hands() -> None:
    """DEAL-1 (test helper): make_wall checks hand sizes and tile counts itself."""
    with pytest.raises(ValueError, match="14 tiles"):
        make_wall({0: Q, 1: Q, 2: Q, 3: Q})
    with pytest.raises(ValueError, match="5 copies of 5m"):
        make_wall({0: Q + "5m", 1: "5555m1245789p12s", 2: Q, 3: Q})


# ------------------------------------------------------------------ FLOW-1 .. FLOW-3


def test_flow1_draws_are_not_actions() -> None:
    """FLOW-1: the engine draws for the players; no action is a draw, and after a discard that
    nobody claims the next seat already holds its drawn tile."""
    state = new({0: Q + "5m", 1: Q2, 2: Q, 3: Q}, draws="6p")
    kinds = {type(a) for a in BAOSHAN.legal_actions(state, 0)}
    assert kinds == {Discard}
    state = play(BAOSHAN, state, "0:D5m")
    assert state.events == (Discarded(0, T("5m")), Drew(1, T("6p")))
    assert state.seats[1].drawn == T("6p") and state.seats[1].tiles_count == 14
    for action in BAOSHAN.legal_actions(state, 1):
        assert isinstance(action, (Discard, Gang, Hu, Ting))


def test_flow2_only_seats_with_a_claim_are_asked() -> None:
    """FLOW-2: after a discard only seats with a legal claim are asked; the others get no
    actions at all."""
    state = play(BAOSHAN, new(CLAIMS), "0:D5m")
    assert state.phase is Phase.CLAIM
    assert BAOSHAN.to_act(state) == frozenset({1})
    assert BAOSHAN.legal_actions(state, 0) == ()
    assert BAOSHAN.legal_actions(state, 2) == ()
    assert BAOSHAN.legal_actions(state, 3) == ()


def test_flow2_answer_order_does_not_matter() -> None:
    """FLOW-2: each asked seat answers once; the claims are resolved when all are in, so the
    order the answers came in leaves no trace."""
    hands = {0: Q + "9m", 1: "123m456m78m33p666s", 2: "78m234m555m33s999s", 3: Q}
    state = play(BAOSHAN, new(hands), "0:D9m")
    assert BAOSHAN.to_act(state) == frozenset({1, 2})
    one = play(BAOSHAN, state, "1:H 2:X")
    other = play(BAOSHAN, state, "2:X 1:H")
    assert one.result == other.result
    assert one.result is not None and one.result.winners == (1,)
    half = play(BAOSHAN, state, "1:H")
    assert BAOSHAN.to_act(half) == frozenset({2})
    with pytest.raises(IllegalActionError, match="not that seat's move"):
        BAOSHAN.apply(half, Pass(1))  # seat 1 has answered already


def test_flow3_legal_actions_list_exactly_what_applies() -> None:
    """FLOW-3: legal_actions gives the exact tuple: win, peng, kong, pass (seat 1 holds 555m
    and wins on 5m with 555m + 567m); each of them applies cleanly."""
    state = play(BAOSHAN, new(CLAIMS), "0:D5m")
    assert BAOSHAN.legal_actions(state, 1) == (
        Hu(1),
        Peng(1),
        Gang(1, T("5m"), MeldKind.ZHI_GANG),
        Pass(1),
    )
    for action in BAOSHAN.legal_actions(state, 1):
        BAOSHAN.apply(state, action)
    first = new(CLAIMS)
    assert BAOSHAN.legal_actions(first, 0) == discards(0, Q + "5m")


@pytest.mark.parametrize(
    ("action", "why"),
    [
        (Discard(1, T("5m")), "not that seat's move"),
        (Discard(0, T("3m")), "holds no 3m"),
        (Peng(0), "Peng"),
        (Pass(0), "Pass"),
        (Hu(0), "not complete"),
        (Gang(0, T("5m"), MeldKind.AN_GANG), "Gang"),
        (Ting(0), "Ting"),
        (BuyPoints(0, 1), "BuyPoints"),
    ],
)
def test_flow3_illegal_actions_raise_and_leave_the_state(action: object, why: str) -> None:
    """FLOW-3: an illegal action (wrong seat, wrong phase, tile not held, not complete) raises
    IllegalActionError saying why, and the state it was applied to is unchanged."""
    state = new(CLAIMS)
    before = (state, state.events, state.seats, state.ledger)
    with pytest.raises(IllegalActionError, match=why):
        BAOSHAN.apply(state, action)  # type: ignore[arg-type]
    assert (state, state.events, state.seats, state.ledger) == before
    assert state == new(CLAIMS)


def test_flow3_a_seat_off_the_table_is_refused() -> None:
    """FLOW-3: no seat 7 can be built; seat 3 is built but sits at no table of 3."""
    with pytest.raises(ActionError, match=r"Discard\.seat: a seat is an int 0\.\.3, got 7"):
        Discard(7, T("5m"))
    rules = get_variant("baoshan", players=3)
    state = rules.new_hand(seed=2)
    with pytest.raises(IllegalActionError, match="Discard: no seat 3 at a table of 3"):
        rules.apply(state, Discard(3, T("5m")))


def test_flow3_claim_window_and_ended_hand_refuse_actions() -> None:
    """FLOW-3: no discarding in a claim window, nothing after the hand ended, and a state from
    a room with other options is refused."""
    state = play(BAOSHAN, new(CLAIMS), "0:D5m")
    with pytest.raises(IllegalActionError, match="claim"):
        BAOSHAN.apply(state, Discard(1, T("2m")))
    ended = play(BAOSHAN, state, "1:H")
    assert ended.phase is Phase.ENDED
    with pytest.raises(IllegalActionError, match="ended"):
        BAOSHAN.apply(ended, Discard(1, T("2m")))
    other = get_variant("baoshan", pian_gang=True)
    with pytest.raises(IllegalActionError, match="other options"):
        other.apply(state, Pass(1))
    with pytest.raises(IllegalActionError, match="not an action"):
        BAOSHAN.apply(state, "1:H")  # type: ignore[arg-type]


# ------------------------------------------------------------------ FLOW-4

# Seat 2 waits on 1m, 2m and 4m (2333m + three pungs); every copy of them and of its pungs is
# placed, so nobody can claim the filler that is drawn and discarded on the way to the end.
# Seat 1 holds a pair of 2m.
LAST = {
    0: "134579m147p23568s",
    1: "122468m23568p19s",
    2: "2333m333p666p999s",
    3: "1456m129p134567s",
}


def test_flow4_forced_win_offers_no_pass_and_is_applied_by_the_engine() -> None:
    """FLOW-4 (with BS-LAST-1): in the last 4 tiles the seat that can win on a discard is not
    asked (no Pass to choose): the engine answers Hu for it at once. Seat 1, which could only
    peng the tile, is not asked either (FLOW-2): in Baoshan the win ends the hand, so its peng
    could never happen. The result marks the win forced."""
    state = new(LAST, tail="7m2m1m4m8m")
    state = burn(BAOSHAN, state, left=4)
    assert (state.current, state.seats[3].drawn, state.tiles_left) == (3, T("7m"), 4)
    state = play(BAOSHAN, state, "3:D7m")  # seat 0 draws the 4th-last tile, 2m
    assert (state.current, state.seats[0].drawn, state.tiles_left) == (0, T("2m"), 3)
    state = play(BAOSHAN, state, "0:D2m")
    assert state.phase is Phase.ENDED
    assert BAOSHAN.to_act(state) == frozenset()
    assert BAOSHAN.legal_actions(state, 1) == () and BAOSHAN.legal_actions(state, 2) == ()
    result = BAOSHAN.result(state)
    assert result is not None and result.forced
    (win,) = result.wins
    assert (win.seat, win.how, win.tile, win.from_seat, win.forced) == (
        2,
        WinKind.DISCARD,
        T("2m"),
        0,
        True,
    )
    assert win.breakdown.keys == ("da_dui_zi",)  # 22m + 333m + three pungs
    assert result.payments == (Payment(0, 2, 2, WIN),)
    won, paid, settled = state.events[-3:]  # the win, its payment, the settlement
    assert isinstance(won, Won) and won.win.forced
    assert paid == Paid(Payment(0, 2, 2, WIN)) and settled == Settled(result)


# ------------------------------------------------------------------ FLOW-5 / FLOW-6


def test_flow5_payments_are_between_two_seats_with_a_reason_and_sum_to_zero() -> None:
    """FLOW-5: a kong payment and a win's payments each name payer, payee, amount and reason;
    the deltas sum to zero; the result lists the winner, its breakdown and the next dealer.
    (Seat 1 kongs the dealer's 5m and wins on the replacement 8m: 杠上花.)"""
    state = new(CLAIMS, replacements="8m")
    state = play(BAOSHAN, state, "0:D5m 1:G5m")
    assert state.ledger == (Payment(0, 1, 1, KONG, 1),)
    assert Paid(Payment(0, 1, 1, KONG, 1)) in state.events
    assert BAOSHAN.legal_actions(state, 1)[0] == Hu(1)
    state = play(BAOSHAN, state, "1:H")
    result = BAOSHAN.result(state)
    assert result == HandResult(
        wins=result.wins if result else (),
        payments=(
            Payment(0, 1, 1, KONG, 1),
            Payment(0, 1, 2, WIN),
            Payment(2, 1, 2, WIN),
            Payment(3, 1, 2, WIN),
        ),
        deltas=(-3, 7, -2, -2),
        next_dealer=1,
    )
    assert result is not None and sum(result.deltas) == 0
    assert result.winners == (1,)
    assert [(i.key, i.fan) for i in result.breakdown(1).items] == [("gang_shang_hua", 1)]
    assert {p.reason for p in result.payments} == {KONG, WIN}


def test_flow6_an_exhausted_wall_ends_the_hand_as_a_draw() -> None:
    """FLOW-6: 流局 is the hand ending with the wall empty: no winner, WallExhausted, and the
    seat that drew the last tile and discarded still had something to discard."""
    rules = get_variant("baoshan", cha_jiao="off")
    state = new(LAST, tail="7m8m9m5m6m", rules=rules)
    state = burn(rules, state, left=0)
    assert state.tiles_left == 0 and state.phase is Phase.TURN
    assert rules.legal_actions(state, state.current)  # it may discard
    state = burn(rules, state)
    result = rules.result(state)
    assert result is not None
    assert result.exhausted and result.wins == () and result.payments == ()
    assert result.next_dealer == 0
    assert WallExhausted() in state.events
    assert rules.to_act(state) == frozenset()


# ------------------------------------------------------------------ SCORE-1 .. SCORE-3


def _dealt_win(hand: str, **options: object) -> HandResult:
    """The dealer wins on his dealt 14 ``hand`` (a self-draw) in a room with ``options``."""
    rules = get_variant("baoshan", **options)
    state = new({0: hand, 1: Q, 2: Q, 3: Q}, rules=rules)
    assert rules.legal_actions(state, 0)[0] == Hu(0)
    result = rules.result(play(rules, state, "0:H"))
    assert result is not None
    return result


@pytest.mark.parametrize(
    ("scoring", "points"),
    [("doubling", 8), ("linear", 4)],
)
def test_score1_pattern_score_doubles_per_fan_or_adds_linearly(scoring: str, points: int) -> None:
    """SCORE-1: 门清 + 大对子 + 清一色 = 3 fan pay 2**3 = 8 each, or 1 + 3 = 4 with `linear`."""
    result = _dealt_win("11122233344455m", scoring=scoring)
    assert result.breakdown(0).keys == ("men_qing", "da_dui_zi", "qing_yi_se")
    assert result.breakdown(0).points == points
    assert result.payments == tuple(Payment(p, 0, points, WIN) for p in (1, 2, 3))
    assert result.deltas == (3 * points, -points, -points, -points)


def test_score1_ping_hu_is_the_base_point() -> None:
    """SCORE-1: 平胡 (0 fan) is the base 1 point (won on a discard: no 门清)."""
    hands = {0: Q + "9m", 1: "123m456m78m33p666s", 2: Q, 3: Q}
    hands[2] = Q2
    result = BAOSHAN.result(play(BAOSHAN, new(hands), "0:D9m 1:H"))
    assert result is not None
    assert [(i.key, i.fan) for i in result.breakdown(1).items] == [("ping_hu", 0)]
    assert result.payments == (Payment(0, 1, 1, WIN),)


def test_score2_fan_values_are_configurable() -> None:
    """SCORE-2: 门清 1 + 清一色 1 = 2 fan (4 points); with fan={"qing_yi_se": 2}, 3 fan (8)."""
    plain = _dealt_win("12345678912355m")
    assert [(i.key, i.fan) for i in plain.breakdown(0).items] == [
        ("men_qing", 1),
        ("qing_yi_se", 1),
    ]
    assert plain.payments == tuple(Payment(p, 0, 4, WIN) for p in (1, 2, 3))
    more = _dealt_win("12345678912355m", fan={"qing_yi_se": 2})
    assert [(i.key, i.fan) for i in more.breakdown(0).items] == [
        ("men_qing", 1),
        ("qing_yi_se", 2),
    ]
    assert more.payments == tuple(Payment(p, 0, 8, WIN) for p in (1, 2, 3))


def test_score3_the_best_reading_is_scored_and_reported() -> None:
    """SCORE-3 / BS-PAT-MAX: 111222333444m55m reads as four pungs (大对子) or as three chows +
    444m; the pungs score more, and the result reports that reading."""
    result = _dealt_win("11122233344455m")
    reading = result.breakdown(0).reading
    assert reading is not None
    assert all(g.kind.value != "chow" for g in reading.groups)
    assert result.breakdown(0).fan == 3


# ------------------------------------------------------------------ PASSPENG-1

# Seat 2 holds pairs of 5m and 7m; everybody else holds nothing twice.
PENGS = {0: Q + "9s", 1: Q, 2: "55m77m147p258s9m36s", 3: Q}


def test_passpeng1_declined_peng_is_not_offered_again_before_own_draw() -> None:
    """PASSPENG-1: seat 2 declines to peng seat 3's 5m; when seat 0 discards 5m before seat 2
    has drawn, seat 2 is not asked (peng blocked, and it has no other claim)."""
    state = new(PENGS, draws="3m6m5m5m8m")
    state = play(BAOSHAN, state, "0:D9s 1:D3m 2:D6m 3:D5m")
    assert BAOSHAN.legal_actions(state, 2) == (Peng(2), Pass(2))
    state = play(BAOSHAN, state, "2:X")
    assert state.seats[2].pass_peng == TileSet("5m")
    state = play(BAOSHAN, state, "0:D5m")
    assert state.events[-1] == Drew(1, T("8m"))  # nobody was asked
    assert BAOSHAN.legal_actions(state, 2) == ()


def test_passpeng1_own_draw_lifts_the_block() -> None:
    """PASSPENG-1: after seat 2's own next draw it may peng 5m again."""
    state = new(PENGS, draws="3m6m5m3m6m8m5m")
    state = play(BAOSHAN, state, "0:D9s 1:D3m 2:D6m 3:D5m 2:X 0:D3m 1:D6m")
    assert state.seats[2].drawn == T("8m") and state.seats[2].pass_peng == TileSet()
    state = play(BAOSHAN, state, "2:D8m 3:D5m")
    assert BAOSHAN.legal_actions(state, 2) == (Peng(2), Pass(2))


def test_passpeng1_a_claim_lifts_the_block() -> None:
    """PASSPENG-1: a peng of another tile (a claim) lifts the block on 5m too."""
    state = new(PENGS, draws="3m6m5m7m5m")
    state = play(BAOSHAN, state, "0:D9s 1:D3m 2:D6m 3:D5m 2:X 0:D7m 2:P")
    assert state.seats[2].pass_peng == TileSet()
    state = play(BAOSHAN, state, "2:D9m 3:D5m")
    assert BAOSHAN.legal_actions(state, 2) == (Peng(2), Pass(2))


def test_flow5_every_payment_is_reported_by_a_paid_event() -> None:
    """FLOW-5: kong, win and 查叫 payments alike each come with a Paid event (cancelled ones are
    taken back by PaymentsCancelled), so the events add up to the settlement, in both games."""
    import random

    for name in ("baoshan", "yongshan"):
        rules = get_variant(name)
        for seed in range(40):
            rng = random.Random(seed)
            state = rules.new_hand(seed=seed)
            paid: list[Payment] = []
            while rules.result(state) is None:
                seat = min(rules.to_act(state))
                state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
                for event in state.events:
                    if isinstance(event, Paid):
                        paid.append(event.payment)
                    elif isinstance(event, PaymentsCancelled):
                        for payment in event.payments:
                            paid.remove(payment)
            result = rules.result(state)
            assert result is not None
            assert sorted(paid, key=repr) == sorted(result.payments, key=repr), (name, seed)
