"""Hand-built positions for rule code that only the golden digests held (issue 34, s.4).

Each test names the rule it holds and fails, saying what broke, when one line of that rule's
code is changed:

* BS-END-1 with ``dealer_dealt_win=False``: the ban applies to the dealer's dealt 14 alone
  (``_dealt_win_forbidden`` in ``variants/baoshan/rules.py``), not to every turn in which the
  seat holds no drawn tile.
* 过手胡 comparing fan (YS-PASSHU-1, Baoshan's ``pass_hu="yongshan"``, SC-PASSHU-2): the bar a
  blocked seat carries is the most fan it declined since the block began, whether the later,
  smaller win it declines is a self-draw (``engine/turns.py``) or a win on a discard or a
  robbed kong (``engine/claims.py``).

None of the three changes alters a hand the shipped games can play (the golden digests pass
with each, and so do 300 random hands in each of seven rooms of the kinds concerned): the
engine asks ``self_win_allowed`` in no turn after a peng, the only turn besides the dealer's
first with no drawn tile; and a blocked seat is offered only wins worth more than its bar,
while a discard that declines a self-draw lifts the block (Yongshan, Baoshan's
``"yongshan"``) or sets none (Sichuan). So the BS-END-1 test asks the hook itself, and the
two 过手胡 tests play a room built on the variant contract that reaches both lines: Baoshan
whose 过手胡 compares fan, lasts until the seat's peng or kong (no draw or discard lifts it)
and never blocks robbing a kong, each winning tile worth a fixed fan (:data:`WORTH`), so that
the bar the engine keeps is all that is tested.
"""

from __future__ import annotations

from mahjong_rules import (
    Discard,
    Gang,
    Hu,
    MeldKind,
    Pass,
    Payment,
    PaymentReason,
    Peng,
    Phase,
    State,
    Tile,
    WinKind,
    get_variant,
)
from mahjong_rules.variants.baoshan import Baoshan
from scripting import T, deal, play

WORTH = {T("1m"): 1, T("4m"): 3, T("7m"): 2}
"""The fan of each win seat 1 can make (it waits on 1m, 4m and 7m), however it is made."""
HANDS = {
    0: "4m8m9m8p9p1s2s3s4s5s6s7s8s9s",
    1: "23456m11p234p567p",
    2: "1m1m8m9m8p9p1s3s5s7s9s2s4s",
    3: "8m9m8p9p1s3s5s7s9s2s4s6s3p",
}
"""Seat 1 waits on 1m (123 456m), 4m (234 456m) and 7m (234 567m), with 11p 234p 567p; seat
2 holds a pair of 1m; nobody else is near ready or holds a pair of a tile thrown below."""


class LongBlock(Baoshan):
    """Baoshan with a 过手胡 that compares fan (the most declined since the block began, as
    YS-PASSHU-1 and SC-PASSHU-2), lasts until the seat's own peng or kong, and does not
    apply to robbing a kong; a win's fan for the comparison is :data:`WORTH`'s."""

    def discard_lifts_pass_hu(self, state: State, seat: int) -> bool:
        return False

    def draw_lifts_pass_hu(self, state: State, seat: int, replacement: bool) -> bool:
        return False

    def tracks_declined_fan(self) -> bool:
        return True

    def declined_fan(self, state: State, seat: int, tile: Tile, how: WinKind) -> int:
        return WORTH[tile]

    def pass_hu_blocks(self, state: State, seat: int, how: WinKind) -> bool:
        s = state.seats[seat]
        if not s.pass_hu or how is WinKind.ROB_KONG:
            return False
        tile = state.tile
        assert tile is not None
        return WORTH[tile] <= s.pass_hu_fan


def discards(seat: int, text: str) -> tuple[Discard, ...]:
    """``seat``'s discards of the kinds in ``text``, in tile order."""
    return tuple(Discard(seat, T(t + text[-1])) for t in text[:-1])


SEAT1_TURN = discards(1, "23456m") + discards(1, "1234567p")
"""Seat 1's discards while it holds its 13 and a tile of those (in tile order)."""


def bar_kept(state: State, declined: str) -> None:
    """Seat 1 is blocked, its bar the most fan it declined (3, the 4m), not the last."""
    s = state.seats[1]
    assert (s.pass_hu, s.pass_hu_fan) == (True, 3), (
        f"过手胡 (YS-PASSHU-1, SC-PASSHU-2): after declining 4m (3 fan) and then {declined} "
        f"(1 fan), seat 1's bar must stay 3, the most fan it declined since the block began; "
        f"it is {s.pass_hu_fan}"
    )


def no_window_for_seven(state: State) -> None:
    """Seat 2 threw 7m, worth 2 fan to seat 1: not more than its bar, so no window opens."""
    assert state.phase is Phase.TURN and state.current == 3, (
        "过手胡 (YS-PASSHU-1, SC-PASSHU-2): seat 1, having declined a 3-fan win, is offered a "
        "2-fan win on 7m: a later, smaller declined win lowered its bar"
    )
    assert rules_legal(state, 1) == ()


ROOM = LongBlock()


def rules_legal(state: State, seat: int) -> tuple[object, ...]:
    """``ROOM``'s legal actions of ``seat``."""
    return tuple(ROOM.legal_actions(state, seat))


def test_ys_passhu1_a_smaller_self_draw_declined_keeps_the_larger_bar() -> None:
    """YS-PASSHU-1 / SC-PASSHU-2 in the engine's turn (``engine/turns.py``): seat 1 declines a
    self-drawn 4m (3 fan) by throwing it, then, still blocked, a self-drawn 1m (1 fan); seat
    2's 7m (2 fan) is not more than the most it declined, so it is not offered."""
    state = deal(ROOM, HANDS, "4m6p7p5p1m7m")
    state = play(ROOM, state, "0:D8m")
    assert rules_legal(state, 1) == (Hu(1), *SEAT1_TURN)  # 4m drawn: 234 456m
    state = play(ROOM, state, "1:D4m")
    assert (state.seats[1].pass_hu, state.seats[1].pass_hu_fan) == (True, 3)
    state = play(ROOM, state, "2:D6p 3:D7p 0:D5p")
    assert rules_legal(state, 1) == (Hu(1), Discard(1, T("1m")), *SEAT1_TURN)
    state = play(ROOM, state, "1:D1m")
    assert rules_legal(state, 2) == (Peng(2), Pass(2))
    state = play(ROOM, state, "2:X")
    bar_kept(state, "a self-drawn 1m")
    state = play(ROOM, state, "2:D7m")
    no_window_for_seven(state)
    assert state.ledger == ()


def test_sc_passhu2_a_smaller_robbing_win_declined_keeps_the_larger_bar() -> None:
    """SC-PASSHU-2 / YS-PASSHU-1 in a claim window (``engine/claims.py``): seat 1 passes the
    dealer's 4m (3 fan); seat 2 pengs seat 3's 1m and adds the fourth 1m (补杠, seat 3 pays
    the kong); robbing is not blocked, so seat 1 may rob it (1 fan) and passes; seat 2's 7m
    (2 fan) is not more than the most seat 1 declined, so it is not offered."""
    state = deal(ROOM, HANDS, "9m6p1m7p5p2p1m", replacements="7m")
    state = play(ROOM, state, "0:D4m")
    assert rules_legal(state, 1) == (Hu(1), Pass(1))
    state = play(ROOM, state, "1:X")
    assert (state.seats[1].pass_hu, state.seats[1].pass_hu_fan) == (True, 3)
    state = play(ROOM, state, "1:D9m 2:D6p 3:D1m")
    assert rules_legal(state, 1) == ()  # 1m is worth 1: blocked
    assert rules_legal(state, 2) == (Peng(2), Pass(2))
    state = play(ROOM, state, "2:P 2:D8m 3:D7p 0:D5p 1:D2p")
    assert rules_legal(state, 2)[0] == Gang(2, T("1m"), MeldKind.BU_GANG)
    state = play(ROOM, state, "2:B1m")
    assert state.phase is Phase.ROB
    assert rules_legal(state, 1) == (Hu(1), Pass(1))
    state = play(ROOM, state, "1:X")
    assert state.ledger == (Payment(3, 2, 1, PaymentReason.KONG, 1),)
    bar_kept(state, "robbing the 1m")
    state = play(ROOM, state, "2:D7m")
    no_window_for_seven(state)


DEALT = {
    0: "123m456m789m123p55p",
    1: "1m8m9m8p9p1s2s3s4s5s6s7s8s",
    2: "2m2m8m9m8p9p1s3s5s7s9s2s4s",
    3: "8m9m8p9p1s3s5s7s9s2s4s6s3p",
}
"""The dealer is dealt a complete 14 (123 456 789m 123p 55p); seat 2 holds a pair of 2m."""


def test_bs_end1_the_ban_is_on_the_dealt_14_alone() -> None:
    """BS-END-1 with ``dealer_dealt_win=False``: the dealer may not win on his dealt 14 (no
    hu offered; throwing a tile declines nothing, so no 过手胡 follows). The ban is on that
    turn alone: after seat 2 pengs the dealer's 2m it holds no drawn tile either, and may
    only discard (no self-draw after a peng), but the timing rule itself does not forbid its
    win there (``self_win_allowed``), as in every turn but the dealer's first."""
    rules = get_variant("baoshan", dealer_dealt_win=False)
    state = deal(rules, DEALT, "")
    assert rules.legal_actions(state, 0) == discards(0, "123456789m") + discards(0, "1235p")
    allowed = get_variant("baoshan")  # dealer_dealt_win=True: the same 14 may win
    assert allowed.legal_actions(deal(allowed, DEALT, ""), 0)[0] == Hu(0)
    state = play(rules, state, "0:D2m")
    assert not state.seats[0].pass_hu
    assert rules.legal_actions(state, 2) == (Peng(2), Pass(2))
    state = play(rules, state, "2:P")
    assert state.seats[2].drawn is None and state.current == 2
    assert rules.legal_actions(state, 2) == (
        discards(2, "89m") + discards(2, "89p") + discards(2, "1234579s")
    )
    assert rules.self_win_allowed(state, 2), (
        "BS-END-1 (dealer_dealt_win=False) forbids the dealer's dealt 14 only: a turn after a "
        "peng, with no drawn tile, is not the dealer's first turn and the ban must not apply"
    )
