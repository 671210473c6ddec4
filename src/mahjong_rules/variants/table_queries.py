"""What an interface asks of a table beside its legal actions (a base of
:class:`~mahjong_rules.variants.base.Rules`): whether a discard gives up a kong (BS-GANG-8), and
how a peng is laid out (BS-PENGSHOW-1)."""

from __future__ import annotations

from mahjong_rules.engine.state import State
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.tiles import Tile

__all__ = ["TableQueries"]


class TableQueries:
    """Queries for interfaces; every room has them, through
    :class:`~mahjong_rules.variants.base.Rules`."""

    def discard_gives_up_kong(self, state: State, seat: int, tile: Tile) -> bool:
        """BS-GANG-8 杠牌二次确认: whether discarding ``tile`` gives up a kong, because the seat
        holds four of it across its hand and its pengs — so an interface can ask to confirm."""
        s = state.seats[seat]
        held = s.concealed.count(tile)
        held += sum(3 for m in s.melds if m.kind is MeldKind.PENG and m.tile == tile)
        return held >= 4

    def peng_display(self, state: State, seat: int) -> tuple[tuple[Meld, int | None], ...]:
        """BS-PENGSHOW-1 (特殊设定4): for each of ``seat``'s pengs, which of its three tiles an
        interface lays face down — 0 (left) if claimed from 上家, 1 (middle) from 对家, 2 (right)
        from 下家 — or ``None`` once the fourth copy has been discarded to the table."""
        out = []
        n = state.players
        for meld in state.seats[seat].melds:
            if meld.kind is not MeldKind.PENG or meld.from_seat is None:
                continue
            rel = (meld.from_seat - seat) % n
            position = 2 if rel == 1 and n > 2 else 0 if rel == n - 1 and n > 2 else 1
            discarded = sum(x.discards.count(meld.tile) for x in state.seats)
            out.append((meld, None if discarded >= 2 else position))  # one was claimed for it
        return tuple(out)
