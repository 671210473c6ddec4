""":func:`~mahjong_rules.serial.check_state`'s checks of the variant's own records
(:attr:`State.variant <mahjong_rules.engine.state.State.variant>`, :attr:`SeatState.variant
<mahjong_rules.engine.state.SeatState.variant>`): each is an instance of exactly the class the
room's variant declares (``None`` where it declares none), and the variant's own invariants
(its ``hand_state_problem`` and ``seat_state_problem`` hooks) hold.
"""

from __future__ import annotations

from mahjong_rules.engine.state import State
from mahjong_rules.serial.check_fields import fail
from mahjong_rules.variants.base import Rules

__all__ = ["check_variant_problems", "check_variant_types"]


def check_variant_types(state: State, rules: Rules, path: str) -> None:
    """Refuse a record that is not of the class the variant declares. Run before any hook of
    the variant reads the state, so that its hooks always find the records they declared."""
    _check_type(state.variant, rules.hand_state_class, "hand_state_class", f"{path}.variant")
    cls = rules.seat_state_class
    for index, seat in enumerate(state.seats):
        _check_type(seat.variant, cls, "seat_state_class", f"{path}.seats[{index}].variant")


def check_variant_problems(state: State, rules: Rules, path: str) -> None:
    """Refuse a state whose records break the variant's own invariants (run once the rest of
    the state is known to be sound, before its play is tried)."""
    problem = rules.hand_state_problem(state)
    if problem is not None:
        fail(f"{path}.variant", problem)
    for index in range(state.players):
        problem = rules.seat_state_problem(state, index)
        if problem is not None:
            fail(f"{path}.seats[{index}].variant", problem)


def _check_type(record: object, cls: type | None, declaration: str, where: str) -> None:
    if cls is None:
        if record is not None:
            fail(where, f"this room's variant declares no {declaration}: expected None")
    elif record.__class__ is not cls:
        fail(where, f"expected a {cls.__name__} (its {declaration}), got {type(record).__name__}")
