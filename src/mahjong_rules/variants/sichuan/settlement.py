"""四川血战到底 (Sìchuān xuèzhàn dàodǐ) money, as payments the rules class puts in the ledger:

* 刮风下雨 (guāfēng xiàyǔ): kong money paid as the kong is made (SC-GANG-PAY-1..3);
* the wins (SC-PAY-1..3);
* the kong money that comes back (退杠 tuìgàng: SC-REFUND-1..4);
* the end of the hand (SC-CHAJIAO-1..3 查叫, SC-REFUND-3 退税, SC-PENALTY-1, SC-HUAZHU-1 花猪,
  SC-END-2).

A kong's money is a *group*: the payments of reason ``KONG`` with the kong's ref. A group is
returned by payments of reason ``KONG_REFUND`` with the same ref, each the reverse of one of
them (the ledger keeps both, as dcmshi's does), and is returned at most once. The 48-point
penalties go to the pot (SC-PAY-4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from mahjong_rules.engine.settlement import POT, Payment, PaymentReason, WinRecord
from mahjong_rules.engine.state import SeatState, State
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import WinKind
from mahjong_rules.tiles import Suit, Tile
from mahjong_rules.variants.sichuan.actions import SUITS
from mahjong_rules.variants.sichuan.options import SichuanOptions


class SettlingRules(Protocol):
    """What the settlement reads of the rules (:class:`~.rules.Sichuan`)."""

    options: SichuanOptions
    """The room's options."""

    def ready(self, state: State, seat: int) -> bool:
        """Whether ``seat``'s 13 tiles are ready (听牌, SC-WIN-2)."""
        ...

    def cha_jiao_value(self, state: State, seat: int) -> int:
        """``seat``'s 查叫 value (SC-CHAJIAO-3)."""
        ...


__all__ = [
    "PENALTY",
    "SUIT_LANES",
    "SettlingRules",
    "end_payments",
    "held_groups",
    "kong_payments",
    "lanes_of",
    "pond",
    "refund",
    "robbed_refund",
    "shoot_refund",
    "suits_held",
    "win_payments",
]

KONG, REFUND = PaymentReason.KONG, PaymentReason.KONG_REFUND
PENALTY = 48
"""The penalty paid to the pot (SC-PENALTY-1, SC-PENALTY-2; PDF p. 27)."""

SUIT_LANES: dict[Suit, int] = {suit: ((1 << 27) - 1) << (27 * k) for k, suit in enumerate(SUITS)}
"""The lanes of each suit in :attr:`TileCounts.bits <mahjong_rules.counts.TileCounts.bits>`."""
_MAN, _PIN, _SOU = SUITS
_MAN_LANES, _PIN_LANES, _SOU_LANES = (SUIT_LANES[s] for s in SUITS)


def lanes_of(suit: Suit | None) -> int:
    """:data:`SUIT_LANES` of ``suit`` (0 for ``None``: no void suit yet), read every turn: by
    identity, since hashing an enum member costs more than the rest of the lookup."""
    if suit is None:
        return 0
    return _MAN_LANES if suit is _MAN else _PIN_LANES if suit is _PIN else _SOU_LANES


def _others(state: State, seat: int) -> list[int]:
    """The other seats still in the hand (SC-PAY-3: a seat that has won pays nothing)."""
    return [p for p, s in enumerate(state.seats) if p != seat and not s.won]


def kong_payments(
    rules: SettlingRules, state: State, seat: int, meld: Meld, ref: int
) -> list[Payment]:
    """刮风下雨: a 暗杠 2 from each other un-won seat (SC-GANG-PAY-1), a 直杠 2 from the
    discarder (SC-GANG-PAY-2), a promoted 补杠 1 from each other un-won seat and a postponed one
    nothing (SC-GANG-PAY-3; promoted: its fourth tile is the kind last drawn this turn,
    SC-GANG-1); a 暗杠 of the void suit also pays 48 to the pot (SC-PENALTY-2, SC-VOID-5)."""
    kind = meld.kind
    if kind is MeldKind.ZHI_GANG:
        assert meld.from_seat is not None
        return [Payment(meld.from_seat, seat, 2, KONG, ref)]
    if kind is MeldKind.BU_GANG:
        draws = state.seats[seat].turn_draws
        if not draws or draws[-1] is not meld.tile:
            return []  # postponed: no money
        return [Payment(p, seat, 1, KONG, ref) for p in _others(state, seat)]
    out = [Payment(p, seat, 2, KONG, ref) for p in _others(state, seat)]
    if meld.tile.suit is state.seats[seat].variant.void:
        out.append(Payment(seat, POT, PENALTY, PaymentReason.PENALTY))
    return out


def win_payments(rules: SettlingRules, state: State, win: WinRecord) -> list[Payment]:
    """SC-PAY-1: a self-draw is paid by each other un-won seat, the pattern score plus the
    room's self-draw bonus (1 outside the cap with 自摸加底); SC-PAY-2: a win on a discard by
    the discarder, a robbed kong by the robbed seat, the pattern score."""
    points = win.breakdown.points
    if win.from_seat is not None:
        return [Payment(win.from_seat, win.seat, points, PaymentReason.WIN)]
    points += rules.options.self_draw_bonus
    return [Payment(p, win.seat, points, PaymentReason.WIN) for p in _others(state, win.seat)]


def held_groups(ledger: Iterable[Payment], seat: int) -> dict[int, list[Payment]]:
    """The kong money ``seat`` still holds: its groups (by ref, in the order made) not yet
    returned (nor passed on: 呼叫转移)."""
    groups: dict[int, list[Payment]] = {}
    gone: set[int] = set()
    for p in ledger:
        if p.reason is KONG and p.payee == seat:
            groups.setdefault(p.ref, []).append(p)
        elif p.ref and p.payer == seat and p.reason in (KONG, REFUND):
            gone.add(p.ref)
    return {ref: group for ref, group in groups.items() if ref not in gone}


def refund(group: Sequence[Payment]) -> list[Payment]:
    """A group of kong money given back: each payment reversed, reason ``KONG_REFUND``."""
    out = []
    for p in group:
        assert isinstance(p.payee, int)
        out.append(Payment(p.payee, p.payer, p.amount, REFUND, p.ref))
    return out


def robbed_refund(state: State) -> list[Payment]:
    """SC-REFUND-1: the robbed 补杠's money goes back (it was paid before the window, with the
    ref ``state.next_ref``)."""
    ref = state.next_ref
    return refund([p for p in state.ledger if p.reason is KONG and p.ref == ref])


def shoot_refund(rules: SettlingRules, state: State, wins: Sequence[WinRecord]) -> list[Payment]:
    """SC-REFUND-2 杠上炮: the discarder of a discard made in a turn in which he drew a
    replacement gives back, once per discard, his latest kong money not yet returned
    (``latest_paid``), every kong of that turn (``this_turn``), or pays it to the first winner
    (``transfer``: 呼叫转移). After the wall's last tile the win is 海底 only, and nothing is
    returned (SC-PAT-海底) unless ``last_tile_gang_shang_pao="both"``."""
    options = rules.options
    if not state.after_kong:
        return []
    if state.tiles_left == 0 and options.last_tile_gang_shang_pao == "hai_di_only":
        return []
    held = held_groups(state.ledger, state.current)
    if not held:
        return []
    how = options.gang_shang_pao_refund
    if how == "this_turn":
        return [p for ref in state.chain_refs if ref in held for p in refund(held[ref])]
    latest = held[max(held)]
    if how == "latest_paid":
        return refund(latest)
    first = wins[0].seat  # 一炮多响: the first winner in play order
    return [Payment(state.current, first, sum(p.amount for p in latest), KONG, max(held))]


def suits_held(seat: SeatState) -> set[Suit]:
    """The suits of a seat's concealed tiles and melds."""
    found = {t.suit for t in seat.concealed.kinds()}
    found.update(m.tile.suit for m in seat.melds)
    return found


def pond(state: State, seat: int) -> list[Tile]:
    """``seat``'s pond: its discards less those claimed for a meld or won on (SC-PENALTY-1)."""
    tiles = list(state.seats[seat].discards)
    taken = [m.tile for s in state.seats for m in s.melds if m.from_seat == seat]
    taken += [w.tile for w in state.wins if w.from_seat == seat and w.how is not WinKind.SELF_DRAW]
    for tile in taken:
        if tile in tiles:
            tiles.remove(tile)
    return tiles


def end_payments(rules: SettlingRules, state: State) -> tuple[list[Payment], dict[int, bool]]:
    """The end of a hand (``settleRound``, at the wall's end and at the third win) and which
    un-won seats were ready:

    * SC-CHAJIAO-1 查叫 with two or more seats un-won: each un-won seat that is not ready pays
      each un-won ready seat that seat's value (SC-CHAJIAO-3);
    * SC-REFUND-3 退税: each un-won seat that is not ready returns the kong money it holds;
    * SC-PENALTY-1 (``void_discard="lenient"``): an un-won seat holding a void-suit tile pays
      48 to the pot, unless every tile of its pond is of its void suit;
    * SC-HUAZHU-1 花猪 (``hua_zhu``): an un-won seat holding all three suits pays 2 ** cap to
      every other seat (``hua_zhu_payees="non_pigs"``: to none that is itself 花猪).

    At a three-winner end the last seat is checked only with ``three_hu_check`` (SC-END-2).
    """
    options = rules.options
    un_won = [p for p, s in enumerate(state.seats) if not s.won]
    if len(un_won) < 2 and not options.three_hu_check:
        return [], {}
    pigs = {p for p in un_won if options.hua_zhu and len(suits_held(state.seats[p])) == 3}
    ready = {p: p not in pigs and rules.ready(state, p) for p in un_won}
    out: list[Payment] = []
    if len(un_won) >= 2:
        values = {p: rules.cha_jiao_value(state, p) for p in un_won if ready[p]}
        for payer in un_won:
            if not ready[payer]:
                out += [Payment(payer, p, v, PaymentReason.CHA_JIAO) for p, v in values.items()]
    for seat in un_won:
        if not ready[seat]:
            for group in held_groups(state.ledger, seat).values():
                out += refund(group)
        void = state.seats[seat].variant.void
        holds_void = state.seats[seat].concealed.bits & lanes_of(void)
        lenient = options.void_discard == "lenient"
        if lenient and holds_void and not all(t.suit is void for t in pond(state, seat)):
            out.append(Payment(seat, POT, PENALTY, PaymentReason.PENALTY))
        if seat in pigs:
            cap = options.cap_points
            for other in range(state.players):
                if other != seat and not (options.hua_zhu_payees == "non_pigs" and other in pigs):
                    out.append(Payment(seat, other, cap, PaymentReason.PENALTY))
    return out, ready
