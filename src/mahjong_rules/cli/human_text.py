"""The words of ``play --human`` in English and Chinese (``--lang en|zh``), and the text of each
action a player may type.

>>> from mahjong_rules import Discard, Pass, Tile
>>> action_text(Discard(0, Tile("5m")), "en"), action_text(Discard(0, Tile("5m")), "zh")
('discard 5m', '打 5m')
>>> action_text(Pass(0), "zh")
'过'
"""

from __future__ import annotations

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.word_hooks import LANGS, Lang
from mahjong_rules.words.lookup import words_for

__all__ = ["LANGS", "Lang", "action_label", "action_text", "label"]

_LABELS: dict[str, tuple[str, str]] = {
    "turn": ("--- your turn, seat {seat}", "--- 轮到你，座位 {seat}"),
    "claim": (
        "--- claim window: seat {seat} discarded {tile}",
        "--- 可以碰杠胡：座位 {seat} 打出 {tile}",
    ),
    "rob": (
        "--- seat {seat} adds {tile} to a peng (补杠): you may rob the kong",
        "--- 座位 {seat} 补杠 {tile}：你可以抢杠",
    ),
    "wall": ("tiles left in the wall: {n}", "牌墙剩余：{n} 张"),
    "hand": ("your hand", "你的手牌"),
    "drawn": ("drawn", "摸到"),
    "melds": ("your melds", "你的副露"),
    "wild": ("听用 wildcard", "听用"),
    "wild_held": ("+ 听用 wildcards", "+ 听用"),
    "from": ("from seat {seat}", "座位 {seat} 打出"),
    "seat": ("seat {seat}", "座位 {seat}"),
    "you": ("you", "你"),
    "dealer": ("dealer", "庄家"),
    "tiles": ("{n} tiles", "{n} 张"),
    "hidden": ("{n} hidden kong(s)", "暗杠 {n} 个"),
    "shown": ("melds {melds}", "副露 {melds}"),
    "discards": ("discards {tiles}", "弃牌 {tiles}"),
    "ting": ("报听 declared", "已报听"),
    "won": ("won", "已胡"),
    "none": ("-", "无"),
    "actions": ("your choices:", "你可以："),
    "prompt": ("choose 1-{n} (or type the action): ", "请选择 1-{n}（或输入动作）："),
    "forced": (
        "your one choice: {action}; press Enter to take it: ",
        "只有一个选择：{action}；按回车确认：",
    ),
    "empty": (
        "nothing typed: type a number 1-{n} or one of the actions",
        "未输入：请输入 1-{n} 或动作",
    ),
    "bad": (
        "not a choice: {text!r}; type a number 1-{n} or one of the actions",
        "无效的选择：{text!r}；请输入 1-{n} 或动作",
    ),
    "ambiguous": (
        "{text!r} fits several choices ({which}): type its number",
        "{text!r} 对应多个选项（{which}）：请输入编号",
    ),
    "eof": (
        "standard input ended before the hand did (seat {seat} was to act)",
        "输入已结束，牌局未完（座位 {seat} 尚未行动）",
    ),
    "not_held": ("you hold no {tile}", "你没有{tile}"),
    "not_now": (
        "{tile} may not be discarded now; type a number or one of the actions",
        "现在不能打 {tile}；请输入编号或动作",
    ),
    "start": (
        "you play seat {seat} of {players} against bots; {name_zh} {name}, seed {seed}",
        "你坐座位 {seat}（共 {players} 人），对手是机器人；{name_zh} {name}，种子 {seed}",
    ),
}


def label(key: str, lang: Lang, **fields: object) -> str:
    """The label ``key`` in ``lang`` with ``fields`` filled in."""
    en, zh = _LABELS[key]
    return (zh if lang == "zh" else en).format(**fields)


def action_text(action: Action, lang: Lang, rules: object = None) -> str:
    """What ``action`` is called in ``lang`` — ``discard 5m``, ``peng``, ``kong 5m with 1p``,
    a variant's own by its words (``swap 1m2m2m``, ``void p 4p``...) — as the room of ``rules``
    (or else the variant declaring it) names it: the text a player may type instead of the
    action's number."""
    return words_for(action, rules).describe_action(action, lang)


def action_label(action: Action, lang: Lang, rules: object = None) -> str:
    """The label a menu shows for ``action`` in ``lang`` (``discard 5m 五万``, ``打 五万``,
    ``定缺 万 (void characters), set aside 1m 一万``), as the room of ``rules`` (or else the
    variant declaring it) labels it
    (:meth:`~mahjong_rules.engine.word_hooks.WordHooks.action_label`)."""
    return words_for(action, rules).action_label(action, lang)
