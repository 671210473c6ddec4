"""The claim window (FLOW-2): who is asked about a discard (or a 补杠 that may be robbed), their
answers, and the resolution once the last one is in.

Answers are kept in the state sorted by seat, and :meth:`Claims._resolve` is one function of
(the tile, the answers, the variant's priority), so the order answers came in leaves no trace.
"""

from __future__ import annotations

from operator import attrgetter

from mahjong_rules.counts import TileSet
from mahjong_rules.engine.actions import Action, Gang, Hu, Pass, Peng
from mahjong_rules.engine.drafts import freeze, thaw
from mahjong_rules.engine.edit import HU, NO_KINDS, PASS, take
from mahjong_rules.engine.events import Claimed, Event, Passed
from mahjong_rules.engine.parts import EngineParts
from mahjong_rules.engine.state import CLAIM, ENDED, ROB, TURN, Phase, State, replace
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import WinKind
from mahjong_rules.tiles import Tile

__all__ = ["Claims"]

_PASSED = tuple(Passed(seat) for seat in range(4))
_SEAT = attrgetter("seat")
_CLAIM = tuple(("claim", seat) for seat in range(4))
"""The window's memo keys of each asked seat's options (they outlive its answer)."""
_ROB_KONG, _DISCARD = WinKind.ROB_KONG, WinKind.DISCARD
_AFTER = tuple(
    tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n)) if n else ()
    for n in range(5)
)
"""``_AFTER[players][seat]``: the other seats in play order after ``seat``."""


class Claims(EngineParts):
    """The claim window of the engine (a mixin of :class:`~mahjong_rules.variants.base.Rules`)."""

    _ask_every: bool = False
    """The room option ``ask_every_seat``: every other seat is asked in every window."""

    def _claim_options(self, state: State, seat: int) -> list[Action]:
        """What ``seat`` could claim in the open window, before Pass (empty: nothing)."""
        tile = state.tile
        assert tile is not None
        out: list[Action] = []
        how = _ROB_KONG if state.phase is ROB else _DISCARD
        if self._can_win_on(state, seat, tile, how):
            out.append(HU[seat])
        if (
            state.phase is CLAIM
            and state.discard_win is None  # a discard that wins for its maker: wins only
            and not state.seats[seat].won
        ):
            out.extend(self.meld_claims(state, seat, tile))
        return out

    def _claim_actions(self, state: State, seat: int) -> tuple[Action, ...]:
        return (*self._claim_options(state, seat), PASS[seat])

    def _candidates(self, state: State, seat: int, tile: Tile) -> list[int]:
        """The other seats still in the hand that might claim ``tile``, in play order after
        ``seat``, each looked at once per window: a seat holding a pair of it, or one copy
        beside a wildcard, or waiting on it. Cheap, to decide who a window asks."""
        seats = state.seats
        shift, index = 3 * tile.index, tile.index
        wild_lanes = state.wild_kinds.lanes if self.wild_melds else 0
        out = []
        for other in _AFTER[state.players][seat]:
            s = seats[other]
            if s.won:
                continue
            bits = s.concealed.bits
            held = bits >> shift & 7
            if held >= 2 or (held and bits & wild_lanes):
                out.append(other)
                continue
            if self._wait_mask(state, other) >> index & 1:
                out.append(other)
        return out

    def _open_window(
        self,
        state: State,
        phase: Phase,
        seat: int,
        tile: Tile,
        *,
        opened: bool = False,
        candidates: list[int] | None = None,
    ) -> State:
        """Ask the seats that may claim ``tile``, or resolve at once if none may. ``opened``:
        the window's phase, seat, tile and ``discard_win`` are set already (a discard's window,
        :meth:`~mahjong_rules.engine.turns.Turns._do_discard`), in a state this transition
        made; ``candidates``: :meth:`_candidates`, if known."""
        if not opened:
            state = replace(
                state, phase=phase, current=seat, tile=tile, answers=(), forced=(), discard_win=None
            )
        if candidates is None:
            candidates = self._candidates(state, seat, tile)
        found: dict[int, list[Action]] = {}
        claimants: list[int] = []
        forced: list[int] = []
        forced_now = self.win_forced(state)
        for other in candidates:
            options = self._claim_options(state, other)
            if options:
                found[other] = options
                if forced_now and options[0].__class__ is Hu:
                    forced.append(other)
        if self._ask_every:  # every seat still in the hand is asked; one with no claim may pass
            n = state.players
            claimants = [
                other
                for other in ((seat + k) % n for k in range(1, n))
                if not state.seats[other].won
            ]
        else:
            claimants = list(found)
        if forced and self.win_ends_hand:
            claimants = forced  # a forced win ends the hand: a peng or kong could not happen
        if claimants:
            answers = tuple(HU[s] for s in forced)
            state = replace(
                state, claimants=tuple(claimants), forced=tuple(forced), answers=answers
            )
            cache = state.cache  # (a new state's: empty)
            for other in claimants:  # kept for legal_actions and _resolve (one tuple each)
                options = found.get(other, [])
                if other in forced:
                    cache[_CLAIM[other]] = tuple(options)
                else:
                    cache[other] = cache[_CLAIM[other]] = (*options, PASS[other])
            if len(answers) < len(claimants):
                return state
        return self._resolve(state)

    def _answer(self, state: State, action: Action, step: int) -> State:
        """One asked seat's answer: kept (sorted by seat), and the window resolved once the
        last one is in. One state copy, which keeps what was worked out for the other seats."""
        seat = action.seat
        answers = tuple(sorted((*state.answers, action), key=_SEAT)) if state.answers else (action,)
        events = (_PASSED[seat],) if action.__class__ is Pass else ()
        if len(answers) == len(state.claimants):
            return self._resolve(state, answers, events, step)
        new = replace(state, answers=answers, events=events, step=step)
        new.cache.update((k, v) for k, v in state.cache.items() if k != seat)
        return new

    def _resolve(
        self,
        state: State,
        answers: tuple[Action, ...] | None = None,
        events: tuple[Event, ...] | None = None,
        step: int | None = None,
    ) -> State:
        """All asked seats have answered: settle the window. ``answers`` (sorted by seat),
        ``events`` and ``step`` are the last answer's, not yet in ``state``: the 过手胡 / 过手碰
        they bring go into the same copy."""
        tile = state.tile
        assert tile is not None
        cache = state.cache
        if answers is None:
            answers = state.answers
        by_seat = {a.seat: a for a in answers}
        winners = [a.seat for a in answers if a.__class__ is Hu]
        how = _ROB_KONG if state.phase is ROB else _DISCARD
        seats = list(state.seats)
        changed = False
        for seat in state.claimants:  # 过手胡 / 过手碰 for the seats that declined
            answer = by_seat[seat]
            options = cache.get(_CLAIM[seat])  # (Pass included: neither Hu nor Peng)
            if options is None:
                options = self._claim_options(state, seat)
            if answer.__class__ is not Hu and any(o.__class__ is Hu for o in options):
                fan = max(seats[seat].pass_hu_fan, self._declined_fan(state, seat, tile, how))
                seats[seat] = replace(seats[seat], pass_hu=True, pass_hu_fan=fan)
                changed = True
            if answer.__class__ is Pass and any(o.__class__ is Peng for o in options):
                pass_peng = TileSet._make(seats[seat].pass_peng.mask | 1 << tile.index)
                seats[seat] = replace(seats[seat], pass_peng=pass_peng)
                changed = True
        if changed or step is not None:
            d = thaw(state)
            d.seats = tuple(seats)
            d.answers = answers
            if events is not None:
                d.events = events
            if step is not None:
                d.step = step
            state = freeze(d)
        if len(winners) > 1:
            winners = self._chosen_winners(state, winners)
        if state.phase is ROB:
            return self._resolve_rob(state, winners)
        if winners:
            state = self._claim_wins(state, winners, WinKind.DISCARD)
            if state.phase is ENDED:
                return state
        elif state.discard_win is not None:
            return self.settle_discard_win(state, state.discard_win)
        claims = [a for a in answers if isinstance(a, (Peng, Gang))]
        if claims and (not winners or self.melds_beside_wins):
            # play goes on after a win (血战): the win does not stop another seat's peng or
            # kong of the tile
            claim = claims[0] if len(claims) == 1 else self.pick_claim(state, claims)
            return self._take_discard(state, claim)
        n, discarder = state.players, state.current
        last = max(winners, key=lambda w: (w - discarder) % n) if winners else discarder
        return self._draw(state, self.next_to_draw(state, last))  # after the last winner

    def _chosen_winners(self, state: State, declared: list[int]) -> list[int]:
        """The variant's :meth:`discard_winners` among the seats that declared a win."""
        chosen = self.discard_winners(state, tuple(declared))
        if not chosen or not set(chosen) <= set(declared) or len(set(chosen)) != len(chosen):
            raise MahjongRulesError(
                f"{type(self).__name__}.discard_winners chose {chosen!r}: some of the seats "
                f"that declared a win, {tuple(declared)}, each once"
            )
        return list(chosen)

    def _resolve_rob(self, state: State, winners: list[int]) -> State:
        """A 补杠's window: robbed (the kong is never made; in 血战 it stands), or completed."""
        pending = state.pending
        assert isinstance(pending, Gang)
        if winners and self.win_ends_hand:
            return self._claim_wins(state, winners, WinKind.ROB_KONG)  # never made
        if winners and not self.robbed_kong_stands:
            return self._robbed_and_on(state, pending, winners)
        if winners:
            # 血战: the robbed kong still stands, counted as its maker's ...
            state, meld = self._add_to_peng(state, pending)
            state = self._claim_wins(state, winners, WinKind.ROB_KONG)
            if state.phase is ENDED:
                return state
            # ... and its maker draws the replacement and plays on
            state = replace(state, phase=TURN, pending=None, claimants=(), answers=(), tile=None)
            return self._after_kong(state, pending.seat, meld)
        state = replace(state, phase=TURN, pending=None, claimants=(), answers=())
        return self._complete_added_kong(state, pending)

    def _robbed_and_on(self, state: State, pending: Gang, winners: list[int]) -> State:
        """血战 with a robbed 补杠 that is never made (``robbed_kong_stands`` false): the robbed
        tile leaves its maker's hand for his discards, as the tile won on (his turn is over);
        the wins are settled (the pending kong and its ref still in the state, for a variant
        that paid it before the window); then the seat after the last winner, counted from
        the maker, draws."""
        konger, tile = pending.seat, pending.tile
        s = state.seats[konger]
        seats = list(state.seats)
        seats[konger] = replace(
            s,
            concealed=s.concealed.remove(tile),
            discards=(*s.discards, tile),
            drawn=None,
            turn_draws=(),
        )
        state = replace(state, seats=tuple(seats), discards_made=state.discards_made + 1)
        state = self._claim_wins(state, winners, WinKind.ROB_KONG)
        if state.phase is ENDED:
            return state
        ref = state.next_ref + 1 if self.kong_paid_before_rob else state.next_ref
        state = replace(
            state,
            phase=TURN,
            pending=None,
            tile=None,
            claimants=(),
            answers=(),
            next_ref=ref,
            kong_chain=0,
            chain_refs=(),
        )
        n = state.players
        last = max(winners, key=lambda w: (w - konger) % n)
        return self._draw(state, self.next_to_draw(state, last))

    def _take_discard(self, state: State, claim: Action) -> State:
        """The peng or 直杠 that won the window takes the discard."""
        tile = state.tile
        assert tile is not None
        discarder, seat = state.current, claim.seat
        s = state.seats[seat]
        wilds = claim.wild_tiles  # type: ignore[attr-defined]
        seats = list(state.seats)
        if isinstance(claim, Peng):
            meld = Meld._make(MeldKind.PENG, tile, wilds, discarder)  # a listed claim: valid
            lifts = not s.pass_hu or self.claim_lifts_pass_hu(state, seat)
            seats[seat] = replace(
                s,
                concealed=take(s.concealed, tile, 2, wilds),
                melds=(*s.melds, meld),
                drawn=None,
                turn_draws=(),
                pass_hu=s.pass_hu and not lifts,
                pass_hu_fan=-1 if lifts else s.pass_hu_fan,
                pass_peng=NO_KINDS,
            )
            return replace(
                state,
                seats=tuple(seats),
                phase=TURN,
                current=seat,
                tile=None,
                claimants=(),
                answers=(),
                kong_chain=0,
                chain_refs=(),
                events=(*state.events, Claimed(seat, meld)),
            )
        meld = Meld._make(MeldKind.ZHI_GANG, tile, wilds, discarder)
        seats[seat] = replace(
            s,
            concealed=take(s.concealed, tile, 3, wilds),
            melds=(*s.melds, meld),
            turn_draws=(),
            pass_peng=NO_KINDS,
        )
        state = replace(
            state,
            seats=tuple(seats),
            current=seat,
            kong_chain=0,
            chain_refs=(),
            events=(*state.events, Claimed(seat, meld)),
        )
        return self._after_kong(state, seat, meld)
