"""docs/sichuan.rst (四川血战到底, Sìchuān xuèzhàn dàodǐ) says what the library does.

* Every field of SichuanOptions has a row in the options table with its default, the values it
  allows and the rule ID its own description starts with.
* Every rule ID of SICHUAN.md (``SC-…``) appears on the page as a whole ID; every place SICHUAN.md
  marks "Reading:" has a row in the page's Readings table naming the option SICHUAN.md names.
* Every row of the pattern table has one pictured example (``.. hand::``, read with the docs'
  own ``tiles`` extension), and :func:`score_sichuan` scores it exactly as the row says: the
  patterns with their fan, the fan before the cap, the capped fan if it differs, the points.
* The worked settlement (``.. _sichuan-example:``) is played with ``get_variant("sichuan")``
  from a scripted wall (tests/scripting.py): its pictures are the hands the rules hold, its wins
  score as the text says, its payment table is the result's payments in order, and its net line,
  who is ready, the next dealer and the ``cha_jiao_gang_fan`` variant are the result's.

SICHUAN.md lives beside the repository (``../shared/SICHUAN.md``). Where it is absent (a clone
elsewhere, as in CI) the rule IDs are taken from the tests, which name every one of them, and the
Readings check uses the list below.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import pytest

from mahjong_rules.engine.settlement import PaymentReason
from mahjong_rules.engine.state import State
from mahjong_rules.hand import Hand
from mahjong_rules.scoring import Breakdown, WinKind
from mahjong_rules.tiles import Suit, Tile
from mahjong_rules.variants import get_variant
from mahjong_rules.variants.sichuan import (
    DEFAULT_FANS,
    DeclareVoid,
    SichuanContext,
    SichuanOptions,
)
from mahjong_rules.variants.sichuan.patterns import score_sichuan

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "sichuan.rst"
SPEC = ROOT.parent / "shared" / "SICHUAN.md"
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import tiles as tiles_ext  # type: ignore[import-not-found, unused-ignore]  # noqa: E402  (docs/_ext)

from scripting import burn, make_wall, play  # noqa: E402  (tests/)

_SC_ID = re.compile(r"SC-[A-Z0-9]+(?:-[^\s,.;:)`*|'’]+)?")
_ID_GOES_ON = r"[^\s,.;:)]"  # a character that would make a longer ID (SC-PAT-杠 → SC-PAT-杠上花)
_TEST_ID = re.compile(r"SC-[A-Z]+(?:-[A-Z]+)*-(?:[0-9]+|[A-Z]+|[\u4e00-\u9fff]+)")
"""An ID as the tests write it: its last part a number, a capital word or a Chinese name."""

READINGS = {
    "SC-VOID-5": "void_kong",
    "SC-PASSHU-2": "pass_hu_compare",
    "SC-PASSHU-3": "pass_hu_reset",
    "SC-WIN-2": "exhaustive_wait",
    "SC-PAT-金钩钓": "jin_gou_diao",
    "SC-PAT-海底": "last_tile_gang_shang_pao",
    "SC-PAT-地胡": "tian_di_hu",
    "SC-REFUND-2": "gang_shang_pao_refund",
    "SC-CHAJIAO-3": "cha_jiao_gang_fan",
    "SC-END-2": "three_hu_check",
}
"""SICHUAN.md's "Reading:" places and the option each names (used where SICHUAN.md is absent,
and checked against it where it is there)."""


def _page() -> str:
    return PAGE.read_text(encoding="utf-8")


def _section(label: str) -> str:
    """The page's text from ``.. _label:`` to the next label."""
    text = _page()
    start = text.index(f".. _{label}:")
    end = text.find("\n.. _", start + 1)
    return text[start : end if end >= 0 else len(text)]


def _spec_ids() -> list[str]:
    """SICHUAN.md's SC-* IDs in order of first mention; without it, those the tests name."""
    if SPEC.is_file():
        text = SPEC.read_text(encoding="utf-8")
        return list(dict.fromkeys(m.group(0) for m in _SC_ID.finditer(text)))
    found: dict[str, None] = {}
    for path in sorted(ROOT.joinpath("tests").glob("test_*.py")):
        if path.name != Path(__file__).name:
            for match in _TEST_ID.finditer(path.read_text(encoding="utf-8")):
                found.setdefault(match.group(0), None)
    return list(found)


# --- options ----------------------------------------------------------------------------------


def _option_rows() -> dict[str, list[str]]:
    """Each row of the options table: the option name and its other four cells."""
    rows: dict[str, list[str]] = {}
    section = _section("sichuan-options")
    for match in re.finditer(
        r"^   \* - ``(\w+)``\n((?:     - .*\n(?:       .*\n)*){4})", section, re.M
    ):
        cells = re.split(r"^     - ", match.group(2), flags=re.M)[1:]
        rows[match.group(1)] = [" ".join(cell.split()) for cell in cells]
    return rows


def _shown_values(name: str, field: attrs.Attribute[Any]) -> str:
    if name == "fan":
        return "pattern key → 0 to 13"
    allowed = field.metadata["allowed"]
    if name == "fan_cap":
        return f"``{min(allowed)}`` to ``{max(allowed)}``"
    return ", ".join(f"``{value!r}``" for value in allowed)


def test_options_table_gives_every_option_its_default_values_and_rule() -> None:
    """Every SichuanOptions field has a row: ``name``, ``default``, its allowed values in the
    order the field lists them, and the rule ID its description starts with (SC-TILES-1 …)."""
    rows = _option_rows()
    assert list(rows) == [field.name for field in attrs.fields(SichuanOptions)]
    for field in attrs.fields(SichuanOptions):
        default, values, rule, _what = rows[field.name]
        shown = "``{}``" if field.name == "fan" else f"``{field.default!r}``"
        assert default == shown, field.name
        assert values == _shown_values(field.name, field), field.name
        doc_rule = _SC_ID.match(field.metadata["doc"]) or re.match(
            r"SCORE-\d", field.metadata["doc"]
        )
        assert doc_rule is not None and rule == doc_rule.group(0), field.name


# --- rule IDs and readings --------------------------------------------------------------------


def test_page_names_every_rule_id_of_sichuan_md() -> None:
    """Every SC-* ID of SICHUAN.md (SC-TILES-1 … SC-VIEW-1) appears on the page as a whole ID,
    and each is a row of a rule table (so ``:rule:`` can link to it)."""
    page = _page()
    ids = _spec_ids()
    missing = [i for i in ids if not re.search(re.escape(i) + f"(?!{_ID_GOES_ON})", page)]
    assert not missing, f"rule IDs missing from docs/sichuan.rst: {missing}"
    rows = re.findall(r"^   \* - (SC-\S+)$", _section("sichuan-rules"), re.M)
    assert len(rows) == len(set(rows)) >= 60
    if SPEC.is_file():
        assert len(ids) >= 60
        assert set(rows) == set(ids)
    else:
        assert set(ids) <= set(rows)


def _spec_readings() -> dict[str, str]:
    """SICHUAN.md's rules with a "Reading:" and the option named after it (the readings list
    above where SICHUAN.md is absent)."""
    if not SPEC.is_file():
        return READINGS
    found: dict[str, str] = {}
    text = SPEC.read_text(encoding="utf-8")
    for rule in re.finditer(r"^- (SC-\S+) (.*?)(?=^- SC-|^\S|\Z)", text, re.M | re.S):
        body = rule.group(2)
        if "Reading" in body:
            after = body[body.index("Reading") :]
            option = re.search(r"option `(\w+)`", after) or re.search(r"option `(\w+)`", body)
            found[rule.group(1)] = option.group(1) if option else ""
    return found


def test_every_reading_of_sichuan_md_has_its_row_and_option() -> None:
    """Each rule SICHUAN.md marks "Reading:" is a row of the Readings table whose text names
    the option that gives the other reading (SC-PAT-地胡's has none: a documented default)."""
    spec = _spec_readings()
    assert {rule: option or READINGS[rule] for rule, option in spec.items()} == READINGS
    section = _section("sichuan-readings")
    rows = re.split(r"^   \* - ", section, flags=re.M)[2:]
    by_rule: dict[str, str] = {}
    for row in rows:
        rule, _, rest = row.partition("\n")
        by_rule[rule.strip()] = by_rule.get(rule.strip(), "") + rest
    for rule, option in READINGS.items():
        assert rule in by_rule, rule
        assert f"``{option}" in by_rule[rule] or rule == "SC-PAT-地胡", rule


# --- the pattern table ------------------------------------------------------------------------

_ROW = re.compile(r"^   \* - ``(?P<key>[a-z_]+)``$")
_HAND = re.compile(r"^       \.\. hand:: (?P<argument>.+)$")
_OPTION = re.compile(r"^          :(?P<name>[a-z]+): (?P<value>.+)$")
_EXAMPLE = re.compile(
    r"example(?:, [^:]+)?: (?P<items>.+?) = (?P<fan>\d+) fan(?:, capped (?P<capped>\d+))?, "
    r"(?P<points>\d+) points?"
)

ROOM_OF: Mapping[str, Mapping[str, Any]] = {"zi_mo": {"zi_mo": "jia_fan"}}
"""The options a row's example needs (its condition says so)."""
LAST_TILE = {"hai_di"}
"""Rows whose example is won after the wall's last tile (the condition says so; ``.. hand::``
has no word for it, so the test sets ``SichuanContext.last_tile``)."""


def pattern_rows() -> dict[str, tuple[str, list[tuple[str, dict[str, str]]]]]:
    """Each key of the pattern table: its row's text and the hands drawn in it."""
    rows: dict[str, tuple[str, list[tuple[str, dict[str, str]]]]] = {}
    key = None
    for line in _section("sichuan-patterns").splitlines():
        if row := _ROW.match(line):
            key = row["key"]
            rows[key] = ("", [])
        elif key is None:
            continue
        elif hand := _HAND.match(line):
            rows[key][1].append((hand["argument"], {}))
        elif (option := _OPTION.match(line)) and rows[key][1]:
            rows[key][1][-1][1][option["name"]] = option["value"]
        else:
            rows[key] = (rows[key][0] + " " + line.strip(), rows[key][1])
    return rows


def score_example(argument: str, options: Mapping[str, str], **extra: Any) -> Breakdown:
    """A ``.. hand::`` example scored by score_sichuan, in a room of ``extra``'s options."""
    example = tiles_ext.parse_hand(argument, options)
    plain = tiles_ext.win_context(example)
    last = extra.pop("last_tile", False)
    ctx = SichuanContext(**attrs.asdict(plain, recurse=False), last_tile=last)
    result = score_sichuan(ctx, SichuanOptions(**extra))
    assert result is not None, f"{argument} is not a win"
    return result


def test_pattern_table_has_one_example_per_pattern() -> None:
    """SC-PAT-*: a row for every pattern key (DEFAULT_FANS, and 天胡 / 地胡, which score the
    cap), each with exactly one pictured hand and one stated score."""
    rows = pattern_rows()
    assert set(rows) == {*DEFAULT_FANS, "tian_hu", "di_hu"}
    for key, (text, hands) in rows.items():
        assert len(hands) == 1, key
        assert len(_EXAMPLE.findall(text)) == 1, key


@pytest.mark.parametrize("key", sorted(pattern_rows()))
def test_every_pattern_example_scores_as_its_row_says(key: str) -> None:
    """SC-PAT-* and SC-CAP-1: each example's breakdown is the patterns and fan its row states,
    its fan before the cap and its points are as stated, and the row's own pattern is among
    them (平胡 alone in its own row)."""
    text, ((argument, options),) = pattern_rows()[key]
    stated = _EXAMPLE.search(text)
    assert stated is not None
    room = dict(ROOM_OF.get(key, {}), last_tile=key in LAST_TILE)
    result = score_example(argument, options, **room)
    items = [f"{item.name_zh} {item.fan}" for item in result.items]
    assert " + ".join(items) == stated["items"]
    assert result.fan == int(stated["fan"])
    assert result.capped_fan == int(stated["capped"] or stated["fan"])
    assert result.points == int(stated["points"]) == 2**result.capped_fan
    assert key in {item.key for item in result.items}


# --- the worked settlement --------------------------------------------------------------------

_PAYMENT = re.compile(r"^([a-e])\s+(\d)\s+(\d|pot)\s+(\d+)\s+([a-z_]+)\s+(SC-\S+)\s*$", re.M)
_REASON_OF_RULE = {
    "SC-GANG-PAY": PaymentReason.KONG,
    "SC-PAY": PaymentReason.WIN,
    "SC-REFUND": PaymentReason.KONG_REFUND,
    "SC-CHAJIAO": PaymentReason.CHA_JIAO,
}

STORY_HANDS = {
    0: "88m666m333p444p55p1s",
    1: "7777m359m11277p2s",
    2: "1144m2299m6699p8s",
    3: "88812345699s67s",
}
"""The deal of the page's story: seat 0 deals 14; 1s, 2s and 8s are set aside at 定缺."""
STORY_VOIDS = ((Suit.SOU, "1s"), (Suit.SOU, "2s"), (Suit.SOU, "8s"), (Suit.PIN, None))


def _example_hands() -> list[tuple[str, dict[str, str]]]:
    hands: list[tuple[str, dict[str, str]]] = []
    for line in _section("sichuan-example").splitlines():
        if hand := re.match(r"^   \.\. hand:: (.+)$", line):
            hands.append((hand.group(1), {}))
        elif (option := re.match(r"^      :([a-z]+): (.+)$", line)) and hands:
            hands[-1][1][option.group(1)] = option.group(2)
    return hands


def play_story(**options: Any) -> tuple[State, list[Hand]]:
    """The page's hand, played by the library's rules: the final state, and the hands its
    pictures show (seat 0 and seat 2 as they win, seat 3 at the end)."""
    rules = get_variant("sichuan", **options)
    wall = make_wall(STORY_HANDS, draws="5m8p.8p", replacements="2p5p")
    state = rules.new_hand(wall=wall, dealer=0)
    for seat, (suit, aside) in enumerate(STORY_VOIDS):
        state = rules.apply(state, DeclareVoid(seat, suit, None if aside is None else Tile(aside)))
    shown: list[Hand] = []
    state = play(rules, state, "0:D1s 1:A7m 1:D2s 2:D8s 3:G8s 3:D5p")
    shown.append(Hand(state.seats[0].concealed.add(Tile("5p")), state.seats[0].melds))
    state = play(rules, state, "0:H")
    state = burn(rules, state, seat=2)
    shown.append(Hand(state.seats[2].concealed, state.seats[2].melds))
    state = burn(rules, play(rules, state, "2:H"))
    shown.append(Hand(state.seats[3].concealed, state.seats[3].melds))
    return state, shown


def _stated_net(text: str) -> dict[int, int]:
    found = re.findall(r"seat (\d) ([+−-]\d+)", text)
    return {int(seat): int(value.replace("−", "-")) for seat, value in found}


def test_worked_settlement_hands_score_as_the_text_says() -> None:
    """SC-PAT-碰碰胡, SC-PAT-杠上炮, SC-PAT-七对: seat 0's win is 碰碰胡 + 杠上炮, 2 fan (4), seat
    2's 七对 2 fan (4), scored from the pictures; and the pictures are the hands the library's
    rules hold when the story is played (seat 3's at the end)."""
    (win_0, opt_0), (win_2, opt_2), _ready_3 = _example_hands()
    first = score_example(win_0, opt_0)
    assert [item.key for item in first.items] == ["peng_peng_hu", "gang_shang_pao"]
    assert (first.fan, first.points) == (2, 4)
    second = score_example(win_2, opt_2)
    assert [item.key for item in second.items] == ["qi_dui"]
    assert (second.fan, second.points) == (2, 4)
    state, shown = play_story()
    pictured = [tiles_ext.parse_hand(a, o).hand for a, o in _example_hands()]
    assert [(h.concealed, h.melds) for h in shown] == [(h.concealed, h.melds) for h in pictured]
    assert state.result is not None
    wins = [(w.seat, w.how, w.breakdown.fan, w.breakdown.points) for w in state.result.wins]
    assert wins == [(0, WinKind.DISCARD, 2, 4), (2, WinKind.SELF_DRAW, 2, 4)]


def test_worked_settlement_is_what_the_rules_pay() -> None:
    """SC-GANG-PAY-1, SC-GANG-PAY-2, SC-REFUND-2, SC-PAY-2, SC-PAY-1, SC-CHAJIAO-1,
    SC-CHAJIAO-3, SC-REFUND-3, SC-DEALER-2: the page's payment table is the played hand's
    ``HandResult.payments``, in order (each row's rule names its payment's reason), its net line
    the result's deltas (zero in all, nothing to the pot: SC-PAY-4), seat 1 un-ready and seat 3
    ready, seat 0 the next dealer; with ``cha_jiao_gang_fan`` the nets the page states."""
    section = _section("sichuan-example")
    table = _PAYMENT.findall(section)
    state, _shown = play_story()
    result = state.result
    assert result is not None
    played = [(p.payer, p.payee, p.amount, p.reason.value) for p in result.payments]
    assert [(int(a), int(b), int(n), why) for _s, a, b, n, why, _r in table] == played
    for _step, _payer, _payee, _amount, reason, rule in table:
        assert _REASON_OF_RULE[rule.rsplit("-", 1)[0]].value == reason, rule
    assert [step for step, *_ in table] == sorted(step for step, *_ in table)
    net_line = " ".join(section[section.index("Net") :].split("\n\n")[0].split())
    before, _, after = net_line.partition("With")
    assert _stated_net(before) == dict(enumerate(result.deltas)) == {0: 4, 1: -9, 2: 10, 3: -5}
    assert result.pot == 0 and sum(result.deltas) == 0
    assert result.ready == {1: False, 3: True}
    assert result.next_dealer == 0 and "next dealer is seat 0" in net_line
    with_gang, _shown = play_story(cha_jiao_gang_fan=True)
    assert with_gang.result is not None
    changed = _stated_net(after)
    assert changed == {1: with_gang.result.deltas[1], 3: with_gang.result.deltas[3]}
    assert changed == {1: -13, 3: -1}
    assert [with_gang.result.deltas[k] for k in (0, 2)] == [4, 10]


def test_page_credits_dcmshi_and_names_the_replay() -> None:
    """The comparison section credits dcmshi/sichuan-mahjong (MIT) and names the replay script
    and the recorded data the page describes."""
    section = _section("sichuan-dcmshi")
    assert "https://github.com/dcmshi/sichuan-mahjong" in section
    assert "MIT" in section
    assert "tests/dcmshi_replay.py" in section and ROOT.joinpath("tests/dcmshi_replay.py").is_file()
    assert "tests/data/dcmshi/" in section and ROOT.joinpath("tests/data/dcmshi/LICENSE").is_file()
    assert "2,000" in section
