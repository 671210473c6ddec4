"""Hand records (issue 11, part 1a): a record is checked when it is built and when it is read,
and replay raises only ReplayError for a bad record (the cause's message kept)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from mahjong_rules import BuyPoints, Discard, Tile, get_variant
from mahjong_rules.engine.wall import shuffled_wall
from mahjong_rules.errors import OptionsError, ReplayError, SerializationError, WallError
from mahjong_rules.records import HandRecord, replay
from mahjong_rules.serial import from_dict, to_dict

BAOSHAN = get_variant("baoshan", players=3)


def record() -> HandRecord:
    return HandRecord.new(BAOSHAN, seed=11)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seed": None}, "seed: a record is dealt from a seed or from a wall (exactly one of"),
        (
            {"wall": shuffled_wall(11, honors=False)},
            "seed: a record is dealt from a seed or from a wall (exactly one of them)",
        ),
        ({"seed": 1.5}, "seed: a seed is an int, a str or bytes, not float: 1.5"),
        ({"seed": True}, "seed: a seed is an int, a str or bytes, not bool: True"),
        ({"variant": "yongshan"}, "variant: the record's options are baoshan's, not 'yongshan'"),
        ({"variant": 3}, "variant: a variant name, not int"),
        ({"options": "baoshan"}, "options: room options, not str"),
        ({"dealer": True}, "dealer: a seat 0..2, not True"),
        ({"dealer": 3}, "dealer: a seat 0..2, not 3"),
        ({"answers": [BuyPoints(0, 1)]}, "answers: a tuple of actions, not list"),
        ({"answers": (Tile("5m"),)}, "answers[0]: an action, not Tile"),
        ({"digest": "abc"}, "digest: a SHA-256 in 64 lowercase hex digits"),
        ({"actions": (Discard(3, Tile("1m")),)}, "actions[0]: seat: a seat 0..2, not 3"),
        ({"actions": ("5m",)}, "actions[0]: not an action: str"),
    ],
    ids=lambda v: str(v)[:30] if isinstance(v, str) else None,
)
def test_a_bad_record_is_refused_when_built(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ReplayError) as caught:
        attrs.evolve(record(), **changes)
    assert str(caught.value).startswith(f"HandRecord.{message}"), str(caught.value)
    assert caught.value.index is None


def test_a_record_with_neither_seed_nor_wall_is_refused_when_read() -> None:
    doc = to_dict(record())
    doc["seed"] = None
    with pytest.raises(SerializationError) as caught:
        from_dict(doc)
    assert str(caught.value) == (
        "handRecord: not a valid HandRecord: HandRecord.seed: a record is dealt "
        "from a seed or from a wall (exactly one of them)"
    )


def test_new_refuses_bools_for_the_dealer_and_points() -> None:
    with pytest.raises(OptionsError, match=r"^dealer must be a seat 0\.\.2, got True$"):
        HandRecord.new(BAOSHAN, seed=1, dealer=True)
    with pytest.raises(OptionsError, match=r"^answers must be a sequence of actions, got 7$"):
        HandRecord.new(BAOSHAN, seed=1, answers=7)  # type: ignore[arg-type]
    with pytest.raises(WallError, match="a seed is an int, a str or bytes, not object"):
        HandRecord.new(BAOSHAN, seed=object())  # type: ignore[arg-type]


def test_bytes_seeds_are_recorded_and_replayed() -> None:
    rules = get_variant("yongshan", players=2)
    rec = HandRecord.new(rules, seed=b"\x00table 7\xff")
    doc = to_dict(rec)
    assert doc["seed"] == {"bytes": "007461626c652037ff"}
    back = from_dict(doc, HandRecord)
    assert back == rec and back.dealt_wall() == shuffled_wall(b"\x00table 7\xff", honors=False)
    state = back.start()
    action = rules.legal_actions(state, state.current)[-1]
    assert replay(back.with_action(action)).states[1] == rules.apply(state, action)
    doc["seed"] = {"bytes": "zz"}
    with pytest.raises(SerializationError, match=r'^handRecord\.seed: expected bytes as \{"b'):
        from_dict(doc)


def test_replay_raises_only_replay_errors() -> None:
    with pytest.raises(ReplayError, match=r"^not a hand record: NoneType$"):
        replay(None)  # type: ignore[arg-type]
    rec = record()
    tampered = object.__new__(HandRecord)  # past the constructor's checks, as a bug might
    for field in attrs.fields(HandRecord):
        object.__setattr__(tampered, field.name, getattr(rec, field.name))
    object.__setattr__(tampered, "seed", 1.5)
    with pytest.raises(ReplayError) as caught:
        replay(tampered)
    assert str(caught.value) == (
        "the record cannot be dealt: a seed is an int, a str or bytes, not float: 1.5"
    )
    assert caught.value.index is None
    object.__setattr__(tampered, "seed", 11)
    object.__setattr__(tampered, "answers", (BuyPoints(0, 2),))  # BS-BUY-1: none in this room
    with pytest.raises(ReplayError, match=r"^the record cannot be dealt: answers\[0\]: BuyPoints"):
        replay(tampered)


def test_an_illegal_action_keeps_its_index_and_message() -> None:
    rec = record()
    state = rec.start()
    wrong = Discard(
        state.current,
        next(t for t in (Tile("1m"), Tile("9s")) if t not in state.seats[state.current].concealed),
    )
    with pytest.raises(ReplayError, match=r"^action 0 \(Discard\(seat=0, tile=Tile\('.*'\)\)\) is"):
        replay(rec.with_action(wrong))
