"""Several server processes on one Redis (``serve.py --redis URL``): leases, inboxes, forwarding.

A table is played by one process at a time, its *owner*, which holds the table's lease
(``lease:<id>``, ``SET NX PX``, renewed every third of its time). A process that finds a table
nobody holds (its owner died and the lease lapsed) takes the lease, restores the table from its
log (:meth:`.redis_store.RedisStore.table`) and plays on; the store's append refuses any write of
a process that no longer holds the lease, so no action is applied twice.

A client may be connected to any process. Its messages for a table owned elsewhere go through
the table's inbox (``inbox:<id>``, a list the owner pops); the owner sends that client's messages
on the channel of the client's process (``out:<process>``), which forwards them to the client.
When a table changes owner, each process joins its clients again with their tokens (and watches
again), so they go on seeing the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from typing import Any

import redis.asyncio

from mahjong_rules import HandRecord, from_dict, rules_for
from mahjong_server.lobby import Lobby, LobbyError
from mahjong_server.protocol import ProtocolError, error
from mahjong_server.redis_store import RedisStore
from mahjong_server.seats import Client, Settings
from mahjong_server.table import Table

__all__ = ["Cluster", "RemoteClient", "RemoteTable"]

_logger = logging.getLogger("mahjong_server")

_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


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


class Cluster:
    """This process's part of the tables shared through the Redis of ``store``."""

    def __init__(self, lobby: Lobby, store: RedisStore) -> None:
        self.lobby = lobby
        self.store = store
        self.me = store.owner
        self.db = redis.asyncio.Redis.from_url(store.url, decode_responses=True)
        self._renew = self.db.register_script(_RENEW)
        self._numbers = itertools.count(1)
        self.clients: dict[int, Client] = {}
        """This process's connections that use a remote table, by number."""
        self._by_client: dict[int, int] = {}
        self.joined: dict[tuple[str, int], tuple[int, str | None]] = {}
        """(table, connection) -> (seat, token): the seats joined from here."""
        self.watching: set[tuple[str, int]] = set()
        self.remote: dict[tuple[str, str, int], RemoteClient] = {}
        """On the owner: the clients of other processes, by (table, process, connection)."""
        self.owners: dict[str, str | None] = {}
        self._out: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.tasks: list[asyncio.Task[None]] = []
        lobby.remote = self.find
        lobby.listed = self.listed

    def start(self) -> None:
        """Start the leases', the inboxes', the channel's and the sender's loops."""
        for loop in (self._leases, self._inbox, self._listen, self._send):
            self.tasks.append(asyncio.create_task(loop(), name=f"cluster {loop.__name__}"))

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.db.aclose()

    # -- this process's connections -------------------------------------------------------------

    def find(self, table_id: str) -> RemoteTable:
        """The table ``table_id`` of another process, or :class:`.lobby.LobbyError`."""
        found = self.store.db.hgetall(self.store.key("table", table_id[:40]))
        fields = {str(k): str(v) for k, v in found.items()}
        if not fields:
            raise LobbyError("no_table", f"no table {table_id[:40]!r}")
        return RemoteTable(self, table_id, fields)

    def listed(self) -> dict[str, dict[str, Any]]:
        """The tables' summaries as their owners last wrote them (every lease round)."""
        found = self.store.db.hgetall(self.store.key("summary"))
        return {str(key): json.loads(str(doc)) for key, doc in found.items()}

    def number(self, client: Client) -> int:
        """The number of a connection of this process (given at its first use)."""
        key = id(client)
        if key not in self._by_client:
            self._by_client[key] = next(self._numbers)
            self.clients[self._by_client[key]] = client
        return self._by_client[key]

    def ask(self, table_id: str, client: Client, doc: dict[str, Any]) -> None:
        """Put a connection's message in the table's inbox."""
        entry = {**doc, "from": self.me, "conn": self.number(client)}
        self._out.put_nowait((self.store.key("inbox", table_id), _json(entry)))

    def send(self, process: str, doc: dict[str, Any]) -> None:
        """Publish a message for a client of ``process`` (in order, by the sender's loop)."""
        self._out.put_nowait(("@" + self.store.key("out", process), _json(doc)))

    async def _send(self) -> None:
        while True:
            where, text = await self._out.get()
            if where.startswith("@"):
                await self.db.publish(where[1:], text)
            else:
                await self.db.rpush(where, text)

    async def _listen(self) -> None:
        """Forward the owners' messages to this process's connections."""
        pubsub = self.db.pubsub()
        await pubsub.subscribe(self.store.key("out", self.me))
        async for item in pubsub.listen():
            if item.get("type") != "message":
                continue
            doc = json.loads(item["data"])
            client = self.clients.get(doc["conn"])
            if client is None:
                continue
            if "close" in doc:
                client.close(doc["close"])
                continue
            message = doc["message"]
            if message.get("type") == "joined":
                self.joined[(message["table"], doc["conn"])] = (message["seat"], message["token"])
            client.push(message)

    # -- the tables this process owns -----------------------------------------------------------

    async def _inbox(self) -> None:
        """Apply the messages other processes' clients sent to the tables owned here."""
        while True:
            keys = [self.store.key("inbox", key) for key in self.lobby.tables]
            if not keys:
                await asyncio.sleep(0.2)
                continue
            popped = await self.db.blpop(keys, timeout=0.5)
            if popped is not None:
                key, text = popped
                self._apply(str(key)[len(self.store.prefix) + 6 :], json.loads(text))

    def _apply(self, table_id: str, doc: dict[str, Any]) -> None:
        table = self.lobby.tables.get(table_id)
        if table is None:
            return
        key = (table_id, str(doc["from"]), int(doc["conn"]))
        client: Client
        if key[1] == self.me and key[2] in self.clients:  # sent from here before the takeover
            client = self.clients[key[2]]
        else:
            client = self.remote.setdefault(key, RemoteClient(self, key[1], key[2]))
        op, seat = doc["op"], doc.get("seat")
        try:
            if op == "join":
                table.join(int(str(seat)), doc.get("token"), client)
            elif op == "leave":
                table.leave(int(str(seat)), client)
                self.remote.pop(key, None)
            elif op == "watch":
                table.watch(client)
            elif op == "unwatch":
                table.unwatch(client)
                self.remote.pop(key, None)
            elif not isinstance(seat, int) or table.seats[seat].client is not client:
                raise ProtocolError("not_joined", "join a table's seat first")
            elif op == "answer":
                table.answer(seat, doc.get("doc") or {})
            elif op == "next":
                table.press_next(seat)
            elif op == "back":
                table.back(seat)
        except ProtocolError as exc:
            client.push(error(exc.code, str(exc), table.settings.lang))
        except (IndexError, TypeError, ValueError):
            client.push(error("bad_message", "not a message of this server", table.settings.lang))

    async def _leases(self) -> None:
        """Every third of a lease's time: :meth:`_lease_round` (an error is logged, the loop
        goes on: a process that stopped renewing would lose its tables)."""
        while True:
            await asyncio.sleep(self.store.lease_ms / 3000)
            try:
                await self._lease_round()
            except Exception:
                _logger.exception("the leases' round failed")

    async def _lease_round(self) -> None:
        """Renew this process's leases; take over the tables whose owner has gone."""
        mine = list(self.lobby.tables.items())
        pipe = self.db.pipeline(transaction=False)
        for table_id, _ in mine:
            await self._renew(
                keys=[self.store.key("lease", table_id)],
                args=[self.me, self.store.lease_ms],
                client=pipe,
            )
        for table_id, table in mine:  # (the lobbies' lists)
            pipe.hset(self.store.key("summary"), table_id, _json(table.summary()))
        renewed = (await pipe.execute())[: len(mine)] if mine else []
        for (table_id, table), kept in zip(mine, renewed, strict=True):
            if not kept:
                _logger.warning("table %s: its lease was lost", table_id)
                table.task.cancel()
                del self.lobby.tables[table_id]
            elif table.over:
                await self.db.sadd(self.store.key("over"), table_id)
        over = await self.db.smembers(self.store.key("over"))
        others = [i for i in self.store.ids() if i not in self.lobby.tables and i not in over]
        if not others:
            return
        owners = await self.db.mget([self.store.key("lease", i) for i in others])
        for table_id, owner in zip(others, owners, strict=True):
            if owner is None and self.store.take(table_id):
                stored = self.store.table(table_id)
                if stored is not None:
                    _logger.warning("table %s: taken over by %s", table_id, self.me)
                    self._rejoin(self.lobby.adopt(stored))
            elif owner is not None:
                self._moved(table_id, str(owner))

    def _moved(self, table_id: str, owner: str) -> None:
        """Join again, at its new owner, the seats this process's clients hold at a table."""
        before = self.owners.get(table_id, owner)
        self.owners[table_id] = owner
        if owner == before:
            return
        for key, (seat, token) in list(self.joined.items()):
            if key[0] == table_id and key[1] in self.clients:
                join = {"op": "join", "seat": seat, "token": token}
                self.ask(table_id, self.clients[key[1]], join)
        for key in list(self.watching):
            if key[0] == table_id and key[1] in self.clients:
                self.ask(table_id, self.clients[key[1]], {"op": "watch"})

    def _rejoin(self, table: Table) -> None:
        """This process now owns ``table``: its clients here join it (and watch it) directly."""
        for (table_id, conn), (seat, token) in list(self.joined.items()):
            if table_id == table.id and conn in self.clients:
                try:
                    table.join(seat, token, self.clients[conn])
                except ProtocolError as exc:
                    self.clients[conn].push(error(exc.code, str(exc), table.settings.lang))
        for table_id, conn in list(self.watching):
            if table_id == table.id and conn in self.clients:
                table.watch(self.clients[conn])
