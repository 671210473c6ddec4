"""The replay page (issue 28) in a real browser: Debian's headless Chromium driven by Selenium.

The page opens with no console error; the slider, the buttons, the arrow keys and ``#step=N``
change what is drawn (the wall count and every seat's pond at that step are the replay's,
FLOW-5), and the address follows the slider; a seat's page never has another seat's hidden
tile in its DOM (the views' rule, SC-VIEW-1 in Sichuan); the settlement's totals are the
record's deltas.

These tests skip when Chromium, its driver or Selenium are missing, except when the
environment variable ``CI`` is set: there they fail, so CI really runs them (``.ci/run``
installs ``chromium`` and ``chromium-driver`` first; ``pip install -e '.[dev]'`` brings
Selenium).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

from mahjong_rules import get_variant
from mahjong_rules.records import replay
from mahjong_rules.render.page import replay_page
from test_replay_page import played

pytestmark = pytest.mark.browser

_BROWSERS = ("chromium", "chromium-browser", "google-chrome")
_DRIVER = "chromedriver"


def _missing(what: str) -> NoReturn:
    if os.environ.get("CI"):
        pytest.fail(
            f"{what}: CI must run the browser tests (apt-get install chromium chromium-driver)"
        )
    pytest.skip(what)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium, its console log kept."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("selenium is not installed (pip install -e '.[browser]')")
    binary = next((found for name in _BROWSERS if (found := shutil.which(name))), None)
    driver_path = shutil.which(_DRIVER) or (
        "/usr/lib/chromium/chromedriver"
        if Path("/usr/lib/chromium/chromedriver").exists()
        else None
    )
    if binary is None or driver_path is None:
        _missing("chromium or chromedriver is not installed")
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,900"):
        options.add_argument(argument)
    options.binary_location = binary
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def _errors(driver: Any) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def _open(driver: Any, path: Path, step: int | None = None) -> None:
    url = path.resolve().as_uri() + ("" if step is None else f"#step={step}")
    driver.get(url)
    assert _errors(driver) == []


def _step(driver: Any) -> int:
    return int(driver.find_element("id", "mj-slider").get_attribute("value"))


def _drawn(driver: Any) -> tuple[int, list[str]]:
    """The wall count and every seat's pond (in seat order) as the page shows them."""
    wall = int(driver.find_element("id", "mj-wall").get_attribute("data-wall"))
    ponds = driver.execute_script(
        "return Array.from(document.querySelectorAll('.seat')).sort(function(a,b){"
        "return a.dataset.seat-b.dataset.seat;}).map(function(s){"
        "return s.querySelector('.pond').dataset.pond;});"
    )
    return wall, list(ponds)


def test_the_slider_buttons_keys_and_address_move_the_page(browser: Any, tmp_path: Path) -> None:
    """FLOW-5: each step drawn is the replay's state after that many actions (its wall count
    and ponds); the address follows the slider; ``#step=N`` opens step N."""
    from selenium.webdriver.common.keys import Keys

    rules = get_variant("yongshan")
    record = played(rules, 5)
    states = replay(record).states
    path = tmp_path / "hand.html"
    path.write_text(replay_page(record), encoding="utf-8")

    def expected(n: int) -> tuple[int, list[str]]:
        state = states[n]
        ponds = [" ".join(t.notation for t in s.discards) for s in state.seats]
        return rules.view(state, 0).tiles_left, ponds

    _open(browser, path)
    assert _step(browser) == 0 and _drawn(browser) == expected(0)
    assert browser.current_url.endswith("#step=0")
    slider = browser.find_element("id", "mj-slider")
    slider.send_keys(Keys.ARROW_RIGHT)
    slider.send_keys(Keys.ARROW_RIGHT)
    assert _step(browser) == 2 and _drawn(browser) == expected(2)
    assert browser.current_url.endswith("#step=2")
    browser.find_element("id", "mj-next").click()
    assert _step(browser) == 3 and _drawn(browser) == expected(3)
    browser.find_element("tag name", "body").send_keys(Keys.ARROW_LEFT)
    assert _step(browser) == 2 and browser.current_url.endswith("#step=2")
    _open(browser, path, 30)
    assert _step(browser) == 30 and _drawn(browser) == expected(30)
    browser.execute_script("location.hash = '#step=41'")
    assert _step(browser) == 41 and _drawn(browser) == expected(41)
    browser.find_element("tag name", "body").send_keys(Keys.END)
    last = len(states) - 1
    assert _step(browser) == last and _drawn(browser) == expected(last)
    assert browser.current_url.endswith(f"#step={last}")
    assert _errors(browser) == []


@pytest.mark.parametrize("game", ["baoshan", "yongshan", "sichuan"])
def test_a_seats_page_never_shows_another_seats_hidden_tiles(
    browser: Any, tmp_path: Path, game: str
) -> None:
    """At every step before the end, every other seat's hand is drawn face down in the DOM
    (unless it won and the room shows winning hands); the settlement's totals are the
    record's deltas, signed."""
    from selenium.webdriver.common.keys import Keys

    rules = get_variant(game)
    record = played(rules, 11)
    done = replay(record)
    viewer = 1
    path = tmp_path / "seat.html"
    path.write_text(replay_page(record, seat=viewer, lang="zh"), encoding="utf-8")
    _open(browser, path)
    body = browser.find_element("tag name", "body")
    for n, state in enumerate(done.states):
        assert _step(browser) == n
        if n < len(done.states) - 1:
            hands = browser.execute_script(
                "return Array.from(document.querySelectorAll('.seat')).map(function(s){"
                "return [Number(s.dataset.seat), Array.from(s.querySelectorAll('.hand > svg.t'))"
                ".map(function(t){return t.dataset.tile;})];});"
            )
            for seat, tiles in hands:
                shown = state.seats[seat].won and not rules.hides_winning_hands
                if seat != viewer and not shown:
                    assert set(tiles) <= {"-"}, (n, seat, tiles)
                    assert len(tiles) == len(state.seats[seat].concealed)
            body.send_keys(Keys.ARROW_RIGHT)
    totals = browser.execute_script(
        "return Array.from(document.querySelectorAll('td[data-total]')).map(function(td){"
        "return td.textContent;});"
    )
    deltas = done.result.deltas  # type: ignore[union-attr]
    assert totals == [f"+{d}" if d > 0 else str(d) for d in deltas]
    assert _errors(browser) == []
