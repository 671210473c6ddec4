"""The last of :func:`~mahjong_rules.serial.check_state`'s checks: the state plays on.

* :func:`check_window`: a claim or rob window (FLOW-2) asks exactly the seats the engine asks:
  in play order after the discarder (or konger), none that has won, those with something to
  claim (every one, where the room's ``ask_every_seat`` says so), and only the forced winners
  (FLOW-4) when a forced win ends the hand; the answers come from those seats only, once
  each, sorted by seat, each one the seat could give, and the forced wins are among them.
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
    if any(Hu(s) not in state.answers for s in state.forced):
        fail(f"{path}.forced", "a forced win (FLOW-4) is a claimant's answered Hu")
    # what each seat still in the hand was offered when the window opened
    others = [(current + k) % n for k in range(1, n) if not state.seats[(current + k) % n].won]
    opened = replace(state, answers=(), claimants=tuple(others))
    offers = {seat: _listed(rules, opened, seat, path) for seat in others}
    expected = [s for s in others if len(offers[s]) > 1]  # more than Pass: a claim
    if getattr(state.options, "ask_every_seat", False):  # the room asks them all the same
        expected = others
    forced_now = rules.win_forced(state)
    forced = [s for s in expected if forced_now and offers[s][0] == Hu(s)]
    if forced and rules.win_ends_hand:
        expected = forced  # a forced win ends the hand: nobody else is asked
    if list(claimants) != expected:
        fail(f"{path}.claimants", f"the seats with a claim on {tile} are {expected}")
    if list(state.forced) != forced:
        fail(f"{path}.forced", f"the seats whose win on {tile} is forced are {forced}")
    for i, answer in enumerate(state.answers):
        if answer not in offers[answer.seat]:
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
