"""永善麻将 (Yǒngshàn májiàng): the Yongshan rules on the shared engine (the rule text of 永善麻将,
:ref:`rule-texts`).

What this class adds to :class:`~mahjong_rules.variants.base.Rules`:

* the wildcards in hand and what they allow, from its base
  :class:`~mahjong_rules.variants.yongshan.wildcards.WildcardRules`: 本金 and 听用
  (YS-WILD-1..5), 提 (YS-TI-1), pengs and kongs with wildcards (YS-WILD-3, YS-CLAIM-2, -5, -6),
  the last tile (YS-LAST-1), a hand of wildcards only (YS-ALLWILD-1, YS-NODISCARD-1);
* 缺一门 (YS-WIN-1), no fifth copy (YS-WILD-6), 听点 (YS-TINGDIAN-1), 过手胡 (YS-PASSHU-1), the
  claim order (YS-CLAIM-1), forced wins of an all-wildcard hand;
* its own action 提 and its events (:mod:`~mahjong_rules.variants.yongshan.ti`), its record of
  the hand and the view of it, the 本金 tile (:mod:`~mahjong_rules.variants.yongshan.records`);
* 血战 (YS-END-1): a winner leaves and play goes on (``win_ends_hand = False``);
* payments (YS-PAY-1), 罚分 at 流局 (:meth:`Yongshan.penalties`), the next dealer (YS-DEALER-1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

import attrs

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine import defaults
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.defaults import fifth_copy
from mahjong_rules.engine.edit import ALL_TILES, end_hand, ledger_result, pay, record_wins
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.settlement import (
    Payment,
    PaymentReason,
    WinRecord,
)
from mahjong_rules.engine.state import State
from mahjong_rules.errors import IllegalActionError
from mahjong_rules.scoring import Breakdown, WinContext, WinKind
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.yongshan.hands import (
    ALL_SUITS,
    fits_melds,
    is_ting_dian,
    meld_suits,
    suits_of_bits,
)
from mahjong_rules.variants.yongshan.options import YongshanOptions
from mahjong_rules.variants.yongshan.patterns import score_yongshan
from mahjong_rules.variants.yongshan.penalties import penalty_payments
from mahjong_rules.variants.yongshan.records import YongshanHand, YongshanView, shown
from mahjong_rules.variants.yongshan.ti import ConcealedSwapped, Swapped, Ti, apply_ti, swapped_for
from mahjong_rules.variants.yongshan.wildcards import WildcardRules
from mahjong_rules.variants.yongshan.words import YongshanWords
from mahjong_rules.wins import is_win
from mahjong_rules.wins.detector import wait_mask

__all__ = ["Yongshan"]

_WALL = TileCounts.from_counts([4] * 27 + [0] * 7)
"""The 108 suited tiles, four of each."""

_SUIT_TILES = tuple(sum(1 << i for i in range(9 * k, 9 * k + 9)) for k in range(3))
"""The 34-bit kind mask of each suit (万, 筒, 条)."""


class Yongshan(YongshanWords, WildcardRules):
    """永善麻将: 108 tiles, peng and kong but no chow, 听用 wildcards from the 本金 tile, 提,
    缺一门, 血战 (winners leave, play goes on), 过手胡 that yields to a bigger win, and 罚分 at a
    draw game."""

    name: ClassVar[str] = "yongshan"
    aliases: ClassVar[tuple[str, ...]] = ("永善", "永善麻将", "yong_shan")
    name_zh: ClassVar[str] = "永善麻将"
    options_class = YongshanOptions
    options: YongshanOptions
    win_ends_hand: ClassVar[bool] = False
    wild_melds: ClassVar[bool] = True
    max_suits: ClassVar[int] = 2  # 缺一门 (YS-WIN-1)
    action_types: ClassVar[tuple[type[Action], ...]] = (Ti,)
    event_types: ClassVar[tuple[type[Event], ...]] = (Swapped, ConcealedSwapped)
    hand_state_class: ClassVar[type | None] = YongshanHand
    public_view_class: ClassVar[type | None] = YongshanView

    @property
    def wall_tiles(self) -> TileCounts:
        """YS-TILES-1: the 108 suited tiles, four of each (TILE-1; no honors)."""
        return _WALL

    # ------------------------------------------------------------------ its own records

    def hand_state_problem(self, state: State) -> str | None:
        """YS-WILD-1: the 本金 is the wall's tile right after the dealt hands."""
        turned = state.wall[14 + 13 * (state.players - 1)]
        if state.variant.indicator is not turned:
            return f"the deal turns up {turned}, not {state.variant.indicator}"
        return None

    def public_variant_view(self, state: State) -> YongshanView:
        """The 本金 tile, face up for every seat."""
        return shown(state.variant)

    def wild_kind_sets(self) -> Iterable[Iterable[Tile]]:
        """YS-WILD-2: the wildcard kinds each suited tile makes as 本金."""
        return [self.options.wild_kinds(tile) for tile in all_tiles(honors=False)]

    def apply_own_action(self, state: State, action: Action) -> State:
        """提 (YS-TI-1), its only own action."""
        assert isinstance(action, Ti)
        return apply_ti(state, action)

    def event_for(self, event: Event, seat: int) -> Event | None:
        """Another seat's 提 on a 暗杠 without the kong's tiles (BS-GANG-3)."""
        if isinstance(event, Swapped) and self.hides_concealed_kongs:
            return swapped_for(event, seat)
        return event

    # ------------------------------------------------------------------ winning

    def is_complete(self, state: State, seat: int, concealed: TileCounts) -> bool:
        """YS-WIN-1: a complete shape (wildcards standing for any tile, YS-WILD-3) lacking a
        suit (YS-WILD-5), read with no fifth copy of any tile (YS-WILD-6)."""
        naturals, wilds = self.wilds_in(state, concealed)
        melds = state.seats[seat].melds
        if self._suits(state, seat, naturals) == ALL_SUITS:
            return False
        if not is_win(naturals, wilds, seven_pairs=True, honors=False):
            return False
        return not melds or fits_melds(naturals, wilds, melds)

    def compute_waits(self, state: State, seat: int) -> int:
        s = state.seats[seat]
        held = suits_of_bits(s.concealed.bits & ~state.wild_kinds.lanes) | meld_suits(s.melds)
        if held == ALL_SUITS:
            return 0  # 缺一门: a three-suit hand never wins (told before the wildcard split)
        naturals, wilds = self._split(state, seat)
        wild_mask = state.wild_kinds.mask
        mask = wait_mask(naturals, wilds, True, False)
        if mask and wild_mask:
            mask |= wild_mask  # a drawn wildcard stands for any tile that completes the hand
        if held.bit_count() == 2:  # a tile of the missing suit would make three (a wildcard not)
            mask &= sum(m for k, m in enumerate(_SUIT_TILES) if held >> k & 1) | wild_mask
        if not mask:
            return 0
        melds = s.melds
        check = melds and any(naturals.count(m.tile) + m.size + wilds + 1 > 4 for m in melds)
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            tile = ALL_TILES[low.bit_length() - 1]
            if fifth_copy(s, tile):
                mask ^= low
            elif check:
                # the shape and the suits are complete with any tile of the mask (is_complete's
                # first tests): only the fit beside the melds is left to ask (YS-WILD-6)
                if low & wild_mask:
                    fits = fits_melds(naturals, wilds + 1, melds)
                else:
                    fits = fits_melds(naturals.add(tile), wilds, melds)
                if not fits:
                    mask ^= low
        return mask

    def self_win_forced(self, state: State, seat: int) -> bool:
        """YS-NODISCARD-1, YS-ALLWILD-1: a hand of wildcards only must win."""
        return self._only_wilds(state, state.seats[seat].concealed)

    def ting_dian(self, state: State, seat: int) -> bool:
        """Whether ``seat``'s 3k+1 hand is 听点 (YS-TINGDIAN-1: a wildcard waits alone)."""
        naturals, wilds = self._split(state, seat)
        return is_ting_dian(naturals, wilds)

    def win_on_tile_allowed(self, state: State, seat: int, how: WinKind) -> bool:
        """YS-TINGDIAN-1: a 听点 hand wins only by self-draw — except with 4 players once two
        have won (and, with ``ting_dian_three_players``, with 3 once one has). Reading: robbing
        a kong is a win on another seat's tile too."""
        won = sum(1 for s in state.seats if s.won)
        n = state.players
        if (n == 4 and won >= 2) or (n == 3 and won >= 1 and self.options.ting_dian_three_players):
            return True
        return not self.ting_dian(state, seat)

    def pass_hu_blocks(self, state: State, seat: int, how: WinKind) -> bool:
        """YS-PASSHU-1: after declining a win, a seat wins on a discard only with more fan than
        the most it declined (compared before the cap) until its next own action."""
        return state.seats[seat].pass_hu and self.declined_more(state, seat, how)

    def discard_lifts_pass_hu(self, state: State, seat: int) -> bool:
        return True  # YS-PASSHU-1: its own discard counts as passing (the rule text's example)

    def tracks_declined_fan(self) -> bool:
        return True

    def score(self, ctx: WinContext) -> Breakdown | None:
        return score_yongshan(ctx, self.options)

    def best_win(self, state: State, seat: int, how: WinKind) -> Breakdown | None:
        """The best win ``seat`` could make (罚分, YS-PENALTY-2), found with one or two scores
        instead of one per wait when the seat holds a wildcard.

        Whatever a natural tile does in a reading, a wildcard standing for it does too (and
        无听用 is lost either way), so the hand scored with one more wildcard bounds every
        wait. Drawing a wildcard reaches the bound; so does any wait the extra wildcard stood
        for in the bound's reading. Otherwise every wait is scored.
        """
        _, wilds = self._split(state, seat)
        waits = self._wait_mask(state, seat)
        if not wilds or not waits:
            return super().best_win(state, seat, how)
        wild_waits = waits & state.wild_kinds.mask
        if wild_waits:
            wild = ALL_TILES[(wild_waits & -wild_waits).bit_length() - 1]
            return self.score_wait(state, seat, wild, how)
        kind = next(iter(state.wild_kinds))
        bound = self.score_wait(state, seat, kind, how)
        if bound is not None and bound.reading is not None:
            for tile in bound.reading.wilds:
                if waits >> tile.index & 1:
                    return self.score_wait(state, seat, tile, how)
        return super().best_win(state, seat, how)

    def win_context(self, state: State, seat: int, tile: Tile, how: WinKind) -> WinContext:
        """The engine's context with the 本金 tile (YS-PAT-本金); no 杠上花 after a 提."""
        indicator = state.variant.indicator
        ctx = defaults.win_context(self, state, seat, tile, how, indicator=indicator)
        if state.acted_since_draw and ctx.kong_chain:
            ctx = attrs.evolve(ctx, kong_chain=0)  # a 提 after the replacement: no 杠上花
        return ctx

    # ------------------------------------------------------------------ payments and the end

    def win_payments(self, state: State, win: WinRecord) -> list[Payment]:
        """YS-PAY-1: a self-draw is paid by every seat still in the hand; a discard by the
        discarder; 抢杠胡 by the robbed seat alone."""
        points = win.breakdown.points
        if win.from_seat is not None:
            payers = [win.from_seat]
        else:
            payers = [p for p, s in enumerate(state.seats) if p != win.seat and not s.won]
        return [Payment(p, win.seat, points, PaymentReason.WIN) for p in payers]

    def settle_wins(self, state: State, wins: Sequence[WinRecord]) -> State:
        """YS-END-1 血战: the winners leave; the hand ends once one seat is left un-won. Until
        then the engine plays on (``win_ends_hand`` is false): a peng or kong of a discard won
        on stands beside the wins (YS-CLAIM-4), the next draw is the first seat in play after
        the last winner (YS-TURN-1), and a robbed 补杠 stands, its maker's (YS-PAT-抢杠胡)."""
        first = not state.wins
        payments = [p for win in wins for p in self.win_payments(state, win)]
        state = record_wins(state, wins)
        changes = {}
        if first:  # YS-DEALER-1: the first winner deals next; after 一炮多响 the discarder
            changes["next_dealer"] = wins[0].seat if len(wins) == 1 else state.current
        state = pay(state, payments, **changes)
        if sum(1 for s in state.seats if not s.won) > 1:
            return state
        return end_hand(state, ledger_result(state, exhausted=False))

    @property
    def payment_reasons(self) -> frozenset[PaymentReason]:
        """Wins and 罚分 (YS-PENALTY-1..3, its 查叫 part included); no kong money."""
        return frozenset({PaymentReason.WIN, PaymentReason.PENALTY})

    def penalties(self, state: State) -> list[Payment]:
        """罚分 at 流局 (YS-PENALTY-1..3) of a state whose wall is empty (the engine applies
        it itself when the wall runs out)."""
        if state.tiles_left:
            raise IllegalActionError(f"罚分 needs an empty wall; {state.tiles_left} tiles are left")
        return penalty_payments(self, state)[0]

    def settle_exhausted(self, state: State) -> State:
        """流局 with seats un-won: 罚分; the dealer stays unless someone won (YS-DEALER-1)."""
        payments, ready = penalty_payments(self, state)
        state = pay(state, payments)
        return end_hand(state, ledger_result(state, exhausted=True, ready=ready))
