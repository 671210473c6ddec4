"""The command line and Sichuan 血战到底 (issue 20): each room's own pattern glosses in the log,
``play --variant sichuan`` with bots and with ``--human`` through 换三张 and 定缺, ``variants``.

The same key is another pattern in another game: ``qing_yi_se`` is Baoshan's 清一色 "one suit"
and Sichuan's 清一色 "full flush" (SC-PAT-清一色), so a log names a pattern as the room it was
played in names it.
"""

from __future__ import annotations

import pytest

from mahjong_rules import get_variant
from mahjong_rules.cli import log, main
from mahjong_rules.engine.events import Won
from mahjong_rules.engine.settlement import WinRecord
from mahjong_rules.scoring import Breakdown, ScoreItem, WinKind
from mahjong_rules.tiles import Tile


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    """Run ``main`` and return the exit status, the stdout lines and the raw stderr."""
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


FLUSH = Breakdown((ScoreItem("qing_yi_se", "清一色", 2),), 2, 2, 4)
"""A breakdown of one line, 清一色 2 fan."""


def test_the_log_names_baoshans_qing_yi_se_as_baoshan_does() -> None:
    """SC-PAT-清一色 beside BS-PAT-清一色: with Sichuan's patterns imported, a Baoshan room's log
    (from the room given, or from the state's room) glosses 清一色 as Baoshan's "one suit"."""
    import mahjong_rules.variants.sichuan.patterns  # noqa: F401  (its own 清一色, "full flush")

    baoshan = get_variant("baoshan")
    won = Won(WinRecord(0, WinKind.SELF_DRAW, Tile("5m"), None, FLUSH))
    line = '  清一色 qīngyīsè "one suit" (qing_yi_se) 2 fan'
    assert log.event_lines(won, rules=baoshan)[1] == line
    assert log.event_lines(won, baoshan.new_hand(seed=1))[1] == line
    assert log.gloss("qing_yi_se", baoshan) == "one suit"
    assert log.gloss("qing_yi_se", get_variant("yongshan")) == "one suit"


def test_analyze_scores_a_baoshan_flush_with_baoshans_gloss(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """BS-PAT-清一色 in ``analyze --variant baoshan``: 门清 and 清一色 "one suit", 4 points."""
    status, out, err = run(
        capsys, "analyze", "--variant", "baoshan", "11123456789999m", "--tile", "5m",
        "--how", "self_draw",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out[5:9] == [
        "breakdown:",
        '  门清 ménqīng "concealed hand" (men_qing) 1 fan',
        '  清一色 qīngyīsè "one suit" (qing_yi_se) 1 fan',
        "fan: 2",
    ]
