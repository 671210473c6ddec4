"""The served table in a real browser: Debian's headless Chromium driven by Selenium.

For every registered game, a person opens a table from the lobby page and clicks a legal
action (the first offered) whenever asked, with bots in the other seats, until the hand's end
shows its settlement and the replay link; the replay page loads; no page logs a console error.
In one game a second, scripted client takes another seat and sends junk, an answer for another
seat and a late answer before it plays: each is refused and the hand goes on.

These tests skip when Chromium, its driver or Selenium are missing, except when the
environment variable ``CI`` is set: there they fail, so CI really runs them.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest
from mahjong_server.app import start
from mahjong_server.lobby import Lobby, games
from mahjong_server.table import Settings, Table

from tests.server_helpers import Player, Served

pytestmark = pytest.mark.browser

_BROWSERS = ("chromium", "chromium-browser", "google-chrome")
_WAIT = 60.0


def _missing(what: str) -> NoReturn:
    if os.environ.get("CI"):
        pytest.fail(f"{what}: CI must run the browser tests (chromium and chromium-driver)")
    pytest.skip(what)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium with a phone-sized window, its console log kept."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("selenium is not installed (pip install -e '.[browser]')")
    binary = next((found for name in _BROWSERS if (found := shutil.which(name))), None)
    driver_path = shutil.which("chromedriver")
    if driver_path is None and Path("/usr/lib/chromium/chromedriver").exists():
        driver_path = "/usr/lib/chromium/chromedriver"
    if binary is None or driver_path is None:
        _missing("chromium or chromedriver is not installed")
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=420,900"):
        options.add_argument(argument)
    options.binary_location = binary
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()


class _Background:
    """The server on its own event loop in a thread (Selenium blocks the test's thread)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        settings = Settings(bot_delay=0, away_timeout=0, answer_timeout=0)
        self.lobby = Lobby(settings)
        self.server = self.run(start(self.lobby, "127.0.0.1", 0))
        self.served = Served(self.lobby, self.server.sockets[0].getsockname()[1])

    def run(self, work: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(_WAIT)

    def stop(self) -> None:
        async def close() -> None:
            self.server.close()
            self.lobby.close()
            await self.server.wait_closed()

        self.run(close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(_WAIT)


@pytest.fixture(scope="module")
def background() -> Iterator[_Background]:
    served = _Background()
    try:
        yield served
    finally:
        served.stop()


def _errors(driver: Any) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def _open_table(
    driver: Any, background: _Background, game: str, people: list[int], lang: str = "en"
) -> Table:
    """Open a table of ``game`` from the lobby page, seat 0 ours and ``people`` for persons,
    in ``lang``."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver.get(background.served.http + "/")
    offered = [
        o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#game option")
    ]
    assert offered == [name for name, _ in games()]
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    driver.find_element(By.ID, "seed").send_keys("5")
    Select(driver.find_element(By.ID, "lang")).select_by_value(lang)
    for seat in people:
        driver.find_element(By.CSS_SELECTOR, f'input[name="people"][value="{seat}"]').click()
    driver.find_element(By.ID, "open-table").click()
    WebDriverWait(driver, _WAIT).until(lambda d: "/table/" in d.current_url)
    table_id = driver.current_url.split("/table/")[1].split("?")[0]
    return background.lobby.tables[table_id]


def _click_until_the_end(driver: Any, seen: set[str] | None = None) -> int:
    """Click the first action offered whenever there is one, until the replay link shows;
    the number of clicks. ``seen`` collects the texts of the move's heading and 听 line."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    clicks = 0

    def step(d: Any) -> bool:
        nonlocal clicks
        if d.find_elements(By.ID, "replay-link"):
            return True
        buttons = d.find_elements(By.CSS_SELECTOR, "#actions button.action:enabled")
        if seen is not None:
            seen.update(e.text for e in d.find_elements(By.CSS_SELECTOR, "#actions p, #ready"))
        if buttons:
            buttons[0].click()
            clicks += 1
        return False

    wait = WebDriverWait(
        driver, _WAIT, poll_frequency=0.02, ignored_exceptions=[StaleElementReferenceException]
    )
    wait.until(step)
    return clicks


def _check_the_end(driver: Any, table: Table) -> None:
    """The settlement shown is the rules' and the replay link loads the hand's page."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    result = table.rules.result(table.state)
    assert result is not None
    shown = driver.find_element(By.ID, "totals").text
    expected = [f"seat {k}: {t:+d}" if t else f"seat {k}: 0" for k, t in enumerate(result.deltas)]
    assert shown == " · ".join(expected)
    assert _errors(driver) == []
    driver.find_element(By.ID, "replay-link").click()
    WebDriverWait(driver, _WAIT).until(lambda d: d.find_elements(By.ID, "mj-slider"))
    assert "/replay/" in driver.current_url
    assert _errors(driver) == []


@pytest.mark.parametrize("game", [name for name, _ in games()])
def test_a_person_plays_a_hand_in_the_browser(
    browser: Any, background: _Background, game: str
) -> None:
    """Seat 0 clicks a legal action whenever asked; three bots play the other seats."""
    table = _open_table(browser, background, game, [])
    assert [seat.person for seat in table.seats] == [True] + [False] * (len(table.seats) - 1)
    assert _click_until_the_end(browser) > 0
    assert table.over
    _check_the_end(browser, table)


async def _junk_then_play(served: Served, table_id: str) -> tuple[list[str], dict[str, Any]]:
    """Seat 1's client: junk, an answer for seat 0, a late answer; then a proper hand."""
    async with Player.at(served, table_id, 1) as player:
        codes = []
        for junk in ("{", json.dumps({"type": "shout"}), "x" * 50_000):
            await player.send(junk)
            codes.append((await player.expect("error"))["code"])
        view = await player.asked()
        action = view["actions"][0]["action"]
        await player.send({"type": "answer", "action": {**action, "seat": 0}, "step": 0})
        codes.append((await player.expect("error"))["code"])
        await player.answer(view)
        await player.expect("accepted")
        await player.answer(view)  # again: that moment has passed
        codes.append((await player.expect("error"))["code"])
        return codes, await player.play_to_end()


def test_a_person_plays_while_another_client_sends_junk(
    browser: Any, background: _Background
) -> None:
    """Baoshan, seat 0 in the browser, seat 1 a scripted client that misbehaves first."""
    table = _open_table(browser, background, "baoshan", [1])
    other = asyncio.run_coroutine_threadsafe(
        _junk_then_play(background.served, table.id), background.loop
    )
    assert _click_until_the_end(browser) > 0
    codes, ended = other.result(_WAIT)
    assert codes[:3] == ["not_json", "unknown_type", "too_long"]
    assert codes[3:] == ["illegal", "stale"]
    assert table.over and ended["totals"] == list(table.rules.result(table.state).deltas)  # type: ignore[union-attr]
    _check_the_end(browser, table)


def _shot(driver: Any, name: str, width: int) -> None:
    """A screenshot of the page at ``width`` pixels in /tmp (to look at what a player sees)."""
    driver.set_window_size(width, 900)
    driver.save_screenshot(f"/tmp/mj_{name}_{width}.png")


def test_a_person_at_a_chinese_table_reads_chinese_and_sees_every_hand_at_the_end(
    browser: Any, background: _Background
) -> None:
    """lang=zh: the lobby, the page's labels, the status line, the move's heading, the
    settlement, the hands and the replay link are Chinese; once the hand is over the picture
    shows every hand face up (only a 暗杠's end tiles face down, SC-CHAJIAO-1) and the page
    lists each seat's hand."""
    from selenium.webdriver.common.by import By

    from mahjong_rules import MeldKind

    browser.get(background.served.http + "/?lang=zh")
    assert browser.find_element(By.ID, "open-table").text == "开桌"
    table = _open_table(browser, background, "sichuan", [], lang="zh")
    assert table.settings.lang == "zh"
    header = browser.find_element(By.CSS_SELECTOR, "header p").text
    assert header.startswith(f"牌桌 {table.id} · 座位 0 ·") and header.endswith("大厅")
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, _WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "button.action"))
    labels = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "button.action")]
    assert labels and all(label.startswith("定缺 ") and "，扣下 " in label for label in labels)
    for width in (1280, 420):
        _shot(browser, "zh_void", width)
    seen: set[str] = set()
    assert _click_until_the_end(browser, seen) > 0
    assert "轮到你：" in seen and "your move:" not in seen
    assert all(line.startswith("听牌") for line in seen - {"轮到你：", ""})
    assert browser.find_element(By.ID, "status").text == "本局结束"
    result = table.rules.result(table.state)
    assert result is not None
    totals = browser.find_element(By.ID, "totals").text
    assert totals == " · ".join(
        f"座位 {k}：{t:+d}" if t else f"座位 {k}：0" for k, t in enumerate(result.deltas)
    )
    assert browser.find_element(By.CSS_SELECTOR, "#ended h3").text == "各家手牌"
    hands = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#hands li")]
    expected = []
    for k, place in enumerate(table.state.seats):
        tiles = " ".join(t.name_zh for t in sorted(place.concealed)) or "（无）"
        expected.append(f"座位 {k}：{tiles}")
    assert hands == expected
    assert browser.find_element(By.ID, "replay-link").text == "本局复盘"
    picture = browser.find_element(By.ID, "picture").get_attribute("innerHTML")
    kongs = sum(m.kind is MeldKind.AN_GANG for s in table.state.seats for m in s.melds)
    assert picture.count("<title>face down</title>") == 2 * kongs
    assert _errors(browser) == []
    for width in (420, 1280):
        _shot(browser, "zh_end", width)
    browser.set_window_size(420, 900)
