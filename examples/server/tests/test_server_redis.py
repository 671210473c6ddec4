"""Several processes on one Redis (issue 36, "Several processes"): two ``serve.py --redis``
processes share the tables; one is killed with SIGKILL mid-hand and the other plays on.

Each test starts its own ``redis-server`` (Debian's) on a free loopback port, in a temporary
directory, keeping nothing on disk. Without ``redis-server`` the tests skip, unless the environment
variable ``CI`` is set: there they fail, so CI really runs them (``.ci/run`` installs it).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mahjong_server.redis_store import RedisStore

from mahjong_rules.records import replay
from tests.server_helpers import Player
from tests.server_process import RedisServer, ServerProcess

LEASE_MS = "1000"


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A ``redis-server`` of this test's own, stopped at its end."""
    if shutil.which("redis-server") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run the Redis tests (apt-get install -y redis-server)")
        pytest.skip("redis-server is not installed")
    server = RedisServer(tmp_path)
    try:
        yield server.url
    finally:
        server.stop()


def _serve(url: str, *args: str) -> ServerProcess:
    return ServerProcess(":memory:", "--redis", url, "--lease-ms", LEASE_MS, *args)


def _stop(*servers: ServerProcess) -> None:
    """Kill the servers still running (a test that failed midway leaves none behind)."""
    for server in servers:
        if server.process.poll() is None:
            server.kill()


class At:
    """A :class:`Player`'s address: a server process's websocket."""

    def __init__(self, server: ServerProcess) -> None:
        self.ws = server.ws


def run(test: Any) -> None:
    asyncio.run(asyncio.wait_for(test, 90))


async def keep_playing(player: Player) -> dict[str, Any]:
    """Answer every view that asks the seat (the first action), once per step, and once more
    after a ``joined`` (the table has changed process: an answer may have gone with it), until
    the ``ended`` message; a refusal other than ``stale`` fails."""
    answered: int | None = None
    while True:
        message = await player.read()
        kind = message["type"]
        if kind == "ended":
            return message
        if kind == "joined":
            answered = None
        assert kind != "error" or message["code"] == "stale", message
        if kind == "view" and message["asked"] and message["step"] != answered:
            answered = message["step"]
            await player.answer(message)


def test_two_processes_share_a_table_and_its_ids(redis_url: str) -> None:
    """FLOW-3: a table opened on process A; its seat 0's person on A and seat 1's on B each see
    every view of the hand (each answer of one is seen by the other at the same step), the
    table ids opened on either process are never given twice, and each process's lobby lists
    them all."""
    first, second = _serve(redis_url, "--bot-delay", "0"), _serve(redis_url, "--bot-delay", "0")
    try:
        table = first.open("game=baoshan&seat=0&people=0,1&seed=11")
        ids = [table, *(p.open("game=baoshan&seat=0") for p in (second, first, second))]
        assert len(set(ids)) == 4, ids
        assert ids == ["t1", "t2", "t3", "t4"]
        for server in (first, second):  # each lobby lists every table, its owner's or not
            for _ in range(100):  # the owners write their tables' lines every lease round
                _, _, page = server.get("/")
                if all(f'data-table="{key}"' in page for key in ids):
                    break
                time.sleep(0.1)
            assert all(f'data-table="{key}"' in page for key in ids), page

        async def play() -> None:
            async with (
                Player.at(At(first), table, 0) as near,  # type: ignore[arg-type]
                Player.at(At(second), table, 1) as far,  # type: ignore[arg-type]
            ):
                ends = await asyncio.gather(near.play_to_end(), far.play_to_end())
                assert ends[0]["table"] == ends[1]["table"] == table
                assert near.last_view is not None and far.last_view is not None
                assert near.last_view["step"] == far.last_view["step"]

        run(play())
        store = RedisStore(redis_url, "reader")
        stored = store.table(table)
        assert stored is not None and stored.ended == (True,)
        assert [entry["v"] for entry in store.log(table)] == list(range(1, stored.version + 1))
        assert replay(stored.records[0]).result is not None  # the log replays to its result
        store.close()
    finally:
        _stop(first, second)


def test_kill_9_of_the_owner_the_other_process_plays_on(redis_url: str) -> None:
    """FLOW-3: the owner of a table (process A) is killed with SIGKILL mid-hand; process B takes
    the table over from Redis: the person on B goes on being asked without joining again, the
    person of A reconnects to B with its token and gets its seat back, the hand plays to its
    end, and the log's versions are 1..n exactly once each (none lost or applied twice)."""
    owner = _serve(redis_url, "--bot-delay", "0")
    other = _serve(redis_url, "--bot-delay", "0")
    try:
        table = owner.open("game=sichuan&seat=0&people=0,1&seed=5")

        async def play() -> None:
            async with Player.at(At(other), table, 1) as far:  # type: ignore[arg-type]
                far_task = asyncio.create_task(keep_playing(far))
                async with Player.at(At(owner), table, 0) as near:  # type: ignore[arg-type]
                    token = near.token
                    for _ in range(3):  # a few answers of its own
                        message = await near.asked()
                        assert message["type"] == "view"
                        await near.answer(message)  # (its views come before "accepted")
                    await asyncio.to_thread(owner.kill)
                async with Player.at(At(other), table, 0, token) as back:  # type: ignore[arg-type]
                    assert back.token == token
                    ends = await asyncio.gather(keep_playing(back), far_task)
                    assert ends[0]["table"] == ends[1]["table"] == table

        run(play())
        store = RedisStore(redis_url, "reader")
        stored = store.table(table)
        assert stored is not None and stored.ended == (True,)
        versions = [entry["v"] for entry in store.log(table)]
        assert versions == list(range(1, stored.version + 1))
        actions = len(stored.records[0].actions)
        assert actions == stored.version
        assert replay(stored.records[0]).result is not None
        store.close()
    finally:
        _stop(owner, other)


def test_a_short_two_process_soak_loses_nothing(redis_url: str, tmp_path: Path) -> None:
    """FLOW-3: 10 tables for 8 seconds on two server processes sharing Redis, each table opened
    on one process and its person connected to the other (every answer and view crosses
    Redis): every answer is followed by its views, and each table's log holds versions 1..n
    once each and replays."""
    from soak import soak

    figures = asyncio.run(soak(10, 8.0, str(tmp_path / "unused.sqlite"), 0.05, redis_url, 2))
    assert figures["lost"] == 0
    assert figures["processes"] == 2 and figures["store"] == "redis"
    assert figures["latency_ms"]["answers"] > 40
    assert figures["actions"] > 100 and figures["hands"] > 0  # (a floor a loaded machine meets)


def test_a_press_of_next_is_kept_when_the_owner_dies(redis_url: str) -> None:
    """FLOW-3 (matches): seat 0 presses "next" after a two-hand match's first hand; the
    owner is killed with SIGKILL; at the other process seat 1 is shown that press and its own
    deals the second hand (the presses are kept in Redis)."""
    from tests.test_server_storage import press_kept

    owner = _serve(redis_url, "--bot-delay", "0", "--away-timeout", "0")
    other = _serve(redis_url, "--bot-delay", "0", "--away-timeout", "0")

    async def restart() -> ServerProcess:
        await asyncio.to_thread(owner.kill)
        return other

    try:
        table = owner.open("game=baoshan&seat=0&people=0,1&seed=4&hands=2")
        run(press_kept(restart, owner, table))
    finally:
        _stop(owner, other)


def test_an_answer_taken_by_an_owner_that_dies_is_applied_once(redis_url: str) -> None:
    """FLOW-3 (no answer lost): the owner of a table takes a person's answer from the table's
    inbox and dies (the test hook exits the process between taking and applying); the other
    process takes the table over and applies that answer exactly once: the person, who does not
    answer again, is sent ``accepted`` for its step, and the log holds its action once, at the
    next version, with versions 1..n once each."""
    from mahjong_server.cluster import DIE_AFTER_TAKING

    from mahjong_rules import Action, from_dict

    owner = ServerProcess(
        ":memory:",
        *("--redis", redis_url, "--lease-ms", LEASE_MS, "--bot-delay", "0"),
        env={DIE_AFTER_TAKING: "answer"},
    )
    other = _serve(redis_url, "--bot-delay", "0")
    answered: dict[str, Any] = {}
    try:
        table = owner.open("game=baoshan&seat=0&seed=3")

        async def play() -> None:
            async with Player.at(At(other), table, 0) as person:  # type: ignore[arg-type]
                view = await person.asked()
                answered.update(step=view["step"], action=view["actions"][0]["action"])
                await person.answer(view)
                while True:  # the owner dies; the other takes over, rejoins, applies it
                    message = await person.read()
                    assert message["type"] != "error", message
                    if message["type"] == "accepted":
                        assert message["step"] == answered["step"]
                        break

        run(play())
        assert owner.process.wait(10) == 17  # it died where the hook put it
        store = RedisStore(redis_url, "reader")
        log = store.log(table)
        versions = [entry["v"] for entry in log]
        assert versions == list(range(1, len(log) + 1))
        action = from_dict(answered["action"], Action)
        applied = [e["v"] for e in log if from_dict(e["action"], Action) == action]
        assert applied == [answered["step"] + 1]
        assert store.db.llen(store.key("processing", table)) == 0
        store.close()
    finally:
        _stop(owner, other)


def test_sigterm_lets_the_leases_go_at_once(redis_url: str) -> None:
    """FLOW-3 (clean shutdown): with leases of 30 s, the owner of a table is stopped with
    SIGTERM; it deletes its lease on the way out and the other process takes the table over
    within a few seconds (not the lease's 30), and its person plays the hand to the end."""
    owner = _serve(redis_url, "--bot-delay", "0", "--lease-ms", "30000")
    other = _serve(redis_url, "--bot-delay", "0", "--lease-ms", "30000")
    try:
        table = owner.open("game=baoshan&seat=0&seed=6")
        store = RedisStore(redis_url, "reader")
        lease = store.key("lease", table)
        before = store.db.get(lease)
        assert before is not None

        async def play() -> None:
            async with Player.at(At(other), table, 0) as person:  # type: ignore[arg-type]
                await person.asked()
                assert await asyncio.to_thread(owner.terminate) == 0
                stopped = time.monotonic()
                while store.db.get(lease) in (None, before):
                    assert time.monotonic() - stopped < 10, "not taken over at once"
                    await asyncio.sleep(0.05)
                ended = await keep_playing(person)
                assert ended["table"] == table

        run(play())
        assert store.db.get(lease) not in (None, before)
        store.close()
    finally:
        _stop(owner, other)
