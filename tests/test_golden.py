"""A golden digest of play: the engine's behaviour pinned before it is restructured.

For every room below (the two Yunnan games, 2, 3 and 4 players, the main options; Sichuan's
rooms have a digest of their own) seeded hands are played
with a seeded random policy and with :class:`~mahjong_rules.bots.GreedyBot` at every seat. One
SHA-256 is taken over every acting seat's legal-action list at every step, every action
applied, every event and every result (their reprs, which paste back and name every field).
Any change in what the engine offers, does, reports or pays moves the digest.

The digest must not move when the engine is reorganised. It moves only with a deliberate change
of behaviour; regenerate it then with ``python tests/test_golden.py`` (it prints both) and say
so in the commit.
"""

from __future__ import annotations

import hashlib
import random
import sys
from typing import Any

import pytest

from mahjong_rules import get_variant
from mahjong_rules.bots import GreedyBot
from mahjong_rules.variants.base import Rules

ROOMS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("baoshan", {}),
    ("baoshan", {"players": 2}),
    ("baoshan", {"players": 3, "pian_gang": True, "cha_jiao": "one"}),
    ("baoshan", {"honors": True}),
    ("baoshan", {"bao_ting": True, "buy_points": "live", "si_gui_yi": True}),
    ("baoshan", {"bao_ting": True, "bao_ting_kong": "waits", "players": 3}),
    ("baoshan", {"pass_hu": "yongshan", "kong_payments_on_draw": "stand", "fan_cap": None}),
    ("baoshan", {"ask_every_seat": True, "players": 2}),
    ("yongshan", {}),
    ("yongshan", {"players": 2}),
    ("yongshan", {"players": 3, "ting_dian_three_players": True}),
    ("yongshan", {"wildcards": "double"}),
    ("yongshan", {"ti_from_hand": True, "zi_mo_jia_fan": True}),
    ("yongshan", {"wild_reading": "any", "meld_wilds": "any", "wildcards": "double"}),
    ("yongshan", {"fan_cap": None, "scoring": "linear", "ask_every_seat": True}),
)
SICHUAN_ROOMS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("sichuan", {}),
    ("sichuan", {"swap_three": True, "fan_cap": 4}),
    ("sichuan", {"void_discard": "lenient", "hua_zhu": True, "false_hu": "penalty"}),
    ("sichuan", {"swap_three": True, "swap_direction": "opposite", "rob_kong": False}),
    (
        "sichuan",
        {
            "tian_di_hu": False,
            "void_kong": "no_win",
            "zi_mo": "jia_fan",
            "jin_gou_diao": "four_melds",
            "last_tile_gang_shang_pao": "both",
            "gang_shang_pao_refund": "this_turn",
            "three_hu_check": False,
        },
    ),
    (
        "sichuan",
        {
            "void_kong": "forbidden",
            "gang_shang_pao_refund": "transfer",
            "cha_jiao_gang_fan": True,
            "pass_hu_compare": "score",
            "pass_hu_reset": "any_draw",
            "exhaustive_wait": "hand",
            "hua_zhu": True,
            "hua_zhu_payees": "non_pigs",
            "pass_peng": True,
        },
    ),
)
"""Sichuan's rooms (issue 20), every option's other values among them: a digest of their own,
pinned when the game landed, so that the first digest stayed the one of issue 12."""
RANDOM_HANDS = 200
GREEDY_HANDS = 100

DIGEST = "c11e7d45fe70bb6f93e28889cf6f1e06c9c1e0934614009a0688231e4bc42d10"
SICHUAN_DIGEST = "912793d8f0d6aa91f7e9c7ba0c34fd450d1f4899f38ba0f3c7c43698550dec6d"


def _play(rules: Rules, seed: int, greedy: bool, out: Any) -> None:
    """One hand: every legal list of every acting seat, each action, the events, the result."""
    state = rules.new_hand(seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    bot = GreedyBot()
    while rules.result(state) is None:
        acting = sorted(rules.to_act(state))
        for seat in acting:
            out(repr(rules.legal_actions(state, seat)))
        seat = acting[0] if greedy else rng.choice(acting)
        if greedy:
            action = bot.choose(rules.view(state, seat))
        else:
            action = rng.choice(rules.legal_actions(state, seat))
        out(repr(action))
        state = rules.apply(state, action)
        out(repr(state.events))
    out(repr(rules.result(state)))


def digest(rooms: tuple[tuple[str, dict[str, Any]], ...] = ROOMS) -> str:
    sha = hashlib.sha256()

    def out(text: str) -> None:
        sha.update(text.encode())
        sha.update(b"\n")

    for k, (name, options) in enumerate(rooms):
        rules = get_variant(name, **options)
        out(repr(rules))
        for i in range(RANDOM_HANDS):
            _play(rules, 1000 * k + i, False, out)
        for i in range(GREEDY_HANDS):
            _play(rules, 1000 * k + 500 + i, True, out)
    return sha.hexdigest()


@pytest.mark.slow
def test_golden_digest_of_play_is_unchanged() -> None:
    """FLOW-1..6 as played: the digest over every room's seeded hands (random and GreedyBot)
    is the one pinned before the engine was restructured (issue 12)."""
    assert digest() == DIGEST


@pytest.mark.slow
def test_golden_digest_of_sichuan_play_is_unchanged() -> None:
    """SC-END-1 and the whole game as played: the digest over Sichuan's rooms (every option's
    other values among them), pinned when the game landed (issue 20)."""
    assert digest(SICHUAN_ROOMS) == SICHUAN_DIGEST


if __name__ == "__main__":
    sys.stdout.write(digest() + "\n" + digest(SICHUAN_ROOMS) + "\n")
