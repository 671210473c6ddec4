"""A seat's table as an SVG picture: :func:`view_svg`.

It draws what a :class:`~mahjong_rules.View` holds and nothing more: a heading (whose view,
the dealer, the live tiles left, the 本金 tile and the wildcard kinds), then one band per seat,
the viewer's own first and the others in play order. A band is the seat's label, its hand
(the viewer's own tiles face up with the drawn tile set apart; another seat's as face-down
tiles, unless it has won and shown them), its melds face up, its hidden 暗杠 (àngàng) as four
face-down tiles, and below them its discards, smaller, in the order played.
"""

from __future__ import annotations

from mahjong_rules.engine.view import SeatView, View
from mahjong_rules.render.faces import TILE_DEPTH, TILE_HEIGHT
from mahjong_rules.render.svg import (
    GAP,
    GROUP_GAP,
    LABEL_SIZE,
    PAD,
    Drawing,
    check_size,
    draw_melds,
)
from mahjong_rules.variants.baoshan.records import shows_declared
from mahjong_rules.variants.yongshan.records import indicator_of

__all__ = ["view_svg"]

DISCARD_SCALE = 0.62
"""Discards are drawn this much smaller than the hands."""
DISCARDS_PER_LINE = 18
"""Discards per line before they wrap."""
_LABEL_WIDTH = 50.0
_TALL = TILE_HEIGHT + TILE_DEPTH


def _label(view: View, seat: SeatView) -> list[str]:
    """The lines beside a seat's band: its number, then what is known of it."""
    lines = [f"seat {seat.seat}"]
    if seat.seat == view.seat:
        lines.append("(you)")
    if seat.seat == view.dealer:
        lines.append("庄 dealer")
    if seat.won:
        lines.append("胡 won")
    if shows_declared(view, seat.seat):
        lines.append("报听 ready")
    bought = getattr(view.variant, "points", ())  # Baoshan's 买点, public once bought
    if bought and bought[seat.seat]:
        lines.append(f"买点 {bought[seat.seat]}")
    return lines


def _hand_row(drawing: Drawing, x: float, y: float, view: View, seat: SeatView) -> float:
    kinds = view.wild_kinds
    if seat.hand is None:
        return drawing.row(x, y, [(None, False, "")] * seat.tiles)
    tiles = list(seat.hand)
    drawn = view.drawn if seat.seat == view.seat else None
    if drawn is not None and drawn in tiles:
        tiles.reverse()
        tiles.remove(drawn)
        tiles.reverse()
    x = drawing.row(x, y, ((t, t in kinds, "") for t in tiles))
    if drawn is not None and drawn in seat.hand:
        x = drawing.row(x + GROUP_GAP - GAP, y, [(drawn, drawn in kinds, "drawn")])
    return x


def _seat_band(drawing: Drawing, y: float, view: View, seat: SeatView) -> float:
    """Draw one seat's band from ``y``; return the y below it."""
    first, *rest = _label(view, seat)
    drawing.text(PAD, y + 12, first, size=LABEL_SIZE + 1)
    for k, words in enumerate(rest):
        drawing.text(PAD, y + 24 + 10 * k, words, size=LABEL_SIZE - 1)
    x = _hand_row(drawing, PAD + _LABEL_WIDTH, y, view, seat)
    x = draw_melds(drawing, x, y, seat.melds, view.wild_kinds)
    for _ in range(seat.hidden_kongs):
        x += GROUP_GAP - GAP
        start = x
        x = drawing.row(x, y, [(None, False, "暗杠")] * 4)
        drawing.text((start + x - GAP) / 2, y + _TALL + LABEL_SIZE + 0.5, "暗杠", anchor="middle")
    y += _TALL + LABEL_SIZE + 6
    for start in range(0, len(seat.discards), DISCARDS_PER_LINE):
        line = seat.discards[start : start + DISCARDS_PER_LINE]
        drawing.row(
            PAD + _LABEL_WIDTH,
            y,
            ((t, t in view.wild_kinds, "discard") for t in line),
            scale=DISCARD_SCALE,
        )
        y += _TALL * DISCARD_SCALE + 2
    if not seat.discards:
        drawing.text(PAD + _LABEL_WIDTH, y + 8, "no discards")
        y += 12
    return y + 8


def _heading(drawing: Drawing, view: View) -> float:
    """Draw the heading line; return the y below it."""
    text = f"seat {view.seat}'s view · {view.phase.value} · {view.tiles_left} tiles left"
    drawing.text(PAD, PAD + 11, text, size=LABEL_SIZE + 2)
    y = PAD + 18
    x = PAD
    indicator = indicator_of(view)
    if indicator is not None:
        drawing.text(x, y + 18, "本金")
        x = drawing.tile(x + 24, y, indicator, note="本金 indicator", scale=0.8)
        x += GROUP_GAP
    if view.wild_kinds:
        drawing.text(x, y + 18, "听用")
        x += 24
        for tile in view.wild_kinds:
            x = drawing.tile(x, y, tile, wild=True, note="wildcard kind", scale=0.8)
    if indicator is not None or view.wild_kinds:
        y += _TALL * 0.8 + 8
    return y


def _title(view: View) -> str:
    own = view.seats[view.seat]
    parts = [f"The table as seat {view.seat} sees it, {view.tiles_left} tiles left"]
    parts.append(f"own hand {view.concealed or '-'}")
    if view.drawn is not None:
        parts.append(f"drawn {view.drawn}")
    if own.melds:
        parts.append("own melds " + " ".join(str(m) for m in own.melds))
    for seat in view.seats:
        if seat.seat == view.seat:
            continue
        words = f"seat {seat.seat}: {seat.tiles} tiles"
        if seat.melds:
            words += ", melds " + " ".join(str(m) for m in seat.melds)
        if seat.hidden_kongs:
            words += f", {seat.hidden_kongs} hidden 暗杠"
        parts.append(words)
    return "; ".join(parts)


def view_svg(
    view: View, *, tile_height: float = 30.0, unit: str = "px", fit: bool | float = False
) -> str:
    """The table as seat ``view.seat`` sees it, as an SVG document (see the module docs).

    Wildcards are the view's own ``wild_kinds``; ``tile_height`` and ``unit`` size the hand
    tiles (discards are drawn smaller); with ``fit`` it shrinks to a narrower container.
    """
    if not isinstance(view, View):
        raise TypeError(f"view_svg() takes a View, not {type(view).__name__}")
    check_size(tile_height, unit)
    drawing = Drawing()
    y = _heading(drawing, view)
    order = [(view.seat + k) % view.players for k in range(view.players)]
    for index in order:
        y = _seat_band(drawing, y, view, view.seats[index])
    return drawing.document(_title(view), tile_height, unit, fit)
