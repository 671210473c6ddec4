"""Sphinx configuration for mahjong_rules.

Build with warnings as errors, and run the examples of the narrative pages as doctests::

    sphinx-build -W -b html docs docs/_build/html
    sphinx-build -W -b doctest docs docs/_build/doctest

``nitpicky`` is on, so a reference to a name the documentation does not have is a warning (an
error under ``-W``); the few external names it cannot link are listed in ``nitpick_ignore``.
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from typing import Any, cast

from sphinx.application import Sphinx
from sphinx.ext.napoleon.docstring import GoogleDocstring

import mahjong_rules

# Local extensions (docs/_ext): the options reference generated from the options classes
# (``.. options-table::``), references to re-exported names (``mahjong_rules.State``) resolved
# where they are documented, ``:rule:`BS-GANG-5``` links to the rule IDs of the game pages, and
# the "[docs]" links of the highlighted source pages point where each name is documented; tile
# pictures (``:tiles:``, ``.. hand::``, and beside every Unicode tile character), and code in
# table cells that breaks only after an underscore or a parenthesis (table_literals).
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
    "table_literals",
    "viewcode_backlinks",
    "optional_module",
    "api_docstrings",
]

source_suffix = {".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build"]
language = "en"
nitpicky = True

# External names that appear in signatures and type hints but have no page here (the build has no
# network, so no intersphinx inventory of the standard library or of hypothesis): each is a name
# of another project, never one of this package.
nitpick_ignore = [
    # the standard library, in type hints and prose
    ("py:class", "abc.ABC"),
    ("py:class", "collections.abc.Callable"),
    ("py:class", "collections.abc.Collection"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Iterator"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "enum.Enum"),
    ("py:class", "random.Random"),
    ("py:mod", "random"),
    ("py:class", "array"),  # array.array, as autodoc writes it in a signature
    ("py:func", "json.dumps"),
    ("py:func", "json.loads"),
    # attrs, the one run-time dependency: its helpers named in docstrings
    ("py:func", "attrs.evolve"),
    # hypothesis: the return type of every strategy in mahjong_rules.strategies
    ("py:mod", "hypothesis"),
    ("py:class", "hypothesis.strategies.SearchStrategy"),
    ("py:class", "hypothesis.errors.InvalidArgument"),
]
# Type variables and private names (a leading underscore) have no entry by design: the type
# variables and private protocols of generic helpers, which autodoc writes as classes in
# signatures, and the private methods a docstring names to say where something happens.
nitpick_ignore_regex = [
    ("py:class", r"mahjong_rules\.(.*\.)?_?[A-Z]"),  # T, _T, _A
    ("py:class", r"mahjong_rules\.(.*\.)?_\w+"),  # _Rules
    ("py:meth", r"(.*\.)?_[a-z]\w*"),
    # the rl extra's libraries, in mahjong_rules.rl's type hints (no inventory of theirs either)
    ("py:class", r"(numpy|pettingzoo|gymnasium)\..*"),
]

# autodoc: members in source order, type hints in the description rather than the signature.
# Every ``automodule`` of the reference says ``:members:`` itself: with "members" among these
# defaults, Sphinx 9 ignores a directive's own list (``:members: to_dict, from_dict``).
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"undoc-members": True, "show-inheritance": True}

# napoleon: Google-style sections (Args:, Returns:, Raises:, ...) are rendered, by the handler in
# setup() below rather than by napoleon's own, which is switched off here. The reason: napoleon
# reads the first line of an attribute's or property's docstring as "type: description", and this
# project writes those in plain reST ("顺子 (shùnzi): three consecutive tiles of one suit"), which
# napoleon would turn into a bogus type. The handler parses them like any other docstring.
napoleon_google_docstring = False
napoleon_numpy_docstring = False

# doctest: the narrative pages' ``.. doctest::`` blocks are the tested examples. Docstring
# examples pulled in by autodoc are run by pytest (--doctest-modules) with their module's names,
# so plain ``>>>`` blocks are not run a second time here. No names are imported for the pages
# (no doctest_global_setup): each page imports what it uses, as a reader copying it must. The
# flags are Sphinx's defaults without IGNORE_EXCEPTION_DETAIL, so the message of every error a
# page shows is checked as well as its type (pytest's doctest_optionflags in pyproject.toml
# leave it out too); NORMALIZE_WHITESPACE as in pyproject.toml.
doctest_test_doctest_blocks = ""
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
)

html_theme = "furo"
html_title = f"mahjong_rules {release}"
# custom.css: tables as wide as the text column, Chinese kept on one line, long commands scroll.
html_static_path = ["_static"]
html_css_files = ["custom.css"]


def _google_sections(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    if what in {"attribute", "data", "property"}:
        name = ""  # napoleon applies its inline "type: description" rule only to named attributes
    kind = cast(Any, what)  # autodoc passes a str; napoleon's stubs want its Literal of kinds
    lines[:] = GoogleDocstring(lines, app.config, app, kind, name, obj, options).lines()


def setup(app: Sphinx) -> None:
    app.connect("autodoc-process-docstring", _google_sections)
