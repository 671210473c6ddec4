"""The checks that ``test_sichuan_play_properties.py`` runs after every step of a Sichuan 血战到底
(xuèzhàn dàodǐ) hand: who may do what, the ledger, the window's outcome and the settlement,
each naming the SC- rule of SICHUAN.md it pins. The tile accounting (TILE-1, SC-TILES-1) is
Baoshan's (``test_play_properties``): the set-aside tile of 定缺 stays among its seat's concealed
tiles until it is discarded, so it is counted once, and a win on a discard or a robbed 补杠
leaves the tile in its maker's discards (counted there once, however many seats won on it).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from mahjong_rules import (
    Action,
    Discard,
    Gang,
    HandResult,
    Hu,
    MeldKind,
    Pass,
    Payment,
    PaymentReason,
    Peng,
    Phase,
    Rules,
    State,
    WinKind,
    all_tiles,
)
from mahjong_rules.engine.events import Paid, Settled, Won
from mahjong_rules.engine.settlement import POT, deltas_of
from mahjong_rules.variants.sichuan import DeclareVoid, SwapTiles
from mahjong_rules.variants.sichuan.answers import swap_answers, void_answers
from mahjong_rules.variants.sichuan.false_hu import FALSE_HU_PENALTY, FalseHu
from mahjong_rules.variants.sichuan.records import SWAPPING, VOIDING, hand_in_play, turned_up
from mahjong_rules.variants.sichuan.settlement import PENALTY
from test_play_properties import illegal_action

SUITED = all_tiles(honors=False)
WINDOWS = (Phase.CLAIM, Phase.ROB)
KONG, REFUND = PaymentReason.KONG, PaymentReason.KONG_REFUND


def check_sizes(state: State) -> None:
    """SC-DEAL-1, SC-END-1: an un-won seat holds 13 tiles (a meld counts 3, the set-aside tile
    included), 14 in its turn or while its 补杠 may be robbed, and the dealer 14 in the phases
    after the deal; a winner keeps 14 after a self-draw, 13 after a win on another's tile."""
    how = {w.seat: w.how for w in state.wins}
    for seat, s in enumerate(state.seats):
        size = s.tiles_count
        if s.won:
            assert size == (14 if how[seat] is WinKind.SELF_DRAW else 13), (seat, s)
        elif state.phase is Phase.CHOOSING:
            assert size == (14 if seat == state.dealer else 13), (seat, s)
        elif seat == state.current and state.phase in (Phase.TURN, Phase.ROB):
            assert size == 14, (seat, s)
        elif seat == state.current and state.phase is Phase.ENDED:
            assert size in (13, 14), (seat, s)
        else:
            assert size == 13, (seat, s)


def _turn(rules: Rules, state: State, seat: int, actions: Sequence[Action]) -> None:
    """SC-VOID-2, SC-VOID-4, SC-VOID-5, SC-GANG-1, SC-GANG-2, SC-CLAIM-3, SC-LAST-1, FLOW-6."""
    s = state.seats[seat]
    void = s.variant.void
    types = {type(a) for a in actions}
    own = {FalseHu} if state.options.false_hu == "penalty" else set()
    assert types <= {Discard, Gang, Hu, *own}, actions
    assert not {Hu, FalseHu} <= types, "SC-WIN-3: a false hu only when the hand does not win"
    discards = {a.tile for a in actions if isinstance(a, Discard)}
    assert discards, "FLOW-6: a seat in turn always has a tile it may discard"
    aside = s.variant.aside
    held_void = {t for t in s.concealed.kinds() if t.suit is void}
    if aside is not None and not s.discards:
        assert discards == {aside}, "SC-VOID-2: the set-aside tile is the first discard"
    elif held_void and state.options.void_discard == "strict":
        assert discards == held_void, "SC-VOID-4: void-suit tiles first"
    else:
        assert discards == set(s.concealed.kinds()), actions
    if s.drawn is None and state.discards_made > 0:
        assert all(isinstance(a, Discard) for a in actions), "SC-CLAIM-3: a peng, then a discard"
    hand = hand_in_play(state, seat)
    for a in actions:
        if isinstance(a, Gang):
            assert state.tiles_left > 0, "SC-GANG-2, SC-LAST-1: no kong without a tile left"
            if a.kind is MeldKind.AN_GANG:
                assert hand.count(a.tile) == 4, a
                if a.tile.suit is void:
                    assert state.options.void_kong != "forbidden", "SC-VOID-5"
            else:
                assert a.kind is MeldKind.BU_GANG and hand.count(a.tile) >= 1, a
                assert any(m.kind is MeldKind.PENG and m.tile == a.tile for m in s.melds), a
        elif isinstance(a, Hu):
            assert not held_void, "SC-VOID-3: no win holding a void-suit tile"


def _window(state: State, seat: int, actions: Sequence[Action]) -> None:
    """SC-CLAIM-2, SC-GANG-3, SC-VOID-3, SC-LAST-1: only seats with a claim are asked."""
    s = state.seats[seat]
    tile = state.tile
    assert tile is not None and seat in state.claimants and seat != state.current
    assert actions[-1] == Pass(seat) and len(actions) >= 2, actions
    allowed = {Hu, Pass} if state.phase is Phase.ROB else {Hu, Peng, Gang, Pass}
    assert {type(a) for a in actions} <= allowed, actions
    assert tile.suit is not s.variant.void, "SC-VOID-3: no claim on a void-suit tile"
    for a in actions:
        if isinstance(a, Gang):
            assert a.kind is MeldKind.ZHI_GANG and a.tile == tile and state.tiles_left > 0, a
            assert s.concealed.count(tile) == 3, a
        elif isinstance(a, Peng):
            assert s.concealed.count(tile) >= 2, a
        elif isinstance(a, Hu):
            assert not any(t.suit is s.variant.void for t in s.concealed.kinds()), "SC-VOID-3"


def check_acting(rules: Rules, state: State) -> None:
    """Who acts and what each may do (FLOW-2, FLOW-3, SC-END-1, SC-SWAP-1, SC-VOID-1 and the
    turn's and window's rules above)."""
    acting = rules.to_act(state)
    ended = rules.result(state) is not None
    assert ended == (state.phase is Phase.ENDED) == (not acting)
    for seat in range(state.players):
        actions = rules.legal_actions(state, seat)
        if seat not in acting:
            assert actions == (), (seat, actions)
            continue
        s = state.seats[seat]
        assert not s.won, "SC-END-1: a seat that has won never acts"
        assert actions and len(set(actions)) == len(actions), actions
        assert all(a.seat == seat for a in actions), actions
        if state.phase is Phase.CHOOSING:
            if state.stage == SWAPPING:  # SC-SWAP-1: three of one suit, each multiset once
                assert actions == swap_answers(seat, s.concealed)
            else:  # SC-VOID-1: a suit and a tile of it, or none when none is held
                assert state.stage == VOIDING and actions == void_answers(seat, s.concealed)
        elif state.phase is Phase.TURN:
            assert seat == state.current
            _turn(rules, state, seat, actions)
        else:
            _window(state, seat, actions)
    if state.phase in WINDOWS:
        n = state.players
        order = tuple((state.current + k) % n for k in range(1, n))
        assert state.claimants == tuple(s for s in order if s in state.claimants)
        assert not any(state.seats[s].won for s in state.claimants), "SC-END-1: never asked"
        assert acting == set(state.claimants) - {a.seat for a in state.answers}
    elif state.phase is Phase.TURN:
        assert not state.seats[state.current].won, "SC-END-1"


def check_ledger(state: State) -> None:
    """SC-PAY-4, SC-REFUND-1..3, FLOW-5: every payment is a whole number of points from a seat
    to another seat or to the pot; only 48-point 罚分 go to the pot; every refund (退杠) gives
    back one payment of its kong's money, at most once; with the pot counted the ledger sums
    to zero."""
    n = state.players
    paid: Counter[tuple[int, int | object, int, int]] = Counter()
    for p in state.ledger:
        assert 0 <= p.payer < n and p.payer != p.payee, p
        assert type(p.amount) is int and p.amount > 0, p
        if p.payee is POT:
            assert p.reason is PaymentReason.PENALTY and p.amount == PENALTY, "SC-PAY-4"
            continue
        assert isinstance(p.payee, int) and 0 <= p.payee < n, p
        if p.reason is KONG:
            assert p.ref > 0, p
            paid[(p.payer, p.payee, p.amount, p.ref)] += 1
        elif p.reason is REFUND:
            back = (p.payee, p.payer, p.amount, p.ref)
            assert paid[back] > 0, f"a refund gives back nothing that was paid: {p}"
            paid[back] -= 1
    pot = sum(p.amount for p in state.ledger if p.payee is POT)
    assert sum(deltas_of(state.ledger, n)) + pot == 0, "SC-PAY-4: zero-sum with the pot"


def check_paid_seats(before: State, after: State) -> None:
    """SC-END-1, SC-PAY-3: wins and payments are only added, ``won`` never goes back, a winner's
    tiles stay as they were, and a payment of the transition never comes from a seat that had
    won; one to such a seat is kong money coming back (SC-REFUND-1..3) or 花猪 at the end
    (SC-HUAZHU-1)."""
    assert after.wins[: len(before.wins)] == before.wins, "wins are only added"
    assert after.ledger[: len(before.ledger)] == before.ledger, "payments are only added"
    won = {s for s, seat in enumerate(before.seats) if seat.won}
    for seat in won:
        old, new = before.seats[seat], after.seats[seat]
        assert new.won and (new.concealed, new.melds, new.discards) == (
            old.concealed,
            old.melds,
            old.discards,
        ), "SC-END-1: a winner leaves the hand as it was"
    assert {w.seat for w in after.wins} == {s for s, x in enumerate(after.seats) if x.won}
    assert len(after.wins) == len({w.seat for w in after.wins}) <= 3, "SC-END-1"
    added = after.ledger[len(before.ledger) :]
    assert [e.payment for e in after.events if isinstance(e, Paid)] == list(added)
    for p in added:
        assert p.payer not in won, f"SC-PAY-3: seat {p.payer} has won but pays {p}"
        if p.payee in won:
            end = after.phase is Phase.ENDED and p.reason is PaymentReason.PENALTY
            assert p.reason is REFUND or end, f"SC-PAY-3: seat {p.payee} has won: {p}"


def check_window(before: State, action: Action, after: State) -> None:
    """SC-CLAIM-2, SC-GANG-3, SC-TURN-2: when the last answer of a window comes in, every seat
    that answered hu wins on the tile, in play order from the discarder (or robbed seat), and
    a peng or kong happens only if nobody did."""
    if before.phase not in WINDOWS or len(before.answers) + 1 < len(before.claimants):
        return
    tile, discarder, n = before.tile, before.current, before.players
    answers = [*before.answers, action]
    hus = sorted((a.seat for a in answers if isinstance(a, Hu)), key=lambda s: (s - discarder) % n)
    how = WinKind.ROB_KONG if before.phase is Phase.ROB else WinKind.DISCARD
    new = after.wins[len(before.wins) :]
    assert [(w.seat, w.how, w.tile, w.from_seat) for w in new] == [
        (s, how, tile, discarder) for s in hus
    ], "SC-CLAIM-2: every seat that answered hu wins, in play order"
    claims = [a for a in answers if isinstance(a, (Peng, Gang))]
    made = [s for s in range(n) if len(after.seats[s].melds) > len(before.seats[s].melds)]
    if hus or not claims:
        assert made == [], "SC-CLAIM-2: hu before peng and gang"
        if before.phase is Phase.ROB and hus:  # SC-GANG-3: a robbed 补杠 is never made
            melds = after.seats[discarder].melds
            assert all(m.tile != tile or m.kind is MeldKind.PENG for m in melds)
    else:
        assert len(claims) == 1 and made == [claims[0].seat], "one claim of one discard"


def check_kong_money(before: State, action: Action, after: State) -> None:
    """刮风下雨 (guāfēng xiàyǔ), paid as the kong is made, under the kong's new ref: a 暗杠 2
    from each other un-won seat (SC-GANG-PAY-1) and, of the void suit, 48 to the pot
    (SC-PENALTY-2); a 直杠 2 from the discarder (SC-GANG-PAY-2); a 补杠 1 from each other un-won
    seat when promoted (its tile the one drawn last), nothing when postponed (SC-GANG-PAY-3,
    SC-GANG-1), before any rob window."""
    n = before.players
    added = after.ledger[len(before.ledger) :]
    kongs = sorted((p.payer, p.payee, p.amount, p.ref) for p in added if p.reason is KONG)
    others = [p for p in range(n) if not before.seats[p].won]
    if isinstance(action, Gang) and before.phase is Phase.TURN:
        seat, tile, ref = action.seat, action.tile, before.next_ref
        s = before.seats[seat]
        others.remove(seat)
        if action.kind is MeldKind.AN_GANG:
            assert kongs == [(p, seat, 2, ref) for p in others], "SC-GANG-PAY-1"
            fined = [p for p in added if p.payee is POT]
            void = tile.suit is s.variant.void
            assert fined == ([Payment(seat, POT, PENALTY, PaymentReason.PENALTY)] if void else [])
        else:
            promoted = bool(s.turn_draws) and s.turn_draws[-1] == tile
            expected = [(p, seat, 1, ref) for p in others] if promoted else []
            assert kongs == expected, "SC-GANG-PAY-3: a promoted 补杠 pays, a postponed one not"
    elif before.phase is Phase.CLAIM and len(before.answers) + 1 == len(before.claimants):
        made = [
            m
            for old, new in zip(before.seats, after.seats, strict=True)
            for m in new.melds[len(old.melds) :]
        ]
        if made and made[0].kind is MeldKind.ZHI_GANG:
            claimer = next(a.seat for a in (*before.answers, action) if isinstance(a, Gang))
            assert kongs == [(before.current, claimer, 2, before.next_ref)], "SC-GANG-PAY-2"
        else:
            assert all(p.payer == before.current for p in added if p.reason is KONG), kongs


def next_dealer(state: State, first: Sequence[Won]) -> int:
    """SC-DEALER-2: the first winner; after 一炮多响 first, the discarder; no win: the dealer."""
    if not first:
        return state.dealer
    if len(first) == 1:
        return first[0].win.seat
    seat = first[0].win.from_seat
    assert seat is not None
    return seat


def check_result(rules: Rules, state: State, first: Sequence[Won]) -> HandResult:
    """SC-END-1, SC-LAST-1, SC-PAY-4, SC-CHAJIAO-1, SC-HUAZHU-1, SC-DEALER-2, FLOW-5 on the
    settlement."""
    result = rules.result(state)
    assert isinstance(result, HandResult) and state.phase is Phase.ENDED
    assert state.events and state.events[-1] == Settled(result)
    assert result.wins == state.wins and result.payments == state.ledger
    won = [s.won for s in state.seats]
    assert sum(won) == 3 or state.tiles_left == 0, "SC-END-1, SC-LAST-1: third win or wall end"
    assert result.exhausted == (state.tiles_left == 0)
    deltas = deltas_of(result.payments, state.players)
    assert tuple(result.deltas) == tuple(deltas)
    assert sum(result.deltas) + result.pot == 0, "SC-PAY-4: zero-sum with the pot"
    un_won = [s for s in range(state.players) if not won[s]]
    assert set(result.ready) <= set(un_won)
    for p in result.payments:
        if p.reason is PaymentReason.CHA_JIAO:  # SC-CHAJIAO-1
            assert isinstance(p.payee, int) and result.ready.get(p.payee), p
            assert len(un_won) >= 2 and p.payer in un_won, p
            assert not result.ready.get(p.payer), p
        if p.reason is PaymentReason.PENALTY and p.payee is not POT:  # 花猪, or a false hu's
            pig = state.options.hua_zhu and p.amount == state.options.cap_points
            false_hu = state.options.false_hu == "penalty" and p.amount == FALSE_HU_PENALTY
            assert pig or false_hu, f"SC-HUAZHU-1, SC-WIN-3: {p}"
    assert result.next_dealer == next_dealer(state, first), "SC-DEALER-2"
    return result


def first_wins(events: Sequence[object]) -> list[Won]:
    """The first run of Won events of a transition (one win, or 一炮多响)."""
    out: list[Won] = []
    for e in events:
        if isinstance(e, Won):
            out.append(e)
        elif out:
            break
    return out


def out_of_phase(state: State, seat: int) -> list[Action]:
    """换三张 and 定缺 answers that fit no phase now: in play, any of them; in one phase, the
    other's."""
    tiles = sorted(state.seats[seat].concealed)
    answers: list[Action] = []
    if state.stage != SWAPPING and len(tiles) >= 3:
        answers.append(SwapTiles(seat, (tiles[0], tiles[0], tiles[0])))
    if state.stage != VOIDING and tiles:
        answers.append(DeclareVoid(seat, tiles[0].suit, tiles[0]))
    return answers


def payment_rows(payments: Sequence[Payment]) -> Counter[str]:
    """The payments' reasons, for the coverage report."""
    return Counter(p.reason.value + (" to the pot" if p.payee is POT else "") for p in payments)


def is_turned_up(state: State, seat: int) -> bool:
    return turned_up(state.seats[seat])


def sc_illegal_action(rng: random.Random, rules: Rules, state: State) -> object:
    """An unlisted action of a kind Sichuan must refuse (FLOW-3), else one of Baoshan's."""
    n = state.players
    acting = sorted(rules.to_act(state))
    seat = rng.choice(acting or range(n))
    kind = rng.randrange(6)
    if kind == 4:  # a tile held but not offered (SC-VOID-2, SC-VOID-4: not the set-aside
        held = state.seats[seat].concealed  # tile first, not a void-suit tile first)
        listed = rules.legal_actions(state, seat)
        kept = [Discard(seat, t) for t in held.kinds() if Discard(seat, t) not in listed]
        return rng.choice(kept or [FalseHu(seat)])  # or a false hu (SC-WIN-3) not listed
    if kind == 0:  # a discard of a tile not held (or, in turn, one the rules do not list)
        held = state.seats[seat].concealed
        return Discard(seat, rng.choice([t for t in SUITED if t not in held] or SUITED))
    if kind == 1:  # a hu not listed
        return Hu(
            rng.choice(
                [s for s in range(n) if Hu(s) not in rules.legal_actions(state, s)] or [seat]
            )
        )
    if kind == 2:  # a peng by a seat not asked, or outside a window
        asked = set(state.claimants) if state.phase is Phase.CLAIM else set()
        return Peng(rng.choice([s for s in range(n) if s not in asked] or [seat]))
    if kind == 3:  # 换三张 / 定缺 out of its phase, or an answer the phase does not list
        answers = out_of_phase(state, seat)
        answers.append(SwapTiles(seat, tuple(sorted(rng.sample(SUITED[:9], 3)))))
        answers.append(DeclareVoid(seat, rng.choice(SUITED).suit, None))
        return rng.choice(answers)
    return illegal_action(rng, rules, state)
