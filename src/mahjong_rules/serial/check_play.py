"""The last of :func:`~mahjong_rules.serial.check_state`'s checks: the state plays on.

* :func:`check_window`: a claim or rob window (FLOW-2) asks seats in play order after the
  discarder (or konger), none that has won, each with something to claim; the answers come
  from those seats only, once each, sorted by seat, each one the seat could give, and the
  forced wins (FLOW-4) are among them.
* :func:`check_play`: someone is to act unless the hand has ended, every seat to act has a
  legal action, and every listed action applies. Only the library's own errors are caught:
  any other exception would be a check missing from :mod:`mahjong_rules.serial.check`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_rules.engine.actions import Action, Gang, Hu
from mahjong_rules.engine.state import Phase, State, replace
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.melds import MeldKind
from mahjong_rules.serial.check_fields import fail

if TYPE_CHECKING:
    from mahjong_rules.variants.base import Rules

__all__ = ["check_play", "check_window"]


def check_window(rules: Rules, state: State, path: str) -> None:
    """Refuse a claim or rob window that the engine could not have opened (see above)."""
    if state.phase not in (Phase.CLAIM, Phase.ROB):
        return
    n, current = state.players, state.current
    tile = state.tile
    owner = state.seats[current]
    if state.phase is Phase.CLAIM:
        if not owner.discards or owner.discards[-1] != tile:
            fail(f"{path}.tile", f"the window's tile is seat {current}'s last discard")
    else:
        pending = state.pending
        if not (
            isinstance(pending, Gang)
            and pending.kind is MeldKind.BU_GANG
            and pending.seat == current
            and pending.tile == tile
            and not pending.wild_tiles
        ):
            fail(f"{path}.pending", f"a natural 补杠 of {tile} by seat {current}")
        if tile not in owner.concealed or not any(
            m.kind is MeldKind.PENG and m.tile == tile for m in owner.melds
        ):
            fail(f"{path}.pending", f"seat {current} holds no {tile} and peng of it to kong")
    claimants = state.claimants
    order = sorted(claimants, key=lambda s: (s - current) % n)
    if not claimants or list(claimants) != order or len(set(claimants)) != len(claimants):
        fail(f"{path}.claimants", "seats asked, once each, in play order after the discarder")
    if current in claimants or any(state.seats[s].won for s in claimants):
        fail(f"{path}.claimants", "neither the discarder nor a seat that has won is asked")
    seats = [a.seat for a in state.answers]
    if seats != sorted(set(seats)) or not set(seats) <= set(claimants):
        fail(f"{path}.answers", "answers come from seats asked, once each, sorted by seat")
    if len(seats) == len(claimants):
        fail(f"{path}.answers", "every seat asked has answered: the window would be resolved")
    if not set(state.forced) <= set(claimants) or any(
        Hu(s) not in state.answers for s in state.forced
    ):
        fail(f"{path}.forced", "a forced win (FLOW-4) is a claimant's answered Hu")
    asked = replace(state, answers=())  # what each seat was offered when the window opened
    for seat in claimants:
        offered = _listed(rules, asked, seat, path)
        if len(offered) < 2:  # Pass alone: nothing to claim, so it would not be asked
            fail(f"{path}.claimants", f"seat {seat} has nothing to claim on {tile}")
    for i, answer in enumerate(state.answers):
        if answer not in _listed(rules, asked, answer.seat, path):
            fail(f"{path}.answers[{i}]", f"not an answer seat {answer.seat} could give")


def check_play(rules: Rules, state: State, path: str) -> None:
    """Refuse a state that stalls (nobody to act, or a seat to act with nothing to do), or
    one with a listed action that does not apply."""
    acting = rules.to_act(state)
    if state.phase is Phase.ENDED:
        return
    if not acting:
        fail(f"{path}.phase", f"nobody is to act in the {state.phase.value} phase, no result")
    for seat in range(state.players):
        listed = _listed(rules, state, seat, path)
        if seat in acting and not listed:
            fail(f"{path}.seats[{seat}]", "it is to act and has no legal action")
        for action in listed:
            try:
                rules.apply(state, action)
            except MahjongRulesError as exc:
                fail(f"{path}.seats[{seat}]", f"its legal {action!r} does not apply: {exc}")


def _listed(rules: Rules, state: State, seat: int, path: str) -> tuple[Action, ...]:
    try:
        return rules.legal_actions(state, seat)
    except MahjongRulesError as exc:
        fail(f"{path}.seats[{seat}]", f"its legal actions cannot be listed: {exc}")
