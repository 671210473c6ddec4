"""Hand records of a variant whose deal changes the wall (issue 34, section 1): the record's
digest is of the wall as dealt from the seed, before the variant's ``after_deal``, so
``HandRecord.new``, ``replay`` and the replay page agree (DEAL-1)."""

from __future__ import annotations

import random

from contract_kit import Mini, fresh_registry, options_for, room
from mahjong_rules import HandRecord, Rules, from_dict, replay, to_dict
from mahjong_rules.engine.state import State, replace
from mahjong_rules.engine.wall import shuffled_wall
from mahjong_rules.records import wall_digest
from mahjong_rules.render.page import replay_page
from mahjong_rules.serial import check_state

__all__ = ["fresh_registry"]


class Swapped(Mini):
    """Its deal swaps the last two tiles of the live wall."""

    name = "swapped"
    options_class = options_for("swapped")

    def after_deal(self, state: State) -> State:
        wall, end = list(state.wall), state.back
        wall[end - 1], wall[end - 2] = wall[end - 2], wall[end - 1]
        return replace(state, wall=tuple(wall))


def _played(rules: Rules, record: HandRecord) -> HandRecord:
    state = record.start()
    rng = random.Random(5)
    while not rules.is_over(state):
        seat = min(rules.to_act(state))
        action = rng.choice(rules.legal_actions(state, seat))
        record, state = record.with_action(action), rules.apply(state, action)
    return record


def test_deal1_a_record_of_a_deal_that_changes_the_wall_replays(fresh_registry: None) -> None:
    """DEAL-1: the record digests the seed's wall (what a server publishes before play), not
    the wall after ``after_deal``; it replays to the end (through a document), and its replay
    page, the whole table's and a seat's (the served table's), is made."""
    rules = room(Swapped)
    record = HandRecord.new(rules, seed=12)
    dealt = shuffled_wall(12, tiles=rules.wall_tiles)
    assert record.digest == wall_digest(dealt) != wall_digest(record.start().wall)
    record = _played(rules, record)
    done = replay(record)
    assert done.result is not None and done.final.wall[-2:] == (dealt[-1], dealt[-2])
    assert replay(from_dict(to_dict(record), HandRecord)).result == done.result
    for state in done.states:
        check_state(state)
    assert "<html" in replay_page(record) and "<html" in replay_page(record, seat=1)


def test_deal1_a_record_of_an_explicit_wall_keeps_the_wall_as_dealt(
    fresh_registry: None,
) -> None:
    """DEAL-1: a record of an explicit wall keeps that wall (not the one after
    ``after_deal``) and replays."""
    rules = room(Swapped)
    wall = shuffled_wall(3, tiles=rules.wall_tiles)
    record = _played(rules, HandRecord.new(rules, wall=wall))
    assert record.wall == wall and record.digest == wall_digest(wall)
    assert replay(record).result is not None
