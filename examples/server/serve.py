"""Serve mahjong tables: ``python examples/server/serve.py --port 8765``, then open the URL printed.

The lobby opens a table of any registered game; bots play the seats no person takes. Tables are
kept in SQLite (``--db tables.sqlite``; ``--db :memory:`` keeps nothing): after a crash or a
restart every table plays on from its last action. ``--redis URL`` keeps them in Redis instead,
shared by several server processes (:mod:`mahjong_server.cluster`). Needs the ``websockets`` package
(``pip install -e '.[server]'``).
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the example's own package

import contextlib
import os
import secrets
import socket

from mahjong_server.app import start
from mahjong_server.lobby import Lobby
from mahjong_server.memory import watch
from mahjong_server.storage import Store
from mahjong_server.table import Settings


def _seconds(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 86_400:
        raise argparse.ArgumentTypeError("seconds from 0 to 86400")
    return value


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Serve mahjong tables to browsers.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="port (8765; 0: any free one)")
    parser.add_argument(
        "--bot-delay", type=_seconds, default=0.6, help="seconds between bot moves (0.6)"
    )
    parser.add_argument(
        "--away-timeout",
        type=_seconds,
        default=30.0,
        help="seconds a person's seat may stay disconnected before a bot plays it (30; 0: never)",
    )
    parser.add_argument(
        "--answer-timeout",
        type=_seconds,
        default=120.0,
        help="seconds a person may take to answer before a bot plays the seat (120; 0: never)",
    )
    parser.add_argument(
        "--db",
        default="tables.sqlite",
        metavar="PATH",
        help="the SQLite file the tables are kept in (tables.sqlite; :memory: keeps nothing)",
    )
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="keep the tables in this Redis instead of SQLite, shared by every server process "
        "started with it (e.g. redis://127.0.0.1:6379/0)",
    )
    parser.add_argument(
        "--lease-ms",
        type=int,
        default=3000,
        help="with --redis: milliseconds a dead process's tables wait before another takes "
        "them over (3000)",
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a page origin of another server whose websockets may play too, e.g. "
        "https://mahjong.example.org (repeatable; by default only this server's own pages)",
    )
    return parser.parse_args(argv)


async def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    settings = Settings(
        bot_delay=args.bot_delay, away_timeout=args.away_timeout, answer_timeout=args.answer_timeout
    )
    cluster = None
    if args.redis:
        from mahjong_server.cluster import Cluster  # needs the redis package
        from mahjong_server.redis_store import RedisStore

        owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        store = RedisStore(args.redis, owner)
        store.lease_ms = max(300, args.lease_ms)
        lobby = Lobby(settings, store)
        cluster = Cluster(lobby, store)
        cluster.start()
    else:
        lobby = Lobby(settings, Store(args.db))
    server = await start(lobby, args.host, args.port, frozenset(args.allow_origin))
    port = server.sockets[0].getsockname()[1] if server.sockets else args.port
    print(f"mahjong tables on http://{args.host}:{port}/  (Ctrl-C stops)", flush=True)
    tracing = asyncio.create_task(watch())  # (MAHJONG_SERVER_TRACEMALLOC: the soak's figures)
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(sig, stop.cancel)
    with contextlib.suppress(asyncio.CancelledError):
        await stop
    tracing.cancel()
    server.close()
    lobby.close()
    if cluster is not None:
        await cluster.close()
    await server.wait_closed()
    lobby.store.close()


if __name__ == "__main__":
    asyncio.run(main())
