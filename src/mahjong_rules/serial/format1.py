"""Reading documents of format 1, written before the open variant contract (issue 19).

Format 2 moved the two shipped games' own rules out of the engine's records into the variants'
own (:attr:`State.variant <mahjong_rules.engine.state.State.variant>`,
:attr:`SeatState.variant <mahjong_rules.engine.state.SeatState.variant>`, the views' records).
A server may have stored documents of format 1, so :func:`~mahjong_rules.serial.from_dict`
still reads them: it checks a format-1 document's size (:mod:`~mahjong_rules.serial.bounds`),
then :func:`upgrade` rewrites it as the format-2 document meaning the same thing, which is then
read and checked like any other. Each rewrite of one type is a small function registered with
:func:`upgrades`; the variant whose room a part of a document belongs to is passed along, since
only it says what an old field means.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from mahjong_rules.errors import MahjongRulesError, SerializationError
from mahjong_rules.tiles import Tile

__all__ = ["OLD_FORMAT", "upgrade", "upgrades"]

OLD_FORMAT = 1
"""The format this module reads."""

JSON = Any

Upgrade = Callable[[dict[str, JSON], "str | None"], None]
"""A rewrite of one type's object (a fresh copy, changed in place), told the room's variant."""

_UPGRADES: dict[str, list[Upgrade]] = defaultdict(list)


def upgrades(*type_names: str) -> Callable[[Upgrade], Upgrade]:
    """Register the decorated function as the rewrite of format-1 objects of ``type_names``."""

    def register(fn: Upgrade) -> Upgrade:
        for name in type_names:
            _UPGRADES[name].append(fn)
        return fn

    return register


def upgrade(data: JSON, new_format: int, variant: str | None = None, path: str = "") -> JSON:
    """The format-``new_format`` document meaning what the format-1 ``data`` meant (a new
    value; ``data`` is left as it is). ``variant`` is the room's, when known from outside; a
    part holding room options (a state, a view, a hand record) names its own."""
    if isinstance(data, list):
        return [upgrade(v, new_format, variant, f"{path}[{i}]") for i, v in enumerate(data)]
    if not isinstance(data, dict):
        return data
    options = data.get("options")
    if isinstance(options, dict) and isinstance(options.get("variant"), str):
        variant = options["variant"]
    elif data.get("type") == "Options" and isinstance(data.get("variant"), str):
        variant = data["variant"]
    out = {
        k: upgrade(v, new_format, variant, f"{path}.{k}" if path else k) for k, v in data.items()
    }
    if "format" in out:
        version = out["format"]
        if version != OLD_FORMAT or version.__class__ is not int:
            where = f"{path}.format" if path else "format"
            raise SerializationError(
                f"{where}: a part of a format-{OLD_FORMAT} document must be format "
                f"{OLD_FORMAT}, got {version!r}"
            )
        out["format"] = new_format
    name = out.get("type")
    if isinstance(name, str):
        for fn in _UPGRADES.get(name, ()):
            fn(out, variant)
    return out


# ---------------------------------------------------------------------- 买点 (Baoshan's own)


def _no_points(obj: dict[str, JSON], where: str) -> None:
    """A format-1 seat's ``points`` outside a room that buys them: 0, dropped."""
    if obj.pop("points", 0) != 0:
        raise SerializationError(f"{where}.points: only a Baoshan room buys points")


@upgrades("State", "View")
def _buying_phase(obj: dict[str, JSON], variant: str | None) -> None:
    """Format 1's BUYING phase is Baoshan's own phase ``buying`` (every seat asked)."""
    if obj.get("phase") == "buying":
        obj["phase"] = "choosing"
        obj["stage"] = "buying"
        if obj.get("type") == "State" and isinstance(obj.get("players"), int):
            obj["claimants"] = list(range(obj["players"]))
    elif obj.get("type") == "View":
        obj["stage"] = None


@upgrades("SeatState")
def _seat_points(obj: dict[str, JSON], variant: str | None) -> None:
    """A Baoshan seat's 买点 points are Baoshan's seat record's."""
    if variant == "baoshan":
        record = obj.get("variant")
        if not isinstance(record, dict):
            record = obj["variant"] = {"type": "BaoshanSeat"}
        record["points"] = obj.pop("points", 0)
    else:
        _no_points(obj, "seat")


@upgrades("SeatView")
def _seat_view_points(obj: dict[str, JSON], variant: str | None) -> None:
    """A seat's points in a view are read by its view (below); none outside Baoshan."""
    if variant != "baoshan" or obj.get("points") == 0:
        _no_points(obj, "seat view")


@upgrades("View")
def _view_points(obj: dict[str, JSON], variant: str | None) -> None:
    """Every seat's 买点 points, public in a Baoshan view, are its table record's."""
    if variant != "baoshan" or not isinstance(obj.get("seats"), list):
        return
    points = [s.pop("points", 0) if isinstance(s, dict) else 0 for s in obj["seats"]]
    record = obj.get("variant")
    if not isinstance(record, dict):
        record = obj["variant"] = {"type": "BaoshanTable"}
    record["points"] = points


@upgrades("HandRecord")
def _record_points(obj: dict[str, JSON], variant: str | None) -> None:
    """A record's ``buy_points`` given to the deal are the answers given to 买点."""
    points = obj.pop("buy_points", None)
    options = obj.get("options")
    buys = isinstance(options, dict) and options.get("buy_points", "none") != "none"
    if points is None or not buys:
        if points is not None and any(p != 0 for p in points if isinstance(points, list)):
            raise SerializationError("handRecord.buy_points: this room buys no points")
        obj["answers"] = []
        return
    if not isinstance(points, list):
        raise SerializationError("handRecord.buy_points: a list of points")
    obj["answers"] = [{"type": "BuyPoints", "seat": k, "points": p} for k, p in enumerate(points)]


@upgrades("SeatState")
def _drop_honor_run(seat: dict[str, JSON], variant: str | None) -> None:
    """Format 1 kept ``honor_run``, how many discards a seat had made, all honors so far (-1
    once one was not); format 2 works it out from the seat's ``discards`` when it is needed.
    Dropped, once it agrees with those discards as the format-1 reader checked."""
    if "honor_run" not in seat:
        return
    run = seat.pop("honor_run")
    try:
        discards = [Tile(text) for text in seat.get("discards", ())]
    except (TypeError, ValueError):
        return  # not tiles: the reader refuses the discards themselves
    expected = len(discards) if all(tile.is_honor for tile in discards) else -1
    if run.__class__ is not int or run != expected:
        raise SerializationError(
            f"SeatState.honor_run: its discards make it {expected}, not {run!r}"
        )


# ---------------------------------------------------------------------- 本金 and 提 (Yongshan)


def _moved_indicator(data: dict[str, JSON], variant: str | None, record: str) -> None:
    """Format 1 kept 永善麻将's 本金 tile as the engine's ``indicator`` field: it is now the
    variant's own record (``record`` names its class); a Baoshan one was always null."""
    indicator = data.pop("indicator", None)
    if variant == "yongshan":
        data["variant"] = {"type": record, "indicator": indicator}
    elif indicator is not None:
        raise SerializationError(
            f"indicator: only a yongshan room turns up a tile, got {indicator!r}"
        )


@upgrades("State")
def _state_indicator_and_ti(data: dict[str, JSON], variant: str | None) -> None:
    """A state's ``indicator`` into its record; ``ti_made`` (a 提 since the last draw) is the
    engine's ``acted_since_draw`` (提 is 永善麻将's once-per-draw action); Baoshan had none."""
    _moved_indicator(data, variant, "YongshanHand")
    if "ti_made" in data:
        made = data.pop("ti_made")
        if variant == "yongshan":
            data["acted_since_draw"] = made
        elif made is not False:
            raise SerializationError(f"ti_made: only a yongshan room has 提, got {made!r}")


@upgrades("View")
def _view_indicator(data: dict[str, JSON], variant: str | None) -> None:
    """A view's ``indicator`` into the view's record of what every seat sees."""
    _moved_indicator(data, variant, "YongshanView")


# ---------------------------------------------------------------------- 报听 (Baoshan's record)


@functools.lru_cache(maxsize=32)
def _records_ting(variant: str | None) -> bool:
    """Whether the room's variant keeps 报听 (bàotīng) in its own records since format 2: it
    declares Baoshan's :class:`~mahjong_rules.variants.baoshan.records.BaoshanSeat`."""
    from mahjong_rules.variants import get_variant
    from mahjong_rules.variants.baoshan.records import BaoshanSeat

    if variant is None:
        return False
    try:
        return type(get_variant(variant)).seat_state_class is BaoshanSeat
    except MahjongRulesError:
        return False


def _no_ting(value: JSON, variant: str | None, where: str) -> None:
    if value is not False:
        raise SerializationError(
            f"{where}.ting: no seat declares 报听 (bàotīng) in {variant}, got {value!r}"
        )


@upgrades("SeatState")
def _seat_ting(data: dict[str, JSON], variant: str | None) -> None:
    """Format 1 kept 报听 as ``SeatState.ting``; Baoshan's seat record keeps it now."""
    if "ting" not in data:
        return
    ting = data.pop("ting")
    if _records_ting(variant):
        record = data.get("variant")
        data["variant"] = {**(record or {"type": "BaoshanSeat"}), "ting": ting}
    else:
        _no_ting(ting, variant, "SeatState")


@upgrades("SeatView")
def _seat_view_ting(data: dict[str, JSON], variant: str | None) -> None:
    """A seat's view no longer says whether it declared (the view's record does): an
    undeclared seat's ``ting`` goes; a declared one's is left for its :class:`View`'s
    rewrite, which moves it (no other document can hold it)."""
    if data.get("ting") is False:
        del data["ting"]


@upgrades("View")
def _view_ting(data: dict[str, JSON], variant: str | None) -> None:
    """Format 1 kept 报听 as each ``SeatView``'s ``ting``; the view's record of Baoshan's
    (``BaoshanTable``, every seat's declaration) holds it now."""
    seats = data.get("seats")
    if not isinstance(seats, list):
        return
    ting = [s.pop("ting", False) if isinstance(s, dict) else False for s in seats]
    if _records_ting(variant):
        record = data.get("variant")
        data["variant"] = {**(record or {"type": "BaoshanTable"}), "ting": ting}
    else:
        for value in ting:
            _no_ting(value, variant, "View.seats[]")


# ---------------------------------------------------------------------- the end of a hand


@upgrades("State", "View")
def _ended_window(data: dict[str, JSON], variant: str | None) -> None:
    """Format 1's ended hand kept the tile and pending 补杠 of the window it ended in; since
    format 2 a hand that has ended has neither (they exist only in a claim or rob window)."""
    if data.get("phase") == "ended":
        data["tile"] = None
        if data.get("type") == "State":
            data["pending"] = None
