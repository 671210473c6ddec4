"""Sichuan first-turn wins on hand-built walls (issue 20): 天胡 (tiān hú, the dealer's dealt
hand, or after a 暗杠 in that turn, SC-PAT-天胡), 地胡 (dì hú, a non-dealer's first draw,
SC-PAT-地胡), and what they are without ``tian_di_hu``; 自摸 (zìmō) paid 加底 or 加番 (SC-PAY-1).

Score: the cap is 3 fan, so 天胡 and 地胡 are 2 ** 3 = 8, and a self-draw is paid that + 1 by
each other seat.
"""

from __future__ import annotations

from mahjong_rules import Gang, Hu, MeldKind, Phase, State, WinKind
from mahjong_rules.variants import get_variant
from mahjong_rules.variants.base import Rules
from scripting import T
from sichuan_tables import KONG, WIN, pays, sc_deal, step

AN = MeldKind.AN_GANG
QUIET = {
    1: "12489p12345678s",
    2: "12489p12456789s",
    3: "2356789m135689s",
}


def heaven(rules: Rules, dealer: str) -> State:
    return sc_deal(rules, {0: dealer, **QUIET}, voids="s m m p", replacements="5p")


def test_sc_pat_tian_hu_the_dealers_dealt_hand() -> None:
    """SC-PAT-天胡 / SC-TURN-1: the dealer's dealt 111m 234m 567p 789p 55p wins in its first turn,
    before any draw: 8, and 9 from each other seat."""
    rules = get_variant("sichuan")
    state = heaven(rules, "111m234m567p789p55p")
    assert rules.legal_actions(state, 0)[0] == Hu(0)
    state, paid = step(rules, state, "0:H")
    (win,) = state.wins
    assert (win.how, win.breakdown.points) == (WinKind.SELF_DRAW, 8)
    assert paid == pays((1, 0, 9, WIN), (2, 0, 9, WIN), (3, 0, 9, WIN))


def test_sc_pat_tian_hu_after_a_kong_in_the_first_turn() -> None:
    """SC-PAT-天胡 / SC-GANG-1: the dealer holds 1111m 234m 567p 789p 5p; it makes its 暗杠 (2 from
    each) and the replacement 5p completes the hand: still 天胡 — 8, not 杠 + 杠上花 — and 9
    from each."""
    rules = get_variant("sichuan")
    state = heaven(rules, "1111m234m567p789p5p")
    assert rules.legal_actions(state, 0)[0] == Gang(0, T("1m"), AN)
    state, paid = step(rules, state, "0:A1m")
    assert paid == pays((1, 0, 2, KONG, 1), (2, 0, 2, KONG, 1), (3, 0, 2, KONG, 1))
    assert state.seats[0].drawn == T("5p") and rules.legal_actions(state, 0)[0] == Hu(0)
    state, paid = step(rules, state, "0:H")
    assert state.wins[0].breakdown.points == 8
    assert paid == pays((1, 0, 9, WIN), (2, 0, 9, WIN), (3, 0, 9, WIN))


def test_sc_pat_tian_hu_off_the_win_after_the_kong_is_scored_on_its_fans() -> None:
    """SC-PAT-天胡 with ``tian_di_hu=False``: the same win is 杠 + 杠上花 = 2 fan, 4, and 5 from
    each; the dealt win is a plain 平胡, 1 + 1."""
    rules = get_variant("sichuan", tian_di_hu=False)
    state = step(rules, heaven(rules, "1111m234m567p789p5p"), "0:A1m")[0]
    state, paid = step(rules, state, "0:H")
    assert sorted(state.wins[0].breakdown.keys) == ["gang", "gang_shang_hua"]
    assert paid == pays((1, 0, 5, WIN), (2, 0, 5, WIN), (3, 0, 5, WIN))
    paid = step(rules, heaven(rules, "111m234m567p789p55p"), "0:H")[1]
    assert paid == pays((1, 0, 2, WIN), (2, 0, 2, WIN), (3, 0, 2, WIN))


# Seat 1 (void 条, declared holding none) holds 123m 456m 789m 55p 67p, waiting on 5p and 8p. The
# dealer holds 9999s for a 暗杠; seat 3 holds 11p and can peng the dealer's 1p.
EARTH_HANDS = {
    0: "9999s1234789p136s",
    1: "123m456m789m55p67p",
    2: "1235689m124578s",
    3: "2456789m113489p",
}
EARTH_VOIDS = "m s p s"


def earth(
    rules: Rules, draws: str, hand: str = "123m456m789m55p67p", replacements: str = "7m"
) -> State:
    hands = {**EARTH_HANDS, 1: hand}
    return sc_deal(rules, hands, draws, voids=EARTH_VOIDS, replacements=replacements)


def test_sc_pat_di_hu_a_first_draw_win() -> None:
    """SC-PAT-地胡: seat 1's first draw, 8p, completes its hand: 8, and 9 from each other seat."""
    rules = get_variant("sichuan")
    state = step(rules, earth(rules, "8p"), "0:D3s")[0]
    assert state.seats[1].drawn == T("8p") and rules.legal_actions(state, 1)[0] == Hu(1)
    state, paid = step(rules, state, "1:H")
    assert state.wins[0].breakdown.points == 8
    assert paid == pays((0, 1, 9, WIN), (2, 1, 9, WIN), (3, 1, 9, WIN))


def test_sc_pat_di_hu_a_concealed_kong_before_it_does_not_count() -> None:
    """SC-PAT-地胡: the dealer first makes its 暗杠 of 9s (2 from each) and throws the
    replacement 7m; seat 1's first-draw win is still 地胡."""
    rules = get_variant("sichuan")
    state, paid = step(rules, earth(rules, "8p"), "0:A9s 0:D7m")
    assert paid == pays((1, 0, 2, KONG, 1), (2, 0, 2, KONG, 1), (3, 0, 2, KONG, 1))
    paid = step(rules, state, "1:H")[1]
    assert paid == pays((0, 1, 9, WIN), (2, 1, 9, WIN), (3, 1, 9, WIN))


def test_sc_pat_di_hu_none_after_a_peng() -> None:
    """SC-PAT-地胡: seat 3 pengs the dealer's 1p (skipping seats 1 and 2) and throws 2m; the
    dealer draws 4s and throws it; seat 1's first draw then wins, but a peng has been claimed
    in the hand: a plain 平胡, 1 + 1 from each."""
    rules = get_variant("sichuan")
    state = step(rules, earth(rules, "4s8p"), "0:D1p 3:P 3:D2m 0:D4s")[0]
    assert state.current == 1 and state.seats[1].drawn == T("8p")
    paid = step(rules, state, "1:H")[1]
    assert paid == pays((0, 1, 2, WIN), (2, 1, 2, WIN), (3, 1, 2, WIN))


def test_sc_pat_di_hu_on_a_replacement_is_gang_shang_hua() -> None:
    """SC-PAT-地胡 / SC-PAT-杠上花: seat 1 holds 5555p 123m 456m 789m, draws 6p in its first turn,
    makes the 暗杠 and wins on the replacement 6p: not 地胡 but 杠 + 杠上花 = 2 fan, 4, and 5
    from each."""
    rules = get_variant("sichuan")
    state = earth(rules, "6p", hand="5555p123m456m789m", replacements="6p")
    state = step(rules, state, "0:D3s")[0]
    assert rules.legal_actions(state, 1)[0] == Gang(1, T("5p"), AN)
    state = step(rules, state, "1:A5p")[0]
    assert state.seats[1].drawn == T("6p")
    state, paid = step(rules, state, "1:H")
    assert sorted(state.wins[0].breakdown.keys) == ["gang", "gang_shang_hua"]
    assert paid == pays((0, 1, 5, WIN), (2, 1, 5, WIN), (3, 1, 5, WIN))


def test_sc_pat_di_hu_off_a_first_draw_win_is_plain() -> None:
    """SC-PAT-地胡 with ``tian_di_hu=False``: seat 1's first-draw win is a plain self-draw."""
    rules = get_variant("sichuan", tian_di_hu=False)
    state = step(rules, earth(rules, "8p"), "0:D3s")[0]
    paid = step(rules, state, "1:H")[1]
    assert paid == pays((0, 1, 2, WIN), (2, 1, 2, WIN), (3, 1, 2, WIN))


def test_sc_claim1_no_chow_the_next_seat_is_not_asked() -> None:
    """SC-CLAIM-1: no chow. Seat 1, next after the dealer, holds 5p 6p, but the dealer's 4p
    opens no window (nobody can peng, gang or win on it): seat 1 simply draws."""
    rules = get_variant("sichuan")
    state = step(rules, earth(rules, "8p"), "0:D4p")[0]
    assert state.phase is Phase.TURN and state.current == 1
