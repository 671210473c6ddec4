"""Spectators (观战): ``watch`` and ``/watch/<id>`` show a table live, never a hidden tile."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import connect

from mahjong_rules import from_dict
from mahjong_rules.engine.public_view import PublicView
from mahjong_rules.records import replay
from tests.server_helpers import WAIT, Player, serving


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


def test_who_a_private_phase_asks_reaches_no_seat_and_no_watcher(monkeypatch: Any) -> None:
    """SC-VIEW-1 (a plugin's private phase): a game whose 定缺 asks only the seats holding a 1m
    (who is asked tells what they hold). On seed 0 only seat 1 is asked: seat 0's ``view`` says
    the phase from its own side ("others choose"), seat 1's "you choose", and a watcher's
    ``public`` names no seat; no message names seat 1 as the one asked (the server built it
    from the views, never from the state's asked seats)."""
    from typing import ClassVar

    import attrs
    from mahjong_server.table import Table

    from mahjong_rules.variants import registry
    from mahjong_rules.variants.sichuan.options import SichuanOptions
    from mahjong_rules.variants.sichuan.phases import Voiding
    from mahjong_rules.variants.sichuan.rules import Sichuan

    class HiddenVoiding(Voiding):
        def asks(self, rules: Any, state: Any) -> list[int]:
            concealed = [[t.notation for t in place.concealed] for place in state.seats]
            return [seat for seat, tiles in enumerate(concealed) if "1m" in tiles]

    @attrs.frozen
    class HiddenOptions(SichuanOptions):
        pass

    class HiddenSichuan(Sichuan):
        name = "hidden_sichuan"
        aliases = ()
        options_class = HiddenOptions
        phases: ClassVar = (HiddenVoiding(),)

    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    registry.register_variant(HiddenSichuan)

    async def test() -> None:
        async with serving(away_timeout=0, answer_timeout=0) as served:
            rules = HiddenSichuan()
            table = Table("t9", rules, people=frozenset({0, 1}), seed=0)
            served.lobby.tables[table.id] = table
            assert table.state.claimants == (1,)  # the phase asks seat 1 alone
            async with (
                Player.at(served, table.id, 0) as zero,
                Player.at(served, table.id, 1) as one,
                connect(served.ws) as watcher,
            ):
                await watcher.send(json.dumps({"type": "watch", "table": table.id}))
                await asyncio.wait_for(watcher.recv(), WAIT)  # watching
                public = json.loads(await asyncio.wait_for(watcher.recv(), WAIT))
                seen = await zero.expect("view")
                asked = await one.expect("view")
            assert seen["phase"] == "定缺 declaring void suits: others choose"
            assert asked["phase"] == "定缺 declaring void suits: you choose"
            assert public["phase"] == "定缺 declaring void suits: the asked seats choose"
            for message in (seen, public):
                assert "seat 1 chooses" not in json.dumps(message, ensure_ascii=False)
            table.task.cancel()

    run(test())
