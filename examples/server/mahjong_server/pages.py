"""The HTML pages: the lobby, a seat's table page, and a short message page.

The pages are plain HTML with one stylesheet and (the table page) one script, both under
``static/``; the table page is drawn by the script from the ``view`` messages it is sent. Each
page speaks its language (``en`` or ``zh``, :mod:`.words`): the lobby and a message page the
one asked for (``?lang=zh``), a table page its table's; the table page hands its script the
texts it shows itself (``data-texts`` on its body).
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from mahjong_rules import Rules, Tile
from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.render import face
from mahjong_rules.render.faces import TILE_DEPTH, TILE_HEIGHT, TILE_WIDTH
from mahjong_server.lobby import Lobby, games
from mahjong_server.table import Table
from mahjong_server.words import page_texts, text

__all__ = ["lobby_page", "message", "table_page", "tile_sprite", "watch_page"]

_HEAD = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/style.css">
</head>
"""


def _head(title: str, lang: str = "en") -> str:
    return _HEAD.format(title=escape(title), lang=lang)


def _home(lang: Lang) -> str:
    return "/?lang=zh" if lang == "zh" else "/"


def message(said: str, lang: Lang = "en") -> str:
    """A page that says ``said`` (already in ``lang``), with a link back to the lobby."""
    return (
        _head(text("site", lang), lang)
        + f'<body><main class="narrow"><p id="message">{escape(said)}</p>'
        + f'<p><a class="button" href="{_home(lang)}">{escape(text("back_to_lobby", lang))}</a>'
        + "</p></main></body></html>\n"
    )


def _table_line(summary: dict[str, Any], lang: Lang) -> str:
    """A table's line in the lobby, from its :meth:`.table.Table.summary`."""
    seats = []
    for seat in summary["seats"]:
        number = seat["seat"]
        if seat["free"] and not summary["over"]:
            href = f"/table/{escape(summary['id'])}?seat={number}"
            take = escape(text("take_seat", lang, seat=number))
            seats.append(f'<a class="button seat-link" href="{href}">{take}</a>')
        else:
            said = text("seat_kind", lang, seat=number, kind=text(seat["kind"], lang))
            seats.append(f'<span class="seat-kind">{escape(said)}</span>')
    state = text("over" if summary["over"] else "playing", lang)
    name = f"{summary['name_zh']} {summary['game']}"
    match = summary["match"]
    line = text("match_line", lang, hand=match["hand"], hands=match["hands"])
    tid = escape(summary["id"])
    links = [f'<a class="button watch-link" href="/watch/{tid}">{escape(text("watch", lang))}</a>']
    for number in range(summary["ended"]):  # every finished hand's replay
        href = escape(f"/replay/{summary['id']}?seat=0&hand={number}")
        said = escape(f"{text('replay', lang)} {number + 1}")
        links.append(f'<a class="button replay-link" href="{href}">{said}</a>')
    return (
        f'<li class="table-line" data-table="{tid}">'
        f"<strong>{tid}</strong> {escape(name)} · {escape(line)} · {state}"
        f'<div class="seats">{"".join(seats)}</div>'
        f'<div class="links">{"".join(links)}</div></li>'
    )


def lobby_page(lobby: Lobby, lang: Lang = "en") -> str:
    """The lobby in ``lang``: a form to open a table of any registered game (in the lobby's
    language unless another is chosen), and the tables open."""

    def t(key: str, **fields: object) -> str:
        return escape(text(key, lang, **fields))

    options = "".join(
        f'<option value="{escape(name)}">{escape(zh)} {escape(name)}</option>'
        for name, zh in games()
    )
    seats = "".join(f'<option value="{k}">{t("seat", seat=k)}</option>' for k in range(4))
    people = "".join(
        f'<label class="check"><input type="checkbox" name="people" value="{k}"> '
        f"{t('seat', seat=k)}</label>"
        for k in range(4)
    )
    hands = "".join(f'<option value="{k}">{k}</option>' for k in (1, 2, 4, 8, 16))
    lines = "".join(_table_line(summary, lang) for summary in reversed(lobby.listing()))
    tables = f'<ul id="tables">{lines}</ul>' if lines else f'<p id="tables">{t("no_table")}</p>'
    chosen = {"en": "", "zh": ""}
    chosen[lang] = " selected"
    other = "/" if lang == "zh" else "/?lang=zh"
    return (
        _head(text("lobby_title", lang), lang)
        + f"""<body><main class="narrow">
<p class="switch"><a id="other-lang" href="{other}">{t("other_lang")}</a></p>
<h1>{t("lobby_heading")}</h1>
<form id="open" action="/open" method="get">
<label>{t("game")} <select name="game" id="game">{options}</select></label>
<label>{t("your_seat")} <select name="seat" id="seat">{seats}</select></label>
<fieldset><legend>{t("people")}</legend>{people}</fieldset>
<label>{t("hands_label")} <select name="hands" id="hands">{hands}</select></label>
<label>{t("options_label")} <input name="options" id="options" maxlength="200"
 placeholder="players=3, swap_three=true, fan_cap=4"></label>
<label>{t("seed")} <input name="seed" id="seed" inputmode="numeric" maxlength="40"
 placeholder="{t("random")}"></label>
<label>{t("language")} <select name="lang" id="lang">
<option value="en"{chosen["en"]}>English</option>
<option value="zh"{chosen["zh"]}>中文</option></select></label>
<button type="submit" class="button" id="open-table">{t("open_table")}</button>
</form>
<h2>{t("tables")}</h2>
{tables}
</main></body></html>
"""
    )


def watch_page(table: Table) -> str:
    """The spectators' page of ``table`` (观战 guānzhàn), in the table's language: its script
    watches the table over the websocket and draws each public view it is sent."""
    name = f"{table.rules.name_zh} {table.rules.name}"
    lang = table.settings.lang
    texts = escape(json.dumps(page_texts(lang), ensure_ascii=False))
    line = escape(f"{text('watching', lang)} · {table.id}")
    return (
        _head(f"{name} · {text('watching', lang)} {table.id}", lang)
        + f"""<body data-table="{escape(table.id)}" data-texts="{texts}">
<header><h1>{escape(name)}</h1><p>{line} · <span id="status"></span> ·
<a href="{_home(lang)}">{escape(text("lobby", lang))}</a></p></header>
<main id="table"><section id="board"><p id="match"></p><p id="phase"></p><ul id="notes"></ul>
<ul id="public-seats"></ul></section></main>
<script src="/static/watch.js"></script>
</body></html>
"""
    )


def tile_sprite(rules: Rules) -> str:
    """The tile pictures of ``rules``' wall, sent once with the table page: a hidden SVG of
    ``<symbol>`` elements the script draws with ``<use href="#t-5m">`` (``t-back`` a face-down
    tile, ``t-wild`` the wildcard's border and badge drawn over a face)."""
    box = f"0 0 {TILE_WIDTH:g} {TILE_HEIGHT + TILE_DEPTH:g}"
    symbols = [f'<symbol id="t-back" viewBox="{box}">{face(None)}</symbol>']
    kinds: list[Tile] = sorted(set(rules.wall_tiles))
    for tile in kinds:
        symbols.append(f'<symbol id="t-{tile.notation}" viewBox="{box}">{face(tile)}</symbol>')
    wild = face(kinds[0], wild=True)[len(face(kinds[0])) :]  # what a wildcard adds
    symbols.append(f'<symbol id="t-wild" viewBox="{box}">{wild}</symbol>')
    return f'<svg id="tiles" hidden aria-hidden="true"><defs>{"".join(symbols)}</defs></svg>'


def table_page(table: Table, seat: int) -> str:
    """Seat ``seat``'s page of ``table``, in the table's language: its script joins the seat
    over the websocket."""
    name = f"{table.rules.name_zh} {table.rules.name}"
    lang = table.settings.lang

    def t(key: str, **fields: object) -> str:
        return escape(text(key, lang, **fields))

    texts = escape(json.dumps(page_texts(lang), ensure_ascii=False))
    return (
        _head(text("table_title", lang, name=name, table=table.id, seat=seat), lang)
        + f"""<body data-table="{escape(table.id)}" data-seat="{seat}" data-texts="{texts}">
<header><h1>{escape(name)}</h1><p>{t("table_line", table=table.id, seat=seat)} ·
<span id="status">{t("connecting")}</span> · <a href="{_home(lang)}">{t("lobby")}</a></p></header>
<main id="table">
<section id="board"><p id="match"></p><p id="phase"></p><p id="ready" hidden></p>
<ul id="notes"></ul><div id="picture"></div></section>
<section id="side">
<p id="error" role="alert" hidden></p>
<div id="tuoguan" hidden><p>{t("tuoguan_note")}</p>
<button type="button" class="button" id="back">{t("take_back")}</button></div>
<div id="actions" aria-live="polite"></div>
<section id="ended" hidden></section>
<ul id="seats"></ul>
<ul id="log"></ul>
</section>
</main>
{tile_sprite(table.rules)}
<script src="/static/table.js"></script>
</body></html>
"""
    )
