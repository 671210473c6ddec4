"""Rows of tiles and hands as SVG documents: :func:`tiles_svg` and :func:`hand_svg`.

Each tile is one ``<g>`` group with its own ``<title>`` (``5m 五万``) and the face of
:func:`~mahjong_rules.render.faces.face`; the document has a ``viewBox``, a ``width`` and
``height`` (``tile_height`` per tile, in ``unit``), ``role="img"`` and a ``<title>`` naming
every tile. Nothing in it has an ``id``, so two pictures never clash on one page, and the
same input gives the same text every time.

>>> picture = tiles_svg("19m", tile_height=20)
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 63 46"')
True
>>> picture.count('<g class="tile"'), '<title>1m 一万</title>' in picture
(2, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.errors import InvalidHandError, RenderError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.notation import parse_tiles
from mahjong_rules.render.faces import (
    FONT_FAMILY,
    INK,
    TILE_DEPTH,
    TILE_HEIGHT,
    TILE_WIDTH,
    face,
    num,
)
from mahjong_rules.render.picture_words import check_lang, meld_words, tiles_said, word
from mahjong_rules.render.picture_words import tile_title as _tile_title
from mahjong_rules.tiles import Tile

__all__ = [
    "UNITS",
    "Drawing",
    "RenderError",
    "TilesLike",
    "WildsLike",
    "check_size",
    "draw_melds",
    "hand_svg",
    "meld_label",
    "meld_pieces",
    "tile_title",
    "tiles_svg",
    "wild_set",
]

TilesLike = TileCounts | str | Iterable[Tile | None]
"""What :func:`tiles_svg` draws: counts (in tile order), notation text (in the order written),
or a sequence of tiles, where ``None`` is a face-down tile."""
WildsLike = TileSet | str | Iterable[Tile] | None
"""The wildcard kinds (听用, tīngyòng): a :class:`~mahjong_rules.TileSet`, notation text or
tiles."""

GAP = 1.0
"""Space between two tiles of one group."""
GROUP_GAP = 9.0
"""Space between groups: the concealed tiles, the winning tile, each meld."""
PAD = 1.0
"""Margin around the picture."""
LABEL_SIZE = 11.0
"""Font size of the labels under melds and beside the rows of a table."""
TILE_STEP = TILE_WIDTH + GAP
UNITS = ("px", "em", "rem", "ex", "pt", "mm")
"""The CSS units ``width`` and ``height`` may be given in."""


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def tile_title(tile: Tile | None, wild: bool = False, note: str = "", lang: Lang = "en") -> str:
    """The accessible text of one drawn tile: notation and Chinese (in Chinese the name
    alone), and what it is.

    >>> tile_title(Tile("5m")), tile_title(Tile("1p"), wild=True), tile_title(None)
    ('5m 五万', '1p 一筒, wildcard 听用', 'face down')
    >>> tile_title(Tile("1p"), wild=True, note="摸到", lang="zh"), tile_title(None, lang="zh")
    ('一筒，听用，摸到', '牌背')
    """
    return _tile_title(tile, wild, note, lang)


def wild_set(wilds: WildsLike) -> TileSet:
    """The wildcard kinds given as a :class:`~mahjong_rules.TileSet`, text or tiles."""
    if wilds is None:
        return TileSet()
    if isinstance(wilds, TileSet):
        return wilds
    if isinstance(wilds, str):
        return TileSet(parse_tiles(wilds))
    tiles = tuple(wilds)
    for tile in tiles:
        if not isinstance(tile, Tile):
            raise TypeError(f"wilds holds Tile objects, not {type(tile).__name__}")
    return TileSet(tiles)


def _tile_list(tiles: TilesLike) -> tuple[Tile | None, ...]:
    if isinstance(tiles, TileCounts):
        return tuple(tiles)
    if isinstance(tiles, str):
        return parse_tiles(tiles)
    if isinstance(tiles, Hand):
        raise TypeError("a Hand is drawn by hand_svg() (or svg()), not tiles_svg()")
    found = tuple(tiles)
    for tile in found:
        if tile is not None and not isinstance(tile, Tile):
            raise TypeError(f"tiles holds Tile objects (or None), not {type(tile).__name__}")
    return found


class Drawing:
    """An SVG picture being laid out: tiles and labels at positions, and its extent.

    Coordinates are SVG user units, a tile being
    :data:`~mahjong_rules.render.faces.TILE_WIDTH` wide; each tile's ``<title>`` is in
    ``lang``.
    """

    def __init__(self, lang: Lang = "en") -> None:
        self.lang: Lang = lang
        """The language of the tiles' titles (``en`` or ``zh``)."""
        self.parts: list[str] = []
        """The SVG elements drawn so far (a ``<g>`` per tile, a ``<text>`` per label), in order."""
        self.width = 0.0
        self.height = 0.0

    def _reach(self, x: float, y: float) -> None:
        self.width = max(self.width, x)
        self.height = max(self.height, y)

    def tile(
        self,
        x: float,
        y: float,
        tile: Tile | None,
        *,
        wild: bool = False,
        note: str = "",
        scale: float = 1.0,
    ) -> float:
        """Draw one tile with its top left corner at ``(x, y)``; return the x after it."""
        where = f"translate({num(x)} {num(y)})"
        if scale != 1.0:
            where += f" scale({num(scale)})"
        self.parts.append(
            f'<g class="tile" transform="{where}"><title>'
            f"{_escape(tile_title(tile, wild, note, self.lang))}</title>{face(tile, wild)}</g>"
        )
        self._reach(x + TILE_WIDTH * scale, y + (TILE_HEIGHT + TILE_DEPTH) * scale)
        return x + TILE_STEP * scale

    def row(
        self,
        x: float,
        y: float,
        pieces: Iterable[tuple[Tile | None, bool, str]],
        scale: float = 1.0,
    ) -> float:
        """Draw ``(tile, wild, note)`` pieces side by side from ``(x, y)``; return the x after."""
        for tile, wild, note in pieces:
            x = self.tile(x, y, tile, wild=wild, note=note, scale=scale)
        return x

    def text(
        self, x: float, y: float, text: str, *, size: float = LABEL_SIZE, anchor: str = "start"
    ) -> None:
        """Write a label with its baseline at ``y`` (``anchor``: start, middle or end)."""
        self.parts.append(
            f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{INK}" '
            f'text-anchor="{anchor}" font-family="{FONT_FAMILY}">{_escape(text)}</text>'
        )
        self._reach(x, y + size * 0.3)

    def document(self, title: str, tile_height: float, unit: str, fit: bool | float = False) -> str:
        """The finished ``<svg>`` element, ``tile_height`` (in ``unit``) per tile.

        With ``fit`` it shrinks to the width of its container when that is narrower
        (``style="max-width:100%;height:auto"``); a number 0 < ``fit`` < 1 is the smallest
        part of its full width it may shrink to (a ``min-width``).
        """
        width, height = self.width + PAD, self.height + PAD
        k = tile_height / TILE_HEIGHT
        style = ""
        if fit is True or (not isinstance(fit, bool) and fit >= 1):
            style = ' style="max-width:100%;height:auto"'
        elif fit is not False:
            if not fit > 0:
                raise TypeError(f"fit must be a bool or a number 0 < fit <= 1, got {fit!r}")
            low = f"{num(width * k * fit)}{unit}"
            style = f' style="max-width:100%;height:auto;min-width:{low}"'
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(width)} {num(height)}" '
            f'width="{num(width * k)}{unit}" height="{num(height * k)}{unit}" role="img" '
            f'class="mahjong-tiles"{style}><title>{_escape(title)}</title>{"".join(self.parts)}</svg>'
        )


def check_size(tile_height: float, unit: str) -> None:
    """Refuse a ``tile_height`` that is not a positive number, or a ``unit`` not in
    :data:`UNITS` (both are :class:`TypeError`: the annotations say what is allowed)."""
    if isinstance(tile_height, bool) or not isinstance(tile_height, int | float):
        raise TypeError(f"tile_height must be an int or float, not {type(tile_height).__name__}")
    if not tile_height > 0:
        raise TypeError(f"tile_height must be a positive number, got {tile_height!r}")
    if unit not in UNITS:
        raise TypeError(f"unit must be one of {', '.join(UNITS)}, got {unit!r}")


def _set_apart(tiles: Sequence[Tile | None], winning_tile: Tile | None) -> list[Tile | None]:
    """``tiles`` without one copy of ``winning_tile`` (the last one written)."""
    rest = list(tiles)
    if winning_tile is None:
        return rest
    if not isinstance(winning_tile, Tile):
        raise TypeError(f"winning_tile must be a Tile, not {type(winning_tile).__name__}")
    for i in range(len(rest) - 1, -1, -1):
        if rest[i] is winning_tile:
            del rest[i]
            return rest
    shown = str(TileCounts(t for t in tiles if t is not None)) or "-"
    raise InvalidHandError(f"the winning tile {winning_tile} is not among the tiles {shown}")


def _draw_tiles(
    drawing: Drawing,
    x: float,
    y: float,
    tiles: Sequence[Tile | None],
    winning_tile: Tile | None,
    kinds: TileSet,
) -> float:
    rest = _set_apart(tiles, winning_tile)
    x = drawing.row(x, y, ((t, t is not None and t in kinds, "") for t in rest))
    if winning_tile is not None:
        x = drawing.row(
            x + (GROUP_GAP - GAP if rest else 0),
            y,
            [(winning_tile, winning_tile in kinds, word("winning", drawing.lang))],
        )
    return x


def tiles_svg(
    tiles: TilesLike,
    *,
    wilds: WildsLike = None,
    winning_tile: Tile | None = None,
    tile_height: float = 40.0,
    unit: str = "px",
    fit: bool | float = False,
    lang: Lang = "en",
) -> str:
    """A row of tiles as an SVG document.

    ``tiles`` are counts (drawn in tile order), notation text (in the order written) or a
    sequence of tiles where ``None`` is a face-down tile. Tiles of the kinds in ``wilds`` are
    marked as wildcards (听用, tīngyòng); one copy of ``winning_tile`` is set apart at the end.
    ``tile_height`` is the height of a tile in ``unit``; with ``fit`` the picture shrinks to
    a narrower container (a number below 1: never below that part of its width). ``lang``
    (``en``, ``zh``) is the language of the titles screen readers say.

    >>> '<title>Tiles: 1z 5z 6z 7z</title>' in tiles_svg("1567z")
    True
    >>> chinese = tiles_svg("19m", winning_tile=Tile("9m"), lang="zh")
    >>> '<title>牌：一万 九万；胡的牌 九万</title>' in chinese
    True
    """
    check_size(tile_height, unit)
    lang = check_lang(lang)
    found = _tile_list(tiles)
    drawing = Drawing(lang)
    _draw_tiles(drawing, PAD, PAD, found, winning_tile, wild_set(wilds))
    title = word("tiles", lang, tiles=tiles_said(found, lang)) if found else word("no_tiles", lang)
    if winning_tile is not None:
        title += word("tiles_winning", lang, tile=tiles_said([winning_tile], lang))
    return drawing.document(title, tile_height, unit, fit)


def meld_pieces(
    meld: Meld, kinds: TileSet | None = None, *, hidden: bool = False
) -> list[tuple[Tile | None, bool, str]]:
    """The ``(tile, wild, note)`` pieces of a meld, left to right.

    A 暗杠 (àngàng) shows its two end tiles face down, and all four with ``hidden`` (how
    another seat sees it); the wildcards in a meld come after its natural copies.
    """
    tiles = [meld.tile] * meld.naturals + list(meld.wild_tiles)
    pieces: list[tuple[Tile | None, bool, str]] = []
    for i, tile in enumerate(tiles):
        wild = tile in meld.wild_tiles or (kinds is not None and tile in kinds)
        down = meld.kind is MeldKind.AN_GANG and (hidden or i in {0, len(tiles) - 1})
        pieces.append((None, False, "") if down else (tile, wild, ""))
    return pieces


def meld_label(meld: Meld) -> str:
    """The words under a meld: its Chinese name and the seat it came from (碰 ←2)."""
    label = meld.kind.name_zh
    if meld.from_seat is not None:
        label += f" ←{meld.from_seat}"
    return label


def draw_melds(
    drawing: Drawing, x: float, y: float, melds: Iterable[Meld], kinds: TileSet
) -> float:
    """Draw ``melds`` from ``(x, y)``, each labelled below; return the x after the last."""
    for meld in melds:
        x += GROUP_GAP - GAP
        start = x
        x = drawing.row(x, y, meld_pieces(meld, kinds))
        drawing.text(
            (start + x - GAP) / 2,
            y + TILE_HEIGHT + TILE_DEPTH + LABEL_SIZE + 0.5,
            meld_label(meld),
            anchor="middle",
        )
    return x


def hand_svg(
    hand: Hand,
    *,
    winning_tile: Tile | None = None,
    wilds: WildsLike = None,
    tile_height: float = 40.0,
    unit: str = "px",
    fit: bool | float = False,
    lang: Lang = "en",
) -> str:
    """A hand as an SVG document: its concealed tiles, then its melds, each labelled.

    One copy of ``winning_tile`` (which must be among the concealed tiles) is set apart
    after them. Tiles of the kinds in ``wilds`` and the wildcards inside melds are marked as
    wildcards (听用, tīngyòng); a 暗杠 (àngàng) shows its two end tiles face down. ``lang``
    (``en``, ``zh``) is the language of the titles.

    >>> picture = hand_svg(Hand.parse("23m55p P7s@1"), winning_tile=Tile("4m"))
    Traceback (most recent call last):
    ...
    mahjong_rules.errors.InvalidHandError: the winning tile 4m is not among the tiles 23m55p
    """
    if not isinstance(hand, Hand):
        raise TypeError(f"hand_svg() takes a Hand, not {type(hand).__name__}")
    check_size(tile_height, unit)
    lang = check_lang(lang)
    kinds = wild_set(wilds)
    drawing = Drawing(lang)
    tiles = tuple(hand.concealed)
    x = _draw_tiles(drawing, PAD, PAD, tiles, winning_tile, kinds)
    draw_melds(drawing, x, PAD, hand.melds, kinds)
    held = tiles_said(tiles, lang) if lang == "zh" else str(hand.concealed)
    title = word("hand", lang, tiles=held or word("no_concealed", lang))
    if winning_tile is not None:
        title += word("hand_winning", lang, tile=tiles_said([winning_tile], lang))
    if hand.melds:
        melds = ("、" if lang == "zh" else ", ").join(meld_words(m, lang) for m in hand.melds)
        title += word("hand_melds", lang, melds=melds)
    return drawing.document(title, tile_height, unit, fit)
