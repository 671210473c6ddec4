"""Why a hand is not a win in a room's rules: :func:`explain_win`.

:meth:`Rules.score <mahjong_rules.Rules.score>` answers ``None`` for a hand that does not win,
and a player (or a command line) wants to know why: the shape (form), 缺一门 (quē yī mén, a
missing suit), a fifth copy of a tile that a kong's wildcard stands for, a meld with wildcards
in a room that has none, a 报听 (bàotīng) hand that claimed a peng, honors in a room without
them. :func:`explain_win` checks these in a fixed order with the rules object's public hooks
(:attr:`~mahjong_rules.Rules.honors`, :attr:`~mahjong_rules.Rules.wild_melds`,
:attr:`~mahjong_rules.Rules.max_suits`, :meth:`~mahjong_rules.Rules.score`) and returns the
first that fails as a :class:`NotAWin`, or ``None`` when the hand wins.

>>> from mahjong_rules import Meld, TileCounts, Tile, WinContext, WinKind, get_variant
>>> rules = get_variant("baoshan")
>>> ctx = WinContext(concealed=TileCounts("123m456p789s11s"), melds=(Meld.parse("P5m@1"),),
...                  winning_tile=Tile("1s"), how=WinKind.DISCARD)
>>> explain_win(rules, ctx) is None
True
>>> ctx = WinContext(concealed=TileCounts("123m456p789s12s"), melds=(Meld.parse("P5m@1"),),
...                  winning_tile=Tile("2s"), how=WinKind.DISCARD)
>>> print(explain_win(rules, ctx))
not a complete hand: 123m456p12789s is neither four melds and a pair nor seven pairs (BS-WIN-1)
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from typing import Any, Protocol

import attrs

from mahjong_rules.counts import TileCounts
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import Breakdown, WinContext
from mahjong_rules.tiles import Suit, Tile
from mahjong_rules.wins import Decomposition, is_win, iter_decompositions

__all__ = ["NotAWin", "Reason", "WinRules", "explain_win"]


class WinRules(Protocol):
    """What :func:`explain_win` reads of a rules object (any registered variant's)."""

    @property
    def name(self) -> str:
        """The variant's registry name (``"baoshan"``, ``"yongshan"``), named in the messages."""
        ...

    @property
    def wild_melds(self) -> bool:
        """Whether pengs and kongs may hold wildcards (听用, tīngyòng) beside a natural copy."""
        ...

    @property
    def max_suits(self) -> int:
        """How many of the suits 万 筒 条 a winning hand may hold (缺一门, quē yī mén: 2)."""
        ...

    @property
    def options(self) -> Any:
        """The room's options (read for ``bao_ting``, whether the room plays 报听, bàotīng)."""
        ...

    @property
    def honors(self) -> bool:
        """Whether the room plays with the honor tiles (字牌, zìpái)."""
        ...

    def score(self, ctx: WinContext) -> Breakdown | None:
        """The best breakdown of a complete hand in its context, ``None`` if it does not win."""
        ...


_READINGS_CHECKED = 10_000
"""Readings of a wildcard hand looked at to tell a fifth copy or a third suit from the rest."""

_FORM_RULE = {"baoshan": "BS-WIN-1", "yongshan": "YS-WIN-1"}
"""The rule ID of the winning shape, for the variants this package ships."""

_SUITS_ZH = {Suit.MAN: "万", Suit.PIN: "筒", Suit.SOU: "条"}


class Reason(enum.Enum):
    """What keeps a hand from winning, in the order :func:`explain_win` checks."""

    SIZE = "size"
    """The hand does not have 14 tiles (a meld counting 3)."""
    HONORS = "honors"
    """Honor tiles (字牌, zìpái) in a room that plays without them (TILE-1)."""
    WILD_MELD = "wild_meld"
    """A meld holds a wildcard the room does not allow there (YS-WILD-3 is Yongshan's)."""
    FIFTH_COPY = "fifth_copy"
    """A wildcard would stand for a fifth copy of a tile (YS-WILD-6)."""
    SUITS = "suits"
    """The hand holds more suits than the room allows (缺一门, YS-WIN-1)."""
    TING_LOCK = "ting_lock"
    """A hand that declared 报听 holds what a locked hand cannot (BS-TING-3)."""
    FORM = "form"
    """Not four melds and a pair, nor seven pairs (BS-WIN-1, BS-WIN-2, YS-WIN-1)."""
    UNSCORED = "unscored"
    """The shape is complete, but the room's scoring accepts no reading of it."""


@attrs.frozen
class NotAWin:
    """Why a hand does not win: the :class:`Reason` and a sentence saying what is wrong,
    naming the tiles and melds at fault and the rule ID (its ``str``)."""

    reason: Reason
    """What keeps the hand from winning: the first check it fails."""
    text: str
    """A sentence saying what is wrong, naming the tiles, melds and rule ID at fault."""

    def __str__(self) -> str:
        return self.text


def explain_win(rules: WinRules, ctx: WinContext) -> NotAWin | None:
    """Why ``ctx`` (a winner's concealed natural tiles, wildcards and melds) is not a win in the
    room of ``rules``; ``None`` when :meth:`rules.score <mahjong_rules.Rules.score>` scores it.

    The checks, in order: the size (14 tiles, a meld counting 3), honors in a room without them,
    wildcards in melds (where the room takes none, or tiles that are not its wildcards), a
    fifth copy of a meld's tile, more suits than :attr:`~mahjong_rules.Rules.max_suits`
    (wildcards not counted, YS-WILD-5), a declared 报听 with a claimed meld or in a room without
    报听, the shape (standard form or seven pairs), then the score itself: every reading that
    needs a fifth copy (YS-WILD-6) or reads a wildcard as a third suit (YS-WILD-5).
    """
    melds = ctx.melds
    size = ctx.concealed.size + ctx.wilds + 3 * len(melds)
    if size != 14:
        return NotAWin(
            Reason.SIZE, f"a winning hand has 14 tiles counting wildcards and 3 a meld, got {size}"
        )
    tiles = [*ctx.concealed, *(t for m in melds for t in m.tiles)]
    if not rules.honors and any(t.is_honor for t in tiles):
        return NotAWin(Reason.HONORS, f"honors (z) are not played in this {rules.name} room")
    found = _wild_meld(rules, ctx) or _fifth_copy(ctx) or _suits(rules, ctx) or _ting(rules, ctx)
    if found is not None:
        return found
    if not is_win(ctx.concealed, ctx.wilds, honors=rules.honors):
        held = f"{ctx.concealed or '-'}" + (f" with {ctx.wilds} wildcards" if ctx.wilds else "")
        rule = _FORM_RULE.get(rules.name)
        return NotAWin(
            Reason.FORM,
            f"not a complete hand: {held} is neither four melds and a pair nor seven pairs"
            + (f" ({rule})" if rule else ""),
        )
    if rules.score(ctx) is not None:
        return None
    return _unscored(rules, ctx)


def _meld_text(meld: Meld) -> str:
    names = {MeldKind.PENG: "peng", MeldKind.AN_GANG: "concealed kong"}
    return f"the {names.get(meld.kind, 'kong')} {meld}"


def _wild_meld(rules: WinRules, ctx: WinContext) -> NotAWin | None:
    for meld in ctx.melds:
        if not meld.wild_tiles:
            continue
        if not rules.wild_melds:
            return NotAWin(
                Reason.WILD_MELD,
                f"{_meld_text(meld)} holds a wildcard ({', '.join(map(str, meld.wild_tiles))}): "
                f"{rules.name} melds take no wildcard",
            )
        strays = [t for t in meld.wild_tiles if t not in ctx.wild_kinds]
        if ctx.wild_kinds and strays:
            kinds = " ".join(t.notation for t in ctx.wild_kinds)
            return NotAWin(
                Reason.WILD_MELD,
                f"{_meld_text(meld)} uses {strays[0]} as a wildcard, but the wildcards (听用) "
                f"are {kinds}",
            )
    return None


def _fifth_copy(ctx: WinContext) -> NotAWin | None:
    """A meld's tile held five times or more: its natural copies and its wildcards (which stand
    for its tile) plus the copies in the concealed hand."""
    for meld in ctx.melds:
        held = ctx.concealed.count(meld.tile)
        same = [m for m in ctx.melds if m.tile is meld.tile]
        total = held + sum(m.size for m in same)
        if total > 4 and meld.wild_tiles:
            return NotAWin(
                Reason.FIFTH_COPY,
                f"a fifth {meld.tile}: {held} in the hand and {meld.size} in {_meld_text(meld)}, "
                f"whose wildcard stands for {meld.tile} (YS-WILD-6: no fifth copy of a tile)",
            )
    return None


def _suits_of(tiles: TileCounts, melds: tuple[Meld, ...]) -> set[Suit]:
    return {t.suit for t in tiles.kinds() if not t.is_honor} | {
        m.tile.suit for m in melds if not m.tile.is_honor
    }


def _suits(rules: WinRules, ctx: WinContext) -> NotAWin | None:
    held = _suits_of(ctx.concealed, ctx.melds)
    if len(held) <= rules.max_suits:
        return None
    shown = "、".join(_SUITS_ZH[s] for s in (Suit.MAN, Suit.PIN, Suit.SOU) if s in held)
    return NotAWin(
        Reason.SUITS,
        f"it holds {shown} but a winning hand here holds at most {rules.max_suits} of the "
        "three suits (缺一门 quē yī mén, YS-WIN-1; wildcards do not count)",
    )


def _ting(rules: WinRules, ctx: WinContext) -> NotAWin | None:
    if not ctx.declared_ting:
        return None
    if not getattr(rules.options, "bao_ting", False):
        return NotAWin(Reason.TING_LOCK, f"this {rules.name} room has no 报听 (bàotīng) to declare")
    claimed = [m for m in ctx.melds if not m.is_concealed]
    if claimed:
        return NotAWin(
            Reason.TING_LOCK,
            f"a hand that declared 报听 is locked: it claims no peng or kong, but holds "
            f"{_meld_text(claimed[0])} (BS-TING-3)",
        )
    return None


def _unscored(rules: WinRules, ctx: WinContext) -> NotAWin:
    """The shape is complete but no reading scores: name what every reading looked at breaks."""
    fifth = third = 0
    looked = 0
    for reading in itertools.islice(
        iter_decompositions(ctx.concealed, ctx.wilds, honors=rules.honors), _READINGS_CHECKED
    ):
        looked += 1
        fifth += _over_four(reading, ctx.melds) is not None
        third += len(_suits_of(reading.tiles, ctx.melds)) > rules.max_suits
    if looked and fifth == looked:
        reading = next(iter_decompositions(ctx.concealed, ctx.wilds, honors=rules.honors))
        tile = _over_four(reading, ctx.melds)
        return NotAWin(
            Reason.FIFTH_COPY,
            f"every reading has a wildcard stand for a fifth copy of a tile (first reading: "
            f"five {tile}; YS-WILD-6)",
        )
    if looked and third == looked:
        return NotAWin(
            Reason.SUITS,
            "every reading has a wildcard stand for a tile of a third suit (缺一门 quē yī mén, "
            "YS-WILD-5)",
        )
    return NotAWin(
        Reason.UNSCORED,
        f"the shape is complete, but the {rules.name} rules score no reading of it",
    )


def _over_four(reading: Decomposition, melds: tuple[Meld, ...]) -> Tile | None:
    """The first tile the reading and the melds (a meld's wildcards standing for its tile) hold
    more than four of."""
    counts: Counter[Tile] = Counter(reading.tiles)
    for meld in melds:
        counts[meld.tile] += meld.size
    over = sorted(t for t, n in counts.items() if n > 4)
    return over[0] if over else None
