"""报听 (bàotīng, 来门报听, BS-TING-1..5): Baoshan's own action, event and hooks.

With the room option ``bao_ting`` a seat may declare its hand ready in its first turn
(:class:`Ting`, announced by :class:`Declared`); the declaration is kept in the seat's
:class:`~mahjong_rules.variants.baoshan.records.BaoshanSeat` and locks the hand: from then on
it discards what it draws, claims no peng or kong and makes only the concealed kongs that keep
its waits (BS-TING-3). :class:`TingHooks` holds every hook 报听 touches; the Baoshan rules
derive from it.

>>> from mahjong_rules import get_variant, parse_action
>>> parse_action("0 听")
Ting(seat=0)
>>> print(Ting(2))
2 ting
>>> get_variant("baoshan").action_id(Ting(0))
111
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine import defaults
from mahjong_rules.engine.actions import Action, Discard, Gang, Peng
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.state import Phase, State, replace
from mahjong_rules.melds import MeldKind
from mahjong_rules.scoring import WinContext, WinKind
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.baoshan.options import BaoshanOptions
from mahjong_rules.variants.base import Rules
from mahjong_rules.wins import winning_tiles

__all__ = ["Declared", "Ting", "TingHooks", "ting_problem"]

_AN_GANG, _BU_GANG = MeldKind.AN_GANG, MeldKind.BU_GANG


@attrs.frozen
class Ting(Action):
    """报听 (bàotīng): declare the hand ready; it is then locked (BS-TING-1..3)."""

    verb: ClassVar[str] = "ting"
    verb_aliases: ClassVar[tuple[str, ...]] = ("听", "聽")


@attrs.frozen
class Declared(Event):
    """报听 (bàotīng): ``seat`` declared its hand ready and locked it (BS-TING-1..3). Every
    seat sees it."""

    seat: int
    """The seat that declared."""


_TING = tuple(Ting(seat) for seat in range(4))
"""One shared ``Ting`` per seat (what the turn lists)."""


def ting_problem(state: State, seat: int, bao_ting: bool) -> str | None:
    """What is wrong with ``seat``'s declaration in ``state`` (a room with or without 报听), or
    ``None``: a part of Baoshan's ``seat_state_problem``."""
    s = state.seats[seat]
    # (a variant deriving from Baoshan's may keep a record of its own)
    declared, draws = getattr(s.variant, "ting", False), getattr(s.variant, "ting_draws", 0)
    if not declared:
        return "ting_draws: a seat that has not declared 报听 (bàotīng) has 0" if draws else None
    if not bao_ting:
        return "ting: no seat declares 报听 (bàotīng) in a room without bao_ting"
    if any(m.kind is not _AN_GANG for m in s.melds):
        return "ting: a hand that declared 报听 claims no peng or kong (BS-TING-3)"
    if not 0 <= draws <= s.draws:
        return (
            f"ting_draws: the declaration came after {draws} draws,"
            f" but the seat has drawn {s.draws}"
        )
    return None


class TingHooks(Rules):
    """The hooks of 报听 (a base of :class:`~mahjong_rules.variants.baoshan.rules.Baoshan`):
    when a seat may declare, the transition, and the lock on a declared hand."""

    options: BaoshanOptions

    def __init__(self, options: BaoshanOptions | None = None, /, **kwargs: object) -> None:
        super().__init__(options, **kwargs)
        self._bao_ting = bool(self.options.bao_ting)

    def declared(self, state: State, seat: int) -> bool:
        """Whether ``seat`` has declared 报听 in this hand (BS-TING-1)."""
        return self._bao_ting and bool(state.seats[seat].variant.ting)

    # ------------------------------------------------------------------ declaring

    def _ready(self, concealed: TileCounts) -> bool:
        return bool(winning_tiles(concealed, honors=self.options.honors))

    def _declaring_turn(self, state: State, seat: int) -> bool:
        """The seat's first turn, before its first discard: the turn of 来门报听 (BS-TING-1,
        -2). Its only melds are then concealed kongs made in this turn (it claimed nothing)."""
        s = state.seats[seat]
        if s.discards or any(m.kind is not _AN_GANG for m in s.melds):
            return False
        return seat != state.dealer or state.discards_made == 0

    def _dealer_declaring(self, state: State, seat: int) -> bool:
        """The dealer in his first turn, his hand not yet locked: his declaration is made with
        his first discard, or with a concealed kong made after declaring (BS-TING-3: the kong
        takes the place of the declaring discard, so its replacement is a draw of the locked
        hand, discarded unless it wins or konges)."""
        if seat != state.dealer or not self._declaring_turn(state, seat):
            return False
        s = state.seats[seat]
        return not s.variant.ting or s.draws == getattr(s.variant, "ting_draws", 0)

    def can_declare(self, state: State, seat: int) -> bool:
        """BS-TING-1, -2 (来门报听: "开局时庄家打一张就听牌或闲家开局就听牌可以报听 … 闲家摸牌才能
        报听"). The dealer declares in his first turn if one discard leaves him ready; a
        non-dealer declares in his first turn on the tile he drew if the tiles he held before
        it are ready.

        Reading: a concealed kong (暗杠) made in that turn before the declaration does not end
        the turn of 来门报听, for either seat: the dealer's "打一张就听牌" is judged on the hand
        the kong leaves (replacement included), and a non-dealer's "开局就听牌 … 摸牌" on the
        kong's replacement, a draw, with the hand he holds without it (the seed sets no other
        limit on the opening turn, and a kong made after declaring, BS-TING-3, reaches the
        same hands). A declaration made on a complete hand declines that win (BS-TING-4)."""
        if not self._bao_ting or self.declared(state, seat):
            return False
        if not self._declaring_turn(state, seat):
            return False
        s = state.seats[seat]
        if seat == state.dealer:
            # BS-TING-1: the dealer declares with his first discard, which must leave him ready
            return any(self._ready(s.concealed.remove(t)) for t in s.concealed.distinct())
        if s.drawn is not None:
            # BS-TING-2: a non-dealer declares on his draw if the tiles he held before are ready
            return self._ready(s.concealed.remove(s.drawn))
        return False

    def extra_turn_actions(self, state: State, seat: int) -> list[Action]:
        """BS-TING-1, -2: ``Ting`` when :meth:`can_declare`."""
        if not self._bao_ting:
            return []
        return [_TING[seat]] if self.can_declare(state, seat) else []

    def apply_own_action(self, state: State, action: Action) -> State:
        """报听; declared on a hand whose self-draw win is on offer, it declines that win (the
        declaration is the choice, as a discard would be, BS-TING-4): the 过手胡 block starts
        now, and the seat's next draw (a kong's replacement, BS-TING-5) lifts it."""
        if not isinstance(action, Ting):
            return super().apply_own_action(state, action)
        seat = action.seat
        s = state.seats[seat]
        record = attrs.evolve(s.variant, ting=True, ting_draws=s.draws)
        if self.declines_self_win(state, seat):
            s = replace(s, variant=record, pass_hu=True)
        else:
            s = replace(s, variant=record)
        seats = (*state.seats[:seat], s, *state.seats[seat + 1 :])
        return replace(state, seats=seats, events=(*state.events, Declared(seat)))

    def _declared_on_this_tile(self, state: State, seat: int) -> bool:
        """BS-TING-2, BS-TING-4: the seat declared 报听 in this turn on the tiles it holds now (no
        kong replacement drawn since), so it chose 报听 over the win these tiles offer. The
        declaration sets the seat's 过手胡 block when it declines a win (:meth:`apply_own_action`),
        and its next draw lifts it: a seat in turn holds a block only from that, so a
        replacement drawn after an allowed kong is a new tile (BS-TING-5), whether the seat
        konged before declaring or after. Without a kong in the turn the draws tell it too (its
        first draw, or the dealer's dealt 14), as in a state saved before the block began at
        the declaration."""
        if not self._bao_ting:
            return False
        s = state.seats[seat]
        if not s.variant.ting or s.discards:
            return False
        return s.pass_hu or s.draws == (0 if seat == state.dealer else 1)

    # ------------------------------------------------------------------ the locked hand

    def discardable(self, state: State, seat: int) -> TileCounts | Iterable[Tile]:
        s = state.seats[seat]
        if not self._bao_ting or not s.variant.ting:
            return s.concealed  # every kind held
        if s.drawn is not None and not self._dealer_declaring(state, seat):
            return TileSet._make(1 << s.drawn.index)  # BS-TING-3: the locked hand never changes
        # the dealer's declaring discard must leave him ready (BS-TING-1), also after a kong in
        # that turn: his hand locks with this discard (a kong made before declaring or after
        # it reaches the same hands)
        return TileSet(t for t in s.concealed.distinct() if self._ready(s.concealed.remove(t)))

    def turn_kongs(self, state: State, seat: int) -> list[Action]:
        """The engine's kongs, but no 补杠 after 报听 (BS-TING-3: a declared hand claimed no
        peng to add to)."""
        kongs = defaults.turn_kongs(self, state, seat)  # the engine's default, called at once
        if kongs and self._bao_ting and state.seats[seat].variant.ting:
            return [k for k in kongs if not (isinstance(k, Gang) and k.kind is _BU_GANG)]
        return kongs

    def concealed_kong_allowed(self, state: State, seat: int, tile: Tile) -> bool:
        """BS-TING-3: after 报听 (from the declaration on, in the declaring turn too) a concealed
        kong only if the waits stay exactly the same; with ``bao_ting_kong="drawn"`` (default)
        only of the tile just drawn, as its fourth copy, so no other tile enters the locked
        hand. In the dealer's declaring turn the hand locks with his declaring discard or with
        a kong made after declaring, which takes that discard's place: the hand left by the
        kong must wait exactly as one of his declaring discards would leave it; under
        ``"drawn"`` the kong needs a drawn tile, so he makes it after declaring only of a kong
        replacement (drawn after a kong made before declaring)."""
        if not self.declared(state, seat):
            return True
        s = state.seats[seat]
        honors = self.options.honors
        drawn = s.drawn
        if self.options.bao_ting_kong == "drawn" and drawn is not tile:
            return False
        after = winning_tiles(s.concealed.remove(tile, 4), honors=honors)
        if not after:
            return False
        if drawn is not None and not self._dealer_declaring(state, seat):
            return after == winning_tiles(s.concealed.remove(drawn), honors=honors)
        return any(
            after == winning_tiles(s.concealed.remove(t), honors=honors)
            for t in s.concealed.distinct()
        )

    def exposed_claims_allowed(self, state: State, seat: int) -> bool:
        """BS-TING-3: no peng and no exposed kong after 报听."""
        return not (self._bao_ting and state.seats[seat].variant.ting)

    def win_context(self, state: State, seat: int, tile: Tile, how: WinKind) -> WinContext:
        """The engine's context, with ``declared_ting`` for a declared hand (来门报听)."""
        ctx = defaults.win_context(self, state, seat, tile, how)  # the engine's default
        if self._bao_ting and state.seats[seat].variant.ting:
            return attrs.evolve(ctx, declared_ting=True)
        return ctx

    def refusal(self, state: State, action: Action) -> str | None:
        """BS-TING-3 in words: a declared hand's other discards and its pengs."""
        seat, phase, tile = action.seat, state.phase, state.tile
        if not self.declared(state, seat):
            return None
        s = state.seats[seat]
        if isinstance(action, Discard) and phase is Phase.TURN and action.tile in s.concealed:
            return f"Discard of {action.tile} by seat {seat}: 报听 locks the hand (BS-TING-3)"
        declined = phase is Phase.CLAIM and tile in s.pass_peng  # 过手碰 is said first
        if isinstance(action, Peng) and tile is not None and not declined:
            return f"Peng by seat {seat}: no peng after 报听 (BS-TING-3)"
        return None
