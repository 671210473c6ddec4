"""What a server process holds in memory, written at intervals (the soak's per-process figures).

With the environment variable ``MAHJONG_SERVER_TRACEMALLOC`` naming a file, :func:`watch` starts
:mod:`tracemalloc` and appends a JSON line to that file every ``MAHJONG_SERVER_TRACEMALLOC_EVERY``
seconds (10 by default)::

    {"t": 20.0, "traced_mb": 41.2, "rss_mb": 88.1,
     "grown": [{"where": "mahjong_server/cluster.py:120", "kb": 310.5, "count": 1200}, ...]}

``grown`` lists the ten lines whose memory grew most since the first line was written (the
warm-up): what to look at when a process grows across hands. Tracing slows the process
(about twice), so the soak's figures of speed are taken without it.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
import tracemalloc
from pathlib import Path

__all__ = ["ENV", "EVERY", "rss_mb", "watch"]

ENV = "MAHJONG_SERVER_TRACEMALLOC"
"""The environment variable naming the file of figures (unset: nothing traced)."""
EVERY = "MAHJONG_SERVER_TRACEMALLOC_EVERY"
"""The environment variable of the seconds between two lines (10 by default)."""


def rss_mb(pid: int | None = None) -> float:
    """A process's resident memory in MB (Linux ``/proc``; this process by default)."""
    status = Path(f"/proc/{pid or 'self'}/status")
    for line in status.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def watch() -> None:
    """Write the figures at intervals while the process runs (nothing without :data:`ENV`)."""
    path = os.environ.get(ENV)
    if not path:
        return
    every = float(os.environ.get(EVERY, "10"))
    tracemalloc.start(1)
    start = time.monotonic()
    first: tracemalloc.Snapshot | None = None
    while True:
        await asyncio.sleep(every)
        snapshot = tracemalloc.take_snapshot().filter_traces(
            [tracemalloc.Filter(False, tracemalloc.__file__)]
        )
        first = first or snapshot
        grown = [
            {
                "where": f"{stat.traceback[0].filename.split('site-packages/')[-1]}:"
                f"{stat.traceback[0].lineno}",
                "kb": round(stat.size_diff / 1024, 1),
                "count": stat.count_diff,
            }
            for stat in snapshot.compare_to(first, "lineno")[:10]
        ]
        line = {
            "t": round(time.monotonic() - start, 1),
            "traced_mb": round(tracemalloc.get_traced_memory()[0] / 2**20, 1),
            "rss_mb": round(rss_mb(), 1),
            "grown": grown,
        }
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")
