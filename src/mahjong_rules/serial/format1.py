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
