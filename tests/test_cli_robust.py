"""The command line never gives a traceback, and every documented input range stays bounded.

Bad input of any kind is one ``error:`` line on stderr with exit status 2. The worst inputs
(a hand of wildcards alone has millions of readings) are checked by what they print, not by
timing; ``decompositions`` and ``explain_win`` are tested here too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_rules import Meld, Tile, TileCounts, WinContext, WinKind, get_variant
from mahjong_rules.cli import main
from mahjong_rules.variants.explain import NotAWin, Reason, explain_win
from mahjong_rules.variants.yongshan import wild_kinds
from mahjong_rules.wins import DEFAULT_LIMIT, decompositions, iter_decompositions


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


HUGE = "9" * 5000
CLIPPED = repr("9" * 40) + "... (5000 characters)"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--players", "²"], "--players must be a whole number 2..4, got '²'"),
        (["play", "--players", "٣"], "--players must be a whole number 2..4, got '٣'"),
        (["play", "--players", HUGE], f"--players must be a whole number 2..4, got {CLIPPED}"),
        (["play", "--hands", HUGE], f"--hands must be a whole number 1..100000, got {CLIPPED}"),
        (["play", "--hands", "100001"], "--hands must be a whole number 1..100000, got '100001'"),
        (["play", "--dealer", HUGE], f"--dealer must be a whole number 0..3, got {CLIPPED}"),
        (["play", "--human", "³"], "--human must be a whole number 0..3, got '³'"),
        (["play", "--human", "1", "--hands", "2"], "--human plays one hand: leave out --hands"),
        (["play", "--seed", HUGE], "--seed takes at most 100 characters, got 5000"),
        (["play", "-o", f"players={HUGE}"], None),
        (
            ["play", "-o", "fan=" + "[" * 5000 + "]" * 5000],
            "--option fan: the value nests more than 32 deep",
        ),
        (
            ["analyze", "1m", "--wilds", HUGE],
            f"--wilds must be a whole number 0..14, got {CLIPPED}",
        ),
        (["analyze", "1m", "--wilds", "¹³"], "--wilds must be a whole number 0..14, got '¹³'"),
        (
            ["analyze", "", "--wilds", "2", "--readings", HUGE],
            f"--readings must be a whole number 0..10000, got {CLIPPED}",
        ),
        (
            ["analyze", "123m456p789s11s555m", "--variant", "baoshan", "--seat", "²"],
            "--seat must be a whole number 0..3, got '²'",
        ),
        (
            ["analyze", "123m456p789s11s555m", "--variant", "baoshan", "--kong-chain", "4"],
            "--kong-chain must be a whole number 0..3, got '4'",
        ),
    ],
)
def test_bad_numbers_are_one_error_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str | None
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, [])
    assert err.startswith("error: ") and err.count("\n") == 1
    assert "internal error" not in err
    if message is not None:
        assert err == f"error: {message}\n"


def test_replay_of_deep_json_and_of_a_seedless_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    status, out, err = run(capsys, "replay", str(deep))
    assert (status, out, err) == (2, [], f"error: {deep} nests JSON more than 32 deep\n")
    assert run(capsys, "play", "--seed", "4", "--players", "2", "--json", str(deep))[0] == 0
    document = json.loads(deep.read_text())
    del document["record"]["seed"]
    seedless = tmp_path / "seedless.json"
    seedless.write_text(json.dumps(document))
    status, out, err = run(capsys, "replay", str(seedless))
    assert (status, out) == (2, [])
    assert err.startswith("error: ") and "seed" in err and err.count("\n") == 1


_TOKENS = st.sampled_from(
    [
        "1m",
        "123m",
        "",
        "²",
        "-1",
        "0",
        "3",
        "14",
        "9" * 30,
        "x",
        "东",
        "🀇",
        "P5m@1",
        "G2s*1p@3",
        "A7p",
        "9p",
        "baoshan",
        "yongshan",
        "nope",
        "null",
        "[[[1]]]",
        "{}",
        "=",
        "fan=[[1]]",
    ]
)
_FLAGS = st.sampled_from(
    [
        "--wilds",
        "--readings",
        "--variant",
        "--melds",
        "--tile",
        "--indicator",
        "--seat",
        "--dealer",
        "--kong-chain",
        "--pengs",
        "-o",
        "--how",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_FLAGS, _TOKENS), max_size=4), _TOKENS)
def test_fuzzed_analyze_never_gives_a_traceback(flags: list[tuple[str, str]], hand: str) -> None:
    argv = ["analyze", hand, *(x for pair in flags for x in pair)]
    _check_one_error_line(argv)


@settings(max_examples=60, deadline=None)
@given(_TOKENS, _TOKENS, _TOKENS)
def test_fuzzed_play_numbers_never_give_a_traceback(players: str, dealer: str, opt: str) -> None:
    # --hands 0 is always refused, so no hand is played: only the parsing is fuzzed
    _check_one_error_line(
        ["play", "--players", players, "--dealer", dealer, "-o", opt, "--hands", "0"]
    )


def _check_one_error_line(argv: list[str]) -> None:
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    assert status in (0, 2), argv
    text = err.getvalue()
    if status == 0:
        assert text == ""
    elif text.startswith("error: "):
        assert text.count("\n") == 1, argv
    else:
        assert text.startswith("usage: mahjong-rules"), argv
    assert "internal error" not in text and "Traceback" not in text, (argv, text)


# --- bounded: the worst inputs print a bounded answer --------------------------------------------


@pytest.mark.parametrize(("hand", "wilds"), [("", "14"), ("1m", "13"), ("", "11")])
def test_hands_of_wildcards_print_ten_readings_and_a_bounded_count(
    capsys: pytest.CaptureFixture[str], hand: str, wilds: str
) -> None:
    status, out, err = run(capsys, "analyze", hand, "--wilds", wilds)
    assert (status, err) == (0, "")
    assert out[2:4] == ["complete: yes", "decompositions: more than 10,010"]
    assert len(out) == 4 + 10 + 2
    assert out[-2:] == ["  and more than 10,000 more", "shanten: -1"]


def test_readings_flag_and_an_exact_count_of_the_rest(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "analyze", "", "--wilds", "2", "--readings", "3")
    assert status == 0
    assert out == [
        "hand: -",
        "wilds: 2",
        "complete: yes",
        "decompositions: 34",
        "  11m wilds=11m",
        "  22m wilds=22m",
        "  33m wilds=33m",
        "  and 31 more",
        "shanten: -1",
    ]
    _, none, _ = run(capsys, "analyze", "", "--wilds", "2", "--readings", "0")
    assert none[3:] == ["decompositions: 34", "  and 34 more", "shanten: -1"]
    _, most, _ = run(capsys, "analyze", "", "--wilds", "14", "--readings", "10000")
    assert most[3] == "decompositions: more than 20,000"
    assert len(most) == 4 + 10_000 + 2


def test_decompositions_limit() -> None:
    assert DEFAULT_LIMIT == 10_000
    assert len(decompositions("", 14)) == 10_000
    assert len(decompositions("", 14, limit=5)) == 5
    assert decompositions("", 2, limit=None) == decompositions("", 2)
    assert len(decompositions("", 2, limit=None)) == 34
    every = decompositions("111222333m44m", limit=None)
    assert decompositions("111222333m44m", limit=2) == tuple(
        sorted(list(iter_decompositions("111222333m44m"))[:2], key=every.index)
    )
    with pytest.raises(ValueError, match="limit must be a whole number >= 0 or None, got -1"):
        decompositions("11m", limit=-1)


def test_yongshan_all_wildcards_is_scored(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["analyze", "1111p", "--wilds", "10", "--variant", "yongshan", "--indicator", "9p"]
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    assert out[:3] == [
        "variant: yongshan (永善麻将)",
        "本金 indicator: 9p 九筒; 听用 wildcards: 1p 一筒",
        "hand: 1111p",
    ]
    assert "wilds: 14" in out


# --- explain_win ---------------------------------------------------------------------------------


def _ctx(hand: str, melds: str = "", **changes: object) -> WinContext:
    concealed = TileCounts(hand)
    fields: dict[str, object] = {
        "concealed": concealed,
        "melds": tuple(Meld.parse(m) for m in melds.split()),
        "winning_tile": list(concealed)[-1],
        "how": WinKind.DISCARD,
    }
    fields.update(changes)
    return WinContext(**fields)  # type: ignore[arg-type]


YS = get_variant("yongshan")
BS = get_variant("baoshan")
ONE_P = wild_kinds(Tile("9p"), "single")


@pytest.mark.parametrize(
    ("rules", "ctx", "reason", "text"),
    [
        (BS, _ctx("123m456p789s11s", "P5m@1"), None, None),
        (
            BS,
            _ctx("123m456p11s"),
            Reason.SIZE,
            "a winning hand has 14 tiles counting wildcards and 3 a meld, got 8",
        ),
        (
            BS,
            _ctx("123m456p789s11z", "P5m@1"),
            Reason.HONORS,
            "honors (z) are not played in this baoshan room",
        ),
        (
            BS,
            _ctx("123m11s", "P5m@1 A7p G2s*1p@3"),
            Reason.WILD_MELD,
            "the kong G2s*1p@3 holds a wildcard (1p): baoshan melds take no wildcard",
        ),
        (
            YS,
            _ctx("234m99m", "P5m@1 A7m G2m*1p@3", wild_kinds=ONE_P, indicator=Tile("9p")),
            Reason.FIFTH_COPY,
            "a fifth 2m: 1 in the hand and 4 in the kong G2m*1p@3, whose wildcard stands for 2m "
            "(YS-WILD-6: no fifth copy of a tile)",
        ),
        (
            YS,
            _ctx("234m99m", "P5m@1 A7m G2m*3p@3", wild_kinds=ONE_P),
            Reason.WILD_MELD,
            "the kong G2m*3p@3 uses 3p as a wildcard, but the wildcards (听用) are 1p",
        ),
        (
            YS,
            _ctx("123m456m789m11s", "P9p@1"),
            Reason.SUITS,
            "it holds 万、筒、条 but a winning hand here holds at most 2 of the three suits "
            "(缺一门 quē yī mén, YS-WIN-1; wildcards do not count)",
        ),
        (
            BS,
            _ctx("123m456p789s11s", "P9p@1", declared_ting=True),
            Reason.TING_LOCK,
            "this baoshan room has no 报听 (bàotīng) to declare",
        ),
        (
            get_variant("baoshan", bao_ting=True),
            _ctx("123m456p789s11s", "P9p@1", declared_ting=True),
            Reason.TING_LOCK,
            "a hand that declared 报听 is locked: it claims no peng or kong, but holds the peng "
            "P9p@1 (BS-TING-3)",
        ),
        (
            YS,
            _ctx("123m456m789m12p", "P9p@1"),
            Reason.FORM,
            "not a complete hand: 123456789m12p is neither four melds and a pair nor seven "
            "pairs (YS-WIN-1)",
        ),
    ],
)
def test_explain_win(rules: object, ctx: WinContext, reason: Reason | None, text: str) -> None:
    found = explain_win(rules, ctx)  # type: ignore[arg-type]
    if reason is None:
        assert found is None
    else:
        assert found == NotAWin(reason, text)
        assert str(found) == text


def test_analyze_prints_the_reason_of_the_brief(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["analyze", "234m99m", "--variant", "yongshan", "--melds", "P5m@1 A7m G2m*1p@3"]
    status, out, err = run(capsys, *argv, "--indicator", "9p")
    assert (status, out) == (2, [])
    assert err == (
        "error: not a win: a fifth 2m: 1 in the hand and 4 in the kong G2m*1p@3, whose "
        "wildcard stands for 2m (YS-WILD-6: no fifth copy of a tile)\n"
    )
    argv = ["analyze", "123m11s", "--variant", "baoshan", "--melds", "P5m@1 A7p G2s*1p@3"]
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, [])
    assert err == (
        "error: not a win: the kong G2s*1p@3 holds a wildcard (1p): baoshan melds take no "
        "wildcard\n"
    )
    help_status, help_out, _ = run(capsys, "analyze", "--help")
    assert help_status == 0
    assert 'e.g. "P5m@1 A7p G2s@3"' in " ".join(" ".join(help_out).split())


# --- variants --json ----------------------------------------------------------------------------


def test_variants_json_uses_null(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "variants", "--json")
    assert (status, err) == (0, "")
    text = "\n".join(out)
    assert "None" not in text
    document = json.loads(text)
    assert [v["name"] for v in document] == ["baoshan", "sichuan", "yongshan"]
    baoshan = {o["name"]: o for o in document[0]["options"]}
    assert baoshan["fan_cap"]["default"] == 3
    assert baoshan["forced_win_tiles"]["default"] is None
    assert baoshan["forced_win_tiles"]["range"] == [0, 136]
    assert baoshan["players"]["allowed"] == [2, 3, 4]
    assert baoshan["players"]["range"] is None
