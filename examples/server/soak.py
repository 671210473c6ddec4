"""A bounded soak of the served table: many tables at once on one server process, loopback only.

``python examples/server/soak.py --tables 200 --seconds 180`` starts ``serve.py`` in its own
process on a fresh SQLite file in a temporary directory, opens ``--tables`` tables (Baoshan,
Yongshan and Sichuan in turn, matches of 16 hands) each with one scripted person at seat 0
(bots at the other seats, ``--bot-delay`` seconds apart: 0.5), and for ``--seconds`` the
persons answer every view that asks them at once (the first action offered) and ask for the
next hand at each hand's end. It stops by itself and prints, as JSON:

- ``latency_ms``: from an answer sent to the next view received by its seat (p50, p99, max);
- ``actions``, ``actions_per_s``, ``hands``: what the tables did (read from the database);
- ``rss_mb``: the server's resident memory sampled every few seconds (first, after the
  warm-up, last, max): flat across hands when nothing piles up;
- ``lost``: tables whose logged actions do not replay, or whose version is not the number of
  actions logged (0 when nothing was lost or applied twice).

``--redis --processes 2`` runs the same on two server processes sharing a ``redis-server`` of
the soak's own (loopback, nothing on disk): each table is opened on one process and its person
connects to the other, so every answer and view crosses Redis; ``rss_mb`` is then the sum of the
processes' memory, and ``lost`` also counts a table whose log's versions are not 1..n once each.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the example's own package

from mahjong_server.storage import Store

from mahjong_rules.records import replay

GAMES = ("baoshan", "yongshan", "sichuan")


def rss_mb(pid: int) -> float:
    """The process's resident memory in MB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def person(ws: str, table: str, stop: float, latencies: list[float]) -> None:
    """Seat 0 of ``table``: answer at once until ``stop`` (a loop time) or the match's end."""
    from websockets.asyncio.client import connect

    loop = asyncio.get_running_loop()
    async with connect(ws, max_size=2**22) as socket:
        await socket.send(json.dumps({"type": "join", "table": table, "seat": 0, "token": None}))
        sent: float | None = None
        while loop.time() < stop:
            try:
                text = await asyncio.wait_for(socket.recv(), max(0.01, stop - loop.time()))
            except TimeoutError:
                return
            message = json.loads(text)
            kind = message["type"]
            if kind == "view" and sent is not None:
                latencies.append(loop.time() - sent)
                sent = None
            if kind == "view" and message["asked"]:
                action = message["actions"][0]["action"]
                answer = {"type": "answer", "action": action, "step": message["step"]}
                await socket.send(json.dumps(answer))
                sent = loop.time()
            elif kind == "error" and message["code"] == "stale":
                sent = None
            elif kind == "ended":
                if message["match"]["over"]:
                    return
                await socket.send(json.dumps({"type": "next"}))


def check_redis(url: str) -> tuple[int, int, int]:
    """(actions, hands ended, tables lost) as Redis holds them: a table is lost if a hand does
    not replay, or its log's versions are not 1..version, each once."""
    from mahjong_server.redis_store import RedisStore

    store = RedisStore(url, "soak")
    actions = hands = lost = 0
    for table_id in store.ids():
        table = store.table(table_id)
        assert table is not None
        versions = [entry["v"] for entry in store.log(table_id)]
        actions += len(versions)
        hands += sum(table.ended)
        try:
            for record in table.records:
                replay(record)
        except Exception:
            lost += 1
            continue
        lost += versions != list(range(1, table.version + 1))
    store.close()
    return actions, hands, lost


def check(db: str) -> tuple[int, int, int]:
    """(actions, hands ended, tables lost) as the database holds them."""
    actions = hands = lost = 0
    for table in Store(db).tables():
        logged = sum(len(r.actions) for r in table.records)
        actions += logged
        hands += sum(table.ended)
        try:
            for record in table.records:
                replay(record)
        except Exception:
            lost += 1
            continue
        lost += table.version != logged
    return actions, hands, lost


async def soak(
    tables: int,
    seconds: float,
    db: str,
    bot_delay: float,
    redis: str | None = None,
    processes: int = 1,
) -> dict[str, Any]:
    """Play; with ``redis`` (a URL), ``processes`` servers share the tables through it, each
    table opened on one process and its person connected to the next one (every message goes
    through Redis)."""
    from tests.server_process import ServerProcess  # (this example's tests/)

    args = ("--bot-delay", str(bot_delay), "--away-timeout", "0", "--answer-timeout", "0")
    shared = () if redis is None else ("--redis", redis)
    servers = [ServerProcess(db, *args, *shared) for _ in range(processes)]

    def rss() -> float:
        return sum(rss_mb(server.process.pid) for server in servers)

    try:
        ids = [
            servers[k % processes].open(f"game={GAMES[k % len(GAMES)]}&seat=0&seed={k}&hands=16")
            for k in range(tables)
        ]
        loop = asyncio.get_running_loop()
        start = loop.time()
        stop = start + seconds
        latencies: list[float] = []
        memory: list[float] = [rss()]

        async def sample() -> None:
            while loop.time() < stop:
                await asyncio.sleep(min(2.0, seconds / 10))
                memory.append(rss())

        persons = [
            person(servers[(k + 1) % processes].ws, table, stop, latencies)
            for k, table in enumerate(ids)
        ]
        await asyncio.gather(sample(), *persons)
        elapsed = loop.time() - start
    finally:
        for server in servers:
            server.kill()
    actions, hands, lost = check(db) if redis is None else check_redis(redis)
    ms = sorted(1000 * x for x in latencies) or [0.0]
    warm = memory[min(2, len(memory) - 1)]
    return {
        "tables": tables,
        "processes": processes,
        "store": "sqlite" if redis is None else "redis",
        "bot_delay": bot_delay,
        "seconds": round(elapsed, 1),
        "latency_ms": {
            "p50": round(statistics.median(ms), 1),
            "p99": round(ms[min(len(ms) - 1, int(0.99 * len(ms)))], 1),
            "max": round(ms[-1], 1),
            "answers": len(latencies),
        },
        "actions": actions,
        "actions_per_s": round(actions / elapsed, 1),
        "hands": hands,
        "rss_mb": {
            "first": round(memory[0], 1),
            "warm": round(warm, 1),
            "last": round(memory[-1], 1),
            "max": round(max(memory), 1),
        },
        "lost": lost,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description="A bounded soak of the served table.")
    parser.add_argument("--tables", type=int, default=200, help="tables at once (200)")
    parser.add_argument("--seconds", type=float, default=180.0, help="how long (180)")
    parser.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds between bot moves (0.5; 0: flat out)"
    )
    parser.add_argument(
        "--redis",
        action="store_true",
        help="keep the tables in Redis: a redis-server of the soak's own, on loopback",
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes (1; more needs --redis)"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 256 or not 1 <= args.seconds <= 3600:
        parser.error("1 to 256 tables, 1 to 3600 seconds")
    if not 1 <= args.processes <= 8 or (args.processes > 1 and not args.redis):
        parser.error("1 to 8 processes; more than one needs --redis")
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "soak.sqlite")
        redis = None
        if args.redis:
            from tests.server_process import RedisServer

            redis = RedisServer(folder)
        try:
            run = soak(
                args.tables,
                args.seconds,
                db,
                args.bot_delay,
                None if redis is None else redis.url,
                args.processes,
            )
            figures = asyncio.run(run)
        finally:
            if redis is not None:
                redis.stop()
    print(json.dumps(figures, indent=1))
    return figures


if __name__ == "__main__":
    main()
