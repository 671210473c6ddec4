"""保山麻将 来门报听 (láimén bàotīng) after a concealed kong (暗杠, àngàng) in the opening turn
(BS-TING-1..5).

The rule text: "开局时庄家打一张就听牌或闲家开局就听牌可以报听 … 报听后不能换手牌 …
可以暗杠，但是不能改变听牌牌型 … 闲家摸牌才能报听". Reading pinned here (documented in
:meth:`~mahjong_rules.variants.baoshan.ting.TingHooks.can_declare`): a concealed kong made in a
seat's first turn, before its first discard, does not end its turn of 报听. The dealer may then
declare if one discard leaves him ready; a non-dealer if the tiles he holds without the kong's
replacement (his latest draw) are ready. Declaring on a complete hand declines that win
(BS-TING-4); a replacement drawn after declaring is a new tile and may win (BS-TING-5).

Every position is scripted from an explicit wall (:mod:`scripting`); expected waits are worked
out by hand in each docstring.
"""

from __future__ import annotations

import pytest

from mahjong_rules import (
    Discard,
    Gang,
    Hu,
    MeldKind,
    Payment,
    PaymentReason,
    State,
    TileCounts,
    from_dict,
    get_variant,
    to_dict,
)
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.state import replace
from mahjong_rules.variants.baoshan import Ting
from mahjong_rules.variants.base import Rules
from scripting import Q, T, act, new

AN = MeldKind.AN_GANG
KONG, WIN = PaymentReason.KONG, PaymentReason.WIN
TING = get_variant("baoshan", bao_ting=True)
WAITS = get_variant("baoshan", bao_ting=True, bao_ting_kong="waits")
BOTH = pytest.mark.parametrize("rules", [TING, WAITS], ids=["drawn", "waits"])


def every_discard(seat: int, hand: str) -> tuple[Discard, ...]:
    """One discard per kind held, in tile order (how an undeclared seat's discards are listed)."""
    return tuple(Discard(seat, t) for t in TileCounts(hand).distinct())


def reads_back(rules: Rules, state: State) -> None:
    """The state survives JSON-shaped serialization with the same legal actions."""
    back = from_dict(to_dict(state))
    assert back == state
    for seat in range(state.players):
        assert rules.legal_actions(back, seat) == rules.legal_actions(state, seat)


def walk(rules: Rules, state: State, script: str) -> State:
    """Apply ``script`` one action at a time, checking that each state reads back."""
    reads_back(rules, state)
    for token in script.split():
        action: Action = act(token)
        state = rules.apply(state, action)
        reads_back(rules, state)
    return state


# ------------------------------------------------------------------ BS-TING-1: the dealer

DEALER = {0: "1111234m567p789s5s", 1: Q, 2: Q, 3: Q}
"""The issue's example: the dealer konged 1m; the replacement 9p leaves 234m 567p 789s 5s 9p."""


@BOTH
def test_bs_ting1_dealer_is_offered_ting_after_a_first_turn_kong(rules: Rules) -> None:
    """BS-TING-1: after ``Gang(0, 1m, AN_GANG)`` and the replacement 9p the dealer holds
    234m 567p 789s 5s 9p; discarding 9p leaves him ready on 5s (and discarding 5s, on 9p), so
    ``Ting`` is offered beside every discard, under both ``bao_ting_kong`` values. Declared,
    he may discard only 9p or 5s (the discards that leave him ready)."""
    state = walk(rules, new(DEALER, replacements="9p", rules=rules), "0:A1m")
    held = "234m567p9p789s5s"
    assert rules.legal_actions(state, 0) == (Ting(0), *every_discard(0, held))
    state = walk(rules, state, "0:T")
    assert state.seats[0].variant.ting and not state.seats[0].pass_hu  # no win was on offer
    assert rules.legal_actions(state, 0) == (Discard(0, T("9p")), Discard(0, T("5s")))


LOCK = {0: "1111234m567p789s5s", 1: Q, 2: Q, 3: "1245789p124678s"}
"""The example with a quiet seat 3 holding no 5s, so that one 5s is left to draw."""


@BOTH
def test_bs_ting1_the_kong_dealer_is_locked_after_his_declaring_discard(rules: Rules) -> None:
    """BS-TING-1, BS-TING-3: the dealer of the example declares and discards 9p; from then
    on each draw that does not win is discarded (8p on his next turn), and his 5s wins:
    门清 (a concealed kong keeps it) + 来门报听 = 2 fan, 4 points from each seat, besides the
    2 each paid at once for the 暗杠 (BS-GANG-3)."""
    state = new(LOCK, draws="6m6m6m8p7m7m7m5s", replacements="9p", rules=rules)
    state = walk(rules, state, "0:A1m 0:T 0:D9p 1:D6m 2:D6m 3:D6m")
    assert rules.legal_actions(state, 0) == (Discard(0, T("8p")),)
    state = walk(rules, state, "0:D8p 1:D7m 2:D7m 3:D7m")
    assert rules.legal_actions(state, 0) == (Hu(0), Discard(0, T("5s")))
    result = rules.result(rules.apply(state, Hu(0)))
    assert result is not None and result.winners == (0,)
    assert sorted(result.breakdown(0).keys) == ["lai_men_bao_ting", "men_qing"]
    assert result.payments == (
        *(Payment(p, 0, 2, KONG, 1) for p in (1, 2, 3)),
        *(Payment(p, 0, 4, WIN) for p in (1, 2, 3)),
    )


@BOTH
def test_bs_ting1_no_ting_when_no_discard_after_the_kong_leaves_him_ready(rules: Rules) -> None:
    """BS-TING-1: the dealer holds 1111m 245m 567p 789s 5s; after the kong of 1m and the
    replacement 1p (245m 567p 789s 5s 1p) no discard leaves him ready (beside 567p 789s,
    four of 2m 4m 5m 5s 1p are left, never a pair and a partial meld), so only discards are
    offered."""
    hands = {0: "1111245m567p789s5s", 1: Q, 2: Q, 3: Q}
    state = walk(rules, new(hands, replacements="1p", rules=rules), "0:A1m")
    assert rules.legal_actions(state, 0) == every_discard(0, "245m1567p789s5s")


SECOND = {0: "1111m2222m567p78s5s", 1: Q, 2: Q, 3: Q}
"""The dealer konged 1m, the replacement 9s: 2222m 567p 789s 5s, ready only by discarding 2m
(on 5s); a kong of 2m leaves 567p 789s 5s, waiting on 5s too."""


def test_bs_ting3_waits_a_second_dealer_kong_after_declaring_keeps_a_declared_wait() -> None:
    """BS-TING-3, ``bao_ting_kong="waits"``: in his declaring turn (after a first kong) the
    dealer may kong 2m: the hand it leaves waits on 5s exactly as his declaring discard of 2m
    would leave it. It is offered beside that discard, the only one leaving him ready."""
    state = walk(WAITS, new(SECOND, replacements="9s", rules=WAITS), "0:A1m")
    assert WAITS.legal_actions(state, 0) == (
        Gang(0, T("2m"), AN),
        Ting(0),
        *every_discard(0, "2m567p789s5s"),
    )
    state = walk(WAITS, state, "0:T")
    assert WAITS.legal_actions(state, 0) == (Gang(0, T("2m"), AN), Discard(0, T("2m")))


def test_bs_ting3_drawn_a_second_dealer_kong_after_declaring_needs_the_drawn_tile() -> None:
    """BS-TING-3, ``bao_ting_kong="drawn"``: the same dealer's kong of 2m after declaring is
    not of the tile he drew (the replacement 9s): it is not offered; he discards 2m."""
    state = walk(TING, new(SECOND, replacements="9s", rules=TING), "0:A1m 0:T")
    assert TING.legal_actions(state, 0) == (Discard(0, T("2m")),)


@BOTH
def test_bs_ting3_a_second_dealer_kong_of_the_replacement_after_declaring(rules: Rules) -> None:
    """BS-TING-3 under both values: the dealer konged 1m and drew 3p, his fourth (3333p 678s
    234s 9s); the only declaring discard is 3p (ready on 9s; 3333p 678s 234s waits on no
    tile but a fifth 3p). Declared, the kong of 3p is of the tile he drew and leaves 678s 234s
    9s, waiting on 9s as that discard would: offered. The kong takes the place of his
    declaring discard, so his hand locks with it: the replacement 3m is a draw of the locked
    hand, and he may discard only it (the wait stays 9s). Konging both before declaring would
    instead leave him every declaring discard that keeps him ready (3m, 6s or 9s)."""
    hands = {0: "1111m333p678s234s9s", 1: Q, 2: Q, 3: Q}
    state = walk(rules, new(hands, replacements="3p3m", rules=rules), "0:A1m 0:T")
    assert rules.legal_actions(state, 0) == (Gang(0, T("3p"), AN), Discard(0, T("3p")))
    state = walk(rules, state, "0:A3p")
    assert rules.legal_actions(state, 0) == (Discard(0, T("3m")),)
    before = walk(rules, new(hands, replacements="3p3m", rules=rules), "0:A1m 0:A3p 0:T")
    assert rules.legal_actions(before, 0) == (
        Discard(0, T("3m")),
        Discard(0, T("6s")),
        Discard(0, T("9s")),
    )


@BOTH
def test_bs_ting3_no_second_dealer_kong_that_changes_the_waits(rules: Rules) -> None:
    """BS-TING-3: the dealer konged 1m and drew 3m: 2222m 3m 567p 789s. Discarding 2m leaves
    222m 3m 567p 789s, waiting on 1m, 3m and 4m (22m + 23m, or 222m + 3m); a kong of 2m would
    leave 3m 567p 789s, waiting on 3m alone: not the same waits, so after declaring no kong
    is offered under either value, and the declaring discard is 2m (3m leaves 2222m 567p 789s,
    which waits on no tile a fifth copy of 2m aside)."""
    hands = {0: "1111m2222m567p789s", 1: Q, 2: Q, 3: Q}
    state = walk(rules, new(hands, replacements="3m", rules=rules), "0:A1m 0:T")
    assert rules.legal_actions(state, 0) == (Discard(0, T("2m")),)


@BOTH
def test_bs_ting4_dealer_declaring_on_a_winning_replacement_declines_it(rules: Rules) -> None:
    """BS-TING-4: the dealer's replacement 5s completes 234m 567p 789s 55s (杠上花 on offer).
    He may win or declare; having declared, the win is declined: no Hu, and every discard
    leaves him ready (5s: on 5s; 2m: on 2m 5m; 3m: on 3m; 4m: on 1m 4m; 5p: on 5p 8p; 6p: on
    6p; 7p: on 4p 7p; 7s: on 7s; 8s: on 8s; 9s: on 6s 9s). His 过手胡 then holds: seat 1's 5s
    is not offered to him, and seat 2 draws."""
    hands = {0: "1111234m567p789s5s", 1: Q, 2: Q, 3: "1245789p124678s"}
    state = walk(rules, new(hands, replacements="5s", rules=rules), "0:A1m")
    assert rules.legal_actions(state, 0) == (Hu(0), Ting(0), *every_discard(0, "234m567p789s55s"))
    state = walk(rules, state, "0:T")
    assert rules.legal_actions(state, 0) == every_discard(0, "234m567p789s55s")
    assert state.seats[0].pass_hu
    state = walk(rules, state, "0:D5s")
    assert state.seats[0].pass_hu
    state = walk(rules, state, "1:D5s")
    assert state.current == 2 and rules.legal_actions(state, 0) == ()


# ------------------------------------------------------------------ BS-TING-2: a non-dealer

DEALER_Q = Q + "9m"
READY_111 = {0: DEALER_Q, 1: "111m234m567p789s3s", 2: Q, 3: Q}
"""Seat 1's dealt 13 (111m 234m 567p 789s 3s) wait on 3s only; its first draw is the fourth 1m."""


@BOTH
def test_bs_ting2_non_dealer_declares_on_the_replacement_of_a_first_turn_kong(
    rules: Rules,
) -> None:
    """BS-TING-2 (reading: the kong's replacement is his draw in the opening turn): seat 1
    draws the fourth 1m and konges it; the replacement 9p leaves 234m 567p 789s 3s, ready on
    3s without it, so ``Ting`` is offered; declared, he discards the 9p only (his hand may
    not change)."""
    state = new(READY_111, draws="1m", replacements="9p", rules=rules)
    state = walk(rules, state, "0:D9m")
    assert rules.legal_actions(state, 1) == (
        Gang(1, T("1m"), AN),
        Ting(1),
        *every_discard(1, "1m234m567p789s3s"),
    )
    state = walk(rules, state, "1:A1m")
    assert rules.legal_actions(state, 1) == (Ting(1), *every_discard(1, "234m567p9p789s3s"))
    state = walk(rules, state, "1:T")
    assert rules.legal_actions(state, 1) == (Discard(1, T("9p")),)


@BOTH
def test_bs_ting2_no_ting_when_the_hand_without_the_replacement_is_not_ready(
    rules: Rules,
) -> None:
    """BS-TING-2: seat 1 holds 1111m 24m 567p 789s 5s (not ready), konges 1m and draws 9s:
    24m 567p 789s 5s without it wait on nothing, so only discards are offered."""
    hands = {0: DEALER_Q, 1: "1111m24m567p789s3s", 2: Q, 3: Q}
    state = new(hands, draws="9p", replacements="9s", rules=rules)
    state = walk(rules, state, "0:D9m 1:A1m")
    assert rules.legal_actions(state, 1) == every_discard(1, "24m567p9p789s3s9s")


@BOTH
def test_bs_ting2_a_first_turn_kong_can_make_the_opening_hand_ready(rules: Rules) -> None:
    """BS-TING-2 (reading, as for the dealer's "打一张就听牌"): seat 1's dealt 1111m 24m 567p
    789s 3s are not ready, nor with its first draw 3m set aside: no Ting. It konges the four
    dealt 1m; the replacement 9p is now its draw, and without it 234m 567p 789s 3s are ready
    on 3s: Ting is offered. The tile set aside is the latest draw: with the draws the other
    way round (first 9p, replacement 3m), 24m 567p 9p 789s 3s are not ready, and no Ting."""
    hands = {0: DEALER_Q, 1: "1111m24m567p789s3s", 2: Q, 3: Q}
    state = new(hands, draws="3m", replacements="9p", rules=rules)
    state = walk(rules, state, "0:D9m")
    assert rules.legal_actions(state, 1) == (
        Gang(1, T("1m"), AN),
        *every_discard(1, "1111m234m567p789s3s"),
    )
    state = walk(rules, state, "1:A1m")
    assert rules.legal_actions(state, 1) == (Ting(1), *every_discard(1, "234m567p9p789s3s"))
    state = new(hands, draws="9p", replacements="3m", rules=rules)
    state = walk(rules, state, "0:D9m 1:A1m")
    assert rules.legal_actions(state, 1) == every_discard(1, "234m567p9p789s3s")


@BOTH
def test_bs_ting4_kong_then_declaring_on_a_winning_replacement_declines_it(
    rules: Rules,
) -> None:
    """BS-TING-4: seat 1 konges 1m and its replacement 3s completes 234m 567p 789s 33s: it may
    win (杠上花) or declare. Declared, it may only discard the 3s (no Hu), and that discard
    leaves its 过手胡 block: seat 2's 3s is not offered to it; seat 3 draws."""
    state = new(READY_111, draws="1m3m", replacements="3s", rules=rules)
    state = walk(rules, state, "0:D9m 1:A1m")
    assert rules.legal_actions(state, 1) == (
        Hu(1),
        Ting(1),
        *every_discard(1, "234m567p789s3s"),
    )
    state = walk(rules, state, "1:T")
    assert rules.legal_actions(state, 1) == (Discard(1, T("3s")),)
    state = walk(rules, state, "1:D3s")
    assert state.seats[1].pass_hu
    state = walk(rules, state, "2:D3m")
    assert state.current == 3 and state.seats[3].drawn is not None


@BOTH
def test_bs_ting5_declaring_then_konging_wins_on_the_replacement(rules: Rules) -> None:
    """BS-TING-5 (and BS-TING-3: the kong of the drawn fourth 1m leaves 234m 567p 789s 3s,
    waiting on 3s as before): seat 1 declares on its first draw, then konges it; the
    replacement 3s is a new tile and wins: 门清 + 来门报听 + 杠上花 = 3 fan, 8 points from each
    seat, besides the 暗杠's 2 from each (BS-GANG-3)."""
    state = new(READY_111, draws="1m", replacements="3s", rules=rules)
    state = walk(rules, state, "0:D9m 1:T")
    assert rules.legal_actions(state, 1) == (Gang(1, T("1m"), AN), Discard(1, T("1m")))
    state = walk(rules, state, "1:A1m")
    assert rules.legal_actions(state, 1) == (Hu(1), Discard(1, T("3s")))
    assert not state.seats[1].pass_hu
    result = rules.result(walk(rules, state, "1:H"))
    assert result is not None and result.winners == (1,)
    assert sorted(result.breakdown(1).keys) == ["gang_shang_hua", "lai_men_bao_ting", "men_qing"]
    assert result.payments == (
        *(Payment(p, 1, 2, KONG, 1) for p in (0, 2, 3)),
        *(Payment(p, 1, 8, WIN) for p in (0, 2, 3)),
    )


def test_bs_ting2_no_declaration_after_the_first_discard() -> None:
    """BS-TING-2: the opening turn ends with the first discard; on its next draw a seat whose
    13 are ready is not offered Ting (seat 1 passes the dealer's 9m, discards 9p, then draws
    9m with 111m 234m 567p 789s 3s ready)."""
    state = new(READY_111, draws="9p9s9s9s9m", rules=TING)
    state = walk(TING, state, "0:D9m")
    assert Ting(1) in TING.legal_actions(state, 1)
    state = walk(TING, state, "1:D9p 2:D9s 3:D9s 0:D9s")
    assert state.current == 1
    assert TING.legal_actions(state, 1) == every_discard(1, "111m234m567p789s3s9m")


def test_bs_ting4_a_state_saved_without_the_block_still_declines() -> None:
    """BS-TING-4: a state saved when the 过手胡 block began only at the discard (seat 1 declared
    on its winning first draw 1p and has not discarded; ``pass_hu`` still off) offers no Hu:
    the draws show it declared on this tile. It discards the 1p only."""
    hands = {0: Q + "9m", 1: "111m456m789m23p33s", 2: Q, 3: Q}
    state = walk(TING, new(hands, draws="1p", rules=TING), "0:D9m 1:T")
    assert state.seats[1].pass_hu
    seats = list(state.seats)
    seats[1] = replace(seats[1], pass_hu=False)
    saved = from_dict(to_dict(replace(state, seats=tuple(seats))))
    assert TING.legal_actions(saved, 1) == (Discard(1, T("1p")),)
