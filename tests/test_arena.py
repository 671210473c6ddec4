"""The arena (issue 37, section 2) without Ray: its seeded schedule, bots by spec, hands equal
to ``play``'s, the statistics (exact sums, the interval's arithmetic), blocks that add up to
the serial run exactly, and the ``arena`` command played serially. The Ray runs are in
tests/test_arena_ray.py.

The hands follow the games' rules (FLOW-1..FLOW-5: a hand from the deal to its settlement);
these tests check what the arena does with them: who plays which seat, with what seed, and
what is counted."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from mahjong_rules import get_variant
from mahjong_rules.arena import (
    Arena,
    ArenaError,
    ArenaHand,
    Standings,
    Tally,
    blocks,
    bot_factory,
    deals_for,
    distributed,
    figures,
    play_block,
    play_hand,
    play_serial,
    report,
)
from mahjong_rules.arena import bots as arena_bots
from mahjong_rules.bots import Bot, GreedyBot, RandomBot
from mahjong_rules.cli import main
from mahjong_rules.engine.actions import Action
from mahjong_rules.records import HandRecord, replay
from mahjong_rules.scoring import WinKind


def _total(arena: Arena, **kwargs: Any) -> Standings:
    return sum((b.standings for b in play_serial(arena, **kwargs)), Standings.empty(arena.lineup))


OWN_BOTS = '''
from mahjong_rules.bots import Bot, RandomBot


class SeededBot(RandomBot):
    """A bot of one's own that takes a seed."""


class Unseeded(Bot):
    """A bot of one's own without a seed: its first legal action."""

    def choose(self, view):
        return view.legal_actions[0]


class NotABot:
    pass
'''


@pytest.fixture
def own_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module ``arena_own_bots`` of bots of one's own (``module:Class`` specs), importable
    for the test (the test modules' package name ``tests`` is not unique in the suite)."""
    (tmp_path / "arena_own_bots.py").write_text(OWN_BOTS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "arena_own_bots", raising=False)
    return "arena_own_bots"


def test_schedule_rotates_every_entrant_through_every_seat() -> None:
    """FLOW-1 (the deal): deal d's wall comes from "<seed>/d"; in rotation r seat s is played
    by entrant (s + r) % players, so each entrant plays each seat of each wall once."""
    arena = Arena(get_variant("sichuan"), ["a", "b", "c", "d"], "x", 3)
    assert [arena.seating(r) for r in range(4)] == [
        (0, 1, 2, 3),
        (1, 2, 3, 0),
        (2, 3, 0, 1),
        (3, 0, 1, 2),
    ]
    assert [arena.deal_seed(d) for d in (1, 2, 3)] == ["x/1", "x/2", "x/3"]
    assert arena.hands == 12
    assert blocks(7, 3) == [(1, 4), (4, 7), (7, 8)]
    assert blocks(3, 25) == [(1, 4)]
    assert [deals_for(h, 4) for h in (1, 4, 5, 100_000)] == [1, 1, 2, 25_000]


@pytest.mark.parametrize(
    ("lineup", "deals", "message"),
    [
        (["greedy"] * 3, 1, "the lineup names 3 bots for 4 seats: give 4"),
        (["greedy"] * 4, 0, "deals must be 1..10000000, got 0"),
        ("greedy", 1, "a lineup is a sequence of bot names, not one text"),
    ],
)
def test_arena_refuses_a_bad_lineup_or_count(lineup: Any, deals: int, message: str) -> None:
    with pytest.raises(ArenaError) as caught:
        Arena(get_variant("sichuan"), lineup, 1, deals)
    assert str(caught.value) == message


def test_bots_by_name_plugin_or_python_path(own_bots: str) -> None:
    """Shipped names; module:Class given the seat's seed when it takes one; errors named."""
    assert repr(bot_factory("random")("s:1")) == "RandomBot(seed='s:1')"
    assert repr(bot_factory(" Greedy ")("s:1")) == "GreedyBot()"
    seeded = bot_factory("arena_own_bots:SeededBot")("s:2")
    assert type(seeded).__name__ == "SeededBot" and repr(seeded) == "RandomBot(seed='s:2')"
    assert type(bot_factory("arena_own_bots:Unseeded")("s:3")).__name__ == "Unseeded"
    with pytest.raises(ArenaError, match=r"^no bot 'nobody': give greedy, random"):
        bot_factory("nobody")
    with pytest.raises(ArenaError, match=r"^bot 'no_such_module:X': cannot import"):
        bot_factory("no_such_module:X")
    with pytest.raises(ArenaError, match=r"^bot 'arena_own_bots:Nope': 'arena_own_bots' has"):
        bot_factory("arena_own_bots:Nope")
    with pytest.raises(ArenaError, match=r"^bot 'arena_own_bots:NotABot' made a NotABot"):
        bot_factory("arena_own_bots:NotABot")("s")


def test_a_plugins_bot_by_its_entry_point_name(
    own_bots: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A package names its bots under the entry-point group mahjong_rules.bots; one that
    cannot be loaded is one ArenaError naming it; the unknown-bot message lists them."""
    group = "mahjong_rules.bots"
    entries = (
        metadata.EntryPoint(name="careful", value="arena_own_bots:Unseeded", group=group),
        metadata.EntryPoint(name="broken", value="no_such_module:Bot", group=group),
    )
    monkeypatch.setattr(arena_bots, "_entries", lambda: entries)
    assert type(bot_factory("careful")("s:0")).__name__ == "Unseeded"
    with pytest.raises(ArenaError, match=r"^bot plugin 'broken' not loaded: No module named"):
        bot_factory("broken")
    with pytest.raises(ArenaError) as caught:
        bot_factory("nobody")
    assert str(caught.value) == (
        "no bot 'nobody': give greedy, random, counting, broken, careful, "
        "or a Python path module:Class"
    )


def test_each_hand_is_the_hand_play_deals_for_its_seed_and_seats() -> None:
    """Rotation r of deal d is the hand `play --seed <seed>/d` deals, with the lineup turned
    by r and a random bot at seat s seeded "<seed>/d:s" (FLOW-1..5 played by the bots)."""
    rules = get_variant("sichuan")
    arena = Arena(rules, ["greedy", "random", "random", "random"], 7, 2)
    factories = arena.factories()
    for rotation in range(4):
        record, result = play_hand(arena, factories, 2, rotation)
        names = [arena.lineup[e] for e in arena.seating(rotation)]
        bots: list[Bot] = [
            GreedyBot() if name == "greedy" else RandomBot(seed=f"7/2:{seat}")
            for seat, name in enumerate(names)
        ]
        state = rules.new_hand(seed="7/2")
        actions = []
        while rules.result(state) is None:
            seat = min(rules.to_act(state))
            action = bots[seat].choose(rules.view(state, seat))
            actions.append(action)
            state = rules.apply(state, action)
        assert record.actions == tuple(actions)
        assert record == _with_actions(HandRecord.new(rules, seed="7/2"), tuple(actions))
        assert result == rules.result(state) == replay(record).result


def _with_actions(record: HandRecord, actions: tuple[Action, ...]) -> HandRecord:
    for action in actions:
        record = record.with_action(action)
    return record


def test_a_rotation_seating_the_same_bots_counts_the_same_hand() -> None:
    """greedy,random,greedy,random turned by two seats the same bots: its hand is the very
    hand rotation 0 plays (kept once per rotation, so counts are per rotation)."""
    arena = Arena(get_variant("sichuan"), ["greedy", "random"] * 2, 3, 1)
    hands = play_block(arena, 1, 2, keep=True).hands
    assert [(h.deal, h.rotation) for h in hands] == [(1, 0), (1, 1), (1, 2), (1, 3)]
    assert hands[2].record == hands[0].record and hands[3].record == hands[1].record
    assert hands[2].record == play_hand(arena, arena.factories(), 1, 2)[0]


def _expected(hands: list[ArenaHand], seats: list[int]) -> Tally:
    """The tally of seat ``seats[i]`` of each hand ``hands[i]`` (three deals), read directly."""
    counts = dict.fromkeys(
        ["hands", "total", "win_hands", "wins", "self_draws", "fan", "deal_in_hands", "deal_ins"],
        0,
    )
    per_deal = [0, 0, 0]
    for hand, seat in zip(hands, seats, strict=True):
        wins = [w for w in hand.result.wins if w.how is not WinKind.CHA_JIAO]
        won = [w for w in wins if w.seat == seat]
        dealt = [w for w in wins if w.from_seat == seat]
        counts["hands"] += 1
        counts["total"] += hand.result.deltas[seat]
        per_deal[hand.deal - 1] += hand.result.deltas[seat]
        counts["win_hands"] += bool(won)
        counts["wins"] += len(won)
        counts["self_draws"] += sum(w.how is WinKind.SELF_DRAW for w in won)
        counts["fan"] += sum(w.breakdown.fan for w in won)
        counts["deal_in_hands"] += bool(dealt)
        counts["deal_ins"] += len(dealt)
    return Tally(deals=3, total_squares=sum(y * y for y in per_deal), **counts)


def test_a_deals_counts_are_its_hands() -> None:
    """Each entrant's and each seat's tally is read from the results: deltas (FLOW-5), real
    wins (查叫 excluded), self-draws, fan, and wins on its discard or robbed kong (放炮)."""
    arena = Arena(get_variant("sichuan"), ["greedy", "random", "random", "random"], 11, 3)
    block = play_block(arena, 1, 4, keep=True)
    hands = list(block.hands)
    for entrant, tally in enumerate(block.standings.entrants):
        seats = [arena.seating(h.rotation).index(entrant) for h in hands]
        assert tally == _expected(hands, seats)
    for seat, tally in enumerate(block.standings.seats):
        assert tally == _expected(hands, [seat] * len(hands))
    assert block.standings.pooled[0][0] == "random"
    pooled = block.standings.pooled[0][1]
    assert pooled.hands == 36
    assert pooled.total == sum(t.total for t in block.standings.entrants[1:])
    assert sum(t.total for t in block.standings.seats) == sum(sum(h.result.deltas) for h in hands)


def test_figures_mean_and_interval_over_deals() -> None:
    """Three deals of four hands whose summed results are 4, -2 and 10: the mean per hand is
    12/12 = 1, the deals' sums have variance 36, so the 95% half-width is 1.96·√(36/3)/4."""
    tally = Tally(
        deals=3,
        hands=12,
        total=12,
        total_squares=16 + 4 + 100,
        win_hands=3,
        wins=4,
        self_draws=1,
        fan=6,
        deal_in_hands=2,
        deal_ins=2,
    )
    f = figures(tally)
    half = 1.959963984540054 * math.sqrt(12) / 4
    assert f["mean"] == 1.0
    assert f["ci95_half_width"] == pytest.approx(half, rel=1e-15)
    assert f["ci95"] == [1.0 - f["ci95_half_width"], 1.0 + f["ci95_half_width"]]
    assert (f["win_rate"], f["self_draw_share"], f["deal_in_rate"], f["average_fan"]) == (
        0.25,
        0.25,
        2 / 12,
        1.5,
    )
    assert figures(Tally(deals=1, hands=4, total=4, total_squares=16))["ci95"] is None


def test_blocks_of_any_size_give_the_serial_figures_exactly() -> None:
    """What makes workers agree: the standings of blocks add up to the whole run's, to the
    last digit, however the deals are cut."""
    arena = Arena(get_variant("yongshan", players=3), ["greedy", "random", "random"], "b", 7)
    one = report(arena, _total(arena, block_size=7))
    assert report(arena, _total(arena, block_size=1)) == one
    assert report(arena, _total(arena, block_size=3)) == one
    parts = [play_block(arena, a, b).standings for a, b in [(5, 8), (1, 2), (2, 5)]]
    assert report(arena, sum(parts, Standings.empty(arena.lineup))) == one
    assert one["hands"] == 21 and [e["hands"] for e in one["entrants"]] == [21, 21, 21]


def test_importing_the_library_and_the_arena_does_not_import_ray() -> None:
    code = (
        "import sys, mahjong_rules, mahjong_rules.arena, mahjong_rules.cli;"
        "assert 'ray' not in sys.modules, 'ray imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_workers_without_ray_say_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    arena = Arena(get_variant("baoshan"), ["greedy"] * 4, 1, 1)
    with pytest.raises(ArenaError) as caught:
        next(distributed.play_on_ray(arena, workers=1))
    assert str(caught.value) == (
        "the arena's workers run on Ray, which is not installed: "
        "pip install 'mahjong_rules[arena]' (or play without workers: --serial)"
    )


def _cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_arena_command_serial(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`arena --serial`: the header, the table (one row per entrant, pooled rows for a bot
    played twice), the figures written equal the library's report, and the kept hands replay."""
    figures_path, records = tmp_path / "f.json", tmp_path / "hands"
    args = ["arena", "--variant", "sichuan", "--bots", "greedy,random,greedy,random"]
    args += ["--hands", "10", "--seed", "5", "--serial", "--block", "2"]
    args += ["--json", str(figures_path), "--records", str(records)]
    status, out, _ = _cli(args, capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[:4] == [
        "四川血战到底 sichuan: 4 players, seed 5",
        "room: get_variant('sichuan')",
        "lineup: 0 greedy, 1 random, 2 greedy, 3 random",
        "3 deals x 4 rotations = 12 hands, in this process",
    ]
    header = lines[5].split()
    words = "entrant bot mean/hand 95% CI win rate 放炮 deal-in avg fan hands"
    assert header == words.split()
    assert [row.split()[:2] for row in lines[6:18]] == [
        ["0", "greedy"],
        ["1", "random"],
        ["2", "greedy"],
        ["3", "random"],
        ["0+2", "greedy"],
        ["1+3", "random"],
        [],
        ["seat", "0"],
        ["seat", "1"],
        ["seat", "2"],
        ["seat", "3"],
        [],
    ]
    assert lines[13].split()[2] == "(dealer)"
    assert lines[-2:] == [
        f"wrote the figures to {figures_path}",
        f"kept 12 hands in {records} (2 files)",
    ]
    arena = Arena(get_variant("sichuan"), ["greedy", "random"] * 2, 5, 3)
    assert json.loads(figures_path.read_text()) == report(arena, _total(arena))
    files = sorted(p.name for p in records.iterdir())
    assert files == ["deals-0000001-0000002.json", "deals-0000003-0000003.json"]
    for name in files:
        assert main(["replay", str(records / name)]) == 0
    capsys.readouterr()


def test_help_lists_and_explains_the_arena(capsys: pytest.CaptureFixture[str]) -> None:
    """The command list and the command's own help print (a bare % in a help text breaks
    argparse's formatting of the list)."""
    status, out, _ = _cli(["--help"], capsys)
    assert status == 0
    assert (
        "arena bots play many seeded hands (on Ray workers): each bot's mean result with a 95% CI"
        in " ".join(out.split())
    )
    status, out, _ = _cli(["arena", "--help"], capsys)
    assert status == 0 and "mean result per hand with a 95% confidence" in " ".join(out.split())


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", "greedy,nobody,greedy,greedy"], "error: no bot 'nobody': give greedy, random"),
        (["--bots", "greedy,greedy,greedy"], "error: --bots names 3 bots for 4 seats: give 1 or 4"),
        (["--bots", "greedy", "--serial", "--address", "auto"], "error: --address joins Ray"),
        (["--bots", "greedy", "--hands", "0"], "error: --hands must be a whole number 1.."),
        (["--bots", "greedy", "--workers", "-1"], "error: --workers must be a whole number 0.."),
    ],
)
def test_arena_command_refuses_bad_input(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _cli(["arena", "--variant", "sichuan", *extra], capsys)
    assert status == 2 and out == ""
    assert err.splitlines()[-1].startswith(message), err
