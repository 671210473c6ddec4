"""Documents of format 1 read back, and mean what they meant when they were written.

``tests/data/format1.jsonl.gz`` was written by ``tests/format1_documents.py`` from the release
whose documents are format 1 (before the open variant contract of issue 19 changes what a state
holds). A server may have stored any of them, so each must still read with :func:`from_dict`:
a state equal to the one its hand record replays to at that step (the same seats to act and
legal actions), a view equal to that seat's view then, an action and the events of that step as
recorded, and the result the record replays to. When the format moves on, this test keeps
reading the old file (the expected values come from replaying the stored records, not from
writing documents anew).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from format1_documents import read
from mahjong_rules import Action, HandResult, State, View, from_dict, get_variant
from mahjong_rules.engine.events import Event
from mahjong_rules.records import HandRecord, replay

LINES = read()
HANDS: dict[tuple[str, str, int], list[dict[str, Any]]] = defaultdict(list)
for _line in LINES:
    _variant, _options = _line["room"]
    HANDS[(_variant, repr(sorted(_options.items())), _line["seed"])].append(_line)


def test_the_file_holds_every_kind_of_document_of_every_room() -> None:
    """Every golden room appears, with states, views, actions, events, results and records."""
    kinds = {line["kind"] for line in LINES}
    assert kinds == {"state", "view", "action", "event", "result", "record"}
    assert {line["doc"]["format"] for line in LINES} == {1}
    assert len(HANDS) == 15 * 4


@pytest.mark.parametrize("hand", sorted(HANDS), ids=lambda h: f"{h[0]}-{h[2]}-{h[1][:40]}")
def test_format1_documents_read_back_as_they_were(hand: tuple[str, str, int]) -> None:
    """FLOW-3: every stored document of one hand reads, and equals what its record replays to."""
    lines = HANDS[hand]
    variant, options = lines[0]["room"]
    rules = get_variant(variant, **options)
    (record_line,) = [line for line in lines if line["kind"] == "record"]
    record = from_dict(record_line["doc"], HandRecord)
    played = replay(record)
    states = played.states
    for line in lines:
        step, doc = line["step"], line["doc"]
        if line["kind"] == "state":
            state = from_dict(doc, State)
            assert state == states[step]
            assert rules.to_act(state) == rules.to_act(states[step])
            for seat in range(rules.players):
                assert rules.legal_actions(state, seat) == rules.legal_actions(states[step], seat)
        elif line["kind"] == "view":
            view = from_dict(doc, View)
            assert view == rules.view(states[step], view.seat)
        elif line["kind"] == "action":
            assert from_dict(doc, Action) == record.actions[step]
        elif line["kind"] == "event":
            assert from_dict(doc, Event) in states[step].events
        elif line["kind"] == "result":
            assert from_dict(doc, HandResult) == played.result
    ended = [line for line in lines if line["kind"] == "state"][-1]
    assert rules.result(from_dict(ended["doc"], State)) == played.result
