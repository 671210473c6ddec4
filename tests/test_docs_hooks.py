"""The hook contract's pages count and name the hooks without a default as the code has them.

A hook "has no default" when its body in :class:`~mahjong_rules.engine.hooks.Hooks` or one of
its bases (:class:`~mahjong_rules.engine.money_hooks.MoneyHooks`, ...) does nothing but ``raise
NotImplementedError``. Both pages that say how many there are — the module docstring of
``engine/hooks.py`` (the API page ``docs/api/hooks.rst``) and ``docs/writing_a_variant.rst`` —
are read here, so a hook added or given a default makes this test fail until the text says so.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from mahjong_rules.engine import hooks
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.variants.baoshan import Baoshan
from mahjong_rules.variants.yongshan import Yongshan

ROOT = Path(__file__).resolve().parent.parent
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def _no_default() -> set[str]:
    """The methods of Hooks (its own and its bases', the engine's hook classes) whose body
    (after the docstring) is ``raise NotImplementedError``."""
    names = set()
    for base in Hooks.__mro__:
        if base.__module__.startswith("mahjong_rules.engine."):
            names |= _raising(base)
    return names


def _raising(owner: type) -> set[str]:
    """The methods defined in the class ``owner`` whose body is ``raise NotImplementedError``."""
    tree = ast.parse(inspect.getsource(owner))
    (cls,) = tree.body
    assert isinstance(cls, ast.ClassDef)
    names = set()
    for node in cls.body:
        if not isinstance(node, ast.FunctionDef):
            continue
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]
        match body:
            case [ast.Raise(exc=ast.Name(id="NotImplementedError"))]:
                names.add(node.name)
    return names


def _paragraph(text: str) -> str:
    """The paragraph of ``text`` that says how many hooks have no default."""
    found = [p for p in re.split(r"\n\s*\n", text) if "hooks have no default" in p]
    assert len(found) == 1, f"expected one paragraph counting the hooks, got {len(found)}"
    return found[0]


def _pages() -> dict[str, str]:
    return {
        "engine/hooks.py docstring": hooks.__doc__ or "",
        "docs/writing_a_variant.rst": (ROOT / "docs" / "writing_a_variant.rst").read_text(
            encoding="utf-8"
        ),
    }


def test_five_plus_one_hooks_have_no_default() -> None:
    """The contract as the pages state it: the five every game writes, and settle_discard_win."""
    assert _no_default() == {
        "is_complete",
        "score",
        "win_payments",
        "settle_wins",
        "settle_exhausted",
        "settle_discard_win",
    }


@pytest.mark.parametrize("page", sorted(_pages()))
def test_page_counts_and_names_the_hooks_without_default(page: str) -> None:
    paragraph = _paragraph(_pages()[page])
    word = re.search(r"(\w+) hooks have no default", paragraph)
    assert word is not None
    no_default = _no_default()
    assert NUMBERS[word.group(1).lower()] == len(no_default), paragraph
    named = set(re.findall(r"Hooks\.(\w+)`", paragraph))
    assert no_default <= named, f"{page} does not name {sorted(no_default - named)}"
    for name in named - no_default:  # any other hook the paragraph names has a default
        assert hasattr(Hooks, name), f"{page} names Hooks.{name}, which does not exist"


@pytest.mark.parametrize("cls", [Baoshan, Yongshan])
def test_shipped_variants_write_every_hook_the_engine_calls(cls: type[Hooks]) -> None:
    """The five hooks every game needs are overridden; settle_discard_win whenever
    discard_wins is (Baoshan's 十老头, BS-WIN-3)."""
    overridden = {name for name in _no_default() if getattr(cls, name) is not getattr(Hooks, name)}
    required = _no_default() - {"settle_discard_win"}
    if cls.discard_wins is not Hooks.discard_wins:
        required.add("settle_discard_win")
    assert required <= overridden
