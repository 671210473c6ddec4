"""The engine's services over a seat's waits, kept on the seat (its memo): which tiles it waits
on, and whether the seat in turn holds a complete hand and may win on it.

Plain functions of the rules object (``rules``, whose hooks they ask only when the seat's memo
lacks the answer) and the state. The transitions call them directly; the hooks'
:meth:`~mahjong_rules.engine.hooks.Hooks._wait_mask` and its siblings, which variants call, are
these functions.
"""

from __future__ import annotations

from typing import Protocol

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.defaulted import SELF_WIN_ALLOWED
from mahjong_rules.engine.state import State

__all__ = ["can_self_win", "hand_complete", "wait_mask"]


class _Asks(Protocol):
    """The hooks these functions ask (:class:`~mahjong_rules.engine.hooks.Hooks`'), and the
    rules' bits of the hooks left at their defaults (:mod:`~mahjong_rules.engine.defaulted`)."""

    _defaults: int

    def compute_waits(self, state: State, seat: int) -> int: ...
    def is_complete(self, state: State, seat: int, concealed: TileCounts) -> bool: ...
    def self_win_allowed(self, state: State, seat: int) -> bool: ...


def wait_mask(rules: _Asks, state: State, seat: int) -> int:
    """The seat's waits (the hook ``compute_waits``), kept on the immutable seat: a seat's
    hand changes only on its own turn, so claim windows mostly find it there."""
    s = state.seats[seat]
    mask: int | None = s.cache.get("waits")
    if mask is None:
        mask = rules.compute_waits(state, seat)
        s.cache["waits"] = mask
    return mask


def hand_complete(rules: _Asks, state: State, seat: int) -> bool:
    """Whether the seat in turn holds a complete hand (known at the draw from its waits).
    Worked out here it is not kept: the seat's memo is then empty, and a first entry would
    cost every kept state holding the seat a dict table (about 120 bytes)."""
    s = state.seats[seat]
    complete: bool | None = s.cache.get("complete")
    if complete is None:
        complete = rules.is_complete(state, seat, s.concealed)
    return complete


def can_self_win(rules: _Asks, state: State, seat: int) -> bool:
    """Whether the seat in turn may win on what it holds (not asked after a peng)."""
    if not hand_complete(rules, state, seat):
        return False
    return bool(rules._defaults & SELF_WIN_ALLOWED) or rules.self_win_allowed(state, seat)
