"""罚分 (fáfēn): Yongshan's settlement at 流局 (YS-PENALTY-1..3).

When the wall runs out with more than one seat un-won:

* YS-PENALTY-1 花猪 (huāzhū): a seat holding all three suits pays every other un-won seat that
  lacks a suit (ready or not) the room cap's pattern score
  (:attr:`~mahjong_rules.variants.yongshan.options.YongshanOptions.hua_zhu_points`);
* YS-PENALTY-2 查叫 (chájiào): a seat lacking a suit but not ready pays each ready un-won seat the
  best pattern score that seat could win with — scored as a self-draw (so 自摸加番 counts), never
  as 杠上花, 杠上炮, 抢杠胡, 天胡 or 地胡 — the same "best possible win" search as Baoshan's 查大叫
  (:meth:`~mahjong_rules.variants.base.Rules.best_win`);
* YS-PENALTY-3: a three-suit hand is never ready, so a seat whose un-won rivals all hold three
  suits pays nothing under YS-PENALTY-2.
"""

from __future__ import annotations

from typing import Protocol

from mahjong_rules.counts import TileSet
from mahjong_rules.engine.settlement import Payment, PaymentReason
from mahjong_rules.engine.state import State
from mahjong_rules.scoring import Breakdown, WinKind
from mahjong_rules.variants.yongshan.options import YongshanOptions

__all__ = ["penalty_payments"]


class _Rules(Protocol):
    """What 罚分 asks of the Yongshan rules (no import of them: they import this module)."""

    @property
    def options(self) -> YongshanOptions: ...

    def holds_three_suits(self, state: State, seat: int) -> bool: ...

    def waits(self, state: State, seat: int) -> TileSet: ...

    def best_win(self, state: State, seat: int, how: WinKind) -> Breakdown | None: ...


def penalty_payments(rules: _Rules, state: State) -> tuple[list[Payment], dict[int, bool]]:
    """The 罚分 payments of an exhausted hand, and which un-won seats were ready."""
    unwon = [seat for seat in range(state.players) if not state.seats[seat].won]
    pig = {seat: rules.holds_three_suits(state, seat) for seat in unwon}
    ready = {seat: not pig[seat] and bool(rules.waits(state, seat)) for seat in unwon}
    payments: list[Payment] = []
    if len(unwon) <= 1:
        return payments, ready
    hua_zhu = rules.options.hua_zhu_points
    for payer in unwon:
        if pig[payer]:  # YS-PENALTY-1
            payments.extend(
                Payment(payer, payee, hua_zhu, PaymentReason.PENALTY)
                for payee in unwon
                if payee != payer and not pig[payee]
            )
    payers = [p for p in unwon if not pig[p] and not ready[p]]  # YS-PENALTY-2 (3: no pigs)
    if not payers:
        return payments, ready  # nobody pays 查叫: no best win need be searched
    best: dict[int, int] = {}
    for payee in unwon:
        if ready[payee]:
            breakdown = rules.best_win(state, payee, WinKind.SELF_DRAW)
            best[payee] = breakdown.points if breakdown is not None else 0
    for payer in payers:
        payments.extend(
            Payment(payer, payee, points, PaymentReason.PENALTY)
            for payee, points in best.items()
            if points
        )
    return payments, ready
