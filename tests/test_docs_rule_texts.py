"""docs/rule_texts.rst quotes both rule texts in full and cites every rule ID of the game pages.

The rule texts themselves live beside the repository (``../shared/seeds/baoshan.txt`` and
``yongshan.txt``, where the project's shared tools find them). Where they are present the page's
Chinese column must be exactly their lines, in order (runs of white space count as one space);
elsewhere (a fresh clone, as in CI) the tests that need them are skipped and the others still
run: every rule ID the page cites is one of the game pages, and every one of the game pages'
rule IDs is cited.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGE = DOCS / "rule_texts.rst"
TEXTS = ROOT.parent / "shared" / "seeds"

_RULE_ROLE = re.compile(r":rule:`([^`]+)`")
_TABLE_ID = re.compile(r"^   \* - ((?:[A-Z]+-)+\S+)\s*$", re.M)


def _page() -> str:
    return PAGE.read_text(encoding="utf-8")


def _section(title: str) -> str:
    """The part of the page under the heading ``title`` (up to the next heading)."""
    text = _page()
    start = text.index(f"\n{title}\n")
    following = re.search(r"\n[^\n]+\n-{3,}\n", text[start + len(title) + 2 :])
    end = start + len(title) + 2 + following.start() if following else len(text)
    return text[start:end]


def _chinese_cells(section: str) -> list[str]:
    """The first cell of every body row of the section's table, one line per paragraph."""
    lines: list[str] = []
    rows = re.split(r"^   \* - ", section, flags=re.M)[2:]  # [0] before the table, [1] header
    for row in rows:
        cell = row.split("\n     - ", 1)[0]
        lines.extend(_normal(part) for part in cell.split("\n") if part.strip())
    return lines


def _normal(line: str) -> str:
    return re.sub(r"\s+", " ", line).strip()


def _game_page_ids() -> set[str]:
    ids: set[str] = set()
    for page in ("baoshan.rst", "yongshan.rst"):
        ids.update(_TABLE_ID.findall((DOCS / page).read_text(encoding="utf-8")))
    return ids


@pytest.mark.parametrize(
    ("title", "text"),
    [("保山麻将 (Baoshan)", "baoshan.txt"), ("永善麻将 (Yongshan)", "yongshan.txt")],
)
def test_the_chinese_column_is_the_whole_rule_text(title: str, text: str) -> None:
    path = TEXTS / text
    if not path.is_file():
        pytest.skip(f"{path} is not beside this checkout")
    expected = [_normal(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert _chinese_cells(_section(title)) == [line for line in expected if line]


def test_every_cited_rule_is_on_a_game_page() -> None:
    cited = set(_RULE_ROLE.findall(_page()))
    assert cited, "the page cites no rule"
    assert sorted(cited - _game_page_ids()) == []


def test_every_rule_of_the_game_pages_is_cited() -> None:
    """Each rule ID is either beside the passage it restates or named among the few that
    restate no passage."""
    assert sorted(_game_page_ids() - set(_RULE_ROLE.findall(_page()))) == []


def test_every_row_has_chinese_english_and_rule_cells() -> None:
    for title in ("保山麻将 (Baoshan)", "永善麻将 (Yongshan)"):
        section = _section(title)
        assert "   :class: rule-text\n" in section
        rows = re.split(r"^   \* - ", section, flags=re.M)[1:]
        assert len(rows) > 40
        for row in rows:
            assert row.count("\n     -") == 2, row


def test_the_pages_speak_of_rule_texts_not_of_a_specification_or_a_seed() -> None:
    """The reader has no specification and no "seed" (a word that also means a random seed):
    the pages say "the rule text" and link the rule texts page. (A random seed is still a
    seed: "the seed's bytes" of the wall shuffle is fine.)"""
    words = re.compile(
        r"specification|\(seed\)|^\s+- seed$|[Tt]he seed (says|gives|names|states)"
        r"|seed's (example|exception|本金|3番|\")|the seed: "
    )
    for path in sorted(DOCS.glob("*.rst")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not words.search(line), f"{path.name}:{number}: {line.strip()}"
    for page in ("baoshan.rst", "yongshan.rst", "engine.rst", "index.rst"):
        assert ":doc:`rule_texts`" in (DOCS / page).read_text(encoding="utf-8"), page
