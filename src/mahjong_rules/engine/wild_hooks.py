"""The hooks of wildcards: tiles that stand for any tile in a hand, and in pengs and kongs.

:class:`WildHooks` is a base of :class:`~mahjong_rules.engine.hooks.Hooks` (with its own base,
:class:`~mahjong_rules.engine.event_hooks.EventHooks`): every variant has these. A game without
wildcards keeps the defaults. A game with them fixes each hand's kinds in
:meth:`~mahjong_rules.engine.hooks.Hooks.after_deal` (:attr:`State.wild_kinds
<mahjong_rules.engine.state.State.wild_kinds>`), splits them off a hand in
:meth:`WildHooks.wilds_in`, and says with :attr:`WildHooks.wild_melds` and
:meth:`WildHooks.wild_kind_sets` whether melds may hold them and which kinds they can be (what
the action ids cover).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.event_hooks import EventHooks
from mahjong_rules.engine.state import State
from mahjong_rules.tiles import Tile, all_tiles

__all__ = ["WildHooks"]


class WildHooks(EventHooks):
    """The wildcards of a variant's hands and melds."""

    wild_melds: ClassVar[bool] = False
    """Whether pengs and kongs may use wildcards beside a natural copy: claim windows then also
    open for a seat holding one copy and a wildcard (see :meth:`wild_kind_sets`)."""

    @property
    def discards_wildcards(self) -> bool:
        """Whether a seat may discard a wildcard (a tile of the hand's :attr:`State.wild_kinds
        <mahjong_rules.engine.state.State.wild_kinds>`). When not, the default
        :meth:`~mahjong_rules.engine.hooks.Hooks.discardable` leaves the wildcard kinds out,
        and the state reader (:func:`~mahjong_rules.serial.check_state`) refuses a state in
        which a seat discarded one. Default: yes."""
        return True

    if TYPE_CHECKING:  # a property of Hooks

        @property
        def honors(self) -> bool: ...

    def wilds_in(self, state: State, concealed: TileCounts) -> tuple[TileCounts, int]:
        """Split concealed tiles into natural tiles and a wildcard count. Default: no
        wildcards."""
        return concealed, 0

    def wild_kind_sets(self) -> Iterable[Iterable[Tile]]:
        """The sets of kinds one hand's ``wild_kinds`` can be in this room: each set gives the
        wildcards a meld may hold in the action ids. Asked only with :attr:`wild_melds`.
        Default: each kind alone."""
        return [(tile,) for tile in all_tiles(honors=bool(self.honors))]
