"""The command line: ``mahjong-rules`` / ``python -m mahjong_rules``.

All printing of the package lives in this package; the core stays free of I/O.

==============  ===============================================================================
``analyze``     what the win detector says of a hand; with ``--variant``, a win's breakdown
``arena``       bots play many seeded hands (on Ray workers): each bot's figures with a 95% CI
``play``        bots play a hand (or ``--hands K``, a match): the log and the settlement
``replay``      check a recorded hand (or match) and print its log
``variants``    the variants and every room option with its default
==============  ===============================================================================

Bad input (a bad hand, an unknown variant or option, a missing file, a tampered record) prints
one line ``error: <message>`` on stderr and exits with status 2, as argparse does for usage
errors. Output streams: each command yields its lines as it makes them and each is written (and
flushed) at once, so ``play --hands 1000`` shows every hand as it ends.

A variant plugin that cannot be loaded (its entry point raises on import, say) is reported on
every command as one line on stderr, ``plugin NAME not loaded: ERROR`` (not as Python's
warning); every other variant works.

No input gives a traceback: an error the commands did not foresee is still one ``error:`` line
(``error: internal error (TypeError): ...``) with status 2, and a bug to report.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Callable, Iterable, Sequence

from mahjong_rules import __version__
from mahjong_rules.cli import analyze, arena, play, replay, variants
from mahjong_rules.cli.common import EXIT_OK, EXIT_USAGE, CliError, one_line
from mahjong_rules.errors import MahjongRulesError, PluginWarning
from mahjong_rules.variants import available_variants
from mahjong_rules.variants.registry import broken_plugins

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    _report_broken_plugins()
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and usage errors
        return _exit_code(exc)
    handler: Callable[[argparse.Namespace], Iterable[str]] = args.handler
    try:
        for line in handler(args):
            print(line, flush=True)
    except (MahjongRulesError, CliError) as exc:
        return _error(one_line(str(exc)))
    except BrokenPipeError:  # the reader went away (``... | head``): not an error of ours
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's last flush does not fail
    except KeyboardInterrupt:
        _error("interrupted")
        return EXIT_INTERRUPTED
    except (RecursionError, MemoryError) as exc:
        return _error(f"the input is too large or too deeply nested ({type(exc).__name__})")
    except Exception as exc:  # the last guard: never a traceback
        return _error(f"internal error ({type(exc).__name__}): {one_line(str(exc))}")
    return EXIT_OK


EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT), as shells report it."""


def _error(message: str) -> int:
    """Print ``error: message`` on stderr; the usage exit status."""
    sys.stdout.flush()
    print(f"error: {message}", file=sys.stderr, flush=True)
    return EXIT_USAGE


def _report_broken_plugins() -> None:
    """Load the plugins with their :class:`~mahjong_rules.errors.PluginWarning` held back and
    print one line on stderr for each that failed."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginWarning)
        broken = broken_plugins()
    for plugin in broken:
        print(f"plugin {plugin.name} not loaded: {plugin.error}", file=sys.stderr, flush=True)


def _exit_code(exc: SystemExit) -> int:
    if exc.code is None:
        return EXIT_OK
    return exc.code if isinstance(exc.code, int) else EXIT_USAGE


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mahjong-rules",
        description="Rules engine for mahjong: "
        + ", ".join(f"{c.name_zh} ({c.name})" for c in available_variants())
        + ".",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(title="commands", dest="command", required=True)
    analyze.add_parser(commands)
    arena.add_parser(commands)
    play.add_parser(commands)
    replay.add_parser(commands)
    variants.add_parser(commands)
    return parser
