"""The immutable state of a hand (FLOW-3): :class:`State` and per-seat :class:`SeatState`.

Nothing here changes in place: every transition builds a new state with :func:`attrs.evolve`, so
a server may keep any state, and a failed action leaves nothing behind.
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

import attrs

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import Tile

__all__ = ["Phase", "SeatState", "State", "first_state", "remake", "replace"]

_T = TypeVar("_T")

VARIANT_RECORD = "variant_record"
"""The metadata key marking a field that holds a variant's own record: its value names the
declaration of :class:`~mahjong_rules.engine.hooks.Hooks` giving the record's class (e.g.
``"seat_state_class"``). The serializer writes and reads such a field with the class the room's
variant declares, never with a class a document names."""

_NO_TILES = TileCounts()
_NO_KINDS = TileSet()


def replace(obj: _T, **changes: Any) -> _T:
    """A copy of a frozen state object with some fields changed.

    Like :func:`attrs.evolve` but without re-running ``__init__`` (states are built only from
    values that are already valid), which keeps the engine's transitions cheap. Caches start
    empty in the copy.
    """
    fields = obj.__dict__.copy()  # a whole dict set at once: much faster than filling one
    fields.update(changes)
    cls = obj.__class__
    if cls is State or cls is SeatState or isinstance(obj, _Memo):
        return remake(cls, fields)
    if "cache" in fields:  # (any other class keeping a memo among its fields)
        fields["cache"] = {}
    new = _new(cls)
    _setattr(new, "__dict__", fields)
    return new


def remake(cls: type[_T], fields: dict[str, Any], cache: dict[Any, Any] | None = None) -> _T:
    """A :class:`State` or :class:`SeatState` (``cls``) whose fields are ``fields``: a copy of
    another one's ``__dict__``, changed in place by the caller, and whose memo is ``cache`` (a
    fresh one by default). The engine's hot transitions build their one copy this way, which
    saves :func:`replace`'s keyword call.

    The memo is no entry of ``fields``: it is kept in a slot (see :class:`State`), so that the
    ``__dict__`` holds the fields of the value only. (A ``"cache"`` entry in ``fields`` is
    taken as the memo; but setting one costs the dict its shared keys.)"""
    new = _new(cls)
    if "cache" in fields:
        cache = fields.pop("cache")
    try:
        _DICT_SETTERS[cls](new, fields)
    except KeyError:  # (a class of another memo: a variant's, a test's)
        _setattr(new, "__dict__", fields)
    _set_cache(new, {} if cache is None else cache)
    return new


_new = object.__new__
_setattr = object.__setattr__


class Phase(enum.Enum):
    """Where a hand is."""

    CHOOSING = "choosing"
    """A phase of the variant's own (:class:`~mahjong_rules.engine.phases.OwnPhase`, named by
    :attr:`State.stage`): the seats in :attr:`State.claimants` answer at once."""
    TURN = "turn"
    """The current seat holds 3k+2 tiles and must discard, kong, win or act as the variant lets."""
    CLAIM = "claim"
    """Seats that may claim the last discard (hu, peng, gang) answer; others are not asked."""
    ROB = "rob"
    """Seats that may rob the 补杠 being made (抢杠) answer."""
    ENDED = "ended"
    """The hand is over: :attr:`State.result` holds its settlement and no action is legal."""


CHOOSING, TURN, CLAIM, ROB, ENDED = (
    Phase.CHOOSING,
    Phase.TURN,
    Phase.CLAIM,
    Phase.ROB,
    Phase.ENDED,
)
"""The phases as plain module constants: the engine's transitions read them often, and a
global is read about ten times faster than an enum's member (``Phase.TURN``)."""


class _Memo:
    """The memo of a state object (``State.cache``, ``SeatState.cache``), kept in a slot
    rather than in the object's ``__dict__``: CPython shares the keys of a class's instance
    dicts for at most 29 entries, and ``State`` has 29 fields, so a memo entry as a 30th key
    would give every state a dict table of its own (about 1.3 kB per kept state). A copy of a
    state object (pickled, :func:`copy.copy`) starts with an empty memo."""

    __slots__ = {
        "cache": "Memo of derived values (the legal actions, who must act; a seat's waits), no "
        "part of the value: not compared, not written, empty in every copy the engine makes."
    }

    cache: dict[Any, Any]

    def __getstate__(self) -> dict[str, Any]:
        return self.__dict__

    def __setstate__(self, fields: dict[str, Any]) -> None:
        _setattr(self, "__dict__", dict(fields))
        _setattr(self, "cache", {})


@attrs.frozen(slots=False)
class SeatState(_Memo):
    """One seat: its tiles and the flags the rules keep about it.

    Its ``cache`` is a memo of derived values (its waits), no part of the seat's value (not
    compared, not written), kept in a slot beside the fields."""

    concealed: TileCounts = _NO_TILES
    """The concealed tiles in hand (wildcards included), as counts per tile kind."""
    melds: tuple[Meld, ...] = ()
    """Its exposed and concealed melds (pengs and kongs), in the order made."""
    discards: tuple[Tile, ...] = ()
    """Every tile it discarded, in order, those others claimed included."""
    pass_hu: bool = False
    """过手胡: it declined a win and may not win on a discard until the block lifts."""
    pass_hu_fan: int = -1
    """过手胡 comparing fan: the most fan it declined since the block began (-1: none)."""
    pass_peng: TileSet = _NO_KINDS
    """过手碰: tiles it declined to peng and may not peng until it next draws or claims."""
    won: bool = False
    """It has won this hand (in 血战 it then leaves play)."""
    drawn: Tile | None = None
    """The tile drawn this turn (``None`` on the dealer's first turn and after a peng)."""
    turn_draws: tuple[Tile, ...] = ()
    """Every tile drawn in this turn, its first draw and each kong replacement since, less any
    a variant's own action put into a meld; empty after a peng and once the turn's discard is
    made."""
    draws: int = 0
    """How many times it has drawn this hand (kong replacements included)."""
    variant: Any = attrs.field(default=None, metadata={VARIANT_RECORD: "seat_state_class"})
    """The variant's own record of this seat: an instance of the room's
    :attr:`~mahjong_rules.engine.hooks.Hooks.seat_state_class` (a frozen attrs class), or
    ``None`` when the variant declares none. Compared and hashed with the seat; made by
    :meth:`~mahjong_rules.engine.hooks.Hooks.new_seat_state` when the hand is built."""

    @property
    def tiles_count(self) -> int:
        """Concealed tiles plus three per meld (so 13 between turns, 14 in turn)."""
        return len(self.concealed) + 3 * len(self.melds)

    def __attrs_post_init__(self) -> None:
        _setattr(self, "cache", {})


@attrs.frozen(eq=True, slots=False)
class State(_Memo):
    """A hand of mahjong at one moment. Build with ``rules.new_hand()``; change with
    ``rules.apply()``.

    Its ``cache`` is a memo of derived values (the legal actions, who must act), no part of the
    state's value (not compared, not written), kept in a slot beside the fields: the
    ``__dict__`` holds the 29 fields and nothing else, so that every state shares its dict's
    keys with the others (see :attr:`variant`)."""

    options: Any
    """The variant's options object (frozen)."""
    players: int
    """How many seats play: 2, 3 or 4 (the seats are 0 .. players - 1)."""
    dealer: int
    """The seat of the dealer (庄家, zhuāngjiā) of this hand."""
    wall: tuple[Tile, ...]
    """The whole wall in order, dealt tiles included (DEAL-1)."""
    front: int
    """Index of the next ordinary draw."""
    back: int
    """One past the last live tile: kong replacements take ``wall[back - 1]``."""
    seats: tuple[SeatState, ...]
    """Each seat's :class:`SeatState`, indexed by seat."""
    phase: Phase
    """Where the hand is: a turn, a claim or rob window, a phase of the variant's own, or
    ended."""
    current: int
    """The seat in turn, the discarder in a claim window, the konger while a kong may be robbed."""
    tile: Tile | None = None
    """The tile on offer in a claim window (the discard) or a rob window (the kong's tile)."""
    claimants: tuple[int, ...] = ()
    """Seats asked in this window, in play order after the discarder (in a phase of the
    variant's own: the seats it asks, in seat order)."""
    answers: tuple[Action, ...] = ()
    """Answers so far, sorted by seat (so the order they came in leaves no trace)."""
    forced: tuple[int, ...] = ()
    """Seats whose win in this window is forced (FLOW-4): answered Hu by the engine."""
    kong_chain: int = 0
    """Kongs the current seat made this turn (杠上花 family, 杠上炮)."""
    chain_refs: tuple[int, ...] = ()
    """Ledger refs of those kongs (cancelled by 杠上炮); in a claim window, of the kongs the
    discarder made in the turn the discard ended."""
    pending: Action | None = None
    """In a rob window: the 补杠 being made."""
    ledger: tuple[Payment, ...] = ()
    """The payments made so far in the hand, in order (cancelled ones taken out)."""
    next_ref: int = 1
    """The ref the next kong's payments will carry (kongs are numbered from 1 in the hand)."""
    wins: tuple[WinRecord, ...] = ()
    """Every win so far in the hand, in the order made."""
    discards_made: int = 0
    """Discards so far in the hand (the dealer's first discard is number 1)."""
    wild_kinds: TileSet = _NO_KINDS
    """Tile kinds that are wildcards in this hand (empty in a game without wildcards); a
    variant's :meth:`~mahjong_rules.engine.hooks.Hooks.after_deal` sets them."""
    acted_since_draw: bool = False
    """The seat in turn has taken, since its last draw, an action its variant allows once per
    draw: the variant's own transition sets it (with :func:`replace`), every draw clears it."""
    next_dealer: int | None = None
    """Who deals next, once a rule has fixed it during the hand (e.g. at the first win)."""
    step: int = 0
    """How many actions the hand has taken (every :meth:`Rules.apply`; the engine's own moves,
    draws and forced wins, are not actions). Views carry it, so a late answer can be refused."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    """What the transition that made this state did. A report, not part of the state's value:
    two states reached by the same answers in different orders are equal (FLOW-2) although
    their last events differ."""
    result: HandResult | None = None
    """The settlement once the hand has ended (:attr:`Phase.ENDED`), else ``None``."""
    discard_win: int | None = None
    """In a claim window: the discarder, whose discard wins for itself unless another seat
    wins on the tile (a win made by discarding: the variant's ``discard_wins`` said so)."""
    stage: str | None = attrs.field(default=None, kw_only=True)
    """In the :attr:`Phase.CHOOSING` phase: the name of the variant's own phase that is open
    (:attr:`~mahjong_rules.engine.phases.OwnPhase.name`); else ``None``. (``State`` takes it
    as the keyword ``stage``.)"""
    variant: Any = attrs.field(
        default=None, kw_only=True, metadata={VARIANT_RECORD: "hand_state_class"}
    )
    """The variant's own record of the hand: an instance of the room's
    :attr:`~mahjong_rules.engine.hooks.Hooks.hand_state_class` (a frozen attrs class), or
    ``None`` when the variant declares none. Compared and hashed with the state; made by
    :meth:`~mahjong_rules.engine.hooks.Hooks.new_hand_state` when the hand is built, and
    changed by the variant's hooks with :func:`replace` like any other field (``State``
    takes it as the keyword ``variant``, untyped).

    Every state holds every field, ``None`` ones too, in the same order: CPython shares the
    keys of a class's instance dicts for at most 29 names, fewer once it has made instances
    with fewer keys (each new instance trims the room left), and the 29 fields just fit (the
    memo is in a slot). So every state of every room, in any game and any phase, shares the
    one table of keys, and a kept state costs about as much in every game: a state holding
    an entry the others lack (a phase's ``stage`` beside Sichuan's hand record) would get a
    dict table of its own, about 1.3 kB, and pass it on to every copy made from it."""

    @property
    def after_kong(self) -> bool:
        """In a claim window: the discard is the discarder's first after a kong (杠上炮), read
        from the kongs of the turn it ended (:attr:`chain_refs`)."""
        return self.phase is Phase.CLAIM and bool(self.chain_refs)

    @property
    def tiles_left(self) -> int:
        """Live tiles still to draw (ordinary draws and kong replacements alike)."""
        return self.back - self.front

    def seat(self, index: int) -> SeatState:
        """The :class:`SeatState` of seat ``index`` (the same as ``seats[index]``)."""
        return self.seats[index]

    def next_seat(self, seat: int) -> int:
        """下家 (SEAT-1)."""
        return (seat + 1) % self.players

    def __attrs_post_init__(self) -> None:
        _setattr(self, "cache", {})


_DICT_SETTERS: dict[type[Any], Any] = {
    cls: cls.__dict__["__dict__"].__set__ for cls in (State, SeatState)
}
"""The setter of each state class's instance ``__dict__`` (and below, of the memo's slot),
called directly: :func:`remake` then skips :func:`object.__setattr__`'s look-up of the name,
about 60 ns of each of the engine's state copies."""
_set_cache = _Memo.__dict__["cache"].__set__


_BLANK_SEAT = SeatState()
_BLANK = State(
    options=None, players=0, dealer=0, wall=(), front=0, back=0, seats=(), phase=TURN, current=0
)


def first_state(options: Any, players: int, dealer: int, wall: tuple[Tile, ...]) -> State:
    """A new hand's state before anything happens: ``wall`` whole (nothing dealt, ``front``
    0, ``back`` its length), ``players`` empty seats, the dealer's turn, every other field at
    its default. Unchecked: :meth:`Rules.new_hand
    <mahjong_rules.variants.base.Rules.new_hand>` checks its arguments first. The same as
    ``State(options=..., players=..., ..., phase=Phase.TURN, current=dealer)``, built from
    copies of a blank state and seat (one dict copy each, not a keyword call per field)."""
    blank = _BLANK_SEAT.__dict__
    seats = tuple(remake(SeatState, blank.copy()) for _ in range(players))
    fields = _BLANK.__dict__.copy()
    fields["options"] = options
    fields["players"] = players
    fields["dealer"] = dealer
    fields["wall"] = wall
    fields["back"] = len(wall)
    fields["seats"] = seats
    fields["current"] = dealer
    return remake(State, fields)
