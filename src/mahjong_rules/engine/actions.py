"""Player actions (FLOW-1): frozen values a server passes to :meth:`Rules.apply`.

Their reprs paste back into Python: ``Discard(seat=0, tile=Tile('5m'))``. Draws are not actions:
the engine draws for the players. Each action has a one-line text form, ``str(action)``, that
:meth:`Action.parse` reads back (see :mod:`mahjong_rules.engine.action_text`).

Actions are checked when built, so a server can build them from untrusted input: a seat is an
``int`` 0..3 (never a ``bool``; the table size is checked by the rules), a tile is a
:class:`~mahjong_rules.Tile` (its notation, ``"9s"``, is converted), wildcard tiles are a sorted
tuple of tiles (a list or notation text is converted). A wrong value raises
:class:`~mahjong_rules.errors.ActionError`, a wrong type
:class:`~mahjong_rules.errors.ActionTypeError` (also a :class:`TypeError`), naming the class,
the field and the value:

>>> Discard(1, "9s")
Discard(seat=1, tile=Tile('9s'))
>>> Gang(0, "2m", MeldKind.ZHI_GANG, "8p8p")
Gang(seat=0, tile=Tile('2m'), kind=MeldKind.ZHI_GANG, wild_tiles=(Tile('8p'), Tile('8p')))
>>> Discard(1.0, "9s")
Traceback (most recent call last):
...
mahjong_rules.errors.ActionTypeError: Discard.seat: a seat is an int 0..3, got 1.0
>>> print(Gang(0, "2m", MeldKind.ZHI_GANG, "8p8p"))
0 gang 2m exposed *8p8p
>>> Action.parse("3 hu")
Hu(seat=3)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, TypeVar, cast

import attrs

from mahjong_rules._reduce import reduce_fields
from mahjong_rules.engine.action_fields import check_fields, field_shapes, read_args, write_args
from mahjong_rules.engine.action_registry import (
    registered_by_name,
    registered_by_word,
    words_of,
)
from mahjong_rules.engine.action_text import KIND_WORDS, read_action, wild_text
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Tile

__all__ = [
    "Action",
    "Discard",
    "Gang",
    "Hu",
    "Pass",
    "Peng",
    "action_type",
    "parse_action",
]

_A = TypeVar("_A", bound="Action")
_PENG = MeldKind.PENG


@attrs.frozen
class Action:
    """Base of every action: the seat that takes it.

    A variant's own action derives from it (a frozen attrs class, listed in its rules'
    ``action_types``): its fields are checked from their types on construction, and its text
    form and action ids come from the class attributes and methods below (the shipped ones
    write and read theirs as :mod:`~mahjong_rules.engine.action_text` says).
    """

    seat: int
    """The seat that takes the action, an ``int`` 0..3."""
    verb: ClassVar[str] = ""
    """The English verb of the text form (``"discard"``...): one word, written and read (in
    any case)."""
    verb_aliases: ClassVar[tuple[str, ...]] = ()
    """Other words read as the verb (``("定缺", "缺")``); the shipped actions' are in
    :data:`~mahjong_rules.engine.action_text.VERBS`."""

    def __attrs_post_init__(self) -> None:
        seat = self.seat
        if type(seat) is not int or not 0 <= seat <= 3 or self.__class__ not in _SEAT_ONLY:
            _check(self)

    @classmethod
    def parse(cls: type[_A], text: str) -> _A:
        """Read an action from its text form (``"1 discard 9s"``, see
        :mod:`~mahjong_rules.engine.action_text`); on a subclass, only that kind of action.
        ``Action.parse`` reads the actions of every registered variant too.

        Raises :class:`~mahjong_rules.errors.ActionParseError` naming the position.
        """
        others = (
            registered_by_word() if cls is Action else None if cls in _SHIPPED else words_of(cls)
        )
        verb, seat, args = read_action(text, cls.verb or None, others)
        made = _BY_VERB.get(verb) if others is None or verb in _SHIPPED_VERBS else None
        if made is None:
            assert others is not None
            made = next(c for c in others.values() if getattr(c, "verb", None) == verb)
        return cast(_A, made(seat, *args))

    def text_args(self) -> tuple[str, ...]:
        """The tokens written after the verb: by default one per field after ``seat``, by its
        type (:mod:`~mahjong_rules.engine.action_fields`)."""
        return write_args(self)

    @classmethod
    def read_text_args(cls, tokens: tuple[str, ...]) -> tuple[Any, ...]:
        """The constructor arguments after ``seat`` that ``tokens``, the text after the verb,
        give (the inverse of :meth:`text_args`); raises
        :class:`~mahjong_rules.errors.ActionError` naming what is wrong. Default: one token
        per field, by its type."""
        return read_args(cls, tokens)

    @classmethod
    def id_shapes(cls, rules: Any) -> Iterable[tuple[Any, ...]]:
        """The constructor arguments after ``seat`` of every shape of this action a seat of
        the room ``rules`` could take: one action id each, after the shipped ones
        (:mod:`~mahjong_rules.engine.action_ids`). Default: every combination of the fields'
        values (tiles of the room, enum members) that the constructor accepts."""
        return field_shapes(cls, rules)

    def __str__(self) -> str:
        args = self.text_args() if self.__class__ not in _SEAT_ONLY else ()
        return " ".join((str(self.seat), self.verb, *args))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled compactly: a shipped action as its fields, rebuilt unchecked (it was valid
        when pickled); a variant's own as its class and fields (:mod:`mahjong_rules._reduce`)."""
        cls = self.__class__
        if cls is Discard:
            return (_discard_of, (self.seat, self.tile))  # type: ignore[attr-defined]
        if cls is Gang:
            gang: Any = self
            return (_gang_of, (gang.seat, gang.tile, gang.kind, gang.wild_tiles))
        if cls is Peng:
            return (_peng_of, (self.seat, self.wild_tiles))  # type: ignore[attr-defined]
        if cls is Pass or cls is Hu:
            return (_seat_action_of, (cls, self.seat))
        return reduce_fields(self)


@attrs.frozen
class Discard(Action):
    """打牌 (dǎpái): discard ``tile`` from the concealed hand."""

    tile: Tile
    """The tile discarded, one of the seat's concealed tiles."""
    verb: ClassVar[str] = "discard"

    def __attrs_post_init__(self) -> None:
        seat = self.seat
        if type(seat) is not int or not 0 <= seat <= 3 or type(self.tile) is not Tile:
            _check(self)

    def __str__(self) -> str:
        return f"{self.seat} discard {self.tile.notation}"


@attrs.frozen
class Peng(Action):
    """碰 (pèng): take the last discard to make a pung with two of one's own.

    ``wild_tiles`` are the wildcards used in place of natural copies (in a game whose melds take
    wildcards; empty otherwise): at most 2, kept sorted.
    """

    wild_tiles: tuple[Tile, ...] = ()
    """The wildcards used in place of natural copies, sorted (at most 2)."""
    verb: ClassVar[str] = "peng"

    def __attrs_post_init__(self) -> None:
        seat, wilds = self.seat, self.wild_tiles
        if (
            type(seat) is not int
            or not 0 <= seat <= 3
            or (wilds != () and not _plain_wilds(wilds, 2, None))
        ):
            _check(self)

    @classmethod
    def _make(cls, seat: int, wild_tiles: tuple[Tile, ...]) -> Peng:
        """A peng of values known to be valid (the engine's listings), built unchecked."""
        obj = _new(cls)
        _set_seat(obj, seat)
        _set_peng_wilds(obj, wild_tiles)
        return obj

    def __str__(self) -> str:
        return f"{self.seat} peng{wild_text(self.wild_tiles)}"


@attrs.frozen
class Gang(Action):
    """杠 (gàng): a kong of ``tile``: 直杠 on the discard, 补杠 onto one's own peng, or 暗杠.

    ``kind`` is :attr:`~mahjong_rules.MeldKind.ZHI_GANG`, ``BU_GANG`` or ``AN_GANG``;
    ``wild_tiles`` (at most 3, kept sorted, never ``tile`` itself) are the wildcards the kong
    takes from the hand in place of natural copies (in a game whose melds take wildcards).
    """

    tile: Tile
    """The tile of the kong."""
    kind: MeldKind
    """Which kong: 直杠 (zhígàng), 补杠 (bǔgàng) or 暗杠 (àngàng); never ``PENG``."""
    wild_tiles: tuple[Tile, ...] = ()
    """The wildcards taken from the hand in place of natural copies, sorted (at most 3, never
    ``tile``)."""
    verb: ClassVar[str] = "gang"

    def __attrs_post_init__(self) -> None:
        seat, tile, kind, wilds = self.seat, self.tile, self.kind, self.wild_tiles
        if (
            type(seat) is not int
            or not 0 <= seat <= 3
            or type(tile) is not Tile
            or type(kind) is not MeldKind
            or kind is _PENG
            or (wilds != () and not _plain_wilds(wilds, 3, tile))
        ):
            _check(self)

    @classmethod
    def _make(
        cls, seat: int, tile: Tile, kind: MeldKind, wild_tiles: tuple[Tile, ...] = ()
    ) -> Gang:
        """A kong of values known to be valid (the engine's listings), built unchecked: a
        third of the checked constructor's time."""
        obj = _new(cls)
        _set_seat(obj, seat)
        _set_gang_tile(obj, tile)
        _set_gang_kind(obj, kind)
        _set_gang_wilds(obj, wild_tiles)
        return obj

    def __str__(self) -> str:
        kind = KIND_WORDS[self.kind]
        return f"{self.seat} gang {self.tile.notation} {kind}{wild_text(self.wild_tiles)}"


@attrs.frozen
class Hu(Action):
    """胡 (hú): win — on one's own draw, on the last discard, or by robbing a kong."""

    verb: ClassVar[str] = "hu"


@attrs.frozen
class Pass(Action):
    """过 (guò): decline every claim on the last discard (or on a kong that could be robbed)."""

    verb: ClassVar[str] = "pass"


_new = object.__new__
_set_seat = Action.seat.__set__  # type: ignore[attr-defined]
_set_peng_wilds = Peng.wild_tiles.__set__  # type: ignore[attr-defined]
_set_gang_tile = Gang.tile.__set__  # type: ignore[attr-defined]
_set_gang_kind = Gang.kind.__set__  # type: ignore[attr-defined]
_set_gang_wilds = Gang.wild_tiles.__set__  # type: ignore[attr-defined]
_set_discard_tile = Discard.tile.__set__  # type: ignore[attr-defined]
"""The slots' own setters, as :meth:`TileCounts._make <mahjong_rules.counts.TileCounts._make>`
uses them (a frozen class refuses ``setattr``)."""


def _discard_of(seat: int, tile: Tile) -> Discard:
    """Rebuild a pickled discard, unchecked (module functions: a compiled build pickles them by
    name)."""
    obj = _new(Discard)
    _set_seat(obj, seat)
    _set_discard_tile(obj, tile)
    return obj


def _peng_of(seat: int, wild_tiles: tuple[Tile, ...]) -> Peng:
    return Peng._make(seat, wild_tiles)


def _gang_of(seat: int, tile: Tile, kind: MeldKind, wild_tiles: tuple[Tile, ...]) -> Gang:
    return Gang._make(seat, tile, kind, wild_tiles)


def _seat_action_of(cls: type[Action], seat: int) -> Action:
    """Rebuild a pickled :class:`Hu` or :class:`Pass` (``cls``), unchecked."""
    obj = _new(cls)
    _set_seat(obj, seat)
    return obj


SHIPPED_ACTIONS: tuple[type[Action], ...] = (Pass, Hu, Discard, Peng, Gang)
"""The library's own actions, in the order of their action ids."""
_LIBRARY: tuple[type[Action], ...] = (Action, *SHIPPED_ACTIONS)
_SHIPPED = frozenset(_LIBRARY)
_SEAT_ONLY: frozenset[type[Action]] = frozenset([Action, Hu, Pass])
"""The classes whose only field is the seat (the base constructor's fast check is all)."""
_BY_VERB: dict[str, Callable[..., Action]] = {cls.verb: cls for cls in SHIPPED_ACTIONS}
_SHIPPED_VERBS = frozenset(_BY_VERB)


def action_type(name: str) -> type[Action] | None:
    """The action class a document's ``"type"`` names: one of the shipped ones or of a
    registered variant's; ``None`` for any other name."""
    cls = _SHIPPED_NAMES.get(name)
    return cls if cls is not None else registered_by_name().get(name)


_SHIPPED_NAMES = {cls.__name__: cls for cls in _LIBRARY}


def parse_action(text: str) -> Action:
    """Read any action from its text form: the same as :meth:`Action.parse`.

    >>> parse_action("2 打 5m")
    Discard(seat=2, tile=Tile('5m'))
    """
    return Action.parse(text)


# ---------------------------------------------------------------------- the slow path


def _plain_wilds(tiles: tuple[Tile, ...], most: int, tile: Tile | None) -> bool:
    """Whether ``tiles`` are already a valid sorted tuple of at most ``most`` wildcards, none of
    them ``tile`` (the fast check of pengs and kongs built with wildcards)."""
    if type(tiles) is not tuple or len(tiles) > most:
        return False
    low = -1
    for t in tiles:
        if type(t) is not Tile or t is tile or t.index < low:
            return False
        low = t.index
    return True


def _check(action: Action) -> None:
    """Check every field of ``action`` and convert the convertible ones (tile notation, lists of
    wildcards); raise naming the first bad field. Only called when the fast check fails, and
    for every variant's own action (:func:`~mahjong_rules.engine.action_fields.check_fields`)."""
    check_fields(action, action.__class__ in _SHIPPED)
