"""永善麻将's wildcards in hand and the actions they allow: 本金 and 听用, 提, and pengs and kongs
with wildcards (the rule text of 永善麻将, :ref:`rule-texts`).

:class:`WildcardRules` is the part of :class:`~mahjong_rules.variants.yongshan.rules.Yongshan`
that knows where a seat's wildcards are and what they let it do; the rules class adds winning,
payments and the end of the hand:

* 本金 and 听用 (YS-WILD-1..5): the tile after the deal is turned up (the hand's record,
  :class:`~mahjong_rules.variants.yongshan.records.YongshanHand`) and makes the wildcard kinds
  (:attr:`State.wild_kinds`); wildcards stay in the concealed hand
  as the tiles they are and are split off for the win detector (:func:`.hands.split_wilds`);
  they are never discarded, and join pengs and kongs only beside a natural copy;
* 提 (YS-TI-1): which 提 a seat may make (:class:`~mahjong_rules.variants.yongshan.ti.Ti`);
* the claim rules (YS-CLAIM-2, -5, -6), the last tile (YS-LAST-1), a hand of wildcards only
  (YS-ALLWILD-1, YS-NODISCARD-1).
"""

from __future__ import annotations

from collections.abc import Iterable

from mahjong_rules.counts import LOW_BITS, TileCounts
from mahjong_rules.engine.actions import Action, Discard, Gang, Peng
from mahjong_rules.engine.edit import ALL_TILES, FOURS, PENG
from mahjong_rules.engine.state import Phase, State, replace
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.yongshan.hands import (
    ALL_SUITS,
    meld_suits,
    split_wilds,
    suits_of,
    wild_choices,
)
from mahjong_rules.variants.yongshan.options import YongshanOptions
from mahjong_rules.variants.yongshan.records import YongshanHand
from mahjong_rules.variants.yongshan.ti import Ti

__all__ = ["WildcardRules"]

_PENG, _AN_GANG = MeldKind.PENG, MeldKind.AN_GANG  # a global is read faster than an enum member
_BU_GANG, _ZHI_GANG = MeldKind.BU_GANG, MeldKind.ZHI_GANG


class WildcardRules(Rules):
    """The wildcards of 永善麻将 in hand, and the turn actions and claims they allow (the base of
    :class:`~mahjong_rules.variants.yongshan.rules.Yongshan`)."""

    options: YongshanOptions

    @property
    def discards_wildcards(self) -> bool:
        """YS-WILD-4: a wildcard is never discarded."""
        return False

    # ------------------------------------------------------------------ 本金 and 听用

    def set_aside_at_deal(self, state: State) -> int:
        """YS-WILD-1: the next wall tile is turned up as 本金 and taken out of play."""
        return 1

    def after_deal(self, state: State) -> State:
        """YS-WILD-1: the tile turned up (set aside by the deal) makes the wildcard kinds."""
        indicator = state.wall[state.front - 1]
        return replace(
            state,
            wild_kinds=self.options.wild_kinds(indicator),
            variant=YongshanHand(indicator),
        )

    def wilds_in(self, state: State, concealed: TileCounts) -> tuple[TileCounts, int]:
        return split_wilds(concealed, state.wild_kinds.lanes)

    def _split(self, state: State, seat: int) -> tuple[TileCounts, int]:
        """:meth:`wilds_in` of the seat's concealed tiles, kept on the (immutable) seat: its
        turn's kongs, 提 and discards, the claims on others' discards and its waits all read
        it. A hand without wildcards is marked with a flag (its split is the hand itself)."""
        s = state.seats[seat]
        found = s.cache.get("split")
        if found is None:
            concealed = s.concealed
            if not concealed.bits & state.wild_kinds.lanes:  # no copy of a wildcard kind held
                s.cache["split"] = True
                return concealed, 0
            found = s.cache["split"] = self.wilds_in(state, concealed)
        return (s.concealed, 0) if found is True else found

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
        # the kinds held at least 4 - wilds times, each marked by a bit of its lane: a lane
        # holds 4 as 0b100, 3 as 0b011 (both low bits), 2 as 0b010 (YS-WILD-3: one natural
        # copy at least; one wildcard needs three naturals, two need two, three need one)
        bits = naturals.bits
        enough = (
            bits & FOURS
            if not wilds
            else bits & FOURS | (bits & bits >> 1 & LOW_BITS) << 2
            if wilds == 1
            else bits & (FOURS | FOURS >> 1)
            if wilds == 2
            else (bits | bits >> 1 | bits >> 2) & LOW_BITS
        )
        while enough:
            low = enough & -enough
            enough ^= low
            tile = ALL_TILES[(low.bit_length() - 1) // 3]
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
        if not s.turn_draws or state.acted_since_draw:
            return []  # one 提 per draw (YS-TI-1)
        targets = 0  # the tiles of its melds holding a wildcard
        for meld in s.melds:
            if meld.wild_tiles:
                targets |= 1 << meld.tile.index
        if not targets:
            return []
        if self.options.ti_from_hand:
            candidates: Iterable[Tile] = self._split(state, seat)[0].kinds()
        else:
            drawn = [t for t in s.turn_draws if targets >> t.index & 1]
            if not drawn:
                return []  # no tile drawn this turn is the tile of such a meld
            naturals = self._split(state, seat)[0]
            candidates = sorted({t for t in drawn if t in naturals})
        out: list[Action] = []
        for tile in candidates:
            for meld in s.melds:
                if meld.tile is not tile or not meld.wild_tiles:
                    continue
                for wild in sorted(set(meld.wild_tiles)):
                    if not self._only_wilds(state, s.concealed.remove(tile).add(wild)):
                        out.append(Ti._make(seat, tile, wild))
        return out

    def refusal(self, state: State, action: Action) -> str | None:
        """Why a 提 (YS-TI-1), a discard of a wildcard (YS-WILD-4) or a meld with wildcards
        (YS-WILD-3) is not legal now; the engine words any other refusal."""
        seat = action.seat
        if isinstance(action, Ti):
            return (
                f"Ti by seat {seat}: no 提 of {action.tile} for {action.wild} now (YS-TI-1: "
                "once per draw, with the tile drawn, into one's own meld of that tile holding "
                "that wildcard)"
            )
        if isinstance(action, Discard) and state.phase is Phase.TURN:
            tile = action.tile
            if tile in state.wild_kinds and tile in state.seats[seat].concealed:
                why = "a wildcard is never discarded (YS-WILD-4)"
                return f"Discard of {tile} by seat {seat}: {why}"
        if isinstance(action, Peng | Gang) and action.wild_tiles:
            wilds = "".join(t.notation for t in action.wild_tiles)
            return (
                f"{type(action).__name__} by seat {seat} with wildcards {wilds}: not offered "
                "(YS-WILD-3: wildcards only beside a natural copy, where the natural copies "
                "fall short)"
            )
        return None

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
