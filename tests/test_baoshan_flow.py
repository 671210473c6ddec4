"""保山麻将 play, scripted from explicit walls (SPEC.md section 1: setup, flow, pass rules,
forced wins, 十老头, 报听, 买点, kong legality and displays).

Walls are laid out by :func:`scripting.make_wall` (DEAL-1). ``Q`` and ``Q2`` are quiet hands (no
pair, far from ready): a seat holding one never claims anything.
"""

from __future__ import annotations

import pytest

from mahjong_rules import (
    ActionError,
    BuyPoints,
    Discard,
    Gang,
    Hu,
    IllegalActionError,
    Meld,
    MeldKind,
    OptionsError,
    Pass,
    Payment,
    PaymentReason,
    Peng,
    Phase,
    State,
    TileCounts,
    WinKind,
    get_variant,
)
from mahjong_rules.engine.events import Dealt, Drew, Event
from mahjong_rules.variants.baoshan import Declared, Ting
from mahjong_rules.variants.baoshan.buying import PointsBought
from mahjong_rules.variants.base import Rules
from scripting import Q2, Q, T, bought, burn, new, play

KONG, WIN = PaymentReason.KONG, PaymentReason.WIN
AN, BU, ZHI = MeldKind.AN_GANG, MeldKind.BU_GANG, MeldKind.ZHI_GANG
BAOSHAN = get_variant("baoshan")


def discards(seat: int, hand: str | TileCounts) -> tuple[Discard, ...]:
    """One discard per kind held, in tile order (how legal_actions lists them)."""
    counts = hand if isinstance(hand, TileCounts) else TileCounts(hand)
    return tuple(Discard(seat, t) for t in counts.distinct())


def ended(rules: Rules, state: State) -> None:
    """The hand is over: nobody acts and nobody has an action."""
    assert state.phase is Phase.ENDED
    assert rules.to_act(state) == frozenset()
    assert all(rules.legal_actions(state, s) == () for s in range(state.players))


# ------------------------------------------------------------------ setup


def test_bs_tiles1_108_tiles_or_136_with_honors() -> None:
    """BS-TILES-1: 108 tiles; the 有风 option (honors=True) adds the 28 honor tiles, which can
    then be dealt."""
    assert len(BAOSHAN.new_hand(seed=3).wall) == 108
    rules = get_variant("baoshan", honors=True)
    state = rules.new_hand(seed=3)
    assert len(state.wall) == 136 and sum(t.is_honor for t in state.wall) == 28
    state = new({0: "1234567z" + "1234567m", 1: Q, 2: Q, 3: Q}, rules=rules)
    assert state.seats[0].concealed == TileCounts("1234567m1234567z")


@pytest.mark.parametrize(("players", "left"), [(2, 81), (3, 68), (4, 55)])
def test_bs_players1_two_three_or_four_players(players: int, left: int) -> None:
    """BS-PLAYERS-1: 2, 3 or 4 players; the dealer gets 14 tiles, the others 13 each."""
    rules = get_variant("baoshan", players=players)
    state = rules.new_hand(seed=11)
    assert len(state.seats) == players and state.tiles_left == left
    assert [s.tiles_count for s in state.seats] == [14] + [13] * (players - 1)
    hands = {0: Q + "5m", 1: Q2, 2: Q2, 3: Q}
    state = new({s: hands[s] for s in range(players)}, rules=rules)
    assert [state.seats[s].concealed for s in range(players)] == [
        TileCounts(hands[s]) for s in range(players)
    ]


def test_bs_players1_other_tables_are_refused() -> None:
    """BS-PLAYERS-1: a table of 5 (or 1) does not exist; a dealer outside the table neither."""
    for players in (1, 5):
        with pytest.raises(OptionsError, match="players"):
            get_variant("baoshan", players=players)
    with pytest.raises(OptionsError, match="dealer"):
        get_variant("baoshan", players=3).new_hand(seed=1, dealer=3)


def test_bs_claim1_no_chow_is_ever_offered() -> None:
    """BS-CLAIM-1: seat 1 holds 4m6m (and 3m4m) but is not asked about the dealer's 5m: no
    chow; play goes straight on to its draw."""
    state = new({0: Q + "5m", 1: "3446m1245p12457s", 2: Q, 3: Q}, draws="9m")
    state = play(BAOSHAN, state, "0:D5m")
    assert state.phase is Phase.TURN and state.current == 1
    assert state.events[-1] == Drew(1, T("9m"))


def test_bs_deal1_dealer_holds_14_and_discards_first() -> None:
    """BS-DEAL-1: the dealer holds 14 tiles and acts first with a discard (no draw); the
    others hold 13 and wait."""
    for dealer in (0, 2):
        hands = {s: Q for s in range(4)}
        hands[dealer] = Q + "5m"
        state = new(hands, dealer=dealer)
        assert state.current == dealer and BAOSHAN.to_act(state) == frozenset({dealer})
        assert state.seats[dealer].drawn is None
        assert [s.tiles_count for s in state.seats] == [14 if s == dealer else 13 for s in range(4)]
        assert BAOSHAN.legal_actions(state, dealer) == discards(dealer, Q + "5m")


def test_bs_deal1_buying_comes_before_the_deal() -> None:
    """BS-DEAL-1 / BS-BUY-1: with 买点 on and no points given, the hand opens in a BUYING phase
    in which nothing is dealt; the deal follows the last seat's choice."""
    rules = get_variant("baoshan", buy_points="dead_2")
    state = rules.new_hand(seed=5)
    assert state.phase is Phase.CHOOSING
    assert all(len(s.concealed) == 0 for s in state.seats) and state.front == 0
    assert rules.to_act(state) == frozenset({0, 1, 2, 3})
    log: list[Event] = []
    state = play(rules, state, "2:M2 0:M0 3:M1", log=log)
    assert state.phase is Phase.CHOOSING and rules.to_act(state) == frozenset({1})
    state = play(rules, state, "1:M0", log=log)
    assert log[:4] == [
        PointsBought(2, 2),
        PointsBought(0, 0),
        PointsBought(3, 1),
        PointsBought(1, 0),
    ]
    assert log[4] == Dealt(0, 55)
    assert state.phase is Phase.TURN and [s.variant.points for s in state.seats] == [0, 0, 2, 1]
    assert [s.tiles_count for s in state.seats] == [14, 13, 13, 13]


# ------------------------------------------------------------------ BS-BUY-1


@pytest.mark.parametrize(("mode", "cap"), [("dead_1", 1), ("dead_2", 2), ("live", 2), ("none", 0)])
def test_bs_buy1_each_seat_chooses_up_to_the_cap(mode: str, cap: int) -> None:
    """BS-BUY-1: 死点 capped at 1 or 2, 活点 (0..2), or no 买点 at all (no BUYING phase)."""
    rules = get_variant("baoshan", buy_points=mode)
    state = rules.new_hand(seed=5)
    if cap == 0:
        assert state.phase is Phase.TURN
        return
    for seat in range(4):
        assert rules.legal_actions(state, seat) == tuple(BuyPoints(seat, p) for p in range(cap + 1))
    if cap < 2:
        with pytest.raises(IllegalActionError, match=f"0..{cap}"):
            rules.apply(state, BuyPoints(0, cap + 1))
    else:  # no 买点 above 2 can even be built
        with pytest.raises(ActionError, match=r"points are an int 0\.\.2, got 3"):
            BuyPoints(0, cap + 1)
    state = play(rules, state, f"0:M{cap}")
    with pytest.raises(IllegalActionError, match="not that seat's move"):
        rules.apply(state, BuyPoints(0, 0))  # a seat buys once


def test_bs_buy1_points_given_to_new_hand_skip_the_buying() -> None:
    """BS-BUY-1: the choice holds for the whole match: later hands pass it to new_hand, which
    deals at once; points above the cap are refused."""
    rules = get_variant("baoshan", buy_points="dead_1")
    state = rules.new_hand(seed=5, answers=bought((1, 0, 1, 0)))
    assert state.phase is Phase.TURN and [s.variant.points for s in state.seats] == [1, 0, 1, 0]
    assert state.step == 0 and [e.points for e in state.events[:4]] == [1, 0, 1, 0]  # type: ignore[attr-defined]
    with pytest.raises(OptionsError, match=r"^answers\[0\]: BuyPoints\(seat=0, points=2\) is not"):
        rules.new_hand(seed=5, answers=bought((2, 0, 0, 0)))
    partial = rules.new_hand(seed=5, answers=bought((1, 0, 0)))  # the fourth seat buys in play
    assert partial.phase is Phase.CHOOSING and rules.to_act(partial) == {3}


# ------------------------------------------------------------------ BS-END-1

# Seats 1 and 2 both wait on 9m (and 6m); the dealer's first discard is 9m.
TWO_WAIT = {0: Q + "9m", 1: "123m456m78m33p666s", 2: "78m234m555m33s999s", 3: Q}


def test_bs_end1_the_first_win_ends_the_hand() -> None:
    """BS-END-1: the first win ends the hand: nobody acts any more."""
    state = play(BAOSHAN, new(TWO_WAIT), "0:D9m 1:H 2:X")
    ended(BAOSHAN, state)
    result = BAOSHAN.result(state)
    assert result is not None and result.winners == (1,) and not result.exhausted


def test_bs_end1_several_seats_may_win_on_one_discard() -> None:
    """BS-END-1 一炮多响: seats 1 and 2 both win on the dealer's 9m; each is paid by the
    discarder; the hand ends."""
    state = play(BAOSHAN, new(TWO_WAIT), "0:D9m")
    assert BAOSHAN.legal_actions(state, 1) == (Hu(1), Pass(1))
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Pass(2))
    state = play(BAOSHAN, state, "2:H 1:H")
    ended(BAOSHAN, state)
    result = BAOSHAN.result(state)
    assert result is not None
    assert [(w.seat, w.how, w.tile, w.from_seat) for w in result.wins] == [
        (1, WinKind.DISCARD, T("9m"), 0),
        (2, WinKind.DISCARD, T("9m"), 0),
    ]
    assert result.payments == (Payment(0, 1, 1, WIN), Payment(0, 2, 1, WIN))


def test_bs_end1_dealer_wins_on_his_dealt_14_as_a_self_draw() -> None:
    """BS-END-1: the dealer may win on his dealt 14 tiles; it settles as a self-draw (门清,
    every other seat pays)."""
    state = new({0: "123m456m789m33p666s", 1: Q, 2: Q, 3: Q})
    assert BAOSHAN.legal_actions(state, 0) == (Hu(0), *discards(0, "123m456m789m33p666s"))
    state = play(BAOSHAN, state, "0:H")
    result = BAOSHAN.result(state)
    assert result is not None
    (win,) = result.wins
    assert (win.seat, win.how, win.from_seat, win.forced) == (0, WinKind.SELF_DRAW, None, False)
    assert win.breakdown.keys == ("men_qing",)
    assert result.payments == (Payment(1, 0, 2, WIN), Payment(2, 0, 2, WIN), Payment(3, 0, 2, WIN))


def test_bs_end1_option_forbids_the_dealt_win() -> None:
    """BS-END-1 option dealer_dealt_win=False: no win on the dealt 14."""
    rules = get_variant("baoshan", dealer_dealt_win=False)
    state = new({0: "123m456m789m33p666s", 1: Q, 2: Q, 3: Q}, rules=rules)
    assert rules.legal_actions(state, 0) == discards(0, "123m456m789m33p666s")
    with pytest.raises(IllegalActionError, match="Hu"):
        rules.apply(state, Hu(0))


# ------------------------------------------------------------------ BS-EMPTY-1

# Seat 3 draws the last tile; 5m is last in the wall. Nobody is ready, nobody holds a pair
# except the three 5m.
EMPTY = {0: Q + "9m", 1: Q, 2: Q, 3: "1245556789m36p3s"}


def test_bs_empty1_no_concealed_kong_on_the_last_tile() -> None:
    """BS-EMPTY-1: seat 3 draws the fourth 5m as the wall's last tile: no 暗杠 is offered (no
    replacement could be drawn), only discards."""
    state = burn(BAOSHAN, new(EMPTY, tail="5m"), left=0)
    assert (state.current, state.seats[3].drawn, state.tiles_left) == (3, T("5m"), 0)
    assert state.seats[3].concealed.count(T("5m")) == 4
    assert BAOSHAN.legal_actions(state, 3) == discards(3, state.seats[3].concealed)


def test_bs_empty1_no_exposed_kong_on_the_last_discard() -> None:
    """BS-EMPTY-1: seat 1 holds 555m; the last tile, 5m, is discarded: it may peng, not kong."""
    hands = {0: Q + "9m", 1: "1245556789m36p3s", 2: Q, 3: Q}
    state = burn(BAOSHAN, new(hands, tail="5m"), left=0)
    state = play(BAOSHAN, state, "3:D5m")
    assert BAOSHAN.legal_actions(state, 1) == (Peng(1), Pass(1))
    state = play(BAOSHAN, state, "1:P")
    assert state.current == 1 and state.phase is Phase.TURN  # it discards, then 流局
    assert all(isinstance(a, Discard) for a in BAOSHAN.legal_actions(state, 1))


# ------------------------------------------------------------------ BS-PASSHU-1

# Seat 2 waits on 1m (平胡), 2m (大对子, one fan more) and 4m (平胡). The others hold no pair.
PASS_HANDS = {
    0: "1234579m147p2358s",
    1: "1268m23589p1467s",
    2: "2333m333p666p999s",
    3: "1456m1267p34589s",
}


def test_bs_passhu1_a_passed_win_blocks_later_discards_even_for_more_fan() -> None:
    """BS-PASSHU-1: seat 2 passes a win on seat 3's 1m; seat 0's 2m (大对子, more fan) and seat
    1's 4m are not offered to it; after its own draw seat 3's 4m is."""
    state = new(PASS_HANDS, draws="7s8p1m2m4m7s4m")
    state = play(BAOSHAN, state, "0:D8s 1:D7s 2:D8p 3:D1m")
    assert BAOSHAN.to_act(state) == frozenset({2})
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Pass(2))
    state = play(BAOSHAN, state, "2:X")
    assert state.seats[2].pass_hu
    state = play(BAOSHAN, state, "0:D2m")
    assert state.events[-1] == Drew(1, T("4m"))  # seat 2 was not asked
    state = play(BAOSHAN, state, "1:D4m")
    assert state.events[-1] == Drew(2, T("7s"))
    assert not state.seats[2].pass_hu  # its own draw lifts the block
    state = play(BAOSHAN, state, "2:D7s 3:D4m")
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Pass(2))


def test_bs_passhu1_option_yongshan_rule_allows_more_fan() -> None:
    """BS-PASSHU-1 option pass_hu="yongshan" (YS-PASSHU-1): after passing 1m (0 fan) seat 2
    may win on seat 0's 2m (大对子, more fan); having passed that too, not on seat 1's 4m."""
    rules = get_variant("baoshan", pass_hu="yongshan")
    state = new(PASS_HANDS, draws="7s8p1m2m4m7s4m", rules=rules)
    state = play(rules, state, "0:D8s 1:D7s 2:D8p 3:D1m 2:X 0:D2m")
    assert rules.legal_actions(state, 2) == (Hu(2), Pass(2))
    state = play(rules, state, "2:X 1:D4m")
    assert state.events[-1] == Drew(2, T("7s"))  # the 4m (0 fan) was not offered


def test_bs_passhu1_seed_pass_a_self_draw_then_no_win_on_the_next_seats_discard() -> None:
    """BS-PASSHU-1 (seed): seat 2 does not take its self-drawn 1m and discards it; it then may
    not win on its 下家 seat 3's 2m, nor on seat 0's 4m, until it draws again."""
    state = new(PASS_HANDS, draws="7s1m2m4m7s8p4m")
    state = play(BAOSHAN, state, "0:D8s 1:D7s")
    assert BAOSHAN.legal_actions(state, 2)[0] == Hu(2)
    state = play(BAOSHAN, state, "2:D1m")
    assert state.events[-1] == Drew(3, T("2m"))
    state = play(BAOSHAN, state, "3:D2m")
    assert state.events[-1] == Drew(0, T("4m"))  # 下家's 2m: seat 2 not asked
    assert BAOSHAN.legal_actions(state, 2) == ()
    state = play(BAOSHAN, state, "0:D4m 1:D7s 2:D8p 3:D4m")
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Pass(2))


def test_bs_passhu1_a_peng_lifts_the_block() -> None:
    """BS-PASSHU-1: after passing seat 3's 1m, seat 2 pengs seat 0's 3p (peng lifts the block)
    and may win on seat 3's next discard, 2m."""
    hands = {**PASS_HANDS, 1: "12689m2589p1467s"}  # the fourth 3p is drawn by seat 0
    state = new(hands, draws="7s8p1m3p2m")
    state = play(BAOSHAN, state, "0:D8s 1:D7s 2:D8p 3:D1m 2:X 0:D3p")
    assert BAOSHAN.legal_actions(state, 2) == (Peng(2), Gang(2, T("3p"), ZHI), Pass(2))
    state = play(BAOSHAN, state, "2:P")
    assert not state.seats[2].pass_hu
    assert BAOSHAN.discard_gives_up_kong(state, 2, T("3p"))  # BS-GANG-8: peng + one in hand
    state = play(BAOSHAN, state, "2:D3p 3:D2m")
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Pass(2))


def test_bs_passhu1_a_kong_lifts_the_block() -> None:
    """BS-PASSHU-1: the same with a kong of the 3p (and its replacement draw)."""
    hands = {**PASS_HANDS, 1: "12689m2589p1467s"}
    state = new(hands, draws="7s8p1m3p2m", replacements="7p")
    state = play(BAOSHAN, state, "0:D8s 1:D7s 2:D8p 3:D1m 2:X 0:D3p 2:G3p")
    assert not state.seats[2].pass_hu
    state = play(BAOSHAN, state, "2:D7p 3:D2m")
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Pass(2))


def test_bs_passhu1_a_passed_win_also_blocks_robbing_a_kong() -> None:
    """BS-PASSHU-1: seat 2 passes seat 3's 1m; seat 0 then adds 4m (a wait of seat 2) to its
    peng: seat 2 is not asked to rob it, and the 补杠 goes through."""
    hands = {
        0: "12344579m147p258s",
        1: "1268m23589p1467s",
        2: "2333m333p666p999s",
        3: "156m1267p34589s" + "9m",
    }
    # seat 1 draws and discards 4m: seat 2 could win and seat 0 pengs; seat 2 passes
    state = new(hands, draws="4m7s8p1m4m")
    state = play(BAOSHAN, state, "0:D8s 1:D4m")
    assert BAOSHAN.to_act(state) == frozenset({0, 2})
    state = play(BAOSHAN, state, "2:X 0:P 0:D9m 1:D7s 2:D8p 3:D1m 2:X")
    assert state.seats[0].drawn == T("4m")
    state = play(BAOSHAN, state, "0:B4m")
    assert state.phase is Phase.TURN and state.current == 0  # no rob window: replacement drawn
    assert state.seats[0].melds == (Meld(BU, T("4m"), from_seat=1),)
    assert state.ledger == (Payment(1, 0, 1, KONG, 1),)


# ------------------------------------------------------------------ BS-PASSHU-2 / BS-LAST-1

# Seat 2 waits on 1m, 2m and 4m as above; the other seats hold no pair. Their dealt tiles and
# the wall's tail place every copy of 1m, 2m, 4m, so the filler drawn on the way to the end
# of the wall is nobody's win.
LAST = {
    0: "134579m147p23568s",
    1: "124m68m23568p149s",
    2: "2333m333p666p999s",
    3: "1456m129p134567s",
}


def test_bs_passhu2_seed_example_pass_on_5th_last_then_forced_win_on_4th_last() -> None:
    """BS-PASSHU-2 / BS-LAST-1 (seed example): seat 2's 下家 (seat 3) deals in on the 5th-last
    tile and seat 2 passes; its 对家 (seat 0) deals in on the 4th-last tile and seat 2 wins
    automatically: 过手胡 does not apply inside the last 4 tiles."""
    state = burn(BAOSHAN, new(LAST, tail="1m2m4m2m9m"), left=4)
    assert (state.current, state.seats[3].drawn, state.tiles_left) == (3, T("1m"), 4)
    state = play(BAOSHAN, state, "3:D1m")
    assert BAOSHAN.legal_actions(state, 2) == (Hu(2), Pass(2))  # 4 left: not forced yet
    state = play(BAOSHAN, state, "2:X")
    assert state.seats[2].pass_hu
    assert (state.current, state.seats[0].drawn, state.tiles_left) == (0, T("2m"), 3)
    state = play(BAOSHAN, state, "0:D2m")
    ended(BAOSHAN, state)  # nobody was asked: the engine applied the win
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
    assert win.breakdown.keys == ("da_dui_zi",)
    assert result.payments == (Payment(0, 2, 2, WIN),)
    assert result.next_dealer == 2


def test_bs_last1_forced_self_draw_in_the_last_4_tiles() -> None:
    """BS-LAST-1 with 4 players: seat 2 self-draws 1m with 5 tiles left and may still decline
    (it discards it); it draws 2m with 1 tile left and wins at once, forced (no discard is
    offered)."""
    state = burn(BAOSHAN, new(LAST, tail="1m7m8m9m2m4m"), left=5)
    assert (state.current, state.seats[2].drawn, state.tiles_left) == (2, T("1m"), 5)
    actions = BAOSHAN.legal_actions(state, 2)
    assert actions[0] == Hu(2) and Discard(2, T("1m")) in actions
    state = play(BAOSHAN, state, "2:D1m 3:D7m 0:D8m")
    assert state.tiles_left == 2 and state.current == 1
    state = play(BAOSHAN, state, "1:D9m")
    ended(BAOSHAN, state)
    result = BAOSHAN.result(state)
    assert result is not None
    (win,) = result.wins
    assert (win.seat, win.how, win.tile, win.forced) == (2, WinKind.SELF_DRAW, T("2m"), True)
    assert win.breakdown.keys == ("men_qing", "da_dui_zi")
    assert result.payments == (Payment(0, 2, 4, WIN), Payment(1, 2, 4, WIN), Payment(3, 2, 4, WIN))


def test_bs_last1_option_sets_the_window() -> None:
    """BS-LAST-1: forced_win_tiles=0 turns forced wins off: seat 2 may pass on the 4th-last."""
    rules = get_variant("baoshan", forced_win_tiles=0)
    state = burn(rules, new(LAST, tail="7m2m1m4m2m", rules=rules), left=3)
    state = play(rules, state, "0:D2m")
    assert rules.legal_actions(state, 2) == (Hu(2), Pass(2))


THREE = {
    0: "1234579m147p2358s",
    1: "12468m23568p149s",
    2: "2333m333p666p999s",
}


def test_bs_last1_three_players_20_tile_window_also_lifts_pass_hu() -> None:
    """BS-LAST-1 / BS-PASSHU-2 with 3 players: N = 20. Seat 0 deals in with 20 tiles left and
    seat 2 passes; seat 1 deals in with 19 left: seat 2 wins, forced, its 过手胡 lifted."""
    rules = get_variant("baoshan", players=3)
    state = new(THREE, tail="1m2m1m4m4m" + "." * 16, rules=rules)
    state = burn(rules, state, left=20)
    assert (state.current, state.seats[0].drawn, state.tiles_left) == (0, T("1m"), 20)
    state = play(rules, state, "0:D1m")
    assert rules.legal_actions(state, 2) == (Hu(2), Pass(2))
    state = play(rules, state, "2:X")
    assert (state.current, state.seats[1].drawn, state.tiles_left) == (1, T("2m"), 19)
    state = play(rules, state, "1:D2m")
    ended(rules, state)
    result = rules.result(state)
    assert result is not None and result.forced and result.winners == (2,)
    assert result.payments == (Payment(1, 2, 2, WIN),)


def test_bs_last1_two_players_20_tile_window() -> None:
    """BS-LAST-1 with 2 players: N = 20. Seat 1 self-draws a win with 20 tiles left and may
    decline it; seat 0 deals in with 19 left: seat 1 wins, forced (although it declined a
    win since its last draw)."""
    rules = get_variant("baoshan", players=2)
    hands = {0: "1234579m1346p259s", 1: "2333m333p666p999s"}
    state = new(hands, tail="1m2m1m1m4m4m4m2m" + "." * 13, rules=rules)
    state = burn(rules, state, left=20)
    assert (state.current, state.seats[1].drawn, state.tiles_left) == (1, T("1m"), 20)
    assert rules.legal_actions(state, 1)[0] == Hu(1)
    state = play(rules, state, "1:D1m")
    assert state.seats[1].pass_hu
    assert (state.current, state.seats[0].drawn, state.tiles_left) == (0, T("2m"), 19)
    state = play(rules, state, "0:D2m")
    ended(rules, state)
    result = rules.result(state)
    assert result is not None and result.forced
    assert [(w.seat, w.how, w.from_seat) for w in result.wins] == [(1, WinKind.DISCARD, 0)]
    assert result.payments == (Payment(0, 1, 2, WIN),)


# ------------------------------------------------------------------ BS-PASSPENG-1


def test_bs_passpeng1_declined_peng_is_blocked_until_own_draw() -> None:
    """BS-PASSPENG-1 (seed 过手碰): seat 2 declines seat 3's 5m; seat 0 discards 5m in the same
    go-round and seat 2 may not peng it (it is not even asked)."""
    hands = {0: Q + "9s", 1: Q, 2: "55m77m147p258s9m36s", 3: Q}
    state = new(hands, draws="3m6m5m5m8m")
    state = play(BAOSHAN, state, "0:D9s 1:D3m 2:D6m 3:D5m 2:X 0:D5m")
    assert state.events[-1] == Drew(1, T("8m"))
    assert BAOSHAN.legal_actions(state, 2) == ()


# ------------------------------------------------------------------ BS-WIN-1 / BS-WIN-2


@pytest.mark.parametrize(
    ("hand", "wins"),
    [
        ("123m456m789m345p66s", True),  # four chows and the pair
        ("111m333p999s444m66s", True),  # four pungs and the pair
        ("123m456m789m345p69s", False),  # four melds, no pair
        ("123m456m789m33p66s9s", False),  # three melds, two pairs and a single
    ],
)
def test_bs_win1_four_melds_and_a_compulsory_pair(hand: str, wins: bool) -> None:
    """BS-WIN-1: a win is four melds (pungs, chows or kongs) plus one pair; the pair is
    compulsory."""
    state = new({0: hand, 1: Q, 2: Q, 3: Q})
    assert (Hu(0) in BAOSHAN.legal_actions(state, 0)) is wins


def test_bs_win1_a_kong_counts_as_a_meld() -> None:
    """BS-WIN-1: a concealed kong is one of the four melds: seat 1 draws its fourth 6m, kongs,
    and wins on the replacement 9s: 6666m + 123p + 456p + 789s + 33s."""
    hands = {0: Q2 + "9m", 1: "666m123p456p78s33s", 2: Q, 3: Q}
    state = new(hands, draws="6m", replacements="9s")
    state = play(BAOSHAN, state, "0:D9m 1:A6m")
    assert BAOSHAN.legal_actions(state, 1)[0] == Hu(1)


@pytest.mark.parametrize(
    ("hand", "keys"),
    [
        ("1133557799m33p66s", ("men_qing", "xiao_qi_dui")),  # 小七对
        ("11113355779922m", ("men_qing", "qing_yi_se", "long_zhua_bei")),  # 龙爪背
    ],
)
def test_bs_win2_seven_pairs_and_long_zhua_bei(hand: str, keys: tuple[str, ...]) -> None:
    """BS-WIN-2 / BS-PAT-小七对 / BS-PAT-龙爪背: 小七对 (seven pairs) and 龙爪背 (five pairs +
    four identical, not also 小七对) win."""
    state = new({0: hand, 1: Q, 2: Q, 3: Q})
    assert BAOSHAN.legal_actions(state, 0)[0] == Hu(0)
    result = BAOSHAN.result(play(BAOSHAN, state, "0:H"))
    assert result is not None
    assert sorted(result.breakdown(0).keys) == sorted(keys)


# ------------------------------------------------------------------ BS-WIN-3 十老头

HONORS = get_variant("baoshan", honors=True)
TEN = ("4z", "1z", "1z", "1z", "2z", "2z", "2z", "3z", "3z", "7z")
"""The dealer's first ten discards, all honors; the tenth is 中 (7z)."""
SLT = {0: "111z222z33z4z7z147m2p", 1: Q, 2: Q, 3: Q}


def honor_discards(state: State, count: int = 10, first: str = "") -> State:
    """The dealer discards ``first`` (if given) and then ``count`` of TEN, everybody else
    discarding what it draws and passing every claim."""
    order = ([first] if first else []) + list(TEN[:count])
    for k, tile in enumerate(order):
        if k:
            state = burn(HONORS, state, seat=0)
        state = play(HONORS, state, f"0:D{tile}")
    return state


def test_bs_win3_ten_honor_discards_win_by_themselves() -> None:
    """BS-WIN-3 / BS-PAT-十老头: the dealer's first ten discards are honors; right after the
    tenth it wins by itself, forced, settled as a self-draw (十老头 1 fan: 2 from each)."""
    state = burn(HONORS, honor_discards(new(SLT, rules=HONORS), 9), seat=0)
    assert [t for t in state.seats[0].discards] == [T(t) for t in TEN[:9]]
    state = play(HONORS, state, "0:D7z")
    ended(HONORS, state)
    result = HONORS.result(state)
    assert result is not None
    (win,) = result.wins
    assert (win.seat, win.how, win.tile, win.from_seat, win.forced) == (
        0,
        WinKind.SELF_DRAW,
        T("7z"),
        None,
        True,
    )
    assert [(i.key, i.fan) for i in win.breakdown.items] == [("shi_lao_tou", 1)]
    assert result.payments == (Payment(1, 0, 2, WIN), Payment(2, 0, 2, WIN), Payment(3, 0, 2, WIN))
    assert result.next_dealer == 0


def test_bs_win3_a_seat_that_wins_on_the_tenth_honor_comes_first() -> None:
    """BS-WIN-3: seat 2 waits on 中 and wins on the dealer's tenth honor: seat 2 wins on the
    discard and 十老头 does not happen."""
    state = honor_discards(new({**SLT, 2: "123456789m333p7z"}, rules=HONORS))
    assert HONORS.legal_actions(state, 2) == (Hu(2), Pass(2))
    state = play(HONORS, state, "2:H")
    result = HONORS.result(state)
    assert result is not None
    assert [(w.seat, w.how, w.from_seat) for w in result.wins] == [(2, WinKind.DISCARD, 0)]
    assert result.payments == (Payment(0, 2, 1, WIN),)


def test_bs_win3_if_the_seat_that_could_win_passes_shi_lao_tou_happens() -> None:
    """BS-WIN-3: seat 2 could win on the tenth honor but passes: 十老头."""
    state = honor_discards(new({**SLT, 2: "123456789m333p7z"}, rules=HONORS))
    state = play(HONORS, state, "2:X")
    result = HONORS.result(state)
    assert result is not None
    assert [(w.seat, w.how, w.forced) for w in result.wins] == [(0, WinKind.SELF_DRAW, True)]
    assert result.breakdown(0).keys == ("shi_lao_tou",)


def test_bs_win3_shi_lao_tou_comes_before_a_peng_of_the_tenth_tile() -> None:
    """BS-WIN-3: seat 1 holds 中中; 十老头 comes before any peng of the tenth tile (whatever
    seat 1 answers, if it is asked at all, no peng is made)."""
    state = honor_discards(new({**SLT, 1: "77z12457p124578s"}, rules=HONORS))
    if 1 in HONORS.to_act(state):
        state = play(HONORS, state, "1:P")
    result = HONORS.result(state)
    assert result is not None and result.winners == (0,)
    assert result.breakdown(0).keys == ("shi_lao_tou",)
    assert state.seats[1].melds == ()


def test_bs_win3_honors_that_others_peng_still_count() -> None:
    """BS-WIN-3: seat 1 pengs the dealer's first honor (东 4z... here 北); it still counts
    towards the ten."""
    state = new({**SLT, 1: "44z12457p124578s"}, rules=HONORS)
    state = play(HONORS, state, "0:D4z 1:P 1:D8s")
    assert state.seats[1].melds == (Meld(MeldKind.PENG, T("4z"), from_seat=0),)
    for tile in TEN[1:]:
        state = burn(HONORS, state, seat=0)
        state = play(HONORS, state, f"0:D{tile}")
    result = HONORS.result(state)
    assert result is not None and result.winners == (0,)
    assert result.breakdown(0).keys == ("shi_lao_tou",)


def test_bs_win3_only_the_first_ten_discards_count() -> None:
    """BS-WIN-3: a suited first discard spoils it: ten honor discards after it win nothing."""
    state = honor_discards(new(SLT, rules=HONORS), first="1m")
    assert state.phase is not Phase.ENDED
    assert HONORS.result(state) is None


# ------------------------------------------------------------------ BS-TING-1 .. BS-TING-3

TING = get_variant("baoshan", bao_ting=True)


def test_bs_ting1_dealer_declares_with_his_first_discard() -> None:
    """BS-TING-1: the dealer may declare if a discard leaves him ready; declared, he may only
    discard such a tile (5s or 9s here), and from then on only what he draws; he wins with
    BS-PAT-来门报听 (+门清)."""
    hand = "123m456m789m33p579s"
    state = new({0: hand, 1: Q, 2: Q, 3: Q}, draws="3s6p9s6p3s6p9s6s", rules=TING)
    assert TING.legal_actions(state, 0) == (Ting(0), *discards(0, hand))
    state = play(TING, state, "0:T")
    assert state.events == (Declared(0),) and state.seats[0].variant.ting
    assert TING.legal_actions(state, 0) == (Discard(0, T("5s")), Discard(0, T("9s")))
    state = play(TING, state, "0:D9s 1:D3s 2:D6p 3:D9s")
    assert TING.legal_actions(state, 0) == (Discard(0, T("6p")),)
    state = play(TING, state, "0:D6p 1:D3s 2:D6p 3:D9s")
    assert TING.legal_actions(state, 0) == (Hu(0), Discard(0, T("6s")))
    result = TING.result(play(TING, state, "0:H"))
    assert result is not None
    assert sorted(result.breakdown(0).keys) == ["lai_men_bao_ting", "men_qing"]
    assert result.payments == (Payment(1, 0, 4, WIN), Payment(2, 0, 4, WIN), Payment(3, 0, 4, WIN))


def test_bs_ting1_declaring_dealer_must_discard_not_win() -> None:
    """BS-TING-1: the dealer declares with his first discard: a dealer whose dealt 14 already
    win chooses between winning and declaring; once declared, he discards."""
    hand = "123m456m789m33p666s"
    state = new({0: hand, 1: Q, 2: Q, 3: Q}, rules=TING)
    assert TING.legal_actions(state, 0)[:2] == (Hu(0), Ting(0))
    state = play(TING, state, "0:T")
    assert all(isinstance(a, Discard) for a in TING.legal_actions(state, 0))


def test_bs_ting1_not_offered_when_no_discard_leaves_the_dealer_ready() -> None:
    """BS-TING-1: a dealer who cannot be ready after one discard is not offered 报听."""
    state = new({0: Q + "5m", 1: Q2, 2: Q, 3: Q}, rules=TING)
    assert TING.legal_actions(state, 0) == discards(0, Q + "5m")


# Seat 1's dealt 13 wait on 1p and 4p; it holds 111m and 33s.
TING_HANDS = {0: Q + "9m", 1: "111m456m789m23p33s", 2: Q, 3: Q}


def test_bs_ting2_non_dealer_declares_on_his_first_draw_and_discards_it() -> None:
    """BS-TING-2: a non-dealer whose dealt 13 are ready may declare on his first draw; he
    then discards the drawn tile; on a later draw 报听 is no longer offered."""
    state = play(TING, new(TING_HANDS, draws="6p", rules=TING), "0:D9m")
    hand = state.seats[1].concealed
    assert TING.legal_actions(state, 1) == (Ting(1), *discards(1, hand))
    state = play(TING, state, "1:T")
    assert TING.legal_actions(state, 1) == (Discard(1, T("6p")),)
    late = new(TING_HANDS, draws="6p....", rules=TING)
    late = play(TING, late, "0:D9m 1:D6p")
    late = burn(TING, late, seat=1)
    assert not any(isinstance(a, Ting) for a in TING.legal_actions(late, 1))


def test_bs_ting2_a_winning_first_draw_is_a_choice_between_win_and_declare() -> None:
    """BS-TING-2: seat 1's first draw (1p) wins: it may win or declare; declaring, it keeps its
    hand and discards the drawn tile (it cannot then take the win as well)."""
    state = play(TING, new(TING_HANDS, draws="1p", rules=TING), "0:D9m")
    assert TING.legal_actions(state, 1)[:2] == (Hu(1), Ting(1))
    state = play(TING, state, "1:T")
    assert TING.legal_actions(state, 1) == (Discard(1, T("1p")),)


def test_bs_ting2_winning_on_the_dealers_first_discard_or_declaring_later() -> None:
    """BS-TING-2: seat 1 could win on the dealer's first discard (1p); passing it, it may
    declare on its first draw."""
    state = new(TING_HANDS, draws="6p", rules=TING)
    state = play(TING, state, "0:D1p")
    assert TING.legal_actions(state, 1) == (Hu(1), Pass(1))
    state = play(TING, state, "1:X")
    assert Ting(1) in TING.legal_actions(state, 1)


def test_bs_ting3_declared_hand_takes_no_peng_and_no_exposed_kong() -> None:
    """BS-TING-3: after 报听 seat 1 is not asked about 3s (it holds 33s: no peng) nor about 1m
    (it holds 111m: no exposed kong)."""
    state = new(TING_HANDS, draws="6p3s1m", rules=TING)
    state = play(TING, state, "0:D9m 1:T 1:D6p 2:D3s")
    assert state.events[-1] == Drew(3, T("1m"))  # nobody asked about 3s
    state = play(TING, state, "3:D1m")
    assert isinstance(state.events[-1], Drew) and state.events[-1].seat == 0


def test_bs_ting3_concealed_kong_only_if_the_waits_stay_the_same() -> None:
    """BS-TING-3: declared seat 1 draws its fourth 1m: 1111m leaves the waits (1p, 4p) as they
    were, so the 暗杠 is offered (besides discarding the drawn tile); after it, only the
    replacement may be discarded."""
    state = new(TING_HANDS, draws="6p3s6s9p1m", replacements="8m", rules=TING)
    state = play(TING, state, "0:D9m 1:T 1:D6p 2:D3s 3:D6s 0:D9p")
    assert state.seats[1].drawn == T("1m")
    assert TING.legal_actions(state, 1) == (Gang(1, T("1m"), AN), Discard(1, T("1m")))
    state = play(TING, state, "1:A1m")
    assert state.ledger == (
        Payment(0, 1, 2, KONG, 1),
        Payment(2, 1, 2, KONG, 1),
        Payment(3, 1, 2, KONG, 1),
    )
    assert TING.legal_actions(state, 1) == (Discard(1, T("8m")),)


def test_bs_ting3_no_concealed_kong_that_changes_the_waits() -> None:
    """BS-TING-3: declared on 11123m 456m 789m 33s (waits 1m, 4m, 3s), seat 1 draws the
    fourth 1m: it may win, or discard it, but not kong it (1111m would leave 1m and 4m)."""
    hands = {**TING_HANDS, 1: "11123m456m789m33s"}
    state = new(hands, draws="6p3p6s9p1m", rules=TING)
    state = play(TING, state, "0:D9m 1:T 1:D6p 2:D3p 3:D6s 0:D9p")
    assert TING.legal_actions(state, 1) == (Hu(1), Discard(1, T("1m")))


# ------------------------------------------------------------------ BS-PENGSHOW-1 / BS-GANG-8


def test_bs_pengshow1_melds_record_the_seat_they_were_claimed_from() -> None:
    """BS-PENGSHOW-1: each peng records its discarder, and peng_display says which tile to lay
    face down: from 下家 seat 1 the right one (2), from 对家 seat 2 the middle (1), from 上家
    seat 3 the left (0); once the fourth 1m is discarded to the table, none (face up)."""
    hands = {0: "112233579m36p369s", 1: Q, 2: Q, 3: Q}
    state = new(hands, draws="1m1p2m2p4p3m1m")
    state = play(BAOSHAN, state, "0:D9s 1:D1m 0:P 0:D9m 1:D1p 2:D2m 0:P 0:D6s")
    state = play(BAOSHAN, state, "1:D2p 2:D4p 3:D3m 0:P")
    pengs = (
        Meld(MeldKind.PENG, T("1m"), from_seat=1),
        Meld(MeldKind.PENG, T("2m"), from_seat=2),
        Meld(MeldKind.PENG, T("3m"), from_seat=3),
    )
    assert state.seats[0].melds == pengs
    assert (state.next_seat(0), (0 + 2) % 4, (0 - 1) % 4) == (1, 2, 3)  # 下家, 对家, 上家
    assert BAOSHAN.peng_display(state, 0) == ((pengs[0], 2), (pengs[1], 1), (pengs[2], 0))
    state = play(BAOSHAN, state, "0:D3s 1:D1m")  # the fourth 1m goes to the table
    assert BAOSHAN.peng_display(state, 0) == ((pengs[0], None), (pengs[1], 1), (pengs[2], 0))


def test_bs_pengshow1_three_players() -> None:
    """BS-PENGSHOW-1 with 3 players: from 下家 (seat 1) the right tile, from 上家 (seat 2) the
    left one."""
    rules = get_variant("baoshan", players=3)
    hands = {0: "112233579m36p369s", 1: Q, 2: Q}
    state = new(hands, draws="1m1p2m", rules=rules)
    state = play(rules, state, "0:D9s 1:D1m 0:P 0:D9m 1:D1p 2:D2m 0:P")
    assert rules.peng_display(state, 0) == (
        (Meld(MeldKind.PENG, T("1m"), from_seat=1), 2),
        (Meld(MeldKind.PENG, T("2m"), from_seat=2), 0),
    )


def test_bs_gang8_discarding_a_kong_tile_can_be_confirmed() -> None:
    """BS-GANG-8 杠牌二次确认: discard_gives_up_kong says whether a discard gives up a kong —
    four in hand yes, three in hand no — and the discard itself stays legal."""
    hands = {0: Q + "9m", 1: "5555m12m36p33369s", 2: Q, 3: Q}
    state = new(hands, draws="9p")
    state = play(BAOSHAN, state, "0:D9m")
    assert BAOSHAN.discard_gives_up_kong(state, 1, T("5m"))
    assert not BAOSHAN.discard_gives_up_kong(state, 1, T("3s"))  # three in hand
    assert not BAOSHAN.discard_gives_up_kong(state, 1, T("9p"))
    assert Discard(1, T("5m")) in BAOSHAN.legal_actions(state, 1)
    state = play(BAOSHAN, state, "1:D9p")
    assert not BAOSHAN.discard_gives_up_kong(state, 2, T("1p"))


def test_bs_last1_forced_robbing_of_a_kong_in_the_last_4_tiles() -> None:
    """BS-LAST-1: robbing a kong is forced too. Seat 0 pengs 4m early (seat 2 lets that win
    go); with 2 tiles left it draws the fourth 4m and adds it to the peng: seat 2, waiting on
    4m, robs it automatically."""
    hands = {
        0: "12344579m147p258s",
        1: "1268m23589p1467s",
        2: "2333m333p666p999s",
        3: "156m1267p34589s9m",
    }
    state = new(hands, draws="4m", tail="7m8m4m1m2m")
    state = play(BAOSHAN, state, "0:D8s 1:D4m 2:X 0:P 0:D9m")
    state = burn(BAOSHAN, state, left=2)
    assert (state.current, state.seats[0].drawn, state.tiles_left) == (0, T("4m"), 2)
    assert Gang(0, T("4m"), BU) in BAOSHAN.legal_actions(state, 0)
    state = play(BAOSHAN, state, "0:B4m")
    ended(BAOSHAN, state)
    result = BAOSHAN.result(state)
    assert result is not None and result.forced
    assert [(w.seat, w.how, w.from_seat, w.forced) for w in result.wins] == [
        (2, WinKind.ROB_KONG, 0, True)
    ]
    assert result.payments == (Payment(0, 2, 1, WIN),)
