"""A seat's hand (手牌, shǒupái): concealed tiles plus declared melds.

Text form: the concealed tiles in notation (``-`` when there are none), then each meld in the
text form of :mod:`mahjong_rules.melds`, separated by spaces. A kong counts as three tiles
towards the hand's size, so a complete hand has :attr:`Hand.tile_count` 14 and a ready one 13.

>>> hand = Hand.parse("123m456p11z P6p@2 A5m")
>>> hand
Hand.parse('123m456p11z P6p@2 A5m')
>>> hand.concealed, hand.kongs, hand.tile_count, len(hand.all_tiles)
(TileCounts('123m456p11z'), 1, 14, 15)
>>> str(Hand.parse("- P1m@0"))
'- P1m@0'
>>> Hand.parse("1111m A1m")
Traceback (most recent call last):
...
mahjong_rules.errors.TileCountError: 8 of 1m across the concealed tiles and melds (at most 4)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import attrs

from mahjong_rules.counts import TileCounts
from mahjong_rules.errors import MeldError, TileCountError
from mahjong_rules.melds import MELD_LETTERS, Meld, _parse_meld
from mahjong_rules.tiles import Tile

__all__ = ["Hand"]

EMPTY_CONCEALED = "-"
"""How the text form writes a hand with no concealed tiles."""


def _meld_tuple(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    melds = tuple(melds)
    for meld in melds:
        if not isinstance(meld, Meld):
            raise TypeError(f"melds holds Meld objects, not {type(meld).__name__}")
    return melds


@attrs.frozen(repr=False)
class Hand:
    """A seat's hand (手牌, shǒupái): ``concealed`` tiles and declared ``melds`` in the order made.

    No tile kind appears more than four times across the concealed tiles and the melds'
    physical tiles (wildcards included).
    """

    concealed: TileCounts
    """The concealed tiles, a wildcard tile counted as the tile it physically is."""
    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_meld_tuple)
    """The declared melds (副露, fùlù), in the order they were made."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.concealed, TileCounts):
            raise TypeError(f"concealed must be a TileCounts, not {type(self.concealed).__name__}")
        counts = list(self.concealed.counts())
        for meld in self.melds:
            for i, c in enumerate(meld.tiles.counts()):
                counts[i] += c
        for index, c in enumerate(counts):
            if c > 4:
                raise TileCountError(
                    f"{c} of {Tile(index)} across the concealed tiles and melds (at most 4)"
                )

    @property
    def all_tiles(self) -> TileCounts:
        """Every physical tile: the concealed ones and those in the melds."""
        total = self.concealed
        for meld in self.melds:
            total += meld.tiles
        return total

    @property
    def kongs(self) -> int:
        """Number of kongs (杠, gàng) among the melds."""
        return sum(1 for meld in self.melds if meld.is_kong)

    @property
    def tile_count(self) -> int:
        """Size of the hand counting each kong as three tiles (14 complete, 13 ready)."""
        return len(self.concealed) + sum(3 for _ in self.melds)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand from its text form, e.g. ``'123m456p11z P6p@2 A5m'``.

        The concealed part may be in any style :func:`~mahjong_rules.notation.parse_tiles`
        reads, spaces included; the first word opening with a meld letter (P, G, B, A) starts
        the melds.
        """
        if not isinstance(text, str):
            raise TypeError(f"Hand.parse() takes a str, not {type(text).__name__}")
        words = list(re.finditer(r"\S+", text))
        if not words:
            raise MeldError(f"empty hand text; write {EMPTY_CONCEALED!r} for no tiles")
        if words[0].group()[0] in MELD_LETTERS:
            raise MeldError(
                f"a hand's text starts with its concealed tiles ({EMPTY_CONCEALED!r} for none)"
                f" at position {words[0].start()} in {text!r}"
            )
        first_meld = next((k for k, w in enumerate(words) if w.group()[0] in MELD_LETTERS), None)
        stop = len(text) if first_meld is None else words[first_meld].start()
        concealed_text = text[:stop]
        if concealed_text.strip() == EMPTY_CONCEALED:
            concealed = TileCounts()
        else:
            concealed = TileCounts(concealed_text)
        meld_words = [] if first_meld is None else words[first_meld:]
        melds = [_parse_meld(text, w.start(), w.end()) for w in meld_words]
        return cls(concealed, melds)

    def __str__(self) -> str:
        parts = [str(self.concealed) or EMPTY_CONCEALED]
        parts += [str(meld) for meld in self.melds]
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"
