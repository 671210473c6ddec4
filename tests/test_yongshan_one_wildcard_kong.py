"""永善麻将 kongs with wildcards (癞子杠, làizi gàng): YS-WILD-3 and YS-CLAIM-3.

The rule text: "可以带着癞子碰、杠，但是自己手里必须至少有一张相应的牌" (a wildcard may join a
peng or kong beside at least one natural copy) and "自己摸上一张牌之后只要有可以杠的情况也可以杠"
(after any own draw, a seat may kong whatever it can). A seat holding three natural copies and
exactly one wildcard may make the concealed kong (暗杠) of that tile with the wildcard, whether
the wildcard was dealt, drawn or a kong replacement; the natural copies go in first (a
concealed kong is not claimed, so ``meld_wilds`` (YS-CLAIM-6) adds no compositions to it).

Each test asserts the exact set of ``Gang`` actions offered, in every room of
``wildcards="single"|"double"`` and ``meld_wilds="naturals_first"|"any"``. The 本金 is 7筒, so
the wildcard is 8筒 (单听用) or 6筒 and 8筒 (双听用).
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from mahjong_rules import Gang, Meld, MeldKind, Peng, State, TileCounts, get_variant
from mahjong_rules.engine.actions import Action
from mahjong_rules.variants.base import Rules
from scripting import T, new, play, tiles

AN, BU, ZHI = MeldKind.AN_GANG, MeldKind.BU_GANG, MeldKind.ZHI_GANG
IND = "7p"
QUIET = "1249m1249p12459s"
"""A quiet hand: no pair, no wildcard, never ready (it holds three suits), so it claims nothing."""

ROOMS = [
    (wildcards, meld_wilds, wild)
    for wildcards, meld_wilds in [
        ("single", "naturals_first"),
        ("single", "any"),
        ("double", "naturals_first"),
        ("double", "any"),
    ]
    for wild in (["8p"] if wildcards == "single" else ["6p", "8p"])
]
"""Every room, with each wildcard kind it has."""
ROOM_IDS = [f"{w}-{m}-{t}" for w, m, t in ROOMS]
EVERY_ROOM = pytest.mark.parametrize(("wildcards", "meld_wilds", "wild"), ROOMS, ids=ROOM_IDS)


def room(wildcards: str, meld_wilds: str) -> Rules:
    return get_variant("yongshan", wildcards=wildcards, meld_wilds=meld_wilds)


def deal(rules: Rules, hands: Mapping[int, str], draws: str = "", replacements: str = "") -> State:
    """A hand dealt with ``hands`` (seats not named: :data:`QUIET`), 本金 7筒."""
    full = {seat: hands.get(seat, QUIET) for seat in range(4)}
    state = new(full, draws, replacements=replacements, rules=rules, indicator=IND)
    assert state.variant.indicator == T(IND)
    return state


def gangs(rules: Rules, state: State, seat: int) -> set[Action]:
    """The kongs among ``seat``'s legal actions."""
    return {a for a in rules.legal_actions(state, seat) if isinstance(a, Gang)}


def an_gang(seat: int, tile: str, wilds: str = "") -> Gang:
    return Gang(seat, T(tile), AN, tiles(wilds))


# ------------------------------------------------------------------ 暗杠 with one wildcard


@EVERY_ROOM
def test_ys_wild3_dealt_wildcard_makes_a_concealed_kong_in_the_first_turn(
    wildcards: str, meld_wilds: str, wild: str
) -> None:
    """YS-WILD-3, YS-CLAIM-3: the dealer's dealt 14 hold 555m and exactly one wildcard; in his
    first turn he is offered the 暗杠 of 5m with it, and nothing else to kong."""
    rules = room(wildcards, meld_wilds)
    state = deal(rules, {0: "555m678m359p3678s" + wild})
    assert gangs(rules, state, 0) == {an_gang(0, "5m", wild)}


@EVERY_ROOM
def test_ys_wild3_the_kong_with_one_wildcard_is_made(
    wildcards: str, meld_wilds: str, wild: str
) -> None:
    """YS-WILD-3: making it puts 555m and the wildcard into one concealed kong, and the seat
    draws its replacement (here 3m): it holds 3678m 359p 3678s."""
    rules = room(wildcards, meld_wilds)
    state = deal(rules, {0: "555m678m359p3678s" + wild}, replacements="3m")
    state = rules.apply(state, an_gang(0, "5m", wild))
    seat = state.seats[0]
    assert seat.melds == (Meld(AN, T("5m"), tiles(wild)),)
    assert seat.drawn == T("3m") and seat.concealed == TileCounts("3678m359p3678s")


@EVERY_ROOM
def test_ys_wild3_drawn_wildcard_makes_a_concealed_kong(
    wildcards: str, meld_wilds: str, wild: str
) -> None:
    """YS-WILD-3, YS-CLAIM-3 ("自己摸上一张牌之后只要有可以杠的情况也可以杠"): seat 1 holds 555m and
    draws a wildcard on its first draw: the 暗杠 of 5m with it is offered."""
    rules = room(wildcards, meld_wilds)
    state = deal(rules, {0: QUIET + "3m", 1: "555m678m359p3678s"}, draws=wild)
    state = play(rules, state, "0:D3m")
    assert state.current == 1 and state.seats[1].drawn == T(wild)
    assert gangs(rules, state, 1) == {an_gang(1, "5m", wild)}


@EVERY_ROOM
def test_ys_wild3_drawn_wildcard_in_a_later_turn(
    wildcards: str, meld_wilds: str, wild: str
) -> None:
    """YS-WILD-3, YS-CLAIM-3: the dealer holds 555m, discards in his first turn, and draws a
    wildcard in his second: the 暗杠 of 5m with it is offered then."""
    rules = room(wildcards, meld_wilds)
    hands = {0: "555m678m359p3678s9s"}
    state = deal(rules, hands, draws="3m3m3m" + wild)
    assert gangs(rules, state, 0) == set()
    state = play(rules, state, "0:D9s 1:D3m 2:D3m 3:D3m")
    assert state.current == 0 and state.seats[0].drawn == T(wild)
    assert gangs(rules, state, 0) == {an_gang(0, "5m", wild)}


@EVERY_ROOM
def test_ys_claim3_replacement_wildcard_makes_a_second_concealed_kong(
    wildcards: str, meld_wilds: str, wild: str
) -> None:
    """YS-CLAIM-3 ("杠了之后还可以连续杠"), YS-WILD-3: the dealer konges 7777s; the replacement is a
    wildcard, and with his 555m it makes the 暗杠 of 5m, offered at once."""
    rules = room(wildcards, meld_wilds)
    state = deal(rules, {0: "555m678m359p7777s3s"}, replacements=wild)
    assert gangs(rules, state, 0) == {an_gang(0, "7s")}
    state = play(rules, state, "0:A7s")
    assert state.seats[0].drawn == T(wild)
    assert gangs(rules, state, 0) == {an_gang(0, "5m", wild)}


@EVERY_ROOM
def test_ys_wild3_two_concealed_kongs_each_with_the_one_wildcard(
    wildcards: str, meld_wilds: str, wild: str
) -> None:
    """YS-WILD-3: with 555m, 333s and one wildcard, either kong may take it (one at a time)."""
    rules = room(wildcards, meld_wilds)
    state = deal(rules, {0: "555m678m35p333s67s" + wild})
    assert gangs(rules, state, 0) == {an_gang(0, "5m", wild), an_gang(0, "3s", wild)}


@EVERY_ROOM
def test_ys_wild3_one_wildcard_and_two_naturals_make_no_kong(
    wildcards: str, meld_wilds: str, wild: str
) -> None:
    """YS-WILD-3: 55m and one wildcard are three tiles: no kong is offered."""
    rules = room(wildcards, meld_wilds)
    state = deal(rules, {0: "55m678m359p3678s9s" + wild})
    assert gangs(rules, state, 0) == set()


@EVERY_ROOM
def test_ys_wild3_four_naturals_and_a_wildcard_kong_without_it(
    wildcards: str, meld_wilds: str, wild: str
) -> None:
    """YS-WILD-3 (naturals first): with 5555m and one wildcard the 暗杠 is of the four 5m."""
    rules = room(wildcards, meld_wilds)
    state = deal(rules, {0: "5555m678m359p367s" + wild})
    assert gangs(rules, state, 0) == {an_gang(0, "5m")}


# ------------------------------------------------------------------ two and three wildcards


@pytest.mark.parametrize("meld_wilds", ["naturals_first", "any"])
@pytest.mark.parametrize(
    ("wildcards", "held", "expected"),
    [
        ("single", "555m8p8p", {"8p"}),
        ("single", "55m8p8p", {"8p8p"}),
        ("double", "555m6p8p", {"6p", "8p"}),
        ("double", "55m6p8p", {"6p8p"}),
    ],
)
def test_ys_wild3_concealed_kong_with_more_wildcards(
    wildcards: str, meld_wilds: str, held: str, expected: set[str]
) -> None:
    """YS-WILD-3: with two wildcards beside two or three natural 5m, the 暗杠 of 5m takes as
    many wildcards as the naturals lack, one ``Gang`` per choice of wildcard kinds (双听用);
    the other kinds are held once, too few for two wildcards. (Three wildcards:
    :func:`test_ys_wild3_no_kong_of_the_wildcard_kind`.)"""
    rules = room(wildcards, meld_wilds)
    filler = tiles("678m359p3678s")[: 14 - len(tiles(held))]  # the dealer's 14 with ``held``
    hand = held + "".join(t.notation for t in filler)
    state = deal(rules, {0: hand})
    assert gangs(rules, state, 0) == {an_gang(0, "5m", w) for w in expected}


# ------------------------------------------------------------------ 直杠 and 补杠 with one wildcard


@EVERY_ROOM
def test_ys_wild3_direct_kong_of_a_discard_with_one_wildcard(
    wildcards: str, meld_wilds: str, wild: str
) -> None:
    """YS-WILD-3: seat 1 holds 55m and one wildcard; on the dealer's 5m it is offered the 直杠
    with the wildcard, and no other kong."""
    rules = room(wildcards, meld_wilds)
    state = deal(rules, {0: QUIET + "5m", 1: "55m678m359p3678s" + wild})
    state = play(rules, state, "0:D5m")
    assert gangs(rules, state, 1) == {Gang(1, T("5m"), ZHI, tiles(wild))}


@EVERY_ROOM
def test_ys_wild3_added_kong_with_one_wildcard(wildcards: str, meld_wilds: str, wild: str) -> None:
    """YS-WILD-3: seat 1 pengs the dealer's 5m with its two 5m and keeps one wildcard; on its
    next draw it is offered the 补杠 of 5m with the wildcard (no natural 5m is left)."""
    rules = room(wildcards, meld_wilds)
    state = deal(rules, {0: QUIET + "5m", 1: "55m678m359p3678s" + wild}, draws="3m3m3m3m")
    state = play(rules, state, "0:D5m")
    assert Peng(1) in rules.legal_actions(state, 1)
    state = rules.apply(state, Peng(1))
    state = play(rules, state, "1:D9p 2:D3m 3:D3m 0:D3m")
    assert state.current == 1 and state.seats[1].drawn == T("3m")
    assert gangs(rules, state, 1) == {Gang(1, T("5m"), BU, tiles(wild))}


def test_ys_wild3_no_kong_of_the_wildcard_kind() -> None:
    """YS-WILD-3 (Reading: four wildcards are wildcards): holding 8888p (单听用) the dealer is
    never offered a kong of 8p; each natural kind held takes the wildcards it lacks: 5m (three
    held) one, each kind held once three."""
    rules = room("single", "naturals_first")
    state = deal(rules, {0: "555m8888p678m35p3s9s"})
    singles = ["6m", "7m", "8m", "3p", "5p", "3s", "9s"]
    expected = {an_gang(0, "5m", "8p")} | {an_gang(0, t, "8p8p8p") for t in singles}
    assert gangs(rules, state, 0) == expected
