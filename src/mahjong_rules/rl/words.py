"""The table in words (文字, wénzì) for ``render_mode="ansi"``: :func:`table_text`."""

from __future__ import annotations

from typing import Any

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.state import Phase, State

__all__ = ["table_text"]


def table_text(rules: Any, state: State, last: Action | None = None) -> str:
    """The whole table of ``state`` in words, as a trainer watching sees it (every hand):
    one line for the hand, one per seat (its concealed tiles, melds and discards), the last
    action (``last``) in the room's words and, once the hand is over, each seat's result.

    >>> from mahjong_rules import get_variant
    >>> rules = get_variant("sichuan")
    >>> print(table_text(rules, rules.new_hand(seed=3)).splitlines()[0])
    sichuan, step 0: choosing (voiding), seats 0 1 2 3 to act, 55 tiles left
    """
    asked = " ".join(str(s) for s in sorted(rules.to_act(state)))
    phase = state.phase.value
    if state.stage is not None:
        phase += f" ({state.stage})"
    head = f"{rules.name}, step {state.step}: {phase}"
    if asked:
        head += f", seat{'s' if len(asked) > 1 else ''} {asked} to act"
    if state.tile is not None and state.phase in (Phase.CLAIM, Phase.ROB):
        head += f", {state.tile} on offer"
    lines = [head + f", {state.tiles_left} tiles left"]
    for i, seat in enumerate(state.seats):
        parts = [f"seat {i}{' (dealer)' if i == state.dealer else ''}"]
        parts.append(f"hand {seat.concealed}" if len(seat.concealed) else "hand -")
        if seat.melds:
            parts.append("melds " + " ".join(str(m) for m in seat.melds))
        parts.append("pond " + ("".join(t.notation for t in seat.discards) or "-"))
        if seat.won:
            parts.append("won")
        lines.append("  " + ", ".join(parts))
    if last is not None:
        lines.append(f"last: seat {last.seat} {rules.describe_action(last, 'en')}")
    result = rules.result(state)
    if result is not None:
        deltas = " ".join(f"{d:+d}" for d in result.deltas)
        winners = " ".join(str(s) for s in result.winners) or "none"
        lines.append(f"over: winners {winners}; deltas {deltas}; pot {result.pot}")
    return "\n".join(lines)
