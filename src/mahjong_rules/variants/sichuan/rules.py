"""四川血战到底 (Sìchuān xuèzhàn dàodǐ): the Sichuan rules on the shared engine, as SICHUAN.md gives
them, matching dcmshi/sichuan-mahjong by default.

What this class and its base :class:`~mahjong_rules.variants.sichuan.play.SichuanPlay` (the
turn and the claims) add to :class:`~mahjong_rules.variants.base.Rules`, through the hooks
only:

* its records, phases (换三张, 定缺) and own actions (:mod:`~mahjong_rules.variants.sichuan.phases`,
  :mod:`~mahjong_rules.variants.sichuan.records`), and what each seat sees (SC-VIEW-1);
* the void suit: no peng, gang or hu on it, no win holding it (SC-VOID-3), its tiles first
  (SC-VOID-4), its concealed kong (SC-VOID-5), the set-aside tile as the first discard
  (SC-VOID-2);
* winning (SC-WIN-1, SC-WIN-2), first-turn wins (SC-PAT-天胡, SC-PAT-地胡), 海底 (the wall's last
  tile), the patterns (:mod:`~mahjong_rules.variants.sichuan.patterns`);
* 过水不胡 (SC-PASSHU-1..3): a declined win blocks discard wins not worth more until the next
  ordinary draw;
* 血战到底 (SC-END-1): winners leave, the hand ends at the third win or the wall's end
  (SC-LAST-1); hu takes a discard before any peng (SC-CLAIM-2); a robbed 补杠 is never made
  (SC-GANG-3) and its money, paid as it was declared (SC-GANG-PAY-3), comes back;
* the money (:mod:`~mahjong_rules.variants.sichuan.settlement`), the pot (SC-PAY-4) and the next
  dealer (SC-DEALER-2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine import defaults
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.edit import end_hand, ledger_result, pay, record_wins
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.phases import OwnPhase
from mahjong_rules.engine.settlement import Payment, PaymentReason, WinRecord
from mahjong_rules.engine.state import State
from mahjong_rules.melds import Meld
from mahjong_rules.scoring import Breakdown, WinContext, WinKind
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.sichuan import ledger_check, settlement
from mahjong_rules.variants.sichuan.actions import (
    SUITS,
    AsideSet,
    DeclareVoid,
    SwapTiles,
    TilesChosen,
    TilesSwapped,
    VoidDeclared,
)
from mahjong_rules.variants.sichuan.false_hu import FalseHu, FalseHuPenalised
from mahjong_rules.variants.sichuan.options import SichuanOptions
from mahjong_rules.variants.sichuan.patterns import (
    SichuanContext,
    dealt_win_tile,
    score_dealt_win,
    score_sichuan,
)
from mahjong_rules.variants.sichuan.phases import SICHUAN_PHASES
from mahjong_rules.variants.sichuan.play import SichuanPlay
from mahjong_rules.variants.sichuan.records import (
    SichuanHand,
    SichuanOwn,
    SichuanSeat,
    SichuanTable,
    hand_problem,
    private_view,
    public_view,
    seat_problem,
)
from mahjong_rules.variants.sichuan.words import SichuanWords
from mahjong_rules.wins import is_win
from mahjong_rules.wins.detector import wait_mask

__all__ = ["Sichuan"]

_WALL = TileCounts.from_counts([4] * 27 + [0] * 7)
"""The 108 suited tiles, four of each."""

_NINE = (1 << 9) - 1
_TILES = all_tiles(honors=False)


class Sichuan(SichuanWords, SichuanPlay):
    """四川血战到底: 108 tiles, peng and kong but no chow, 换三张 (an option), 定缺, 血战到底
    (play on until three seats have won), kong money paid at once and returned, 过水不胡, and
    查叫 / 退税 / 花猪 at the end."""

    name: ClassVar[str] = "sichuan"
    aliases: ClassVar[tuple[str, ...]] = ("血战到底", "xuezhan", "四川血战到底", "四川麻将")
    name_zh: ClassVar[str] = "四川血战到底"
    options_class = SichuanOptions
    options: SichuanOptions
    win_ends_hand: ClassVar[bool] = False
    max_suits: ClassVar[int] = 2  # 定缺: a winning hand lacks its void suit (SC-VOID-3)
    pays_pot: ClassVar[bool] = True
    kong_paid_before_rob: ClassVar[bool] = True
    robbed_kong_stands: ClassVar[bool] = False
    melds_beside_wins: ClassVar[bool] = False
    checks_ledger: ClassVar[bool] = True
    hides_winning_hands: ClassVar[bool] = True  # SC-VIEW-1: the winner turns his tiles down
    action_types: ClassVar[tuple[type[Action], ...]] = (SwapTiles, DeclareVoid, FalseHu)
    event_types: ClassVar[tuple[type[Event], ...]] = (
        TilesChosen,
        TilesSwapped,
        VoidDeclared,
        AsideSet,
        FalseHuPenalised,
    )
    phases: ClassVar[tuple[OwnPhase, ...]] = SICHUAN_PHASES
    hand_state_class: ClassVar[type | None] = SichuanHand
    seat_state_class: ClassVar[type | None] = SichuanSeat
    public_view_class: ClassVar[type | None] = SichuanTable
    private_view_class: ClassVar[type | None] = SichuanOwn

    @property
    def wall_tiles(self) -> TileCounts:
        """SC-TILES-1: the 108 suited tiles, four of each (TILE-1; no honors)."""
        return _WALL

    # ------------------------------------------------------------------ its own records

    def hand_state_problem(self, state: State) -> str | None:
        """The swap and the declarations (:func:`~.records.hand_problem`)."""
        return hand_problem(state)

    def ledger_problem(self, state: State) -> tuple[str, str] | None:
        """The ledger rebuilt from the kongs and wins on the table and compared
        (:func:`~.ledger_check.ledger_problem`; it checks its ledger itself:
        ``checks_ledger``)."""
        return ledger_check.ledger_problem(self, state)

    def seat_state_problem(self, state: State, seat: int) -> str | None:
        return seat_problem(state, seat)

    def public_variant_view(self, state: State) -> SichuanTable:
        return public_view(state)

    def private_variant_view(self, state: State, seat: int) -> SichuanOwn:
        return private_view(state, seat)

    # ------------------------------------------------------------------ winning

    def _barred(self, state: State, seat: int) -> bool:
        """SC-VOID-5 ``void_kong="no_win"``: a set of the void suit bars the seat's win."""
        if not self._no_win:
            return False
        void = state.seats[seat].variant.void
        return any(m.tile.suit is void for m in state.seats[seat].melds)

    def is_complete(self, state: State, seat: int, concealed: TileCounts) -> bool:
        """SC-WIN-1: four sets and a pair, or 七对 (a four of a kind as two pairs); SC-VOID-3: no
        tile of the void suit among the concealed tiles (melds are not checked)."""
        if concealed.bits & self._void_lanes(state, seat) or self._barred(state, seat):
            return False
        return is_win(concealed, 0, seven_pairs=True, honors=False)

    def compute_waits(self, state: State, seat: int) -> int:
        """SC-WIN-2: the kinds completing the hand, none while it holds a void-suit tile, none
        of the void suit, and none whose four copies are all the seat's own (in hand and melds;
        ``exhaustive_wait="hand"``: in hand)."""
        s = state.seats[seat]
        lanes = self._void_lanes(state, seat)
        if s.concealed.bits & lanes or self._barred(state, seat):
            return 0
        mask = wait_mask(s.concealed, 0, True, False)
        void = s.variant.void
        if void is not None:
            mask &= ~(_NINE << 9 * SUITS.index(void))
        rest = mask
        melds = self.options.exhaustive_wait == "hand_and_melds"
        while rest:
            low = rest & -rest
            rest ^= low
            tile = _TILES[low.bit_length() - 1]
            if defaults.fifth_copy(s, tile) if melds else s.concealed.count(tile) >= 4:
                mask ^= low
        return mask

    def ready(self, state: State, seat: int) -> bool:
        """听牌 (tīngpái), SC-WIN-2 and SC-CHAJIAO-2: ``seat``'s 13 tiles wait on some kind."""
        return bool(self._wait_mask(state, seat))

    def score(self, ctx: WinContext) -> Breakdown | None:
        """SC-PAT-MAX over the readings; a win on the dealer's dealt tiles is scored with each
        kind as the winning tile (:func:`~.patterns.score_dealt_win`)."""
        if isinstance(ctx, SichuanContext) and ctx.dealt:
            return score_dealt_win(ctx, self.options)
        return score_sichuan(ctx, self.options)

    def win_context(self, state: State, seat: int, tile: Tile, how: WinKind) -> WinContext:
        """The engine's context as a :class:`~.play_patterns.SichuanContext`: the wall's last tile
        taken (海底), a win on the dealer's dealt 14, and the first-turn wins (天胡 / 地胡:
        the seat's first turn, before any peng or gang was claimed; SC-PAT-天胡, SC-PAT-地胡).
        A 天胡 (after a 暗杠 too) and any win on the dealt 14 are scored on
        :func:`~.patterns.dealt_win_tile`, whatever ``tile``: a 天胡 on the highest kind held."""
        s = state.seats[seat]
        self_draw = how is WinKind.SELF_DRAW
        first = (
            self_draw
            and self.options.tian_di_hu
            and not s.discards
            and not any(m.from_seat is not None for x in state.seats for m in x.melds)
        )
        dealt = self_draw and seat == state.dealer and s.drawn is None
        ctx = defaults.win_context(
            self,
            state,
            seat,
            tile,
            how,
            SichuanContext,
            first_turn=first,
            last_tile=how is not WinKind.ROB_KONG and state.tiles_left == 0,
            dealt=dealt,
        )
        if dealt or (first and seat == state.dealer):  # a 天胡 after a kong too (SC-PAT-天胡)
            ctx = attrs.evolve(ctx, winning_tile=dealt_win_tile(ctx, self.options))
        return ctx

    # ------------------------------------------------------------------ money and the end

    @property
    def payment_reasons(self) -> frozenset[PaymentReason]:
        """Wins, kong money and its refunds, 查叫, and 罚分 (花猪, the pot's penalties)."""
        return frozenset(PaymentReason)

    def kong_payments(self, state: State, seat: int, meld: Meld, ref: int) -> list[Payment]:
        return settlement.kong_payments(self, state, seat, meld, ref)

    def win_payments(self, state: State, win: WinRecord) -> list[Payment]:
        return settlement.win_payments(self, state, win)

    def cha_jiao_value(self, state: State, seat: int) -> int:
        """SC-CHAJIAO-3: the best capped pattern score over ``seat``'s waits (no 杠 unless
        ``cha_jiao_gang_fan``, no situational fan, no self-draw point); 0 if it is not ready.
        With ``exhaustive_wait="hand"`` a seat may be ready only on a kind whose four copies
        are in its hand and melds: no such hand can be made, and it is valued as 平胡."""
        best = self.best_win(state, seat, WinKind.CHA_JIAO)
        if best is not None:
            return best.points
        if not self.ready(state, seat):
            return 0
        return 1 << min(self.options.fans()["ping_hu"], self.options.fan_cap)

    def score_wait(self, state: State, seat: int, tile: Tile, how: WinKind) -> Breakdown | None:
        """The engine's, but nothing for a kind ``seat`` holds all four of in hand and melds
        (``exhaustive_wait="hand"`` lists such a wait, SC-WIN-2: no hand can be made of it)."""
        if defaults.fifth_copy(state.seats[seat], tile):
            return None
        return super().score_wait(state, seat, tile, how)

    def settle_wins(self, state: State, wins: Sequence[WinRecord]) -> State:
        """SC-PAY-1..3 for each win, SC-REFUND-1 (a robbed 补杠's money back) or SC-REFUND-2
        (杠上炮), the next dealer at the first win (SC-DEALER-2); the hand ends at the third win
        or at any win once the wall's last tile is taken (SC-END-1, SC-LAST-1). The wins of one
        discard (一炮多响) are recorded in play order from the discarder (SC-CLAIM-2)."""
        n, giver = state.players, state.current
        wins = sorted(wins, key=lambda w: (w.seat - giver) % n)
        how = wins[0].how
        if how is WinKind.SELF_DRAW and giver == state.dealer and not state.seats[giver].discards:
            wins = [self._first_turn_win(state, win) for win in wins]
        payments: list[Payment] = []
        if how is WinKind.ROB_KONG:
            payments += settlement.robbed_refund(state)
        elif how is WinKind.DISCARD:
            payments += settlement.shoot_refund(self, state, wins)
        for win in wins:
            payments += self.win_payments(state, win)
        changes = {}
        if not state.wins:  # the first winner deals next; after 一炮多响 the discarder
            changes["next_dealer"] = wins[0].seat if len(wins) == 1 else state.current
        state = pay(record_wins(state, wins), payments, **changes)
        if sum(1 for s in state.seats if s.won) < 3 and state.tiles_left > 0:
            return state
        return self._end(state)

    def _first_turn_win(self, state: State, win: WinRecord) -> WinRecord:
        """The dealer's self-draw in his first turn, recorded on the tile it was scored on
        (:meth:`win_context`: a 天胡's is the highest kind held, SC-PAT-天胡; the engine names
        the drawn tile, or the fourteenth dealt)."""
        tile = self.win_context(state, win.seat, win.tile, win.how).winning_tile
        return win if tile == win.tile else attrs.evolve(win, tile=tile)

    def settle_exhausted(self, state: State) -> State:
        """The wall's end (SC-LAST-1): 查叫, 退税 and the end's penalties."""
        return self._end(state)

    def _end(self, state: State) -> State:
        payments, ready = settlement.end_payments(self, state)
        state = pay(state, payments)
        return end_hand(state, ledger_result(state, exhausted=state.tiles_left == 0, ready=ready))
