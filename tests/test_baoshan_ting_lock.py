"""保山麻将 报听 (bàotīng): the lock after a concealed kong made after declaring (BS-TING-1, -3).

The rule text: "报听后不能换手牌 … 可以暗杠，但是不能改变听牌牌型". After declaring, the concealed
tiles never change: each draw is discarded unless it wins or makes a concealed kong. The
dealer declares with his first discard (BS-TING-1), so in his declaring turn his hand is not
yet locked; a concealed kong made after declaring takes the place of that declaring discard
(under ``bao_ting_kong="waits"`` it is offered only when it leaves the waits one declaring
discard would leave), and his hand locks with it: the replacement is a draw of the locked hand.

The regression pinned here (hidden-hand report, issue 26): the dealer 1111m 234m 567p 789s 5s
declared, konged 1m and drew 9p; he was offered the discards 9p **and** 5s, where only 9p is
legal. Each declaring-turn path is pinned beside it: the kong made before declaring (every
discard that keeps him ready), a non-dealer's kong after declaring under both values, and a
kong that would change the waits. The seat's record keeps how many tiles it had drawn when it
declared (``BaoshanSeat.ting_draws``), which tells the two orders apart in a saved state.
"""

from __future__ import annotations

import json

import pytest

from mahjong_rules import (
    Discard,
    Gang,
    Hu,
    MeldKind,
    Payment,
    PaymentReason,
    SerializationError,
    State,
    from_dict,
    get_variant,
    to_dict,
)
from mahjong_rules.engine.state import replace
from mahjong_rules.variants.baoshan import BaoshanSeat
from mahjong_rules.variants.base import Rules
from scripting import T, new, play

AN = MeldKind.AN_GANG
KONG, WIN = PaymentReason.KONG, PaymentReason.WIN
DRAWN = get_variant("baoshan", bao_ting=True)
WAITS = get_variant("baoshan", bao_ting=True, bao_ting_kong="waits")
BOTH = pytest.mark.parametrize("rules", [DRAWN, WAITS], ids=["drawn", "waits"])

QUIET = "124789p1246789s"
"""13 tiles with no pair and no 5s, 1m or 9m: nobody claims the tiles these tests discard."""
DEALER = {0: "1111234m567p789s5s", 1: QUIET, 2: QUIET, 3: QUIET}
"""The report's dealer. His declaring discards: 1m (leaving 111m 234m 567p 789s 5s, on 5s), 4m
(1111m 23m 567p 789s 5s, on 5s) and 5s (1111m 234m 567p 789s, on 4m)."""


def reads_back(rules: Rules, state: State) -> None:
    """The state survives JSON with the same legal lists."""
    back = from_dict(json.loads(json.dumps(to_dict(state))))
    assert back == state
    for seat in range(4):
        assert rules.legal_actions(back, seat) == rules.legal_actions(state, seat)


def test_bs_ting3_dealer_kong_after_declaring_locks_the_hand() -> None:
    """BS-TING-1, -3 (``bao_ting_kong="waits"``), the report's hand: declared, the dealer may
    discard 1m, 4m or 5s, or kong 1m (the hand it leaves, 234m 567p 789s 5s, waits on 5s as the
    1m discard would). He konges; the replacement 9p is a draw of the locked hand: only 9p may
    be discarded, not 5s (which would change the wait to 9p)."""
    state = new(DEALER, "9m9m9m5s", rules=WAITS, replacements="9p")
    state = play(WAITS, state, "0:T")
    assert WAITS.legal_actions(state, 0) == (
        Gang(0, T("1m"), AN),
        Discard(0, T("1m")),
        Discard(0, T("4m")),
        Discard(0, T("5s")),
    )
    assert state.seats[0].variant == BaoshanSeat(ting=True, ting_draws=0)
    state = play(WAITS, state, "0:A1m")
    assert state.seats[0].drawn == T("9p")
    assert state.seats[0].variant == BaoshanSeat(ting=True, ting_draws=0)  # drawn once since
    assert WAITS.legal_actions(state, 0) == (Discard(0, T("9p")),)
    reads_back(WAITS, state)


def test_bs_ting3_the_locked_wait_wins_lai_men_bao_ting() -> None:
    """BS-TING-3, BS-TING-1: the report's hand played on: after the 9p discard each seat
    discards its 9m, and the dealer's draw of 5s wins 来门报听 1 + 门清 1 = 4 from each seat,
    beside the 暗杠's 2 from each."""
    state = new(DEALER, "9m9m9m5s", rules=WAITS, replacements="9p")
    state = play(WAITS, state, "0:T 0:A1m 0:D9p 1:D9m 2:D9m 3:D9m")
    assert WAITS.legal_actions(state, 0) == (Hu(0), Discard(0, T("5s")))
    state = play(WAITS, state, "0:H")
    result = WAITS.result(state)
    assert result is not None
    (win,) = result.wins
    assert [(item.name_zh, item.fan) for item in win.breakdown.items] == [
        ("门清", 1),
        ("来门报听", 1),
    ]
    assert win.breakdown.points == 4
    assert result.payments == (
        *(Payment(payer, 0, 2, KONG, 1) for payer in (1, 2, 3)),
        *(Payment(payer, 0, 4, WIN, 0) for payer in (1, 2, 3)),
    )
    assert result.deltas == (18, -6, -6, -6)


@BOTH
def test_bs_ting1_a_kong_before_declaring_leaves_every_declaring_discard(rules: Rules) -> None:
    """BS-TING-1: the other order. The dealer konges 1m first (replacement 9p), then declares:
    his declaring discard is still to come, so every discard that leaves him ready is listed,
    9p (on 5s) and 5s (on 9p); the record says he declared after one draw."""
    state = new(DEALER, rules=rules, replacements="9p")
    state = play(rules, state, "0:A1m 0:T")
    assert state.seats[0].variant == BaoshanSeat(ting=True, ting_draws=1)
    assert rules.legal_actions(state, 0) == (Discard(0, T("9p")), Discard(0, T("5s")))
    reads_back(rules, state)


NON_DEALER = {0: "124789p1246789s9m", 1: "111m234m567p789s5s", 2: QUIET, 3: QUIET}
"""Seat 1 is ready on 5s and draws its fourth 1m first (the dealer's 9m is claimed by no one)."""


@BOTH
def test_bs_ting3_non_dealer_kong_after_declaring_locks_the_hand(rules: Rules) -> None:
    """BS-TING-2, -3: seat 1 draws its fourth 1m, declares on it (the 13 it held wait on 5s),
    and may kong it under both values (it is the drawn tile, and the hand it leaves still waits
    on 5s). The replacement 9p is a draw of the locked hand: only 9p may be discarded."""
    state = new(NON_DEALER, "1m", rules=rules, replacements="9p")
    state = play(rules, state, "0:D9m")
    assert state.current == 1 and state.seats[1].drawn == T("1m")
    state = play(rules, state, "1:T")
    assert state.seats[1].variant == BaoshanSeat(ting=True, ting_draws=1)
    assert rules.legal_actions(state, 1) == (Gang(1, T("1m"), AN), Discard(1, T("1m")))
    state = play(rules, state, "1:A1m")
    assert rules.legal_actions(state, 1) == (Discard(1, T("9p")),)
    reads_back(rules, state)


def test_bs_ting3_non_dealer_kong_changing_the_waits_is_not_offered() -> None:
    """BS-TING-3 (``"waits"``): seat 1 holds 1111m 234m 567p 789s (waiting on 4m) and draws
    5s; declared, a kong of 1m would leave 234m 567p 789s 5s, waiting on 5s instead: not
    offered. It discards the 5s it drew."""
    hands = {0: "124789p1246789s9m", 1: "1111m234m567p789s", 2: QUIET, 3: QUIET}
    state = new(hands, "5s", rules=WAITS, replacements="9p")
    state = play(WAITS, state, "0:D9m 1:T")
    assert WAITS.legal_actions(state, 1) == (Discard(1, T("5s")),)


def test_bs_ting3_ting_draws_is_checked_when_read() -> None:
    """BS-TING-3: a document whose ``ting_draws`` is larger than the seat's draws, negative,
    or set on a seat that has not declared is refused, naming the field."""
    state = play(WAITS, new(DEALER, rules=WAITS, replacements="9p"), "0:A1m 0:T")
    for record in (
        BaoshanSeat(ting=True, ting_draws=2),
        BaoshanSeat(ting=True, ting_draws=-1),
    ):
        seats = (replace(state.seats[0], variant=record), *state.seats[1:])
        with pytest.raises(SerializationError, match="ting_draws"):
            from_dict(to_dict(replace(state, seats=seats)))
    other = (state.seats[0], replace(state.seats[1], variant=BaoshanSeat(ting_draws=1)))
    with pytest.raises(SerializationError, match="ting_draws"):
        from_dict(to_dict(replace(state, seats=(*other, *state.seats[2:]))))
