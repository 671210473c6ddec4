"""The server: one asyncio process, HTTP for the pages and one websocket per client at ``/ws``.

Each connection is read here, message by message: :func:`.protocol.parse` checks it, and a
``join`` ties the connection to a table's seat; ``answer`` and ``back`` go to that seat. A
message refused is answered with an ``error`` and the connection is kept. What the table sends
a connection waits in its queue; a client that lets :data:`MAX_QUEUE` messages pile up unread
is closed.
"""

from __future__ import annotations

import asyncio
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from mahjong_rules.engine.word_hooks import Lang
from mahjong_server.http import router
from mahjong_server.lobby import Lobby
from mahjong_server.protocol import MAX_WIRE, ProtocolError, encode, error, parse
from mahjong_server.table import Table

__all__ = ["MAX_QUEUE", "Connection", "handle", "start"]

MAX_QUEUE = 256
"""The most messages waiting to be sent to one client."""


class Connection:
    """One client's websocket, as a table sends to it (:class:`.table.Client`)."""

    def __init__(self, socket: ServerConnection) -> None:
        self.socket = socket
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())

    def push(self, message: dict[str, Any]) -> None:
        if self._queue.qsize() >= MAX_QUEUE:
            self._queue.put_nowait(None)  # too slow a reader: let it go
            return
        self._queue.put_nowait(encode(message))

    def close(self, why: str) -> None:
        self.push(error("closed", why))
        self._queue.put_nowait(None)

    async def _write(self) -> None:
        try:
            while (text := await self._queue.get()) is not None:
                await self.socket.send(text)
            await self.socket.close()
        except ConnectionClosed:
            pass

    async def stop(self) -> None:
        """Send what is queued, then stop (the connection has ended)."""
        self._queue.put_nowait(None)
        await self._writer


async def handle(socket: ServerConnection, lobby: Lobby) -> None:
    """Serve one websocket client until it goes."""
    connection = Connection(socket)
    seat: tuple[Table, int] | None = None
    watched: Table | None = None
    lang: Lang = "en"  # the language of the table last named (its errors' words)
    try:
        async for message in socket:
            try:
                doc = parse(message)
                if doc["type"] == "watch":
                    table = lobby.get(doc["table"])
                    lang = table.settings.lang
                    if watched is not None:
                        watched.unwatch(connection)
                    table.watch(connection)
                    watched = table
                elif doc["type"] == "join":
                    table = lobby.get(doc["table"])
                    lang = table.settings.lang
                    if seat is not None and seat != (table, doc["seat"]):
                        seat[0].leave(seat[1], connection)
                    table.join(doc["seat"], doc.get("token"), connection)
                    seat = (table, doc["seat"])
                elif seat is None:
                    code = "watching" if watched is not None else "not_joined"
                    raise ProtocolError(code, "join a table's seat first")
                elif doc["type"] == "answer":
                    seat[0].answer(seat[1], {k: v for k, v in doc.items() if k != "type"})
                elif doc["type"] == "next":
                    seat[0].press_next(seat[1])
                else:
                    seat[0].back(seat[1])
            except ProtocolError as exc:
                connection.push(error(exc.code, str(exc), lang))
    except ConnectionClosed:
        pass
    finally:
        if seat is not None:
            seat[0].leave(seat[1], connection)
        if watched is not None:
            watched.unwatch(connection)
        await connection.stop()


async def start(
    lobby: Lobby, host: str, port: int, origins: frozenset[str] = frozenset()
) -> Server:
    """Start serving ``lobby`` on ``host``:``port`` (port 0: any free port); ``origins``: the
    pages of other origins whose websockets may play too (:func:`.http.same_origin`)."""

    async def handler(socket: ServerConnection) -> None:
        await handle(socket, lobby)

    return await serve(
        handler,
        host,
        port,
        process_request=router(lobby, origins),
        max_size=MAX_WIRE,
        max_queue=32,
    )
