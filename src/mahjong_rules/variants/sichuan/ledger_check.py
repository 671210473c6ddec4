"""The check of a read Sichuan ledger: it is rebuilt from the facts on the table and compared.

The ledger holds, in the order made, the money of the kongs on the table (刮风下雨, each group
with its kong's ref), the wins (SC-PAY-1..3), the kong money given back (SC-REFUND-1 for a
robbed 补杠, SC-REFUND-2 杠上炮 before the win on the discard, SC-REFUND-4 after a 诈胡) and, once
the hand has ended, the end's payments (查叫, 退税, the penalties: SC-END-2). :func:`ledger_problem`
walks it in that order, with the seats that had won at each point, and refuses any payment the
rules do not make there: an amount, a payer or a payee other than the rules', a kong group that
no kong on the table (or the 补杠 robbed) accounts for, a refund no win or 诈胡 implies, a win
paid other than its breakdown says, or an end other than :func:`.settlement.end_payments` of the
hand as it stood.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from mahjong_rules.engine.settlement import POT, Payment, PaymentReason, WinRecord
from mahjong_rules.engine.state import State, replace
from mahjong_rules.melds import MeldKind
from mahjong_rules.scoring import WinKind
from mahjong_rules.variants.sichuan import settlement
from mahjong_rules.variants.sichuan.false_hu import FALSE_HU_PENALTY

__all__ = ["ledger_problem"]

KONG, REFUND, WIN = PaymentReason.KONG, PaymentReason.KONG_REFUND, PaymentReason.WIN
PENALTY = PaymentReason.PENALTY


class _Wrong(Exception):
    """A payment the rules do not make where it stands: the field (under the state) and why."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(field, why)
        self.field, self.why = field, why


def ledger_problem(rules: settlement.SettlingRules, state: State) -> tuple[str, str] | None:
    """What is wrong with ``state.ledger``: the field (``ledger[i]``, or ``next_ref``) and
    why, or ``None``."""
    ledger = state.ledger
    if state.result is None:
        return _walk(rules, state, len(ledger)) or _refs(state)
    money = [i for i, p in enumerate(ledger) if p.reason in (KONG, WIN)]
    first_error: tuple[str, str] | None = None
    for k in range(money[-1] + 1 if money else 0, len(ledger) + 1):
        problem = _walk(rules, state, k)
        if problem is None:
            before = replace(state, ledger=ledger[:k], result=None)
            end, _ = settlement.end_payments(rules, before)
            if list(ledger[k:]) == end:
                return _refs(state)
            problem = (f"ledger[{k}]", f"the end pays {end}, not {list(ledger[k:])} (SC-END-2)")
        first_error = first_error or problem
    return first_error


class _Walk:
    """The ledger read from the start: where it is, who has won, the kong groups made."""

    def __init__(self, rules: settlement.SettlingRules, state: State, stop: int) -> None:
        self.rules, self.state, self.stop = rules, state, stop
        self.ledger = state.ledger[:stop]
        self.i = 0
        self.won = [False] * state.players
        self.wins = 0  # the wins read so far (state.wins in order)
        self.last_ref = 0
        self.groups: list[tuple[int, frozenset[str]]] = []  # (owner, the kongs it may be)

    def at(self, k: int = 0) -> Payment | None:
        j = self.i + k
        return self.ledger[j] if j < self.stop else None

    def wrong(self, why: str) -> _Wrong:
        return _Wrong(f"ledger[{self.i}]", f"{self.at()}: {why}")

    def others(self, seat: int) -> list[int]:
        return [p for p in range(self.state.players) if p != seat and not self.won[p]]

    def take(self, expected: Sequence[Payment], why: str) -> None:
        got = list(self.ledger[self.i : self.i + len(expected)])
        if got != list(expected):
            raise self.wrong(f"{why}: the rules pay {list(expected)} here")
        self.i += len(expected)

    def run(self) -> None:
        while self.i < self.stop:
            p = self.at()
            assert p is not None
            if p.reason is KONG and p.ref > self.last_ref:
                self.kong(p)
            elif p.reason is PENALTY and p.amount == FALSE_HU_PENALTY and p.payee is not POT:
                self.false_hu(p.payer)
            elif p.reason in (WIN, REFUND, KONG):
                self.win()
            else:
                raise self.wrong("no kong, win or 诈胡 of the hand makes it (only its end could)")
        if self.wins != len(self.state.wins):
            raise _Wrong("wins", f"wins[{self.wins}] is not paid in the ledger (SC-PAY-1..3)")

    def kong(self, first: Payment) -> None:
        """A kong's group (SC-GANG-PAY-1..3): to its maker, from the seats un-won then."""
        owner, ref = first.payee, first.ref
        assert isinstance(owner, int)
        if ref >= self.state.next_ref + 1:
            raise self.wrong(f"ref {ref}: the hand's kongs have refs below {self.state.next_ref}")
        j = self.i
        while j < self.stop and _same_group(self.ledger[j], first):
            j += 1
        group = self.ledger[self.i : j]
        others = self.others(owner)
        payers = [p.payer for p in group]
        kinds: set[str] = set()
        if all(p.amount == 2 for p in group) and len(group) == 1:
            kinds.add(f"zhi{group[0].payer}")
        if all(p.amount == 2 for p in group) and payers == others:
            kinds.add("an")
        if all(p.amount == 1 for p in group) and payers == others:
            kinds.add("bu")
        if not kinds or any(p.payee != owner for p in group):
            raise self.wrong(f"no kong of seat {owner} pays {list(group)} (SC-GANG-PAY-1..3)")
        self.i, self.last_ref = j, ref
        fine = Payment(owner, POT, settlement.PENALTY, PENALTY)
        if "an" in kinds and self.at() == fine:  # a 暗杠 of its void suit (SC-PENALTY-2)
            self.i += 1
            kinds = {"an_void"}
        win = self.next_win()
        robbed = win is not None and win.how is WinKind.ROB_KONG and win.from_seat == owner
        if "bu" in kinds and robbed and self.at() == settlement.refund(group)[0]:
            # robbed: its money comes back before the wins (SC-REFUND-1)
            self.take(settlement.refund(group), f"kong {ref} robbed comes back whole")
            assert win is not None
            if win.from_seat != owner:
                raise self.wrong(f"seat {win.seat} robbed seat {win.from_seat}, not {owner}")
            self.pay_wins()
            return
        pending = self.state.pending
        if pending is not None and ref == self.state.next_ref:
            if pending.seat != owner or kinds != {"bu"} or self.i != self.stop:
                raise self.wrong(f"ref {ref} is the pending 补杠's, paid last")
            return
        self.groups.append((owner, frozenset(kinds)))

    def false_hu(self, seat: int) -> None:
        """诈胡 (SC-WIN-3, SC-REFUND-4): 8 to each other un-won seat, its kong money back."""
        if self.rules.options.false_hu != "penalty":
            raise self.wrong("this room refuses a false hu: no 诈胡 is paid")
        payments = [Payment(seat, p, FALSE_HU_PENALTY, PENALTY) for p in self.others(seat)]
        for group in settlement.held_groups(self.ledger[: self.i], seat).values():
            payments += settlement.refund(group)
        self.take(payments, f"seat {seat}'s 诈胡")

    def next_win(self) -> WinRecord | None:
        wins = self.state.wins
        return wins[self.wins] if self.wins < len(wins) else None

    def win(self) -> None:
        """The wins on one tile, after the 杠上炮 refund their discarder gives (SC-REFUND-2)."""
        win = self.next_win()
        if win is None:
            raise self.wrong("no win of the hand is paid here")
        if win.how is WinKind.DISCARD and win.from_seat is not None:
            self.shoot(win.from_seat, win.seat)
        self.pay_wins()

    def shoot(self, giver: int, first: int) -> None:
        """杠上炮: what the discarder gives back (or passes on) before the win, if anything."""
        p = self.at()
        if p is None or p.reason is WIN or p.payer != giver:
            return
        held = settlement.held_groups(self.ledger[: self.i], giver)
        if not held:
            raise self.wrong(f"seat {giver} holds no kong money to give back (SC-REFUND-2)")
        how = self.rules.options.gang_shang_pao_refund
        latest = held[max(held)]
        if how == "latest_paid":
            self.take(settlement.refund(latest), "杠上炮 gives back the latest kong money")
        elif how == "transfer":
            total = sum(q.amount for q in latest)
            self.take([Payment(giver, first, total, KONG, max(held))], "杠上炮 passes it on")
        else:  # this_turn: the kongs of the turn, the latest of the hand
            j = self.i
            while (
                j < self.stop and self.ledger[j].reason is REFUND and self.ledger[j].payer == giver
            ):
                j += 1
            refs = sorted({q.ref for q in self.ledger[self.i : j]})
            turn = [r for r in sorted(held) if r >= min(refs, default=0)]
            if not refs or turn != [r for r in refs if r in held] or turn[-1] != self.last_ref:
                raise self.wrong("杠上炮 gives back the kong money of the discarder's turn")
            self.take([q for r in turn for q in settlement.refund(held[r])], "杠上炮 this turn")

    def pay_wins(self) -> None:
        """The wins on one tile (一炮多响: several, in play order), each paid as SC-PAY-1..2."""
        win = self.next_win()
        assert win is not None
        one_tile = (win.how, win.from_seat, win.tile)
        while win is not None and (win.how, win.from_seat, win.tile) == one_tile:
            points = win.breakdown.points
            if win.from_seat is not None:
                expected = [Payment(win.from_seat, win.seat, points, WIN)]
            else:
                points += self.rules.options.self_draw_bonus
                expected = [Payment(p, win.seat, points, WIN) for p in self.others(win.seat)]
            self.take(expected, f"state.wins[{self.wins}] (seat {win.seat}) is paid so")
            self.won[win.seat] = True
            self.wins += 1
            if win.how is WinKind.SELF_DRAW:
                return
            win = self.next_win()
            nxt = self.at()
            if nxt is None or nxt.reason is not WIN:
                return


def _same_group(p: Payment, first: Payment) -> bool:
    """Whether ``p`` is of ``first``'s kong group (a 呼叫转移 payment that follows it is not)."""
    return p.reason is KONG and p.ref == first.ref and p.payee == first.payee


def _walk(rules: settlement.SettlingRules, state: State, stop: int) -> tuple[str, str] | None:
    walk = _Walk(rules, state, stop)
    try:
        walk.run()
        _match_kongs(state, walk.groups)
    except _Wrong as exc:
        return exc.field, exc.why
    return None


def _match_kongs(state: State, groups: list[tuple[int, frozenset[str]]]) -> None:
    """Every 直杠 and 暗杠 on the table was paid by one group; a 补杠 by one or none (made
    later than the peng's tile was drawn: SC-GANG-PAY-3)."""
    for seat, mine in enumerate(state.seats):
        melds = Counter(
            "bu"
            if m.kind is MeldKind.BU_GANG
            else f"zhi{m.from_seat}"
            if m.kind is MeldKind.ZHI_GANG
            else "an_void"
            if m.tile.suit is mine.variant.void
            else "an"
            for m in mine.melds
            if m.is_kong
        )
        for kinds in sorted((k for s, k in groups if s == seat), key=len):
            # one payer of 2 may be a 直杠's or a 暗杠's: a 直杠 on the table takes it first
            order = sorted(kinds, key=lambda k: (not k.startswith("zhi"), k))
            kind = next((k for k in order if melds[k] > 0), None)
            if kind is None:
                raise _Wrong("ledger", f"seat {seat} holds no kong paid as {order}")
            melds[kind] -= 1
        unpaid = sorted(k for k, n in melds.items() if n > 0 and k != "bu")
        if unpaid:
            raise _Wrong("ledger", f"seat {seat}'s kong ({unpaid[0]}) was never paid")


def _refs(state: State) -> tuple[str, str] | None:
    """Every kong took a ref, a robbed 补杠 too unless its robbing ended the hand."""
    kongs = sum(1 for s in state.seats for m in s.melds if m.is_kong)
    robs = {(w.from_seat, w.tile) for w in state.wins if w.how is WinKind.ROB_KONG}
    last = state.wins[-1] if state.wins else None
    if (
        state.result is not None
        and last is not None
        and last.how is WinKind.ROB_KONG
        and last.from_seat is not None
        and state.current == last.from_seat
        and state.seats[last.from_seat].discards[-1:] == (last.tile,)
    ):
        robs.discard((last.from_seat, last.tile))  # it ended the hand: no ref was taken
    if state.next_ref != kongs + len(robs) + 1:
        expected = kongs + len(robs) + 1
        return "next_ref", f"{kongs} kongs and {len(robs)} robbed 补杠 make it {expected}"
    return None
