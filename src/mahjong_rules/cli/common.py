"""What the commands share: the error for bad usage, ``--option``, ``--players``, ``--bots`` and
``--seed`` parsing, building a room's rules from the command line, and opening a file to write."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterable
from typing import Any, TextIO

from mahjong_rules.tiles import Tile
from mahjong_rules.variants import Rules, get_variant
from mahjong_rules.words.payments import signed

__all__ = [
    "EXIT_OK",
    "EXIT_USAGE",
    "CliError",
    "add_option_flag",
    "make_rules",
    "one_line",
    "open_to_write",
    "parse_json",
    "parse_options",
    "parse_seed",
    "per_seat",
    "room_rules",
    "seed_text",
    "signed",
    "whole",
]

EXIT_OK = 0
EXIT_USAGE = 2
"""Exit status for bad input, the same as argparse's for usage errors."""

_INT = re.compile(r"-?[0-9]+")
_WHOLE = re.compile(r"[0-9]+")  # ASCII digits only: "²" passes str.isdigit, not this
_MAX_DIGITS = 9
"""Digits a numeric flag reads (every range the commands document is far smaller)."""
_MAX_SEED_DIGITS = 100
_MAX_DEPTH = 32
"""How deeply JSON may nest in an option value or a file (a hand record nests 6 deep)."""


class CliError(Exception):
    """Input argparse accepted as text but the command cannot use (a bad value, a missing or
    unreadable file): reported as one ``error:`` line, exit status 2."""


def one_line(text: str) -> str:
    """``text`` with every run of whitespace (newlines included) made one space."""
    return " ".join(text.split())


def seed_text(seed: object) -> str:
    """A record's seed as printed: a number or text as is, bytes in hex."""
    return seed.hex() if isinstance(seed, bytes) else str(seed)


def tile_text(tile: Tile) -> str:
    """``5m 五万``: a tile's notation and its Chinese name, as the logs write it."""
    return f"{tile.notation} {tile.name_zh}"


def add_option_flag(parser: argparse._ActionsContainer) -> None:
    """``--option NAME=VALUE``, repeatable."""
    parser.add_argument(
        "--option",
        "-o",
        dest="options",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=(
            "a room option (repeatable); VALUE is read as JSON if it parses (true, null, 3, "
            '{"qing_yi_se": 2}), else as a plain string; see the variants command'
        ),
    )


def whole(flag: str, text: str, low: int, high: int | None = None) -> int:
    """The whole number ``low..high`` (``high`` ``None``: no upper bound) written ``text`` for
    ``flag``: ASCII digits only, at most nine of them; anything else raises :class:`CliError`.

    >>> whole("--players", "3", 2, 4)
    3
    >>> whole("--players", "³", 2, 4)
    Traceback (most recent call last):
    ...
    mahjong_rules.cli.common.CliError: --players must be a whole number 2..4, got '³'
    """
    shown = f"{low}..{high}" if high is not None else f"{low} or more"
    if not _WHOLE.fullmatch(text) or len(text.lstrip("0")) > _MAX_DIGITS:
        raise CliError(f"{flag} must be a whole number {shown}, got {_clip(text)}")
    value = int(text)
    if value < low or (high is not None and value > high):
        raise CliError(f"{flag} must be a whole number {shown}, got {_clip(text)}")
    return value


def _clip(text: str, most: int = 40) -> str:
    """``repr(text)``, cut to ``most`` characters with ``...`` (a 5,000-digit value is not
    echoed whole)."""
    return repr(text) if len(text) <= most else repr(text[:most]) + f"... ({len(text)} characters)"


def _depth(text: str) -> int:
    """How deeply brackets nest in JSON text (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def parse_json(text: str, where: str) -> Any:
    """``text`` read as JSON; JSON nested more than 32 deep, or a number of more than 4,300
    digits, raises :class:`CliError` naming ``where`` (so does text that is not JSON)."""
    if _depth(text) > _MAX_DEPTH:
        raise CliError(f"{where} nests JSON more than {_MAX_DEPTH} deep")
    try:
        return json.loads(text)
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise CliError(f"{where} nests JSON too deeply") from None
    except ValueError as exc:  # bad JSON, or int() refusing a huge number
        raise CliError(f"{where} is not JSON: {one_line(str(exc))}") from None


def parse_options(items: Iterable[str]) -> dict[str, Any]:
    """``["players=3", "honors=true", "cha_jiao=off"]`` → ``{"players": 3, "honors": True,
    "cha_jiao": "off"}``: each value JSON if it parses, else the text itself; a later
    ``NAME=`` wins over an earlier one."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise CliError(f"--option takes NAME=VALUE, got {item!r}")
        if _depth(text) > _MAX_DEPTH:
            raise CliError(f"--option {name}: the value nests more than {_MAX_DEPTH} deep")
        try:
            value: Any = json.loads(text)
        except ValueError:
            value = text
        out[name] = value
    return out


def make_rules(variant: str, options: dict[str, Any]) -> Rules:
    """The rules of ``variant`` with room ``options``; an unknown variant or option, or a bad
    value, raises the library's error (``UnknownVariantError``, ``OptionsError``)."""
    return get_variant(variant, **options)


def room_rules(args: argparse.Namespace) -> Rules:
    """The rules of ``args.variant`` with the room options of ``--option`` (``args.options``)
    and ``--players`` (``args.players``, 2..4, ``None`` if not given), which must agree with an
    ``--option players=N``."""
    options = parse_options(args.options)
    if args.players is not None:
        players = whole("--players", args.players, 2, 4)
        if options.get("players", players) != players:
            shown = str(options["players"])[:40]
            raise CliError(f"--players {players} contradicts --option players={shown}")
        options["players"] = players
    return make_rules(args.variant, options)


def per_seat(spec: str, players: int) -> list[str]:
    """The names of ``--bots``, one per seat: ``spec`` names one (every seat's) or one for each
    of the ``players`` seats, comma-separated."""
    names = [name.strip() for name in spec.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise CliError(f"--bots names {len(names)} bots for {players} seats: give 1 or {players}")
    return names


def open_to_write(path: str) -> TextIO:
    """``path`` opened to write UTF-8 text; a file that cannot be written raises
    :class:`CliError` saying why."""
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from None


def parse_seed(text: str) -> int | str:
    """A seed: a whole number if the text is one (``7``, ``-3``), else the text itself; a seed
    of more than 100 characters raises :class:`CliError`."""
    if len(text) > _MAX_SEED_DIGITS:
        raise CliError(f"--seed takes at most {_MAX_SEED_DIGITS} characters, got {len(text)}")
    return int(text) if _INT.fullmatch(text) else text
