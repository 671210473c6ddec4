"""The log of a hand in Chinese (``--lang zh``): one function per kind of line, the same lines
as :mod:`mahjong_rules.words.events` writes in English, with no English word (tiles and melds keep
their one-line notation, ``5m``, ``P7p@0``).

>>> from mahjong_rules import Meld, Tile
>>> from mahjong_rules.engine.events import Claimed, Discarded
>>> event_lines_zh(Discarded(0, Tile("7p")))
['座位 0 打出 7p 七筒']
>>> event_lines_zh(Claimed(1, Meld.parse("P7p*8p@0")))
['座位 1 碰 P7p*8p@0（座位 0 打出；听用 8p 八筒）']
"""

from __future__ import annotations

from collections.abc import Iterable

from mahjong_rules.engine.events import (
    Claimed,
    ConcealedKonged,
    Dealt,
    Discarded,
    Drew,
    Event,
    Konged,
    Paid,
    Passed,
    PaymentsCancelled,
    Won,
)
from mahjong_rules.engine.settlement import WinRecord
from mahjong_rules.engine.state import State
from mahjong_rules.engine.word_hooks import tile_words as tile_text
from mahjong_rules.melds import Meld
from mahjong_rules.scoring import Breakdown, ScoreItem, WinKind
from mahjong_rules.tiles import Tile
from mahjong_rules.words.payments import Items, how_words, payment_line

__all__ = ["breakdown_lines_zh", "event_lines_zh", "meld_zh", "win_line_zh"]

_CANCELLED = {"gang_shang_pao": "杠上炮", "draw_game": "黄庄"}


def _tiles(tiles: Iterable[Tile]) -> str:
    return "，".join(tile_text(t) for t in tiles) or "无"


def meld_zh(meld: Meld) -> str:
    """``P7p*8p@0（座位 0 打出；听用 8p 八筒）``: the meld, who gave its tile, its wildcards."""
    notes = []
    if meld.from_seat is not None:
        notes.append(f"座位 {meld.from_seat} 打出")
    if meld.wild_tiles:
        notes.append(f"听用 {_tiles(meld.wild_tiles)}")
    return f"{meld}（{'；'.join(notes)}）" if notes else str(meld)


def _item(item: ScoreItem) -> str:
    line = f"{item.name_zh} {item.fan} 番"
    if item.count > 1:
        line += f"（{item.count} × {item.fan // item.count}）"
    return line


def breakdown_lines_zh(breakdown: Breakdown, indent: str = "  ") -> list[str]:
    """Each pattern and its 番, the total (before and after the cap), the 分, the reading."""
    lines = [indent + _item(item) for item in breakdown.items]
    lines.append(
        f"{indent}共 {breakdown.fan} 番，封顶后 {breakdown.capped_fan} 番，{breakdown.points} 分"
    )
    reading = breakdown.reading
    if reading is not None:
        lines.append(f"{indent}牌型 {' '.join(str(g) for g in reading.groups)}")
        if reading.wilds:
            lines.append(f"{indent}听用代替 {_tiles(reading.wilds)}")
    return lines


def win_line_zh(win: WinRecord) -> str:
    """``座位 2 胡 1p 一筒，点炮（座位 3 放炮）``."""
    line = f"座位 {win.seat} 胡 {tile_text(win.tile)}，{how_words(win.how, 'zh')}"
    if win.from_seat is not None:
        line += f"（座位 {win.from_seat} {'被抢杠' if win.how is WinKind.ROB_KONG else '放炮'}）"
    if win.forced:
        line += "（必须胡）"
    return line


def event_lines_zh(
    event: Event, state: State | None = None, items: Items | None = None, rules: object = None
) -> list[str]:
    """The Chinese log lines of one of the library's events (``state``, ``items``: as for the
    English log; ``rules`` names nothing here, the breakdown naming its patterns in Chinese);
    none for any other event (a variant's own events have their variant's words)."""
    if isinstance(event, Discarded):
        return [f"座位 {event.seat} 打出 {tile_text(event.tile)}"]
    lines = _simple(event)
    if lines is not None:
        return lines
    if isinstance(event, Dealt):
        lines = [f"发牌：庄家座位 {event.dealer}，牌墙剩余 {event.tiles_left} 张"]
        if state is not None:
            lines += [f"  座位 {k} 手牌 {s.concealed}" for k, s in enumerate(state.seats)]
        return lines
    if isinstance(event, Won):
        return [win_line_zh(event.win), *breakdown_lines_zh(event.win.breakdown)]
    if isinstance(event, Paid):
        return ["  " + payment_line(event.payment, "zh", items)]
    if isinstance(event, PaymentsCancelled):
        cancelled = "；".join(payment_line(p, "zh") for p in event.payments)
        return [f"  取消（{_CANCELLED.get(event.why, event.why)}）：{cancelled}"]
    return []


def _simple(event: Event) -> list[str] | None:
    """The one-line events about one seat."""
    if isinstance(event, Drew):
        what = "一张牌" if event.tile is None else tile_text(event.tile)
        return [f"座位 {event.seat} {'补张' if event.replacement else '摸'} {what}"]
    if isinstance(event, Passed):
        return [f"座位 {event.seat} 过"]
    if isinstance(event, Claimed | Konged):
        return [f"座位 {event.seat} {event.meld.kind.name_zh} {meld_zh(event.meld)}"]
    if isinstance(event, ConcealedKonged):
        return [f"座位 {event.seat} 暗杠（牌面朝下）"]
    return None
