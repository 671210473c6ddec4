"""Sichuan 血战到底 (xuèzhàn dàodǐ) kong money pinned on hand-built walls (issue 26, section 3):
money a konger passed on by 呼叫转移 (hūjiào zhuǎnyí) is never given or passed again (by a later
杠上炮, a 诈胡 or 退税), a 诈胡 (zhàhú) gives back every kong's money it holds and pays only the
seats still in the hand, and SC-PENALTY-1's pond leaves out the discards others took.

Tables (:mod:`sichuan_tables`): dealer 0; each test names the rule it pins.
"""

from __future__ import annotations

from collections import Counter

from mahjong_rules import Discard, Gang, Hu, Meld, MeldKind, Pass, Peng, Phase, State, TileCounts
from mahjong_rules.variants import get_variant
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.sichuan.false_hu import FalseHu
from scripting import T, burn
from sichuan_tables import CHA_JIAO, KONG, PENALTY, REFUND, WIN, new_payments, pays, sc_deal, step

AN, BU, PENG = MeldKind.AN_GANG, MeldKind.BU_GANG, MeldKind.PENG


def discards(seat: int, hand: str) -> tuple[Discard, ...]:
    """One discard per kind, in tile order."""
    return tuple(Discard(seat, t) for t in TileCounts(hand).distinct())


# ------------------------------------------------ 呼叫转移, then the same konger again

# Seat 1 pengs the dealer's 5m, draws the fourth 5m and keeps it, makes a 暗杠 of 8888m (2 from
# each, ref 1) and throws its replacement 6p: seat 3 (123456789s 11p 57p) wins on it, 杠上炮, and
# the 暗杠's 6 are passed to it (呼叫转移). A round later seat 1 draws 4p and adds the 5m to its
# peng: postponed, no money (ref 2); it throws the replacement 1m and seat 2 (23m 123456789s 99s)
# wins on it, 杠上炮 again.
PASS_ON_HANDS = {
    0: "5m13679m1379p2468p",
    1: "55m8888m1234579p",
    2: "23m12345678s99s7p",
    3: "123456789s11p57p",
}


def passed_on(rules: Rules) -> State:
    """The table up to seat 3's 杠上炮 and seat 1's next draw (4p)."""
    state = sc_deal(rules, PASS_ON_HANDS, "9s6m2s5m3s4p", voids="s s p:7p m", replacements="6p1m")
    state, paid = step(rules, state, "0:D5m 1:P 1:D9p 2:D7p 3:D6m 0:D2s 1:A8m 1:D6p")
    assert paid == pays((0, 1, 2, KONG, 1), (2, 1, 2, KONG, 1), (3, 1, 2, KONG, 1))
    assert rules.to_act(state) == {3}
    state, paid = step(rules, state, "3:H")
    assert paid == pays((1, 3, 6, KONG, 1), (1, 3, 2, WIN))
    assert state.wins[0].breakdown.keys == ("gang_shang_pao",)
    state = step(rules, state, "0:D3s")[0]
    assert state.current == 1 and state.seats[1].drawn == T("4p")
    return state


def test_sc_refund2_money_passed_on_is_not_passed_again_by_a_second_gang_shang_pao() -> None:
    """SC-REFUND-2 ``gang_shang_pao_refund="transfer"`` (呼叫转移): the 暗杠's money went to seat
    3 with the first 杠上炮 (gàng shàng pào), so seat 1 holds no kong money. His postponed 补杠
    made none, and the second 杠上炮, seat 2's on the 1m, passes nothing on: only its 2."""
    rules = get_variant("sichuan", gang_shang_pao_refund="transfer")
    state, paid = step(rules, passed_on(rules), "1:B5m 1:D1m")
    assert paid == Counter()
    assert state.seats[1].melds == (Meld(BU, T("5m"), from_seat=0), Meld(AN, T("8m")))
    assert rules.legal_actions(state, 2) == (Hu(2), Pass(2))
    state, paid = step(rules, state, "2:H")
    assert state.wins[1].breakdown.keys == ("gang_shang_pao",)
    assert paid == pays((1, 2, 2, WIN))


def test_sc_refund4_win3_a_false_hu_after_money_passed_on_gives_nothing_back() -> None:
    """SC-REFUND-4 / SC-WIN-3 (``false_hu="penalty"``) after 呼叫转移: seat 1's 诈胡 (zhàhú) is
    listed in its turn and pays 8 to each seat still in the hand — seats 0 and 2, not seat 3,
    which has won (SC-PAY-3) — and gives back nothing: the 暗杠's money was passed on."""
    rules = get_variant("sichuan", gang_shang_pao_refund="transfer", false_hu="penalty")
    state = passed_on(rules)
    assert rules.legal_actions(state, 1) == (
        Gang(1, T("5m"), BU),
        FalseHu(1),
        *discards(1, "5m123457p"),
    )
    after = rules.apply(state, FalseHu(1))
    assert new_payments(state, after) == pays((1, 0, 8, PENALTY), (1, 2, 8, PENALTY))
    assert after.phase is Phase.TURN and after.current == 1


def test_sc_refund3_tui_shui_does_not_return_money_passed_on() -> None:
    """SC-REFUND-3 退税 (tuìshuì) after 呼叫转移: played on quietly to the wall's end, seat 1 is
    not ready, but the money of its one kong is seat 3's now: 退税 returns nothing. Only 查叫
    is paid: seats 0 and 1, not ready, pay ready seat 2 its value, 1 (SC-CHAJIAO-1)."""
    rules = get_variant("sichuan", gang_shang_pao_refund="transfer")
    state = passed_on(rules)
    end = burn(rules, state)
    assert end.phase is Phase.ENDED and end.result is not None
    assert end.result.ready == {0: False, 1: False, 2: True}
    assert new_payments(state, end) == pays((0, 2, 1, CHA_JIAO), (1, 2, 1, CHA_JIAO))


# ------------------------------------------------ a false hu holding two kongs' money

# Seat 1 draws 6m and makes 暗杠 of 8888m (ref 1) and 2222p (ref 2); its second replacement is 4m.
TWO_HANDS = {
    0: "12345679m134689p",
    1: "8888m2222p13579p",
    2: "23m123456789s99s",
    3: "45678p12345678s",
}


def test_sc_refund4_a_false_hu_gives_back_the_money_of_every_kong_held() -> None:
    """SC-REFUND-4 / SC-WIN-3: after its two 暗杠 seat 1 holds 12 of kong money (refs 1 and 2).
    Its 诈胡 on the second replacement is listed (once per draw: the replacement is a draw),
    pays 8 to each other seat and gives back both kongs' money, not only the latest; after it
    only the discards are left."""
    rules = get_variant("sichuan", false_hu="penalty")
    state = sc_deal(rules, TWO_HANDS, "6m", voids="s s p m", replacements="3m4m")
    state, paid = step(rules, state, "0:D9p 1:A8m 1:A2p")
    assert paid == pays(*[(p, 1, 2, KONG, ref) for p in (0, 2, 3) for ref in (1, 2)])
    assert state.seats[1].drawn == T("4m")
    hand = "3m4m6m13579p"
    assert rules.legal_actions(state, 1) == (FalseHu(1), *discards(1, hand))
    after = rules.apply(state, FalseHu(1))
    assert new_payments(state, after) == pays(
        *[(1, p, 8, PENALTY) for p in (0, 2, 3)],
        *[(1, p, 2, REFUND, ref) for p in (0, 2, 3) for ref in (1, 2)],
    )
    assert rules.legal_actions(after, 1) == discards(1, hand)


# ------------------------------------------------ SC-PENALTY-1: a pond all taken

# Lenient void discards. Seat 3 (void 万) sets 5m aside and keeps its 6m. Its other discards are
# 9p, which seat 1 pengs, and 5p, on which seats 0, 1 and 2 (each waiting on 5p) all win: the
# third win ends the hand, and seat 3, the seat left, is checked (SC-END-2).
POND_HANDS = {
    0: "111m234m567m88m46p1s",
    1: "99p222m333m44m46p7m",
    2: "678m99m123p789p46p",
    3: "5m6m5p9p112233778p",
}


def test_sc_penalty1_a_pond_whose_other_discards_were_all_taken_is_all_void() -> None:
    """SC-PENALTY-1 (``void_discard="lenient"``) / SC-END-2 / SC-CLAIM-2: seat 3 still holds a
    tile of its void suit (6m) at the end, but its pond is the set-aside 5m alone — the 9p went
    to seat 1's peng, the 5p to the three winners — so it pays no 48 to the pot. It pays each
    winner 平胡's 1 (一炮多响), and nothing else is paid."""
    rules = get_variant("sichuan", void_discard="lenient")
    state = sc_deal(rules, POND_HANDS, "2s3s4p5s6s7s6p8s8p", voids="s:1s s s m:5m")
    state = step(rules, state, "0:D1s 1:D2s 2:D3s 3:D5m 0:D5s 1:D6s 2:D7s 3:D9p")[0]
    assert rules.to_act(state) == {1}
    assert rules.legal_actions(state, 1) == (Peng(1), Pass(1))
    state = step(rules, state, "1:P 1:D7m 2:D8s 3:D5p")[0]
    assert state.seats[1].melds == (Meld(PENG, T("9p"), from_seat=3),)
    assert rules.to_act(state) == {0, 1, 2}
    state, paid = step(rules, state, "0:H 1:H 2:H")
    assert paid == pays((3, 0, 1, WIN), (3, 1, 1, WIN), (3, 2, 1, WIN))
    assert state.phase is Phase.ENDED
    assert state.seats[3].concealed == TileCounts("6m112233467788p")
    assert state.seats[3].discards == (T("5m"), T("9p"), T("5p"))
