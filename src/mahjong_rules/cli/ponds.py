"""The ponds (牌池, páichí) a player at the table remembers: every seat's discards in order,
a claimed one marked with who took it (碰, 直杠) or won on it (胡), read from the events the
player's view reports (a view keeps only the discards still on the table). Tiles are written in
the notation, in Chinese by name (``二筒``).

>>> from mahjong_rules import Meld, Tile
>>> from mahjong_rules.engine.events import Claimed, Discarded
>>> ponds = Ponds(2)
>>> ponds.see(Discarded(1, Tile("2p"))); ponds.see(Discarded(1, Tile("8p")))
>>> ponds.see(Claimed(0, Meld.parse("P8p@1")))
>>> ponds.text(1, (Tile("2p"),), "en"), ponds.text(1, (Tile("2p"),), "zh")
('2p [8p peng by seat 0]', '二筒 [八筒 座位 0 碰]')
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rules.cli.human_text import Lang
from mahjong_rules.engine.events import Claimed, Discarded, Event, Won
from mahjong_rules.melds import MeldKind
from mahjong_rules.scoring import WinKind
from mahjong_rules.tiles import Tile

__all__ = ["Ponds"]


class Ponds:
    """Each seat's discards as a player saw them made, with the claims on them."""

    def __init__(self, players: int) -> None:
        self.discards: list[list[tuple[Tile, str | None, bool]]] = [[] for _ in range(players)]
        """Per seat: (tile, what took it, whether it left the table)."""

    def see(self, event: Event) -> None:
        """Note one event the player saw."""
        if isinstance(event, Discarded):
            self.discards[event.seat].append((event.tile, None, False))
        elif isinstance(event, Claimed) and event.meld.from_seat is not None:
            what = "peng" if event.meld.kind is MeldKind.PENG else "kong"
            self._mark(event.meld.from_seat, event.meld.tile, f"{what}:{event.seat}", True)
        elif isinstance(event, Won) and event.win.how is WinKind.DISCARD:
            win = event.win
            self._mark(win.from_seat or 0, win.tile, f"hu:{win.seat}", False)

    def _mark(self, seat: int, tile: Tile, what: str, taken: bool) -> None:
        pond = self.discards[seat]
        if pond and pond[-1][0] == tile:
            marks = pond[-1][1]
            pond[-1] = (tile, what if marks is None else f"{marks},{what}", pond[-1][2] or taken)

    def text(self, seat: int, on_table: Sequence[Tile], lang: Lang) -> str:
        """The seat's pond, each claimed discard marked in brackets; the view's own discards
        (``on_table``, with or without the claimed ones) alone if what was seen does not lead
        to them (e.g. a log joined late)."""
        pond = self.discards[seat]
        table = list(on_table)
        every = [t for t, _, _ in pond]
        kept = [t for t, _, taken in pond if not taken]
        if table not in (every, kept):
            return " ".join(_name(t, lang) for t in on_table)
        words = []
        for tile, marks, _ in pond:
            if marks is None:
                words.append(_name(tile, lang))
                continue
            said = [_mark_text(mark, lang) for mark in marks.split(",")]
            words.append(f"[{_name(tile, lang)} {'; '.join(said)}]")
        return " ".join(words)


def _name(tile: Tile, lang: Lang) -> str:
    return tile.name_zh if lang == "zh" else tile.notation


def _mark_text(mark: str, lang: Lang) -> str:
    what, _, seat = mark.partition(":")
    if what == "hu":
        return f"座位 {seat} 胡" if lang == "zh" else f"seat {seat} won on it"
    zh = {"peng": "碰", "kong": "直杠"}.get(what, "杠")
    return f"座位 {seat} {zh}" if lang == "zh" else f"{what} by seat {seat}"
