"""Where tables are kept: SQLite (the standard library's ``sqlite3``, in WAL mode).

Nothing a table has done is lost when the process dies: every action applied is appended to
the table's action log in the same transaction that advances the table's ``version``, so after
``kill -9`` at any moment the database holds each table exactly as its last committed action
left it, and :meth:`Store.tables` gives everything needed to play on from there.

The layout (one database file, ``tables.sqlite`` by default; ``:memory:`` keeps nothing)::

    counters(name TEXT PRIMARY KEY, value INTEGER)
        'tables': the last table number given; ids are t<number>, never given twice
    tables(id TEXT PRIMARY KEY, game TEXT, options TEXT, people TEXT, seed TEXT, lang TEXT,
           hands INTEGER, version INTEGER, created REAL)
        options: the room's options (a to_dict document); people: the seats for persons
        (a JSON list); seed: the match's seed (JSON); hands: the match's length;
        version: how many actions the table has applied, over all its hands
    seats(table_id TEXT, seat INTEGER, token TEXT, PRIMARY KEY (table_id, seat))
        the token given to a seat's person at the first join (none: the seat is free)
    hands(table_id TEXT, hand INTEGER, record TEXT, ended INTEGER, PRIMARY KEY (table_id, hand))
        each hand of the match from its deal: its HandRecord (a to_dict document) without
        actions while it is played (the hand's snapshot: its seed, dealer and answers), with
        all its actions once it has ended (ended = 1: its replay is served from it)
    actions(table_id TEXT, version INTEGER, hand INTEGER, action TEXT,
            PRIMARY KEY (table_id, version))
        the action log: version n is the table's n-th action (a to_dict document)
    presses(table_id TEXT, hand INTEGER, seat INTEGER, PRIMARY KEY (table_id, hand, seat))
        the persons who pressed "next" once hand ``hand`` had ended (the next hand is dealt
        when every person has: a restart between two presses keeps the first)

A hand in play is rebuilt from its start record and its actions (a few hundred applies at most:
milliseconds), so the hand's start is its snapshot; an ended hand is read back from its record.
:meth:`Store.append` refuses an action whose version is not the next (another process, or a
second apply of the same action): the log never holds an action twice.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from typing import Any, Protocol

import attrs

from mahjong_rules import Action, HandRecord, from_dict, to_dict

__all__ = ["SCHEMA", "StaleVersion", "Store", "StoredTable", "Tables"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, people TEXT NOT NULL,
    seed TEXT NOT NULL, lang TEXT NOT NULL, hands INTEGER NOT NULL,
    version INTEGER NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL, seat INTEGER NOT NULL, token TEXT NOT NULL,
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS hands (
    table_id TEXT NOT NULL, hand INTEGER NOT NULL, record TEXT NOT NULL,
    ended INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, hand));
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL, version INTEGER NOT NULL, hand INTEGER NOT NULL,
    action TEXT NOT NULL, PRIMARY KEY (table_id, version));
CREATE TABLE IF NOT EXISTS presses (
    table_id TEXT NOT NULL, hand INTEGER NOT NULL, seat INTEGER NOT NULL,
    PRIMARY KEY (table_id, hand, seat));
"""
"""The tables of the database (see the module's layout)."""


class StaleVersion(RuntimeError):
    """An action stored on a version the table has already passed."""


@attrs.frozen
class StoredTable:
    """One table as stored: enough to play on from its last action."""

    id: str
    game: str
    options: Any
    people: frozenset[int]
    seed: int | str
    lang: str
    hands: int
    version: int
    tokens: dict[int, str]
    records: tuple[HandRecord, ...]
    """Every hand dealt, in order; the last one's actions are those logged for it."""
    ended: tuple[bool, ...]
    """By hand: whether it has ended."""
    pressed: frozenset[int] = frozenset()
    """The persons who pressed "next" since the last hand ended (none while a hand is played)."""


class Tables(Protocol):
    """What a table needs of where it is kept: :class:`Store` (SQLite) or
    :class:`.redis_store.RedisStore` (several processes)."""

    def new_table(
        self,
        game: str,
        options: Any,
        people: frozenset[int],
        seed: int | str,
        lang: str,
        hands: int,
        first: HandRecord,
        *,
        table_id: str | None = None,
    ) -> str:
        """Store a new table with its first hand; its id."""

    def set_token(self, table_id: str, seat: int, token: str) -> None:
        """The token of ``seat``'s person."""

    def append(
        self,
        table_id: str,
        version: int,
        hand: int,
        action: Action,
        ended: HandRecord | None = None,
    ) -> None:
        """Log ``action`` as the table's action number ``version``, or :class:`StaleVersion`."""

    def new_hand(self, table_id: str, hand: int, record: HandRecord) -> None:
        """The match's next hand, dealt."""

    def press(self, table_id: str, hand: int, seat: int) -> None:
        """``seat``'s person pressed "next" once hand ``hand`` (from 0) had ended."""

    def record(self, table_id: str, hand: int) -> HandRecord | None:
        """The whole record of an ended hand."""

    def tables(self) -> Iterator[StoredTable]:
        """The tables this process plays on when it starts."""

    def close(self) -> None:
        """Let the store go."""


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Store:
    """The database at ``path`` (``":memory:"``: this process only, nothing kept)."""

    def __init__(self, path: str = "tables.sqlite") -> None:
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        if path != ":memory:":
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a killed process
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction (``for db in self._transaction():``), rolled back on an error."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def new_table(
        self,
        game: str,
        options: Any,
        people: frozenset[int],
        seed: int | str,
        lang: str,
        hands: int,
        first: HandRecord,
        *,
        table_id: str | None = None,
    ) -> str:
        """Store a new table with its first hand; its id (``t<n>``, never given before, unless
        ``table_id`` names it)."""
        for db in self._transaction():
            db.execute("INSERT OR IGNORE INTO counters VALUES ('tables', 0)")
            db.execute("UPDATE counters SET value = value + 1 WHERE name = 'tables'")
            (number,) = db.execute("SELECT value FROM counters WHERE name = 'tables'").fetchone()
            table_id = table_id or f"t{number}"
            db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)",
                (
                    table_id,
                    game,
                    _json(to_dict(options)),
                    _json(sorted(people)),
                    _json(seed),
                    lang,
                    hands,
                    time.time(),
                ),
            )
            db.execute("INSERT INTO hands VALUES (?, 0, ?, 0)", (table_id, _json(to_dict(first))))
        assert table_id is not None
        return table_id

    def set_token(self, table_id: str, seat: int, token: str) -> None:
        """The token of ``seat``'s person (given at its first join)."""
        self.db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?)", (table_id, seat, token))

    def append(
        self,
        table_id: str,
        version: int,
        hand: int,
        action: Action,
        ended: HandRecord | None = None,
    ) -> None:
        """Log ``action`` as the table's action number ``version`` (the next one, or
        :class:`StaleVersion`), and in the same transaction store the hand's whole record if
        the action ``ended`` it."""
        for db in self._transaction():
            moved = db.execute(
                "UPDATE tables SET version = ? WHERE id = ? AND version = ?",
                (version, table_id, version - 1),
            ).rowcount
            if moved != 1:
                raise StaleVersion(f"table {table_id} is past version {version - 1}")
            db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?)",
                (table_id, version, hand, _json(to_dict(action))),
            )
            if ended is not None:
                db.execute(
                    "UPDATE hands SET record = ?, ended = 1 WHERE table_id = ? AND hand = ?",
                    (_json(to_dict(ended)), table_id, hand),
                )

    def new_hand(self, table_id: str, hand: int, record: HandRecord) -> None:
        """The match's next hand, dealt (its record without actions)."""
        self.db.execute(
            "INSERT OR IGNORE INTO hands VALUES (?, ?, ?, 0)",
            (table_id, hand, _json(to_dict(record))),
        )

    def press(self, table_id: str, hand: int, seat: int) -> None:
        """``seat``'s person pressed "next" once hand ``hand`` (from 0) had ended."""
        self.db.execute("INSERT OR IGNORE INTO presses VALUES (?, ?, ?)", (table_id, hand, seat))

    def record(self, table_id: str, hand: int) -> HandRecord | None:
        """The whole record of an ended hand (``None``: no such hand ended)."""
        row = self.db.execute(
            "SELECT record FROM hands WHERE table_id = ? AND hand = ? AND ended = 1",
            (table_id, hand),
        ).fetchone()
        return None if row is None else from_dict(json.loads(row[0]), HandRecord)

    def tables(self) -> Iterator[StoredTable]:
        """Every stored table, oldest first, with its hands and the actions of the hand in play."""
        rows = self.db.execute(
            "SELECT id, game, options, people, seed, lang, hands, version FROM tables"
            " ORDER BY created, id"
        ).fetchall()
        for table_id, game, options, people, seed, lang, hands, version in rows:
            tokens = dict(
                self.db.execute(
                    "SELECT seat, token FROM seats WHERE table_id = ?", (table_id,)
                ).fetchall()
            )
            records: list[HandRecord] = []
            ended: list[bool] = []
            for number, doc, done in self.db.execute(
                "SELECT hand, record, ended FROM hands WHERE table_id = ? ORDER BY hand",
                (table_id,),
            ).fetchall():
                record = from_dict(json.loads(doc), HandRecord)
                if not done:
                    for (action,) in self.db.execute(
                        "SELECT action FROM actions WHERE table_id = ? AND hand = ?"
                        " ORDER BY version",
                        (table_id, number),
                    ):
                        record = record.with_action(from_dict(json.loads(action), Action))
                records.append(record)
                ended.append(bool(done))
            pressed = self.db.execute(
                "SELECT seat FROM presses WHERE table_id = ? AND hand = ?",
                (table_id, len(records) - 1),
            ).fetchall()
            yield StoredTable(
                id=table_id,
                game=game,
                options=from_dict(json.loads(options)),
                people=frozenset(json.loads(people)),
                seed=json.loads(seed),
                lang=lang,
                hands=hands,
                version=version,
                tokens=tokens,
                records=tuple(records),
                ended=tuple(ended),
                pressed=frozenset(seat for (seat,) in pressed) if ended[-1] else frozenset(),
            )
