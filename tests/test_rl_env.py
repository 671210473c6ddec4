"""The PettingZoo environments of ``mahjong_rules.rl`` (issue 37, section 1).

PettingZoo's own checks (``api_test``, ``seed_test``) pass for Baoshan, Yongshan (单 and 双
听用), Sichuan (with and without 换三张) and the toy plugin; the agent asked is one
``rules.to_act`` asks (FLOW-2); the mask is exactly the legal list; a random episode is the
library's hand for the same seed and choices and replays from its record (FLOW-3); rewards are
the deltas with the pot shared out and sum to zero (FLOW-5); ``max_cycles`` truncates.
"""

from __future__ import annotations

import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from mahjong_rules import get_variant, replay
from mahjong_rules.errors import ActionError, IllegalActionError, OptionsError
from mahjong_rules.rl import MahjongEnv, env, raw_env

ROOMS: list[tuple[str, dict[str, Any]]] = [
    ("baoshan", {}),
    ("baoshan", {"players": 3, "honors": True, "bao_ting": True, "buy_points": "live"}),
    ("yongshan", {}),
    ("yongshan", {"wildcards": "double", "players": 3}),
    ("sichuan", {"swap_three": False}),
    ("sichuan", {"swap_three": True}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for name, options in ROOMS]


def _quiet(check: Any, *args: Any, **kwargs: Any) -> None:
    """Run a PettingZoo check without its warnings about dict observations (expected with an
    action mask) and its prints."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(*args, **kwargs)


@pytest.mark.parametrize(("name", "options"), ROOMS, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(name: str, options: dict[str, Any]) -> None:
    """PettingZoo's api_test and seed_test pass for every shipped game (FLOW-1..3)."""
    _quiet(api_test, env(name, **options), num_cycles=200)
    _quiet(seed_test, lambda: env(name, **options), num_cycles=200)


@pytest.mark.installed_plugins
def test_pettingzoo_checks_pass_for_the_toy_plugin() -> None:
    """A plugin's room plays too: api_test and seed_test on the toy variant."""
    _quiet(api_test, env("toy", players=3), num_cycles=200)
    _quiet(seed_test, lambda: env("toy", players=3), num_cycles=200)


def _random_episode(game: MahjongEnv, seed: int, rng: np.random.Generator) -> list[float]:
    """Play one hand with random legal ids, checking at each step that the agent selected is
    asked and its mask is exactly its legal list; the rewards each agent got in all."""
    rules = game.rules
    game.reset(seed=seed)
    total = dict.fromkeys(game.possible_agents, 0.0)
    while game.agents:
        agent = game.agent_selection
        obs, reward, done, cut, _ = game.last()
        total[agent] += reward
        if done or cut:
            game.step(None)
            continue
        seat = int(agent.split("_")[1])
        state = game.hand_state
        assert seat == min(rules.to_act(state))
        for other in range(rules.players):
            legal = rules.legal_actions(state, other)
            mask = game.observe(f"seat_{other}")["action_mask"]
            assert mask.dtype == np.int8 and int(mask.sum()) == len(legal)
            assert set(np.flatnonzero(mask).tolist()) == {rules.action_id(a) for a in legal}
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return [total[a] for a in game.possible_agents]


@pytest.mark.parametrize(("name", "options"), ROOMS, ids=IDS)
def test_masks_are_the_legal_lists_and_rewards_are_the_deltas(
    name: str, options: dict[str, Any]
) -> None:
    """Over random hands: the mask is exactly the legal list; each agent's rewards add up to
    its seat's delta plus an equal share of the pot, so they sum to zero (FLOW-5), with the
    result at the end or kong money as paid."""
    rng = np.random.default_rng(5)
    for kong_rewards in (False, True):
        game = raw_env(name, kong_rewards=kong_rewards, **options)
        for seed in range(4):
            totals = _random_episode(game, seed, rng)
            result = game.rules.result(game.hand_state)
            assert result is not None
            share = result.pot / game.rules.players
            assert totals == pytest.approx([d + share for d in result.deltas])
            assert sum(totals) == pytest.approx(0.0)


def test_the_pot_is_shared_out() -> None:
    """SC-PAY-4: the 48-point penalties of SC-PENALTY-1 go to the pot; the environment gives
    every seat an equal share of it back, so that the rewards still sum to zero."""
    game = raw_env("sichuan", void_discard="lenient", kong_rewards=True)
    totals = _random_episode(game, 0, np.random.default_rng(5))
    result = game.rules.result(game.hand_state)
    assert result is not None
    assert result.pot == 192 and result.deltas == (-48, -48, -48, -48)
    assert totals == [0.0, 0.0, 0.0, 0.0]


def test_kong_money_is_rewarded_when_paid() -> None:
    """With kong_rewards, a kong's payments (刮风下雨, SC-KONG) are the rewards of the step
    that pays them; without, rewards are all zero until the hand ends."""
    found = 0
    for seed in range(60):
        paid, unpaid = raw_env("sichuan", kong_rewards=True), raw_env("sichuan")
        paid.reset(seed=seed)
        unpaid.reset(seed=seed)
        while paid.agents and found < 3:
            agent = paid.agent_selection
            obs, *_ = paid.last()
            if paid.terminations[agent]:
                break
            action = int(np.flatnonzero(obs["action_mask"])[-1])  # kongs before discards
            before = len(paid.hand_state.ledger)
            paid.step(action)
            unpaid.step(action)
            payments = paid.hand_state.ledger[before:]
            if payments and paid.rules.result(paid.hand_state) is None:
                found += 1
                expected = [0.0] * 4
                for p in payments:
                    expected[p.payer] -= p.amount
                    expected[p.payee] += p.amount  # type: ignore[index]
                assert [paid.rewards[a] for a in paid.possible_agents] == expected
                assert set(unpaid.rewards.values()) == {0.0}
    assert found == 3


@pytest.mark.parametrize(("name", "options"), ROOMS[::2], ids=IDS[::2])
def test_an_episode_is_the_librarys_hand_and_replays(name: str, options: dict[str, Any]) -> None:
    """The same seed and choices give the library's hand, state for state (FLOW-3), and the
    episode's HandRecord replays to it and writes a replay page."""
    game = raw_env(name, **options)
    rules = get_variant(name, **options)
    for seed in (0, 11):
        game.reset(seed=seed)
        state = rules.new_hand(seed=seed)
        k = 0
        while game.agents:
            agent = game.agent_selection
            obs, _, done, _, _ = game.last()
            if done:
                game.step(None)
                continue
            seat = min(rules.to_act(state))
            assert agent == f"seat_{seat}"
            ids = sorted(rules.action_id(a) for a in rules.legal_actions(state, seat))
            assert np.flatnonzero(obs["action_mask"]).tolist() == ids
            choice = ids[(k * 7 + seed) % len(ids)]
            state = rules.apply(state, rules.action_from_id(seat, choice))
            game.step(choice)
            assert game.hand_state == state
            k += 1
        record = game.hand_record()
        assert record.seed == seed and len(record.actions) == k
        assert replay(record).final == state
    page = game.replay_page(seat=1)
    assert page.startswith("<!DOCTYPE html>") and "seat" in page


def test_max_cycles_truncates_and_hands_end_within_a_bound() -> None:
    """max_cycles=4 truncates every agent after 4 × players actions, each then steps out;
    without it, random hands of every room end in fewer than 400 actions (FLOW-6)."""
    game = env("sichuan", max_cycles=4)
    game.reset(seed=3)
    counts = dict.fromkeys(game.possible_agents, 0)
    for agent in game.agent_iter():
        counts[agent] += 1
        obs, _, done, cut, _ = game.last()
        game.step(None if done or cut else int(np.flatnonzero(obs["action_mask"])[0]))
    assert len(game.unwrapped.actions) == 16
    assert sum(counts.values()) == 16 + 4
    assert game.unwrapped.rules.result(game.unwrapped.hand_state) is None
    for name, options in ROOMS:
        longest = 0
        game = raw_env(name, **options)
        for seed in range(3):
            game.reset(seed=seed)
            for _agent in game.agent_iter(400 + 4):
                obs, _, done, cut, _ = game.last()
                assert not cut
                game.step(None if done else int(np.flatnonzero(obs["action_mask"])[-1]))
            assert not game.agents
            longest = max(longest, len(game.actions))
        assert longest < 400


def test_seeds_and_resets() -> None:
    """reset(seed=s) deals the library's wall of seed s; later resets without a seed follow
    from it (the same for two environments); options name the dealer."""
    one, two = raw_env("baoshan"), raw_env("baoshan")
    one.reset(seed=9)
    assert one.hand_state == get_variant("baoshan").new_hand(seed=9)
    one.reset(seed=1)
    two.reset(seed=1)
    one.reset()
    two.reset()
    assert one.hand_seed == two.hand_seed and one.hand_state == two.hand_state
    one.reset(seed=2, options={"dealer": 2})
    assert one.agent_selection == "seat_2" and one.hand_record().dealer == 2


def test_refusals_are_the_librarys_errors() -> None:
    """An illegal id is refused with IllegalActionError and changes nothing (FLOW-3), an id
    that is no int or out of range with ActionError; NumPy ints are taken; bad environment
    options are refused with OptionsError."""
    game = raw_env("baoshan")
    game.reset(seed=4)
    before = game.hand_state
    legal = set(np.flatnonzero(game.observe("seat_0")["action_mask"]).tolist())
    illegal = next(i for i in range(game.rules.action_space) if i not in legal)
    with pytest.raises(IllegalActionError):
        game.step(illegal)
    assert game.hand_state is before and game.actions == []
    legal_id = min(legal)
    game.step(legal_id)  # (the environment keeps the action of an id it has seen)
    game.reset(seed=4)
    before = game.hand_state
    for bad in (float(legal_id), True, str(legal_id), -1, game.rules.action_space):
        with pytest.raises(ActionError):  # (ActionTypeError for what is no int)
            game.step(bad)  # type: ignore[arg-type]
    assert game.hand_state is before
    game.step(np.int64(legal_id))
    assert game.actions == [game.rules.action_from_id(0, int(legal_id))]
    with pytest.raises(OptionsError, match="render_mode"):
        raw_env("baoshan", render_mode="human")
    with pytest.raises(OptionsError, match="max_cycles"):
        raw_env("baoshan", max_cycles=0)
    with pytest.raises(OptionsError, match="reset"):
        raw_env("baoshan").hand_state  # noqa: B018


def test_render_ansi_says_the_table_in_words() -> None:
    """render_mode="ansi" gives the table in words: the hand's line, each seat's hand and the
    last action in the room's words; the settlement once over."""
    game = raw_env("yongshan", players=2, render_mode="ansi")
    game.reset(seed=6)
    text = game.render()
    assert text is not None
    lines = text.splitlines()
    assert lines[0].startswith("yongshan, step 0: turn, seat 0 to act, ")
    assert lines[1].startswith("  seat 0 (dealer), hand ") and lines[2].startswith("  seat 1, hand")
    game.step(int(np.flatnonzero(game.observe("seat_0")["action_mask"])[-1]))
    assert (game.render() or "").splitlines()[3].startswith("last: seat 0 discard ")
    assert raw_env("baoshan").render() is None


def test_the_core_never_imports_the_rl_dependencies() -> None:
    """Importing the library (and its bots, records and pictures) imports no NumPy, PettingZoo
    or Gymnasium: the rl extra stays optional."""
    code = (
        "import sys, mahjong_rules, mahjong_rules.bots, mahjong_rules.render, "
        "mahjong_rules.records\n"
        "bad = sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('numpy', 'pettingzoo', 'gymnasium'))\n"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
