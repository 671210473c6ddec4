"""玩具麻将 (wánjù májiàng, "toy mahjong"): a mahjong_rules variant in its own package.

108 tiles (no honors), 2 to 4 players, peng and kong but no chow; any complete hand
wins (four melds and a pair, or seven pairs, 七对). A win on a discard (点炮) is paid
1 point by the discarder; a self-drawn win (自摸) is paid ``self_draw`` points (1 or
2) by every other seat. Kongs pay nothing; nobody pays when the wall runs out (流局).

The package's ``pyproject.toml`` names :class:`Toy` under the entry-point group
``mahjong_rules.variants``; once the package is installed, ``get_variant("toy")``
finds it.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from mahjong_rules import HandResult, Payment, PaymentReason
from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.edit import end_hand, pay, record_wins
from mahjong_rules.engine.settlement import WinRecord, deltas_of
from mahjong_rules.engine.state import State
from mahjong_rules.scoring import Breakdown, PingHu, WinContext, best_breakdown
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.options import Options, choice
from mahjong_rules.wins import is_win

__all__ = ["Toy", "ToyOptions"]


@attrs.frozen
class ToyOptions(Options):
    """Options of a 玩具麻将 room."""

    players: int = choice(4, (2, 3, 4), "2, 3 or 4 players")
    self_draw: int = choice(1, (1, 2), "points each other seat pays a 自摸 win")


class Toy(Rules):
    """玩具麻将 (wánjù májiàng): any complete hand wins; a discard win pays 1."""

    name = "toy"
    aliases = ("玩具麻将",)
    name_zh = "玩具麻将"
    options_class = ToyOptions
    options: ToyOptions

    def is_complete(self, state: State, seat: int, concealed: TileCounts) -> bool:
        """Any complete hand: four melds and a pair, or seven pairs (七对)."""
        return is_win(concealed, seven_pairs=True, honors=False)

    def score(self, ctx: WinContext) -> Breakdown | None:
        """Every win is a plain win (平胡, pínghú) worth 0 fan: 1 point."""
        return best_breakdown([PingHu()], ctx, fans={"ping_hu": 0}, honors=False)

    @property
    def payment_reasons(self) -> frozenset[PaymentReason]:
        """Only wins pay (no kong money, no 查叫 or 罚分 at a draw)."""
        return frozenset({PaymentReason.WIN})

    def win_payments(self, state: State, win: WinRecord) -> list[Payment]:
        """1 point from the discarder (or the robbed kong's maker); ``self_draw``
        points from every other seat for a self-drawn win."""
        if win.from_seat is not None:
            return [Payment(win.from_seat, win.seat, 1, PaymentReason.WIN)]
        points = self.options.self_draw
        others = [p for p in range(state.players) if p != win.seat]
        return [Payment(p, win.seat, points, PaymentReason.WIN) for p in others]

    def settle_wins(self, state: State, wins: Sequence[WinRecord]) -> State:
        """Record the wins, pay them and end the hand; the first winner deals next."""
        state = record_wins(state, wins)
        state = pay(state, [p for w in wins for p in self.win_payments(state, w)])
        result = HandResult(
            wins=tuple(wins),
            payments=state.ledger,
            deltas=deltas_of(state.ledger, state.players),
            next_dealer=wins[0].seat,
        )
        return end_hand(state, result)

    def settle_exhausted(self, state: State) -> State:
        """流局: nobody pays, the dealer deals again."""
        result = HandResult(
            wins=(),
            payments=state.ledger,
            deltas=deltas_of(state.ledger, state.players),
            next_dealer=state.dealer,
            exhausted=True,
        )
        return end_hand(state, result)
