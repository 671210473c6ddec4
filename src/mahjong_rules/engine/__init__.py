"""The game engine: its data (actions, state, events, settlement records, walls) and the
variant-neutral state machine (turns, the claim window, draws, wins) written against the hook
contract of :mod:`mahjong_rules.engine.hooks`."""

from mahjong_rules.engine.actions import (
    Action,
    Discard,
    Gang,
    Hu,
    Pass,
    Peng,
    parse_action,
)
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.settlement import HandResult, Payment, PaymentReason, WinRecord
from mahjong_rules.engine.state import Phase, SeatState, State

__all__ = [
    "Action",
    "Discard",
    "Event",
    "Gang",
    "HandResult",
    "Hu",
    "Pass",
    "Payment",
    "PaymentReason",
    "Peng",
    "Phase",
    "SeatState",
    "State",
    "WinRecord",
    "parse_action",
]
