"""Whole-state checks: a state read from a document must be one a hand could be in.

Each field's type is checked as it is read (:mod:`~mahjong_rules.serial.codec`); these checks
look at the state as a whole, so that a tampered document (a tile changed in a hand, a seat
number out of range, a wall with a sixth 5m, a claim window nobody was asked in) is refused
rather than played on. :func:`check_state` runs on every state
:func:`~mahjong_rules.serial.from_dict` reads, and a property test may run it after every step
of a hand.

The checks come in three groups: the fields' own types and ranges (:mod:`.check_fields`), the
state as a whole here (the table, the wall and the deal, the phase, the seats, the payments,
the wins and the result, every tile accounted for), and last the window and the play itself
(:mod:`.check_play`): the seats asked are those the engine asks, someone is to act, and every
action listed for a seat applies. ``docs/serialization.rst`` lists every check.
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.phases import When
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.engine.wall import check_wall
from mahjong_rules.errors import MahjongRulesError, WallError
from mahjong_rules.melds import Meld
from mahjong_rules.scoring import WinKind
from mahjong_rules.serial._room import room_rules
from mahjong_rules.serial._tiles_check import check_tiles
from mahjong_rules.serial.check_fields import check_counters, check_fields, fail, seat_of
from mahjong_rules.serial.check_payments import (
    check_ledger,
    check_payments,
    check_variant_ledger,
    check_win_records,
    check_wins,
)
from mahjong_rules.serial.check_phase import check_own_phase, dealt_start, own_when
from mahjong_rules.serial.check_play import check_play, check_window
from mahjong_rules.serial.check_variant import check_variant_problems, check_variant_types
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.base import Rules

__all__ = ["check_read_state", "check_state"]

_INDEX = attrgetter("index")
_WALLS_SEEN = 4096
"""Most walls kept in :data:`_WALLS` (cleared when full)."""
_WALLS: dict[tuple[int, bytes], Rules] = {}
"""The walls found whole lately, with their room: each state of a hand read holds its wall."""
_ASIDE: dict[int, tuple[State, Counter[int]]] = {}
"""What the deal of a dealt hand (:func:`dealt_start`, kept there) set aside, by the hand."""


def check_state(state: State, path: str = "state") -> None:
    """Raise :class:`~mahjong_rules.errors.SerializationError` (naming the field) unless
    ``state`` is one a hand of its room can reach and play on from.

    Checked: every field's type and range (ints are never bools, seats are seats, 买点 points
    within the room's range); the room's table size; a whole wall of the room's tiles whose
    deal gives the state's wildcard kinds, and draws that match what left the wall; the phase
    and what it implies (a result exactly when ended; a claim or rob window's tile, exactly the
    seats the engine asks, answers only from them, sorted and once each, and each one the seat
    could give; a rob window's pending 补杠 bǔgàng); 3k+2 tiles for the seat in turn and 3k+1
    for the others; discards, melds and their claimed tiles; payments of at least 1 between two
    seats; the wins and the result; every tile accounted for exactly once (TILE-1), those the
    deal set aside included; the variant's own records (of the classes it declares, and its own
    invariants); and that someone is to act and every action listed for a seat applies without
    an error.
    """
    if not isinstance(state, State):
        fail(path, f"expected a State, got {type(state).__name__}")
    check_fields(state, path)
    _check_whole(state, path)


def check_read_state(state: State, path: str) -> None:
    """:func:`check_state` for a state :func:`~mahjong_rules.serial.from_dict` has just read:
    the codec has checked the type of every field as it read it (against the same declared
    types :func:`~mahjong_rules.serial.check_fields.check_fields` reads), so only the
    counters' ranges are checked again, then the state whole."""
    check_counters(state, path)
    _check_whole(state, path)


def _check_whole(state: State, path: str) -> None:
    try:
        rules = room_rules(state.options)
    except MahjongRulesError as exc:
        fail(f"{path}.options", str(exc))
    _check_table(state, rules, path)
    check_variant_types(state, rules, path)
    _check_wall(state, rules, path)
    if state.phase is Phase.CHOOSING:
        if check_own_phase(state, rules, path).when is When.BEFORE_DEAL:
            check_variant_problems(state, rules, path)
            check_play(rules, state, path)
            return
    elif state.stage is not None:
        fail(f"{path}.stage", "a stage is named only in a phase of the variant's own")
    aside = _check_deal(state, rules, path)
    _check_phase(state, rules, path)
    _check_seats(state, rules, path)
    check_payments(state, rules, path)
    check_win_records(state, path)  # the ledger's check reads each win's seats
    check_ledger(state, rules, path)
    check_wins(state, rules, path)
    check_tiles(state, aside, path)
    check_variant_problems(state, rules, path)
    check_variant_ledger(state, rules, path)
    check_window(rules, state, path)
    check_play(rules, state, path)


def _check_table(state: State, rules: Rules, path: str) -> None:
    players = state.players
    if players != rules.players:
        fail(f"{path}.players", f"the room has {rules.players} players, not {players}")
    if len(state.seats) != players:
        fail(f"{path}.seats", f"{players} players need {players} seats, got {len(state.seats)}")
    for name in ("dealer", "current"):
        seat_of(getattr(state, name), players, f"{path}.{name}")
    for name in ("next_dealer", "discard_win"):
        if getattr(state, name) is not None:
            seat_of(getattr(state, name), players, f"{path}.{name}")
    for name in ("claimants", "forced"):
        for i, seat in enumerate(getattr(state, name)):
            seat_of(seat, players, f"{path}.{name}[{i}]")
    for i, answer in enumerate(state.answers):
        seat_of(answer.seat, players, f"{path}.answers[{i}].seat")
    if state.pending is not None:
        seat_of(state.pending.seat, players, f"{path}.pending.seat")
    for index, seat in enumerate(state.seats):
        for j, meld in enumerate(seat.melds):
            if meld.from_seat is not None:
                seat_of(meld.from_seat, players, f"{path}.seats[{index}].melds[{j}].from_seat")
                if meld.from_seat == index:
                    fail(f"{path}.seats[{index}].melds[{j}].from_seat", "its own discard")


def _check_wall(state: State, rules: Rules, path: str) -> None:
    seen = (id(rules), bytes(map(_INDEX, state.wall)))
    if _WALLS.get(seen) is not rules:
        try:
            check_wall(state.wall, tiles=rules.wall_tiles)
        except WallError as exc:
            fail(f"{path}.wall", str(exc))
        if len(_WALLS) >= _WALLS_SEEN:
            _WALLS.clear()
        _WALLS[seen] = rules
    if not 0 <= state.front <= state.back <= len(state.wall):
        fail(
            f"{path}.front",
            f"need 0 <= front <= back <= {len(state.wall)}, got {state.front} and {state.back}",
        )


def _check_deal(state: State, rules: Rules, path: str) -> Counter[int]:
    """The deal of the state's wall (DEAL-1) gives its wildcard kinds, and the wall's tiles
    left since are exactly the seats' draws. Returns the tile indexes the deal set aside (taken
    from the wall into no hand, e.g. a tile turned up), counted."""
    start = dealt_start(rules, state.wall, state.dealer)
    if state.wild_kinds != start.wild_kinds:
        fail(
            f"{path}.wild_kinds",
            f"the deal makes {start.wild_kinds or 'no'} wildcard kinds, not {state.wild_kinds}",
        )
    if state.front < start.front:
        fail(f"{path}.front", f"the deal takes {start.front} tiles, front is {state.front}")
    taken = state.front - start.front + len(state.wall) - state.back
    draws = sum(s.draws for s in state.seats)
    if draws != taken:
        fail(f"{path}.seats", f"the seats drew {draws} tiles, {taken} left the wall")
    found = _ASIDE.get(id(start))
    if found is not None and found[0] is start:
        return found[1]
    aside = Counter(map(_INDEX, state.wall[: start.front]))
    for seat in start.seats:
        aside.subtract(map(_INDEX, seat.concealed))
    aside = +aside
    if len(_ASIDE) >= _WALLS_SEEN:
        _ASIDE.clear()
    _ASIDE[id(start)] = (start, aside)
    return aside


def _check_phase(state: State, rules: Rules, path: str) -> None:
    phase, n = state.phase, state.players
    at_end = own_when(rules, state) is When.AT_END  # the settlement made, a phase still open
    ended = phase is Phase.ENDED or at_end
    if ended != (state.result is not None):
        fail(f"{path}.result", "a hand has a result exactly when it has ended")
    windows = phase in (Phase.CLAIM, Phase.ROB)
    if windows != (state.tile is not None):
        fail(f"{path}.tile", f"a tile is on offer in a claim or rob window only ({phase.value})")
    if (phase is Phase.ROB) != (state.pending is not None):
        fail(f"{path}.pending", "a pending 补杠 is there exactly in a rob window")
    if state.forced and not (windows or ended):  # (the window's forced seats stay at the end)
        fail(f"{path}.forced", f"only a claim or rob window forces a win (FLOW-4): {phase.value}")
    if state.discard_win is not None and (
        phase is not Phase.CLAIM or state.discard_win != state.current
    ):
        fail(f"{path}.discard_win", "only the discarder of a claim window wins by its discard")
    asking = windows or phase is Phase.CHOOSING
    if not asking and (state.claimants or state.answers):
        fail(f"{path}.claimants", f"nobody is asked outside a claim or rob window ({phase.value})")
    if phase is Phase.CLAIM and state.kong_chain:
        fail(f"{path}.kong_chain", "a discard ends the kong chain")
    if phase in (Phase.TURN, Phase.ROB) and state.kong_chain != len(state.chain_refs):
        fail(f"{path}.chain_refs", f"{state.kong_chain} kongs this turn need as many refs")
    kongs = sum(1 for m in state.seats[state.current].melds if m.is_kong)
    if state.kong_chain > kongs:
        fail(f"{path}.kong_chain", f"seat {state.current} holds {kongs} kongs")
    refs = state.chain_refs
    if any(not 1 <= r < state.next_ref for r in refs) or list(refs) != sorted(set(refs)):
        fail(f"{path}.chain_refs", f"kong refs rise from 1 to below next_ref {state.next_ref}")
    given = len(state.answers) if phase is Phase.CHOOSING else 0  # (may be given in advance)
    made = state.discards_made + len(state.answers) - given - len(state.forced)  # at least
    if state.step < made:
        fail(f"{path}.step", f"{made} actions at least were taken, not {state.step}")
    if state.acted_since_draw and not rules.action_types:
        fail(f"{path}.acted_since_draw", f"{rules.name} has no action of its own to have taken")
    if state.next_dealer is not None and not state.wins:
        fail(f"{path}.next_dealer", "only a win fixes the next dealer during the hand")
    if not state.discards_made and not ended:  # the dealer's turn, or the next seat's after
        first = next(  # a dealt win (天胡, tiānhú) where the hand goes on (血战)
            (state.dealer + k) % n for k in range(n) if not state.seats[(state.dealer + k) % n].won
        )
        if state.current != first:
            fail(f"{path}.current", f"before the first discard seat {first} is in turn")
    won = sum(1 for s in state.seats if s.won)
    if not ended and (won if rules.win_ends_hand else won >= n - 1):
        fail(f"{path}.seats", f"{won} seats have won and the hand goes on")
    if not ended and state.seats[state.current].won:
        fail(f"{path}.current", f"seat {state.current} has won: it takes no turn")


def _check_seats(state: State, rules: Rules, path: str) -> None:
    wilds = state.wild_kinds
    when = own_when(rules, state)
    turn = state.phase in (Phase.TURN, Phase.ROB) or when is When.AFTER_DEAL
    holding = state.current if turn else None  # (after the deal, the dealer holds 14)
    ended = state.phase is Phase.ENDED or when is When.AT_END
    kinds = rules.wall_tiles.distinct().mask  # the tile kinds of the game
    for index, seat in enumerate(state.seats):
        where = f"{path}.seats[{index}]"
        size = seat.tiles_count
        if seat.won or ended:
            if size not in (13, 14):
                fail(f"{where}.concealed", f"a hand holds 13 or 14 tiles, got {size}")
        elif size != (14 if index == holding else 13):
            fail(
                f"{where}.concealed",
                f"a hand holds 14 tiles (3k+2) in its turn and 13 (3k+1) otherwise, got {size}",
            )
        if seat.turn_draws and index != holding and not seat.won and not ended:
            fail(f"{where}.turn_draws", "only the seat in turn has drawn this turn")
        if (
            index == holding
            and not state.acted_since_draw
            and seat.turn_draws[-1:] != (() if seat.drawn is None else (seat.drawn,))
        ):
            fail(f"{where}.turn_draws", f"the tile it drew last is {seat.drawn}")
        # a seat that has won keeps the draws of the turn it won in (杠上花 after a kong: two):
        # that turn's kongs are among the kongs it holds
        chain = state.kong_chain if index == state.current else sum(m.is_kong for m in seat.melds)
        if len(seat.turn_draws) > chain + 1:
            fail(f"{where}.turn_draws", "a turn draws once and once more for each kong")
        if seat.pass_peng.mask & ~kinds:
            fail(f"{where}.pass_peng", "tiles this game does not play with")
        _check_drawn(state, index, index == holding, where)
        if not seat.pass_hu and seat.pass_hu_fan != -1:
            fail(f"{where}.pass_hu_fan", "a declined win's fan is kept only while 过手胡 blocks")
        if seat.pass_hu_fan != -1 and not rules.tracks_declined_fan():
            fail(f"{where}.pass_hu_fan", "this room does not compare declined fan")
        if wilds and not rules.discards_wildcards and any(t in wilds for t in seat.discards):
            fail(f"{where}.discards", f"a wildcard is never discarded in {rules.name}")
        for j, meld in enumerate(seat.melds):
            if meld.wild_tiles and any(t not in wilds for t in meld.wild_tiles):
                fail(f"{where}.melds[{j}].wild_tiles", f"not wildcards here: {meld}")
            if wilds and meld.tile in wilds:
                fail(f"{where}.melds[{j}].tile", "no meld of a wildcard kind (YS-WILD-3)")
    claimed: Counter[tuple[int, int]] = Counter(
        (m.from_seat, m.tile.index) for s in state.seats for m in s.melds if m.from_seat is not None
    )
    for (giver, index), count in sorted(claimed.items()):
        tile = Tile(index)
        if state.seats[giver].discards.count(tile) < count:
            fail(
                f"{path}.seats[{giver}].discards",
                f"{count} melds took a {tile} it never discarded (or not as often)",
            )
    if state.discards_made != sum(len(s.discards) for s in state.seats):
        fail(f"{path}.discards_made", "it counts every discard of every seat")


def _check_drawn(state: State, index: int, holding: bool, where: str) -> None:
    """The tile a seat drew (``drawn``) is in its hand: a seat that has discarded since, or
    claimed, or won on another's tile holds none, and one that won by self-draw holds the tile
    it won on; the tiles of its turn's draws are in its hand or melds (konged since). Only at
    the end may the drawn tile be in a meld: a kong whose replacement the empty wall could not
    give (流局)."""
    seat = state.seats[index]
    drawn, last = seat.drawn, index == state.current  # at the end: the seat last in turn
    if drawn is None and not seat.turn_draws:
        return
    won = next((w for w in state.wins if w.seat == index), None)
    if won is not None and won.how is not WinKind.SELF_DRAW:
        fail(f"{where}.drawn", f"it won on seat {won.from_seat}'s tile, after its own discard")
    over = state.phase is Phase.ENDED or state.result is not None  # (or in a phase at the end)
    if drawn is not None and not (holding or seat.won or (over and last)):
        fail(f"{where}.drawn", "only the seat in turn holds a tile it drew this turn")
    concealed = seat.concealed
    result = state.result
    robbed = any(w.how is WinKind.ROB_KONG and w.from_seat == index for w in state.wins)
    # (its 补杠 robbed in 血战 stands, and the win ended the hand before its replacement)
    no_replacement = result is not None and (result.exhausted or robbed) and last
    if drawn is not None and not (
        _held(concealed, seat.melds, drawn) if no_replacement else concealed.count(drawn)
    ):
        fail(f"{where}.drawn", f"it holds no {drawn}")
    # the dealer's win in his first turn (天胡) may be shown on any tile held (Sichuan: the
    # highest, also after a kong): no single tile completed his dealt hand
    dealt = (
        index == state.dealer and not seat.discards and concealed.count(won.tile) > 0
        if won
        else False
    )
    if won is not None and drawn is not None and drawn != won.tile and not dealt:
        fail(f"{where}.drawn", f"it won by self-draw on {won.tile}, the tile it drew, not {drawn}")
    draws = seat.turn_draws
    if any(draws.count(t) > _held(concealed, seat.melds, t) for t in set(draws)):
        fail(f"{where}.turn_draws", "tiles drawn this turn are not in its hand or melds")


def _held(concealed: TileCounts, melds: tuple[Meld, ...], tile: Tile) -> int:
    """Copies of ``tile`` in a seat's hand and melds (wildcards in melds as themselves)."""
    count = concealed.count(tile)
    for meld in melds:
        if meld.tile is tile:
            count += meld.kind.size - len(meld.wild_tiles)
        elif meld.wild_tiles:
            count += meld.wild_tiles.count(tile)
    return count
