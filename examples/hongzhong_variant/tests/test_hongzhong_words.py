"""The words of 红中麻将 where players read them: the command line (``python -m mahjong_rules
play --variant hongzhong``), in English and Chinese, and the replay page; and the examples in
the package's docstrings (HZ-BIRD, HZ-MONEY)."""

from __future__ import annotations

import doctest
import importlib

import pytest

pytestmark = pytest.mark.installed_plugins

SEED = 0
"""A hand the greedy bots end with a self-drawn win whose birds hit (found by trying seeds)."""


def test_hz_the_package_docstring_examples_hold() -> None:
    """The ``>>>`` examples of the installed package's modules (run here, on the installed
    copy, rather than collected from the sources)."""
    for name in ("records", "scoring"):
        module = importlib.import_module(f"mahjong_hongzhong.{name}")
        failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert (failed, tried > 0) == (0, True), name
