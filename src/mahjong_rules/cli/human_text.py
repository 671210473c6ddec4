"""The words of ``play --human`` in English and Chinese (``--lang en|zh``), and the text of each
action a player may type.

>>> from mahjong_rules import Discard, Pass, Tile
>>> action_text(Discard(0, Tile("5m")), "en"), action_text(Discard(0, Tile("5m")), "zh")
('discard 5m', '打 5m')
>>> action_text(Pass(0), "zh")
'过'
"""

from __future__ import annotations

from typing import Literal

from mahjong_rules.engine.actions import (
    Action,
    Discard,
    Gang,
    Hu,
    Pass,
    Peng,
)
from mahjong_rules.melds import MeldKind
from mahjong_rules.variants.baoshan.buying import BuyPoints
from mahjong_rules.variants.baoshan.ting import Ting
from mahjong_rules.variants.sichuan.actions import DeclareVoid, SwapTiles
from mahjong_rules.variants.sichuan.false_hu import FalseHu
from mahjong_rules.variants.yongshan.ti import Ti

__all__ = ["LANGS", "Lang", "action_text", "label"]

Lang = Literal["en", "zh"]
LANGS: tuple[Lang, ...] = ("en", "zh")

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
    "buy": ("--- 买点: buy points before the deal", "--- 买点：发牌前买点"),
    "choose": ("--- {stage}: every seat chooses", "--- {stage}：各家选择"),
    "wall": ("tiles left in the wall: {n}", "牌墙剩余：{n} 张"),
    "hand": ("your hand", "你的手牌"),
    "drawn": ("drawn", "摸到"),
    "melds": ("your melds", "你的副露"),
    "wilds": (
        "本金 {tile}; 听用 wildcards {kinds} (marked * in hands and melds)",
        "本金 {tile}；听用 {kinds}（手牌和副露中标 *）",
    ),
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
    "start": (
        "you play seat {seat} of {players} against bots; {name_zh} {name}, seed {seed}",
        "你坐座位 {seat}（共 {players} 人），对手是机器人；{name_zh} {name}，种子 {seed}",
    ),
}


def label(key: str, lang: Lang, **fields: object) -> str:
    """The label ``key`` in ``lang`` with ``fields`` filled in."""
    en, zh = _LABELS[key]
    return (zh if lang == "zh" else en).format(**fields)


_KONG = {
    MeldKind.ZHI_GANG: ("kong", "直杠"),
    MeldKind.BU_GANG: ("add kong", "补杠"),
    MeldKind.AN_GANG: ("concealed kong", "暗杠"),
}


def action_text(action: Action, lang: Lang) -> str:
    """What ``action`` is called in ``lang``: ``discard 5m``, ``peng``, ``kong 5m with 1p``,
    ``swap 1m2m2m``, ``void p 4p``...; the text a player may type instead of the action's
    number."""
    zh = lang == "zh"
    if isinstance(action, Discard):
        return f"{'打' if zh else 'discard'} {action.tile}"
    if isinstance(action, Hu):
        return "胡" if zh else "hu"
    if isinstance(action, Pass):
        return "过" if zh else "pass"
    if isinstance(action, Ting):
        return "报听" if zh else "ting"
    if isinstance(action, BuyPoints):
        return f"{'买' if zh else 'buy'} {action.points}"
    if isinstance(action, SwapTiles):  # 换三张: ``swap 1m2m2m``
        return f"{'换三张' if zh else 'swap'} {''.join(t.notation for t in action.tiles)}"
    if isinstance(action, DeclareVoid):  # 定缺: ``void p 4p``, ``void s -`` (none of the suit)
        aside = "-" if action.aside is None else action.aside.notation
        return f"{'定缺' if zh else 'void'} {action.suit.value} {aside}"
    if isinstance(action, FalseHu):  # 诈胡: a hu the hand does not make (false_hu="penalty")
        return "诈胡" if zh else "false_hu"
    if isinstance(action, Ti):
        return f"{'提' if zh else 'ti'} {action.tile} {'换' if zh else 'for'} {action.wild}"
    if isinstance(action, Peng):
        text = "碰" if zh else "peng"
    elif isinstance(action, Gang):
        en, cn = _KONG[action.kind]
        text = f"{cn if zh else en} {action.tile}"
    else:  # pragma: no cover - an action type added later
        return repr(action)
    wilds = getattr(action, "wild_tiles", ())
    if wilds:
        text += f" {'用' if zh else 'with'} {''.join(t.notation for t in wilds)}"
    return text
