"""What the server sends a seat: its ``view`` at this moment, and ``ended`` once the hand is over.

A ``view`` message is built from ``rules.view(state, seat)`` alone, so it holds only what that
seat may see::

    {"type": "view", "table": "t1", "seat": 0, "step": 12, "asked": true,
     "view": <the View document (mahjong_rules.serial.to_dict)>,
     "actions": [{"action": <an action document read_answer accepts>, "label": "discard 5m"}],
     "picture": null, "phase": "seat 0's turn", "notes": ["本金 5m"],
     "ready": "听 ready: waits on 3p 三筒, 6p 六筒", "waits": ["3p", "6p"],
     "seats": [{"seat": 0, "kind": "person", "connected": true, "badges": [],
                "notes": ["(you)", "庄 dealer", "person"]}, ...],
     "log": ["seat 3 discards 7p", ...]}

``ready`` tells the seat it is 听 (tīng, ready) and what it waits on, or is ``null``
(``mahjong_rules.words.ready_words``): only its own waits (``rules.waits`` of its own seat,
between its turns, while it has not won), never another seat's; ``waits`` are those tiles.
``phase`` names a phase of the game's own by who it asks (``抓码 catching birds: seat 2
chooses``). Once the hand is over the picture shows every seat's hand face up (and every
暗杠), so a 查叫 (chájiào) or a 花猪 (huāzhū) paid can be checked; never before.

``kind`` is ``person``, ``bot`` or ``tuoguan`` (托管: a bot plays the person's seat); ``notes``
are the lines the page writes under a seat's label (the seat's own, the dealer, who plays it).
The page draws the table itself from ``view`` with the tile pictures it was sent once
(:func:`.pages.tile_sprite`): no picture travels with a view. Once the hand is over,
``picture`` is the view with every hand and every 暗杠 face up (the table the page then draws),
``null`` before. The ``ended`` message is
the hand's settlement in words (``render.page_data.settlement_data``, what the seat's replay
page shows at its end, with each 罚分 item named: every hand is shown at the end), each seat's
hand (``hands``: its concealed tiles in notation and in words) and the replay page's address::

    {"type": "ended", "table": "t1", "seat": 0, "replay": "/replay/t1?seat=0",
     "title": "结算 settlement", "next": "next dealer: seat 0", "totals": [3, -1, -1, -1],
     "payments": [{"payer": "seat 1", "payee": "seat 0", "reason": "胡 win", "amount": 1}, ...],
     "cancelled": [], "wins": [{"seat": 0, "text": "seat 0 胡 ...", "breakdown": ["平胡 ..."]}],
     "pot": null, "hands": [{"seat": 0, "tiles": ["1m", "1m", ...], "text": "1m 1m ..."}, ...]}

A spectator (``watch``) is sent ``public`` messages, built from ``rules.public_view(state)``
alone (the library's seatless view: no concealed tile, no wall, no seat's private answer)::

    {"type": "public", "table": "t1", "step": 12, "view": <the PublicView document>,
     "phase": "seat 0's turn", "notes": ["本金 5m"], "seats": [...], "match": {...}}
"""

from __future__ import annotations

from typing import Any, cast

import attrs

from mahjong_rules import Rules, State, Tile, View, to_dict
from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.render.page_data import settlement_data
from mahjong_rules.words.table import (
    action_words,
    own_words,
    phase_words,
    ready_words,
    seat_marks,
    seat_words,
    table_words,
)
from mahjong_server.words import text

__all__ = [
    "ended_message",
    "hands_shown",
    "public_message",
    "seat_notes",
    "tile_words",
    "view_message",
    "waits_of",
]

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


def tile_words(tiles: list[Tile], lang: Lang) -> str:
    """Tiles in words: ``3p 6p``, in Chinese ``三筒 六筒``."""
    return " ".join(tile.name_zh if lang == "zh" else tile.notation for tile in tiles)


def waits_of(rules: Rules, state: State, seat: int) -> list[Tile]:
    """The tiles ``seat``'s own hand waits on (its 听牌), in order: none during its turn (a hand
    of 3k+2 tiles), after it has won, or once the hand is over."""
    own = state.seats[seat]
    if rules.is_over(state) or own.won or own.tiles_count % 3 != 1:
        return []
    return sorted(rules.waits(state, seat))


def hands_shown(view: View, state: State) -> View:
    """``view`` with every seat's concealed hand and 暗杠 face up: what a seat sees once the
    hand is over (the caller checks that it is)."""
    seats = tuple(
        attrs.evolve(
            shown,
            hand=state.seats[shown.seat].concealed,
            melds=state.seats[shown.seat].melds,
            hidden_kongs=0,
        )
        for shown in view.seats
    )
    return attrs.evolve(view, seats=seats)


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
        {"action": to_dict(action), "label": action_words(rules, action, lang)}
        for action in view.legal_actions
    ]
    notes = seat_notes(seats, lang)
    badges = [
        {
            **status,
            "badges": seat_words(rules, view, status["seat"], lang),
            "notes": seat_marks(view, status["seat"], lang) + notes.get(status["seat"], []),
        }
        for status in seats
    ]
    waits = waits_of(rules, state, seat)
    over = rules.is_over(state)
    return {
        "type": "view",
        "table": table,
        "seat": seat,
        "step": view.step,
        "asked": bool(view.legal_actions),
        "view": to_dict(view),
        "actions": actions,
        "picture": to_dict(hands_shown(view, state)) if over else None,
        "phase": phase_words(view, lang, rules),  # said from the seat's side: never who else
        "notes": table_words(rules, view, lang) + own_words(rules, view, lang),
        "ready": ready_words(rules, state, seat, lang) if waits else None,
        "waits": [tile.notation for tile in waits],
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
    # every hand is shown at the end: the 罚分 items (查叫, 花猪) named from the last state
    settlement = settlement_data(rules, result, lang, final=state)
    hands = []
    for number, place in enumerate(state.seats):
        tiles = sorted(place.concealed)
        words = tile_words(tiles, lang) or text("no_tiles", lang)
        hands.append({"seat": number, "tiles": [t.notation for t in tiles], "text": words})
    return {
        "type": "ended",
        "table": table,
        "seat": seat,
        "replay": replay,
        **settlement,
        "hands": hands,
    }


def public_message(
    rules: Rules, state: State, lang: Lang, seats: list[dict[str, Any]], *, table: str
) -> dict[str, Any]:
    """A spectator's ``public`` message (see the module docs): ``rules.public_view(state)``
    and its words; ``seats``: each seat's status."""
    public = rules.public_view(state)
    as_view = cast(View, public)  # the words read only fields a public view has too
    if public.stage is None:
        phase = phase_words(as_view, lang, rules)
    else:  # who a phase asks may hang on hidden tiles: never said (the state is not read)
        phase = text("phase_watched", lang, stage=rules.stage_name(public.stage, lang))
    return {
        "type": "public",
        "table": table,
        "step": public.step,
        "view": to_dict(public),
        "phase": phase,
        "notes": list(rules.describe_table(as_view, lang)),
        "seats": seats,
    }
