"""Stable integer action ids, for bots and learning code.

Every shape of action any seat could ever take in a room (a variant with its options) has one
id in ``range(action_space(rules))``. An id names the shape, not the seat:
``action_id(rules, Discard(2, Tile('5m'))) == action_id(rules, Discard(0, Tile('5m')))``, and
:func:`action_from_id` takes the seat back: ``action_from_id(rules, seat, action_id(rules, a))
== a`` for every action ``a`` of ``seat``. The ids of one seat's legal actions are distinct; an
agent masks its output with them. The layout is fixed per variant and options, and sections
come in this order (:func:`id_sections` lists them with their first id and size):

==============  =============================================  ==============================
Section         One id per                                     Size
==============  =============================================  ==============================
``pass``        过 ``Pass`` (always id 0)                      1
``hu``          胡 ``Hu`` (always id 1)                        1
``discard``     tile, in tile order from id 2                  T
``peng``        wildcard composition of at most 1 wildcard     1 + W\\ :sub:`1`
``gang``        kind (exposed, added, concealed), then tile,   T × (1 + W\\ :sub:`1` + W\\ :sub:`2`)
                then composition: 直杠 at most 2 wildcards,    + T × (1 + W\\ :sub:`1`)
                补杠 1, 暗杠 3 (never the kong's own tile)     + T × (1 + W\\ :sub:`1..3`)
(its ``verb``)  each action class of the variant's own         what its ``id_shapes`` lists
                (``action_types``, in order), one per shape
==============  =============================================  ==============================

T is 27 tiles, 34 with ``rules.honors``. Wildcards appear only where ``rules.wild_melds``:
elsewhere the only composition is none. The tiles a meld takes from the hand hold at least one
natural copy, so a peng takes at most 1 wildcard, a 直杠 2, a 暗杠 3 and a 补杠 1.

**Wildcard compositions** W\\ :sub:`k` are the sorted tuples of k wildcard tiles that can stand
together in one meld: every multiset of k tiles over one set of kinds that can be a hand's
wildcards together (the variant's :meth:`~mahjong_rules.engine.hooks.Hooks.wild_kind_sets`),
ordered by size, then by the tiles' indexes. With one kind a set: W\\ :sub:`k` = the 27
``(x,) * k``. With the pairs r − 1, r + 1 of one suit (7p and 9p), W\\ :sub:`1` = 27,
W\\ :sub:`2` = 54 (``(7p, 7p)``, ``(7p, 9p)``, ...), W\\ :sub:`3` = 81. A composition holding the
kong's own tile is left out (a natural copy is no wildcard).

===========================================================  =================================
Room (``get_variant`` arguments)                             ``action_space``
===========================================================  =================================
``"baoshan"``                                                112 (2 + 27 + 1 + 81, + 1 + 0)
``"baoshan", honors=True`` with points to buy (live)         143 (2 + 34 + 1 + 102, + 1 + 3)
``"yongshan"``                                               5052 (2 + 27 + 28 + 4293 + 702)
``"yongshan", wildcards="double"``                           7752 (2 + 27 + 28 + 6993 + 702)
===========================================================  =================================

>>> from mahjong_rules import get_variant
>>> from mahjong_rules.engine.actions import Gang, Peng
>>> from mahjong_rules.melds import MeldKind
>>> rules = get_variant("yongshan", wildcards="double")
>>> action_space(rules)
7752
>>> i = action_id(rules, Gang(1, "2m", MeldKind.ZHI_GANG, "7p9p"))
>>> action_from_id(rules, 3, i)
Gang(seat=3, tile=Tile('2m'), kind=MeldKind.ZHI_GANG, wild_tiles=(Tile('7p'), Tile('9p')))
>>> action_id(rules, Peng(0)), action_from_id(rules, 2, 0)
(29, Pass(seat=2))
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable
from typing import Any

from mahjong_rules.engine.action_fields import field_types
from mahjong_rules.engine.actions import (
    SHIPPED_ACTIONS,
    Action,
    Discard,
    Gang,
    Hu,
    Pass,
    Peng,
)
from mahjong_rules.errors import ActionError, ActionTypeError
from mahjong_rules.melds import MeldKind
from mahjong_rules.tiles import Tile, all_tiles

__all__ = ["MAX_WILDS", "action_from_id", "action_id", "action_space", "id_sections"]

MAX_WILDS: dict[MeldKind, int] = {
    MeldKind.PENG: 1,
    MeldKind.ZHI_GANG: 2,
    MeldKind.BU_GANG: 1,
    MeldKind.AN_GANG: 3,
}
"""Most wildcards a peng or kong action takes from the hand (one natural copy beside)."""

_GANG_KINDS = (MeldKind.ZHI_GANG, MeldKind.BU_GANG, MeldKind.AN_GANG)
_KIND_CODE = {kind: k for k, kind in enumerate(_GANG_KINDS)}

Key = tuple[int, ...]
"""A shape of action as ints: the section, then tile indexes, kinds and points."""


class _Layout:
    """Every action shape of one room, with its id, in the documented order."""

    def __init__(
        self,
        honors: bool,
        wild_sets: tuple[tuple[Tile, ...], ...],
        rules: Any = None,
    ):
        tiles = all_tiles(honors=honors)
        comps = _compositions(wild_sets, max(MAX_WILDS.values()))
        self.shapes: list[tuple[Callable[..., Action], tuple[Any, ...]]] = []
        self.ids: dict[tuple[Any, ...], int] = {}
        self.sections: list[tuple[str, int, int]] = []
        self._open("pass")
        self._add((0,), Pass, ())
        self._open("hu")
        self._add((1,), Hu, ())
        self._open("discard")
        for tile in tiles:
            self._add((3, tile.index), Discard, (tile,))
        self._open("peng")
        for comp in comps[: _upto(comps, MAX_WILDS[MeldKind.PENG])]:
            self._add((4, *_indexes(comp)), Peng, (comp,))
        self._open("gang")
        for kind in _GANG_KINDS:
            for tile in tiles:
                for comp in comps[: _upto(comps, MAX_WILDS[kind])]:
                    if tile not in comp:
                        key = (5, _KIND_CODE[kind], tile.index, *_indexes(comp))
                        self._add(key, Gang, (tile, kind, comp))
        for cls in _own_actions(rules):
            self._open(cls.verb)
            for args in cls.id_shapes(rules):
                self._add_own(cls, tuple(args))
        self._open("")

    def _add_own(self, cls: type[Action], args: tuple[Any, ...]) -> None:
        """One shape of a variant's own action, keyed by its fields' values once built (so
        the key is the checked, converted values whatever ``id_shapes`` gave)."""
        try:
            made = cls(0, *args)
        except ActionError:
            return  # a combination the class refuses (the default id_shapes tries them all)
        key = _own_key(made)
        if key in self.ids:
            raise ActionError(f"{cls.__name__}.id_shapes: the shape {made!r} is listed twice")
        self.ids[key] = len(self.shapes)
        self.shapes.append((cls, key[1:]))

    def _open(self, name: str) -> None:
        if self.sections:
            last, first, _ = self.sections[-1]
            self.sections[-1] = (last, first, len(self.shapes) - first)
        if name:
            self.sections.append((name, len(self.shapes), 0))

    def _add(self, key: Key, cls: Callable[..., Action], args: tuple[Any, ...]) -> None:
        self.ids[key] = len(self.shapes)
        self.shapes.append((cls, args))


def _own_actions(rules: Any) -> tuple[type[Action], ...]:
    """The room's variant's own action classes (its ``action_types``, the shipped left out)."""
    declared = getattr(type(rules), "action_types", ())
    return tuple(cls for cls in declared if cls not in SHIPPED_ACTIONS)


def _own_key(action: Action) -> tuple[Any, ...]:
    """The id key of a variant's own action: its class, then its fields after ``seat``."""
    return (type(action), *(getattr(action, name) for name, _ in field_types(type(action))))


def _indexes(tiles: tuple[Tile, ...]) -> Key:
    return tuple(t.index for t in tiles)


def _upto(comps: list[tuple[Tile, ...]], size: int) -> int:
    """How many compositions (sorted by size) have at most ``size`` tiles."""
    return sum(1 for c in comps if len(c) <= size)


def _compositions(sets: tuple[tuple[Tile, ...], ...], most: int) -> list[tuple[Tile, ...]]:
    found: set[tuple[Tile, ...]] = {()}
    for kinds in sets:
        for k in range(1, most + 1):
            found.update(itertools.combinations_with_replacement(kinds, k))
    return sorted(found, key=lambda c: (len(c), _indexes(c)))


def _wild_sets(rules: Any) -> tuple[tuple[Tile, ...], ...]:
    """The sets of kinds that can be a hand's wildcards together in the room, each sorted
    (none without wildcards in melds)."""
    if not rules.wild_melds:
        return ()
    sets = {tuple(sorted(kinds)) for kinds in rules.wild_kind_sets()}
    return tuple(sorted(sets, key=_indexes))


def _layout(rules: Any) -> _Layout:
    try:
        key = (type(rules), rules.options, bool(rules.honors))
    except AttributeError:
        raise ActionTypeError(
            f"rules: the rules of a room (get_variant(...)), got {type(rules).__name__}"
        ) from None
    try:
        hit = _LAYOUTS.get(key)
    except TypeError:  # options that cannot be hashed: no cache
        return _Layout(key[2], _wild_sets(rules), rules)
    if hit is None:
        hit = _LAYOUTS[key] = _Layout(key[2], _wild_sets(rules), rules)
        if len(_LAYOUTS) > 64:
            del _LAYOUTS[next(iter(_LAYOUTS))]
    return hit


_LAYOUTS: dict[tuple[Any, ...], _Layout] = {}


def action_space(rules: Any) -> int:
    """How many action ids the room ``rules`` has: every id is in ``range(action_space(rules))``.

    >>> from mahjong_rules import get_variant
    >>> action_space(get_variant("baoshan"))
    112
    """
    return len(_layout(rules).shapes)


def id_sections(rules: Any) -> tuple[tuple[str, int, int], ...]:
    """The sections of the room's ids as ``(name, first id, size)``, in order (see the table).

    >>> from mahjong_rules import get_variant
    >>> id_sections(get_variant("baoshan"))[:4]
    (('pass', 0, 1), ('hu', 1, 1), ('discard', 2, 27), ('peng', 29, 1))
    """
    return tuple(_layout(rules).sections)


def action_id(rules: Any, action: Action) -> int:
    """The id of ``action``'s shape in the room ``rules`` (the seat is left out).

    Raises :class:`~mahjong_rules.errors.ActionError` for an action no seat of this room could
    ever take (an honor discard without honors, wildcards where melds take none, points above
    the room's cap), :class:`~mahjong_rules.errors.ActionTypeError` for something not an action.
    """
    layout = _layout(rules)
    if isinstance(action, Discard):
        key: tuple[Any, ...] = (3, action.tile.index)
    elif isinstance(action, Peng):
        key = (4, *_indexes(action.wild_tiles))
    elif isinstance(action, Gang):
        key = (5, _KIND_CODE[action.kind], action.tile.index, *_indexes(action.wild_tiles))
    elif isinstance(action, Pass):
        key = (0,)
    elif isinstance(action, Hu):
        key = (1,)
    elif isinstance(action, Action):
        key = _own_key(action)  # a variant's own action
    else:
        raise ActionTypeError(f"action_id: an action, got {action!r}")
    found = layout.ids.get(key)
    if found is None:
        raise ActionError(f"action_id: no seat of {rules!r} could take {action!r}")
    return found


def action_from_id(rules: Any, seat: int, i: int) -> Action:
    """The action of ``seat`` whose shape has id ``i`` in the room ``rules``.

    Raises :class:`~mahjong_rules.errors.ActionError` for an id out of range or a seat not at
    the table, :class:`~mahjong_rules.errors.ActionTypeError` for a seat or id not an int (any
    integer type but ``bool``: NumPy integers are taken).
    """
    layout = _layout(rules)
    seat = _whole(seat, "seat")
    i = _whole(i, "i")
    if not 0 <= i < len(layout.shapes):
        raise ActionError(f"action_from_id: id {i} is not in 0..{len(layout.shapes) - 1}")
    players = int(rules.players)
    if not 0 <= seat < players:
        raise ActionError(f"action_from_id: no seat {seat} at a table of {players}")
    cls, args = layout.shapes[i]
    return cls(seat, *args)


def _whole(value: Any, name: str) -> int:
    if type(value) is int:
        return value
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise ActionTypeError(f"action_from_id: {name} is an int, got {value!r}")
