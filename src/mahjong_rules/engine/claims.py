"""The claim window (FLOW-2): who is asked about a discard (or a 补杠 that may be robbed), their
answers, and the resolution once the last one is in.

Answers are kept in the state sorted by seat, and :func:`resolve` is one function of (the
tile, the answers, the variant's priority), so the order answers came in leaves no trace.

Plain functions of the rules object (``rules``, whose hooks they ask) and the state; they call
the wins (:mod:`~mahjong_rules.engine.wins`), the kongs (:mod:`~mahjong_rules.engine.kongs`)
and the draw (:mod:`~mahjong_rules.engine.draws`), never the turn that opens a window.
"""

from __future__ import annotations

from operator import attrgetter

from mahjong_rules.counts import TileSet
from mahjong_rules.engine.actions import Action, Gang, Hu, Pass, Peng
from mahjong_rules.engine.defaulted import next_to_draw, win_forced
from mahjong_rules.engine.drafts import freeze, thaw
from mahjong_rules.engine.draws import draw
from mahjong_rules.engine.edit import HU, NO_KINDS, PASS, take
from mahjong_rules.engine.events import Claimed, Event, Passed
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.kongs import add_to_peng, after_kong, complete_added_kong
from mahjong_rules.engine.state import CLAIM, ENDED, ROB, TURN, Phase, State, replace
from mahjong_rules.engine.waits import wait_mask
from mahjong_rules.engine.wins import can_win_on, claim_wins, declined_fan
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import WinKind
from mahjong_rules.tiles import Tile

__all__ = ["answer", "claim_actions", "claim_options", "may_claim", "open_window", "resolve"]

_PASSED = tuple(Passed(seat) for seat in range(4))
_SEAT = attrgetter("seat")
_CLAIM: tuple[tuple[object, ...], ...] = tuple(("claim", seat) for seat in range(4))
"""The window's memo keys of each asked seat's options (they outlive its answer)."""
_ROB_KONG, _DISCARD = WinKind.ROB_KONG, WinKind.DISCARD
_AFTER = tuple(
    tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n)) if n else ()
    for n in range(5)
)
"""``_AFTER[players][seat]``: the other seats in play order after ``seat``."""


def claim_options(rules: Hooks, state: State, seat: int) -> list[Action]:
    """What ``seat`` could claim in the open window, before Pass (empty: nothing)."""
    tile = state.tile
    assert tile is not None
    out: list[Action] = []
    how = _ROB_KONG if state.phase is ROB else _DISCARD
    if can_win_on(rules, state, seat, tile, how):
        out.append(HU[seat])
    if (
        state.phase is CLAIM
        and state.discard_win is None  # a discard that wins for its maker: wins only
        and not state.seats[seat].won
    ):
        out.extend(rules.meld_claims(state, seat, tile))
    return out


def claim_actions(rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
    """``seat``'s legal actions in the open window: its :func:`claim_options`, then Pass."""
    return (*claim_options(rules, state, seat), PASS[seat])


def may_claim(rules: Hooks, state: State, seat: int, tile: Tile) -> list[int]:
    """The other seats still in the hand that might claim ``tile``, in play order after
    ``seat``, each looked at once per window: a seat holding a pair of it, or one copy
    beside a wildcard, or waiting on it. Cheap, to decide who a window asks."""
    seats = state.seats
    shift, index = 3 * tile.index, tile.index
    wild_lanes = state.wild_kinds.lanes if rules.wild_melds else 0
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
        if wait_mask(rules, state, other) >> index & 1:
            out.append(other)
    return out


def open_window(
    rules: Hooks,
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
    :func:`~mahjong_rules.engine.turns.discard`), in a state this transition made;
    ``candidates``: :func:`may_claim`, if known."""
    if not opened:
        state = replace(
            state, phase=phase, current=seat, tile=tile, answers=(), forced=(), discard_win=None
        )
    if candidates is None:
        candidates = may_claim(rules, state, seat, tile)
    found: dict[int, list[Action]] = {}
    claimants: list[int] = []
    forced: list[int] = []
    forced_now = win_forced(rules, state)
    for other in candidates:
        options = claim_options(rules, state, other)
        if options:
            found[other] = options
            if forced_now and options[0].__class__ is Hu:
                forced.append(other)
    if rules._ask_every:  # every seat still in the hand is asked; one with no claim may pass
        n = state.players
        claimants = [
            other for other in ((seat + k) % n for k in range(1, n)) if not state.seats[other].won
        ]
    else:
        claimants = list(found)
    if forced and rules.win_ends_hand:
        claimants = forced  # a forced win ends the hand: a peng or kong could not happen
    if claimants:
        answers = tuple(HU[s] for s in forced)
        state = replace(state, claimants=tuple(claimants), forced=tuple(forced), answers=answers)
        cache = state.cache  # (a new state's: empty)
        for other in claimants:  # kept for legal_actions and resolve (one tuple each)
            options = found.get(other, [])
            if other in forced:
                cache[_CLAIM[other]] = tuple(options)
            else:
                cache[other] = cache[_CLAIM[other]] = (*options, PASS[other])
        if len(answers) < len(claimants):
            return state
    return resolve(rules, state)


def answer(rules: Hooks, state: State, action: Action, step: int) -> State:
    """One asked seat's answer: kept (sorted by seat), and the window resolved once the
    last one is in. One state copy, which keeps what was worked out for the other seats."""
    seat = action.seat
    answers = tuple(sorted((*state.answers, action), key=_SEAT)) if state.answers else (action,)
    events = (_PASSED[seat],) if action.__class__ is Pass else ()
    if len(answers) == len(state.claimants):
        return resolve(rules, state, answers, events, step)
    new = replace(state, answers=answers, events=events, step=step)
    new.cache.update((k, v) for k, v in state.cache.items() if k != seat)
    return new


def resolve(
    rules: Hooks,
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
        given = by_seat[seat]
        options = cache.get(_CLAIM[seat])  # (Pass included: neither Hu nor Peng)
        if options is None:
            options = claim_options(rules, state, seat)
        if given.__class__ is not Hu and any(o.__class__ is Hu for o in options):
            fan = max(seats[seat].pass_hu_fan, declined_fan(rules, state, seat, tile, how))
            seats[seat] = replace(seats[seat], pass_hu=True, pass_hu_fan=fan)
            changed = True
        if given.__class__ is Pass and any(o.__class__ is Peng for o in options):
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
        winners = chosen_winners(rules, state, winners)
    if state.phase is ROB:
        return resolve_rob(rules, state, winners)
    if winners:
        state = claim_wins(rules, state, winners, WinKind.DISCARD)
        if state.phase is ENDED:
            return state
    elif state.discard_win is not None:
        return rules.settle_discard_win(state, state.discard_win)
    claims = [a for a in answers if isinstance(a, (Peng, Gang))]
    if claims and (not winners or rules.melds_beside_wins):
        # play goes on after a win (血战): the win does not stop another seat's peng or
        # kong of the tile
        claim = claims[0] if len(claims) == 1 else rules.pick_claim(state, claims)
        return take_discard(rules, state, claim)
    n, discarder = state.players, state.current
    last = max(winners, key=lambda w: (w - discarder) % n) if winners else discarder
    return draw(rules, state, next_to_draw(rules, state, last))  # after the last winner


def chosen_winners(rules: Hooks, state: State, declared: list[int]) -> list[int]:
    """The variant's :meth:`~mahjong_rules.engine.hooks.Hooks.discard_winners` among the seats
    that declared a win."""
    chosen = rules.discard_winners(state, tuple(declared))
    if not chosen or not set(chosen) <= set(declared) or len(set(chosen)) != len(chosen):
        raise MahjongRulesError(
            f"{type(rules).__name__}.discard_winners chose {chosen!r}: some of the seats "
            f"that declared a win, {tuple(declared)}, each once"
        )
    return list(chosen)


def resolve_rob(rules: Hooks, state: State, winners: list[int]) -> State:
    """A 补杠's window: robbed (the kong is never made; in 血战 it stands), or completed."""
    pending = state.pending
    assert isinstance(pending, Gang)
    if winners and rules.win_ends_hand:
        return claim_wins(rules, state, winners, WinKind.ROB_KONG)  # never made
    if winners and not rules.robbed_kong_stands:
        return robbed_and_on(rules, state, pending, winners)
    if winners:
        # 血战: the robbed kong still stands, counted as its maker's ...
        state, meld = add_to_peng(state, pending)
        state = claim_wins(rules, state, winners, WinKind.ROB_KONG)
        if state.phase is ENDED:
            return state
        # ... and its maker draws the replacement and plays on
        state = replace(state, phase=TURN, pending=None, claimants=(), answers=(), tile=None)
        return after_kong(rules, state, pending.seat, meld)
    state = replace(state, phase=TURN, pending=None, claimants=(), answers=())
    return complete_added_kong(rules, state, pending)


def robbed_and_on(rules: Hooks, state: State, pending: Gang, winners: list[int]) -> State:
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
    state = claim_wins(rules, state, winners, WinKind.ROB_KONG)
    if state.phase is ENDED:
        return state
    ref = state.next_ref + 1 if rules.kong_paid_before_rob else state.next_ref
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
    return draw(rules, state, next_to_draw(rules, state, last))


def take_discard(rules: Hooks, state: State, claim: Action) -> State:
    """The peng or 直杠 that won the window takes the discard."""
    tile = state.tile
    assert tile is not None
    discarder, seat = state.current, claim.seat
    s = state.seats[seat]
    wilds = claim.wild_tiles  # type: ignore[attr-defined]
    seats = list(state.seats)
    if isinstance(claim, Peng):
        meld = Meld._make(MeldKind.PENG, tile, wilds, discarder)  # a listed claim: valid
        lifts = not s.pass_hu or rules.claim_lifts_pass_hu(state, seat)
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
    return after_kong(rules, state, seat, meld)
