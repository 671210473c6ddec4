"""An independent model of what a Yongshan hand (永善麻将, Yǒngshàn) pays, for the random-play
property (``test_yongshan_play_properties.py``).

It is written from the rule text (``/work/shared/seeds/yongshan.txt``) and SPEC.md §2, not from
the engine's code: a hand is read by the plain detector ``tests/reference.py`` (every reading,
with what each wildcard stands for), and the patterns are counted on each reading from the
pattern table; the situation of a win (杠上花, 杠上炮, 抢杠胡, 天胡, 地胡, 自摸) is read from the
hand's events. Slow but plain; it runs once per win and at a 流局.

* YS-WIN-1, YS-WILD-5, YS-WILD-6: a reading counts only if the hand's natural tiles (melds
  included) lack a suit, no tile is read five times (melds included), and, with ``wild_reading``
  "lack_a_suit", the reading itself (wildcards as read) lacks a suit.
* The patterns (YS-PAT-*): 碰碰胡 (standard form, no chow), 七对, 清一色 (one suit as read),
  归 (each kind read four times across the concealed hand and own pengs, not kongs), 杠 (per own
  kong), 本金 (the 本金 kind read in the concealed hand: 3 → 1, 4 → 2; seven pairs 2 → 1,
  4 → 2), 无听用 (no wildcard anywhere), 自摸 (option 自摸加番: self-draw and 抢杠胡), and from
  the events 杠上花, 杠上炮, 抢杠胡, 天胡, 地胡. SCORE-3: the best reading; YS-CAP-1 and SCORE-1:
  capped, then 2**fan (or 1 + fan).
* YS-PAY-1: a self-draw is paid by every seat not won before it, a win on a discard by the
  discarder, 抢杠胡 by the robbed seat.
* 罚分 at 流局 (YS-PENALTY-1..3, READY-1): a seat holding three suits in its natural tiles
  (花猪, huāzhū) pays every other un-won seat that lacks a suit the 花猪 score (``hua_zhu_fan``,
  else the cap, else 3 fan); an un-won seat lacking a suit and not ready pays each ready un-won
  seat the best score that seat could win with by drawing some tile (自摸加番 counted where on;
  no situational pattern). A three-suit hand is never ready.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from mahjong_rules import MeldKind, Payment, PaymentReason, WinKind, WinRecord
from mahjong_rules.engine.events import Claimed, Discarded, Drew, Event, Konged, Won
from mahjong_rules.engine.state import SeatState
from mahjong_rules.variants.yongshan.ti import Swapped
from reference import ref_decompositions

__all__ = ["Table", "best_fan", "penalties", "win_payments"]

PENALTY = PaymentReason.PENALTY
WIN = PaymentReason.WIN
KONGS = (MeldKind.AN_GANG, MeldKind.ZHI_GANG, MeldKind.BU_GANG)


class Table:
    """What a room's hand shares: its options, wildcard kinds and 本金 kind (as indices)."""

    def __init__(self, options: Any, wilds: Iterable[Any], indicator: Any) -> None:
        self.options = options
        self.fans = options.fans()
        self.wilds = frozenset(t.index for t in wilds)
        self.ben_jin = indicator.index

    def score(self, fan: int) -> int:
        """YS-CAP-1, SCORE-1: the capped pattern score."""
        cap = self.options.fan_cap
        if cap is not None:
            fan = min(fan, cap)
        return 2**fan if self.options.scoring == "doubling" else 1 + fan

    def hua_zhu_score(self) -> int:
        """YS-PENALTY-1: the room cap's score (``hua_zhu_fan`` overrides it; neither: 3 fan)."""
        o = self.options
        fan = o.hua_zhu_fan if o.hua_zhu_fan is not None else o.fan_cap
        fan = 3 if fan is None else fan
        return 2**fan if o.scoring == "doubling" else 1 + fan


def natural_suits(table: Table, concealed: Iterable[Any], melds: Sequence[Any]) -> set[int]:
    """YS-WILD-5: the suits of the natural tiles (wildcards do not count), melds included."""
    suits = {t.index // 9 for t in concealed if t.index not in table.wilds}
    return suits | {m.tile.index // 9 for m in melds}


def best_fan(
    table: Table,
    concealed: Sequence[int],
    melds: Sequence[Any],
    self_draw: bool,
    situation: tuple[int, bool] = (0, False),
) -> int:
    """The most fan over the hand's valid readings, or -1 when the hand (``concealed``: tile
    indices, 3k+2 of them) is not complete. ``situation`` is the fan of the win's situational
    patterns and whether any applies; 平胡 (YS-PAT-平胡) scores when no pattern applies."""
    fans = table.fans
    naturals = [0] * 34
    wilds = 0
    for i in concealed:
        if i in table.wilds:
            wilds += 1
        else:
            naturals[i] += 1
    meld_read = [0] * 34
    own_pengs = set()
    for m in melds:
        meld_read[m.tile.index] += len(m.tiles)
        if m.kind is MeldKind.PENG:
            own_pengs.add(m.tile.index)
    suits = {i // 9 for i in range(27) if naturals[i]} | {m.tile.index // 9 for m in melds}
    if len(suits) == 3 or max(naturals) > 4:
        return -1  # YS-WIN-1 缺一门 (and no fifth natural copy)
    kongs = sum(1 for m in melds if m.kind in KONGS)
    fixed, applied = situation
    fixed += fans["gang"] * kongs
    applied = applied or kongs > 0
    if wilds == 0 and not any(m.wild_tiles for m in melds):
        fixed += fans["wu_ting_yong"]
        applied = True
    if self_draw and table.options.zi_mo_jia_fan:
        fixed += fans["zi_mo"]
        applied = True
    best = -1
    for form, groups, ws in ref_decompositions(naturals, wilds, True, False):
        read = list(naturals)
        for i in ws:
            read[i] += 1
        if any(read[i] + meld_read[i] > 4 for i in range(27)):
            continue  # YS-WILD-6: no fifth copy
        read_suits = {i // 9 for i in range(27) if read[i]} | {m.tile.index // 9 for m in melds}
        if table.options.wild_reading == "lack_a_suit" and len(read_suits) == 3:
            continue  # YS-WILD-5
        fan = fixed
        lines = 0
        if form == "seven_pairs":
            fan += fans["qi_dui"]
            lines += 1
        elif not any(kind == "chow" for kind, _i in groups):
            fan += fans["peng_peng_hu"]
            lines += 1
        if len(read_suits) == 1:
            fan += fans["qing_yi_se"]
            lines += 1
        gui = sum(1 for i in range(27) if read[i] + (3 if i in own_pengs else 0) == 4)
        fan += fans["gui"] * gui
        b = read[table.ben_jin]
        level = {2: 1, 4: 2}.get(b, 0) if form == "seven_pairs" else {3: 1, 4: 2}.get(b, 0)
        fan += fans["ben_jin"] * level
        if not (applied or lines or gui or level):
            fan += fans["ping_hu"]
        best = max(best, fan)
    return best


def _indices(tiles: Iterable[Any]) -> list[int]:
    return [t.index for t in tiles]


def ready_fan(table: Table, seat: SeatState) -> int:
    """READY-1, YS-PENALTY-2/3: the most fan the seat could win with on a drawn tile (any kind,
    a wildcard kind drawn as a wildcard), as a self-draw; -1 when it is not ready."""
    held = _indices(seat.concealed)
    return max(best_fan(table, [*held, t], seat.melds, True) for t in range(27))


def penalties(
    table: Table, seats: Sequence[SeatState]
) -> tuple[Counter[tuple[int, int, int]], dict[int, bool]]:
    """罚分 at 流局: the (payer, payee, amount) multiset and which un-won seats are ready."""
    unwon = [s for s in range(len(seats)) if not seats[s].won]
    hua_zhu = {
        s for s in unwon if len(natural_suits(table, seats[s].concealed, seats[s].melds)) > 2
    }
    fan = {s: (-1 if s in hua_zhu else ready_fan(table, seats[s])) for s in unwon}
    out: Counter[tuple[int, int, int]] = Counter()
    for h in hua_zhu:
        for s in unwon:
            if s not in hua_zhu:
                out[(h, s, table.hua_zhu_score())] += 1
    for u in unwon:
        if u in hua_zhu or fan[u] >= 0:
            continue
        for r in unwon:
            if fan[r] >= 0:
                out[(u, r, table.score(fan[r]))] += 1
    return out, {s: fan[s] >= 0 for s in unwon}


def situation_fan(
    table: Table, win: WinRecord, log: Sequence[Event], at: int, dealer: int
) -> tuple[int, bool]:
    """The fan of a win's situation, from the events before it (``log[:at]``): 杠上花 (a
    self-draw on the replacement of one's own kong, no 提 since), 杠上炮 (on the first discard
    a seat makes after its kong), 抢杠胡, 天胡 (the dealer's dealt 14: no draw, no discard yet),
    地胡 (on the dealer's first discard, the first of the hand); and whether any applies."""
    fans = table.fans
    before = log[:at]
    seat = win.seat
    keys: list[str] = []
    if win.how is WinKind.ROB_KONG:
        keys.append("qiang_gang_hu")
    if win.how is WinKind.SELF_DRAW:
        mine = [e for e in before if isinstance(e, (Drew, Swapped)) and e.seat == seat]
        if mine and isinstance(mine[-1], Drew) and mine[-1].replacement:
            keys.append("gang_shang_hua")
        discarded = any(isinstance(e, Discarded) for e in before)
        if seat == dealer and not mine and not discarded:
            keys.append("tian_hu")
    if win.how is WinKind.DISCARD:
        d = win.from_seat
        discards = [i for i, e in enumerate(before) if isinstance(e, Discarded)]
        last = discards[-1]
        first = discards[0]
        if last == first and d == dealer:
            keys.append("di_hu")
        previous = [i for i in discards if before[i].seat == d][:-1]  # type: ignore[attr-defined]
        start = previous[-1] if previous else 0
        if any(
            isinstance(e, (Claimed, Konged)) and e.seat == d and e.meld.kind in KONGS
            for e in before[start:last]
        ):
            keys.append("gang_shang_pao")
    return sum(fans[k] for k in keys), bool(keys)


def win_payments(
    table: Table, log: Sequence[Event], seats: Sequence[SeatState], dealer: int
) -> list[Payment]:
    """YS-PAY-1 with each win's points from the model, in the order of the wins."""
    out: list[Payment] = []
    won: list[int] = []
    for at, e in enumerate(log):
        if not isinstance(e, Won):
            continue
        win = e.win
        seat = seats[win.seat]
        held = _indices(seat.concealed)
        if win.how is not WinKind.SELF_DRAW:
            held.append(win.tile.index)
        self_draw = win.how is not WinKind.DISCARD  # 自摸加番 counts 抢杠胡 too
        situation = situation_fan(table, win, log, at, dealer)
        fan = best_fan(table, held, seat.melds, self_draw, situation)
        assert fan >= 0, f"seat {win.seat} won with no complete reading: {win}"
        points = table.score(fan)
        if win.how is WinKind.SELF_DRAW:
            payers = [p for p in range(len(seats)) if p != win.seat and p not in won]
        else:
            assert win.from_seat is not None
            payers = [win.from_seat]
        out.extend(Payment(p, win.seat, points, WIN) for p in payers)
        won.append(win.seat)
    return out
