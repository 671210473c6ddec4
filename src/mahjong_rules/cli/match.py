"""``play --hands K``: a match of K hands by bots, each hand's line printed as it ends, and a
table per seat at the end.

The table counts, per seat: 胡 wins, 自摸 self-drawn wins, 点炮 given (wins on the seat's discard
or robbed kong), kongs made (杠, in the hand's final melds), then, for each kind of payment the
variant makes besides wins (:attr:`~mahjong_rules.engine.hooks.Hooks.payment_reasons`: 杠分 kong
money, 退杠 kong money returned, 罚分 penalty, 查叫), what the seat paid and received of it, and
the seat's total score. A variant without 罚分 has no 罚分 columns.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Collection, Iterator, Sequence

import attrs

from mahjong_rules.bots import Bot
from mahjong_rules.cli.common import seed_text, signed
from mahjong_rules.cli.progress import Progress
from mahjong_rules.engine.match import Match
from mahjong_rules.engine.settlement import HandResult, OwnReason, PaymentReason
from mahjong_rules.engine.state import State
from mahjong_rules.records import HandRecord
from mahjong_rules.scoring import WinKind
from mahjong_rules.variants import Rules
from mahjong_rules.words.events import hand_lines
from mahjong_rules.words.payments import payment_items, settlement_lines

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
    paid: dict[PaymentReason | OwnReason, int] = attrs.field(factory=dict)
    """Points paid, by reason."""
    received: dict[PaymentReason | OwnReason, int] = attrs.field(factory=dict)
    """Points received, by reason."""

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
            if p.payer == seat:
                self.paid[p.reason] = self.paid.get(p.reason, 0) + p.amount
            if p.payee == seat:
                self.received[p.reason] = self.received.get(p.reason, 0) + p.amount


def columns(text: str) -> int:
    """How many terminal columns ``text`` takes (a Chinese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` terminal columns."""
    return " " * max(0, width - columns(text)) + text


_COUNTS = ("seat", "胡 wins", "自摸", "点炮 given", "杠 kongs")
_PAYMENT_COLUMNS = (
    (PaymentReason.KONG, "杠分"),
    (PaymentReason.KONG_REFUND, "退杠"),
    (PaymentReason.PENALTY, "罚分"),
    (PaymentReason.CHA_JIAO, "查叫"),
)
"""The kinds of payment counted in columns of their own, in order (wins are in the totals)."""


def tally_lines(
    tallies: Sequence[SeatTally],
    scores: Sequence[int],
    reasons: Collection[PaymentReason | OwnReason] = frozenset(PaymentReason),
) -> list[str]:
    """The table: one row per seat, columns two spaces apart: the counts, then paid and
    received for each kind of payment in ``reasons`` (the variant's), then the total."""
    shown: list[tuple[PaymentReason | OwnReason, str]] = [
        (reason, name) for reason, name in _PAYMENT_COLUMNS if reason in reasons
    ]
    own = sorted((r for r in reasons if isinstance(r, OwnReason)), key=lambda r: r.value)
    shown += [(reason, reason.zh) for reason in own]  # a variant's own, by their words
    headers = [*_COUNTS]
    for _, name in shown:
        headers += [f"{name} paid", f"{name} recv"]
    headers.append("total")
    widths = [max(4, columns(h)) for h in headers]
    lines = ["  ".join(pad(h, w) for h, w in zip(headers, widths, strict=True))]
    for seat, (t, score) in enumerate(zip(tallies, scores, strict=True)):
        cells = [str(seat), str(t.wins), str(t.self_drawn), str(t.dealt_in), str(t.kongs)]
        for reason, _ in shown:
            cells += [str(t.paid.get(reason, 0)), str(t.received.get(reason, 0))]
        cells.append(signed(score))
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
                rules, seed=hand_seed, dealer=match.dealer, answers=match.answers or ()
            )  # the hand Match.new_hand would deal
            hand = play_hand(rules, bots, record)
            match = match.record(hand.states[-1])
            for seat, tally in enumerate(tallies):
                tally.add(seat, hand.result, hand.states[-1])
            lines = []
            if log:
                lines += ["", f"--- hand {k} (seed {hand_seed}, dealer seat {record.dealer})"]
                items = payment_items(rules, hand.states[-1], hand.result, "en", hand.states)
                lines += hand_lines(hand.states, "en", items)
                lines += settlement_lines(hand.result, "en", items, rules, hand.states[-1])
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
    seen = {r for t in tallies for r in (*t.paid, *t.received)}  # a variant that under-declares
    yield from tally_lines(tallies, match.scores, rules.payment_reasons | seen)


def _summary(k: int, hand: PlayedHand, totals: Sequence[int]) -> str:
    result = hand.result
    outcome = ", ".join(f"seat {w.seat} 胡 won" for w in result.wins)
    if result.exhausted:  # after wins (血战到底 plays on), the wall ran out: no draw game
        outcome += ", then the wall ran out" if outcome else "流局 draw"
    deltas = " ".join(signed(d) for d in result.deltas)
    scores = " ".join(signed(t) for t in totals)
    return (
        f"hand {k}: seed {seed_text(hand.record.seed)}, dealer seat {hand.record.dealer}, "
        f"{outcome}; deltas {deltas}; totals {scores}"
    )
