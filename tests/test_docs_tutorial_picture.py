"""The picture the tutorial shows (docs/_static/tutorial_view.svg) is what the library draws now.

The tutorial's examples are run, in order, up to the picture: the committed file must be the
``svg(mine)`` they make (seat 1's view after the dealer's first discard, issue 27), plus a final
newline. After a change to :mod:`mahjong_rules.render`, write it again with
``python tests/test_docs_tutorial_picture.py``.
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "tutorial.rst"
PICTURE = ROOT / "docs" / "_static" / "tutorial_view.svg"
DIRECTIVE = ".. image:: _static/tutorial_view.svg"


def drawn() -> str:
    """The ``picture`` of the tutorial's examples up to the image (run as Sphinx runs them)."""
    text = PAGE.read_text(encoding="utf-8")
    assert text.count(DIRECTIVE) == 1, "the tutorial shows the picture once"
    before = text[: text.index(DIRECTIVE)]
    test = doctest.DocTestParser().get_doctest(before, {}, PAGE.name, str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, clear_globs=False)
    assert runner.failures == 0 and runner.tries > 20, (runner.failures, runner.tries)
    globs: dict[str, Any] = test.globs
    picture = globs["picture"]
    assert isinstance(picture, str) and picture.startswith("<svg ")
    return picture + "\n"


def test_the_tutorials_picture_is_what_svg_draws_now() -> None:
    """The committed picture is the text ``svg(mine)`` gives today, byte for byte; and it shows
    what the tutorial says: seat 1's own hand with the 8p it drew, 39 face-down tiles."""
    picture = drawn()
    assert PICTURE.read_text(encoding="utf-8") == picture
    assert picture.count("<title>8p 八筒, drawn</title>") == 1
    assert picture.count("<title>face down</title>") == 39


if __name__ == "__main__":
    PICTURE.write_text(drawn(), encoding="utf-8")
    print(f"wrote {PICTURE.relative_to(ROOT)}", file=sys.stderr)
