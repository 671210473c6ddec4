"""红中麻将's rules on hands built by hand (HONGZHONG.md, ../shared/HONGZHONG.md): exact legal
lists and exact payments. The room is found by name, as a user finds it; the rule each test
checks is named HZ-… after the bullet of HONGZHONG.md it reads (TILES, WILD, CLAIM, WIN, BIRD,
MONEY)."""

from __future__ import annotations

from typing import Any

import pytest
from hongzhong_helpers import QUIET, deal, hongzhong, play

from mahjong_rules import SerializationError, State, WallError, from_dict, to_dict
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.base import Rules

pytestmark = pytest.mark.installed_plugins


DIAN_PAO = {  # seats 0 and 3 wait on 5p once the dealer has thrown its 9p
    0: "123m456m789s11s46p9p",
    1: "13579m2468s2378p",
    2: "2468m13579s1237p",
    3: "234m567m345s77s46p",
}


def legal(rules: Rules, state: State, seat: int) -> list[str]:
    return [str(action) for action in rules.legal_actions(state, seat)]


def money(state: State) -> list[tuple[object, ...]]:
    """The ledger as (payer, payee, amount, reason)."""
    return [(p.payer, p.payee, p.amount, p.reason.value) for p in state.ledger]


def test_hz_tiles_the_wall_holds_112_tiles_and_an_explicit_wall_of_108_is_refused() -> None:
    """HZ-TILES: four of each suited tile and four 红中 (7z), nothing else; a wall of the 108
    suited tiles alone is refused."""
    rules = hongzhong()
    wall = rules.new_hand(seed=3).wall
    assert len(wall) == 112
    assert {t: wall.count(t) for t in set(wall)} == {
        **{t: 4 for t in all_tiles(honors=False)},
        Tile("7z"): 4,
    }
    with pytest.raises(WallError):
        rules.new_hand(wall=[t for t in all_tiles(honors=False) for _ in range(4)])


def test_hz_wild_no_hongzhong_discard_by_default_and_a_self_draw_with_birds_hitting() -> None:
    """HZ-WILD, HZ-BIRD, HZ-MONEY: the dealer's dealt 14 wins with a 红中 as 5s (no 7z among
    its discards); the birds phase asks the winner alone; the birds 1m 5p 9s 2m hit 3 times:
    each other seat pays 2 and 3 more."""
    rules = hongzhong()
    state = deal(rules, {0: "123m456m789p11s55s7z", **QUIET}, end="1m5p9s2m")
    assert legal(rules, state, 0) == [
        "0 hu",
        *(f"0 discard {t}" for t in ("1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p")),
        "0 discard 1s",
        "0 discard 5s",
    ]
    state = play(rules, state, "0 hu")
    assert rules.to_act(state) == {0} and state.stage == "birds"
    assert legal(rules, state, 0) == ["0 birds"]
    assert rules.result(state) is None and not rules.is_over(state)
    state = play(rules, state, "0 birds")
    result = rules.result(state)
    assert result is not None and result.deltas == (15, -5, -5, -5)
    assert money(state) == [
        *((p, 0, 2, "win") for p in (1, 2, 3)),
        *((p, 0, 3, "birds") for p in (1, 2, 3)),
    ]
    assert result.wins[0].breakdown.keys == ("ping_hu",)


@pytest.mark.parametrize(
    ("where", "value", "error"),
    [
        (("variant", "tiles", 0), "9m", "the birds are the last live tiles of the wall"),
        (("ledger", 5, "amount"), 2, "not those of the kongs and wins"),
        (("ledger", 5, "reason"), "win", "not those of the kongs and wins"),
    ],
)
def test_hz_bird_a_tampered_document_of_the_birds_is_refused(
    where: tuple[str | int, ...], value: object, error: str
) -> None:
    """HZ-BIRD, HZ-MONEY: the document of the hand after its birds reads back; a bird changed,
    or a bird payment's amount or reason, is refused."""
    rules = hongzhong()
    state = deal(rules, {0: "123m456m789p11s55s7z", **QUIET}, end="1m5p9s2m")
    state = play(rules, state, "0 hu; 0 birds")
    document = to_dict(state)
    assert from_dict(document) == state
    *path, last = where
    part: Any = document
    for key in path:
        part = part[key]
    part[last] = value
    with pytest.raises(SerializationError, match=error):
        from_dict(document)


def test_hz_money_a_win_holding_no_hongzhong_doubles_the_base() -> None:
    """HZ-MONEY 无红中: 4 from each other seat instead of 2; no bird hits (2m 3m 4m 6m)."""
    rules = hongzhong()
    state = deal(rules, {0: "123m456m789p11s555s", **QUIET}, end="2m3m4m6m")
    state = play(rules, state, "0 hu; 0 birds")
    result = rules.result(state)
    assert result is not None and result.deltas == (12, -4, -4, -4)
    assert result.wins[0].breakdown.keys == ("ping_hu", "wu_hong_zhong")
    assert money(state) == [(p, 0, 4, "win") for p in (1, 2, 3)]


def test_hz_win_four_hongzhong_dealt_to_the_dealer_win_at_once() -> None:
    """HZ-WIN 四红中: the dealer dealt the four 红中, on a hand otherwise far from complete,
    has won before anyone acts (forced, as FLOW-4 forces a drawn one); the birds phase asks it
    alone. Four birds of 5m 5p 5s 9m all hit: each pays 2 + 4."""
    rules = hongzhong()
    state = deal(rules, {0: "7777z1357m2468p19s", **QUIET}, end="5m5p5s9m")
    assert [(w.seat, w.how.value, w.forced) for w in state.wins] == [(0, "self_draw", True)]
    assert state.wins[0].breakdown.keys == ("si_hong_zhong",)
    assert (state.stage, legal(rules, state, 0)) == ("birds", ["0 birds"])
    result = rules.result(play(rules, state, "0 birds"))
    assert result is not None and result.deltas == (18, -6, -6, -6)


def test_hz_win_four_hongzhong_drawn_win_at_once() -> None:
    """HZ-WIN 四红中: seat 1, holding three 红中, draws the fourth after the dealer's discard
    and wins at once (forced: nobody chooses), paid 2 by each other seat; no bird hits."""
    rules = hongzhong()
    hands = {0: "123m456m789p1357s9s", 1: "777z1357m2468p19s", 2: QUIET[2], 3: QUIET[3]}
    state = play(rules, deal(rules, hands, draws="7z", end="2m3m4m6m"), "0 discard 9s")
    assert [(w.seat, w.how.value, w.forced) for w in state.wins] == [(1, "self_draw", True)]
    assert state.wins[0].breakdown.keys == ("si_hong_zhong",)
    state = play(rules, state, "1 birds")
    result = rules.result(state)
    assert result is not None and result.deltas == (-2, 6, -2, -2)


def test_hz_win_seven_pairs_with_a_hongzhong_wins() -> None:
    """HZ-WIN 七对: six pairs and a single with a 红中 standing for its pair."""
    rules = hongzhong()
    state = deal(rules, {0: "1133m5577p2299s4s7z", **QUIET}, end="2m4m6m8m")
    state = play(rules, state, "0 hu; 0 birds")
    result = rules.result(state)
    assert result is not None and result.wins[0].breakdown.keys == ("qi_dui",)
    assert result.deltas == (6, -2, -2, -2)


def test_hz_claim_each_kong_pays_at_once() -> None:
    """HZ-MONEY, HZ-CLAIM: 暗杠 2 from each other seat, 直杠 3 from the discarder, 补杠 1 from
    each other seat, each paid as it is made."""
    rules = hongzhong()
    hands = {
        0: "9999m123p456p2357s",
        1: "555s1357m2479p19s",
        2: "777p2468m134669s",
        3: "1359p2468s13m789s",
    }
    state = deal(rules, hands, draws="9s6m3p4s", end="3m4m")
    state = play(rules, state, "0 gang 9m concealed")
    assert money(state) == [(1, 0, 2, "kong"), (2, 0, 2, "kong"), (3, 0, 2, "kong")]
    state = play(rules, state, "0 discard 5s")
    assert legal(rules, state, 1) == ["1 peng", "1 gang 5s exposed", "1 pass"]
    state = play(rules, state, "1 gang 5s exposed")
    assert money(state)[3:] == [(0, 1, 3, "kong")]
    state = play(rules, state, "1 discard 7p; 2 peng; 2 discard 1s; 3 discard 9s")
    state = play(rules, state, "0 discard 6m; 1 discard 3p; 2 gang 7p added")
    assert money(state)[4:] == [(0, 2, 1, "kong"), (1, 2, 1, "kong"), (3, 2, 1, "kong")]


def test_hz_claim_no_chow_and_a_discarded_hongzhong_is_claimed_by_nobody() -> None:
    """HZ-CLAIM, HZ-WILD: with ``discard_hongzhong`` the dealer may discard its 红中; seat 1,
    holding 46m, is offered no chow of the dealer's 5m; seat 2, holding two 红中, no peng of
    the discarded one: the next seat simply draws."""
    rules = hongzhong(discard_hongzhong=True)
    hands = {0: "1357m2468p2468s5m7z", 1: "46m1357p13579s99m", 2: "77z2468m1357p139s", 3: QUIET[3]}
    state = deal(rules, hands)
    assert "0 discard 7z" in legal(rules, state, 0)
    state = play(rules, state, "0 discard 5m")
    assert (state.phase.value, state.current) == ("turn", 1)
    state = play(rules, state, f"1 discard {state.seats[1].drawn}")
    state = play(rules, state, "2 discard 7z")
    assert (state.phase.value, state.current) == ("turn", 3)


def test_hz_win_self_draw_only_by_default() -> None:
    """HZ-WIN: seats 0 and 3, both ready on 5p, are not offered seat 1's discarded 5p: no
    window opens, seat 2 draws."""
    rules = hongzhong()
    state = play(rules, deal(rules, DIAN_PAO, draws="5p"), "0 discard 9p; 1 discard 5p")
    assert (state.phase.value, state.current, rules.to_act(state)) == ("turn", 2, frozenset({2}))


def test_hz_win_dian_pao_gives_a_discard_to_the_first_winner_after_the_discarder() -> None:
    """HZ-WIN 截胡: with ``dian_pao`` seat 1 discards 5p, on which seats 3 and 0 both win and
    both say so; seat 3, first after seat 1 in play order, alone wins, paid by seat 1 alone (4
    for 无红中; no bird hits)."""
    rules = hongzhong(dian_pao=True)
    state = deal(rules, DIAN_PAO, draws="5p", end="2m3m4m6m")
    state = play(rules, state, "0 discard 9p; 1 discard 5p")
    assert rules.to_act(state) == {0, 3}
    assert (legal(rules, state, 0), legal(rules, state, 3)) == (
        ["0 hu", "0 pass"],
        ["3 hu", "3 pass"],
    )
    state = play(rules, state, "0 hu; 3 hu")
    assert [(w.seat, w.how.value, w.from_seat) for w in state.wins] == [(3, "discard", 1)]
    assert rules.to_act(state) == {3}
    state = play(rules, state, "3 birds")
    result = rules.result(state)
    assert result is not None and result.deltas == (0, -4, 0, 4)
    assert result.next_dealer == 3


def test_hz_money_liuju_pays_nothing_more_and_the_kongs_stand() -> None:
    """HZ-MONEY 流局: the wall runs out with nobody winning; the dealer's 暗杠 stays paid."""
    rules = hongzhong()
    state = deal(rules, {0: "9999m123p456p2357s", **QUIET})
    state = play(rules, state, "0 gang 9m concealed")
    while not rules.is_over(state):  # each seat passes, or discards its highest tile
        state = rules.apply(state, rules.legal_actions(state, min(rules.to_act(state)))[-1])
    result = rules.result(state)
    assert result is not None and result.exhausted and result.wins == ()
    assert result.deltas == (6, -2, -2, -2) and result.next_dealer == 0
