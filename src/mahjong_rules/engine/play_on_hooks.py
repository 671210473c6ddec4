"""The hooks of a game that plays on after a win (血战, xuèzhàn), pays kongs at once and blocks
a declined win until a draw: when the money of a 补杠 (bǔgàng) is paid, whether a robbed 补杠
stands, whether a peng beside a win on the same discard still happens, and what lifts the
过手胡 (guòshǒuhú) block.

:class:`PlayOnHooks` is a base of :class:`~mahjong_rules.engine.hooks.Hooks` (under
:class:`~mahjong_rules.engine.money_hooks.MoneyHooks`, and with its own bases,
:class:`~mahjong_rules.engine.wild_hooks.WildHooks` and
:class:`~mahjong_rules.engine.event_hooks.EventHooks`): every variant has these, and a game
that ends at its first win (``win_ends_hand``) or has no 过手胡 keeps the defaults. Each
default is what the engine did before these hooks came, so the games written before them play
as they did.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from mahjong_rules.engine.state import State
from mahjong_rules.engine.wild_hooks import WildHooks
from mahjong_rules.scoring import Breakdown, WinContext, WinKind
from mahjong_rules.tiles import Tile

__all__ = ["PlayOnHooks"]


class PlayOnHooks(WildHooks):
    """How play goes on around wins, kongs and declined wins."""

    kong_paid_before_rob: ClassVar[bool] = False
    """Whether a 补杠's :meth:`~mahjong_rules.engine.hooks.Hooks.kong_payments` are made as it
    is declared, before the seats that may rob it answer (with the ref it will carry,
    ``state.next_ref``); the variant's settlement of a robbing win then deals with that money
    (e.g. returns it). Default: no — a kong is paid once it is complete."""

    robbed_kong_stands: ClassVar[bool] = True
    """Where the hand goes on after a win (not ``win_ends_hand``): whether a robbed 补杠 still
    stands as its maker's kong, with its replacement (``True``), or is never made (``False``):
    the peng stays a peng, the robbed tile joins its maker's discards as the tile won on
    (counted in ``discards_made``), and play goes on after the last winner counted from its
    maker, as after a discard. Default: it stands."""

    melds_beside_wins: ClassVar[bool] = True
    """Where the hand goes on after a win: whether a peng or kong claimed on a discard that
    other seats won on still happens (``True``), or every win takes the tile first and the
    claims lapse (``False``: hu before gang before peng). Default: it happens."""

    hides_winning_hands: ClassVar[bool] = False
    """Where the hand goes on after a win: whether a winner's hand stays face down until the
    hand ends — the other seats' views show neither its concealed tiles nor its 暗杠 nor its
    win's reading (the fans and points are public), nor do their events. Default: a winner
    shows its hand at once."""

    checks_ledger: ClassVar[bool] = False
    """Whether the variant checks its own ledger when a document is read (its
    :meth:`ledger_problem`), as a game whose kong money
    depends on the moment it is made, or comes back, must: the reader's own check (the ledger
    holds the payments of the kongs on the table and of the wins) is then skipped. Default:
    no."""

    def ledger_problem(self, state: State) -> tuple[str, str] | None:
        """Where the variant ``checks_ledger``: what is wrong with ``state.ledger``, as the
        field under the state that is wrong (e.g. ``"ledger[3]"``) and why, or ``None``.
        Called by :func:`~mahjong_rules.serial.check_state` once the payments, the wins and
        the variant's records are checked one by one; a problem is refused as a
        ``SerializationError`` naming ``state.`` and that field. Default: none."""
        return None

    if TYPE_CHECKING:  # hooks of Hooks

        def score(self, ctx: WinContext) -> Breakdown | None: ...
        def win_context(self, state: State, seat: int, tile: Tile, how: WinKind) -> WinContext: ...

    def draw_lifts_pass_hu(self, state: State, seat: int, replacement: bool) -> bool:
        """Whether ``seat``'s draw (a kong's replacement if ``replacement``) lifts the 过手胡
        block it is under. Asked only for a blocked seat. Default: every draw does."""
        return True

    def claim_lifts_pass_hu(self, state: State, seat: int) -> bool:
        """Whether ``seat``'s peng lifts the 过手胡 block it is under (the peng may be the very
        claim that declined the win). Asked only for a blocked seat. Default: yes."""
        return True

    def declined_fan(self, state: State, seat: int, tile: Tile, how: WinKind) -> int:
        """The value kept of a win on ``tile`` that ``seat`` declines, where 过手胡 compares
        (``tracks_declined_fan``): the most of these since the block began is the seat's
        ``pass_hu_fan``, for :meth:`~mahjong_rules.engine.hooks.Hooks.pass_hu_blocks` to
        compare. Default: the win's fan before the cap (-1 if it does not score)."""
        breakdown = self.score(self.win_context(state, seat, tile, how))
        return -1 if breakdown is None else breakdown.fan
