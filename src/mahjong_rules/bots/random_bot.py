""":class:`RandomBot`: a uniform random choice among the legal actions."""

from __future__ import annotations

import random

from mahjong_rules.bots.base import Bot, legal_or_raise
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.view import View

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Picks uniformly among ``view.legal_actions`` with its own :class:`random.Random`.

    A baseline and test opponent, not a player anyone would want as a partner: it passes on
    wins as often as it takes them. The same ``seed`` and the same views give the same choices
    (``None``: a fresh, unpredictable seed).

    >>> from mahjong_rules import get_variant
    >>> rules = get_variant("baoshan")
    >>> state = rules.new_hand(seed=1)
    >>> view = rules.view(state, 0)
    >>> RandomBot(seed=7).choose(view) == RandomBot(seed=7).choose(view)
    True
    """

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"

    def choose(self, view: View) -> Action:
        return self._rng.choice(legal_or_raise(view))
