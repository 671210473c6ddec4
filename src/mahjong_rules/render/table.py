"""A seat's table as an SVG picture: :func:`view_svg`.

It draws what a :class:`~mahjong_rules.View` holds and nothing more: a heading (whose view,
the phase, a variant's own by its game name (``stage_name``), the dealer, the live tiles left,
the 本金 tile and the wildcard kinds), then one band per seat, the viewer's own first and the
others in play order. A band is the seat's label, its hand (the viewer's own tiles face up
with the drawn tile set apart; another seat's as face-down tiles, unless it has won and shown
them), its melds face up, its hidden 暗杠 (àngàng) as four face-down tiles, and below them its
discards, smaller, in the order played.

What the view cannot know of a seat (who sits there: a name, a person or a bot, 托管
tuōguǎn when a bot plays a person's seat) a caller gives as ``seat_notes``, lines drawn under
the seat's label and added to the picture's title:

>>> from mahjong_rules import get_variant
>>> rules = get_variant("baoshan", players=2)
>>> view = rules.view(rules.new_hand(seed=1), 0)
>>> picture = view_svg(view, seat_notes={1: ["bot", "托管 <away>"]})
>>> "托管 &lt;away&gt;</text>" in picture, "seat 1: 13 tiles, bot, 托管 &lt;away&gt;" in picture
(True, True)

At a Chinese table (``lang="zh"``) every label, title and heading is in Chinese, tiles by
name alone (``座位 0 的视角 · 出牌 · 牌墙剩余 55 张``, ``（你）``, ``庄家``, ``无弃牌``):

>>> chinese = view_svg(view, lang="zh")
>>> ">座位 0 的视角 · 出牌 · 牌墙剩余 " in chinese, ">（你）</text>" in chinese
(True, True)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

from mahjong_rules.engine.view import SeatView, View
from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.render.faces import TILE_DEPTH, TILE_HEIGHT
from mahjong_rules.render.picture_words import check_lang, meld_words, phase_name, tiles_said, word
from mahjong_rules.render.svg import (
    GAP,
    GROUP_GAP,
    LABEL_SIZE,
    PAD,
    Drawing,
    RenderError,
    check_size,
    draw_melds,
)
from mahjong_rules.words.table import room_words, seat_marks

__all__ = ["MAX_NOTES", "MAX_NOTE_LENGTH", "SeatNotes", "check_seat_notes", "view_svg"]

SeatNotes = Mapping[int, Sequence[str]]
"""Lines of text per seat number, drawn under the seat's label (``{2: ["Alice", "托管"]}``)."""
MAX_NOTES = 4
"""The most lines of notes a seat may have."""
MAX_NOTE_LENGTH = 32
"""The most characters in one line of a seat's notes."""

DISCARD_SCALE = 0.62
"""Discards are drawn this much smaller than the hands."""
DISCARDS_PER_LINE = 18
"""Discards per line before they wrap."""
_LABEL_WIDTH = 50.0
_TALL = TILE_HEIGHT + TILE_DEPTH


def check_seat_notes(notes: object, players: int) -> dict[int, tuple[str, ...]]:
    """``notes`` as :data:`SeatNotes` for a table of ``players`` seats, checked: a mapping from
    seat numbers in ``0..players-1`` to sequences of at most :data:`MAX_NOTES` strings (not one
    string), each at most :data:`MAX_NOTE_LENGTH` characters with no control character;
    anything else raises :class:`~mahjong_rules.errors.RenderError` naming the argument.

    >>> check_seat_notes({0: ("you",), 2: ["bot"]}, 4)
    {0: ('you',), 2: ('bot',)}
    >>> check_seat_notes({4: ["bot"]}, 4)
    Traceback (most recent call last):
    ...
    mahjong_rules.errors.RenderError: seat_notes: a seat is an int 0..3, got 4
    """
    if not isinstance(notes, Mapping):
        raise RenderError(f"seat_notes must be a mapping of seats to lines, not {_kind(notes)}")
    checked: dict[int, tuple[str, ...]] = {}
    for seat, lines in notes.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(players):
            raise RenderError(f"seat_notes: a seat is an int 0..{players - 1}, got {seat!r}")
        if isinstance(lines, str) or not isinstance(lines, Sequence):
            raise RenderError(f"seat_notes[{seat}] must be a sequence of str, not {_kind(lines)}")
        if len(lines) > MAX_NOTES:
            raise RenderError(f"seat_notes[{seat}]: at most {MAX_NOTES} lines, got {len(lines)}")
        for k, line in enumerate(lines):
            where = f"seat_notes[{seat}][{k}]"
            if not isinstance(line, str):
                raise RenderError(f"{where} must be a str, not {_kind(line)}")
            if len(line) > MAX_NOTE_LENGTH:
                raise RenderError(f"{where}: at most {MAX_NOTE_LENGTH} characters, got {len(line)}")
            if any(unicodedata.category(c) == "Cc" for c in line):
                raise RenderError(f"{where}: no control characters, got {line!r}")
        checked[seat] = tuple(lines)
    return checked


def _kind(value: object) -> str:
    return type(value).__name__


def _text_width(text: str, size: float) -> float:
    """About how wide ``text`` is at font ``size``: a wide (CJK) character a whole em, any
    other 0.6 of one."""
    return sum(size if unicodedata.east_asian_width(c) in "WF" else 0.6 * size for c in text)


def _label(view: View, seat: SeatView, lang: Lang) -> list[str]:
    """The lines beside a seat's band: its number, then what is known of it."""
    lines = [word("seat", lang, seat=seat.seat), *seat_marks(view, seat.seat, lang)]
    if seat.won:
        lines.append(word("won", lang))
    lines.extend(room_words(view).describe_seat(view, seat.seat, lang))  # the game's words
    return lines


def _hand_row(drawing: Drawing, x: float, y: float, view: View, seat: SeatView) -> float:
    drawn_note = word("drawn", drawing.lang)
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
        x = drawing.row(x + GROUP_GAP - GAP, y, [(drawn, drawn in kinds, drawn_note)])
    return x


def _seat_band(
    drawing: Drawing, y: float, view: View, seat: SeatView, notes: Sequence[str], left: float
) -> float:
    """Draw one seat's band from ``y``, its label and ``notes`` in a column ``left`` wide;
    return the y below it."""
    lang = drawing.lang
    first, *rest = _label(view, seat, lang)
    rest += notes
    top = y
    drawing.text(PAD, y + 12, first, size=LABEL_SIZE + 1)
    for k, words in enumerate(rest):
        drawing.text(PAD, y + 24 + 10 * k, words, size=LABEL_SIZE - 1)
    x = _hand_row(drawing, PAD + left, y, view, seat)
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
            PAD + left,
            y,
            ((t, t in view.wild_kinds, word("discard", lang)) for t in line),
            scale=DISCARD_SCALE,
        )
        y += _TALL * DISCARD_SCALE + 2
    if not seat.discards:
        drawing.text(PAD + left, y + 8, word("no_discards", lang))
        y += 12
    return max(y, top + 24 + 10 * len(rest)) + 8  # below the label's last line too


def _heading(drawing: Drawing, view: View) -> float:
    """Draw the heading line; return the y below it."""
    lang = drawing.lang
    phase = phase_name(view.phase.value, lang)
    if view.stage is not None:  # a phase of the variant's own, by its game name
        phase = room_words(view).stage_name(view.stage, lang)
    text = word("heading", lang, seat=view.seat, phase=phase, n=view.tiles_left)
    drawing.text(PAD, PAD + 11, text, size=LABEL_SIZE + 2)
    y = PAD + 18
    x = PAD
    indicator = getattr(view.variant, "indicator", None)  # a 本金 tile, in a room with one
    if indicator is not None:
        drawing.text(x, y + 18, "本金")
        x = drawing.tile(x + 24, y, indicator, note=word("indicator", lang), scale=0.8)
        x += GROUP_GAP
    if view.wild_kinds:
        drawing.text(x, y + 18, "听用")
        x += 24
        for tile in view.wild_kinds:
            x = drawing.tile(x, y, tile, wild=True, note=word("wild_kind", lang), scale=0.8)
    if indicator is not None or view.wild_kinds:
        y += _TALL * 0.8 + 8
    return y


def _title(view: View, notes: Mapping[int, Sequence[str]], lang: Lang) -> str:
    """The picture's title (what a screen reader says of it): in English tiles and melds in
    the notation, in Chinese by name."""
    zh = lang == "zh"
    comma = "，" if zh else ", "

    def melds(seat: SeatView) -> str:
        return (
            "、".join(meld_words(m, lang) for m in seat.melds)
            if zh
            else " ".join(str(m) for m in seat.melds)
        )

    own = view.seats[view.seat]
    parts = [word("title", lang, seat=view.seat, n=view.tiles_left)]
    if notes.get(view.seat):
        parts.append(word("yours", lang, notes=comma.join(notes[view.seat])))
    held = tiles_said(view.concealed, lang) if zh else str(view.concealed)
    parts.append(word("own_hand", lang, tiles=held or word("none", lang)))
    if view.drawn is not None:
        parts.append(word("own_drawn", lang, tile=tiles_said([view.drawn], lang)))
    if own.melds:
        parts.append(word("own_melds", lang, melds=melds(own)))
    for seat in view.seats:
        if seat.seat == view.seat:
            continue
        words = word("other", lang, seat=seat.seat, n=seat.tiles)
        if notes.get(seat.seat):
            words += comma + comma.join(notes[seat.seat])
        if seat.melds:
            words += comma + word("melds", lang, melds=melds(seat))
        if seat.hidden_kongs:
            words += comma + word("hidden", lang, n=seat.hidden_kongs)
        parts.append(words)
    return ("；" if zh else "; ").join(parts)


def view_svg(
    view: View,
    *,
    tile_height: float = 30.0,
    unit: str = "px",
    fit: bool | float = False,
    seat_notes: SeatNotes | None = None,
    lang: Lang = "en",
) -> str:
    """The table as seat ``view.seat`` sees it, as an SVG document (see the module docs).

    Wildcards are the view's own ``wild_kinds``; ``tile_height`` and ``unit`` size the hand
    tiles (discards are drawn smaller); with ``fit`` it shrinks to a narrower container.
    ``seat_notes``: lines drawn (as text, escaped) under a seat's label, such as who sits there
    (checked by :func:`check_seat_notes`: a :class:`~mahjong_rules.errors.RenderError`
    for a seat not at the table, a line not a string or too long); the label column widens to
    the longest. ``lang`` (``en``, ``zh``: a :class:`TypeError` for another) is the language
    of its labels, its heading and its titles; the game's own words (``describe_seat``,
    ``stage_name``) are asked in it.
    """
    if not isinstance(view, View):
        raise TypeError(f"view_svg() takes a View, not {type(view).__name__}")
    check_size(tile_height, unit)
    lang = check_lang(lang)
    notes = {} if seat_notes is None else check_seat_notes(seat_notes, view.players)
    size = LABEL_SIZE - 1
    widths = [_text_width(line, size) + 6 for lines in notes.values() for line in lines]
    left = max([_LABEL_WIDTH, *widths])
    drawing = Drawing(lang)
    y = _heading(drawing, view)
    order = [(view.seat + k) % view.players for k in range(view.players)]
    for index in order:
        y = _seat_band(drawing, y, view, view.seats[index], notes.get(index, ()), left)
    return drawing.document(_title(view, notes, lang), tile_height, unit, fit)
