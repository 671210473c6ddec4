"""The command line's words for Sichuan 血战到底's own phases, 换三张 (huàn sān zhāng, passing
three tiles) and 定缺 (dìng quē, giving up a suit), in English and Chinese: the log lines of
their events, what ``play --human`` says when it asks, and what its table shows of them.

What a line shows is what the event or view shows: another seat's tiles and void suit are
secret (SC-VIEW-1), so its lines say that it chose or declared, not what.

>>> from mahjong_rules.tiles import Suit, Tile
>>> from mahjong_rules.variants.sichuan.actions import VoidDeclared
>>> event_lines_sichuan(VoidDeclared(0, Suit.PIN, Tile("4p")), "en")
['seat 0 定缺 gives up 筒 (p), sets 4p 四筒 aside face down']
>>> event_lines_sichuan(VoidDeclared(1, None, None), "zh")
['座位 1 已定缺（保密）']
"""

from __future__ import annotations

from collections.abc import Iterable

from mahjong_rules.cli.common import tile_text
from mahjong_rules.cli.human_text import Lang
from mahjong_rules.engine.events import Discarded, Event
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.tiles import Suit, Tile
from mahjong_rules.variants.sichuan.actions import (
    AsideSet,
    TilesChosen,
    TilesSwapped,
    VoidDeclared,
)
from mahjong_rules.variants.sichuan.false_hu import FalseHuPenalised
from mahjong_rules.variants.sichuan.records import (
    SWAPPING,
    VOIDING,
    SichuanOwn,
    SichuanSeat,
    SichuanTable,
)

__all__ = [
    "discard_note_sichuan",
    "event_lines_sichuan",
    "exhausted_line_sichuan",
    "own_lines_sichuan",
    "seat_parts_sichuan",
    "seen_discard_note_sichuan",
    "stage_label_sichuan",
]

_DIRECTION = {
    "to_next": ("to the next seat (下家)", "给下家"),
    "to_previous": ("to the previous seat (上家)", "给上家"),
    "opposite": ("across (对家)", "给对家"),
}

_STAGES = {
    SWAPPING: (
        "--- 换三张: choose three tiles of one suit to pass on",
        "--- 换三张：选出同一花色的三张牌换出",
    ),
    VOIDING: (
        "--- 定缺: choose the suit you give up and one of its tiles to set aside face down "
        "(your first discard; - when you hold none)",
        "--- 定缺：选择缺的花色，并扣下一张该花色的牌（你的第一张弃牌；没有该花色时为 -）",
    ),
}


def _tiles(tiles: Iterable[Tile], lang: Lang) -> str:
    return ("，" if lang == "zh" else ", ").join(tile_text(t) for t in tiles)


def _suit(suit: Suit) -> str:
    return f"{suit.name_zh} ({suit.value})"


def _direction(direction: str, lang: Lang) -> str:
    en, zh = _DIRECTION.get(direction, (direction, direction))
    return zh if lang == "zh" else en


def event_lines_sichuan(event: Event, lang: Lang) -> list[str] | None:
    """The log lines of one of Sichuan's own events in ``lang``; ``None`` for any other."""
    zh = lang == "zh"
    if isinstance(event, TilesChosen):
        if event.tiles is None:
            return [
                f"座位 {event.seat} 换三张 已选好三张"
                if zh
                else f"seat {event.seat} 换三张 has chosen three tiles"
            ]
        chosen = _tiles(event.tiles, lang)
        return [
            f"座位 {event.seat} 换三张 选出 {chosen}"
            if zh
            else f"seat {event.seat} 换三张 chooses {chosen} to pass"
        ]
    if isinstance(event, TilesSwapped):
        where = _direction(event.direction, lang)
        if event.gave is None or event.got is None:
            return [
                f"座位 {event.seat} 换三张 {where}三张"
                if zh
                else f"seat {event.seat} 换三张 passes three tiles {where}"
            ]
        gave, got = _tiles(event.gave, lang), _tiles(event.got, lang)
        return [
            f"座位 {event.seat} 换三张 {where} {gave}，换来 {got}"
            if zh
            else f"seat {event.seat} 换三张 passes {gave} {where}, gets {got}"
        ]
    if isinstance(event, VoidDeclared):
        return [_void_line(event, zh)]
    if isinstance(event, FalseHuPenalised):
        return [
            f"座位 {event.seat} 诈胡，罚分"
            if zh
            else f"seat {event.seat} 诈胡 false hu: the hand does not win, penalised"
        ]
    if isinstance(event, AsideSet):
        down = [seat for seat, d in enumerate(event.face_down) if d]
        none = [seat for seat, d in enumerate(event.face_down) if not d]
        if zh:
            parts = [f"扣牌 {'、'.join(f'座位 {s}' for s in down) or '无'}"]
            if none:
                parts.append(f"无扣牌 {'、'.join(f'座位 {s}' for s in none)}")
            return [f"定缺完成：{'；'.join(parts)}"]
        parts = [f"a tile face down for {', '.join(f'seat {s}' for s in down) or 'no seat'}"]
        if none:
            parts.append(f"none for {', '.join(f'seat {s}' for s in none)}")
        return [f"定缺 done: {'; '.join(parts)}"]
    return None


def _void_line(event: VoidDeclared, zh: bool) -> str:
    if event.suit is None:
        return (
            f"座位 {event.seat} 已定缺（保密）"
            if zh
            else f"seat {event.seat} 定缺 declares (secret)"
        )
    if event.aside is None:
        if zh:
            return f"座位 {event.seat} 定缺 {event.suit.name_zh}，手中无{event.suit.name_zh}"
        return f"seat {event.seat} 定缺 gives up {_suit(event.suit)}, holding none of it"
    if zh:
        return f"座位 {event.seat} 定缺 {event.suit.name_zh}，扣下 {tile_text(event.aside)}"
    return (
        f"seat {event.seat} 定缺 gives up {_suit(event.suit)}, "
        f"sets {tile_text(event.aside)} aside face down"
    )


def discard_note_sichuan(event: Discarded, state: State | None, lang: Lang) -> str:
    """`` (turned up: 定缺 万)`` when ``event`` is a seat's first discard, the tile it set
    aside face down, which shows its void suit (SC-VOID-2, SC-VIEW-1); ``""`` otherwise or
    with no state (``state``: the state the discard reached)."""
    if state is None:
        return ""
    seat = state.seats[event.seat]
    record = seat.variant
    if not isinstance(record, SichuanSeat) or record.aside != event.tile or record.void is None:
        return ""
    if len(seat.discards) != 1:
        return ""
    suit = record.void.name_zh
    return f"（翻开扣牌：缺{suit}）" if lang == "zh" else f" (turned up: 定缺 {suit})"


def seen_discard_note_sichuan(event: Discarded, view: View | None, lang: Lang) -> str:
    """:func:`discard_note_sichuan` from a seat's view (``view``: the one after the discard):
    the discarder's first discard whose void suit the table now shows."""
    table = None if view is None else view.variant
    if view is None or not isinstance(table, SichuanTable) or event.seat >= len(table.voids):
        return ""
    void = table.voids[event.seat]
    if void is None or len(view.seats[event.seat].discards) != 1:
        return ""
    return (
        f"（翻开扣牌：缺{void.name_zh}）" if lang == "zh" else f" (turned up: 定缺 {void.name_zh})"
    )


def exhausted_line_sichuan(wins: int, lang: Lang) -> str | None:
    """The wall's end after ``wins`` wins (血战到底 plays on after a win): no draw game;
    ``None`` when no seat has won."""
    if not wins:
        return None
    if lang == "zh":
        return f"牌墙已摸完（已有 {wins} 家胡牌）"
    return f"the wall is exhausted after {wins} win{'' if wins == 1 else 's'}"


def stage_label_sichuan(stage: str | None, lang: Lang) -> str | None:
    """What ``play --human`` says when it asks in Sichuan's phase ``stage``; ``None`` for
    another stage."""
    found = _STAGES.get(stage or "")
    if found is None:
        return None
    return found[1] if lang == "zh" else found[0]


def own_lines_sichuan(view: View, lang: Lang) -> list[str]:
    """What the seat's table shows of its own 换三张 and 定缺, and of the swap's direction."""
    zh = lang == "zh"
    lines: list[str] = []
    table, own = view.variant, view.own_variant
    if isinstance(table, SichuanTable) and table.direction is not None:
        where = _direction(table.direction, lang)
        lines.append(f"换三张：各家{where}" if zh else f"换三张: every seat passed {where}")
    if not isinstance(own, SichuanOwn):
        return lines
    if own.chosen:
        gave = "".join(t.notation for t in own.chosen)
        got = "".join(t.notation for t in own.received) or ("（未换）" if zh else "(not yet)")
        lines.append(
            f"你的换三张：换出 {gave}，换来 {got}"
            if zh
            else f"your 换三张: passed {gave}, got {got}"
        )
    if own.void is not None:
        if own.aside is None:
            aside = "，手中无该花色" if zh else ", holding none of it"
        else:
            aside = f"，扣下 {own.aside}" if zh else f", set aside {own.aside}"
        suit = own.void.name_zh if zh else _suit(own.void)
        lines.append(f"你的定缺：{suit}{aside}" if zh else f"your 定缺: {suit}{aside}")
    return lines


def seat_parts_sichuan(view: View, seat: int, lang: Lang) -> list[str]:
    """What the table shows of another seat's 定缺: its tile face down, or its void suit once
    turned up."""
    table = view.variant
    if not isinstance(table, SichuanTable) or seat >= len(table.voids):
        return []
    zh = lang == "zh"
    parts = []
    if table.face_down[seat]:
        parts.append("扣牌 1 张" if zh else "1 tile face down")
    void = table.voids[seat]
    if void is not None:
        parts.append(f"缺 {void.name_zh}" if zh else f"void {_suit(void)}")
    return parts
