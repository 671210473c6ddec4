"""四川血战到底 (Sìchuān xuèzhàn dàodǐ) in play: a seat's turn and the claims on its discards —
the void suit's limits (SC-VOID-2..5), kongs (SC-GANG-1, SC-GANG-2), claims (SC-CLAIM-2,
SC-GANG-3), 诈胡 (SC-WIN-3) and 过水不胡 (SC-PASSHU-1..3). A base of
:class:`~mahjong_rules.variants.sichuan.rules.Sichuan`, which adds the records, winning and
the money.
"""

from __future__ import annotations

from collections.abc import Iterable

from mahjong_rules.counts import KINDS_OF_LANES, LOW_BITS, TileCounts, TileSet
from mahjong_rules.engine.actions import Action, Gang, Peng
from mahjong_rules.engine.edit import after_peng
from mahjong_rules.engine.state import State
from mahjong_rules.melds import MeldKind
from mahjong_rules.scoring import WinKind
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.sichuan.actions import SUITS
from mahjong_rules.variants.sichuan.false_hu import FalseHu, apply_false_hu
from mahjong_rules.variants.sichuan.options import SichuanOptions
from mahjong_rules.variants.sichuan.patterns import plain_win
from mahjong_rules.variants.sichuan.records import hand_in_play
from mahjong_rules.variants.sichuan.settlement import lanes_of

__all__ = ["SichuanPlay"]

_FOURS = sum(4 << (3 * i) for i in range(27))
"""A lane holding four copies has its third bit set."""
ALL_TILES = all_tiles(honors=False)
_PENG = tuple(Peng(seat) for seat in range(4))
_GANGS: dict[tuple[int, Tile, MeldKind], Gang] = {}
"""Each seat's kong actions, built once (actions are values; at most 4 x 27 x 3)."""


def _gang(seat: int, tile: Tile, kind: MeldKind) -> Gang:
    found = _GANGS.get((seat, tile, kind))
    if found is None:
        found = _GANGS[seat, tile, kind] = Gang(seat, tile, kind)
    return found


class SichuanPlay(Rules):
    """The turn and the claims of Sichuan (see the module)."""

    options: SichuanOptions

    def __init__(self, options: SichuanOptions | None = None, /, **kwargs: object) -> None:
        super().__init__(options, **kwargs)
        o = self.options
        self._strict = o.void_discard == "strict"  # (read every turn)
        self._no_win = o.void_kong == "no_win"
        self._false_hu = o.false_hu == "penalty"

    def _void_lanes(self, state: State, seat: int) -> int:
        return lanes_of(state.seats[seat].variant.void)

    # ------------------------------------------------------------------ a seat's turn

    def discardable(self, state: State, seat: int) -> TileCounts | Iterable[Tile]:
        """SC-VOID-2: the set-aside tile first, turned up; SC-VOID-4 ``strict``: while it holds
        a tile of its void suit, only those."""
        s = state.seats[seat]
        aside = s.variant.aside
        if aside is not None and not s.discards:
            return (aside,)
        if self._strict:
            void = s.variant.void
            held = s.concealed.bits & lanes_of(void)
            if held:  # the kinds of its void suit it holds, read from that suit's lanes
                k = SUITS.index(void)
                lanes = ((held | held >> 1 | held >> 2) & LOW_BITS) >> 27 * k
                return TileSet._make(KINDS_OF_LANES[lanes] << 9 * k)
        return s.concealed

    def turn_kongs(self, state: State, seat: int) -> list[Action]:
        """SC-GANG-1, SC-GANG-2: 暗杠 and 补杠 while a tile is left, from the hand in play (not
        the set-aside tile); a 暗杠 of the void suit unless ``void_kong="forbidden"``
        (SC-VOID-5)."""
        s = state.seats[seat]
        if state.tiles_left <= 0 or not (s.concealed.bits & _FOURS or s.melds):
            return []
        hand = hand_in_play(state, seat)
        out: list[Action] = []
        quads = hand.bits & _FOURS
        forbidden = self.options.void_kong == "forbidden"
        void = s.variant.void
        while quads:
            low = quads & -quads
            quads ^= low
            tile = ALL_TILES[(low.bit_length() - 1) // 3]
            if not (forbidden and tile.suit is void):
                out.append(_gang(seat, tile, MeldKind.AN_GANG))
        for meld in s.melds:
            if meld.kind is MeldKind.PENG and hand.bits >> 3 * meld.tile.index & 7:
                out.append(_gang(seat, meld.tile, MeldKind.BU_GANG))
        return out

    def extra_turn_actions(self, state: State, seat: int) -> list[Action]:
        """SC-WIN-3 with ``false_hu="penalty"``: a false hu (:class:`~.false_hu.FalseHu`) on a
        hand that does not win, once per draw, not after a peng (SC-CLAIM-3)."""
        if not self._false_hu or state.acted_since_draw:
            return []
        s = state.seats[seat]
        if after_peng(state, seat) or self.is_complete(state, seat, s.concealed):
            return []
        return [FalseHu(seat)]

    def apply_own_action(self, state: State, action: Action) -> State:
        """诈胡, its only own action outside its phases (SC-WIN-3, SC-REFUND-4)."""
        assert isinstance(action, FalseHu)
        return apply_false_hu(state, action.seat)

    # ------------------------------------------------------------------ claims

    def meld_claims(self, state: State, seat: int, tile: Tile) -> list[Action]:
        """SC-CLAIM-2: a peng with two held, a 直杠 with three and a tile left to replace it
        (SC-GANG-2); none of the void suit (SC-VOID-3); 过手碰 only with ``pass_peng``
        (SC-PASSPENG-1)."""
        s = state.seats[seat]
        if tile.suit is s.variant.void:
            return []
        held = s.concealed.count(tile)
        out: list[Action] = []
        if held >= 2 and not (self.options.pass_peng and tile in s.pass_peng):
            out.append(_PENG[seat])
        if held == 3 and state.tiles_left > 0:
            out.append(_gang(seat, tile, MeldKind.ZHI_GANG))
        return out

    def win_on_tile_allowed(self, state: State, seat: int, how: WinKind) -> bool:
        """SC-GANG-3: a 补杠 may be robbed only with ``rob_kong``."""
        return how is not WinKind.ROB_KONG or self.options.rob_kong

    def declines_self_win(self, state: State, seat: int) -> bool:
        return False  # SC-PASSHU-1: declining a self-draw win blocks nothing

    def tracks_declined_fan(self) -> bool:
        return True

    def declined_fan(self, state: State, seat: int, tile: Tile, how: WinKind) -> int:
        """SC-PASSHU-2: what a win is worth, as fan after the cap: scored as a plain win
        (``pass_hu_compare="structural"``), or as it would be paid (``"score"``)."""
        ctx = self.win_context(state, seat, tile, how)
        if self.options.pass_hu_compare == "structural":
            ctx = plain_win(ctx)
        breakdown = self.score(ctx)
        return -1 if breakdown is None else breakdown.capped_fan

    def pass_hu_blocks(self, state: State, seat: int, how: WinKind) -> bool:
        """SC-PASSHU-1: after declining a win, a discard (or robbing) win must be worth
        strictly more than the most it declined since."""
        s = state.seats[seat]
        if not s.pass_hu:
            return False
        tile = state.tile
        assert tile is not None
        return self.declined_fan(state, seat, tile, how) <= s.pass_hu_fan

    def draw_lifts_pass_hu(self, state: State, seat: int, replacement: bool) -> bool:
        """SC-PASSHU-3: an ordinary draw lifts the block; a replacement only with
        ``pass_hu_reset="any_draw"``."""
        return not replacement or self.options.pass_hu_reset == "any_draw"

    def claim_lifts_pass_hu(self, state: State, seat: int) -> bool:
        return False  # SC-PASSHU-3: a peng does not lift it
