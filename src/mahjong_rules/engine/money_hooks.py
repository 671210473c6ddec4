"""The hooks of the money: who pays whom as a hand goes and when it ends — a kong's payments
made at once, a win's payments, the settlement of wins and of a wall run out (流局, liújú), and
the payment reasons a room can show.

:class:`MoneyHooks` is a base of :class:`~mahjong_rules.engine.hooks.Hooks` (with its own
bases, :class:`~mahjong_rules.engine.play_on_hooks.PlayOnHooks` and theirs). Three of its hooks
have no default, :meth:`MoneyHooks.win_payments`, :meth:`MoneyHooks.settle_wins` and
:meth:`MoneyHooks.settle_exhausted`: every variant writes them, building its states with
:func:`~mahjong_rules.engine.edit.pay`, :func:`~mahjong_rules.engine.edit.record_wins` and
:func:`~mahjong_rules.engine.edit.end_hand`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from mahjong_rules.engine.play_on_hooks import PlayOnHooks
from mahjong_rules.engine.settlement import OwnReason, Payment, PaymentReason, WinRecord
from mahjong_rules.engine.state import State
from mahjong_rules.melds import Meld

__all__ = ["MoneyHooks"]


class MoneyHooks(PlayOnHooks):
    """Who pays whom, as the hand goes and at its end."""

    own_reasons: ClassVar[tuple[OwnReason, ...]] = ()
    """The variant's own payment reasons (:class:`~mahjong_rules.engine.settlement.OwnReason`),
    each with its document value, its words and how the state reader's ledger check reads it.
    Documents read a payment of one back only in a room of this variant. Default: none."""

    @property
    def payment_reasons(self) -> frozenset[PaymentReason | OwnReason]:
        """The reasons the room's payments can have (players and tools show only these, e.g.
        no 罚分 column for a game without 罚分). Default: every :class:`PaymentReason` and
        every one of :attr:`own_reasons`."""
        return frozenset((*PaymentReason, *self.own_reasons))

    def kong_payments(self, state: State, seat: int, meld: Meld, ref: int) -> list[Payment]:
        """Payments made at once when ``seat`` completes ``meld`` (a kong), each carrying
        ``ref`` (so 杠上炮 or 黄庄 can cancel them). Default: none."""
        return []

    def win_payments(self, state: State, win: WinRecord) -> list[Payment]:
        """Payments for one win (the variant's :meth:`settle_wins` calls it). No default.

        In every game, not only where play goes on after a win (血战), the state reader
        (:func:`~mahjong_rules.serial.check_state`) calls it again for each win of a state it
        reads and compares the ledger's win money with what it returns: ``WIN`` payments and
        those of the variant's own reasons marked
        :attr:`~mahjong_rules.engine.settlement.OwnReason.win_money` (kong money is compared
        with :meth:`kong_payments`). So it must be a pure function of ``state`` and ``win``
        (the state the settlement had, with the seats that won before marked won), and money
        that depends on something else (a bird flipped at the end, a bonus) is either kept in
        the variant's records, where it can be recomputed, or paid under a reason of the
        variant's own that is not win money (a free payment, only summed)."""
        raise NotImplementedError

    def settle_wins(self, state: State, wins: Sequence[WinRecord]) -> State:
        """Record ``wins`` (one, or several on one discard) and their payments; end the hand
        if they end it. Called for every win. No default."""
        raise NotImplementedError

    def settle_exhausted(self, state: State) -> State:
        """End a hand whose wall ran out (流局): 查叫, 罚分. No default."""
        raise NotImplementedError
