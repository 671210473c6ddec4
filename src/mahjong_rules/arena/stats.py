"""The arena's statistics: whole-number sums that merge exactly, and the figures read from them.

Each *group* is one entrant of the lineup, every entrant that plays the same bot (a pooled
row, when a bot appears more than once), or one seat, whoever played it. A :class:`Tally`
counts a group's hands, result, wins (胡, hú; 查叫 at a draw game is not a win), self-drawn
wins (自摸, zìmō), deal-ins (放炮, fàngpào: a win on the group's discard or robbed kong) and the
fan (番) of its wins. All are whole numbers and tallies add up, so blocks of deals played by
any number of workers, in any order, give the same sums as one serial run, to the last digit.

The figures (:func:`figures`):

* ``mean``: the mean result per hand (the seat's net gain, pot payments counted as losses),
  with a 95% confidence interval. The deals are the independent samples: the hands of one
  deal share a wall, so the interval is read from the spread of each deal's mean result
  (normal approximation, ``mean ± 1.96·s/√deals``; it needs some 30 deals or more).
* ``win_rate``: the share of hands in which the group won; ``self_draw_share``: of its wins,
  the share self-drawn; ``deal_in_rate``: the share of hands in which it dealt in at least once;
  ``average_fan``: the mean fan of its wins (before a room's cap).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

from mahjong_rules.arena.schedule import Arena
from mahjong_rules.engine.settlement import HandResult
from mahjong_rules.scoring import WinKind

__all__ = ["Z95", "Standings", "Tally", "count_deal", "figures", "report"]

Z95 = 1.959963984540054
"""The standard normal's 97.5th percentile: a 95% two-sided interval."""


@attrs.frozen
class Tally:
    """One group's counts (see the module's docstring); ``+`` merges two."""

    deals: int = 0
    """Deals counted."""
    hands: int = 0
    """Hands played (a pooled group counts each member's)."""
    total: int = 0
    """The sum of the results."""
    total_squares: int = 0
    """The sum over deals of the square of the deal's summed result (for the spread)."""
    win_hands: int = 0
    """Hands with at least one win (查叫 aside)."""
    wins: int = 0
    """Wins (in a 血战 game a seat wins a hand at most once; a pooled group's add up)."""
    self_draws: int = 0
    """Wins self-drawn (自摸)."""
    fan: int = 0
    """The sum of the fan of the wins."""
    deal_in_hands: int = 0
    """Hands in which another seat won at least once on the group's discard or robbed kong."""
    deal_ins: int = 0
    """Wins on the group's discards or robbed kongs (一炮多响: one discard, several wins)."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            *(a + b for a, b in zip(attrs.astuple(self), attrs.astuple(other), strict=True))
        )


@attrs.frozen
class Standings:
    """The tallies of an arena so far: one per entrant, one per bot played by more than one
    entrant (``pooled``, in the order the lineup first names them), and one per seat over
    every entrant that played it (``seats``: seat 0 deals; the seat's own advantage, which the
    rotation takes out of the entrants' figures)."""

    entrants: tuple[Tally, ...]
    """One tally per entrant of the lineup, in its order."""
    pooled: tuple[tuple[str, Tally], ...] = ()
    """``(bot, tally)`` for each bot more than one entrant plays, its entrants together."""
    seats: tuple[Tally, ...] = ()
    """One tally per seat, over every entrant that played it."""

    @classmethod
    def empty(cls, lineup: Sequence[str]) -> Standings:
        """No hand played yet."""
        return cls(
            tuple(Tally() for _ in lineup),
            tuple((name, Tally()) for name in _pooled(lineup)),
            tuple(Tally() for _ in lineup),
        )

    def __add__(self, other: Standings) -> Standings:
        if (
            len(self.entrants) != len(other.entrants)
            or [n for n, _ in self.pooled] != [n for n, _ in other.pooled]
            or len(self.seats) != len(other.seats)
        ):
            raise ValueError("standings of different lineups do not add up")
        return Standings(
            tuple(a + b for a, b in zip(self.entrants, other.entrants, strict=True)),
            tuple((n, a + b) for (n, a), (_, b) in zip(self.pooled, other.pooled, strict=True)),
            tuple(a + b for a, b in zip(self.seats, other.seats, strict=True)),
        )


def _pooled(lineup: Sequence[str]) -> list[str]:
    return [name for name in dict.fromkeys(lineup) if lineup.count(name) > 1]


def count_deal(
    lineup: Sequence[str],
    seatings: Sequence[Sequence[int]],
    results: Sequence[HandResult],
) -> Standings:
    """The standings of one deal: ``results[r]`` is the hand played with the entrant
    ``seatings[r][s]`` at seat ``s``."""
    n = len(lineup)
    counts = [[0] * 8 for _ in range(n)]  # hands, total, win/wins/self/fan, deal-in hands/ins
    by_seat = [[0] * 8 for _ in range(n)]
    for seating, result in zip(seatings, results, strict=True):
        for seat, entrant in enumerate(seating):
            _count(counts[entrant], result, seat)
            _count(by_seat[seat], result, seat)
    entrants = tuple(_tally([c]) for c in counts)
    pooled = tuple(
        (name, _tally([counts[e] for e in range(n) if lineup[e] == name]))
        for name in _pooled(lineup)
    )
    return Standings(entrants, pooled, tuple(_tally([c]) for c in by_seat))


def _count(c: list[int], result: HandResult, seat: int) -> None:
    """Add one hand of ``seat`` to the counts ``c`` (in :func:`_tally`'s order)."""
    won = [w for w in result.wins if w.seat == seat and w.how is not WinKind.CHA_JIAO]
    dealt = [w for w in result.wins if w.from_seat == seat and w.how is not WinKind.CHA_JIAO]
    c[0] += 1
    c[1] += result.deltas[seat]
    c[2] += bool(won)
    c[3] += len(won)
    c[4] += sum(w.how is WinKind.SELF_DRAW for w in won)
    c[5] += sum(w.breakdown.fan for w in won)
    c[6] += bool(dealt)
    c[7] += len(dealt)


def _tally(members: Sequence[Sequence[int]]) -> Tally:
    sums = [sum(c[i] for c in members) for i in range(8)]
    hands, total, *rest = sums
    return Tally(1, hands, total, total * total, *rest)


def figures(tally: Tally) -> dict[str, Any]:
    """A group's figures (see the module's docstring) beside its counts, as JSON-ready values
    (``None`` where there is nothing to read them from, e.g. an interval from one deal)."""
    mean = half = None
    if tally.hands:
        mean = tally.total / tally.hands
    if tally.deals > 1:
        d = tally.deals
        per_deal = tally.hands / d  # each deal's sum is over this many hands
        spread = (d * tally.total_squares - tally.total**2) / (d * (d - 1))  # exact numerator
        half = Z95 * math.sqrt(max(spread, 0) / d) / per_deal
    return {
        "hands": tally.hands,
        "deals": tally.deals,
        "mean": mean,
        "ci95": None if mean is None or half is None else [mean - half, mean + half],
        "ci95_half_width": half,
        "win_rate": _share(tally.win_hands, tally.hands),
        "self_draw_share": _share(tally.self_draws, tally.wins),
        "deal_in_rate": _share(tally.deal_in_hands, tally.hands),
        "average_fan": _share(tally.fan, tally.wins),
        "counts": attrs.asdict(tally),
    }


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


REPORT_FORMAT = 1
"""The version of :func:`report`'s document."""


def report(arena: Arena, standings: Standings) -> dict[str, Any]:
    """The arena's figures as a JSON-ready document: what was played (variant, room, seed,
    deals, hands, lineup) and, for each entrant (``entrants``, in lineup order), each bot
    played by more than one entrant (``pooled``) and each seat (``seats``), its
    :func:`figures`. Nothing in it depends on how the hands were played (workers, blocks,
    time), so runs of the same arena give equal documents."""
    return {
        "format": REPORT_FORMAT,
        "variant": arena.rules.name,
        "room": repr(arena.rules),
        "players": arena.players,
        "seed": arena.seed,
        "deals": arena.deals,
        "hands": arena.hands,
        "lineup": list(arena.lineup),
        "entrants": [
            {"entrant": i, "bot": arena.lineup[i], **figures(t)}
            for i, t in enumerate(standings.entrants)
        ],
        "pooled": [
            {
                "bot": name,
                "entrants": [i for i, spec in enumerate(arena.lineup) if spec == name],
                **figures(t),
            }
            for name, t in standings.pooled
        ],
        "seats": [{"seat": seat, **figures(t)} for seat, t in enumerate(standings.seats)],
    }
