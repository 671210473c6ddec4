"""The hooks of the table and the deal: how many seats play, which tiles make the wall (牌墙,
páiqiáng), which tiles the deal sets aside, and what the game does once the hands are dealt.

:class:`TableHooks` is a base of :class:`~mahjong_rules.engine.hooks.Hooks`: every variant has
these. The engine builds a wall from :attr:`TableHooks.wall_tiles` (shuffled from a seed, or an
explicit wall checked against it), deals it (DEAL-1: the dealer 14 tiles, each following seat
13), takes :meth:`TableHooks.set_aside_at_deal` tiles from the front of what is left, and then
calls :meth:`TableHooks.after_deal`. Hand records (:mod:`mahjong_rules.records`) digest the wall
as it was dealt, before either hook, and the state reader
(:func:`~mahjong_rules.serial.check_state`) counts every tile of the state against
:attr:`TableHooks.wall_tiles`, the set-aside ones included.
"""

from __future__ import annotations

from typing import Any

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.state import State
from mahjong_rules.engine.wall import full_wall_tiles

__all__ = ["TableHooks"]


class TableHooks:
    """The table, the wall's tiles and the deal."""

    options: Any
    """The room's options (an instance of the variant's ``options_class``)."""
    _ask_every: bool = False
    """The room option ``ask_every_seat``: every other seat is asked in every claim window
    (set by :class:`~mahjong_rules.variants.base.Rules` from the options)."""
    _defaults: int = 0
    """The hooks this rules class leaves at the engine's defaults, as the bits of
    :mod:`~mahjong_rules.engine.defaulted` (set by :class:`~mahjong_rules.variants.base.Rules`
    from :func:`~mahjong_rules.engine.defaulted.defaults_of`); none known: every hook is
    asked."""

    @property
    def players(self) -> int:
        """How many seats play (the room option ``players``, else 4)."""
        return int(getattr(self.options, "players", 4))

    @property
    def honors(self) -> bool:
        """Whether the game's tile kinds include the seven honors (TILE-1): the action ids then
        cover discards of the 34 kinds, not 27. A game whose wall holds any honor
        (:attr:`wall_tiles`, e.g. four red dragons, ``7z``) says yes. Default: the option
        ``honors``."""
        return bool(getattr(self.options, "honors", False))

    @property
    def wall_tiles(self) -> TileCounts:
        """The wall's tiles as a multiset: how many of each kind the game plays with (at most
        four of a kind). :meth:`Rules.new_hand <mahjong_rules.Rules.new_hand>` shuffles these
        from a seed (the tiles in tile order, then Fisher-Yates), checks an explicit wall
        against them (:class:`~mahjong_rules.errors.WallError` for any other), and the state
        reader and hand records count against them. The kinds it holds are also the kinds the
        default :meth:`~mahjong_rules.engine.hooks.Hooks.compute_waits` tries. Default: four
        of each suited kind, 108 tiles, plus four of each honor when :attr:`honors` (136).

        A game of 112 tiles, the 108 suited ones and four red dragons (``7z``), says::

            @property
            def wall_tiles(self) -> TileCounts:
                return TileCounts.from_counts([4] * 27 + [0] * 6 + [4])

        (and :attr:`honors` true, since ``7z`` is an honor). Called once per new hand and per
        check; return a shared value (a module constant), not a new one each time."""
        return full_wall_tiles(honors=self.honors)

    def set_aside_at_deal(self, state: State) -> int:
        """How many tiles the deal takes out of play from the front of the live wall once the
        hands are dealt, before :meth:`after_deal` (e.g. a tile turned up to make the
        wildcards): they are then ``state.wall[state.front - n :
        state.front]``, in no hand and never drawn, and the state reader counts them as set
        aside. ``state`` is the dealt hand. Default: 0."""
        return 0

    def after_deal(self, state: State) -> State:
        """Called once the hands are dealt and :meth:`set_aside_at_deal`'s tiles taken out,
        before the dealer's turn and before the variant's own phases after the deal: e.g. to
        fix the hand's ``wild_kinds`` or its own records. Default: the state unchanged.

        It may change the variant's records, ``wild_kinds``, and ``front`` / ``back`` to take
        more tiles out of play; it should not reorder ``wall``: hand records digest the wall
        as dealt (before this hook) and replay deal it again, and the state reader deals a
        state's ``wall`` again to check its deal, so a reordered wall must give the same deal
        and the same call of this hook. It must not end the hand: a result is set only by a
        settlement (:meth:`~mahjong_rules.engine.hooks.Hooks.settle_wins`,
        :meth:`~mahjong_rules.engine.hooks.Hooks.settle_exhausted`) or by a phase of the
        variant's own at the end (:attr:`~mahjong_rules.engine.phases.When.AT_END`), which may
        replace the result the settlement made."""
        return state
