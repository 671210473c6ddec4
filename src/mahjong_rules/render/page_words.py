"""The words of a replay page (:mod:`mahjong_rules.render.page`), in English or Chinese.

Every text the page shows of a hand comes from here: the page's own labels (:func:`label`),
an action offered (:func:`action_words`), the events of one step (:func:`event_words`), what
the variant shows of its own records (:func:`table_words`, :func:`own_words`,
:func:`seat_words`), a payment's reason and a win's breakdown (:func:`reason_words`,
:func:`win_words`). The variant's own text comes through its words hooks
(the contract's ``WordHooks``: ``describe_action``, ``describe_event``,
``describe_table``, ``describe_seat``, ``describe_win``, ``stage_name``), the library's own
events through the command line's log (``mahjong_rules.cli.log``), so a plug-in's page reads
as its log does.

>>> label("wall", "en", n=55), label("wall", "zh", n=55)
('55 tiles left in the wall', '牌墙剩余 55 张')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.settlement import POT, HandResult, Payment, WinRecord
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.engine.word_hooks import Lang, WordHooks
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.variants.base import Rules

__all__ = [
    "Items",
    "action_words",
    "event_words",
    "label",
    "labels",
    "own_words",
    "payee_words",
    "payment_items_for",
    "phase_words",
    "reason_words",
    "room_words",
    "seat_words",
    "table_words",
    "win_words",
]

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


def action_words(rules: Rules, action: Action, lang: Lang) -> str:
    """What ``action`` is called when it is offered: ``discard 5m``, ``peng`` (``打 5m``), a
    variant's own in its words
    (``rules.describe_action``)."""
    return rules.describe_action(action, lang)


def event_words(
    rules: Rules,
    events: Iterable[Event],
    lang: Lang,
    seen: State | View,
    items: Items | None = None,
) -> list[str]:
    """The log lines of one step's ``events`` (the command line's log, which goes through the
    variant's ``rules.describe_event``); ``seen`` is
    the state its transition reached (the page of the whole table) or the seat's view of it (a
    seat's page: then nothing of the state is read)."""
    from mahjong_rules.cli.log import event_lines

    state = seen if isinstance(seen, State) else None
    view = seen if isinstance(seen, View) else None
    wins = len(seen.wins)
    lines: list[str] = []
    for event in events:
        lines += event_lines(event, state, lang, items, rules, wins, view=view)
    return lines


def table_words(rules: Rules, view: View, lang: Lang) -> list[str]:
    """What every seat sees of the variant's own records
    (:attr:`~mahjong_rules.engine.view.View.variant`) in its words (``rules.describe_table``
    of the view without the viewer's own record): ``本金 5m; 听用 wildcards 6m``..."""
    return list(rules.describe_table(attrs.evolve(view, own_variant=None), lang))


def own_words(rules: Rules, view: View, lang: Lang) -> list[str]:
    """What the viewer alone sees of its own record
    (:attr:`~mahjong_rules.engine.view.View.own_variant`), in the variant's words: ``your 定缺:
    万 (m), set aside 1m``."""
    if view.own_variant is None:
        return []
    return list(rules.describe_table(attrs.evolve(view, variant=None), lang))


def seat_words(rules: Rules, view: View, seat: int, lang: Lang) -> list[str]:
    """The badges beside ``seat`` (``报听 declared``, ``void 万``), in the variant's words
    (``rules.describe_seat``)."""
    return list(rules.describe_seat(view, seat, lang))


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

    more = rules.describe_win(win, lang)
    if lang == "zh":
        return win_line_zh(win), [*breakdown_lines_zh(win.breakdown, indent=""), *more]
    return win_line(win), [*breakdown_lines(win.breakdown, indent="", rules=rules), *more]


def phase_words(view: View, lang: Lang, rules: WordHooks | None = None) -> str:
    """What the hand waits for at this moment: ``seat 2's turn``, or in a phase of the
    variant's own its game name (``定缺 declaring void suits: every seat chooses``, 定缺
    dìngquē), which the words of ``rules`` give (``rules.stage_name``; without ``rules``,
    the rules of the room the view shows)."""
    phase = view.phase.value
    tile = "" if view.tile is None else view.tile.notation
    stage = ""
    if view.stage is not None:
        stage = room_words(view, rules).stage_name(view.stage, lang)
    return label(f"phase_{phase}", lang, seat=view.current, tile=tile, stage=stage)


def room_words(view: View, rules: WordHooks | None = None) -> WordHooks:
    """The words to tell ``view`` with: ``rules``, or else the rules of the room the view
    shows (if its variant is registered), or else the default words."""
    if rules is not None:
        return rules
    from mahjong_rules.variants import rules_for

    try:
        return rules_for(view.options)
    except (MahjongRulesError, TypeError):
        return WordHooks()
