"""保山麻将 (Bǎoshān májiàng): the Baoshan rules on the shared engine (the rule text of 保山麻将,
:ref:`rule-texts`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.edit import after_peng, end_hand, record_wins
from mahjong_rules.engine.events import Event, Paid, PaymentsCancelled
from mahjong_rules.engine.phases import OwnPhase
from mahjong_rules.engine.settlement import (
    HandResult,
    Payment,
    PaymentReason,
    WinRecord,
    deltas_of,
)
from mahjong_rules.engine.state import SeatState, State
from mahjong_rules.errors import IllegalActionError
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import Breakdown, WinContext, WinKind, fan_to_points
from mahjong_rules.variants.baoshan.buying import Buying, BuyPoints, PointsBought
from mahjong_rules.variants.baoshan.buying import bought as points_of
from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.baoshan.patterns import score_baoshan
from mahjong_rules.variants.baoshan.records import BaoshanSeat, BaoshanTable
from mahjong_rules.variants.baoshan.ting import Declared, Ting, TingHooks, ting_problem
from mahjong_rules.variants.baoshan.words import BaoshanWords
from mahjong_rules.wins import is_win
from mahjong_rules.wins.detector import wait_mask

__all__ = ["Baoshan"]

_WALLS = {h: TileCounts.from_counts([4] * 27 + [4 if h else 0] * 7) for h in (False, True)}
"""BS-TILES-1: the wall without and with 有风 (the 28 honors)."""

_NEW_SEAT = BaoshanSeat()


class Baoshan(BaoshanWords, TingHooks):
    """保山麻将: 108 tiles (136 with 有风), peng and kong but no chow, immediate kong payments,
    过手胡 and 过手碰, forced wins in the last tiles, 报听, 买点 and 查叫 at a draw game."""

    name: ClassVar[str] = "baoshan"
    aliases: ClassVar[tuple[str, ...]] = ("保山", "保山麻将", "bao_shan")
    name_zh: ClassVar[str] = "保山麻将"
    options_class = BaoshanOptions
    options: BaoshanOptions
    phases: ClassVar[tuple[OwnPhase, ...]] = (Buying(),)
    action_types: ClassVar[tuple[type[Action], ...]] = (Ting, BuyPoints)
    event_types: ClassVar[tuple[type[Event], ...]] = (Declared, PointsBought)
    seat_state_class: ClassVar[type | None] = BaoshanSeat
    public_view_class: ClassVar[type | None] = BaoshanTable

    # ------------------------------------------------------------------ shape and timing

    @property
    def wall_tiles(self) -> TileCounts:
        """TILE-1: the 108 suited tiles, four of each, and the 28 honors with 有风."""
        return _WALLS[bool(self.options.honors)]

    @property
    def buy_cap(self) -> int:
        """买点: most points a seat may buy in this room (BS-BUY-1; 0: no buying)."""
        return self.options.buy_cap

    def refusal(self, state: State, action: Action) -> str | None:
        """买点 in words (BS-BUY-1): the points a seat may buy in this room."""
        if isinstance(action, BuyPoints) and state.stage == Buying.name:
            return f"BuyPoints by seat {action.seat}: points must be 0..{self.options.buy_cap}"
        return super().refusal(state, action)

    def _points_problem(self, state: State, seat: int) -> str | None:
        """买点 (BS-BUY-1): points within the room's cap, and none before the seat bought."""
        points = getattr(state.seats[seat].variant, "points", 0)
        if points.__class__ is not int:
            return f"买点 points are an int, got {points!r}"
        if not 0 <= points <= self.options.buy_cap:
            return f"买点 points in this room are 0..{self.options.buy_cap}, got {points}"
        buying = state.stage == Buying.name
        if buying and points and all(a.seat != seat for a in state.answers):
            return f"seat {seat} has {points} 买点 points but has not bought yet"
        return None

    def is_complete(self, state: State, seat: int, concealed: TileCounts) -> bool:
        """BS-WIN-1 (melds + the compulsory pair) and BS-WIN-2 (小七对, 龙爪背)."""
        return is_win(concealed, 0, seven_pairs=True, honors=self.options.honors)

    def _dealt_win_forbidden(self, state: State, seat: int) -> bool:
        """BS-END-1 option: the dealer's dealt 14, in a room that forbids winning on it."""
        s = state.seats[seat]
        return s.drawn is None and state.discards_made == 0 and not self.options.dealer_dealt_win

    def self_win_allowed(self, state: State, seat: int) -> bool:
        """BS-END-1's option (the dealer's dealt 14), and BS-TING-2: in the declaring turn a
        seat chose 报听 over 胡 on the tiles of the declaration."""
        if self._dealt_win_forbidden(state, seat):
            return False
        return not self._declared_on_this_tile(state, seat)

    def declines_self_win(self, state: State, seat: int) -> bool:
        """BS-PASSHU-1 and BS-TING-4: discarding declines a win on offer, and so does having
        declared 报听 instead of taking it (the declaration itself is the choice)."""
        if after_peng(state, seat) or not self._hand_complete(state, seat):
            return False
        return not self._dealt_win_forbidden(state, seat)

    def __init__(self, options: BaoshanOptions | None = None, /, **kwargs: object) -> None:
        super().__init__(options, **kwargs)
        self._last_tiles = self.options.last_tiles
        self._table = BaoshanTable((False,) * self.players, (0,) * self.players)  # nothing yet

    def win_forced(self, state: State) -> bool:
        """BS-LAST-1: fewer than N tiles left (N = 4, or 20 with 2 or 3 players)."""
        return state.back - state.front < self._last_tiles

    # BS-EMPTY-1 is the engine's default: no kong once the wall is empty (turn_kongs and
    # meld_claims offer none, as no replacement could be drawn); so are BS-PASSPENG-1 (过手碰,
    # the engine's pass_peng) and BS-GANG-3's hidden tile (hides_concealed_kongs)

    def pass_hu_blocks(self, state: State, seat: int, how: WinKind) -> bool:
        """BS-PASSHU-1; with ``pass_hu="yongshan"`` a win worth more fan than any declined
        since the block began is allowed (YS-PASSHU-1)."""
        if not state.seats[seat].pass_hu:
            return False
        return self.options.pass_hu == "baoshan" or self.declined_more(state, seat, how)

    def discard_lifts_pass_hu(self, state: State, seat: int) -> bool:
        return self.options.pass_hu == "yongshan"  # YS-PASSHU-1: its own discard passes

    def tracks_declined_fan(self) -> bool:
        return self.options.pass_hu == "yongshan"

    def score(self, ctx: WinContext) -> Breakdown | None:
        return score_baoshan(ctx, self.options)

    # ------------------------------------------------------------------ its own records

    def new_seat_state(self, state: State, seat: int) -> Any:
        """Nothing declared yet (one shared record: kept states hold no copy of their own)."""
        if self.seat_state_class is BaoshanSeat:
            return _NEW_SEAT
        return super().new_seat_state(state, seat)  # a variant's own, deriving from Baoshan

    def seat_state_problem(self, state: State, seat: int) -> str | None:
        """A seat's :class:`BaoshanSeat`: a declaration only where the room plays 报听, on a
        hand that claimed nothing (BS-TING-1, -3); its 买点 points (BS-BUY-1)."""
        return ting_problem(state, seat, self._bao_ting) or self._points_problem(state, seat)

    def public_variant_view(self, state: State) -> Any:
        """Every seat's declaration (BS-TING-1: 报听 is announced) and its 买点 points
        (BS-BUY-1: public once bought)."""
        if not self._bao_ting and not self.options.buy_cap:
            return self._table
        seats = state.seats
        ting = tuple(s.variant.ting for s in seats) if self._bao_ting else self._table.ting
        return BaoshanTable(ting, tuple(points_of(s) for s in seats))

    # ------------------------------------------------------------------ 十老头 (BS-WIN-3)

    def discard_wins(self, state: State, seat: int, after: SeatState) -> bool:
        """BS-WIN-3 十老头: the discarder's first ten discards were all honors (those others
        claimed included). Asked at every discard (the engine's "a discard that wins for its
        maker"), so only the tenth discard of a room with honors looks at the tiles."""
        discards = after.discards
        return len(discards) == 10 and self.options.honors and all(t.is_honor for t in discards)

    def settle_discard_win(self, state: State, seat: int) -> State:
        """十老头 settles as a forced self-draw worth its own fan (BS-WIN-3)."""
        tile = state.tile
        assert tile is not None
        ctx = attrs.evolve(self.win_context(state, seat, tile, WinKind.SELF_DRAW), shi_lao_tou=True)
        breakdown = self.score(ctx)
        assert breakdown is not None
        win = WinRecord(seat, WinKind.SELF_DRAW, tile, None, breakdown, forced=True)
        return self.settle_wins(state, [win])

    # ------------------------------------------------------------------ payments

    def amount(self, winner: int, payer: int, points: int, state: State) -> int:
        """BS-PAY-2: the pattern score, with 买点 added (死点) or multiplied in (活点)."""
        bought = points_of(state.seats[winner]) + points_of(state.seats[payer])
        mode = self.options.buy_points
        if mode in ("dead_1", "dead_2"):
            return bought + points
        if mode == "live":
            return (bought + 1) * points
        return points

    @property
    def payment_reasons(self) -> frozenset[PaymentReason]:
        """Wins, kong money (BS-GANG rules) and 查叫 (BS-CHAJIAO-1) unless it is off; no 罚分."""
        reasons = {PaymentReason.WIN, PaymentReason.KONG, PaymentReason.CHA_JIAO}
        if self.options.cha_jiao == "off":
            reasons.discard(PaymentReason.CHA_JIAO)
        return frozenset(reasons)

    def kong_payments(self, state: State, seat: int, meld: Meld, ref: int) -> list[Payment]:
        """BS-GANG-1..4: 直杠 discarder 1, 补杠 peng provider 1, 暗杠 every other seat 2;
        with 骗杠 the provider pays 2 and every other seat 1 for 直杠 and 补杠."""
        others = [s for s in range(state.players) if s != seat]
        if meld.kind is MeldKind.AN_GANG:
            return [Payment(p, seat, 2, PaymentReason.KONG, ref) for p in others]
        provider = meld.from_seat
        assert provider is not None
        if not self.options.pian_gang:
            return [Payment(provider, seat, 1, PaymentReason.KONG, ref)]
        return [
            Payment(p, seat, 2 if p == provider else 1, PaymentReason.KONG, ref) for p in others
        ]

    def win_payments(self, state: State, win: WinRecord) -> list[Payment]:
        """BS-PAY-1: a self-draw is paid by every other seat; a discard (or a robbed kong) by
        the discarder (robbed seat) alone."""
        points = win.breakdown.points
        payers = (
            [s for s in range(state.players) if s != win.seat]
            if win.from_seat is None
            else [win.from_seat]
        )
        return [
            Payment(p, win.seat, self.amount(win.seat, p, points, state), PaymentReason.WIN)
            for p in payers
        ]

    # ------------------------------------------------------------------ settlement

    def settle_wins(self, state: State, wins: Sequence[WinRecord]) -> State:
        """BS-END-1: the first win (or wins: 一炮多响) ends the hand."""
        state = record_wins(state, wins)
        ledger = list(state.ledger)
        cancelled: list[Payment] = []
        extra: list[Event] = []
        if any(w.how is WinKind.DISCARD for w in wins) and state.after_kong:
            # BS-GANG-5 杠上炮: the discarder's kongs of that turn earn nothing
            refs = state.chain_refs
            cancelled = [p for p in ledger if p.reason is PaymentReason.KONG and p.ref in refs]
            ledger = [p for p in ledger if p not in cancelled]
            extra.append(PaymentsCancelled(tuple(cancelled), "gang_shang_pao"))
        for win in wins:
            paid = self.win_payments(state, win)
            ledger.extend(paid)
            extra.extend(Paid(p) for p in paid)  # reported as Yongshan reports its wins
        if len(wins) == 1:
            next_dealer = wins[0].seat  # BS-DEALER-1
        else:
            next_dealer = state.current  # BS-DEALER-3: 一炮多响, the discarder deals
        result = HandResult(
            wins=tuple(wins),
            payments=tuple(ledger),
            deltas=deltas_of(ledger, state.players),
            next_dealer=next_dealer,
            cancelled=tuple(cancelled),
        )
        return end_hand(state, result, extra)

    def compute_waits(self, state: State, seat: int) -> int:
        s = state.seats[seat]
        mask = wait_mask(s.concealed, 0, True, self.options.honors)
        for meld in s.melds:  # no wait on a tile whose four copies the seat already holds
            if mask >> meld.tile.index & 1 and meld.naturals + s.concealed.count(meld.tile) >= 4:
                mask &= ~(1 << meld.tile.index)
        return mask

    def ready_seats(self, state: State) -> dict[int, bool]:
        """Which seats hold a ready hand (听牌) now."""
        return {s: bool(self.waits(state, s)) for s in range(state.players)}

    def cha_jiao_score(self, state: State, seat: int) -> int:
        """BS-CHAJIAO-2 查大叫: the best pattern score ``seat`` could win with, capped at
        ``cha_jiao_fan_cap`` fan (3, the rule text's 3番封顶) whatever the room's cap for wins."""
        if self.options.cha_jiao == "one":
            return 1
        best = self.best_win(state, seat, WinKind.CHA_JIAO)
        if best is None:
            return 0
        scoring, cap = self.options.scoring, self.options.cha_jiao_fan_cap
        return fan_to_points(best.fan, scoring=scoring, cap=cap)[1]

    def cha_jiao(self, state: State) -> list[Payment]:
        """查叫 at 流局 (BS-CHAJIAO-1, -2): every un-ready seat pays every ready seat.

        Takes a state whose wall is empty (the engine calls it when the wall runs out).
        """
        if state.tiles_left:
            raise IllegalActionError(f"查叫 needs an empty wall; {state.tiles_left} tiles are left")
        if self.options.cha_jiao == "off":
            return []
        ready = self.ready_seats(state)
        payments = []
        for payee in range(state.players):
            if not ready[payee]:
                continue
            points = self.cha_jiao_score(state, payee)
            for payer in range(state.players):
                if not ready[payer]:
                    amount = self.amount(payee, payer, points, state)
                    payments.append(Payment(payer, payee, amount, PaymentReason.CHA_JIAO))
        return payments

    def settle_exhausted(self, state: State) -> State:
        """流局: 查叫 (BS-CHAJIAO-1..3), 黄庄黄杠 (BS-GANG-7), the next dealer (BS-DEALER-2, -4)."""
        ledger = list(state.ledger)
        cancelled: list[Payment] = []
        extra: list[Event] = []
        checking = self.options.cha_jiao != "off"
        if checking and self.options.kong_payments_on_draw == "void":
            cancelled = [p for p in ledger if p.reason is PaymentReason.KONG]
            ledger = [p for p in ledger if p.reason is not PaymentReason.KONG]
            if cancelled:
                extra.append(PaymentsCancelled(tuple(cancelled), "draw_game"))
        settled = self.cha_jiao(state)
        ledger.extend(settled)
        extra.extend(Paid(p) for p in settled)
        ready = self.ready_seats(state) if checking else {}
        next_dealer = state.dealer
        unready = [s for s, r in ready.items() if not r]
        if checking and len(unready) == 1:
            next_dealer = unready[0]  # BS-DEALER-4: 1赔3 / 1赔2 / the checked seat of two
        result = HandResult(
            wins=(),
            payments=tuple(ledger),
            deltas=deltas_of(ledger, state.players),
            next_dealer=next_dealer,
            exhausted=True,
            cancelled=tuple(cancelled),
            ready=ready,
        )
        return end_hand(state, result, extra)
