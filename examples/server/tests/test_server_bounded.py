"""What a server keeps for its clients is let go when they go (issue 36, memory flat).

Two "processes" in one event loop (two lobbies, each with its :class:`.cluster.Cluster`, on one
``redis-server``): a client of process B joins a table process A owns, plays a few answers and
leaves; B forgets the connection and A the remote client. A finished match's table releases what
it kept for a hand in play. Skips without ``redis-server``, fails without it under CI.
"""

from __future__ import annotations

import asyncio
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


def test_a_client_that_leaves_is_forgotten_by_both_processes(redis_url: str) -> None:  # noqa: F811
    """FLOW-3: while a client of B plays at A's table, B holds its connection (``clients``,
    its seat in ``joined``) and A a :class:`.remote.RemoteClient` for it; once it has gone,
    every one of those maps is empty again, on both, and A's seat has no client."""

    async def test() -> None:
        settings = Settings(bot_delay=0.0, away_timeout=0.0, answer_timeout=0.0)
        stores = [RedisStore(redis_url, name) for name in ("A", "B")]
        for store in stores:
            store.lease_ms = 3000
        lobbies = [Lobby(settings, store) for store in stores]
        clusters = [Cluster(lobby, store) for lobby, store in zip(lobbies, stores, strict=True)]
        servers = [await start(lobby, "127.0.0.1", 0) for lobby in lobbies]
        for cluster in clusters:
            cluster.start()
        owner, other = clusters
        try:
            table = lobbies[0].open("baoshan", frozenset({0}), seed=2)
            served = Served(lobbies[1], servers[1].sockets[0].getsockname()[1])
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
        finally:
            for server in servers:
                server.close()
            for lobby, cluster in zip(lobbies, clusters, strict=True):
                lobby.close()
                await cluster.close()
            for store in stores:
                store.close()

    asyncio.run(asyncio.wait_for(test(), 60))
