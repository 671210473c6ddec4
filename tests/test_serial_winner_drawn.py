"""A self-drawn winner's ``drawn`` tile is the tile it won on (issue 18 §2, found in
verification): a document naming another tile of its hand there is refused, as one naming a
tile it does not hold already was.

Every state the engine reaches keeps the two equal (the dealer's dealt win and 十老头 leave
``drawn`` empty), so the check refuses only tampered documents.
"""

from __future__ import annotations

import copy
import json

import pytest

from mahjong_rules import State, WinKind, get_variant
from mahjong_rules.bots import GreedyBot
from mahjong_rules.errors import SerializationError
from mahjong_rules.serial import from_dict, to_dict


def _states(name: str, seed: int, **options: object) -> list[State]:
    rules = get_variant(name, **options)
    state, bot = rules.new_hand(seed=seed), GreedyBot()
    states = [state]
    while rules.result(state) is None:
        seat = min(rules.to_act(state))
        state = rules.apply(state, bot.choose(rules.view(state, seat)))
        states.append(state)
    return states


@pytest.mark.parametrize("final", [False, True])
def test_a_self_drawn_winners_drawn_tile_changed_is_refused(final: bool) -> None:
    """Yongshan seed 178 (four greedy seats): a self-drawn win, play on (血战), and the end."""
    states = _states("yongshan", 178)
    with_win = [
        s
        for s in states
        if any(w.how is WinKind.SELF_DRAW and s.seats[w.seat].drawn for w in s.wins)
    ]
    state = with_win[-1] if final else with_win[0]
    win = next(w for w in state.wins if w.how is WinKind.SELF_DRAW and state.seats[w.seat].drawn)
    seat = state.seats[win.seat]
    assert seat.drawn == win.tile
    doc = json.loads(json.dumps(to_dict(state)))
    assert from_dict(copy.deepcopy(doc), State) == state
    other = next(t for t in seat.concealed.distinct() if t != win.tile)
    doc["seats"][win.seat]["drawn"] = str(other)
    with pytest.raises(SerializationError, match=rf"state\.seats\[{win.seat}\]\.drawn: it won"):
        from_dict(doc, State)
