"""Light updates (issue 36 s.5): the page draws the table from the view with the tile pictures
sent once with the page; a view message carries the view and its words, not a picture."""

from __future__ import annotations

import asyncio
import json
import statistics
from typing import Any

import pytest
from mahjong_server.lobby import games

from tests.server_helpers import Player, serving

LIMIT = 8 * 1024
"""The most bytes (before compression) of the median view message."""


def run(test: Any) -> None:
    asyncio.run(asyncio.wait_for(test, 120))


@pytest.mark.parametrize("game", [name for name, _ in games()])
def test_view_messages_are_light_and_the_page_holds_the_tiles(game: str) -> None:
    """FLOW-1: over a whole hand played by a person (in Chinese, the longer words), the median
    view message is at most 8 KB before compression and none carries a picture (``svg``); the
    table page holds every tile of the game's wall once, as a symbol its script draws with."""

    async def test() -> None:
        async with serving() as served:
            table = served.lobby.open(game, frozenset({0}), seed=21, lang="zh")
            status, page = await served.get(f"/table/{table.id}?seat=0")
            assert status == 200
            for kind in {t.notation for t in table.rules.wall_tiles}:
                assert page.count(f'<symbol id="t-{kind}"') == 1
            sizes: list[int] = []
            async with Player.at(served, table.id, 0) as player:
                original = player.read

                async def read() -> dict[str, Any]:
                    message = await original()
                    if message["type"] == "view":
                        assert "svg" not in message
                        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
                        sizes.append(len(text.encode("utf-8")))
                    return message

                player.read = read  # type: ignore[method-assign]
                await player.play_to_end()
            assert len(sizes) > 10
            assert statistics.median(sizes) <= LIMIT, (statistics.median(sizes), max(sizes))

    run(test())
