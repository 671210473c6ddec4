"""Deals and players for ``test_sichuan_play_properties.py``: a Sichuan 血战到底 room drawn by
:func:`mahjong_rules.strategies.rooms` (every option of :class:`SichuanOptions` over every
value it allows), a wall (shuffled, nearly sorted, or laid out for a robbed 补杠) and who plays
each seat. Both are small frozen values whose repr pastes back into a reproduction.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
from hypothesis import strategies as st

from mahjong_rules import Action, Gang, Hu, Peng, Phase, Rules, State
from mahjong_rules.bots import Bot, GreedyBot, RandomBot
from mahjong_rules.strategies import rooms
from sichuan_walls import sc_rob_wall
from test_play_properties import stacked_wall


@attrs.frozen
class Deal:
    """A room and the start of one hand in it (its repr pastes back into a reproduction)."""

    rules: Rules
    seed: int
    dealer: int
    run: int = 0
    """0: the wall is shuffled from ``seed``; -1: laid out for a robbed 补杠
    (:func:`sichuan_walls.sc_rob_wall`); else ``stacked_wall`` with runs this long."""

    def new_hand(self) -> State:
        if not self.run:
            return self.rules.new_hand(seed=self.seed, dealer=self.dealer)
        if self.run < 0:
            wall = sc_rob_wall(self.seed, self.dealer)
        else:
            wall = stacked_wall(self.seed, honors=False, run=self.run)
        return self.rules.new_hand(wall=wall, dealer=self.dealer)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    """A room of any options and a wall; a wall laid out for robbing comes with a room that
    robs (``rob_kong``) and does not swap (换三张 would break the layout up)."""
    run = draw(st.sampled_from((0, 0, 4, 8, 16, -1, -1)))
    rules = draw(rooms("sichuan", rob_kong=True, swap_three=False) if run < 0 else ROOMS)
    seed = draw(st.integers(0, 2**32 - 1))
    return Deal(rules, seed, draw(st.integers(0, 3)), run)


ROOMS = rooms("sichuan")
"""Every option of :class:`SichuanOptions` over every value it allows, the fan table too."""


@attrs.frozen
class Players:
    """Who plays each seat: ``random`` (a seeded RandomBot), ``greedy`` (the GreedyBot, but for
    换三张 and 定缺: the phase's default), ``eager`` (takes every win, kong and peng offered,
    else plays as ``greedy``) or ``coy`` (as ``eager``, but declines half the wins offered)."""

    seed: int
    kinds: tuple[str, str, str, str]

    def bots(self) -> Callable[[random.Random, Rules, State, int], Action]:
        greedy = GreedyBot()
        bots: list[Bot] = [
            RandomBot(seed=f"{self.seed}/{k}") if kind == "random" else greedy
            for k, kind in enumerate(self.kinds)
        ]

        def choose(rng: random.Random, rules: Rules, state: State, seat: int) -> Action:
            kind = self.kinds[seat]
            if kind != "random" and state.phase is Phase.CHOOSING:  # the phase's default
                default = rules.default_action(state, seat)  # (托管), which is the bot's
                assert default is not None  # answer too (issue 34)
                return default
            actions = rules.legal_actions(state, seat)
            if kind == "coy" and rng.random() < 0.5:  # declines a win (过水, SC-PASSHU-1)
                rest = [a for a in actions if not isinstance(a, Hu)]
                if len(rest) < len(actions):
                    return rng.choice(rest)
            if kind in ("eager", "coy"):
                for claim in (Hu, Gang, Peng):
                    found = [a for a in actions if isinstance(a, claim)]
                    if found:
                        return rng.choice(found)
            return bots[seat].choose(rules.view(state, seat))

        return choose


PLAYERS = st.builds(
    Players,
    seed=st.integers(0, 2**32 - 1),
    kinds=st.tuples(*[st.sampled_from(("greedy", "eager", "coy", "random", "eager"))] * 4),
)
"""Mostly players that win (a hand of four random players hardly ever does)."""
