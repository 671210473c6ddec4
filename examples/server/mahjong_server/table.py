"""One table playing a match: who is asked, the views sent, the answers, the bots, the timeouts.

The table plays a match of one or more hands (:class:`.play.Play`: the library's
:class:`~mahjong_rules.Match`, the hand's :class:`~mahjong_rules.State` and
:class:`~mahjong_rules.HandRecord`, each action stored before it is applied). Every action
applied (a person's answer or a bot's) is recorded, and every connected person is sent its
seat's new view at once: a claim window or a phase where several seats choose (Sichuan's 定缺
dìngquē, a purchase of 买点 mǎidiǎn) asks them all together, and each answers the view it got,
with that view's step; the rules say whether an answer is still in time
(``rules.apply(..., expect_step=step)``).

A seat is a bot's, or a person's. A person's seat is played by a bot, 托管 (tuōguǎn), once its
person has been away (no connection) for ``away_timeout`` seconds or has not answered within
``answer_timeout`` seconds of being asked; joining again, answering or sending ``back`` takes
it back. Bots move one at a time, ``bot_delay`` seconds apart, so a person can follow. Once a
hand is over, the next is dealt when every person has sent ``next`` (a seat a bot plays: at once).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from typing import Any

from mahjong_rules import (
    ANY_STEP,
    Action,
    HandRecord,
    MahjongRulesError,
    Match,
    Rules,
    SerializationError,
    StaleActionError,
    State,
)
from mahjong_rules.bots import Bot, CountingBot
from mahjong_rules.engine.step import AnyStep
from mahjong_rules.render.page import replay_page
from mahjong_rules.serial.answer import read_answer
from mahjong_rules.words.table import event_words
from mahjong_server import messages
from mahjong_server.play import Play
from mahjong_server.protocol import error
from mahjong_server.seats import Client, JoinError, Seat, Settings
from mahjong_server.storage import Store
from mahjong_server.words import error_text

__all__ = ["Client", "JoinError", "Seat", "Settings", "Table"]

_logger = logging.getLogger("mahjong_server")

LOG_LINES = 40
"""How many of the latest log lines a view message carries."""


def _report(task: asyncio.Task[None]) -> None:
    """Log a table's loop that stopped on an error (a bug: the hand cannot go on)."""
    if not task.cancelled() and task.exception() is not None:
        _logger.error("%s stopped", task.get_name(), exc_info=task.exception())


def _code(exc: MahjongRulesError) -> str:
    """The ``error`` code of an answer refused: late, not an answer, or not legal now."""
    if isinstance(exc, StaleActionError):
        return "stale"
    return "bad_answer" if isinstance(exc, SerializationError) else "illegal"


class Table:
    """A match of ``rules`` at table ``table_id``; ``people`` are the seats for persons.

    ``play`` is the match (a new one of ``hands`` hands from ``seed``, kept in memory only,
    when not given); ``tokens`` the persons' tokens and ``pressed`` the persons who had
    pressed "next" of a table restored from its store."""

    def __init__(
        self,
        table_id: str,
        rules: Rules,
        *,
        people: frozenset[int],
        seed: int | str,
        settings: Settings = Settings(),  # noqa: B008 - frozen
        hands: int = 1,
        play: Play | None = None,
        tokens: dict[int, str] | None = None,
        pressed: frozenset[int] = frozenset(),
        make_bot: Callable[[int], Bot] = lambda seat: CountingBot(),
    ) -> None:
        self.id = table_id
        self.rules = rules
        self.settings = settings
        if play is None:
            store, first = Store(":memory:"), HandRecord.new(rules, seed=seed)
            opened = (rules.name, rules.options, people, seed, settings.lang, hands, first)
            store.new_table(*opened, table_id=table_id)
            play = Play(table_id, rules, seed=seed, hands=hands, store=store, record=first)
        self.play = play
        self.pressed: set[int] = set(pressed) if self.play.hand_over else set()
        """The persons who have asked for the next hand (kept in the store)."""
        self.watchers: list[Client] = []
        """The spectators' connections (观战 guānzhàn)."""
        now = asyncio.get_running_loop().time()
        tokens = tokens or {}
        self.seats = [
            Seat(k, k in people, tokens.get(k), away_since=now if k in people else None)
            for k in range(rules.players)
        ]
        self.bots = [make_bot(k) for k in range(rules.players)]
        self._wake = asyncio.Event()
        self._log(self.state)
        self._asked(None)
        self.task = asyncio.create_task(self._run(), name=f"table {table_id}")
        self.task.add_done_callback(_report)

    @property
    def state(self) -> State:
        """The hand in play (or the last one)."""
        return self.play.state

    @property
    def record(self) -> HandRecord:
        """The record of the hand in play (or the last one)."""
        return self.play.record

    @property
    def match(self) -> Match:
        """The match so far: the hands ended, their totals, the next dealer."""
        return self.play.match

    @property
    def over(self) -> bool:
        """Whether the match is over (its last hand has ended)."""
        return self.play.over

    @property
    def hand_over(self) -> bool:
        return self.play.hand_over

    # -- the people ---------------------------------------------------------------------------

    def join(self, seat: int, token: str | None, client: Client) -> None:
        """Seat ``seat``'s person connects with ``client``; sends it ``joined`` and its view."""
        place = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if place is None or not place.person:
            raise JoinError("no_seat", f"table {self.id} has no seat {seat} for a person")
        if place.token is None and token is not None:  # a token of another table, or older
            raise JoinError("bad_token", f"that token is not one of table {self.id}")
        if place.token is None:
            place.token = secrets.token_urlsafe(18)
            self.play.store.set_token(self.id, seat, place.token)
        elif token is None or not secrets.compare_digest(token, place.token):
            raise JoinError("seat_taken", f"seat {seat} of table {self.id} is taken")
        if place.client is not None and place.client is not client:
            why = error_text(
                "closed", self.settings.lang, "this seat was joined from another connection"
            )
            place.client.close(why)
        place.client, place.away_since = client, None
        self._take_back(place)
        client.push({"type": "joined", "table": self.id, "seat": seat, "token": place.token})
        self._send_all()
        self._wake.set()

    def watch(self, client: Client) -> None:
        """``client`` watches the table: it is sent ``watching`` and the public view."""
        if client not in self.watchers:
            self.watchers.append(client)
        client.push({"type": "watching", "table": self.id})
        client.push(self.public_message())

    def unwatch(self, client: Client) -> None:
        """``client`` no longer watches."""
        if client in self.watchers:
            self.watchers.remove(client)

    def leave(self, seat: int, client: Client) -> None:
        """``client``'s connection to ``seat`` has gone (a newer one keeps the seat)."""
        place = self.seats[seat]
        if place.client is client:
            place.client = None
            place.away_since = asyncio.get_running_loop().time()
            self._send_all()
            self._wake.set()

    def back(self, seat: int) -> None:
        """The person takes the seat back from its 托管 bot."""
        if self.seats[seat].tuoguan:
            self._take_back(self.seats[seat])
            self._send_all()
            self._wake.set()

    def _take_back(self, place: Seat) -> None:
        """The person plays the seat again, with a fresh answer clock if it is asked."""
        if place.tuoguan and place.asked_since is not None:
            place.asked_since = asyncio.get_running_loop().time()
        place.tuoguan = False

    def answer(self, seat: int, doc: dict[str, Any]) -> None:
        """Seat ``seat``'s answer ``{"action": ..., "step": ...}``: applied, then ``accepted``
        is sent after the views it led to; an answer refused sends an ``error`` and changes
        nothing."""
        client = self.seats[seat].client
        try:
            if self.hand_over:
                raise StaleActionError("the hand is over")
            action, step = read_answer(doc, seat=seat)
            self._apply(seat, action, step)
        except MahjongRulesError as exc:
            if client is not None:
                client.push(error(_code(exc), str(exc)[:300], self.settings.lang))
        else:
            self.back(seat)
            if client is not None:
                client.push({"type": "accepted", "step": step})

    # -- the hand -----------------------------------------------------------------------------

    def press_next(self, seat: int) -> None:
        """Seat ``seat``'s person asks for the next hand (dealt once every person has)."""
        if self.hand_over and not self.over and seat not in self.pressed:
            self.play.store.press(self.id, self.play.number, seat)
            self.pressed.add(seat)
            self._send_all()
            self._wake.set()

    def _next_ready(self) -> bool:
        return all(p.automatic or p.number in self.pressed for p in self.seats)

    def _next_hand(self) -> None:
        self.pressed.clear()
        state = self.play.next_hand()
        self._log(state)
        self._asked(None)
        self._send_all()

    def _apply(self, seat: int, action: Action, step: int | AnyStep) -> None:
        state = self.play.apply(action, step)
        self._log(state)
        self._asked(seat)
        self._send_all()
        self._wake.set()

    def _log(self, state: State) -> None:
        """Each person's seat's log: the events it saw, in words."""
        for place in self.seats:
            if place.person:
                seen = self.rules.events_for(place.number, state.events)
                view = self.rules.view(state, place.number)
                place.log += event_words(self.rules, seen, self.settings.lang, view)
                del place.log[:-LOG_LINES]  # (only the latest are sent)

    def _asked(self, answered: int | None) -> None:
        """Start each newly asked seat's answer clock (the seat that answered: again)."""
        now = asyncio.get_running_loop().time()
        asked = self.rules.to_act(self.state) if not self.hand_over else frozenset()
        for place in self.seats:
            if place.number not in asked or place.number == answered:
                place.asked_since = None
            if place.number in asked and place.asked_since is None:
                place.asked_since = now

    async def _run(self) -> None:
        """Bots answer for their seats; the people's answers come through :meth:`answer`."""
        while not self.over:
            if self.hand_over and self._next_ready():
                self._next_hand()
                continue
            if self._bot_seat() is not None:
                await asyncio.sleep(self.settings.bot_delay)  # (0: let the other tables run)
                seat = self._bot_seat()  # a person may have answered meanwhile
                if seat is not None:
                    view = self.rules.view(self.state, seat)
                    self._apply(seat, self.bots[seat].choose(view), ANY_STEP)
                continue
            self._wake.clear()
            deadline = self._deadline()
            loop = asyncio.get_running_loop()
            timeout = None if deadline is None else max(0.0, deadline - loop.time())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)
            self._time_out()

    def _bot_seat(self) -> int | None:
        if self.hand_over:
            return None
        asked = [k for k in sorted(self.rules.to_act(self.state)) if self.seats[k].automatic]
        return asked[0] if asked else None

    def _deadlines(self, place: Seat) -> list[float]:
        settings, out = self.settings, []
        if place.person and not place.tuoguan:
            if place.away_since is not None and settings.away_timeout > 0:
                out.append(place.away_since + settings.away_timeout)
            if place.asked_since is not None and settings.answer_timeout > 0:
                out.append(place.asked_since + settings.answer_timeout)
        return out

    def _deadline(self) -> float | None:
        times = [t for place in self.seats for t in self._deadlines(place)]
        return min(times, default=None)

    def _time_out(self) -> None:
        """托管: a bot takes each person's seat whose time has run out."""
        now = asyncio.get_running_loop().time()
        changed = False
        for place in self.seats:
            if any(t <= now for t in self._deadlines(place)):
                place.tuoguan = changed = True
        if changed:
            self._send_all()

    # -- what is sent -------------------------------------------------------------------------

    def replay_url(self, seat: int, hand: int | None = None) -> str:
        """The replay page of hand ``hand`` (from 0; the last ended one by default)."""
        number = self.play.ended - 1 if hand is None else hand
        return f"/replay/{self.id}?seat={seat}&hand={number}"

    def replay(self, seat: int, nonce: str | None = None, hand: int | None = None) -> str | None:
        """Hand ``hand``'s (from 0; by default the last ended) replay page as seat ``seat`` saw
        it (``None`` before that hand's end), its inline script and style marked with
        ``nonce`` (a fresh one per response, so the page is made anew each time)."""
        number = self.play.ended - 1 if hand is None else hand
        record = self.play.record_of(number)
        if record is None or not 0 <= seat < len(self.seats):
            return None
        return replay_page(record, seat=seat, lang=self.settings.lang, nonce=nonce)

    def message(self, seat: int) -> dict[str, Any]:
        """Seat ``seat``'s ``view`` message now."""
        status = [place.status() for place in self.seats]
        log = self.seats[seat].log[-LOG_LINES:]
        message = messages.view_message(
            self.rules, self.state, seat, self.settings.lang, log, status, table=self.id
        )
        message["match"] = self.match_status()
        return message

    def match_status(self) -> dict[str, Any]:
        """The match's line: the hand (from 1) of how many, the totals, who asked for the next."""
        return {
            "hand": self.play.number + 1,
            "hands": self.play.hands,
            "scores": list(self.match.scores),
            "next": sorted(self.pressed),
            "over": self.over,
        }

    def public_message(self) -> dict[str, Any]:
        """The spectators' ``public`` message now (:func:`.messages.public_message`)."""
        status = [place.status() for place in self.seats]
        message = messages.public_message(
            self.rules, self.state, self.settings.lang, status, table=self.id
        )
        message["match"] = self.match_status()
        return message

    def _send_all(self) -> None:
        if self.watchers:
            public = self.public_message()
            for watcher in self.watchers:
                watcher.push(public)
        for place in self.seats:
            if place.client is not None:
                place.client.push(self.message(place.number))
                if self.hand_over:
                    url = self.replay_url(place.number)
                    ended = messages.ended_message(
                        self.rules,
                        self.state,
                        place.number,
                        self.settings.lang,
                        table=self.id,
                        replay=url,
                    )
                    ended["match"] = self.match_status()
                    place.client.push(ended)

    def summary(self) -> dict[str, Any]:
        """The lobby's line of this table."""
        return {
            "id": self.id,
            "game": self.rules.name,
            "name_zh": self.rules.name_zh,
            "over": self.over,
            "ended": self.play.ended,
            "match": self.match_status(),
            "seats": [
                {**place.status(), "free": place.person and place.token is None}
                for place in self.seats
            ],
        }
