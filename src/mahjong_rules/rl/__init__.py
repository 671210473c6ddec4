"""Learning environments (强化学习环境, qiánghuà xuéxí huánjìng): every room as a PettingZoo game.

An optional part (``pip install 'mahjong_rules[rl]'``: PettingZoo, Gymnasium, NumPy); the
library itself never imports it. :func:`env` gives the wrapped environment (PettingZoo's
convention: the order of calls and the action's range checked), :func:`raw_env` the bare
:class:`~mahjong_rules.rl.aec.MahjongEnv`:

>>> from mahjong_rules.rl import env
>>> game = env("sichuan", swap_three=False)
>>> game.reset(seed=7)
>>> game.agent_selection, game.observation_space("seat_0")["observation"].shape
('seat_0', (1606,))
>>> while game.agents:
...     obs, reward, done, cut, info = game.last()
...     action = None if done or cut else int(obs["action_mask"].nonzero()[0][-1])
...     game.step(action)
>>> game.unwrapped.hand_record().seed
7

Any registered room plays, plugins included: the agents are ``seat_0``.. ``seat_{P-1}``; the
agent selected is always a seat ``rules.to_act`` asks (the lowest; seats asked at once, in a
claim window or a phase such as 定缺, answer one after the other). An agent's observation is a
dict of ``observation`` (:class:`~mahjong_rules.rl.observation.Observer`: a fixed-shape
``float32`` array from its seat's view alone) and ``action_mask`` (``int8``, 1 at each legal
action's id, :mod:`mahjong_rules.engine.action_ids`); actions are ``Discrete(rules.action_space)``.
Rewards are the hand's deltas plus an equal share of the pot (so they sum to zero), given when
the hand ends, or with ``kong_rewards=True`` each kong's money as it is paid and the rest at the
end. ``reset(seed=s)`` deals the library's wall of seed ``s``:
:meth:`~mahjong_rules.rl.aec.MahjongEnv.hand_record` gives the episode as a
:class:`~mahjong_rules.HandRecord`, which replays, and
:meth:`~mahjong_rules.rl.aec.MahjongEnv.replay_page` as a replay page.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from mahjong_rules.rl.aec import MahjongEnv
from mahjong_rules.rl.observation import MELD_SLOTS, Observer
from mahjong_rules.rl.planes import VariantPlanes, variant_planes
from mahjong_rules.rl.words import table_text

__all__ = [
    "MELD_SLOTS",
    "MahjongEnv",
    "Observer",
    "VariantPlanes",
    "env",
    "raw_env",
    "table_text",
    "variant_planes",
]


def raw_env(variant: str = "sichuan", **options: Any) -> MahjongEnv:
    """The bare environment of ``get_variant(variant, **options)`` (the options the room's,
    and ``render_mode``, ``kong_rewards`` and ``max_cycles``: see
    :class:`~mahjong_rules.rl.aec.MahjongEnv`)."""
    return MahjongEnv(variant, **options)


def env(variant: str = "sichuan", **options: Any) -> Any:
    """:func:`raw_env` in PettingZoo's wrappers: an action out of range is refused and calls
    out of order (``step`` before ``reset``) raise."""
    game: Any = raw_env(variant, **options)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)
