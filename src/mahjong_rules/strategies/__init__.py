"""Hypothesis strategies for property tests of code built on :mod:`mahjong_rules`.

This package is the only part of the library that imports :mod:`hypothesis` (a test
dependency: ``pip install 'mahjong_rules[test]'``); nothing else in the package imports it.

Tiles and hands (:mod:`~mahjong_rules.strategies.tile_sets`,
:mod:`~mahjong_rules.strategies.hand_shapes`), built constructively, so they never filter and
they shrink towards small, low tiles (1m first):

* :func:`tiles` — one tile kind (牌, pái);
* :func:`tile_counts` — a multiset of tiles, at most four of a kind;
* :func:`hands` — a :class:`~mahjong_rules.hand.Hand` of 13 or 14 tiles with declared melds;
* :func:`winning_hands` — a complete hand (胡牌, húpái), possibly with wildcards (听用, tīngyòng);
* :func:`ready_hands` — a ready hand (听牌, tīngpái): one tile short of a complete hand;
* :func:`walls` — a full shuffled wall (牌墙, páiqiáng).

Whole games (:mod:`~mahjong_rules.strategies.room_options`,
:mod:`~mahjong_rules.strategies.games`), reached by play, so they shrink towards a low seed,
few actions and the default room:

* :func:`rooms` — the rules of a room (房间, fángjiān): any registered variant with valid options;
* :func:`states` — a :class:`~mahjong_rules.State` reached by bots from a seeded wall, at any
  phase;
* :func:`legal_actions` — one legal action of a seat that acts in a given state;
* :func:`played_hands` — a finished hand with its
  :class:`~mahjong_rules.records.HandRecord` and result (:class:`PlayedHand`).

A server developer's property tests, for example, check that the waits the library reports
agree with its win check, and that every state the server stores reads back:

.. code-block:: python

    import json

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from mahjong_rules import from_dict, is_win, to_dict, winning_tiles
    from mahjong_rules.strategies import ready_hands, states


    @settings(max_examples=200)
    @given(ready_hands(wilds=range(0, 3)))
    def test_every_wait_completes_the_hand(ready):
        waits = winning_tiles(ready.concealed, ready.wilds)
        assert ready.missing in waits
        for tile in waits:
            assert is_win(ready.concealed.add(tile), ready.wilds)


    @given(states())
    def test_every_stored_state_reads_back(state):
        assert from_dict(json.loads(json.dumps(to_dict(state)))) == state

:mod:`~mahjong_rules.strategies.games` shows more (views, bots, records).

Importing this package loads the win tables at once
(:func:`~mahjong_rules.wins.load_tables`), so the first example of a test does not pay for
them and hypothesis' default deadline holds.
"""

from mahjong_rules.strategies._pools import WildsSpec
from mahjong_rules.strategies.games import (
    MAX_STEPS,
    PlayedHand,
    RulesSpec,
    legal_actions,
    played_hands,
    states,
)
from mahjong_rules.strategies.hand_shapes import (
    ReadyHand,
    WinningHand,
    hands,
    ready_hands,
    winning_hands,
)
from mahjong_rules.strategies.room_options import option_values, rooms
from mahjong_rules.strategies.tile_sets import tile_counts, tiles, walls
from mahjong_rules.wins import load_tables

load_tables()  # so that the first example of a test does not pay for the tables

__all__ = [
    "MAX_STEPS",
    "PlayedHand",
    "ReadyHand",
    "RulesSpec",
    "WildsSpec",
    "WinningHand",
    "hands",
    "legal_actions",
    "option_values",
    "played_hands",
    "ready_hands",
    "rooms",
    "states",
    "tile_counts",
    "tiles",
    "walls",
    "winning_hands",
]
