"""Whole Baoshan hands played at random keep the engine's contracts.

Hypothesis draws a room (every Baoshan option over its allowed values), a wall seed, a dealer,
the 买点 (given to ``new_hand`` or bought in the BUYING phase) and a policy (a seeded
:class:`random.Random` plus how eagerly it wins, claims and plays for a ready hand). Each example
plays one hand to its end and checks after every step:

* TILE-1: the tiles are conserved. The concealed hands, the melds' physical tiles, the undrawn
  live wall ``wall[front:back]`` and the discards still on the table make up the whole wall, no
  kind ever exceeds four, and each seat holds 13 tiles (14 in its turn). The discards on the
  table are tracked transition by transition: a 碰 or 直杠 takes the claim window's discard off
  the table (it must be the discarder's last one), a 补杠 turns a 碰 into a kong with a tile from
  the konger's own hand, and a 暗杠 takes four from the hand; the table so tracked must match the
  seats' discards less the tiles the melds record as claimed.
* FLOW-3: every listed legal action applies; random illegal actions (another seat's, a Discard of
  a tile not held, a Peng outside a claim window, a Hu without a win, anything after the end,
  BuyPoints out of range, a non-action object, random actions that are not listed) raise
  IllegalActionError and leave the state exactly as it was. Seats not in ``to_act`` have no legal
  actions; ``to_act`` is empty exactly when the hand has ended.
* FLOW-2: the seats asked in a claim window all have a claim; when several must answer (a claim
  or rob window, or the BUYING phase), the answers applied in different orders give equal
  states. ``State.events`` (a report of the last transition, not part of the state's value) is
  compared too, without the Passed / PointsBought event that echoes the answer applied last.
* FLOW-5: the result's deltas are the net of its payments and sum to zero; every payment is
  between two seats and not negative; the next dealer is a seat.
* BS-GANG-1..7, BS-PAY-1..3, BS-CHAJIAO-1..2, READY-1: who pays whom how much is exactly what
  an independent model of the rules (:mod:`model_baoshan`) derives from the hand's events:
  every kong's payments, every win's (its points from its breakdown's lines, checked against
  the room's fan table, cap and scoring), 查叫 (ready seats by the plain detector
  ``tests/reference.py``, 查大叫 scored on its readings), and the payments 杠上炮 and 黄庄
  take back.
* FLOW-6: a 流局 comes only with an empty wall, and a seat in turn always has a tile it may
  discard.

Half the hands are dealt from a nearly sorted ("stacked") wall, so that kongs, robbed
kongs, ready deals (报听), dealt wins, several seats claiming one discard and 十老头 happen often
enough to be checked. The main property plays 1,800 hands and the every-action one 40 (each
listed action of each step applied and checked); the file takes about 60-100 s of one core
(`--hypothesis-show-statistics` lists what the hands went through).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from mahjong_rules import (
    Action,
    ActionError,
    BuyPoints,
    Discard,
    Gang,
    HandResult,
    Hu,
    IllegalActionError,
    MahjongRulesError,
    Meld,
    MeldKind,
    Pass,
    PaymentReason,
    Peng,
    Phase,
    Rules,
    State,
    Tile,
    TileCounts,
    WinKind,
    all_tiles,
    get_variant,
    shanten,
)
from mahjong_rules.engine.events import (
    Claimed,
    Event,
    Konged,
    Passed,
    PaymentsCancelled,
    Won,
)
from mahjong_rules.engine.state import SeatState
from mahjong_rules.engine.wall import make_wall
from mahjong_rules.variants.baoshan import Declared, Ting
from mahjong_rules.variants.baoshan.buying import PointsBought
from mahjong_rules.variants.baoshan.options import DEFAULT_FANS, BaoshanOptions
from model_baoshan import cha_da_jiao_fan, check_settlement, settle
from scripting import bought

MAX_STEPS = 2000
"""No hand takes more actions than this (136 tiles, each drawn and discarded once at most)."""

ALL_TILES = all_tiles(honors=True)
KINDS = len(ALL_TILES)
MELD_KINDS = tuple(MeldKind)
WINDOWS = (Phase.CLAIM, Phase.ROB)
ANSWER_ECHOES = (Passed, PointsBought)
"""Events that only echo the answer applied last (see :func:`assert_same_outcome`)."""

# --------------------------------------------------------------------------- rooms and policies

_SPECIAL_OPTIONS: dict[str, st.SearchStrategy[Any]] = {
    "forced_win_tiles": st.none() | st.integers(0, 24),
    "fan_cap": st.none() | st.integers(0, 3),
    "cha_jiao_fan_cap": st.none() | st.integers(0, 3),
    "fan": st.dictionaries(st.sampled_from(sorted(DEFAULT_FANS)), st.integers(0, 13), max_size=2),
}


def room_options(
    options_class: type[Any], special: dict[str, st.SearchStrategy[Any]]
) -> st.SearchStrategy[dict[str, Any]]:
    """Every option of ``options_class``, each over all its allowed values (``special`` for
    the options without a list of values)."""

    def values(field: attrs.Attribute[Any]) -> st.SearchStrategy[Any]:
        if field.name in special:
            return special[field.name]
        allowed = field.metadata.get("allowed")
        if allowed is None:  # a new option: teach this test its values
            name = options_class.__name__
            raise AssertionError(f"{name}.{field.name} has no strategy in this test")
        return st.sampled_from(allowed)

    return st.fixed_dictionaries({f.name: values(f) for f in attrs.fields(options_class)})


ROOM_OPTIONS = room_options(BaoshanOptions, _SPECIAL_OPTIONS)
"""Every Baoshan option, each over all its allowed values."""


def stacked_wall(seed: int, *, honors: bool, run: int) -> tuple[Tile, ...]:
    """A wall that is still close to sorted: the sorted wall cut into runs of 1..``run`` tiles,
    the runs shuffled, then a few neighbours swapped. Dealt from it (DEAL-1), hands hold many
    pairs, quads and sequences, so 暗杠, 补杠 and robbing it, ready deals (报听), dealt wins, wins
    claimed by several seats and 十老头 come up far more often than from a shuffled wall."""
    rng = random.Random(seed)
    tiles = list(make_wall(honors=honors))
    runs = []
    while tiles:
        k = rng.randint(1, run)
        runs.append(tiles[:k])
        del tiles[:k]
    rng.shuffle(runs)
    wall = [t for r in runs for t in r]
    for _ in range(len(wall) // 10):
        i = rng.randrange(len(wall) - 1)
        wall[i], wall[i + 1] = wall[i + 1], wall[i]
    return tuple(wall)


@attrs.frozen
class Deal:
    """A room and the start of one hand in it (its repr pastes back into a reproduction)."""

    rules: Rules
    seed: int
    dealer: int
    buy_points: tuple[int, ...] | None
    stacked: int = 0
    """0: the wall is shuffled from ``seed``; else :func:`stacked_wall` with runs this long."""

    def new_hand(self) -> State:
        if not self.stacked:
            return self.rules.new_hand(seed=self.seed, dealer=self.dealer, answers=self.answers)
        wall = stacked_wall(self.seed, honors=self.rules.honors, run=self.stacked)
        return self.rules.new_hand(wall=wall, dealer=self.dealer, answers=self.answers)

    @property
    def answers(self) -> tuple[BuyPoints, ...]:
        """买点 (BS-BUY-1) given in advance, in a room that buys points."""
        return bought(self.buy_points) if getattr(self.rules, "buy_cap", 0) else ()


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    rules = get_variant("baoshan", **draw(ROOM_OPTIONS))
    n = rules.players
    cap = getattr(rules, "buy_cap", 0)
    points = st.tuples(*[st.integers(0, cap)] * n)
    buy = draw(st.none() | points) if cap else draw(st.none() | st.just((0,) * n))
    seed = draw(st.integers(0, 2**32 - 1))
    dealer = draw(st.integers(0, n - 1))
    stacked = draw(st.sampled_from((0, 0, 0, 4, 8, 16)))
    return Deal(rules, seed, dealer, buy, stacked)


@attrs.frozen
class Policy:
    """How the random players choose, from a seeded :class:`random.Random`."""

    seed: int
    skill: float
    """Chance that a discard is one that keeps the hand closest to ready (least 向听)."""
    hu: float
    """Chance of taking an offered win."""
    claim: float
    """Chance of taking an offered 碰, 杠 or 报听."""
    honors_first: bool = False
    """Discard honors while any are held (so 十老头 happens, BS-WIN-3)."""

    def choose(self, rng: random.Random, rules: Rules, state: State, seat: int) -> Action:
        actions = rules.legal_actions(state, seat)
        wins = [a for a in actions if isinstance(a, Hu)]
        if wins and rng.random() < self.hu:
            return wins[0]
        claims = [a for a in actions if isinstance(a, (Peng, Gang, Ting))]
        if claims and rng.random() < self.claim:
            return rng.choice(claims)
        discards = [a for a in actions if isinstance(a, Discard)]
        if self.honors_first and any(a.tile.is_honor for a in discards):
            return rng.choice([a for a in discards if a.tile.is_honor])
        if discards and rng.random() < self.skill:
            hand = state.seats[seat].concealed
            sample = rng.sample(discards, min(len(discards), 6))  # cheaper than all, as good
            scored = [(shanten(hand.remove(a.tile)), a) for a in sample]
            best = min(s for s, _ in scored)
            return rng.choice([a for s, a in scored if s == best])
        plain = [a for a in actions if isinstance(a, (Discard, Pass, BuyPoints))]
        return rng.choice(plain or list(actions))


POLICIES = st.builds(
    Policy,
    seed=st.integers(0, 2**32 - 1),
    skill=st.sampled_from((0.0, 0.8, 1.0)),
    hu=st.sampled_from((0.3, 0.8, 1.0)),
    claim=st.sampled_from((0.1, 0.5, 0.9)),
    honors_first=st.sampled_from((False, False, False, True)),
)

# --------------------------------------------------------------------------- tile accounting

Table = tuple[tuple[Tile, ...], ...]
"""Per seat, its discards still lying on the table (not claimed), in order."""


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    out = [0] * KINDS
    for tile in tiles:
        out[tile.index] += 1
    return out


_LANE = [1 << (8 * i) for i in range(KINDS)]
_FOURS = sum(4 * lane for lane in _LANE)
_THREES = sum(3 * lane for lane in _LANE)
_HIGHS = sum(0xF8 * lane for lane in _LANE)
_SPREAD = [sum(((v >> (3 * j)) & 7) << (8 * j) for j in range(4)) for v in range(1 << 12)]
"""Four 3-bit counts (12 bits of :attr:`TileCounts.bits`) spread to four 8-bit lanes."""


def over_four(wide: int) -> bool:
    """Whether a kind count in ``wide`` (8 bits per kind) is above four."""
    return bool((wide + _THREES) & _HIGHS)


class Accounts:
    """TILE-1 bookkeeping for one hand. Multisets of tiles are added as integers with 8 bits
    per kind (no count here comes near 256, so sums never carry and equality is exact), with
    memos for the values that recur from state to state."""

    def __init__(self, wall: Sequence[Tile]) -> None:
        self.wall = tuple(wall)
        self.whole = self.tiles(self.wall)
        self._prefix = [0]
        for tile in self.wall:
            self._prefix.append(self._prefix[-1] + _LANE[tile.index])
        self._counts: dict[int, int] = {}
        self._melds: dict[Meld, int] = {}
        self._seqs: dict[int, tuple[tuple[Tile, ...], int]] = {}

    @staticmethod
    def tiles(tiles: Iterable[Tile]) -> int:
        return sum(_LANE[t.index] for t in tiles)

    def seq(self, tiles: tuple[Tile, ...]) -> int:
        """Memo by identity: states share their unchanged tuples (the memo keeps each tuple
        alive, so its id cannot be reused)."""
        found = self._seqs.get(id(tiles))
        if found is None:
            found = self._seqs[id(tiles)] = (tiles, self.tiles(tiles))
        return found[1]

    def live(self, front: int, back: int) -> int:
        """The tiles of ``wall[front:back]``, from prefix sums."""
        return self._prefix[back] - self._prefix[front]

    def counts(self, counts: TileCounts) -> int:
        found = self._counts.get(counts.bits)
        if found is None:
            bits = counts.bits
            found = 0
            for k in range(0, KINDS, 4):
                found |= _SPREAD[(bits >> (3 * k)) & 0xFFF] << (8 * k)
            self._counts[bits] = found
        return found

    def meld(self, meld: Meld) -> int:
        found = self._melds.get(meld)
        if found is None:
            assert isinstance(meld, Meld), meld
            found = self._melds[meld] = self.counts(meld.tiles)
        return found


def track_table(table: Table, before: State, after: State) -> Table:
    """The table after one transition: new discards go on it; a 碰 or 直杠 takes the claim
    window's discard (the discarder's last one) off it; 补杠 and 暗杠 take nothing (TILE-1)."""
    piles = list(table)
    for seat, (old, new) in enumerate(zip(before.seats, after.seats, strict=True)):
        if new.discards is old.discards or new.discards == old.discards:
            continue
        assert len(new.discards) == len(old.discards) + 1, "one discard per transition"
        assert new.discards[:-1] == old.discards, "discards are only ever appended"
        piles[seat] = (*piles[seat], new.discards[-1])
    changed = 0
    for seat, (old, new) in enumerate(zip(before.seats, after.seats, strict=True)):
        if new.melds is old.melds or new.melds == old.melds:
            continue
        changed += 1
        assert len(new.melds) - len(old.melds) in (0, 1), (old.melds, new.melds)
        for was, now in zip(old.melds, new.melds, strict=False):
            if was != now:  # only a 补杠 changes a meld, onto a peng of the same tile
                assert was.kind is MeldKind.PENG and now.kind is MeldKind.BU_GANG, (was, now)
                assert (was.tile, was.from_seat) == (now.tile, now.from_seat), (was, now)
                assert len(new.melds) == len(old.melds)
                assert before.phase in (Phase.TURN, Phase.ROB), before.phase
                assert before.current == seat
        if len(new.melds) > len(old.melds):
            meld = new.melds[-1]
            if meld.kind is MeldKind.AN_GANG:
                assert meld.from_seat is None
            else:
                assert meld.kind in (MeldKind.PENG, MeldKind.ZHI_GANG), meld
                assert before.phase is Phase.CLAIM and before.tile == meld.tile, (before, meld)
                assert meld.from_seat == before.current != seat, meld
                pile = piles[before.current]
                assert pile and pile[-1] == meld.tile, "a claim takes the discarder's last tile"
                piles[before.current] = pile[:-1]
    assert changed <= 1, "one meld per transition"
    return tuple(piles)


def check_tiles(state: State, table: Table, accounts: Accounts) -> None:
    """TILE-1: every tile of the wall is in exactly one place; at most four of a kind."""
    assert state.wall is accounts.wall or state.wall == accounts.wall, "the wall changed"
    assert 0 <= state.front <= state.back <= len(state.wall)
    assert state.tiles_left == state.back - state.front
    total = accounts.live(state.front, state.back)
    claimed = [0] * state.players
    for s in state.seats:
        for meld in s.melds:
            if meld.from_seat is not None:  # 碰, 直杠, and 补杠 (its peng's tile)
                claimed[meld.from_seat] += _LANE[meld.tile.index]
    for seat, s in enumerate(state.seats):
        held = accounts.counts(s.concealed) + sum(accounts.meld(m) for m in s.melds)
        assert not over_four(held), f"seat {seat} holds a fifth copy: {s}"
        pile = accounts.seq(table[seat])
        # the table tracked by transitions is the seat's discards less what melds claimed
        assert accounts.seq(s.discards) - claimed[seat] == pile, (seat, s.discards, table[seat])
        total += held + pile
    assert not over_four(total), "a fifth copy of a kind"
    assert total == accounts.whole, "tiles appeared or vanished"


def check_sizes(state: State) -> None:
    """Each seat holds 13 tiles (melds count 3), 14 for the seat in turn or making a 补杠."""
    sizes = [s.tiles_count for s in state.seats]
    if state.phase is Phase.CHOOSING:
        assert sizes == [0] * state.players
    elif state.phase in (Phase.TURN, Phase.ROB):
        assert sizes == [14 if i == state.current else 13 for i in range(state.players)]
    elif state.phase is Phase.CLAIM:
        assert sizes == [13] * state.players
    else:
        assert all(n in (13, 14) for n in sizes) and sizes.count(14) <= 1, sizes


# --------------------------------------------------------------------------- per-state checks


def check_acting(rules: Rules, state: State) -> None:
    """Who acts, and what each may do (FLOW-2, FLOW-3, FLOW-6)."""
    acting = rules.to_act(state)
    ended = rules.result(state) is not None
    assert (not acting) == ended == (state.phase is Phase.ENDED)
    assert acting <= set(range(state.players))
    for bad in (-1, state.players, True):  # no such seat: refused, as view and waits refuse it
        with pytest.raises(IllegalActionError, match="no seat"):
            rules.legal_actions(state, bad)
    for seat in range(state.players):
        actions = rules.legal_actions(state, seat)
        if seat not in acting:
            assert actions == (), (seat, actions)
            continue
        assert actions, f"seat {seat} must act but may do nothing"
        assert len(set(actions)) == len(actions), actions
        assert all(isinstance(a, Action) and a.seat == seat for a in actions), actions
        kinds = {type(a) for a in actions}
        if state.phase is Phase.TURN:
            assert seat == state.current
            assert kinds <= {Discard, Gang, Hu, Ting}, actions
            assert Discard in kinds, "FLOW-6: a seat in turn always has a tile it may discard"
            held = state.seats[seat].concealed
            assert all(a.tile in held for a in actions if isinstance(a, Discard))
        elif state.phase is Phase.CHOOSING:
            assert actions == tuple(
                BuyPoints(seat, p) for p in range(getattr(rules, "buy_cap", 0) + 1)
            )
        else:
            # FLOW-2: only seats with a claim are asked, and each may also pass
            assert seat in state.claimants and seat != state.current
            assert actions[-1] == Pass(seat), actions
            assert len(actions) >= 2 or state.options.ask_every_seat, actions
            allowed = {Hu, Pass} if state.phase is Phase.ROB else {Hu, Peng, Gang, Pass}
            assert kinds <= allowed, actions
    if state.phase in WINDOWS:
        n = state.players
        expected = tuple((state.current + k) % n for k in range(1, n))
        assert state.claimants == tuple(s for s in expected if s in state.claimants)
        assert acting == set(state.claimants) - {a.seat for a in state.answers}
        assert [a.seat for a in state.answers] == sorted(a.seat for a in state.answers)


def check_result(
    rules: Rules, state: State, log: Sequence[Event], bought: tuple[int, ...] | None
) -> HandResult:
    """FLOW-5 and FLOW-6 on the settlement, and who pays whom how much: exactly the payments
    and cancellations of the independent model of the rules (:mod:`model_baoshan`: BS-GANG-1..7,
    BS-PAY-1..3, BS-CHAJIAO-1..2, READY-1), from the hand's events ``log``."""
    result = rules.result(state)
    assert isinstance(result, HandResult)
    n = state.players
    net = [0] * n
    for p in result.payments:
        assert isinstance(p.payee, int), p  # a seat: Baoshan pays no pot
        assert 0 <= p.payer < n and 0 <= p.payee < n, p
        assert p.payer != p.payee, p
        assert isinstance(p.amount, int) and p.amount >= 0, p
        assert isinstance(p.reason, PaymentReason), p
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    assert sum(result.deltas) == 0, result.deltas
    assert list(result.deltas) == net, (result.deltas, net)
    assert isinstance(result.next_dealer, int) and 0 <= result.next_dealer < n
    for p in result.cancelled:
        assert p.reason is PaymentReason.KONG and p not in result.payments, p
    if result.exhausted:
        assert not result.wins and state.tiles_left == 0, "FLOW-6: 流局 only with an empty wall"
    else:
        assert result.wins, "a hand ends with a win or a 流局"
    winners = result.winners
    assert len(set(winners)) == len(winners)
    if len(winners) > 1:
        assert all(w.how in (WinKind.DISCARD, WinKind.ROB_KONG) for w in result.wins)
    for win in result.wins:
        assert 0 <= win.seat < n
        assert win.from_seat is None or (0 <= win.from_seat < n and win.from_seat != win.seat)
    assert result.wins == tuple(e.win for e in log if isinstance(e, Won))
    model = settle(state.options, n, log, state.seats, bought)
    check_settlement(model, result)
    return result


# --------------------------------------------------------------------------- illegal actions


def snapshot(state: State) -> tuple[State, dict[str, Any]]:
    """A copy of ``state`` and its fields (by identity), read as any caller reads them."""
    fields = {f.name: getattr(state, f.name) for f in State.FIELDS}
    return copy.copy(state), fields


def assert_unchanged(state: State, saved: tuple[State, dict[str, Any]]) -> None:
    before, fields = saved
    assert state == before
    for name, value in fields.items():
        now = getattr(state, name)
        # (the compiled state keeps its ints unboxed: a read builds a new int object)
        same = now is value or (type(value) is int and type(now) is int and now == value)
        assert same, f"field {name} of the state changed"


def random_action(rng: random.Random, state: State) -> Action:
    """Any action at all, for any seat (mostly real ones, a few out of range)."""
    seat = rng.randrange(-1, state.players + 1)
    tile = rng.choice(ALL_TILES)
    return rng.choice(
        (
            Discard(seat, tile),
            Peng(seat),
            Gang(seat, tile, rng.choice(MELD_KINDS)),
            Hu(seat),
            Pass(seat),
            Ting(seat),
            BuyPoints(seat, rng.randrange(-1, 4)),
        )
    )


def illegal_action(rng: random.Random, rules: Rules, state: State) -> object:
    """One illegal action (or non-action) of a randomly chosen kind."""
    n = state.players
    acting = sorted(rules.to_act(state))
    idle = [s for s in range(n) if s not in acting] or [n, -1]
    kind = rng.randrange(9)
    if kind == 0 and acting:  # another seat's action
        action = rng.choice(rules.legal_actions(state, rng.choice(acting)))
        return attrs.evolve(action, seat=rng.choice(idle))
    if kind == 1:  # a discard of a tile not held
        seat = rng.choice(acting or range(n))
        held = state.seats[seat].concealed
        return Discard(seat, rng.choice([t for t in ALL_TILES if t not in held]))
    if kind == 2:  # a peng outside a claim window, or by a seat that cannot peng
        seats = [s for s in range(n) if Peng(s) not in rules.legal_actions(state, s)]
        return Peng(rng.choice(seats or [n]))
    if kind == 3:  # a hu without a win
        seats = [s for s in range(n) if Hu(s) not in rules.legal_actions(state, s)]
        return Hu(rng.choice(seats or [n]))
    if kind == 4:  # 买点 out of range (or outside the BUYING phase)
        return BuyPoints(
            rng.randrange(n), rng.choice((-1, getattr(rules, "buy_cap", 0) + 1, 3, 99))
        )
    if kind == 5:  # not an action at all
        return rng.choice(
            (None, 0, "Pass(0)", Tile("5m"), (0,), Pass, Meld.parse("P5m@1"), object())
        )
    if kind == 6 and acting:  # a listed action with a part changed
        action = rng.choice(rules.legal_actions(state, rng.choice(acting)))
        if isinstance(action, Gang):
            kind_ = rng.choice([k for k in MELD_KINDS if k is not action.kind])
            return attrs.evolve(action, kind=kind_)
        if isinstance(action, (Peng, Gang)):  # no wildcards in Baoshan
            return attrs.evolve(action, wild_tiles=(Tile("1z"),))
        if isinstance(action, BuyPoints):
            return attrs.evolve(action, points=getattr(rules, "buy_cap", 0) + 1)
        if isinstance(action, Discard):
            held = state.seats[action.seat].concealed
            return attrs.evolve(action, tile=rng.choice([t for t in ALL_TILES if t not in held]))
    return random_action(rng, state)


REFUSED = object()
"""What :func:`built` gives for an action its constructor refused."""


def built(make: Callable[..., object], *args: Any) -> object:
    """The action ``make(*args)`` builds, or :data:`REFUSED` when its constructor refuses it with
    ActionError (a seat off every table, points out of range, a kong kind that is no kong):
    FLOW-3 at the edge, where the input comes in."""
    try:
        return make(*args)
    except ActionError:
        return REFUSED


def is_listed(rules: Rules, state: State, action: object) -> bool:
    if not isinstance(action, Action):
        return False
    seat = action.seat
    if seat.__class__ is not int or not 0 <= seat < state.players:
        return False  # no seat of this table: legal_actions refuses it
    return action in rules.legal_actions(state, seat)


def check_illegal(rules: Rules, state: State, action: object) -> None:
    """FLOW-3: an illegal action raises, says why, and leaves the state as it was."""
    if action is REFUSED or is_listed(rules, state, action):
        return
    saved = snapshot(state)
    expected = IllegalActionError if isinstance(action, Action) else MahjongRulesError
    with pytest.raises(expected) as caught:
        rules.apply(state, action)  # type: ignore[arg-type]
    assert str(caught.value), "the error says why"
    assert_unchanged(state, saved)


# --------------------------------------------------------------------------- order independence


def without_echoes(events: Sequence[Event]) -> tuple[Event, ...]:
    return tuple(e for e in events if not isinstance(e, ANSWER_ECHOES))


def assert_same_outcome(a: State, b: State) -> None:
    """The states are equal, but for ``events``, which records only the last transition and so
    echoes whichever answer came last (a Passed or PointsBought event): the rest must agree."""
    for field in State.FIELDS:
        if field.name in ("cache", "events"):
            continue
        assert getattr(a, field.name) == getattr(b, field.name), field.name
    assert without_echoes(a.events) == without_echoes(b.events)


def compare_answer_orders(
    rng: random.Random,
    rules: Rules,
    state: State,
    choose: Callable[[random.Random, Rules, State, int], Action],
    last: Callable[[State, Action, State], None] | None = None,
) -> list[Action]:
    """FLOW-2: several seats answer a window (or buy points); any order gives the same state.

    Each acting seat's answer comes from ``choose`` (half the time) or is any listed action;
    the answers are applied in two or three orders, each step checked to leave its input
    unchanged and to ask exactly the seats still to answer; ``last`` (if given) checks the
    step that closes the window. Returns the answers."""
    acting = sorted(rules.to_act(state))
    answers = [
        choose(rng, rules, state, s)
        if rng.random() < 0.5
        else rng.choice(rules.legal_actions(state, s))
        for s in acting
    ]
    orders = [answers, answers[::-1]]
    if len(answers) > 2:
        orders.append(rng.sample(answers, len(answers)))
    finals = []
    saved_start = snapshot(state)
    for order in orders:
        current = state
        for i, answer in enumerate(order):
            saved = snapshot(current)
            after = rules.apply(current, answer)
            assert_unchanged(current, saved)
            if i < len(order) - 1:
                left = {a.seat for a in order[i + 1 :]}
                assert rules.to_act(after) == left, (order, i)
                for done in order[: i + 1]:
                    assert rules.legal_actions(after, done.seat) == ()
            elif last is not None:
                last(current, answer, after)
            current = after
        finals.append(current)
    assert_unchanged(state, saved_start)
    for other in finals[1:]:
        assert_same_outcome(finals[0], other)
    return answers


def check_answer_orders(rng: random.Random, rules: Rules, state: State, policy: Policy) -> None:
    """FLOW-2 on Baoshan: :func:`compare_answer_orders` with the random policy."""
    acting = rules.to_act(state)
    compare_answer_orders(rng, rules, state, policy.choose)
    event(f"answer orders compared: {state.phase.value}, {len(acting)} seats")


# --------------------------------------------------------------------------- playing a hand


@attrs.define
class Played:
    steps: int = 0
    applied: int = 0
    """Actions applied, those tried off the played line included."""
    seen: set[str] = attrs.field(factory=set)
    """What the hand went through (reported as hypothesis events, for coverage)."""


def observe(state: State, seen: set[str]) -> None:
    for e in state.events:
        if isinstance(e, (Claimed, Konged)):
            seen.add(f"meld: {e.meld.kind.value}")
        elif isinstance(e, Declared):
            seen.add("报听")
        elif isinstance(e, PaymentsCancelled):
            seen.add(f"payments cancelled: {e.why}")
    if state.phase is Phase.ROB:
        seen.add("rob window")
    if any(s.pass_hu for s in state.seats):
        seen.add("过手胡")
    if state.forced:
        seen.add("forced answer in a window")


def check_state(
    rules: Rules, state: State, table: Table, accounts: Accounts, *, acting: bool = True
) -> None:
    check_tiles(state, table, accounts)
    check_sizes(state)
    if acting:
        check_acting(rules, state)


def play(
    deal: Deal, policy: Policy, *, every_action: bool = False, tries: int = 1, probes: int = 1
) -> Played:
    """Play one hand to its end, checking everything after every step.

    At each step ``probes`` random illegal actions are tried, the chosen action is applied, and
    so are ``tries`` other listed actions off the played line (with ``every_action``: every
    action listed for every seat that must act, each resulting state checked in full).
    """
    rules = deal.rules
    rng = random.Random(policy.seed)
    state = deal.new_hand()
    assert len(state.wall) == (136 if rules.honors else 108), "TILE-1"
    assert counts_of(state.wall) == [4 if i < 27 or rules.honors else 0 for i in range(KINDS)]
    accounts = Accounts(state.wall)
    table: Table = tuple(() for _ in range(state.players))
    check_state(rules, state, table, accounts)
    log: list[Event] = list(state.events)
    played = Played()
    while True:
        for _ in range(probes):
            check_illegal(rules, state, built(illegal_action, rng, rules, state))
        if rules.result(state) is not None:
            break
        acting = sorted(rules.to_act(state))
        if len(acting) > 1:
            check_answer_orders(rng, rules, state, policy)
        seat = rng.choice(acting)
        chosen = policy.choose(rng, rules, state, seat)
        listed = [a for s in acting for a in rules.legal_actions(state, s)]
        others = [a for a in listed if a != chosen]
        if not every_action:
            others = rng.sample(others, min(tries, len(others)))
        saved = snapshot(state)
        for action in others:
            after = rules.apply(state, action)
            check_state(
                rules, after, track_table(table, state, after), accounts, acting=every_action
            )
            played.applied += 1
        assert_unchanged(state, saved)
        after = rules.apply(state, chosen)
        assert_unchanged(state, saved)
        table = track_table(table, state, after)
        check_state(rules, after, table, accounts)
        state = after
        log.extend(state.events)
        observe(state, played.seen)
        played.steps += 1
        played.applied += 1
        assert played.steps < MAX_STEPS, "the hand never ends"
    result = check_result(rules, state, log, deal.buy_points)
    # FLOW-3: nothing is legal after the end
    for _ in range(4):
        check_illegal(rules, state, built(random_action, rng, state))
    if result.exhausted:
        played.seen.add("流局")
    for win in result.wins:
        played.seen.add(f"win: {win.how.value}{' (forced)' if win.forced else ''}")
        played.seen.update(f"pattern: {item.key}" for item in win.breakdown.items)
    if len(result.wins) > 1:
        played.seen.add("一炮多响")
    for label in sorted(played.seen):
        event(label)
    return played


# --------------------------------------------------------------------------- the properties


@pytest.mark.slow  # (the quick part leaves it to the full run; CI runs it)
@settings(deadline=None, max_examples=1800)
@given(deal=deals(), policy=POLICIES)
@example(  # 查大叫 of 66m11223p666s + 暗杠 4p waiting on 3p, its last copy: 边绝张 counts once
    deal=Deal(
        rules=get_variant(
            "baoshan",
            honors=True,
            pian_gang=True,
            yi_tiao_long=True,
            si_gui_yi=True,
            si_gui_yi_with_peng=True,
            bao_ting=True,
            ask_every_seat=True,
            fan_cap=None,
            cha_jiao_fan_cap=None,
        ),
        seed=362879,
        dealer=1,
        buy_points=None,
        stacked=4,
    ),
    policy=Policy(seed=1, skill=0.0, hu=0.3, claim=0.9),
)
def test_random_hands_keep_every_invariant(deal: Deal, policy: Policy) -> None:
    """TILE-1, FLOW-2, FLOW-3, FLOW-5, FLOW-6: a random hand in a random room, checked after
    every step (tiles conserved, legal actions apply, illegal ones raise and change nothing,
    answer order leaves no trace, the settlement nets to zero)."""
    play(deal, policy, every_action=False)


@settings(deadline=None, max_examples=40)
@given(deal=deals(), policy=POLICIES)
def test_every_listed_action_applies(deal: Deal, policy: Policy) -> None:
    """FLOW-3: at every step of a hand, every action listed for every seat that must act
    applies cleanly and gives a state that keeps TILE-1 and the FLOW-2 / FLOW-6 checks."""
    play(deal, policy, every_action=True, probes=1)


def test_bs_chajiao_2_the_model_counts_a_pattern_once_a_reading() -> None:
    """BS-CHAJIAO-2, BS-PAT-边绝张: the model's 查大叫 of 66m11223p666s + 暗杠 4p, declared,
    waiting on 3p whose other three copies are a peng on the table: the reading 123p 123p
    holds the winning tile in two chows, and 边绝张 still counts once: 门清 + 来门报听 +
    边绝张 = 3 fan (the engine's too: the ``@example`` above plays that hand)."""
    rules = get_variant("baoshan", bao_ting=True, fan_cap=None, cha_jiao_fan_cap=None)
    seat = SeatState(TileCounts("66m11223p666s"), (Meld.parse("A4p"),))
    three_p = Tile("3p").index
    assert cha_da_jiao_fan(rules.options, seat, True, {three_p}, False) == 3
    assert cha_da_jiao_fan(rules.options, seat, False, {three_p}, False) == 2
    assert cha_da_jiao_fan(rules.options, seat, True, set(), False) == 2


def test_a_state_of_another_room_is_refused() -> None:
    """FLOW-3: a state of one room cannot be played with another room's rules."""
    rules = get_variant("baoshan")
    other = get_variant("baoshan", players=3)
    state = rules.new_hand(seed=1)
    action = rules.legal_actions(state, 0)[0]
    saved = snapshot(state)
    with pytest.raises(IllegalActionError):
        other.apply(state, action)
    assert_unchanged(state, saved)


def _two_orders(rules: Rules, state: State, first: Action, second: Action) -> tuple[State, State]:
    a = rules.apply(rules.apply(state, first), second)
    b = rules.apply(rules.apply(state, second), first)
    return a, b


def _buying() -> tuple[Rules, State, tuple[Action, Action]]:
    rules = get_variant("baoshan", players=2, buy_points="dead_1")
    return rules, rules.new_hand(seed=1), (BuyPoints(0, 0), BuyPoints(1, 1))


def _claim_window() -> tuple[Rules, State, tuple[Action, Action]]:
    """Seed 275, 3 players: seat 2's 8p may be punged by seat 0 and won on by seat 1."""
    rules = get_variant("baoshan", players=3)
    state = rules.new_hand(seed=275)
    for _ in range(29):  # the first listed discard, or pass
        seat = min(rules.to_act(state))
        listed = rules.legal_actions(state, seat)
        state = rules.apply(state, next(a for a in listed if isinstance(a, (Discard, Pass))))
    assert state.phase is Phase.CLAIM and state.tile == Tile("8p")
    assert rules.legal_actions(state, 0) == (Peng(0), Pass(0))
    assert rules.legal_actions(state, 1) == (Hu(1), Pass(1))
    return rules, state, (Pass(0), Pass(1))


@pytest.mark.parametrize("window", [_buying, _claim_window], ids=["buying", "claim"])
def test_answer_order_changes_nothing_but_the_echo(window: Any) -> None:
    """FLOW-2: two answers applied in either order give the same hand: every field agrees, and
    the events agree but for the echo of the answer applied last."""
    rules, state, (first, second) = window()
    a, b = _two_orders(rules, state, first, second)
    assert_same_outcome(a, b)
    assert without_echoes(a.events) == without_echoes(b.events)


@pytest.mark.parametrize("window", [_buying, _claim_window], ids=["buying", "claim"])
def test_answer_order_leaves_no_trace_in_state_equality(window: Any) -> None:
    """FLOW-2: two answers applied in either order give equal states (State == ignores only
    ``cache`` and ``events``, the report of the last transition)."""
    rules, state, (first, second) = window()
    a, b = _two_orders(rules, state, first, second)
    assert a == b
