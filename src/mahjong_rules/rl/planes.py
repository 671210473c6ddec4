"""A variant's own observation planes (变体特征, biàntǐ tèzhēng): what its view records add.

The observation (:mod:`mahjong_rules.rl.observation`) holds what every game shows: hands,
melds, ponds, wildcards, the wall count, the phase. What a variant shows of its own records
(:attr:`View.variant <mahjong_rules.View.variant>`, every seat's, and
:attr:`View.own_variant <mahjong_rules.View.own_variant>`, this seat's alone: 定缺's void suits,
报听, 买点, the 本金 tile...) comes from :func:`variant_planes`:

* A variant's rules may define ``observation_planes(view) -> Sequence[float]`` (the hook):
  its own numbers for a view, the same length for every view of the room.
* Otherwise the default reads the fields of the room's ``public_view_class`` and
  ``private_view_class`` by their declared types, so that it covers any game, plugins
  included: a ``bool`` or an ``int`` is one number; a :class:`~mahjong_rules.Tile` (or
  ``None``) one-hot over the room's tiles; an enum such as :class:`~mahjong_rules.Suit` (or
  ``None``) one-hot over its members; ``tuple[Tile, ...]`` the tiles' counts; any other tuple
  is read as one value per seat, rotated so that the viewer's own comes first. Fields of
  other types (text such as Sichuan's swap direction) are left out.

Both read only the view, so they hide what it hides.
"""

from __future__ import annotations

import enum
import operator
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np

from mahjong_rules.engine.view import View
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.tiles import Tile

__all__ = ["Sink", "VariantPlanes", "variant_planes"]

Writer = Callable[[Any, int, int, "Sink"], None]
"""Writes one field's numbers for its value, given the viewer's seat and the field's first
index."""

_BOUND = 1e6
"""The bound of a number the default reads from an ``int`` field or the hook gives."""


class Sink:
    """An observation being written sparsely: indexes counted once per mention (:attr:`ones`,
    so a tile held twice counts 2) and indexes given a value (:attr:`at`, :attr:`values`)."""

    __slots__ = ("at", "ones", "values")

    def __init__(self) -> None:
        self.ones: list[int] = []
        """Indexes counted once per mention (a tile held twice is there twice)."""
        self.at: list[int] = []
        """Indexes given a value, each with the number at the same place of :attr:`values`."""
        self.values: list[float] = []
        """The values of the indexes of :attr:`at`."""


def _optional(kind: Any) -> Any:
    """``X`` of ``X | None`` (or ``Optional[X]``), else ``kind`` itself."""
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(kind) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return kind


def _number(value: Any, seat: int, base: int, sink: Sink) -> None:
    if value:
        sink.at.append(base)
        sink.values.append(float(value))


def _scalar(kind: Any, tiles: int) -> tuple[int, Writer] | None:
    """The size and writer of one value of ``kind`` (``None``: a kind the default skips)."""
    kind = _optional(kind)
    if kind is bool or kind is int:
        return 1, _number
    if kind is Tile:

        def tile(value: Any, seat: int, base: int, sink: Sink) -> None:
            if value is not None and value.index < tiles:
                sink.ones.append(base + value.index)

        return tiles, tile
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        members = list(kind)  # (list.index compares by identity first: no enum __hash__)

        def member(value: Any, seat: int, base: int, sink: Sink) -> None:
            if value is not None:
                sink.ones.append(base + members.index(value))

        return len(members), member
    return None


def _field(kind: Any, tiles: int, players: int) -> tuple[int, Writer] | None:
    """The size and writer of a field of declared type ``kind``."""
    if typing.get_origin(kind) is tuple:
        args = typing.get_args(kind)
        if len(args) != 2 or args[1] is not Ellipsis:
            return None
        if args[0] is Tile:

            def counts(value: Any, seat: int, base: int, sink: Sink) -> None:
                sink.ones.extend([base + t.index for t in value if t.index < tiles])

            return tiles, counts
        one = _scalar(args[0], tiles)
        if one is None:
            return None
        size, write = one

        def by_seat(value: Any, seat: int, base: int, sink: Sink) -> None:
            for k in range(min(players, len(value))):
                write(value[(seat + k) % players], seat, base + k * size, sink)

        return size * players, by_seat
    return _scalar(kind, tiles)


class VariantPlanes:
    """The variant's own numbers of one room's views (see the module docs): ``size``
    numbers for every view, from the hook or the default, written by :meth:`write`."""

    def __init__(self, rules: Any, tiles: int, sample: View) -> None:
        self.hook: Callable[[View], Sequence[float]] | None = getattr(
            rules, "observation_planes", None
        )
        """The variant's ``observation_planes(view)``, or ``None`` (the default reads records)."""
        self.names: list[str] = []
        """The name of each number of the section (``hook[N]`` when the hook gives them)."""
        self.spans: dict[str, tuple[int, int]] = {}
        """Each field's first number (from the section's start) and count, by name."""
        self._writers: list[tuple[str, str, int, Writer]] = []
        if self.hook is not None:
            self.size = len(self.hook(sample))
            self.names = [f"hook[{self.size}]"]
            self.spans = {"hook": (0, self.size)}
            return
        size = 0
        for where, cls in (
            ("variant", getattr(rules, "public_view_class", None)),
            ("own_variant", getattr(rules, "private_view_class", None)),
        ):
            if cls is None or not attrs.has(cls):
                continue
            attrs.resolve_types(cls)
            for f in attrs.fields(cls):
                found = _field(f.type, tiles, rules.players)
                if found is not None:
                    self._writers.append((where, f.name, size, found[1]))
                    self.names.append(f"{where}.{f.name}")
                    self.spans[f"{where}.{f.name}"] = (size, found[0])
                    size += found[0]
        self.size = size
        self._reads: list[tuple[int, Any]] = [  # (how many fields, their getter)
            (len(names), operator.attrgetter(*names) if names else None)
            for names in (
                [name for w, name, _, _ in self._writers if w == where]
                for where in ("variant", "own_variant")
            )
        ]

    def write(self, view: View, base: int, sink: Sink) -> None:
        """Write the view's ``size`` numbers from index ``base`` on."""
        if self.hook is not None:
            numbers = self.hook(view)
            if len(numbers) != self.size:
                raise MahjongRulesError(
                    f"observation_planes gave {len(numbers)} numbers for a view of step "
                    f"{view.step}, {self.size} for the room's first view: the same length "
                    "for every view"
                )
            sink.at.extend(range(base, base + self.size))
            sink.values.extend([float(x) for x in numbers])
            return
        self.write_fields(self.fields(view), view.seat, base, sink)

    def fields(self, view: View) -> tuple[Any, ...]:
        """The values of the view's fields the default reads, in order (a record not shown:
        ``None`` for each of its fields). The default's numbers are a function of these and
        the viewer's seat alone (:meth:`write_fields`), so that equal values give the same
        numbers. Not for a hook's room."""
        out: tuple[Any, ...] = ()
        for record, (names, read) in zip(
            (view.variant, view.own_variant), self._reads, strict=True
        ):
            if names:
                if record is None:
                    out += (None,) * names
                else:
                    out += read(record) if names > 1 else (read(record),)
        return out

    def write_fields(self, values: tuple[Any, ...], seat: int, base: int, sink: Sink) -> None:
        """Write the default's numbers of field ``values`` (:meth:`fields`) seen from ``seat``
        from index ``base`` on."""
        for value, (_, _, start, write) in zip(values, self._writers, strict=True):
            if value is not None:  # (a record not shown, or a field left empty: its zeros)
                write(value, seat, base + start, sink)


def variant_planes(rules: Any, view: View) -> list[float]:
    """The variant's own numbers of ``view`` in the room ``rules`` (see the module docs).

    >>> from mahjong_rules import get_variant
    >>> rules = get_variant("baoshan", players=2)
    >>> variant_planes(rules, rules.view(rules.new_hand(seed=1), 0))
    [0.0, 0.0, 0.0, 0.0]
    """
    planes = VariantPlanes(rules, 34 if rules.honors else 27, view)
    sink = Sink()
    planes.write(view, 0, sink)
    out = np.bincount(sink.ones, minlength=planes.size).astype(float)
    out[sink.at] = sink.values
    return [float(x) for x in out]
