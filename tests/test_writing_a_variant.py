"""The variant of docs/writing_a_variant.rst, defined by the page itself, played through whole
random hands with the engine's invariants checked after every step (FLOW-1..6).

The page's doctest code is run here into a fresh namespace, with the variant registered in a
copy of the registry, so the page and this test can never disagree on what the variant is.
"""

from __future__ import annotations

import doctest
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mahjong_rules import Hu, IllegalActionError, Pass, Phase
from mahjong_rules.bots import GreedyBot
from mahjong_rules.scoring import WinKind
from mahjong_rules.serial import check_state, from_dict, to_dict
from mahjong_rules.variants import registry

PAGE = Path(__file__).resolve().parent.parent / "docs" / "writing_a_variant.rst"


def _page_code() -> str:
    """The ``>>>`` / ``...`` lines of the page's doctest blocks, as one program."""
    lines = []
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^   (>>>|\.\.\.) ?(.*)$", line)
        if match:
            lines.append(match.group(2))
    return "\n".join(lines)


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    namespace: dict[str, Any] = {}
    code = _page_code().split("import random")[0]  # the definitions, not the played example
    exec(compile(code, str(PAGE), "exec"), namespace)
    yield namespace["Plain"]
    registry.rules_for.cache_clear()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_flow_the_pages_variant_plays_whole_hands(plain: Any, players: int) -> None:
    """FLOW-1..6 for a variant written from the hook contract alone, played at random (a win
    whenever offered) and by GreedyBot: tiles conserved, every listed action applies, illegal
    ones raise and change nothing, payments sum to zero, every stored state reads back, and
    each hand ends with a result."""
    rules = registry.get_variant("平和麻将", players=players)
    assert isinstance(rules, plain)
    endings = set()
    bot = GreedyBot()
    for seed in range(25):
        state = rules.new_hand(seed=seed, dealer=seed % players)
        rng = random.Random(seed)
        while not rules.is_over(state):
            check_state(state)  # every tile accounted for (TILE-1), a reachable state
            seat = rng.choice(sorted(rules.to_act(state)))
            legal = rules.legal_actions(state, seat)
            assert legal and all(a.seat == seat for a in legal)
            idle = [s for s in range(players) if s not in rules.to_act(state)]
            if idle:
                with pytest.raises(IllegalActionError):
                    rules.apply(state, Pass(idle[0]))
            if seed % 2:  # half the hands played by GreedyBot, which wins hands
                action = bot.choose(rules.view(state, seat))
            else:
                wins = [a for a in legal if a.__class__ is Hu]  # a win whenever offered
                action = wins[0] if wins else rng.choice(legal)
            state = rules.apply(state, action)
        result = rules.result(state)
        assert result is not None and sum(result.deltas) == 0
        assert state.phase is Phase.ENDED
        assert from_dict(to_dict(state), type(state)) == state
        endings.add("win" if result.wins else "draw")
    assert endings == {"win", "draw"}


@pytest.fixture
def whole_page(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """Every doctest example of the page run in order into one namespace, each output checked
    as Sphinx checks it, with the page's variants registered in a copy of the registry."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    text = PAGE.read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, PAGE.name, str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, clear_globs=False)
    assert runner.failures == 0 and runner.tries > 50, (runner.failures, runner.tries)
    yield test.globs  # (the doctest's own copy of the namespace)
    registry.rules_for.cache_clear()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_flow2_the_pages_phase_plays_whole_hands_and_tells_no_secret(
    whole_page: dict[str, Any], players: int
) -> None:
    """FLOW-1..3, issue 19: the page's own 定缺 phase (the ``choosing`` game, defined by the
    page) played through whole random hands. Inside the phase: every asked seat is offered its
    three suits, no view (nor its events) tells another seat's choice before the reveal, and
    the answers in any order give one state; after it, every view shows every suit. Every state
    reads back, every listed action applies, and each hand ends with payments summing to 0."""
    rules = registry.get_variant("choosing", players=players)
    declare, suits = whole_page["ChooseVoid"], whole_page["SUITS"]
    for seed in range(12):
        rng = random.Random(seed)
        state = rules.new_hand(seed=seed, dealer=seed % players)
        assert state.phase is Phase.CHOOSING and state.stage == "void"
        order = list(range(players))
        rng.shuffle(order)
        chosen = {seat: rng.choice(suits) for seat in order}
        for k, seat in enumerate(order):
            assert rules.legal_actions(state, seat) == tuple(declare(seat, s) for s in suits)
            for viewer in range(players):
                view = rules.view(state, viewer)
                assert view.variant == whole_page["Voids"]()  # nothing public yet
                own = chosen[viewer] if viewer in order[:k] else None
                assert view.own_variant == whole_page["Void"](own)
                told: list[Any] = [e for e in view.events if type(e).__name__ == "VoidChosen"]
                assert all(e.suit is None for e in told if e.seat != viewer)
            check_state(state)
            assert from_dict(to_dict(state), type(state)) == state
            state = rules.apply(state, declare(seat, chosen[seat]))
        revealed = tuple(chosen[seat] for seat in range(players))
        again = rules.new_hand(seed=seed, dealer=seed % players)
        for seat in sorted(order):  # another order, the same state
            again = rules.apply(again, declare(seat, chosen[seat]))
        assert again == state and state.phase is not Phase.CHOOSING
        assert all(rules.view(state, v).variant.suits == revealed for v in range(players))
        while not rules.is_over(state):
            seat = rng.choice(sorted(rules.to_act(state)))
            state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
        result = rules.result(state)
        assert result is not None and sum(result.deltas) == 0
        assert from_dict(to_dict(state), type(state)) == state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_1_the_pages_scored_game_scores_its_own_patterns(
    whole_page: dict[str, Any], players: int
) -> None:
    """SCORE-1..3, FLOW-5 (issue 27): the page's ``scored`` game (its own patterns 断幺九 and
    海底捞月, its own WinContext, ``payment_reasons`` WIN only) through whole hands GreedyBot
    plays (the seat to act picked at random). Each win scores 断幺九 exactly when none of the
    winner's tiles is a 1 or a 9, 海底捞月 exactly when it is a self-draw that took the wall's
    last tile, 平胡 when neither, and 2 ** (its patterns' fan) points; it is paid exactly those
    points by the discarder, or ``self_draw`` times them by every other seat; every payment is
    a win's."""
    rules = registry.get_variant("scored", players=players)
    win = whole_page["PaymentReason"].WIN
    payment = whole_page["Payment"]
    assert rules.payment_reasons == {win}
    keys_seen: set[str] = set()
    bot = GreedyBot()
    for seed in range(20):
        rng = random.Random(seed)
        state = rules.new_hand(seed=seed, dealer=seed % players)
        while not rules.is_over(state):
            seat = rng.choice(sorted(rules.to_act(state)))
            state = rules.apply(state, bot.choose(rules.view(state, seat)))
        result = rules.result(state)
        assert result is not None and from_dict(to_dict(state), type(state)) == state
        expected = []
        for w in result.wins:
            reading = w.breakdown.reading
            assert reading is not None
            tiles = [*reading.tiles.distinct(), *(m.tile for m in state.seats[w.seat].melds)]
            simples = all(2 <= t.rank <= 8 for t in tiles)
            last = w.how is WinKind.SELF_DRAW and state.tiles_left == 0
            keys = (("duan_yao",) if simples else ()) + (("hai_di",) if last else ())
            assert w.breakdown.keys == (keys or ("ping_hu",)), (seed, w)
            assert w.breakdown.points == 2 ** len(keys)
            keys_seen.update(w.breakdown.keys)
            if w.from_seat is not None:
                expected.append(payment(w.from_seat, w.seat, w.breakdown.points, win))
            else:
                points = w.breakdown.points * rules.options.self_draw
                expected += [payment(p, w.seat, points, win) for p in range(players) if p != w.seat]
        assert result.payments == tuple(expected)
    assert {"ping_hu", "duan_yao"} <= keys_seen
