"""An independent model of who pays whom in a Baoshan hand (保山麻将, Bǎoshān), for the
random-play property (``test_play_properties.py``).

It is written from the rule text (``/work/shared/seeds/baoshan.txt``) and SPEC.md §1, not from
the engine's code, and reads only what the hand showed: its events (who konged what, who
discarded, who won how), the 买点 bought, and at a 流局 the seats' final tiles. From them it
builds the settlement the rules ask for:

* BS-GANG-1 直杠 (zhígàng): the discarder pays 1. BS-GANG-2 补杠 (bǔgàng): the seat that gave
  the peng's tile pays 1. BS-GANG-3 暗杠 (àngàng): every other seat pays 2. BS-GANG-4 骗杠
  (piàngàng, ``pian_gang``): for 直杠 and 补杠 the provider pays 2 and every other seat 1.
* BS-GANG-6 抢杠胡 (qiǎnggànghú): a robbed 补杠 earns nothing.
* BS-GANG-5 杠上炮 (gàngshàngpào): when the first discard a seat makes after its kongs is won
  on, the payments of those kongs (the ones made since its previous discard) are taken back;
  another seat's kongs and its own kongs of an earlier turn stand.
* BS-PAY-1: a self-draw (the dealer's dealt win and 十老头 included, BS-END-1, BS-WIN-3) is paid
  by every other seat; a win on a discard or a robbed kong by the discarder (robbed seat).
* BS-PAY-2 the amount: pattern score P; 死点 (dead): winner's + payer's points + P; 活点 (live):
  (winner's + payer's points + 1) × P. SCORE-1 / BS-PAY-3: P = 2**min(fan, fan_cap) (or 1 + fan
  with ``linear``). The fan of a real win is the sum of its breakdown's lines (the patterns are
  pinned by ``test_baoshan_patterns.py``); each line is checked against the room's fan table.
* 流局 with 查叫 on (BS-CHAJIAO-1..2, BS-GANG-7): every kong payment is void (黄庄黄杠) unless
  ``kong_payments_on_draw`` is "stand"; each un-ready seat pays each ready one BS-PAY-2's
  amount on P = 1 (查叫1分) or, for 查大叫, the best pattern score the ready seat could win
  with (:func:`cha_da_jiao_fan`, capped at ``cha_jiao_fan_cap``).
* READY-1: ready means some tile kind completes the hand (a standard form or seven pairs, four
  of a kind as two pairs: 龙爪背), judged by the plain detector ``tests/reference.py``; a wait on
  a fifth copy (all four in the seat's own hand and melds) is no wait.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from mahjong_rules import HandResult, Meld, MeldKind, PaymentReason, WinKind
from mahjong_rules.engine.events import (
    Claimed,
    Discarded,
    Event,
    Konged,
    WallExhausted,
    Won,
)
from mahjong_rules.engine.state import SeatState
from mahjong_rules.variants.baoshan import Declared
from mahjong_rules.variants.baoshan.buying import PointsBought
from reference import ref_decompositions, ref_is_win

__all__ = ["Entry", "Settlement", "cha_da_jiao_fan", "entries", "settle", "waits"]

Entry = tuple[int, int, int, PaymentReason]
"""A payment as the model sees it: (payer, payee, amount, reason)."""

KONG = PaymentReason.KONG
WIN = PaymentReason.WIN
CHA_JIAO = PaymentReason.CHA_JIAO


@attrs.define
class Settlement:
    """What the model expects of a hand's result."""

    payments: Counter[Entry]
    """Every payment that stands (kongs, wins, 查叫)."""
    cancelled: Counter[Entry]
    """The kong payments taken back (杠上炮, 黄庄黄杠)."""
    ready: dict[int, bool]
    """At a 流局 with 查叫 on: which seats are ready (READY-1); else empty."""


def entries(payments: Iterable[Any]) -> Counter[Entry]:
    """The engine's payments as the model's multiset (the ``ref`` tie to a kong left out)."""
    return Counter((p.payer, p.payee, p.amount, p.reason) for p in payments)


def pattern_score(fan: int, cap: int | None, scoring: str) -> int:
    """SCORE-1: 2 ** fan (平胡 0 fan = 1 point), or 1 + fan with ``linear``; fan capped first."""
    if cap is not None:
        fan = min(fan, cap)
    return 2**fan if scoring == "doubling" else 1 + fan


def amount(options: Any, points: Sequence[int], winner: int, payer: int, score: int) -> int:
    """BS-PAY-2 (and BS-CHAJIAO-2): the pattern score, with the 买点 of both seats."""
    both = points[winner] + points[payer]
    if options.buy_points == "live":
        return (both + 1) * score
    if options.buy_points in ("dead_1", "dead_2"):
        return both + score
    return score


def kong_payments(options: Any, players: int, seat: int, meld: Meld) -> list[Entry]:
    """BS-GANG-1..4: who pays ``seat`` for ``meld`` the moment it is made."""
    others = [s for s in range(players) if s != seat]
    if meld.kind is MeldKind.AN_GANG:
        return [(s, seat, 2, KONG) for s in others]
    provider = meld.from_seat
    assert provider is not None and provider != seat, meld
    if not options.pian_gang:
        return [(provider, seat, 1, KONG)]
    return [(s, seat, 2 if s == provider else 1, KONG) for s in others]


def win_score(options: Any, breakdown: Any) -> int:
    """The pattern score of a real win: its lines' fan, each line checked against the room's
    fan table (fan = the pattern's fan × how often it counts), summed, capped (BS-PAY-3)."""
    fans = options.fans()
    for item in breakdown.items:
        assert item.fan == fans[item.key] * item.count, (item, fans[item.key])
    total = sum(item.fan for item in breakdown.items)
    assert breakdown.fan == total, breakdown
    return pattern_score(total, options.fan_cap, options.scoring)


def _counts(tiles: Iterable[Any]) -> list[int]:
    out = [0] * 34
    for tile in tiles:
        out[tile.index] += 1
    return out


def _meld_copies(seat: SeatState) -> list[int]:
    out = [0] * 34
    for meld in seat.melds:
        out[meld.tile.index] += len(meld.tiles)
    return out


def waits(seat: SeatState, honors: bool) -> set[int]:
    """READY-1: the tile kinds (indices) that complete the seat's hand, a fifth copy never."""
    held = _counts(seat.concealed)
    copies = _meld_copies(seat)
    out = set()
    for t in range(34 if honors else 27):
        if held[t] + copies[t] >= 4:
            continue
        held[t] += 1
        if ref_is_win(held, 0, True, honors):
            out.add(t)
        held[t] -= 1
    return out


def _suited(t: int) -> bool:
    return t < 27


def cha_da_jiao_fan(
    options: Any, seat: SeatState, declared: bool, pengs: set[int], honors: bool
) -> int:
    """BS-CHAJIAO-2 查大叫 (chá dà jiào): the most fan the ready ``seat`` could win with, over
    its waits and every reading (before the cap). Counted: 门清 for a hand with no peng and
    no exposed kong (even without a self-draw), 大对子, 清一色, 字一色, 小七对, 龙爪背 (not also
    小七对), 边绝张 / 卡绝张 where a peng of the tile on the table (``pengs``: the tiles some
    seat holds as a peng) leaves the wait its last copy, 来门报听 for a declared seat, and the
    options 一条龙 and 四归一. Never: 全求人, the 杠上花 family, 杠上炮, 抢杠胡, 十老头."""
    fans = options.fans()
    held = _counts(seat.concealed)
    exposed = any(m.kind is not MeldKind.AN_GANG for m in seat.melds)
    own_pengs = {m.tile.index for m in seat.melds if m.kind is MeldKind.PENG}
    meld_kinds = [m.tile.index for m in seat.melds]
    best = -1
    for t in waits(seat, honors):
        hand = list(held)
        hand[t] += 1
        kinds = {i for i in range(34) if hand[i]} | set(meld_kinds)
        lines = []  # the patterns that hold whatever the reading
        if not exposed:
            lines.append("men_qing")
        if all(_suited(i) for i in kinds) and len({i // 9 for i in kinds}) == 1:
            lines.append("qing_yi_se")
        if not any(_suited(i) for i in kinds):
            lines.append("zi_yi_se")
        if declared:
            lines.append("lai_men_bao_ting")
        if options.si_gui_yi and (held[t] == 3 or (options.si_gui_yi_with_peng and t in own_pengs)):
            lines.append("si_gui_yi")
        for form, groups, _wilds in ref_decompositions(hand, 0, True, honors):
            here = list(lines)
            if form == "seven_pairs":
                quads = len(groups) - len({i for _k, i in groups})
                here.append("long_zhua_bei" if quads else "xiao_qi_dui")
            else:
                chows = [i for kind, i in groups if kind == "chow"]
                if not chows:
                    here.append("da_dui_zi")
                if options.yi_tiao_long and any(
                    {s, s + 3, s + 6} <= set(chows) for s in (0, 9, 18)
                ):
                    here.append("yi_tiao_long")
                if t in pengs:  # the wait is the last copy: 绝张 by where it sits
                    jue = set()  # each pattern once a reading, however many chows hold t
                    for low in chows:  # (two alike when the hand held t once: 11223p + 3p)
                        if t == low + 1:
                            jue.add("ka_jue_zhang")
                        elif (t == low + 2 and low % 9 == 0) or (t == low and low % 9 == 6):
                            jue.add("bian_jue_zhang")
                    here.extend(sorted(jue))
            if not here:
                here.append("ping_hu")  # BS-PAT-平胡: no other pattern
            best = max(best, sum(fans[k] for k in here))
    assert best >= 0, "a ready seat has a wait"
    return best


def settle(
    options: Any,
    players: int,
    events: Sequence[Event],
    seats: Sequence[SeatState],
    bought: Sequence[int] | None,
) -> Settlement:
    """The settlement the rules give a hand that showed ``events`` (the whole hand, every
    transition's events in order) and ended with ``seats``; ``bought`` is the 买点 passed to
    ``new_hand`` (None: bought in the BUYING phase, read from the PointsBought events)."""
    points = list(bought) if bought is not None else [0] * players
    kongs: list[list[Entry]] = []  # each kong's payments, in the order made
    kong_of: list[tuple[int, MeldKind, Any]] = []  # each kong's (seat, kind, tile)
    pengs_made: set[tuple[int, Any]] = set()
    since_discard: dict[int, list[int]] = {}  # seat -> its kongs since its last discard
    at_risk: tuple[int, list[int]] | None = None  # the last discarder and its kongs before it
    cancelled: Counter[Entry] = Counter()
    wins: list[Entry] = []
    declared: set[int] = set()
    exhausted = False
    for e in events:
        if isinstance(e, PointsBought):
            points[e.seat] = e.points
        elif isinstance(e, Declared):
            declared.add(e.seat)
        elif isinstance(e, (Claimed, Konged)) and e.meld.kind is MeldKind.PENG:
            pengs_made.add((e.seat, e.meld.tile))
        elif isinstance(e, (Claimed, Konged)):
            since_discard.setdefault(e.seat, []).append(len(kongs))
            kongs.append(kong_payments(options, players, e.seat, e.meld))
            kong_of.append((e.seat, e.meld.kind, e.meld.tile))
        elif isinstance(e, Discarded):
            at_risk = (e.seat, since_discard.pop(e.seat, []))
        elif isinstance(e, WallExhausted):
            exhausted = True
        elif isinstance(e, Won):
            win = e.win
            score = win_score(options, win.breakdown)
            if win.how is WinKind.SELF_DRAW:
                assert win.from_seat is None, win
                payers = [s for s in range(players) if s != win.seat]
            else:
                assert win.from_seat is not None, win
                payers = [win.from_seat]
            for p in payers:
                wins.append((p, win.seat, amount(options, points, win.seat, p, score), WIN))
            if win.how is WinKind.ROB_KONG:  # BS-GANG-6: the robbed 补杠 earns nothing
                assert (win.from_seat, win.tile) in pengs_made, win  # it grew from a peng
                if kong_of and kong_of[-1] == (win.from_seat, MeldKind.BU_GANG, win.tile):
                    kongs[-1] = []  # (the engine reports no Konged for a robbed kong)
            elif win.how is WinKind.DISCARD and at_risk is not None:
                discarder, risky = at_risk
                assert discarder == win.from_seat, (at_risk, win)
                for k in risky:  # BS-GANG-5 杠上炮, once however many win on the tile
                    cancelled.update(kongs[k])
                    kongs[k] = []
    standing: Counter[Entry] = Counter(x for kong in kongs for x in kong)
    payments: Counter[Entry] = standing + Counter(wins)
    ready: dict[int, bool] = {}
    if exhausted and not wins and options.cha_jiao != "off":
        if options.kong_payments_on_draw == "void":  # BS-GANG-7 黄庄黄杠
            cancelled += standing
            payments -= standing
        honors = options.honors
        pengs = {m.tile.index for s in seats for m in s.melds if m.kind is MeldKind.PENG}
        ready = {s: bool(waits(seats[s], honors)) for s in range(players)}
        for r in (s for s in range(players) if ready[s]):
            if options.cha_jiao == "one":
                score = 1
            else:
                fan = cha_da_jiao_fan(options, seats[r], r in declared, pengs, honors)
                score = pattern_score(fan, options.cha_jiao_fan_cap, options.scoring)
            for u in (s for s in range(players) if not ready[s]):
                payments[(u, r, amount(options, points, r, u, score), CHA_JIAO)] += 1
    return Settlement(payments, cancelled, ready)


def check_settlement(model: Settlement, result: HandResult) -> None:
    """The engine's result pays exactly what the model says, and takes back exactly that."""
    got = entries(result.payments)
    assert got == model.payments, (
        f"payments: engine has {sorted(got - model.payments)} more and "
        f"{sorted(model.payments - got)} fewer than the rules"
    )
    cancelled = entries(result.cancelled)
    assert cancelled == model.cancelled, (sorted(cancelled), sorted(model.cancelled))
    if model.ready:
        assert dict(result.ready) == model.ready, (result.ready, model.ready)
