"""What the server sends a seat: its ``view`` at this moment, and ``ended`` once the hand is over.

A ``view`` message is built from ``rules.view(state, seat)`` alone, so it holds only what that
seat may see::

    {"type": "view", "table": "t1", "seat": 0, "step": 12, "asked": true,
     "view": <the View document (mahjong_rules.serial.to_dict)>,
     "actions": [{"action": <an action document read_answer accepts>, "label": "discard 5m"}],
     "svg": "<svg ...>", "phase": "seat 0's turn", "notes": ["本金 5m"],
     "seats": [{"seat": 0, "kind": "person", "connected": true, "badges": []}, ...],
     "log": ["seat 3 discards 7p", ...]}

``kind`` is ``person``, ``bot`` or ``tuoguan`` (托管: a bot plays the person's seat). The
``ended`` message sums up the settlement and links the replay page::

    {"type": "ended", "table": "t1", "replay": "/replay/t1?seat=0", "title": "结算 settlement",
     "totals": [3, -1, -1, -1], "payments": [["seat 1", "seat 0", "胡 win", 1], ...],
     "wins": [["seat 0 胡 ...", ["平胡 ..."]]]}
"""

from __future__ import annotations

from typing import Any

from mahjong_rules import Rules, State, to_dict
from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.render import view_svg
from mahjong_rules.render.page_words import (
    label,
    own_words,
    payee_words,
    payment_items_for,
    phase_words,
    reason_words,
    seat_words,
    table_words,
    win_words,
)

__all__ = ["ended_message", "view_message"]


def view_message(
    rules: Rules,
    state: State,
    seat: int,
    lang: Lang,
    log: list[str],
    seats: list[dict[str, Any]],
    *,
    table: str,
) -> dict[str, Any]:
    """Seat ``seat``'s ``view`` message (see the module docs); ``seats``: each seat's status."""
    view = rules.view(state, seat)
    actions = [
        {"action": to_dict(action), "label": rules.describe_action(action, lang)}
        for action in view.legal_actions
    ]
    badges = [
        {**status, "badges": seat_words(rules, view, status["seat"], lang)} for status in seats
    ]
    # LIBRARY GAP: view_svg cannot label a seat (a name, 托管): the page lists them beside it.
    return {
        "type": "view",
        "table": table,
        "seat": seat,
        "step": view.step,
        "asked": bool(view.legal_actions),
        "view": to_dict(view),
        "actions": actions,
        "svg": view_svg(view, tile_height=34, fit=True),
        "phase": phase_words(view, lang),
        "notes": table_words(rules, view, lang) + own_words(rules, view, lang),
        "seats": badges,
        "log": log,
    }


def ended_message(
    rules: Rules, state: State, seat: int, lang: Lang, *, table: str, replay: str
) -> dict[str, Any]:
    """The ``ended`` message of a finished hand (``state`` is its last), for seat ``seat``."""
    result = rules.result(state)
    if result is None:
        raise ValueError("ended_message: the hand is not over")
    # LIBRARY GAP: render.page_data builds this summary for the replay page, but privately
    # (_Builder.settlement); the same words are put together here from page_words.
    items = payment_items_for(rules, state, result, lang)
    title = label("settlement", lang)
    if result.exhausted:
        title += " · " + label("exhausted", lang)
    payments = [
        [
            label("seat", lang, seat=p.payer),
            payee_words(p, lang),
            reason_words(p, lang, items),
            p.amount,
        ]
        for p in result.payments
    ]
    return {
        "type": "ended",
        "table": table,
        "seat": seat,
        "replay": replay,
        "title": title,
        "totals": list(result.deltas),
        "payments": payments,
        "wins": [list(win_words(rules, win, lang)) for win in result.wins],
    }
