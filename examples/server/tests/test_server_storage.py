"""Nothing lost: tables kept in SQLite survive ``kill -9``; matches of several hands (issue 36).

The server runs in its own process (``serve.py --db <file>``), is killed with SIGKILL and started
again on the same file; clients come back with their tokens.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

from mahjong_server.lobby import Lobby
from mahjong_server.storage import Store
from mahjong_server.table import Settings
from websockets.asyncio.client import connect

from mahjong_rules import Match, get_variant
from mahjong_rules.records import replay
from tests.server_helpers import WAIT, Player
from tests.server_process import ServerProcess


def run(test: Any) -> None:
    asyncio.run(asyncio.wait_for(test, 120))


class At:
    """A :class:`Player` of a server process (its address only)."""

    def __init__(self, server: ServerProcess) -> None:
        self.ws = server.ws


async def turn_view(player: Player) -> dict[str, Any]:
    """Answer (first action) until a view in which the seat must discard in its own turn."""
    while True:
        message = await player.asked()
        assert message["type"] == "view", message
        view = message["view"]
        if view["phase"] == "turn" and view["current"] == player_seat(message):
            return message
        await player.answer(message)
        await player.expect("accepted")


def player_seat(message: dict[str, Any]) -> int:
    seat: int = message["seat"]
    return seat


def test_a_table_resumes_at_its_step_after_kill_9(tmp_path: Path) -> None:
    """FLOW-3: a person plays some turns; the server is killed (SIGKILL) and started again on
    the same database: the token opens the same seat, whose view is exactly the one before;
    the table then plays on to the end and its record replays to its result."""
    server = ServerProcess(tmp_path / "t.sqlite", "--bot-delay", "0")
    try:

        async def test() -> None:
            nonlocal server
            table = server.open("game=baoshan&seat=0&seed=1")
            assert table == "t1"
            async with Player.at(At(server), table, 0) as player:  # type: ignore[arg-type]
                for _ in range(3):
                    view = await turn_view(player)
                    await player.answer(view)
                    await player.expect("accepted")
                before = await turn_view(player)
                token = player.token
            server = server.restart()
            async with Player.at(At(server), table, 0, token) as back:  # type: ignore[arg-type]
                again = await back.expect("view")
                assert again["view"] == before["view"]
                assert again["step"] == before["step"]
                await back.play_to_end()
            status, _, page = server.get(f"/replay/{table}?seat=0&hand=0")
            assert status == 200 and "mj-data" in page

        run(test())
        # after a last kill, the stored hand replays to its result
        server.kill()
        stored = list(Store(server.db).tables())
        assert [t.id for t in stored] == ["t1"] and stored[0].ended == (True,)
        record = stored[0].records[0]
        assert replay(record).result is not None
        assert stored[0].version == len(record.actions)
    finally:
        if server.process.poll() is None:
            server.kill()


def test_ids_are_never_reused_and_a_stale_token_opens_no_seat(tmp_path: Path) -> None:
    """The stale-tab bug of issue 36: after a restart a new table gets a new id (t2), and the
    token of t1's seat 0 does not open seat 0 of t2 (refused: bad_token), whose person then
    takes it."""
    server = ServerProcess(tmp_path / "t.sqlite", "--bot-delay", "0")
    try:

        async def test() -> None:
            nonlocal server
            first = server.open("game=sichuan&seat=0&seed=3")
            async with Player.at(At(server), first, 0) as player:  # type: ignore[arg-type]
                token = player.token
            server = server.restart()
            second = server.open("game=baoshan&seat=0&seed=3")
            assert (first, second) == ("t1", "t2")
            async with connect(server.ws) as socket:
                join = {"type": "join", "table": second, "seat": 0, "token": token}
                await socket.send(json.dumps(join))
                refused = json.loads(await asyncio.wait_for(socket.recv(), WAIT))
                assert refused["type"] == "error" and refused["code"] == "bad_token"
            async with Player.at(At(server), second, 0) as friend:  # type: ignore[arg-type]
                assert friend.token not in (None, token)
            async with Player.at(At(server), first, 0, token) as back:  # type: ignore[arg-type]
                assert back.token == token

        run(test())
    finally:
        server.kill()


def test_bots_tables_killed_at_any_moment_resume_exactly(tmp_path: Path) -> None:
    """FLOW-3: tables played by bots (the person away: 托管) are killed at random moments
    mid-play; every time the database holds each table's actions without a gap or a repeat
    (version = actions logged, every hand replays legally), and the last process plays every
    match to its end."""
    db = tmp_path / "t.sqlite"
    server = ServerProcess(db, "--bot-delay", "0.005", "--away-timeout", "0.05")
    rng = random.Random(36)
    try:
        for game in ("baoshan", "yongshan", "sichuan"):
            server.open(f"game={game}&seat=0&hands=2")
        versions = []
        for _ in range(3):
            time.sleep(rng.uniform(0.3, 1.5))
            server = server.restart()
            stored = list(Store(str(db)).tables())
            for table in stored:
                assert table.version == sum(len(r.actions) for r in table.records)
                for record in table.records:
                    replay(record)  # raises on any action out of place
            versions.append(sum(t.version for t in stored))
        assert versions == sorted(versions) and versions[-1] > 0
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            stored = list(Store(str(db)).tables())
            if all(t.ended == (True, True) for t in stored):
                break
            time.sleep(0.5)
        assert [t.ended for t in stored] == [(True, True)] * 3
    finally:
        server.kill()


def test_a_match_of_two_hands_deals_the_next_when_the_person_asks() -> None:
    """A table plays a match (the library's Match): after the first hand's ``ended`` the view
    says hand 1 of 2, ``next`` deals hand 2 by the rules' next dealer, and the match's totals
    are the two hands' deltas added up."""

    async def test() -> None:
        from mahjong_server.app import start

        lobby = Lobby(Settings(bot_delay=0.0))
        server = await start(lobby, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]

        class Address:
            ws = f"ws://127.0.0.1:{port}/ws"

        try:
            table = lobby.open("sichuan", frozenset({0}), seed=5, hands=2)
            async with Player.at(Address(), table.id, 0) as player:  # type: ignore[arg-type]
                ended = await player.play_to_end()
                first = table.play.record_of(0)
                assert first is not None
                assert player.last_view is not None
                assert player.last_view["match"]["hand"] == 1
                assert ended["replay"] == f"/replay/{table.id}?seat=0&hand=0"
                await player.send({"type": "next"})
                view = await player.expect("view", lambda m: m["match"]["hand"] == 2)
                rules = get_variant("sichuan")
                expected = Match(rules).record(replay(first).final)
                assert view["view"]["dealer"] == expected.dealer
                player.last_view = view
                await player.play_to_end()
                assert table.over
                done = [replay(table.play.record_of(k)).final for k in range(2)]  # type: ignore[arg-type]
                totals = [a + b for a, b in zip(*(s.result.deltas for s in done), strict=True)]  # type: ignore[union-attr]
                assert list(table.match.scores) == totals
                assert player.last_view["match"]["scores"] == totals
        finally:
            server.close()
            lobby.close()
            await server.wait_closed()

    run(test())


def test_the_storage_layout_is_the_documented_one(tmp_path: Path) -> None:
    """The database's tables and columns are those storage.py documents."""
    store = Store(str(tmp_path / "t.sqlite"))
    db = sqlite3.connect(store.path)
    names = sorted(r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'"))
    assert names == ["actions", "counters", "hands", "presses", "seats", "tables"]
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    columns = [r[1] for r in db.execute("PRAGMA table_info(actions)")]
    assert columns == ["table_id", "version", "hand", "action"]


async def press_kept(restart: Any, first: Any, table: str) -> None:
    """Two persons end a two-hand match's first hand; seat 0 presses "next"; ``restart()``
    kills the server (its address after); seat 1, joined again with its token, is shown seat
    0's press and presses too: the second hand is dealt (seat 0 did not press again)."""
    async with (
        Player.at(At(first), table, 0) as zero,  # type: ignore[arg-type]
        Player.at(At(first), table, 1) as one,  # type: ignore[arg-type]
    ):
        await asyncio.gather(zero.play_to_end(), one.play_to_end())
        await zero.send({"type": "next"})
        seen = await one.expect("view", lambda m: m["match"]["next"] == [0])
        assert seen["match"]["hand"] == 1
        token = one.token
    later = await restart()
    async with Player.at(At(later), table, 1, token) as back:  # type: ignore[arg-type]
        again = await back.expect("view")
        assert again["match"]["next"] == [0] and again["match"]["hand"] == 1
        await back.send({"type": "next"})
        dealt = await back.expect("view", lambda m: m["match"]["hand"] == 2)
        assert dealt["match"]["next"] == [] and not dealt["match"]["over"]


def test_a_press_of_next_is_kept_across_kill_9(tmp_path: Path) -> None:
    """FLOW-3 (matches): the presses of "next" already made still count after ``kill -9``
    and a restart between two presses (SQLite)."""
    server = ServerProcess(tmp_path / "t.sqlite", "--bot-delay", "0", "--away-timeout", "0")

    async def restart() -> ServerProcess:
        nonlocal server
        server = await asyncio.to_thread(server.restart)
        return server

    try:
        table = server.open("game=baoshan&seat=0&people=0,1&seed=4&hands=2")
        run(press_kept(restart, server, table))
    finally:
        if server.process.poll() is None:
            server.kill()
