"""Sichuan's words (:class:`~mahjong_rules.engine.word_hooks.WordHooks`) for its own phases,
换三张 (huàn sān zhāng, passing three tiles) and 定缺 (dìng quē, giving up a suit), for 诈胡
(zhà hú, a false hu) and its settlement, in English and Chinese: the log lines of its events,
what ``play --human`` says when it asks, what its table shows of them, which 罚分 a penalty is
and the 自摸加底 (zìmō jiā dǐ) bonus of a self-draw.

What a line shows is what the event or view shows: another seat's tiles and void suit are
secret (SC-VIEW-1), so its lines say that it chose or declared, not what.

>>> from mahjong_rules import get_variant
>>> from mahjong_rules.tiles import Suit, Tile
>>> words = get_variant("sichuan")
>>> words.describe_event(VoidDeclared(0, Suit.PIN, Tile("4p")), "en", None, [])
['seat 0 定缺 gives up 筒 (p), sets 4p 四筒 aside face down']
>>> words.describe_event(VoidDeclared(1, None, None), "zh", None, [])
['座位 1 已定缺（保密）']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Discarded, Event
from mahjong_rules.engine.settlement import POT, HandResult, Payment, PaymentReason, WinRecord
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.engine.word_hooks import Lang, WordHooks, tile_words, tiles_words
from mahjong_rules.tiles import Suit, Tile
from mahjong_rules.variants.sichuan.actions import (
    AsideSet,
    DeclareVoid,
    SwapTiles,
    TilesChosen,
    TilesSwapped,
    VoidDeclared,
)
from mahjong_rules.variants.sichuan.false_hu import FalseHu, FalseHuPenalised
from mahjong_rules.variants.sichuan.options import SichuanOptions
from mahjong_rules.variants.sichuan.records import (
    SWAPPING,
    VOIDING,
    SichuanOwn,
    SichuanSeat,
    SichuanTable,
)
from mahjong_rules.variants.sichuan.settlement import suits_held

__all__ = ["SichuanWords"]

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

_NAMES = {
    SWAPPING: ("换三张 passing three tiles", "换三张"),
    VOIDING: ("定缺 declaring void suits", "定缺"),
}
"""The game's names of its phases (换三张 huàn sān zhāng, 定缺 dìngquē), in English and Chinese."""

_ITEMS: dict[str, tuple[str, str]] = {
    "hua_zhu": ("花猪 hua_zhu: the payer holds all three suits", "花猪：付方三门齐"),
    "false_hu": ("诈胡 false hu: the payer declared a hu its hand does not make", "诈胡"),
    "void_pot": (
        "定缺 void suit: a kong of it, or its tiles still held at the end",
        "定缺：杠了缺门，或终局仍有缺门牌",
    ),
}


_SUIT_EN = {Suit.MAN: "characters", Suit.PIN: "dots", Suit.SOU: "bamboo"}
"""The English names of the suits a 定缺 gives up (万 wàn, 筒 tǒng, 条 tiáo)."""


def _suit(suit: Suit) -> str:
    return f"{suit.name_zh} ({suit.value})"


def _direction(direction: str, lang: Lang) -> str:
    en, zh = _DIRECTION.get(direction, (direction, direction))
    return zh if lang == "zh" else en


def _turned_up(suit: Suit, lang: Lang) -> str:
    return (
        f"（翻开扣牌：缺{suit.name_zh}）" if lang == "zh" else f" (turned up: 定缺 {suit.name_zh})"
    )


class SichuanWords(WordHooks):
    """The words of 血战到底's 换三张, 定缺, 诈胡 and settlement."""

    if TYPE_CHECKING:
        options: SichuanOptions
        """The room's options (the rules' own; the settlement's words read 花猪 and the
        self-draw bonus from them)."""

    def describe_action(self, action: Action, lang: Lang) -> str:
        """``swap 1m2m2m`` (``换三张 1m2m2m``), ``void p 4p`` / ``void s -`` (``定缺 p 4p``),
        ``false_hu`` (``诈胡``)."""
        zh = lang == "zh"
        if isinstance(action, SwapTiles):
            return f"{'换三张' if zh else 'swap'} {''.join(t.notation for t in action.tiles)}"
        if isinstance(action, DeclareVoid):
            aside = "-" if action.aside is None else action.aside.notation
            return f"{'定缺' if zh else 'void'} {action.suit.value} {aside}"
        if isinstance(action, FalseHu):
            return "诈胡" if zh else "false_hu"
        return super().describe_action(action, lang)

    def describe_event(
        self, event: Event, lang: Lang, seen: State | View | None, lines: list[str]
    ) -> list[str]:
        """Sichuan's own events; a seat's first discard, the tile it set aside face down,
        says which suit it turned up (SC-VOID-2, SC-VIEW-1)."""
        if isinstance(event, Discarded):
            if lines:
                return [lines[0] + _discard_note(event, seen, lang), *lines[1:]]
            return lines
        own = _own_event(event, lang)
        return own if own is not None else super().describe_event(event, lang, seen, lines)

    def stage_name(self, stage: str, lang: Lang) -> str:
        """``换三张 passing three tiles`` (``换三张``) and ``定缺 declaring void suits``
        (``定缺``)."""
        found = _NAMES.get(stage)
        if found is None:
            return super().stage_name(stage, lang)
        return found[1] if lang == "zh" else found[0]

    def describe_stage(self, view: View, lang: Lang) -> str:
        """What the seat is to do in 换三张 and in 定缺."""
        found = _STAGES.get(view.stage or "")
        if found is None:
            return super().describe_stage(view, lang)
        return found[1] if lang == "zh" else found[0]

    def action_label(self, action: Action, lang: Lang) -> str:
        """``定缺 万 (void characters), set aside 1m 一万`` (``定缺 万，扣下 一万``), ``换三张
        1m 一万, 2m 二万, 2m 二万`` (``换三张 一万 二万 二万``); the library's actions as the
        default labels them."""
        zh = lang == "zh"
        if isinstance(action, DeclareVoid):
            suit = action.suit
            if zh:
                held = action.aside
                aside = "，手中无该花色" if held is None else f"，扣下 {held.name_zh}"
                return f"定缺 {suit.name_zh}{aside}"
            aside = (
                ", holding none of it"
                if action.aside is None
                else f", set aside {tile_words(action.aside)}"
            )
            return f"定缺 {suit.name_zh} (void {_SUIT_EN[suit]}){aside}"
        if isinstance(action, SwapTiles):
            if zh:
                return "换三张 " + " ".join(t.name_zh for t in action.tiles)
            return "换三张 pass " + tiles_words(action.tiles, lang)
        if isinstance(action, FalseHu):
            return "诈胡" if zh else "诈胡 false hu"
        return super().action_label(action, lang)

    def describe_table(self, view: View, lang: Lang) -> list[str]:
        """The swap's direction, and the seat's own 换三张 and 定缺."""
        lines = self._direction_lines(view, lang)
        return lines + self.describe_own(view, lang)

    def _direction_lines(self, view: View, lang: Lang) -> list[str]:
        table = view.variant
        if isinstance(table, SichuanTable) and table.direction is not None:
            where = _direction(table.direction, lang)
            zh = lang == "zh"
            return [f"换三张：各家{where}" if zh else f"换三张: every seat passed {where}"]
        return []

    def describe_own(self, view: View, lang: Lang, *, yours: bool = True) -> list[str]:
        """The seat's own 换三张 and 定缺: ``your 定缺: 万 (m), set aside 1m`` said to it,
        ``its 定缺: 万 (m), set aside 1m`` said of it (SC-VIEW-1: shown only where its hand
        is); in Chinese the tiles by name alone (``定缺：万，扣下 一万``, ``换三张：换出 二筒 五筒
        七筒，换来 ...``)."""
        zh = lang == "zh"
        own = view.own_variant
        lines: list[str] = []
        if not isinstance(own, SichuanOwn):
            return lines
        whose = ("你的" if yours else "") if zh else ("your " if yours else "its ")
        if own.chosen:
            gave, got = _own_tiles(own.chosen, zh), _own_tiles(own.received, zh)
            got = got or ("（未换）" if zh else "(not yet)")
            lines.append(
                f"{whose}换三张：换出 {gave}，换来 {got}"
                if zh
                else f"{whose}换三张: passed {gave}, got {got}"
            )
        if own.void is not None:
            if own.aside is None:
                aside = "，手中无该花色" if zh else ", holding none of it"
            else:
                aside = f"，扣下 {own.aside.name_zh}" if zh else f", set aside {own.aside}"
            suit = own.void.name_zh if zh else _suit(own.void)
            lines.append(f"{whose}定缺：{suit}{aside}" if zh else f"{whose}定缺: {suit}{aside}")
        return lines

    def describe_seat(self, view: View, seat: int, lang: Lang) -> list[str]:
        """Another seat's 定缺: its tile face down, or its void suit once turned up."""
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

    def describe_payment(
        self, state: State, result: HandResult, payment: Payment, lang: Lang
    ) -> str | None:
        """A 罚分: to the pot for the void suit (SC-PENALTY-1/2); to a seat 花猪 when the
        room has it and the payer ends un-won holding three suits (SC-HUAZHU-1), else 诈胡
        (SC-WIN-3)."""
        if payment.reason is not PaymentReason.PENALTY:
            return None
        if payment.payee is POT:
            key = "void_pot"
        else:
            payer = state.seats[payment.payer]
            pig = self.options.hua_zhu and not payer.won and len(suits_held(payer)) == 3
            key = "hua_zhu" if pig else "false_hu"
        en, zh = _ITEMS[key]
        return zh if lang == "zh" else en

    def describe_win(self, win: WinRecord, lang: Lang, state: State | None = None) -> list[str]:
        """A self-draw under 自摸加底 (SC-PAY-1): each payer pays the points and 1 more,
        outside the cap."""
        bonus = self.options.self_draw_bonus
        if win.from_seat is not None or not bonus:
            return []
        points = win.breakdown.points
        if lang == "zh":
            return [
                f"  座位 {win.seat} 自摸：{points} 分 + 自摸加底 {bonus} 分（封顶外），"
                f"每家付 {points + bonus} 分"
            ]
        return [
            f"  seat {win.seat} 自摸 self-draw: {_points(points)} + 自摸加底 {bonus} "
            f"(self-draw bonus, outside the cap) = {points + bonus} from each payer"
        ]


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _discard_note(event: Discarded, seen: State | View | None, lang: Lang) -> str:
    """`` (turned up: 定缺 万)`` when ``event`` is a seat's first discard, the tile it set
    aside face down, which shows its void suit; ``""`` otherwise or with nothing ``seen``."""
    if isinstance(seen, State):
        seat = seen.seats[event.seat]
        record = seat.variant
        if not isinstance(record, SichuanSeat) or record.aside != event.tile:
            return ""
        if record.void is None or len(seat.discards) != 1:
            return ""
        return _turned_up(record.void, lang)
    table = None if seen is None else seen.variant
    if seen is None or not isinstance(table, SichuanTable) or event.seat >= len(table.voids):
        return ""
    void = table.voids[event.seat]
    if void is None or len(seen.seats[event.seat].discards) != 1:
        return ""
    return _turned_up(void, lang)


def _own_tiles(tiles: Iterable[Tile], zh: bool) -> str:
    """A seat's own tiles: by name in Chinese (``二筒 五筒``), in the notation else (``2p5p``)."""
    if zh:
        return " ".join(t.name_zh for t in tiles)
    return "".join(t.notation for t in tiles)


def _own_event(event: Event, lang: Lang) -> list[str] | None:
    """The log lines of one of Sichuan's own events in ``lang``; ``None`` for any other."""
    zh = lang == "zh"
    if isinstance(event, TilesChosen):
        if event.tiles is None:
            return [
                f"座位 {event.seat} 换三张 已选好三张"
                if zh
                else f"seat {event.seat} 换三张 has chosen three tiles"
            ]
        chosen = tiles_words(event.tiles, lang)
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
        gave, got = tiles_words(event.gave, lang), tiles_words(event.got, lang)
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
        return [_aside_line(event, zh)]
    return None


def _aside_line(event: AsideSet, zh: bool) -> str:
    down = [seat for seat, d in enumerate(event.face_down) if d]
    none = [seat for seat, d in enumerate(event.face_down) if not d]
    if zh:
        parts = [f"扣牌 {'、'.join(f'座位 {s}' for s in down) or '无'}"]
        if none:
            parts.append(f"无扣牌 {'、'.join(f'座位 {s}' for s in none)}")
        return f"定缺完成：{'；'.join(parts)}"
    parts = [f"a tile face down for {', '.join(f'seat {s}' for s in down) or 'no seat'}"]
    if none:
        parts.append(f"none for {', '.join(f'seat {s}' for s in none)}")
    return f"定缺 done: {'; '.join(parts)}"


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
        return f"座位 {event.seat} 定缺 {event.suit.name_zh}，扣下 {tile_words(event.aside)}"
    return (
        f"seat {event.seat} 定缺 gives up {_suit(event.suit)}, "
        f"sets {tile_words(event.aside)} aside face down"
    )
