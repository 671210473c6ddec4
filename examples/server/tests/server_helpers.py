"""Helpers of the server's tests: a server on a free port, and a scripted websocket client."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from mahjong_server.app import start
from mahjong_server.lobby import Lobby
from mahjong_server.table import Settings
from websockets.asyncio.client import ClientConnection, connect

WAIT = 30.0
"""Seconds a test waits for a message before it fails (a guard, never a synchronisation)."""

Message = dict[str, Any]


class Served:
    """A running server: its lobby and its addresses."""

    def __init__(self, lobby: Lobby, port: int) -> None:
        self.lobby = lobby
        self.port = port
        self.http = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}/ws"

    async def get(self, path: str) -> tuple[int, str]:
        """``GET path``: the status and the text (in a thread: the loop serves it)."""
        status, _, text = await self.fetch(path)
        return status, text

    async def fetch(self, path: str) -> tuple[int, dict[str, str], str]:
        """``GET path``: the status, the headers (by lower-case name) and the text."""

        def fetch() -> tuple[int, dict[str, str], str]:
            try:
                with urllib.request.urlopen(self.http + path, timeout=WAIT) as response:
                    headers = {k.lower(): v for k, v in response.headers.items()}
                    return response.status, headers, response.read().decode("utf-8")
            except urllib.error.HTTPError as exc:
                headers = {k.lower(): v for k, v in exc.headers.items()}
                return exc.code, headers, exc.read().decode("utf-8")

        return await asyncio.to_thread(fetch)


@asynccontextmanager
async def serving(origins: frozenset[str] = frozenset(), **settings: Any) -> AsyncIterator[Served]:
    """A server on a free port with these table settings (no bot delay unless given), letting
    the websockets of pages of ``origins`` play besides its own."""
    lobby = Lobby(Settings(**{"bot_delay": 0.0, **settings}))
    server = await start(lobby, "127.0.0.1", 0, origins)
    try:
        yield Served(lobby, server.sockets[0].getsockname()[1])
    finally:
        server.close()
        lobby.close()
        await server.wait_closed()


class Player:
    """A scripted client: joins a seat and reads the server's messages one by one."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.token: str | None = None
        self.last_view: Message | None = None

    @classmethod
    @asynccontextmanager
    async def at(
        cls, served: Served, table: str, seat: int, token: str | None = None
    ) -> AsyncIterator[Player]:
        """A client joined at ``table``'s ``seat`` (its ``joined`` message read)."""
        async with connect(served.ws) as socket:
            player = cls(socket)
            await player.send({"type": "join", "table": table, "seat": seat, "token": token})
            joined = await player.expect("joined")
            player.token = joined["token"]
            yield player

    async def send(self, message: Message | str | bytes) -> None:
        await self.socket.send(
            message if isinstance(message, (str, bytes)) else json.dumps(message)
        )

    async def read(self) -> Message:
        message: Message = json.loads(await asyncio.wait_for(self.socket.recv(), WAIT))
        if message["type"] == "view":
            self.last_view = message
        return message

    async def expect(self, kind: str, until: Callable[[Message], bool] = lambda m: True) -> Message:
        """The next message of type ``kind`` that ``until`` accepts (others are skipped)."""
        while True:
            message = await self.read()
            if message["type"] == kind and until(message):
                return message

    async def asked(self) -> Message:
        """The next view in which the seat is asked, or the ``ended`` message."""
        while True:
            message = await self.read()
            if message["type"] == "ended" or (message["type"] == "view" and message["asked"]):
                return message

    async def answer(self, view: Message, index: int = 0) -> None:
        """Answer ``view`` with its action ``index`` and that view's step."""
        action = view["actions"][index]["action"]
        await self.send({"type": "answer", "action": action, "step": view["step"]})

    async def play_to_end(self, choose: Callable[[Message], int] = lambda view: 0) -> Message:
        """Answer every view asked (action ``choose(view)``) until the ``ended`` message: an
        answer is sent, then nothing more until it is ``accepted``. The last view read, if
        asked, is answered first; a ``stale`` refusal of it (a newer view is on its way) is
        let go, any other refusal fails."""
        pending = False
        if self.last_view is not None and self.last_view["asked"]:
            pending = True
            await self.answer(self.last_view, choose(self.last_view))
        while True:
            message = await self.read()
            kind = message["type"]
            if kind == "ended":
                return message
            if kind == "error" and message["code"] != "stale":
                raise AssertionError(f"refused: {message}")
            if kind in ("accepted", "error"):
                pending = False
            view = self.last_view
            if not pending and kind != "joined" and view and view["asked"]:
                pending = True
                await self.answer(view, choose(view))
