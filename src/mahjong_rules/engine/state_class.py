"""The state of a hand at one moment (FLOW-3): :class:`State`, an immutable value, and the
phases it can be in (:class:`Phase`). Import them from :mod:`mahjong_rules.engine.state`.

Written once for both builds: compiled by mypyc, :class:`State` is a native class whose
``Final`` fields cannot be assigned; interpreted,
:func:`~mahjong_rules.engine.value_class.freeze_class` makes it refuse assignment too. Both
keep the fields in slots (``__slots__``, no instance dict).
"""

from __future__ import annotations

import enum
from typing import Any, Final

from mahjong_rules.counts import TileSet
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.seat_state import _NO_KINDS, VARIANT_RECORD, SeatState, _Memo
from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord
from mahjong_rules.engine.value_class import NOTHING, ValueField, freeze_class, value_repr
from mahjong_rules.tiles import Tile

__all__ = ["COMPILED", "Phase", "State"]

COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled by mypyc (the compiled build) rather than interpreted.
``mahjong_rules.COMPILED`` says the same."""


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


STATE_FIELD_NAMES: Final = (
    "options",
    "players",
    "dealer",
    "wall",
    "front",
    "back",
    "seats",
    "phase",
    "current",
    "tile",
    "claimants",
    "answers",
    "forced",
    "kong_chain",
    "chain_refs",
    "pending",
    "ledger",
    "next_ref",
    "wins",
    "discards_made",
    "wild_kinds",
    "acted_since_draw",
    "next_dealer",
    "step",
    "events",
    "result",
    "discard_win",
    "stage",
    "variant",
)
"""The fields of :class:`State` in declaration order: its ``__slots__`` (and its working
copy's, :class:`~mahjong_rules.engine.drafts.StateDraft`)."""

CHOOSING: Final = Phase.CHOOSING
TURN: Final = Phase.TURN
CLAIM: Final = Phase.CLAIM
ROB: Final = Phase.ROB
ENDED: Final = Phase.ENDED
"""The phases as plain module constants: the engine's transitions read them often, and a
global is read about ten times faster than an enum's member (``Phase.TURN``)."""


class State(_Memo):
    """A hand of mahjong at one moment. Build with ``rules.new_hand()``; change with
    ``rules.apply()``.

    Its ``cache`` is a memo of derived values (the legal actions, who must act), no part of the
    state's value (not compared, not written), kept in a slot beside the fields' own slots.

    Not an attrs class (issue 35): written once as a mypyc native class, whose ``Final``
    fields the compiled build cannot assign; the pure build refuses assignment too
    (:func:`~mahjong_rules.engine.value_class.freeze_class`). Both builds keep the fields in
    slots, no instance dict: a read is a slot read, and a kept state costs its object alone.
    Compared and hashed by value (:attr:`events` and the memo excluded), pickled and copied
    with an empty memo, and changed only by :func:`~mahjong_rules.engine.state.replace` (a
    copy)."""

    __slots__ = STATE_FIELD_NAMES

    options: Final[Any]
    """The variant's options object (frozen)."""
    players: Final[int]
    """How many seats play: 2, 3 or 4 (the seats are 0 .. players - 1)."""
    dealer: Final[int]
    """The seat of the dealer (庄家, zhuāngjiā) of this hand."""
    wall: Final[tuple[Tile, ...]]
    """The whole wall in order, dealt tiles included (DEAL-1)."""
    front: Final[int]
    """Index of the next ordinary draw."""
    back: Final[int]
    """One past the last live tile: kong replacements take ``wall[back - 1]``."""
    seats: Final[tuple[SeatState, ...]]
    """Each seat's :class:`SeatState`, indexed by seat."""
    phase: Final[Phase]
    """Where the hand is: a turn, a claim or rob window, a phase of the variant's own, or
    ended."""
    current: Final[int]
    """The seat in turn, the discarder in a claim window, the konger while a kong may be robbed."""
    tile: Final[Tile | None]
    """The tile on offer in a claim window (the discard) or a rob window (the kong's tile)."""
    claimants: Final[tuple[int, ...]]
    """Seats asked in this window, in play order after the discarder (in a phase of the
    variant's own: the seats it asks, in seat order)."""
    answers: Final[tuple[Action, ...]]
    """Answers so far, sorted by seat (so the order they came in leaves no trace)."""
    forced: Final[tuple[int, ...]]
    """Seats whose win in this window is forced (FLOW-4): answered Hu by the engine."""
    kong_chain: Final[int]
    """Kongs the current seat made this turn (杠上花 family, 杠上炮)."""
    chain_refs: Final[tuple[int, ...]]
    """Ledger refs of those kongs (cancelled by 杠上炮); in a claim window, of the kongs the
    discarder made in the turn the discard ended."""
    pending: Final[Action | None]
    """In a rob window: the 补杠 being made."""
    ledger: Final[tuple[Payment, ...]]
    """The payments made so far in the hand, in order (cancelled ones taken out)."""
    next_ref: Final[int]
    """The ref the next kong's payments will carry (kongs are numbered from 1 in the hand)."""
    wins: Final[tuple[WinRecord, ...]]
    """Every win so far in the hand, in the order made."""
    discards_made: Final[int]
    """Discards so far in the hand (the dealer's first discard is number 1)."""
    wild_kinds: Final[TileSet]
    """Tile kinds that are wildcards in this hand (empty in a game without wildcards); a
    variant's :meth:`~mahjong_rules.engine.hooks.Hooks.after_deal` sets them."""
    acted_since_draw: Final[bool]
    """The seat in turn has taken, since its last draw, an action its variant allows once per
    draw: the variant's own transition sets it (with
    :func:`~mahjong_rules.engine.state.replace`), every draw clears it."""
    next_dealer: Final[int | None]
    """Who deals next, once a rule has fixed it during the hand (e.g. at the first win)."""
    step: Final[int]
    """How many actions the hand has taken (every :meth:`Rules.apply`; the engine's own moves,
    draws and forced wins, are not actions). Views carry it, so a late answer can be refused."""
    events: Final[tuple[Event, ...]]
    """What the transition that made this state did. A report, not part of the state's value:
    two states reached by the same answers in different orders are equal (FLOW-2) although
    their last events differ."""
    result: Final[HandResult | None]
    """The settlement once the hand has ended (:attr:`Phase.ENDED`), else ``None``."""
    discard_win: Final[int | None]
    """In a claim window: the discarder, whose discard wins for itself unless another seat
    wins on the tile (a win made by discarding: the variant's ``discard_wins`` said so)."""
    stage: Final[str | None]
    """In the :attr:`Phase.CHOOSING` phase: the name of the variant's own phase that is open
    (:attr:`~mahjong_rules.engine.phases.OwnPhase.name`); else ``None``. (``State`` takes it
    as the keyword ``stage``.)"""
    variant: Final[Any]
    """The variant's own record of the hand: an instance of the room's
    :attr:`~mahjong_rules.engine.hooks.Hooks.hand_state_class` (a frozen attrs class), or
    ``None`` when the variant declares none. Compared and hashed with the state; made by
    :meth:`~mahjong_rules.engine.hooks.Hooks.new_hand_state` when the hand is built, and
    changed by the variant's hooks with :func:`~mahjong_rules.engine.state.replace` like any
    other field (``State`` takes it as the keyword ``variant``, untyped)."""

    FIELDS: Final = (
        ValueField("options", NOTHING, type="Any"),
        ValueField("players", NOTHING, type="int"),
        ValueField("dealer", NOTHING, type="int"),
        ValueField("wall", NOTHING, type="tuple[Tile, ...]"),
        ValueField("front", NOTHING, type="int"),
        ValueField("back", NOTHING, type="int"),
        ValueField("seats", NOTHING, type="tuple[SeatState, ...]"),
        ValueField("phase", NOTHING, type="Phase"),
        ValueField("current", NOTHING, type="int"),
        ValueField("tile", None, type="Tile | None"),
        ValueField("claimants", (), type="tuple[int, ...]"),
        ValueField("answers", (), type="tuple[Action, ...]"),
        ValueField("forced", (), type="tuple[int, ...]"),
        ValueField("kong_chain", 0, type="int"),
        ValueField("chain_refs", (), type="tuple[int, ...]"),
        ValueField("pending", None, type="Action | None"),
        ValueField("ledger", (), type="tuple[Payment, ...]"),
        ValueField("next_ref", 1, type="int"),
        ValueField("wins", (), type="tuple[WinRecord, ...]"),
        ValueField("discards_made", 0, type="int"),
        ValueField("wild_kinds", _NO_KINDS, type="TileSet"),
        ValueField("acted_since_draw", False, type="bool"),
        ValueField("next_dealer", None, type="int | None"),
        ValueField("step", 0, type="int"),
        ValueField("events", (), eq=False, type="tuple[Event, ...]"),
        ValueField("result", None, type="HandResult | None"),
        ValueField("discard_win", None, type="int | None"),
        ValueField("stage", None, kw_only=True, type="str | None"),
        ValueField(
            "variant",
            None,
            kw_only=True,
            metadata={VARIANT_RECORD: "hand_state_class"},
            type="Any",
        ),
    )
    """The fields in declaration order, described as ``attrs.fields`` would."""

    def __init__(
        self,
        options: Any,
        players: int,
        dealer: int,
        wall: tuple[Tile, ...],
        front: int,
        back: int,
        seats: tuple[SeatState, ...],
        phase: Phase,
        current: int,
        tile: Tile | None = None,
        claimants: tuple[int, ...] = (),
        answers: tuple[Action, ...] = (),
        forced: tuple[int, ...] = (),
        kong_chain: int = 0,
        chain_refs: tuple[int, ...] = (),
        pending: Action | None = None,
        ledger: tuple[Payment, ...] = (),
        next_ref: int = 1,
        wins: tuple[WinRecord, ...] = (),
        discards_made: int = 0,
        wild_kinds: TileSet = _NO_KINDS,
        acted_since_draw: bool = False,
        next_dealer: int | None = None,
        step: int = 0,
        events: tuple[Event, ...] = (),
        result: HandResult | None = None,
        discard_win: int | None = None,
        *,
        stage: str | None = None,
        variant: Any = None,
    ) -> None:
        """A state of these fields, unchecked (``rules.new_hand()`` builds a checked one;
        :func:`~mahjong_rules.serial.from_dict` reads one checked)."""
        self.options = options
        self.players = players
        self.dealer = dealer
        self.wall = wall
        self.front = front
        self.back = back
        self.seats = seats
        self.phase = phase
        self.current = current
        self.tile = tile
        self.claimants = claimants
        self.answers = answers
        self.forced = forced
        self.kong_chain = kong_chain
        self.chain_refs = chain_refs
        self.pending = pending
        self.ledger = ledger
        self.next_ref = next_ref
        self.wins = wins
        self.discards_made = discards_made
        self.wild_kinds = wild_kinds
        self.acted_since_draw = acted_since_draw
        self.next_dealer = next_dealer
        self.step = step
        self.events = events
        self.result = result
        self.discard_win = discard_win
        self.stage = stage
        self.variant = variant
        self.cache = {}

    def _values(self) -> tuple[Any, ...]:
        """Every field but :attr:`events`, in order: the state's value."""
        return (
            self.options,
            self.players,
            self.dealer,
            self.wall,
            self.front,
            self.back,
            self.seats,
            self.phase,
            self.current,
            self.tile,
            self.claimants,
            self.answers,
            self.forced,
            self.kong_chain,
            self.chain_refs,
            self.pending,
            self.ledger,
            self.next_ref,
            self.wins,
            self.discards_made,
            self.wild_kinds,
            self.acted_since_draw,
            self.next_dealer,
            self.step,
            self.result,
            self.discard_win,
            self.stage,
            self.variant,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self is other or self._values() == other._values()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self is not other and self._values() != other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return value_repr(self, State.FIELDS)

    def __reduce__(self) -> tuple[Any, ...]:
        values = self._values()
        return (_state_of, (*values[:24], self.events, *values[24:]))

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


def _state_of(*values: Any) -> State:
    """A :class:`State` of every field's value in declaration order (unpickling)."""
    return State(*values[:27], stage=values[27], variant=values[28])


if not COMPILED:
    freeze_class(State, State.FIELDS)
