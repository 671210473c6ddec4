"""The words of a variant: how the text of a hand (``python -m mahjong_rules play``, a log, a
player's table) names the variant's own actions, events and view parts, in English (``"en"``)
and Chinese (``"zh"``).

:class:`WordHooks` is a base of :class:`~mahjong_rules.variants.base.Rules`: every variant has
these hooks, and one that overrides none still prints readably — an action of its own as its
notation without the seat (``lucky m``), an event of its own as its class name in words and
its fields by name (``seat 0 lucky picked: suit m``), its public and private view records as
their fields by name. Nothing is ever printed as a Python repr. A hook takes the language as
:data:`Lang` and returns text; it never prints. What the library itself shows (a discard, a
claim, a win's breakdown, the settlement) is the command line's; a variant adds to it or
reworks it through :meth:`WordHooks.describe_event`.

>>> from mahjong_rules import Discard, Tile
>>> words = WordHooks()
>>> words.describe_action(Discard(0, Tile("5m")), "en"), words.describe_action(Pass(0), "zh")
('discard 5m', '过')
"""

from __future__ import annotations

import enum
import inspect
import re
from collections.abc import Iterable, Sequence
from typing import Any, Literal

import attrs

from mahjong_rules.engine.actions import Action, Discard, Gang, Hu, Pass, Peng
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.settlement import HandResult, Payment, WinRecord
from mahjong_rules.engine.state import State
from mahjong_rules.engine.view import View
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.tiles import Tile

__all__ = [
    "LANGS",
    "Lang",
    "WordHooks",
    "describe_win_of",
    "record_words",
    "tile_words",
    "tiles_words",
    "type_words",
    "value_words",
]

Lang = Literal["en", "zh"]
"""A language the words are given in: ``"en"`` (English, with the Chinese term beside it) or
``"zh"`` (Chinese only, full-width punctuation)."""
LANGS: tuple[Lang, ...] = ("en", "zh")
"""Every :data:`Lang`."""

_KONG = {
    MeldKind.ZHI_GANG: ("kong", "直杠"),
    MeldKind.BU_GANG: ("add kong", "补杠"),
    MeldKind.AN_GANG: ("concealed kong", "暗杠"),
}
_CAPITAL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def tile_words(tile: Tile) -> str:
    """``5m 五万``: a tile's notation and its Chinese name, as the logs write it."""
    return f"{tile.notation} {tile.name_zh}"


def tiles_words(tiles: Iterable[Tile], lang: Lang) -> str:
    """``4m 四万, 7p 七筒`` (Chinese: ``4m 四万，7p 七筒``); empty for no tile."""
    return ("，" if lang == "zh" else ", ").join(tile_words(t) for t in tiles)


def type_words(cls: type) -> str:
    """A class name in words: ``LuckyDeclared`` → ``lucky declared``."""
    return _CAPITAL.sub(" ", cls.__name__).lower()


def value_words(value: Any, lang: Lang) -> str:
    """A field's value as text: a tile or meld in its notation, an enum member by its value, a
    bool as yes/no (是/否), ``None`` as ``-``, a sequence item by item; anything else by
    ``str``.

    >>> from mahjong_rules.tiles import Suit
    >>> value_words((Tile("1m"), None, True), "en"), value_words(Suit.MAN, "zh")
    ('1m - yes', 'm')
    """
    if value is None:
        return "-"
    if isinstance(value, bool):
        return ("是" if value else "否") if lang == "zh" else ("yes" if value else "no")
    if isinstance(value, Tile):
        return value.notation
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, Meld | str | int):
        return str(value)
    if isinstance(value, Sequence | frozenset | set):
        return " ".join(value_words(v, lang) for v in value) or "-"
    return str(value)


def record_words(record: Any, lang: Lang, skip: Iterable[str] = ("seat",)) -> str:
    """An attrs record's fields by name, ``suit m, aside 4p`` (Chinese: ``suit m，aside 4p``),
    the fields named in ``skip`` left out; a record of no attrs class as ``str``."""
    if not attrs.has(type(record)):
        return str(record)
    left = set(skip)
    parts = [
        f"{f.name} {value_words(getattr(record, f.name), lang)}"
        for f in attrs.fields(type(record))
        if f.name not in left
    ]
    return ("，" if lang == "zh" else ", ").join(parts)


class WordHooks:
    """The words hooks of a variant (see the module docs); each default is readable text made
    from the object's class and fields, so a variant writes only those it wants to say
    better."""

    def describe_action(self, action: Action, lang: Lang) -> str:
        """What ``action`` is called when a player is offered it — the text shown beside its
        number, which a player may also type. Default: the library's actions in words
        (``discard 5m`` / ``打 5m``, ``peng``, ``kong 5m with 1p``, ``hu``, ``pass``), any
        other its notation without the seat (``lucky m``)."""
        zh = lang == "zh"
        if isinstance(action, Discard):
            return f"{'打' if zh else 'discard'} {action.tile}"
        if isinstance(action, Hu):
            return "胡" if zh else "hu"
        if isinstance(action, Pass):
            return "过" if zh else "pass"
        if isinstance(action, Peng | Gang):
            if isinstance(action, Peng):
                text = "碰" if zh else "peng"
            else:
                en, cn = _KONG[action.kind]
                text = f"{cn if zh else en} {action.tile}"
            if action.wild_tiles:
                text += (
                    f" {'用' if zh else 'with'} {''.join(t.notation for t in action.wild_tiles)}"
                )
            return text
        return str(action).partition(" ")[2]

    def action_label(self, action: Action, lang: Lang) -> str:
        """The player-facing label of ``action``: what a menu, a page and a served table's
        button show (the command line still takes :meth:`describe_action`'s text typed).
        Default: the library's actions with each tile named in the language (``discard 5m
        五万`` / ``打 五万``, ``peng 5m 五万`` / ``碰 五万``, ``kong 5m 五万`` / ``直杠 五万``,
        ``hu`` / ``胡``, ``pass`` / ``过``); any other action as :meth:`describe_action`
        says it.

        >>> WordHooks().action_label(Discard(0, Tile("5m")), "zh")
        '打 五万'
        """
        zh = lang == "zh"
        tile = getattr(action, "tile", None)
        name = "" if not isinstance(tile, Tile) else (tile.name_zh if zh else tile_words(tile))
        if isinstance(action, Discard):
            return f"{'打' if zh else 'discard'} {name}"
        if isinstance(action, Peng):
            text = f"{'碰' if zh else 'peng'} {name}".rstrip()
        elif isinstance(action, Gang):
            en, cn = _KONG[action.kind]
            text = f"{cn if zh else en} {name}".rstrip()
        else:
            return self.describe_action(action, lang)
        if action.wild_tiles:
            wilds = "".join(t.name_zh if zh else t.notation for t in action.wild_tiles)
            text += f" {'用' if zh else 'with'} {wilds}"
        return text

    def describe_event(
        self, event: Event, lang: Lang, seen: State | View | None, lines: list[str]
    ) -> list[str]:
        """The log lines of ``event``. ``lines`` are the library's own lines for it (empty for
        an event of the variant's own); ``seen`` is the state (a log of the whole hand) or the
        seat's view (a player's log) its transition reached, or ``None``. Return the lines to
        print: ``lines`` as they are, added to, or reworked. Default: ``lines``, or for an
        event of the variant's own its class in words and its fields by name
        (``seat 0 lucky picked: suit m``; ``座位 0 lucky picked：suit m``)."""
        if lines:
            return lines
        seat = getattr(event, "seat", None)
        zh = lang == "zh"
        who = "" if not isinstance(seat, int) else (f"座位 {seat} " if zh else f"seat {seat} ")
        fields = record_words(event, lang)
        if not fields:
            return [f"{who}{type_words(type(event))}"]
        return [f"{who}{type_words(type(event))}{'：' if zh else ': '}{fields}"]

    def stage_name(self, stage: str, lang: Lang) -> str:
        """The game's name of a phase of the variant's own, given its code name (an
        :class:`~mahjong_rules.engine.phases.OwnPhase`'s ``name``, the
        :attr:`~mahjong_rules.engine.view.View.stage` while it asks), such as ``定缺 declaring
        void suits`` (``定缺``, dìngquē) for a phase named ``voiding``. A page or a table says
        it where it says what the hand waits for. Default: the code name itself.

        >>> WordHooks().stage_name("voiding", "en")
        'voiding'
        """
        return stage

    def describe_stage(self, view: View, lang: Lang) -> str:
        """The heading of a player's table while a phase of the variant's own asks it (its
        :attr:`~mahjong_rules.engine.view.View.stage`): what the seat is to choose. Default:
        ``--- NAME: you choose`` (``--- NAME：你选择``), the phase named by :meth:`stage_name`
        (said from the seat's side: its view does not say who else is asked)."""
        name = self.stage_name(view.stage or "", lang)
        if lang == "zh":
            return f"--- {name}：你选择"
        return f"--- {name}: you choose"

    def describe_table(self, view: View, lang: Lang) -> list[str]:
        """The lines a player's table shows of the variant's own view records, below the
        seat's hand and melds: of :attr:`~mahjong_rules.engine.view.View.variant` (every
        seat's) and of :attr:`~mahjong_rules.engine.view.View.own_variant` (this seat's
        alone). Default: each record's class in words and its fields by name,
        ``table, lucky table: picked yes no no no`` and ``yours, lucky own: suit m``."""
        zh = lang == "zh"
        lines = []
        for record, en, cn in (
            (view.variant, "table", "牌桌"),
            (view.own_variant, "yours", "你的"),
        ):
            if record is not None:
                what = (
                    f"{cn} {type_words(type(record))}"
                    if zh
                    else f"{en}, {type_words(type(record))}"
                )
                fields = record_words(record, lang, skip=())
                lines.append(f"{what}{'：' if zh else ': '}{fields}")
        return lines

    def describe_own(self, view: View, lang: Lang, *, yours: bool = True) -> list[str]:
        """The lines of the seat's own record
        (:attr:`~mahjong_rules.engine.view.View.own_variant`, what the seat alone sees). With
        ``yours`` they are said to the seat itself (its own table, its own replay page); with
        ``yours=False`` they are said of the seat to whoever sees the whole table (the page
        of every seat's hand), in the third person. Default: with ``yours``,
        :meth:`describe_table` of the view without its public record; else the record's
        class in words and its fields by name (``lucky own: suit m``), with no "your"."""
        own = view.own_variant
        if own is None:
            return []
        if yours:
            return self.describe_table(attrs.evolve(view, variant=None), lang)
        fields = record_words(own, lang, skip=())
        return [f"{type_words(type(own))}{'：' if lang == 'zh' else ': '}{fields}"]

    def describe_seat(self, view: View, seat: int, lang: Lang) -> list[str]:
        """What a player's table adds to the line of ``seat`` (each part a few words, such as
        ``declared ready``), from the public records of ``view``. Default: nothing (the default
        :meth:`describe_table` shows the public record whole)."""
        return []

    def describe_payment(
        self, state: State, result: HandResult, payment: Payment, lang: Lang
    ) -> str | None:
        """The item of a payment the settlement names beside its reason, told from the
        hand's final ``state`` and ``result`` (which 罚分 fáfēn a penalty is, e.g. that the payer
        held all three suits), or ``None``. Default: none."""
        return None

    def describe_win(self, win: WinRecord, lang: Lang, state: State | None = None) -> list[str]:
        """Lines the settlement adds below its table for ``win``: how its payments follow
        from its points where they differ (a bonus each payer adds outside the cap), or what
        the hand around it did (e.g. the birds that hit it). ``state`` is the hand's final
        state when the caller has it (the command line, the replay page, a served table),
        else ``None``. An override written before ``state`` came, ``describe_win(self, win,
        lang)``, still works: the callers (:func:`describe_win_of`) pass ``state`` only to an
        override that takes it. Default: none."""
        return []


_TAKES_STATE: dict[type, bool] = {}
"""Whether each rules class's ``describe_win`` takes ``state`` (an override may predate it)."""


def describe_win_of(rules: WordHooks, win: WinRecord, lang: Lang, state: State | None) -> list[str]:
    """``rules.describe_win(win, lang, state=state)``, or without ``state`` for an override
    of two arguments written before it came."""
    cls = type(rules)
    takes = _TAKES_STATE.get(cls)
    if takes is None:
        params = inspect.signature(cls.describe_win).parameters
        takes = _TAKES_STATE[cls] = "state" in params or any(
            p.kind is p.VAR_KEYWORD for p in params.values()
        )
    return rules.describe_win(win, lang, state=state) if takes else rules.describe_win(win, lang)
