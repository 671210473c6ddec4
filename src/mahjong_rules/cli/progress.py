"""A progress bar for long runs (``play --hands K``), on standard error and only on a terminal."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["Progress", "clock"]

clock: Callable[[], float] = time.monotonic
"""The clock the progress bar reads (tests replace it)."""


class Progress:
    """``[#####     ] 12/100`` on ``stream``, redrawn in place; shown only on a terminal and
    once the run has taken ``delay`` seconds. :meth:`wipe` clears it before other output is
    written (the stream may share the screen with standard output); :meth:`close` at the end."""

    def __init__(self, total: int, stream: TextIO, *, delay: float = 1.0, width: int = 20) -> None:
        self.total, self.stream, self.delay, self.width = total, stream, delay, width
        self.start = clock()
        self.shown = 0
        self.tty = stream.isatty()

    def update(self, done: int) -> None:
        """Show ``done`` of :attr:`total` (once the delay has passed)."""
        if not self.tty or clock() - self.start <= self.delay:
            return
        filled = self.width * done // self.total
        text = f"\r[{'#' * filled}{' ' * (self.width - filled)}] {done}/{self.total}"
        self.stream.write(text)
        self.stream.flush()
        self.shown = len(text) - 1

    def wipe(self) -> None:
        """Clear the bar from the screen, if it is shown."""
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0

    def close(self) -> None:
        """Clear the bar for good."""
        self.wipe()
