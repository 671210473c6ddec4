"""Payments and hand results (FLOW-5): every payment is made by a seat, says why, and goes to
another seat or, in a game that has one, to the pot (:data:`POT`): a penalty pot that is no
seat. A hand's payments sum to zero with the pot counted: ``sum(result.deltas) + result.pot``
is 0."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from mahjong_rules._reduce import reduce_fields
from mahjong_rules.scoring import Breakdown, WinKind
from mahjong_rules.tiles import Tile

__all__ = [
    "POT",
    "HandResult",
    "OwnReason",
    "Payment",
    "PaymentReason",
    "Pot",
    "WinRecord",
    "deltas_of",
]


class Pot(enum.Enum):
    """The payee that is no seat: a pot the rules pay penalties into, which nobody collects
    during the hand. Its one member is :data:`POT`; a game pays it only if its rules declare
    :attr:`~mahjong_rules.engine.hooks.Hooks.pays_pot`."""

    POT = "pot"
    """The pot (written ``"pot"`` in documents, where a seat is a number)."""


POT: Final = Pot.POT
"""The pot as a payee: ``Payment(2, POT, 48, PaymentReason.PENALTY)``."""


class PaymentReason(enum.Enum):
    """Why a payment was made."""

    WIN = "win"
    """胡牌: a win (self-draw, discard or robbed kong)."""
    KONG = "kong"
    """杠分: a kong's payment, made with the kong (in a game that pays kongs at once)."""
    KONG_REFUND = "kong_refund"
    """Kong money going back from the kong's maker to a seat that paid it (carrying the kong's
    ref), in a game that returns it (e.g. for a robbed kong, or at the end of the hand)."""
    CHA_JIAO = "cha_jiao"
    """查叫: a draw game's settlement of ready against un-ready seats."""
    PENALTY = "penalty"
    """罚分: a penalty (e.g. at a draw game, for a hand the rules punish)."""


_SHIPPED_VALUES = frozenset(r.value for r in PaymentReason)


@attrs.frozen
class OwnReason:
    """A payment reason of a variant's own (e.g. a bird's hit, a penalty for following the
    dealer's first discard),
    listed in its :attr:`~mahjong_rules.engine.hooks.Hooks.own_reasons`: a payment's
    :attr:`Payment.reason` may be one. Documents write it by :attr:`value` and read it back only
    in a room whose variant declares it; the command line, the replay page and the served table
    name it by its words.

    >>> FINE = OwnReason("dealer_fine", "fine to the dealer", "罚分")
    >>> Payment(1, 0, 2, FINE).reason.value
    'dealer_fine'
    """

    value: str
    """Its name in documents: a word of lowercase letters, digits and ``_``, unlike every
    :class:`PaymentReason` value and unique among the variant's own."""
    en: str
    """Its English words, e.g. ``"fine to the dealer"``."""
    zh: str
    """Its Chinese words (what players call it)."""
    win_money: bool = False
    """How the state reader's ledger check reads it. ``True``: part of a win's money —
    :meth:`~mahjong_rules.engine.hooks.Hooks.win_payments` lists these payments beside the
    ``WIN`` ones, and the reader recomputes them with the win's (so the ledger of a state
    holds exactly what ``win_payments`` gives for its wins). ``False``: a payment of its own
    that the reader only checks as a payment (seat to seat, 1 point or more, no kong ref) and
    sums into the deltas; it may stand in the ledger at any time."""

    def __attrs_post_init__(self) -> None:
        value = self.value
        if (
            not isinstance(value, str)
            or not value
            or not all(c.islower() or c.isdigit() or c == "_" for c in value)
            or not value.isascii()
        ):
            raise ValueError(f"an OwnReason's value is a word of a-z, 0-9 and _: {value!r}")
        if value in _SHIPPED_VALUES:
            raise ValueError(f"{value!r} is already a PaymentReason's value")
        if not (isinstance(self.en, str) and self.en and isinstance(self.zh, str) and self.zh):
            raise ValueError(f"OwnReason {value!r} needs English and Chinese words")
        if not isinstance(self.win_money, bool):
            raise ValueError(f"OwnReason {value!r}: win_money is a bool")


@attrs.frozen
class Payment:
    """``payer`` pays ``amount`` to ``payee`` (a seat, or :data:`POT`) for ``reason``; ``ref``
    ties kong payments to their kong (so a later rule can cancel exactly those)."""

    payer: int
    """The seat that pays."""
    payee: int | Pot
    """The seat that is paid, or :data:`POT`: the pot (a penalty that goes to no seat)."""
    amount: int
    """How many points change hands."""
    reason: PaymentReason | OwnReason
    """Why: a win, a kong, kong money returned, 查叫 or 罚分, or a reason of the variant's own
    (:class:`OwnReason`)."""
    ref: int = 0
    """The kong a kong payment (or its refund) belongs to (its number in the hand); 0 for other
    payments."""

    def __attrs_post_init__(self) -> None:
        if self.payer == self.payee:
            raise ValueError(f"a seat cannot pay itself: {self}")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled compactly: its class and fields (:mod:`mahjong_rules._reduce`)."""
        return reduce_fields(self)


@attrs.frozen
class WinRecord:
    """One seat's win: how, on what tile, from whom, whether forced, and its score."""

    seat: int
    """The seat that won."""
    how: WinKind
    """How it won: self-draw, on a discard, or by robbing a kong."""
    tile: Tile
    """The winning tile."""
    from_seat: int | None
    """The discarder or robbed seat; ``None`` for a self-draw."""
    breakdown: Breakdown
    """The win's patterns, fan and points (its best reading, SCORE-3)."""
    forced: bool = False
    """Whether the rules forced the win (FLOW-4: e.g. every win once the wall runs low, a
    win made by discarding, a hand that can do nothing but win)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled compactly: its class and fields (:mod:`mahjong_rules._reduce`)."""
        return reduce_fields(self)


def deltas_of(payments: Iterable[Payment], players: int) -> tuple[int, ...]:
    """Per-seat net of a list of payments, seats only: it sums to zero but for what the pot
    received (a payment to :data:`POT` counts for its payer alone)."""
    out = [0] * players
    for p in payments:
        out[p.payer] -= p.amount
        if p.payee is not POT:
            out[p.payee] += p.amount
    return tuple(out)


@attrs.frozen
class HandResult:
    """How a hand ended and who pays whom (FLOW-5)."""

    wins: tuple[WinRecord, ...]
    """Every win of the hand, in the order made (several on one discard: 一炮多响)."""
    payments: tuple[Payment, ...]
    """Every payment that stands, kong payments included (cancelled ones are in
    ``cancelled``)."""
    deltas: tuple[int, ...]
    """Each seat's net gain (negative: a loss); with :attr:`pot` they sum to 0."""
    next_dealer: int
    """Who deals the next hand (the variant's rule, applied when it settles the hand)."""
    exhausted: bool = False
    """流局: the hand ended with the wall empty."""
    cancelled: tuple[Payment, ...] = ()
    """Kong payments made during the hand and then cancelled (e.g. by 杠上炮, or by a draw
    game: 黄庄)."""
    ready: Mapping[int, bool] = attrs.field(factory=dict)
    """At a 流局: which seats were ready (听牌) when 查叫 checked them."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled compactly: its class and fields (:mod:`mahjong_rules._reduce`)."""
        return reduce_fields(self)

    @property
    def pot(self) -> int:
        """What the pot received in the hand: the sum of the payments to :data:`POT` (0 in a
        game without a pot), so that ``sum(deltas) + pot == 0``."""
        return sum(p.amount for p in self.payments if p.payee is POT)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won, in the order of ``wins``."""
        return tuple(w.seat for w in self.wins)

    @property
    def forced(self) -> bool:
        """Whether any win was forced (FLOW-4)."""
        return any(w.forced for w in self.wins)

    def breakdown(self, seat: int) -> Breakdown:
        """The pattern breakdown of ``seat``'s win."""
        for w in self.wins:
            if w.seat == seat:
                return w.breakdown
        raise KeyError(f"seat {seat} did not win")
