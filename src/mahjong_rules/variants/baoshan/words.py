"""Baoshan's words (:class:`~mahjong_rules.engine.word_hooks.WordHooks`): the text of its own
actions and events, 报听 (bàotīng, declaring ready) and 买点 (mǎidiǎn, buying points), in
English and Chinese, and what a player's table shows of them.

>>> from mahjong_rules import get_variant
>>> rules = get_variant("baoshan")
>>> rules.describe_action(Ting(0), "en"), rules.describe_action(BuyPoints(1, 2), "zh")
('ting', '买 2')
>>> rules.describe_event(PointsBought(1, 2), "en", None, [])
['seat 1 买点 buys 2 points']
"""

from __future__ import annotations

import attrs

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.engine.word_hooks import Lang, WordHooks
from mahjong_rules.variants.baoshan.buying import Buying, BuyPoints, PointsBought
from mahjong_rules.variants.baoshan.records import BaoshanTable, shows_declared
from mahjong_rules.variants.baoshan.ting import Declared, Ting

__all__ = ["BaoshanWords"]


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


class BaoshanWords(WordHooks):
    """The words of 保山麻将's 报听 and 买点."""

    def describe_action(self, action: Action, lang: Lang) -> str:
        """``ting`` (报听), ``buy 2`` (``买 2``); the library's actions as the default says."""
        zh = lang == "zh"
        if isinstance(action, Ting):
            return "报听" if zh else "ting"
        if isinstance(action, BuyPoints):
            return f"{'买' if zh else 'buy'} {action.points}"
        return super().describe_action(action, lang)

    def action_label(self, action: Action, lang: Lang) -> str:
        """``报听 declare ready`` (``报听``), ``买点 buy 2 points`` (``买点 2 分``); the
        library's actions as the default labels them."""
        zh = lang == "zh"
        if isinstance(action, Ting):
            return "报听" if zh else "报听 declare ready"
        if isinstance(action, BuyPoints):
            return f"买点 {action.points} 分" if zh else f"买点 buy {_points(action.points)}"
        return super().action_label(action, lang)

    def describe_event(
        self, event: Event, lang: Lang, seen: State | View | None, lines: list[str]
    ) -> list[str]:
        """``seat 0 报听 declares ready``, ``seat 1 买点 buys 2 points`` (``座位 0 报听``,
        ``座位 1 买点 2 分``)."""
        zh = lang == "zh"
        if isinstance(event, Declared):
            return [f"座位 {event.seat} 报听" if zh else f"seat {event.seat} 报听 declares ready"]
        if isinstance(event, PointsBought):
            if zh:
                return [f"座位 {event.seat} 买点 {event.points} 分"]
            return [f"seat {event.seat} 买点 buys {_points(event.points)}"]
        return super().describe_event(event, lang, seen, lines)

    def stage_name(self, stage: str, lang: Lang) -> str:
        """``买点 buying points`` (``买点``, mǎidiǎn)."""
        if stage == Buying.name:
            return "买点" if lang == "zh" else "买点 buying points"
        return super().stage_name(stage, lang)

    def describe_stage(self, view: View, lang: Lang) -> str:
        """买点 before the deal."""
        if view.stage == Buying.name:
            return (
                "--- 买点：发牌前买点" if lang == "zh" else "--- 买点: buy points before the deal"
            )
        return super().describe_stage(view, lang)

    def describe_table(self, view: View, lang: Lang) -> list[str]:
        """Nothing of Baoshan's own record below the hand (a seat's 报听 is on its line:
        :meth:`describe_seat`); a record of a game deriving from Baoshan's as the default
        shows it."""
        if isinstance(view.variant, BaoshanTable):
            view = attrs.evolve(view, variant=None)
        return super().describe_table(view, lang)

    def describe_seat(self, view: View, seat: int, lang: Lang) -> list[str]:
        """``报听 declared`` (``已报听``) once the seat has declared; ``买点 2`` once it has
        bought points (BS-BUY-1: public once bought)."""
        parts = []
        if shows_declared(view, seat):
            parts.append("已报听" if lang == "zh" else "报听 declared")
        table = view.variant
        bought = table.points if isinstance(table, BaoshanTable) else ()
        if 0 <= seat < len(bought) and bought[seat]:
            parts.append(f"买点 {bought[seat]}")
        return parts
