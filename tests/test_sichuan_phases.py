"""Sichuan's 换三张 (huàn sān zhāng) and 定缺 (dìng quē) as phases of its own (issue 20,
helper sc-phases): :mod:`mahjong_rules.variants.sichuan.phases`, its actions, events and
records, on a test-local room (Sichuan has no rules class yet). The room derives from
:class:`~mahjong_rules.variants.base.Rules` like docs/writing_a_variant.rst's plain game, with
:class:`SichuanOptions` under a class of its own, registered in a copy of the registry (as
tests/test_variant_phases.py does); its five hooks with no default are minimal: any complete
hand wins (``is_win``), scored by ``score_sichuan``, one point a payer.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import Any, ClassVar

import attrs
import pytest

from contract_kit import Mini
from dcmshi_data import CORPUS, SUITS, Hand, read_hands
from dcmshi_deal import (
    dcmshi_hands,
    dcmshi_seat,
    library_seat,
    library_wall,
    swapped_hands,
    tile_of,
)
from dcmshi_deal import swap_direction as swap_direction_of_seed
from mahjong_rules import (
    Payment,
    PaymentReason,
    Phase,
    State,
    Suit,
    TileCounts,
    WinRecord,
)
from mahjong_rules.engine.action_ids import id_sections
from mahjong_rules.engine.actions import Action, Discard, Pass, parse_action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.phases import OwnPhase
from mahjong_rules.errors import (
    ActionError,
    ActionParseError,
    ActionTypeError,
    IllegalActionError,
    SerializationError,
)
from mahjong_rules.scoring import Breakdown, WinContext
from mahjong_rules.serial import check_state, from_dict, to_dict
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants import get_variant, registry
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.sichuan import SichuanOptions, score_sichuan
from mahjong_rules.variants.sichuan.actions import (
    AsideSet,
    DeclareVoid,
    SwapTiles,
    TilesChosen,
    TilesSwapped,
    VoidDeclared,
)
from mahjong_rules.variants.sichuan.phases import SICHUAN_PHASES
from mahjong_rules.variants.sichuan.records import (
    SichuanHand,
    SichuanOwn,
    SichuanSeat,
    SichuanTable,
    hand_in_play,
    hand_problem,
    private_view,
    public_view,
    seat_problem,
    swap_direction,
    turned_up,
)
from mahjong_rules.wins import is_win
from scripting import make_wall

M, P, S = Suit.MAN, Suit.PIN, Suit.SOU


def T(text: str) -> Tile:
    return Tile(text)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(TileCounts(text))


@attrs.frozen
class PhasesRoomOptions(SichuanOptions):
    """The test room's options (Sichuan's, under a class of its own)."""


class SichuanPhasesRoom(Mini):
    """A room with Sichuan's two phases and records, and the simplest play after them (settled
    as the contract tests' :class:`~contract_kit.Mini` settles)."""

    name = "sichuan_phases_room"
    aliases: ClassVar[tuple[str, ...]] = ()
    name_zh = "换三张定缺房"
    options_class = PhasesRoomOptions
    phases: ClassVar[tuple[OwnPhase, ...]] = SICHUAN_PHASES
    action_types = (SwapTiles, DeclareVoid)
    event_types = (TilesChosen, TilesSwapped, VoidDeclared, AsideSet)
    seat_state_class = SichuanSeat
    hand_state_class = SichuanHand
    public_view_class = SichuanTable
    private_view_class = SichuanOwn

    def public_variant_view(self, state: State) -> SichuanTable:
        return public_view(state)

    def private_variant_view(self, state: State, seat: int) -> SichuanOwn:
        return private_view(state, seat)

    def hand_state_problem(self, state: State) -> str | None:
        return hand_problem(state)

    def seat_state_problem(self, state: State, seat: int) -> str | None:
        return seat_problem(state, seat)

    def discardable(self, state: State, seat: int) -> TileCounts | Iterable[Tile]:
        """SC-VOID-2: the tile set aside is the seat's first discard (no kong of it, nor any
        other check of that rule, here)."""
        mine = state.seats[seat]
        aside = mine.variant.aside
        if state.variant.voided and aside in mine.concealed and not mine.discards:
            return [aside]
        return super().discardable(state, seat)

    def is_complete(self, state: State, seat: int, concealed: TileCounts) -> bool:
        return is_win(concealed, seven_pairs=True, honors=False)

    def score(self, ctx: WinContext) -> Breakdown | None:
        return score_sichuan(ctx, self.options)

    def win_payments(self, state: State, win: WinRecord) -> list[Payment]:
        if win.from_seat is not None:
            return [Payment(win.from_seat, win.seat, 1, PaymentReason.WIN)]
        others = [p for p in range(state.players) if p != win.seat]
        return [Payment(p, win.seat, 1, PaymentReason.WIN) for p in others]


@pytest.fixture(autouse=True)
def room(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The room registered in a copy of the registry, restored afterwards."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    registry.register_variant(SichuanPhasesRoom)
    yield
    registry.rules_for.cache_clear()


def rules_of(**options: Any) -> Rules:
    return get_variant("sichuan_phases_room", **options)


HANDS = {
    0: "55m1145p22456688s",  # the dealer: 2 万, 4 筒, 8 条
    1: "88m3p1234567799s",
    2: "111444m2225p333s",  # few answers: listed in full below
    3: "235667899m6789p",  # no 条
}
WALL = make_wall(HANDS)


def dealt(**options: Any) -> tuple[Rules, State]:
    rules = rules_of(**options)
    return rules, rules.new_hand(wall=WALL, dealer=0)


def texts(actions: Any) -> list[str]:
    return [str(a) for a in actions]


def answer_all(rules: Rules, state: State, answers: Any) -> State:
    for answer in answers:
        state = rules.apply(state, answer)
    return state


# ------------------------------------------------------------------------ the actions


def test_sc_swap_1_the_swap_action_text_documents_and_refusals() -> None:
    """SC-SWAP-1 换三张: ``SwapTiles`` holds three tiles of one suit, sorted (a multiset);
    its text reads back under each verb, its document too; anything else is refused with the
    library's errors naming the field."""
    action = SwapTiles(1, "9s1s9s")  # type: ignore[arg-type]  # notation is converted
    assert action.tiles == tiles("199s") and str(action) == "1 swap 1s9s9s"
    for text in ("1 swap 1s9s9s", "1 换三张 9s1s9s", "1 换 9s9s1s"):
        assert parse_action(text) == action
    assert from_dict(to_dict(action)) == action
    for bad in ("1m2m", "1m2m3p", "1m1m1m1m", "5m6m7z"):
        with pytest.raises(ActionError, match=r"^SwapTiles\.tiles"):
            SwapTiles(0, bad)  # type: ignore[arg-type]
    with pytest.raises(ActionTypeError, match=r"^SwapTiles\.tiles"):
        SwapTiles(0, 123)  # type: ignore[arg-type]
    with pytest.raises(ActionParseError):
        parse_action("0 swap 1m2m")
    with pytest.raises(SerializationError):
        from_dict({"type": "SwapTiles", "seat": 0, "tiles": ["1m", "2p", "3s"]})


def test_sc_void_1_the_void_action_text_documents_and_refusals() -> None:
    """SC-VOID-1 定缺: ``DeclareVoid`` names a suit of 万 筒 条 and the tile of it set aside,
    or ``None`` (``-``); an honor suit or a tile of another suit is refused."""
    assert str(DeclareVoid(0, "p", "4p")) == "0 void p 4p"  # type: ignore[arg-type]
    assert str(DeclareVoid(3, S)) == "3 void s -"
    assert parse_action("2 定缺 m 7m") == DeclareVoid(2, M, T("7m"))
    assert parse_action("2 缺 s -") == DeclareVoid(2, S, None)
    for action in (DeclareVoid(2, M, T("7m")), DeclareVoid(1, P, None)):
        assert from_dict(to_dict(action)) == action
    with pytest.raises(ActionError, match=r"^DeclareVoid\.suit: 万, 筒 or 条"):
        DeclareVoid(0, Suit.HONOR)
    with pytest.raises(
        ActionError,
        match=r"^DeclareVoid\.aside: a tile of the void suit \(筒\) or None, got Tile\('4m'\)",
    ):
        DeclareVoid(0, P, T("4m"))
    with pytest.raises(ActionTypeError, match=r"^DeclareVoid\.aside"):
        DeclareVoid(0, P, 4)  # type: ignore[arg-type]
    for text in ("0 void z -", "0 void p", "0 void p 4m"):
        with pytest.raises(ActionParseError):
            parse_action(text)
    with pytest.raises(SerializationError):
        from_dict({"type": "DeclareVoid", "seat": 0, "suit": "m", "aside": "1p"})


def test_sc_swap_1_sc_void_1_action_ids() -> None:
    """SC-SWAP-1, SC-VOID-1: a room that swaps gives every three tiles of one suit an id (3 x
    165), one that does not none; 定缺 has 30 (a suit, with no tile or one of its nine), and
    every id reads back as its action."""
    swapping, plain = rules_of(swap_three=True), rules_of()
    assert [s[0] for s in id_sections(swapping)[-2:]] == ["swap", "void"]
    assert [s[2] for s in id_sections(swapping)[-2:]] == [495, 30]
    assert swapping.action_space - plain.action_space == 495
    for action in (
        SwapTiles(3, tiles("4p4p9p")),
        DeclareVoid(2, S, None),
        DeclareVoid(1, M, T("9m")),
    ):
        assert swapping.action_from_id(action.seat, swapping.action_id(action)) == action


# ------------------------------------------------------------------------ the answers


def test_sc_swap_1_every_seats_answers_exactly() -> None:
    """SC-SWAP-1: in a room that swaps, the phase opens after the deal asking all four; a
    seat's answers are every three tiles of one suit it holds, each multiset once, by suit
    then tile order; the default (the bots' answer, OwnPhase.advise) passes the three whose
    loss costs least, the hand to lack a suit after 定缺: the dealer passes 1p1p4p from his
    four 筒, seat 3 (no 条, so it keeps 万 and 筒) 2m3m5m rather than break 678p."""
    rules, state = dealt(swap_three=True)
    assert (state.phase, state.stage, state.claimants) == (Phase.CHOOSING, "swapping", (0, 1, 2, 3))
    assert texts(rules.legal_actions(state, 2)) == [
        "2 swap 1m1m1m",
        "2 swap 1m1m4m",
        "2 swap 1m4m4m",
        "2 swap 4m4m4m",
        "2 swap 2p2p2p",
        "2 swap 2p2p5p",
        "2 swap 3s3s3s",
    ]
    for seat, hand in HANDS.items():
        held = list(TileCounts(hand))
        oracle = {
            tuple(sorted(c))
            for c in itertools.combinations(held, 3)
            if len({t.suit for t in c}) == 1
        }
        listed = [a.tiles for a in rules.legal_actions(state, seat)]  # type: ignore[attr-defined]
        assert len(listed) == len(set(listed)) and set(listed) == oracle
        assert listed == sorted(listed, key=lambda c: ("mps".index(c[0].suit.value), c))
    assert [len(rules.legal_actions(state, k)) for k in range(4)] == [25, 70, 7, 51]
    assert texts(rules.default_action(state, k) for k in range(4)) == [
        "0 swap 1p1p4p",
        "1 swap 1s2s3s",
        "2 swap 3s3s3s",
        "3 swap 2m3m5m",
    ]


def test_sc_swap_1_sc_void_3_what_each_answer_keeps_exactly() -> None:
    """SC-SWAP-1, SC-VOID-3: what the bots rank each answer by (``keeps``): a swap keeps the
    hand less its three; a declaration keeps the hand less every tile of the suit given up
    (none of it wins), counted right for a suit held once, twice, three and four times."""
    rules, state = dealt(swap_three=True)
    swapping, voiding = SICHUAN_PHASES
    view = rules.view(state, 2)  # 111444m2225p333s
    assert str(swapping.keeps(rules, view, SwapTiles(2, tiles("1m1m4m")))) == "144m2225p333s"
    assert str(swapping.keeps(rules, view, SwapTiles(2, tiles("3s3s3s")))) == "111444m2225p"
    kept = {suit: voiding.keeps(rules, view, DeclareVoid(2, suit, None)) for suit in (M, P, S)}
    assert {suit: (str(k), len(k)) for suit, k in kept.items() if k is not None} == {
        M: ("2225p333s", 7),
        P: ("111444m333s", 9),
        S: ("111444m2225p", 10),
    }
    view = rules.view(state, 3)  # 235667899m6789p: no 条
    kept_s = voiding.keeps(rules, view, DeclareVoid(3, S, None))
    assert kept_s == view.concealed
    kept_m = voiding.keeps(rules, view, DeclareVoid(3, M, None))
    assert kept_m == TileCounts("6789p")
    assert kept_m is not None and kept_m.size == 4


def test_sc_void_1_every_seats_answers_exactly() -> None:
    """SC-VOID-1: without the swap 定缺 opens at once; for each suit a seat may set aside any
    kind of it that it holds, or declare without a tile a suit it holds none of (and only
    then); the default gives up the suit held fewest, setting aside its lowest tile."""
    rules, state = dealt()
    assert (state.stage, state.claimants) == ("voiding", (0, 1, 2, 3))
    assert texts(rules.legal_actions(state, 2)) == [
        "2 void m 1m",
        "2 void m 4m",
        "2 void p 2p",
        "2 void p 5p",
        "2 void s 3s",
    ]
    assert texts(rules.legal_actions(state, 3)) == [
        *(f"3 void m {k}m" for k in (2, 3, 5, 6, 7, 8, 9)),
        *(f"3 void p {k}p" for k in (6, 7, 8, 9)),
        "3 void s -",
    ]
    assert texts(rules.default_action(state, k) for k in range(4)) == [
        "0 void m 5m",
        "1 void p 3p",
        "2 void s 3s",
        "3 void s -",
    ]
    for refused in (
        DeclareVoid(2, S, None),
        DeclareVoid(2, P, T("1p")),
        DeclareVoid(3, S, T("3s")),
    ):
        with pytest.raises(IllegalActionError):
            rules.apply(state, refused)


# ------------------------------------------------------------------------ the swap

GIVE = {0: "1p1p4p", 1: "7s7s9s", 2: "1m1m4m", 3: "2m3m5m"}
SWAPPED = {
    "to_next": ["23555m5p22456688s", "88m1134p1234569s", "144m2225p333779s", "114667899m6789p"],
    "to_previous": ["55m5p22456677889s", "11488m3p1234569s", "123445m2225p333s", "667899m1146789p"],
    "opposite": ["11455m5p22456688s", "23588m3p1234569s", "144m1122245p333s", "667899m6789p779s"],
}
SOURCE = {"to_next": 3, "to_previous": 1, "opposite": 2}  # seat 0 takes the three of this seat


@pytest.mark.parametrize("direction", sorted(SWAPPED))
def test_sc_swap_2_each_direction_passes_the_three_exactly(direction: str) -> None:
    """SC-SWAP-1, SC-SWAP-2: when the fourth seat has chosen, every seat passes its three to
    下家 (to_next), 上家 (to_previous) or 对家 (opposite) and takes the three passed to it: the
    hands after the swap exactly; the records hold what each gave and got, the hand's the
    direction; 定缺 opens next, asking all four."""
    rules, state = dealt(swap_three=True, swap_direction=direction)
    state = answer_all(rules, state, [SwapTiles(k, tiles(GIVE[k])) for k in (2, 0, 3, 1)])
    assert [str(s.concealed) for s in state.seats] == SWAPPED[direction]
    assert [s.tiles_count for s in state.seats] == [14, 13, 13, 13]
    assert state.variant == SichuanHand(direction=direction, voided=False)
    step = {"to_next": 1, "to_previous": 3, "opposite": 2}[direction]
    for seat, mine in enumerate(state.seats):
        got = GIVE[(seat - step) % 4]
        assert mine.variant == SichuanSeat(chosen=tiles(GIVE[seat]), received=tiles(got))
    assert state.events[-4:] == tuple(
        TilesSwapped(k, direction, tiles(GIVE[k]), tiles(GIVE[(k - step) % 4])) for k in range(4)
    )
    assert (state.stage, state.claimants) == ("voiding", (0, 1, 2, 3))
    assert rules.view(state, 0).own_variant.received == tiles(GIVE[SOURCE[direction]])


@attrs.frozen
class NotedSeat(SichuanSeat):
    """A plugin's seat record: Sichuan's, with a field of its own."""

    note: int = 7


@attrs.frozen
class NotedRoomOptions(PhasesRoomOptions):
    """:class:`NotedRoom`'s options (Sichuan's, under a class of its own)."""


class NotedRoom(SichuanPhasesRoom):
    """The room with :class:`NotedSeat` for its seat records."""

    name = "sichuan_noted_room"
    name_zh = "换三张定缺记房"
    options_class = NotedRoomOptions
    seat_state_class = NotedSeat


def test_sc_swap_2_sc_void_1_a_subclass_of_the_seat_record_keeps_its_own_fields() -> None:
    """SC-SWAP-1, SC-SWAP-2, SC-VOID-1: the phases build Sichuan's own record by its
    constructor (a third of :func:`attrs.evolve`'s time), but a plugin's subclass of
    :class:`SichuanSeat` keeps its class and its own fields through the choice, the swap and
    the declaration."""
    registry.register_variant(NotedRoom)
    rules = get_variant("sichuan_noted_room", swap_three=True, swap_direction="to_next")
    state = rules.new_hand(wall=WALL, dealer=0)
    state = answer_all(rules, state, [SwapTiles(k, tiles(GIVE[k])) for k in (2, 0, 3, 1)])
    assert [str(s.concealed) for s in state.seats] == SWAPPED["to_next"]
    for seat, mine in enumerate(state.seats):
        got = tiles(GIVE[(seat - 1) % 4])
        assert mine.variant == NotedSeat(chosen=tiles(GIVE[seat]), received=got, note=7)
    state = rules.apply(state, DeclareVoid(2, S, T("3s")))
    assert state.seats[2].variant == NotedSeat(
        chosen=tiles(GIVE[2]), received=tiles(GIVE[1]), void=S, aside=T("3s"), note=7
    )


def test_sc_swap_2_the_random_direction_is_drawn_from_the_wall() -> None:
    """SC-SWAP-2: "random" draws one of dcmshi's two directions from the hand's wall: the low
    bit of the first byte of SHA-256("swap " + the wall's tiles, space separated), 0 → to_next,
    1 → to_previous; not the hand record's published digest of the wall. A room with "random"
    swaps that way; both ways come up over seeded walls."""
    text = "swap " + " ".join(t.notation for t in WALL)
    bit = hashlib.sha256(text.encode()).digest()[0] & 1
    drawn = ("to_next", "to_previous")[bit]
    assert swap_direction("random", WALL) == drawn
    assert swap_direction("opposite", WALL) == "opposite"
    rules, state = dealt(swap_three=True)  # swap_direction="random", the default
    state = answer_all(rules, state, [SwapTiles(k, tiles(GIVE[k])) for k in range(4)])
    assert state.variant.direction == drawn
    assert [str(s.concealed) for s in state.seats] == SWAPPED[drawn]
    rules = rules_of(swap_three=True)
    seen = Counter(swap_direction("random", rules.new_hand(seed=seed).wall) for seed in range(40))
    assert set(seen) == {"to_next", "to_previous"}
    assert seen == Counter(swap_direction("random", rules.new_hand(seed=s).wall) for s in range(40))


def test_sc_swap_1_a_room_without_the_swap_skips_it() -> None:
    """SC-SWAP-1: with ``swap_three`` off (the default, dcmshi's) nobody is asked to swap;
    no direction is recorded."""
    rules, state = dealt()
    assert state.stage == "voiding" and state.variant == SichuanHand()
    with pytest.raises(IllegalActionError):
        rules.apply(state, SwapTiles(2, tiles("1m1m1m")))


# ------------------------------------------------------------------------ 定缺

VOIDS = {
    0: DeclareVoid(0, M, T("5m")),
    1: DeclareVoid(1, P, T("3p")),
    2: DeclareVoid(2, S, T("3s")),
}
VOIDS[3] = DeclareVoid(3, S, None)


def test_sc_void_2_the_tiles_set_aside_leave_the_hands_in_play() -> None:
    """SC-VOID-1, SC-VOID-2: the four declarations take effect together when the last comes;
    each set-aside tile leaves the hand the seat plays on (12 tiles, 13 for the dealer; 13 for
    a seat that declared without one), kept marked among its concealed tiles until it is
    turned up (records module), and the dealer's turn begins."""
    rules, state = dealt()
    state = answer_all(rules, state, [VOIDS[k] for k in (3, 1, 0)])
    assert state.variant == SichuanHand(voided=False) and state.stage == "voiding"
    state = rules.apply(state, VOIDS[2])
    assert (state.phase, state.stage, state.current) == (Phase.TURN, None, 0)
    assert state.variant == SichuanHand(voided=True)
    assert [s.variant for s in state.seats] == [
        SichuanSeat(void=M, aside=T("5m")),
        SichuanSeat(void=P, aside=T("3p")),
        SichuanSeat(void=S, aside=T("3s")),
        SichuanSeat(void=S, aside=None),
    ]
    assert [str(hand_in_play(state, k)) for k in range(4)] == [
        "5m1145p22456688s",
        "88m1234567799s",
        "111444m2225p33s",
        "235667899m6789p",
    ]
    assert [len(hand_in_play(state, k)) for k in range(4)] == [13, 12, 12, 13]
    assert [str(s.concealed) for s in state.seats] == [HANDS[k] for k in range(4)]
    assert state.events[-1] == AsideSet((True, True, True, False))
    assert [a for a in rules.legal_actions(state, 0) if isinstance(a, Discard)] == [
        Discard(0, T("5m"))
    ]
    up = rules.apply(state, Discard(0, T("5m")))
    assert turned_up(up.seats[0]) and hand_in_play(up, 0) == up.seats[0].concealed
    assert not any(turned_up(s) for s in up.seats[1:])


def _orders(rules: Rules, start: State, answers: list[Action]) -> list[State]:
    return [answer_all(rules, start, order) for order in itertools.permutations(answers)]


def test_sc_swap_1_sc_void_1_the_answers_in_any_order_give_one_state() -> None:
    """SC-SWAP-1, SC-VOID-1: the four swaps in all 24 orders give equal states (and hashes),
    so do the four declarations after them, with the same legal actions for the dealer."""
    rules, start = dealt(swap_three=True, swap_direction="to_next")
    swapped = _orders(rules, start, [SwapTiles(k, tiles(GIVE[k])) for k in range(4)])
    assert all(s == swapped[0] and hash(s) == hash(swapped[0]) for s in swapped)
    after = swapped[0]
    answers = [rules.default_action(after, k) for k in range(4)]
    assert all(isinstance(a, DeclareVoid) for a in answers)
    voided = _orders(rules, after, answers)  # type: ignore[arg-type]
    assert all(s == voided[0] and hash(s) == hash(voided[0]) for s in voided)
    assert all(rules.legal_actions(s, 0) == rules.legal_actions(voided[0], 0) for s in voided)
    assert voided[0].phase is Phase.TURN


# ------------------------------------------------------------------------ what each seat sees


def _views(rules: Rules, state: State, seat: int) -> tuple[Any, tuple[Event, ...]]:
    return rules.view(state, seat), rules.events_for(seat, state.events)


def _swap_variant(seat: int) -> dict[int, str]:
    """GIVE with the choices of the two seats whose three do not reach ``seat`` (to_next: all
    but ``seat`` and the seat before it) changed to others of their answers."""
    other = {0: "2s2s4s", 1: "1s2s3s", 2: "4m4m4m", 3: "6p7p8p"}
    hidden = {(seat + 1) % 4, (seat + 2) % 4}
    return {k: other[k] if k in hidden else GIVE[k] for k in range(4)}


def test_sc_view_1_swap_choices_leak_to_no_other_seat() -> None:
    """SC-VIEW-1, SC-SWAP-1: while 换三张 is open, and after it, a seat's views and events are
    the same in two hands that differ only in tiles other seats chose that do not reach it;
    the events show it only what it chose, gave and got."""
    rules, start = dealt(swap_three=True, swap_direction="to_next")
    for seat in range(4):
        mine, theirs = GIVE, _swap_variant(seat)
        for order in ([k for k in range(4) if k != seat], list(range(4))):
            a = answer_all(rules, start, [SwapTiles(k, tiles(mine[k])) for k in order])
            b = answer_all(rules, start, [SwapTiles(k, tiles(theirs[k])) for k in order])
            assert a != b and _views(rules, a, seat) == _views(rules, b, seat)
    state = answer_all(rules, start, [SwapTiles(k, tiles(GIVE[k])) for k in (0, 1, 2)])
    assert rules.events_for(1, state.events) == (TilesChosen(2, None),)
    assert rules.events_for(2, state.events) == (TilesChosen(2, tiles("114m")),)
    assert rules.view(state, 1).own_variant == SichuanOwn(tiles("779s"), (), None, None)
    state = rules.apply(state, SwapTiles(3, tiles(GIVE[3])))
    assert rules.events_for(1, state.events) == (
        TilesChosen(3, None),
        TilesSwapped(0, "to_next", None, None),
        TilesSwapped(1, "to_next", tiles("779s"), tiles("114p")),
        TilesSwapped(2, "to_next", None, None),
        TilesSwapped(3, "to_next", None, None),
    )
    assert rules.view(state, 1).variant == SichuanTable("to_next", (False,) * 4, (None,) * 4)


def _discarded(rules: Rules, state: State, discards: dict[int, str]) -> State:
    """Each seat in turn discards its tile of ``discards`` (every claim passed)."""
    while any(not s.discards for s in state.seats):
        if state.phase is Phase.CLAIM:
            state = answer_all(rules, state, [Pass(k) for k in sorted(rules.to_act(state))])
        else:
            state = rules.apply(state, Discard(state.current, T(discards[state.current])))
    return state


def _voids_variant(seat: int) -> dict[int, DeclareVoid]:
    """VOIDS with every other seat declaring another suit (setting a tile aside as before)."""
    other = {
        0: DeclareVoid(0, P, T("4p")),
        1: DeclareVoid(1, M, T("8m")),
        2: DeclareVoid(2, M, T("1m")),
    }
    other[3] = DeclareVoid(3, S, None)  # (it holds no 条: its only tile-less answer)
    return {k: VOIDS[k] if k == seat else other[k] for k in range(4)}


def test_sc_view_1_void_suits_and_set_aside_tiles_leak_to_no_other_seat() -> None:
    """SC-VIEW-1, SC-VOID-1: while 定缺 is open and after it took effect (until a set-aside
    tile is turned up) a seat's views and events are the same in two hands that differ only
    in the other seats' void suits and set-aside tiles; the table sees who has a tile face
    down, and a void suit once its tile is turned up (never one declared without a tile)."""
    rules, start = dealt()
    for seat in range(4):
        theirs = _voids_variant(seat)
        for order in ([k for k in range(4) if k != seat], list(range(4))):
            a = answer_all(rules, start, [VOIDS[k] for k in order])
            b = answer_all(rules, start, [theirs[k] for k in order])
            assert a != b and _views(rules, a, seat) == _views(rules, b, seat)
    state = answer_all(rules, start, [VOIDS[k] for k in range(4)])
    assert rules.events_for(3, state.events) == (
        VoidDeclared(3, S, None),
        AsideSet((True, True, True, False)),
    )
    assert rules.events_for(0, state.events)[0] == VoidDeclared(3, None, None)
    view = rules.view(state, 0)
    assert view.variant == SichuanTable(None, (True, True, True, False), (None,) * 4)
    assert view.own_variant == SichuanOwn((), (), M, T("5m"))
    assert [s.tiles for s in view.seats] == [14, 13, 13, 13]
    up = _discarded(rules, state, {0: "5m", 1: "3p", 2: "3s", 3: "2m"})  # all four turn up
    assert public_view(up) == SichuanTable(None, (False,) * 4, (M, P, S, None))


# ------------------------------------------------------------------------ documents


def _inside() -> Iterator[tuple[str, Rules, State]]:
    rules, start = dealt(swap_three=True, swap_direction="opposite")
    yield "swapping", rules, start
    yield (
        "swapping, two answers",
        rules,
        answer_all(rules, start, [SwapTiles(3, tiles(GIVE[3])), SwapTiles(0, tiles(GIVE[0]))]),
    )
    voiding = answer_all(rules, start, [SwapTiles(k, tiles(GIVE[k])) for k in range(4)])
    yield "voiding", rules, voiding
    answers = [rules.default_action(voiding, k) for k in range(4)]
    yield "voiding, three answers", rules, answer_all(rules, voiding, answers[1:])
    yield "played on", rules, answer_all(rules, voiding, answers)
    plain, dealt_plain = dealt()
    yield "no swap, voiding", plain, dealt_plain
    yield "no swap, played on", plain, answer_all(plain, dealt_plain, [VOIDS[k] for k in range(4)])


def test_sc_swap_1_sc_void_1_states_in_and_after_the_phases_read_back() -> None:
    """SC-SWAP-1, SC-VOID-1, SC-VOID-2: states inside each phase (fresh, or with some answers)
    and after them (the set-aside tiles marked) pass ``check_state`` and read back equal."""
    names = []
    for name, _, state in _inside():
        names.append(name)
        check_state(state)
        assert from_dict(to_dict(state)) == state, name
    assert len(names) == 7


def _tampered(state: State, where: str, edit: Any) -> None:
    document = to_dict(state)
    edit(document)
    with pytest.raises(SerializationError, match=rf"^state\.{where}"):
        from_dict(document)


def test_sc_swap_1_sc_void_1_tampered_records_are_refused() -> None:
    """SC-SWAP-1, SC-SWAP-2, SC-VOID-1: a document whose records disagree with the phase or
    the wall is refused naming the record: a choice that is not the seat's answer, another
    direction than the wall draws, tiles received that the giver did not pass, a declaration
    not answered (or lost), a tile set aside of another suit or not held, 定缺 in effect
    while its phase is open."""
    cases = {name: state for name, _, state in _inside()}
    two, played = cases["swapping, two answers"], cases["played on"]

    def record(seat: int, **fields: Any) -> Any:
        return lambda d: d["seats"][seat]["variant"].update(fields)

    _tampered(two, r"seats\[1\]\.variant", record(1, chosen=["1s", "2s", "3s"]))
    _tampered(two, r"seats\[0\]\.variant", record(0, chosen=["2s", "2s", "4s"]))
    _tampered(two, r"variant", lambda d: d["variant"].update(direction="opposite"))
    _tampered(played, r"variant", lambda d: d["variant"].update(direction="to_next"))
    _tampered(played, r"seats\[2\]\.variant", record(2, received=["1m", "1m", "1m"]))
    three = cases["voiding, three answers"]
    _tampered(three, r"seats\[0\]\.variant", record(0, void="m", aside="1m"))
    _tampered(played, r"seats\[1\]\.variant", record(1, aside="9s"))
    _tampered(played, r"seats\[1\]\.variant", record(1, void=None))
    aside = played.seats[1].variant.aside
    held = played.seats[1].concealed
    other = next(t for t in all_tiles(honors=False) if t.suit is aside.suit and t not in held)
    _tampered(played, r"seats\[1\]\.variant", record(1, aside=other.notation))
    _tampered(cases["voiding"], r"variant", lambda d: d["variant"].update(voided=True))


# ------------------------------------------------------------------------ whole hands


def tiles_conserved(state: State) -> None:
    """TILE-1: the live wall, hands, melds and discards (less the claimed tiles) are the wall."""
    found: Counter[Tile] = Counter(state.wall[state.front : state.back])
    for seat in state.seats:
        found.update(seat.concealed)
        found.update(seat.discards)
        for meld in seat.melds:
            found.update(meld.tiles)
            if meld.from_seat is not None:
                found[meld.tile] -= 1
    assert found == Counter(state.wall)


def play_checked(rules: Rules, seed: int) -> list[str | None]:
    """One hand from ``seed``, random legal actions; the phases' answers in every order give
    one state when a phase opens, every listed answer applies, states in and just after the
    phases read back, the payments sum to zero. The stages it went through."""
    rng = random.Random(seed)
    state = rules.new_hand(seed=seed, dealer=seed % 4)
    stages: list[str | None] = []
    step = 0
    while not rules.is_over(state):
        tiles_conserved(state)
        step += 1
        if step % 9 == 0:
            check_state(state)
        if not stages or stages[-1] != state.stage:
            stages.append(state.stage)
            check_state(state)
            assert from_dict(to_dict(state)) == state
            if state.phase is Phase.CHOOSING:
                answers = [rng.choice(rules.legal_actions(state, k)) for k in state.claimants]
                ends = [
                    answer_all(rules, state, order) for order in itertools.permutations(answers)
                ]
                assert all(end == ends[0] for end in ends)
                for seat in state.claimants:
                    assert rules.default_action(state, seat) in rules.legal_actions(state, seat)
        seat = rng.choice(sorted(rules.to_act(state)))
        state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
    result = rules.result(state)
    assert result is not None and sum(result.deltas) == 0
    assert state.variant.voided and all(s.variant.void in (M, P, S) for s in state.seats)
    return stages


@pytest.mark.parametrize("swap", [False, True])
def test_sc_swap_1_sc_void_1_random_hands_through_the_phases(swap: bool) -> None:
    """SC-SWAP-1, SC-SWAP-2, SC-VOID-1, TILE-1, FLOW-5: whole random hands (every direction in
    turn) go through 换三张 (when on) and 定缺, then play to their end, with the checks of
    :func:`play_checked`."""
    directions = ("random", "to_next", "to_previous", "opposite")
    for seed in range(4):
        rules = rules_of(swap_three=swap, swap_direction=directions[seed % 4])
        first = ["swapping"] if swap else []
        assert play_checked(rules, seed)[: len(first) + 2] == [*first, "voiding", None]


@pytest.mark.slow
def test_sc_swap_1_sc_void_1_many_random_hands_through_the_phases() -> None:
    """SC-SWAP-1, SC-SWAP-2, SC-VOID-1, TILE-1, FLOW-5: as above, 120 hands."""
    directions = ("random", "to_next", "to_previous", "opposite")
    for seed in range(4, 64):
        for swap in (False, True):
            play_checked(rules_of(swap_three=swap, swap_direction=directions[seed % 4]), seed)


# ------------------------------------------------------------------------ dcmshi's hands


def _follow_recorded(hand: Hand) -> State:
    """dcmshi's recorded 换三张 and 定缺 of ``hand`` through the phases, on the mapped wall
    (library dealer 0, the swap's direction given as dcmshi drew it from the seed): each move
    is one of the answers listed; the hands after the swap and the tiles set aside are
    dcmshi's. The state after 定缺."""
    swap = hand.option("enableHuanSanZhang", False) is True
    direction = swap_direction_of_seed(hand.seed)
    rules = rules_of(swap_three=swap, swap_direction=direction if swap else "random")
    state = rules.new_hand(wall=library_wall(hand.dealer, hand.wall), dealer=0)
    dealt = dcmshi_hands(hand.wall, hand.dealer)
    moves = [s.move for s in hand.steps if s.move.kind in ("huanSelect", "declareVoid")]
    chosen: dict[int, tuple[int, ...]] = {}
    for move in moves:
        assert move.seat is not None
        seat = library_seat(move.seat, hand.dealer)
        answer: Action
        if move.kind == "huanSelect":
            chosen[move.seat] = move.tiles
            answer = SwapTiles(seat, tuple(tile_of(t) for t in move.tiles))
        else:
            aside = None if move.first_discard is None else tile_of(move.first_discard)
            answer = DeclareVoid(seat, Suit("mps"[SUITS.index(move.suit or "")]), aside)
        assert answer in rules.legal_actions(state, seat), (hand.seed, str(answer))
        state = rules.apply(state, answer)
        if move.kind == "huanSelect" and len(chosen) == 4:
            after = swapped_hands(dealt, [chosen[d] for d in range(4)], direction)
            for k in range(4):
                held = TileCounts(tile_of(t) for t in after[dcmshi_seat(k, hand.dealer)])
                assert state.seats[k].concealed == held, hand.seed
    assert (state.phase, len(moves)) == (Phase.TURN, 8 if swap else 4), hand.seed
    return state


@pytest.mark.parametrize("count", [40, pytest.param(2000, marks=pytest.mark.slow)])
def test_sc_swap_1_sc_void_1_dcmshi_recorded_swaps_and_voids(count: int) -> None:
    """SC-SWAP-1, SC-SWAP-2, SC-VOID-1, SC-VOID-2 against dcmshi's recorded hands (换三张 in
    every second one): every recorded swap and declaration is an answer the phases list, the
    hands after the swap are dcmshi's seat for seat, and after 定缺 each seat's void suit is
    the one dcmshi ends with and its hand in play is dcmshi's hand less the tile set aside
    (dcmshi's first legal list offers that tile, ``flip``, to the dealer)."""
    for hand in islice(read_hands(CORPUS), count):
        state = _follow_recorded(hand)
        for k in range(4):
            d = dcmshi_seat(k, hand.dealer)
            record = state.seats[k].variant
            assert record.void is Suit("mps"[SUITS.index(hand.end.seats[d].voided_suit)])
            assert len(hand_in_play(state, k)) == (13 if k == 0 else 12) + (record.aside is None)
        first = hand.steps[8 if state.variant.direction else 4].legal[hand.dealer]
        assert ("flip" in first) == (state.seats[0].variant.aside is not None), hand.seed
