"""dcmshi's recorded hands as test data: the reader, the port of its deal, and the same deal in the
library (SC-DEAL-1, SC-TILES-1, SC-DEALER-1, SC-SWAP-2).

``tests/data/dcmshi/`` holds 2,000 hands of 血战到底 (xuèzhàn dàodǐ) recorded from
dcmshi/sichuan-mahjong and 82 of its deals with a 换三张 (huàn sān zhāng); ``dcmshi_deal`` works
its deal out from the seed and maps it onto a library wall. The unmarked tests take the first
100 hands; the ``slow`` ones all 2,000.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from dcmshi_data import CORPUS, SUITS, DcmshiDataError, Hand, read_hand, read_hands
from dcmshi_deal import (
    dcmshi_hands,
    dcmshi_seat,
    deal,
    library_seat,
    library_wall,
    seed_hash,
    swap_direction,
    swapped_hands,
    tile_of,
)
from mahjong_rules import get_variant
from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.actions import Discard, Pass
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.engine.wall import check_wall
from mahjong_rules.errors import SerializationError
from mahjong_rules.tiles import Tile

HERE = Path(__file__).resolve().parent
DEALS = HERE / "data" / "dcmshi" / "deals.jsonl.gz"
QUICK = 100
BAOSHAN = get_variant("baoshan")  # 108 tiles and no turn-up: the deal and the draws as dealt


@cache
def corpus(count: int = 2000) -> tuple[Hand, ...]:
    """The first ``count`` recorded hands."""
    return tuple(islice(read_hands(CORPUS), count))


def dcmshi_deals() -> Iterator[dict[str, Any]]:
    with gzip.open(DEALS, "rt", encoding="utf-8") as lines:
        for line in lines:
            yield json.loads(line)


def counts(ids: tuple[int, ...] | list[int]) -> TileCounts:
    return TileCounts(tile_of(i) for i in ids)


# -- the reader --------------------------------------------------------------------------------


def test_the_first_recorded_hand_reads_exactly() -> None:
    hand = corpus(1)[0]
    assert (hand.seed, hand.config, hand.levels, hand.dealer) == (
        "dcmshi-0",
        (),
        ("easy", "hard", "easy", "hard"),
        0,
    )
    assert hand.wall[:5] == (44, 76, 69, 15, 36) and len(hand.steps) == 111
    first = hand.steps[0]
    assert first.legal == ((), (), (), ()) and first.paid == ()
    assert (first.move.kind, first.move.seat, first.move.suit, first.move.first_discard) == (
        "declareVoid",
        0,
        "sou",
        74,
    )
    assert hand.steps[4].legal == (("flip",), (), (), ())
    assert (hand.end.hu_order, hand.end.next_dealer, hand.end.penalty_pot) == ((3, 0, 2), 3, 0)
    assert hand.end.score_delta == (None, None, None, None)  # the recorder wrote no scoreDelta
    assert hand.score_change == (5, -5, -1, 1)
    win = hand.end.seats[0].hu
    assert win is not None
    assert (win.fans, win.hand_value, win.by_discard) == ((("AllPungs", 1),), 2, False)


@pytest.mark.slow
def test_the_corpus_holds_2000_hands_of_the_documented_options() -> None:
    hands = corpus()
    assert len(hands) == 2000
    assert [h.seed for h in hands] == [f"dcmshi-{g}" for g in range(2000)]
    assert sum(h.option("enableHuanSanZhang", False) is True for h in hands) == 1000
    assert {name for h in hands for name, _ in h.config} == {
        "enableHuanSanZhang",
        "fanCap",
        "enableFlowerPig",
        "voidDiscardRule",
    }


def _corpus_lines(count: int) -> list[str]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as lines:
        return [next(lines) for _ in range(count)]


def _line(edit: Any) -> str:
    value = json.loads(_corpus_lines(1)[0])
    edit(value)
    return json.dumps(value)


def _set(path: tuple[Any, ...], new: Any) -> Any:
    def edit(value: Any) -> None:
        for key in path[:-1]:
            value = value[key]
        value[path[-1]] = new

    return edit


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_set(("seed",), 7), "line 1: seed: expected a string, got 7"),
        (_set(("dealer",), 4), "line 1: dealer: expected an integer 0..3, got 4"),
        (_set(("wall", 3), 44), "line 1: wall: expected each id 0..107 once"),
        (_set(("wall", 0), 108), "line 1: wall[0]: expected an integer 0..107, got 108"),
        (_set(("levels", 2), "expert"), "line 1: levels: expected one of easy, medium, hard"),
        (_set(("steps", 0, "action", "t"), "chow"), "line 1: steps[0].action.t: expected one of"),
        (_set(("steps", 0, "action", "suit"), "zi"), "line 1: steps[0].action.suit: expected one"),
        (_set(("steps", 0, "action", "extra"), 1), "line 1: steps[0].action: unknown field extra"),
        (_set(("steps", 4, "legal", "5"), ["flip"]), "line 1: steps[4].legal: keys are the seats"),
        (_set(("steps", 4, "legal", "0"), []), "line 1: steps[4].legal.0: a seat listed has"),
        (_set(("end", "nextDealer"), True), "line 1: end.nextDealer: expected an integer 0..3"),
        (_set(("end", "ledger", 0, "to"), 9), "line 1: end.ledger[0].to: expected an integer"),
        (lambda v: v.pop("steps"), "line 1: missing steps"),
    ],
)
def test_the_reader_refuses_a_broken_line_naming_the_field(edit: Any, message: str) -> None:
    with pytest.raises(DcmshiDataError) as raised:
        read_hand(_line(edit))
    assert str(raised.value).startswith(message)
    assert isinstance(raised.value, SerializationError) and isinstance(raised.value, ValueError)


@pytest.mark.parametrize("line", ["", "{", "[1, 2]", '"hand"', "null"])
def test_the_reader_refuses_what_is_no_hand(line: str) -> None:
    with pytest.raises(DcmshiDataError, match=r"^line 3"):
        read_hand(line, 3)


# -- the port of dcmshi's deal -----------------------------------------------------------------


def test_seed_hash_counts_utf16_code_units() -> None:
    """SC-DEAL-1: the seed hash is dcmshi's, over UTF-16 code units (a non-BMP character is two)."""
    assert (seed_hash(""), seed_hash("a"), seed_hash("ab")) == (0, 97, 97 * 31 + 98)
    assert seed_hash("🀄") == (0xD83C * 31 + 0xDC04) & 0xFFFFFFFF
    assert seed_hash("\ud83c") == 0xD83C  # a lone surrogate, as JSON may carry one
    assert seed_hash("z" * 40) < 2**32


@pytest.mark.parametrize("count", [QUICK, pytest.param(2000, marks=pytest.mark.slow)])
def test_sc_deal_1_sc_dealer_1_the_port_deals_every_recorded_wall(count: int) -> None:
    """SC-DEAL-1, SC-DEALER-1: from the seed alone the port throws dcmshi's dealer and deals its
    wall after the break, for every recorded hand."""
    hands = corpus(count)
    assert [(deal(h.seed).dealer, deal(h.seed).wall) for h in hands] == [
        (h.dealer, h.wall) for h in hands
    ]
    assert {h.dealer for h in hands} == {0, 1, 2, 3}


def test_sc_dealer_1_dcmshi_deals_thrown_and_pinned_dealers() -> None:
    """SC-DEALER-1, SC-DEAL-1: against 82 deals of dcmshi's own ``createGame`` (seeds empty,
    CJK, non-BMP, with a lone surrogate; the dealer thrown or pinned), the port gives the dealer,
    the wall and each seat's 13 or 14."""
    records = list(dcmshi_deals())
    assert len(records) == 82 and {r["seed"] for r in records} >= {"", "麻将", "a🀅b", "lone \ud83c"}
    for r in records:
        made = deal(r["seed"], r["pinned"])
        assert (made.dealer, list(made.wall)) == (r["dealer"], r["wall"]), r["seed"]
        assert [list(h) for h in dcmshi_hands(made.wall, made.dealer)] == r["hands"], r["seed"]
        assert r["pinned"] is None or r["dealer"] == r["pinned"]


def _other(direction: str) -> str:
    return "to_previous" if direction == "to_next" else "to_next"


def test_sc_swap_2_random_direction_is_the_seed_hash_parity() -> None:
    """SC-SWAP-2: dcmshi's "random" 换三张 direction is the seed hash's parity (even: to the next
    seat, 下家; odd: to the previous, 上家), against dcmshi's own swaps."""
    records = list(dcmshi_deals())
    assert {swap_direction(r["seed"]) for r in records} == {"to_next", "to_previous"}
    for r in records:
        direction = swap_direction(r["seed"])
        assert [list(h) for h in swapped_hands(r["hands"], r["swap"], direction)] == r["swapped"]
        wrong = swapped_hands(r["hands"], r["swap"], _other(direction))
        assert [list(h) for h in wrong] != r["swapped"]
    assert (swap_direction(""), swap_direction("a")) == ("to_next", "to_previous")


def _declared_voids_hold(hand: Hand, direction: str) -> bool:
    """Whether, after the deal (and the 换三张 in ``direction``), every 定缺 (dìng quē) sets
    aside a tile of the seat's hand in the declared suit, or declares with no tile of that suit
    in hand (SC-VOID-1)."""
    hands = dcmshi_hands(hand.wall, hand.dealer)
    chosen = {s.move.seat: s.move.tiles for s in hand.steps if s.move.kind == "huanSelect"}
    if chosen:
        hands = swapped_hands(hands, [chosen[seat] for seat in range(4)], direction)
    voids = [s.move for s in hand.steps if s.move.kind == "declareVoid"]
    assert sorted(m.seat for m in voids if m.seat is not None) == [0, 1, 2, 3], hand.seed
    for move in voids:
        held = hands[move.seat or 0]
        suit = SUITS.index(move.suit or "")
        if move.first_discard is None:
            if any(t // 36 == suit for t in held):
                return False
        elif move.first_discard not in held or move.first_discard // 36 != suit:
            return False
    return True


@pytest.mark.parametrize("count", [QUICK, pytest.param(2000, marks=pytest.mark.slow)])
def test_sc_swap_2_recorded_voids_follow_the_swapped_hands(count: int) -> None:
    """SC-SWAP-2, SC-DEAL-1: in every recorded hand (换三张 in every second one) each 定缺 fits the
    hand the port deals and swaps; with the swap the other way round some do not."""
    hands = corpus(count)
    assert [h.seed for h in hands if not _declared_voids_hold(h, swap_direction(h.seed))] == []
    swapped = [h for h in hands if h.option("enableHuanSanZhang", False) is True]
    assert len(swapped) == count // 2
    wrong = [h for h in swapped if not _declared_voids_hold(h, _other(swap_direction(h.seed)))]
    assert len(wrong) > count // 10


# -- the same deal in the library --------------------------------------------------------------


def test_sc_tiles_1_tile_ids_map_to_the_108_library_tiles() -> None:
    """SC-TILES-1: id div 4 is the kind, 1m..9m, 1p..9p, 1s..9s; four ids a kind, no honors."""
    mapped = [tile_of(i) for i in range(108)]
    assert (mapped[0], mapped[35], mapped[36], mapped[71], mapped[72], mapped[107]) == (
        Tile("1m"),
        Tile("9m"),
        Tile("1p"),
        Tile("9p"),
        Tile("1s"),
        Tile("9s"),
    )
    assert check_wall(mapped, honors=False) == tuple(mapped)
    assert all(mapped.count(t) == 4 for t in mapped)
    for bad in (108, -1, True, 4.0):
        with pytest.raises(ValueError, match="dcmshi tile id"):
            tile_of(bad)  # type: ignore[arg-type]


def test_the_seat_map_turns_dcmshi_order_into_play_order() -> None:
    """dcmshi passes the turn from d to d − 1; the map makes that library k → k + 1 (SEAT-1)."""
    for east in range(4):
        assert [dcmshi_seat(k, east) for k in range(4)] == [(east - k) % 4 for k in range(4)]
        for d in range(4):
            k = library_seat(d, east)
            assert dcmshi_seat(k, east) == d
            assert library_seat((d - 1) % 4, east) == (k + 1) % 4
        assert library_seat(east, east) == 0


def _library_hand(dealer: int, wall: tuple[int, ...]) -> State:
    return BAOSHAN.new_hand(wall=library_wall(dealer, wall), dealer=0)


@pytest.mark.parametrize("count", [QUICK, pytest.param(2000, marks=pytest.mark.slow)])
def test_sc_deal_1_the_library_deals_each_seat_its_dcmshi_hand(count: int) -> None:
    """SC-DEAL-1: dealt from the mapped wall with dealer 0, library seat k holds exactly dcmshi
    seat (E − k) mod 4's 13 tiles (14 for the dealer), and 55 tiles are left."""
    for hand in corpus(count):
        state = _library_hand(hand.dealer, hand.wall)
        dealt = dcmshi_hands(hand.wall, hand.dealer)
        got = [state.seats[k].concealed for k in range(4)]
        assert got == [counts(dealt[dcmshi_seat(k, hand.dealer)]) for k in range(4)], hand.seed
        assert (state.phase, state.current, state.front, state.back) == (Phase.TURN, 0, 53, 108)
        assert state.wall[53:] == tuple(tile_of(i) for i in hand.wall[53:])


def _recorded_draws(hand: Hand) -> list[tuple[int, Tile]]:
    """dcmshi's draws (as library seat and tile) before the first claim, kong or win."""
    draws: list[tuple[int, Tile]] = []
    for step in hand.steps:
        move = step.move
        if move.kind in ("claim", "declareKongOnTurn", "declareHuOnDraw", "declareHeavenly"):
            break
        if move.kind == "draw" and move.seat is not None:
            tile = tile_of(hand.wall[53 + len(draws)])
            draws.append((library_seat(move.seat, hand.dealer), tile))
    return draws


def _library_draws(dealer: int, wall: tuple[int, ...], wanted: int) -> list[tuple[int, Tile]]:
    """The library's first ``wanted`` draws when every seat discards the tile it drew (the
    dealer his lowest first) and every claim is passed."""
    state, draws = _library_hand(dealer, wall), list[tuple[int, Tile]]()
    while len(draws) < wanted and state.phase is not Phase.ENDED:
        if state.phase is Phase.TURN:
            seat = state.current
            drawn = state.seats[seat].drawn
            if drawn is not None:
                draws.append((seat, drawn))
            legal = BAOSHAN.legal_actions(state, seat)
            discards = [a for a in legal if isinstance(a, Discard)]
            mine = [a for a in discards if a.tile is drawn]
            state = BAOSHAN.apply(state, (mine or discards)[0])
        else:
            seat = min(BAOSHAN.to_act(state))
            state = BAOSHAN.apply(state, Pass(seat))
    return draws


@pytest.mark.parametrize("count", [QUICK, pytest.param(2000, marks=pytest.mark.slow)])
def test_sc_deal_1_the_library_draws_the_recorded_draws(count: int) -> None:
    """SC-DEAL-1: the seats dcmshi draws for before its first claim or kong, mapped, draw in the
    library the same tiles in the same order (wall[53], wall[54], ...)."""
    compared = 0
    for hand in corpus(count):
        recorded = _recorded_draws(hand)
        assert _library_draws(hand.dealer, hand.wall, len(recorded)) == recorded, hand.seed
        compared += len(recorded)
    assert compared > 3 * count


def test_sc_deal_1_the_library_draws_what_dcmshi_draws() -> None:
    """SC-DEAL-1: in dcmshi's own play of 82 deals (every claim passed, up to the first claim,
    kong or win: 3,611 draws, 41 deals to the last tile) each draw takes wall[53], wall[54], ...
    and the mapped library seat draws the same tile."""
    total = 0
    for r in dcmshi_deals():
        dealer, wall, draws = r["dealer"], tuple(r["wall"]), r["draws"]
        assert [tile for _, tile in draws] == list(wall[53 : 53 + len(draws)]), r["seed"]
        mapped = [(library_seat(seat, dealer), tile_of(tile)) for seat, tile in draws]
        assert _library_draws(dealer, wall, len(draws)) == mapped, r["seed"]
        total += len(draws)
    assert total == 3611


# -- the script --------------------------------------------------------------------------------


def test_the_script_reads_a_file_and_counts_matching_walls(tmp_path: Path) -> None:
    lines = _corpus_lines(3)
    broken = json.loads(lines[2])
    broken["wall"][0], broken["wall"][1] = broken["wall"][1], broken["wall"][0]
    path = tmp_path / "three.jsonl"
    path.write_text(lines[0] + lines[1] + json.dumps(broken) + "\n", encoding="utf-8")
    script = HERE / "dcmshi_replay.py"
    run = subprocess.run(
        [sys.executable, str(script), str(path)], capture_output=True, text=True, check=False
    )
    assert (run.returncode, run.stdout) == (
        1,
        "read 3 hands, 2 walls match\n  wall differs: seed 'dcmshi-2'\nmatched 3 of 3 hands\n",
    )
    path.write_text(lines[0] + "{}\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(script), str(path)], capture_output=True, text=True, check=False
    )
    assert run.returncode == 2 and "line 2: missing" in run.stderr
