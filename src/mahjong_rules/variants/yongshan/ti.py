"""提 (tí, YS-TI-1): 永善麻将's own action, its transition and its events.

A seat that has drawn the natural tile of one of its pengs or kongs holding a wildcard may put
it into that meld in place of the wildcard, which returns to its hand. :class:`Ti` is the
action (``0 ti 2m *8p``, ``0 提 2m *8p``: the tile, then ``*`` and the wildcard taken out),
:func:`apply_ti` its transition and :class:`Swapped` its event; another seat sees a 提 on a
暗杠 as :class:`ConcealedSwapped`, without the kong's tiles (BS-GANG-3). Which 提 a seat may
make is :meth:`WildcardRules.extra_turn_actions
<mahjong_rules.variants.yongshan.wildcards.WildcardRules.extra_turn_actions>`.

>>> Ti(0, "2m", "8p")
Ti(seat=0, tile=Tile('2m'), wild=Tile('8p'))
>>> print(Ti.parse("1 提 7m *9s"))
1 ti 7m *9s
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from mahjong_rules.engine.action_fields import ArgumentError
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.state import State, replace
from mahjong_rules.errors import ActionError, MahjongRulesError
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.notation import parse_tiles
from mahjong_rules.tiles import Tile, all_tiles

__all__ = ["ConcealedSwapped", "Swapped", "Ti", "apply_ti", "swapped_for"]


@attrs.frozen
class Ti(Action):
    """提 (tí): put the natural ``tile`` into one's own peng or kong of that tile in place of
    the wildcard ``wild``, which returns to the hand (YS-TI-1).

    Offered in a turn that began with the seat's own draw (a kong replacement included), for
    the tile it drew (any matching tile in hand with the room option ``ti_from_hand``).
    """

    tile: Tile
    """The natural tile put into the peng or kong of that tile."""
    wild: Tile
    """The wildcard (听用, tīngyòng) taken out of the meld and returned to the hand."""
    verb: ClassVar[str] = "ti"
    verb_aliases: ClassVar[tuple[str, ...]] = ("提",)

    def __attrs_post_init__(self) -> None:
        seat, tile, wild = self.seat, self.tile, self.wild
        if (
            type(seat) is not int
            or not 0 <= seat <= 3
            or type(tile) is not Tile
            or type(wild) is not Tile
        ):
            super().__attrs_post_init__()  # checks every field, converts tile notation
        if self.wild is self.tile:
            raise ActionError(
                f"Ti.wild: 提 takes out a wildcard other than the tile {self.tile}, got {wild!r}"
            )

    @classmethod
    def _make(cls, seat: int, tile: Tile, wild: Tile) -> Ti:
        """A 提 of values known to be valid (the rules' listings), built unchecked."""
        obj = _new(cls)
        _set_seat(obj, seat)
        _set_tile(obj, tile)
        _set_wild(obj, wild)
        return obj

    def text_args(self) -> tuple[str, ...]:
        return (self.tile.notation, "*" + self.wild.notation)

    @classmethod
    def read_text_args(cls, tokens: tuple[str, ...]) -> tuple[Any, ...]:
        """The tile, then ``*`` and the one wildcard (in any single-tile spelling)."""
        if not tokens:
            raise ArgumentError("expected a tile such as 9s, found the end", 0)
        try:
            tile = Tile(tokens[0])
        except MahjongRulesError:
            raise ArgumentError(f"expected one tile such as 9s, found {tokens[0]!r}", 0) from None
        if len(tokens) < 2 or not tokens[1].startswith("*") or len(tokens[1]) == 1:
            found = repr(tokens[1]) if len(tokens) > 1 else "the end"
            raise ArgumentError(f"expected '*' and the wildcard tile, found {found}", 1)
        try:
            wilds = parse_tiles(tokens[1][1:])
        except MahjongRulesError:
            raise ArgumentError(
                f"expected a wildcard tile after '*', found {tokens[1]!r}", 1
            ) from None
        if len(wilds) != 1:
            raise ArgumentError(f"a ti takes exactly one wildcard, got {len(wilds)}", 1)
        if wilds[0] is tile:
            raise ArgumentError(f"提 puts {tile} in place of another tile, not of {tile}", 1)
        if len(tokens) > 2:
            raise ArgumentError(f"unexpected {tokens[2]!r} after the ti action", 2)
        return (tile, wilds[0])

    @classmethod
    def id_shapes(cls, rules: Any) -> Iterable[tuple[Any, ...]]:
        """Every tile of the room for every kind that can be a wildcard in it (never a tile
        for itself): in tile order, then the wildcard's."""
        kinds = sorted({t for kinds in rules.wild_kind_sets() for t in kinds})
        for tile in all_tiles(honors=bool(rules.honors)):
            for wild in kinds:
                if wild is not tile:
                    yield (tile, wild)


_new = object.__new__
_set_seat = Action.seat.__set__  # type: ignore[attr-defined]
_set_tile = Ti.tile.__set__  # type: ignore[attr-defined]
_set_wild = Ti.wild.__set__  # type: ignore[attr-defined]
"""The slots' own setters (a frozen class refuses ``setattr``)."""


@attrs.frozen
class Swapped(Event):
    """提 (tí): ``seat`` put a natural tile into ``meld`` (as it now is) and took ``wild``
    back into its hand (YS-TI-1)."""

    seat: int
    """The seat that made the 提."""
    meld: Meld
    """The peng or kong after the swap, with the natural tile in it."""
    wild: Tile
    """The wildcard (听用, tīngyòng) taken back into the hand."""


@attrs.frozen
class ConcealedSwapped(Event):
    """Another seat made a 提 on its 暗杠, whose tiles the viewer may not see: what
    :class:`Swapped` on a concealed kong becomes in the other seats' views (BS-GANG-3)."""

    seat: int
    """The seat that made the 提 (tí)."""


def swapped_for(event: Swapped, seat: int) -> Event:
    """``event`` as ``seat`` sees it: whole, unless it is about another seat's 暗杠."""
    if event.seat != seat and event.meld.kind is MeldKind.AN_GANG:
        return ConcealedSwapped(event.seat)
    return event


def apply_ti(state: State, action: Ti) -> State:
    """提: ``action.tile`` goes into the meld in place of ``action.wild``, which returns to the
    hand and is now the tile the seat holds from this turn; one 提 per draw (YS-TI-1), so the
    state notes that the seat has acted since its draw."""
    seat, tile, wild = action.seat, action.tile, action.wild
    s = state.seats[seat]
    melds = list(s.melds)
    k = next(i for i, m in enumerate(melds) if m.tile is tile and wild in m.wild_tiles)
    left = list(melds[k].wild_tiles)
    left.remove(wild)
    melds[k] = Meld(melds[k].kind, tile, left, from_seat=melds[k].from_seat)
    draws = list(s.turn_draws)
    if tile in draws:
        draws.remove(tile)
    seats = list(state.seats)
    seats[seat] = replace(
        s,
        concealed=s.concealed.remove(tile).add(wild),
        melds=tuple(melds),
        drawn=wild,
        turn_draws=tuple(draws),
    )
    return replace(
        state,
        seats=tuple(seats),
        acted_since_draw=True,
        events=(*state.events, Swapped(seat, melds[k], wild)),
    )
