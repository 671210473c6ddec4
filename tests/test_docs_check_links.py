"""docs/check_links.py, the check CI runs on the built HTML, on small hand-written sites.

The HTML build itself takes over a minute, so these tests feed the checker pages written here;
CI runs the checker on the real build (``python docs/check_links.py docs/_build/html``).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_links", ROOT / "docs" / "check_links.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


check_links = _load()


def _site(tmp_path: Path, pages: dict[str, str]) -> Path:
    for name, body in pages.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
    return tmp_path


def _entry(ident: str, dd: str, kind: str = "function") -> str:
    return (
        f'<dl class="py {kind}"><dt class="sig sig-object py" id="{ident}">'
        f'<span class="sig-name">x</span></dt><dd>{dd}</dd></dl>'
    )


def test_links_to_missing_anchors_and_pages_are_reported(tmp_path: Path) -> None:
    root = _site(
        tmp_path,
        {
            "index.html": '<a href="api/a.html#here">ok</a> <a href="api/a.html#gone">bad</a>'
            ' <a href="#top">self</a> <a href="nowhere.html">missing</a>'
            ' <a href="https://example.org/#x">external</a> <a name="top"></a>',
            "api/a.html": '<p id="here">x</p><a href="../index.html#top">back</a>'
            ' <a href="../_static/custom.css">css</a>',
            "_static/custom.css": "",
        },
    )
    pages = check_links.read_site(root)
    assert check_links.broken_links(pages, root) == [
        "index.html: api/a.html#gone (no anchor 'gone' on api/a.html)",
        "index.html: nowhere.html (no such file)",
    ]


def test_viewcode_backlinks_are_checked_like_any_link(tmp_path: Path) -> None:
    root = _site(
        tmp_path,
        {
            "index.html": "",
            "api/tiles.html": '<dt id="mahjong_rules.tiles.Tile">Tile</dt>',
            "_modules/mahjong_rules/tiles.html": '<div class="viewcode-block" id="Tile">'
            '<a class="viewcode-back" href="../../api/tiles.html#mahjong_rules.tiles.Tile">'
            '[docs]</a></div><div class="viewcode-block" id="Suit">'
            '<a class="viewcode-back" href="../../api/tiles.html#mahjong_rules.tiles.Suit">'
            "[docs]</a></div>",
        },
    )
    assert check_links.broken_links(check_links.read_site(root)) == [
        "_modules/mahjong_rules/tiles.html: ../../api/tiles.html#mahjong_rules.tiles.Suit "
        "(no anchor 'mahjong_rules.tiles.Suit' on api/tiles.html)"
    ]


def test_entries_without_a_paragraph_of_their_own_are_undescribed(tmp_path: Path) -> None:
    described = _entry("m.f", "<p>Does a thing.</p>")
    bases_only = _entry("m.C", "<p>Bases: <code>object</code></p>", kind="class")
    type_only = _entry(
        "m.C.x",
        '<dl class="field-list simple"><dt>Type:</dt><dd><p>int</p></dd></dl>',
        kind="attribute",
    )
    empty = _entry("m.g", "")
    nested = _entry("m.D", "<p>A class.</p>" + _entry("m.D.y", "", kind="attribute"), kind="class")
    root = _site(
        tmp_path,
        {
            "index.html": empty,  # not an API page: not checked
            "api/m.html": described + bases_only + type_only + empty + nested,
        },
    )
    assert check_links.undescribed_entries(check_links.read_site(root)) == [
        "api/m.html: m.C",
        "api/m.html: m.C.x",
        "api/m.html: m.g",
        "api/m.html: m.D.y",
    ]


def test_main_exit_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    clean = _site(tmp_path / "clean", {"index.html": "<p>hi</p>"})
    assert check_links.main([str(clean)]) == 0
    assert capsys.readouterr().out == "HTML files: 1; every internal link lands\n"
    assert check_links.main(["--descriptions", str(clean)]) == 0
    assert capsys.readouterr().out == (
        "HTML files: 1; every internal link lands, every API entry is described\n"
    )
    bad = _site(tmp_path / "bad", {"index.html": '<a href="#nope">x</a>'})
    assert check_links.main([str(bad)]) == 1
    assert capsys.readouterr().out == (
        "index.html: #nope (no anchor 'nope' on index.html)\nbroken internal links: 1\n"
    )
    assert check_links.main([str(tmp_path / "empty")]) == 2
    assert "no index.html here" in capsys.readouterr().err
    assert check_links.main([]) == 2


def test_descriptions_are_checked_only_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _site(tmp_path, {"index.html": "", "api/m.html": _entry("m.g", "")})
    assert check_links.main([str(root)]) == 0
    capsys.readouterr()
    assert check_links.main(["--descriptions", str(root)]) == 1
    assert capsys.readouterr().out == "api/m.html: m.g\nAPI entries without a description: 1\n"
