"""The HTML pages: the lobby, a seat's table page, and a short message page.

The pages are plain HTML with one stylesheet and (the table page) one script, both under
``static/``; the table page is drawn by the script from the ``view`` messages it is sent.
"""

from __future__ import annotations

from html import escape

from mahjong_server.lobby import Lobby, games
from mahjong_server.table import Table

__all__ = ["lobby_page", "message", "table_page"]

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


def message(text: str) -> str:
    """A page that says ``text``, with a link back to the lobby."""
    return (
        _head("mahjong_rules table")
        + f'<body><main class="narrow"><p id="message">{escape(text)}</p>'
        + '<p><a class="button" href="/">the lobby</a></p></main></body></html>\n'
    )


def _table_line(table: Table) -> str:
    summary = table.summary()
    seats = []
    for seat in summary["seats"]:
        number = seat["seat"]
        if seat["free"] and not summary["over"]:
            href = f"/table/{escape(table.id)}?seat={number}"
            seats.append(f'<a class="button seat-link" href="{href}">take seat {number}</a>')
        else:
            seats.append(f'<span class="seat-kind">seat {number}: {escape(seat["kind"])}</span>')
    state = "over" if summary["over"] else "playing"
    name = f"{summary['name_zh']} {summary['game']}"
    return (
        f'<li class="table-line" data-table="{escape(table.id)}">'
        f"<strong>{escape(table.id)}</strong> {escape(name)} · {state}"
        f'<div class="seats">{"".join(seats)}</div></li>'
    )


def lobby_page(lobby: Lobby) -> str:
    """The lobby: a form to open a table of any registered game, and the tables open."""
    options = "".join(
        f'<option value="{escape(name)}">{escape(zh)} {escape(name)}</option>'
        for name, zh in games()
    )
    seats = "".join(f'<option value="{k}">seat {k}</option>' for k in range(4))
    people = "".join(
        f'<label class="check"><input type="checkbox" name="people" value="{k}"> seat {k}</label>'
        for k in range(4)
    )
    lines = "".join(_table_line(t) for t in reversed(list(lobby.tables.values())))
    tables = f'<ul id="tables">{lines}</ul>' if lines else '<p id="tables">No table yet.</p>'
    return (
        _head("mahjong_rules: the lobby")
        + f"""<body><main class="narrow">
<h1>麻将 mahjong tables</h1>
<form id="open" action="/open" method="get">
<label>game <select name="game" id="game">{options}</select></label>
<label>your seat <select name="seat" id="seat">{seats}</select></label>
<fieldset><legend>other seats for people (bots play the rest)</legend>{people}</fieldset>
<label>seed <input name="seed" id="seed" inputmode="numeric" maxlength="40"
 placeholder="random"></label>
<label>language <select name="lang"><option value="en">English</option>
<option value="zh">中文</option></select></label>
<button type="submit" class="button" id="open-table">open a table</button>
</form>
<h2>Tables</h2>
{tables}
</main></body></html>
"""
    )


def table_page(table: Table, seat: int) -> str:
    """Seat ``seat``'s page of ``table``: its script joins the seat over the websocket."""
    name = f"{table.rules.name_zh} {table.rules.name}"
    lang = table.settings.lang
    return (
        _head(f"{name} · table {table.id} · seat {seat}", lang)
        + f"""<body data-table="{escape(table.id)}" data-seat="{seat}">
<header><h1>{escape(name)}</h1><p>table {escape(table.id)} · seat {seat} ·
<span id="status">connecting…</span> · <a href="/">lobby</a></p></header>
<main id="table">
<section id="board"><p id="phase"></p><ul id="notes"></ul><div id="picture"></div></section>
<section id="side">
<p id="error" role="alert" hidden></p>
<div id="tuoguan" hidden><p>托管: a bot plays your seat.</p>
<button type="button" class="button" id="back">take my seat back</button></div>
<div id="actions" aria-live="polite"></div>
<section id="ended" hidden></section>
<ul id="seats"></ul>
<ul id="log"></ul>
</section>
</main>
<script src="/static/table.js"></script>
</body></html>
"""
    )
