"""Small variants for the contract tests (tests/test_contract_*.py): a plain game written on
the hook contract alone, which each test file derives from to exercise one hook.

:func:`room` registers a variant in a copy of the registry for one test (so no test's variant
leaks into another's), and every derived variant needs an options class of its own:
:func:`options_for` makes one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

from mahjong_rules import HandResult, Payment, PaymentReason, TileCounts
from mahjong_rules.engine.edit import end_hand, pay, record_wins
from mahjong_rules.engine.settlement import WinRecord, deltas_of
from mahjong_rules.engine.state import State
from mahjong_rules.options import Options, choice
from mahjong_rules.scoring import Breakdown, PingHu, WinContext, best_breakdown
from mahjong_rules.variants import registry
from mahjong_rules.variants.base import Rules
from mahjong_rules.wins import is_win


def options_for(name: str, **fields: Any) -> type[Options]:
    """A fresh options class (players 2..4 and any ``fields``, each an attrs field)."""
    namespace: dict[str, Any] = {
        "__doc__": f"Options of the {name} test room.",
        "players": choice(4, (2, 3, 4), "2, 3 or 4 players"),
        **fields,
    }
    return attrs.frozen(type(f"{name.title()}Options", (Options,), namespace))


class Mini(Rules):
    """Any complete hand of the 108 suited tiles wins (or seven pairs); a win is 1 point from
    the discarder, 2 from each other seat when self-drawn; nobody pays at a 流局."""

    name = "mini"
    options_class = options_for("mini")

    def is_complete(self, state: State, seat: int, concealed: Any) -> bool:
        return is_win(concealed, seven_pairs=True, honors=self.honors)

    def score(self, ctx: WinContext) -> Breakdown | None:
        return best_breakdown([PingHu()], ctx, fans={"ping_hu": 0}, honors=self.honors)

    def win_payments(self, state: State, win: WinRecord) -> list[Payment]:
        if win.from_seat is not None:
            return [Payment(win.from_seat, win.seat, 1, PaymentReason.WIN)]
        others = [p for p in range(state.players) if p != win.seat]
        return [Payment(p, win.seat, 2, PaymentReason.WIN) for p in others]

    def settle_wins(self, state: State, wins: Sequence[WinRecord]) -> State:
        state = record_wins(state, wins)
        state = pay(state, [p for w in wins for p in self.win_payments(state, w)])
        deltas = deltas_of(state.ledger, state.players)
        result = HandResult(tuple(wins), state.ledger, deltas, next_dealer=wins[0].seat)
        return end_hand(state, result)

    def settle_exhausted(self, state: State) -> State:
        deltas = deltas_of(state.ledger, state.players)
        result = HandResult((), state.ledger, deltas, state.dealer, exhausted=True)
        return end_hand(state, result)


RED_112 = TileCounts.from_counts([4] * 27 + [0] * 6 + [4])
"""The 108 suited tiles and four 红中 (7z)."""


class RedMini(Mini):
    """:class:`Mini` on a 112-tile wall: the suited tiles and four 红中 (7z)."""

    name = "red_mini"
    options_class = options_for("red_mini")

    @property
    def honors(self) -> bool:
        return True

    @property
    def wall_tiles(self) -> TileCounts:
        return RED_112


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A copy of the registry for one test: variants registered in it vanish after."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    yield
    registry.rules_for.cache_clear()


def room(cls: type[Rules], **options: Any) -> Rules:
    """Register ``cls`` (in the test's registry copy) and build a room of it."""
    registry.register_variant(cls)
    registry.rules_for.cache_clear()
    return cls(**options)
