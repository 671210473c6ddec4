"""The data of a replay page: a hand record replayed step by step into plain JSON values.

:func:`page_data` gives ``{"meta": ..., "steps": [...]}``: step ``n`` is the table after the
record's first ``n`` actions (step 0: the deal), with what the page draws of it, each tile as
its notation (``"5m"``; ``"5m*"`` a wildcard 听用 tīngyòng; ``""`` face down). The page of the
whole table shows every seat's hand, each from its own view; a seat's page (``seat=K``) is made
from ``rules.view(state, K)`` and ``rules.events_for(K, ...)`` alone, so it holds nothing that
seat did not see: no other seat's concealed tile, no tile another seat drew, and no choice of
another seat's. Nothing is read or written here.

>>> from mahjong_rules import get_variant
>>> from mahjong_rules.records import HandRecord
>>> rules = get_variant("baoshan", players=2)
>>> data = page_data(HandRecord.new(rules, seed=9), seat=1)
>>> len(data["steps"]), data["steps"][0]["seats"][0]["hand"], data["steps"][0]["wall"]
(1, None, 81)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mahjong_rules.counts import TileSet
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.events import Claimed, Discarded, Event, Won
from mahjong_rules.engine.settlement import POT, HandResult, Payment
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.engine.view import SeatView, View
from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.errors import ReplayError
from mahjong_rules.melds import MeldKind
from mahjong_rules.records import HandRecord, replay
from mahjong_rules.render.page_words import (
    Items,
    action_words,
    end_title,
    event_words,
    label,
    labels,
    own_words,
    payee_words,
    payment_items_for,
    phase_words,
    ready_words,
    reason_words,
    seat_words,
    table_words,
    win_words,
)
from mahjong_rules.render.svg import meld_label, meld_pieces, tile_title
from mahjong_rules.scoring import WinKind
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.base import Rules

__all__ = ["page_data", "settlement_data"]


class _Ponds:
    """Each seat's discards with the claims on them, as the events seen report them: per
    discard ``[short mark, long mark, taken]`` (``["碰 →1", "peng by seat 1", True]``). The
    short mark is written as a meld's label is (``碰 ←0``: its kind in Chinese and an arrow
    to the seat that took the tile), in either language."""

    def __init__(self, players: int) -> None:
        self.marks: list[list[list[Any]]] = [[] for _ in range(players)]

    def see(self, events: Iterable[Event], lang: Lang) -> None:
        zh = lang == "zh"
        for event in events:
            if isinstance(event, Discarded):
                self.marks[event.seat].append(["", "", False])
            elif isinstance(event, Claimed) and event.meld.from_seat is not None:
                peng = event.meld.kind is MeldKind.PENG
                cn = event.meld.kind.name_zh
                what = cn if zh else f"{'peng' if peng else 'kong'}"
                self._mark(event.meld.from_seat, cn, what, event.seat, True, lang)
            elif isinstance(event, Won) and event.win.how is WinKind.DISCARD:
                from_seat = event.win.from_seat
                if from_seat is not None:
                    what = "胡" if zh else "won on"
                    self._mark(from_seat, "胡", what, event.win.seat, False, lang)

    def _mark(self, seat: int, cn: str, what: str, by: int, taken: bool, lang: Lang) -> None:
        pond = self.marks[seat]
        if not pond:
            return
        last = pond[-1]
        short = f"{cn} →{by}"
        long = f"座位 {by} {what}" if lang == "zh" else f"{what} by seat {by}"
        last[0] = f"{last[0]}, {short}" if last[0] else short
        last[1] = f"{last[1]}; {long}" if last[1] else long
        last[2] = last[2] or taken

    def pond(self, seat: int, discards: Sequence[Tile], code: Any) -> list[list[Any]]:
        marks = self.marks[seat]
        if len(marks) != len(discards):  # not what the events led to: the tiles alone
            marks = [["", "", False] for _ in discards]
        return [[code(t, False), *m] for t, m in zip(discards, marks, strict=True)]


class _Builder:
    """Turns one record into the page's steps; remembers every tile face it used."""

    def __init__(self, record: HandRecord, seat: int | None, lang: Lang) -> None:
        self.record = record
        self.rules: Rules = record.rules()
        self.seat = seat
        self.lang = lang
        self.used: set[str] = set()
        self.ponds = _Ponds(self.rules.players)

    def code(self, tile: Tile | None, wild: bool) -> str:
        if tile is None:
            return ""
        text = tile.notation + ("*" if wild else "")
        self.used.add(text)
        return text

    def seat_entry(self, state: State, view: View, table: View, s: SeatView) -> dict[str, Any]:
        """Seat ``s`` as ``view`` shows it (its own, or the viewer's of another seat): on the
        page of the whole table each seat's own record is said in the third person, and the
        seat's 听 (what it waits on) shown where its hand is."""
        kinds = view.wild_kinds
        hand: list[str] | None = None
        drawn: str | None = None
        if s.hand is not None:
            tiles = list(s.hand)
            if s.seat == view.seat and view.drawn is not None and view.drawn in tiles:
                tiles.reverse()
                tiles.remove(view.drawn)
                tiles.reverse()
                drawn = self.code(view.drawn, view.drawn in kinds)
            hand = [self.code(t, t in kinds) for t in tiles]
        melds = [
            {
                "tiles": [self.code(t, w) for t, w, _ in meld_pieces(m, kinds)],
                "label": meld_label(m),
            }
            for m in s.melds
        ]
        own: list[str] = []
        if s.seat == view.seat:
            own = own_words(self.rules, view, self.lang, yours=self.seat is not None)
            ready = ready_words(self.rules, state, s.seat, self.lang)
            if ready is not None:
                own.append(ready)
        return {
            "seat": s.seat,
            "badges": seat_words(self.rules, table, s.seat, self.lang),
            "own": own,
            "hand": hand,
            "count": s.tiles,
            "drawn": drawn,
            "melds": melds,
            "hidden": s.hidden_kongs,
            "pond": self.ponds.pond(s.seat, s.discards, self.code),
            "won": s.won,
        }

    def choices(self, view: View, chosen: Action | None) -> dict[str, Any]:
        actions = view.legal_actions
        mark = actions.index(chosen) if chosen is not None and chosen in actions else -1
        words = [action_words(self.rules, a, self.lang) for a in actions]
        return {"seat": view.seat, "actions": words, "chosen": mark}

    def step(self, state: State, chosen: Action | None, items: Items | None) -> dict[str, Any]:
        rules, players = self.rules, self.rules.players
        if self.seat is None:
            views = [rules.view(state, k) for k in range(players)]
            table = views[0]
            events: tuple[Event, ...] = state.events
            seen: State | View = state
        else:
            table = rules.view(state, self.seat)
            views = [table]
            events = rules.events_for(self.seat, state.events)
            seen = table
        self.ponds.see(events, self.lang)
        if self.seat is None:
            seats = [
                self.seat_entry(state, views[k], table, views[k].seats[k]) for k in range(players)
            ]
            asked: tuple[int, ...] | None = state.claimants
        else:
            seats = [self.seat_entry(state, table, table, s) for s in table.seats]
            asked = None
        wilds: TileSet = table.wild_kinds
        return {
            "phase": phase_words(table, self.lang, rules, asked),
            "wall": table.tiles_left,
            "current": table.current,
            "turn": table.phase is Phase.TURN,
            "table": table_words(rules, table, self.lang),
            "wilds": [self.code(t, True) for t in wilds],
            "seats": seats,
            "events": event_words(rules, events, self.lang, seen, items),
            "choices": [self.choices(v, chosen) for v in views if v.legal_actions],
            "end": None,
        }


def _payment(p: Payment, lang: Lang, items: Items | None) -> dict[str, Any]:
    """One payment in words: ``{"payer": "seat 1", "payee": "seat 0", "reason": "胡 win",
    "amount": 2}``."""
    return {
        "payer": label("seat", lang, seat=p.payer),
        "payee": payee_words(p, lang),
        "reason": reason_words(p, lang, items),
        "amount": p.amount,
    }


def settlement_data(
    rules: Rules,
    result: HandResult,
    lang: Lang = "en",
    *,
    final: State | None = None,
    states: Sequence[State] = (),
) -> dict[str, Any]:
    """The settlement (结算 jiésuàn) of a hand in words, as plain JSON values: what the replay
    page shows at its last step, and what a server may send its seats at the end of a hand.

    * ``title``: what happened (:func:`~mahjong_rules.words.table.end_title`): ``结算
      settlement · 2 wins``, ``... · 3 wins, then the wall ran out``, and ``流局`` only when
      nobody won (``结算 settlement · 流局 the wall ran out: nobody won``);
    * ``next``: who deals the next hand, in words;
    * ``payments`` and ``cancelled`` (the payments voided, such as kong money at a 流局 where
      the room cancels it): each ``{"payer", "payee", "reason", "amount"}``, the first three
      in words (``seat 1``, ``the pot 罚池``, ``杠 kong money, kong 1 of the hand``);
    * ``wins``: each ``{"seat", "text", "breakdown"}``, the win's line and its pattern
      breakdown line by line (with what the variant adds: ``rules.describe_win``);
    * ``totals``: each seat's delta; ``pot``: what the penalty pot (罚池 fáchí) got, or
      ``None`` when no payment went to it.

    ``final`` is the hand's last state: with it each 罚分 (fáfēn) payment's reason names its
    item (花猪, 查叫, ...: ``rules.describe_payment``, which reads the state); leave it out for
    what one seat may see (a seat's replay page does). ``states``: the hand's states in order
    (a record's replay), with which each kong payment names its kong (``杠 kong money, 杠 5m
    五万 (直杠)``) rather than its number (``kong 1 of the hand``); with ``final`` only.
    ``lang``: ``"en"`` or ``"zh"``.
    """
    if not isinstance(result, HandResult):
        raise TypeError(f"settlement_data() takes a HandResult, not {type(result).__name__}")
    items = None if final is None else payment_items_for(rules, final, result, lang, states)
    title = end_title(result, lang)
    wins = []
    for win in result.wins:
        text, breakdown = win_words(rules, win, lang, final)
        wins.append({"seat": win.seat, "text": text, "breakdown": breakdown})
    return {
        "title": title,
        "next": label("next_dealer", lang, seat=result.next_dealer),
        "payments": [_payment(p, lang, items) for p in result.payments],
        "cancelled": [_payment(p, lang, items) for p in result.cancelled],
        "wins": wins,
        "totals": list(result.deltas),
        "pot": result.pot if any(p.payee is POT for p in result.payments) else None,
    }


def page_data(record: HandRecord, *, seat: int | None = None, lang: Lang = "en") -> dict[str, Any]:
    """The page of ``record``: ``{"meta": ..., "steps": [...]}``, every step of the hand (see
    the module docs); ``seat``: only what that seat saw; ``lang``: ``"en"`` or ``"zh"``.

    A record that does not replay raises :class:`~mahjong_rules.errors.ReplayError`; a
    ``seat`` not at the table or a ``lang`` not known raise it too, naming the argument.
    """
    done = replay(record)
    rules = record.rules()
    if seat is not None and (isinstance(seat, bool) or seat not in range(rules.players)):
        raise ReplayError(f"seat must be a seat 0..{rules.players - 1} or None, got {seat!r}", None)
    if lang not in ("en", "zh"):
        raise ReplayError(f"lang must be 'en' or 'zh', got {lang!r}", None)
    builder = _Builder(record, seat, lang)
    result = done.result
    items = None
    final = done.final if seat is None else None  # a seat's page reads no state
    if result is not None and final is not None:
        items = payment_items_for(rules, final, result, lang, done.states)
    steps = []
    last = len(done.states) - 1
    for n, state in enumerate(done.states):
        chosen = record.actions[n] if n < len(record.actions) else None
        step = builder.step(state, chosen, items if n == last else None)
        if n == last:
            ended = result if seat is None else rules.view(state, seat).result
            if ended is not None:
                step["end"] = settlement_data(
                    rules, ended, lang, final=final, states=done.states if final else ()
                )
        steps.append(step)
    meta = _meta(record, rules, seat, lang, builder.used)
    return {"meta": meta, "steps": steps}


def _meta(
    record: HandRecord, rules: Rules, seat: int | None, lang: Lang, used: set[str]
) -> dict[str, Any]:
    given = record.seed
    if given is None:
        seed = label("wall_given", lang)
    else:
        shown = given.hex() if isinstance(given, bytes) else given
        seed = label("seed", lang, seed=shown)
    who = label("everyone", lang) if seat is None else label("viewer", lang, seat=seat)
    kinds = sorted({code.rstrip("*") for code in used}, key=lambda t: Tile(t).index)
    return {
        "title": label("title", lang, name_zh=rules.name_zh, name=rules.name),
        "sub": f"{seed} · {who}",
        "players": rules.players,
        "dealer": record.dealer,
        "seat": seat,
        "lang": lang,
        "names": {t: tile_title(Tile(t)) for t in kinds},
        "faces": sorted(used, key=lambda c: (Tile(c.rstrip("*")).index, c)),
        "labels": labels(lang),
    }
