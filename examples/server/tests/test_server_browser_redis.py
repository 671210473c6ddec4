"""A person plays in the browser on two server processes sharing Redis (issue 36, ``--redis``).

Two ``serve.py --redis`` processes run behind one address: a small TCP proxy on loopback, as a
load balancer would be, that sends each new connection to the first process that answers. The
person opens a table through it (process A owns the table, the page's websocket is A's) and
clicks; A is killed with SIGKILL mid-hand; the page's websocket closes, it reconnects through
the proxy (now to process B) with its token, B takes the table over from Redis and the person
plays the hand to its end. Skips without Chromium, its driver, Selenium or ``redis-server``;
fails instead when ``CI`` is set.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Any

import pytest
from mahjong_server.redis_store import RedisStore

from mahjong_rules.records import replay
from tests.test_server_browser import browser  # noqa: F401 - the fixture
from tests.test_server_browser_restart import _click
from tests.test_server_redis import _serve, _stop, redis_url  # noqa: F401 - the fixture

pytestmark = pytest.mark.browser

_WAIT = 60.0


class Proxy:
    """A TCP proxy on a free loopback port, on its own event loop in a thread: each connection
    goes to the first of ``ports`` that accepts it, and is closed when either side closes."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._serve, "127.0.0.1", 0), self.loop
        ).result(10)
        self.http = f"http://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for port in self.ports:
            with contextlib.suppress(OSError):
                back_reader, back_writer = await asyncio.open_connection("127.0.0.1", port)
                break
        else:
            writer.close()
            return
        pipes = [self._pipe(reader, back_writer), self._pipe(back_reader, writer)]
        await asyncio.gather(*pipes, return_exceptions=True)

    @staticmethod
    async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        try:
            while data := await source.read(65536):
                sink.write(data)
                await sink.drain()
        finally:
            sink.close()

    def stop(self) -> None:
        """Close the proxy and every connection through it."""

        async def close() -> None:
            self.server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


def test_a_page_plays_on_when_the_owner_process_dies(
    browser: Any,  # noqa: F811
    redis_url: str,  # noqa: F811
) -> None:
    """FLOW-3: a person's page on process A (through the proxy) clicks three answers; A is
    killed with SIGKILL; the page reconnects through the proxy to process B, which has taken
    the table over, shows ``connected`` at a step no earlier than before, and is clicked to the
    hand's end; the log holds versions 1..n once each, B holds the lease, and the hand replays."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    args = ("--bot-delay", "0", "--away-timeout", "0", "--answer-timeout", "0")
    first, second = _serve(redis_url, *args), _serve(redis_url, *args)
    proxy = Proxy([first.port, second.port])
    try:
        browser.get(f"{proxy.http}/open?game=baoshan&seat=0&seed=5")
        WebDriverWait(browser, _WAIT).until(lambda d: "/table/t1" in d.current_url)
        store = RedisStore(redis_url, "reader")
        owner = store.db.get(store.key("lease", "t1"))
        assert owner is not None and f":{first.process.pid}:" in str(owner)
        assert _click(browser, 3) == 3
        body = browser.find_element(By.TAG_NAME, "body")
        step = int(body.get_attribute("data-step"))
        first.kill()
        WebDriverWait(browser, _WAIT, poll_frequency=0.05).until(
            lambda d: d.find_element(By.ID, "status").text.startswith("reconnecting")
        )
        WebDriverWait(browser, _WAIT).until(
            lambda d: d.find_element(By.ID, "status").text == "connected"
        )
        after = int(browser.find_element(By.TAG_NAME, "body").get_attribute("data-step"))
        assert after >= step
        _click(browser, None)
        assert browser.find_element(By.ID, "ended").is_displayed()
        owner = store.db.get(store.key("lease", "t1"))
        assert owner is not None and f":{second.process.pid}:" in str(owner)
        stored = store.table("t1")
        assert stored is not None and stored.ended == (True,)
        versions = [entry["v"] for entry in store.log("t1")]
        assert versions == list(range(1, stored.version + 1))
        assert replay(stored.records[0]).result is not None
        store.close()
    finally:
        proxy.stop()
        _stop(first, second)
