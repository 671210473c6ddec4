"""dcmshi's recorded moves, legal lists and payments in the library's terms (issue 20).

A hand recorded from dcmshi/sichuan-mahjong (MIT, notice in ``tests/data/dcmshi/LICENSE``) is
written in dcmshi's own seats, tile ids and names; ``dcmshi_replay`` replays it in the library
through this module, which follows SICHUAN.md's last section, "Comparing with
dcmshi/sichuan-mahjong hand for hand":

- options (table "Options"): :func:`library_options` maps dcmshi's ``config`` names onto the
  library's, with the 换三张 (huàn sān zhāng) direction always explicit (SC-SWAP-2);
- seats: library seat k is dcmshi seat (E − k) mod 4, E being dcmshi's dealer, library dealer 0
  (:class:`Table`);
- actions (table "Actions"): :func:`move_action` turns a recorded ``GameAction`` into the library
  action it is — a tile id becomes its kind, a kong's kind stays a kind, ``flipFirstDiscard`` is
  the discard of the tile set aside at 定缺 (dìng quē, SC-VOID-2), ``declareHuOnDraw`` and
  ``declareHeavenly`` are a Hu; a ``draw`` is none (the library draws itself) and a
  ``claimWindowExpire`` is a Pass of every seat still to answer;
- legal lists: :func:`legal_actions` reads dcmshi's short codes (``discard 5m``, ``pung``,
  ``kong 8s concealed``, ``hu_draw``, ``flip`` …) as library actions;
- payments (``state.ledger``, point 4): :func:`recorded_payments` and :func:`library_payments`
  write both sides as one :data:`Paid` key, so that a step's payments compare as multisets.

Whatever in a record cannot be a move of the position (a discard by nobody, a 直杠 (zhígàng)
with no discard on offer, a flip with no tile set aside, an unknown code) is refused with
:class:`UntranslatableMove`, the data reader's :class:`~dcmshi_data.DcmshiDataError`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from dcmshi_data import SUITS, DcmshiDataError, Hand, Ledger, Move
from dcmshi_deal import swap_direction, tile_of
from mahjong_rules.engine.actions import Action, Discard, Gang, Hu, Pass, Peng
from mahjong_rules.engine.settlement import POT, Payment
from mahjong_rules.engine.state import State
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Suit, Tile
from mahjong_rules.variants.sichuan import DeclareVoid, SwapTiles

__all__ = [
    "FAN_KEYS",
    "FAN_WEIGHTS",
    "LIMITS",
    "REASONS",
    "Paid",
    "Table",
    "UntranslatableMove",
    "legal_actions",
    "library_options",
    "library_payments",
    "move_action",
    "recorded_fan",
    "recorded_keys",
    "recorded_payments",
]

_SEATS = 4

OPTIONS: Mapping[str, str] = {
    "enableHuanSanZhang": "swap_three",
    "fanCap": "fan_cap",
    "enableFlowerPig": "hua_zhu",
    "voidDiscardRule": "void_discard",
    "enableRobbingKong": "rob_kong",
    "enableHeavenlyEarthly": "tian_di_hu",
}
"""dcmshi's ``GameConfig`` names and the library's options (SICHUAN.md's options table)."""
DIRECTIONS: Mapping[str, str] = {"ccw": "to_next", "cw": "to_previous"}
"""dcmshi's fixed ``huanDirection`` values and the library's (SC-SWAP-2)."""

REASONS: Mapping[str, str] = {
    "hu": "win",
    "kong": "kong",
    "buTing": "cha_jiao",
    "flowerPig": "penalty",
    "falseHu": "penalty",
    "voidPenalty": "penalty",
    "voidMeldPenalty": "penalty",
    "kongRefund": "kong_refund",
}
"""dcmshi's ledger reasons and the library's (:class:`PaymentReason` values). A ``kongRefund``
(kong money going back from the konger to a seat that paid it, SC-REFUND-1 to SC-REFUND-4) is
the library's KONG_REFUND (退杠, tuìgàng) payment, the same way round."""

FAN_WEIGHTS: Mapping[str, int] = {
    "Kong": 1,
    "Root": 1,
    "AllPungs": 1,
    "GoldenWait": 1,
    "FullFlush": 2,
    "SevenPairs": 2,
    "WinAfterKong": 1,
    "ShootAfterKong": 1,
    "RobbingTheKong": 1,
    "UnderTheSea": 1,
}
"""The fan (番, fān) of one count of each dcmshi pattern (SC-PAT-*; PDF Table 4)."""

FAN_KEYS: Mapping[str, str] = {
    "Kong": "gang",
    "Root": "gen",
    "AllPungs": "peng_peng_hu",
    "GoldenWait": "jin_gou_diao",
    "FullFlush": "qing_yi_se",
    "SevenPairs": "qi_dui",
    "WinAfterKong": "gang_shang_hua",
    "ShootAfterKong": "gang_shang_pao",
    "RobbingTheKong": "qiang_gang_hu",
    "UnderTheSea": "hai_di",
}
"""The library's pattern key of each dcmshi pattern (the same patterns as :data:`FAN_WEIGHTS`)."""
LIMITS: Mapping[str, str] = {"heavenly": "tian_hu", "earthly": "di_hu"}
"""The ``hu`` subtypes that score the cap whatever the hand, and their library pattern keys:
天胡 (tiānhú, SC-PAT-天胡) and 地胡 (dìhú, SC-PAT-地胡). dcmshi writes no fan for them: the record
holds the subtype, the hand's own fans (``fans``) and the capped ``handValue``."""

Paid = tuple[str, int, int | None, int]
"""One payment as both sides compare it: the reason (a :data:`REASONS` value), the paying dcmshi
seat, the paid one (``None``: the pot, SC-PAY-4) and the amount."""


class UntranslatableMove(DcmshiDataError):
    """A recorded move, legal code or option that is no move of the library's position (or no
    code dcmshi writes): the message names what and why."""


def _fail(what: str, why: str) -> UntranslatableMove:
    return UntranslatableMove(f"{what}: {why}")


def library_options(hand: Hand) -> dict[str, Any]:
    """The library's room options for ``hand``: its ``config`` under the library's names, and
    ``swap_direction`` explicit — dcmshi's "random" being the parity of the seed's hash
    (SC-SWAP-2), so that the library swaps the way dcmshi did."""
    out: dict[str, Any] = {}
    direction = swap_direction(hand.seed)
    for name, value in hand.config:
        if name == "huanDirection":
            if value != "random" and value not in DIRECTIONS:
                raise _fail("config.huanDirection", f"random, ccw or cw, got {value!r}")
            direction = DIRECTIONS.get(str(value), direction)
        elif name in OPTIONS:
            out[OPTIONS[name]] = value
        else:
            raise _fail(f"config.{name}", "no library option maps it (SICHUAN.md's table)")
    out["swap_direction"] = direction
    return out


@attrs.frozen
class Table:
    """The seat map of one hand: library seat k = dcmshi seat (E − k) mod 4 (its own inverse)."""

    dealer: int
    """dcmshi's dealer E."""

    def seat(self, dcmshi: int) -> int:
        """The library seat of dcmshi seat ``dcmshi``."""
        return (self.dealer - dcmshi) % _SEATS

    def dcmshi(self, seat: int) -> int:
        """The dcmshi seat of library seat ``seat``."""
        return (self.dealer - seat) % _SEATS


def _seat_of(move: Move, table: Table, what: str) -> int:
    if move.seat is None:
        raise _fail(what, "a move of a seat, with no seat")
    return table.seat(move.seat)


def _aside(state: State, seat: int, what: str) -> Tile:
    """The tile ``seat`` set aside at 定缺, still face down (SC-VOID-2)."""
    mine = state.seats[seat]
    aside = getattr(mine.variant, "aside", None)
    if not isinstance(aside, Tile) or mine.discards:
        raise _fail(what, f"library seat {seat} has no tile set aside face down")
    return aside


def _offered(state: State, what: str) -> Tile:
    """The tile on offer (a discard or a robbable kong's tile)."""
    if state.tile is None:
        raise _fail(what, "no tile is on offer")
    return state.tile


def _kind_tile(text: str, what: str) -> Tile:
    try:
        tile = Tile(text)
    except MahjongRulesError:
        raise _fail(what, f"not a tile, {text!r}") from None
    if tile.suit not in (Suit.MAN, Suit.PIN, Suit.SOU):
        raise _fail(what, f"no such tile in a Sichuan wall, {text!r}")
    return tile


_KONGS = {
    "concealed": MeldKind.AN_GANG,  # 暗杠 (àngàng)
    "promoted": MeldKind.BU_GANG,  # 补杠 (bǔgàng): the library derives which of the two it is,
    "postponed": MeldKind.BU_GANG,  # as dcmshi does whatever the action says (SC-GANG-1)
}


def legal_code(code: str, seat: int, state: State) -> Action:
    """The library action of one of dcmshi's short legal codes for library ``seat``."""
    what = f"legal code {code!r}"
    words = code.split()
    simple: dict[str, Action] = {"pass": Pass(seat), "pung": Peng(seat), "hu": Hu(seat)}
    simple["hu_draw"] = simple["heavenly"] = simple["hu"]
    if len(words) == 1 and words[0] in simple:
        return simple[words[0]]
    if words == ["kong"]:  # 直杠 on the discard
        return Gang(seat, _offered(state, what), MeldKind.ZHI_GANG)
    if words == ["flip"]:
        return Discard(seat, _aside(state, seat, what))
    if len(words) == 2 and words[0] == "discard":
        return Discard(seat, _kind_tile(words[1], what))
    if len(words) == 3 and words[0] == "kong" and words[2] in _KONGS:
        return Gang(seat, _kind_tile(words[1], what), _KONGS[words[2]])
    raise _fail(what, "no code dcmshi writes")


def legal_actions(codes: Iterable[str], seat: int, state: State) -> frozenset[Action]:
    """dcmshi's legal list of a seat (library ``seat``) as the set of library actions."""
    return frozenset(legal_code(code, seat, state) for code in codes)


def move_action(
    move: Move, table: Table, state: State, to_act: Iterable[int] = ()
) -> tuple[Action, ...]:
    """The library actions a recorded move is, in ``state``: one, except a ``draw`` (none: the
    library draws itself) and a ``claimWindowExpire`` (a Pass of every seat of ``to_act``, the
    seats still to answer)."""
    what = f"{move.kind} of dcmshi seat {move.seat}"
    kind = move.kind
    if kind == "claimWindowExpire":
        return tuple(Pass(seat) for seat in sorted(to_act))
    seat = _seat_of(move, table, what)
    if kind == "draw":
        return ()
    made: Action
    if kind == "huanSelect":
        made = _build(lambda: SwapTiles(seat, tuple(tile_of(t) for t in move.tiles)), what)
    elif kind == "declareVoid":
        if move.suit not in SUITS:
            raise _fail(what, f"a suit of {', '.join(SUITS)}, got {move.suit!r}")
        suit = (Suit.MAN, Suit.PIN, Suit.SOU)[SUITS.index(move.suit)]
        aside = None if move.first_discard is None else tile_of(move.first_discard)
        made = _build(lambda: DeclareVoid(seat, suit, aside), what)
    elif kind == "discard":
        if move.tile is None:
            raise _fail(what, "a discard names its tile")
        made = Discard(seat, tile_of(move.tile))
    elif kind == "flipFirstDiscard":
        made = Discard(seat, _aside(state, seat, what))
    elif kind == "claim":
        made = _claim(move.claim, seat, state, what)
    elif kind == "pass":
        made = Pass(seat)
    elif kind == "declareKongOnTurn":
        if move.kong_kind is None or move.subtype not in _KONGS:
            raise _fail(what, "a kong in turn names its kind and concealed/promoted/postponed")
        made = Gang(seat, tile_of(move.kong_kind * 4), _KONGS[move.subtype])
    elif kind in ("declareHuOnDraw", "declareHeavenly"):
        made = Hu(seat)
    else:
        raise _fail(what, "no move dcmshi makes")
    return (made,)


def _build(make: Any, what: str) -> Action:
    try:
        action: Action = make()
    except MahjongRulesError as error:
        raise _fail(what, str(error)) from None
    return action


def _claim(claim: str | None, seat: int, state: State, what: str) -> Action:
    if claim == "pung":
        return Peng(seat)
    if claim == "kong":
        return Gang(seat, _offered(state, what), MeldKind.ZHI_GANG)
    if claim == "hu":
        return Hu(seat)
    raise _fail(what, f"a claim is pung, kong or hu, got {claim!r}")


def recorded_payments(entries: Iterable[Ledger]) -> Counter[Paid]:
    """dcmshi's ledger entries (``paid`` of a step, or the end's ledger) as :data:`Paid` keys."""
    out: Counter[Paid] = Counter()
    for entry in entries:
        reason = REASONS.get(entry.reason)
        if reason is None:
            raise _fail(f"ledger reason {entry.reason!r}", "no reason dcmshi writes")
        out[(reason, entry.source, entry.target, entry.amount)] += 1
    return out


def _key(payment: Payment, table: Table, reason: str | None = None) -> Paid:
    payee = None if payment.payee is POT else table.dcmshi(int(payment.payee))
    return (reason or payment.reason.value, table.dcmshi(payment.payer), payee, payment.amount)


def library_payments(
    before: Iterable[Payment], after: Iterable[Payment], table: Table
) -> Counter[Paid]:
    """What one library step paid, as :data:`Paid` keys: the payments of ``after`` (the ledger,
    or the result's payments once the hand has ended) not in ``before``. A payment of
    ``before`` gone from ``after`` has no dcmshi counterpart (dcmshi's ledger only grows; kong
    money goes back as a payment of its own): it is keyed ``withdrawn <reason>``, so that it
    shows as a difference."""
    old, new = Counter(before), Counter(after)
    out: Counter[Paid] = Counter()
    for payment, count in (new - old).items():
        out[_key(payment, table)] += count
    for payment, count in (old - new).items():
        out[_key(payment, table, "withdrawn " + payment.reason.value)] += count
    return out


def recorded_fan(win: Any) -> int:
    """The total fan of a dcmshi ``hu`` record: each pattern's count times its fan."""
    total = 0
    for name, count in win.fans:
        if name not in FAN_WEIGHTS:
            raise _fail(f"fan {name!r}", "no pattern dcmshi scores")
        total += FAN_WEIGHTS[name] * count
    return total


def recorded_keys(win: Any) -> frozenset[str]:
    """The library's pattern keys of a dcmshi ``hu`` record: its fans, and for a 天胡 / 地胡 the
    limit pattern its subtype names (:data:`LIMITS`), which dcmshi lists beside the fans
    (``scoring.ts: calcHandScore`` keeps them "for display"); ``ping_hu`` (平胡) if none."""
    keys = set()
    for name, _count in win.fans:
        if name not in FAN_KEYS:
            raise _fail(f"fan {name!r}", "no pattern dcmshi scores")
        keys.add(FAN_KEYS[name])
    if win.subtype in LIMITS:
        keys.add(LIMITS[win.subtype])
    return frozenset(keys or {"ping_hu"})
