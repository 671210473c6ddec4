"""Notes under a seat's label in the picture of a view (``view_svg(view, seat_notes=...)``,
issue 28): what the view cannot know of a seat (a name, a person or a bot, 托管 tuōguǎn), given
by the caller, drawn as escaped text under the seat's label and added to the picture's title;
checked where it enters (:class:`~mahjong_rules.errors.RenderError`, naming the argument).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from mahjong_rules import View, get_variant
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.render import RenderError, svg, view_svg
from mahjong_rules.render.table import MAX_NOTE_LENGTH, MAX_NOTES, check_seat_notes

SVG = "{http://www.w3.org/2000/svg}"


def _view(seat: int = 0) -> View:
    """Seat ``seat``'s view of a 4-seat Baoshan deal (seat 0 deals)."""
    rules = get_variant("baoshan")
    return rules.view(rules.new_hand(seed=1), seat)


def _texts(picture: str) -> list[tuple[float, float, str]]:
    """Every label of the picture: ``(x, y, text)`` (the tiles' own characters left out)."""
    root = ET.fromstring(picture)
    found = []
    for text in root.iter(f"{SVG}text"):
        if text.get("text-anchor") == "start":
            found.append((float(text.get("x", "")), float(text.get("y", "")), text.text or ""))
    return found


def _column(picture: str, first: str) -> list[str]:
    """The label lines of the band whose label is ``first`` (``seat 2``), top to bottom."""
    texts = [(x, y, t) for x, y, t in _texts(picture) if x == 1]
    start = [t for _, _, t in texts].index(first)
    lines = [texts[start][2]]
    for _, _, text in texts[start + 1 :]:
        if text.startswith("seat "):
            break
        lines.append(text)
    return lines


def _hand_x(picture: str) -> float:
    """Where the first tile of the viewer's hand starts."""
    found = re.search(r'<g class="tile" transform="translate\(([\d.]+) ', picture)
    assert found is not None
    return float(found[1])


def test_no_notes_draw_the_picture_as_before() -> None:
    view = _view()
    assert view_svg(view, seat_notes={}) == view_svg(view, seat_notes=None) == view_svg(view)
    assert svg(view, seat_notes={}) == svg(view)


def test_notes_are_drawn_under_their_seats_label() -> None:
    view = _view()
    picture = view_svg(view, seat_notes={0: ["Alice", "person"], 2: ["bot"], 3: ["托管 bot"]})
    assert _column(picture, "seat 0") == ["seat 0", "(you)", "庄 dealer", "Alice", "person"]
    assert _column(picture, "seat 1") == ["seat 1"]
    assert _column(picture, "seat 2") == ["seat 2", "bot"]
    assert _column(picture, "seat 3") == ["seat 3", "托管 bot"]
    title = ET.fromstring(picture)[0].text or ""
    assert "; you: Alice, person;" in title
    assert "; seat 2: 13 tiles, bot;" in title and title.endswith("; seat 3: 13 tiles, 托管 bot")
    assert "; seat 1: 13 tiles;" in title


def test_notes_are_text_never_markup() -> None:
    view = _view()
    hostile = '</text><script>alert("x")</script>&amp;'
    picture = view_svg(view, seat_notes={1: [hostile[:MAX_NOTE_LENGTH]]})
    root = ET.fromstring(picture)  # still one well-formed document
    assert not list(root.iter(f"{SVG}script")) and "<script" not in picture
    assert _column(picture, "seat 1") == ["seat 1", hostile[:MAX_NOTE_LENGTH]]


def test_the_band_grows_to_hold_its_notes() -> None:
    """The next seat's band starts below the last line of notes: its label one line (10) and
    the bands' gap (8) below the last note, plus its own first line (12); without notes the
    band is as tall as its tiles and the line "no discards"."""
    view = _view()
    plain = {t: y for x, y, t in _texts(view_svg(view)) if x == 1}
    noted = {t: y for x, y, t in _texts(view_svg(view, seat_notes={0: ["a", "b", "c", "d"]}))}
    assert [noted[t] for t in ("(you)", "庄 dealer", "a", "b", "c", "d")] == [
        43,
        53,
        63,
        73,
        83,
        93,
    ]
    assert noted["seat 1"] == noted["d"] + 10 + 8 + 12 == 123
    assert plain["seat 1"] == 112  # the tiles' band: 19 + 44 + 11 + 6, "no discards" 12, 8, 12


def test_the_label_column_widens_for_a_long_note_only() -> None:
    view = _view()
    start = _hand_x(view_svg(view))
    assert _hand_x(view_svg(view, seat_notes={1: ["bot"]})) == start
    wide = _hand_x(view_svg(view, seat_notes={1: ["托管 tuōguǎn: a bot plays"]}))
    assert wide > start
    assert _hand_x(view_svg(view, seat_notes={2: ["托管托管托管托管"]})) > start  # CJK is wide


def test_svg_passes_notes_to_a_view_only() -> None:
    view = _view()
    notes = {1: ["bot"]}
    assert svg(view, seat_notes=notes) == view_svg(view, seat_notes=notes)
    with pytest.raises(TypeError, match=r"^svg\(\) takes seat_notes for a View only"):
        svg("123m", seat_notes=notes)


BAD: list[tuple[Any, str]] = [
    ([["bot"]], r"seat_notes must be a mapping of seats to lines, not list"),
    ({4: ["bot"]}, r"seat_notes: a seat is an int 0\.\.3, got 4"),
    ({-1: ["bot"]}, r"seat_notes: a seat is an int 0\.\.3, got -1"),
    ({True: ["bot"]}, r"seat_notes: a seat is an int 0\.\.3, got True"),
    ({"1": ["bot"]}, r"seat_notes: a seat is an int 0\.\.3, got '1'"),
    ({1: "bot"}, r"seat_notes\[1\] must be a sequence of str, not str"),
    ({1: None}, r"seat_notes\[1\] must be a sequence of str, not NoneType"),
    ({1: ["a"] * (MAX_NOTES + 1)}, r"seat_notes\[1\]: at most 4 lines, got 5"),
    ({2: ["bot", 3]}, r"seat_notes\[2\]\[1\] must be a str, not int"),
    ({0: ["x" * (MAX_NOTE_LENGTH + 1)]}, r"seat_notes\[0\]\[0\]: at most 32 characters, got 33"),
    ({0: ["a\nb"]}, r"seat_notes\[0\]\[0\]: no control characters, got 'a\\nb'"),
    ({0: ["a\x00"]}, r"seat_notes\[0\]\[0\]: no control characters, got 'a\\x00'"),
]


@pytest.mark.parametrize(("notes", "message"), BAD)
def test_bad_notes_are_refused_naming_them(notes: Any, message: str) -> None:
    with pytest.raises(RenderError, match=f"^{message}$") as caught:
        view_svg(_view(), seat_notes=notes)
    assert isinstance(caught.value, MahjongRulesError) and isinstance(caught.value, ValueError)


def test_the_bounds_themselves_are_allowed() -> None:
    longest = ["x" * MAX_NOTE_LENGTH] * MAX_NOTES
    assert check_seat_notes({3: longest, 0: ()}, 4) == {3: tuple(longest), 0: ()}
    picture = view_svg(_view(), seat_notes={3: longest})
    assert _column(picture, "seat 3") == ["seat 3", *longest]
    with pytest.raises(RenderError, match=r"^seat_notes: a seat is an int 0\.\.1, got 2$"):
        check_seat_notes({2: ["bot"]}, 2)
