"""Hand-built Sichuan 血战到底 tables for the corner tests (issue 20): a wall laid out by
:func:`scripting.make_wall`, the 定缺 (dìng quē) answers given in advance, and small readers of
what a step paid.

``voids`` names each seat's void suit in seat order, ``"s s m:3m p"``: seat 0 declares 条
holding none, seat 2 declares 万 and sets its 3m aside face down (SC-VOID-1).

``python tests/dcmshi_positions.py`` plays every table the corner tests build in dcmshi's engine
too and compares the legal lists and the ledgers (it needs Node).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from mahjong_rules.engine.settlement import POT, Payment, PaymentReason
from mahjong_rules.engine.state import State
from mahjong_rules.tiles import Suit, Tile
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.sichuan.actions import DeclareVoid
from scripting import make_wall, play

__all__ = ["POT", "declare", "new_payments", "pays", "sc_deal", "step"]

_SUITS = {"m": Suit.MAN, "p": Suit.PIN, "s": Suit.SOU}

WIN, KONG, REFUND = PaymentReason.WIN, PaymentReason.KONG, PaymentReason.KONG_REFUND
CHA_JIAO, PENALTY = PaymentReason.CHA_JIAO, PaymentReason.PENALTY


def declare(voids: str) -> tuple[DeclareVoid, ...]:
    """The four 定缺 answers of ``voids`` (``"s s m:3m p"``), seat 0 first."""
    out = []
    for seat, word in enumerate(voids.split()):
        suit, _, aside = word.partition(":")
        out.append(DeclareVoid(seat, _SUITS[suit], Tile(aside) if aside else None))
    return tuple(out)


def sc_deal(
    rules: Rules,
    hands: Mapping[int, str],
    draws: str = "",
    *,
    voids: str,
    replacements: str = "",
    tail: str = "",
) -> State:
    """A hand of ``rules`` (dealer 0) dealt from the wall :func:`scripting.make_wall` lays out,
    with every seat's 定缺 answered (``voids``): the state at the dealer's first turn."""
    wall = make_wall(hands, draws, replacements, tail=tail)
    return rules.new_hand(wall=wall, dealer=0, answers=declare(voids))


def step(rules: Rules, state: State, script: str) -> tuple[State, Counter[Payment]]:
    """``state`` after the actions of ``script`` (:func:`scripting.play` tokens), and the
    payments they made, as a multiset."""
    after = play(rules, state, script)
    return after, new_payments(state, after)


def new_payments(before: State, after: State) -> Counter[Payment]:
    """The payments in ``after``'s ledger that ``before``'s did not hold (ledgers only grow)."""
    assert after.ledger[: len(before.ledger)] == before.ledger
    return Counter(after.ledger[len(before.ledger) :])


def pays(
    *rows: tuple[int, int | str, int, PaymentReason, int]
    | tuple[int, int | str, int, PaymentReason],
) -> Counter[Payment]:
    """Payments as a multiset, each ``(payer, payee, amount, reason[, ref])``; payee ``"pot"``
    is the pot."""
    out: Counter[Payment] = Counter()
    for row in rows:
        payer, payee, amount, reason, *ref = row
        out[Payment(payer, POT if payee == "pot" else payee, amount, reason, *ref)] += 1  # type: ignore[arg-type]
    return out
