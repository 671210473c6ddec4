"""The command line's game commands: ``play``, ``replay``, ``variants`` and ``analyze --variant``.

Every outcome is checked against the library itself: the same seed played by the same bots
directly, ``rules.score`` of the same context, the options classes' own fields.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from mahjong_rules import Match, get_variant
from mahjong_rules.bots import Bot, GreedyBot, RandomBot
from mahjong_rules.cli import main, progress
from mahjong_rules.cli.common import CliError, parse_options, parse_seed
from mahjong_rules.counts import TileCounts
from mahjong_rules.engine.events import Claimed, Discarded, Drew, Event, Konged, Won
from mahjong_rules.engine.state import State
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.records import HandRecord
from mahjong_rules.scoring import WinContext, WinKind
from mahjong_rules.serial import from_dict, to_dict
from mahjong_rules.tiles import Tile
from mahjong_rules.variants import BaoshanOptions, Rules, YongshanOptions, available_variants
from mahjong_rules.variants.options import Options
from mahjong_rules.variants.sichuan import SichuanOptions
from mahjong_rules.variants.yongshan import wild_kinds
from mahjong_rules.words.payments import kong_names


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    """Run ``main`` and return the exit status, the stdout lines and the raw stderr."""
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


def play_directly(rules: Rules, bots: list[Bot], state: State) -> list[State]:
    """The states of a hand played the way ``play`` does: the lowest seat asked acts."""
    states = [state]
    while rules.result(state) is None:
        seat = min(rules.to_act(state))
        state = bots[seat].act(rules, state, seat)
        states.append(state)
    return states


def events_of(states: list[State]) -> list[Event]:
    return [event for state in states for event in state.events]


def tiles_named(tiles: tuple[Tile, ...]) -> str:
    """``8p 八筒, 9p 九筒``."""
    return ", ".join(f"{t.notation} {t.name_zh}" for t in tiles)


def payment_items(lines: list[str]) -> list[tuple[int, int, int]]:
    """``(seat, signed amount, counterparty)`` of every payment line under a seat of the
    settlement, sorted."""
    items, seat = [], -1
    for line in lines[next(i for i, x in enumerate(lines) if x.startswith("结算 ")) :]:
        if head := re.fullmatch(r"  seat (\d): [+-]?\d+", line):
            seat = int(head.group(1))
        elif item := re.fullmatch(r"\s+([+-]\d+)  (?:to|from) seat (\d): .+", line):
            items.append((seat, int(item.group(1)), int(item.group(2))))
    return sorted(items)


def seat_sums(lines: list[str]) -> list[int]:
    """Each seat's shown total (``  seat 2: +3``), checked against the sum of its lines."""
    start = next(i for i, x in enumerate(lines) if x.startswith("结算 "))
    shown = {
        int(m.group(1)): int(m.group(2))
        for line in lines[start:]
        if (m := re.fullmatch(r"  seat (\d): ([+-]?\d+)", line))
    }
    sums = dict.fromkeys(shown, 0)
    for seat, amount, _ in payment_items(lines):
        sums[seat] += amount
    assert sums == shown
    return [shown[seat] for seat in sorted(shown)]


def settlement_rows(lines: list[str]) -> dict[int, tuple[int, int, int]]:
    """``{seat: (received, paid, delta)}`` from the settlement table's rows."""
    start = next(i for i, line in enumerate(lines) if line.startswith("结算 settlement"))
    rows = {}
    for line in lines[start + 2 :]:
        found = re.match(r"\s+(\d)\s+(\d+)\s+(\d+)\s+([+-]?\d+)(\s|$)", line)
        if found is None:
            break
        seat, received, paid, delta = (int(g) for g in found.groups()[:4])
        rows[seat] = (received, paid, delta)
    return rows


# --- play: one hand ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "players", "seed", "options"),
    [
        ("yongshan", 4, 7, {}),
        ("yongshan", 3, 2, {}),
        ("baoshan", 4, 3, {"honors": True}),
        ("baoshan", 3, "x", {}),
        ("baoshan", 4, 2, {"pian_gang": True}),
        ("baoshan", 4, 38, {"honors": True}),  # 流局: kong payments void (黄庄黄杠), 查叫
        ("baoshan", 4, 10, {}),  # 杠上炮: the kong's payment cancelled
    ],
)
def test_play_log_follows_the_engine(
    capsys: pytest.CaptureFixture[str],
    variant: str,
    players: int,
    seed: int | str,
    options: dict[str, Any],
) -> None:
    flags = [f"--option={k}={json.dumps(v)}" for k, v in options.items()]
    argv = ["play", "--variant", variant, "--players", str(players), "--seed", str(seed), *flags]
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    rules = get_variant(variant, players=players, **options)
    states = play_directly(rules, [GreedyBot()] * players, rules.new_hand(seed=seed))
    events = events_of(states)

    text = "\n".join(out)
    discards = [(int(s), t) for s, t in re.findall(r"^seat (\d) 打 discards (\S+) ", text, re.M)]
    assert discards == [(e.seat, e.tile.notation) for e in events if isinstance(e, Discarded)]
    draws = [line for line in out if " 摸 draws " in line or " 补张 draws " in line]
    drawn = [e for e in events if isinstance(e, Drew)]
    assert len(draws) == len(drawn)
    for line, event in zip(draws, drawn, strict=True):
        assert event.tile is not None
        assert line.startswith(f"seat {event.seat} ")
        assert line.split(" draws ")[1].startswith(f"{event.tile.notation} {event.tile.name_zh}")
    pengs = [e for e in events if isinstance(e, Claimed) and e.meld.kind is MeldKind.PENG]
    assert [line for line in out if " 碰 peng " in line] == [
        f"seat {e.seat} 碰 peng {e.meld}"
        + (f" (听用 wildcard {tiles_named(e.meld.wild_tiles)})" if e.meld.wild_tiles else "")
        for e in pengs
    ]
    kongs = [e for e in events if isinstance(e, Konged | Claimed) and e.meld.is_kong]
    assert len([line for line in out if line.startswith("seat ") and " 杠 " in line]) == len(kongs)
    wins = [e.win for e in events if isinstance(e, Won)]
    assert [line.split(" 胡 wins on ")[0] for line in out if " 胡 wins on " in line] == [
        f"seat {w.seat}" for w in wins
    ]

    result = rules.result(states[-1])
    assert result is not None
    # every payment is logged once: those that stand and those cancelled later (杠上炮, 黄庄)
    logged = re.findall(r"^  seat (\d) pays seat (\d) (\d+) \(", text, re.M)
    made = [*result.payments, *result.cancelled]
    assert sorted((int(a), int(b), int(n)) for a, b, n in logged) == sorted(
        (p.payer, p.payee, p.amount) for p in made
    )
    rows = settlement_rows(out)
    assert tuple(rows[seat][2] for seat in range(players)) == result.deltas
    for seat in range(players):
        received = sum(p.amount for p in result.payments if p.payee == seat)
        paid = sum(p.amount for p in result.payments if p.payer == seat)
        assert rows[seat][:2] == (received, paid)
    # every payment is listed under its payer and its payee, and each seat's lines add up
    assert payment_items(out) == sorted(
        [(p.payer, -p.amount, p.payee) for p in result.payments]
        + [(p.payee, p.amount, p.payer) for p in result.payments]
    )
    assert seat_sums(out) == list(result.deltas)
    totals = [m for line in out if (m := re.fullmatch(r"\s+all\s+(\d+)\s+(\d+)\s+0", line))]
    assert len(totals) == 1
    total = totals[0]
    assert int(total.group(1)) == int(total.group(2)) == sum(p.amount for p in result.payments)
    cancelled = [line for line in out if line.startswith("  cancelled: ")]
    names = kong_names(states, "en")  # issue 34: a kong's payment names its kong
    assert cancelled == (
        [
            "  cancelled: "
            + "; ".join(
                f"seat {p.payer} pays seat {p.payee} {p.amount} (杠 kong money, {names[p.ref]})"
                for p in result.cancelled
            )
        ]
        if result.cancelled
        else []
    )


def test_play_yongshan_header_deal_and_wildcards(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "--variant", "yongshan", "--players", "4", "--seed", "7")
    assert status == 0
    state = get_variant("yongshan").new_hand(seed=7)
    assert state.variant.indicator is not None
    assert out[:8] == [
        "永善麻将 yongshan: 4 players, seed 7",
        "room: get_variant('yongshan')",
        "bots: seat 0 GreedyBot(), seat 1 GreedyBot(), seat 2 GreedyBot(), seat 3 GreedyBot()",
        f"发牌 dealt: dealer seat 0, {state.tiles_left} tiles left in the wall",
        *(f"  seat {k} 手牌 hand {s.concealed}" for k, s in enumerate(state.seats)),
    ]
    wilds = ", ".join(f"{t.notation} {t.name_zh}" for t in state.wild_kinds)
    ind = state.variant.indicator
    assert out[8] == f"本金 indicator {ind.notation} {ind.name_zh}; 听用 wildcards {wilds}"


def test_play_win_lines_show_the_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", "--variant", "yongshan", "--seed", "7")
    rules = get_variant("yongshan")
    states = play_directly(rules, [GreedyBot()] * 4, rules.new_hand(seed=7))
    last = next(e.win for e in reversed(events_of(states)) if isinstance(e, Won))
    at = max(i for i, line in enumerate(out) if line.startswith(f"seat {last.seat} 胡 wins on "))
    b = last.breakdown
    for line, item in zip(out[at + 1 :], b.items, strict=False):
        assert line.startswith(f"  {item.name_zh} ")
        assert f" ({item.key}) {item.fan} fan" in line
    assert out[at + 1 + len(b.items)] == (
        f"  total {b.fan} fan, capped {b.capped_fan} fan, "
        f"{b.points} point{'s' if b.points != 1 else ''}"
    )


def test_play_with_random_bots_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("play", "--variant", "baoshan", "--seed", "11", "--bots", "random,greedy,random,greedy")
    _, first, _ = run(capsys, *argv)
    _, again, _ = run(capsys, *argv)
    assert first == again
    rules = get_variant("baoshan")
    bots: list[Bot] = [RandomBot("11:0"), GreedyBot(), RandomBot("11:2"), GreedyBot()]
    states = play_directly(rules, bots, rules.new_hand(seed=11))
    result = rules.result(states[-1])
    assert result is not None
    assert tuple(r[2] for r in settlement_rows(first).values()) == result.deltas


def test_play_buying_room_logs_the_points_bought(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "play", "--variant", "baoshan", "--seed", "3", "-o", "buy_points=live"
    )
    assert status == 0
    assert out[3:7] == [f"seat {k} 买点 buys 0 points" for k in range(4)]
    assert out[7].startswith("发牌 dealt: dealer seat 0")


# --- play: a match -------------------------------------------------------------------------------


def test_play_match_of_three_hands(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "--variant", "yongshan", "--seed", "5", "--hands", "3")
    assert (status, err) == (0, "")
    summaries = [line for line in out if line.startswith("hand ")]
    assert len(summaries) == 3
    # the same match played directly: hand k from the seed "5/k"
    rules = get_variant("yongshan")
    match = Match(rules)
    for k, line in enumerate(summaries, 1):
        dealer = match.dealer
        states = play_directly(rules, [GreedyBot()] * 4, match.new_hand(seed=f"5/{k}"))
        match = match.record(states[-1])
        deltas = " ".join(f"{d:+d}" if d else "0" for d in match.results[-1].deltas)
        totals = " ".join(f"{t:+d}" if t else "0" for t in match.scores)
        assert line.startswith(f"hand {k}: seed 5/{k}, dealer seat {dealer}, ")
        assert line.endswith(f"; deltas {deltas}; totals {totals}")
    at = out.index("总分 scores after 3 hands")
    scores = [int(line.split()[-1]) for line in out[at + 2 : at + 6]]
    assert tuple(scores) == match.scores
    assert sum(scores) == 0


def test_match_hand_replays_alone_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", "--variant", "baoshan", "--seed", "2", "--hands", "2", "--log")
    second = out.index(next(line for line in out if line.startswith("--- hand 2 ")))
    dealer = re.search(r"dealer seat (\d)", out[second])
    assert dealer is not None
    _, alone, _ = run(
        capsys, "play", "--variant", "baoshan", "--seed", "2/2", "--dealer", dealer.group(1)
    )
    start = next(i for i, line in enumerate(alone) if line.startswith("发牌"))
    log = alone[start : alone.index("")]
    assert out[second + 1 : second + 1 + len(log)] == log


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_after_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    monkeypatch.setattr(progress, "clock", lambda: now[0])
    screen = FakeTerminal()
    bar = progress.Progress(10, screen, width=10)
    bar.update(1)
    assert screen.getvalue() == ""  # not a second yet
    now[0] = 1.5
    bar.update(3)
    assert screen.getvalue() == "\r[###       ] 3/10"
    bar.close()
    assert screen.getvalue().endswith("\r" + " " * 17 + "\r")
    piped = io.StringIO()
    quiet = progress.Progress(10, piped)
    now[0] = 10.0
    quiet.update(5)
    quiet.close()
    assert piped.getvalue() == ""


def test_progress_bar_of_a_slow_match_goes_to_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ticks = iter(range(0, 1000, 2))
    monkeypatch.setattr(progress, "clock", lambda: float(next(ticks)))
    screen = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", screen)
    status = main(["play", "--variant", "baoshan", "--players", "2", "--seed", "1", "--hands", "2"])
    out = capsys.readouterr().out
    assert status == 0
    assert "\r[##########          ] 1/2" in screen.getvalue()
    assert "\r[####################] 2/2" in screen.getvalue()
    assert "[" not in out


# --- JSON records and replay ------------------------------------------------------------------


def test_play_json_then_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    argv = ["play", "--variant", "yongshan", "--seed", "7", "--json", str(path)]
    status, played, _ = run(capsys, *argv)
    assert status == 0
    assert played[-1] == f"wrote 1 hand record(s) to {path}"
    document = json.loads(path.read_text(encoding="utf-8"))
    record = from_dict(document["record"], HandRecord)
    rules = get_variant("yongshan")
    states = play_directly(rules, [GreedyBot()] * 4, rules.new_hand(seed=7))
    assert len(record.actions) == len(states) - 1
    assert (record.seed, record.dealer, record.variant) == (7, 0, "yongshan")
    assert from_dict(document["result"]) == rules.result(states[-1])

    status, out, err = run(capsys, "replay", str(path))
    assert (status, err) == (0, "")
    assert out[-1] == f"ok: {len(record.actions)} actions, result matches"
    assert out[2] == f"wall digest: {record.digest} (matches the wall)"
    log_start = played.index(next(line for line in played if line.startswith("发牌")))
    assert out[3:-1] == played[log_start:-1]  # the same log and settlement as play printed


def test_json_to_stdout_is_the_document_alone(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "--variant", "baoshan", "--seed", "4", "--json", "-")
    assert status == 0
    document = json.loads("\n".join(out))
    assert set(document) == {"record", "result"}
    assert from_dict(document["record"]).seed == 4


def test_replay_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = run(
        capsys, "play", "--variant", "yongshan", "--players", "2", "--seed", "1", "--json", "-"
    )
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(out)))
    status, replayed, err = run(capsys, "replay", "-")
    assert (status, err) == (0, "")
    actions = len(json.loads("\n".join(out))["record"]["actions"])
    assert replayed[-1] == f"ok: {actions} actions, result matches"


def test_replay_match_file_and_bare_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "match.json"
    argv = ["play", "--variant", "baoshan", "--seed", "9", "--hands", "3", "--json", str(path)]
    assert main(argv) == 0
    capsys.readouterr()
    document = json.loads(path.read_text(encoding="utf-8"))
    assert len(document["hands"]) == 3
    assert sum(document["scores"]) == 0
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0
    oks = [line for line in out if line.startswith("ok: ")]
    assert len(oks) == 4
    assert all(line.endswith("actions, result matches") for line in oks[:3])
    assert oks[3] == "ok: 3 hands, scores " + " ".join(
        f"{s:+d}" if s else "0" for s in document["scores"]
    )
    # scores that are not the hands' deltas added up are caught
    document["scores"][0] += 1
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(document), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(tampered))
    assert (status, out) == (2, [])
    assert err.startswith(f"error: scores: recorded {document['scores']!r}, but the hands add up")
    document["scores"][0] -= 1
    # a list of bare HandRecord documents (as a server stores them) replays too
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps([hand["record"] for hand in document["hands"]]), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(bare))
    assert status == 0
    assert [line for line in out if line.startswith("ok: ")] == [
        f"ok: {len(hand['record']['actions'])} actions, no result recorded to compare"
        for hand in document["hands"]
    ]


def test_replay_of_a_record_built_with_the_library(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rules = get_variant("baoshan", players=2)
    record = HandRecord.new(rules, seed=9)
    state = record.start()
    bot = GreedyBot()
    while rules.result(state) is None:
        seat = min(rules.to_act(state))
        action = bot.choose(rules.view(state, seat))
        record, state = record.with_action(action), rules.apply(state, action)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(to_dict(record)), encoding="utf-8")
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0
    assert out[0] == "保山麻将 baoshan: 2 players, seed 9"
    result = rules.result(state)
    assert result is not None
    assert tuple(r[2] for r in settlement_rows(out).values()) == result.deltas


def _tamper(document: dict[str, Any], how: str) -> Any:
    record = document["record"]
    if how == "action":
        discards = [a for a in record["actions"] if a["type"] == "Discard"]
        discards[3]["seat"] = (discards[3]["seat"] + 1) % 4
    elif how == "digest":
        record["digest"] = "0" * 64
    elif how == "result":
        document["result"]["deltas"][0] += 1
        document["result"]["deltas"][1] -= 1
    elif how == "option":
        record["options"]["players"] = 7
    elif how == "field":
        record["extra"] = 1
    elif how == "shape":
        return {"hello": 1}
    return document


@pytest.mark.parametrize(
    ("how", "message"),
    [
        ("action", r"action (\d+) \(Discard\(seat=\d.*\) is illegal: .+"),
        ("digest", r"the wall does not match the record's digest: it was changed"),
        ("result", r"the replayed result differs from the recorded one: deltas .+ recorded, .+"),
        ("option", r"handRecord\.options: option 'players' must be one of 2, 3, 4; got 7"),
        ("field", r"handRecord\.extra: HandRecord has no such field, got 1"),
        ("shape", r"the file: expected a HandRecord document or \{\"record\": \.\.\..*"),
    ],
)
def test_tampered_record_is_one_error_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, how: str, message: str
) -> None:
    assert (
        main(["play", "--variant", "yongshan", "--seed", "7", "--json", str(tmp_path / "h")]) == 0
    )
    capsys.readouterr()
    document = json.loads((tmp_path / "h").read_text(encoding="utf-8"))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_tamper(document, how)), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(bad))
    assert (status, out) == (2, [])
    assert err.count("\n") == 1
    found = re.fullmatch("error: " + message + "\n", err)
    assert found is not None, err
    if how == "action":
        index = int(found.group(1))
        discard = [a for a in document["record"]["actions"] if a["type"] == "Discard"][3]
        assert document["record"]["actions"][index] is discard


# --- variants ------------------------------------------------------------------------------------


def test_variants_lists_every_option_with_its_default(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "variants")
    assert (status, err) == (0, "")
    heads = [
        "baoshan 保山麻将 (aliases: 保山, 保山麻将, bao_shan)",
        "sichuan 四川血战到底 (aliases: 血战到底, xuezhan, 四川血战到底, 四川麻将)",
        "yongshan 永善麻将 (aliases: 永善, 永善麻将, yong_shan)",
    ]
    assert [line for line in out if line and not line.startswith(" ")] == heads
    assert [cls.name for cls in available_variants()] == ["baoshan", "sichuan", "yongshan"]
    starts = [out.index(head) for head in heads]
    parts = [out[a:b] for a, b in zip(starts, [*starts[1:], len(out)], strict=True)]
    classes: tuple[type[Options], ...] = (BaoshanOptions, SichuanOptions, YongshanOptions)
    for lines, options_class in zip(parts, classes, strict=True):
        defaults = {}
        for line in lines:
            found = re.fullmatch(r"  (\w+) +default (.+)", line)
            if found:
                defaults[found.group(1)] = json.loads(found.group(2))
        fields = attrs.fields(options_class)
        assert list(defaults) == [f.name for f in fields]
        built = options_class.build(**{k: v for k, v in defaults.items()})
        assert built == options_class.build()  # every default shown is the real default
        for f in fields:
            allowed = f.metadata.get("allowed")
            if allowed is not None:
                shown = " | ".join(json.dumps(a, ensure_ascii=False) for a in allowed)
                assert f"allowed {shown}" in (line.strip() for line in lines)
            bounds = f.metadata.get("range")
            if bounds is not None:  # optional whole numbers: None or low..high
                assert f"allowed null | {bounds[0]}..{bounds[1]}" in (x.strip() for x in lines)
            doc = re.sub(r"\bNone\b", "null", f.metadata["doc"])  # as --option writes it
            assert any(line.endswith(doc) for line in lines)
    assert not any("None" in line for line in out)


def test_python_dash_m_variants() -> None:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mahjong_rules", "variants"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "baoshan 保山麻将 (aliases: 保山, 保山麻将, bao_shan)"
    assert done.stderr == ""


# --- analyze --variant ---------------------------------------------------------------------------


def test_analyze_yongshan_win_with_wildcards(capsys: pytest.CaptureFixture[str]) -> None:
    # test_yongshan_patterns YS-PAT-本金: 本金 8筒 with 双听用, three 8筒 and two wildcards
    argv = ["analyze", "--variant", "yongshan", "123m456m55m888p6p7p9p", "--indicator", "8p"]
    argv += ["--tile", "6p", "--how", "self_draw", "--option", "wildcards=double"]
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    assert out == [
        "variant: yongshan (永善麻将)",
        "本金 indicator: 8p 八筒; 听用 wildcards: 7p 七筒, 9p 九筒",
        "hand: 12345556m678889p",
        "melds: -",
        "winning tile: 6p 六筒 (self_draw)",
        "wilds: 2",
        "breakdown:",
        '  归 guī "four of a kind" (gui) 1 fan',
        '  本金 běnjīn "the turned-up tile" (ben_jin) 2 fan (2 × 1)',
        "fan: 3",
        "capped fan: 3",
        "points: 8",
        "reading: 123m 456m 55m 678p 888p wilds=78p",
        "wildcards stand for: 7p 七筒, 8p 八筒",
    ]
    rules = get_variant("yongshan", wildcards="double")
    kinds = wild_kinds(Tile("8p"), "double")
    hand = TileCounts("123m456m55m888p6p7p9p")
    naturals = TileCounts(t for t in hand if t not in kinds)
    breakdown = rules.score(
        WinContext(
            concealed=naturals,
            wilds=len(hand) - len(naturals),
            wild_kinds=kinds,
            indicator=Tile("8p"),
            winning_tile=Tile("6p"),
            how=WinKind.SELF_DRAW,
        )
    )
    assert breakdown is not None
    assert [(i.name_zh, i.key, i.fan) for i in breakdown.items] == [
        ("归", "gui", 1),
        ("本金", "ben_jin", 2),
    ]
    assert (breakdown.fan, breakdown.capped_fan, breakdown.points) == (3, 3, 8)
    assert str(breakdown.reading) == "123m 456m 55m 678p 888p wilds=78p"


def test_analyze_yongshan_melds_and_cap(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["analyze", "--variant", "yongshan", "11s", "--melds", "P1m*1p@1 G2s@2 B3s@3 A4s"]
    status, out, _ = run(capsys, *argv, "--how", "self_draw", "--indicator", "9p")
    assert status == 0
    assert out[3:] == [
        "melds: P1m*1p@1 G2s@2 B3s@3 A4s",
        "winning tile: 1s 一条 (self_draw)",
        "wilds: 0",
        "breakdown:",
        '  碰碰胡 pèngpènghú "all pungs" (peng_peng_hu) 1 fan',
        '  杠 gàng "kong" (gang) 3 fan (3 × 1)',
        "fan: 4",
        "capped fan: 3",
        "points: 8",
        "reading: 11s",
    ]
    _, uncapped, _ = run(
        capsys, *argv, "--indicator", "9p", "--how", "self_draw", "-o", "fan_cap=null"
    )
    assert uncapped[-4:-1] == ["fan: 4", "capped fan: 4", "points: 16"]


@pytest.mark.parametrize(
    ("argv", "items", "totals", "context"),
    [
        # test_baoshan_patterns BS-PAT-龙爪背, uncapped
        (
            ["11112233445566m", "-o", "fan_cap=null"],
            [
                '  清一色 qīngyīsè "one suit" (qing_yi_se) 1 fan',
                '  龙爪背 lóngzhuǎbèi "dragon\'s claw" (long_zhua_bei) 3 fan',
            ],
            (4, 4, 16),
            {"concealed": TileCounts("11112233445566m"), "winning_tile": Tile("6m")},
        ),
        # BS-PAT-门清 with a concealed kong, self-drawn
        (
            ["123m456p789s11s", "--melds", "A5m", "--how", "self_draw"],
            ['  门清 ménqīng "concealed hand" (men_qing) 1 fan'],
            (1, 1, 2),
            {
                "concealed": TileCounts("123m456p789s11s"),
                "melds": (Meld.parse("A5m"),),
                "winning_tile": Tile("1s"),
                "how": WinKind.SELF_DRAW,
            },
        ),
        # BS-PAT-杠上花 family: two kongs in a row
        (
            ["123m456p11s", "--melds", "A5m A9s", "--how", "self_draw", "--kong-chain", "2"],
            None,
            None,
            {
                "concealed": TileCounts("123m456p11s"),
                "melds": (Meld.parse("A5m"), Meld.parse("A9s")),
                "winning_tile": Tile("1s"),
                "how": WinKind.SELF_DRAW,
                "kong_chain": 2,
            },
        ),
    ],
)
def test_analyze_baoshan_matches_rules_score(
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    items: list[str] | None,
    totals: tuple[int, int, int] | None,
    context: dict[str, Any],
) -> None:
    status, out, err = run(capsys, "analyze", "--variant", "baoshan", *argv)
    assert (status, err) == (0, "")
    options = parse_options(a for i, a in enumerate(argv) if i and argv[i - 1] == "-o")
    ctx = WinContext(**{"how": WinKind.DISCARD, **context})
    breakdown = get_variant("baoshan", **options).score(ctx)
    assert breakdown is not None
    at = out.index("breakdown:")
    shown = out[at + 1 : at + 1 + len(breakdown.items)]
    assert [line.split()[0] for line in shown] == [i.name_zh for i in breakdown.items]
    assert [line.split()[-2] for line in shown] == [str(i.fan) for i in breakdown.items]
    rest = out[at + 1 + len(breakdown.items) :]
    assert rest[:4] == [
        f"fan: {breakdown.fan}",
        f"capped fan: {breakdown.capped_fan}",
        f"points: {breakdown.points}",
        f"reading: {breakdown.reading}",
    ]
    if items is not None:
        assert shown == items
    if totals is not None:
        assert (breakdown.fan, breakdown.capped_fan, breakdown.points) == totals


def test_analyze_without_variant_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", "123m456p789s1155m")
    assert (status, out) == (
        0,
        ["hand: 1112355m456p789s", "wilds: 0", "waits: 1m 4m 5m (一万 四万 五万)", "shanten: 0"],
    )


# --- errors: one line, exit status 2 --------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["play", "--variant", "nope"],
            "no variant 'nope'; known: baoshan (保山, 保山麻将, bao_shan); "
            "sichuan (血战到底, xuezhan, 四川血战到底, 四川麻将); "
            "yongshan (永善, 永善麻将, yong_shan)",
        ),
        (
            ["play", "--variant", "baoshan", "-o", "players=5"],
            "option 'players' must be one of 2, 3, 4; got 5",
        ),
        (
            ["play", "--variant", "baoshan", "-o", "honors=yes"],
            "option 'honors' must be one of True, False; got 'yes'",
        ),
        (
            ["play", "--variant", "yongshan", "-o", "colour=red"],
            "unknown option 'colour' for YongshanOptions; options are: "
            + ", ".join(sorted(f.name for f in attrs.fields(YongshanOptions))),
        ),
        (
            ["play", "--variant", "baoshan", "-o", "players"],
            "--option takes NAME=VALUE, got 'players'",
        ),
        (
            ["play", "--variant", "baoshan", "--players", "5"],
            "--players must be a whole number 2..4, got '5'",
        ),
        (
            ["play", "--variant", "baoshan", "--hands", "0"],
            "--hands must be a whole number 1..100000, got '0'",
        ),
        (
            ["play", "--variant", "baoshan", "--dealer", "4"],
            "--dealer must be a whole number 0..3, got '4'",
        ),
        (
            ["play", "--variant", "baoshan", "--players", "3", "-o", "players=4"],
            "--players 3 contradicts --option players=4",
        ),
        (
            ["play", "--variant", "baoshan", "--bots", "greedy,x"],
            "--bots names 2 bots for 4 seats: give 1 or 4",
        ),
        (
            ["play", "--variant", "baoshan", "--bots", "smart"],
            "--bots: no bot 'smart'; known: greedy, random",
        ),
        (
            ["replay", "/no/such/file.json"],
            "cannot read /no/such/file.json: No such file or directory",
        ),
        (
            ["analyze", "--variant", "nope", "1m"],
            "no variant 'nope'; known: baoshan (保山, 保山麻将, bao_shan); "
            "sichuan (血战到底, xuezhan, 四川血战到底, 四川麻将); "
            "yongshan (永善, 永善麻将, yong_shan)",
        ),
        (
            ["analyze", "--variant", "baoshan", "123m456p789s12s"],
            "a winning hand has 14 tiles counting wildcards and 3 a meld, got 11",
        ),
        (
            ["analyze", "--variant", "baoshan", "123m456p789s11s12x"],
            "unexpected character 'x' at position 17 in '123m456p789s11s12x'",
        ),
        (
            ["analyze", "--variant", "baoshan", "1357m2468p13579s1s"],
            "not a win: not a complete hand: 1357m2468p113579s is neither four melds and a "
            "pair nor seven pairs (BS-WIN-1)",
        ),
        (
            ["analyze", "--variant", "baoshan", "123m456p789s11s", "--melds", "X5m"],
            "unknown meld kind 'X' (expected P, G, B or A) at position 0 in 'X5m'",
        ),
        (
            ["analyze", "--variant", "baoshan", "123345m456p789s11s", "--tile", "9p"],
            "the winning tile 9p is not in the hand 123345m456p11789s",
        ),
        (
            ["analyze", "--variant", "baoshan", "123m456p789s11z11s"],
            "honors (z) are not played in this baoshan room (--option honors=true adds them)",
        ),
        (
            ["analyze", "--variant", "baoshan", "123m456p789s11s", "--indicator", "8p"],
            "--indicator: baoshan has no wildcards",
        ),
        (
            ["analyze", "--variant", "yongshan", "123m456p789s11s", "--melds", "P9m@1"],
            "not a win: it holds 万、筒、条 but a winning hand here holds at most 2 of the three "
            "suits (缺一门 quē yī mén, YS-WIN-1; wildcards do not count)",
        ),
        (
            [
                "analyze",
                "--variant",
                "yongshan",
                "123m456m789m11s",
                "--melds",
                "P9s@1",
                "--indicator",
                "1z",
            ],
            "--indicator: a 本金 tile is suited, got 1z",
        ),
        (
            ["analyze", "--variant", "baoshan", "123m456p789s11s", "--no-honors"],
            "--no-honors is for the win detector: with --variant the room's rules apply",
        ),
        (
            ["analyze", "123m456p789s11s", "--melds", "P9m@1"],
            "--melds scores a win: it needs --variant",
        ),
        (
            ["analyze", "--variant", "baoshan", "1111m456p789s11s", "--melds", "A1m"],
            "8 of 1m across the concealed tiles and melds (at most 4)",
        ),
    ],
)
def test_errors_are_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, [])
    assert err == f"error: {message}\n"


def test_bad_json_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"record": ', encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert (status, out) == (2, [])
    assert err == f"error: {path} is not JSON: Expecting value: line 1 column 12 (char 11)\n"


def test_unwritable_json_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "missing" / "hand.json"
    status, out, err = run(
        capsys, "play", "--variant", "baoshan", "--seed", "1", "--json", str(target)
    )
    assert (status, out) == (2, [])
    assert err == f"error: cannot write {target}: No such file or directory\n"


@pytest.mark.parametrize(
    "argv", [["play", "--hands"], ["replay"], ["play", "--variant"], ["variants", "x"]]
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, [])
    assert "usage: mahjong-rules" in err


# --- helpers ---------------------------------------------------------------------------------


def test_option_values_are_json_else_text() -> None:
    assert parse_options(
        [
            "players=3",
            "honors=true",
            "fan_cap=null",
            "cha_jiao=off",
            'scoring="linear"',
            'fan={"qing_yi_se": 2}',
            "x=a=b",
            "players=2",
        ]
    ) == {
        "players": 2,
        "honors": True,
        "fan_cap": None,
        "cha_jiao": "off",
        "scoring": "linear",
        "fan": {"qing_yi_se": 2},
        "x": "a=b",
    }
    with pytest.raises(CliError, match="--option takes NAME=VALUE"):
        parse_options(["=3"])


def test_seeds_are_numbers_or_text() -> None:
    assert parse_seed("7") == 7
    assert parse_seed("-3") == -3
    assert parse_seed("7/2") == "7/2"
    assert parse_seed("abc") == "abc"


def test_a_reader_that_goes_away_is_not_an_error() -> None:
    """``mahjong-rules play ... | head``: the closed pipe ends the output quietly, no traceback."""
    play = ["play", "--variant", "baoshan", "--seed", "3", "--hands", "30", "--log"]  # > 64 KB
    command = [sys.executable, "-m", "mahjong_rules", *play]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)
    proc.stdout.close()  # like head: read a little, then leave
    err = proc.stderr.read().decode()
    assert proc.wait() == 0 and "Traceback" not in err, err


def test_a_pattern_of_a_game_not_registered_leaves_the_logs_glosses() -> None:
    """SCORE-2 in the log: a pattern class of a game that is not registered (Sichuan's
    清一色 "full flush", imported here) does not change what Baoshan's and Yongshan's logs call
    theirs, whatever the import order."""
    import mahjong_rules.variants.sichuan.patterns  # noqa: F401  (defines its own 清一色)
    from mahjong_rules.words import events as log

    log._pattern_tables.cache_clear()
    assert log.gloss("qing_yi_se") == "one suit"
    assert log.pinyin("qing_yi_se") == "qīngyīsè"
