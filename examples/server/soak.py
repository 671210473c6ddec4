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
- ``cpu``: the server processes' CPU seconds (user and system, ``/proc/<pid>/stat``) over the
  run, divided by the actions applied in it: ``ms_per_action``, the server's cost of an action
  (everything it does for one: the rules, the store, every seat's view, the bots' choices);
  ``redis_s`` the Redis server's CPU seconds;
- ``memory``: each server process's resident memory at intervals (flat after the warm-up:
  nothing piles up across hands); with ``--trace``, ``tracemalloc`` adds each process's traced
  memory at intervals and the lines that grew most (:mod:`mahjong_server.memory`);
- ``errors``: the refusals the persons were sent, by code, and ``closed`` connections;
- ``log``: the last lines the servers logged (a takeover, a lease lost...);
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
import os
import sqlite3
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the example's own package

from mahjong_server.memory import ENV, EVERY, rss_mb
from mahjong_server.storage import Store

from mahjong_rules.records import replay

GAMES = ("baoshan", "yongshan", "sichuan")


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used, in seconds (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def applied(db: str, redis: str | None) -> int:
    """How many actions the tables have applied so far (their versions' sum)."""
    if redis is None:
        with sqlite3.connect(db) as connection:
            (total,) = connection.execute("SELECT COALESCE(SUM(version), 0) FROM tables").fetchone()
        return int(total)
    from mahjong_server.redis_store import RedisStore

    store = RedisStore(redis, "soak")
    pipe = store.db.pipeline(transaction=False)
    for table_id in store.ids():
        pipe.hget(store.key("table", table_id), "version")
    total = sum(int(version or 0) for version in pipe.execute())
    store.close()
    return total


async def person(
    ws: str, table: str, stop: float, latencies: list[float], errors: Counter[str]
) -> None:
    """Seat 0 of ``table``: answer at once until ``stop`` (a loop time) or the match's end. A
    refusal is counted in ``errors`` by its code (``stale``, too late, is expected now and
    then); a connection the server closes is counted as ``closed``, and the seat joined again
    with its token, as a page does."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    loop = asyncio.get_running_loop()
    seat: dict[str, Any] = {"token": None, "over": False}
    while loop.time() < stop and not seat["over"]:
        try:
            async with connect(ws, max_size=2**22) as socket:
                await _person(socket, table, stop, latencies, errors, seat)
        except (ConnectionClosed, OSError):
            errors["closed"] += 1
            await asyncio.sleep(0.5)


async def _person(
    socket: Any,
    table: str,
    stop: float,
    latencies: list[float],
    errors: Counter[str],
    seat: dict[str, Any],
) -> None:
    loop = asyncio.get_running_loop()
    join = {"type": "join", "table": table, "seat": 0, "token": seat["token"]}
    await socket.send(json.dumps(join))
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
        if kind == "joined":
            seat["token"] = message["token"]
        elif kind == "view" and message["asked"]:
            action = message["actions"][0]["action"]
            answer = {"type": "answer", "action": action, "step": message["step"]}
            await socket.send(json.dumps(answer))
            sent = loop.time()
        elif kind == "error":
            errors[message["code"]] += 1
            sent = None
        elif kind == "ended":
            if message["match"]["over"]:
                seat["over"] = True
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
        if not _replays(table.records):
            lost += 1
            continue
        lost += versions != list(range(1, table.version + 1))
    store.close()
    return actions, hands, lost


def _replays(records: Any) -> bool:
    """Whether every hand of a table's records replays (a table whose hands do not is lost)."""
    try:
        for record in records:
            replay(record)
    except Exception:
        return False
    return True


def check(db: str) -> tuple[int, int, int]:
    """(actions, hands ended, tables lost) as the database holds them."""
    actions = hands = lost = 0
    for table in Store(db).tables():
        logged = sum(len(r.actions) for r in table.records)
        actions += logged
        hands += sum(table.ended)
        if not _replays(table.records):
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
    *,
    trace: bool = False,
    redis_pid: int | None = None,
) -> dict[str, Any]:
    """Play; with ``redis`` (a URL), ``processes`` servers share the tables through it, each
    table opened on one process and its person connected to the next one (every message goes
    through Redis). With ``trace``, each server traces its memory (:mod:`.memory`) and the
    figures include what grew most; ``redis_pid``: the Redis server's CPU is reported too."""
    from tests.server_process import ServerProcess  # (this example's tests/)

    args = ("--bot-delay", str(bot_delay), "--away-timeout", "0", "--answer-timeout", "0")
    shared = () if redis is None else ("--redis", redis)
    folder = Path(db).parent
    traces = [folder / f"memory-{k}.jsonl" for k in range(processes)]
    every = str(max(5.0, seconds / 12))
    servers = [
        ServerProcess(
            db, *args, *shared, env={ENV: str(traces[k]), EVERY: every} if trace else None
        )
        for k in range(processes)
    ]
    pids = [server.process.pid for server in servers]
    try:
        ids = [
            servers[k % processes].open(f"game={GAMES[k % len(GAMES)]}&seat=0&seed={k}&hands=16")
            for k in range(tables)
        ]
        loop = asyncio.get_running_loop()
        start = loop.time()
        stop = start + seconds
        latencies: list[float] = []
        errors: Counter[str] = Counter()
        memory: list[tuple[float, list[float]]] = [(0.0, [rss_mb(pid) for pid in pids])]
        cpu = [cpu_seconds(pid) for pid in pids], applied(db, redis)
        cpu_redis = cpu_seconds(redis_pid) if redis_pid else 0.0

        async def sample() -> None:
            while loop.time() < stop:
                await asyncio.sleep(min(2.0, seconds / 10))
                memory.append((loop.time() - start, [rss_mb(pid) for pid in pids]))

        persons = [
            person(servers[(k + 1) % processes].ws, table, stop, latencies, errors)
            for k, table in enumerate(ids)
        ]
        await asyncio.gather(sample(), *persons)
        elapsed = loop.time() - start
        used = sum(cpu_seconds(pid) for pid in pids) - sum(cpu[0])
        done = applied(db, redis) - cpu[1]
        used_redis = cpu_seconds(redis_pid) - cpu_redis if redis_pid else None
    finally:
        for server in servers:
            server.kill()
    logged = [f"{k}: {line}" for k, server in enumerate(servers) for line in server.output]
    actions, hands, lost = check(db) if redis is None else check_redis(redis)
    ms = sorted(1000 * x for x in latencies) or [0.0]
    warm = len(memory) // 3  # (the warm-up: the first third of the run)
    totals = [sum(rss) for _, rss in memory]
    shown = memory[:: max(1, len(memory) // 10)] + ([memory[-1]] if len(memory) > 1 else [])
    figures: dict[str, Any] = {
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
        "cpu": {
            "server_s": round(used, 2),
            "actions": done,
            "ms_per_action": round(1000 * used / max(1, done), 3),
            "redis_s": None if used_redis is None else round(used_redis, 2),
        },
        "rss_mb": {
            "first": round(totals[0], 1),
            "warm": round(totals[warm], 1),
            "last": round(totals[-1], 1),
            "max": round(max(totals), 1),
        },
        "memory": [
            {"t": round(t), "rss_mb": [round(x, 1) for x in rss]} for t, rss in dict(shown).items()
        ],
        "lost": lost,
        "errors": dict(sorted(errors.items())),
        "log": logged[-20:],
    }
    if trace:
        figures["tracemalloc"] = [_traced(path) for path in traces]
    return figures


def _traced(path: Path) -> dict[str, Any]:
    """A server's traced memory at each interval and what grew most by its last."""
    lines = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    return {
        "traced_mb": [(line["t"], line["traced_mb"]) for line in lines],
        "grown": lines[-1]["grown"][:6] if lines else [],
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
    parser.add_argument(
        "--trace",
        action="store_true",
        help="trace each server's memory (tracemalloc: slower) and show what grew most",
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
                trace=args.trace,
                redis_pid=None if redis is None else redis.process.pid,
            )
            figures = asyncio.run(run)
        finally:
            if redis is not None:
                redis.stop()
    print(json.dumps(figures, indent=1))
    return figures


if __name__ == "__main__":
    main()
