"""A table another process owns, as this process's connections use it (``--redis``).

:class:`RemoteTable` stands for the table in this process: a connection's ``join``,
``answer``... go to the table's inbox in Redis (or to the table itself once this process has
taken it over). :class:`RemoteClient` stands, on the table's owner, for a connection of another
process: what the table sends it is published on that process's channel.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from mahjong_rules import HandRecord, from_dict, rules_for
from mahjong_server.seats import Client, Settings
from mahjong_server.table import Table

if TYPE_CHECKING:
    from mahjong_server.cluster import Cluster

__all__ = ["RemoteClient", "RemoteTable"]


class RemoteClient:
    """On a table's owner, a client connected to another process (``process``, number ``conn``)."""

    def __init__(self, cluster: Cluster, process: str, conn: int) -> None:
        self.cluster, self.process, self.conn = cluster, process, conn

    def push(self, message: dict[str, Any]) -> None:
        self.cluster.send(self.process, {"conn": self.conn, "message": message})

    def close(self, why: str) -> None:
        self.cluster.send(self.process, {"conn": self.conn, "close": why})


class RemoteTable:
    """A table another process owns, as a connection here uses it (its messages go to the
    table's inbox; it plays here at once if this process has taken the table over)."""

    def __init__(self, cluster: Cluster, table_id: str, fields: dict[str, str]) -> None:
        self.cluster = cluster
        self.id = table_id
        self.rules = rules_for(from_dict(json.loads(fields["options"])))
        self.settings = Settings(lang="zh" if fields["lang"] == "zh" else "en")
        self.client: Client | None = None
        """The connection that joined a seat through this handle."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RemoteTable) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def _local(self) -> Table | None:
        return self.cluster.lobby.tables.get(self.id)

    def join(self, seat: int, token: str | None, client: Client) -> None:
        self.client = client
        conn = self.cluster.number(client)
        self.cluster.joined[(self.id, conn)] = (seat, token)
        local = self._local()
        if local is not None:
            local.join(seat, token, client)
        else:
            self.cluster.ask(self.id, client, {"op": "join", "seat": seat, "token": token})

    def leave(self, seat: int, client: Client) -> None:
        self.cluster.joined.pop((self.id, self.cluster.number(client)), None)
        local = self._local()
        if local is not None:
            local.leave(seat, client)
        else:
            self.cluster.ask(self.id, client, {"op": "leave", "seat": seat})
        self.cluster.forget(client)

    def watch(self, client: Client) -> None:
        self.cluster.watching.add((self.id, self.cluster.number(client)))
        local = self._local()
        if local is not None:
            local.watch(client)
        else:
            self.cluster.ask(self.id, client, {"op": "watch"})

    def unwatch(self, client: Client) -> None:
        self.cluster.watching.discard((self.id, self.cluster.number(client)))
        local = self._local()
        if local is not None:
            local.unwatch(client)
        else:
            self.cluster.ask(self.id, client, {"op": "unwatch"})
        self.cluster.forget(client)

    def _seat_op(self, op: str, seat: int, doc: dict[str, Any] | None = None) -> None:
        local = self._local()
        if local is not None and local.seats[seat].client is self.client:
            if op == "answer":
                local.answer(seat, doc or {})
            elif op == "next":
                local.press_next(seat)
            else:
                local.back(seat)
        elif self.client is not None:
            self.cluster.ask(self.id, self.client, {"op": op, "seat": seat, "doc": doc})

    def answer(self, seat: int, doc: dict[str, Any]) -> None:
        self._seat_op("answer", seat, doc)

    def press_next(self, seat: int) -> None:
        self._seat_op("next", seat)

    def back(self, seat: int) -> None:
        self._seat_op("back", seat)

    def replay(self, seat: int, nonce: str | None = None, hand: int | None = None) -> str | None:
        """An ended hand's replay page, read from Redis (by default hand 0)."""
        from mahjong_rules.render.page import replay_page

        record: HandRecord | None = self.cluster.store.record(self.id, hand or 0)
        if record is None or not 0 <= seat < self.rules.players:
            return None
        return replay_page(record, seat=seat, lang=self.settings.lang, nonce=nonce)
