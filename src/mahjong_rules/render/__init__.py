"""Pictures of tiles: SVG drawings of tiles, hands and a seat's table, made by the library.

:func:`svg` draws whatever it is given: a row of tiles (a :class:`~mahjong_rules.TileCounts`,
a sequence of :class:`~mahjong_rules.Tile`, or notation text), a :class:`~mahjong_rules.Hand`
with its declared melds and the winning tile set apart, or a seat's
:class:`~mahjong_rules.View` of the table. Every tile is drawn as shapes the library makes
itself (see :mod:`mahjong_rules.render.faces`); only the characters of 万 and the honors are
text, in any CJK font. The result is one ``<svg>`` element as text, the same for the same
input, with a ``viewBox``, a size and ``<title>`` texts for screen readers. Nothing is read
or written: put the text into a page, a file or a response yourself.

>>> from mahjong_rules import Hand, Tile
>>> picture = svg(Hand.parse("123m456p789s11z P5m@1"), winning_tile=Tile("1z"))
>>> picture.count('<g class="tile"'), "<title>1z 东, winning tile</title>" in picture
(14, True)
>>> svg("1p", wilds="1p") == tiles_svg("1p", wilds="1p")
True
>>> "<title>东，胡的牌</title>" in svg(Hand.parse("11z"), winning_tile=Tile("1z"), lang="zh")
True
"""

from __future__ import annotations

from mahjong_rules.engine.view import View
from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.hand import Hand
from mahjong_rules.render.faces import face
from mahjong_rules.render.svg import (
    UNITS,
    RenderError,
    TilesLike,
    WildsLike,
    hand_svg,
    tile_title,
    tiles_svg,
)
from mahjong_rules.render.table import SeatNotes, view_svg
from mahjong_rules.tiles import Tile

__all__ = [
    "UNITS",
    "RenderError",
    "SeatNotes",
    "TilesLike",
    "WildsLike",
    "face",
    "hand_svg",
    "svg",
    "tile_title",
    "tiles_svg",
    "view_svg",
]


def svg(
    what: TilesLike | Hand | View,
    *,
    wilds: WildsLike = None,
    winning_tile: Tile | None = None,
    tile_height: float | None = None,
    unit: str = "px",
    fit: bool | float = False,
    seat_notes: SeatNotes | None = None,
    lang: Lang = "en",
) -> str:
    """Draw tiles, a hand or a view as an SVG document (one ``<svg>`` element as text).

    A :class:`~mahjong_rules.View` goes to :func:`view_svg` (its wildcards are the view's own,
    so ``wilds`` and ``winning_tile`` are not for it; ``seat_notes``, lines under a seat's
    label, are for it alone), a :class:`~mahjong_rules.Hand` to :func:`hand_svg`, anything
    else to :func:`tiles_svg`. ``tile_height`` is the height of one tile in ``unit`` (by
    default 40 px, 30 px in a view); with ``fit`` the picture shrinks to the width of a
    narrower container. ``lang`` (``en``, ``zh``) is the language of its words: a view's
    labels and heading, every picture's titles (in Chinese tiles by name alone).
    """
    if isinstance(what, View):
        if wilds is not None or winning_tile is not None:
            raise TypeError("svg(view) takes no wilds or winning_tile: the view says them")
        height = 30.0 if tile_height is None else tile_height
        return view_svg(
            what, tile_height=height, unit=unit, fit=fit, seat_notes=seat_notes, lang=lang
        )
    if seat_notes is not None:
        raise TypeError("svg() takes seat_notes for a View only: tiles and hands have no seats")
    height = 40.0 if tile_height is None else tile_height
    if isinstance(what, Hand):
        return hand_svg(
            what,
            winning_tile=winning_tile,
            wilds=wilds,
            tile_height=height,
            unit=unit,
            fit=fit,
            lang=lang,
        )
    return tiles_svg(
        what,
        wilds=wilds,
        winning_tile=winning_tile,
        tile_height=height,
        unit=unit,
        fit=fit,
        lang=lang,
    )
