"""A server in its own process (``serve.py``), to be killed with SIGKILL and started again."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

SERVE = Path(__file__).resolve().parents[1] / "serve.py"


class ServerProcess:
    """``serve.py --port 0 --db <db> <args>``, started at once; :attr:`port` once it listens."""

    def __init__(self, db: Path | str, *args: str, env: dict[str, str] | None = None) -> None:
        self.db = str(db)
        self.args = args
        self.process = subprocess.Popen(
            [sys.executable, str(SERVE), "--port", "0", "--db", self.db, *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=None if env is None else {**os.environ, **env},
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found is None:
            self.process.kill()
            raise AssertionError(f"the server did not start: {line}{self.process.stdout.read()}")
        self.port = int(found.group(1))
        self.output: list[str] = []
        """What the process has printed since (its log), read by a thread so it never blocks."""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.http = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}/ws"

    def _read(self) -> None:
        assert self.process.stdout is not None
        with contextlib.suppress(ValueError, OSError):
            for line in self.process.stdout:
                self.output.append(line.rstrip())
                del self.output[:-1000]

    def kill(self) -> None:
        """SIGKILL: the process dies at once, nothing flushed or closed."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        self._reader.join(10)

    def terminate(self) -> int:
        """SIGTERM: the process shuts down cleanly; its exit status."""
        self.process.terminate()
        status = self.process.wait(30)
        self._reader.join(10)
        return status

    def restart(self) -> ServerProcess:
        """Kill this one; a new process on the same database."""
        self.kill()
        return ServerProcess(self.db, *self.args)

    def get(self, path: str) -> tuple[int, str, str]:
        """``GET path``: the status, the final URL (redirects followed) and the text."""
        try:
            with urllib.request.urlopen(self.http + path, timeout=30) as response:
                return response.status, response.url, response.read().decode("utf-8")
        except urllib.error.HTTPError as exc:
            return exc.code, path, exc.read().decode("utf-8")

    def open(self, query: str) -> str:
        """Open a table (``/open?<query>``): its id."""
        status, url, _ = self.get(f"/open?{query}")
        assert status == 200, status
        found = re.search(r"/table/([^?]+)\?", url)
        assert found is not None, url
        return found.group(1)


class RedisServer:
    """Debian's ``redis-server`` on a free loopback port, run in ``folder``, keeping nothing on
    disk (``--save '' --appendonly no``); :meth:`stop` ends it."""

    def __init__(self, folder: Path | str) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise FileNotFoundError("redis-server is not installed (apt-get install redis-server)")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port: int = probe.getsockname()[1]
        command = [binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        self.process = subprocess.Popen(
            [*command, "--save", "", "--appendonly", "no"],
            cwd=folder,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.url = f"redis://127.0.0.1:{self.port}/0"
        for _ in range(200):  # up to 10 s
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)
