"""Yongshan's words (:class:`~mahjong_rules.engine.word_hooks.WordHooks`): the text of 提
(tí, taking a wildcard back from a meld), of the 本金 (běnjīn) indicator and its 听用 (tīngyòng)
wildcards, and which 罚分 (fáfēn) a penalty is, in English and Chinese.

>>> from mahjong_rules import Tile, get_variant
>>> rules = get_variant("yongshan")
>>> rules.describe_action(Ti(0, Tile("5m"), Tile("8p")), "en")
'ti 5m for 8p'
>>> rules.describe_event(ConcealedSwapped(2), "zh", None, [])
['座位 2 提（暗杠）']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Dealt, Event
from mahjong_rules.engine.settlement import POT, HandResult, Payment, PaymentReason
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.engine.word_hooks import Lang, WordHooks, tile_words, tiles_words
from mahjong_rules.variants.yongshan.records import indicator_of
from mahjong_rules.variants.yongshan.ti import ConcealedSwapped, Swapped, Ti

__all__ = ["YongshanWords"]

_ITEMS: dict[str, tuple[str, str]] = {
    "hua_zhu": ("花猪 hua_zhu: the payer holds all three suits", "花猪：付方三门齐"),
    "cha_jiao": ("查叫 cha_jiao: the payer is not ready", "查叫：付方未听牌"),
}


class YongshanWords(WordHooks):
    """The words of 永善麻将's 提, 本金 and 罚分."""

    if TYPE_CHECKING:

        def holds_three_suits(self, state: State, seat: int) -> bool: ...

    def describe_action(self, action: Action, lang: Lang) -> str:
        """``ti 5m for 8p`` (``提 5m 换 8p``): the drawn tile into the meld, the wildcard
        back."""
        if isinstance(action, Ti):
            zh = lang == "zh"
            return f"{'提' if zh else 'ti'} {action.tile} {'换' if zh else 'for'} {action.wild}"
        return super().describe_action(action, lang)

    def action_label(self, action: Action, lang: Lang) -> str:
        """``提 ti: 5m 五万 into the meld, 8p 八筒 back`` (``提 五万 换回 八筒``): the drawn
        tile into the meld, the wildcard back to the hand; the library's actions as the
        default labels them."""
        if isinstance(action, Ti):
            if lang == "zh":
                return f"提 {action.tile.name_zh} 换回 {action.wild.name_zh}"
            tile, wild = tile_words(action.tile), tile_words(action.wild)
            return f"提 ti: {tile} into the meld, {wild} back"
        return super().action_label(action, lang)

    def describe_event(
        self, event: Event, lang: Lang, seen: State | View | None, lines: list[str]
    ) -> list[str]:
        """The 提 events; after the deal's hands (a whole hand's log), the 本金 indicator and
        the wildcard kinds it makes."""
        zh = lang == "zh"
        if isinstance(event, Swapped):
            if zh:
                return [
                    f"座位 {event.seat} 提：{event.meld.tile.notation} 放入 {event.meld}，"
                    f"换回听用 {tile_words(event.wild)}"
                ]
            return [
                f"seat {event.seat} 提 ti: {event.meld.tile.notation} into {event.meld}, "
                f"takes back {tile_words(event.wild)}"
            ]
        if isinstance(event, ConcealedSwapped):
            return [
                f"座位 {event.seat} 提（暗杠）"
                if zh
                else f"seat {event.seat} 提 ti (concealed kong)"
            ]
        if isinstance(event, Dealt) and isinstance(seen, State):
            indicator = indicator_of(seen)
            if indicator is not None:
                kinds = tiles_words(seen.wild_kinds, lang) or ("无" if zh else "-")
                line = (
                    f"本金 {tile_words(indicator)}；听用 {kinds}"
                    if zh
                    else f"本金 indicator {tile_words(indicator)}; 听用 wildcards {kinds}"
                )
                return [*lines, line]
        return super().describe_event(event, lang, seen, lines)

    def describe_table(self, view: View, lang: Lang) -> list[str]:
        """The 本金 tile and the wildcard kinds, as hands and melds mark them."""
        indicator = indicator_of(view)
        if indicator is None:
            return []
        if lang == "zh":  # the tiles by name alone
            kinds = " ".join(t.name_zh for t in view.wild_kinds)
            return [f"本金 {indicator.name_zh}；听用 {kinds}（手牌和副露中标 *）"]
        kinds = " ".join(t.notation for t in view.wild_kinds)
        return [f"本金 {indicator}; 听用 wildcards {kinds} (marked * in hands and melds)"]

    def describe_payment(
        self, state: State, result: HandResult, payment: Payment, lang: Lang
    ) -> str | None:
        """A 罚分 to a seat: 花猪 if the payer holds three suits (YS-PENALTY-1), 查叫 if the
        payer is not ready and the payee is (YS-PENALTY-2)."""
        if payment.reason is not PaymentReason.PENALTY or payment.payee is POT:
            return None
        if self.holds_three_suits(state, payment.payer):
            key = "hua_zhu"
        elif result.ready.get(payment.payee) and not result.ready.get(payment.payer, True):
            key = "cha_jiao"
        else:
            return None
        en, zh = _ITEMS[key]
        return zh if lang == "zh" else en
