"""Spectators (观战): ``watch`` and ``/watch/<id>`` show a table live, never a hidden tile."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import connect

from mahjong_rules import from_dict
from mahjong_rules.engine.public_view import PublicView
from mahjong_rules.records import replay
from tests.server_helpers import WAIT, serving


def run(test: Any) -> None:
    asyncio.run(asyncio.wait_for(test, 120))


def test_a_watcher_is_sent_the_public_view_of_every_step() -> None:
    """SC-VIEW-1, BS-GANG-3: a watcher of a Sichuan table of bots is sent ``watching``, then a
    ``public`` message after every change, each holding exactly the library's public view of
    the hand at its step (no concealed tile, no wall, no legal action), to the hand's end."""

    async def test() -> None:
        async with serving(bot_delay=0.002, away_timeout=0.01) as served:
            table = served.lobby.open("sichuan", frozenset({0}), seed=9)
            page = await served.get(f"/watch/{table.id}")
            assert page[0] == 200 and "/static/watch.js" in page[1]
            messages: list[dict[str, Any]] = []
            async with connect(served.ws) as socket:
                await socket.send(json.dumps({"type": "watch", "table": table.id}))
                first = json.loads(await asyncio.wait_for(socket.recv(), WAIT))
                assert first == {"type": "watching", "table": table.id}
                while not messages or not messages[-1]["match"]["over"]:
                    text = await asyncio.wait_for(socket.recv(), WAIT)
                    assert isinstance(text, str)
                    message = json.loads(text)
                    assert message["type"] == "public"
                    assert '"concealed"' not in text and '"legal_actions"' not in text
                    messages.append(message)
                answer = {"type": "answer", "action": {"type": "Pass", "seat": 1}, "step": 1}
                await socket.send(json.dumps(answer))
                refused = json.loads(await asyncio.wait_for(socket.recv(), WAIT))
                assert refused["code"] == "watching"
            states = replay(table.record).states
            rules = table.rules
            for message in messages:
                shown = from_dict(message["view"], PublicView)
                assert shown == rules.public_view(states[message["step"]])
            assert messages[-1]["step"] == len(table.record.actions)

    run(test())
