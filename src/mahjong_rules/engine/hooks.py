"""Every hook the engine calls on a variant, its default, and when.

A variant is a subclass of :class:`~mahjong_rules.variants.base.Rules` that overrides hooks of
:class:`Hooks` (and nothing of the engine's own, underscore-named methods). The engine — the
state machine in :mod:`mahjong_rules.engine` — asks the variant only through these hooks and
never names a game's rule. Each hook is a pure function of its arguments (states are
immutable); a hook that answers a question must not change anything. Each hook's docstring says
when the engine calls it, what it may return and what its default does.

Six hooks have no default: :meth:`Hooks.is_complete`, :meth:`Hooks.score`,
:meth:`Hooks.win_payments`, :meth:`Hooks.settle_wins`, :meth:`Hooks.settle_exhausted` and
:meth:`Hooks.settle_discard_win`. Every variant writes the first five; the sixth only a variant
whose :meth:`Hooks.discard_wins` can answer yes (a discard that completes its maker's win),
since the engine calls it for nothing else. Settlements build their states with
:func:`~mahjong_rules.engine.edit.pay`, :func:`~mahjong_rules.engine.edit.record_wins` and
:func:`~mahjong_rules.engine.edit.end_hand`. :doc:`/writing_a_variant` defines a whole variant
in one page and packages it for ``pip install``; :doc:`/design` says why the engine is built
this way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from mahjong_rules.counts import TileCounts
from mahjong_rules.engine import defaults
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.defaulted import next_in_play
from mahjong_rules.engine.edit import after_peng
from mahjong_rules.engine.money_hooks import MoneyHooks
from mahjong_rules.engine.phases import OwnPhase
from mahjong_rules.engine.state import SeatState, State
from mahjong_rules.engine.table_hooks import TableHooks
from mahjong_rules.engine.waits import can_self_win, hand_complete, wait_mask
from mahjong_rules.errors import IllegalActionError
from mahjong_rules.options import Options
from mahjong_rules.scoring import Breakdown, WinContext, WinKind
from mahjong_rules.tiles import Tile

__all__ = ["Hooks"]

_KINDS: dict[int, tuple[Tile, ...]] = {}
"""The kinds of each wall a room has declared, by its counts' bits."""


class Hooks(MoneyHooks, TableHooks):
    """Every hook of a variant, with its default. See the module docs (the hooks of the table
    and the deal, of the money, of play after a win, of wildcards and of the variant's own
    events are in its bases, :class:`~mahjong_rules.engine.table_hooks.TableHooks`,
    :class:`~mahjong_rules.engine.money_hooks.MoneyHooks`,
    :class:`~mahjong_rules.engine.play_on_hooks.PlayOnHooks`,
    :class:`~mahjong_rules.engine.wild_hooks.WildHooks` and
    :class:`~mahjong_rules.engine.event_hooks.EventHooks`)."""

    name: ClassVar[str] = ""
    """Registry name, e.g. ``"baoshan"``."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names :func:`~mahjong_rules.variants.get_variant` finds it by."""
    name_zh: ClassVar[str] = ""
    """The game's Chinese name, the name players know it by."""
    options_class: ClassVar[type[Options]] = Options
    """The attrs class of the room's options."""
    win_ends_hand: ClassVar[bool] = True
    """Whether the first win (or wins on one discard) ends the hand (not in 血战). When false,
    :meth:`settle_wins` decides when the hand ends and the engine plays on."""
    max_suits: ClassVar[int] = 3
    """How many of the three suits (万 筒 条) a winning hand may hold, its melds included:
    3 for no limit, 2 for a game where a winning hand must lack one suit. It is information,
    not a rule the engine applies: the bots
    plan their hands by it (:class:`~mahjong_rules.bots.GreedyBot` gives up a suit when it is
    under 3) and tools show it; the variant's :meth:`is_complete` and :meth:`score` are what
    refuse a hand of too many suits. Default: 3."""
    pays_pot: ClassVar[bool] = False
    """Whether the room pays 罚分 to the pot (:data:`~mahjong_rules.engine.settlement.POT`, no
    seat), at the end or at once (:meth:`kong_payments` may add one, ref 0). Documents of a room
    that does not are refused for a payment to it."""
    hides_concealed_kongs: ClassVar[bool] = True
    """Whether a concealed kong's (暗杠 àngàng) tile is hidden from the other seats. When
    true, another seat's view (:meth:`Rules.view <mahjong_rules.Rules.view>`) leaves the kong
    out of the maker's melds and counts it in :attr:`SeatView.hidden_kongs
    <mahjong_rules.engine.view.SeatView.hidden_kongs>`, and its event reaches them as
    :class:`~mahjong_rules.engine.events.ConcealedKonged`, without the tile; the maker sees
    its own, and a seat that has won shows its hand, kongs included. When false every seat
    sees the tile. The state (and so the whole-table replay) holds it either way. Default:
    hidden."""
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    """The variant's own actions: frozen attrs classes deriving from
    :class:`~mahjong_rules.engine.actions.Action`. Registering the variant registers them (for
    documents and :func:`~mahjong_rules.engine.actions.parse_action`); their action ids follow
    the shipped ones in the room's action space. Default: none."""
    hand_state_class: ClassVar[type | None] = None
    """The frozen attrs class of the variant's own record of a hand (:attr:`State.variant
    <mahjong_rules.engine.state.State.variant>`), or ``None``: the variant keeps none."""
    seat_state_class: ClassVar[type | None] = None
    """The frozen attrs class of its own record of each seat (:attr:`SeatState.variant
    <mahjong_rules.engine.state.SeatState.variant>`), or ``None``."""
    public_view_class: ClassVar[type | None] = None
    """The frozen attrs class of what every seat sees of those records (:attr:`View.variant
    <mahjong_rules.engine.view.View.variant>`), or ``None``."""
    private_view_class: ClassVar[type | None] = None
    """The frozen attrs class of what a seat alone sees of them (:attr:`View.own_variant
    <mahjong_rules.engine.view.View.own_variant>`), or ``None``."""
    phases: ClassVar[tuple[OwnPhase, ...]] = ()
    """The variant's own phases (:class:`~mahjong_rules.engine.phases.OwnPhase` instances),
    where every asked seat answers at once, before the deal, after it or at the end. Default:
    none."""

    options: Any
    """The room's options (an instance of :attr:`options_class`)."""

    # ------------------------------------------------------------------ the variant's records

    def new_hand_state(self, state: State) -> Any:
        """The variant's record of a new hand, called once when ``rules.new_hand()`` builds it
        (the wall and the dealer fixed, nothing dealt; :meth:`after_deal` may change it). It
        must be an instance of :attr:`hand_state_class`, or ``None`` when that is ``None``.
        Default: ``hand_state_class()`` (every field at its default), or ``None``."""
        cls = self.hand_state_class
        return None if cls is None else cls()

    def new_seat_state(self, state: State, seat: int) -> Any:
        """The variant's record of ``seat`` in a new hand, called like :meth:`new_hand_state`
        for each seat. Default: ``seat_state_class()``, or ``None``."""
        cls = self.seat_state_class
        return None if cls is None else cls()

    def hand_state_problem(self, state: State) -> str | None:
        """What is wrong with ``state.variant`` in ``state`` (the variant's own invariants), or
        ``None``. Called by :func:`~mahjong_rules.serial.check_state` (so on every state
        :func:`~mahjong_rules.serial.from_dict` reads) once the record's class and the rest of
        the state are checked; a problem is refused as a ``SerializationError`` at
        ``state.variant``. Default: none."""
        return None

    def seat_state_problem(self, state: State, seat: int) -> str | None:
        """What is wrong with ``state.seats[seat].variant``, like :meth:`hand_state_problem`
        (refused at ``state.seats[i].variant``). Default: none."""
        return None

    def public_variant_view(self, state: State) -> Any:
        """What every seat may see of the variant's records now (:attr:`View.variant
        <mahjong_rules.engine.view.View.variant>`): an instance of :attr:`public_view_class`
        or ``None``. Called for every view when that class is set; must hold no seat's
        secret. Default: ``None``."""
        return None

    def private_variant_view(self, state: State, seat: int) -> Any:
        """What ``seat`` alone may see of them (:attr:`View.own_variant
        <mahjong_rules.engine.view.View.own_variant>`), e.g. the suit it declared void: an
        instance of :attr:`private_view_class` or ``None``. Called for every view of ``seat``
        when that class is set; must hold no other seat's secret. Default: ``None``."""
        return None

    # ------------------------------------------------------------------ hands and waits

    def is_complete(self, state: State, seat: int, concealed: TileCounts) -> bool:
        """Whether ``concealed`` (3k+2 tiles, beside the seat's melds) is a winning shape for
        ``seat``. Called for every self-draw check and (by the default :meth:`compute_waits`)
        for every tile a seat might wait on. No default."""
        raise NotImplementedError

    def compute_waits(self, state: State, seat: int) -> int:
        """The 34-bit mask of tiles completing ``seat``'s 3k+1 hand. The engine keeps the answer
        on the (immutable) seat and reuses it while the seat's tiles do not change. Default:
        every kind of the wall (:attr:`wall_tiles`) tried with :meth:`is_complete` (never a
        fifth copy)."""
        s = state.seats[seat]
        mask = 0
        for tile in self._wall_kinds():
            if defaults.fifth_copy(s, tile):
                continue
            if self.is_complete(state, seat, s.concealed.add(tile)):
                mask |= 1 << tile.index
        return mask

    def score(self, ctx: WinContext) -> Breakdown | None:
        """The best breakdown of a complete hand in its context (SCORE-3), ``None`` if it does
        not win. Called for every win, and for 查叫 / 罚分 and 过手胡 comparisons. No default."""
        raise NotImplementedError

    # ------------------------------------------------------------------ a seat's turn

    def discardable(self, state: State, seat: int) -> TileCounts | Iterable[Tile]:
        """The kinds ``seat`` may discard in its turn: a
        :class:`~mahjong_rules.counts.TileCounts` (each kind it holds once, whatever its
        count), a :class:`~mahjong_rules.counts.TileSet`, or any other iterable of tiles (in
        tile order). The engine reads a ``TileCounts``' or ``TileSet``'s bits straight into
        shared Discard actions. Default: every kind it holds, its ``concealed`` counts, less
        the wildcard kinds unless :attr:`discards_wildcards` (a variant may lock a declared
        hand)."""
        concealed = state.seats[seat].concealed
        if state.wild_kinds and not self.discards_wildcards:
            return concealed.distinct() - state.wild_kinds
        return concealed

    def turn_kongs(self, state: State, seat: int) -> list[Action]:
        """The kongs ``seat`` may make from its hand in its turn (暗杠, 补杠), in order.
        Default: a 暗杠 of each kind held four times that :meth:`concealed_kong_allowed`
        allows, and a 补杠 of each peng whose fourth tile it holds; none when the wall is empty
        (no replacement could be drawn)."""
        return defaults.turn_kongs(self, state, seat)

    def concealed_kong_allowed(self, state: State, seat: int, tile: Tile) -> bool:
        """Whether the default :meth:`turn_kongs` offers a 暗杠 of ``tile``. Default: yes."""
        return True

    def extra_turn_actions(self, state: State, seat: int) -> list[Action]:
        """The variant's own turn actions besides win, kong and discard, listed between the
        kongs and the discards (e.g. of its :attr:`action_types`). Default: none."""
        return []

    def refusal(self, state: State, action: Action) -> str | None:
        """Why ``action`` of a seat that must act is not legal, in the variant's words (e.g. a
        locked hand), or ``None``: the engine's words. For the error only. Default: ``None``."""
        return None

    def self_win_allowed(self, state: State, seat: int) -> bool:
        """Whether ``seat``, in its turn, may win on the tiles it holds if they are complete
        (timing rules: a dealt 14, a declaration made instead). Never called after a peng.
        Default: yes."""
        return True

    def declines_self_win(self, state: State, seat: int) -> bool:
        """Called when ``seat`` discards in its turn (and by a variant's own turn action that
        may decline a win): whether that declines a self-draw win the turn offered (the 过手胡
        block follows). Default: the hand is complete and :meth:`self_win_allowed` (a variant
        where a declaration stands in for the win counts that too)."""
        return not after_peng(state, seat) and can_self_win(self, state, seat)

    def self_win_forced(self, state: State, seat: int) -> bool:
        """Whether ``seat``, having just drawn, or as the dealer at the first turn with the 14
        tiles it was dealt, must win if it can (FLOW-4): the engine then wins for it at once
        (with a dealt hand, before anyone acts: the hand's first state is settled). Default:
        :meth:`win_forced`."""
        return self.win_forced(state)

    def next_to_draw(self, state: State, seat: int) -> int:
        """The seat that draws after ``seat``'s turn or a window on its discard. Default: the
        first seat after it in play order that has not won (SEAT-1; in 血战 a winner leaves)."""
        return next_in_play(state, seat)

    # ------------------------------------------------------------------ claims

    def exposed_claims_allowed(self, state: State, seat: int) -> bool:
        """Whether ``seat`` may peng or make an exposed kong at all (the default
        :meth:`meld_claims`; a variant locking a declared hand says no). Default: yes."""
        return True

    def meld_claims(self, state: State, seat: int, tile: Tile) -> list[Action]:
        """The pengs and 直杠 ``seat`` may make on the discard ``tile``, every limit applied.
        Default: a peng with two held (not 过手碰), a 直杠 with three held and a tile left to
        replace it, when :meth:`exposed_claims_allowed`."""
        return defaults.meld_claims(self, state, seat, tile)

    def pick_claim(self, state: State, claims: Sequence[Action]) -> Action:
        """Which of several pengs / kongs of one discard happens (all asked seats have
        answered; wins were settled first). Only asked when there are two or more. Default:
        one using no wildcard beats one using wildcards; then the first seat in play order
        after the discarder."""
        n, discarder = state.players, state.current
        return min(
            claims, key=lambda a: (bool(getattr(a, "wild_tiles", ())), (a.seat - discarder) % n)
        )

    def discard_winners(self, state: State, seats: tuple[int, ...]) -> tuple[int, ...]:
        """Who wins, of ``seats`` (two or more, in seat order) that all declared a win on one
        discard or robbed kong, once every asked seat has answered (``state.current`` is the
        discarder or the kong's maker). Return some of them, each once, non-empty: the others
        neither win nor are blocked by 过手胡 (they did not decline). Default: all of them
        (一炮多响, yī pào duō xiǎng); :doc:`/writing_a_variant` gives the tile to the first
        winner after the discarder."""
        return seats

    def win_on_tile_allowed(self, state: State, seat: int, how: WinKind) -> bool:
        """Whether ``seat`` may win on another seat's tile at all now (``how``: a discard or a
        robbed kong); 过手胡 is asked apart, in :meth:`pass_hu_blocks`. Default: yes."""
        return True

    def pass_hu_blocks(self, state: State, seat: int, how: WinKind) -> bool:
        """Whether 过手胡 stops ``seat`` from winning on the tile on offer. Never asked for a
        self-draw, nor when :meth:`win_forced`. Default: the seat's ``pass_hu`` block."""
        return state.seats[seat].pass_hu

    def discard_lifts_pass_hu(self, state: State, seat: int) -> bool:
        """Whether a seat's own discard ends its 过手胡 block. Default: no; a draw, peng or kong
        always ends it."""
        return False

    def tracks_declined_fan(self) -> bool:
        """Whether 过手胡 compares fan, so a declined win is scored and its fan kept in
        ``pass_hu_fan``. Default: no."""
        return False

    def declined_more(self, state: State, seat: int, how: WinKind) -> bool:
        """Whether ``seat``, blocked by 过手胡, may not win on the tile on offer because that
        win scores no more fan than the most it declined (before the cap)."""
        tile = state.tile
        assert tile is not None
        breakdown = self.score(self.win_context(state, seat, tile, how))
        return breakdown is None or breakdown.fan <= state.seats[seat].pass_hu_fan

    def apply_own_action(self, state: State, action: Action) -> State:
        """The transition of one of the variant's own :attr:`action_types` that one of its
        hooks listed, in any phase (``state`` already counts the step and holds no events
        yet). Default: refused, since the variant that lists such an action must define it."""
        raise IllegalActionError(
            f"{type(action).__name__} has no transition: {type(self).__name__} lists it "
            "but does not define apply_own_action"
        )

    def win_forced(self, state: State) -> bool:
        """Whether every possible win is forced now (e.g. in the last tiles): claim windows then
        answer ``Hu`` for the seats that can win. Default: no."""
        return False

    def discard_wins(self, state: State, seat: int, after: SeatState) -> bool:
        """Whether ``seat``'s discard completes a win of its own; ``after`` is the discarder
        once the tile has left its hand and joined its ``discards`` (``state`` is from before). A
        window then opens for wins on the tile only (no peng or kong), and if nobody wins
        :meth:`settle_discard_win` settles it. Default: no."""
        return False

    def settle_discard_win(self, state: State, seat: int) -> State:
        """Settle the win :meth:`discard_wins` announced, once nobody won on the tile. No
        default (called only when :meth:`discard_wins` answers yes)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ scoring a win

    def win_context(self, state: State, seat: int, tile: Tile, how: WinKind) -> WinContext:
        """The scoring context of ``seat`` winning on ``tile`` now, for :meth:`score`.
        Default: the seat's hand (with ``tile`` unless self-drawn), melds, wildcards, the kong
        chain, the pengs on the table, and whether it is a 天胡 / 地胡 (a variant with more to
        tell its scoring, such as a declaration, adds it)."""
        return defaults.win_context(self, state, seat, tile, how)

    def best_win(self, state: State, seat: int, how: WinKind) -> Breakdown | None:
        """The best win ``seat`` could make on any tile it waits on, scored as ``how``: the
        "best possible win" a settlement of a drawn game may ask for (查叫). Default: every
        wait scored with :meth:`score_wait`; ``None`` if the seat is not ready."""
        best: Breakdown | None = None
        mask = wait_mask(self, state, seat)
        for tile in self._wall_kinds():
            if not mask >> tile.index & 1:
                continue
            breakdown = self.score_wait(state, seat, tile, how)
            if breakdown is not None and (
                best is None or (breakdown.points, breakdown.fan) > (best.points, best.fan)
            ):
                best = breakdown
        return best

    def score_wait(self, state: State, seat: int, tile: Tile, how: WinKind) -> Breakdown | None:
        """``seat``'s hand completed by ``tile``, scored as ``how`` outside the flow of play (no
        kong bonus, no first-turn win): what :meth:`best_win` compares."""
        ctx = self.win_context(state, seat, tile, WinKind.DISCARD)
        return self.score(defaults.out_of_play(ctx, how))

    # ------------------------------------------------------------------ engine services

    def _wall_kinds(self) -> tuple[Tile, ...]:
        """The kinds :attr:`wall_tiles` holds, in tile order (kept per wall)."""
        tiles = self.wall_tiles
        kinds = _KINDS.get(tiles.bits)
        if kinds is None:
            if len(_KINDS) > 64:
                _KINDS.clear()
            kinds = _KINDS[tiles.bits] = tiles.kinds()
        return kinds

    def _wait_mask(self, state: State, seat: int) -> int:
        """The seat's waits, kept on the seat (:func:`~mahjong_rules.engine.waits.wait_mask`)."""
        return wait_mask(self, state, seat)

    def _can_self_win(self, state: State, seat: int) -> bool:
        """Whether the seat in turn may win on what it holds
        (:func:`~mahjong_rules.engine.waits.can_self_win`)."""
        return can_self_win(self, state, seat)

    def _hand_complete(self, state: State, seat: int) -> bool:
        """Whether the seat in turn holds a complete hand
        (:func:`~mahjong_rules.engine.waits.hand_complete`)."""
        return hand_complete(self, state, seat)
