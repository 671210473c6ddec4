"""Hands recorded from dcmshi/sichuan-mahjong, read into typed records.

``tests/data/dcmshi/dcmshi-2000.jsonl.gz`` (MIT, notice in ``tests/data/dcmshi/LICENSE``; format in
``tests/data/dcmshi/README.md``) holds one hand of 血战到底 (xuèzhàn dàodǐ) a line: its seed,
options, bots, dealer and wall, every action dcmshi applied with the legal lists before it and
the payments after it, and the end. :func:`read_hands` reads such a file; a line that is not
what the format says is refused with :class:`DcmshiDataError`, naming the line and the field.

Seats, tile ids and suit names here are dcmshi's own (seat d passes its turn to d − 1, id =
kind·4 + copy, suits ``man``/``pin``/``sou``); ``dcmshi_deal`` maps them to the library's.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from mahjong_rules.errors import SerializationError

__all__ = [
    "CORPUS",
    "DcmshiDataError",
    "EndSeat",
    "Hand",
    "HandEnd",
    "Ledger",
    "Move",
    "Step",
    "Win",
    "read_hand",
    "read_hands",
]

CORPUS = Path(__file__).resolve().parent / "data" / "dcmshi" / "dcmshi-2000.jsonl.gz"
"""The 2,000 recorded hands."""

SUITS = ("man", "pin", "sou")
LEVELS = ("easy", "medium", "hard", "random")
MOVES = {
    # action type: its fields besides ``t`` and ``seat``
    "huanSelect": ("tiles",),
    "declareVoid": ("suit", "firstDiscard"),
    "draw": (),
    "discard": ("tile",),
    "flipFirstDiscard": (),
    "claim": ("claim",),
    "pass": (),
    "declareKongOnTurn": ("tile", "subtype"),
    "declareHuOnDraw": (),
    "declareHeavenly": (),
    "claimWindowExpire": (),
}
"""dcmshi's ``GameAction`` types and their fields (``claimWindowExpire`` has no seat)."""
CLAIMS = ("pung", "kong", "hu")
KONGS = ("concealed", "promoted", "postponed")


class DcmshiDataError(SerializationError):
    """A recorded hand that is not what the format says: the message names the line and the
    field (``line 3: steps[7].action.tile: ...``)."""


Json = Any


def _fail(path: str, what: str, value: Json) -> DcmshiDataError:
    shown = repr(value)
    where = f"{path.lstrip('.')}: " if path else ""
    return DcmshiDataError(f"{where}{what}, got {shown[:60]}{'...' if len(shown) > 60 else ''}")


def _obj(value: Json, path: str, keys: set[str], optional: frozenset[str] = frozenset()) -> None:
    if not isinstance(value, dict):
        raise _fail(path, "expected an object", value)
    missing = sorted(keys - optional - value.keys())
    extra = sorted(value.keys() - keys)
    if missing:
        raise _fail(path, f"missing {', '.join(missing)}", value)
    if extra:
        raise _fail(path, f"unknown field {extra[0]}", value)


def _int(value: Json, path: str, low: int = -(2**53), high: int = 2**53) -> int:
    if value.__class__ is not int or not low <= value <= high:
        raise _fail(path, f"expected an integer {low}..{high}", value)
    return int(value)


def _seat(value: Json, path: str) -> int:
    return _int(value, path, 0, 3)


def _tile(value: Json, path: str) -> int:
    return _int(value, path, 0, 107)


def _str(value: Json, path: str, allowed: tuple[str, ...] | None = None) -> str:
    if not isinstance(value, str) or (allowed is not None and value not in allowed):
        what = "expected one of " + ", ".join(allowed) if allowed else "expected a string"
        raise _fail(path, what, value)
    return value


def _list(value: Json, path: str, length: int | None = None) -> list[Json]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise _fail(path, f"expected a list of {length}" if length else "expected a list", value)
    return value


def _opt(value: Json, read: Any, path: str) -> Any:
    return None if value is None else read(value, path)


@attrs.frozen
class Move:
    """One dcmshi ``GameAction`` as applied; the fields its type has, the others ``None``."""

    kind: str
    """The action's type (``t``): a key of :data:`MOVES`."""
    seat: int | None
    """The acting dcmshi seat (``None`` only for ``claimWindowExpire``)."""
    tile: int | None = None
    """The tile id of a discard."""
    kong_kind: int | None = None
    """A kong in turn's tile kind, 0..26 = suit·9 + rank − 1 (dcmshi names a kind, no copy)."""
    tiles: tuple[int, ...] = ()
    """The three ids of a 换三张 (huàn sān zhāng) choice."""
    suit: str | None = None
    """The suit a 定缺 (dìng quē) declares void."""
    first_discard: int | None = None
    """The tile a 定缺 sets aside as the seat's first discard, or ``None`` (SC-VOID-1)."""
    claim: str | None = None
    """A claim's kind: ``pung`` (碰), ``kong`` (杠) or ``hu`` (胡)."""
    subtype: str | None = None
    """A kong in turn: ``concealed`` (暗杠), ``promoted`` or ``postponed`` (补杠)."""


@attrs.frozen
class Ledger:
    """One payment: ``source`` pays ``target`` (``None``: the penalty pot)."""

    reason: str
    source: int
    target: int | None
    amount: int
    detail: str | None


@attrs.frozen
class Step:
    """One applied action: the legal lists before it, the action, the payments it made."""

    legal: tuple[tuple[str, ...], ...]
    """By dcmshi seat, that seat's short legal list (empty: not asked)."""
    move: Move
    paid: tuple[Ledger, ...]


@attrs.frozen
class Win:
    """A seat's ``hu`` record (胡, hú): how it won and what the hand is worth."""

    subtype: str
    fans: tuple[tuple[str, int], ...]
    """Each fan (番, fān) pattern's name and how many times it counts, as dcmshi lists them (a
    pattern's fan is its weight times the count; the record holds no total)."""
    hand_value: int
    """2 to the power of the total fan, capped at ``fanCap`` (3 unless the config says)."""
    winning_tile: int
    by_discard: bool
    discarder: int | None


@attrs.frozen
class EndSeat:
    """A seat at the end: ``playing``/``hu``, its void suit, whether ready, its win."""

    status: str
    voided_suit: str | None
    is_ready: bool
    hu: Win | None


@attrs.frozen
class HandEnd:
    """The hand's end as dcmshi left it."""

    score_delta: tuple[int | None, ...]
    """As recorded (the recorder wrote ``null`` for every seat in this corpus; see
    :attr:`Hand.score_change` for the change the ledger gives)."""
    penalty_pot: int
    hu_order: tuple[int, ...]
    next_dealer: int
    ledger: tuple[Ledger, ...]
    seats: tuple[EndSeat, ...]


@attrs.frozen
class Hand:
    """One recorded hand."""

    seed: str
    config: tuple[tuple[str, bool | int | str], ...]
    """dcmshi's ``GameConfig`` overrides, sorted by name (empty: its defaults)."""
    levels: tuple[str, ...]
    """The bot of each dcmshi seat: ``easy``, ``medium``, ``hard`` or ``random``."""
    dealer: int
    wall: tuple[int, ...]
    steps: tuple[Step, ...]
    end: HandEnd

    def option(self, name: str, default: bool | int | str) -> bool | int | str:
        """The value of dcmshi option ``name`` in this hand (``default`` when not overridden)."""
        return dict(self.config).get(name, default)

    @property
    def score_change(self) -> tuple[int, ...]:
        """Each dcmshi seat's score change, summed from the ledger."""
        delta = [0, 0, 0, 0]
        for entry in self.end.ledger:
            delta[entry.source] -= entry.amount
            if entry.target is not None:
                delta[entry.target] += entry.amount
        return tuple(delta)


def _kind(value: Json, path: str) -> int:
    _obj(value, path, {"suit", "rank"})
    suit = _str(value["suit"], path + ".suit", SUITS)
    return SUITS.index(suit) * 9 + _int(value["rank"], path + ".rank", 1, 9) - 1


def _move(value: Json, path: str) -> Move:
    kind = _str(value.get("t") if isinstance(value, dict) else None, path + ".t", tuple(MOVES))
    fields = {"t", *MOVES[kind]} | ({"seat"} if kind != "claimWindowExpire" else set())
    _obj(value, path, fields)
    seat = _seat(value["seat"], path + ".seat") if "seat" in fields else None
    tiles: tuple[int, ...] = ()
    if kind == "huanSelect":
        raw = _list(value["tiles"], path + ".tiles", 3)
        tiles = tuple(_tile(t, f"{path}.tiles[{i}]") for i, t in enumerate(raw))
    claim = None
    if kind == "claim":
        _obj(value["claim"], path + ".claim", {"kind"})
        claim = _str(value["claim"]["kind"], path + ".claim.kind", CLAIMS)
    return Move(
        kind=kind,
        seat=seat,
        tile=_tile(value["tile"], path + ".tile") if kind == "discard" else None,
        kong_kind=_kind(value["tile"], path + ".tile") if kind == "declareKongOnTurn" else None,
        tiles=tiles,
        suit=_str(value["suit"], path + ".suit", SUITS) if "suit" in value else None,
        first_discard=_opt(value.get("firstDiscard"), _tile, path + ".firstDiscard"),
        claim=claim,
        subtype=_str(value["subtype"], path + ".subtype", KONGS) if "subtype" in value else None,
    )


def _ledger(value: Json, path: str) -> tuple[Ledger, ...]:
    out = []
    for i, entry in enumerate(_list(value, path)):
        where = f"{path}[{i}]"
        _obj(entry, where, {"reason", "from", "to", "amount", "detail"})
        out.append(
            Ledger(
                reason=_str(entry["reason"], where + ".reason"),
                source=_seat(entry["from"], where + ".from"),
                target=_opt(entry["to"], _seat, where + ".to"),
                amount=_int(entry["amount"], where + ".amount", 1),
                detail=_opt(entry["detail"], _str, where + ".detail"),
            )
        )
    return tuple(out)


def _step(value: Json, path: str) -> Step:
    _obj(value, path, {"legal", "action", "paid"}, frozenset({"paid"}))
    legal: list[tuple[str, ...]] = [(), (), (), ()]
    if not isinstance(value["legal"], dict):
        raise _fail(path + ".legal", "expected an object", value["legal"])
    for key, actions in value["legal"].items():
        if key not in ("0", "1", "2", "3"):
            raise _fail(path + ".legal", "keys are the seats 0..3", key)
        where = f"{path}.legal.{key}"
        listed = tuple(_str(a, f"{where}[{i}]") for i, a in enumerate(_list(actions, where)))
        if not listed:
            raise _fail(where, "a seat listed has a non-empty list", actions)
        legal[int(key)] = listed
    return Step(
        tuple(legal),
        _move(value["action"], path + ".action"),
        _ledger(value.get("paid", []), path + ".paid"),
    )


def _win(value: Json, path: str) -> Win:
    keys = {"seat", "subtype", "fans", "handValue", "winningTile", "byDiscard", "discarder"}
    _obj(value, path, keys | {"shape"})
    fans = []
    for i, fan in enumerate(_list(value["fans"], path + ".fans")):
        _obj(fan, f"{path}.fans[{i}]", {"fan", "count"})
        fans.append(
            (
                _str(fan["fan"], f"{path}.fans[{i}].fan"),
                _int(fan["count"], f"{path}.fans[{i}].count", 0),
            )
        )
    if not isinstance(value["byDiscard"], bool):
        raise _fail(path + ".byDiscard", "expected true or false", value["byDiscard"])
    return Win(
        subtype=_str(value["subtype"], path + ".subtype"),
        fans=tuple(fans),
        hand_value=_int(value["handValue"], path + ".handValue", 0),
        winning_tile=_tile(value["winningTile"], path + ".winningTile"),
        by_discard=value["byDiscard"],
        discarder=_opt(value["discarder"], _seat, path + ".discarder"),
    )


def _end(value: Json, path: str) -> HandEnd:
    keys = {"scoreDelta", "penaltyPot", "huOrder", "nextDealer", "ledger", "players"}
    _obj(value, path, keys)
    delta = _list(value["scoreDelta"], path + ".scoreDelta", 4)
    seats = []
    for i, seat in enumerate(_list(value["players"], path + ".players", 4)):
        where = f"{path}.players[{i}]"
        _obj(seat, where, {"status", "voidedSuit", "isReady", "hu"})
        if not isinstance(seat["isReady"], bool):
            raise _fail(where + ".isReady", "expected true or false", seat["isReady"])
        seats.append(
            EndSeat(
                status=_str(seat["status"], where + ".status", ("playing", "hu")),
                voided_suit=_opt(seat["voidedSuit"], lambda v, p: _str(v, p, SUITS), where),
                is_ready=seat["isReady"],
                hu=_opt(seat["hu"], _win, where + ".hu"),
            )
        )
    order = _list(value["huOrder"], path + ".huOrder")
    return HandEnd(
        score_delta=tuple(_opt(d, _int, f"{path}.scoreDelta[{i}]") for i, d in enumerate(delta)),
        penalty_pot=_int(value["penaltyPot"], path + ".penaltyPot", 0),
        hu_order=tuple(_seat(s, f"{path}.huOrder[{i}]") for i, s in enumerate(order)),
        next_dealer=_seat(value["nextDealer"], path + ".nextDealer"),
        ledger=_ledger(value["ledger"], path + ".ledger"),
        seats=tuple(seats),
    )


def read_hand(line: str | bytes, number: int = 1) -> Hand:
    """One recorded hand from one line of JSON (``number``: its line, for the error)."""
    try:
        value = json.loads(line)
    except (ValueError, RecursionError) as error:
        raise DcmshiDataError(f"line {number}: not JSON ({error})") from None
    try:
        return _hand(value)
    except DcmshiDataError as error:
        raise DcmshiDataError(f"line {number}: {error}") from None
    except (TypeError, AttributeError) as error:  # pragma: no cover - a shape the checks missed
        raise DcmshiDataError(f"line {number}: {error}") from None


def _hand(value: Json) -> Hand:
    _obj(value, "", {"seed", "config", "levels", "dealer", "wall", "steps", "end"})
    config = value["config"]
    if not isinstance(config, dict) or not all(
        isinstance(v, bool | int | str) for v in config.values()
    ):
        raise _fail("config", "expected an object of options", config)
    wall = tuple(_tile(t, f"wall[{i}]") for i, t in enumerate(_list(value["wall"], "wall", 108)))
    if sorted(wall) != list(range(108)):
        raise _fail("wall", "expected each id 0..107 once", value["wall"])
    steps = _list(value["steps"], "steps")
    return Hand(
        seed=_str(value["seed"], "seed"),
        config=tuple(sorted(config.items())),
        levels=tuple(_str(v, "levels", LEVELS) for v in _list(value["levels"], "levels", 4)),
        dealer=_seat(value["dealer"], "dealer"),
        wall=wall,
        steps=tuple(_step(s, f"steps[{i}]") for i, s in enumerate(steps)),
        end=_end(value["end"], "end"),
    )


def read_hands(path: Path | str = CORPUS) -> Iterator[Hand]:
    """Every hand of a recorded file (gzip-compressed when its name ends in ``.gz``)."""
    path = Path(path)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if line.strip():
                yield read_hand(line, number)
