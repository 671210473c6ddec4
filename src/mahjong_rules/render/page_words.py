"""The words of a replay page (:mod:`mahjong_rules.render.page`), in English or Chinese.

Every text the page shows of a hand comes from here: the page's own labels (:func:`label`),
an action offered (:func:`action_words`), the events of one step (:func:`event_words`), what
the variant shows of its own records (:func:`table_words`, :func:`seat_words`), a payment's
reason and a win's breakdown (:func:`reason_words`, :func:`win_words`). This module is the one
place the page takes its words from the command line's log text
(:mod:`mahjong_rules.cli.log`), or from a variant's own words hooks where its rules have them
(``describe_action``, ``describe_event``, ``describe_table``, ``describe_seat``): a variant's
records it has no words for are shown as their fields by name, never as a Python repr.

>>> label("wall", "en", n=55), label("wall", "zh", n=55)
('55 tiles left in the wall', '牌墙剩余 55 张')
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

import attrs

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.settlement import POT, HandResult, Payment, WinRecord
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.tiles import Suit, Tile
from mahjong_rules.variants.base import Rules

__all__ = [
    "LANGS",
    "Items",
    "Lang",
    "action_words",
    "event_words",
    "joined",
    "label",
    "labels",
    "own_words",
    "payee_words",
    "payment_items_for",
    "phase_words",
    "reason_words",
    "seat_words",
    "table_words",
    "win_words",
]

Lang = Literal["en", "zh"]
"""A language of the page: ``"en"`` (English, with the Chinese terms beside it) or ``"zh"``."""
LANGS: tuple[Lang, ...] = ("en", "zh")
"""Every :data:`Lang`."""
Items = Callable[[Payment], "str | None"]
"""Names the item of a payment (which 罚分 fáfēn), or ``None``."""

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
    "exhausted": ("流局 the wall ran out", "流局"),
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
    "phase_choosing": ("{stage}: every seat chooses", "{stage}：各家选择"),
    "phase_turn": ("seat {seat}'s turn", "座位 {seat} 出牌"),
    "phase_claim": ("seat {seat} discarded {tile}: claims", "座位 {seat} 打出 {tile}：可碰杠胡"),
    "phase_rob": ("seat {seat} adds {tile} to a peng: robbing", "座位 {seat} 补杠 {tile}：可抢杠"),
    "phase_ended": ("the hand is over", "本局结束"),
}
_FIELDS: dict[str, tuple[str, str]] = {
    "ting": ("报听 ready", "报听"),
    "points": ("买点", "买点"),
    "voids": ("缺 void", "缺"),
    "void": ("定缺 void", "定缺"),
    "face_down": ("扣牌 a tile face down", "扣牌"),
    "direction": ("换三张", "换三张"),
    "indicator": ("本金", "本金"),
    "chosen": ("换三张 passes", "换出"),
    "received": ("换三张 got", "换来"),
    "aside": ("set aside", "扣下"),
}
"""Field names of the shipped games' view records, and their words."""


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


def _hook(rules: Rules, name: str) -> Callable[..., Any] | None:
    """A words hook of the variant's (the contract's ``describe_*``), if its rules have it."""
    found = getattr(rules, name, None)
    return found if callable(found) else None


def action_words(rules: Rules, action: Action, lang: Lang) -> str:
    """What ``action`` is called when it is offered: ``discard 5m``, ``peng`` (``打 5m``)."""
    hook = _hook(rules, "describe_action")
    if hook is not None:
        return str(hook(action, lang))
    from mahjong_rules.cli.human_text import action_text

    text = action_text(action, lang)
    return text if not text.startswith(type(action).__name__ + "(") else _record_text(action, lang)


def event_words(
    rules: Rules,
    events: Iterable[Event],
    lang: Lang,
    seen: State | View,
    items: Items | None = None,
) -> list[str]:
    """The log lines of one step's ``events``; ``seen`` is the state its transition reached
    (the page of the whole table) or the seat's view of it (a seat's page: then nothing of the
    state is read)."""
    from mahjong_rules.cli.log import event_lines

    state = seen if isinstance(seen, State) else None
    view = seen if isinstance(seen, View) else None
    wins = len(seen.wins)
    lines: list[str] = []
    if _hook(rules, "describe_event") is not None:  # the words contract: the log goes through it
        for event in events:
            lines += event_lines(event, state, lang, items, rules, wins, view=view)
        return lines
    for event in events:  # pragma: no cover - before the words contract
        own = event_lines(event, state, lang, items, rules, wins)
        if own and own[0].startswith(type(event).__name__ + "("):
            own = [_record_text(event, lang)]  # a variant's own event the log has no words for
        lines += own
    return lines


def _value(value: Any, lang: Lang) -> str:
    if isinstance(value, bool):
        return ("是" if value else "否") if lang == "zh" else ("yes" if value else "no")
    if isinstance(value, Tile):
        return value.notation
    if isinstance(value, Suit):
        return value.name_zh
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple | list | frozenset):
        return "".join(_value(v, lang) for v in value) or "-"
    return str(value)


def _field(name: str, lang: Lang) -> str:
    known = _FIELDS.get(name)
    if known is None:
        return name.replace("_", " ")
    return known[1] if lang == "zh" else known[0]


def _record_text(record: Any, lang: Lang) -> str:
    """A record's class and fields by name (``seat 0 lucky declared: suit m``)."""
    name = "".join(" " + c.lower() if c.isupper() else c for c in type(record).__name__).strip()
    if not attrs.has(type(record)):
        return name
    seat = getattr(record, "seat", None)
    who = label("seat", lang, seat=seat) + " " if isinstance(seat, int) else ""
    parts = [
        f"{f.name} {_value(getattr(record, f.name), lang)}"
        for f in attrs.fields(type(record))
        if f.name != "seat"
    ]
    return f"{who}{name}: {', '.join(parts)}" if parts else f"{who}{name}"


def _fields(record: Any) -> Iterable[tuple[str, Any]]:
    if record is None or not attrs.has(type(record)):
        return ()
    return ((f.name, getattr(record, f.name)) for f in attrs.fields(type(record)))


def table_words(rules: Rules, view: View, lang: Lang) -> list[str]:
    """What every seat sees of the variant's own records (:attr:`View.variant`): each public
    field that is not by seat (``本金 5m``, ``换三张 to_next``)."""
    hook = _hook(rules, "describe_table")
    if hook is not None:
        return list(hook(attrs.evolve(view, own_variant=None), lang))
    lines = []
    for name, value in _fields(view.variant):
        if isinstance(value, tuple) and len(value) == view.players:
            continue  # by seat: beside each seat (seat_words)
        if value is not None and value != ():
            lines.append(f"{_field(name, lang)} {_value(value, lang)}")
    return lines


def own_words(rules: Rules, view: View, lang: Lang) -> list[str]:
    """What the viewer alone sees of its own record (:attr:`View.own_variant`): ``定缺 万``."""
    if view.own_variant is None:
        return []
    hook = _hook(rules, "describe_table")
    if hook is not None:
        return list(hook(attrs.evolve(view, variant=None), lang))
    return [
        f"{_field(name, lang)} {_value(value, lang)}"
        for name, value in _fields(view.own_variant)
        if value is not None and value != () and value is not False
    ]


def seat_words(rules: Rules, view: View, seat: int, lang: Lang) -> list[str]:
    """The badges beside ``seat``: what the public record says of it by seat (``报听 ready``,
    ``买点 2``, ``缺 万``); a field that is false, zero or ``None`` for it says nothing."""
    hook = _hook(rules, "describe_seat")
    if hook is not None:
        return list(hook(view, seat, lang))
    words = []
    for name, value in _fields(view.variant):
        if not (isinstance(value, tuple) and len(value) == view.players):
            continue
        mine = value[seat]
        if mine is None or mine is False or mine == 0 or mine == ():
            continue
        what = _field(name, lang)
        words.append(what if mine is True else f"{what} {_value(mine, lang)}")
    return words


def payment_items_for(rules: Rules, state: State, result: HandResult, lang: Lang) -> Items:
    """What names each 罚分 item of ``result``, told from the hand's final ``state``."""
    from mahjong_rules.cli.settle import payment_items

    return payment_items(rules, state, result, lang)


def reason_words(payment: Payment, lang: Lang, items: Items | None = None) -> str:
    """Why ``payment`` was made (``胡 win``, ``杠 kong money, kong 1 of the hand``)."""
    from mahjong_rules.cli.settle import reason_text

    return reason_text(payment, lang, items)


def payee_words(payment: Payment, lang: Lang) -> str:
    """``seat 1`` or ``the pot 罚池``."""
    if payment.payee is POT:
        return label("pot", lang)
    return label("seat", lang, seat=payment.payee)


def win_words(rules: Rules, win: WinRecord, lang: Lang) -> tuple[str, list[str]]:
    """A win's line (``seat 2 胡 wins on 1p 一筒, 点炮 on a discard from seat 3``) and its
    pattern breakdown, line by line."""
    from mahjong_rules.cli.log import breakdown_lines, win_line
    from mahjong_rules.cli.log_zh import breakdown_lines_zh, win_line_zh

    if lang == "zh":
        return win_line_zh(win), breakdown_lines_zh(win.breakdown, indent="")
    return win_line(win), breakdown_lines(win.breakdown, indent="", rules=rules)


def phase_words(view: View, lang: Lang) -> str:
    """What the hand waits for at this moment."""
    phase = view.phase.value
    tile = "" if view.tile is None else view.tile.notation
    return label(f"phase_{phase}", lang, seat=view.current, tile=tile, stage=view.stage or "")


def joined(parts: Sequence[str], lang: Lang) -> str:
    """Parts joined as the language joins them."""
    return ("，" if lang == "zh" else ", ").join(parts)
