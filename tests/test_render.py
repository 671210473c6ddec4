"""The SVG pictures of tiles (mahjong_rules.render) and the docs' ``:tiles:`` / ``.. hand::``.

* Golden snapshots (``tests/golden/render/*.svg``): one per suit, the honors, a wildcard,
  face-down tiles, a hand with melds, a seat's view. Run with ``UPDATE_GOLDEN=1`` to write
  them again after a deliberate change, and look at the pictures before committing them.
* Every picture is well-formed XML with a ``viewBox``, a size and ``<title>`` texts, and the
  same input gives the same bytes.
* The Sphinx role and directive (``docs/_ext/tiles.py``) are run through docutils directly.
* Every example hand in the pattern tables of ``docs/baoshan.rst`` and ``docs/yongshan.rst``
  is scored by the library, and its row's pattern is in the breakdown.
"""

from __future__ import annotations

import os
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import attrs
import pytest

from mahjong_rules import (
    Hand,
    InvalidHandError,
    Meld,
    Phase,
    SeatView,
    Tile,
    TileCounts,
    TileSet,
    View,
    get_variant,
)
from mahjong_rules.render import hand_svg, svg, tile_title, tiles_svg, view_svg
from mahjong_rules.render.faces import face, num
from mahjong_rules.variants.baoshan import BaoshanTable

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden" / "render"
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import tiles as ext  # type: ignore[import-not-found, unused-ignore]  # noqa: E402  (docs/_ext)

SVG = "{http://www.w3.org/2000/svg}"


@attrs.frozen
class MarksOfBoth(BaoshanTable):
    """A view record holding both games' marks (报听 and the 本金 tile), so that one picture
    shows everything the renderer draws."""

    indicator: Tile | None = None


def _view() -> View:
    """A seat's view built by hand (not played), so the picture depends on the renderer only."""
    seats = (
        SeatView(0, 11, (Meld.parse("P7s@2"),), 0, tuple(Tile(t) for t in ("1z", "9p")),
                 False, TileCounts("23345m456p11z1p")),
        SeatView(1, 10, (), 1, (Tile("2s"),), False),
        SeatView(2, 13, (), 0, (Tile("7z"), Tile("1p")), False),
        SeatView(3, 2, (Meld.parse("P3p@0"), Meld.parse("G8s*1p@1"), Meld.parse("B4m@2"),
                        Meld.parse("P6p@1")), 0, (), True, TileCounts("99p")),
    )  # fmt: skip
    return View(
        seat=0,
        options=None,
        players=4,
        dealer=1,
        phase=Phase.TURN,
        stage=None,
        current=0,
        tile=None,
        tiles_left=41,
        discards_made=5,
        step=14,
        wild_kinds=TileSet("1p"),
        concealed=TileCounts("23345m456p11z1p"),
        drawn=Tile("1p"),
        pass_hu=False,
        pass_peng=TileSet(),
        seats=seats,
        ledger=(),
        wins=(),
        legal_actions=(),
        # every mark in one picture: seat 1 declared 报听 (BS-TING-1) under the 本金 9s (YS-WILD-1)
        variant=MarksOfBoth((False, True, False, False), (0, 0, 0, 0), Tile("9s")),
    )


CASES: dict[str, Any] = {
    "characters": lambda: tiles_svg("123456789m"),
    "dots": lambda: tiles_svg("123456789p"),
    "bamboo": lambda: tiles_svg("123456789s"),
    "honors": lambda: tiles_svg("1234567z"),
    "wild": lambda: tiles_svg("159p", wilds="5p"),
    "hidden": lambda: tiles_svg([None, Tile("3s"), None]),
    "hand": lambda: hand_svg(
        Hand.parse("234m67p55p P7s@1 A9m G2p*1p@3"), winning_tile=Tile("5p"), wilds="1p"
    ),
    "view": lambda: view_svg(_view()),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_snapshots(name: str) -> None:
    picture = CASES[name]()
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(picture + "\n", encoding="utf-8")
    assert picture + "\n" == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(CASES))
def test_well_formed_and_deterministic(name: str) -> None:
    picture = CASES[name]()
    assert CASES[name]() == picture
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    assert width > 0 and height > 0
    assert root.get("width", "").endswith("px") and root.get("height", "").endswith("px")
    assert root[0].tag == f"{SVG}title" and root[0].text
    assert "id=" not in picture  # nothing that could clash with another picture on the page
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "tile":
            assert group[0].tag == f"{SVG}title" and group[0].text


def _titles(picture: str) -> list[str]:
    root = ET.fromstring(picture)
    return [g[0].text or "" for g in root.iter(f"{SVG}g") if g.get("class") == "tile"]


def test_tile_titles_say_what_each_tile_is() -> None:
    assert _titles(tiles_svg("5m1z", wilds="1z", winning_tile=Tile("5m"))) == [
        "1z 东, wildcard 听用",
        "5m 五万, winning tile",
    ]
    picture = hand_svg(Hand.parse("11p A5m P2s*3s@2"), winning_tile=Tile("1p"), wilds="3s")
    assert _titles(picture) == [
        "1p 一筒",
        "1p 一筒, winning tile",
        "face down",
        "5m 五万",
        "5m 五万",
        "face down",
        "2s 二条",
        "2s 二条",
        "3s 三条, wildcard 听用",
    ]
    assert ET.fromstring(picture)[0].text == (
        "Hand: 11p, winning tile 1p; melds: 暗杠 (an_gang) of 5m, "
        "碰 (peng) of 2s with wildcards 3s from seat 2"
    )
    assert tile_title(None, note="暗杠") == "face down, 暗杠"


def test_inputs_of_every_kind_draw_the_same_row() -> None:
    counts = TileCounts("123m5z")
    assert svg(counts) == tiles_svg("123m5z") == tiles_svg(list(counts)) == svg(tuple(counts))
    assert svg(Hand.parse("123m")) == hand_svg(Hand.parse("123m"))
    assert svg(_view()) == view_svg(_view())
    assert tiles_svg("").count("<g") == 0  # an empty row is an empty picture
    assert ET.fromstring(tiles_svg(""))[0].text == "No tiles"


def test_size_and_fit() -> None:
    root = ET.fromstring(tiles_svg("1m", tile_height=1.25, unit="em"))
    assert (root.get("viewBox"), root.get("width"), root.get("height")) == (
        "0 0 32 46", "1em", "1.44em"
    )  # fmt: skip
    assert root.get("style") is None
    fit = ET.fromstring(tiles_svg("1m", fit=True)).get("style")
    assert fit == "max-width:100%;height:auto"
    half = ET.fromstring(tiles_svg("1m", fit=0.5)).get("style")
    assert half == "max-width:100%;height:auto;min-width:16px"


def test_faces_need_no_font_for_dots_and_sticks() -> None:
    for text in ("123456789p", "123456789s", "5z"):
        for tile in TileCounts(text):
            assert "<text" not in face(tile), tile
    for text in ("123456789m", "123467z"):
        for tile in TileCounts(text):
            assert face(tile).count("<text") == (2 if tile.suit.value == "m" else 1), tile
            assert "serif" in face(tile)
    dots = {rank: face(Tile(f"{rank}p")).count("<circle") for rank in range(2, 10)}
    assert dots == {rank: 3 * rank for rank in range(2, 10)}  # three circles make one dot
    assert "#d19a12" in face(Tile("1m"), wild=True) and "#d19a12" not in face(Tile("1m"))
    assert num(0.125) == "0.12" and num(10.0) == "10"


def test_errors_say_what_is_wrong() -> None:
    with pytest.raises(InvalidHandError, match=r"^the winning tile 9m is not among the tiles 12m$"):
        tiles_svg("12m", winning_tile=Tile("9m"))
    with pytest.raises(TypeError, match=r"^hand_svg\(\) takes a Hand, not str$"):
        hand_svg("123m")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^a Hand is drawn by hand_svg\(\)"):
        tiles_svg(Hand.parse("1m"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^tile_height must be a positive number, got 0$"):
        tiles_svg("1m", tile_height=0)
    with pytest.raises(TypeError, match=r"^unit must be one of px, em, rem, ex, pt, mm, got 'in'$"):
        tiles_svg("1m", unit="in")
    with pytest.raises(TypeError, match=r"^svg\(view\) takes no wilds or winning_tile"):
        svg(_view(), wilds="1p")


def test_view_shows_only_what_the_view_holds() -> None:
    titles = _titles(view_svg(_view()))
    assert titles[:2] == ["9s 九条, 本金 indicator", "1p 一筒, wildcard 听用, wildcard kind"]
    # seat 1 holds 10 concealed tiles and one hidden 暗杠 (four face-down tiles, whose tile the
    # view does not hold); seat 2 holds 13 concealed tiles
    assert titles.count("face down") == 10 + 13 and titles.count("face down, 暗杠") == 4
    assert titles.count("1p 一筒, wildcard 听用, drawn") == 1
    assert titles.count("9p 九筒") == 2  # seat 3 has won and shows its pair


# --- the Sphinx role and directive, run through docutils --------------------------------------


def _doctree(source: str) -> Any:
    from docutils.core import publish_doctree  # type: ignore[import-untyped, unused-ignore]
    from docutils.parsers.rst import (  # type: ignore[import-untyped, unused-ignore]
        directives,
        roles,
    )

    roles.register_local_role("tiles", ext.tiles_role)
    directives.register_directive("hand", ext.HandDirective)
    return publish_doctree(source, settings_overrides={"report_level": 5, "halt_level": 5})


def _raws(tree: Any) -> dict[str, str]:
    from docutils import nodes  # type: ignore[import-untyped, unused-ignore]

    return {node["format"]: node.astext() for node in tree.findall(nodes.raw)}


def test_role_draws_tiles_inline() -> None:
    tree = _doctree("A pair :tiles:`55z` of 白.")
    (node,) = tree.findall(ext.TilesNode)
    assert node.astext() == "55z"  # what the text and other builders write
    assert tree.astext() == "A pair 55z of 白."
    html = (
        '<span class="mahjong-tiles-inline" style="vertical-align:-0.3em">'
        + tiles_svg("55z", tile_height=ext.INLINE_HEIGHT, unit="em")
        + "</span>"
    )
    assert node["html"] == html

    from types import SimpleNamespace

    from docutils import nodes  # type: ignore[import-untyped, unused-ignore]

    translator = SimpleNamespace(body=[])
    with pytest.raises(nodes.SkipNode):
        ext.visit_tiles_html(translator, node)
    assert translator.body == [html]


def test_role_reports_bad_tiles() -> None:
    from docutils import nodes  # type: ignore[import-untyped, unused-ignore]

    tree = _doctree("Bad :tiles:`12x` here.")
    messages = [m[0].astext() for m in tree.findall(nodes.system_message)]
    assert messages == [":tiles: unexpected character 'x' at position 2 in '12x'"]


def test_directive_draws_a_hand_with_caption() -> None:
    raws = _raws(
        _doctree(".. hand:: 23m +1m\n   :melds: P5p@1 A7s B9s@2 P1z@3\n   :how: self_draw\n")
    )
    assert raws["text"] == "[23m +1m P5p@1 A7s B9s@2 P1z@3] 自摸 self-drawn"
    example = ext.parse_hand("23m +1m", {"melds": "P5p@1 A7s B9s@2 P1z@3", "how": "self_draw"})
    picture = hand_svg(example.hand, winning_tile=Tile("1m"), tile_height=30.0, fit=0.5)
    assert raws["html"] == (
        f'<div class="mahjong-hand" style="margin:0.3em 0 0.6em">{picture}'
        '<div style="font-size:85%;opacity:0.8">自摸 self-drawn</div></div>'
    )


def test_directive_reports_a_bad_hand() -> None:
    from docutils import nodes  # type: ignore[import-untyped, unused-ignore]

    tree = _doctree(".. hand:: 1111m +1m\n")
    assert [m[0].astext() for m in tree.findall(nodes.system_message)] == [
        "hand '1111m +1m': cannot hold 5 of 1m"
    ]


def test_parse_hand_reads_every_option() -> None:
    example = ext.parse_hand(
        "234m67p5p9p +5p",
        {
            "wilds": "9p",
            "indicator": "8p",
            "how": "discard",
            "context": "after_kong ting first_turn kong_chain=0 pengs=5p seat=1 dealer=2",
        },
    )
    assert example.text == "234m5679p +5p (wildcards 9p)"
    assert ext.caption(example) == (
        "点炮 won on a discard; 本金 8p; on the konger's first discard after the kong; "
        "报听 declared; on the first turn; another seat holds a peng of 5p; seat 1; dealer 2"
    )
    ctx = ext.win_context(example)
    assert (ctx.concealed, ctx.wilds, ctx.wild_kinds, ctx.indicator) == (
        TileCounts("234m5567p"), 1, TileSet("9p"), Tile("8p")
    )  # fmt: skip
    assert (ctx.after_kong, ctx.declared_ting, ctx.first_turn, ctx.seat, ctx.dealer) == (
        True, True, True, 1, 2
    )  # fmt: skip
    assert ctx.pengs_on_table == frozenset({Tile("5p")})
    with pytest.raises(InvalidHandError, match=r"^unknown context word 'rob' \(allowed: "):
        ext.parse_hand("1m +1m", {"context": "rob"})
    with pytest.raises(InvalidHandError, match=r"^kong_chain is 0..4, got 5 in 'kong_chain=5'$"):
        ext.parse_hand("1m +1m", {"context": "kong_chain=5"})
    with pytest.raises(InvalidHandError, match=r"^'\+' is followed by the one winning tile in "):
        ext.parse_hand("1m +12m")


# --- every example hand of the pattern tables is an instance of its pattern --------------------

_ROW = re.compile(r"^   \* - ``(?P<key>[a-z_]+)``$")
_HAND = re.compile(r"^       \.\. hand:: (?P<argument>.+)$")
_OPTION = re.compile(r"^          :(?P<name>[a-z]+): (?P<value>.+)$")

ROOMS = {
    "baoshan": get_variant("baoshan", honors=True, yi_tiao_long=True, si_gui_yi=True,
                           bao_ting=True),
    "yongshan": get_variant("yongshan", zi_mo_jia_fan=True),
}  # fmt: skip
"""Rooms with every optional pattern on (each row says which option its pattern needs)."""


def pattern_examples(page: str) -> dict[str, list[tuple[str, dict[str, str]]]]:
    """Each row key of the page's Patterns table, with the hands written in its row."""
    text = (ROOT / "docs" / f"{page}.rst").read_text(encoding="utf-8")
    start = text.index(f".. _{page}-patterns:")
    section = text[start : text.index("\n.. _", start + 1)]
    rows: dict[str, list[tuple[str, dict[str, str]]]] = {}
    key = None
    for line in section.splitlines():
        if row := _ROW.match(line):
            key = row["key"]
            rows[key] = []
        elif (hand := _HAND.match(line)) and key is not None:
            rows[key].append((hand["argument"], {}))
        elif (option := _OPTION.match(line)) and key is not None and rows[key]:
            rows[key][-1][1][option["name"]] = option["value"]
    return rows


@pytest.mark.parametrize("page", sorted(ROOMS))
def test_every_pattern_row_has_one_example(page: str) -> None:
    rows = pattern_examples(page)
    options_class = type(ROOMS[page].options)
    assert set(rows) == set(options_class.default_fans)
    assert {key: len(hands) for key, hands in rows.items()} == dict.fromkeys(rows, 1)


@pytest.mark.parametrize(
    ("page", "key"), [(page, key) for page in sorted(ROOMS) for key in pattern_examples(page)]
)
def test_every_example_scores_its_pattern(page: str, key: str) -> None:
    ((argument, options),) = pattern_examples(page)[key]
    example = ext.parse_hand(argument, options)
    breakdown = ROOMS[page].score(ext.win_context(example))
    assert breakdown is not None, f"{argument} is not a win"
    assert key in {item.key for item in breakdown.items}, [i.key for i in breakdown.items]
    if key == "ping_hu":
        assert [item.key for item in breakdown.items] == ["ping_hu"]
