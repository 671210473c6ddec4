"""What a server keeps for its clients is let go when they go (issue 36, memory flat), and a
table's remote clients follow it when its owner restores it.

Two "processes" in one event loop (two lobbies, each with its :class:`.cluster.Cluster`, on one
``redis-server``): a client of process B joins a table process A owns, plays a few answers and
leaves; B forgets the connection and A the remote client. A table A restores from its log (its
lease lost and taken back) gets B's client back. Skips without ``redis-server``, fails without
it under CI.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from mahjong_server.app import start
from mahjong_server.cluster import Cluster
from mahjong_server.lobby import Lobby
from mahjong_server.redis_store import RedisStore
from mahjong_server.table import Settings

from tests.server_helpers import Player, Served
from tests.test_server_redis import redis_url  # noqa: F401 - the fixture


async def _until(check: Any, seconds: float = 10.0) -> None:
    """Wait until ``check()`` holds (a guard of ``seconds``)."""
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("never held")


@asynccontextmanager
async def two_processes(url: str, lease_ms: tuple[int, int] = (3000, 3000)) -> AsyncIterator[Any]:
    """Lobbies A and B, each with its cluster and its websocket server, on the Redis at ``url``:
    yields ``(lobbies, clusters, served)``, ``served`` B's address."""
    settings = Settings(bot_delay=0.0, away_timeout=0.0, answer_timeout=0.0)
    stores = [RedisStore(url, name) for name in ("A", "B")]
    for store, ms in zip(stores, lease_ms, strict=True):
        store.lease_ms = ms
    lobbies = [Lobby(settings, store) for store in stores]
    clusters = [Cluster(lobby, store) for lobby, store in zip(lobbies, stores, strict=True)]
    servers = [await start(lobby, "127.0.0.1", 0) for lobby in lobbies]
    for cluster in clusters:
        cluster.start()
    try:
        yield lobbies, clusters, Served(lobbies[1], servers[1].sockets[0].getsockname()[1])
    finally:
        for server in servers:
            server.close()
        for lobby, cluster in zip(lobbies, clusters, strict=True):
            lobby.close()
            await cluster.close()
        for store in stores:
            store.close()


def test_a_client_that_leaves_is_forgotten_by_both_processes(redis_url: str) -> None:  # noqa: F811
    """FLOW-3: while a client of B plays at A's table, B holds its connection (``clients``,
    its seat in ``joined``) and A a :class:`.remote.RemoteClient` for it; once it has gone,
    every one of those maps is empty again, on both, and A's seat has no client."""

    async def test() -> None:
        async with two_processes(redis_url) as (lobbies, (owner, other), served):
            table = lobbies[0].open("baoshan", frozenset({0}), seed=2)
            async with Player.at(served, table.id, 0) as person:
                for _ in range(2):
                    view = await person.asked()
                    await person.answer(view)
                    await person.expect("accepted")
                assert list(other.joined) == [(table.id, 1)] and list(other.clients) == [1]
                assert list(owner.remote) == [(table.id, "B", 1)]
            await _until(lambda: not owner.remote and table.seats[0].client is None)
            assert other.clients == {} and other.joined == {} and other.watching == set()
            assert owner.pending == {} and other.pending == {}

    asyncio.run(asyncio.wait_for(test(), 60))


def test_a_table_its_owner_restores_gets_its_remote_clients_back(redis_url: str) -> None:  # noqa: F811
    """FLOW-3: A loses a table's lease (a pause past it) and takes the table back from the log,
    as its new owner: the person connected through B answers the view it had; A, which has not
    seen it join, refuses it (``not_joined``) and asks B to join it again; B does, with the
    token, and the person, sent ``joined`` and its view, answers it and is ``accepted``."""

    async def test() -> None:
        async with two_processes(redis_url, (3000, 600_000)) as (lobbies, (owner, _), served):
            table = lobbies[0].open("baoshan", frozenset({0}), seed=2)
            async with Player.at(served, table.id, 0) as person:
                view = await person.asked()
                owner._lost(table.id)
                owner.store.db.delete(owner.store.key("lease", table.id))
                await owner._lease_round()  # (A takes it back: a new Table from the log)
                assert lobbies[0].tables[table.id] is not table
                await person.answer(view)
                refused = await person.expect("error")
                assert refused["code"] == "not_joined"
                await person.expect("joined")
                again = await person.asked()
                assert again["step"] == view["step"]
                await person.answer(again)
                accepted = await person.expect("accepted")
                assert accepted["step"] == view["step"]

    asyncio.run(asyncio.wait_for(test(), 60))
