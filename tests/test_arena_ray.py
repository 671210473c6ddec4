"""The arena on Ray (issue 37, section 2): hands dealt to workers by seed range give exactly
the figures of one worker and of a serial run, and Ray is shut down afterwards. Ray takes
seconds to start: one local Ray serves the library test, and the command's own start is the
one slow test (first in the file, before the shared Ray starts). Skipped where Ray is not
installed (the extra ``arena``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mahjong_rules import get_variant
from mahjong_rules.arena import Arena, ArenaError, Standings, play_on_ray, play_serial, report
from mahjong_rules.cli import main

ray: Any = pytest.importorskip("ray")


@pytest.mark.slow
def test_arena_command_starts_and_stops_its_own_ray(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`arena --workers 2` starts a local Ray of two workers, plays, writes the figures of the
    serial run and shuts Ray down."""
    assert not ray.is_initialized()
    args = ["arena", "--variant", "yongshan", "--players", "3", "--bots", "greedy,random,random"]
    args += ["--hands", "30", "--seed", "9", "--block", "3"]
    assert main([*args, "--workers", "2", "--json", str(tmp_path / "ray.json")]) == 0
    assert not ray.is_initialized()
    out = capsys.readouterr().out
    assert "10 deals x 3 rotations = 30 hands, on a local Ray, 2 workers" in out.splitlines()
    assert main([*args, "--serial", "--json", str(tmp_path / "serial.json")]) == 0
    capsys.readouterr()
    assert (tmp_path / "ray.json").read_text() == (tmp_path / "serial.json").read_text()


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One local Ray of two CPUs for this module's library tests, shut down at the end."""
    ray.init(
        address="local",
        num_cpus=2,
        object_store_memory=100 * 2**20,  # the blocks' results are small
        include_dashboard=False,
        log_to_driver=False,
    )
    try:
        yield
    finally:
        ray.shutdown()
    assert not ray.is_initialized()


def _report(arena: Arena, played: Iterator[Any]) -> dict[str, Any]:
    total = sum((b.standings for b in played), Standings.empty(arena.lineup))
    return report(arena, total)


def test_one_worker_two_workers_and_serial_give_equal_figures(local_ray: None) -> None:
    """FLOW-1..5 hands by seed range: 1 worker, 2 workers (blocks finishing in any order)
    and the serial run give the very same figures, as JSON text too."""
    arena = Arena(get_variant("sichuan"), ["greedy", "random", "random", "random"], 2026, 12)
    serial = _report(arena, play_serial(arena, block_size=5))
    one = _report(arena, play_on_ray(arena, workers=1, block_size=2))
    two = _report(arena, play_on_ray(arena, workers=2, block_size=1))
    assert one == two == serial
    assert json.dumps(one) == json.dumps(two) == json.dumps(serial)
    assert ray.is_initialized()  # a Ray the caller started is left running


def test_a_failing_worker_is_one_arena_error(local_ray: None) -> None:
    arena = Arena(get_variant("baoshan"), ["builtins:dict"] * 4, 1, 2)  # makes a dict
    with pytest.raises(ArenaError) as caught:
        list(play_on_ray(arena, workers=2))
    assert str(caught.value) == "bot 'builtins:dict' made a dict, not a Bot"
