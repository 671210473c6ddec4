"""The best readings of a Yongshan win with many wildcards, without listing every reading.

With six wildcards a hand has thousands of readings (each wildcard may stand for many tiles), and
scoring each one takes seconds. But a Yongshan score depends on a reading only through:

* its form (七对 or not) and whether it is all pungs (碰碰胡);
* whether it is one suit (清一色), with the melds;
* per tile kind, how many copies it holds as read: 归 (four copies, with the winner's pengs) and
  本金 (copies of the 本金 tile) add up kind by kind.

So for each class of reading (all pungs or not; one given suit, or the suits it may hold: any,
or — with ``lack_a_suit``, YS-WILD-5 — two given suits) a dynamic programme over
the 27 kinds finds a reading of that class with the most 归 and 本金 fan, subject to YS-WILD-6
(no fifth copy, the melds included). The best of these few readings (at most eighteen) scores
as much as the best of all readings, so
:func:`~mahjong_rules.variants.yongshan.patterns.score_yongshan` scores only them. Ties go to
the first class in the order above, then to the first choice at each kind (fewest chows, no
pung, no pair), so the reading reported is deterministic.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from mahjong_rules.counts import TileCounts
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.wins.types import Decomposition, Group, GroupKind, WinForm

__all__ = ["candidate_readings", "fits_with_melds"]

_TILES = all_tiles(honors=False)
_NEG = -(10**6)


def candidate_readings(
    concealed: TileCounts,
    wilds: int,
    melds: tuple[Meld, ...],
    indicator: Tile | None,
    gui_fan: int,
    ben_jin_fan: int,
    *,
    seven_pairs: bool = True,
    lack_a_suit: bool = False,
) -> Iterator[Decomposition]:
    """Readings of ``concealed`` + ``wilds`` (no honors) among which one scores best.

    ``gui_fan`` and ``ben_jin_fan`` are the room's fan for one 归 and one 本金 level. With
    ``lack_a_suit`` (YS-WILD-5, ``wild_reading="lack_a_suit"``) only readings that, wildcards
    as read and melds included, hold at most two of 万 筒 条 are searched.
    """
    c, limit = _counts_and_limits(concealed, melds)
    if any(c[i] > limit[i] for i in range(27)):
        return
    pengs = [0] * 27
    for meld in melds:
        if meld.kind is MeldKind.PENG:
            pengs[meld.tile.index] += 3
    meld_mask = 0
    for meld in melds:
        meld_mask |= 1 << meld.tile.index // 9
    ind = indicator.index if indicator is not None and indicator.index < 27 else -1
    classes = _LACKING if lack_a_suit else _ANY
    seen: set[Decomposition] = set()
    for pung_only in (True, False):
        for suits in classes:
            if meld_mask & ~suits:
                continue
            search = _StandardSearch(c, limit, pengs, ind, gui_fan, ben_jin_fan, pung_only, suits)
            found = search.reading(wilds)
            if found is not None and found not in seen:
                seen.add(found)
                yield found
    if seven_pairs and not melds and concealed.size + wilds == 14:
        for suits in classes:
            found = _PairsSearch(c, limit, ind, gui_fan, ben_jin_fan, suits).reading(wilds)
            if found is not None and found not in seen:
                seen.add(found)
                yield found


_ANY = (1, 2, 4, 7)
"""Suit classes of readings (a mask: 1 万, 2 筒, 4 条): each one suit, then any."""
_LACKING = (1, 2, 4, 6, 5, 3)
"""Each one suit, then each two suits (no 万, no 筒, no 条): YS-WILD-5's ``lack_a_suit``."""


def fits_with_melds(concealed: TileCounts, wilds: int, melds: tuple[Meld, ...]) -> bool:
    """Whether a standard-form reading of ``concealed`` + ``wilds`` holds, with ``melds``, no
    fifth copy of any tile (YS-WILD-6).

    Worked out suit by suit (a chow never crosses a suit): for each suit, the wildcard counts
    with which its natural tiles complete, with the pair and without (``_suit_fits``, a
    small memo keyed by the suit's counts and limits); then whether some three of those, one
    suit holding the pair, use exactly ``wilds``.
    """
    c, limit = _counts_and_limits(concealed, melds)
    if any(c[i] > limit[i] for i in range(27)):
        return False
    parts = [_suit_fits(tuple(c[s : s + 9]), tuple(limit[s : s + 9]), wilds) for s in (0, 9, 18)]
    for j in range(3):  # the suit holding the pair
        used = parts[j][1]
        for k in range(3):
            if k != j:
                used = _sum_of(used, parts[k][0], wilds)
        if used >> wilds & 1:
            return True
    return False


def _sum_of(a: int, b: int, most: int) -> int:
    """The counts ``x + y`` (at most ``most``) of ``x`` in the bit set ``a`` and ``y`` in ``b``."""
    out = 0
    while a:
        low = a & -a
        out |= b << low.bit_length() - 1
        a ^= low
    return out & (2 << most) - 1


def _counts_and_limits(
    concealed: TileCounts, melds: tuple[Meld, ...]
) -> tuple[list[int], list[int]]:
    """Per suited kind, the natural copies held and the most copies a reading may hold with
    the melds beside it (YS-WILD-6: four, less each meld of the kind as read)."""
    c = list(concealed.counts()[:27])
    limit = [4] * 27
    for meld in melds:
        limit[meld.tile.index] -= meld.size
    return c, limit


@lru_cache(maxsize=256)
def _suit_fits(c: tuple[int, ...], limit: tuple[int, ...], most: int) -> tuple[int, int]:
    """One suit's nine kinds: ``(without the pair, with it)``, each the bit set of wildcard
    counts (up to ``most``) with which its natural copies ``c`` complete, no kind holding more
    than ``limit`` copies as read. The memo keeps the last 256 keys: the function is asked a
    few times a hand, nearly always about suits asked just before (8,192 kept the same hits
    and grew a process by about 2 MiB over thousands of hands)."""
    full = (2 << most) - 1
    # a state: (chows owed from one kind back, from two back, paired) -> the counts used;
    # the choices at each kind are _choices' (in_suit, ``most`` wildcards), written out here:
    # 3-5% of a Yongshan 双听用 decision compiled, against asking the generator (measured
    # side by side). test_yongshan_fifth_copy checks the fit against every reading.
    states: dict[tuple[int, int, bool], int] = {(0, 0, False): 1}
    for r in range(9):
        chows = 0 if r > 6 else 4
        held, most_here = c[r], limit[r]
        after: dict[tuple[int, int, bool], int] = {}
        for (k1, k2, paired), used in states.items():
            carried = k1 + k2
            for q in (0,) if paired else (0, 1):
                for p in (0, 1):
                    base = carried + 3 * p + 2 * q
                    for k in range(chows + 1):
                        total = base + k
                        if total > most_here:
                            break
                        x = total - held
                        if x < 0:
                            continue
                        if x > most:
                            break
                        key = (k, k1, paired or q == 1)
                        after[key] = after.get(key, 0) | used << x & full
        states = after
    return states.get((0, 0, False), 0), states.get((0, 0, True), 0)


def _choices(
    held: int, limit: int, carried: int, left: int, paired: bool, chows: int, in_suit: bool
) -> Iterator[tuple[int, int, int, int, int]]:
    """What one kind may hold in a standard-form reading: ``(k, p, q, x, total)`` for ``k``
    chows starting here, a pung (``p``), the pair (``q``), ``x`` wildcards standing for the
    kind and ``total`` copies as read, given ``held`` natural copies, at most ``limit`` copies
    (YS-WILD-6), ``carried`` copies owed to chows started one and two kinds back, ``left``
    wildcards, and whether the pair is placed already. First the fewest chows, no pung, no
    pair (the tie order)."""
    for q in (0,) if paired else (0, 1):
        for p in (0, 1):
            for k in range(chows + 1):
                total = k + carried + 3 * p + 2 * q
                if total > limit or (total and not in_suit):
                    break
                x = total - held
                if x < 0:
                    continue
                if x > left:
                    break
                yield k, p, q, x, total


def _value(i: int, total: int, pengs: list[int], ind: int, gui: int, ben: int, low: int) -> int:
    """Fan a kind adds when it holds ``total`` copies as read (归, and 本金 for the 本金 kind;
    ``low`` is the copies the first 本金 level needs)."""
    value = gui if total + pengs[i] >= 4 else 0
    if i == ind:
        value += 2 * ben if total >= 4 else ben if total >= low else 0
    return value


class _StandardSearch:
    """The best standard-form reading of one class (:meth:`reading`): a dynamic programme over
    the 27 kinds, memoized by its state (a plain class with a dict rather than a cached
    closure, which the compiled build cannot build)."""

    def __init__(
        self,
        c: list[int],
        limit: list[int],
        pengs: list[int],
        ind: int,
        gui: int,
        ben: int,
        pung_only: bool,
        suits: int,
    ) -> None:
        self.c, self.limit, self.pengs = c, limit, pengs
        self.ind, self.gui, self.ben = ind, gui, ben
        self.pung_only, self.suits = pung_only, suits
        self.memo: dict[tuple[int, int, int, int, bool], tuple[int, tuple[int, ...]]] = {}

    def best(
        self, i: int, k1: int, k2: int, left: int, paired: bool
    ) -> tuple[int, tuple[int, ...]]:
        """(most fan from kind ``i`` on, the choice (k, p, q, x) made at ``i``); ``k1``/``k2``:
        chows started one / two kinds back still to be filled here."""
        key = (i, k1, k2, left, paired)
        known = self.memo.get(key)
        if known is not None:
            return known
        outcome: tuple[int, tuple[int, ...]] = (_NEG, ())
        if i == 27:
            if not left and paired and not k1 and not k2:
                outcome = (0, ())
        elif i % 9 != 0 or not (k1 or k2):  # a chow cannot cross a suit
            in_suit = bool(self.suits >> i // 9 & 1)
            chows = 0 if self.pung_only or i % 9 > 6 else 4
            c, limit = self.c[i], self.limit[i]
            for k, p, q, x, total in _choices(c, limit, k1 + k2, left, paired, chows, in_suit):
                rest = self.best(i + 1, k, k1, left - x, paired or bool(q))[0]
                if rest == _NEG:
                    continue
                value = rest + _value(i, total, self.pengs, self.ind, self.gui, self.ben, 3)
                if value > outcome[0]:
                    outcome = (value, (k, p, q, x))
        self.memo[key] = outcome
        return outcome

    def reading(self, wilds: int) -> Decomposition | None:
        """The best reading of the class with ``wilds`` wildcards, or ``None`` if it has
        none."""
        if self.best(0, 0, 0, wilds, False)[0] == _NEG:
            return None
        groups: list[Group] = []
        stood: list[Tile] = []
        k1 = k2 = 0
        left, paired = wilds, False
        for i in range(27):
            k, p, q, x = self.best(i, k1, k2, left, paired)[1]
            tile = _TILES[i]
            if q:
                groups.append(Group(GroupKind.PAIR, tile))
            if p:
                groups.append(Group(GroupKind.PUNG, tile))
            groups.extend([Group(GroupKind.CHOW, tile)] * k)
            stood.extend([tile] * x)
            k1, k2 = k, k1
            left -= x
            paired = paired or bool(q)
        return Decomposition(WinForm.STANDARD, tuple(groups), tuple(stood))


class _PairsSearch:
    """The best seven-pairs reading of one suit class (:meth:`reading`; 四归 counts as two
    pairs and one 归), memoized by its state (as :class:`_StandardSearch`)."""

    def __init__(
        self, c: list[int], limit: list[int], ind: int, gui: int, ben: int, suits: int
    ) -> None:
        self.c, self.limit = c, limit
        self.ind, self.gui, self.ben, self.suits = ind, gui, ben, suits
        self.no_pengs = [0] * 27
        self.memo: dict[tuple[int, int], tuple[int, int]] = {}

    def best(self, i: int, left: int) -> tuple[int, int]:
        """(most fan from kind ``i`` on with ``left`` wildcards, the copies read at ``i``)."""
        key = (i, left)
        known = self.memo.get(key)
        if known is not None:
            return known
        outcome = (_NEG, 0)
        if i == 27:
            if not left:
                outcome = (0, 0)
        else:
            c, limit = self.c[i], self.limit[i]
            in_suit = bool(self.suits >> i // 9 & 1)
            for total in (0, 2, 4):
                if total < c or total > limit or (total and not in_suit):
                    continue
                x = total - c
                if x > left:
                    continue
                rest = self.best(i + 1, left - x)[0]
                if rest == _NEG:
                    continue
                value = rest + _value(i, total, self.no_pengs, self.ind, self.gui, self.ben, 2)
                if value > outcome[0]:
                    outcome = (value, total)
        self.memo[key] = outcome
        return outcome

    def reading(self, wilds: int) -> Decomposition | None:
        """The best reading of the class with ``wilds`` wildcards, or ``None``."""
        if self.best(0, wilds)[0] == _NEG:
            return None
        groups: list[Group] = []
        stood: list[Tile] = []
        left = wilds
        for i in range(27):
            total = self.best(i, left)[1]
            tile = _TILES[i]
            groups.extend([Group(GroupKind.PAIR, tile)] * (total // 2))
            stood.extend([tile] * (total - self.c[i]))
            left -= total - self.c[i]
        return Decomposition(WinForm.SEVEN_PAIRS, tuple(groups), tuple(stood))
