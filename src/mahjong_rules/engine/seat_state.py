"""One seat of a hand's state (FLOW-3): :class:`SeatState`, an immutable value.

Written once for both builds, like :class:`~mahjong_rules.engine.state.State` (see there): a
mypyc native class whose ``Final`` fields the compiled build cannot assign, frozen in the pure
build by :func:`~mahjong_rules.engine.value_class.freeze_class`.
"""

from __future__ import annotations

from typing import Any, Final

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.value_class import ValueField, freeze_class, value_repr
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import Tile

__all__ = ["VARIANT_RECORD", "SeatState"]

VARIANT_RECORD: Final = "variant_record"
"""The metadata key marking a field that holds a variant's own record: its value names the
declaration of :class:`~mahjong_rules.engine.hooks.Hooks` giving the record's class (e.g.
``"seat_state_class"``). The serializer writes and reads such a field with the class the room's
variant declares, never with a class a document names."""

_NO_TILES: Final = TileCounts()
_NO_KINDS: Final = TileSet()
COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled by mypyc."""
SEAT_FIELD_NAMES: Final = (
    "concealed",
    "melds",
    "discards",
    "pass_hu",
    "pass_hu_fan",
    "pass_peng",
    "won",
    "drawn",
    "turn_draws",
    "draws",
    "variant",
)
"""The fields of :class:`SeatState` in declaration order: its ``__slots__`` (and its working
copy's, :class:`~mahjong_rules.engine.drafts.SeatDraft`)."""


class _Memo:
    """The memo of a state object (``State.cache``, ``SeatState.cache``), kept in a slot
    beside the fields' own slots (a state object has no instance dict). A copy of a state
    object (pickled, :func:`copy.copy`) starts with an empty memo."""

    __slots__ = ("cache",)

    cache: dict[Any, Any]
    """Memo of derived values (the legal actions, who must act; a seat's waits), no part of the
    value: not compared, not written, empty in every copy the engine makes."""


class SeatState(_Memo):
    """One seat: its tiles and the flags the rules keep about it.

    Its ``cache`` is a memo of derived values (its waits), no part of the seat's value (not
    compared, not written), kept in a slot beside the fields. A value like :class:`State`
    (not an attrs class: see there)."""

    __slots__ = SEAT_FIELD_NAMES

    concealed: Final[TileCounts]
    """The concealed tiles in hand (wildcards included), as counts per tile kind."""
    melds: Final[tuple[Meld, ...]]
    """Its exposed and concealed melds (pengs and kongs), in the order made."""
    discards: Final[tuple[Tile, ...]]
    """Every tile it discarded, in order, those others claimed included."""
    pass_hu: Final[bool]
    """过手胡: it declined a win and may not win on a discard until the block lifts."""
    pass_hu_fan: Final[int]
    """过手胡 comparing fan: the most fan it declined since the block began (-1: none)."""
    pass_peng: Final[TileSet]
    """过手碰: tiles it declined to peng and may not peng until it next draws or claims."""
    won: Final[bool]
    """It has won this hand (in 血战 it then leaves play)."""
    drawn: Final[Tile | None]
    """The tile drawn this turn (``None`` on the dealer's first turn and after a peng)."""
    turn_draws: Final[tuple[Tile, ...]]
    """Every tile drawn in this turn, its first draw and each kong replacement since, less any
    a variant's own action put into a meld; empty after a peng and once the turn's discard is
    made."""
    draws: Final[int]
    """How many times it has drawn this hand (kong replacements included)."""
    variant: Final[Any]
    """The variant's own record of this seat: an instance of the room's
    :attr:`~mahjong_rules.engine.hooks.Hooks.seat_state_class` (a frozen attrs class), or
    ``None`` when the variant declares none. Compared and hashed with the seat; made by
    :meth:`~mahjong_rules.engine.hooks.Hooks.new_seat_state` when the hand is built."""

    FIELDS: Final = (
        ValueField("concealed", _NO_TILES, type="TileCounts"),
        ValueField("melds", (), type="tuple[Meld, ...]"),
        ValueField("discards", (), type="tuple[Tile, ...]"),
        ValueField("pass_hu", False, type="bool"),
        ValueField("pass_hu_fan", -1, type="int"),
        ValueField("pass_peng", _NO_KINDS, type="TileSet"),
        ValueField("won", False, type="bool"),
        ValueField("drawn", None, type="Tile | None"),
        ValueField("turn_draws", (), type="tuple[Tile, ...]"),
        ValueField("draws", 0, type="int"),
        ValueField("variant", None, metadata={VARIANT_RECORD: "seat_state_class"}, type="Any"),
    )
    """The fields in declaration order, described as ``attrs.fields`` would."""

    def __init__(
        self,
        concealed: TileCounts = _NO_TILES,
        melds: tuple[Meld, ...] = (),
        discards: tuple[Tile, ...] = (),
        pass_hu: bool = False,
        pass_hu_fan: int = -1,
        pass_peng: TileSet = _NO_KINDS,
        won: bool = False,
        drawn: Tile | None = None,
        turn_draws: tuple[Tile, ...] = (),
        draws: int = 0,
        variant: Any = None,
    ) -> None:
        """A seat of these fields (every one has a default: an empty seat)."""
        self.concealed = concealed
        self.melds = melds
        self.discards = discards
        self.pass_hu = pass_hu
        self.pass_hu_fan = pass_hu_fan
        self.pass_peng = pass_peng
        self.won = won
        self.drawn = drawn
        self.turn_draws = turn_draws
        self.draws = draws
        self.variant = variant
        self.cache = {}

    def _values(self) -> tuple[Any, ...]:
        return (
            self.concealed,
            self.melds,
            self.discards,
            self.pass_hu,
            self.pass_hu_fan,
            self.pass_peng,
            self.won,
            self.drawn,
            self.turn_draws,
            self.draws,
            self.variant,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatState):
            return NotImplemented
        return self._values() == other._values()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, SeatState):
            return NotImplemented
        return self._values() != other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return value_repr(self, SeatState.FIELDS)

    def __reduce__(self) -> tuple[Any, ...]:
        return (SeatState, self._values())

    @property
    def tiles_count(self) -> int:
        """Concealed tiles plus three per meld (so 13 between turns, 14 in turn)."""
        return len(self.concealed) + 3 * len(self.melds)


if not COMPILED:
    freeze_class(SeatState, SeatState.FIELDS)
