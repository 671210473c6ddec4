"""永善麻将 rule corners that no other scripted hand pins (issue 21): one 提 per draw when
``ti_from_hand`` lets a tile from the hand be used (YS-TI-1), and a self-draw that would read a
fifth copy beside a wildcard meld (YS-WILD-6), refused whether or not the engine kept anything
about the seat from earlier states.

The seats a test does not name hold quiet hands: different natural tiles of all three suits
(never ready, 缺一门), no pair and no wildcard, so they never claim; they discard what they draw.
"""

from __future__ import annotations

import pytest

from mahjong_rules import (
    Action,
    Discard,
    Gang,
    Hu,
    IllegalActionError,
    Meld,
    MeldKind,
    Pass,
    Peng,
    Phase,
    State,
    Ti,
    TileCounts,
    TileSet,
    get_variant,
)
from mahjong_rules.engine.state import replace
from mahjong_rules.serial import from_dict, to_dict
from mahjong_rules.variants.base import Rules
from scripting import T, deal, play

BU, ZHI = MeldKind.BU_GANG, MeldKind.ZHI_GANG


def discards(seat: int, hand: str) -> tuple[Discard, ...]:
    """One discard per kind, in tile order (how legal_actions lists them)."""
    return tuple(Discard(seat, t) for t in TileCounts(hand).distinct())


def fresh(state: State) -> State:
    """The same state read back from its document, with nothing the engine keeps on a state
    or a seat between calls (waits, whether the hand is complete, the wildcard split, listed
    actions): reading a document checks the state and so fills those memos, which are then
    dropped (:func:`~mahjong_rules.engine.state.replace` copies with empty ones)."""
    copy = from_dict(to_dict(state), State)
    copy = replace(copy, seats=tuple(replace(s) for s in copy.seats))
    assert copy == state
    assert copy.cache == {} and all(s.cache == {} for s in copy.seats)
    return copy


def at_turn(state: State, seat: int, drawn: str) -> None:
    assert state.phase is Phase.TURN and state.current == seat
    assert state.seats[seat].drawn == T(drawn)


# ------------------------------------------------------------------ YS-TI-1 with ti_from_hand

# 本金 7筒, so 8筒 is the wildcard (the rule text's example). Seat 1 kongs the dealer's 2m with
# its 2m and both 8p (直杠 2m 2m 8p 8p), keeps the replacement 2m (throws 9m), keeps the fourth
# 2m on its next draw (throws 4m), and then draws 6s: it holds 2m 2m beside the kong, but
# neither was drawn in this turn.
TI_HANDS = {
    0: "2m1369m2479p24689s",
    1: "2m8p8p49m135p13579s",
    2: "1457m1369p12468s",
    3: "3678m2567p23479s",
}
TI_SCRIPT = "0:D2m 1:G2m*8p8p 1:D9m 2:D5m 3:D8m 0:D4p 1:D4m 2:D3m 3:D7m 0:D1m"


def ti_table(rules: Rules) -> State:
    state = deal(rules, TI_HANDS, "5m8m4p2m3m7m1m6s", replacements="2m", indicator="7p")
    assert state.wild_kinds == TileSet("8p")
    state = play(rules, state, TI_SCRIPT)
    at_turn(state, 1, "6s")
    assert state.seats[1].melds == (Meld(ZHI, T("2m"), (T("8p"), T("8p")), from_seat=0),)
    assert state.seats[1].concealed == TileCounts("22m135p135679s")
    return state


@pytest.mark.parametrize("make", [lambda s: s, fresh], ids=["played", "fresh"])
def test_ys_ti1_a_ti_from_the_hand_leaves_no_second_ti_in_the_turn(make: object) -> None:
    """YS-TI-1 ("One 提 per draw"; ``ti_from_hand`` widens which tile may be used, not how
    often): drawing 6s, seat 1 may 提 a 2m from its hand for one of the kong's 8p. After it
    has, the kong still holds an 8p and the hand still a 2m, but no second 提 is offered in
    that turn — only discards (never the wildcard, YS-WILD-4). Also on a state read back
    fresh from its document."""
    rules = get_variant("yongshan", ti_from_hand=True)
    state = ti_table(rules)
    assert callable(make)
    state = make(state)
    ti = Ti(1, T("2m"), T("8p"))
    assert rules.legal_actions(state, 1) == (ti, *discards(1, "2m135p135679s"))
    state = make(rules.apply(state, ti))
    assert state.seats[1].melds == (Meld(ZHI, T("2m"), (T("8p"),), from_seat=0),)
    assert state.seats[1].concealed == TileCounts("2m8p135p135679s")
    assert rules.legal_actions(state, 1) == discards(1, "2m135p135679s")
    with pytest.raises(IllegalActionError, match="YS-TI-1"):
        rules.apply(state, ti)


def test_ys_ti1_by_default_only_a_tile_drawn_this_turn_may_be_used() -> None:
    """YS-TI-1 without ``ti_from_hand``: the same turn offers no 提 at all, since neither 2m
    in hand was drawn in this turn."""
    rules = get_variant("yongshan")
    state = ti_table(rules)
    assert rules.legal_actions(state, 1) == discards(1, "22m135p135679s")


# ------------------------------------------------------------------ YS-WILD-6 on a self-draw

# 本金 9筒, so 1筒 is the wildcard. Seat 1 pengs the dealer's 5m with 5m + 1p (P5m*1p), throws
# 4p, keeps the next 5m it draws (throws 7p) and then draws the fourth 5m: 55m 123s 456s 789s
# beside the peng is a complete shape, but read with the peng's wildcard as a 5m it holds five.
FIFTH_HANDS = {
    0: "5m2469m23578p1358s",
    1: "5m1p123s456s789s4p7p",
    2: "1378m2469p24679s",
    3: "1346m3567p12489s",
}


def fifth_copy_turn() -> tuple[Rules, State]:
    rules = get_variant("yongshan")
    state = deal(rules, FIFTH_HANDS, "2m7m8p5m9m3m2p5m", indicator="9p")
    assert state.wild_kinds == TileSet("1p")
    state = play(rules, state, "0:D5m")
    assert rules.legal_actions(state, 1) == (Peng(1, (T("1p"),)), Pass(1))
    state = play(rules, state, "1:P*1p 1:D4p 2:D2m 3:D7m 0:D8p")
    at_turn(state, 1, "5m")
    state = play(rules, state, "1:D7p")
    assert rules.waits(state, 1) == TileSet()  # READY-1: its one wait would be a fifth 5m
    state = play(rules, state, "2:D9m 3:D3m 0:D2p")
    at_turn(state, 1, "5m")
    assert state.seats[1].melds == (Meld(MeldKind.PENG, T("5m"), (T("1p"),), from_seat=0),)
    assert state.seats[1].concealed == TileCounts("55m123456789s")
    return rules, state


@pytest.mark.parametrize("make", [lambda s: s, fresh], ids=["played", "fresh"])
def test_ys_wild6_a_self_draw_of_a_fifth_copy_beside_a_wildcard_meld_is_no_win(
    make: object,
) -> None:
    """YS-WILD-6 / YS-TI-1 / READY-1: seat 1 draws the fourth 5m beside its peng of 5m 5m + a
    wildcard. No reading of the hand wins without a fifth 5m, so no win is offered: it may add
    the 5m to its peng (补杠), 提 it for the wildcard, or discard — and a Hu is refused. This
    holds on the state as played and on the same state read back fresh (the engine then
    works the answer out without anything it kept from earlier states). After the 提 the hand
    (5m + the wildcard, beside the peng of three 5m) still wins only with a fifth 5m."""
    rules, state = fifth_copy_turn()
    assert callable(make)
    state = make(state)
    ti = Ti(1, T("5m"), T("1p"))
    expected: tuple[Action, ...] = (Gang(1, T("5m"), BU), ti, *discards(1, "5m123456789s"))
    assert rules.legal_actions(state, 1) == expected
    with pytest.raises(IllegalActionError):
        rules.apply(state, Hu(1))
    state = make(rules.apply(state, ti))
    assert state.seats[1].melds == (Meld(MeldKind.PENG, T("5m"), from_seat=0),)
    assert state.seats[1].concealed == TileCounts("5m1p123456789s")
    assert Hu(1) not in rules.legal_actions(state, 1)
    with pytest.raises(IllegalActionError):
        rules.apply(state, Hu(1))


def test_ready1_ys_no_wait_on_a_wildcard_kind_whose_four_copies_the_seat_holds() -> None:
    """READY-1 / YS-WILD-6: seat 1 pengs the dealer's 5m with 5m + 1p (a wildcard) and keeps
    the other three 1p in hand beside 1234567s. Any 万 or 条 completes its hand (the tile and
    two wildcards make a meld — 5m as 345m, a pung of it would read six — and 1234567s + the
    third wildcard are 123s 456s 77s), but not 1p: all four 1p are in its own hand and peng,
    so a 1p would be a fifth copy. 筒 would be a third suit (YS-WIN-1)."""
    rules = get_variant("yongshan")
    hands = {**FIFTH_HANDS, 1: "5m1111p123s456s79s"}
    state = deal(rules, hands, indicator="9p")
    state = play(rules, state, "0:D5m 1:P*1p 1:D9s")
    assert state.seats[1].melds == (Meld(MeldKind.PENG, T("5m"), (T("1p"),), from_seat=0),)
    assert state.seats[1].concealed == TileCounts("111p1234567s")
    assert rules.waits(state, 1) == TileSet("123456789m123456789s")
