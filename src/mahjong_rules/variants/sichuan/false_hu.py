"""诈胡 (zhàhú), a false hu — SC-WIN-3, SC-REFUND-4: in a room with ``false_hu="penalty"`` (dcmshi's
``applyAction``), a seat in its turn may declare hu on a hand that does not win; it pays 8 to
each other un-won seat at once (not scaled by the cap), gives back all the kong money it holds,
and stays in the hand: it must still discard. With ``"reject"`` (the default, FLOW-3) no such
action is listed, and a :class:`~mahjong_rules.engine.actions.Hu` that does not win raises.

The declaration is the variant's own action :class:`FalseHu` (``0 false_hu``, ``0 诈胡``), listed
in the turn beside the discards when the hand does not win, once per draw. A false hu on
another seat's discard is not offered: the claim window asks only the seats that can claim.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.edit import pay
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.settlement import Payment, PaymentReason
from mahjong_rules.engine.state import State, replace
from mahjong_rules.variants.sichuan.settlement import held_groups, refund

__all__ = ["FALSE_HU_PENALTY", "FalseHu", "FalseHuPenalised", "apply_false_hu"]

FALSE_HU_PENALTY = 8
"""What a false hu pays each other un-won seat (SC-WIN-3)."""


@attrs.frozen
class FalseHu(Action):
    """诈胡 (zhàhú): ``seat`` declares hu on a hand that does not win (SC-WIN-3, only with
    ``false_hu="penalty"``)."""

    verb: ClassVar[str] = "false_hu"
    verb_aliases: ClassVar[tuple[str, ...]] = ("诈胡",)


@attrs.frozen
class FalseHuPenalised(Event):
    """诈胡: ``seat`` declared a hu its hand does not make and was penalised (SC-WIN-3); the
    payments follow as ``Paid`` events. Every seat sees it."""

    seat: int
    """The seat that declared."""


def apply_false_hu(state: State, seat: int) -> State:
    """The penalty of a false hu: 8 from ``seat`` to each other un-won seat, its kong money
    back to the payers (SC-REFUND-4); the seat plays on in its turn (once per draw:
    ``acted_since_draw``)."""
    payments = [
        Payment(seat, p, FALSE_HU_PENALTY, PaymentReason.PENALTY)
        for p, s in enumerate(state.seats)
        if p != seat and not s.won
    ]
    for group in held_groups(state.ledger, seat).values():
        payments += refund(group)
    state = replace(state, acted_since_draw=True, events=(*state.events, FalseHuPenalised(seat)))
    return pay(state, payments)
