"""What a table shows of a hand in words, for the command line, the replay page and a served
table alike: the moment the hand waits for (:func:`phase_words`), the title of its end
(:func:`end_title`), what each seat shows of the variant's own records (:func:`table_words`,
:func:`own_words`, :func:`seat_words`), a seat that is ready and what it waits on
(听牌 tīngpái: :func:`ready_words`), the events of a step (:func:`event_words`), a payment and a
win (:func:`reason_words`, :func:`payee_words`, :func:`win_words`). A game's own text comes
through its words hooks (:class:`~mahjong_rules.engine.word_hooks.WordHooks`).

>>> from mahjong_rules import get_variant
>>> from mahjong_rules.engine.settlement import HandResult
>>> end_title(HandResult((), (), (0, 0), 0, exhausted=True), "en")
'结算 settlement · 流局 the wall ran out'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

import attrs

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.settlement import POT, HandResult, Payment, WinRecord
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.engine.word_hooks import Lang, WordHooks, describe_win_of, tiles_words
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.melds import Meld
from mahjong_rules.variants import rules_for
from mahjong_rules.variants.base import Rules
from mahjong_rules.words.events import breakdown_lines, event_lines, win_line
from mahjong_rules.words.events_zh import breakdown_lines_zh, win_line_zh
from mahjong_rules.words.payments import Items, payment_items, reason_text

__all__ = [
    "action_words",
    "end_title",
    "event_words",
    "hands_lines",
    "own_words",
    "payee_words",
    "payment_items_for",
    "phase_words",
    "ready_words",
    "reason_words",
    "room_words",
    "seat_marks",
    "seat_words",
    "table_words",
    "win_words",
]

_WORDS: dict[str, tuple[str, str]] = {
    "phase_choosing": ("{stage}: every seat chooses", "{stage}：各家选择"),
    "phase_one": ("{stage}: seat {seat} chooses", "{stage}：{seat}家选择"),
    "phase_some": ("{stage}: seats {seats} choose", "{stage}：{seats}家选择"),
    "phase_you": ("{stage}: you choose", "{stage}：你选择"),
    "phase_others": ("{stage}: others choose", "{stage}：等待他家选择"),
    "phase_turn": ("seat {seat}'s turn", "座位 {seat} 出牌"),
    "phase_claim": ("seat {seat} discarded {tile}: claims", "座位 {seat} 打出 {tile}：可碰杠胡"),
    "phase_rob": ("seat {seat} adds {tile} to a peng: robbing", "座位 {seat} 补杠 {tile}：可抢杠"),
    "phase_ended": ("the hand is over", "本局结束"),
    "settlement": ("结算 settlement", "结算"),
    "draw": ("流局 the wall ran out", "流局"),
    "ran_out": ("{n} win{s}, then the wall ran out", "{n} 家胡牌后牌墙摸完"),
    "ready": ("听 ready: waits on {tiles}", "听牌：等 {tiles}"),
    "pot": ("the pot 罚池", "罚池"),
    "hands": ("--- every hand at the end", "--- 终局各家手牌"),
    "hand_of": ("  seat {seat}: {tiles}", "  座位 {seat}：{tiles}"),
    "seat": ("seat {seat}", "座位 {seat}"),
    "you": ("(you)", "（你）"),
    "dealer": ("庄 dealer", "庄家"),
}


def _word(key: str, lang: Lang, **fields: object) -> str:
    en, zh = _WORDS[key]
    return (zh if lang == "zh" else en).format(**fields)


def room_words(view: View, rules: WordHooks | None = None) -> WordHooks:
    """The words to tell ``view`` with: ``rules``, or else the rules of the room the view
    shows (if its variant is registered), or else the default words."""
    if rules is not None:
        return rules
    try:
        return rules_for(view.options)
    except (MahjongRulesError, TypeError):
        return WordHooks()


def phase_words(
    view: View, lang: Lang, rules: WordHooks | None = None, asked: Collection[int] | None = None
) -> str:
    """What the hand waits for at this moment: ``seat 2's turn``, or in a phase of the
    variant's own its game name and who is asked.

    Told of the whole table, ``asked`` (the seats the phase asks, as the state's ``claimants``
    holds them) names them: ``定缺 declaring void suits: every seat chooses`` (定缺 dìngquē;
    ``定缺：各家选择``), ``抓码 catching birds: seat 2 chooses`` (``抓码：2家选择``), ``seats 0, 2
    choose`` (``0、2家选择``). Told to one seat (``asked`` is ``None``: a seat's view does not
    say who else is asked, which could tell what another seat holds), it is said from the
    seat's side: ``定缺 declaring void suits: you choose`` (``定缺：你选择``) while the view
    offers it actions, ``others choose`` (``等待他家选择``) once it has answered or when it is
    not asked. The words of ``rules`` name the phase (``rules.stage_name``; without ``rules``,
    the rules of the room the view shows)."""
    phase = view.phase.value
    tile = "" if view.tile is None else view.tile.notation
    if view.stage is None:
        return _word(f"phase_{phase}", lang, seat=view.current, tile=tile, stage="")
    stage = room_words(view, rules).stage_name(view.stage, lang)
    if asked is None:
        return _word("phase_you" if view.legal_actions else "phase_others", lang, stage=stage)
    seats = sorted(set(asked))
    if len(seats) == 1:
        return _word("phase_one", lang, stage=stage, seat=seats[0])
    if len(seats) < view.players:
        said = ("、" if lang == "zh" else ", ").join(str(seat) for seat in seats)
        return _word("phase_some", lang, stage=stage, seats=said)
    return _word("phase_choosing", lang, stage=stage)


def end_title(result: HandResult, lang: Lang) -> str:
    """The title of a hand's settlement, by what happened: ``结算 settlement`` for a hand
    that ended on a win, ``结算 settlement · 3 wins, then the wall ran out`` (``结算 · 3 家胡牌后
    牌墙摸完``) for one played on after its wins (血战 xuèzhàn) to the last tile, and ``流局``
    (liújú, a drawn hand) only when nobody won: ``结算 settlement · 流局 the wall ran out``
    (``结算 · 流局``)."""
    n = len(result.wins)
    s = "" if n == 1 else "s"
    title = _word("settlement", lang)
    if result.exhausted and n:
        return f"{title} · {_word('ran_out', lang, n=n, s=s)}"
    if result.exhausted:
        return f"{title} · {_word('draw', lang)}"
    return title


def hands_lines(state: State, lang: Lang) -> list[str]:
    """Every seat's hand once the hand is over, so that a 查叫 (chájiào) or a 花猪 (huāzhū)
    can be checked: its concealed tiles (tile characters, then the notation or, in Chinese,
    the tiles' names) and its melds (in Chinese by name: ``碰 五筒``), ``  seat 1: 🀇🀈🀉  123m
    P5p@0``."""
    lines = [_word("hands", lang)]
    for seat, s in enumerate(state.seats):
        held = s.concealed
        names = " ".join(t.name_zh for t in held) if lang == "zh" else str(held)
        melds = " ".join(_meld_names(m) if lang == "zh" else str(m) for m in s.melds)
        shown = f"{held.format('unicode')}  {names}  {melds}".rstrip()
        lines.append(_word("hand_of", lang, seat=seat, tiles=shown))
    return lines


def _meld_names(meld: Meld) -> str:
    """A meld by its kind's and tiles' names: ``碰 五筒``, ``碰 五筒（听用 八筒）``."""
    text = f"{meld.kind.name_zh} {meld.tile.name_zh}"
    if meld.wild_tiles:
        text += f"（听用 {' '.join(t.name_zh for t in meld.wild_tiles)}）"
    return text


def ready_words(rules: object, state: State, seat: int, lang: Lang) -> str | None:
    """``听 ready: waits on 3p 三筒, 6p 六筒`` (``听牌：等 三筒、六筒``: names alone) when ``seat``
    holds a ready hand between its turns (``rules.waits``, 听牌 tīngpái), else ``None`` (a
    seat in its turn, one that has won, or one waiting on nothing). Say it only to whoever
    may see the seat's hand: the seat itself, or the whole table once shown."""
    waits = getattr(rules, "waits", None)
    if waits is None or not 0 <= seat < len(state.seats):
        return None
    held = state.seats[seat]
    if held.won or held.tiles_count % 3 != 1:
        return None
    try:
        tiles = waits(state, seat)
    except MahjongRulesError:
        return None
    if not tiles:
        return None
    said = "、".join(t.name_zh for t in tiles) if lang == "zh" else tiles_words(tiles, lang)
    return _word("ready", lang, tiles=said)


def action_words(rules: Rules, action: Action, lang: Lang) -> str:
    """What ``action`` is called when it is offered: ``discard 5m 五万``, ``peng``
    (``打 五万``), a variant's own in its words (``rules.action_label``)."""
    return rules.action_label(action, lang)


def event_words(
    rules: Rules,
    events: Iterable[Event],
    lang: Lang,
    seen: State | View,
    items: Items | None = None,
) -> list[str]:
    """The log lines of one step's ``events`` (:func:`~mahjong_rules.words.events.event_lines`,
    which go through the variant's ``rules.describe_event``); ``seen`` is the state its
    transition reached (the page of the whole table) or the seat's view of it (a seat's page:
    then nothing of the state is read)."""
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


def own_words(rules: Rules, view: View, lang: Lang, *, yours: bool = True) -> list[str]:
    """What the viewer alone sees of its own record
    (:attr:`~mahjong_rules.engine.view.View.own_variant`), in the variant's words
    (``rules.describe_own``): said to the seat itself, ``your 定缺: 万 (m), set aside 1m``;
    with ``yours=False``, said of it to whoever sees the whole table, ``its 定缺: 万 (m), set
    aside 1m`` (``定缺：万，扣下 1m``)."""
    if view.own_variant is None:
        return []
    return list(rules.describe_own(view, lang, yours=yours))


def seat_marks(view: View, seat: int, lang: Lang) -> list[str]:
    """What a table writes under ``seat``'s label before anything else: ``(you)`` (``（你）``)
    for the viewer's own seat, ``庄 dealer`` (``庄家``) for the dealer's."""
    marks = [_word("you", lang)] if seat == view.seat else []
    return marks + ([_word("dealer", lang)] if seat == view.dealer else [])


def seat_words(rules: Rules, view: View, seat: int, lang: Lang) -> list[str]:
    """The badges beside ``seat`` (``报听 declared``, ``void 万``), in the variant's words
    (``rules.describe_seat``)."""
    return list(rules.describe_seat(view, seat, lang))


def payment_items_for(
    rules: object, state: State, result: HandResult, lang: Lang, states: Sequence[State] = ()
) -> Items:
    """What names each 罚分 item of ``result``, told from the hand's final ``state``, and,
    given the hand's ``states`` in order, each kong payment's kong (``杠 5m 五万 (直杠)``)."""
    return payment_items(rules, state, result, lang, states)


def reason_words(payment: Payment, lang: Lang, items: Items | None = None) -> str:
    """Why ``payment`` was made (``胡 win``, ``杠 kong money, kong 1 of the hand``)."""
    return reason_text(payment, lang, items)


def payee_words(payment: Payment, lang: Lang) -> str:
    """``seat 1`` or ``the pot 罚池``."""
    if payment.payee is POT:
        return _word("pot", lang)
    return _word("seat", lang, seat=payment.payee)


def win_words(
    rules: Rules, win: WinRecord, lang: Lang, state: State | None = None
) -> tuple[str, list[str]]:
    """A win's line (``seat 2 胡 wins on 1p 一筒, 点炮 on a discard from seat 3``) and its
    pattern breakdown, line by line (with what the variant's words add, told the hand's
    final ``state`` when given)."""
    more = describe_win_of(rules, win, lang, state)
    if lang == "zh":
        return win_line_zh(win), [*breakdown_lines_zh(win.breakdown, indent=""), *more]
    return win_line(win), [*breakdown_lines(win.breakdown, indent="", rules=rules), *more]
