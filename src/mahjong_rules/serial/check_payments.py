"""The payments, wins and result of :func:`~mahjong_rules.serial.check_state`: payments of at
least 1 point between two seats, or a seat's 罚分 (fáfēn) to the pot where the room's variant
declares one (``pays_pot``); a ledger that holds exactly the payments of the kongs on the
table and (where a win does not end the hand, 血战 xuèzhàn) of the wins so far; one win per
seat, from another seat unless self-drawn; and a result whose deltas are its payments' net.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from mahjong_rules.engine.settlement import POT, OwnReason, Payment, PaymentReason, Pot, deltas_of
from mahjong_rules.engine.state import Phase, State, replace
from mahjong_rules.melds import MeldKind
from mahjong_rules.scoring import Breakdown, WinKind, fan_to_points
from mahjong_rules.serial.check_fields import fail, seat_of
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.options import Options

if TYPE_CHECKING:
    from mahjong_rules.variants.base import Rules

__all__ = [
    "check_breakdown",
    "check_ledger",
    "check_payments",
    "check_variant_ledger",
    "check_win_records",
    "check_wins",
]


def check_payments(state: State, rules: Rules, path: str) -> None:
    """Every payment of the ledger and of the result: from a seat of the table to another, or
    a 罚分 to the pot (only in a room whose variant ``pays_pot``), of 1 point or more, with a
    kong's ref (``1 .. next_ref - 1``) exactly when it pays a kong."""
    payments: list[tuple[str, Any]] = [
        (f"{path}.ledger[{i}]", p) for i, p in enumerate(state.ledger)
    ]
    result = state.result
    if result is not None:
        for name in ("payments", "cancelled"):
            payments.extend(
                (f"{path}.result.{name}[{i}]", p) for i, p in enumerate(getattr(result, name))
            )
    # a 补杠 paid as it is declared (kong_paid_before_rob) carries the next ref while it is
    # pending, in its rob window (and at an end its robbing made)
    robbed = state.pending is not None or (
        state.result is not None and bool(state.wins) and state.wins[-1].how is WinKind.ROB_KONG
    )
    top = state.next_ref + (rules.kong_paid_before_rob and robbed)
    for where, payment in payments:
        seat_of(payment.payer, state.players, f"{where}.payer")
        reason = payment.reason
        if reason.__class__ is OwnReason and reason not in rules.own_reasons:
            fail(f"{where}.reason", f"{rules.name} declares no payment reason {reason.value!r}")
        if payment.payee is POT:
            if not rules.pays_pot:
                fail(f"{where}.payee", f"{rules.name or 'this room'} pays nothing to the pot")
            if payment.reason is not PaymentReason.PENALTY:
                fail(f"{where}.reason", f"only 罚分 goes to the pot, not {payment.reason.value}")
        else:
            seat_of(payment.payee, state.players, f"{where}.payee")
        if payment.payer == payment.payee:
            fail(where, f"seat {payment.payer} pays itself")
        if payment.amount < 1:
            fail(f"{where}.amount", f"a payment is of 1 point or more, got {payment.amount}")
        is_kong = payment.reason in _KONG_REASONS
        if is_kong != (1 <= payment.ref < top) or (not is_kong and payment.ref):
            fail(f"{where}.ref", f"kong payments have a ref 1..{top - 1}, others 0")


_KONG_REASONS = (PaymentReason.KONG, PaymentReason.KONG_REFUND)
"""The reasons of a kong's payments, which carry its ref."""


def check_ledger(state: State, rules: Rules, path: str) -> None:
    """The ledger holds exactly the payments of the kongs on the table (a ref each, in the
    order made) and, where a win does not end the hand (血战), those of the wins so far; a 罚分
    to the pot may stand in it at any time (a kong's hook may fine its maker); at the end each
    of its payments is paid or cancelled. A variant that ``checks_ledger`` checks its ledger
    itself (:func:`check_variant_ledger`): only the last point is checked here then."""
    if rules.checks_ledger:
        _check_settled(state, path)
        return
    kongs = [(i, m) for i, s in enumerate(state.seats) for m in s.melds if m.is_kong]
    robbed = _robbed_at_the_end(state, rules)
    if robbed is not None:  # a kong that stands, but was never completed: no ref, no money
        kongs = [(i, m) for i, m in kongs if (i, m.kind, m.tile) != robbed]
    if state.next_ref != len(kongs) + 1:
        fail(f"{path}.next_ref", f"{len(kongs)} kongs on the table make it {len(kongs) + 1}")
    expected: Counter[tuple[int, int | Pot, int, PaymentReason | OwnReason]] = Counter(
        _key(p)
        for seat, meld in kongs
        for p in rules.kong_payments(state, seat, meld, 1)
        if _rebuilt(p)  # not a 罚分 to the pot
    )
    if not rules.win_ends_hand:
        won = [False] * state.players
        for win in state.wins:  # each win paid by the seats still in the hand then
            seats = tuple(replace(s, won=w) for s, w in zip(state.seats, won, strict=True))
            paid_then = rules.win_payments(replace(state, seats=seats), win)
            expected.update(_key(p) for p in paid_then if _rebuilt(p))
            won[win.seat] = True
    paid = Counter(_key(p) for p in state.ledger if _rebuilt(p))
    if rules.win_ends_hand and state.wins and paid != expected:
        # a variant may settle its ending win through the ledger too (the hook contract leaves
        # it to the variant): then the ledger holds those wins' payments as well
        expected.update(
            _key(p) for w in state.wins for p in rules.win_payments(state, w) if _rebuilt(p)
        )
    if paid != expected:
        fail(f"{path}.ledger", "its payments are not those of the kongs and wins on the table")
    payees: dict[int, int | Pot] = {}
    for i, payment in enumerate(state.ledger):
        if payees.setdefault(payment.ref, payment.payee) != payment.payee and payment.ref:
            fail(f"{path}.ledger[{i}].ref", "one kong's payments go to one seat")
    others = [  # a 罚分 to the pot is paid when the rules fine it, at once or at the end
        p  # (and a variant's own free payment at any time)
        for p in state.ledger
        if not _rebuilt(p) and p.payee is not POT and p.reason.__class__ is not OwnReason
    ]
    if others and state.phase is not Phase.ENDED:
        fail(f"{path}.ledger", f"a {others[0].reason.value} payment is made at the end only")
    _check_settled(state, path)


def check_variant_ledger(state: State, rules: Rules, path: str) -> None:
    """A variant that ``checks_ledger``: its ``ledger_problem``, refused at the field it names
    (run once the variant's records are checked, since its money may read them)."""
    if rules.checks_ledger:
        problem = rules.ledger_problem(state)
        if problem is not None:
            fail(f"{path}.{problem[0]}", problem[1])


def _check_settled(state: State, path: str) -> None:
    result = state.result
    if result is not None and Counter(state.ledger) - Counter(result.payments) - Counter(
        result.cancelled
    ):
        fail(f"{path}.result.payments", "every payment of the ledger is paid or cancelled")


def _robbed_at_the_end(state: State, rules: Rules) -> tuple[int, MeldKind, Tile] | None:
    """血战 (YS-PAT-抢杠胡): a robbed 补杠 (bǔgàng) stands as its maker's kong, and gets its ref
    as the maker plays on; when the robbing win ends the hand, it stands without one."""
    result = state.result
    if result is None or result.exhausted or rules.win_ends_hand or not state.wins:
        return None  # not ended, or ended by the wall (a robbed kong then had its ref)
    if not rules.robbed_kong_stands:
        return None  # a robbed kong is never made
    last = state.wins[-1]
    if last.how is not WinKind.ROB_KONG or last.from_seat is None:
        return None
    return last.from_seat, MeldKind.BU_GANG, last.tile


def _rebuilt(payment: Payment) -> bool:
    """Whether the ledger's check recomputes ``payment`` (a kong's or a win's money, a
    variant's own reason that is part of a win's, :attr:`OwnReason.win_money`)."""
    reason = payment.reason
    if reason.__class__ is OwnReason:
        return reason.win_money
    return reason is PaymentReason.KONG or reason is PaymentReason.WIN


def _key(payment: Payment) -> tuple[int, int | Pot, int, PaymentReason | OwnReason]:
    return payment.payer, payment.payee, payment.amount, payment.reason


def check_win_records(state: State, path: str) -> None:
    """Each win on its own, before the ledger's check reads them: its seat a seat of the
    table, a self-draw from nobody and any other win from another seat, no 查叫 among them, and
    a breakdown that adds up under the room's options (:func:`check_breakdown`)."""
    for i, win in enumerate(state.wins):
        where = f"{path}.wins[{i}]"
        seat_of(win.seat, state.players, f"{where}.seat")
        if (win.how is WinKind.SELF_DRAW) != (win.from_seat is None):
            fail(f"{where}.from_seat", "a self-draw is from nobody, any other win from a seat")
        if win.from_seat is not None:
            seat_of(win.from_seat, state.players, f"{where}.from_seat")
            if win.from_seat == win.seat:
                fail(f"{where}.from_seat", "a seat does not win on its own tile")
        if win.how is WinKind.CHA_JIAO:
            fail(f"{where}.how", "查叫 (chájiào) is paid at the end, no win of the hand")
        check_breakdown(win.breakdown, state.options, f"{where}.breakdown")


def check_wins(state: State, rules: Rules, path: str) -> None:
    """One win per seat and the seats marked won exactly those; and the result: the hand's
    wins, deltas that are its payments' net, a next dealer, 流局 (liújú) only with an empty
    wall, every payment of the ledger paid or cancelled, and the wins that end a hand on one
    tile (each win itself is :func:`check_win_records`'s)."""
    seats = [w.seat for w in state.wins]
    if len(set(seats)) != len(seats):
        fail(f"{path}.wins", "a seat wins once")
    flags = [i for i, s in enumerate(state.seats) if s.won]
    if sorted(seats) != flags:
        fail(f"{path}.seats", f"the seats that won are {sorted(seats)}, not {flags}")
    result = state.result
    if result is None:
        return
    where = f"{path}.result"
    if result.wins != state.wins:
        fail(f"{where}.wins", "the result's wins are the hand's wins")
    if len(result.deltas) != state.players or result.deltas != deltas_of(
        result.payments, state.players
    ):
        fail(f"{where}.deltas", "the deltas are each seat's net of the payments")
    seat_of(result.next_dealer, state.players, f"{where}.next_dealer")
    if result.exhausted and state.tiles_left:
        fail(f"{where}.exhausted", f"流局 with {state.tiles_left} tiles left in the wall")
    if not result.exhausted and not state.wins:
        fail(f"{where}.wins", "a hand that did not run out of tiles ended with a win")
    for key in result.ready:
        seat_of(key, state.players, f"{where}.ready")
    if Counter(result.cancelled) - Counter(state.ledger):
        fail(f"{where}.cancelled", "only payments of the ledger are cancelled")
    if rules.win_ends_hand and len({(w.how, w.from_seat) for w in state.wins}) > 1:
        fail(f"{where}.wins", "the wins that end a hand are on one tile")


def check_breakdown(breakdown: Breakdown, options: Options, where: str) -> None:
    """A win's breakdown adds up under the room's options as the engine scores it (SCORE-1,
    SCORE-2 and the cap, BS-PAY-3 / YS-CAP-1 封顶 fēngdǐng): each line a pattern of the room
    at its fan (times its count), the fan their sum, and the capped fan and the points what
    the room's ``scoring`` and ``fan_cap`` make of it; so a room's options cannot be changed
    under the wins already scored in it."""
    fans = options.fans()
    for j, item in enumerate(breakdown.items):
        if fans and item.key not in fans:
            fail(f"{where}.items[{j}].key", f"no pattern {item.key!r} scores in this room")
        if item.count < 1 or (fans and item.fan != fans[item.key] * item.count):
            fail(
                f"{where}.items[{j}].fan",
                f"{item.key} scores {fans.get(item.key)} fan a time in this room, "
                f"{item.count} times: not {item.fan}",
            )
    if breakdown.fan != sum(item.fan for item in breakdown.items):
        fail(f"{where}.fan", "the fan is the sum of the lines' fan")
    scoring, cap = getattr(options, "scoring", None), getattr(options, "fan_cap", -1)
    if scoring not in ("doubling", "linear") or cap == -1:  # a variant that scores otherwise
        return
    capped, points = fan_to_points(breakdown.fan, scoring=scoring, cap=cap)
    if (breakdown.capped_fan, breakdown.points) != (capped, points):
        fail(
            f"{where}.capped_fan",
            f"{breakdown.fan} fan make {capped} fan and {points} points in this room "
            f"(fan_cap {cap}, {scoring} scoring), not {breakdown.capped_fan} and "
            f"{breakdown.points}",
        )
