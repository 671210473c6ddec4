"""What the commands share: the error for bad usage, ``--option`` and ``--seed`` parsing, and
building a room's rules from the command line."""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterable
from typing import Any

from mahjong_rules.variants import Rules, get_variant

__all__ = [
    "EXIT_OK",
    "EXIT_USAGE",
    "CliError",
    "add_option_flag",
    "make_rules",
    "one_line",
    "parse_options",
    "parse_seed",
    "signed",
]

EXIT_OK = 0
EXIT_USAGE = 2
"""Exit status for bad input, the same as argparse's for usage errors."""

_INT = re.compile(r"-?[0-9]+")


class CliError(Exception):
    """Input argparse accepted as text but the command cannot use (a bad value, a missing or
    unreadable file): reported as one ``error:`` line, exit status 2."""


def one_line(text: str) -> str:
    """``text`` with every run of whitespace (newlines included) made one space."""
    return " ".join(text.split())


def signed(n: int) -> str:
    """``+3``, ``-2``, ``0``."""
    return f"{n:+d}" if n else "0"


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


def parse_seed(text: str) -> int | str:
    """A seed: a whole number if the text is one (``7``, ``-3``), else the text itself."""
    return int(text) if _INT.fullmatch(text) else text
