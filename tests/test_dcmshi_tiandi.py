"""天胡 (tiānhú) and 地胡 (dìhú) hands recorded from dcmshi/sichuan-mahjong, replayed in the
library hand for hand (issue 26): SC-PAT-天胡, SC-PAT-地胡, SC-PAT-杠上花, SC-SWAP-1, SC-SWAP-2,
SC-VOID-1, SC-CAP-1.

``tests/data/dcmshi_tiandi/`` (MIT data, notice in its ``LICENSE``; its README says how
``record.mjs`` stacked the walls and made the target seat's moves) holds 144 hands, each with a
first-turn win of its target seat: the dealer's dealt 14, after a 暗杠 in his first turn, or a
non-dealer's first draw (on a replacement: 杠上花), on standard, 七对 and 龙七对 hands, with and
without 换三张, under every value of every dcmshi option. The replay (``dcmshi_replay``) checks
each win's tile (a 天胡's: the highest kind held), pattern score, fan, and, below the cap, its
patterns: dcmshi's fans beside the limit.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from dcmshi_data import Hand, Win, read_hands
from dcmshi_deal import tile_of
from dcmshi_replay import replay
from dcmshi_translate import recorded_keys

TIANDI = Path(__file__).resolve().parent / "data" / "dcmshi_tiandi" / "hands.jsonl.gz"
"""144 hands of dcmshi, each with a 天胡 or 地胡 (or what it is with the option off)."""


@cache
def _hands() -> tuple[Hand, ...]:
    return tuple(read_hands(TIANDI))


def _target(hand: Hand) -> tuple[int, Win]:
    """The first seat to win on its own turn in ``hand`` (the recorder's target) and its win."""
    moves = [s.move for s in hand.steps]
    seat = next(m.seat for m in moves if m.kind in ("declareHeavenly", "declareHuOnDraw"))
    assert seat is not None
    win = hand.end.seats[seat].hu
    assert win is not None
    return seat, win


def _shape(win: Win) -> str:
    names = {name for name, _ in win.fans}
    if "SevenPairs" in names:
        return "long_qi_dui" if "Root" in names else "qi_dui"
    return "standard"


def test_tian_di_hu_hands_match_dcmshi_hand_for_hand() -> None:
    """SC-PAT-天胡, SC-PAT-地胡, SC-PAT-杠上花: all 144 hands replay with every legal list, move,
    payment and end equal — each 天胡 shown on the highest kind held, each first-turn win's
    fans those dcmshi lists beside the cap."""
    hands = _hands()
    assert len(hands) == 144
    failed = []
    for hand in hands:
        outcome = replay(hand)
        if not outcome.matched:
            failed.append(f"{hand.seed} {outcome.where(len(hand.steps))}: {outcome.difference}")
    assert failed == []


def test_tian_di_hu_hands_hold_every_shape_with_and_without_the_swap() -> None:
    """SC-PAT-天胡 / SC-PAT-地胡 / SC-SWAP-1: the targets' wins are 61 天胡, 39 地胡, 16 plain
    self-draws (``enableHeavenlyEarthly`` false) and 28 杠上花; 天胡 and 地胡 each on standard,
    七对 and 龙七对 hands, with 换三张 and without; 54 天胡 are shown on a kind other than the
    fourteenth tile dealt (what the library showed before issue 26)."""
    wins: Counter[tuple[str, str, bool]] = Counter()
    subtypes: Counter[str] = Counter()
    moved = 0
    for hand in _hands():
        _, win = _target(hand)
        subtypes[win.subtype] += 1
        swapped = bool(dict(hand.config).get("enableHuanSanZhang"))
        wins[win.subtype, _shape(win), swapped] += 1
        if win.subtype == "heavenly" and tile_of(win.winning_tile) != tile_of(hand.wall[52]):
            moved += 1
    assert subtypes == {"heavenly": 61, "earthly": 39, "normal": 16, "winAfterKong": 28}
    for subtype in ("heavenly", "earthly"):
        for shape in ("standard", "qi_dui", "long_qi_dui"):
            assert wins[subtype, shape, True] and wins[subtype, shape, False], (subtype, shape)
    assert moved == 54


def test_tian_di_hu_hands_meet_every_option_value() -> None:
    """SC-PAT-天胡 / SC-PAT-地胡 under every value of every dcmshi option the other records vary:
    换三张 off and in each direction (SC-SWAP-2), ``fanCap`` 3 and 4 (SC-CAP-1), strict and
    lenient void discards, 花猪 on and off, robbing on and off, and the option itself off."""
    limit = [h for h in _hands() if _target(h)[1].subtype in ("heavenly", "earthly")]
    seen = {(k, v) for h in limit for k, v in h.config}
    assert seen >= {
        ("enableHuanSanZhang", True),
        ("huanDirection", "random"),
        ("huanDirection", "cw"),
        ("huanDirection", "ccw"),
        ("fanCap", 4),
        ("voidDiscardRule", "lenient"),
        ("enableFlowerPig", True),
        ("enableRobbingKong", False),
    }
    assert any(not h.config for h in limit)  # all at dcmshi's defaults
    off = [h for h in _hands() if ("enableHeavenlyEarthly", False) in h.config]
    assert {_target(h)[1].subtype for h in off} == {"normal", "winAfterKong"}


def _altered(hand: Hand, seat: int, **changes: Any) -> Hand:
    seats = list(hand.end.seats)
    win = seats[seat].hu
    assert win is not None
    seats[seat] = attrs.evolve(seats[seat], hu=attrs.evolve(win, **changes))
    return attrs.evolve(hand, end=attrs.evolve(hand.end, seats=tuple(seats)))


def test_a_tian_hu_record_altered_is_reported() -> None:
    """SC-PAT-天胡: the replay reads the record's tile and fans. A 天胡 record whose tile is
    moved to the fourteenth tile dealt, or a 七对 地胡 record without its SevenPairs, is a
    difference at the end."""
    hands = _hands()
    tian = next(
        h
        for h in hands
        if _target(h)[1].subtype == "heavenly"
        and tile_of(_target(h)[1].winning_tile) != tile_of(h.wall[52])
    )
    seat, win = _target(tian)
    outcome = replay(_altered(tian, seat, winning_tile=tian.wall[52]))
    assert outcome.where(len(tian.steps)) == "end"
    shown, fourteenth = tile_of(win.winning_tile), tile_of(tian.wall[52])
    assert outcome.difference == (
        f"seat {seat}'s winning tile: dcmshi {fourteenth}, the library {shown}"
    )
    di = next(
        h for h in hands if _target(h)[1].subtype == "earthly" and _shape(_target(h)[1]) == "qi_dui"
    )
    seat, win = _target(di)
    assert win.fans == (("SevenPairs", 1),) and recorded_keys(win) == {"qi_dui", "di_hu"}
    outcome = replay(_altered(di, seat, fans=()))
    assert outcome.where(len(di.steps)) == "end"
    assert outcome.difference == (
        f"seat {seat}'s patterns: dcmshi ['di_hu'], the library ['di_hu', 'qi_dui']"
    )
