"""docs/yongshan.rst stays complete: every room option of YongshanOptions and every rule ID of
SPEC.md section 2 (YS-*) appears on the page.

SPEC.md lives beside the repository (``../shared/SPEC.md``, where the project's shared tools find
it). Where it is absent (a fresh clone elsewhere, as in CI) the IDs are taken from the tests
instead, which name every one of them (``rule_coverage.py`` checks that), so the test still runs.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from mahjong_rules.variants.yongshan import YongshanOptions

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "yongshan.rst"
SPEC = ROOT.parent / "shared" / "SPEC.md"

_YS_ID = re.compile(r"YS-[A-Z0-9]+(-[^\s,.;:)]+)?")
_TEST_ID = re.compile(r"YS-[A-Z0-9]+-(?:[A-Z0-9]+|[\u4e00-\u9fff]+)")
"""An ID as the tests write it: its last part a number, a capital word or a Chinese name."""
_ID_GOES_ON = r"[^\s,.;:)]"  # a character that would make a longer ID (YS-PAT-杠 → YS-PAT-杠上花)


def _page() -> str:
    return PAGE.read_text(encoding="utf-8")


def _section_2_ids() -> list[str]:
    """The YS-* IDs of SPEC.md section 2 ("## 2." to the end), in order of first mention; without
    SPEC.md, the YS-* IDs the tests name."""
    if SPEC.is_file():
        text = SPEC.read_text(encoding="utf-8")
        start = text.index("## 2.")
        return list(dict.fromkeys(m.group(0) for m in _YS_ID.finditer(text, start)))
    found: dict[str, None] = {}
    for path in sorted(ROOT.joinpath("tests").glob("test_*.py")):
        for match in _TEST_ID.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(match.group(0), None)
    return list(found)


def test_yongshan_page_names_every_option() -> None:
    """Every field of YongshanOptions appears on docs/yongshan.rst as ``name``."""
    page = _page()
    missing = [f.name for f in attrs.fields(YongshanOptions) if f"``{f.name}``" not in page]
    assert not missing, f"options missing from docs/yongshan.rst: {missing}"


def test_yongshan_page_options_table_gives_each_default() -> None:
    """The options table's row of each YongshanOptions field gives its name, then its default."""
    page = _page()
    for name, default, _doc in YongshanOptions.describe():
        row = re.search(rf"^   \* - ``{name}``\n     - (.*)$", page, re.MULTILINE)
        assert row is not None, f"option {name!r} has no row in docs/yongshan.rst"
        shown = "``{}``" if name == "fan" else f"``{default!r}``"
        assert row.group(1) == shown, name


def test_yongshan_page_names_every_rule_id() -> None:
    """Every rule ID of SPEC.md section 2 (YS-TILES-1 … YS-PENALTY-3) appears on
    docs/yongshan.rst as a whole ID, not only as the start of a longer one."""
    page = _page()
    ids = _section_2_ids()
    assert len(ids) > 40, ids
    missing = [i for i in ids if not re.search(re.escape(i) + f"(?!{_ID_GOES_ON})", page)]
    assert not missing, f"rule IDs missing from docs/yongshan.rst: {missing}"
