"""The faces of the tiles, drawn as SVG fragments in a tile's own coordinates.

A tile is :data:`TILE_WIDTH` by :data:`TILE_HEIGHT` units, its face from ``(0, 0)``; below
it :data:`TILE_DEPTH` units of the tile's green back show, as on a tile seen from slightly
above. :func:`face` gives the markup of one tile without the group around it:

* 万 (wàn, characters): the Chinese numeral above a red 万;
* 筒 (tǒng, dots): 1 to 9 ringed circles, laid out and coloured as on real tiles;
* 条 (tiáo, bamboo): 2 to 9 sticks, and a bird for 一条 (yāotiáo);
* 东 南 西 北 as characters, 白 (bái) as a blue frame on a blank face, 发 (fā) green and
  中 (zhōng) red;
* a face-down tile (the back, as for a hidden 暗杠, àngàng), and a gold border with a corner
  badge for a wildcard (听用, tīngyòng).

Only the characters are text (with a generic ``serif`` fallback after the CJK fonts); the
dots, sticks, frame and bird are shapes and need no font. The markup is the same for the
same tile every time: numbers are written with at most two decimals.

>>> face(Tile("2p")).count("<circle")
6
>>> '>万</text>' in face(Tile("5m"))
True
"""

from __future__ import annotations

import functools

from mahjong_rules.tiles import NUMERALS_ZH, Suit, Tile

__all__ = ["FONT_FAMILY", "TILE_DEPTH", "TILE_HEIGHT", "TILE_WIDTH", "face", "num"]

TILE_WIDTH = 30.0
"""Width of a tile face, in SVG user units."""
TILE_HEIGHT = 40.0
"""Height of a tile face, in SVG user units."""
TILE_DEPTH = 4.0
"""How much of the tile's body shows below its face."""

FONT_FAMILY = (
    "'Noto Serif CJK SC','Source Han Serif SC','Songti SC','SimSun','Noto Sans CJK SC',"
    "'Source Han Sans SC','PingFang SC','Microsoft YaHei','WenQuanYi Zen Hei',serif"
)
"""The fonts asked for the characters, any CJK font first, then the generic ``serif``."""

IVORY = "#fbf7ea"
EDGE = "#9a917c"
BACK = "#2f7d5a"
BACK_LIGHT = "#3f9870"
INK = "#1c2a52"
RED = "#c0282d"
GREEN = "#1f7a47"
BLUE = "#1f4e9c"
GOLD = "#d19a12"


def num(value: float) -> str:
    """A number as SVG writes it here: at most two decimals, no trailing zeros.

    >>> num(3.0), num(2.505), num(-0.004)
    ('3', '2.5', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def _circle(cx: float, cy: float, r: float, fill: str) -> str:
    return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}"/>'


def _dot(cx: float, cy: float, r: float, colour: str) -> str:
    """One ringed dot of a 筒 tile: a coloured disc, an ivory ring, a coloured centre."""
    return (
        _circle(cx, cy, r, colour)
        + _circle(cx, cy, r * 0.62, IVORY)
        + _circle(cx, cy, r * 0.3, colour)
    )


# (x, y, radius, colour) of each dot, rank 2..9 (一筒 is drawn on its own).
_B, _G, _R = BLUE, GREEN, RED
_DOTS: dict[int, tuple[tuple[float, float, float, str], ...]] = {
    2: ((15, 11, 6.5, _G), (15, 29, 6.5, _B)),
    3: ((7.5, 9, 5.5, _B), (15, 20, 5.5, _R), (22.5, 31, 5.5, _G)),
    4: ((9, 11, 5.5, _B), (21, 11, 5.5, _G), (9, 29, 5.5, _G), (21, 29, 5.5, _B)),
    5: (
        (8.5, 9, 5, _B), (21.5, 9, 5, _G), (15, 20, 5, _R),
        (8.5, 31, 5, _G), (21.5, 31, 5, _B),
    ),
    6: (
        (9, 7.5, 4.5, _G), (21, 7.5, 4.5, _G),
        (9, 21, 4.5, _R), (21, 21, 4.5, _R), (9, 32, 4.5, _R), (21, 32, 4.5, _R),
    ),
    7: (
        (7, 6, 3.8, _G), (15, 10, 3.8, _G), (23, 14, 3.8, _G),
        (9.5, 23.5, 4.2, _R), (20.5, 23.5, 4.2, _R), (9.5, 33, 4.2, _R), (20.5, 33, 4.2, _R),
    ),
    8: tuple((x, y, 4.2, _B) for y in (6.5, 15.5, 24.5, 33.5) for x in (9.5, 20.5)),
    9: tuple(
        (x, y, 4.1, colour)
        for y, colour in ((8.5, _B), (20, _R), (31.5, _G))
        for x in (7, 15, 23)
    ),
}  # fmt: skip


def _one_dot() -> str:
    """一筒 (yāotǒng): one large dot with rings, green outside and red in the centre."""
    parts = [_circle(15, 20, 12, GREEN), _circle(15, 20, 10, IVORY)]
    parts += [_circle(15, 20, 8.2, BLUE), _circle(15, 20, 6.4, IVORY)]
    parts += [_circle(15, 20, 4.6, RED), _circle(15, 20, 2, IVORY)]
    for dx, dy in ((0, -9.1), (9.1, 0), (0, 9.1), (-9.1, 0)):
        parts.append(_circle(15 + dx, 20 + dy, 0.9, IVORY))
    return "".join(parts)


def _stick(cx: float, cy: float, length: float, colour: str, angle: float = 0) -> str:
    """One bamboo stick of a 条 tile, centred at ``(cx, cy)``, turned ``angle`` degrees."""
    w = 3.8
    x, y = cx - w / 2, cy - length / 2
    turn = f' transform="rotate({num(angle)} {num(cx)} {num(cy)})"' if angle else ""
    return (
        f"<g{turn}>"
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(length)}" rx="1.7" '
        f'fill="{colour}"/>'
        f'<path d="M{num(x)} {num(cy)}h{num(w)}M{num(x)} {num(y + 1.6)}h{num(w)}'
        f'M{num(x)} {num(y + length - 1.6)}h{num(w)}" stroke="{IVORY}" stroke-width="0.7"/>'
        f'<path d="M{num(cx)} {num(y + 2.4)}V{num(cy - 0.9)}M{num(cx)} {num(cy + 0.9)}'
        f'V{num(y + length - 2.4)}" stroke="{IVORY}" stroke-width="0.5" opacity="0.7"/>'
        "</g>"
    )


# (x, y, length, colour, angle) of each stick, rank 2..9 (一条 is a bird).
_STICKS: dict[int, tuple[tuple[float, float, float, str, float], ...]] = {
    2: ((15, 11, 14, _G, 0), (15, 29, 14, _G, 0)),
    3: ((15, 11, 14, _G, 0), (9, 29, 14, _G, 0), (21, 29, 14, _G, 0)),
    4: ((9, 11, 14, _G, 0), (21, 11, 14, _B, 0), (9, 29, 14, _B, 0), (21, 29, 14, _G, 0)),
    5: (
        (7.5, 11, 14, _G, 0), (22.5, 11, 14, _B, 0), (15, 20, 14, _R, 0),
        (7.5, 29, 14, _B, 0), (22.5, 29, 14, _G, 0),
    ),
    6: tuple((x, y, 14, _G, 0) for y in (11, 29) for x in (7.5, 15, 22.5)),
    7: ((15, 7, 10, _R, 0), *((x, y, 10, _G, 0) for y in (19.5, 32) for x in (7.5, 15, 22.5))),
    8: (
        (5.5, 11, 14, _G, 0), (11.8, 11, 14, _G, 22), (18.2, 11, 14, _G, -22),
        (24.5, 11, 14, _G, 0), (5.5, 29, 14, _B, 0), (11.8, 29, 14, _B, -22),
        (18.2, 29, 14, _B, 22), (24.5, 29, 14, _B, 0),
    ),
    9: tuple(
        (x, y, 10.5, _R if x == 15 else (_G if y != 20 else _B), 0)
        for y in (8, 20, 32)
        for x in (7.5, 15, 22.5)
    ),
}  # fmt: skip


def _bird() -> str:
    """一条 (yāotiáo): a small green bird with a red crest, standing on a stick."""
    return (
        '<path d="M9 27c-4 2-6 7-5 10 3-1 6-3 8-6z" fill="#2b8f5a"/>'
        '<path d="M10 28c-2 4-1 8 1 9 2-2 3-5 2-9z" fill="#1f4e9c"/>'
        f'<ellipse cx="15" cy="22" rx="7.5" ry="5.5" transform="rotate(-30 15 22)" '
        f'fill="{GREEN}"/>'
        '<path d="M12 23c3 2 7 1 8-3" stroke="#8cc9a0" stroke-width="1" fill="none"/>'
        f"{_circle(20.5, 12.5, 4, GREEN)}"
        f'<path d="M19 8.8l1-3.6 1.4 3.4 1.6-2.6 0.2 3.6z" fill="{RED}"/>'
        '<path d="M24.2 12l3.6 1.3-3.5 1z" fill="#e0a21a"/>'
        f"{_circle(21.6, 11.8, 1.1, IVORY)}{_circle(21.8, 11.8, 0.5, INK)}"
        f'<path d="M14 27.5l-1 5M17 27l1 5.5M11 33h9" stroke="{RED}" stroke-width="1.1" '
        'stroke-linecap="round" fill="none"/>'
    )


def _text(x: float, y: float, size: float, colour: str, text: str) -> str:
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" fill="{colour}" '
        f'text-anchor="middle" font-family="{FONT_FAMILY}">{text}</text>'
    )


def _white_dragon() -> str:
    """白 (bái): a blank face inside a double blue frame."""
    return (
        f'<rect x="5" y="5.5" width="20" height="29" rx="2.5" fill="none" stroke="{BLUE}" '
        'stroke-width="1.8"/>'
        f'<rect x="8" y="8.5" width="14" height="23" rx="1.2" fill="none" stroke="{BLUE}" '
        'stroke-width="0.7"/>'
    )


_HONOR_COLOURS = (INK, INK, INK, INK, BLUE, GREEN, RED)


@functools.cache
def _content(tile: Tile) -> str:
    """What is drawn on the face of ``tile``."""
    rank = tile.rank
    if tile.suit is Suit.MAN:
        return _text(15, 17.5, 15, INK, NUMERALS_ZH[rank - 1]) + _text(15, 36, 17, RED, "万")
    if tile.suit is Suit.PIN:
        if rank == 1:
            return _one_dot()
        return "".join(_dot(*spec) for spec in _DOTS[rank])
    if tile.suit is Suit.SOU:
        if rank == 1:
            return _bird()
        return "".join(_stick(*spec) for spec in _STICKS[rank])
    if rank == 5:
        return _white_dragon()
    return _text(15, 29.5, 24, _HONOR_COLOURS[rank - 1], tile.name_zh)


_BODY = (
    f'<rect y="0.5" width="{num(TILE_WIDTH)}" height="{num(TILE_HEIGHT + TILE_DEPTH - 0.5)}" '
    f'rx="4" fill="{BACK}"/>'
)
_FACE = (
    f'<rect width="{num(TILE_WIDTH)}" height="{num(TILE_HEIGHT)}" rx="4" fill="{IVORY}" '
    f'stroke="{EDGE}" stroke-width="0.8"/>'
)
_WILD = (
    f'<rect x="1" y="1" width="{num(TILE_WIDTH - 2)}" height="{num(TILE_HEIGHT - 2)}" rx="3.2" '
    f'fill="none" stroke="{GOLD}" stroke-width="2"/>'
    f'<path d="M18 0.4H26A3.6 3.6 0 0 1 29.6 4V12Z" fill="{GOLD}"/>'
    f'<path d="M25.6 2.6l0.7 1.6 1.7 0.1-1.3 1.1 0.4 1.7-1.5-0.9-1.5 0.9 0.4-1.7-1.3-1.1 '
    f'1.7-0.1z" fill="{IVORY}"/>'
)
_DOWN = (
    f'<rect width="{num(TILE_WIDTH)}" height="{num(TILE_HEIGHT)}" rx="4" fill="{BACK_LIGHT}" '
    f'stroke="{BACK}" stroke-width="0.8"/>'
    f'<rect x="3" y="3" width="{num(TILE_WIDTH - 6)}" height="{num(TILE_HEIGHT - 6)}" rx="2.5" '
    'fill="none" stroke="#8fd0ae" stroke-width="0.6" opacity="0.7"/>'
)


@functools.cache
def face(tile: Tile | None, wild: bool = False) -> str:
    """The markup of one tile in its own coordinates: ``None`` for a face-down tile.

    ``wild`` adds the gold border and the corner badge of a wildcard (听用, tīngyòng).
    """
    if tile is None:
        return _BODY + _DOWN
    if not isinstance(tile, Tile):
        raise TypeError(f"face() takes a Tile or None, not {type(tile).__name__}")
    return _BODY + _FACE + _content(tile) + (_WILD if wild else "")
