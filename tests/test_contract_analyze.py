"""``analyze --variant X --wilds N`` knows a variant's wildcards through the contract (issue 34,
section 1): a variant that splits wildcards off a hand (``wilds_in``) has them, and kinds that
every deal gives (here the four 7z) are read from the hand written."""

from __future__ import annotations

from typing import Any

import pytest

from contract_kit import Mini, RedMini, fresh_registry, options_for, room
from mahjong_rules import TileCounts, TileSet
from mahjong_rules.cli import main
from mahjong_rules.engine.state import State, replace
from mahjong_rules.scoring import Breakdown, PingHu, WinContext, best_breakdown
from mahjong_rules.wins import is_win

__all__ = ["fresh_registry"]

RED = TileSet("7z")


class RedWild(RedMini):
    """112 tiles; the four 7z are wildcards."""

    name = "red_wild"
    options_class = options_for("red_wild")

    def after_deal(self, state: State) -> State:
        return replace(state, wild_kinds=RED)

    def wilds_in(self, state: State, concealed: TileCounts) -> tuple[TileCounts, int]:
        wilds = concealed.count(next(iter(RED)))
        return concealed.remove(next(iter(RED)), wilds) if wilds else concealed, wilds

    def is_complete(self, state: State, seat: int, concealed: Any) -> bool:
        naturals, wilds = self.wilds_in(state, concealed)
        return is_win(naturals, wilds, seven_pairs=True, honors=True)

    def score(self, ctx: WinContext) -> Breakdown | None:
        return best_breakdown([PingHu()], ctx, fans={"ping_hu": 0}, honors=True)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    status = main(["analyze", *argv])
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


def test_analyze_a_variants_wildcards_through_the_contract(
    fresh_registry: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """The 7z written in the hand and one more given with ``--wilds`` are wildcards of the
    room (it splits them off through ``wilds_in``; every deal makes 7z wild): the hand wins."""
    room(RedWild)
    status, out, err = _run(capsys, "111235m456p789s7z", "--wilds", "1", "--variant", "red_wild")
    assert (status, err) == (0, "")
    assert out[:6] == [
        "variant: red_wild ()",
        "wildcards: 7z 中",
        "hand: 111235m456p789s7z",
        "melds: -",
        "winning tile: 7z 中 (discard)",
        "wilds: 2",
    ]
    assert "points: 1" in out


def test_analyze_wilds_in_a_variant_without_wildcards_is_refused(
    fresh_registry: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A variant that splits no wildcards off (Mini's default ``wilds_in``) has none."""
    room(Mini)
    status, out, err = _run(capsys, "123m456p789s11m", "--wilds", "1", "--variant", "mini")
    assert (status, out, err) == (2, [], "error: --wilds: mini has no wildcards\n")
