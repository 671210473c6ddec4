"""The variant-neutral engine: :class:`Rules` runs a hand from the deal to the settlement.

A server drives a hand like this (FLOW-1..3)::

    rules = get_variant("baoshan")
    state = rules.new_hand(seed=42)
    while rules.result(state) is None:
        for seat in rules.to_act(state):
            action = choose(rules.legal_actions(state, seat))   # the server's player or bot
            state = rules.apply(state, action)
            break                                            # to_act may change after each answer

The engine draws for the players. After a discard only the seats with a legal claim are asked
(FLOW-2); their answers are kept sorted by seat and resolved together when the last one is in, so
the order they came in cannot matter. Forced wins (FLOW-4) are applied by the engine itself.

Legality has one source: :meth:`Rules.legal_actions`. :meth:`Rules.apply` accepts exactly its
members and raises :class:`~mahjong_rules.errors.IllegalActionError` (saying why) for anything
else, so listing and applying can never drift apart.

A variant subclasses :class:`Rules` and overrides the hooks in the "variant hooks" section.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.action_ids import action_from_id, action_id, action_space
from mahjong_rules.engine.actions import (
    Action,
    BuyPoints,
    Discard,
    Gang,
    Hu,
    Pass,
    Peng,
    Ti,
    Ting,
)
from mahjong_rules.engine.events import (
    Claimed,
    Dealt,
    Declared,
    Discarded,
    Drew,
    Event,
    Konged,
    Paid,
    Passed,
    PointsBought,
    Settled,
    Swapped,
    WallExhausted,
    Won,
)
from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord
from mahjong_rules.engine.state import Phase, SeatState, State, replace
from mahjong_rules.engine.view import View, build_view, events_for
from mahjong_rules.engine.wall import check_wall, shuffled_wall
from mahjong_rules.errors import IllegalActionError, OptionsError, StaleActionError
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import Breakdown, WinContext, WinKind
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants.explain import NotAWin, explain_win
from mahjong_rules.variants.options import Options

__all__ = ["Rules"]


class Rules:
    """The rules of one variant with one room's options. Stateless: every method is pure."""

    name: ClassVar[str] = ""
    """Registry name, e.g. ``"baoshan"``."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names :func:`~mahjong_rules.variants.get_variant` finds it by."""
    name_zh: ClassVar[str] = ""
    options_class: ClassVar[type[Options]] = Options
    win_ends_hand: ClassVar[bool] = True
    """Whether the first win (or wins on one discard) ends the hand (Baoshan; not 血战)."""
    wild_melds: ClassVar[bool] = False
    """Whether pengs and kongs may use wildcards beside a natural copy (Yongshan, YS-WILD-3)."""
    max_suits: ClassVar[int] = 3
    """How many of the suits 万 筒 条 a winning hand may hold (Yongshan's 缺一门: 2). Read by
    players and bots; the variant's :meth:`is_complete` is what enforces it."""
    hides_concealed_kongs: ClassVar[bool] = True
    """Whether a 暗杠's tile is hidden from the other seats in their views (BS-GANG-3; Yongshan
    by the same custom, until its owner wins and shows its hand)."""

    def __init__(self, options: Options | None = None, /, **kwargs: Any) -> None:
        if options is None:
            options = self.options_class.build(**kwargs)
        elif kwargs:
            raise OptionsError("pass either an options object or keyword options, not both")
        if not isinstance(options, self.options_class):
            raise OptionsError(f"{type(self).__name__} takes {self.options_class.__name__}")
        self.options = options
        self._ask_every = bool(getattr(options, "ask_every_seat", False))

    def __eq__(self, other: object) -> bool:
        """Rules of the same variant with equal options are equal (and hash alike)."""
        if not isinstance(other, Rules):
            return NotImplemented
        return type(self) is type(other) and self.options == other.options

    def __hash__(self) -> int:
        return hash((type(self), self.options))

    def __repr__(self) -> str:
        """Pastes back: ``get_variant('baoshan', players=3)`` (default options left out)."""
        default = self.options_class.build()
        changed = [
            f"{a.name}={getattr(self.options, a.name)!r}"
            for a in attrs.fields(type(self.options))
            if getattr(self.options, a.name) != getattr(default, a.name)
        ]
        return f"get_variant({', '.join([repr(self.name), *changed])})"

    @property
    def players(self) -> int:
        return int(getattr(self.options, "players", 4))

    # ------------------------------------------------------------------ variant hooks

    @property
    def honors(self) -> bool:
        """Whether the game uses the honor tiles (TILE-1)."""
        return bool(getattr(self.options, "honors", False))

    @property
    def buy_cap(self) -> int:
        """Most points a seat may buy (0: no 买点 phase)."""
        return 0

    def after_deal(self, state: State) -> State:
        """Called once the hands are dealt (Yongshan turns up 本金 here)."""
        return state

    def wilds_in(self, state: State, concealed: TileCounts) -> tuple[TileCounts, int]:
        """Split concealed tiles into natural tiles and a wildcard count (none in Baoshan)."""
        return concealed, 0

    def is_complete(self, state: State, seat: int, concealed: TileCounts) -> bool:
        """Whether ``concealed`` (3k+2 tiles) is a winning shape for ``seat``."""
        raise NotImplementedError

    def win_forced(self, state: State) -> bool:
        """Whether every possible win is forced now (BS-LAST-1)."""
        return False

    def pass_hu_blocks(self, state: State, seat: int, how: WinKind) -> bool:
        """Whether 过手胡 stops ``seat`` from winning now (not called for self-draws)."""
        return state.seats[seat].pass_hu

    def score(self, ctx: WinContext) -> Breakdown | None:
        """The best breakdown of a complete hand in its context (SCORE-3)."""
        raise NotImplementedError

    def declines_self_win(self, state: State, seat: int) -> bool:
        """Whether ``seat``, discarding now in its turn, declines a self-draw win that this turn
        offered it (BS-PASSHU-1): its hand is complete and a self-draw win was allowed. Read
        from the state, never from the list of actions; a variant where declaring can stand
        in for the win (报听, BS-TING-4) counts that as declining too."""
        s = state.seats[seat]
        if s.drawn is None and state.discards_made > 0:
            return False  # after a peng: no self-draw win this turn
        return self._can_self_win(state, seat)

    def discard_lifts_pass_hu(self, state: State, seat: int) -> bool:
        """Whether a seat's own discard ends its 过手胡 block (Yongshan's rule: yes)."""
        return False

    def tracks_declined_fan(self) -> bool:
        """Whether 过手胡 compares fan (Yongshan's rule), so declined wins must be scored."""
        return False

    def kong_payments(self, state: State, seat: int, meld: Meld, ref: int) -> list[Payment]:
        """Payments made when ``seat`` completes a kong."""
        return []

    def win_payments(self, state: State, win: WinRecord) -> list[Payment]:
        """Payments for one win."""
        raise NotImplementedError

    def settle_wins(self, state: State, wins: Sequence[WinRecord]) -> State:
        """Record wins and (in Baoshan) end the hand with its settlement."""
        raise NotImplementedError

    def settle_exhausted(self, state: State) -> State:
        """End a hand whose wall ran out (流局): 查叫 / 罚分."""
        raise NotImplementedError

    def discardable(self, state: State, seat: int) -> Iterable[Tile]:
        """The tiles ``seat`` may discard now (every kind it holds, less any lock: 报听)."""
        return state.seats[seat].concealed.kinds()

    def can_declare(self, state: State, seat: int) -> bool:
        """Whether ``seat`` may declare 报听 now."""
        return False

    def concealed_kong_allowed(self, state: State, seat: int, tile: Tile) -> bool:
        return True

    def exposed_claims_allowed(self, state: State, seat: int) -> bool:
        """Whether ``seat`` may peng or make an exposed kong at all (not after 报听)."""
        return not state.seats[seat].ting

    def win_on_tile_allowed(self, state: State, seat: int, how: WinKind) -> bool:
        """Whether ``seat`` may win on another seat's tile at all now (Yongshan's 听点 may
        not); 过手胡 is checked apart, in :meth:`pass_hu_blocks`."""
        return True

    def self_win_forced(self, state: State, seat: int) -> bool:
        """Whether ``seat``, having just drawn, must win if it can (FLOW-4)."""
        return self.win_forced(state)

    def turn_kongs(self, state: State, seat: int) -> list[Action]:
        """The kongs ``seat`` may make from its hand in its turn (暗杠, 补杠)."""
        out: list[Action] = []
        if state.tiles_left <= 0:
            return out  # BS-EMPTY-1: no replacement could be drawn
        s = state.seats[seat]
        quads = s.concealed.bits & _FOURS
        while quads:  # kinds held four times: a lane holding 4 has its third bit set
            low = quads & -quads
            tile = _ALL_TILES[(low.bit_length() - 1) // 3]
            if self.concealed_kong_allowed(state, seat, tile):
                out.append(Gang(seat, tile, MeldKind.AN_GANG))
            quads ^= low
        if not s.ting:
            for meld in s.melds:
                if meld.kind is MeldKind.PENG and meld.tile in s.concealed:
                    out.append(Gang(seat, meld.tile, MeldKind.BU_GANG))
        return out

    def extra_turn_actions(self, state: State, seat: int) -> list[Action]:
        """The variant's own turn actions besides win, kong and discard (报听, 提)."""
        return [Ting(seat)] if self.can_declare(state, seat) else []

    def meld_claims(self, state: State, seat: int, tile: Tile) -> list[Action]:
        """The pengs and 直杠 ``seat`` may make on the discard ``tile``, every limit applied
        (过手碰, 报听, an empty wall; in Yongshan wildcards, suits and the last tile)."""
        out: list[Action] = []
        if not self.exposed_claims_allowed(state, seat):
            return out
        s = state.seats[seat]
        held = s.concealed.count(tile)
        if held >= 2 and tile not in s.pass_peng:
            out.append(Peng(seat))
        if held == 3 and state.tiles_left > 0:
            out.append(Gang(seat, tile, MeldKind.ZHI_GANG))
        return out

    def pick_claim(self, state: State, claims: Sequence[Action]) -> Action:
        """Which of several pengs / kongs of one discard happens (YS-CLAIM-1): one using no
        wildcard beats one using wildcards; then the first seat in play order after the
        discarder. (Without wildcards at most one seat can claim a tile.)"""
        n, discarder = state.players, state.current
        return min(
            claims, key=lambda a: (bool(getattr(a, "wild_tiles", ())), (a.seat - discarder) % n)
        )

    def completes_shi_lao_tou(self, honor_run: int) -> bool:
        """Whether a seat whose discards so far are ``honor_run`` honors (-1: not all honors)
        has just completed 十老头 (Baoshan with honors, BS-WIN-3)."""
        return False

    # ------------------------------------------------------------------ starting a hand

    def new_hand(
        self,
        *,
        seed: int | str | None = None,
        wall: Sequence[Tile] | None = None,
        dealer: int = 0,
        buy_points: Sequence[int] | None = None,
    ) -> State:
        """A new hand: from ``seed`` (or a fresh random seed), or from an explicit ``wall`` dealt
        as DEAL-1 says; ``buy_points`` are the seats' 买点 (asked for in a BUYING phase when the
        room buys points and none are given)."""
        if wall is None:
            if seed is None:
                seed = random.SystemRandom().getrandbits(64)
            tiles = shuffled_wall(seed, honors=self.honors)
        else:
            tiles = check_wall(wall, honors=self.honors)
        if dealer.__class__ is not int or not 0 <= dealer < self.players:
            raise OptionsError(f"dealer must be a seat 0..{self.players - 1}, got {dealer!r}")
        state = State(
            options=self.options,
            players=self.players,
            dealer=dealer,
            wall=tiles,
            front=0,
            back=len(tiles),
            seats=tuple(SeatState() for _ in range(self.players)),
            phase=Phase.BUYING,
            current=dealer,
        )
        if self.buy_cap and buy_points is None:
            return state
        if buy_points is not None and not isinstance(buy_points, Sequence):
            raise OptionsError(f"buy_points must be a sequence of numbers, got {buy_points!r}")
        points = tuple(buy_points) if buy_points is not None else (0,) * self.players
        if len(points) != self.players or any(
            p.__class__ is not int or not 0 <= p <= self.buy_cap for p in points
        ):
            raise OptionsError(
                f"buy_points must be {self.players} whole numbers 0..{self.buy_cap}, got {points!r}"
            )
        state = replace(
            state,
            seats=tuple(replace(s, points=p) for s, p in zip(state.seats, points, strict=True)),
        )
        return self._deal(state)

    def _deal(self, state: State) -> State:
        wall, n, dealer = state.wall, state.players, state.dealer
        hands: list[TileCounts] = [TileCounts()] * n
        hands[dealer] = TileCounts(wall[:14])
        pos = 14
        for k in range(1, n):
            hands[(dealer + k) % n] = TileCounts(wall[pos : pos + 13])
            pos += 13
        seats = tuple(replace(s, concealed=h) for s, h in zip(state.seats, hands, strict=True))
        state = replace(state, seats=seats, front=pos, phase=Phase.TURN, current=dealer, answers=())
        state = self.after_deal(state)
        state = _emit(state, Dealt(dealer, state.tiles_left))
        return self._begin_turn(state)

    # ------------------------------------------------------------------ queries

    def to_act(self, state: State) -> frozenset[int]:
        """Seats that must act now (none once the hand has ended)."""
        if state.phase is Phase.TURN:
            return frozenset((state.current,))
        if state.phase in (Phase.CLAIM, Phase.ROB, Phase.BUYING):
            answered = {a.seat for a in state.answers}
            asked = state.claimants if state.phase is not Phase.BUYING else range(state.players)
            return frozenset(s for s in asked if s not in answered)
        return frozenset()

    def is_over(self, state: State) -> bool:
        """Whether the hand has ended (its :meth:`result` is then set)."""
        return state.result is not None

    def legal_actions(self, state: State, seat: int) -> tuple[Action, ...]:
        """Every action ``seat`` may take now, in a stable order; ``()`` if it does not act.

        ``seat`` must be a seat of the table (an ``int``, not a ``bool``): anything else raises
        :class:`~mahjong_rules.errors.IllegalActionError`, as :meth:`view`, :meth:`waits` and
        :meth:`default_action` do.
        """
        cached = state.cache.get(seat)
        if cached is not None and seat.__class__ is int:
            return cached  # type: ignore[no-any-return]
        _check_seat(state, seat)
        return self._legal_actions(state, seat)

    def default_action(self, state: State, seat: int) -> Action | None:
        """What a server applies for ``seat`` when its time to answer runs out (托管), or
        ``None`` if it does not act now.

        In a claim or rob window: ``Pass`` (declining a win this way is a declined win, with
        its 过手胡). In its turn: the discard of the tile it drew when that is legal;
        otherwise (the dealer's first turn, after a peng, a locked 报听 hand or a drawn
        wildcard) the first discard listed, which is the lowest tile; a turn with no discard
        listed (a forced choice such as YS-ALLWILD-1's win) takes the first action listed. In
        买点: 0 points.
        """
        legal = self.legal_actions(state, seat)
        if not legal:
            return None
        phase = state.phase
        if phase is Phase.CLAIM or phase is Phase.ROB:
            return legal[-1]  # Pass is always listed last
        if phase is Phase.BUYING:
            return legal[0]
        drawn = state.seats[seat].drawn
        first: Action | None = None
        for action in legal:
            if action.__class__ is Discard:
                if action.tile is drawn:
                    return action
                if first is None:
                    first = action
        return first if first is not None else legal[0]

    def _legal_actions(self, state: State, seat: int) -> tuple[Action, ...]:
        """:meth:`legal_actions` for a checked seat."""
        cached = state.cache.get(seat)
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        phase = state.phase
        if phase is Phase.TURN:
            turn = seat == state.current
            found: tuple[Action, ...] = self._turn_actions(state, seat) if turn else ()
        elif seat not in self.to_act(state):
            found = ()
        elif phase is Phase.BUYING:
            found = tuple(BuyPoints(seat, p) for p in range(self.buy_cap + 1))
        else:
            found = self._claim_actions(state, seat)
        state.cache[seat] = found
        return found

    def result(self, state: State) -> HandResult | None:
        """The settlement once the hand has ended, else ``None``."""
        return state.result

    def view(self, state: State, seat: int) -> View:
        """What ``seat`` may see of ``state``: its own hand, the table, its legal actions and
        the last transition's events as it saw them, and nothing of any other seat's concealed
        tiles or of the wall (see :mod:`mahjong_rules.engine.view`)."""
        _check_seat(state, seat)
        return build_view(self, state, seat)

    def events_for(self, seat: int, events: Iterable[Event]) -> tuple[Event, ...]:
        """``events`` (e.g. ``state.events``) filtered to what ``seat`` may see: other seats'
        draws without their tile, their 暗杠 without its tile, and no other seat's pass."""
        return events_for(seat, events, hide_kongs=self.hides_concealed_kongs)

    def discard_gives_up_kong(self, state: State, seat: int, tile: Tile) -> bool:
        """BS-GANG-8 杠牌二次确认: whether discarding ``tile`` gives up a kong, because the seat
        holds four of it across its hand and its pengs — so an interface can ask to confirm."""
        s = state.seats[seat]
        held = s.concealed.count(tile)
        held += sum(3 for m in s.melds if m.kind is MeldKind.PENG and m.tile == tile)
        return held >= 4

    def peng_display(self, state: State, seat: int) -> tuple[tuple[Meld, int | None], ...]:
        """BS-PENGSHOW-1 (特殊设定4): for each of ``seat``'s pengs, which of its three tiles an
        interface lays face down — 0 (left) if claimed from 上家, 1 (middle) from 对家, 2 (right)
        from 下家 — or ``None`` once the fourth copy has been discarded to the table."""
        out = []
        n = state.players
        for meld in state.seats[seat].melds:
            if meld.kind is not MeldKind.PENG or meld.from_seat is None:
                continue
            rel = (meld.from_seat - seat) % n
            position = 2 if rel == 1 and n > 2 else 0 if rel == n - 1 and n > 2 else 1
            discarded = sum(x.discards.count(meld.tile) for x in state.seats)
            out.append((meld, None if discarded >= 2 else position))  # one was claimed for it
        return tuple(out)

    @property
    def action_space(self) -> int:
        """How many integer action ids this room has (fixed per variant and options); see
        :mod:`mahjong_rules.engine.action_ids` for the table."""
        return action_space(self)

    def action_id(self, action: Action) -> int:
        """The integer id of ``action``'s shape (its seat left out), ``0 <= id <
        action_space``; the ids of one seat's legal actions are distinct."""
        return action_id(self, action)

    def action_from_id(self, seat: int, i: int) -> Action:
        """The action of ``seat`` whose id is ``i`` (the inverse of :meth:`action_id`)."""
        return action_from_id(self, seat, i)

    def explain_win(self, ctx: WinContext) -> NotAWin | None:
        """Why the hand of ``ctx`` is not a win in this room (form, 缺一门, a fifth copy, a
        wildcard meld where the game has none, the 报听 lock, ...), or ``None`` if it is one;
        see :func:`mahjong_rules.variants.explain.explain_win`."""
        return explain_win(self, ctx)

    def waits(self, state: State, seat: int) -> TileSet:
        """The tiles that would complete ``seat``'s hand (its 听牌).

        For a seat holding 3k+1 tiles (every seat between turns); a seat in its turn holds 3k+2
        and gets :class:`~mahjong_rules.errors.HandSizeError`.
        """
        _check_seat(state, seat)
        return TileSet._make(self._wait_mask(state, seat))

    # ------------------------------------------------------------------ legal actions

    def _turn_actions(self, state: State, seat: int) -> tuple[Action, ...]:
        s = state.seats[seat]
        out: list[Action] = []
        after_peng = s.drawn is None and state.discards_made > 0
        if not after_peng and self._can_self_win(state, seat):
            out.append(_HU[seat])
        if not after_peng:
            out.extend(self.turn_kongs(state, seat))
        out.extend(self.extra_turn_actions(state, seat))
        discards = _DISCARDS[seat]
        return (*out, *[discards[tile.index] for tile in self.discardable(state, seat)])

    def _claim_options(self, state: State, seat: int) -> list[Action]:
        """What ``seat`` could claim in the open window, before Pass (empty: not asked)."""
        tile = state.tile
        assert tile is not None
        s = state.seats[seat]
        out: list[Action] = []
        how = WinKind.ROB_KONG if state.phase is Phase.ROB else WinKind.DISCARD
        if self._can_win_on(state, seat, tile, how):
            out.append(_HU[seat])
        if (
            state.phase is Phase.CLAIM
            and state.shi_lao_tou is None  # 十老头 comes before any peng or kong (BS-WIN-3)
            and not s.won
        ):
            out.extend(self.meld_claims(state, seat, tile))
        return out

    def _claim_actions(self, state: State, seat: int) -> tuple[Action, ...]:
        return (*self._claim_options(state, seat), _PASS[seat])

    # ------------------------------------------------------------------ win checks

    def _candidates(self, state: State) -> Iterable[Tile]:
        return all_tiles(honors=self.honors)

    def _completes(self, state: State, seat: int, concealed: TileCounts, tile: Tile) -> bool:
        held = concealed.count(tile)
        for meld in state.seats[seat].melds:
            held += meld.naturals if meld.tile is tile else meld.wild_tiles.count(tile)
        if held >= 4:  # no fifth copy: the seat already holds every one
            return False
        return self.is_complete(state, seat, concealed.add(tile))

    def _can_self_win(self, state: State, seat: int) -> bool:
        s = state.seats[seat]
        complete: bool | None = s.cache.get("complete")  # known at the draw, from the waits
        if complete is None:
            complete = self.is_complete(state, seat, s.concealed)
        return complete

    def _can_win_on(self, state: State, seat: int, tile: Tile, how: WinKind) -> bool:
        s = state.seats[seat]
        if s.won or not self._wait_mask(state, seat) >> tile.index & 1:
            return False
        if not self.win_on_tile_allowed(state, seat, how):
            return False
        return self.win_forced(state) or not self.pass_hu_blocks(state, seat, how)

    def _wait_mask(self, state: State, seat: int) -> int:
        """The seat's waits as a 34-bit mask, kept on the (immutable) seat: a seat's hand changes
        only on its own turn, so claim windows mostly find it there."""
        s = state.seats[seat]
        mask: int | None = s.cache.get("waits")
        if mask is None:
            mask = self.compute_waits(state, seat)
            s.cache["waits"] = mask
        return mask

    def compute_waits(self, state: State, seat: int) -> int:
        """The mask of tiles completing ``seat``'s 3k+1 hand (a variant may do it faster)."""
        s = state.seats[seat]
        mask = 0
        for tile in self._candidates(state):
            if self._completes(state, seat, s.concealed, tile):
                mask |= 1 << tile.index
        return mask

    # ------------------------------------------------------------------ applying actions

    def apply(self, state: State, action: Action, *, expect_step: int | None = None) -> State:
        """The state after ``action``; raises :class:`IllegalActionError` (state unchanged) if
        it is not one of :meth:`legal_actions`.

        ``expect_step`` is the :attr:`View.step <mahjong_rules.engine.view.View.step>` the
        answer was made for: if the hand has moved on since,
        :class:`~mahjong_rules.errors.StaleActionError` is raised, so a late answer can never
        select some other action. (A server takes the acting seat from the client's connection,
        never from the action document: compare ``action.seat`` with it before applying.)
        """
        if state.options is not self.options and state.options != self.options:
            raise IllegalActionError("this state belongs to a room with other options")
        if expect_step is not None and expect_step != state.step:
            raise StaleActionError(
                f"{type(action).__name__} was made for step {expect_step!r}; "
                f"the hand is at step {state.step}"
            )
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        seat = action.seat
        legal = state.cache.get(seat)
        if legal is None:
            if seat.__class__ is not int or not 0 <= seat < state.players:
                raise IllegalActionError(self._why_illegal(state, action))
            legal = self._legal_actions(state, seat)
        for listed in legal:
            if listed is action:
                break
        else:
            if action not in legal:
                raise IllegalActionError(self._why_illegal(state, action))
        step = state.step + 1
        if state.phase is Phase.TURN and action.__class__ is Discard:
            return self._do_discard(state, action, step)  # its first copy starts the events
        fresh = replace(state, events=(), step=step)
        fresh.cache.update(state.cache)  # the legal actions still hold: only the events changed
        state = fresh
        if state.phase is Phase.BUYING:
            return self._do_buy(state, action)  # type: ignore[arg-type]
        if state.phase is Phase.TURN:
            if isinstance(action, Discard):
                return self._do_discard(state, action, step)
            if isinstance(action, Gang):
                return self._do_gang_from_hand(state, action)
            if isinstance(action, Ting):
                return self._do_ting(state, action)
            if isinstance(action, Ti):
                return self._do_ti(state, action)
            if isinstance(action, Hu):
                return self._self_draw_win(state, action.seat, forced=False)
        return self._answer(state, action)

    def _why_illegal(self, state: State, action: Action) -> str:
        seat = action.seat
        kind = type(action).__name__
        if state.phase is Phase.ENDED:
            return f"{kind} by seat {seat}: the hand has ended"
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            return f"{kind}: no seat {seat!r} at a table of {state.players}"
        acting = sorted(self.to_act(state))
        if seat not in acting:
            phase = state.phase.value
            return f"{kind} by seat {seat}: not that seat's move ({phase}; waiting for {acting})"
        s = state.seats[seat]
        if isinstance(action, Discard):
            if state.phase is not Phase.TURN:
                return f"Discard by seat {seat}: no discarding in the {state.phase.value} phase"
            if action.tile not in s.concealed:
                return f"Discard by seat {seat}: it holds no {action.tile} ({s.concealed})"
            if action.tile in state.wild_kinds:
                why = "a wildcard is never discarded (YS-WILD-4)"
                return f"Discard of {action.tile} by seat {seat}: {why}"
            if s.ting:
                return f"Discard of {action.tile} by seat {seat}: 报听 locks the hand (BS-TING-3)"
            return f"Discard of {action.tile} by seat {seat} is not allowed now"
        if isinstance(action, (Peng, Gang)) and action.wild_tiles:
            wilds = "".join(t.notation for t in action.wild_tiles)
            return (
                f"{kind} by seat {seat} with wildcards {wilds}: not offered (YS-WILD-3: "
                "wildcards only beside a natural copy, where the natural copies fall short)"
            )
        if isinstance(action, Peng) and state.tile is not None:
            if state.phase is Phase.CLAIM and state.tile in s.pass_peng:
                return f"Peng of {state.tile} by seat {seat}: 过手碰, it declined it (PASSPENG-1)"
            if s.ting:
                return f"Peng by seat {seat}: no peng after 报听 (BS-TING-3)"
            return f"Peng of {state.tile} by seat {seat}: it needs two {state.tile} ({s.concealed})"
        if isinstance(action, Hu):
            if state.phase is not Phase.TURN and s.pass_hu and state.tile is not None:
                return f"Hu by seat {seat}: 过手胡, a win declined since its draw (BS-PASSHU-1)"
            return f"Hu by seat {seat}: the hand is not complete ({s.concealed})"
        if isinstance(action, Gang):
            if state.tiles_left == 0:
                return f"Gang by seat {seat}: no kong with an empty wall (BS-EMPTY-1)"
            return f"Gang {action.kind.value} of {action.tile} by seat {seat} is not possible now"
        if isinstance(action, BuyPoints):
            if state.phase is not Phase.BUYING:
                phase = state.phase.value
                return f"BuyPoints by seat {seat}: 买点 comes before the deal, not in {phase}"
            return f"BuyPoints by seat {seat}: points must be 0..{self.buy_cap}"
        if isinstance(action, Ti):
            return (
                f"Ti by seat {seat}: no 提 of {action.tile} for {action.wild} now (YS-TI-1: once "
                "per draw, with the tile drawn, into one's own meld of that tile holding that "
                "wildcard)"
            )
        return f"{kind} by seat {seat} is not allowed now ({state.phase.value})"

    def _do_buy(self, state: State, action: BuyPoints) -> State:
        seats = list(state.seats)
        seats[action.seat] = replace(seats[action.seat], points=action.points)
        answers = tuple(sorted((*state.answers, action), key=lambda a: a.seat))
        state = replace(state, seats=tuple(seats), answers=answers)
        state = _emit(state, PointsBought(action.seat, action.points))
        if len(answers) == state.players:
            return self._deal(state)
        return state

    def _do_ti(self, state: State, action: Ti) -> State:
        """提: ``action.tile`` goes into the meld in place of ``action.wild``, which returns to
        the hand and is now the tile the seat holds from this turn (YS-TI-1)."""
        seat, tile, wild = action.seat, action.tile, action.wild
        s = state.seats[seat]
        melds = list(s.melds)
        k = next(i for i, m in enumerate(melds) if m.tile is tile and wild in m.wild_tiles)
        left = list(melds[k].wild_tiles)
        left.remove(wild)
        melds[k] = Meld(melds[k].kind, tile, left, from_seat=melds[k].from_seat)
        concealed = s.concealed.remove(tile).add(wild)
        draws = list(s.turn_draws)
        if tile in draws:
            draws.remove(tile)
        state = _set_seat(
            state,
            seat,
            concealed=concealed,
            melds=tuple(melds),
            drawn=wild,
            turn_draws=tuple(draws),
        )
        return _emit(replace(state, ti_made=True), Swapped(seat, melds[k], wild))

    def next_to_draw(self, state: State, seat: int) -> int:
        """The first seat after ``seat`` in play order that has not won (SEAT-1, YS-END-1)."""
        n = state.players
        nxt = (seat + 1) % n
        while state.seats[nxt].won:
            nxt = (nxt + 1) % n
        return nxt

    def _do_ting(self, state: State, action: Ting) -> State:
        state = _set_seat(state, action.seat, ting=True)
        return _emit(state, Declared(action.seat))

    def _do_discard(self, state: State, action: Discard, step: int) -> State:
        seat, tile = action.seat, action.tile
        s = state.seats[seat]
        run = s.honor_run
        if run >= 0:
            run = run + 1 if tile.is_honor else -1
        pass_hu, pass_fan = s.pass_hu, s.pass_hu_fan
        if self.discard_lifts_pass_hu(state, seat):
            pass_hu, pass_fan = False, -1
        elif self.declines_self_win(state, seat):
            # BS-PASSHU-1, BS-TING-4: declining a self-draw (by this discard, or by having
            # declared 报听 instead) blocks wins on discards until the next draw
            pass_hu = True
            pass_fan = max(pass_fan, self._declined_fan(state, seat, s.drawn, WinKind.SELF_DRAW))
        seats = _seats_with(
            state,
            seat,
            concealed=_less(s.concealed, tile),  # legal_actions checked it is held
            discards=(*s.discards, tile),
            drawn=None,
            turn_draws=(),
            honor_run=run,
            pass_hu=pass_hu,
            pass_hu_fan=pass_fan,
        )
        if not self._ask_every and not self._anyone_may_claim(state, seat, tile, seats[seat]):
            # the common case: nobody may claim the tile, so the next seat draws at once and the
            # whole transition is one state copy
            return self._draw(
                state,
                self.next_to_draw(state, seat),
                seats=seats,
                events=(_DISCARDED[seat][tile.index],),
                discards_made=state.discards_made + 1,
                step=step,
            )
        state = replace(
            state,
            seats=seats,
            step=step,
            discards_made=state.discards_made + 1,
            after_kong=state.kong_chain > 0,
            kong_chain=0,
            events=(_DISCARDED[seat][tile.index],),  # a discard always starts a transition
            shi_lao_tou=None,
            phase=Phase.CLAIM,
            current=seat,
            tile=tile,
            answers=(),
            forced=(),
        )
        return self._open_window(state, Phase.CLAIM, seat, tile, opened=True)

    def _anyone_may_claim(self, state: State, seat: int, tile: Tile, after: SeatState) -> bool:
        """Whether a claim window must open for ``seat``'s discard of ``tile``: some other seat
        holds a pair of it or waits on it, or the discard completes 十老头. ``after`` is the
        discarder as it is once the tile has left its hand."""
        if self.completes_shi_lao_tou(after.honor_run):
            return True
        return any(
            self._might_claim(state, other, tile)
            for other in range(state.players)
            if other != seat and not state.seats[other].won
        )

    def _might_claim(self, state: State, seat: int, tile: Tile) -> bool:
        """Whether ``seat`` could claim ``tile`` at all: it holds a pair of it, or one copy
        beside a wildcard (YS-WILD-3), or waits on it. Cheap, to decide who a window asks."""
        s = state.seats[seat]
        held = (s.concealed.bits >> 3 * tile.index) & 7
        if held >= 2 or (held and self.wild_melds and s.concealed.bits & state.wild_kinds.lanes):
            return True
        return bool(self._wait_mask(state, seat) >> tile.index & 1)

    def _open_window(
        self, state: State, phase: Phase, seat: int, tile: Tile, *, opened: bool = False
    ) -> State:
        """Ask the seats that may claim ``tile`` (``opened``: phase, seat and tile already set)."""
        shi = phase is Phase.CLAIM and self.completes_shi_lao_tou(state.seats[seat].honor_run)
        if not opened or shi:
            state = replace(
                state,
                phase=phase,
                current=seat,
                tile=tile,
                answers=(),
                forced=(),
                shi_lao_tou=seat if shi else None,
            )
        claimants = []
        forced = []
        found: dict[int, list[Action]] = {}
        forced_now = self.win_forced(state)
        for k in range(1, state.players):
            other = (seat + k) % state.players
            if state.seats[other].won:
                continue  # 血战: a seat that has won takes no part (YS-END-1)
            if not self._might_claim(state, other, tile):
                if self._ask_every:  # asked all the same: it may only pass
                    found[other] = []
                    claimants.append(other)
                continue  # nothing it could claim
            options = self._claim_options(state, other)
            if options or self._ask_every:
                found[other] = options
                claimants.append(other)
                if forced_now and options and isinstance(options[0], Hu):
                    forced.append(other)
        if forced and self.win_ends_hand:
            claimants = forced  # a forced win ends the hand: a peng or kong could not happen
        if claimants:
            answers = tuple(Hu(s) for s in forced)
            state = replace(
                state, claimants=tuple(claimants), forced=tuple(forced), answers=answers
            )
            cache = state.cache
            for seat_, options in found.items():  # kept for legal_actions and _resolve
                cache[("claim", seat_)] = options
                if seat_ not in forced:
                    cache[seat_] = (*options, _PASS[seat_])
            if len(answers) < len(claimants):
                return state
        return self._resolve(state)

    def _answer(self, state: State, action: Action) -> State:
        answers = tuple(sorted((*state.answers, action), key=lambda a: a.seat))
        before = state.cache
        state = replace(state, answers=answers)
        # the other seats' claims do not depend on this answer: keep what was worked out
        state.cache.update((k, v) for k, v in before.items() if k != action.seat)
        if isinstance(action, Pass):
            state = _emit(state, Passed(action.seat))
        if len(answers) == len(state.claimants):
            return self._resolve(state)
        return state

    def _resolve(self, state: State) -> State:
        """All asked seats have answered: settle the window (the answers are sorted by seat)."""
        tile = state.tile
        assert tile is not None
        winners = [a.seat for a in state.answers if isinstance(a, Hu)]
        # 过手胡 / 过手碰 for the seats that declined
        for seat in state.claimants:
            answer = next(a for a in state.answers if a.seat == seat)
            options = state.cache.get(("claim", seat))
            if options is None:
                options = self._claim_options(state, seat)
            could_hu = any(isinstance(o, Hu) for o in options)
            if could_hu and not isinstance(answer, Hu):
                how = WinKind.ROB_KONG if state.phase is Phase.ROB else WinKind.DISCARD
                fan = max(state.seats[seat].pass_hu_fan, self._declined_fan(state, seat, tile, how))
                state = _set_seat(state, seat, pass_hu=True, pass_hu_fan=fan)
            if isinstance(answer, Pass) and any(isinstance(o, Peng) for o in options):
                s = state.seats[seat]
                state = _set_seat(state, seat, pass_peng=s.pass_peng | TileSet((tile,)))
        if state.phase is Phase.ROB:
            pending = state.pending
            assert isinstance(pending, Gang)
            if winners and self.win_ends_hand:
                return self._claim_wins(state, winners, WinKind.ROB_KONG)  # never made (BS-GANG-6)
            if winners:
                # 血战: the robbed kong still stands, counted as its maker's (YS-PAT-抢杠胡) ...
                state, meld = self._add_to_peng(state, pending)
                state = self._claim_wins(state, winners, WinKind.ROB_KONG)
                if state.phase is Phase.ENDED:
                    return state
                # ... and its maker draws the replacement and plays on
                state = replace(state, phase=Phase.TURN, pending=None, claimants=(), answers=())
                return self._after_kong(replace(state, tile=None), pending.seat, meld)
            state = replace(state, phase=Phase.TURN, pending=None, claimants=(), answers=())
            return self._complete_added_kong(state, pending)
        if winners:
            state = self._claim_wins(state, winners, WinKind.DISCARD)
            if state.phase is Phase.ENDED:
                return state
        elif state.shi_lao_tou is not None:
            return self._shi_lao_tou_win(state, state.shi_lao_tou)
        claims = [a for a in state.answers if isinstance(a, (Peng, Gang))]
        if claims:
            # YS-CLAIM-4: a win on the tile does not stop another seat's peng or kong of it
            return self._take_discard(state, self.pick_claim(state, claims))
        n, discarder = state.players, state.current
        last = max(winners, key=lambda w: (w - discarder) % n) if winners else discarder
        return self._draw(state, self.next_to_draw(state, last))  # YS-TURN-1

    # ------------------------------------------------------------------ draws and turns

    def _draw(
        self,
        state: State,
        seat: int,
        *,
        replacement: bool = False,
        seats: tuple[SeatState, ...] | None = None,
        events: tuple[Event, ...] | None = None,
        **changes: Any,
    ) -> State:
        """``seat`` draws (from the back for a kong replacement), or the wall runs out.

        ``seats``, ``events`` and ``changes`` are the rest of the transition, folded into the
        same state copy (a discard nobody claims comes here directly).
        """
        seats = state.seats if seats is None else seats
        events = state.events if events is None else events
        if state.tiles_left == 0:
            state = replace(
                state,
                seats=seats,
                claimants=(),
                answers=(),
                forced=(),
                tile=None,
                shi_lao_tou=None,
                events=(*events, WallExhausted()),
                **changes,
            )
            return self.settle_exhausted(state)
        s = seats[seat]
        front, back = state.front, state.back
        if replacement:
            back -= 1
            tile = state.wall[back]
            chain, refs = state.kong_chain, state.chain_refs
        else:
            tile = state.wall[front]
            front += 1
            chain, refs = 0, ()
        drawer = replace(
            s,
            concealed=_plus(s.concealed, tile),  # a wall tile: never a fifth copy
            drawn=tile,
            turn_draws=(*s.turn_draws, tile) if replacement else (tile,),
            draws=s.draws + 1,
            pass_hu=False,
            pass_hu_fan=-1,
            pass_peng=_NO_KINDS,
        )
        waits = s.cache.get("waits")
        if waits is not None:  # the hand is complete exactly when it drew one of its waits
            drawer.cache["complete"] = bool(waits >> tile.index & 1)
        state = replace(
            state,
            seats=(*seats[:seat], drawer, *seats[seat + 1 :]),
            front=front,
            back=back,
            kong_chain=chain,
            chain_refs=refs,
            phase=Phase.TURN,
            current=seat,
            after_kong=False,
            ti_made=False,
            claimants=(),
            answers=(),
            forced=(),
            tile=None,
            shi_lao_tou=None,
            events=(*events, _DREW[replacement][seat][tile.index]),
            **changes,
        )
        return self._begin_turn(state)

    def _begin_turn(self, state: State) -> State:
        """Apply a forced self-draw win at once (FLOW-4)."""
        seat = state.current
        s = state.seats[seat]
        if (
            s.drawn is not None
            and self.self_win_forced(state, seat)
            and self._can_self_win(state, seat)
        ):
            return self._self_draw_win(state, seat, forced=True)
        return state

    def _take_discard(self, state: State, claim: Action) -> State:
        tile = state.tile
        assert tile is not None
        discarder, seat = state.current, claim.seat
        s = state.seats[seat]
        wilds = claim.wild_tiles  # type: ignore[attr-defined]
        if isinstance(claim, Peng):
            meld = Meld(MeldKind.PENG, tile, wilds, from_seat=discarder)
            state = _set_seat(
                state,
                seat,
                concealed=_take(s.concealed, tile, 2, wilds),
                melds=(*s.melds, meld),
                drawn=None,
                turn_draws=(),
                pass_hu=False,
                pass_hu_fan=-1,
                pass_peng=_NO_KINDS,
            )
            state = replace(
                state,
                phase=Phase.TURN,
                current=seat,
                tile=None,
                claimants=(),
                answers=(),
                kong_chain=0,
                chain_refs=(),
            )
            return _emit(state, Claimed(seat, meld))
        meld = Meld(MeldKind.ZHI_GANG, tile, wilds, from_seat=discarder)
        state = _set_seat(
            state,
            seat,
            concealed=_take(s.concealed, tile, 3, wilds),
            melds=(*s.melds, meld),
            turn_draws=(),
            pass_peng=_NO_KINDS,
        )
        state = replace(state, current=seat, kong_chain=0, chain_refs=())
        state = _emit(state, Claimed(seat, meld))
        return self._after_kong(state, seat, meld)

    def _do_gang_from_hand(self, state: State, action: Gang) -> State:
        seat, tile = action.seat, action.tile
        s = state.seats[seat]
        if action.kind is MeldKind.AN_GANG:
            meld = Meld(MeldKind.AN_GANG, tile, action.wild_tiles)
            concealed = _take(s.concealed, tile, 4, action.wild_tiles)
            state = _set_seat(state, seat, concealed=concealed, melds=(*s.melds, meld))
            state = _emit(state, Konged(seat, meld))
            return self._after_kong(state, seat, meld)
        if action.wild_tiles:
            # a 补杠 that adds a wildcard cannot be robbed: only a natural tile can (YS-PAT-抢杠胡)
            return self._complete_added_kong(state, action)
        # 补杠: others may rob it first (BS-GANG-6); with nobody to ask, _resolve completes it
        return self._open_window(replace(state, pending=action), Phase.ROB, seat, tile)

    def _complete_added_kong(self, state: State, action: Gang) -> State:
        state, meld = self._add_to_peng(state, action)
        state = replace(state, current=action.seat, tile=None)
        return self._after_kong(state, action.seat, meld)

    def _add_to_peng(self, state: State, action: Gang) -> tuple[State, Meld]:
        """A 补杠's tile joins its peng (the Konged event); the replacement is not drawn yet."""
        seat, tile = action.seat, action.tile
        s = state.seats[seat]
        melds = list(s.melds)
        k = next(i for i, m in enumerate(melds) if m.kind is MeldKind.PENG and m.tile == tile)
        added = action.wild_tiles
        wilds = (*melds[k].wild_tiles, *added)
        meld = Meld(MeldKind.BU_GANG, tile, wilds, from_seat=melds[k].from_seat)
        melds[k] = meld
        concealed = s.concealed.remove(added[0]) if added else s.concealed.remove(tile)
        state = _set_seat(state, seat, concealed=concealed, melds=tuple(melds))
        return _emit(state, Konged(seat, meld)), meld

    def _after_kong(self, state: State, seat: int, meld: Meld) -> State:
        ref = state.next_ref
        payments = self.kong_payments(state, seat, meld, ref)
        state = self.pay(
            state,
            payments,
            next_ref=ref + 1,
            kong_chain=state.kong_chain + 1,
            chain_refs=(*state.chain_refs, ref),
        )
        return self._draw(state, seat, replacement=True)  # a replacement keeps the chain

    # ------------------------------------------------------------------ wins

    def win_context(self, state: State, seat: int, tile: Tile, how: WinKind) -> WinContext:
        """The scoring context of ``seat`` winning on ``tile`` now."""
        s = state.seats[seat]
        concealed = s.concealed if how is WinKind.SELF_DRAW else s.concealed.add(tile)
        naturals, wilds = self.wilds_in(state, concealed)
        pengs = frozenset(m.tile for x in state.seats for m in x.melds if m.kind is MeldKind.PENG)
        return WinContext(
            concealed=naturals,
            melds=s.melds,
            winning_tile=tile,
            how=how,
            wilds=wilds,
            wild_kinds=state.wild_kinds,
            indicator=state.indicator,
            kong_chain=state.kong_chain if how is WinKind.SELF_DRAW else 0,
            after_kong=state.after_kong and how is WinKind.DISCARD,
            declared_ting=s.ting,
            pengs_on_table=pengs,
            seat=seat,
            dealer=state.dealer,
            first_turn=self._first_turn_win(state, seat, how),
        )

    def _first_turn_win(self, state: State, seat: int, how: WinKind) -> bool:
        """天胡 / 地胡 (YS-PAT-天胡, YS-PAT-地胡): a self-draw on the dealer's dealt 14 (no draw,
        no discard, no meld yet), or a win on the dealer's first discard — the one that ended
        his first turn, konged or not; no other seat's discard is ever one."""
        dealer = state.dealer
        if how is WinKind.SELF_DRAW:
            s = state.seats[seat]
            return seat == dealer and s.draws == 0 and not s.discards and not s.melds
        if how is WinKind.DISCARD:
            return state.current == dealer and len(state.seats[dealer].discards) == 1
        return False

    def best_win(self, state: State, seat: int, how: WinKind) -> Breakdown | None:
        """The best win ``seat`` could make on any tile it waits on, scored as ``how``: the
        "best possible win" of 查大叫 (BS-CHAJIAO-2) and 罚分 (YS-PENALTY-2). Never a kong's
        bonus (杠上花, 杠上炮) nor a first-turn win; ``None`` if the seat is not ready."""
        best: Breakdown | None = None
        for tile in self.waits(state, seat):
            breakdown = self.score_wait(state, seat, tile, how)
            if breakdown is not None and (
                best is None or (breakdown.points, breakdown.fan) > (best.points, best.fan)
            ):
                best = breakdown
        return best

    def score_wait(self, state: State, seat: int, tile: Tile, how: WinKind) -> Breakdown | None:
        """``seat``'s hand completed by ``tile``, scored as ``how`` outside the flow of play (no
        kong bonus, no first-turn win): what :meth:`best_win` compares."""
        ctx = attrs.evolve(
            self.win_context(state, seat, tile, WinKind.DISCARD),
            how=how,
            after_kong=False,
            kong_chain=0,
            first_turn=False,
        )
        return self.score(ctx)

    def declined_more(self, state: State, seat: int, how: WinKind) -> bool:
        """Yongshan's 过手胡 (YS-PASSHU-1): whether ``seat``, blocked, may not win on the tile on
        offer because that win scores no more fan than the most it declined (compared before
        the cap)."""
        tile = state.tile
        assert tile is not None
        breakdown = self.score(self.win_context(state, seat, tile, how))
        return breakdown is None or breakdown.fan <= state.seats[seat].pass_hu_fan

    def _declined_fan(self, state: State, seat: int, tile: Tile | None, how: WinKind) -> int:
        """The fan of a win being declined (only scored where 过手胡 compares fan)."""
        if tile is None or not self.tracks_declined_fan():
            return -1
        breakdown = self.score(self.win_context(state, seat, tile, how))
        return -1 if breakdown is None else breakdown.fan

    def _self_draw_win(self, state: State, seat: int, *, forced: bool) -> State:
        s = state.seats[seat]
        # a dealt hand's "winning tile" is the dealer's fourteenth tile
        tile = s.drawn if s.drawn is not None else state.wall[13]
        breakdown = self.score(self.win_context(state, seat, tile, WinKind.SELF_DRAW))
        assert breakdown is not None
        win = WinRecord(seat, WinKind.SELF_DRAW, tile, None, breakdown, forced)
        state = self.settle_wins(state, [win])
        if state.phase is Phase.ENDED:
            return state
        return self._draw(state, self.next_to_draw(state, seat))  # 血战: play goes on

    def _claim_wins(self, state: State, seats: Sequence[int], how: WinKind) -> State:
        tile = state.tile
        assert tile is not None
        wins = []
        for seat in seats:
            breakdown = self.score(self.win_context(state, seat, tile, how))
            assert breakdown is not None
            wins.append(WinRecord(seat, how, tile, state.current, breakdown, seat in state.forced))
        return self.settle_wins(state, wins)

    def _shi_lao_tou_win(self, state: State, seat: int) -> State:
        raise NotImplementedError

    # ------------------------------------------------------------------ helpers for variants

    def end_hand(self, state: State, result: HandResult, extra: Iterable[Event] = ()) -> State:
        """Move to ENDED with ``result`` (and its events)."""
        events = (*state.events, *extra, Settled(result))
        return replace(
            state, phase=Phase.ENDED, result=result, events=events, claimants=(), answers=()
        )

    def pay(self, state: State, payments: Sequence[Payment], **changes: Any) -> State:
        """Add ``payments`` to the ledger, each reported by a ``Paid`` event (and make any
        other ``changes`` in the same copy)."""
        return replace(
            state,
            ledger=(*state.ledger, *payments),
            events=(*state.events, *(Paid(p) for p in payments)),
            **changes,
        )

    def record_wins(self, state: State, wins: Sequence[WinRecord]) -> State:
        """Add wins to the state and their events."""
        events = (*state.events, *(Won(w) for w in wins))
        seats = list(state.seats)
        for w in wins:
            seats[w.seat] = replace(seats[w.seat], won=True)
        return replace(state, wins=(*state.wins, *wins), events=events, seats=tuple(seats))


_DISCARDS = tuple(tuple(Discard(seat, tile) for tile in all_tiles()) for seat in range(4))
"""Discard actions are plain values: one shared object per (seat, tile)."""
_HU = tuple(Hu(seat) for seat in range(4))
_PASS = tuple(Pass(seat) for seat in range(4))
_DISCARDED = tuple(tuple(Discarded(seat, tile) for tile in all_tiles()) for seat in range(4))
_DREW = tuple(
    tuple(tuple(Drew(seat, tile, back) for tile in all_tiles()) for seat in range(4))
    for back in (False, True)
)
"""The common events, shared the same way (events are values too)."""


def _check_seat(state: State, seat: object) -> None:
    """Refuse anything but a seat of the table (an ``int``, not a ``bool``)."""
    if seat.__class__ is not int or not 0 <= seat < state.players:
        n = state.players
        raise IllegalActionError(f"no seat {seat!r} at a table of {n}: a seat is an int 0..{n - 1}")


def _emit(state: State, event: Event) -> State:
    return replace(state, events=(*state.events, event))


def _seats_with(state: State, seat: int, **changes: Any) -> tuple[SeatState, ...]:
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], **changes)
    return tuple(seats)


def _set_seat(state: State, seat: int, **changes: Any) -> State:
    return replace(state, seats=_seats_with(state, seat, **changes))


def _plus(counts: TileCounts, tile: Tile) -> TileCounts:
    """``counts`` with one more ``tile``, unchecked (the engine knows it is valid)."""
    return TileCounts._make(counts.bits + (1 << 3 * tile.index), counts.size + 1)


def _less(counts: TileCounts, tile: Tile) -> TileCounts:
    """``counts`` with one ``tile`` fewer, unchecked (the engine knows it is held)."""
    return TileCounts._make(counts.bits - (1 << 3 * tile.index), counts.size - 1)


def _take(concealed: TileCounts, tile: Tile, n: int, wilds: Sequence[Tile]) -> TileCounts:
    """``concealed`` less ``n`` copies of ``tile``, wildcards ``wilds`` standing for some."""
    concealed = concealed.remove(tile, n - len(wilds))
    for wild in wilds:
        concealed = concealed.remove(wild)
    return concealed


_NO_KINDS = TileSet()
_ALL_TILES = all_tiles()
_FOURS = sum(4 << (3 * i) for i in range(34))
