"""The served table without a browser: whole hands, the views sent, the answers and refusals."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest
from mahjong_server.lobby import games
from mahjong_server.table import Settings, Table

from mahjong_rules import get_variant
from mahjong_rules.records import replay
from mahjong_rules.render.page_data import settlement_data
from tests.server_helpers import Player, serving

GAMES = [name for name, _ in games()]


def _notes(message: dict[str, Any], seat: int) -> list[str]:
    """The lines the page writes under seat ``seat``'s label."""
    notes: list[str] = message["seats"][seat]["notes"]
    return notes


def page_data(page: str) -> dict[str, Any]:
    """The steps a replay page embeds."""
    found = re.search(r'<script type="application/json" id="mj-data">(.*?)</script>', page)
    assert found is not None
    data: dict[str, Any] = json.loads(found[1])
    return data


def run(test: Any) -> None:
    """Run the coroutine ``test`` (the example's tests need no asyncio plugin)."""
    asyncio.run(asyncio.wait_for(test, 60))


@pytest.mark.parametrize("game", GAMES)
def test_four_bots_play_a_hand_that_replays(game: str) -> None:
    """A table of bots plays to the end; its record replays to the same result."""

    async def test() -> None:
        rules = get_variant(game)
        table = Table("t1", rules, people=frozenset(), seed=7, settings=Settings(bot_delay=0))
        await table.task
        assert table.over
        done = replay(table.record)
        assert done.result == rules.result(table.state)
        assert done.final.step == table.state.step == len(table.record.actions)

    run(test())


@pytest.mark.parametrize("game", GAMES)
def test_a_client_plays_a_whole_hand_with_three_bots(game: str) -> None:
    """Seat 0 answers every view it is asked with its first action; the hand ends, the ended
    message sums it up as the rules do and its replay page is served."""

    async def test() -> None:
        async with serving() as served:
            table = served.lobby.open(game, frozenset({0}), seed=11)
            async with Player.at(served, table.id, 0) as player:
                ended = await player.play_to_end()
            result = table.rules.result(table.state)
            assert result is not None
            assert ended["totals"] == list(result.deltas)
            assert ended["replay"] == f"/replay/{table.id}?seat=0&hand=0"
            summed = settlement_data(table.rules, result, "en", final=table.state)  # 罚分 named
            assert ended == {"type": "ended", "table": table.id, "seat": 0, **ended, **summed}
            status, headers, page = await served.fetch(ended["replay"])
            assert status == 200 and page.startswith("<!DOCTYPE html>")
            assert "mj-slider" in page and '<link rel="icon" href="data:,">' in page
            # a seat's page reads no state: its settlement is told without the last one (what
            # a variant's describe_win adds from the hand's state, e.g. 红中麻将's birds, is not)
            seat_summed = settlement_data(table.rules, result, "en")
            assert page_data(page)["steps"][-1]["end"] == seat_summed
            assert replay(table.record).result == result
            # a strict policy: only the page's own inline script and style, by a fresh nonce
            policy = headers["content-security-policy"]
            nonce = re.fullmatch(r"default-src 'none'; script-src 'nonce-([\w-]+)'; .*", policy)
            assert nonce is not None and f"style-src 'nonce-{nonce[1]}'" in policy
            assert page.count(f' nonce="{nonce[1]}"') == 2
            _, again, _ = await served.fetch(ended["replay"])
            assert again["content-security-policy"] != policy

    run(test())


def test_a_view_holds_only_the_seats_own_hand() -> None:
    """Every view message is the seat's own: another seat's concealed hand is never in it."""

    async def test() -> None:
        async with serving() as served:
            table = served.lobby.open("baoshan", frozenset({2}), seed=3)
            async with Player.at(served, table.id, 2) as player:
                view = await player.expect("view")
            assert view["seat"] == 2 and view["view"]["seat"] == 2
            hands = [s["hand"] for s in view["view"]["seats"]]
            assert hands[2] == view["view"]["concealed"] != ""
            assert [hands[k] for k in (0, 1, 3)] == [None, None, None]
            expected = table.rules.view(table.state, 2)
            assert view["step"] == expected.step
            assert [a["label"] for a in view["actions"]] == [
                table.rules.action_label(a, "en") for a in expected.legal_actions
            ]

    run(test())


def test_two_clients_answer_one_window_at_once() -> None:
    """Sichuan's 定缺 asks every seat at once: two people answer the same view's step, both
    are accepted, and the hand goes on to its turns."""

    async def test() -> None:
        async with serving() as served:
            table = served.lobby.open("sichuan", frozenset({0, 1}), seed=5)
            async with (
                Player.at(served, table.id, 0) as first,
                Player.at(served, table.id, 1) as second,
            ):
                views = [await first.asked(), await second.asked()]
                assert views[0]["step"] == views[1]["step"]  # one moment, one step
                assert table.state.phase.value == "choosing"
                await asyncio.gather(first.answer(views[0]), second.answer(views[1]))
                accepted = [await p.expect("accepted") for p in (first, second)]
            assert [a["step"] for a in accepted] == [views[0]["step"]] * 2
            voids = [a for a in table.record.actions if type(a).__name__ == "DeclareVoid"]
            assert sorted(a.seat for a in voids) == [0, 1, 2, 3]

    run(test())


async def _refusal(player: Player, message: Any) -> dict[str, Any]:
    """The error the server answers ``message`` with (views sent meanwhile are skipped)."""
    await player.send(message)
    return await player.expect("error")


def test_junk_wrong_seat_and_late_answers_are_refused_and_the_table_goes_on() -> None:
    """Each bad message gets an error naming why; the connection is kept; the hand ends."""

    async def test() -> None:
        async with serving() as served:
            table = served.lobby.open("baoshan", frozenset({0, 1}), seed=9)
            async with (
                Player.at(served, table.id, 0) as player,
                Player.at(served, table.id, 1) as other,
            ):
                view = await player.asked()
                action = view["actions"][0]["action"]
                codes = []
                for junk in (
                    "not json",
                    "[1, 2]",
                    json.dumps({"type": "hello"}),
                    json.dumps({"type": "answer", "action": action, "step": view["step"], "x": 1}),
                    "x" * 20_000,
                    b"\x00\x01",
                    json.dumps({"type": "answer", "action": action}),
                    json.dumps({"type": "answer", "action": {"type": "Nope"}, "step": 0}),
                    json.dumps({"type": "join", "table": "t1", "seat": "zero", "token": None}),
                ):
                    codes.append((await _refusal(player, junk))["code"])
                assert codes == [
                    "not_json",
                    "not_object",
                    "unknown_type",
                    "bad_field",
                    "too_long",
                    "binary",
                    "bad_answer",
                    "bad_answer",
                    "bad_field",
                ]
                for_other = {**action, "seat": 1}
                refused = await _refusal(
                    player, {"type": "answer", "action": for_other, "step": view["step"]}
                )
                assert (
                    refused["code"] == "illegal"
                    and "seat 0 cannot answer for seat 1" in (refused["message"])
                )
                await player.answer(view)
                await player.expect("accepted")
                late = await _refusal(player, {"type": "answer", "action": action, "step": 0})
                assert late["code"] == "stale"
                await player.answer(view)  # the same answer again: that moment has passed
                assert (await player.expect("error"))["code"] == "stale"
                results = await asyncio.gather(player.play_to_end(), other.play_to_end())
            assert results[0]["totals"] == results[1]["totals"]
            assert table.over

    run(test())


def test_joins_refused() -> None:
    """A message before joining, an unknown table, a bot's seat, a seat taken by another."""

    async def test() -> None:
        async with serving() as served:
            table = served.lobby.open("yongshan", frozenset({0}), seed=2)
            async with Player.at(served, table.id, 0), served_client(served) as client:
                answer = {"type": "answer", "action": {"type": "Pass", "seat": 0}, "step": 0}
                joins = [
                    answer,
                    {"type": "join", "table": "t99", "seat": 0, "token": None},
                    {"type": "join", "table": table.id, "seat": 1, "token": None},
                    {"type": "join", "table": table.id, "seat": 0, "token": None},
                    {"type": "join", "table": table.id, "seat": 0, "token": "guess"},
                ]
                codes = [(await _refusal(client, m))["code"] for m in joins]
            assert codes == ["not_joined", "no_table", "no_seat", "seat_taken", "seat_taken"]

    run(test())


def served_client(served: Any) -> Any:
    """A client connected but not joined."""
    from contextlib import asynccontextmanager

    from websockets.asyncio.client import connect

    @asynccontextmanager
    async def client() -> Any:
        async with connect(served.ws) as socket:
            yield Player(socket)

    return client()


def test_a_client_that_comes_back_gets_its_view_again() -> None:
    """Seat 0 drops while asked and rejoins with its token: the same view, the same step."""

    async def test() -> None:
        async with serving(away_timeout=0, answer_timeout=0) as served:
            table = served.lobby.open("baoshan", frozenset({0}), seed=4)
            async with Player.at(served, table.id, 0) as player:
                before = await player.asked()
                token = player.token
            async with Player.at(served, table.id, 0, token=token) as again:
                after = await again.expect("view")
                assert again.token == token
            assert after["step"] == before["step"]
            assert after["view"] == before["view"] and after["actions"] == before["actions"]

    run(test())


def test_a_seat_away_too_long_is_played_by_a_bot_until_its_person_comes_back() -> None:
    """托管: seat 0 drops; the other person sees it marked tuoguan; it comes back and takes the
    seat again; it drops for good and the bot plays it to the end of the hand."""

    async def test() -> None:
        async with serving(away_timeout=0.05, answer_timeout=0) as served:
            table = served.lobby.open("yongshan", frozenset({0, 1}), seed=6)
            async with Player.at(served, table.id, 1) as watcher:
                async with Player.at(served, table.id, 0) as player:
                    token = player.token

                def kind(message: dict[str, Any]) -> str:
                    return str(message["seats"][0]["kind"])

                away = await watcher.expect("view", lambda m: kind(m) == "tuoguan")
                assert _notes(away, 0) == ["庄 dealer", "托管 a bot plays", "(away)"]
                assert _notes(away, 2) == ["bot"]
                async with Player.at(served, table.id, 0, token=token) as back:
                    mine = await back.expect("view")
                    assert kind(mine) == "person"
                    assert _notes(mine, 0) == ["(you)", "庄 dealer", "person"]
                    await watcher.expect("view", lambda m: kind(m) == "person")
                ended = await watcher.play_to_end()
            assert table.over and table.seats[0].tuoguan
            assert ended["totals"] == list(table.rules.result(table.state).deltas)  # type: ignore[union-attr]

    run(test())


def test_a_seat_that_does_not_answer_in_time_is_played_by_a_bot() -> None:
    """托管 after ``answer_timeout``: the connected person sees its own seat taken over, and
    the bot plays it to the end of the hand."""

    async def test() -> None:
        async with serving(answer_timeout=0.05) as served:
            table = served.lobby.open("sichuan", frozenset({3}), seed=8)
            async with Player.at(served, table.id, 3) as player:
                taken = await player.expect("view", lambda m: m["seats"][3]["kind"] == "tuoguan")
                assert taken["seat"] == 3
                ended = await player.expect("ended")
            assert ended["seat"] == 3 and table.over

    run(test())


def test_back_takes_the_seat_back_from_its_bot() -> None:
    """A connected person whose seat is in 托管 sends ``back``: its seat is a person's again."""

    async def test() -> None:
        async with serving(away_timeout=0, answer_timeout=0) as served:
            table = served.lobby.open("baoshan", frozenset({0, 1}), seed=1)
            async with (
                Player.at(served, table.id, 1),  # never answers: the hand waits for it
                Player.at(served, table.id, 0) as player,
            ):
                await player.expect("view")
                table.seats[0].tuoguan = True  # as a timeout would
                await player.send({"type": "back"})
                view = await player.expect("view", lambda m: m["seats"][0]["kind"] == "person")
            assert view["seat"] == 0 and not table.seats[0].tuoguan

    run(test())


def test_a_table_in_chinese() -> None:
    """A table opened with ``lang="zh"`` speaks Chinese: its phase, log and settlement."""

    async def test() -> None:
        async with serving() as served:
            table = served.lobby.open("sichuan", frozenset({0}), seed=12, lang="zh")
            async with Player.at(served, table.id, 0) as player:
                first = await player.expect("view")
                ended = await player.play_to_end()
            assert first["phase"] == "定缺：你选择"  # the game's name; said from the seat's side
            assert _notes(first, 1) == ["机器人"]
            assert ended["title"].startswith("结算")
            assert all(row["payer"].startswith("座位 ") for row in ended["payments"])

    run(test())


def test_a_second_connection_with_the_token_takes_the_seat_over() -> None:
    """The seat joined again from another connection (a second page): the first is told why
    and closed, the second gets the view."""

    async def test() -> None:
        async with serving(away_timeout=0, answer_timeout=0) as served:
            table = served.lobby.open("baoshan", frozenset({0}), seed=3)
            async with (
                Player.at(served, table.id, 0) as first,
                Player.at(served, table.id, 0, token=first.token) as second,
            ):
                closed = await first.expect("error")
                view = await second.expect("view")
                await asyncio.wait_for(first.socket.wait_closed(), 30)
                assert table.seats[0].client is not None and not table.seats[0].tuoguan
            assert closed["code"] == "closed" and view["seat"] == 0

    run(test())


def test_same_origin_reads_the_pages_origin_against_the_host() -> None:
    """A page this server served (same host and port, http or https), or one allowed."""
    from mahjong_server.http import same_origin

    host = "127.0.0.1:8765"
    assert same_origin("http://127.0.0.1:8765", host)
    assert same_origin("https://127.0.0.1:8765", host)
    assert same_origin("http://LOCALHOST:8765", "localhost:8765")
    assert not same_origin("http://127.0.0.1:9999", host)  # another server on the machine
    assert not same_origin("https://evil.example", host)
    assert not same_origin("null", host)  # a sandboxed frame or a file:// page
    assert not same_origin("file://", host)
    assert not same_origin("http://127.0.0.1:8765", "")  # no Host header: nothing to match
    allowed = frozenset({"https://tables.example"})
    assert same_origin("https://tables.example", host, allowed)
    assert not same_origin("https://tables.example.evil", host, allowed)


def test_a_page_of_another_origin_cannot_open_the_websocket() -> None:
    """Cross-site websocket hijacking: a browser sends the opening page's Origin, and the
    server refuses the handshake (403) unless it is its own or one it was told to allow; a
    client that sends none (not a browser) plays, and one refused leaves the table as it
    was."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    async def joined(served: Any, origin: str | None, table_id: str, seat: int) -> str:
        async with connect(served.ws, origin=origin) as socket:  # type: ignore[arg-type]
            join = {"type": "join", "table": table_id, "seat": seat, "token": None}
            await socket.send(json.dumps(join))
            message = json.loads(await asyncio.wait_for(socket.recv(), 30))
            return str(message["type"])

    async def test() -> None:
        allowed = frozenset({"https://tables.example"})
        async with serving(origins=allowed) as served:
            table = served.lobby.open("sichuan", frozenset({0, 1, 2, 3}), seed=4)
            with pytest.raises(InvalidStatus) as refused:
                await joined(served, "https://evil.example", table.id, 0)
            assert refused.value.response.status_code == 403
            assert b"only with pages of its own server" in refused.value.response.body
            with pytest.raises(InvalidStatus):
                await joined(served, f"http://127.0.0.1:{served.port + 1}", table.id, 0)
            assert table.state.step == 0
            assert all(s.client is None and s.token is None for s in table.seats)
            assert await joined(served, served.http, table.id, 0) == "joined"
            assert await joined(served, "https://tables.example", table.id, 1) == "joined"
            assert await joined(served, None, table.id, 2) == "joined"

    run(test())
