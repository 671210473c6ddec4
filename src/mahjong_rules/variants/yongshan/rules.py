"""永善麻将 (Yǒngshàn májiàng): the Yongshan rules on the shared engine (the rule text of 永善麻将,
:ref:`rule-texts`).

What this class adds to :class:`~mahjong_rules.variants.base.Rules`:

* 本金 and 听用 (YS-WILD-1..6): the tile after the deal is turned up (:attr:`State.indicator`)
  and makes the wildcard kinds (:attr:`State.wild_kinds`); wildcards stay in the concealed hand
  as the tiles they are and are split off for the win detector (:func:`.hands.split_wilds`);
  they are never discarded, and join pengs and kongs only beside a natural copy;
* 提 (YS-TI-1): :class:`~mahjong_rules.engine.actions.Ti`;
* 缺一门 (YS-WIN-1), 听点 (YS-TINGDIAN-1), the claim rules (YS-CLAIM-1..5), the last tile
  (YS-LAST-1), forced wins of an all-wildcard hand (YS-ALLWILD-1, YS-NODISCARD-1);
* 血战 (YS-END-1): a winner leaves and play goes on (``win_ends_hand = False``);
* payments (YS-PAY-1), 罚分 at 流局 (:meth:`Yongshan.penalties`), the next dealer (YS-DEALER-1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

import attrs

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.actions import Action, Gang, Peng, Ti
from mahjong_rules.engine.edit import FOURS, PENG, end_hand, pay, record_wins
from mahjong_rules.engine.settlement import (
    HandResult,
    Payment,
    PaymentReason,
    WinRecord,
    deltas_of,
)
from mahjong_rules.engine.state import State, replace
from mahjong_rules.errors import IllegalActionError
from mahjong_rules.melds import MeldKind
from mahjong_rules.scoring import Breakdown, WinContext, WinKind
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.yongshan.hands import (
    ALL_SUITS,
    fits_melds,
    is_ting_dian,
    meld_suits,
    split_wilds,
    suits_of,
    suits_of_bits,
    wild_choices,
)
from mahjong_rules.variants.yongshan.options import YongshanOptions
from mahjong_rules.variants.yongshan.patterns import score_yongshan
from mahjong_rules.variants.yongshan.penalties import penalty_payments
from mahjong_rules.wins import is_win
from mahjong_rules.wins.detector import wait_mask

__all__ = ["Yongshan"]

_SUIT_TILES = tuple(sum(1 << i for i in range(9 * k, 9 * k + 9)) for k in range(3))
"""The 34-bit kind mask of each suit (万, 筒, 条)."""
_ALL = all_tiles(honors=True)
_ONES = FOURS >> 2
_PENG, _AN_GANG, _BU_GANG, _ZHI_GANG = (  # a global is read faster than an enum member
    MeldKind.PENG,
    MeldKind.AN_GANG,
    MeldKind.BU_GANG,
    MeldKind.ZHI_GANG,
)


class Yongshan(Rules):
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

    # ------------------------------------------------------------------ 本金 and 听用

    def after_deal(self, state: State) -> State:
        """YS-WILD-1: the next wall tile is turned up as 本金 and taken out of play."""
        indicator = state.wall[state.front]
        return replace(
            state,
            front=state.front + 1,
            indicator=indicator,
            wild_kinds=self.options.wild_kinds(indicator),
        )

    def wilds_in(self, state: State, concealed: TileCounts) -> tuple[TileCounts, int]:
        return split_wilds(concealed, state.wild_kinds.lanes)

    def _split(self, state: State, seat: int) -> tuple[TileCounts, int]:
        """:meth:`wilds_in` of the seat's concealed tiles. The turn's discards, kongs and waits
        all read it, so a hand without wildcards is marked as such on the (immutable) seat: a
        flag costs a kept state no memory, where keeping the split itself would."""
        s = state.seats[seat]
        if s.cache.get("no_wilds"):
            return s.concealed, 0
        found = self.wilds_in(state, s.concealed)
        if found[0] is s.concealed:
            s.cache["no_wilds"] = True
        return found

    def _only_wilds(self, state: State, counts: TileCounts) -> bool:
        """Whether ``counts`` hold wildcards only (nothing a seat may discard, YS-NODISCARD-1)."""
        return not counts.bits & ~state.wild_kinds.lanes

    def _suits(self, state: State, seat: int, naturals: TileCounts) -> int:
        return suits_of(naturals) | meld_suits(state.seats[seat].melds)

    def holds_three_suits(self, state: State, seat: int) -> bool:
        """花猪 (huāzhū): the seat's natural tiles and melds hold 万, 筒 and 条 (YS-PENALTY-1;
        wildcards do not count, YS-WILD-5)."""
        naturals, _ = self._split(state, seat)
        return self._suits(state, seat, naturals) == ALL_SUITS

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
            tile = _ALL[low.bit_length() - 1]
            physical = s.concealed.count(tile) + sum(
                m.naturals if m.tile is tile else m.wild_tiles.count(tile) for m in melds
            )
            if physical >= 4:
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
            wild = _ALL[(wild_waits & -wild_waits).bit_length() - 1]
            return self.score_wait(state, seat, wild, how)
        kind = next(iter(state.wild_kinds))
        bound = self.score_wait(state, seat, kind, how)
        if bound is not None and bound.reading is not None:
            for tile in bound.reading.wilds:
                if waits >> tile.index & 1:
                    return self.score_wait(state, seat, tile, how)
        return super().best_win(state, seat, how)

    def win_context(self, state: State, seat: int, tile: Tile, how: WinKind) -> WinContext:
        ctx = super().win_context(state, seat, tile, how)
        if state.ti_made and ctx.kong_chain:
            ctx = attrs.evolve(ctx, kong_chain=0)  # a 提 after the replacement: no 杠上花
        return ctx

    # ------------------------------------------------------------------ turn actions

    def discardable(self, state: State, seat: int) -> TileCounts | Iterable[Tile]:
        """YS-WILD-4: never a wildcard (the kinds of its natural tiles)."""
        return self._split(state, seat)[0]

    def _may_meld(self, state: State, seat: int, tile: Tile) -> bool:
        """YS-CLAIM-2: no peng or kong of a third suit once one's melds span two; never a
        meld of the wildcard kind itself (Reading: four wildcards are wildcards); and no second
        meld of a tile (YS-WILD-6: with wildcards the two would hold five copies or more)."""
        melds = state.seats[seat].melds
        if state.wild_kinds.mask >> tile.index & 1 or any(m.tile is tile for m in melds):
            return False
        spans = meld_suits(melds)
        return spans.bit_count() < 2 or bool(spans >> (tile.index // 9) & 1)

    def turn_kongs(self, state: State, seat: int) -> list[Action]:
        """暗杠 and 补杠, with wildcards where the natural copies fall short; also on the last
        tile (YS-LAST-1: no replacement follows)."""
        s = state.seats[seat]
        concealed, kinds = s.concealed, state.wild_kinds
        naturals, wilds = self._split(state, seat)
        out: list[Action] = []
        if state.kong_chain and self._win_or_throw(state, seat):
            return out
        bits = naturals.bits  # the kinds held at least 4 - wilds times (a lane of 4: 0b100)
        enough = (
            bits & FOURS
            if not wilds
            else bits & FOURS | (bits & _ONES) & (bits >> 1 & _ONES) << 2
            if wilds == 1
            else bits & (FOURS | FOURS >> 1)
            if wilds == 2
            else (bits | bits >> 1 | bits >> 2) & _ONES
        )
        while enough:
            low = enough & -enough
            enough ^= low
            tile = _ALL[(low.bit_length() - 1) // 3]
            n = naturals.count(tile)
            if self._may_meld(state, seat, tile):
                for chosen in wild_choices(concealed, kinds, 4 - n) if n < 4 else [()]:
                    out.append(Gang._make(seat, tile, _AN_GANG, chosen))
        one_wild: tuple[tuple[Tile, ...], ...] | None = None  # the wildcards a 补杠 may add
        for meld in s.melds:
            if meld.kind is not _PENG:
                continue
            if naturals.bits >> 3 * meld.tile.index & 7:
                out.append(Gang._make(seat, meld.tile, _BU_GANG))
            elif wilds:
                if one_wild is None:
                    one_wild = wild_choices(concealed, kinds, 1)
                for chosen in one_wild:
                    out.append(Gang._make(seat, meld.tile, _BU_GANG, chosen))
        return out

    def _win_or_throw(self, state: State, seat: int) -> bool:
        """YS-ALLWILD-1: a seat that held only wildcards when it konged has drawn a natural
        replacement: it may win with it or throw exactly it — no kong, no 提."""
        s = state.seats[seat]
        drawn = s.drawn
        if drawn is None or not state.kong_chain or drawn in state.wild_kinds:
            return False
        return self._only_wilds(state, s.concealed.remove(drawn))

    def extra_turn_actions(self, state: State, seat: int) -> list[Action]:
        """提 (YS-TI-1): in a turn begun with its own draw, a tile drawn this turn and still in
        hand — its first draw or any kong replacement since (any natural tile in hand with
        ``ti_from_hand``) — replaces a wildcard in one of its pengs or kongs; one 提 per draw;
        never when it would leave only wildcards in hand (YS-NODISCARD-1)."""
        s = state.seats[seat]
        if not s.turn_draws or state.ti_made:
            return []  # one 提 per draw (YS-TI-1)
        targets = 0  # the tiles of its melds holding a wildcard
        for meld in s.melds:
            if meld.wild_tiles:
                targets |= 1 << meld.tile.index
        if not targets:
            return []
        naturals, _ = self._split(state, seat)
        if self.options.ti_from_hand:
            candidates: Iterable[Tile] = naturals.kinds()
        else:
            candidates = sorted(
                {t for t in s.turn_draws if targets >> t.index & 1 and t in naturals}
            )
        out: list[Action] = []
        for tile in candidates:
            for meld in s.melds:
                if meld.tile is not tile or not meld.wild_tiles:
                    continue
                for wild in sorted(set(meld.wild_tiles)):
                    if not self._only_wilds(state, s.concealed.remove(tile).add(wild)):
                        out.append(Ti._make(seat, tile, wild))
        return out

    def meld_claims(self, state: State, seat: int, tile: Tile) -> list[Action]:
        """Pengs and 直杠 of a discard (YS-WILD-3, YS-CLAIM-2, YS-CLAIM-5, YS-LAST-1, 过手碰)."""
        if state.back == state.front or not self._may_meld(state, seat, tile):
            return []  # YS-LAST-1: only wins on the last discard
        s = state.seats[seat]
        concealed, kinds = s.concealed, state.wild_kinds
        naturals, wilds = self._split(state, seat)
        n = naturals.bits >> 3 * tile.index & 7
        out: list[Action] = []
        if not n:
            return out
        # YS-CLAIM-6: with "naturals_first" the natural copies go in first and wildcards make up
        # only what they lack; with "any" every composition with a natural copy is its own claim
        every = self.options.meld_wilds == "any"
        if not s.pass_peng.mask >> tile.index & 1:
            for k in range(min(n, 2), 0 if every else min(n, 2) - 1, -1):  # naturals used
                for chosen in wild_choices(concealed, kinds, 2 - k) if k < 2 else [()]:
                    bits = concealed.bits - (k << 3 * tile.index)  # the hand after the peng
                    for wild in chosen:
                        bits -= 1 << 3 * wild.index
                    after = TileCounts._make(bits, concealed.size - 2)
                    if not self._only_wilds(state, after):  # YS-CLAIM-5
                        out.append(Peng._make(seat, chosen) if chosen else PENG[seat])
        if n + wilds >= 3:
            for k in range(min(n, 3), 0 if every else min(n, 3) - 1, -1):
                for chosen in wild_choices(concealed, kinds, 3 - k) if k < 3 else [()]:
                    out.append(Gang._make(seat, tile, _ZHI_GANG, chosen))
        return out

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
        """YS-END-1 血战: the winners leave; the hand ends once one seat is left un-won."""
        first = not state.wins
        payments = [p for win in wins for p in self.win_payments(state, win)]
        state = record_wins(state, wins)
        changes = {}
        if first:  # YS-DEALER-1: the first winner deals next; after 一炮多响 the discarder
            changes["next_dealer"] = wins[0].seat if len(wins) == 1 else state.current
        state = pay(state, payments, **changes)
        if sum(1 for s in state.seats if not s.won) > 1:
            return state
        return end_hand(state, self._result(state, exhausted=False))

    def _result(
        self, state: State, *, exhausted: bool, ready: dict[int, bool] | None = None
    ) -> HandResult:
        next_dealer = state.next_dealer if state.next_dealer is not None else state.dealer
        return HandResult(
            wins=state.wins,
            payments=state.ledger,
            deltas=deltas_of(state.ledger, state.players),
            next_dealer=next_dealer,
            exhausted=exhausted,
            ready=ready or {},
        )

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
        return end_hand(state, self._result(state, exhausted=True, ready=ready))
