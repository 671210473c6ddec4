"""The examples of the docs and the docstrings check what they show, with only what they import.

* Neither doctest runner ignores exception details: Sphinx's doctest builder
  (``doctest_default_flags`` in docs/conf.py) and pytest's ``--doctest-modules``
  (``doctest_optionflags`` in pyproject.toml) compare the message of every error an example
  shows, not only its type, and no example switches that off for itself.
* docs/conf.py imports nothing into the pages' doctests (no ``doctest_global_setup``): a page's
  examples run with the names the page imports, as they do for a reader who copies them.
"""

from __future__ import annotations

import doctest
import re
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_sphinx_doctests_check_exception_messages_and_import_nothing() -> None:
    conf = runpy.run_path(str(ROOT / "docs" / "conf.py"))
    flags = conf["doctest_default_flags"]
    assert not flags & doctest.IGNORE_EXCEPTION_DETAIL
    assert flags & doctest.ELLIPSIS
    assert not conf.get("doctest_global_setup")


def test_pytest_doctests_check_exception_messages() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # no tomllib on 3.10
    flags = re.search(r"^doctest_optionflags = \[(.*)\]$", pyproject, re.M)
    addopts = re.search(r"^addopts = (.*)$", pyproject, re.M)
    assert flags is not None and addopts is not None
    assert "IGNORE_EXCEPTION_DETAIL" not in flags.group(1)
    assert "--doctest-modules" in addopts.group(1)


def test_no_example_ignores_its_exception_detail() -> None:
    sources = [*(ROOT / "docs").rglob("*.rst"), *(ROOT / "src").rglob("*.py")]
    offenders = [
        str(path.relative_to(ROOT))
        for path in sources
        if "IGNORE_EXCEPTION_DETAIL" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_a_wrong_message_fails_under_these_flags() -> None:
    """What the flags mean: an example showing the wrong position fails (the old 'position 4'
    of quickstart.rst and tiles.rst, where the parser says 5)."""
    conf = runpy.run_path(str(ROOT / "docs" / "conf.py"))
    example = (
        ">>> from mahjong_rules import parse_tiles\n"
        '>>> parse_tiles("123m4x")\n'
        "Traceback (most recent call last):\n"
        "...\n"
        "mahjong_rules.errors.TileParseError: unexpected character 'x' at position 4 in '123m4x'\n"
    )
    test = doctest.DocTestParser().get_doctest(example, {}, "wrong", None, 0)
    runner = doctest.DocTestRunner(optionflags=conf["doctest_default_flags"])
    results = runner.run(test, out=lambda _: None)
    assert (results.failed, results.attempted) == (1, 2)
    right = example.replace("position 4", "position 5")
    test = doctest.DocTestParser().get_doctest(right, {}, "right", None, 0)
    runner = doctest.DocTestRunner(optionflags=conf["doctest_default_flags"])
    assert runner.run(test, out=lambda _: None).failed == 0
