"""The lobby: the tables open on the server, each found by its id (``t1``, ``t2``, ...).

Any game the registry holds can be opened (``mahjong_rules.available_variants()``: the three
shipped games and every plugin installed). A table is opened with the seats that are for
people; bots play the others. At most :data:`MAX_TABLES` are kept: opening one more forgets the
oldest finished table, and a full lobby of unfinished tables refuses a new one.
"""

from __future__ import annotations

import random

import attrs

from mahjong_rules import MahjongRulesError, Rules, available_variants, get_variant
from mahjong_rules.engine.word_hooks import Lang
from mahjong_server.protocol import ProtocolError
from mahjong_server.table import Settings, Table

__all__ = ["MAX_TABLES", "Lobby", "LobbyError", "games"]

MAX_TABLES = 64
"""The most tables one server keeps."""


class LobbyError(ProtocolError):
    """A table that cannot be opened or found."""


def games() -> list[tuple[str, str]]:
    """Every registered game as ``(name, Chinese name)``, by name."""
    return sorted((rules.name, rules.name_zh) for rules in available_variants())


class Lobby:
    """The server's tables; ``settings`` are every new table's (its language may differ)."""

    def __init__(self, settings: Settings = Settings()) -> None:  # noqa: B008 - frozen
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self._opened = 0

    def open(
        self,
        game: str,
        people: frozenset[int],
        *,
        seed: int | str | None = None,
        lang: Lang | None = None,
    ) -> Table:
        """A new table of ``game`` (a registered name), ``people`` its seats for persons."""
        if game not in dict(games()):
            raise LobbyError("no_game", f"no game {game[:40]!r}; the games: {_names()}")
        try:
            rules: Rules = get_variant(game)
        except MahjongRulesError as exc:  # a plugin that fails to build its rules
            raise LobbyError("no_game", f"{game}: {exc}") from None
        if not people or any(not 0 <= seat < rules.players for seat in people):
            raise LobbyError("bad_seat", f"the people's seats are some of 0..{rules.players - 1}")
        self._make_room()
        self._opened += 1
        table_id = f"t{self._opened}"
        settings = self.settings if lang is None else _with_lang(self.settings, lang)
        chosen = random.SystemRandom().getrandbits(32) if seed is None else seed
        table = Table(table_id, rules, people=people, seed=chosen, settings=settings)
        self.tables[table_id] = table
        return table

    def get(self, table_id: str) -> Table:
        """The table ``table_id``, or :class:`LobbyError`."""
        table = self.tables.get(table_id)
        if table is None:
            raise LobbyError("no_table", f"no table {table_id[:40]!r}")
        return table

    def _make_room(self) -> None:
        if len(self.tables) < MAX_TABLES:
            return
        for table_id, table in self.tables.items():
            if table.over:
                del self.tables[table_id]
                return
        raise LobbyError("full", f"{MAX_TABLES} tables are playing; try again later")

    def close(self) -> None:
        """Stop every table's loop (the server is shutting down)."""
        for table in self.tables.values():
            table.task.cancel()


def _names() -> str:
    return ", ".join(name for name, _ in games())


def _with_lang(settings: Settings, lang: Lang) -> Settings:
    return attrs.evolve(settings, lang=lang)
