"""The text notation of actions: one short line per action, that reads back exactly.

``str(action)`` writes it and :meth:`Action.parse <mahjong_rules.engine.actions.Action.parse>`
(or :func:`~mahjong_rules.engine.actions.parse_action`) reads it: the seat, a verb, then the
verb's arguments, separated by spaces. ``Action.parse(str(action)) == action`` for every action.

=====================================  ===========================  ==============================
Action                                 Text                         Reads also
=====================================  ===========================  ==============================
``Discard(1, '9s')``                   ``1 discard 9s``             ``1 打 9s``, ``1 discard 九条``
``Peng(2)``                            ``2 peng``                   ``2 碰``
``Peng(2, '8p')``                      ``2 peng *8p``               ``2 碰 *8p``
``Gang(0, '7p', AN_GANG)``             ``0 gang 7p concealed``      ``0 杠 7p 暗杠``, ``0 杠 7p 暗``
``Gang(1, '2m', ZHI_GANG, '8p8p')``    ``1 gang 2m exposed *8p8p``  ``1 杠 2m 直杠 *88p``
``Gang(2, '5s', BU_GANG)``             ``2 gang 5s added``          ``2 杠 5s 补杠``, ``2 杠 5s 补``
``Hu(3)``                              ``3 hu``                     ``3 胡``
``Pass(1)``                            ``1 pass``                   ``1 过``
=====================================  ===========================  ==============================

(Tiles and wildcards written as text in the first column are converted by the constructors;
``AN_GANG`` and the others are :class:`~mahjong_rules.melds.MeldKind` members.)

* The seat is a digit 0..3. Verbs: ``discard`` 打 (dǎ), ``peng`` 碰 (pèng), ``gang`` 杠 (gàng),
  ``hu`` 胡 (hú), ``pass`` 过 (guò); English words in any case, the
  traditional characters 槓 過 too. A variant's own actions add their own
  verbs (:attr:`~mahjong_rules.engine.actions.Action.verb`).
* A peng names no tile: it is of the discard on offer. The kong kinds are ``concealed`` (暗杠
  àngàng, :attr:`~mahjong_rules.melds.MeldKind.AN_GANG`), ``exposed`` (直杠 zhígàng, on a
  discard) and ``added`` (补杠 bǔgàng, onto one's own peng); the :class:`~mahjong_rules.MeldKind`
  values ``an_gang``, ``zhi_gang``, ``bu_gang`` are read too.
* ``*`` then tiles: the wildcards used in a peng or a kong, written tile by tile in tile order
  (``*8p8p``; any tile spelling is read, ``*88p`` too). A tile is written in the one-line
  notation (``9s``) and read in any single-tile spelling of :class:`~mahjong_rules.Tile`.
* A registered variant's own action (:attr:`Hooks.action_types
  <mahjong_rules.engine.hooks.Hooks.action_types>`) is written as the seat, its class's
  ``verb`` and one token per field (:mod:`~mahjong_rules.engine.action_fields`), and read by
  that verb or one of its ``verb_aliases``: ``2 void p`` for a 定缺 of 筒.
* Bad text raises :class:`~mahjong_rules.errors.ActionParseError` (a :class:`ValueError`) naming
  what was expected and the character offset where it was not found.

>>> from mahjong_rules.engine.actions import Gang, parse_action
>>> action = parse_action("1 杠 2m 直杠 *88p")
>>> action
Gang(seat=1, tile=Tile('2m'), kind=MeldKind.ZHI_GANG, wild_tiles=(Tile('8p'), Tile('8p')))
>>> str(action)
'1 gang 2m exposed *8p8p'
>>> parse_action("1 gang 2m exposd")
Traceback (most recent call last):
...
mahjong_rules.errors.ActionParseError: expected the kong kind (concealed, exposed or added), \
found 'exposd' at position 10 in '1 gang 2m exposd'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from mahjong_rules.errors import ActionParseError, ActionTypeError, TileParseError
from mahjong_rules.melds import MeldKind
from mahjong_rules.notation import parse_tiles
from mahjong_rules.tiles import Tile

__all__ = ["KIND_WORDS", "VERBS", "read_action", "wild_text"]

VERBS: dict[str, str] = {
    "discard": "discard", "打": "discard",
    "peng": "peng", "碰": "peng",
    "gang": "gang", "杠": "gang", "槓": "gang",
    "hu": "hu", "胡": "hu",
    "pass": "pass", "过": "pass", "過": "pass",
}  # fmt: skip
"""Every verb read, to the English verb written."""

KIND_WORDS: dict[MeldKind, str] = {
    MeldKind.AN_GANG: "concealed",
    MeldKind.ZHI_GANG: "exposed",
    MeldKind.BU_GANG: "added",
}
"""The word written for each kind of kong."""

_KINDS_READ: dict[str, MeldKind] = {word: kind for kind, word in KIND_WORDS.items()}
for _kind, _words in {
    MeldKind.AN_GANG: ("an_gang", "暗杠", "暗槓", "暗"),
    MeldKind.ZHI_GANG: ("zhi_gang", "直杠", "直槓", "直"),
    MeldKind.BU_GANG: ("bu_gang", "补杠", "補槓", "补", "補"),
}.items():
    _KINDS_READ.update(dict.fromkeys(_words, _kind))
_TOKEN = re.compile(r"\S+")
_SEAT_WORDS = {"0": 0, "1": 1, "2": 2, "3": 3}
_POINT_WORDS = {"0": 0, "1": 1, "2": 2}
_MAX_WILDS = {"peng": 2, "gang": 3}


def wild_text(tiles: tuple[Tile, ...]) -> str:
    """The wildcard argument written for ``tiles``: ``' *8p8p'`` (with its leading space), or
    ``''`` for none."""
    return " *" + "".join(t.notation for t in tiles) if tiles else ""


def _shown(token: str) -> str:
    return repr(token if len(token) <= 12 else token[:12] + "...")


class _Reader:
    """The tokens of one action's text, read left to right."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = [(m.start(), m.group()) for m in _TOKEN.finditer(text)]
        self.k = 0

    def fail(self, problem: str, position: int) -> ActionParseError:
        return ActionParseError(problem, self.text, position)

    def next(self, expected: str) -> tuple[int, str]:
        """The next token and its offset; raises naming ``expected`` at the end of the text."""
        if self.k == len(self.tokens):
            raise self.fail(f"expected {expected}, found the end", len(self.text))
        self.k += 1
        return self.tokens[self.k - 1]

    def peek_wilds(self) -> bool:
        return self.k < len(self.tokens) and self.tokens[self.k][1].startswith("*")

    def tile(self) -> Tile:
        pos, token = self.next("a tile such as 9s")
        try:
            return Tile(token)
        except TileParseError as error:
            problem = f"expected one tile such as 9s, found {_shown(token)}"
            raise self.fail(problem, pos + error.position) from None

    def wilds(self, verb: str) -> tuple[Tile, ...]:
        pos, token = self.next("'*' and the wildcard tile")
        if not token.startswith("*"):
            raise self.fail(f"expected '*' and the wildcard tile, found {_shown(token)}", pos)
        if len(token) == 1:
            raise self.fail("expected wildcard tiles after '*'", pos + 1)
        try:
            tiles = parse_tiles(token[1:])
        except TileParseError as error:
            problem = f"expected wildcard tiles after '*', found {_shown(token[1:])}"
            raise self.fail(problem, pos + 1 + error.position) from None
        most = _MAX_WILDS[verb]
        if len(tiles) > most:
            raise self.fail(f"a {verb} takes at most {most} wildcards, got {len(tiles)}", pos + 1)
        return tuple(sorted(tiles))


def read_action(
    text: str, expect: str | None = None, others: Mapping[str, Any] | None = None
) -> tuple[str, int, tuple[Any, ...]]:
    """Read action text: the English verb, the seat, and the arguments that follow the seat in
    the action's constructor (a discard: ``(tile,)``; a kong: ``(tile, kind, wild_tiles)``...).

    ``expect`` (an English verb) refuses any other verb. ``others`` maps more verb words (in
    lower case) to the variants' action classes that read them (their ``read_text_args``; the
    action is built once here, so a value its constructor refuses is a parse error too). Raises
    :class:`~mahjong_rules.errors.ActionParseError` naming what was expected and where.

    >>> read_action("0 杠 7p 暗")
    ('gang', 0, (Tile('7p'), MeldKind.AN_GANG, ()))
    """
    if not isinstance(text, str):
        raise ActionTypeError(f"action text is a str, not {type(text).__name__}")
    reader = _Reader(text)
    pos, token = reader.next("a seat number 0..3")
    seat = _SEAT_WORDS.get(token)
    if seat is None:
        what = "a seat must be 0..3" if token.isdigit() else "expected a seat number 0..3"
        raise reader.fail(f"{what}, found {_shown(token)}", pos)
    known = _known(others)
    pos, token = reader.next(f"an action ({known})")
    verb = VERBS.get(token.lower())
    other = others.get(token.lower()) if verb is None and others else None
    if verb is None and other is None:
        raise reader.fail(f"unknown action {_shown(token)} (expected {known})", pos)
    if other is not None:
        verb = other.verb
    if expect is not None and verb != expect:
        raise reader.fail(f"expected a {expect} action, found {_shown(token)}", pos)
    assert verb is not None
    if other is not None:
        return verb, seat, _read_other(reader, other, seat)
    args: tuple[Any, ...] = ()
    if verb in ("discard", "gang"):
        tile = reader.tile()
        args = (tile,)
        if verb == "gang":
            pos, token = reader.next("the kong kind (concealed, exposed or added)")
            kind = _KINDS_READ.get(token.lower())
            if kind is None:
                problem = "expected the kong kind (concealed, exposed or added), found {}"
                raise reader.fail(problem.format(_shown(token)), pos)
            wilds = reader.wilds(verb) if reader.peek_wilds() else ()
            if tile in wilds:
                where = reader.tokens[reader.k - 1][0]
                raise reader.fail(f"a {tile} in a kong of {tile} is no wildcard", where)
            args = (tile, kind, wilds)
    elif verb == "peng":
        args = (reader.wilds(verb) if reader.peek_wilds() else (),)
    if reader.k < len(reader.tokens):
        pos, token = reader.tokens[reader.k]
        raise reader.fail(f"unexpected {_shown(token)} after the {verb} action", pos)
    return verb, seat, args


def _known(others: Mapping[str, Any] | None) -> str:
    """The verbs an error lists as expected: the shipped ones, then the variants'."""
    verbs = ["discard", "peng", "gang", "hu", "pass"]
    for cls in (others or {}).values():
        if cls.verb not in verbs:
            verbs.append(cls.verb)
    return ", ".join(verbs[:-1]) + " or " + verbs[-1]


def _read_other(reader: _Reader, cls: Any, seat: int) -> tuple[Any, ...]:
    """The constructor arguments of a variant's action from the tokens after its verb."""
    rest = reader.tokens[reader.k :]
    reader.k = len(reader.tokens)
    try:
        args = tuple(cls.read_text_args(tuple(token for _, token in rest)))
        cls(seat, *args)
    except (ValueError, TypeError) as exc:  # a wrong token, or a value the constructor refuses
        i = getattr(exc, "index", 0)
        where = rest[i][0] if i < len(rest) else len(reader.text)
        raise reader.fail(str(exc), where) from None
    return args
