"""``--html PAGE`` of ``play`` and ``replay``: each hand as a self-contained replay page
(:func:`mahjong_rules.render.page.replay_page`), with ``--seat K`` (only what seat ``K`` saw)
and ``--lang en|zh``.

One hand is written to ``PAGE``; the hands of a match (or of a file holding several) to
``PAGE`` with the hand's number before the extension: ``game.html`` → ``game-1.html``,
``game-2.html``...
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

from mahjong_rules.cli.common import CliError
from mahjong_rules.engine.word_hooks import LANGS, Lang
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.records import HandRecord
from mahjong_rules.render.page import replay_page

__all__ = ["add_html_options", "page_paths", "write_pages"]


def add_html_options(parser: argparse.ArgumentParser, *, lang: bool) -> None:
    """Add ``--html PAGE`` and ``--seat K`` (and ``--lang``, unless the command has it)."""
    parser.add_argument(
        "--html",
        metavar="PAGE",
        help="write each hand as a self-contained HTML replay page to PAGE",
    )
    parser.add_argument(
        "--seat",
        metavar="K",
        help="with --html: the page shows only what seat K saw",
    )
    if lang:
        parser.add_argument(
            "--lang", default="en", choices=LANGS, help="the words of --html: en (default) or zh"
        )


def page_paths(path: str, hands: int) -> list[str]:
    """Where the pages of ``hands`` hands go: ``path`` for one, numbered for several."""
    if hands == 1:
        return [path]
    stem, ext = os.path.splitext(path)
    return [f"{stem}-{k}{ext}" for k in range(1, hands + 1)]


def write_pages(
    path: str | None, records: Sequence[HandRecord], seat: str | None, lang: Lang
) -> list[str]:
    """Write the replay page of each of ``records`` (nothing when ``path`` is ``None``);
    the lines saying what was written."""
    if path is None:
        if seat is not None:
            raise CliError("--seat is for --html: give --html PAGE")
        return []
    lines = []
    for record, target in zip(records, page_paths(path, len(records)), strict=True):
        viewer = None
        if seat is not None:
            players = record.rules().players
            if not seat.isdigit() or int(seat) >= players:
                raise CliError(f"--seat: expected a seat 0..{players - 1}, got {seat[:40]!r}")
            viewer = int(seat)
        try:
            page = replay_page(record, seat=viewer, lang=lang)
        except MahjongRulesError as exc:
            raise CliError(f"--html: {exc}") from None
        try:
            with open(target, "w", encoding="utf-8") as out:
                out.write(page)
        except OSError as exc:
            raise CliError(f"cannot write {target}: {exc.strerror or exc}") from None
        lines.append(f"wrote the replay page {target}")
    return lines
