"""The settlement (结算, jiésuàn) of one hand as text: a table per seat (received, paid, net),
then every payment grouped per seat with its reason and counterparty, so the numbers add up.

Each payment appears twice, once under its payer (``-2  to seat 1``) and once under its payee
(``+2  from seat 0``); a seat's lines sum to its ``delta``. A 罚分 (fáfēn) payment names its item
when the rules can tell it: 花猪 (huāzhū, YS-PENALTY-1) or 查叫 (chájiào, YS-PENALTY-2).
Which item a payment is, and how a win's payments follow from its points where they differ
(Sichuan's 自摸加底), the variant's words tell
(:meth:`~mahjong_rules.engine.word_hooks.WordHooks.describe_payment`,
:meth:`~mahjong_rules.engine.word_hooks.WordHooks.describe_win`).
In a game with a penalty pot (罚池 fáchí, a payee that is no seat) a payment to it appears
under its payer (``-48  to the pot``) and under the pot, which gets a row of the table and a
section of its own, so the table's ``all`` row still nets to zero.

>>> from mahjong_rules.engine.settlement import HandResult, Payment, PaymentReason
>>> result = HandResult((), (Payment(0, 1, 2, PaymentReason.KONG, 1),), (-2, 2), 0)
>>> for line in settlement_lines(result)[5:]:
...     print(line)
  seat 0: -2
    -2  to seat 1: 杠 kong money, kong 1 of the hand
  seat 1: +2
    +2  from seat 0: 杠 kong money, kong 1 of the hand
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from mahjong_rules.engine.settlement import POT, HandResult, OwnReason, Payment, PaymentReason
from mahjong_rules.engine.state import State
from mahjong_rules.engine.word_hooks import Lang, WordHooks, describe_win_of
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import WinKind

__all__ = [
    "Items",
    "how_words",
    "kong_names",
    "payment_items",
    "payment_line",
    "reason_text",
    "settlement_lines",
    "signed",
]

Items = Callable[[Payment], "str | None"]
"""Names the item of a payment (e.g. which 罚分) in a language, or ``None``."""

_REASONS: dict[PaymentReason, tuple[str, str]] = {
    PaymentReason.WIN: ("胡 win", "胡牌"),
    PaymentReason.KONG: ("杠 kong money", "杠分"),
    PaymentReason.KONG_REFUND: ("退杠 kong money returned", "退杠"),
    PaymentReason.CHA_JIAO: ("查叫 cha_jiao (ready at the draw)", "查叫"),
    PaymentReason.PENALTY: ("罚分 penalty", "罚分"),
}


def signed(n: int) -> str:
    """``+3``, ``-2``, ``0``: a seat's gain or loss as the settlement prints it."""
    return f"{n:+d}" if n else "0"


def payment_items(
    rules: object,
    state: State,
    result: HandResult,
    lang: Lang,
    states: Sequence[State] = (),
) -> Items:
    """What names each payment's item of ``result`` (which 罚分 it is: 花猪, 查叫, 诈胡...),
    as the words of ``rules`` tell it from the hand's final ``state``
    (:meth:`~mahjong_rules.engine.word_hooks.WordHooks.describe_payment`); rules that are no
    variant's name no item. Given the hand's ``states`` in order (its replay), a kong's
    payment (or refund) names its kong, ``杠 5m 五万 (直杠)`` (:func:`kong_names`), instead of
    its number in the hand."""
    kongs = kong_names(states, lang)

    def item(payment: Payment) -> str | None:
        if payment.reason in _KONG_REASONS and payment.ref in kongs:
            return kongs[payment.ref]
        if not isinstance(rules, WordHooks):
            return None
        return rules.describe_payment(state, result, payment, lang)

    return item


_KONG_REASONS = (PaymentReason.KONG, PaymentReason.KONG_REFUND)
_KONG_ZH = {MeldKind.ZHI_GANG: "直杠", MeldKind.BU_GANG: "补杠", MeldKind.AN_GANG: "暗杠"}


def kong_names(states: Sequence[State], lang: Lang) -> dict[int, str]:
    """The kongs of a hand by the number their payments carry (a payment's ``ref``), in
    words: ``{1: "杠 5m 五万 (直杠)"}`` (Chinese: ``杠 五万（直杠）``), read from the hand's
    ``states`` in order (each kong is the meld its step's event laid down, and its number
    the state's ``next_ref`` before it)."""
    names: dict[int, str] = {}
    for before, after in pairwise(states):
        if after.next_ref == before.next_ref:
            continue
        for event in after.events:
            meld = getattr(event, "meld", None)
            if isinstance(meld, Meld) and meld.kind in _KONG_ZH:
                kind, tile = _KONG_ZH[meld.kind], meld.tile
                names[before.next_ref] = (
                    f"杠 {tile.name_zh}（{kind}）"
                    if lang == "zh"
                    else f"杠 {tile.notation} {tile.name_zh} ({kind})"
                )
                break
    return names


def reason_text(payment: Payment, lang: Lang, items: Items | None = None) -> str:
    """Why ``payment`` was made: ``杠 kong money, 杠 5m 五万 (直杠)`` (the kong named when
    ``items`` names it, else ``kong 1 of the hand``), ``罚分 penalty, 花猪 ...``."""
    reason = payment.reason
    en, zh = (reason.en, reason.zh) if isinstance(reason, OwnReason) else _REASONS[reason]
    text = zh if lang == "zh" else en
    item = items(payment) if items is not None else None
    if payment.reason in _KONG_REASONS and payment.ref and not item:
        ref = payment.ref
        text += f"·本局第 {ref} 杠" if lang == "zh" else f", kong {ref} of the hand"
    if item:
        text += f"·{item}" if lang == "zh" else f", {item}"
    return text


def payment_line(payment: Payment, lang: Lang = "en", items: Items | None = None) -> str:
    """``seat 0 pays seat 1 1 (胡 win)`` (``座位 0 付给座位 1 1 分（胡牌）``); to the pot
    ``seat 0 pays the pot 48 (罚分 penalty)`` (``座位 0 付给罚池 48 分（罚分）``)."""
    why = reason_text(payment, lang, items)
    if lang == "zh":
        to = "罚池" if payment.payee is POT else f"座位 {payment.payee}"
        return f"座位 {payment.payer} 付给{to} {payment.amount} 分（{why}）"
    to = "the pot" if payment.payee is POT else f"seat {payment.payee}"
    return f"seat {payment.payer} pays {to} {payment.amount} ({why})"


_WORDS: dict[str, tuple[str, str]] = {
    "title": ("结算 settlement", "结算"),
    "draw": (": 流局 draw game", "：流局"),
    "ran_out": (": the wall ran out after {n} win{s}", "：牌墙摸完，已有 {n} 家胡牌"),
    "next": (" (next dealer: seat {seat})", "（下一局庄家：座位 {seat}）"),
    "head": ("seat,received,paid,delta", "座位,收入,支出,净得"),
    "all": ("all", "合计"),
    "won": ("胡 won ({how}, {points})", "胡（{how}，{points}）"),
    "from": ("{how} from seat {seat}", "{how}，座位 {seat} 放炮"),
    "robbed": ("{how} from seat {seat}", "{how}，座位 {seat} 被抢杠"),
    "ready": ("ready 听牌", "听牌"),
    "unready": ("not ready", "未听牌"),
    "seat": ("  seat {seat}: {delta}", "  座位 {seat}：{delta}"),
    "none": ("    no payments", "    无收支"),
    "to": ("    {amount:>3}  to seat {seat}: {why}", "    {amount:>3}  付给座位 {seat}：{why}"),
    "to_pot": ("    {amount:>3}  to the pot: {why}", "    {amount:>3}  付给罚池：{why}"),
    "pot": ("  pot 罚池: {delta}", "  罚池：{delta}"),
    "pot_row": ("pot", "罚池"),
    "by": ("    {amount:>3}  from seat {seat}: {why}", "    {amount:>3}  收自座位 {seat}：{why}"),
    "cancelled": ("  cancelled: {what}", "  已取消：{what}"),
}
_HOW: dict[str, tuple[str, str]] = {
    "self_draw": ("自摸 self-draw", "自摸"),
    "discard": ("点炮 on a discard", "点炮"),
    "rob_kong": ("抢杠 robbing a kong", "抢杠"),
    "cha_jiao": ("查叫 ready at the draw", "查叫"),
}


def _word(key: str, lang: Lang, **fields: object) -> str:
    en, zh = _WORDS[key]
    return (zh if lang == "zh" else en).format(**fields)


def how_words(how: WinKind, lang: Lang = "en") -> str:
    """How a win was made, in ``lang``: ``自摸 self-draw`` (``zh``: ``自摸``), ``点炮 on a
    discard``, ``抢杠 robbing a kong``, ``查叫 ready at the draw``."""
    en, zh = _HOW.get(how.value, (how.value, how.value))
    return zh if lang == "zh" else en


def _points(n: int, lang: Lang) -> str:
    if lang == "zh":
        return f"{n} 分"
    return f"{n} point" if n == 1 else f"{n} points"


def _notes(result: HandResult, lang: Lang) -> dict[int, list[str]]:
    notes: dict[int, list[str]] = {seat: [] for seat in range(len(result.deltas))}
    for win in result.wins:
        how = how_words(win.how, lang)
        if win.from_seat is not None:
            robbed = win.how.value == "rob_kong"
            how = _word("robbed" if robbed else "from", lang, how=how, seat=win.from_seat)
        points = _points(win.breakdown.points, lang)
        notes[win.seat].append(_word("won", lang, how=how, points=points))
    for seat, ready in sorted(result.ready.items()):
        notes[seat].append(_word("ready" if ready else "unready", lang))
    return notes


def _table(result: HandResult, lang: Lang) -> list[str]:
    n = len(result.deltas)
    received, paid = [0] * n, [0] * n
    for p in result.payments:
        if p.payee is not POT:
            received[p.payee] += p.amount
        paid[p.payer] += p.amount
    if lang == "zh":
        head = _word("head", lang).split(",")
        widths = [4, 4, 4, 4]
    else:
        head = _word("head", lang).split(",")
        widths = [4, 8, 4, 5]

    def row(cells: Sequence[str]) -> str:
        return "  " + "  ".join(_pad(c, w) for c, w in zip(cells, widths, strict=True))

    lines = [row(head)]
    notes = _notes(result, lang)
    for seat in range(n):
        cells = [str(seat), str(received[seat]), str(paid[seat]), signed(result.deltas[seat])]
        lines.append("  ".join([row(cells), *notes[seat]]).rstrip())
    pot = result.pot
    if any(p.payee is POT for p in result.payments):
        lines.append(row([_word("pot_row", lang), str(pot), "0", signed(pot)]))
    total = [_word("all", lang), str(sum(received) + pot), str(sum(paid))]
    total.append(signed(sum(result.deltas) + pot))
    lines.append(row(total))
    return lines


def _pad(text: str, width: int) -> str:
    wide = sum(1 for c in text if ord(c) > 0x2E7F)
    return " " * max(0, width - len(text) - wide) + text


def settlement_lines(
    result: HandResult,
    lang: Lang = "en",
    items: Items | None = None,
    rules: object = None,
    state: State | None = None,
) -> list[str]:
    """The settlement: the title, the table per seat (with a note on each win or, at a draw,
    whether the seat was ready), what the words of ``rules`` add of each win (a bonus each
    payer pays beside the points, such as 自摸加底; told the hand's final ``state`` when
    given), then each seat's payments, and the cancelled ones."""
    title = _word("title", lang)
    if result.exhausted and result.wins:  # 血战到底: the wall ran out after the wins
        title += _word("ran_out", lang, n=len(result.wins), s="" if len(result.wins) == 1 else "s")
    elif result.exhausted:
        title += _word("draw", lang)
    lines = [title + _word("next", lang, seat=result.next_dealer), *_table(result, lang)]
    if isinstance(rules, WordHooks):
        for win in result.wins:
            lines += describe_win_of(rules, win, lang, state)
    for seat, delta in enumerate(result.deltas):
        lines.append(_word("seat", lang, seat=seat, delta=signed(delta)))
        mine = [p for p in result.payments if seat in (p.payer, p.payee)]
        if not mine:
            lines.append(_word("none", lang))
        for p in mine:
            why = reason_text(p, lang, items)
            if p.payee is POT:
                lines.append(_word("to_pot", lang, amount=f"-{p.amount}", why=why))
            elif p.payer == seat:
                lines.append(_word("to", lang, amount=f"-{p.amount}", seat=p.payee, why=why))
            else:
                lines.append(_word("by", lang, amount=f"+{p.amount}", seat=p.payer, why=why))
    to_pot = [p for p in result.payments if p.payee is POT]
    if to_pot:
        lines.append(_word("pot", lang, delta=signed(result.pot)))
    for p in to_pot:
        why = reason_text(p, lang, items)
        lines.append(_word("by", lang, amount=f"+{p.amount}", seat=p.payer, why=why))
    if result.cancelled:
        what = ("；" if lang == "zh" else "; ").join(
            payment_line(p, lang, items) for p in result.cancelled
        )
        lines.append(_word("cancelled", lang, what=what))
    return lines
