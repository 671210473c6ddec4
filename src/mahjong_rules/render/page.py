"""A hand replayed as one self-contained HTML page: :func:`replay_page`.

The page shows the table at one moment of a recorded hand (a
:class:`~mahjong_rules.records.HandRecord`): every seat's hand and melds (or, with ``seat``,
only what that seat saw), the ponds with the claimed discards marked, the wall count, what the
variant shows of its own records (报听, 本金 and 听用, void suits, ...), the step's events in
words, and the legal choices of each seat asked, the one taken marked. A slider, previous /
next buttons and the arrow keys move through the hand; ``PAGE#step=N`` opens it at step ``N``
and the address follows the slider. The last step shows the settlement: every payment (payer,
payee, reason, amount), each win's pattern breakdown and each seat's total.

Everything is inline: the tiles are the library's own faces
(:func:`~mahjong_rules.render.faces.face`, one ``<symbol>`` per face used), the styles and the
script are in the page, and nothing is loaded from the network, so the file reads offline and
can be attached to a bug report. Nothing is written here: save the text yourself (the command
line's ``replay FILE --html PAGE`` does).

>>> from mahjong_rules import get_variant
>>> from mahjong_rules.records import HandRecord
>>> page = replay_page(HandRecord.new(get_variant("baoshan"), seed=1), lang="zh")
>>> page.startswith("<!DOCTYPE html>"), 'lang="zh"' in page, "<script src" in page
(True, True, False)
"""

from __future__ import annotations

import json
import re
from typing import Any

from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.errors import ReplayError
from mahjong_rules.records import HandRecord
from mahjong_rules.render.faces import face
from mahjong_rules.render.page_assets import SCRIPT, STYLE
from mahjong_rules.render.page_data import page_data
from mahjong_rules.render.page_words import label
from mahjong_rules.tiles import Tile

__all__ = ["MAX_NONCE", "page_json", "replay_page"]

MAX_NONCE = 256
"""The longest ``nonce`` :func:`replay_page` takes, in characters."""
_NONCE = re.compile(r"[A-Za-z0-9+/_-]+={0,2}")


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def page_json(data: Any) -> str:
    """``data`` as JSON safe inside a ``<script>`` element (no ``<``, so no ``</script>``)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _symbols(used: list[str]) -> str:
    """One ``<symbol>`` per tile face the page draws, and the face-down back."""
    parts = [f'<symbol id="mj-back" viewBox="0 0 30 44">{face(None)}</symbol>']
    for code in used:
        wild = code.endswith("*")
        tile = Tile(code.rstrip("*"))
        name = f"mj-{tile.notation}{'-w' if wild else ''}"
        parts.append(f'<symbol id="{name}" viewBox="0 0 30 44">{face(tile, wild)}</symbol>')
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" '
        f'class="mj-faces">{"".join(parts)}</svg>'
    )


def _nonce_attribute(nonce: str | None) -> str:
    """`` nonce="..."`` for the page's inline script and style, or nothing for ``None``."""
    if nonce is None:
        return ""
    if not isinstance(nonce, str):
        raise ReplayError(f"nonce must be a str or None, not {type(nonce).__name__}", None)
    if len(nonce) > MAX_NONCE or not _NONCE.fullmatch(nonce):
        raise ReplayError(
            f"nonce must be 1 to {MAX_NONCE} base64 characters (A-Z a-z 0-9 + / - _, "
            f"then at most two =), got {nonce[:40]!r}",
            None,
        )
    return f' nonce="{nonce}"'


def replay_page(
    record: HandRecord, *, seat: int | None = None, lang: Lang = "en", nonce: str | None = None
) -> str:
    """The HTML page of ``record`` (see the module docs), as text.

    ``seat``: the page of that seat's view alone, made from its views and the events it saw
    (``rules.view(state, seat)``, ``rules.events_for(seat, ...)``), never from the states;
    ``None`` (the default): every seat's hand. ``lang``: ``"en"`` or ``"zh"``. A record that
    does not replay, a seat not at the table or an unknown language raise
    :class:`~mahjong_rules.errors.ReplayError`.

    ``nonce``: put on the page's inline ``<script>`` and ``<style>`` (``nonce="..."``), so a
    server can send the page under a strict Content-Security-Policy
    (``script-src 'nonce-N'; style-src 'nonce-N'; img-src data:``, the last for its empty
    icon: the page has no ``style`` attribute or event handler, its tiles are inline SVG). A
    fresh random value per response, e.g. ``secrets.token_urlsafe(16)``; it must be base64
    text (at most :data:`MAX_NONCE` characters), else :class:`~mahjong_rules.errors.ReplayError`.
    The page's ``<head>`` names an empty icon (``<link rel="icon" href="data:,">``), so a
    browser does not ask its server for ``/favicon.ico``.

    >>> from mahjong_rules import get_variant
    >>> page = replay_page(HandRecord.new(get_variant("sichuan"), seed=3), nonce="cmFuZG9t")
    >>> page.count(' nonce="cmFuZG9t"'), '<link rel="icon" href="data:,">' in page
    (2, True)
    """
    marked = _nonce_attribute(nonce)
    data = page_data(record, seat=seat, lang=lang)
    meta = data["meta"]
    title = f"{meta['title']} · {meta['sub']}"
    keys = label("keys", lang)
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_escape(title)}</title>
<link rel="icon" href="data:,">
<style{marked}>{STYLE}</style>
</head>
<body>
{_symbols(meta["faces"])}
<header><h1>{_escape(meta["title"])}</h1><p class="sub">{_escape(meta["sub"])}</p></header>
<nav><button type="button" id="mj-prev">{_escape(label("prev", lang))}</button>
<input type="range" id="mj-slider" min="0" max="0" value="0" aria-label="step">
<button type="button" id="mj-next">{_escape(label("next", lang))}</button>
<span id="mj-where"></span><span class="keys">{_escape(keys)}</span></nav>
<main>
<div>
<section id="mj-status"><span id="mj-phase"></span><span id="mj-wall"></span>
<span id="mj-table"></span></section>
<section id="mj-seats"></section>
</div>
<div>
<section id="mj-events"></section>
<section id="mj-choices"></section>
<section id="mj-end" hidden></section>
</div>
</main>
<script type="application/json" id="mj-data">{page_json(data)}</script>
<script{marked}>{SCRIPT}</script>
</body>
</html>
"""
