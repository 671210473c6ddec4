"""The replay page of a hand (issue 28, :mod:`mahjong_rules.render.page`), without a browser.

For a seeded hand of every shipped game and of the example plug-in (``examples/toy_variant``):
the page is one file loading nothing (no ``http(s)://`` in a ``src`` or ``href``, no ``<link>``
but its empty icon, no ``<script src>``); its embedded steps are one per state of the replay
(FLOW-5's hand from the deal to the settlement), each with the legal actions of every seat
asked (the record's next action marked), the wall count of the state; the last step's
settlement lists every payment and totals equal to the record's deltas. A seat's page
(SC-VIEW-1 and the views' rule: a seat sees no other seat's concealed tile) holds, at every
step before the end, no other seat's hand and no more face-up copies of a kind than the tiles
hidden from it leave. The command line writes the page (``replay FILE --html PAGE``, ``play ...
--html PAGE``).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mahjong_rules import get_variant, to_dict
from mahjong_rules.bots import GreedyBot
from mahjong_rules.cli import main
from mahjong_rules.engine.events import Drew
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.errors import ReplayError, UnknownVariantError
from mahjong_rules.melds import MeldKind
from mahjong_rules.records import HandRecord, replay
from mahjong_rules.render.page import replay_page
from mahjong_rules.render.page_words import action_words
from mahjong_rules.variants import registry
from mahjong_rules.variants.base import Rules

GAMES = ("baoshan", "yongshan", "sichuan")
_DATA = re.compile(r'<script type="application/json" id="mj-data">(.*?)</script>', re.DOTALL)


def played(rules: Rules, seed: int) -> HandRecord:
    """A whole hand the greedy bot plays at every seat (the lowest seat asked acts first)."""
    record = HandRecord.new(rules, seed=seed)
    state = record.start()
    bot = GreedyBot()
    while rules.result(state) is None:
        seat = min(rules.to_act(state))
        action = bot.choose(rules.view(state, seat))
        record, state = record.with_action(action), rules.apply(state, action)
    return record


def page_data(page: str) -> dict[str, Any]:
    """The steps a page embeds (one JSON document)."""
    found = _DATA.findall(page)
    assert len(found) == 1
    data: dict[str, Any] = json.loads(found[0])
    return data


def assert_self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", page, re.IGNORECASE)
    # the one <link>: an empty icon, so a browser asks its server for no /favicon.ico
    assert re.findall(r"<link[^>]*>", page, re.IGNORECASE) == ['<link rel="icon" href="data:,">']
    assert page.index("<link") < page.index("</head>")
    assert not re.search(r"<script[^>]*\ssrc\s*=", page, re.IGNORECASE)
    assert "@import" not in page and "url(" not in page


def assert_page_matches(rules: Rules, record: HandRecord, page: str) -> None:
    """The page's steps are the replay's states: wall counts, every asked seat's legal
    actions in words with the record's action marked, and the settlement of the result."""
    done = replay(record)
    data = page_data(page)
    steps = data["steps"]
    assert len(steps) == len(done.states) == len(record.actions) + 1
    for n, (state, step) in enumerate(zip(done.states, steps, strict=True)):
        assert step["wall"] == rules.view(state, 0).tiles_left
        asked = sorted(rules.to_act(state))
        assert [c["seat"] for c in step["choices"]] == asked
        nxt = record.actions[n] if n < len(record.actions) else None
        for choice in step["choices"]:
            legal = rules.legal_actions(state, choice["seat"])
            assert choice["actions"] == [action_words(rules, a, "en") for a in legal]
            mark = legal.index(nxt) if nxt is not None and nxt in legal else -1
            assert choice["chosen"] == mark
        for seat, entry in enumerate(step["seats"]):
            assert entry["seat"] == seat
            assert entry["count"] == len(state.seats[seat].concealed)
            assert [p[0] for p in entry["pond"]] == [t.notation for t in state.seats[seat].discards]
        assert (step["end"] is None) == (n < len(steps) - 1)
    result = done.result
    assert result is not None
    end = steps[-1]["end"]
    assert end["totals"] == list(result.deltas)
    assert [[p["payer"], p["amount"]] for p in end["payments"]] == [
        [f"seat {p.payer}", p.amount] for p in result.payments
    ]
    assert [w["seat"] for w in end["wins"]] == [w.seat for w in result.wins]


@pytest.mark.parametrize("game", GAMES)
def test_the_page_of_a_hand_of_each_game_is_self_contained_and_complete(game: str) -> None:
    """FLOW-5: every step from the deal to the settlement, each asked seat's choices, the
    payments and the totals (the record's deltas); nothing loaded from the network."""
    rules = get_variant(game)
    record = played(rules, 5)
    result = replay(record).result
    assert result is not None
    for lang in ("en", "zh"):
        page = replay_page(record, lang=lang)
        assert_self_contained(page)
        assert f'<html lang="{lang}">' in page
        if lang == "en":
            assert_page_matches(rules, record, page)
        else:
            assert page_data(page)["steps"][-1]["end"]["totals"] == list(result.deltas)


@pytest.mark.installed_plugins
def test_the_page_of_a_plugin_game() -> None:
    """The example plug-in (examples/toy_variant), found by name: its page as any game's."""
    try:
        rules = get_variant("toy")
    except UnknownVariantError:
        pytest.fail(
            "the example variant is not installed: run `pip install ./examples/toy_variant`"
        )
    record = played(rules, 3)
    page = replay_page(record)
    assert_self_contained(page)
    assert_page_matches(rules, record, page)
    assert "玩具麻将" in page


def _hidden_from(rules: Rules, state: State, seat: int) -> Counter[str]:
    """The tiles ``seat`` cannot see: the live wall, other seats' concealed hands (unless
    shown on winning) and their 暗杠 where the room hides them."""
    hidden: Counter[str] = Counter(t.notation for t in state.wall[state.front : state.back])
    for k, s in enumerate(state.seats):
        if k == seat:
            continue
        if not (s.won and not rules.hides_winning_hands):
            hidden.update(t.notation for t in s.concealed)
        if rules.hides_concealed_kongs:
            for meld in s.melds:
                if meld.kind is MeldKind.AN_GANG:
                    hidden.update(t.notation for t in meld.tiles)
    return hidden


def _face_up(step: dict[str, Any]) -> Counter[str]:
    """The tiles a step draws face up (a claimed or won-on discard counted in its meld or
    hand only; the wildcard kinds' marker is no tile)."""
    codes: list[str] = []
    for s in step["seats"]:
        codes += s["hand"] or []
        codes += [s["drawn"]] if s["drawn"] else []
        for meld in s["melds"]:
            codes += meld["tiles"]
        codes += [p[0] for p in s["pond"] if not p[1]]
    return Counter(c.rstrip("*") for c in codes if c)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("viewer", [0, 2])
def test_a_seats_page_holds_no_other_seats_hidden_tile(game: str, viewer: int) -> None:
    """The views' rule (SC-VIEW-1 in Sichuan, the engine's views in every game): before the
    hand's end no other seat's hand is on the seat's page, no tile another seat drew is in its
    words, and no kind has more face-up copies than the tiles hidden from the seat leave."""
    rules = get_variant(game)
    record = played(rules, 11)
    page = replay_page(record, seat=viewer)
    assert_self_contained(page)
    done = replay(record)
    steps = page_data(page)["steps"]
    for state, step in zip(done.states, steps, strict=True):
        if state.phase is Phase.ENDED:
            continue
        copies = Counter(t.notation for t in state.wall)
        hidden = _hidden_from(rules, state, viewer)
        for kind, n in _face_up(step).items():
            assert n + hidden[kind] <= copies[kind], (kind, step)
        for s in step["seats"]:
            own = s["seat"] == viewer
            shown = state.seats[s["seat"]].won and not rules.hides_winning_hands
            assert (s["hand"] is not None) == (own or shown)
            assert s["drawn"] is None or own
            if not own:
                assert s["own"] == []
        draws = [line for line in step["events"] if " draws " in line]
        others = [e for e in state.events if isinstance(e, Drew) and e.seat != viewer]
        for line in draws:
            if not line.startswith(f"seat {viewer} "):
                assert re.fullmatch(
                    r"seat \d 摸 draws \?|seat \d 补张 draws \? \(kong replacement\)", line
                )
        assert len([d for d in draws if not d.startswith(f"seat {viewer} ")]) == len(others)
        assert all(c["seat"] == viewer for c in step["choices"])
    assert steps[-1]["end"]["totals"] == list(done.result.deltas)  # type: ignore[union-attr]


def test_bad_arguments_are_refused_naming_them() -> None:
    record = played(get_variant("baoshan", players=2), 1)
    with pytest.raises(ReplayError, match=r"seat must be a seat 0\.\.1"):
        replay_page(record, seat=2)
    with pytest.raises(ReplayError, match="lang must be 'en' or 'zh'"):
        replay_page(record, lang="fr")  # type: ignore[arg-type]
    for bad in ("", "a b", 'x"onload="y', "abc===", "é", "a" * 257, "a=b"):
        with pytest.raises(ReplayError, match=r"^nonce must be 1 to 256 base64 characters"):
            replay_page(record, nonce=bad)
    with pytest.raises(ReplayError, match=r"^nonce must be a str or None, not bytes$"):
        replay_page(record, nonce=b"abc")  # type: ignore[arg-type]


def test_a_nonce_marks_the_inline_script_and_style_only() -> None:
    """For a strict Content-Security-Policy: the inline ``<script>`` and ``<style>`` carry the
    nonce, the JSON data (which is not run) does not need it, and nothing in the page is a
    ``style`` attribute or an inline event handler, which a nonce would not allow."""
    record = played(get_variant("baoshan", players=2), 1)
    nonce = "Zm9vYmFy-_+/09=="
    page = replay_page(record, nonce=nonce)
    assert re.findall(r"<(script|style)([^>]*)>", page) == [
        ("style", f' nonce="{nonce}"'),
        ("script", ' type="application/json" id="mj-data"'),
        ("script", f' nonce="{nonce}"'),
    ]
    assert page.replace(f' nonce="{nonce}"', "") == replay_page(record)
    assert not re.search(r"\sstyle\s*=|\son[a-z]+\s*=", page.replace("<style", ""))


def test_the_command_line_writes_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``replay FILE --html PAGE --seat K --lang zh`` and ``play ... --html PAGE``."""
    rules = get_variant("sichuan")
    record = played(rules, 5)
    source = tmp_path / "hand.json"
    source.write_text(json.dumps(to_dict(record)), encoding="utf-8")
    target = tmp_path / "hand.html"
    assert main(["replay", str(source), "--html", str(target), "--seat", "1", "--lang", "zh"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"wrote the replay page {target}"
    page = target.read_text(encoding="utf-8")
    assert page == replay_page(record, seat=1, lang="zh")
    played_page = tmp_path / "played.html"
    argv = ["play", "--variant", "yongshan", "--seed", "4", "--html", str(played_page)]
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"wrote the replay page {played_page}"
    assert_self_contained(played_page.read_text(encoding="utf-8"))
    match = tmp_path / "match.html"
    assert main(["play", "--seed", "4", "--hands", "2", "--html", str(match)]) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == [
        f"wrote the replay page {tmp_path / 'match-1.html'}",
        f"wrote the replay page {tmp_path / 'match-2.html'}",
    ]
    assert main(["replay", str(source), "--seat", "1"]) == 2
    assert "--seat is for --html" in capsys.readouterr().err


@pytest.fixture
def lucky_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[type[Rules], type[Rules]]]:
    """tests/test_cli_words.py's plug-in games (a secret lucky suit picked after the deal),
    without and with words of their own, registered in a copy of the registry."""
    from test_cli_words import PlainLucky, WordedLucky

    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    registry.register_variant(PlainLucky)
    registry.register_variant(WordedLucky)
    yield PlainLucky, WordedLucky
    registry.rules_for.cache_clear()


def test_a_plugins_own_actions_events_and_records_read_in_its_words(
    lucky_games: tuple[type[Rules], type[Rules]],
) -> None:
    """A plug-in's own phase, action, event and view records (the words contract, issue 27):
    in the readable defaults without words of its own, in its words with them, never a repr;
    a seat's page shows no other seat's secret pick (its view hides it)."""
    plain, worded = lucky_games
    for cls in (plain, worded):
        rules = cls()
        record = played(rules, 4)
        page = replay_page(record)
        assert_self_contained(page)
        assert_page_matches(rules, record, page)
        assert "PickLucky(" not in page and "LuckyPicked(" not in page
        seat_page = page_data(replay_page(record, seat=1))
        first = seat_page["steps"][1:5]
        words = " ".join(line for step in first for line in step["events"])
        assert "seat 1" in words
    worded_page = page_data(replay_page(played(worded(), 4), seat=1))
    step0 = worded_page["steps"][0]
    assert [c["actions"] for c in step0["choices"]] == [["pick m", "pick p", "pick s"]]
    picks = [line for step in worded_page["steps"][:6] for line in step["events"]]
    others = [line for line in picks if "幸运" in line and not line.startswith("seat 1 ")]
    assert others and all(line.endswith("has picked a lucky suit") for line in others)
    own = [s["own"] for step in worded_page["steps"] for s in step["seats"] if s["own"]]
    assert own and own[0][0].startswith("your lucky suit: ")
    badges = {b for step in worded_page["steps"] for s in step["seats"] for b in s["badges"]}
    assert "picked" in badges
