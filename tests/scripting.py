"""Script hands from explicit walls (DEAL-1), for the engine's flow and settlement tests.

:func:`make_wall` lays out a wall so that the deal gives the hands asked for::

    wall = make_wall(
        hands={0: "11123m456p789s55z5m", 1: "...", 2: "...", 3: "..."},  # dealer 14, others 13
        draws="5m9p",            # the next ordinary draws, in order, from the front
        replacements="7s",       # kong replacement draws (补张): the first is the wall's last tile
    )
    state = rules.new_hand(wall=wall, dealer=0)

The tiles nobody asked for fill the middle of the wall in tile order (1m, 1m, ..., 9s), so the
draws after the scripted ones are known too; ``tail="1m2m"`` puts tiles at the end of the live
wall (the last ordinary draws), and a ``.`` in ``draws``, ``tail`` or ``replacements`` takes the
next filler tile.

:func:`play` applies a script of actions, one token per action, ``"seat:action"``:

=========  ==============================  =========  ==================================
``0:D5m``  discard 5m                      ``1:P``    peng the discard
``1:G5m``  直杠 (kong on the discard)       ``0:B5m``  补杠 (add 5m to one's peng)
``0:A5m``  暗杠 (concealed kong)            ``2:H``    hu (win)
``3:X``    pass                            ``0:T``    报听 (declare ready)
``1:M2``   买点: buy 2 points               ``0:I2m*8p``  提: 2m replaces the wildcard 8p
=========  ==============================  =========  ==================================

Pengs and kongs with wildcards (Yongshan) name them after a ``*``: ``1:P*8p`` (peng with one
8p wildcard), ``1:G2m*8p8p``, ``0:B2m*8p``, ``0:A2m*7p9p``.

For Yongshan, ``indicator="8p"`` puts the 本金 tile right after the dealt hands (YS-WILD-1).

:func:`burn` plays the hand on quietly (every seat discards what it drew, every claim is passed)
until the wall holds a given number of tiles, or until a given seat's turn.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from mahjong_rules.engine.actions import Action, Discard, Gang, Hu, Pass, Peng
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.melds import MeldKind
from mahjong_rules.notation import parse_tiles
from mahjong_rules.tiles import Tile, all_tiles
from mahjong_rules.variants import get_variant
from mahjong_rules.variants.baoshan import Ting
from mahjong_rules.variants.baoshan.buying import BuyPoints
from mahjong_rules.variants.base import Rules
from mahjong_rules.variants.yongshan.ti import Ti

__all__ = [
    "Q2",
    "Q",
    "T",
    "act",
    "bought",
    "burn",
    "deal",
    "make_wall",
    "play",
    "points_of",
    "tiles",
]

Q = "1245789p124578s"
"""A quiet hand: 13 different tiles of 筒 and 条, no pair, three tiles from ready."""
Q2 = "12345789m36p369s"
"""Another quiet hand (no pair, three tiles from ready), mostly 万."""


def T(text: str) -> Tile:
    """One tile: ``T("5m")``."""
    return Tile(text)


def tiles(text: str) -> tuple[Tile, ...]:
    """Tiles in the one-line notation (``""`` gives none)."""
    return parse_tiles(text) if text else ()


def _slots(text: str) -> list[Tile | None]:
    """Tiles in the one-line notation, where each ``.`` is a slot for a filler tile."""
    out: list[Tile | None] = []
    for k, part in enumerate(text.split(".")):
        if k:
            out.append(None)
        out.extend(tiles(part))
    return out


def make_wall(
    hands: Mapping[int, str],
    draws: str = "",
    replacements: str = "",
    *,
    tail: str = "",
    dealer: int = 0,
    honors: bool = False,
    players: int | None = None,
    indicator: str = "",
) -> tuple[Tile, ...]:
    """A full wall (108 tiles, 136 with ``honors``) that deals ``hands`` as DEAL-1 says.

    ``hands`` gives every seat's dealt tiles: 14 for the dealer, 13 for the others. The dealer's
    tiles come first, then each seat in play order (dealer+1, dealer+2, ...), then ``draws`` in
    order, then the tiles not named anywhere (the filler, in tile order), then ``tail`` (the
    last ordinary draws, in order), then ``replacements`` reversed, so the first kong
    replacement is the wall's last tile. In ``draws``, ``tail`` and ``replacements`` a ``.``
    stands for the next filler tile. Raises ``ValueError`` if a seat is missing or dealt the
    wrong number of tiles, or if more than four of a tile are named.
    """
    n = len(hands) if players is None else players
    if sorted(hands) != list(range(n)):
        raise ValueError(f"hands must name every seat 0..{n - 1}, got {sorted(hands)}")
    dealt: list[Tile] = []
    for k in range(n):
        seat = (dealer + k) % n
        hand = tiles(hands[seat])
        want = 14 if seat == dealer else 13
        if len(hand) != want:
            raise ValueError(f"seat {seat} must be dealt {want} tiles, got {len(hand)}")
        dealt.extend(hand)
    front = [*dealt, *tiles(indicator), *_slots(draws)]
    back = [*_slots(tail), *reversed(_slots(replacements))]
    named = Counter(t for t in front + back if t is not None)
    for tile, count in named.items():
        if count > 4:
            raise ValueError(f"{count} copies of {tile} named; there are only 4")
        if tile.is_honor and not honors:
            raise ValueError(f"{tile} is an honor tile, but this wall has none")
    filler = iter([t for t in all_tiles(honors=honors) for _ in range(4 - named[t])])
    wall = [next(filler) if t is None else t for t in front]
    end = [next(filler) if t is None else t for t in back]
    return (*wall, *filler, *end)


def new(
    hands: Mapping[int, str],
    draws: str = "",
    *,
    rules: Rules | None = None,
    replacements: str = "",
    tail: str = "",
    dealer: int = 0,
    buy_points: Sequence[int] | None = None,
    indicator: str = "",
) -> State:
    """A hand of ``rules`` (default: Baoshan with default options) dealt from ``hands``."""
    return deal(
        rules if rules is not None else get_variant("baoshan"),
        hands,
        draws,
        replacements=replacements,
        tail=tail,
        dealer=dealer,
        buy_points=buy_points,
        indicator=indicator,
    )


def deal(
    rules: Rules,
    hands: Mapping[int, str],
    draws: str = "",
    *,
    replacements: str = "",
    tail: str = "",
    dealer: int = 0,
    buy_points: Sequence[int] | None = None,
    indicator: str = "",
) -> State:
    """A new hand of ``rules`` dealt from the wall :func:`make_wall` lays out (``indicator``:
    Yongshan's 本金 tile, turned up after the deal)."""
    wall = make_wall(
        hands,
        draws,
        replacements,
        tail=tail,
        dealer=dealer,
        honors=rules.honors,
        players=rules.players,
        indicator=indicator,
    )
    return rules.new_hand(wall=wall, dealer=dealer, answers=bought(buy_points))


def bought(points: Sequence[int] | None) -> tuple[BuyPoints, ...]:
    """买点 (BS-BUY-1) given to a new hand in advance: each seat's ``BuyPoints`` answer to
    Baoshan's buying phase (``None``: none given, the seats buy in the phase)."""
    return () if points is None else tuple(BuyPoints(k, p) for k, p in enumerate(points))


def points_of(answers: Sequence[Action] | None) -> tuple[int, ...] | None:
    """The points of a match's 买点 answers (``None`` before the first hand has bought)."""
    if answers is None:
        return None
    return tuple(a.points for a in answers if isinstance(a, BuyPoints))


def act(token: str) -> Action:
    """One action from its token (see the module docs), e.g. ``"2:D5m"``."""
    seat_text, _, what = token.partition(":")
    seat = int(seat_text)
    code, arg = what[:1], what[1:]
    arg, _, wild_text = arg.partition("*")
    wilds = tiles(wild_text)
    if code == "D":
        return Discard(seat, Tile(arg))
    if code == "P" and not arg:
        return Peng(seat, wilds)
    kinds = {"G": MeldKind.ZHI_GANG, "B": MeldKind.BU_GANG, "A": MeldKind.AN_GANG}
    if code in kinds:
        return Gang(seat, Tile(arg), kinds[code], wilds)
    if code == "I" and len(wilds) == 1:
        return Ti(seat, Tile(arg), wilds[0])
    if code == "H" and not arg:
        return Hu(seat)
    if code == "X" and not arg:
        return Pass(seat)
    if code == "T" and not arg:
        return Ting(seat)
    if code == "M":
        return BuyPoints(seat, int(arg))
    raise ValueError(f"unknown action token {token!r}")


def play(
    rules: Rules,
    state: State,
    script: str | Iterable[Action],
    *,
    log: list[Event] | None = None,
) -> State:
    """Apply every action of ``script`` (tokens or actions) in order; ``log`` collects events."""
    actions: Sequence[Action] = (
        [act(t) for t in script.split()] if isinstance(script, str) else list(script)
    )
    for action in actions:
        state = rules.apply(state, action)
        if log is not None:
            log.extend(state.events)
    return state


def burn(
    rules: Rules,
    state: State,
    *,
    left: int = -1,
    seat: int | None = None,
    log: list[Event] | None = None,
) -> State:
    """Play on quietly until a seat is to discard with at most ``left`` tiles in the wall, or
    until it is ``seat``'s turn (draw made); with neither, until the hand ends.

    Each seat discards the tile it drew (the dealer's first turn and a turn after a peng: its
    highest tile) and every claim is passed.
    """
    while state.phase is not Phase.ENDED:
        if state.phase is Phase.TURN:
            if state.tiles_left <= left or state.current == seat:
                return state
            s = state.seats[state.current]
            tile = s.drawn if s.drawn is not None else max(s.concealed)
            action: Action = Discard(state.current, tile)
        else:
            action = Pass(min(rules.to_act(state)))
        state = rules.apply(state, action)
        if log is not None:
            log.extend(state.events)
    return state


def random_states(rules: Rules, seed: int) -> list[State]:
    """Every state of one seeded random hand (``random.Random(seed)`` picks a seat of
    ``to_act`` and one of its legal actions), its phases of the variant's own included."""
    rng = random.Random(seed)
    state = rules.new_hand(seed=seed)
    states = [state]
    while rules.result(state) is None:
        seat = rng.choice(sorted(rules.to_act(state)))
        state = rules.apply(state, rng.choice(rules.legal_actions(state, seat)))
        states.append(state)
    return states


def hidden_shuffled(rules: Rules, state: State, seed: int, *, shown: int | None = None) -> State:
    """The hand dealt from ``state``'s wall with every tile the dealer cannot see shuffled
    (all but its 14, and ``shown``: a wall position turned up after the deal, Yongshan's 本金
    tile), so that the dealer's view is the same and the other hands differ."""
    wall = list(state.wall)
    hidden = [i for i in range(14, len(wall)) if i != shown]
    shuffled = [wall[i] for i in hidden]
    random.Random(seed).shuffle(shuffled)
    for i, tile in zip(hidden, shuffled, strict=True):
        wall[i] = tile
    return rules.new_hand(wall=wall)
