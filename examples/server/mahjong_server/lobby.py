"""The lobby: the tables open on the server, each found by its id (``t1``, ``t2``, ...).

Any game the registry holds can be opened (``mahjong_rules.available_variants()``: the three
shipped games and every plugin installed). A table is opened with the seats that are for
people; bots play the others. At most :data:`MAX_TABLES` are kept: opening one more forgets the
oldest finished table, and a full lobby of unfinished tables refuses a new one.

The tables live in a :class:`.storage.Store`: a lobby made on a store that holds tables (the
server restarted) opens them again, each at its last stored action, with its persons' tokens.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

from mahjong_rules import (
    HandRecord,
    MahjongRulesError,
    Rules,
    available_variants,
    get_variant,
    rules_for,
)
from mahjong_rules.engine.word_hooks import Lang
from mahjong_server.play import Play
from mahjong_server.protocol import ProtocolError
from mahjong_server.storage import Store, StoredTable, Tables
from mahjong_server.table import Settings, Table

__all__ = ["MAX_TABLES", "Lobby", "LobbyError", "games"]

MAX_TABLES = 256
"""The most tables one server keeps in memory."""
MAX_HANDS = 16
"""The longest match a table plays."""


class LobbyError(ProtocolError):
    """A table that cannot be opened or found."""


def games() -> list[tuple[str, str]]:
    """Every registered game as ``(name, Chinese name)``, by name."""
    return sorted((rules.name, rules.name_zh) for rules in available_variants())


class Lobby:
    """The server's tables; ``settings`` are every new table's (its language may differ);
    ``store`` keeps them (by default in memory only)."""

    def __init__(
        self,
        settings: Settings = Settings(),  # noqa: B008 - frozen
        store: Tables | None = None,
    ) -> None:
        self.settings = settings
        self.store: Tables = Store(":memory:") if store is None else store
        self.tables: dict[str, Table] = {}
        self.remote: Callable[[str], Any] | None = None
        """Finds a table another process owns (:class:`.cluster.Cluster`, with Redis)."""
        self.listed: Callable[[], dict[str, dict[str, Any]]] | None = None
        """The summaries of the tables other processes own, by id (with Redis)."""
        for stored in self.store.tables():
            self.adopt(stored)
        finished = [key for key, table in self.tables.items() if table.over]
        for key in finished[: max(0, len(self.tables) - MAX_TABLES)]:  # the oldest first
            del self.tables[key]  # (still in the store)

    def adopt(self, stored: StoredTable) -> Table:
        """Play on the table ``stored`` here, from its last stored action."""
        rules = rules_for(stored.options)
        play = Play.restore(stored, rules, self.store)
        lang: Lang = "zh" if stored.lang == "zh" else "en"
        table = Table(
            stored.id,
            rules,
            people=stored.people,
            seed=stored.seed,
            settings=_with_lang(self.settings, lang),
            play=play,
            tokens=stored.tokens,
            pressed=stored.pressed,
        )
        self.tables[stored.id] = table
        return table

    def open(
        self,
        game: str,
        people: frozenset[int],
        *,
        seed: int | str | None = None,
        lang: Lang | None = None,
        hands: int = 1,
        options: dict[str, Any] | None = None,
    ) -> Table:
        """A new table of ``game`` (a registered name) with the room's ``options`` (the game's
        own, e.g. ``{"players": 3}`` or ``{"swap_three": True}``), playing a match of ``hands``
        hands; ``people`` are its seats for persons."""
        if game not in dict(games()):
            raise LobbyError("no_game", f"no game {game[:40]!r}; the games: {_names()}")
        if not 1 <= hands <= MAX_HANDS:
            raise LobbyError("bad_options", f"a match has 1 to {MAX_HANDS} hands")
        try:
            rules: Rules = get_variant(game, **(options or {}))
        except MahjongRulesError as exc:  # bad options, or a plugin that fails to build
            raise LobbyError("bad_options", f"{game}: {str(exc)[:200]}") from None
        if not people or any(not 0 <= seat < rules.players for seat in people):
            raise LobbyError("bad_seat", f"the people's seats are some of 0..{rules.players - 1}")
        self._make_room()
        settings = self.settings if lang is None else _with_lang(self.settings, lang)
        chosen = random.SystemRandom().getrandbits(32) if seed is None else seed
        first = HandRecord.new(rules, seed=chosen)
        table_id = self.store.new_table(
            rules.name, rules.options, people, chosen, settings.lang, hands, first
        )
        play = Play(table_id, rules, seed=chosen, hands=hands, store=self.store, record=first)
        table = Table(table_id, rules, people=people, seed=chosen, settings=settings, play=play)
        self.tables[table_id] = table
        return table

    def get(self, table_id: str) -> Table:
        """The table ``table_id``, or :class:`LobbyError`."""
        table = self.tables.get(table_id)
        if table is None and self.remote is not None:
            return self.remote(table_id)  # type: ignore[no-any-return]
        if table is None:
            raise LobbyError("no_table", f"no table {table_id[:40]!r}")
        return table

    def listing(self) -> list[dict[str, Any]]:
        """Every table's :meth:`.table.Table.summary`, oldest first: this process's, and
        (with Redis) the others' as their owners last wrote them."""
        mine = {key: table.summary() for key, table in self.tables.items()}
        others = {} if self.listed is None else self.listed()
        every = {**others, **mine}
        return [every[key] for key in sorted(every, key=_number)]

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


def _number(table_id: str) -> tuple[int, str]:
    """The order of table ids: ``t2`` before ``t10``."""
    digits = table_id[1:]
    return (int(digits) if digits.isdigit() else 0, table_id)


def _names() -> str:
    return ", ".join(name for name, _ in games())


def _with_lang(settings: Settings, lang: Lang) -> Settings:
    return attrs.evolve(settings, lang=lang)
