"""The AEC environment (环境, huánjìng) of one room: :class:`MahjongEnv`.

A PettingZoo ``AECEnv`` that plays one hand of any registered room per
episode (see :mod:`mahjong_rules.rl`). It keeps the hand's :class:`~mahjong_rules.State` and
hands each agent only what :meth:`Rules.view <mahjong_rules.Rules.view>` gives its seat.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

import attrs
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.settlement import Payment
from mahjong_rules.engine.state import State
from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.errors import OptionsError
from mahjong_rules.records import HandRecord
from mahjong_rules.rl.observation import Observer
from mahjong_rules.rl.words import table_text
from mahjong_rules.variants import get_variant

__all__ = ["MahjongEnv"]

Observation = dict[str, npt.NDArray[Any]]


class MahjongEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One hand of the room ``get_variant(variant, **options)`` per episode.

    ``render_mode``: ``None`` or ``"ansi"`` (:meth:`render` returns the table in words).
    ``kong_rewards``: reward each kong's money (刮风下雨) when it is paid, and the rest of the
    hand's result when it ends; by default the whole result comes at the end. Either way an
    agent's rewards over the hand add up to its seat's delta plus its share of the pot.
    ``max_cycles``: truncate the hand (every agent) once it has taken ``max_cycles × players``
    actions; ``None`` (default): play it to its end.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "mahjong_rules_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }
    """PettingZoo's description of the environment: its name and render modes."""

    def __init__(
        self,
        variant: str = "sichuan",
        *,
        render_mode: str | None = None,
        kong_rewards: bool = False,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise OptionsError(f"render_mode is None or 'ansi', got {render_mode!r}")
        if max_cycles is not None and (max_cycles.__class__ is not int or max_cycles < 1):
            raise OptionsError(f"max_cycles is a positive int or None, got {max_cycles!r}")
        self.rules = get_variant(variant, **options)
        self.render_mode = render_mode
        self.kong_rewards = bool(kong_rewards)
        self.max_cycles = max_cycles
        self.observer = Observer(self.rules)
        players = self.rules.players
        self.possible_agents = [f"seat_{i}" for i in range(players)]
        self.agents: list[str] = []
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        box = spaces.Box(self.observer.low, self.observer.high, dtype=np.float32)
        mask = spaces.Box(0, 1, (self.observer.actions,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {
            a: spaces.Discrete(self.observer.actions) for a in self.possible_agents
        }
        self._np_random, _ = seeding.np_random(None)
        self.state_: State | None = None
        self.hand_seed: int | None = None
        self.dealer = 0
        self.actions: list[Action] = []
        self._paid = [0.0] * players
        self._rewarded = False  # (whether the last step gave any reward)
        self._cache: dict[str, Observation] = {}
        self._actions: dict[tuple[int, int], Action] = {}  # (seat, id): the action

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space: a dict of ``observation`` and ``action_mask``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space: ``Discrete(rules.action_space)``."""
        return self.action_spaces[agent]

    @property
    def hand_state(self) -> State:
        """The hand's state (every hand and the wall: for the trainer, never an agent)."""
        if self.state_ is None:
            raise OptionsError("the environment has no hand yet: call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand. ``seed``: the hand is dealt from the library's wall of that seed
        (``rules.new_hand(seed=seed)``), and later resets without a seed draw their seeds from
        it; ``None``: a seed drawn from the environment's generator. ``options`` may name the
        ``dealer`` seat (default 0); any other key is ignored."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            hand_seed = int(seed)
        else:
            hand_seed = int(self._np_random.integers(0, 2**63 - 1))
        dealer = (options or {}).get("dealer", 0)
        self.hand_seed, self.dealer = hand_seed, dealer
        self.state_ = self.rules.new_hand(seed=hand_seed, dealer=dealer)
        self.actions = []
        players = self.rules.players
        self._paid = [0.0] * players
        self._rewarded = False
        self._cache = {}
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """The next agent: the lowest seat asked (seats asked at once answer in turn)."""
        asked = self.rules.to_act(self.hand_state)
        self.agent_selection = self.possible_agents[min(asked)] if asked else self.agents[0]

    def observe(self, agent: str) -> Observation:
        """What ``agent``'s seat sees now: ``observation`` (from its view alone) and
        ``action_mask`` (its legal action ids)."""
        found = self._cache.get(agent)
        if found is None:
            view = self.rules.view(self.hand_state, self._seat[agent])
            found = {
                "observation": self.observer.observe(view),
                "action_mask": self.observer.mask(view),
            }
            self._cache[agent] = found
        return found

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Apply the selected agent's action id (``None`` for an agent whose hand is over).
        An id of no legal action raises :class:`~mahjong_rules.errors.IllegalActionError`
        (:class:`~mahjong_rules.errors.ActionError` out of range), the hand unchanged."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise OptionsError(f"{agent} is asked: an action id, not None")
        rules = self.rules
        seat = self._seat[agent]
        chosen = self._actions.get((seat, action)) if action.__class__ is int else None
        if chosen is None:  # (an id not seen yet, or not a plain int: checked here)
            chosen = rules.action_from_id(seat, cast(int, action))  # (NumPy ints are taken)
            self._actions[seat, rules.action_id(chosen)] = chosen
        state = self.hand_state
        self.state_ = after = rules.apply(state, chosen)
        self.actions.append(chosen)
        self._cache = {}
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # (the last step's rewards are over; most steps reward nothing)
            self._rewarded = False
            for a in self.agents:
                self.rewards[a] = 0.0
        result = rules.result(after)
        if result is not None:
            share = result.pot / rules.players
            for a in self.agents:
                seat = self._seat[a]
                self.rewards[a] = result.deltas[seat] + share - self._paid[seat]
                self.terminations[a] = True
            self._rewarded = True
        else:
            if self.kong_rewards and len(after.ledger) > len(state.ledger):
                self._pay(after.ledger[len(state.ledger) :])
            if self.max_cycles is not None and len(self.actions) >= self.max_cycles * len(
                self.possible_agents
            ):
                for a in self.agents:
                    self.truncations[a] = True
        if self._rewarded:
            self._accumulate_rewards()
        self._select()

    def _pay(self, payments: tuple[Payment, ...]) -> None:
        """Reward the payments just made (a payment to the pot comes back in equal shares)."""
        players = self.rules.players
        for p in payments:
            self._reward(p.payer, -p.amount)
            if isinstance(p.payee, int):
                self._reward(p.payee, p.amount)
            else:
                for seat in range(players):
                    self._reward(seat, p.amount / players)

    def _reward(self, seat: int, amount: float) -> None:
        self._rewarded = True
        self._paid[seat] += amount
        self.rewards[self.possible_agents[seat]] += amount

    def render(self) -> str | None:
        """The table in words (``render_mode="ansi"``): every seat's hand, melds and pond,
        what the hand waits for, the last action and, once over, the settlement."""
        if self.render_mode is None or self.state_ is None:
            return None
        last = self.actions[-1] if self.actions else None
        return table_text(self.rules, self.hand_state, last)

    def close(self) -> None:
        """Nothing to release."""

    def hand_record(self) -> HandRecord:
        """The episode's hand as a :class:`~mahjong_rules.HandRecord`: its seed and every
        action taken, which :func:`~mahjong_rules.replay` replays to the same states."""
        record = HandRecord.new(self.rules, seed=self.hand_seed, dealer=self.dealer)
        return attrs.evolve(record, actions=tuple(self.actions))

    def replay_page(self, *, seat: int | None = None, lang: Lang = "en") -> str:
        """The episode's hand as a replay page (HTML text,
        :func:`~mahjong_rules.render.page.replay_page`): every hand, or ``seat``'s view
        alone."""
        from mahjong_rules.render.page import replay_page

        return replay_page(self.hand_record(), seat=seat, lang=lang)
