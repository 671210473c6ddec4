"""The command line: ``python -m mahjong_rules analyze`` and its error handling."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from mahjong_rules import all_tiles
from mahjong_rules.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    """Run ``main`` and return the exit status, the stdout lines and the raw stderr."""
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


def test_complete_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "analyze", "123m456p789s11z555m")
    assert (status, err) == (0, "")
    assert out == [
        "hand: 123555m456p789s11z",
        "wilds: 0",
        "complete: yes",
        "decompositions: 1",
        "  123m 555m 456p 789s 11z",
        "shanten: -1",
    ]


def test_ready_hand_lists_waits_in_notation_and_chinese(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "analyze", "123m456p789s1155m")
    assert (status, err) == (0, "")
    assert out == [
        "hand: 1112355m456p789s",
        "wilds: 0",
        "waits: 1m 4m 5m (一万 四万 五万)",
        "shanten: 0",
    ]


def test_hand_without_waits(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", "1357m2468p13579s")
    assert status == 0
    assert out[-2:] == ["waits: none", "shanten: 4"]


def test_chinese_and_unicode_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", "一万 一万 🀙🀚🀛")
    assert status == 0
    assert out[0] == "hand: 11m123p"
    assert out[2] == "complete: yes"


def test_wildcard_hand_lists_what_the_wildcard_stands_for(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "analyze", "123m456p789s1m", "--wilds", "1")
    assert (status, err) == (0, "")
    assert out == [
        "hand: 1123m456p789s",
        "wilds: 1",
        "complete: yes",
        "decompositions: 2",
        "  11m 123m 456p 789s wilds=1m",
        "  11m 234m 456p 789s wilds=4m",
        "shanten: -1",
    ]


def test_wildcard_ready_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", "13m1p", "--wilds", "1")
    assert status == 0
    assert out == ["hand: 13m1p", "wilds: 1", "waits: 2m 1p (二万 一筒)", "shanten: 0"]


def test_only_wildcards(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", "", "--wilds", "2")
    assert status == 0
    assert out[:4] == ["hand: -", "wilds: 2", "complete: yes", "decompositions: 34"]
    assert out[4] == "  11m wilds=11m"


@pytest.mark.parametrize(("flags", "kinds"), [((), 34), (("--no-honors",), 27)])
def test_no_honors_limits_what_a_wildcard_waits_on(
    capsys: pytest.CaptureFixture[str], flags: tuple[str, ...], kinds: int
) -> None:
    status, out, _ = run(capsys, "analyze", "", "--wilds", "1", *flags)
    assert status == 0
    waits = all_tiles()[:kinds]
    notation = " ".join(t.notation for t in waits)
    chinese = " ".join(t.name_zh for t in waits)
    assert out[2] == f"waits: {notation} ({chinese})"


def test_no_seven_pairs_drops_the_seven_pairs_reading(capsys: pytest.CaptureFixture[str]) -> None:
    _, with_pairs, _ = run(capsys, "analyze", "11223344556677m")
    _, without, _ = run(capsys, "analyze", "11223344556677m", "--no-seven-pairs")
    assert "  11m 22m 33m 44m 55m 66m 77m" in with_pairs
    assert "decompositions: 4" in with_pairs
    assert "decompositions: 3" in without
    assert "  11m 22m 33m 44m 55m 66m 77m" not in without


def test_incomplete_hand_lists_discards(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "analyze", "123m456p789s1155m9p")
    assert (status, err) == (0, "")
    assert out == [
        "hand: 1112355m4569p789s",
        "wilds: 0",
        "complete: no",
        "shanten: 0",
        "discards:",
        "  1m: shanten 1",
        "  2m: shanten 1",
        "  3m: shanten 1",
        "  5m: shanten 1",
        "  4p: shanten 1",
        "  5p: shanten 1",
        "  6p: shanten 1",
        "  9p: shanten 0, waits 1m 4m 5m (一万 四万 五万)",
        "  7s: shanten 1",
        "  8s: shanten 1",
        "  9s: shanten 1",
    ]


# --- errors: one line on stderr, exit status 2 --------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["12x"], "unexpected character 'x' at position 2 in '12x'"),
        (["5m0p"], "rank '0' does not exist (ranks are 1..9) at position 2 in '5m0p'"),
        (["11111m"], "more than four 1m in 11111m"),
        (
            ["1123m456p789s11z"],
            "a hand needs 3k+1 or 3k+2 tiles (at most 14) counting wildcards, got 12",
        ),
        (
            ["123m456p789s11z555m1p"],
            "a hand needs 3k+1 or 3k+2 tiles (at most 14) counting wildcards, got 15",
        ),
        (
            ["123m456p789s11z555m", "--wilds", "3"],
            "a hand needs 3k+1 or 3k+2 tiles (at most 14) counting wildcards, got 17",
        ),
        (["1m", "--wilds", "x"], "--wilds must be a whole number 0..14, got 'x'"),
        (["1m", "--wilds", "-1"], "--wilds must be a whole number 0..14, got '-1'"),
        (["1m", "--wilds", "15"], "--wilds must be a whole number 0..14, got '15'"),
    ],
)
def test_bad_input_prints_one_error_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "analyze", *argv)
    assert status == 2
    assert out == []
    assert err == f"error: {message}\n"


def test_honors_in_a_game_without_them(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "analyze", "123m456p789s11z55m", "--no-honors")
    assert status == 2
    assert out == []
    assert err.startswith("error: ")
    assert "honor" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    "argv", [[], ["analyze"], ["analyze", "1m", "--frobnicate"], ["play", "--frobnicate"]]
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == []
    assert "usage: mahjong-rules" in err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", "--help")
    assert status == 0
    assert "--no-seven-pairs" in "\n".join(out)


def test_python_dash_m() -> None:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mahjong_rules", "analyze", "123m456p789s1155m"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "hand: 1112355m456p789s",
        "wilds: 0",
        "waits: 1m 4m 5m (一万 四万 五万)",
        "shanten: 0",
    ]
    bad = subprocess.run(
        [sys.executable, "-m", "mahjong_rules", "analyze", "12x"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr == "error: unexpected character 'x' at position 2 in '12x'\n"
