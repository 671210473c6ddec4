"""Readable text of a hand: its events as log lines (Chinese and one-line notation), a win's
breakdown, and the settlement table. Pure formatting: every function returns lines.

>>> from mahjong_rules import Meld, Tile
>>> from mahjong_rules.engine.events import Claimed, Discarded
>>> event_lines(Discarded(0, Tile("7p")))
['seat 0 打 discards 7p 七筒']
>>> event_lines(Claimed(1, Meld.parse("P7p@0")))
['seat 1 碰 peng P7p@0']
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Sequence

from mahjong_rules.engine.events import (
    Claimed,
    ConcealedKonged,
    Dealt,
    Discarded,
    Drew,
    Event,
    Konged,
    Paid,
    Passed,
    PaymentsCancelled,
    Settled,
    WallExhausted,
    Won,
)
from mahjong_rules.engine.settlement import Payment, WinRecord
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.engine.word_hooks import tile_words as tile_text
from mahjong_rules.errors import UnknownVariantError
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.scoring import Breakdown, Pattern, ScoreItem
from mahjong_rules.tiles import Tile
from mahjong_rules.variants import registry
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.registry import rules_for
from mahjong_rules.words.events_zh import event_lines_zh
from mahjong_rules.words.lookup import words_for
from mahjong_rules.words.payments import Items, how_words, payment_line, settlement_lines

__all__ = [
    "breakdown_lines",
    "event_lines",
    "exhausted_line",
    "gloss",
    "hand_lines",
    "item_line",
    "meld_text",
    "pinyin",
    "room_of",
    "settlement_lines",
    "tile_text",
    "tiles_text",
    "win_line",
]

_CANCELLED = {"gang_shang_pao": "杠上炮 gang_shang_pao", "draw_game": "黄庄 draw_game"}
_KONG_ZH = {MeldKind.ZHI_GANG: "直杠", MeldKind.BU_GANG: "补杠", MeldKind.AN_GANG: "暗杠"}


def tiles_text(tiles: Iterable[Tile]) -> str:
    """``4m 四万, 7p 七筒`` (``-`` for none)."""
    return ", ".join(tile_text(t) for t in tiles) or "-"


_GLOSS = re.compile(r"\S+ \([^)]*\)[:,] (?P<gloss>[^—.]+?)(?: —|\.(?:\s|$)|$)")
"""The English gloss of a pattern docstring's opening, ``中文 (pīnyīn): English gloss.`` (or
the older ``中文 (pīnyīn), English gloss — ...``)."""


def _room_packages(room: type[Rules] | None) -> tuple[str, ...]:
    """The packages of the room's rules class and of the rules classes it derives from, its
    own first (a class at a module's top level: that module)."""
    if room is None:
        return ()
    found = [c.__module__ for c in room.__mro__ if issubclass(c, Rules) and c is not Rules]
    return tuple(dict.fromkeys((m.rpartition(".")[0] or m) + "." for m in found))


def _tables(rules: Rules | None) -> tuple[dict[str, str], dict[str, str]]:
    registered = dict.fromkeys(registry._REGISTRY.values())
    shipped = tuple(p for cls in registered for p in _room_packages(cls))
    return _pattern_tables(_room_packages(None if rules is None else type(rules)), shipped)


@functools.cache
def _pattern_tables(
    own: tuple[str, ...] = (), shipped: tuple[str, ...] = ()
) -> tuple[dict[str, str], dict[str, str]]:
    """The pinyin and English gloss of the patterns by key, as a room names them: the first
    class found for a key in the room's own packages ``own`` (:func:`_room_packages`), then in
    the library's own modules (``mahjong_rules.scoring``'s 平胡) or a plugin's, then in the
    registered games' packages ``shipped``. The same key is another pattern in another game
    (清一色 is Baoshan's "one suit" and Sichuan's "full flush"), so the room's own come first;
    a game of the library's that is not registered (yet), whose module was imported for other
    reasons, counts for no other room."""
    classes: list[type[Pattern]] = []
    todo: list[type[Pattern]] = [Pattern]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        classes.append(cls)

    def rank(cls: type[Pattern]) -> int:
        module = cls.__module__ + "."
        for n, package in enumerate(own):
            if module.startswith(package):
                return n
        if not module.startswith("mahjong_rules.variants."):
            return len(own)  # the library's own, or a plugin's
        for n, package in enumerate(shipped, start=len(own) + 1):
            if module.startswith(package):
                return n
        return -1  # a shipped game's module that is not registered (yet)

    pinyins: dict[str, str] = {}
    glosses: dict[str, str] = {}
    ranked = sorted((r, n, c) for n, c in enumerate(classes) if (r := rank(c)) >= 0)
    for _, _, cls in ranked:
        key, reading = cls.__dict__.get("key"), cls.__dict__.get("pinyin")
        if isinstance(key, str) and isinstance(reading, str):
            pinyins.setdefault(key, reading)
            found = _GLOSS.match((cls.__doc__ or "").strip())
            if found and key not in glosses:
                glosses[key] = " ".join(found["gloss"].split())
    return pinyins, glosses


def room_of(state: State | None) -> Rules | None:
    """The rules of the room ``state`` was played in, if its variant is registered."""
    if state is None:
        return None
    try:
        return rules_for(state.options)
    except UnknownVariantError:
        return None


def pinyin(key: str, rules: Rules | None = None) -> str:
    """The pinyin of a pattern by its key (``qing_yi_se`` → ``qīngyīsè``), as the room of
    ``rules`` names it; the key if unknown."""
    return _tables(rules)[0].get(key, key)


def gloss(key: str, rules: Rules | None = None) -> str | None:
    """The English gloss of a pattern by its key, from its class docstring, as the room of
    ``rules`` names it (``qing_yi_se``: Baoshan's ``one suit``, Sichuan's ``full flush``);
    ``None`` if its docstring gives none."""
    return _tables(rules)[1].get(key)


def item_line(item: ScoreItem, rules: Rules | None = None) -> str:
    """``清一色 qīngyīsè "one suit" (qing_yi_se) 2 fan``; a counted pattern adds ``(2 × 1)``;
    the gloss and pinyin are those of the room of ``rules``."""
    english = gloss(item.key, rules)
    shown = f' "{english}"' if english else ""
    line = f"{item.name_zh} {pinyin(item.key, rules)}{shown} ({item.key}) {item.fan} fan"
    if item.count > 1:
        line += f" ({item.count} × {item.fan // item.count})"
    return line


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def breakdown_lines(
    breakdown: Breakdown, indent: str = "  ", rules: Rules | None = None
) -> list[str]:
    """Each pattern (named as the room of ``rules`` names it), then the fan (before and after
    the cap), the points, the reading scored and what the wildcards stood for."""
    lines = [indent + item_line(item, rules) for item in breakdown.items]
    lines.append(
        f"{indent}total {breakdown.fan} fan, capped {breakdown.capped_fan} fan, "
        f"{_points(breakdown.points)}"
    )
    reading = breakdown.reading
    if reading is not None:
        lines.append(f"{indent}reading {reading}")
        if reading.wilds:
            lines.append(f"{indent}wildcards stand for {tiles_text(reading.wilds)}")
    return lines


def win_line(win: WinRecord) -> str:
    """``seat 2 胡 wins on 1p 一筒, 点炮 on a discard from seat 3``."""
    line = f"seat {win.seat} 胡 wins on {tile_text(win.tile)}, {how_words(win.how, 'en')}"
    if win.from_seat is not None:
        line += f" from seat {win.from_seat}"
    if win.forced:
        line += " (forced)"
    return line


def meld_text(meld: Meld) -> str:
    """``P7p@0``; a meld holding wildcards says so: ``P7p*8p@0 (听用 wildcard 8p 八筒)``."""
    if meld.wild_tiles:
        return f"{meld} (听用 wildcard {tiles_text(meld.wild_tiles)})"
    return str(meld)


def exhausted_line(wins: int, lang: Lang) -> str:
    """The wall's end: a draw game (流局) if no seat has won, else the end of a hand played on
    after ``wins`` wins (血战 xuèzhàn)."""
    zh = lang == "zh"
    if not wins:
        return "流局：牌墙已摸完" if zh else "流局 the wall is exhausted: a draw game"
    if zh:
        return f"牌墙已摸完（已有 {wins} 家胡牌）"
    return f"the wall is exhausted after {wins} win{'' if wins == 1 else 's'}"


def event_lines(
    event: Event,
    state: State | None = None,
    lang: Lang = "en",
    items: Items | None = None,
    rules: Rules | None = None,
    wins: int = 0,
    view: View | None = None,
) -> list[str]:
    """The log lines of one event; ``state`` (the state the event's transition reached) gives
    the dealt hands for :class:`Dealt`; ``lang="zh"``: the lines in Chinese
    (:mod:`mahjong_rules.words.events_zh`); ``items`` names each 罚分 item of a payment; a win's
    patterns are named as the room of ``rules`` (or else of ``state``) names them; with no
    ``state``, ``wins`` says how many seats have won (the wall's end after a win is no draw)
    and ``view``, the seat's view after the transition, is what the variant's words read.

    The library's lines for its own events are the command line's; every event then goes
    through the room's words (:meth:`~mahjong_rules.engine.word_hooks.WordHooks.describe_event`),
    which give a variant's own events their text and may add to the library's lines."""
    if isinstance(event, Settled):
        return []  # the settlement table follows the log
    room = rules if rules is not None else room_of(state)
    if isinstance(event, WallExhausted):
        won = len(state.wins) if state is not None else wins
        lines = [exhausted_line(won, lang)]
    elif lang == "zh":
        lines = event_lines_zh(event, state, items, room)
    else:
        lines = _library_lines(event, state, items, room)
    seen = state if state is not None else view
    return words_for(event, room).describe_event(event, lang, seen, lines)


def _library_lines(
    event: Event, state: State | None, items: Items | None, room: Rules | None
) -> list[str]:
    """The English lines of one of the library's events (none for any other)."""
    if isinstance(event, Drew):
        what = "?" if event.tile is None else tile_text(event.tile)
        if event.replacement:
            return [f"seat {event.seat} 补张 draws {what} (kong replacement)"]
        return [f"seat {event.seat} 摸 draws {what}"]
    if isinstance(event, Discarded):
        return [f"seat {event.seat} 打 discards {tile_text(event.tile)}"]
    if isinstance(event, Passed):
        return [f"seat {event.seat} 过 passes"]
    if isinstance(event, Claimed):
        if event.meld.kind is MeldKind.PENG:
            return [f"seat {event.seat} 碰 peng {meld_text(event.meld)}"]
        return [f"seat {event.seat} 杠 {_KONG_ZH[event.meld.kind]} kong {meld_text(event.meld)}"]
    if isinstance(event, Konged):
        return [f"seat {event.seat} 杠 {_KONG_ZH[event.meld.kind]} kong {meld_text(event.meld)}"]
    if isinstance(event, ConcealedKonged):
        return [f"seat {event.seat} 杠 暗杠 kong (concealed)"]
    if isinstance(event, Dealt):
        return _dealt_lines(event, state)
    if isinstance(event, Won):
        return [win_line(event.win), *breakdown_lines(event.win.breakdown, rules=room)]
    if isinstance(event, Paid):
        return ["  " + payment_line(event.payment, "en", items)]
    if isinstance(event, PaymentsCancelled):
        cancelled = "; ".join(payment_line(p) for p in event.payments)
        return [f"  cancelled ({_CANCELLED.get(event.why, event.why)}): {cancelled}"]
    return []


def _dealt_lines(event: Dealt, state: State | None) -> list[str]:
    lines = [f"发牌 dealt: dealer seat {event.dealer}, {event.tiles_left} tiles left in the wall"]
    if state is None:
        return lines
    for seat, s in enumerate(state.seats):
        lines.append(f"  seat {seat} 手牌 hand {s.concealed}")
    return lines


def hand_lines(states: Sequence[State], lang: Lang = "en", items: Items | None = None) -> list[str]:
    """The log of a hand from its states in order (each holds its transition's events), in
    ``lang``; ``items`` names each 罚分 item (:func:`~mahjong_rules.words.payments.payment_items`).

    Every payment comes with a :class:`Paid` event; any payment of the settlement that a
    variant did not report so (a third-party variant may not) is listed when the hand is
    settled, so the log shows every payment once.
    """
    lines: list[str] = []
    reported: Counter[Payment] = Counter()
    rules = room_of(states[0]) if states else None
    for state in states:
        for event in state.events:
            lines.extend(event_lines(event, state, lang, items, rules))
            if isinstance(event, Paid):
                reported[event.payment] += 1
            elif isinstance(event, Settled):
                unreported = Counter(event.result.payments) - reported
                for payment in event.result.payments:
                    if unreported[payment] > 0:
                        unreported[payment] -= 1
                        lines.append("  " + payment_line(payment, lang, items))
    return lines
