"""A win forced on the dealt hand (issue 34, section 1): ``self_win_forced`` is asked at the
dealer's first turn too, so a dealt forced win is made at once (FLOW-4), as after a draw."""

from __future__ import annotations

from typing import Any

from contract_kit import RedMini, fresh_registry, options_for, room
from mahjong_rules import HandRecord, Payment, PaymentReason, Phase, Tile, replay
from mahjong_rules.engine.actions import Discard, Gang, Hu
from mahjong_rules.engine.state import State
from mahjong_rules.engine.wall import make_wall
from mahjong_rules.melds import MeldKind
from mahjong_rules.scoring import Breakdown, ScoreItem, WinContext, WinKind
from mahjong_rules.serial import check_state

__all__ = ["fresh_registry"]

RED = Tile("7z")
FOUR_RED = Breakdown((ScoreItem("four_red", "四红中", 2),), 2, 2, 4)
WALL = (RED,) * 4 + make_wall(honors=False)
"""The dealer is dealt four 7z and 1111m2222m33m."""


class FourRed(RedMini):
    """112 tiles; four 7z in one's own turn is a win, and a forced one."""

    name = "four_red"
    options_class = options_for("four_red")

    def is_complete(self, state: State, seat: int, concealed: Any) -> bool:
        return concealed.count(RED) == 4 or super().is_complete(state, seat, concealed)

    def score(self, ctx: WinContext) -> Breakdown | None:
        if ctx.concealed.count(RED) == 4:
            return FOUR_RED
        return super().score(ctx)

    def self_win_forced(self, state: State, seat: int) -> bool:
        return state.seats[seat].concealed.count(RED) == 4


class FourRedOffered(FourRed):
    """The same win, offered but not forced."""

    name = "four_red_offered"
    options_class = options_for("four_red_offered")

    def self_win_forced(self, state: State, seat: int) -> bool:
        return False


def test_flow4_a_dealt_forced_win_is_made_at_the_deal(fresh_registry: None) -> None:
    """FLOW-4: the dealer dealt four 7z wins at once, forced, by self-draw on its fourteenth
    tile (3m), paid 2 by each other seat; the first state is settled, reads back, and its
    record (no action) replays to the same result."""
    rules = room(FourRed)
    state = rules.new_hand(wall=WALL)
    assert state.phase is Phase.ENDED and rules.to_act(state) == frozenset()
    result = rules.result(state)
    assert result is not None
    (win,) = result.wins
    assert (win.seat, win.how, win.tile, win.from_seat, win.forced) == (
        0,
        WinKind.SELF_DRAW,
        Tile("3m"),
        None,
        True,
    )
    assert win.breakdown == FOUR_RED
    assert result.payments == tuple(Payment(p, 0, 2, PaymentReason.WIN) for p in (1, 2, 3))
    check_state(state)
    record = HandRecord.new(rules, wall=WALL)
    assert replay(record).result == result


def test_flow4_a_dealt_win_not_forced_is_only_offered(fresh_registry: None) -> None:
    """FLOW-4: not forced, the same dealt hand is offered the win beside its kongs and
    discards."""
    rules = room(FourRedOffered)
    state = rules.new_hand(wall=WALL)
    assert state.phase is Phase.TURN
    legal = rules.legal_actions(state, 0)
    kongs = tuple(Gang(0, Tile(t), MeldKind.AN_GANG) for t in ("1m", "2m", "7z"))
    discards = tuple(Discard(0, Tile(t)) for t in ("1m", "2m", "3m", "7z"))
    assert legal == (Hu(0), *kongs, *discards)
