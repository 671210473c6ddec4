"""``play --hands K``: lines stream hand by hand, and the match ends with a table per seat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_rules import HandResult, PaymentReason, WinKind, from_dict, get_variant
from mahjong_rules.bots import GreedyBot
from mahjong_rules.cli import main, match
from mahjong_rules.cli.match import SeatTally, columns, pad, tally_lines
from mahjong_rules.records import HandRecord, replay


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


HEADER = (
    "  seat  胡 wins  自摸  点炮 given  杠 kongs  杠分 paid  杠分 recv  退杠 paid  退杠 recv"
    "  罚分 paid  罚分 recv  查叫 paid  查叫 recv  total"
)
"""Every column: the table of a variant that declares every payment reason."""
HEADERS = {
    "baoshan": "  seat  胡 wins  自摸  点炮 given  杠 kongs  杠分 paid  杠分 recv  查叫 paid"
    "  查叫 recv  total",
    "yongshan": "  seat  胡 wins  自摸  点炮 given  杠 kongs  罚分 paid  罚分 recv  total",
}
"""Baoshan pays kong money and 查叫, never 罚分; Yongshan pays 罚分 (its 查叫 is a 罚分 item)
and no kong money."""
COLUMNS = {
    "baoshan": (PaymentReason.KONG, PaymentReason.CHA_JIAO),
    "yongshan": (PaymentReason.PENALTY,),
}


@pytest.mark.parametrize(
    ("variant", "extra"),
    [("yongshan", ()), ("baoshan", ("--players", "3")), ("yongshan", ("--players", "3"))],
)
def test_the_table_counts_every_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str, extra: tuple[str, ...]
) -> None:
    path = tmp_path / "match.json"
    argv = ["play", "--variant", variant, *extra, "--seed", "5", "--hands", "4"]
    status, out, err = run(capsys, *argv, "--json", str(path))
    assert (status, err) == (0, "")
    document = json.loads(path.read_text(encoding="utf-8"))
    players = get_variant(variant, **({"players": 3} if extra else {})).players
    reasons = COLUMNS[variant]
    expected = [[0] * (4 + 2 * len(reasons)) for _ in range(players)]
    for hand in document["hands"]:
        done = replay(from_dict(hand["record"], HandRecord))
        result = done.result
        assert isinstance(result, HandResult)
        last = done.states[-1]
        for seat, row in enumerate(expected):
            row[0] += sum(w.seat == seat and w.how is not WinKind.CHA_JIAO for w in result.wins)
            row[1] += sum(w.seat == seat and w.how is WinKind.SELF_DRAW for w in result.wins)
            row[2] += sum(
                w.seat != seat and w.from_seat == seat and w.how is not WinKind.CHA_JIAO
                for w in result.wins
            )
            row[3] += sum(m.is_kong for m in last.seats[seat].melds)
            for p in result.payments:
                assert p.reason is PaymentReason.WIN or p.reason in reasons
                if p.reason in reasons:
                    k = 4 + 2 * reasons.index(p.reason)
                    row[k] += p.amount * (p.payer == seat)
                    row[k + 1] += p.amount * (p.payee == seat)
    at = out.index("总分 scores after 4 hands")
    assert out[at + 1] == HEADERS[variant]
    rows = [line.split() for line in out[at + 2 : at + 2 + players]]
    assert out[at + 2 + players :] == [f"wrote 4 hand record(s) to {path}"]
    assert [int(r[0]) for r in rows] == list(range(players))
    assert [[int(x) for x in r[1:-1]] for r in rows] == expected
    assert [int(r[-1]) for r in rows] == document["scores"]


def test_tally_lines_align_chinese_headers() -> None:
    tallies = [
        SeatTally(wins=2, self_drawn=1, dealt_in=0, kongs=3),
        SeatTally(paid={PaymentReason.PENALTY: 16}),
    ]
    assert tally_lines(tallies, [12, -12]) == [
        HEADER,
        "     0        2     1           0         3          0          0          0          0"
        "          0          0          0          0    +12",
        "     1        0     0           0         0          0          0          0          0"
        "         16          0          0          0    -12",
    ]
    assert tally_lines(tallies, [12, -12], {PaymentReason.WIN, PaymentReason.PENALTY}) == [
        HEADERS["yongshan"],
        "     0        2     1           0         3          0          0    +12",
        "     1        0     0           0         0         16          0    -12",
    ]
    assert columns("罚分 paid") == 9
    assert pad("自摸", 6) == "  自摸"


def test_lines_stream_hand_by_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[str] = []
    real = match.play_hand

    def spy(*args: object, **kwargs: object) -> match.PlayedHand:
        seen.append(capsys.readouterr().out)  # what was printed before this hand was played
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(match, "play_hand", spy)
    status = main(["play", "--players", "2", "--seed", "8", "--hands", "3"])
    assert status == 0
    assert len(seen) == 3
    assert "hand 1: " not in seen[0]
    assert seen[1].splitlines()[-1].startswith("hand 1: seed 8/1, ")
    assert seen[2].splitlines()[-1].startswith("hand 2: seed 8/2, ")


def test_variant_defaults_to_baoshan(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "--seed", "1", "--players", "2")
    assert status == 0
    assert out[:2] == [
        "保山麻将 baoshan: 2 players, seed 1",
        "room: get_variant('baoshan', players=2)",
    ]


def test_bs_chajiao1_off_no_cha_jiao_columns(capsys: pytest.CaptureFixture[str]) -> None:
    """BS-CHAJIAO-1 off: the room pays no 查叫, so its table has no 查叫 columns — the columns
    follow the room's rules (``payment_reasons``), not the variant's name."""
    status, out, _ = run(capsys, "play", "--option", "cha_jiao=off", "--seed", "5", "--hands", "2")
    assert status == 0
    at = out.index("总分 scores after 2 hands")
    assert out[at + 1] == "  seat  胡 wins  自摸  点炮 given  杠 kongs  杠分 paid  杠分 recv  total"


@pytest.mark.parametrize(
    ("variant", "options", "reasons"),
    [
        ("baoshan", {}, {PaymentReason.WIN, PaymentReason.KONG, PaymentReason.CHA_JIAO}),
        ("baoshan", {"cha_jiao": "off"}, {PaymentReason.WIN, PaymentReason.KONG}),
        ("yongshan", {}, {PaymentReason.WIN, PaymentReason.PENALTY}),
    ],
)
def test_payment_reasons_cover_every_payment_made(
    variant: str, options: dict[str, str], reasons: set[PaymentReason]
) -> None:
    """BS-GANG-1..3, BS-CHAJIAO-1, YS-PENALTY-1..2: what each room declares it may pay, and
    every payment (standing or cancelled) of 30 greedy hands is of a declared reason."""
    rules = get_variant(variant, **options)
    assert rules.payment_reasons == reasons
    made = set()
    for seed in range(30):
        hand = match.play_hand(rules, [GreedyBot()] * 4, HandRecord.new(rules, seed=seed))
        made |= {p.reason for p in (*hand.result.payments, *hand.result.cancelled)}
    assert made <= reasons
    assert PaymentReason.WIN in made
