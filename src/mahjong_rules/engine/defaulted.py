"""Which of a rules class's hooks are still the engine's defaults, found once per rules object, so
that the transitions skip calling a default whose answer is fixed: a 过手胡 a discard never
lifts, a discard that never wins for its maker, a win never forced, a self-draw always allowed,
the next seat in play order drawing. A variant that overrides any of them is asked as always.

Skipping the call changes no answer: each bit stands for a default that answers the one value
the transition then uses (its docstring, :class:`~mahjong_rules.engine.hooks.Hooks`, says so);
what it saves is a call from the compiled engine into Python. Each rules object reads
its class once (:func:`defaults_of`) and keeps the bits (``rules._defaults``, set as
:class:`~mahjong_rules.variants.base.Rules` is made): a hook is overridden in the class body
(or a base's), as the hook contract says, not patched onto the class after play has begun.
"""

from __future__ import annotations

from typing import Final, Protocol

from mahjong_rules.engine.state import State

__all__ = [
    "DISCARD_LIFTS_PASS_HU",
    "DISCARD_WINS",
    "NEXT_TO_DRAW",
    "SELF_WIN_ALLOWED",
    "SELF_WIN_FORCED",
    "WIN_FORCED",
    "defaults_of",
    "next_in_play",
    "next_to_draw",
    "self_win_forced",
    "win_forced",
]

DISCARD_LIFTS_PASS_HU: Final = 1
"""``discard_lifts_pass_hu`` is the default: no."""
DISCARD_WINS: Final = 2
"""``discard_wins`` is the default: no."""
SELF_WIN_FORCED: Final = 4
"""``self_win_forced`` is the default: ``win_forced``."""
WIN_FORCED: Final = 8
"""``win_forced`` is the default: no."""
NEXT_TO_DRAW: Final = 16
"""``next_to_draw`` is the default: :func:`next_in_play`."""
SELF_WIN_ALLOWED: Final = 32
"""``self_win_allowed`` is the default: yes."""
_HOOKS: Final = (
    (DISCARD_LIFTS_PASS_HU, "discard_lifts_pass_hu"),
    (DISCARD_WINS, "discard_wins"),
    (SELF_WIN_FORCED, "self_win_forced"),
    (WIN_FORCED, "win_forced"),
    (NEXT_TO_DRAW, "next_to_draw"),
    (SELF_WIN_ALLOWED, "self_win_allowed"),
)
_ENGINE: Final = "mahjong_rules.engine."


class _Asks(Protocol):
    """The hooks read here (:class:`~mahjong_rules.engine.hooks.Hooks`'), and the rules'
    bits (``_defaults``: :func:`defaults_of`, kept on the rules object)."""

    _defaults: int

    def win_forced(self, state: State) -> bool: ...
    def self_win_forced(self, state: State, seat: int) -> bool: ...
    def next_to_draw(self, state: State, seat: int) -> int: ...


def defaults_of(rules: object) -> int:
    """The bits of the hooks ``rules``'s class leaves at the engine's defaults: a hook
    counts when the engine's module alone defines it among the class's bases."""
    mro = type(rules).__mro__
    found = 0
    for bit, name in _HOOKS:
        owners = [c for c in mro if name in vars(c)]
        if len(owners) == 1 and owners[0].__module__.startswith(_ENGINE):
            found |= bit
    return found


def win_forced(rules: _Asks, state: State) -> bool:
    """The hook ``win_forced``, unless the default (no)."""
    return False if rules._defaults & WIN_FORCED else rules.win_forced(state)


def self_win_forced(rules: _Asks, state: State, seat: int) -> bool:
    """The hook ``self_win_forced``, unless the default (:func:`win_forced`)."""
    if rules._defaults & SELF_WIN_FORCED:
        return win_forced(rules, state)
    return rules.self_win_forced(state, seat)


def next_to_draw(rules: _Asks, state: State, seat: int) -> int:
    """The hook ``next_to_draw``, unless the default (:func:`next_in_play`)."""
    if rules._defaults & NEXT_TO_DRAW:
        return next_in_play(state, seat)
    return rules.next_to_draw(state, seat)


def next_in_play(state: State, seat: int) -> int:
    """The first seat after ``seat`` in play order that has not won (SEAT-1; in 血战 a winner
    leaves): ``next_to_draw``'s default."""
    n = state.players
    nxt = (seat + 1) % n
    while state.seats[nxt].won:
        nxt = (nxt + 1) % n
    return nxt
