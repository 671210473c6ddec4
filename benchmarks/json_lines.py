"""A long-lived worker process spoken to in JSON lines: one request a line on its input, one
answer a line on its output. ``compare.py`` (one Python worker per side) and
``bench_sichuan.py`` (the Node worker of dcmshi's engine) each keep theirs in one."""

from __future__ import annotations

import json
import subprocess
from contextlib import suppress
from typing import Any


class JsonLinesProcess:
    """``argv`` started with pipes; its first line (its hello) is read at once."""

    def __init__(self, label: str, argv: list[str], **popen: Any) -> None:
        self.label = label
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, **popen
        )
        self.hello = self.read()

    def read(self) -> dict[str, Any]:
        """The next answer; RuntimeError if the worker has stopped."""
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.label} worker stopped (see its error above)")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        """Send one request and read its answer."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return self.read()

    def close(self) -> None:
        """End the worker: close its input, then stop it if it does not end by itself."""
        with suppress(OSError):
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


__all__ = ["JsonLinesProcess"]
