"""Sichuan 血战到底 (xuèzhàn dàodǐ) hands pinned on hand-built walls (issue 26, section 3): a
dealer's later self-draw is not scored as a win on his dealt 14 (no false 金钩钓 jīngōudiào),
the default ``exhaustive_wait`` counts the copies in melds and ``"hand"`` still values such a
wait, 花猪 (huāzhū) counts the suits of melds, ``void_kong="forbidden"`` keeps the other 暗杠
(àngàng), and ``jin_gou_diao="four_melds"`` wants four melds.

Tables (:mod:`sichuan_tables`): dealer 0; each test names the rule it pins.
"""

from __future__ import annotations

import pytest

from mahjong_rules import Discard, Gang, Hu, MeldKind, Pass, Peng, Phase, TileSet, WinKind
from mahjong_rules.variants import get_variant
from scripting import T, burn
from sichuan_tables import CHA_JIAO, KONG, PENALTY, REFUND, WIN, new_payments, pays, sc_deal, step

AN, ZHI = MeldKind.AN_GANG, MeldKind.ZHI_GANG


def test_sc_pat_jin_gou_diao_a_dealers_later_self_draw_is_not_scored_as_his_dealt_14() -> None:
    """SC-PAT-金钩钓 / SC-PAT-碰碰胡 / SC-PAY-1: the dealer throws his set-aside 9s and waits on
    111m 222m 333m 44p 55p; a round later he draws 5p. The 5p completes a pung, not the pair:
    碰碰胡 alone (1 fan, 2) + 1 from each. Only a win on the dealt 14 is scored with each kind
    as the winning tile; this one has its drawn tile, so no 金钩钓."""
    rules = get_variant("sichuan")
    hands = {
        0: "111m222m333m44p55p9s",
        1: "456789m1245789s",
        2: "456789m1245789s",
        3: "456789m6677899p",
    }
    state = sc_deal(rules, hands, "1p2p3p5p", voids="s:9s p p s")
    state = step(rules, state, "0:D9s 1:D1p 2:D2p 3:D3p")[0]
    assert state.current == 0 and state.seats[0].drawn == T("5p")
    assert rules.legal_actions(state, 0)[0] == Hu(0)
    state, paid = step(rules, state, "0:H")
    (win,) = state.wins
    assert (win.how, win.tile, win.breakdown.keys, win.breakdown.points) == (
        WinKind.SELF_DRAW,
        T("5p"),
        ("peng_peng_hu",),
        2,
    )
    assert paid == pays((1, 0, 3, WIN), (2, 0, 3, WIN), (3, 0, 3, WIN))


# ------------------------------------------------ a wait split between a peng and the hand

# Seat 1 (void 条) pengs the dealer's set-aside 5m and throws 1m: 5m 123456789p beside the peng
# of 5m waits only on 5m, whose four copies are all its own.
SPLIT_HANDS = {
    0: "5m1245789p124578s",
    1: "555m123456789p1m",
    2: "1245789p124578s",
    3: "12346789m12369s",
}


@pytest.mark.parametrize(
    ("how", "waits", "cha_jiao"),
    [
        ("hand_and_melds", TileSet(), pays()),
        (
            "hand",
            TileSet("5m"),
            pays((0, 1, 1, CHA_JIAO), (2, 1, 1, CHA_JIAO), (3, 1, 1, CHA_JIAO)),
        ),
    ],
)
def test_sc_win2_chajiao3_a_wait_whose_copies_are_in_a_peng_and_the_hand(
    how: str, waits: TileSet, cha_jiao: object
) -> None:
    """SC-WIN-2 / SC-CHAJIAO-2 / SC-CHAJIAO-3: seat 1 waits only on 5m, held once in hand and
    three times in its peng. By default (``exhaustive_wait="hand_and_melds"``) that is no wait:
    not ready, and at the wall's end nobody is ready and nothing is paid. With ``"hand"`` only
    the hand's copies count: it is ready, and the un-ready seats pay it 查叫 (chájiào) on the
    value of a hand no tile can make, 平胡's 1."""
    rules = get_variant("sichuan", exhaustive_wait=how)
    state = sc_deal(rules, SPLIT_HANDS, voids="m:5m s m p")
    state = step(rules, state, "0:D5m")[0]
    assert rules.legal_actions(state, 1) == (Peng(1), Gang(1, T("5m"), ZHI), Pass(1))
    state = step(rules, state, "1:P 1:D1m")[0]
    assert rules.waits(state, 1) == waits
    end = burn(rules, state)
    assert end.result is not None
    assert end.result.ready == {0: False, 1: bool(waits), 2: False, 3: False}
    assert new_payments(state, end) == cha_jiao


def test_sc_huazhu1_a_third_suit_only_in_a_meld_makes_a_flower_pig() -> None:
    """SC-HUAZHU-1 花猪 (huāzhū) / SC-VOID-5 / SC-REFUND-3: the dealer (void 万) makes the 暗杠 of
    his 1111m and throws the set-aside 2m; his hand holds only 筒 and 条, the 万 is in his kong.
    At the wall's end he holds all three suits: 花猪, not ready — he gives the kong's 2s back
    (退税) and pays the cap's 8 to every other seat. Nobody else is ready: no 查叫."""
    rules = get_variant("sichuan", hua_zhu=True)
    hands = {
        0: "1111m2m123456p789s",
        1: "1245789p124578s",
        2: "1245789p124578s",
        3: "2345789m136789p",
    }
    state = sc_deal(rules, hands, "3m4m1s", voids="m:2m m m s", replacements="9p")
    state, paid = step(rules, state, "0:A1m 0:D2m")
    assert paid == pays(
        (1, 0, 2, KONG, 1), (2, 0, 2, KONG, 1), (3, 0, 2, KONG, 1), (0, "pot", 48, PENALTY)
    )
    end = burn(rules, state)
    assert end.result is not None
    assert end.result.ready == {0: False, 1: False, 2: False, 3: False}
    assert new_payments(state, end) == pays(
        *[(0, p, 2, REFUND, 1) for p in (1, 2, 3)], *[(0, p, 8, PENALTY) for p in (1, 2, 3)]
    )


def test_sc_void5_forbidden_keeps_the_concealed_kongs_of_other_suits() -> None:
    """SC-VOID-5 ``void_kong="forbidden"`` / SC-VOID-2: the dealer (void 万, 2m set aside) holds
    1111m and 5555p. Only the void suit's 暗杠 is withheld: the 5p one is offered, before the
    set-aside 2m, his only discard."""
    rules = get_variant("sichuan", void_kong="forbidden")
    hands = {
        0: "1111m2m5555p789s12s",
        1: "1246789p124578s",
        2: "1246789p124578s",
        3: "2345789m136789s",
    }
    state = sc_deal(rules, hands, voids="m:2m m m p")
    assert rules.legal_actions(state, 0) == (Gang(0, T("5p"), AN), Discard(0, T("2m")))


@pytest.mark.parametrize(
    ("rule", "keys", "fan"),
    [
        ("four_melds", ("gang", "peng_peng_hu"), 4),
        ("pair_wait", ("gang", "peng_peng_hu", "jin_gou_diao"), 5),
    ],
)
def test_sc_pat_jin_gou_diao_four_melds_wants_four_melds(
    rule: str, keys: tuple[str, ...], fan: int
) -> None:
    """SC-PAT-金钩钓 / SC-PAT-杠 / SC-PAT-碰碰胡: the dealer makes three 暗杠 (1m 2m 3m) in his
    first turn, drawing 5p, 5p and 9s, throws the 9s and waits on 4p 555p. He wins on seat 1's
    4p, the pair's tile: with ``jin_gou_diao="four_melds"`` three melds are not four, so it is
    杠 x 3 + 碰碰胡 (4 fan); with ``"pair_wait"`` 金钩钓 is added (5 fan). Capped at 3 fan either
    way: 8 from seat 1."""
    rules = get_variant("sichuan", jin_gou_diao=rule)
    hands = {
        0: "1111m2222m3333m4p5p",
        1: "456789m1245789s",
        2: "456789m1245789s",
        3: "4567m1245789s36s",
    }
    state = sc_deal(rules, hands, "4p", voids="s p p p", replacements="5p5p9s")
    state, paid = step(rules, state, "0:A1m 0:A2m 0:A3m")
    assert paid == pays(*[(p, 0, 2, KONG, ref) for p in (1, 2, 3) for ref in (1, 2, 3)])
    assert rules.legal_actions(state, 0) == (Discard(0, T("9s")),)
    state = step(rules, state, "0:D9s 1:D4p")[0]
    assert rules.to_act(state) == {0}
    assert rules.legal_actions(state, 0) == (Hu(0), Pass(0))
    state, paid = step(rules, state, "0:H")
    (win,) = state.wins
    assert (win.breakdown.keys, win.breakdown.fan, win.breakdown.points) == (keys, fan, 8)
    assert paid == pays((1, 0, 8, WIN))
    assert state.phase is Phase.TURN
