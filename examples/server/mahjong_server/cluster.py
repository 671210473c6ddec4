"""Several server processes on one Redis (``serve.py --redis URL``): leases, inboxes, forwarding.

A table is played by one process at a time, its *owner*, holding the table's lease
(``lease:<id>``, ``SET NX PX``, renewed every third of its time). A process that finds a table
nobody holds (its owner died, or let the lease go) takes the lease, restores the table from its
log (:meth:`.redis_store.RedisStore.table`) and plays on; the store's append refuses any write
of a process that no longer holds the lease, so no action is applied twice. A process stopped
by SIGTERM or SIGINT deletes its leases and says so on the ``released`` channel: the others
take its tables over at once, not a lease's time later.

A client may be connected to any process (:mod:`.remote`). Its messages for a table owned
elsewhere go through the table's inbox (``inbox:<id>``). The owner moves each message from the
inbox to the table's ``processing:<id>`` list (``LMOVE``, several tables' at once in one script)
and removes it from there only once it is applied: an answer goes in the same Lua script that
appends its action to the log (:meth:`.redis_store.RedisStore.append`), so an owner that dies
between taking an answer and applying it loses nothing: the next owner applies what the
processing list holds first, and an answer already applied is refused there as stale, never
applied twice. The owner sends a client's messages on the channel of the client's process
(``out:<process>``), which forwards them to the client. When a table changes owner (or its
owner restores it), each process joins its clients again with their tokens (and watches again).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
from typing import Any

import redis.asyncio

from mahjong_server.lobby import Lobby, LobbyError
from mahjong_server.protocol import ProtocolError, error
from mahjong_server.redis_store import RELEASE, RENEW, TAKE, RedisStore, queue
from mahjong_server.remote import RemoteClient, RemoteTable
from mahjong_server.seats import Client
from mahjong_server.storage import StaleVersion
from mahjong_server.table import Table

__all__ = ["DIE_AFTER_TAKING", "Cluster"]

_logger = logging.getLogger("mahjong_server")

DIE_AFTER_TAKING = "MAHJONG_SERVER_DIE_AFTER_TAKING"
"""A test's hook: set to ``answer``, the process exits at once (``os._exit``, as if killed) after
moving a client's answer from a table's inbox to its processing list, before applying it."""
_BATCH = 64  # the most inbox messages taken in one round trip
_PENDING = 8  # the most messages kept for a connection that has not joined again yet
_TAKEN = 8  # the most tables a lease round takes over (restoring more pauses the process)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Cluster:
    """This process's part of the tables shared through the Redis of ``store``."""

    def __init__(self, lobby: Lobby, store: RedisStore) -> None:
        self.lobby = lobby
        self.store = store
        self.me = store.owner
        self.db = redis.asyncio.Redis.from_url(store.url, decode_responses=True)
        self._renew = self.db.register_script(RENEW)
        self._release = self.db.register_script(RELEASE)
        self._take = self.db.register_script(TAKE)
        self._numbers = itertools.count(1)
        self.clients: dict[int, Client] = {}
        """This process's connections that use a remote table, by number (while they do)."""
        self._by_client: dict[int, int] = {}
        self.joined: dict[tuple[str, int], tuple[int, str | None]] = {}
        """(table, connection) -> (seat, token): the seats joined from here."""
        self.watching: set[tuple[str, int]] = set()
        self.remote: dict[tuple[str, str, int], RemoteClient] = {}
        """On the owner: the clients of other processes, by (table, process, connection)."""
        self.pending: dict[tuple[str, str, int], list[tuple[str, str]]] = {}
        """On a new owner: a connection's messages taken before it joined the table again."""
        self.owners: dict[str, str] = {}
        """The owner last seen of each table this process's clients use."""
        self._out: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._round = asyncio.Event()
        self._closing = False
        self._die = os.environ.get(DIE_AFTER_TAKING)  # (the tests' hook)
        self.tasks: list[asyncio.Task[None]] = []
        lobby.remote = self.find
        lobby.listed = self.listed

    def start(self) -> None:
        """Start the leases', the inboxes', the channel's and the sender's loops."""
        for loop in (self._leases, self._inbox, self._listen, self._send):
            self.tasks.append(asyncio.create_task(loop(), name=f"cluster {loop.__name__}"))

    async def close(self) -> None:
        """Stop (the tables' loops stopped first): the leases of this process's tables are
        deleted and the others told at once, so they take the tables over now."""
        self._closing = True  # (redis' client may swallow a cancel mid-command)
        self._round.set()
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        mine = [self.store.key("lease", table_id) for table_id in self.lobby.tables]
        with contextlib.suppress(Exception):
            if mine and await self._release(keys=mine, args=[self.me]):
                await self.db.publish(self.store.key("released"), self.me)
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

    def forget(self, client: Client) -> None:
        """A connection no longer uses any remote table: let it go."""
        conn = self._by_client.get(id(client))
        if conn is None or any(key[1] == conn for key in (*self.joined, *self.watching)):
            return
        del self._by_client[id(client)], self.clients[conn]

    def ask(self, table_id: str, client: Client, doc: dict[str, Any]) -> None:
        """Put a connection's message in the table's inbox."""
        entry = {**doc, "from": self.me, "conn": self.number(client)}
        self._out.put_nowait((">" + self.store.key("inbox", table_id), _json(entry)))

    def send(self, process: str, doc: dict[str, Any]) -> None:
        """Publish a message for a client of ``process`` (in order, by the sender's loop)."""
        self._out.put_nowait(("@" + self.store.key("out", process), _json(doc)))

    async def _send(self) -> None:
        """Send what is queued, in order, as many at once as are waiting (one round trip)."""
        while True:
            batch = [await self._out.get()]
            while not self._out.empty() and len(batch) < 256:
                batch.append(self._out.get_nowait())
            pipe = self.db.pipeline(transaction=False)
            for where, text in batch:
                queue(pipe, where, text)
            await pipe.execute()

    async def _listen(self) -> None:
        """Forward the owners' messages to this process's connections; a ``released`` notice
        starts a lease round at once."""
        pubsub = self.db.pubsub()
        released = self.store.key("released")
        await pubsub.subscribe(self.store.key("out", self.me), released)
        async for item in pubsub.listen():
            if item.get("type") != "message":
                continue
            if item.get("channel") == released:
                self._round.set()
                continue
            doc = json.loads(item["data"])
            client = self.clients.get(doc["conn"])
            if client is None:
                continue
            if "close" in doc:
                client.close(doc["close"])
                continue
            seat = self.joined.get((doc.get("rejoin", ""), doc["conn"]))
            if seat is not None:  # (the owner has not seen it join: the table was restored)
                self.ask(doc["rejoin"], client, {"op": "join", "seat": seat[0], "token": seat[1]})
            if "rejoin" in doc:
                continue
            message = doc["message"]
            if message.get("type") == "joined":
                self.joined[(message["table"], doc["conn"])] = (message["seat"], message["token"])
            client.push(message)

    # -- the tables this process owns -----------------------------------------------------------

    async def _inbox(self) -> None:
        """Take the messages other processes' clients sent to the tables owned here, moving
        each to its table's processing list, and apply them."""
        while True:
            ids = list(self.lobby.tables)
            keys = [self.store.key(k, i) for i in ids for k in ("inbox", "processing")]
            taken = await self._take(keys=keys, args=[_BATCH]) if keys else []
            if not taken:
                await asyncio.sleep(0.01 if keys else 0.2)
                continue
            done: list[tuple[str, str]] = []
            for index, text in zip(taken[::2], taken[1::2], strict=True):
                table_id = ids[int(index) - 1]
                if self._die and self._die == json.loads(text).get("op"):
                    os._exit(17)  # (the test's hook: dies between taking and applying)
                try:
                    done += self._consume(table_id, str(text))
                except Exception:  # (a bug: logged, and the other messages go on)
                    _logger.exception("table %s: a message failed", table_id)
            if done:
                pipe = self.db.pipeline(transaction=False)
                for key, text in done:
                    pipe.lrem(key, 1, text)
                await pipe.execute()

    def _consume(self, table_id: str, text: str, keep: bool = False) -> list[tuple[str, str]]:
        """Apply one message taken from the table's processing list; what is left to remove
        from there (an answer applied was removed with its action; with ``keep``, a message
        of a connection that has not joined the table again stays, kept for its join)."""
        key = self.store.key("processing", table_id)
        self.store.consuming = (key, text)
        try:
            kept = self._apply(table_id, json.loads(text), text if keep else "")
        except StaleVersion:  # this process has lost the table: its new owner applies it
            self._lost(table_id)
            self._out.put_nowait(("<" + self.store.key("inbox", table_id), text))
            return [(key, text)]
        finally:
            consumed, self.store.consuming = self.store.consuming is None, None
        return [] if consumed or kept else [(key, text)]

    def _client(self, table_id: str, doc: dict[str, Any]) -> tuple[Client, tuple[str, str, int]]:
        key = (table_id, str(doc["from"]), int(doc["conn"]))
        if key[1] == self.me and key[2] in self.clients:  # sent from here before the takeover
            return self.clients[key[2]], key
        return self.remote.setdefault(key, RemoteClient(self, key[1], key[2])), key

    def _apply(self, table_id: str, doc: dict[str, Any], text: str = "") -> bool:
        """Apply a client's message to a table owned here; whether it is kept to be applied
        once its connection has joined the table again (taken over from a dead owner)."""
        table = self.lobby.tables.get(table_id)
        if table is None:
            return False
        client, key = self._client(table_id, doc)
        op, seat = doc["op"], doc.get("seat")
        try:
            if op == "join":
                table.join(int(str(seat)), doc.get("token"), client)
                for waiting in self.pending.pop(key, []):
                    self.ask_again(table_id, *waiting)
            elif op == "leave":
                table.leave(int(str(seat)), client)
                self.remote.pop(key, None)
                for _, left in self.pending.pop(key, []):
                    self._out.put_nowait(("-" + self.store.key("processing", table_id), left))
            elif op == "watch":
                table.watch(client)
            elif op == "unwatch":
                table.unwatch(client)
                self.remote.pop(key, None)
            elif not isinstance(seat, int) or table.seats[seat].client is not client:
                if text and len(self.pending.get(key, [])) < _PENDING:
                    self.pending.setdefault(key, []).append((op, text))
                    return True  # (a takeover: its connection joins again soon)
                if isinstance(client, RemoteClient):  # (the table restarted here: join again)
                    self.send(key[1], {"conn": key[2], "rejoin": table_id})
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
        return False

    def ask_again(self, table_id: str, op: str, text: str) -> None:
        """A message kept for a connection that has now joined: applied (and removed)."""
        for key, left in self._consume(table_id, text):
            self._out.put_nowait(("-" + key, left))

    async def _leases(self) -> None:
        """Every third of a lease's time (or at once when a process let its leases go):
        :meth:`_lease_round` (an error is logged, the loop goes on: a process that stopped
        renewing would lose its tables)."""
        while not self._closing:
            waiter = asyncio.ensure_future(self._round.wait())
            try:  # (not wait_for: on Python 3.11 it can swallow a cancel that meets the event)
                await asyncio.wait({waiter}, timeout=self.store.lease_ms / 3000)
            finally:
                waiter.cancel()
            self._round.clear()
            if self._closing:
                return
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
                self._lost(table_id)
            elif table.over:
                await self.db.sadd(self.store.key("over"), table_id)
        over = await self.db.smembers(self.store.key("over"))
        for table_id in [key for key in self.owners if key in over]:
            del self.owners[table_id]
        others = [i for i in self.store.ids() if i not in self.lobby.tables and i not in over]
        if not others:
            return
        owners = await self.db.mget([self.store.key("lease", i) for i in others])
        taken = 0
        for table_id, owner in zip(others, owners, strict=True):
            if owner is None and taken < _TAKEN and self.store.take(table_id):
                taken += 1
                stored = self.store.table(table_id)
                if stored is not None:
                    _logger.warning("table %s: taken over by %s", table_id, self.me)
                    self.owners[table_id] = self.me  # (if it moves on, the clients follow)
                    self._rejoin(self.lobby.adopt(stored))
                    await self._resume(table_id)
            elif owner is not None:
                self._moved(table_id, str(owner))

    def _lost(self, table_id: str) -> None:  # (another process holds the lease now)
        table = self.lobby.tables.pop(table_id, None)
        if table is not None:
            _logger.warning("table %s: its lease was lost", table_id)
            table.task.cancel()
            self.owners[table_id] = self.me  # (so its next owner is a move: clients follow)
            mine = set(map(id, self.clients.values()))  # (those follow through _moved)
            for client in [place.client for place in table.seats] + table.watchers:
                if client is not None and id(client) not in mine | set(
                    map(id, self.remote.values())
                ):
                    client.close("the table has moved to another process")  # (reconnect)
        self._drop(table_id)

    def _drop(self, table_id: str) -> None:
        """Forget what this process kept for a table it no longer owns."""
        for key in [key for key in (*self.remote, *self.pending) if key[0] == table_id]:
            self.remote.pop(key, None)
            self.pending.pop(key, None)

    async def _resume(self, table_id: str) -> None:
        """A table just taken over: apply first what its processing list holds, in order."""
        key = self.store.key("processing", table_id)
        for text in await self.db.lrange(key, 0, -1):
            for where, left in self._consume(table_id, str(text), keep=True):
                await self.db.lrem(where, 1, left)

    def _moved(self, table_id: str, owner: str) -> None:
        """Join again, at its new owner, the seats this process's clients hold at a table."""
        users = {key[1] for key in (*self.joined, *self.watching) if key[0] == table_id}
        if not users:
            self.owners.pop(table_id, None)
            return
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
