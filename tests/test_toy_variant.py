"""The out-of-tree variant of ``examples/toy_variant`` plays by name once it is installed.

CI installs the package before the tests (``pip install ./examples/toy_variant``, in the
README's "Check it" command and ``.ci/run``); nothing here imports it. ``get_variant("toy")``
finds it through its entry point, in the group ``mahjong_rules.variants``, exactly as a third
party's variant is found. Without the package installed these tests fail, saying how to
install it: they are not skipped.

The toy's rules (its README and docstring): any complete hand wins; a win on a discard is paid
1 point by the discarder, a self-drawn win ``self_draw`` points (1 or 2) by every other seat.
"""

from __future__ import annotations

import pytest

from mahjong_rules import Hu, Phase, UnknownVariantError, get_variant
from mahjong_rules.variants import available_variants
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.registry import ENTRY_POINT_GROUP
from scripting import deal, play

INSTALL = "pip install ./examples/toy_variant"

pytestmark = pytest.mark.installed_plugins
"""These tests see the installed plugins, as a user does (``tests/conftest.py``)."""


def _toy(**options: object) -> Rules:
    """The toy variant's rules, looked up by name only; a clear failure when not installed."""
    try:
        return get_variant("toy", **options)
    except UnknownVariantError:
        pytest.fail(
            f"the example variant of examples/toy_variant is not installed: run `{INSTALL}` "
            "from the repository root (CI does, before the tests)"
        )


def test_found_by_name_and_alias_through_its_entry_point() -> None:
    """The class comes from the installed package, registered from its entry point."""
    rules = _toy(players=3)
    assert type(rules).__module__ == "mahjong_toy"
    assert (rules.name, rules.name_zh, rules.options.players) == ("toy", "玩具麻将", 3)
    assert type(get_variant("玩具麻将")) is type(rules)
    assert type(rules) in available_variants()
    assert ENTRY_POINT_GROUP == "mahjong_rules.variants"  # the group its pyproject.toml names


def test_a_discard_win_is_paid_one_point_by_the_discarder() -> None:
    """Seat 1 waits on 5p (4p 6p) and wins on the dealer's discard: the dealer pays 1."""
    rules = _toy()
    state = deal(
        rules,
        {
            0: "123m456m789m12p99m5p",
            1: "234s567s888s99s4p6p",
            2: "13579m13579p135s",
            3: "2468m2468p24678s",
        },
    )
    state = play(rules, state, "0:D5p")
    assert rules.to_act(state) == frozenset({1})
    assert Hu(1) in rules.legal_actions(state, 1)
    state = play(rules, state, "1:H")
    result = rules.result(state)
    assert result is not None and state.phase is Phase.ENDED
    assert [(w.seat, w.how.value, w.from_seat) for w in result.wins] == [(1, "discard", 0)]
    assert result.deltas == (-1, 1, 0, 0)
    assert result.next_dealer == 1


def test_a_self_drawn_win_is_paid_by_every_other_seat() -> None:
    """The dealer is dealt a complete hand and wins on it; with ``self_draw=2`` each of the two
    other seats pays 2."""
    rules = _toy(players=3, self_draw=2)
    state = deal(rules, {0: "123m456m789m123p55s", 1: "13579m13579p135s", 2: "2468m2468p24678s"})
    assert Hu(0) in rules.legal_actions(state, 0)
    result = rules.result(play(rules, state, "0:H"))
    assert result is not None
    assert [(w.seat, w.how.value) for w in result.wins] == [(0, "self_draw")]
    assert result.deltas == (4, -2, -2)


def test_the_toy_declares_only_win_payments_and_its_table_shows_no_other_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The toy pays only wins (``payment_reasons``), so ``play --hands`` shows no 杠分, 查叫 or
    罚分 column for it."""
    from mahjong_rules import PaymentReason
    from mahjong_rules.cli import main

    assert _toy().payment_reasons == frozenset({PaymentReason.WIN})
    assert main(["play", "--variant", "toy", "--seed", "3", "--hands", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    header = out[out.index("总分 scores after 2 hands") + 1]
    assert header == "  seat  胡 wins  自摸  点炮 given  杠 kongs  total"
