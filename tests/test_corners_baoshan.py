"""保山麻将 rule corners that no other scripted hand pins (issue 21): 十老头 against a peng or a
kong of the tenth honor (BS-WIN-3), 过手胡 after a peng (BS-PASSHU-1), and which kong payments
杠上炮 takes back (BS-GANG-5).

Every expectation is worked out from SPEC.md and the rule text, not read from the engine: the
legal lists each asked seat gets, the breakdown and every payment with its reason and kong ref.
Walls are laid out by :func:`scripting.make_wall` (DEAL-1); ``Q`` and ``Q2`` are quiet hands
(no pair, far from ready): a seat holding one never claims anything.
"""

from __future__ import annotations

import pytest

from mahjong_rules import (
    Discard,
    HandResult,
    Hu,
    Meld,
    MeldKind,
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
from mahjong_rules.engine.events import Drew, PaymentsCancelled
from mahjong_rules.variants.base import Rules
from scripting import Q2, Q, T, burn, new, play

KONG, WIN = PaymentReason.KONG, PaymentReason.WIN
AN, ZHI = MeldKind.AN_GANG, MeldKind.ZHI_GANG
BAOSHAN = get_variant("baoshan")
HONORS = get_variant("baoshan", honors=True)


def discards(seat: int, hand: str) -> tuple[Discard, ...]:
    """One discard per kind held, in tile order (how legal_actions lists them)."""
    return tuple(Discard(seat, t) for t in TileCounts(hand).distinct())


def legal(rules: Rules, state: State) -> dict[int, tuple[object, ...]]:
    """Every seat's legal actions (the seats with none included, as ``()``)."""
    return {seat: rules.legal_actions(state, seat) for seat in range(state.players)}


def result_of(rules: Rules, state: State) -> HandResult:
    """The settlement of an ended hand, after checking that nobody may act any more."""
    result = rules.result(state)
    assert result is not None, "the hand has not ended"
    assert state.phase is Phase.ENDED and rules.to_act(state) == frozenset()
    assert sum(result.deltas) == 0  # FLOW-5
    return result


# ------------------------------------------------------------------ BS-WIN-3 十老头

TEN = ("4z", "1z", "1z", "1z", "2z", "2z", "2z", "3z", "3z", "7z")
"""The dealer's first ten discards, all honors; the tenth is 中 (7z), the dealer's only one."""
DEALER = "111z222z33z4z7z147m2p"
PAIR = "77z12457p124578s"
"""A pair of 中 beside quiet tiles: it could peng the tenth honor, were that allowed."""
TRIPLE = "777z1245p124578s"
"""Three 中 beside quiet tiles: it could peng or kong the tenth honor, were that allowed."""
SINGLE_WAIT = "123456789m333p7z"
"""Ready on 中 alone (单钓): the only seat that may claim the tenth honor, by winning on it."""


def before_the_tenth(hands: dict[int, str]) -> State:
    """The dealer has discarded the first nine of TEN (everybody else discarding what it draws
    and passing every claim) and is to discard the tenth, 中."""
    state = new(hands, rules=HONORS)
    for k, tile in enumerate(TEN[:9]):
        if k:
            state = burn(HONORS, state, seat=0)
        state = play(HONORS, state, f"0:D{tile}")
    state = burn(HONORS, state, seat=0)
    assert state.seats[0].discards == tuple(T(t) for t in TEN[:9])
    assert T("7z") in state.seats[0].concealed
    return state


SHI_LAO_TOU_PAYMENTS = (Payment(1, 0, 2, WIN), Payment(2, 0, 2, WIN), Payment(3, 0, 2, WIN))
"""BS-WIN-3 settles as a self-draw; BS-PAT-十老头 is 1 fan, so 2 points from every other seat
(BS-PAY-1, SCORE-1)."""


def assert_shi_lao_tou(state: State) -> None:
    """The hand ended in the dealer's forced 十老头, paid as a self-draw, and nobody melded."""
    result = result_of(HONORS, state)
    (win,) = result.wins
    assert (win.seat, win.how, win.tile, win.from_seat, win.forced) == (
        0,
        WinKind.SELF_DRAW,
        T("7z"),
        None,
        True,
    )
    assert [(i.key, i.fan) for i in win.breakdown.items] == [("shi_lao_tou", 1)]
    assert result.payments == SHI_LAO_TOU_PAYMENTS
    assert result.deltas == (6, -2, -2, -2)
    assert result.next_dealer == 0  # BS-DEALER-1: the winner deals
    assert all(s.melds == () for s in state.seats)


@pytest.mark.parametrize("holder", [PAIR, TRIPLE], ids=["pair", "triple"])
def test_bs_win3_nobody_is_offered_a_peng_or_kong_of_the_tenth_honor(holder: str) -> None:
    """BS-WIN-3 (十老头 comes before any peng or kong of that tile): seat 1 holds a pair (or
    three) of 中 and nobody waits on it. The dealer's tenth honor discard is 中: seat 1 is
    offered neither a peng nor a kong, so nobody is asked at all and the hand ends at once
    in the dealer's 十老头."""
    state = before_the_tenth({0: DEALER, 1: holder, 2: Q, 3: Q})
    assert state.phase is Phase.TURN and state.current == 0
    state = play(HONORS, state, "0:D7z")
    assert HONORS.to_act(state) == frozenset()
    assert legal(HONORS, state) == {0: (), 1: (), 2: (), 3: ()}
    assert_shi_lao_tou(state)


def test_bs_win3_beside_a_pair_only_the_win_is_offered_and_passing_it_gives_shi_lao_tou() -> None:
    """BS-WIN-3: seat 1 holds a pair of 中 and seat 2 waits on 中. After the dealer's tenth
    honor, 中, only seat 2 is asked, and only whether to win (FLOW-2); seat 1 is offered no
    peng. Seat 2 passes: 十老头 happens (the seats that could win on it passed)."""
    state = before_the_tenth({0: DEALER, 1: PAIR, 2: SINGLE_WAIT, 3: Q})
    state = play(HONORS, state, "0:D7z")
    assert state.phase is Phase.CLAIM
    assert HONORS.to_act(state) == frozenset({2})
    assert legal(HONORS, state) == {0: (), 1: (), 2: (Hu(2), Pass(2)), 3: ()}
    state = play(HONORS, state, "2:X")
    assert_shi_lao_tou(state)


def test_bs_win3_beside_a_pair_the_seat_that_wins_on_the_tenth_honor_comes_first() -> None:
    """BS-WIN-3: the same table, and seat 2 takes the win on the tenth honor: it wins on the
    dealer's discard (平胡, 1 point from the dealer, BS-PAY-1), 十老头 does not happen, and
    seat 1 never pengs."""
    state = before_the_tenth({0: DEALER, 1: PAIR, 2: SINGLE_WAIT, 3: Q})
    state = play(HONORS, state, "0:D7z 2:H")
    result = result_of(HONORS, state)
    (win,) = result.wins
    assert (win.seat, win.how, win.tile, win.from_seat, win.forced) == (
        2,
        WinKind.DISCARD,
        T("7z"),
        0,
        False,
    )
    assert [(i.key, i.fan) for i in win.breakdown.items] == [("ping_hu", 0)]
    assert result.payments == (Payment(0, 2, 1, WIN),)
    assert result.deltas == (-1, 0, 1, 0)
    assert result.next_dealer == 2
    assert all(s.melds == () for s in state.seats)


# ------------------------------------------------------------------ BS-PASSHU-1 过手胡

# Seat 2 waits on 5m and 7m (双碰: 55m 77m + 123p 456p 789s). The dealer's first discard is 5m:
# seat 2 may win on it or peng it. After the peng its concealed 77m 123p 456p 789s is a
# complete shape of its own, and after throwing 9s it waits on 6s and 9s.
PASS_PENG = {0: Q + "5m", 1: Q2, 2: "55m77m123p456p789s", 3: Q}


def test_bs_passhu1_a_seat_that_pengs_instead_of_winning_may_win_on_the_next_discard() -> None:
    """BS-PASSHU-1 ("必须过手（出牌，碰，杠操作后）才能胡"; a peng lifts the block): seat 2 is
    offered a win and a peng on the dealer's 5m and pengs. Its turn after the peng offers
    only discards (no win, although its concealed tiles form a complete shape: a peng is no
    draw), and it throws 9s. Seat 3 draws 9s and throws it: before its own next draw, seat 2
    may win on it, and does: 平胡 on a discard, 1 point from seat 3."""
    state = new(PASS_PENG, draws="9s")
    state = play(BAOSHAN, state, "0:D5m")
    assert BAOSHAN.to_act(state) == frozenset({2})
    assert legal(BAOSHAN, state) == {0: (), 1: (), 2: (Hu(2), Peng(2), Pass(2)), 3: ()}
    state = play(BAOSHAN, state, "2:P")
    assert state.seats[2].melds == (Meld(MeldKind.PENG, T("5m"), from_seat=0),)
    assert legal(BAOSHAN, state)[2] == discards(2, "77m123p456p789s")
    state = play(BAOSHAN, state, "2:D9s")
    assert state.events[-1] == Drew(3, T("9s"))
    state = play(BAOSHAN, state, "3:D9s")
    assert BAOSHAN.to_act(state) == frozenset({2})
    assert legal(BAOSHAN, state) == {0: (), 1: (), 2: (Hu(2), Pass(2)), 3: ()}
    state = play(BAOSHAN, state, "2:H")
    result = result_of(BAOSHAN, state)
    assert not any(isinstance(e, PaymentsCancelled) for e in state.events)  # no kong, no 杠上炮
    (win,) = result.wins
    assert (win.seat, win.how, win.tile, win.from_seat) == (2, WinKind.DISCARD, T("9s"), 3)
    assert [(i.key, i.fan) for i in win.breakdown.items] == [("ping_hu", 0)]
    assert result.payments == (Payment(3, 2, 1, WIN),)
    assert result.deltas == (0, 0, 1, -1)


# ------------------------------------------------------------------ BS-GANG-5 杠上炮

# Seat 1 kongs the dealer's 9p (直杠, ref 1: the dealer pays 1) and throws its replacement 4s.
# Seat 2 conceals a kong of 1s on its first draw (暗杠, ref 2: every other seat pays 2) and
# throws its replacement 2s. On its next turn seat 1 draws the fourth 7p: 暗杠 (ref 3), its
# replacement is the fourth 3s: 暗杠 again (ref 4), and it throws the second replacement, 9m.
# Seat 3 (123m 456m 78m 33p 666s, waiting on 3m, 6m and 9m) wins on it: 杠上炮.
GANG_HANDS = {
    0: "1379m13569p24789s",
    1: "999p777p333s19m28p",
    2: "1111s2468m2468p5s",
    3: "123m456m78m33p666s",
}
GANG_SCRIPT = "0:D9p 1:G9p 1:D4s 2:A1s 2:D2s 3:D8p 0:D5p 1:A7p 1:A3s 1:D9m"


def test_bs_gang5_only_the_kongs_of_the_discarders_turn_are_cancelled() -> None:
    """BS-GANG-5 ("that kong's payments are cancelled") / BS-PAT-杠上炮: seat 3 wins on seat
    1's first discard after its two concealed kongs of one turn. The payments of those two
    kongs (2 from each other seat, twice) are taken back — and only those: seat 2's earlier
    暗杠 and seat 1's own 直杠 of an earlier turn still stand (BS-GANG-1, BS-GANG-3). The win
    is 杠上炮 (1 fan, 2 points), paid by the discarder alone (BS-PAY-1)."""
    state = new(GANG_HANDS, draws="7m8p5p7p", replacements="4s2s3s9m")
    state = play(BAOSHAN, state, GANG_SCRIPT)
    assert [m.kind for m in state.seats[1].melds] == [ZHI, AN, AN]
    assert [m.kind for m in state.seats[2].melds] == [AN]
    standing = (
        Payment(0, 1, 1, KONG, 1),  # seat 1's 直杠 of the dealer's 9p, an earlier turn
        Payment(0, 2, 2, KONG, 2),  # seat 2's 暗杠 of 1s
        Payment(1, 2, 2, KONG, 2),
        Payment(3, 2, 2, KONG, 2),
    )
    this_turn = (
        Payment(0, 1, 2, KONG, 3),  # seat 1's 暗杠 of 7p
        Payment(2, 1, 2, KONG, 3),
        Payment(3, 1, 2, KONG, 3),
        Payment(0, 1, 2, KONG, 4),  # seat 1's 暗杠 of 3s, on the replacement of the first
        Payment(2, 1, 2, KONG, 4),
        Payment(3, 1, 2, KONG, 4),
    )
    assert state.ledger == standing + this_turn
    assert BAOSHAN.to_act(state) == frozenset({3})
    assert legal(BAOSHAN, state) == {0: (), 1: (), 2: (), 3: (Hu(3), Pass(3))}
    state = play(BAOSHAN, state, "3:H")
    result = result_of(BAOSHAN, state)
    (win,) = result.wins
    assert (win.seat, win.how, win.tile, win.from_seat) == (3, WinKind.DISCARD, T("9m"), 1)
    assert [(i.key, i.fan) for i in win.breakdown.items] == [("gang_shang_pao", 1)]
    assert result.cancelled == this_turn
    assert PaymentsCancelled(this_turn, "gang_shang_pao") in state.events
    assert result.payments == (*standing, Payment(1, 3, 2, WIN))
    # seat 0: -1 - 2; seat 1: +1 - 2 - 2; seat 2: +2 x 3; seat 3: -2 + 2
    assert result.deltas == (-3, -3, 6, 0)
    assert result.next_dealer == 3


def test_bs_gang5_a_kong_of_an_earlier_turn_is_no_gang_shang_pao() -> None:
    """BS-GANG-5: the same table, but seat 1 throws 9m one turn later (it keeps the second
    replacement and throws 9m from its hand after the next round): that discard is not its
    first after a kong, so no payment is taken back and the win is 平胡 (1 point)."""
    state = new(GANG_HANDS, draws="7m8p5p7p9s4p1p6p", replacements="4s2s3s2m")
    state = play(BAOSHAN, state, GANG_SCRIPT.replace("1:D9m", "1:D2m 2:D9s 3:D4p 0:D1p"))
    assert state.current == 1 and state.seats[1].drawn == T("6p")
    ledger = state.ledger
    assert len(ledger) == 10 and all(p.reason is KONG for p in ledger)
    state = play(BAOSHAN, state, "1:D9m")
    assert legal(BAOSHAN, state)[3] == (Hu(3), Pass(3))
    state = play(BAOSHAN, state, "3:H")
    result = result_of(BAOSHAN, state)
    assert [(i.key, i.fan) for i in result.breakdown(3).items] == [("ping_hu", 0)]
    assert result.cancelled == ()
    assert not any(isinstance(e, PaymentsCancelled) for e in state.events)
    assert result.payments == (*ledger, Payment(1, 3, 1, WIN))
