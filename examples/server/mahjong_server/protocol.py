"""The messages between a client and the server: JSON objects, each with a ``type``.

Client to server:

- ``{"type": "join", "table": "t1", "seat": 0, "token": null}``: take seat 0 of table ``t1``
  (``token``: the one the server gave at the first join, to come back to the seat; ``null`` the
  first time);
- ``{"type": "answer", "action": <action document>, "step": <the view's step>}``: the seat's
  answer, read by :func:`mahjong_rules.serial.answer.read_answer` (all but ``type``);
- ``{"type": "back"}``: take the seat back from its 托管 (tuōguǎn) bot;
- ``{"type": "next"}``: once a hand of a match is over, ask for the next (dealt when every
  person has);
- ``{"type": "watch", "table": "t1"}``: watch table ``t1`` without a seat (a spectator, 观战
  guānzhàn): the connection is sent ``watching`` and then the table's public view after every
  change, never a concealed tile.

Server to client: ``joined``, ``watching``, ``view``, ``error``, ``ended`` (see
:mod:`.messages`).

Everything a client sends is checked here before anything else reads it: text only, at most
:data:`MAX_MESSAGE` characters, one JSON object, a known ``type`` and only that type's fields.
A message refused raises :class:`ProtocolError`, whose text is sent back in an ``error``
message; the connection is kept.
"""

from __future__ import annotations

import json
from typing import Any

from mahjong_rules.engine.word_hooks import Lang
from mahjong_server.words import error_text

__all__ = ["FIELDS", "MAX_MESSAGE", "MAX_WIRE", "ProtocolError", "encode", "error", "parse"]

MAX_MESSAGE = 16_384
"""Most characters in a client's message; a longer one is refused with an ``error`` (an answer
has about 100)."""
MAX_WIRE = 1_048_576
"""Most bytes in one websocket frame: above it the connection closes (code 1009)."""

FIELDS: dict[str, frozenset[str]] = {
    "join": frozenset({"type", "table", "seat", "token"}),
    "answer": frozenset({"type", "action", "step"}),
    "back": frozenset({"type"}),
    "next": frozenset({"type"}),
    "watch": frozenset({"type", "table"}),
}
"""The fields each type of client message may hold."""

_MAX_ID = 64


class ProtocolError(ValueError):
    """A client's message that is not one of the protocol's; ``code`` names the kind."""

    def __init__(self, code: str, why: str) -> None:
        super().__init__(why)
        self.code = code


def parse(message: str | bytes) -> dict[str, Any]:
    """The client's ``message`` as a dict with a known ``type``, or :class:`ProtocolError`."""
    if isinstance(message, bytes):
        raise ProtocolError("binary", "messages are JSON text, not binary frames")
    if len(message) > MAX_MESSAGE:
        raise ProtocolError("too_long", f"a message has at most {MAX_MESSAGE} characters")
    try:
        doc = json.loads(message)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("not_json", f"not JSON text: {str(exc)[:80]}") from None
    if not isinstance(doc, dict):
        raise ProtocolError("not_object", "a message is a JSON object with a type")
    kind = doc.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise ProtocolError("unknown_type", f"type is one of {', '.join(sorted(FIELDS))}")
    extra = sorted(str(key)[:20] for key in doc if key not in FIELDS[kind])
    if extra:
        raise ProtocolError("bad_field", f"a {kind} message has no field {extra[0]!r}")
    if kind in ("join", "watch"):
        _check_join(doc)
    return doc


def _check_join(doc: dict[str, Any]) -> None:
    table, seat, token = doc.get("table"), doc.get("seat"), doc.get("token")
    if not isinstance(table, str) or not 0 < len(table) <= _MAX_ID:
        raise ProtocolError("bad_field", f"{doc['type']}.table: a table's id (text)")
    if doc["type"] == "watch":
        return
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ProtocolError("bad_field", "join.seat: a seat, 0 to 3")
    if token is not None and (not isinstance(token, str) or len(token) > _MAX_ID):
        raise ProtocolError("bad_field", "join.token: the token the server gave, or null")


def encode(message: dict[str, Any]) -> str:
    """A server message as JSON text."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def error(code: str, why: str, lang: Lang = "en") -> dict[str, Any]:
    """The ``error`` message: ``code`` (``not_json``, ``stale``, ``illegal``, ...) and why, in
    the table's ``lang`` (``why`` is the English; :func:`.words.error_text`)."""
    return {"type": "error", "code": code, "message": error_text(code, lang, why)}
