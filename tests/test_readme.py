"""README.md stays true: its check command is what CI runs, and its Python examples run.

Every block fenced as ``python`` runs as it is: the tile example, the whole hand, and the
server example (a view to JSON and an action back with its ``step``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"

_FENCE = re.compile(r"^```(?P<lang>[^\n]*)\n(?P<body>.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def _section(text: str, heading: str) -> str:
    """The text under ``## heading`` up to the next level-1 or level-2 heading (outside fences)."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    in_fence = False
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            in_fence = not in_fence
        elif not in_fence and re.match(r"#{1,2} ", line):
            level2 = line.startswith("## ")
            current = sections.setdefault(line.lstrip("#").strip(), []) if level2 else None
            continue
        if current is not None:
            current.append(line)
    assert heading in sections, f"README.md has no '## {heading}' section"
    return "".join(sections[heading])


def _single_command(heading: str) -> str:
    blocks = list(_FENCE.finditer(_section(README.read_text(encoding="utf-8"), heading)))
    assert len(blocks) == 1, f"'## {heading}' must hold exactly one fenced block"
    lines = blocks[0].group("body").splitlines()
    assert len(lines) == 1, f"the '## {heading}' command must be one shell line, got {lines}"
    return lines[0]


def _ci_commands() -> list[str]:
    """The lines of .ci/run that do work (not the shebang, comments, `set` or `cd`)."""
    commands = []
    for line in CI_RUN.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith(("set ", "cd ")):
            continue
        commands.append(line)
    return commands


def test_ci_run_is_strict_bash() -> None:
    text = CI_RUN.read_text(encoding="utf-8")
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in text.splitlines()


BROWSER_INSTALL = (
    "command -v chromium >/dev/null && command -v chromedriver >/dev/null && "
    "command -v redis-server >/dev/null || "
    "{ apt-get update && apt-get install -y chromium chromium-driver redis-server; }"
)
"""The one line .ci/run runs before the README's command: the browser of the replay page's
tests (tests/test_replay_page_browser.py) and the Redis server of the served table's
several-process tests (examples/server/tests/test_server_redis.py), installed when the machine
lacks them."""


def test_check_command_is_what_ci_runs() -> None:
    """The README's "Check it" line and the last command in .ci/run are byte-identical; the
    only line before it installs the browser, and the README's text says so."""
    check = _single_command("Check it")
    assert _ci_commands() == [BROWSER_INSTALL, check]
    assert check.encode("utf-8") == _ci_commands()[-1].encode("utf-8")
    text = " ".join(_section(README.read_text(encoding="utf-8"), "Check it").split())
    assert "apt-get install -y chromium chromium-driver redis-server" in text


def test_docs_show_the_same_commands() -> None:
    """docs/index.rst repeats both commands verbatim."""
    index = (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
    lines = {line.strip() for line in index.splitlines()}
    assert _single_command("Check it") in lines
    assert _single_command("Run it") in lines


def test_run_command_is_one_line() -> None:
    run = _single_command("Run it")
    assert run.startswith("pip install . && python -m mahjong_rules analyze ")


def _python_examples(info: str = "python") -> list[str]:
    """The bodies of the README's blocks fenced as ``info`` (e.g. ``python``), in order."""
    text = README.read_text(encoding="utf-8")
    return [m.group("body") for m in _FENCE.finditer(text) if m.group("lang").strip() == info]


def _run(source: str, name: str) -> str:
    """Run a README example; what it printed."""
    namespace = {"__name__": "__readme__", "print": _Printed()}
    exec(compile(source, name, "exec"), namespace)
    return str(namespace["print"])


class _Printed:
    """Stands in for ``print`` in an example: keeps the lines it would print."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, *args: object) -> None:
        self.lines.append(" ".join(str(a) for a in args))

    def __str__(self) -> str:
        return "\n".join(self.lines)


@pytest.mark.parametrize("index", range(len(_python_examples())))
def test_readme_python_example_runs(index: int) -> None:
    _run(_python_examples()[index], f"README.md example {index + 1}")


def test_readme_examples_are_found() -> None:
    assert len(_python_examples()) == 3


def test_the_whole_hand_example_prints_what_the_readme_says() -> None:
    """Seed 374 ends in a scored win, as the text after the example says."""
    printed = _run(_python_examples()[1], "README.md example 2")
    assert printed == "seat 3 wins (self_draw): 门清 1 + 杠上花 1 = 4 points\n(-6, -6, -6, 18)"
    text = README.read_text(encoding="utf-8")
    assert (
        "It prints `seat 3 wins (self_draw): 门清 1 + 杠上花 1 = 4 points` and `(-6, -6, -6, 18)`"
        in (" ".join(text.split()))
    )
