"""The words of 红中麻将: its birds (抓码) as the command line, the replay page and a player's
table say them, in English (with the Chinese term) and in Chinese."""

from __future__ import annotations

from mahjong_hongzhong.records import Birds, BirdsCaught, CatchBirds, hits
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.settlement import WinRecord
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.engine.word_hooks import Lang, tiles_words
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.base import Rules

__all__ = ["HongzhongWords"]


def _birds(tiles: tuple[Tile, ...], lang: Lang) -> str:
    """``birds 1m 一万, 6s 六条: 1 hit`` (Chinese: ``抓码 1m 一万，6s 六条：中 1 码``)."""
    shown = tiles_words(tiles, lang) or ("无" if lang == "zh" else "none")
    n = hits(tiles)
    if lang == "zh":
        return f"抓码 {shown}：中 {n} 码"
    return f"抓码 birds {shown}: {n} hit{'' if n == 1 else 's'}"


class HongzhongWords(Rules):
    """The word hooks of :class:`~mahjong_hongzhong.Hongzhong` (its base)."""

    def describe_action(self, action: Action, lang: Lang) -> str:
        if isinstance(action, CatchBirds):
            return "抓码" if lang == "zh" else "catch birds"
        return super().describe_action(action, lang)

    def describe_event(
        self, event: Event, lang: Lang, seen: State | View | None, lines: list[str]
    ) -> list[str]:
        if isinstance(event, BirdsCaught):
            who = f"座位 {event.seat} " if lang == "zh" else f"seat {event.seat} "
            return [who + _birds(event.tiles, lang)]
        return super().describe_event(event, lang, seen, lines)

    def stage_name(self, stage: str, lang: Lang) -> str:
        if stage == "birds":
            return "抓码" if lang == "zh" else "抓码 catching birds"
        return super().stage_name(stage, lang)

    def describe_stage(self, view: View, lang: Lang) -> str:
        if view.stage == "birds":
            if lang == "zh":
                return "--- 抓码：赢家翻码"
            return "--- 抓码 catching birds: the winner turns them up"
        return super().describe_stage(view, lang)

    def describe_table(self, view: View, lang: Lang) -> list[str]:
        record = view.variant
        if isinstance(record, Birds) and record.tiles:
            return [_birds(record.tiles, lang)]
        return []

    def describe_win(self, win: WinRecord, lang: Lang, state: State | None = None) -> list[str]:
        """What each payer pays: 2 a point of the win (so 4 for 无红中), and, told from the
        hand's ``state``, the birds that hit it, 1 each."""
        points = win.breakdown.points
        if lang == "zh":
            lines = [f"  座位 {win.seat} 胡：{points} 分，每分 2，每家付 {2 * points}"]
        else:
            lines = [f"  seat {win.seat} 胡: {points} point(s), 2 a point: {2 * points} a payer"]
        record = None if state is None else state.variant
        if isinstance(record, Birds) and record.tiles:
            n = record.hits
            more = f"，每家另付 {n}" if lang == "zh" else f"; each payer adds {n}"
            lines.append(f"  {_birds(record.tiles, lang)}{more}")
        return lines
