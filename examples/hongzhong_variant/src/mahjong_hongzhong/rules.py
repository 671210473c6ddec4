"""The rules of 红中麻将 (hóngzhōng májiàng) on the library's variant contract: 112 tiles, 红中
wildcards, peng and kongs but no chow, self-draw only unless ``dian_pao`` (then one winner a
discard, 截胡), 七对, 四红中, 抓码 birds after the win, kongs paid at once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from mahjong_hongzhong import scoring
from mahjong_hongzhong.birds import BirdPhase, bird_payments, birds_of
from mahjong_hongzhong.options import RED, HongzhongOptions
from mahjong_hongzhong.records import (
    BIRDS,
    Birds,
    BirdsCaught,
    CatchBirds,
)
from mahjong_hongzhong.words import HongzhongWords
from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.edit import end_hand, pay, record_wins
from mahjong_rules.engine.settlement import (
    HandResult,
    OwnReason,
    Payment,
    PaymentReason,
    WinRecord,
    deltas_of,
)
from mahjong_rules.engine.state import State, replace
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import Breakdown, WinContext, WinKind
from mahjong_rules.tiles import Tile
from mahjong_rules.wins import is_win

__all__ = ["Hongzhong"]

_WALL = TileCounts.from_counts([4] * 27 + [0] * 6 + [4])
_RED_ONLY = TileSet([RED])


class Hongzhong(HongzhongWords):
    """红中麻将 (hóngzhōng májiàng): 红中 wildcards, self-draw wins, 抓码 birds."""

    name = "hongzhong"
    aliases = ("红中麻将",)
    name_zh = "红中麻将"
    options_class = HongzhongOptions
    options: HongzhongOptions
    action_types = (CatchBirds,)
    event_types = (BirdsCaught,)
    own_reasons: ClassVar[tuple[OwnReason, ...]] = (BIRDS,)
    phases = (BirdPhase(),)
    hand_state_class = public_view_class = Birds

    # ------------------------------------------------------------------ the tiles

    @property
    def honors(self) -> bool:
        """红中 is an honor tile, so the room's tiles (and action ids) include the honors;
        the wall holds no other (:attr:`wall_tiles`)."""
        return True

    @property
    def wall_tiles(self) -> TileCounts:
        """112 tiles: four of each suited tile and four 红中."""
        return _WALL

    @property
    def discards_wildcards(self) -> bool:
        """Whether a 红中 may be discarded (the option ``discard_hongzhong``): the default
        ``discardable`` then lists it."""
        return self.options.discard_hongzhong

    def after_deal(self, state: State) -> State:
        """红中 is the hand's wildcard kind."""
        return replace(state, wild_kinds=_RED_ONLY)

    def wilds_in(self, state: State, concealed: TileCounts) -> tuple[TileCounts, int]:
        """The 红中 held are wildcards."""
        n = concealed.count(RED)
        return (concealed.remove(RED, n), n) if n else (concealed, 0)

    # ------------------------------------------------------------------ wins

    def is_complete(self, state: State, seat: int, concealed: TileCounts) -> bool:
        """Four melds and a pair, or seven pairs, 红中 standing for any suited tile; or four
        红中 (四红中)."""
        naturals, wilds = self.wilds_in(state, concealed)
        return wilds == 4 or is_win(naturals, wilds, seven_pairs=True, honors=False)

    def self_win_forced(self, state: State, seat: int) -> bool:
        """四红中: a seat holding the four 红中 in its turn wins at once."""
        return state.seats[seat].concealed.count(RED) == 4

    def win_on_tile_allowed(self, state: State, seat: int, how: WinKind) -> bool:
        """Self-draw only, unless ``dian_pao``; a discarded 红中 is won by nobody."""
        return self.options.dian_pao and state.tile is not RED

    def discard_winners(self, state: State, seats: tuple[int, ...]) -> tuple[int, ...]:
        """截胡 (jiéhú): of the seats winning one discard, the first after the discarder."""
        n = state.players
        return (min(seats, key=lambda s: (s - state.current) % n),)

    def score(self, ctx: WinContext) -> Breakdown | None:
        return scoring.score(ctx)

    # ------------------------------------------------------------------ turns and claims

    def concealed_kong_allowed(self, state: State, seat: int, tile: Tile) -> bool:
        """No 暗杠 of 红中 (four of them win)."""
        return tile is not RED

    def meld_claims(self, state: State, seat: int, tile: Tile) -> list[Action]:
        """Peng and 直杠 as usual; a discarded 红中 is claimed by nobody."""
        return [] if tile is RED else super().meld_claims(state, seat, tile)

    # ------------------------------------------------------------------ money

    @property
    def payment_reasons(self) -> frozenset[PaymentReason | OwnReason]:
        """Wins, kongs and birds."""
        return frozenset({PaymentReason.WIN, PaymentReason.KONG, BIRDS})

    def kong_payments(self, state: State, seat: int, meld: Meld, ref: int) -> list[Payment]:
        """暗杠 2 from each other seat, 直杠 3 from the discarder, 补杠 1 from each other seat."""
        if meld.kind is MeldKind.ZHI_GANG:
            assert meld.from_seat is not None
            return [Payment(meld.from_seat, seat, 3, PaymentReason.KONG, ref)]
        amount = 2 if meld.kind is MeldKind.AN_GANG else 1
        others = [p for p in range(state.players) if p != seat]
        return [Payment(p, seat, amount, PaymentReason.KONG, ref) for p in others]

    def payers(self, state: State, win: WinRecord) -> list[int]:
        """Who pays ``win``: every other seat for a self-draw, else the discarder (or the
        robbed kong's maker) alone."""
        if win.from_seat is not None:
            return [win.from_seat]
        return [p for p in range(state.players) if p != win.seat]

    def win_payments(self, state: State, win: WinRecord) -> list[Payment]:
        """2 from each payer (4 for 无红中: the breakdown's points times 2), and once the
        birds are caught 1 more per bird that hit."""
        payers = self.payers(state, win)
        base = 2 * win.breakdown.points
        paid = [Payment(p, win.seat, base, PaymentReason.WIN) for p in payers]
        return paid + bird_payments(state, win, payers)

    def settle_wins(self, state: State, wins: Sequence[WinRecord]) -> State:
        """The win is paid and ends the hand; the birds follow (:class:`BirdPhase`). The
        winner deals next."""
        state = record_wins(state, wins)
        state = pay(state, [p for w in wins for p in self.win_payments(state, w)])
        result = HandResult(
            wins=tuple(wins),
            payments=state.ledger,
            deltas=deltas_of(state.ledger, state.players),
            next_dealer=wins[0].seat,
        )
        return end_hand(state, result)

    def settle_exhausted(self, state: State) -> State:
        """流局: nothing more is paid (the kongs stand); the dealer deals again."""
        result = HandResult(
            wins=(),
            payments=state.ledger,
            deltas=deltas_of(state.ledger, state.players),
            next_dealer=state.dealer,
            exhausted=True,
        )
        return end_hand(state, result)

    # ------------------------------------------------------------------ the birds' record

    def public_variant_view(self, state: State) -> Birds:
        """The birds are turned up for all to see."""
        return state.variant  # type: ignore[no-any-return]

    def hand_state_problem(self, state: State) -> str | None:
        """The birds are the last live tiles of the wall once the winner caught them, and none
        before."""
        caught = bool(state.wins) and state.result is not None and state.stage != BirdPhase.name
        expected = birds_of(state, self.options.birds) if caught else ()
        if state.variant.tiles != expected:
            return "the birds are the last live tiles of the wall, turned up after the win"
        return None
