"""``benchmarks/bench_sichuan.py`` and its Node worker ``benchmarks/dcmshi_worker.mjs``: what they
print parses, and the worker deals and plays as the benchmark says (no timing is asserted).

The benchmark plays 血战到底 (xuèzhàn dàodǐ) random hands on the library and, under Node, on
dcmshi/sichuan-mahjong's engine, on the same deals (SC-DEAL-1, SC-SWAP-2). The worker's tests
need ``node`` and dcmshi's build (``/work/shared/sichuan/dcmshi`` or ``DCMSHI_DIR``); without
them they are skipped.
"""

from __future__ import annotations

import importlib.util
import json
import random
import shutil
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from dcmshi_deal import deal, library_wall, swap_direction
from mahjong_rules import get_variant
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.tiles import Tile

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_sichuan.py"
SEED = 20240601
PASS_KEYS = {"hands", "decisions", "draws", "refused", "wins", "seconds", "digest"}
"""What the worker answers a ``play`` request with."""


def _load() -> ModuleType:
    """The script as a module (its folder on the path, as when it runs: it imports
    ``json_lines`` beside it)."""
    if str(SCRIPT.parent) not in sys.path:
        sys.path.insert(0, str(SCRIPT.parent))
    spec = importlib.util.spec_from_file_location("bench_sichuan", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_sichuan"] = module
    spec.loader.exec_module(module)
    return module


bench = _load()


def _has_sichuan() -> bool:
    try:
        get_variant("sichuan")
    except MahjongRulesError:
        return False
    return True


def _decisions(variant: str, hands: int, seed: int) -> int:
    """The random policy's decisions over ``hands`` hands, counted here, apart from the script."""
    rules = get_variant(variant)
    count = 0
    for k in range(hands):
        rng = random.Random(seed + k)
        state = rules.new_hand(seed=seed + k)
        while rules.result(state) is None:
            seats = sorted(rules.to_act(state))
            seat = seats[int(rng.random() * len(seats))]
            legal = rules.legal_actions(state, seat)
            state = rules.apply(state, legal[int(rng.random() * len(legal))])
            count += 1
    return count


def _run(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    args = ["--hands", "2", "--rounds", "1", "--warm-up", "0", "--no-dcmshi", *extra]
    assert bench.main(args) == 0
    return capsys.readouterr().out


def test_library_part_json_parses(capsys: pytest.CaptureFixture[str]) -> None:
    """``--no-dcmshi --json`` for 2 hands: one JSON document; Baoshan's row counts the decisions
    the random policy makes on those hands; dcmshi's rows say why they did not run."""
    doc = json.loads(_run(capsys, "--json"))
    assert doc["meta"]["hands"] == 2
    assert doc["meta"]["same_deals"] is False
    assert doc["meta"]["dcmshi"] == "--no-dcmshi"
    rows = {(r["engine"], r["room"]): r for r in doc["rows"]}
    assert set(rows) == {
        ("library", "sichuan defaults"),
        ("dcmshi", "sichuan defaults"),
        ("library", "sichuan 换三张"),
        ("dcmshi", "sichuan 换三张"),
        ("library", "baoshan 4p"),
    }
    baoshan = rows["library", "baoshan 4p"]
    assert baoshan["hands"] == 2
    assert baoshan["decisions"] == _decisions("baoshan", 2, SEED)
    assert baoshan["hands_per_s"] > 0 and baoshan["us_per_decision"] > 0
    assert baoshan["same_play_every_round"] is True
    assert rows["dcmshi", "sichuan defaults"] == {
        "engine": "dcmshi",
        "room": "sichuan defaults",
        "error": "--no-dcmshi",
    }
    sichuan = rows["library", "sichuan defaults"]
    if _has_sichuan():
        assert sichuan["hands"] == 2
        assert sichuan["decisions"] == _decisions("sichuan", 2, SEED)
    else:
        assert sichuan["error"].startswith("no library Sichuan: ")
    assert doc["dcmshi_over_library_per_decision"] == {}


def test_library_part_table_parses(capsys: pytest.CaptureFixture[str]) -> None:
    """The table: a header naming the columns, then one row per engine and room, Baoshan's with
    four numbers (hands/s, decisions/hand, µs/decision, wins/hand)."""
    lines = _run(capsys).splitlines()
    assert lines[1] == "dcmshi not run: --no-dcmshi; the library's figures only"
    header = next(i for i, line in enumerate(lines) if line.startswith("engine "))
    assert lines[header].split() == [
        "engine",
        "room",
        "hands/s",
        "decisions/hand",
        "µs/decision",
        "wins/hand",
    ]
    rows = [line for line in lines[header + 2 :] if line.startswith(("library ", "dcmshi "))]
    assert len(rows) == 5
    baoshan = next(line for line in rows if "baoshan 4p" in line).split()
    assert baoshan[:3] == ["library", "baoshan", "4p"]
    hands_per_s, per_hand, us, wins = (float(x) for x in baoshan[3:])
    assert per_hand == _decisions("baoshan", 2, SEED) / 2
    assert hands_per_s > 0 and us > 0 and wins >= 0
    assert lines[-1].startswith("(") and lines[-1].endswith(" s)")


def _worker() -> Any:
    if shutil.which("node") is None:
        pytest.skip("node is not on PATH")
    if not (bench.DEFAULT_DCMSHI / "engine" / "index.js").is_file():
        pytest.skip(f"no dcmshi build at {bench.DEFAULT_DCMSHI}")
    worker, why = bench.start_worker(bench.DEFAULT_DCMSHI)
    assert worker is not None, why
    return worker


def test_worker_plays_one_hand() -> None:
    """The worker plays 1 hand and answers with the expected keys; the same request plays the
    same hand again (the digest of its score deltas), also with 换三张 on. A bad request is
    answered with an error and the worker goes on."""
    worker = _worker()
    try:
        assert worker.hello["engine"] == "dcmshi"
        assert worker.hello["defaults"]["fanCap"] == 3
        first = worker.ask("play", 1, SEED, {})
        assert set(first) == PASS_KEYS
        assert first["hands"] == 1
        assert first["decisions"] > 0 and first["draws"] > 0 and first["seconds"] > 0
        again = worker.ask("play", 1, SEED, {})
        assert (again["decisions"], again["draws"], again["digest"]) == (
            first["decisions"],
            first["draws"],
            first["digest"],
        )
        swapped = worker.ask("play", 1, SEED, {"enableHuanSanZhang": True})
        assert set(swapped) == PASS_KEYS
        with pytest.raises(RuntimeError, match="unknown command"):
            worker.ask("dance", 1, SEED, {})
        with pytest.raises(RuntimeError, match="must be integers"):
            worker.ask("play", -1, SEED, {})
        assert worker.ask("play", 1, SEED, {})["digest"] == first["digest"]
    finally:
        worker.close()
    assert worker.proc.returncode == 0


def test_worker_deals_as_the_port_sc_deal_1_sc_swap_2() -> None:
    """SC-DEAL-1, SC-SWAP-2: the worker's deal of seed ``str(S + k)`` is the library wall that
    ``tests/dcmshi_deal.py`` works out from that seed (dcmshi's dealer's tiles first, library
    dealer 0), with dcmshi's swap direction in the library's words."""
    worker = _worker()
    try:
        answer = worker.ask("deal", 3, SEED, {"enableHuanSanZhang": True})
    finally:
        worker.close()
    assert len(answer["deals"]) == 3
    for k, got in enumerate(answer["deals"]):
        seed = str(SEED + k)
        made = deal(seed)
        assert got["seed"] == seed
        assert got["dealer"] == made.dealer
        assert tuple(Tile(t) for t in got["wall"]) == library_wall(made.dealer, made.wall)
        assert got["direction"] == swap_direction(seed)
        assert Counter(got["wall"]) == {t: 4 for t in got["wall"]}
        assert len(got["wall"]) == 108
