"""Scoring patterns (牌型, páixíng), breakdowns and the best reading of a hand (SCORE-1..3)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

import attrs

from mahjong_rules.scoring.context import WinContext
from mahjong_rules.wins import iter_decompositions
from mahjong_rules.wins.types import Decomposition

__all__ = [
    "Breakdown",
    "Pattern",
    "PingHu",
    "ReplacesPingHu",
    "ScoreItem",
    "best_breakdown",
    "fan_to_points",
]


class Pattern:
    """One scoring pattern. Subclasses set the class attributes and :meth:`applies`.

    Their docstrings open with the Chinese name and pinyin. ``key`` is the stable identifier
    used in options (``fan={"qing_yi_se": 2}``) and results.
    """

    key: ClassVar[str]
    """The stable identifier of the pattern, in options and results (``"qing_yi_se"``)."""
    name_zh: ClassVar[str]
    """The pattern's Chinese name (``"清一色"``)."""
    pinyin: ClassVar[str]
    """The pinyin of the Chinese name (``"qīngyīsè"``)."""
    default_fan: ClassVar[int]
    """The fan (番) the pattern scores unless the room's options say otherwise."""
    replaces: ClassVar[tuple[str, ...]] = ()
    """Keys of patterns this one replaces when both apply (e.g. 龙爪背 replaces 小七对)."""

    def applies(self, ctx: WinContext) -> bool:  # pragma: no cover - abstract
        """Whether the pattern applies to the win ``ctx`` (with its ``reading``)."""
        raise NotImplementedError

    def count(self, ctx: WinContext) -> int:
        """How many times the pattern scores (1 when it applies; 归-like patterns count more)."""
        return 1 if self.applies(ctx) else 0

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name_zh} {self.key}>"


class PingHu(Pattern):
    """平胡 (pínghú), plain win — BS-PAT-平胡, YS-PAT-平胡: no other pattern; 0 fan, 1 point.

    It applies to every win; every other pattern of a variant that uses it derives from
    :class:`ReplacesPingHu`, so 平胡 stays in a breakdown exactly when nothing else applies.
    """

    key = "ping_hu"
    name_zh = "平胡"
    pinyin = "pínghú"
    default_fan = 0

    def applies(self, ctx: WinContext) -> bool:
        return True


class ReplacesPingHu(Pattern):
    """Base of a pattern other than 平胡: when it applies, 平胡 does not."""

    replaces: ClassVar[tuple[str, ...]] = ("ping_hu",)


@attrs.frozen
class ScoreItem:
    """One line of a breakdown: the pattern, its Chinese name, its fan (times its count)."""

    key: str
    """The pattern's key (:attr:`Pattern.key`)."""
    name_zh: str
    """The pattern's Chinese name."""
    fan: int
    """The fan this line adds: the pattern's fan times ``count``."""
    count: int = 1
    """How many times the pattern scored (归 can score more than once)."""


@attrs.frozen
class Breakdown:
    """The score of a winning hand: its lines, the fan before and after the cap, the points."""

    items: tuple[ScoreItem, ...]
    """One line per pattern that scored, in the variant's pattern order."""
    fan: int
    """Fan added up before the cap."""
    capped_fan: int
    """Fan after the room's cap (封顶, fēngdǐng)."""
    points: int
    """Pattern score (牌型分): ``2 ** capped_fan`` or ``1 + capped_fan`` (SCORE-1)."""
    reading: Decomposition | None = None
    """The reading scored (SCORE-3)."""

    @property
    def keys(self) -> tuple[str, ...]:
        """The keys of the patterns that scored, in the order of ``items``."""
        return tuple(item.key for item in self.items)


def fan_to_points(
    fan: int, *, scoring: str = "doubling", cap: int | None = None
) -> tuple[int, int]:
    """``(capped_fan, points)``: 平胡 (0 fan) is 1 point; each fan doubles (or adds 1)."""
    if scoring not in ("doubling", "linear"):
        raise ValueError(f"scoring must be 'doubling' or 'linear', got {scoring!r}")
    capped = fan if cap is None else min(fan, cap)
    points = 2**capped if scoring == "doubling" else 1 + capped
    return capped, points


def _score_reading(
    patterns: Sequence[Pattern], ctx: WinContext, fans: Mapping[str, int]
) -> list[ScoreItem]:
    items: dict[str, ScoreItem] = {}
    for pattern in patterns:
        count = pattern.count(ctx)
        if count:
            fan = fans[pattern.key] * count
            items[pattern.key] = ScoreItem(pattern.key, pattern.name_zh, fan, count)
    for pattern in patterns:
        if pattern.key in items:
            for other in pattern.replaces:
                items.pop(other, None)
    return list(items.values())


def best_breakdown(
    patterns: Sequence[Pattern],
    ctx: WinContext,
    *,
    fans: Mapping[str, int],
    scoring: str = "doubling",
    cap: int | None = None,
    readings: Iterable[Decomposition] | None = None,
    seven_pairs: bool = True,
    honors: bool = True,
) -> Breakdown | None:
    """The highest-scoring reading of a complete hand (SCORE-3); ``None`` if a 3k+2 hand is not
    complete (other sizes raise :class:`~mahjong_rules.errors.HandSizeError`).

    Every reading (decomposition, with its wildcard assignment) is scored; the best pattern
    score wins, then the most fan before the cap, then the first reading in the detector's
    order — so ties always break the same way.
    """
    if readings is None:
        readings = iter_decompositions(
            ctx.concealed, ctx.wilds, seven_pairs=seven_pairs, honors=honors
        )
    best: Breakdown | None = None
    best_key: tuple[int, int] | None = None
    for reading in readings:
        scored = attrs.evolve(ctx, reading=reading)
        items = _score_reading(patterns, scored, fans)
        fan = sum(item.fan for item in items)
        capped, points = fan_to_points(fan, scoring=scoring, cap=cap)
        key = (points, fan)
        if best_key is None or key > best_key:
            best_key = key
            best = Breakdown(tuple(items), fan, capped, points, reading)
    return best
