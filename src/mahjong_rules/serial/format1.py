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

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from mahjong_rules.errors import SerializationError

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
