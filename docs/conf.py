"""Sphinx configuration for mahjong_rules.

Build with warnings as errors, and run the examples of the narrative pages as doctests::

    sphinx-build -W -b html docs docs/_build/html
    sphinx-build -W -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, cast

from sphinx.application import Sphinx
from sphinx.ext.napoleon.docstring import GoogleDocstring

import mahjong_rules

# Local extensions (docs/_ext): the options reference generated from the options classes
# (``.. options-table::``), references to re-exported names (``mahjong_rules.State``) resolved
# where they are documented, and ``:rule:`BS-GANG-5``` links to the rule IDs of the game pages.
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "mahjong_rules"
author = "mahjong_rules developers"
copyright = "mahjong_rules developers"
version = release = mahjong_rules.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "options_table",
    "reexports",
    "rule_refs",
    "tiles",
]

source_suffix = {".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build"]
language = "en"
nitpicky = False

# autodoc: members in source order, type hints in the description rather than the signature.
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}

# napoleon: Google-style sections (Args:, Returns:, Raises:, ...) are rendered, by the handler in
# setup() below rather than by napoleon's own, which is switched off here. The reason: napoleon
# reads the first line of an attribute's or property's docstring as "type: description", and this
# project writes those in plain reST ("顺子 (shùnzi): three consecutive tiles of one suit"), which
# napoleon would turn into a bogus type. The handler parses them like any other docstring.
napoleon_google_docstring = False
napoleon_numpy_docstring = False

# doctest: the narrative pages' ``.. doctest::`` blocks are the tested examples. Docstring
# examples pulled in by autodoc are run by pytest (--doctest-modules) with their module's names,
# so plain ``>>>`` blocks are not run a second time here.
doctest_test_doctest_blocks = ""
doctest_global_setup = "from mahjong_rules import *"

html_theme = "alabaster"
html_title = f"mahjong_rules {release}"


def _google_sections(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    if what in {"attribute", "data", "property"}:
        name = ""  # napoleon applies its inline "type: description" rule only to named attributes
    kind = cast(Any, what)  # autodoc passes a str; napoleon's stubs want its Literal of kinds
    lines[:] = GoogleDocstring(lines, app.config, app, kind, name, obj, options).lines()


def setup(app: Sphinx) -> None:
    app.connect("autodoc-process-docstring", _google_sections)
