"""A digest of what ``mahjong_rules.rl`` gives its agents, pinned before its speed work.

Seeded random episodes of every room (FLOW-1..5): each step's observations and masks (every
seat's on some steps, the selected agent's alone on the others, so that what an environment
keeps between steps is read after gaps too), its rewards, terminations and truncations, hashed
into one SHA-256 per room. Making a step cheaper must not move them: the same hands give the
same arrays. Regenerate (``python tests/test_rl_digest.py``) only for a deliberate change of
what an observation holds, and say why in the commit.
"""

from __future__ import annotations

import hashlib
import random
import sys
from typing import Any

import numpy as np
import pytest

from mahjong_rules.rl import MahjongEnv, raw_env

ROOMS: list[tuple[str, dict[str, Any]]] = [
    ("baoshan", {}),
    ("baoshan", {"players": 3, "honors": True, "bao_ting": True, "buy_points": "live"}),
    ("yongshan", {}),
    ("yongshan", {"wildcards": "double", "players": 3}),
    ("sichuan", {"swap_three": False, "kong_rewards": True}),
    ("sichuan", {"swap_three": True}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for name, options in ROOMS]

DIGESTS = {
    "baoshan-": "6077fab0a9ef2073976c4f8e4eed2facce8c8695a1e90336ff0c2c0a85963472",
    "baoshan-players=3-honors=True-bao_ting=True-buy_points=live": (
        "08ba9d91a7bfeada616c11b6c47050af68ee7505269b95adf24b35a6f377da05"
    ),
    "yongshan-": "6ebc183d020bb2c003e2ea8993250f3ab6eda9db6d0a66acef774983fc24b9dd",
    "yongshan-wildcards=double-players=3": (
        "0c1562da9ecbcd6f8dc3c8a769ad1e44d342dadd7bd30a42ccf2aafc6f415207"
    ),
    "sichuan-swap_three=False-kong_rewards=True": (
        "bdabd5b8c0438e4d68bd34fc22a08b63f3d2cfae1024d977f22c8325bf0c3f25"
    ),
    "sichuan-swap_three=True": "b9148d7fe181eceb5009c4fc69628fb34ecbc021348b86f22536e798e3477116",
    "toy-players=3": "7dfdc5aa7a341bea4e0dd5eda18222b3f825d2d82d90c7e71e838892d342acb0",
}


def digest(game: MahjongEnv, seeds: range) -> str:
    """The SHA-256 of the seeded random episodes ``seeds`` of ``game`` (see the module docs)."""
    out = hashlib.sha256()
    agents = game.possible_agents
    for seed in seeds:
        rng = random.Random(seed)
        game.reset(seed=seed)
        k = 0
        while game.agents:
            agent = game.agent_selection
            for other in agents if k % 3 == 0 else (agent,):
                seen = game.observe(other)
                out.update(seen["observation"].tobytes())
                out.update(seen["action_mask"].tobytes())
            out.update(
                repr(
                    [(game.rewards[a], game._cumulative_rewards[a]) for a in game.agents]
                    + [(game.terminations[a], game.truncations[a]) for a in game.agents]
                ).encode()
            )
            obs, _, done, cut, _ = game.last()
            if done or cut:
                game.step(None)
            else:
                ids = np.flatnonzero(obs["action_mask"])
                game.step(int(ids[rng.randrange(len(ids))]))
            k += 1
    return out.hexdigest()


@pytest.mark.parametrize(("name", "options"), ROOMS, ids=IDS)
def test_observations_masks_and_rewards_are_pinned(name: str, options: dict[str, Any]) -> None:
    """FLOW-1..5: seeded random episodes give the pinned observations, masks and rewards."""
    key = f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}"
    assert digest(raw_env(name, **options), range(3)) == DIGESTS[key]


@pytest.mark.installed_plugins
def test_the_toy_plugins_episodes_are_pinned() -> None:
    """FLOW-1..5 for a plugin's room: the toy variant's pinned episodes."""
    assert digest(raw_env("toy", players=3), range(3)) == DIGESTS["toy-players=3"]


if __name__ == "__main__":  # print the digests to pin
    for (name, options), key in zip([*ROOMS, ("toy", {"players": 3})], DIGESTS, strict=True):
        print(f'    "{key}": "{digest(raw_env(name, **options), range(3))}",', file=sys.stdout)
