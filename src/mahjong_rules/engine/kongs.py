"""Completing a kong (杠, gàng): the meld's money, then the replacement draw from the back of
the wall, which keeps the kong chain. A 补杠's (bǔgàng) tile joins its peng here too, once no
one robs it (or, in 血战, once it stands though robbed).

Plain functions of the rules object (``rules``, whose hooks they ask) and the state, called by
the turn's kongs (:mod:`~mahjong_rules.engine.turns`) and the windows'
(:mod:`~mahjong_rules.engine.claims`); they call only the draw
(:mod:`~mahjong_rules.engine.draws`).
"""

from __future__ import annotations

from mahjong_rules.engine.actions import Gang
from mahjong_rules.engine.draws import draw
from mahjong_rules.engine.edit import pay
from mahjong_rules.engine.events import Konged
from mahjong_rules.engine.hooks import Hooks
from mahjong_rules.engine.state import State, replace
from mahjong_rules.melds import Meld, MeldKind

__all__ = ["add_to_peng", "added_kong", "after_kong", "complete_added_kong"]


def after_kong(rules: Hooks, state: State, seat: int, meld: Meld) -> State:
    """A completed kong: its payments (each carrying the kong's ref), then the replacement
    draw from the back of the wall, which keeps the kong chain."""
    ref = state.next_ref
    if meld.kind is MeldKind.BU_GANG and rules.kong_paid_before_rob:
        payments = []  # paid as it was declared
    else:
        payments = rules.kong_payments(state, seat, meld, ref)
    if payments:
        state = pay(state, payments)
    return draw(
        rules,
        state,
        seat,
        replacement=True,
        next_ref=ref + 1,
        kong_chain=state.kong_chain + 1,
        chain_refs=(*state.chain_refs, ref),
    )


def complete_added_kong(rules: Hooks, state: State, action: Gang) -> State:
    """A 补杠 nobody robbed (or one no one may rob): its tile joins the peng, then
    :func:`after_kong`."""
    state, meld = add_to_peng(state, action, current=action.seat, tile=None)
    return after_kong(rules, state, action.seat, meld)


def add_to_peng(state: State, action: Gang, **changes: object) -> tuple[State, Meld]:
    """A 补杠's tile joins its peng (the Konged event); the replacement is not drawn yet.
    ``changes``: more of the state's fields, set in the same copy."""
    seat, tile = action.seat, action.tile
    s = state.seats[seat]
    melds = list(s.melds)
    k, meld = added_kong(s.melds, action)
    added = action.wild_tiles
    melds[k] = meld
    concealed = s.concealed.remove(added[0]) if added else s.concealed.remove(tile)
    seats = list(state.seats)
    seats[seat] = replace(s, concealed=concealed, melds=tuple(melds))
    events = (*state.events, Konged(seat, meld))
    return replace(state, seats=tuple(seats), events=events, **changes), meld


def added_kong(melds: tuple[Meld, ...], action: Gang) -> tuple[int, Meld]:
    """The 补杠 ``action`` makes of one of ``melds``: the index of its peng, and the kong (the
    peng's wildcards and any the action adds, claimed from the peng's giver)."""
    tile = action.tile
    k = next(i for i, m in enumerate(melds) if m.kind is MeldKind.PENG and m.tile == tile)
    peng = melds[k]
    wilds = (*peng.wild_tiles, *action.wild_tiles)
    return k, Meld(MeldKind.BU_GANG, tile, wilds, from_seat=peng.from_seat)
