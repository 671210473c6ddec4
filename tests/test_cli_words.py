"""A third party's game at the command line (issue 27): the words of a variant are its own.

The command line names no game: ``cli/`` imports nothing of a game's package, and every
variant's actions, events and view records print through its words
(:class:`~mahjong_rules.engine.word_hooks.WordHooks`), or through the readable defaults when it
gives none — never a Python repr. A plugin variant defined here (a phase after the deal where
every seat secretly picks a lucky suit: its own action, event, per-seat record and view parts)
is played at the command line both ways; ``play --human`` reads the action's notation with its
seat, names a forced move and takes it on Enter, and answers an empty line; the settlement
words a win's kind and shows Sichuan's 自摸加底 (zìmō jiā dǐ) as a line of its own (SC-PAY-1).
"""

from __future__ import annotations

import ast
import doctest
import io
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import ClassVar

import attrs
import pytest

from mahjong_rules.cli import main
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.phases import OwnPhase, When
from mahjong_rules.engine.state import State, replace
from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.tiles import Suit
from mahjong_rules.variants import registry
from mahjong_rules.variants.baoshan import Baoshan, BaoshanOptions
from mahjong_rules.variants.baoshan.records import BaoshanSeat

CLI = Path(__file__).resolve().parent.parent / "src" / "mahjong_rules" / "cli"
SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)


@attrs.frozen
class PickLucky(Action):
    """``seat`` picks ``suit`` as its lucky suit (its secret)."""

    suit: Suit
    verb: ClassVar[str] = "lucky"


@attrs.frozen
class LuckyPicked(Event):
    """``seat`` picked ``suit``; the other seats see ``suit`` as ``None``."""

    seat: int
    suit: Suit | None


@attrs.frozen
class LuckySeat(BaoshanSeat):
    """A seat's record: Baoshan's, and its lucky suit (``None``: not picked yet)."""

    lucky: Suit | None = None


@attrs.frozen
class LuckyTable:
    """What every seat sees: which seats have picked."""

    picked: tuple[bool, ...]


@attrs.frozen
class LuckyOwn:
    """What a seat alone sees: its own lucky suit."""

    suit: Suit | None


class Picking(OwnPhase):
    """After the deal every seat picks a lucky suit, in secret."""

    name: ClassVar[str] = "lucky"
    when: ClassVar[When] = When.AFTER_DEAL

    def actions(self, rules: Hooks, state: State, seat: int) -> tuple[Action, ...]:
        return tuple(PickLucky(seat, suit) for suit in SUITS)

    def answer(self, rules: Hooks, state: State, action: Action) -> State:
        assert isinstance(action, PickLucky)
        seats = list(state.seats)
        mine = seats[action.seat]
        seats[action.seat] = replace(mine, variant=attrs.evolve(mine.variant, lucky=action.suit))
        told = LuckyPicked(action.seat, action.suit)
        return replace(state, seats=tuple(seats), events=(*state.events, told))


@attrs.frozen
class PlainLuckyOptions(BaoshanOptions):
    """The lucky game's room options (Baoshan's, under a class of its own)."""


@attrs.frozen
class WordedLuckyOptions(BaoshanOptions):
    """The worded lucky game's room options."""


class PlainLucky(Baoshan):
    """Baoshan with a secret lucky suit picked after the deal; no words of its own."""

    name = "plain_lucky"
    aliases: ClassVar[tuple[str, ...]] = ()
    name_zh = "幸运玩具"
    options_class: ClassVar[type[BaoshanOptions]] = PlainLuckyOptions
    phases: ClassVar[tuple[OwnPhase, ...]] = (Picking(),)
    action_types = (*Baoshan.action_types, PickLucky)
    event_types = (*Baoshan.event_types, LuckyPicked)
    seat_state_class = LuckySeat
    public_view_class = LuckyTable
    private_view_class = LuckyOwn

    def public_variant_view(self, state: State) -> LuckyTable:
        return LuckyTable(tuple(s.variant.lucky is not None for s in state.seats))

    def private_variant_view(self, state: State, seat: int) -> LuckyOwn:
        return LuckyOwn(state.seats[seat].variant.lucky)

    def event_for(self, event: Event, seat: int) -> Event | None:
        if isinstance(event, LuckyPicked) and event.seat != seat:
            return LuckyPicked(event.seat, None)
        return super().event_for(event, seat)


def _suit(suit: Suit, lang: Lang) -> str:
    return suit.name_zh if lang == "zh" else f"{suit.name_zh} ({suit.value})"


class WordedLucky(PlainLucky):
    """The lucky game with words of its own, in English and Chinese."""

    name = "worded_lucky"
    name_zh = "有词幸运玩具"
    options_class = WordedLuckyOptions

    def describe_action(self, action: Action, lang: Lang) -> str:
        if isinstance(action, PickLucky):
            return f"幸运 {action.suit.name_zh}" if lang == "zh" else f"pick {action.suit.value}"
        return super().describe_action(action, lang)

    def describe_event(self, event: Event, lang: Lang, seen: object, lines: list[str]) -> list[str]:
        if not isinstance(event, LuckyPicked):
            return super().describe_event(event, lang, seen, lines)  # type: ignore[arg-type]
        if event.suit is None:
            zh, en = "已选幸运花色", "has picked a lucky suit"
        else:
            zh, en = f"幸运花色 {_suit(event.suit, lang)}", f"picks {_suit(event.suit, lang)}"
        return [f"座位 {event.seat} {zh}" if lang == "zh" else f"seat {event.seat} 幸运 {en}"]

    def describe_stage(self, view: object, lang: Lang) -> str:
        return "--- 幸运：选一门幸运花色" if lang == "zh" else "--- 幸运: pick a lucky suit"

    def describe_table(self, view: object, lang: Lang) -> list[str]:
        own = getattr(view, "own_variant", None)
        if not isinstance(own, LuckyOwn) or own.suit is None:
            return []
        shown = _suit(own.suit, lang)
        return [f"你的幸运花色：{shown}" if lang == "zh" else f"your lucky suit: {shown}"]

    def describe_seat(self, view: object, seat: int, lang: Lang) -> list[str]:
        table = getattr(view, "variant", None)
        if isinstance(table, LuckyTable) and table.picked[seat]:
            return ["已选幸运" if lang == "zh" else "picked"]
        return []


@pytest.fixture(autouse=True)
def lucky(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Both lucky games registered, in a copy of the registry restored afterwards."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.rules_for.cache_clear()
    registry.register_variant(PlainLucky)
    registry.register_variant(WordedLucky)
    yield
    registry.rules_for.cache_clear()


def run(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: Iterable[str],
    typed: str = "",
) -> tuple[int, list[str], str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


# --------------------------------------------------------------------------- the contract


def test_cli_imports_no_game_package() -> None:
    """Every import of ``cli/`` and of the words it shows (``words/``) is of the library's
    own modules, none of a game's package (``mahjong_rules.variants.baoshan``, ``.yongshan``,
    ``.sichuan``)."""
    found = []
    for path in sorted([*CLI.glob("*.py"), *(CLI.parent / "words").glob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found += [(path.name, node.module)]
            elif isinstance(node, ast.Import):
                found += [(path.name, a.name) for a in node.names]
    games = [f for f in found if re.search(r"variants\.(baoshan|yongshan|sichuan)", f[1])]
    assert games == []
    assert ("events.py", "mahjong_rules.words.lookup") in found  # the scan sees the imports
    assert not (CLI / "sichuan_text.py").exists()


def test_play_help_lists_what_the_registry_holds(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --help`` names every registered variant, the plugins too."""
    status, out, _ = run(monkeypatch, capsys, ["play", "--help"])
    text = " ".join(" ".join(out).split())
    assert status == 0
    assert "--variant NAME one of: baoshan (default), plain_lucky, sichuan," in text
    assert "worded_lucky, yongshan (the variants command lists their options)" in text


# --------------------------------------------------------------------------- the defaults


def test_a_plugins_own_parts_in_the_readable_defaults(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A variant that writes no words: its phase's heading names the stage, its view records
    show their fields by name, its action is its notation without the seat, its event its
    class in words with its fields; the seat's answer is read from the action's notation
    with the seat (``0 lucky p``), and an empty line is answered, not refused as a choice."""
    status, out, err = run(
        monkeypatch,
        capsys,
        ["play", "--variant", "plain_lucky", "--seed", "5", "--human", "0"],
        "\n0 lucky p\n",
    )
    assert status == 2
    assert out[0] == "you play seat 0 of 4 against bots; 幸运玩具 plain_lucky, seed 5"
    start = out.index("--- lucky: you choose")
    assert out[start + 1] == "tiles left in the wall: 55"
    assert out[start + 4 :][:14] == [
        "table, lucky table: picked no no no no",
        "yours, lucky own: suit -",
        "  seat 0 (you) [dealer]: 14 tiles; discards -",
        "  seat 1: 13 tiles; discards -",
        "  seat 2: 13 tiles; discards -",
        "  seat 3: 13 tiles; discards -",
        "your choices:",
        "  1) lucky m",
        "  2) lucky p",
        "  3) lucky s",
        "choose 1-3 (or type the action):",
        "nothing typed: type a number 1-3 or one of the actions",
        "choose 1-3 (or type the action):",
        "seat 0 lucky picked: suit p",
    ]
    assert out[start + 18 : start + 21] == [
        "seat 1 lucky picked: suit -",
        "seat 2 lucky picked: suit -",
        "seat 3 lucky picked: suit -",
    ]
    assert "table, lucky table: picked yes yes yes yes" in out
    assert "yours, lucky own: suit p" in out
    assert not any("LuckyPicked(" in line or "PickLucky(" in line for line in out)
    assert err == "error: standard input ended before the hand did (seat 0 was to act)\n"


def test_the_defaults_in_chinese_and_in_the_bots_log(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The log of a hand the bots play shows every seat's pick (the log is the server's: no
    secret), in English and Chinese, with full-width colons in Chinese."""
    _, out, _ = run(monkeypatch, capsys, ["play", "--variant", "plain_lucky", "--seed", "5"])
    assert [line for line in out if "lucky" in line and "seed" not in line][:4] == [
        "room: get_variant('plain_lucky')",
        "seat 0 lucky picked: suit m",
        "seat 1 lucky picked: suit m",
        "seat 2 lucky picked: suit m",
    ]
    _, out, _ = run(
        monkeypatch, capsys, ["play", "--variant", "plain_lucky", "--seed", "5", "--lang", "zh"]
    )
    assert [line for line in out if "lucky picked" in line] == [
        f"座位 {seat} lucky picked：suit m" for seat in range(4)
    ]


# --------------------------------------------------------------------------- its own words


def test_a_plugins_own_words_in_english(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A variant's words name its action (and a player may type them: ``pick s``), its event
    (another seat's pick as its view shows it: secret), its phase's heading, its own record
    and another seat's part of the public one."""
    status, out, _ = run(
        monkeypatch,
        capsys,
        ["play", "--variant", "worded_lucky", "--seed", "5", "--human", "0"],
        "pick s\n",
    )
    assert status == 2
    start = out.index("--- 幸运: pick a lucky suit")
    assert out[start + 4 : start + 18] == [
        "  seat 0 (you) [dealer]: 14 tiles; discards -",
        "  seat 1: 13 tiles; discards -",
        "  seat 2: 13 tiles; discards -",
        "  seat 3: 13 tiles; discards -",
        "your choices:",
        "  1) pick m",
        "  2) pick p",
        "  3) pick s",
        "choose 1-3 (or type the action):",
        "seat 0 幸运 picks 条 (s)",
        "seat 1 幸运 has picked a lucky suit",
        "seat 2 幸运 has picked a lucky suit",
        "seat 3 幸运 has picked a lucky suit",
        "--- your turn, seat 0",
    ]
    table = out[start + 18 :]
    assert table[3:8] == [
        "your lucky suit: 条 (s)",
        "  seat 0 (you) [dealer]: 14 tiles; picked; discards -",
        "  seat 1: 13 tiles; picked; discards -",
        "  seat 2: 13 tiles; picked; discards -",
        "  seat 3: 13 tiles; picked; discards -",
    ]


def test_a_plugins_own_words_in_chinese(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same in Chinese: its Chinese words typed (``幸运 筒``), full-width colons."""
    _, out, _ = run(
        monkeypatch,
        capsys,
        ["play", "--variant", "worded_lucky", "--seed", "5", "--human", "0", "--lang", "zh"],
        "幸运 筒\n",
    )
    start = out.index("--- 幸运：选一门幸运花色")
    assert out[start + 8 : start + 18] == [
        "你可以：",
        "  1) 幸运 万",
        "  2) 幸运 筒",
        "  3) 幸运 条",
        "请选择 1-3（或输入动作）：",
        "座位 0 幸运花色 筒",
        "座位 1 已选幸运花色",
        "座位 2 已选幸运花色",
        "座位 3 已选幸运花色",
        "--- 轮到你，座位 0",
    ]
    assert out[start + 21] == "你的幸运花色：筒"
    assert out[start + 22] == "  座位 0 (你) [庄家]：14 张; 已选幸运; 弃牌 无"


# --------------------------------------------------------------------------- play --human


SICHUAN = ["play", "--variant", "sichuan", "-o", "swap_three=true", "--seed", "1", "--human", "0"]


def test_sc_void_2_a_forced_move_is_named_and_taken_on_enter(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SC-VOID-2: the dealer's one first discard is the tile it set aside; the prompt names it
    (no "choose 1-1") and an empty line takes it; in Chinese the same, full-width colons."""
    typed = "0 swap 3m4m5m\n0 void m 5m\n\n" + "1\n" * 300
    status, out, _ = run(monkeypatch, capsys, SICHUAN, typed)
    assert status == 0
    at = out.index("your one choice: discard 5m 五万; press Enter to take it:")
    assert out[at - 2 : at + 2] == [
        "your choices:",
        "  1) discard 5m 五万",
        "your one choice: discard 5m 五万; press Enter to take it:",
        "seat 0 打 discards 5m 五万 (turned up: 定缺 万)",
    ]
    assert "seat 0 换三张 chooses 3m 三万, 4m 四万, 5m 五万 to pass" in out
    assert "choose 1-1 (or type the action):" not in out
    status, out, _ = run(monkeypatch, capsys, [*SICHUAN, "--lang", "zh"], typed)
    at = out.index("只有一个选择：打 五万；按回车确认：")
    assert out[at + 1] == "座位 0 打出 5m 五万（翻开扣牌：缺万）"


# --------------------------------------------------------------------------- the settlement


def test_sc_pay_1_the_self_draw_bonus_is_a_line_of_its_own(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SC-PAY-1: seat 0's self-draw scores 1 point and each payer pays 2, the 自摸加底 1 on
    top; the table's note says how the win was made in words (no raw ``self_draw``) and the
    bonus has a line of its own, in English and in Chinese (the others' kong money beside)."""
    _, out, _ = run(monkeypatch, capsys, ["play", "--variant", "sichuan", "--seed", "2"])
    at = out.index("结算 settlement: the wall ran out after 1 win (next dealer: seat 0)")
    assert out[at + 1 : at + 11] == [
        "  seat  received  paid  delta",
        "     0         6     0     +6  胡 won (自摸 self-draw, 1 point)",
        "     1         4     5     -1  ready 听牌",
        "     2         4     4      0  ready 听牌",
        "     3         0     5     -5  ready 听牌",
        "   all        14    14      0",
        "  seat 0 自摸 self-draw: 1 point + 自摸加底 1 (self-draw bonus, outside the cap) = 2 "
        "from each payer",
        "  seat 0: +6",
        "     +2  from seat 1: 胡 win",
        "     +2  from seat 2: 胡 win",
    ]
    cmd = ["play", "--variant", "sichuan", "--seed", "2", "--lang", "zh"]
    _, out, _ = run(monkeypatch, capsys, cmd)
    at = out.index("结算：牌墙摸完，已有 1 家胡牌（下一局庄家：座位 0）")
    assert out[at + 2 : at + 3] + out[at + 6 : at + 8] == [
        "     0     6     0    +6  胡（自摸，1 分）",
        "  合计    14    14     0",
        "  座位 0 自摸：1 分 + 自摸加底 1 分（封顶外），每家付 2 分",
    ]


def test_sc_pay_1_no_bonus_line_with_jia_fan(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SC-PAY-1: with 自摸加番 (``zi_mo="jia_fan"``) the point is a fan in the breakdown, so no
    payment differs from the points and the settlement adds no line."""
    cmd = ["play", "--variant", "sichuan", "--seed", "2", "-o", "zi_mo=jia_fan"]
    _, out, _ = run(monkeypatch, capsys, cmd)
    assert any("胡 won (自摸 self-draw" in line for line in out)
    assert not any("自摸加底" in line for line in out)


def test_the_pages_worded_game_prints_through_the_command_line() -> None:
    """docs/writing_a_variant.rst's examples, its words section among them (the choosing game
    in the default words, then with its own, and the 定缺 lines ``play`` prints of a hand of
    it), run as written, in the copy of the registry this module's fixture made."""
    page = Path(__file__).resolve().parent.parent / "docs" / "writing_a_variant.rst"
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testfile(str(page), module_relative=False, optionflags=flags)
    assert (result.failed, result.attempted > 90) == (0, True)
