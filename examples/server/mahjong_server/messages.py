"""What the server sends a seat: its ``view`` at this moment, and ``ended`` once the hand is over.

A ``view`` message is built from ``rules.view(state, seat)`` alone, so it holds only what that
seat may see::

    {"type": "view", "table": "t1", "seat": 0, "step": 12, "asked": true,
     "view": <the View document (mahjong_rules.serial.to_dict)>,
     "actions": [{"action": <an action document read_answer accepts>, "label": "discard 5m"}],
     "svg": "<svg ...>", "phase": "seat 0's turn", "notes": ["本金 5m"],
     "seats": [{"seat": 0, "kind": "person", "connected": true, "badges": []}, ...],
     "log": ["seat 3 discards 7p", ...]}

``kind`` is ``person``, ``bot`` or ``tuoguan`` (托管: a bot plays the person's seat); the
picture (``render.view_svg``) writes each seat's kind under its label. The ``ended`` message is
the hand's settlement in words (``render.page_data.settlement_data``, what the seat's replay
page shows at its end) and the replay page's address::

    {"type": "ended", "table": "t1", "seat": 0, "replay": "/replay/t1?seat=0",
     "title": "结算 settlement", "next": "next dealer: seat 0", "totals": [3, -1, -1, -1],
     "payments": [{"payer": "seat 1", "payee": "seat 0", "reason": "胡 win", "amount": 1}, ...],
     "cancelled": [], "wins": [{"seat": 0, "text": "seat 0 胡 ...", "breakdown": ["平胡 ..."]}],
     "pot": null}
"""

from __future__ import annotations

from typing import Any

from mahjong_rules import Rules, State, to_dict
from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.render import view_svg
from mahjong_rules.render.page_data import settlement_data
from mahjong_rules.render.page_words import own_words, phase_words, seat_words, table_words

__all__ = ["ended_message", "seat_notes", "view_message"]

_KINDS = {
    "person": ("person", "玩家"),
    "bot": ("bot", "机器人"),
    "tuoguan": ("托管 a bot plays", "托管"),
}
_AWAY = ("(away)", "（离线）")


def seat_notes(seats: list[dict[str, Any]], lang: Lang) -> dict[int, list[str]]:
    """What the picture writes under each seat's label: who plays it (``person``, ``bot``,
    ``托管 a bot plays``), and ``(away)`` for a person's seat with no connection."""
    k = 1 if lang == "zh" else 0
    notes = {}
    for status in seats:
        lines = [_KINDS[status["kind"]][k]]
        if status["kind"] != "bot" and not status["connected"]:
            lines.append(_AWAY[k])
        notes[status["seat"]] = lines
    return notes


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
    return {
        "type": "view",
        "table": table,
        "seat": seat,
        "step": view.step,
        "asked": bool(view.legal_actions),
        "view": to_dict(view),
        "actions": actions,
        "svg": view_svg(view, tile_height=34, fit=True, seat_notes=seat_notes(seats, lang)),
        "phase": phase_words(view, lang, rules),
        "notes": table_words(rules, view, lang) + own_words(rules, view, lang),
        "seats": badges,
        "log": log,
    }


def ended_message(
    rules: Rules, state: State, seat: int, lang: Lang, *, table: str, replay: str
) -> dict[str, Any]:
    """The ``ended`` message of a finished hand (``state`` is its last), for seat ``seat``."""
    result = rules.view(state, seat).result
    if result is None:
        raise ValueError("ended_message: the hand is not over")
    # what the seat may see, as its replay page: no state read (no other seat's hand)
    settlement = settlement_data(rules, result, lang)
    return {"type": "ended", "table": table, "seat": seat, "replay": replay, **settlement}
