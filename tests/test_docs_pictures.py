"""What the HTML pages show a reader: tile pictures that are legible, code that breaks between
words, and the index page describing the release as it is.

The docs extensions (docs/_ext) are run here on a small page, built with Sphinx into a temporary
directory: a pattern table's example hand gets a row of its own across the table (so its tiles
keep their full height, ``HAND_HEIGHT`` px), code in a table cell gets break opportunities only
after underscores and parentheses (never inside ``'baoshan'``), the first cell of a row stays
whole, and a code block holding Unicode tile characters is followed by their pictures.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import table_literals  # type: ignore[import-not-found, unused-ignore]  # noqa: E402  (docs/_ext)
import tiles as tiles_ext  # type: ignore[import-not-found, unused-ignore]  # noqa: E402

PAGE = """\
Page
====

.. list-table::
   :header-rows: 1

   * - key
     - values
     - condition
   * - ``kong_payments_on_draw``
     - ``'baoshan'``, ``'naturals_first'``
     - no other pattern

       .. hand:: 22334m456p789s55p +1m
          :how: discard

.. code-block:: python

   parse_tiles("12m 🀀🀇")

Prose with 🀄 in it.
"""


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> str:
    from sphinx.application import Sphinx

    src = tmp_path_factory.mktemp("src")
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
        "extensions = ['tiles', 'table_literals']\nhtml_theme = 'basic'\n",
        encoding="utf-8",
    )
    (src / "index.rst").write_text(PAGE, encoding="utf-8")
    out = tmp_path_factory.mktemp("out")
    app = Sphinx(str(src), str(src), str(out), str(out / ".doctrees"), "html", status=None)
    app.build()
    return (out / "index.html").read_text(encoding="utf-8")


def test_a_tables_hand_gets_a_row_across_the_table(html: str) -> None:
    cell = r'<tr class="mahjong-hand-row[^"]*">\s*<td[^>]* colspan="3"[^>]*>(.*?)</td>'
    row = re.search(cell, html, re.S)
    assert row is not None, "no hand row spanning the three columns"
    assert "<svg" in row.group(1)
    height = re.search(r'<svg[^>]* height="([0-9.]+)px"', row.group(1))
    assert height is not None
    assert float(height.group(1)) >= tiles_ext.HAND_HEIGHT >= 28  # a tile and its frame
    assert "min-width" in row.group(1)  # may shrink on a phone, never below HAND_FIT
    condition = re.search(r"<td><p>no other pattern</p>\s*</td>", html)
    assert condition is not None, "the picture left the condition cell"


def test_code_in_a_table_breaks_only_after_underscores(html: str) -> None:
    assert "<span class=\"pre\">'baoshan'</span>" in html  # whole: no break opportunity
    assert '<span class="pre">\'naturals_</span><wbr><span class="pre">first\'</span>' in html
    assert '<span class="pre">kong_payments_on_draw</span>' in html  # a row's name stays whole
    assert table_literals.pieces("Match(first_dealer=0)") == ["Match(", "first_", "dealer=0)"]
    assert table_literals.pieces("'doubling'") == ["'doubling'"]


def test_tile_characters_are_drawn_beside_code_and_prose(html: str) -> None:
    key = re.search(r'<p class="mahjong-tile-key".*?</p>', html, re.S)
    assert key is not None
    assert key.group().count("<svg") == 2
    assert "<code>🀀</code> 1z" in key.group() and "<code>🀇</code> 1m" in key.group()
    prose = re.search(r"Prose with 🀄(.*?) in it", html, re.S)
    assert prose is not None and "<svg" in prose.group(1)
    assert tiles_ext.tile_characters("🀇🀇🀄\ufe0f x") == [
        ("🀇", tiles_ext.Tile("1m")),
        ("🀄\ufe0f", tiles_ext.Tile("7z")),
    ]


def test_index_describes_the_release_as_it_is() -> None:
    """No page but the changelog calls the release unreleased; the index says what it holds."""
    pages = [p for p in (ROOT / "docs").rglob("*.rst") if p.name != "changelog.rst"]
    stale = [
        str(p.relative_to(ROOT)) for p in pages if "unreleased" in p.read_text("utf-8").lower()
    ]
    assert stale == []
    index = (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
    assert "What 0.1 contains" in index
