"""A table's seats: :class:`Seat` (a person's or a bot's), the :class:`Settings` of a table,
the :class:`Client` a table sends to, and :class:`JoinError`."""

from __future__ import annotations

from typing import Any, Protocol

import attrs

from mahjong_rules.engine.word_hooks import Lang
from mahjong_server.protocol import ProtocolError

__all__ = ["Client", "JoinError", "Seat", "Settings"]


class Client(Protocol):
    """A connection the table sends to (see :mod:`.app`)."""

    def push(self, message: dict[str, Any]) -> None:
        """Queue ``message`` to be sent."""

    def close(self, why: str) -> None:
        """Send an error saying ``why`` and close the connection."""


class JoinError(ProtocolError):
    """A join refused: no such seat for a person, or the seat is someone else's."""


@attrs.frozen
class Settings:
    """How a table plays: the seconds between bot moves and before 托管 takes a seat."""

    bot_delay: float = 0.6
    away_timeout: float = 30.0
    """Seconds a person's seat may stay without a connection (0: never taken over)."""
    answer_timeout: float = 120.0
    """Seconds a person may take to answer (0: no limit)."""
    lang: Lang = "en"


@attrs.define
class Seat:
    """One seat: a person's (``person``) or a bot's, and what the table knows of it now."""

    number: int
    person: bool
    token: str | None = None
    client: Client | None = None
    away_since: float | None = None
    """When the person's connection went (the table's creation until the first join)."""
    asked_since: float | None = None
    tuoguan: bool = False
    """托管: a bot plays the person's seat."""
    log: list[str] = attrs.field(factory=list)

    @property
    def automatic(self) -> bool:
        """Whether a bot answers for this seat now."""
        return not self.person or self.tuoguan

    def status(self) -> dict[str, Any]:
        """What every seat is told of this one."""
        kind = "bot" if not self.person else "tuoguan" if self.tuoguan else "person"
        return {"seat": self.number, "kind": kind, "connected": self.client is not None}
