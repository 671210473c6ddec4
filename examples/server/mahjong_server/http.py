"""The HTTP side, served by websockets' ``process_request`` (GET only):

- ``/``: the lobby (:func:`.pages.lobby_page`; ``/?lang=zh`` in Chinese);
- ``/open?game=G&seat=S&people=0,2&seed=X&lang=en&hands=N&opt.players=3``: open a table of
  game ``G`` whose seats ``people`` (``seat`` among them) are for persons, playing a match of
  ``N`` hands (1), with the room's options ``opt.<name>`` (``true``/``false``, a whole number
  or a word, e.g. ``opt.swap_three=true``), then go to seat ``S``'s page;
- ``/table/<id>?seat=S``: seat ``S``'s page (it connects to ``/ws``);
- ``/replay/<id>?seat=S&hand=H``: finished hand ``H``'s (from 0; the last by default) replay
  page as seat ``S`` saw it, under a
  Content-Security-Policy that runs only its own inline script and style (a nonce per response);
- ``/watch/<id>``: the table's page for spectators (it sends ``watch`` over ``/ws``);
- ``/static/<file>``: the pages' scripts and styles;
- ``/ws``: the websocket (:mod:`.app`), refused (403) to a page of another origin: a browser
  names the page that opens a websocket in its ``Origin`` header, and only a page this
  server served (the same host and port as the request's ``Host``) or one of the ``origins``
  the server was started with may play (no cross-site page can take a seat or answer for
  one). A client that is not a browser sends no ``Origin`` and is let through.

A page that says why a request was refused (no such table, a bad seat, a hand not over) speaks
the request's ``lang`` (``en`` or ``zh``). Every page names an empty icon
(``<link rel="icon" href="data:,">``, the replay page's by the library), so a browser asks
for no ``/favicon.ico``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from http import HTTPStatus
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

from mahjong_rules.engine.word_hooks import Lang
from mahjong_server import pages
from mahjong_server.lobby import Lobby
from mahjong_server.protocol import ProtocolError
from mahjong_server.words import error_text, text

__all__ = ["router", "same_origin"]

STATIC = Path(__file__).parent / "static"
_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
_HTML = "text/html; charset=utf-8"
_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'"
)
_REPLAY_CSP = (
    "default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; img-src data:; "
    "base-uri 'none'; form-action 'none'"
)
"""The replay page's policy: its inline script and style by their nonce, its empty icon."""
_MAX_QUERY = 2_000

Route = Callable[[ServerConnection, Request], Response | None]


def _reply(
    connection: ServerConnection,
    status: HTTPStatus,
    body: str,
    kind: str = _HTML,
    *,
    policy: str = _CSP,
) -> Response:
    response = connection.respond(status, body)
    del response.headers["Content-Type"]  # respond() says text/plain
    response.headers["Content-Type"] = kind
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Security-Policy"] = policy
    return response


def _seat(query: dict[str, list[str]], name: str = "seat") -> int:
    text = query.get(name, ["0"])[0]
    if not text.isdigit() or len(text) > 1:
        raise ProtocolError("bad_seat", f"{name}: a seat, 0 to 3")
    return int(text)


def _option(text: str) -> bool | int | str:
    """A room option's value as a query gives it: ``true``/``false``, a whole number, a word."""
    text = text.strip()[:40]
    if text in ("true", "false"):
        return text == "true"
    return int(text) if text.isdigit() else text


def _lang(query: dict[str, list[str]]) -> Lang:
    return "zh" if query.get("lang", ["en"])[0] == "zh" else "en"


def _refused(exc: ProtocolError, lang: Lang) -> str:
    """The page saying why ``exc`` refused a request, in ``lang``."""
    return pages.message(error_text(exc.code, lang, str(exc)), lang)


def same_origin(origin: str, host: str, origins: frozenset[str] = frozenset()) -> bool:
    """Whether a websocket opened by a page of ``origin`` (its ``Origin`` header) may play on
    the server the request names ``host`` (its ``Host`` header): a page this server served
    (``http://`` or ``https://`` and the same host and port), or one of ``origins`` (exactly
    as a browser writes them, e.g. ``https://mahjong.example.org``).

    >>> same_origin("http://127.0.0.1:8765", "127.0.0.1:8765")
    True
    >>> same_origin("https://evil.example", "127.0.0.1:8765")
    False
    >>> same_origin("https://tables.example", "10.0.0.5:8765", frozenset({"https://tables.example"}))
    True
    """
    if origin in origins:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and bool(host) and parts.netloc.lower() == host.lower()


def router(lobby: Lobby, origins: frozenset[str] = frozenset()) -> Route:
    """The ``process_request`` that serves ``lobby``'s pages (``None`` lets ``/ws`` through,
    unless the page opening it is of another origin than this server's and ``origins``)."""
    static = {path.name: path.read_text(encoding="utf-8") for path in STATIC.iterdir()}

    def route(connection: ServerConnection, request: Request) -> Response | None:
        parts = urlsplit(request.path)
        if parts.path == "/ws":
            origin = request.headers.get("Origin")
            if origin is None or same_origin(origin, request.headers.get("Host", ""), origins):
                return None
            refused = pages.message(text("own_server", "en"))
            return _reply(connection, HTTPStatus.FORBIDDEN, refused)
        if len(parts.query) > _MAX_QUERY:
            too_long = pages.message(text("too_long", "en"))
            return _reply(connection, HTTPStatus.REQUEST_URI_TOO_LONG, too_long)
        query = parse_qs(parts.query)
        lang = _lang(query)
        path = parts.path.rstrip("/").split("/")[1:] or [""]
        try:
            if path == [""]:
                return _reply(connection, HTTPStatus.OK, pages.lobby_page(lobby, lang))
            if path == ["open"]:
                return _open(connection, lobby, query)
            if len(path) == 2 and path[0] == "table":
                table = lobby.get(path[1])
                seat = _seat(query)
                return _reply(connection, HTTPStatus.OK, pages.table_page(table, seat))
            if len(path) == 2 and path[0] == "watch":
                return _reply(connection, HTTPStatus.OK, pages.watch_page(lobby.get(path[1])))
            if len(path) == 2 and path[0] == "replay":
                nonce = secrets.token_urlsafe(16)
                hand = query.get("hand", [""])[0]
                number = int(hand) if hand.isdigit() and len(hand) < 4 else None
                page = lobby.get(path[1]).replay(_seat(query), nonce, number)
                if page is None:
                    raise ProtocolError("not_over", text("not_over", "en"))
                policy = _REPLAY_CSP.format(nonce=nonce)
                return _reply(connection, HTTPStatus.OK, page, policy=policy)
            if len(path) == 2 and path[0] == "static" and path[1] in static:
                kind = _TYPES.get(Path(path[1]).suffix, "text/plain; charset=utf-8")
                return _reply(connection, HTTPStatus.OK, static[path[1]], kind)
        except ProtocolError as exc:
            return _reply(connection, HTTPStatus.NOT_FOUND, _refused(exc, lang))
        no_page = pages.message(text("no_page", lang), lang)
        return _reply(connection, HTTPStatus.NOT_FOUND, no_page)

    return route


def _open(connection: ServerConnection, lobby: Lobby, query: dict[str, list[str]]) -> Response:
    """Open a table (a link or the lobby's form) and send the browser to its seat's page."""
    seat = _seat(query)
    people = {seat}
    for listed in query.get("people", []):
        for part in listed.split(","):
            people.add(_seat({"people": [part]}, "people"))
    seed_text = query.get("seed", [""])[0].strip()[:40]
    seed: int | str | None = int(seed_text) if seed_text.isdigit() else seed_text or None
    lang = _lang(query)
    game = query.get("game", [""])[0]
    hands_text = query.get("hands", ["1"])[0]
    hands = int(hands_text) if hands_text.isdigit() and len(hands_text) < 3 else 0
    options = {
        key[4:]: _option(values[0]) for key, values in query.items() if key.startswith("opt.")
    }
    for pair in query.get("options", [""])[0].replace(",", " ").split()[:20]:
        name, _, value = pair.partition("=")
        options[name.strip()[:40]] = _option(value)
    try:
        table = lobby.open(
            game, frozenset(people), seed=seed, lang=lang, hands=hands, options=options
        )
    except ProtocolError as exc:
        return _reply(connection, HTTPStatus.BAD_REQUEST, _refused(exc, lang))
    response = _reply(connection, HTTPStatus.SEE_OTHER, "")
    response.headers["Location"] = f"/table/{quote(table.id)}?seat={seat}"
    return response
