"""永善麻将 play, scripted from explicit walls (SPEC.md section 2: the tiles, 本金 and 听用, 提,
the claim rules, all-wildcard hands, the last tile, 过手碰).

Walls are laid out by :func:`scripting.make_wall` (DEAL-1) through :func:`table`, which gives
every seat a test does not name a *quiet* hand: different natural tiles of all three suits and
no wildcard. A quiet seat is never ready (缺一门), holds no pair and has no wildcard to meld
with, so it never claims anything; in the scripts it discards what it draws.

Unless a test says otherwise the room is the default one (4 players, 单听用), the 本金 is 7筒
and so 8筒 is the wildcard: the seed's own example.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pytest

from mahjong_rules import (
    Discard,
    Gang,
    Hu,
    IllegalActionError,
    Meld,
    MeldKind,
    OptionsError,
    Pass,
    Peng,
    Phase,
    State,
    Ti,
    TileCounts,
    TileSet,
    WinKind,
    get_variant,
)
from mahjong_rules.engine.events import Claimed, Dealt, Discarded, Drew, Konged, WallExhausted, Won
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.yongshan import Yongshan, YongshanOptions
from mahjong_rules.variants.yongshan.ti import Swapped
from scripting import T, burn, make_wall, play, tiles

AN, BU, ZHI = MeldKind.AN_GANG, MeldKind.BU_GANG, MeldKind.ZHI_GANG


def room(**options: object) -> Yongshan:
    """A Yongshan room with ``options``, from the registry."""
    rules = get_variant("yongshan", **options)
    assert isinstance(rules, Yongshan)
    return rules


RULES = room()
IND = "7p"
"""The 本金 of most tests: 8筒 is then the wildcard (单听用)."""
W8 = T("8p")
W = (W8,)
"""One 8筒 wildcard, as a peng's ``wild_tiles``."""

# Quiet hands take different kinds, the suits interleaved from the top: 9m 9s 9p 8m 8s 8p ...
_QUIET_ORDER = tuple(Tile(f"{rank}{suit}") for rank in range(9, 0, -1) for suit in "msp")


def _quiet(used: Counter[Tile], wild: TileSet, size: int) -> str:
    """``size`` different natural tiles still free (at most four of a tile in all), taken in
    :data:`_QUIET_ORDER`; they hold all three suits. ``used`` counts them in."""
    hand = [t for t in _QUIET_ORDER if t not in wild and used[t] < 4][:size]
    assert len(hand) == size and len({t.suit for t in hand}) == 3, hand
    used.update(hand)
    return "".join(t.notation for t in hand)


def table(
    hands: Mapping[int, str],
    draws: str = "",
    *,
    first: str = "",
    rules: Rules = RULES,
    indicator: str = IND,
    replacements: str = "",
    tail: str = "",
    dealer: int = 0,
) -> State:
    """A hand of ``rules`` dealt from ``hands``; every seat not named gets a quiet hand (the
    dealer: a quiet hand and ``first``, its first discard). ``indicator`` is the 本金 tile,
    turned up right after the deal (YS-WILD-1); ``draws``, ``replacements`` and ``tail`` as in
    :func:`scripting.make_wall`."""
    assert isinstance(rules.options, YongshanOptions)
    wild = rules.options.wild_kinds(Tile(indicator))
    named = "".join([*hands.values(), first, indicator, draws, replacements, tail])
    used = Counter(tiles(named.replace(".", "")))
    full = dict(hands)
    for seat in range(rules.players):
        if seat not in full:
            extra = first if seat == dealer else ""
            size = (14 if seat == dealer else 13) - len(tiles(extra))
            full[seat] = extra + _quiet(used, wild, size)
    wall = make_wall(
        full,
        draws,
        replacements,
        tail=tail,
        dealer=dealer,
        players=rules.players,
        indicator=indicator,
    )
    return rules.new_hand(wall=wall, dealer=dealer)


def discards(seat: int, hand: str | TileCounts, wild: str = "8p") -> tuple[Discard, ...]:
    """One discard per natural kind held, in tile order (how legal_actions lists them); never
    a wildcard (YS-WILD-4)."""
    counts = hand if isinstance(hand, TileCounts) else TileCounts(hand)
    kinds = TileSet(wild) if wild else TileSet()
    return tuple(Discard(seat, t) for t in counts.distinct() if t not in kinds)


def legal(state: State, seat: int, rules: Rules = RULES) -> tuple[object, ...]:
    return rules.legal_actions(state, seat)


def melds(state: State, seat: int) -> list[str]:
    return [str(m) for m in state.seats[seat].melds]


def hand(state: State, seat: int) -> TileCounts:
    return state.seats[seat].concealed


def at_turn(state: State, seat: int, drew: str, *, replacement: bool = False) -> None:
    """It is ``seat``'s turn, after drawing ``drew`` (a kong replacement if ``replacement``)."""
    assert state.phase is Phase.TURN and state.current == seat
    assert state.events[-1] == Drew(seat, T(drew), replacement)


def ended(rules: Rules, state: State) -> None:
    """The hand is over: nobody acts and nobody has an action."""
    assert state.phase is Phase.ENDED
    assert rules.to_act(state) == frozenset()
    assert all(rules.legal_actions(state, s) == () for s in range(state.players))


# ------------------------------------------------------------------ YS-TILES-1


@pytest.mark.parametrize(("players", "left"), [(2, 80), (3, 67), (4, 54)])
def test_ys_tiles1_108_tiles_2_3_or_4_players(players: int, left: int) -> None:
    """YS-TILES-1: 108 tiles (no honors), 2, 3 or 4 players; the dealer holds 14, the others
    13, one more tile is turned up as 本金, and the rest (108 - 14 - 13(n-1) - 1) is live."""
    rules = room(players=players)
    state = rules.new_hand(seed=7)
    assert len(state.wall) == 108
    assert Counter(state.wall) == Counter({t: 4 for t in all_tiles(honors=False)})
    assert [s.tiles_count for s in state.seats] == [14] + [13] * (players - 1)
    assert state.tiles_left == left
    dealt = 14 + 13 * (players - 1)
    assert state.variant.indicator == state.wall[dealt] and state.front == dealt + 1
    # an explicit wall deals the same way (DEAL-1)
    state = table({}, rules=rules, first="1m")
    assert state.tiles_left == left and state.variant.indicator == T(IND)
    assert state.events == (Dealt(0, left),)


def test_ys_tiles1_other_tables_are_refused() -> None:
    """YS-TILES-1: no table of 1 or 5, and no honor tiles to switch on."""
    for players in (1, 5):
        with pytest.raises(OptionsError, match="players"):
            room(players=players)
    with pytest.raises(OptionsError, match="honors"):
        room(honors=True)


def test_ys_tiles1_no_chow() -> None:
    """YS-TILES-1: seat 1 holds 4m 6m (and no wildcard) but is not asked about the dealer's
    5m: never a chow; it simply draws."""
    state = table({1: "46m1359p1357s9m2s4p"}, draws="1s", first="5m")
    state = play(RULES, state, "0:D5m")
    at_turn(state, 1, "1s")


# Seat 1 waits on 5s alone: 123m 456m 789s 55s 46s (no wildcard; lacks 筒).
READY = "123m456m789s5546s"


def test_ys_tiles1_win_on_a_discard() -> None:
    """YS-TILES-1: a win on a discard (点炮): the dealer's 5s; seat 1 may also peng it."""
    state = play(RULES, table({1: READY}, first="5s"), "0:D5s")
    assert legal(state, 1) == (Hu(1), Peng(1), Pass(1))
    state = play(RULES, state, "1:H")
    win = state.wins[0]
    assert (win.seat, win.how, win.tile, win.from_seat) == (1, WinKind.DISCARD, T("5s"), 0)


def test_ys_tiles1_win_by_self_draw() -> None:
    """YS-TILES-1: a win by self-draw (自摸): seat 1 draws its 5s."""
    state = play(RULES, table({1: READY}, draws="5s", first="1p"), "0:D1p")
    at_turn(state, 1, "5s")
    assert legal(state, 1) == (Hu(1), *discards(1, READY + "5s"))
    state = play(RULES, state, "1:H")
    win = state.wins[0]
    assert (win.seat, win.how, win.tile, win.from_seat) == (1, WinKind.SELF_DRAW, T("5s"), None)


# ------------------------------------------------------------------ YS-WILD-1


def test_ys_wild1_benjin_is_turned_up_after_the_deal() -> None:
    """YS-WILD-1: after the 53 dealt tiles the next one is turned up as 本金
    (state.variant.indicator); it is out of play: 54 tiles are left, and the first draw is the
    tile after it."""
    state = table({}, draws="2s", first="1m")
    assert state.wall[53] == T("7p") and state.variant.indicator == T("7p") and state.front == 54
    assert state.tiles_left == 54 and state.events == (Dealt(0, 54),)
    live = state.wall[state.front : state.back]
    assert sum(s.concealed.count(T("7p")) for s in state.seats) + live.count(T("7p")) == 3
    state = play(RULES, state, "0:D1m")
    at_turn(state, 1, "2s")
    assert state.tiles_left == 53


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_ys_wild1_at_most_three_benjin_can_be_drawn(players: int, seed: int) -> None:
    """YS-WILD-1: the 本金 tile is out of play, so the hands and the live wall hold 3 of it."""
    state = room(players=players).new_hand(seed=seed)
    benjin = state.variant.indicator
    assert benjin is not None
    live = state.wall[state.front : state.back]
    assert sum(s.concealed.count(benjin) for s in state.seats) + live.count(benjin) == 3


# ------------------------------------------------------------------ YS-WILD-2


@pytest.mark.parametrize(
    ("wildcards", "indicator", "kinds"),
    [
        ("single", "7p", "8p"),  # the seed's 8筒
        ("single", "9p", "1p"),  # the seed: 9筒 → 1筒 (9 wraps to 1)
        ("single", "9m", "1m"),
        ("single", "1s", "2s"),
        ("double", "8p", "79p"),  # the seed: 8筒 → 7筒 and 9筒
        ("double", "1m", "29m"),  # Reading: 1 wraps to 9
        ("double", "9s", "18s"),
    ],
)
def test_ys_wild2_wildcard_kinds_of_the_benjin(wildcards: str, indicator: str, kinds: str) -> None:
    """YS-WILD-2: 单听用 = 本金 + 1 (9 → 1); 双听用 = 本金 ± 1 (1 → 9 as 9 → 1), as the
    engine sets state.wild_kinds right after the deal."""
    rules = room(wildcards=wildcards)
    state = table({}, rules=rules, indicator=indicator, first="5m")
    assert state.variant.indicator == T(indicator)
    assert state.wild_kinds == TileSet(kinds)


DOUBLE = room(wildcards="double")


def test_ys_wild2_double_7p_and_9p_are_both_wildcards_for_an_8p_benjin() -> None:
    """YS-WILD-2 (seed: 本金 8筒 under 双听用 makes 7筒 and 9筒 wildcards): the dealer may not
    discard either (the 8筒 itself is a natural tile); seat 1, holding 1m, 7p and 9p, may peng
    the 1m with either wildcard, or kong it with both."""
    dealer = "79p8p" + "1m" + "2468m3s5s6s1p2p3p"
    state = table({0: dealer, 1: "1246m34579p3579s"}, rules=DOUBLE, indicator="8p")
    assert state.wild_kinds == TileSet("79p")
    assert legal(state, 0, DOUBLE) == discards(0, dealer, wild="79p")
    assert Discard(0, T("8p")) in legal(state, 0, DOUBLE)
    state = play(DOUBLE, state, "0:D1m")
    seven, nine = T("7p"), T("9p")
    assert legal(state, 1, DOUBLE) == (
        Peng(1, (seven,)),
        Peng(1, (nine,)),
        Gang(1, T("1m"), ZHI, (seven, nine)),
        Pass(1),
    )
    state = play(DOUBLE, state, "1:P*9p")
    assert melds(state, 1) == ["P1m*9p@0"]
    assert seven in hand(state, 1) and nine not in hand(state, 1)


# ------------------------------------------------------------------ YS-WILD-3

# Seat 1's other tiles: different naturals of all three suits (so it is never ready).
REST10 = "369m245p2468s"
REST11 = "369m2459p2468s"


def test_ys_wild3_one_natural_and_a_wildcard_may_peng() -> None:
    """YS-WILD-3 (seed: 1万 + 癞子 may peng 1万): seat 1 holds one 1m and one 8p wildcard;
    the dealer's 1m is offered to it as a peng with the wildcard, and the meld keeps it."""
    state = play(RULES, table({1: "1m8p" + REST11}, first="1m"), "0:D1m")
    assert legal(state, 1) == (Peng(1, W), Pass(1))
    state = play(RULES, state, "1:P*8p")
    assert state.events[-1] == Claimed(1, Meld.parse("P1m*8p@0"))
    assert melds(state, 1) == ["P1m*8p@0"] and hand(state, 1) == TileCounts(REST11)
    assert legal(state, 1) == discards(1, REST11)


def test_ys_wild3_one_natural_and_two_wildcards_may_gang() -> None:
    """YS-WILD-3 (seed: 1万 + 2 癞子 may kong 1万): with one 1m and two 8p, seat 1 may peng
    the dealer's 1m with one wildcard or kong it with both; the kong draws its replacement."""
    state = table({1: "1m8p8p" + REST10}, first="1m", replacements="1s")
    state = play(RULES, state, "0:D1m")
    assert legal(state, 1) == (Peng(1, W), Gang(1, T("1m"), ZHI, (W8, W8)), Pass(1))
    state = play(RULES, state, "1:G1m*8p8p")
    assert melds(state, 1) == ["G1m*8p8p@0"]
    assert state.events[-2:] == (
        Claimed(1, Meld.parse("G1m*8p8p@0")),
        Drew(1, T("1s"), replacement=True),
    )
    assert hand(state, 1) == TileCounts(REST10 + "1s")


def test_ys_wild3_two_naturals_peng_without_a_wildcard() -> None:
    """YS-WILD-3: wildcards only make up for missing natural copies: holding 1m 1m and an 8p,
    seat 1 pengs with its two naturals, or kongs with the wildcard as the fourth tile."""
    state = play(RULES, table({1: "11m8p" + REST10}, first="1m"), "0:D1m")
    assert legal(state, 1) == (Peng(1), Gang(1, T("1m"), ZHI, W), Pass(1))


def test_ys_wild3_never_all_wildcards() -> None:
    """YS-WILD-3: wildcards alone never claim: seat 1 holds three 8p but no 1m, so the
    dealer's 1m is not offered to it (no peng or kong of 1m from 8p 8p (8p)); it just draws."""
    state = table({1: "8p8p8p" + REST10}, draws="9s", first="1m")
    state = play(RULES, state, "0:D1m")
    at_turn(state, 1, "9s")
    assert melds(state, 1) == []


# ------------------------------------------------------------------ YS-WILD-4

WILD_DEALER = "88p1234m1235p1234s"


def test_ys_wild4_a_wildcard_is_never_discarded() -> None:
    """YS-WILD-4: the dealer holds two 8p wildcards: no discard of 8p is listed, and trying
    one raises IllegalActionError and leaves the state as it was."""
    state = table({0: WILD_DEALER})
    assert legal(state, 0) == discards(0, WILD_DEALER)
    assert Discard(0, W8) not in legal(state, 0)
    before = (state, state.events, state.seats)
    with pytest.raises(IllegalActionError, match=r"wildcard is never discarded \(YS-WILD-4\)"):
        RULES.apply(state, Discard(0, W8))
    assert (state, state.events, state.seats) == before
    assert state == table({0: WILD_DEALER})
    assert legal(state, 0) == discards(0, WILD_DEALER)


def test_ys_wild4_a_drawn_wildcard_stays_in_the_hand() -> None:
    """YS-WILD-4: seat 1 draws an 8p: it must keep it and discard something else."""
    state = play(RULES, table({}, draws="8p", first="1m"), "0:D1m")
    at_turn(state, 1, "8p")
    quiet = hand(state, 1)
    assert W8 in quiet and legal(state, 1) == discards(1, quiet)
    with pytest.raises(IllegalActionError):
        RULES.apply(state, Discard(1, W8))


# ------------------------------------------------------------------ YS-WILD-5, YS-WILD-6

# 123m 456m 789s 556s and a wildcard: no natural 筒, so it lacks a suit and is ready.
WILD5 = "123456m789s556s"


def test_ys_wild5_a_wildcard_does_not_count_as_a_suit() -> None:
    """YS-WILD-5: seat 1's 8p wildcard does not give it 筒: it lacks a suit and wins on the
    dealer's 4s (456s + 5s and the wildcard as the pair). Its waits: 4s..9s (9s: 55s 678s and
    9s 9s + the wildcard), and a drawn wildcard."""
    state = table({1: WILD5 + "8p"}, first="4s")
    assert not RULES.holds_three_suits(state, 1)
    assert RULES.waits(state, 1) == TileSet("456789s8p")
    state = play(RULES, state, "0:D4s")
    assert legal(state, 1) == (Hu(1), Pass(1))
    state = play(RULES, state, "1:H")
    assert [(w.seat, w.how, w.tile) for w in state.wins] == [(1, WinKind.DISCARD, T("4s"))]


def test_ys_wild5_a_natural_of_the_third_suit_does() -> None:
    """YS-WILD-5 (contrast): the same hand with a natural 3p instead of the wildcard holds all
    three suits: never ready, so the dealer's 4s passes it by."""
    state = table({1: WILD5 + "3p"}, draws="9m", first="4s")
    assert RULES.holds_three_suits(state, 1) and RULES.waits(state, 1) == TileSet()
    state = play(RULES, state, "0:D4s")
    at_turn(state, 1, "9m")


# Seat 1: 22m, a lone tile, an 8p wildcard, 456789s 12s, and 9m to throw after its peng of 2m.
def wild6_table(lone: str) -> State:
    return table({1: "22m" + lone + "8p45678912s9m"}, draws="3s1m", first="2m")


def test_ys_wild6_a_wildcard_is_never_a_fifth_copy() -> None:
    """YS-WILD-6: seat 1 pengs 2m with its natural pair and keeps the fourth 2m with an 8p.
    Read as 2m the wildcard would be a fifth 2m, so 2m + 8p is no pair: 12s 456s 789s 2m 8p
    waits on nothing (not even 3s, nor a drawn wildcard), and seat 2's 3s passes it by."""
    state = play(RULES, wild6_table("2m"), "0:D2m")
    assert legal(state, 1) == (Peng(1), Gang(1, T("2m"), ZHI), Pass(1))
    state = play(RULES, state, "1:P 1:D9m")
    at_turn(state, 2, "3s")
    assert hand(state, 1) == TileCounts("2m8p45678912s")
    assert RULES.waits(state, 1) == TileSet()
    state = play(RULES, state, "2:D3s")
    at_turn(state, 3, "1m")


def test_ys_wild6_the_same_wait_beside_another_tile_wins() -> None:
    """YS-WILD-6 (contrast): with a lone 5m instead, 5m + 8p is a pair: the hand waits on 3s,
    5m and a drawn wildcard, and wins on seat 2's 3s. (With two 2m and the 8p it could also
    have konged the 2m.)"""
    state = play(RULES, wild6_table("5m"), "0:D2m")
    assert legal(state, 1) == (Peng(1), Gang(1, T("2m"), ZHI, W), Pass(1))
    state = play(RULES, state, "1:P 1:D9m")
    assert RULES.waits(state, 1) == TileSet("5m3s8p")
    state = play(RULES, state, "2:D3s")
    assert legal(state, 1) == (Hu(1), Pass(1))


# ------------------------------------------------------------------ YS-TI-1

# The seed's example: 本金 7筒, so 8筒 is the wildcard; seat 1 holds one 2m and one 8p.
TI_REST = "469m135p13579s"


def test_ys_ti1_seed_peng_2m_with_8p_then_ti_the_drawn_2m() -> None:
    """YS-TI-1 (seed): seat 1 pengs the dealer's 2m with 2m + 8p; after the peng it may only
    discard (YS-CLAIM-3). Later it draws a 2m: it may 补杠 it, or 提 it — put it in the peng
    in place of the 8p, which comes back to its hand (and may then be added as a 补杠 with
    the wildcard); the returned 8p can never be discarded."""
    state = table({1: "2m8p" + TI_REST}, draws="1m1m1m2m", first="2m")
    state = play(RULES, state, "0:D2m")
    assert legal(state, 1) == (Peng(1, W), Pass(1))
    state = play(RULES, state, "1:P*8p")
    assert legal(state, 1) == discards(1, TI_REST)
    state = play(RULES, state, "1:D9m 2:D1m 3:D1m 0:D1m")
    at_turn(state, 1, "2m")
    rest = "2m46m135p13579s"
    assert legal(state, 1) == (Gang(1, T("2m"), BU), Ti(1, T("2m"), W8), *discards(1, rest))
    state = play(RULES, state, "1:I2m*8p")
    assert state.events == (Swapped(1, Meld.parse("P2m@0"), W8),)
    assert melds(state, 1) == ["P2m@0"]
    assert hand(state, 1) == TileCounts("8p46m135p13579s")
    assert state.seats[1].drawn == W8 and state.phase is Phase.TURN and state.current == 1
    assert legal(state, 1) == (Gang(1, T("2m"), BU, W), *discards(1, "46m135p13579s"))
    state = play(RULES, state, "1:D4m")
    assert melds(state, 1) == ["P2m@0"] and hand(state, 1) == TileCounts("8p6m135p13579s")


# Seat 1 holds one 2m, two 8p and a pair of 5m: it kongs the dealer's 2m with both wildcards.
TI_KONG = "2m8p8p55m9m135p1357s"


def ti_kong_table(rules: Rules, last: str) -> State:
    """Seat 1 kongs the dealer's 2m (2m 2m 8p 8p), draws a 2m as replacement and keeps it
    (throws 9m); it pengs seat 2's 5m and throws 1p; then, after three quiet turns, it draws
    ``last``."""
    state = table({1: TI_KONG}, draws="5m1m1m1m" + last, replacements="2m", first="2m", rules=rules)
    return play(rules, state, "0:D2m 1:G2m*8p8p 1:D9m 2:D5m 1:P 1:D1p 2:D1m 3:D1m 0:D1m")


def test_ys_ti1_after_a_kong_replacement() -> None:
    """YS-TI-1: a kong's replacement is the seat's own draw: seat 1 kongs the dealer's 2m with
    2m + two 8p, draws a 2m as replacement, and may 提 it (one action: both wildcards are
    8p); afterwards one wildcard is left in the kong and the other is back in hand."""
    state = table({1: TI_KONG}, replacements="2m", first="2m")
    state = play(RULES, state, "0:D2m")
    assert legal(state, 1) == (Peng(1, W), Gang(1, T("2m"), ZHI, (W8, W8)), Pass(1))
    state = play(RULES, state, "1:G2m*8p8p")
    assert state.events[-1] == Drew(1, T("2m"), replacement=True)
    assert legal(state, 1) == (Ti(1, T("2m"), W8), *discards(1, "2m55m9m135p1357s"))
    state = play(RULES, state, "1:I2m*8p")
    assert melds(state, 1) == ["G2m*8p@0"]
    assert hand(state, 1) == TileCounts("8p55m9m135p1357s")
    assert legal(state, 1) == discards(1, "55m9m135p1357s")


@pytest.mark.parametrize("ti_from_hand", [False, True])
def test_ys_ti1_no_ti_after_a_peng(ti_from_hand: bool) -> None:
    """YS-TI-1 / YS-CLAIM-3: seat 1 kept a natural 2m beside its kong 2m 2m 8p 8p. Right after
    pengging seat 2's 5m it may only discard — no 提, even with ``ti_from_hand``. On its next
    own draw (a 9s) ``ti_from_hand`` lets it 提 the 2m from its hand; by default only the
    drawn tile may be used, so no 提."""
    rules = room(ti_from_hand=ti_from_hand)
    state = table({1: TI_KONG}, draws="5m", replacements="2m", first="2m", rules=rules)
    state = play(rules, state, "0:D2m 1:G2m*8p8p 1:D9m 2:D5m")
    assert legal(state, 1, rules) == (Peng(1), Pass(1))
    state = play(rules, state, "1:P")
    assert melds(state, 1) == ["G2m*8p8p@0", "P5m@2"]
    assert legal(state, 1, rules) == discards(1, "2m135p1357s")
    state = ti_kong_table(rules, "9s")
    at_turn(state, 1, "9s")
    ti = (Ti(1, T("2m"), W8),) if ti_from_hand else ()
    assert legal(state, 1, rules) == (*ti, *discards(1, "2m35p13579s"))


@pytest.mark.parametrize("ti_from_hand", [False, True])
def test_ys_ti1_one_ti_per_draw(ti_from_hand: bool) -> None:
    """YS-TI-1: one 提 per draw (seed), with or without ``ti_from_hand`` (the option widens
    which tile may be used, not how often): seat 1 holds a natural 2m and draws the fourth;
    it 提s the drawn 2m for one of the kong's two 8p, and no second 提 follows in that turn,
    though a 2m is still in hand. (The 8p back in hand may be added to its peng of 5m as a
    补杠.)"""
    rules = room(ti_from_hand=ti_from_hand)
    state = ti_kong_table(rules, "2m")
    at_turn(state, 1, "2m")
    assert legal(state, 1, rules) == (Ti(1, T("2m"), W8), *discards(1, "22m35p1357s"))
    state = play(rules, state, "1:I2m*8p")
    assert melds(state, 1) == ["G2m*8p@0", "P5m@2"]
    assert legal(state, 1, rules) == (Gang(1, T("5m"), BU, W), *discards(1, "2m35p1357s"))


# ------------------------------------------------------------------ YS-CLAIM-1

NATURAL = "55m19m2469p13579s"
"""A pair of 5m (no wildcard)."""
ONE_WILD = "5m8p139m2469p1357s"
"""One 5m and one 8p wildcard."""
TWO_WILDS = "5m8p8p19m2469p1357s"
"""One 5m and two 8p wildcards."""


@pytest.mark.parametrize(("natural", "wild"), [(3, 1), (1, 3)])
def test_ys_claim1_a_peng_without_wildcard_wins_whatever_the_seat(natural: int, wild: int) -> None:
    """YS-CLAIM-1: two seats can peng the dealer's 5m, one with its natural pair and one with
    5m + 8p; the natural peng happens, whether that seat comes first in play order or not,
    and whatever order the answers come in (the two orders give the same state)."""
    state = play(RULES, table({natural: NATURAL, wild: ONE_WILD}, first="5m"), "0:D5m")
    assert RULES.to_act(state) == frozenset({1, 3})
    assert legal(state, natural) == (Peng(natural), Pass(natural))
    assert legal(state, wild) == (Peng(wild, W), Pass(wild))
    one = play(RULES, state, f"{wild}:P*8p {natural}:P")
    other = play(RULES, state, f"{natural}:P {wild}:P*8p")
    assert one == other
    assert one.phase is Phase.TURN and one.current == natural
    assert melds(one, natural) == ["P5m@0"] and melds(one, wild) == []
    assert hand(one, wild) == TileCounts(ONE_WILD)
    assert legal(one, natural) == discards(natural, "19m2469p13579s")


def test_ys_claim1_a_natural_peng_beats_a_kong_with_wildcards() -> None:
    """YS-CLAIM-1: seat 1 (first in play order) answers a kong of the 5m with 5m + 8p 8p,
    seat 3 a peng with its natural pair: the peng without wildcard wins."""
    state = play(RULES, table({1: TWO_WILDS, 3: NATURAL}, first="5m"), "0:D5m")
    gang = Gang(1, T("5m"), ZHI, (W8, W8))
    assert legal(state, 1) == (Peng(1, W), gang, Pass(1))
    one = play(RULES, RULES.apply(state, gang), "3:P")
    other = RULES.apply(play(RULES, state, "3:P"), gang)
    assert one == other
    assert one.current == 3 and melds(one, 3) == ["P5m@0"] and melds(one, 1) == []


@pytest.mark.parametrize(
    ("dealer", "claimants", "winner"),
    [(0, (1, 3), 1), (2, (3, 1), 3), (3, (0, 1), 0)],
)
def test_ys_claim1_between_wildcard_pengs_play_order_decides(
    dealer: int, claimants: tuple[int, int], winner: int
) -> None:
    """YS-CLAIM-1: when both seats peng with a wildcard, the first in play order after the
    discarder wins (after seat 2: seat 3 before seat 1; after seat 3: seat 0 before seat 1),
    whatever order the answers come in."""
    a, b = claimants
    state = table({a: ONE_WILD, b: ONE_WILD}, first="5m", dealer=dealer)
    state = play(RULES, state, f"{dealer}:D5m")
    assert state.claimants == claimants
    one = play(RULES, state, f"{a}:P*8p {b}:P*8p")
    other = play(RULES, state, f"{b}:P*8p {a}:P*8p")
    assert one == other and one.current == winner
    assert melds(one, winner) == [f"P5m*8p@{dealer}"]
    loser = b if winner == a else a
    assert melds(one, loser) == []


# ------------------------------------------------------------------ YS-CLAIM-2

# Seat 1: pairs of 2m and 5s, three 3p, and singles to throw.
SPAN = "22479m3336p1559s"


def test_ys_claim2_one_suit_of_melds_may_still_claim_a_second() -> None:
    """YS-CLAIM-2 (contrast): after its peng of 2m, seat 1's melds hold one suit, so seat 2's
    3p is offered to it (peng or kong)."""
    state = table({1: SPAN}, draws="3p", first="2m")
    state = play(RULES, state, "0:D2m 1:P 1:D9m 2:D3p")
    assert legal(state, 1) == (Peng(1), Gang(1, T("3p"), ZHI), Pass(1))


def test_ys_claim2_no_peng_or_kong_of_a_third_suit() -> None:
    """YS-CLAIM-2: once seat 1 has pengs of 2m (万) and 5s (条), it is not offered a peng or a
    kong of 3p (筒), though it holds three 3p: seat 2's 3p passes it by."""
    state = table({1: SPAN}, draws="5s3p1m", first="2m")
    state = play(RULES, state, "0:D2m 1:P 1:D9m 2:D5s")
    assert legal(state, 1) == (Peng(1), Pass(1))
    state = play(RULES, state, "1:P 1:D1s")
    assert melds(state, 1) == ["P2m@0", "P5s@2"]
    state = play(RULES, state, "2:D3p")
    at_turn(state, 3, "1m")
    assert hand(state, 1).count(T("3p")) == 3


# ------------------------------------------------------------------ YS-CLAIM-3

# 55m + 111s 123s 567s 99s: waits on 5m and 9s; after a peng of 5m, 1111s 23s 567s 99s is a
# complete hand (and a concealed kong of 1s).
AFTER_PENG = "55m11112356799s"


def test_ys_claim3_after_a_peng_only_a_discard() -> None:
    """YS-CLAIM-3: seat 1 could win on the dealer's 5m but pengs it; its hand is then complete
    and holds four 1s, yet it may only discard: no win, no kong (no 提 either: see
    test_ys_ti1_no_ti_after_a_peng)."""
    state = play(RULES, table({1: AFTER_PENG}, first="5m"), "0:D5m")
    assert legal(state, 1) == (Hu(1), Peng(1), Pass(1))
    state = play(RULES, state, "1:P")
    assert RULES.is_complete(state, 1, hand(state, 1))
    assert legal(state, 1) == discards(1, "11112356799s")


# 555m 7777s 123s 99s 4m; replacements 4m, 4m.
KONGS = "4555m123777799s"


def test_ys_claim3_after_a_kong_kong_again_and_win_on_the_replacement() -> None:
    """YS-CLAIM-3: seat 1 kongs the dealer's 5m (直杠); on its replacement it may kong again
    (its four 7s); on the second replacement (4m: 444m 123s 99s) it may win: 杠上花."""
    state = table({1: KONGS}, replacements="4m4m", first="5m")
    state = play(RULES, state, "0:D5m")
    assert legal(state, 1) == (Peng(1), Gang(1, T("5m"), ZHI), Pass(1))
    state = play(RULES, state, "1:G5m")
    assert state.events[-1] == Drew(1, T("4m"), replacement=True)
    assert legal(state, 1) == (Gang(1, T("7s"), AN), *discards(1, "44m123777799s"))
    state = play(RULES, state, "1:A7s")
    assert state.events[-1] == Drew(1, T("4m"), replacement=True)
    assert legal(state, 1) == (Hu(1), *discards(1, "444m12399s"))
    state = play(RULES, state, "1:H")
    win = state.wins[0]
    assert (win.seat, win.how, win.tile, win.forced) == (1, WinKind.SELF_DRAW, T("4m"), False)
    assert "杠上花" in [item.name_zh for item in win.breakdown.items]


# ------------------------------------------------------------------ YS-CLAIM-5, YS-ALLWILD-1

# The seed's case: seat 1 pengs 1s, 2m and 3m (throwing 9s, 9p, 1p: it holds all three suits
# until the last throw, so it is never ready on the way) and is left with 5m 5m 8p 8p.
ALL_WILD = "223355m1889p119s"


def all_wild_table(replacement: str = "", draws: str = "") -> State:
    """Seat 1 with pengs of 1s, 2m, 3m and 5m 5m 8p 8p in hand, asked about seat 2's 5m."""
    state = table({1: ALL_WILD}, draws="2m3m5m" + draws, replacements=replacement, first="1s")
    state = play(RULES, state, "0:D1s")
    assert legal(state, 1) == (Peng(1), Gang(1, T("1s"), ZHI, W), Pass(1))
    state = play(RULES, state, "1:P 1:D9s 2:D2m")
    assert legal(state, 1) == (Peng(1), Gang(1, T("2m"), ZHI, W), Pass(1))
    state = play(RULES, state, "1:P 1:D9p 2:D3m")
    assert legal(state, 1) == (Peng(1), Gang(1, T("3m"), ZHI, W), Pass(1))
    return play(RULES, state, "1:P 1:D1p 2:D5m")


def test_ys_claim5_no_peng_that_leaves_only_wildcards_but_a_kong() -> None:
    """YS-CLAIM-5: with 5m 5m 8p 8p left, a peng of seat 2's 5m would leave only wildcards,
    so it is not offered; the kong (5m 5m 5m + one 8p) is. (No win either: 5m 5m 8p 8p is
    听点 — 555m and an 8p waiting alone — which wins only by self-draw, YS-TINGDIAN-1.)"""
    state = all_wild_table()
    assert melds(state, 1) == ["P1s@0", "P2m@2", "P3m@2"]
    assert hand(state, 1) == TileCounts("55m88p")
    assert legal(state, 1) == (Gang(1, T("5m"), ZHI, W), Pass(1))


def test_ys_allwild1_natural_replacement_win_or_throw_it() -> None:
    """YS-ALLWILD-1 (seed: 补了个非癞子，可胡可过，过了就只能打那张非癞子牌): after that kong
    seat 1 holds only an 8p; its replacement 9m may be won with (9m + 8p), or passed, which
    means discarding exactly the 9m: those two actions and no others."""
    state = play(RULES, all_wild_table("9m"), "1:G5m*8p")
    assert melds(state, 1) == ["P1s@0", "P2m@2", "P3m@2", "G5m*8p@2"]
    at_turn(state, 1, "9m", replacement=True)
    assert legal(state, 1) == (Hu(1), Discard(1, T("9m")))


def test_ys_allwild1_natural_replacement_after_concealed_kongs() -> None:
    """YS-ALLWILD-1: the same with concealed kongs instead of pengs: the dealer kongs 1m, 2m
    and 3s from its hand (drawing 8p, 8p, 9p, and throwing the 9p), then 5m 5m 8p 8p kongs
    seat 1's 5m; on a 9m replacement it may win or throw the 9m, and nothing else; thrown,
    the dealer holds the lone 8p."""
    state = table({0: "1111m2222m3333s55m"}, draws="5m", replacements="8p8p9p9m")
    state = play(RULES, state, "0:A1m 0:A2m 0:A3s 0:D9p 1:D5m")
    assert legal(state, 0) == (Gang(0, T("5m"), ZHI, W), Pass(0))
    state = play(RULES, state, "0:G5m*8p")
    at_turn(state, 0, "9m", replacement=True)
    assert legal(state, 0) == (Hu(0), Discard(0, T("9m")))
    won = play(RULES, state, "0:H")
    assert [(w.seat, w.tile, w.forced) for w in won.wins] == [(0, T("9m"), False)]
    state = play(RULES, state, "0:D9m")
    assert hand(state, 0) == TileCounts("8p") and not state.seats[0].won


def test_ys_allwild1_a_third_suit_replacement_is_thrown() -> None:
    """YS-ALLWILD-1: seat 1's pengs hold 条 and 万; a 1p replacement would make three suits
    (缺一门), so it cannot win: it must discard the 1p."""
    state = play(RULES, all_wild_table("1p"), "1:G5m*8p")
    at_turn(state, 1, "1p", replacement=True)
    assert legal(state, 1) == (Discard(1, T("1p")),)


def test_ys_allwild1_a_wildcard_replacement_is_won_by_the_engine() -> None:
    """YS-ALLWILD-1 / FLOW-4: an 8p replacement leaves seat 1 with two wildcards: it must win,
    so the engine wins for it (no pass is ever offered) and marks the win forced; 血战: play
    goes on with seat 2."""
    state = play(RULES, all_wild_table("8p", draws="1m"), "1:G5m*8p")
    win = state.wins[0]
    assert (win.seat, win.how, win.tile, win.from_seat) == (1, WinKind.SELF_DRAW, W8, None)
    assert win.forced
    assert Won(win) in state.events
    assert state.seats[1].won and legal(state, 1) == ()
    at_turn(state, 2, "1m")


# ------------------------------------------------------------------ YS-NODISCARD-1


def test_ys_nodiscard1_an_all_wildcard_hand_after_a_draw_is_won() -> None:
    """YS-NODISCARD-1: seat 1 throws its 9m replacement and holds a lone 8p; three turns later
    it draws another 8p: a hand of wildcards only is complete and must win (forced)."""
    state = play(RULES, all_wild_table("9m", draws="1m1m1m8p1s"), "1:G5m*8p 1:D9m")
    assert hand(state, 1) == TileCounts("8p")
    state = play(RULES, state, "2:D1m 3:D1m 0:D1m")
    win = state.wins[0]
    assert (win.seat, win.how, win.tile, win.forced) == (1, WinKind.SELF_DRAW, W8, True)
    assert state.seats[1].won
    at_turn(state, 2, "1s")


def test_ys_nodiscard1_no_ti_that_leaves_only_wildcards() -> None:
    """YS-NODISCARD-1: holding a lone 8p, seat 1 draws the fourth 5m. A 提 into its kong
    5m 5m 5m 8p would leave 8p 8p, nothing to discard: not offered. Nor is a win (5m + 8p
    would need the wildcard as a fifth 5m, YS-WILD-6); it may add the 8p to a peng, or
    discard the 5m."""
    state = play(RULES, all_wild_table("9m", draws="1m1m1m5m"), "1:G5m*8p 1:D9m")
    state = play(RULES, state, "2:D1m 3:D1m 0:D1m")
    at_turn(state, 1, "5m")
    assert legal(state, 1) == (
        Gang(1, T("1s"), BU, W),
        Gang(1, T("2m"), BU, W),
        Gang(1, T("3m"), BU, W),
        Discard(1, T("5m")),
    )


# ------------------------------------------------------------------ YS-LAST-1

# The dealer and seat 1 hold all four 8p (so every tile drawn can be thrown) and all three
# suits; seat 2 holds three 3s; seat 3 is ready on 5s or 9s, whose other copies are all in
# hands — but for one 9s, which the test puts where it wants.
LAST = {
    0: "2569m13588p24579s",
    1: "13789m24688p158s",
    2: "1478m2469p16333s",
    3: "123456789m5599s",
}


def last_tile(tail: str) -> State:
    """Play quietly to the last tile (``tail``), which seat 2 draws."""
    state = RULES.new_hand(wall=make_wall(LAST, tail=tail, indicator=IND), dealer=0)
    state = burn(RULES, play(RULES, state, "0:D6m"), left=0)
    at_turn(state, 2, tail)
    assert state.tiles_left == 0
    return state


def test_ys_last1_a_kong_on_the_last_tile_ends_the_hand() -> None:
    """YS-LAST-1: seat 2 draws the last tile, its fourth 3s: the kong is still offered; made,
    no replacement follows (there is none) and, with nobody to rob it (a concealed kong), the
    hand ends as 流局."""
    state = last_tile("3s")
    assert legal(state, 2) == (Gang(2, T("3s"), AN), *discards(2, LAST[2] + "3s"))
    state = play(RULES, state, "2:A3s")
    assert state.events[:2] == (Konged(2, Meld.parse("A3s")), WallExhausted())
    assert not any(isinstance(e, Drew) for e in state.events)
    ended(RULES, state)
    result = RULES.result(state)
    assert result is not None and result.exhausted and result.wins == ()


def test_ys_last1_only_wins_on_the_last_discard() -> None:
    """YS-LAST-1: seat 2 draws the last tile, a 9s, and must discard. On that discard only a
    win is offered: seat 3 (99s, ready on 9s) may win but not peng; the dealer (9s + 8p 8p)
    is not asked to peng or kong. Seat 3 passes: 流局."""
    state = last_tile("9s")
    assert legal(state, 2) == discards(2, LAST[2] + "9s")
    state = play(RULES, state, "2:D9s")
    assert RULES.to_act(state) == frozenset({3})
    assert legal(state, 3) == (Hu(3), Pass(3))
    assert legal(state, 0) == ()
    passed = play(RULES, state, "3:X")
    ended(RULES, passed)
    result = RULES.result(passed)
    assert result is not None and result.exhausted and result.wins == ()
    won = play(RULES, state, "3:H")
    ended(RULES, won)
    assert [(w.seat, w.how, w.tile) for w in won.wins] == [(3, WinKind.DISCARD, T("9s"))]


# ------------------------------------------------------------------ YS-PASSPENG-1

# Seat 1 holds one 5m and two 8p: it may peng a 5m with a wildcard, or kong it with both.
PASS_PENG = "579m124688p1357s"


def test_ys_passpeng1_a_declined_peng_waits_for_the_next_draw() -> None:
    """YS-PASSPENG-1 (过手碰): seat 1 declines to peng seat 2's 5m; when seat 3 throws another
    5m it is not offered the peng (only the kong: 过手碰 blocks pengs alone). After its own
    next draw the block is gone: seat 2's next 5m may be pengged again."""
    state = table({1: PASS_PENG}, draws="9s5m5m4s6s5m", first="2s")
    state = play(RULES, state, "0:D2s 1:D9s 2:D5m")
    gang = Gang(1, T("5m"), ZHI, (W8, W8))
    assert legal(state, 1) == (Peng(1, W), gang, Pass(1))
    state = play(RULES, state, "1:X")
    assert state.seats[1].pass_peng == TileSet("5m")
    state = play(RULES, state, "3:D5m")
    assert legal(state, 1) == (gang, Pass(1))
    state = play(RULES, state, "1:X 0:D4s")
    at_turn(state, 1, "6s")
    assert state.seats[1].pass_peng == TileSet()
    state = play(RULES, state, "1:D6s 2:D5m")
    assert legal(state, 1) == (Peng(1, W), gang, Pass(1))


def test_ys_wild6_no_second_meld_of_a_tile() -> None:
    """YS-WILD-6 / YS-WILD-3: seat 1 pengs 5p with a wildcard (5p 5p 8p), draws another 5p
    and keeps it; when the fourth 5p is discarded it holds a 5p and an 8p but is not asked: a
    second peng of 5p would read as six copies. It could only add its 5p to the peng (补杠)
    on its own turn, or 提 it for the wildcard."""
    state = table({1: "5p8p8p369m124p2468s"}, draws="...5p5p", first="5p")
    state = play(RULES, state, "0:D5p 1:P*8p 1:D9m")
    state = burn(RULES, state, seat=1)
    assert state.events[-1] == Drew(1, T("5p"))
    assert legal(state, 1)[:2] == (Gang(1, T("5p"), BU), Ti(1, T("5p"), W8))
    state = burn(RULES, play(RULES, state, "1:D3m"), seat=2)
    assert hand(state, 1) == TileCounts("6m12458p2468s")
    state = play(RULES, state, "2:D5p")
    assert state.events == (Discarded(2, T("5p")), Drew(3, T("1m")))  # nobody was asked


def test_ys_wild3_ti1_illegal_wildcard_actions_say_why() -> None:
    """YS-WILD-3 / YS-TI-1: a peng with a wildcard where two naturals would do, and a 提 that
    is not offered, raise IllegalActionError naming the rule, and change nothing."""
    state = play(RULES, table({1: "11m8p" + REST10}, first="1m"), "0:D1m")
    before = (state, state.seats)
    with pytest.raises(IllegalActionError, match=r"wildcards 8p: not offered \(YS-WILD-3"):
        RULES.apply(state, Peng(1, W))
    state = play(RULES, state, "1:P 1:D3m")
    with pytest.raises(IllegalActionError, match=r"Ti by seat 2: .*YS-TI-1"):
        RULES.apply(state, Ti(2, T("1m"), W8))
    assert before[0].seats == before[1]
