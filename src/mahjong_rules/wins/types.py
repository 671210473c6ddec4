"""The typed readings of a complete hand: :class:`Group` and :class:`Decomposition`."""

from __future__ import annotations

import enum

import attrs

from mahjong_rules.counts import TileCounts
from mahjong_rules.notation import format_tiles
from mahjong_rules.tiles import Tile

__all__ = ["Decomposition", "Group", "GroupKind", "WinForm"]


class GroupKind(enum.Enum):
    """The kind of a group inside a complete hand."""

    CHOW = "chow"
    """顺子 (shùnzi): three consecutive tiles of one suit."""
    PUNG = "pung"
    """刻子 (kèzi): three of a kind."""
    PAIR = "pair"
    """对子 (duìzi) / 将 (jiàng): two of a kind."""


class WinForm(enum.Enum):
    """The shape of a complete hand."""

    STANDARD = "standard"
    """Melds plus exactly one pair (基本胡, the 4 melds + 1 pair form)."""
    SEVEN_PAIRS = "seven_pairs"
    """七对 (qīduì): seven pairs; four of a kind counts as two pairs."""


_KIND_ORDER = {GroupKind.PAIR: 0, GroupKind.PUNG: 1, GroupKind.CHOW: 2}
_GROUP_BITS: dict[Group, tuple[int, int]] = {}
"""Memo: a group's packed counts and size (there are at most 34 * 3 groups)."""


@attrs.frozen(order=False, slots=True)
class Group:
    """A chow, pung or pair as read: ``tile`` is its lowest tile."""

    kind: GroupKind
    """Which group: 顺子 (shùnzi, a chow), 刻子 (kèzi, a pung) or 对子 (duìzi, a pair)."""
    tile: Tile
    """The group's lowest tile (its only tile kind for a pung or a pair)."""

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Its tiles, lowest first."""
        i = self.tile.index
        if self.kind is GroupKind.CHOW:
            return (self.tile, Tile(i + 1), Tile(i + 2))
        return (self.tile,) * (3 if self.kind is GroupKind.PUNG else 2)

    @property
    def sort_key(self) -> tuple[int, int]:
        """The key groups sort by: the lowest tile's index, then pair before pung before chow."""
        return (self.tile.index, _KIND_ORDER[self.kind])

    def __str__(self) -> str:
        return format_tiles(self.tiles)

    def __repr__(self) -> str:
        return f"Group(GroupKind.{self.kind.name}, {self.tile!r})"


@attrs.frozen(slots=True)
class Decomposition:
    """One way a hand is complete.

    ``groups`` are the groups of the concealed part in tile order (the pair among them, or the
    seven pairs; a four-of-a-kind in seven pairs is two pair groups). ``wilds`` lists, in tile
    order, the tile each wildcard stands for. The groups' tiles are exactly the natural tiles
    plus ``wilds``. Declared melds are not part of a decomposition.
    """

    form: WinForm
    """The shape: the standard form (four melds and a pair) or 七对 (qīduì, seven pairs)."""
    # The generic types are quoted for a compiled build, which keeps a quoted annotation as
    # written but records an unquoted generic by its bare class (``tuple``), not as it reads.
    groups: "tuple[Group, ...]"  # noqa: UP037
    """The groups of the concealed part, in tile order (the pair among them)."""
    wilds: "tuple[Tile, ...]" = ()  # noqa: UP037
    """The tile each wildcard (听用, tīngyòng) stands for, in tile order (empty: no wildcards)."""

    @property
    def pair(self) -> Group | None:
        """The pair (将) of a standard-form hand; ``None`` for seven pairs."""
        if self.form is WinForm.SEVEN_PAIRS:
            return None
        return next(g for g in self.groups if g.kind is GroupKind.PAIR)

    @property
    def melds(self) -> tuple[Group, ...]:
        """The chows and pungs (empty for seven pairs)."""
        return tuple(g for g in self.groups if g.kind is not GroupKind.PAIR)

    @property
    def tiles(self) -> TileCounts:
        """All tiles as read: the natural tiles plus what the wildcards stand for."""
        bits = size = 0
        for group in self.groups:
            found = _GROUP_BITS.get(group)
            if found is None:
                found = _GROUP_BITS[group] = (TileCounts(group.tiles).bits, len(group.tiles))
            bits += found[0]
            size += found[1]
        return TileCounts._make(bits, size)

    @property
    def wild_counts(self) -> TileCounts:
        """What the wildcards stand for, as a multiset."""
        return TileCounts(self.wilds)

    def __str__(self) -> str:
        text = " ".join(str(g) for g in self.groups)
        if self.wilds:
            text += " wilds=" + format_tiles(self.wilds)
        return text
