"""The soak's CI version (issue 36 s.7): a few tables of bots and persons for a few seconds."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parents[1]


def test_a_short_soak_loses_nothing_and_memory_stays_flat() -> None:
    """FLOW-3: 20 tables played at once for 20 seconds by scripted persons and bots on one
    server process: every person's answer is followed by its views, the database holds every
    action once (each hand replays, versions match), no refusal but ``stale``, the server's
    memory is reported at intervals and does not grow by more than a few MB after the warm-up,
    and its CPU per action is reported (the CPU seconds over the actions applied meanwhile)."""
    sys.path.insert(0, str(SERVER))
    from soak import main

    figures = main(["--tables", "20", "--seconds", "20", "--bot-delay", "0.05"])
    assert figures["lost"] == 0
    assert figures["latency_ms"]["answers"] > 100
    assert figures["actions"] > 500 and figures["hands"] > 0
    assert figures["rss_mb"]["last"] - figures["rss_mb"]["warm"] < 24
    assert len(figures["memory"]) >= 5 and all(len(m["rss_mb"]) == 1 for m in figures["memory"])
    assert set(figures["errors"]) <= {"stale"}
    cpu = figures["cpu"]
    assert cpu["server_s"] > 0 and cpu["actions"] >= figures["actions"] - 200
    assert cpu["ms_per_action"] == pytest.approx(1000 * cpu["server_s"] / cpu["actions"], 0.01)
