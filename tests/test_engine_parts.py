"""The engine's parts call one another only through what :class:`EngineParts` declares, and
the rules object's parts define every one of those: no call between parts can reach a
declaration's ``NotImplementedError``."""

from __future__ import annotations

import pytest

from mahjong_rules.engine.parts import EngineParts
from mahjong_rules.variants import get_variant
from mahjong_rules.variants.base import Rules

DECLARED = sorted(name for name in vars(EngineParts) if name.startswith("_") and name[1] != "_")


def test_every_declared_call_is_defined_by_a_part() -> None:
    """Each declaration resolves, on :class:`Rules`, to the part its comment names."""
    owners = {name: next(c for c in Rules.__mro__ if name in vars(c)) for name in DECLARED}
    assert {name: cls.__name__ for name, cls in owners.items()} == {
        "_add_to_peng": "Turns",
        "_after_deal_phases": "Choosing",
        "_after_kong": "Turns",
        "_begin_turn": "Draws",
        "_can_win_on": "Wins",
        "_candidates": "Claims",
        "_claim_wins": "Wins",
        "_complete_added_kong": "Turns",
        "_deal": "Draws",
        "_declined_fan": "Wins",
        "_draw": "Draws",
        "_draw_into": "Draws",
        "_open_window": "Claims",
        "_self_draw_win": "Wins",
    }


def test_a_class_without_the_part_is_told_which_part_it_lacks() -> None:
    """The declaration's body names the part (a rules class built without it is a bug)."""
    rules = get_variant("baoshan")
    with pytest.raises(NotImplementedError, match="_deal is Draws's"):
        EngineParts._deal(rules, rules.new_hand(seed=1))
