"""The words of a replay page (:mod:`mahjong_rules.render.page`), in English or Chinese.

Every text the page shows of a hand comes from here: the page's own labels (:func:`label`),
an action offered (:func:`action_words`), the events of one step (:func:`event_words`), what
the variant shows of its own records (:func:`table_words`, :func:`own_words`,
:func:`seat_words`), a payment's reason and a win's breakdown (:func:`reason_words`,
:func:`win_words`). All but the page's own labels live in :mod:`mahjong_rules.words.table`
(the words the command line, the page and a served table share) and are importable here too.
The variant's own text comes through its words hooks (the contract's ``WordHooks``:
``action_label``, ``describe_event``, ``describe_table``, ``describe_own``, ``describe_seat``,
``describe_win``, ``stage_name``), the library's own events through
:mod:`mahjong_rules.words.events`, so a plug-in's page reads as its log does.

>>> label("wall", "en", n=55), label("wall", "zh", n=55)
('55 tiles left in the wall', '牌墙剩余 55 张')
"""

from __future__ import annotations

from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.words.payments import Items
from mahjong_rules.words.table import (
    action_words,
    end_title,
    event_words,
    own_words,
    payee_words,
    payment_items_for,
    phase_words,
    ready_words,
    reason_words,
    room_words,
    seat_words,
    table_words,
    win_words,
)

__all__ = [
    "Items",
    "action_words",
    "end_title",
    "event_words",
    "label",
    "labels",
    "own_words",
    "payee_words",
    "payment_items_for",
    "phase_words",
    "ready_words",
    "reason_words",
    "room_words",
    "seat_words",
    "table_words",
    "win_words",
]

_LABELS: dict[str, tuple[str, str]] = {
    "title": ("{name_zh} {name}: a hand replayed", "{name_zh} 复盘"),
    "seed": ("seed {seed}", "种子 {seed}"),
    "wall_given": ("a wall laid out by hand", "指定牌墙"),
    "viewer": ("as seat {seat} saw it", "座位 {seat} 的视角"),
    "everyone": ("every seat's hand shown", "显示各家手牌"),
    "step": ("step {n} of {last}", "第 {n} 步，共 {last} 步"),
    "prev": ("◀ previous", "◀ 上一步"),
    "next": ("next ▶", "下一步 ▶"),
    "wall": ("{n} tiles left in the wall", "牌墙剩余 {n} 张"),
    "dealer": ("庄 dealer", "庄家"),
    "you": ("you", "你"),
    "seat": ("seat {seat}", "座位 {seat}"),
    "won": ("胡 won", "已胡"),
    "tiles": ("{n} tiles", "{n} 张"),
    "hidden": ("暗杠 concealed kong", "暗杠"),
    "no_discards": ("no discards", "无弃牌"),
    "pond": ("discards", "弃牌"),
    "melds": ("melds", "副露"),
    "drawn": ("drawn", "摸到"),
    "events": ("what happened", "本步"),
    "nothing": ("(nothing this seat could see)", "（本座位看不到）"),
    "choices": ("choices", "可选动作"),
    "chosen": ("chosen", "选择"),
    "no_choice": ("no seat acts", "无人行动"),
    "wild": ("听用 wildcards", "听用"),
    "down": ("face down", "牌背"),
    "settlement": ("结算 settlement", "结算"),
    "next_dealer": ("next dealer: seat {seat}", "下一局庄家：座位 {seat}"),
    "payer": ("payer", "付方"),
    "payee": ("payee", "收方"),
    "reason": ("reason", "原因"),
    "amount": ("amount", "分数"),
    "pot": ("the pot 罚池", "罚池"),
    "total": ("total", "合计"),
    "totals": ("each seat's total", "各家得分"),
    "wins": ("wins", "胡牌"),
    "no_payments": ("no payments", "无收支"),
    "cancelled": ("cancelled", "已取消"),
    "keys": ("← → keys move a step", "← → 键移动一步"),
}


def label(key: str, lang: Lang, **fields: object) -> str:
    """The page's label ``key`` in ``lang``, with ``fields`` filled in."""
    en, zh = _LABELS[key]
    return (zh if lang == "zh" else en).format(**fields)


def labels(lang: Lang) -> dict[str, str]:
    """The labels the page's script shows itself, by key."""
    keys = "step seat you down wild nothing no_choice chosen pond melds no_discards hidden drawn"
    keys += " payer payee reason amount pot total totals wins no_payments cancelled won tiles"
    keys += " wall dealer events choices"
    return {key: _LABELS[key][1 if lang == "zh" else 0] for key in keys.split()}
