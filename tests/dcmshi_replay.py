"""Replay hands recorded from dcmshi/sichuan-mahjong in the library, hand for hand (issue 20).

Usage, from the repository root::

    python tests/dcmshi_replay.py [--stacked] [--first N] [FILE.jsonl.gz ...]

With no file it reads ``tests/data/dcmshi/dcmshi-2000.jsonl.gz`` (MIT, notice beside it). For
each file it prints ``read N hands, M walls match`` (M: the hands whose dealer and wall
``dcmshi_deal`` works out from the seed, SC-DEALER-1, SC-DEAL-1; ``--stacked``: the walls were
laid out by the recorder, as in ``tests/data/dcmshi_tiandi/``, and are not checked against the
seeds, ``read N hands, walls stacked``), then ``matched N of M hands``
and, for each hand that does not match, its seed, the step (the index in the record's
``steps``, or ``end``) and the first difference. ``--first N`` replays only the first N hands
of each file. Exit status: 0 when every wall and every hand matched, 1 when not, 2 when a file
could not be read (the line and the field named).

A hand is replayed in ``get_variant("sichuan")`` as SICHUAN.md's last section says
(``dcmshi_translate`` holds the maps), from the explicit wall of ``dcmshi_deal.library_wall``
with library dealer 0 and the hand's options; at each recorded step:

* a ``draw``: the library, which draws itself, has that seat in turn, holding the tile drawn
  (dcmshi's ``wall[53]``, ``wall[54]`` … in order, SC-DEAL-1);
* any other move of play: the seats the library asks are the seats dcmshi listed, and each
  one's legal actions are dcmshi's list translated — after the one filter of SICHUAN.md's
  point 3 the corpus needs: in a turn entered by a peng dcmshi lists ``hu_draw`` but refuses it
  (SC-CLAIM-3), so it is dropped there (and with ``enableHeavenlyEarthly`` off the library's
  Hu in the dealer's first turn, which dcmshi does not list, SC-PAT-地胡); dcmshi records no list
  for 换三张 and 定缺;
* the move is one of the library's legal actions, and applies;
* the payments the step made are dcmshi's ``paid``, as multisets of (reason, payer, payee,
  amount): hu = WIN, kong = KONG, buTing = CHA_JIAO, flowerPig / falseHu / voidPenalty /
  voidMeldPenalty = PENALTY (to the pot: ``null``), kongRefund = KONG_REFUND (退杠, from the
  konger back to the seat that paid; ``dcmshi_translate.library_payments``).

At the end: every seat's score change (the ledger's sum) and the pot, the winners in order, each
win's kind, tile, discarder, pattern score (``handValue``) and fan after the cap (SC-PAT-MAX:
dcmshi keeps the first best reading, so only a total below the cap must be equal; a 天胡 or 地胡
scores the cap whatever the hand, SC-PAT-天胡 and SC-PAT-地胡, and both engines list the hand's
own fans beside it: the library's breakdown holds that one limit pattern at the cap, the fan
of its other lines is the record's ``fans`` capped, and below the cap its patterns are the
record's, ``dcmshi_translate.recorded_keys``), every seat's
void suit, whether each un-won seat was ready (``isReady``, SC-CHAJIAO-2), and the next dealer
(SC-DEALER-2).
"""

from __future__ import annotations

import functools
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import islice
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent))
# run as a script, the checkout's library comes first, whatever is installed
sys.path.insert(
    0 if __name__ == "__main__" else len(sys.path), str(Path(__file__).parents[1] / "src")
)

from dcmshi_data import CORPUS, SUITS, DcmshiDataError, Hand, Step, read_hands
from dcmshi_deal import deal, library_wall, tile_of
from dcmshi_translate import (
    LIMITS,
    Paid,
    Table,
    legal_actions,
    library_options,
    library_payments,
    move_action,
    recorded_fan,
    recorded_keys,
    recorded_payments,
)
from mahjong_rules import get_variant
from mahjong_rules.engine.actions import Action, Hu
from mahjong_rules.engine.settlement import Payment
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.errors import IllegalActionError
from mahjong_rules.scoring import WinKind
from mahjong_rules.variants.base import Rules

__all__ = ["Outcome", "main", "replay", "rules_of", "wall_matches"]

_PHASES_OWN = ("huanSelect", "declareVoid")  # dcmshi records no legal list there
_TURN_MOVES = ("discard", "flipFirstDiscard", "declareKongOnTurn", "declareHuOnDraw")
_WIN_SUBTYPES = {"robbingTheKong": WinKind.ROB_KONG}
LIMIT_KEYS = frozenset(LIMITS.values())
_FRONT = 53  # dcmshi's first draw: wall[53] (13 a seat and the dealer's 14th dealt before)


def wall_matches(hand: Hand) -> bool:
    """Whether the port deals ``hand``'s recorded dealer and wall from its seed."""
    made = deal(hand.seed)
    return made.dealer == hand.dealer and made.wall == hand.wall


@attrs.frozen
class Outcome:
    """How one hand replayed: matched, or the first difference and where."""

    seed: str
    step: int | None = None
    """The index in ``steps`` of the first difference, ``len(steps)`` for the end; ``None``:
    the hand matched."""
    difference: str = ""

    @property
    def matched(self) -> bool:
        """Whether the hand matched, step for step and at the end."""
        return self.step is None

    def where(self, steps: int) -> str:
        """``step 12`` or ``end``."""
        return "end" if self.step == steps else f"step {self.step}"


class _Differs(Exception):
    def __init__(self, step: int, difference: str) -> None:
        super().__init__(difference)
        self.step = step
        self.difference = difference


@functools.cache
def _rules(options: tuple[tuple[str, Any], ...]) -> Rules:
    return get_variant("sichuan", **dict(options))


def rules_of(hand: Hand, **overrides: Any) -> Rules:
    """The library's room for ``hand`` (its options, the swap direction explicit), with any
    option ``overrides``."""
    return _rules(tuple(sorted({**library_options(hand), **overrides}.items())))


def _shown(actions: Iterable[Action]) -> str:
    return ", ".join(sorted(str(a) for a in actions)) or "nothing"


def _shown_paid(paid: Counter[Paid]) -> str:
    items = []
    for (reason, payer, payee, amount), count in sorted(paid.items(), key=str):
        to = "pot" if payee is None else str(payee)
        items.append(f"{reason} {payer}->{to} {amount}" + (f" x{count}" if count > 1 else ""))
    return ", ".join(items) or "nothing"


def _payments(state: State) -> tuple[Payment, ...]:
    """What stands paid: the ledger, or the result's payments once the hand has ended."""
    return state.result.payments if state.result is not None else state.ledger


class _Replay:
    """One hand, step by step; raises :class:`_Differs` at the first difference."""

    def __init__(self, hand: Hand, overrides: dict[str, Any]) -> None:
        self.hand = hand
        self.index = 0  # the step being replayed
        self.table = Table(hand.dealer)
        self.rules = rules_of(hand, **overrides)
        self.state = self.rules.new_hand(wall=library_wall(hand.dealer, hand.wall), dealer=0)
        self.pung: int | None = None  # the dcmshi seat whose claimed peng may give it the turn
        self.pung_turn = False  # dcmshi's turnEnteredByPung for that seat
        self.draws = 0  # ordinary draws so far: the next is dcmshi's wall[53 + draws]

    def run(self) -> None:
        for index, step in enumerate(self.hand.steps):
            self.index = index
            self.step(index, step)
        self.index = len(self.hand.steps)
        self.end(self.index)

    def step(self, index: int, step: Step) -> None:
        move, state, rules, table = step.move, self.state, self.rules, self.table
        if rules.is_over(state):
            raise _Differs(index, f"the library's hand is over; dcmshi plays {move.kind}")
        to_act = rules.to_act(state)
        if move.kind == "draw":
            self.pung, self.pung_turn = None, False
            if move.seat is None:  # the reader refuses one: every draw has its seat
                raise _Differs(index, "a draw of no seat")
            seat = table.seat(move.seat)
            if state.phase is not Phase.TURN or state.current != seat:
                asked = sorted(table.dcmshi(k) for k in to_act)
                raise _Differs(index, f"dcmshi seat {move.seat} draws; the library asks {asked}")
            drawn = tile_of(self.hand.wall[_FRONT + self.draws])
            self.draws += 1
            if state.seats[seat].drawn != drawn:  # SC-DEAL-1: draws from the front, in order
                mine = state.seats[seat].drawn
                raise _Differs(index, f"dcmshi seat {move.seat} draws {drawn}, the library {mine}")
            return
        if move.kind in _TURN_MOVES:
            self.pung_turn = self.pung == move.seat
        if move.kind not in _PHASES_OWN:
            self.compare_legal(index, step, to_act)
        try:
            actions = move_action(move, table, state, to_act)
        except DcmshiDataError as error:
            raise _Differs(index, str(error)) from None
        before = _payments(state)
        for action in actions:
            listed = rules.legal_actions(state, action.seat)
            if action not in listed:
                raise _Differs(
                    index, f"dcmshi's {move.kind} is {action}; the library lists {_shown(listed)}"
                )
            try:
                state = rules.apply(state, action)
            except IllegalActionError as error:  # any other error is the library's own fault
                raise _Differs(index, f"{action} refused: {error}") from None
        self.state = state
        if move.kind == "claim" and move.claim == "pung":
            self.pung = move.seat
        elif move.kind in ("discard", "flipFirstDiscard"):
            self.pung, self.pung_turn = None, False
        paid = library_payments(before, _payments(state), table)
        wanted = recorded_payments(step.paid)
        if paid != wanted:
            raise _Differs(
                index,
                f"after {move.kind} of dcmshi seat {move.seat}: only dcmshi paid "
                f"{_shown_paid(wanted - paid)}; only the library {_shown_paid(paid - wanted)}",
            )

    def compare_legal(self, index: int, step: Step, to_act: Iterable[int]) -> None:
        state, table = self.state, self.table
        asked = sorted(d for d in range(4) if step.legal[d])
        ours = sorted(table.dcmshi(k) for k in to_act)
        if asked != ours:
            raise _Differs(index, f"asked: dcmshi seats {asked}, the library's {ours}")
        for d in asked:
            seat = table.seat(d)
            codes = step.legal[d]
            if self.pung_turn and d == step.move.seat:
                codes = tuple(c for c in codes if c != "hu_draw")  # SC-CLAIM-3 (point 3)
            try:
                theirs = legal_actions(codes, seat, state)
            except DcmshiDataError as error:
                raise _Differs(index, f"dcmshi seat {d}: {error}") from None
            mine = set(self.rules.legal_actions(state, seat))
            if not state.options.tian_di_hu and self.first_turn(seat):
                mine.discard(Hu(seat))  # SC-PAT-地胡 (point 3): dcmshi lists no such win
            if theirs != mine:
                raise _Differs(
                    index,
                    f"legal of dcmshi seat {d} (library {seat}): only dcmshi "
                    f"{_shown(theirs - mine)}; only the library {_shown(mine - theirs)}",
                )

    def first_turn(self, seat: int) -> bool:
        state = self.state
        return state.phase is Phase.TURN and seat == state.dealer and state.discards_made == 0

    def end(self, index: int) -> None:
        hand, table, state = self.hand, self.table, self.state
        result = self.rules.result(state)
        if result is None:
            left = sorted(table.dcmshi(k) for k in self.rules.to_act(state))
            raise _Differs(index, f"dcmshi's hand is over; the library asks dcmshi seats {left}")

        def check(what: str, theirs: object, mine: object) -> None:
            if theirs != mine:
                raise _Differs(index, f"{what}: dcmshi {theirs}, the library {mine}")

        check(
            "score change", hand.score_change, tuple(result.deltas[table.seat(d)] for d in range(4))
        )
        check("pot", hand.end.penalty_pot, result.pot)
        check("winners", hand.end.hu_order, tuple(table.dcmshi(w.seat) for w in result.wins))
        cap = state.options.fan_cap
        for won in result.wins:
            d = table.dcmshi(won.seat)
            record = hand.end.seats[d].hu
            if record is None:
                raise _Differs(index, f"dcmshi seat {d} has no hu record")
            how = (
                _WIN_SUBTYPES.get(record.subtype, WinKind.DISCARD)
                if record.by_discard
                else WinKind.SELF_DRAW
            )
            source = None if won.from_seat is None else table.dcmshi(won.from_seat)
            check(f"seat {d}'s win", how, won.how)
            check(f"seat {d}'s winning tile", tile_of(record.winning_tile), won.tile)
            check(f"seat {d}'s discarder", record.discarder, source)
            check(f"seat {d}'s pattern score", record.hand_value, won.breakdown.points)
            fan, mine = recorded_fan(record), won.breakdown.fan
            if record.subtype in LIMITS:  # the cap whatever the hand, the hand's fans beside it
                limits = tuple((i.key, i.fan) for i in won.breakdown.items if i.key in LIMIT_KEYS)
                check(f"seat {d}'s limit pattern", ((LIMITS[record.subtype], cap),), limits)
                mine -= cap
                if fan < cap:
                    check(
                        f"seat {d}'s patterns",
                        sorted(recorded_keys(record)),
                        sorted(won.breakdown.keys),
                    )
            check(f"seat {d}'s fan (capped at {cap})", min(fan, cap), min(mine, cap))
        for d, seat in enumerate(hand.end.seats):
            k = table.seat(d)
            check(
                f"seat {d}'s void suit", seat.voided_suit, _suit_name(state.seats[k].variant.void)
            )
            check(f"seat {d} won", seat.status == "hu", state.seats[k].won)
            if seat.status == "playing":
                check(f"seat {d} ready", seat.is_ready, result.ready.get(k))
        check("next dealer", hand.end.next_dealer, table.dcmshi(result.next_dealer))


def _suit_name(suit: Any) -> str | None:
    """dcmshi's name of a library suit (``None``: none)."""
    return None if suit is None else SUITS["mps".index(suit.value)]


def replay(hand: Hand, **overrides: Any) -> Outcome:
    """Replay ``hand`` in the library (in its room, or with option ``overrides``): matched, or
    the first difference. The library raising (dealing, listing, scoring) is a difference at
    the step it raised in."""
    replaying: _Replay | None = None
    try:
        replaying = _Replay(hand, overrides)
        replaying.run()
    except _Differs as differs:
        return Outcome(hand.seed, differs.step, differs.difference)
    except Exception as error:
        index = 0 if replaying is None else replaying.index
        return Outcome(hand.seed, index, f"the library raised {type(error).__name__}: {error}")
    return Outcome(hand.seed)


def _replay_file(path: str, first: int | None, stacked: bool = False) -> int:
    hands = walls = matched = 0
    missed: list[str] = []
    differs: list[str] = []
    for hand in islice(read_hands(path), first):
        hands += 1
        if stacked or wall_matches(hand):
            walls += 1
        else:
            missed.append(hand.seed)
        outcome = replay(hand)
        if outcome.matched:
            matched += 1
        else:
            where = outcome.where(len(hand.steps))
            differs.append(f"  seed {hand.seed!r}, {where}: {outcome.difference}")
    print(f"read {hands} hands, " + ("walls stacked" if stacked else f"{walls} walls match"))
    for seed in missed:
        print(f"  wall differs: seed {seed!r}")
    print(f"matched {matched} of {hands} hands")
    for line in differs:
        print(line)
    return 0 if walls == matched == hands else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Replay every file named (the corpus if none); 0 if every wall and hand matched, 1 if
    not, 2 if a file could not be read."""
    args = list(sys.argv[1:] if argv is None else argv)
    first: int | None = None
    stacked = args[:1] == ["--stacked"]
    if stacked:
        args = args[1:]
    if args[:1] == ["--first"]:
        if len(args) < 2 or not args[1].isdigit():
            print("--first takes a number of hands", file=sys.stderr)
            return 2
        first, args = int(args[1]), args[2:]
    status = 0
    for path in args or [str(CORPUS)]:
        try:
            status = max(status, _replay_file(path, first, stacked))
        except (OSError, EOFError, DcmshiDataError) as error:
            print(f"{path}: {error}", file=sys.stderr)
            return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
