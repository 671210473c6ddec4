"""换三张 (huàn sān zhāng) and 定缺 (dìng quē): Sichuan's own actions and events for its two
phases after the deal (:mod:`mahjong_rules.variants.sichuan.phases`).

* :class:`SwapTiles` — ``0 swap 1m2m2m`` (``0 换三张 …``, ``0 换 …``): three tiles of one suit
  that the seat passes on (SC-SWAP-1). The tiles are kept sorted: an answer is a multiset.
* :class:`DeclareVoid` — ``0 void p 4p`` (``0 定缺 p 4p``, ``0 缺 …``): the suit the seat gives
  up and the tile of that suit it sets aside face down, ``-`` when it holds none (SC-VOID-1).

Both are checked when built, as every action is (a server builds them from untrusted input):
a wrong value raises :class:`~mahjong_rules.errors.ActionError`, a wrong type
:class:`~mahjong_rules.errors.ActionTypeError`, naming the field.

>>> SwapTiles(1, "2m1m2m")
SwapTiles(seat=1, tiles=(Tile('1m'), Tile('2m'), Tile('2m')))
>>> str(DeclareVoid(2, "s", None)), str(DeclareVoid(0, Suit.PIN, "4p"))
('2 void s -', '0 void p 4p')
>>> DeclareVoid(0, "p", "4m")
Traceback (most recent call last):
...
mahjong_rules.errors.ActionError: DeclareVoid.aside: a tile of the void suit (筒) or None, got ...

The events say what each seat may know (SC-VIEW-1): their ``seen_by`` gives another seat the
event with the secret left out, which the rules' default ``event_for`` applies.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.errors import ActionError, ActionTypeError, MahjongRulesError
from mahjong_rules.tiles import Suit, Tile, suited_tiles

__all__ = [
    "SUITS",
    "AsideSet",
    "DeclareVoid",
    "SwapTiles",
    "TilesChosen",
    "TilesSwapped",
    "VoidDeclared",
]

SUITS: tuple[Suit, Suit, Suit] = (Suit.MAN, Suit.PIN, Suit.SOU)
"""The three suits of a Sichuan wall (SC-TILES-1: no honors), in the order listed."""


@attrs.frozen
class SwapTiles(Action):
    """换三张 (huàn sān zhāng, "swap three tiles"): ``seat`` passes ``tiles``, three of one
    suit from its concealed hand, when every seat has chosen (SC-SWAP-1). Written
    ``0 swap 1m2m2m``; ``换三张`` and ``换`` read as the verb."""

    tiles: tuple[Tile, ...]
    """The three tiles, of one of 万 筒 条, sorted (given in any order, or as notation)."""
    verb: ClassVar[str] = "swap"
    verb_aliases: ClassVar[tuple[str, ...]] = ("换三张", "换")

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()  # the seat, and the tiles from their type
        tiles = tuple(sorted(self.tiles))
        if len(tiles) != 3 or len({t.suit for t in tiles}) != 1 or tiles[0].suit not in SUITS:
            raise ActionError(
                f"SwapTiles.tiles: three tiles of one of 万 筒 条, got {self.tiles!r}"
            )
        object.__setattr__(self, "tiles", tiles)

    @classmethod
    def id_shapes(cls, rules: Any) -> Iterable[tuple[Any, ...]]:
        """Every three tiles of one suit, as a multiset (165 a suit), in a room that swaps;
        none in one that does not (option ``swap_three``)."""
        if not getattr(getattr(rules, "options", None), "swap_three", False):
            return []
        return [
            (combo,)
            for suit in SUITS
            for combo in itertools.combinations_with_replacement(suited_tiles(suit), 3)
        ]


def _aside(value: object, suit: Suit) -> Tile | None:
    """The set-aside tile of a :class:`DeclareVoid`: ``None``, or a tile (or its notation) of
    ``suit``."""
    what = f"a tile of the void suit ({suit.name_zh}) or None"
    if value is None:
        return None
    tile = value
    if isinstance(value, str):
        try:
            tile = Tile(value)
        except MahjongRulesError:
            raise ActionError(f"DeclareVoid.aside: {what}, got {value!r}") from None
    if not isinstance(tile, Tile):
        raise ActionTypeError(f"DeclareVoid.aside: {what}, got {value!r}")
    if tile.suit is not suit:
        raise ActionError(f"DeclareVoid.aside: {what}, got {tile!r}")
    return tile


@attrs.frozen
class DeclareVoid(Action):
    """定缺 (dìng quē, "fix the missing suit"): ``seat`` gives up ``suit`` and sets ``aside``,
    one of its tiles of that suit, face down as its first discard; ``None`` when it holds no
    tile of the suit (SC-VOID-1, SC-VOID-2). Written ``0 void p 4p`` or ``0 void s -``;
    ``定缺`` and ``缺`` read as the verb."""

    suit: Suit
    """The void suit: 万, 筒 or 条 (never honors)."""
    aside: Tile | None = None
    """The tile set aside face down, of ``suit``; ``None``: the seat holds none of it."""
    verb: ClassVar[str] = "void"
    verb_aliases: ClassVar[tuple[str, ...]] = ("定缺", "缺")

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()  # the seat, and the suit from its type
        if self.suit not in SUITS:
            raise ActionError(f"DeclareVoid.suit: 万, 筒 or 条, got {self.suit}")
        object.__setattr__(self, "aside", _aside(self.aside, self.suit))

    def text_args(self) -> tuple[str, ...]:
        """The suit's letter and the tile set aside (``-``: none)."""
        return (self.suit.value, "-" if self.aside is None else self.aside.notation)

    @classmethod
    def read_text_args(cls, tokens: tuple[str, ...]) -> tuple[Any, ...]:
        """Two tokens: the suit (``m``, ``p``, ``s``) and the tile set aside, or ``-``."""
        if len(tokens) != 2:
            raise ActionError("a void action takes the suit and the tile set aside (or -)")
        try:
            suit = Suit(tokens[0])
        except ValueError:
            raise ActionError(f"DeclareVoid.suit: m, p or s, got {tokens[0]!r}") from None
        return (suit, None if tokens[1] == "-" else tokens[1])

    @classmethod
    def id_shapes(cls, rules: Any) -> Iterable[tuple[Any, ...]]:
        """For each suit: no tile set aside, then each of its nine kinds (30 ids)."""
        return [(suit, tile) for suit in SUITS for tile in (None, *suited_tiles(suit))]


@attrs.frozen
class TilesChosen(Event):
    """换三张: ``seat`` chose the three tiles it passes; ``tiles`` is ``None`` for every other
    seat (SC-SWAP-1: the choice is secret)."""

    seat: int
    """The seat that chose."""
    tiles: tuple[Tile, ...] | None
    """The three tiles (its own seat only)."""

    def seen_by(self, seat: int) -> TilesChosen:
        """The event as ``seat`` sees it: whole for the seat that chose, without the tiles for the
        others (SC-VIEW-1)."""
        return self if seat == self.seat else TilesChosen(self.seat, None)


@attrs.frozen
class TilesSwapped(Event):
    """换三张 done: ``seat`` gave ``gave`` and got ``got`` in ``direction`` (SC-SWAP-2: one of
    ``"to_next"``, ``"to_previous"``, ``"opposite"``, public). The tiles are its own seat's
    to see: another seat sees ``None`` for both."""

    seat: int
    """The seat that passed and took."""
    direction: str
    """Where every seat passed its three (public)."""
    gave: tuple[Tile, ...] | None
    """The three it passed (its own seat only)."""
    got: tuple[Tile, ...] | None
    """The three passed to it (its own seat only)."""

    def seen_by(self, seat: int) -> TilesSwapped:
        """The event as ``seat`` sees it: whole for its own seat, without the tiles given and
        received for the others (SC-VIEW-1)."""
        return self if seat == self.seat else TilesSwapped(self.seat, self.direction, None, None)


@attrs.frozen
class VoidDeclared(Event):
    """定缺: ``seat`` declared; ``suit`` and ``aside`` as in :class:`DeclareVoid` for its own
    seat, both ``None`` for every other (SC-VIEW-1: the void suit is secret until the tile set
    aside is turned up)."""

    seat: int
    """The seat that declared."""
    suit: Suit | None
    """Its void suit (its own seat only)."""
    aside: Tile | None
    """The tile it set aside, ``None`` when it holds none of the suit (its own seat only)."""

    def seen_by(self, seat: int) -> VoidDeclared:
        """The event as ``seat`` sees it: whole for the declaring seat, without the suit and the
        set-aside tile for the others (SC-VIEW-1)."""
        return self if seat == self.seat else VoidDeclared(self.seat, None, None)


@attrs.frozen
class AsideSet(Event):
    """定缺 done: all four have declared together (SC-VOID-1); by seat, whether it set a tile
    aside face down (public: the table sees the face-down tile, not its face or suit)."""

    face_down: tuple[bool, ...]
    """By seat: a tile set aside (``False``: declared holding none of the suit)."""
