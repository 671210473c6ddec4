"""docs/yongshan.rst stays complete: every room option of YongshanOptions and every rule ID of
SPEC.md section 2 (YS-*) appears on the page.

SPEC.md lives beside the repository (``../shared/SPEC.md``, where the project's shared tools find
it); the rule-ID test is skipped where it is absent, e.g. in a fresh clone elsewhere.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from mahjong_rules.variants.yongshan import YongshanOptions

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "yongshan.rst"
SPEC = ROOT.parent / "shared" / "SPEC.md"

_YS_ID = re.compile(r"YS-[A-Z0-9]+(-[^\s,.;:)]+)?")
_ID_GOES_ON = r"[^\s,.;:)]"  # a character that would make a longer ID (YS-PAT-杠 → YS-PAT-杠上花)


def _page() -> str:
    return PAGE.read_text(encoding="utf-8")


def _section_2_ids() -> list[str]:
    """The YS-* IDs of SPEC.md section 2 ("## 2." to the end), in order of first mention."""
    text = SPEC.read_text(encoding="utf-8")
    start = text.index("## 2.")
    return list(dict.fromkeys(m.group(0) for m in _YS_ID.finditer(text, start)))


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


@pytest.mark.skipif(not SPEC.is_file(), reason=f"SPEC.md not found at {SPEC}")
def test_yongshan_page_names_every_rule_id() -> None:
    """Every rule ID of SPEC.md section 2 (YS-TILES-1 … YS-PENALTY-3) appears on
    docs/yongshan.rst as a whole ID, not only as the start of a longer one."""
    page = _page()
    ids = _section_2_ids()
    assert len(ids) > 40, ids
    missing = [i for i in ids if not re.search(re.escape(i) + f"(?!{_ID_GOES_ON})", page)]
    assert not missing, f"rule IDs missing from docs/yongshan.rst: {missing}"
