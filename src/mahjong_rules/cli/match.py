"""``play --hands K``: a match of K hands by bots, each hand's line printed as it ends, and a
table per seat at the end.

The table counts, per seat: 胡 wins, 自摸 self-drawn wins, 点炮 given (wins on the seat's discard
or robbed kong), kongs made (杠, in the hand's final melds), 罚分 (penalty) and 查叫 payments paid
and received, and the seat's total score.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Iterator, Sequence

import attrs

from mahjong_rules.bots import Bot
from mahjong_rules.cli.common import seed_text, signed
from mahjong_rules.cli.log import hand_lines, settlement_lines
from mahjong_rules.cli.progress import Progress
from mahjong_rules.engine.match import Match
from mahjong_rules.engine.settlement import HandResult, PaymentReason
from mahjong_rules.engine.state import State
from mahjong_rules.records import HandRecord
from mahjong_rules.scoring import WinKind
from mahjong_rules.variants import Rules

__all__ = ["PlayedHand", "SeatTally", "columns", "match_lines", "pad", "play_hand", "tally_lines"]


@attrs.frozen
class PlayedHand:
    """A hand the bots played: its record (deal and actions), every state and the result."""

    record: HandRecord
    states: tuple[State, ...]
    """The first state, then one per action (a match keeps only the last once logged)."""
    result: HandResult


def play_hand(rules: Rules, bots: Sequence[Bot], record: HandRecord) -> PlayedHand:
    """Let ``bots`` play the hand ``record`` deals (no actions yet) to the end, recording each
    action; the lowest seat asked acts first."""
    state = record.start()
    states = [state]
    while (result := rules.result(state)) is None:
        seat = min(rules.to_act(state))
        action = bots[seat].choose(rules.view(state, seat))
        state = rules.apply(state, action)
        record = record.with_action(action)
        states.append(state)
    return PlayedHand(record, tuple(states), result)


@attrs.define
class SeatTally:
    """One seat's counts over a match (see the module's docstring)."""

    wins: int = 0
    self_drawn: int = 0
    dealt_in: int = 0
    kongs: int = 0
    penalty_paid: int = 0
    penalty_received: int = 0
    cha_jiao_paid: int = 0
    cha_jiao_received: int = 0

    def add(self, seat: int, result: HandResult, last: State) -> None:
        """Count one hand: its result and its final state (for the kongs)."""
        for win in result.wins:
            if win.how is WinKind.CHA_JIAO:
                continue
            if win.seat == seat:
                self.wins += 1
                self.self_drawn += win.how is WinKind.SELF_DRAW
            elif win.from_seat == seat:
                self.dealt_in += 1
        self.kongs += sum(1 for m in last.seats[seat].melds if m.is_kong)
        for p in result.payments:
            if p.reason is PaymentReason.PENALTY:
                self.penalty_paid += p.amount if p.payer == seat else 0
                self.penalty_received += p.amount if p.payee == seat else 0
            elif p.reason is PaymentReason.CHA_JIAO:
                self.cha_jiao_paid += p.amount if p.payer == seat else 0
                self.cha_jiao_received += p.amount if p.payee == seat else 0


def columns(text: str) -> int:
    """How many terminal columns ``text`` takes (a Chinese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` terminal columns."""
    return " " * max(0, width - columns(text)) + text


_HEADERS = (
    "seat",
    "胡 wins",
    "自摸",
    "点炮 given",
    "杠 kongs",
    "罚分 paid",
    "罚分 recv",
    "查叫 paid",
    "查叫 recv",
    "total",
)


def tally_lines(tallies: Sequence[SeatTally], scores: Sequence[int]) -> list[str]:
    """The table: one row per seat under :data:`_HEADERS`, columns two spaces apart."""
    widths = [max(4, columns(h)) for h in _HEADERS]
    lines = ["  ".join(pad(h, w) for h, w in zip(_HEADERS, widths, strict=True))]
    for seat, (t, score) in enumerate(zip(tallies, scores, strict=True)):
        cells = [
            str(seat),
            *(str(n) for n in attrs.astuple(t)),
            signed(score),
        ]
        lines.append("  ".join(pad(c, w) for c, w in zip(cells, widths, strict=True)))
    return ["  " + line for line in lines]


def match_lines(
    rules: Rules,
    bots: Sequence[Bot],
    seed: int | str,
    dealer: int,
    hands: int,
    *,
    log: bool,
    played: list[PlayedHand] | None,
) -> Iterator[str]:
    """Play a match (hand ``k`` from the seed ``"<seed>/k"``) and yield its lines as each hand
    ends: the hand's summary (and with ``log`` its full log), then the table per seat. Each
    hand played is appended to ``played`` (with no state; ``None``: nothing is kept, so a long
    match takes little memory)."""
    match = Match(rules, first_dealer=dealer)
    tallies = [SeatTally() for _ in range(rules.players)]
    yield f"match of {hands} hands, first dealer seat {dealer}"
    progress = Progress(hands, sys.stderr)
    try:
        for k in range(1, hands + 1):
            hand_seed = f"{seed}/{k}"
            record = HandRecord.new(
                rules, seed=hand_seed, dealer=match.dealer, buy_points=match.buy_points
            )  # the hand Match.new_hand would deal
            hand = play_hand(rules, bots, record)
            match = match.record(hand.states[-1])
            for seat, tally in enumerate(tallies):
                tally.add(seat, hand.result, hand.states[-1])
            lines = []
            if log:
                lines += ["", f"--- hand {k} (seed {hand_seed}, dealer seat {record.dealer})"]
                lines += hand_lines(hand.states)
                lines += settlement_lines(hand.result)
            if played is not None:  # the log is written: keep the record and the result
                played.append(attrs.evolve(hand, states=()))
            lines.append(_summary(k, hand, match.scores))
            progress.wipe()
            yield from lines
            progress.update(k)
    finally:
        progress.close()
    yield ""
    yield f"总分 scores after {hands} hands"
    yield from tally_lines(tallies, match.scores)


def _summary(k: int, hand: PlayedHand, totals: Sequence[int]) -> str:
    result = hand.result
    outcome = ", ".join(f"seat {w.seat} 胡 won" for w in result.wins)
    if result.exhausted:
        outcome += (", then " if outcome else "") + "流局 draw"
    deltas = " ".join(signed(d) for d in result.deltas)
    scores = " ".join(signed(t) for t in totals)
    return (
        f"hand {k}: seed {seed_text(hand.record.seed)}, dealer seat {hand.record.dealer}, "
        f"{outcome}; deltas {deltas}; totals {scores}"
    )
