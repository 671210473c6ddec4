"""Why an action is refused: the message :class:`~mahjong_rules.errors.IllegalActionError`
carries (FLOW-3). Legality itself has one source, the rules' ``legal_actions``; this only
explains a refusal (after the variant's own :meth:`~mahjong_rules.engine.hooks.Hooks.refusal`,
which may word it first)."""

from __future__ import annotations

from mahjong_rules.engine.actions import Action, Discard, Gang, Hu, Peng
from mahjong_rules.engine.phases import OwnPhase
from mahjong_rules.engine.state import Phase, State

__all__ = ["why_illegal"]


def why_illegal(
    state: State, action: Action, acting: list[int], phases: tuple[OwnPhase, ...] = ()
) -> str:
    """Why ``action`` is not one of the legal actions of ``state`` (``acting``: the seats that
    must act now; ``phases``: the variant's own), in words a player understands."""
    seat = action.seat
    kind = type(action).__name__
    if state.phase is Phase.ENDED:
        return f"{kind} by seat {seat}: the hand has ended"
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        return f"{kind}: no seat {seat!r} at a table of {state.players}"
    for own in phases:
        if isinstance(action, own.answer_types) and state.stage != own.name:
            now = state.phase.value if state.stage is None else state.stage
            return f"{kind} by seat {seat}: an answer of the {own.name} phase, not of {now}"
    if seat not in acting:
        phase = state.phase.value if state.stage is None else state.stage
        return f"{kind} by seat {seat}: not that seat's move ({phase}; waiting for {acting})"
    if state.phase is Phase.CHOOSING:
        return f"{kind} by seat {seat}: not an answer the {state.stage} phase lists for it"
    s = state.seats[seat]
    if isinstance(action, Discard):
        if state.phase is not Phase.TURN:
            return f"Discard by seat {seat}: no discarding in the {state.phase.value} phase"
        if action.tile not in s.concealed:
            return f"Discard by seat {seat}: it holds no {action.tile} ({s.concealed})"
        if action.tile in state.wild_kinds:
            why = "a wildcard is never discarded"
            return f"Discard of {action.tile} by seat {seat}: {why}"
        return f"Discard of {action.tile} by seat {seat} is not allowed now"
    if isinstance(action, (Peng, Gang)) and action.wild_tiles:
        wilds = "".join(t.notation for t in action.wild_tiles)
        return (
            f"{kind} by seat {seat} with wildcards {wilds}: not offered (wildcards only beside "
            "a natural copy, where the natural copies fall short)"
        )
    if isinstance(action, Peng) and state.tile is not None:
        if state.phase is Phase.CLAIM and state.tile in s.pass_peng:
            return f"Peng of {state.tile} by seat {seat}: 过手碰, it declined it (PASSPENG-1)"
        return f"Peng of {state.tile} by seat {seat}: it needs two {state.tile} ({s.concealed})"
    if isinstance(action, Hu):
        if state.phase is not Phase.TURN and s.pass_hu and state.tile is not None:
            return f"Hu by seat {seat}: 过手胡, a win declined since its draw"
        return f"Hu by seat {seat}: the hand is not complete ({s.concealed})"
    if isinstance(action, Gang):
        if state.tiles_left == 0:
            return f"Gang by seat {seat}: no kong with an empty wall"
        return f"Gang {action.kind.value} of {action.tile} by seat {seat} is not possible now"
    return f"{kind} by seat {seat} is not allowed now ({state.phase.value})"
