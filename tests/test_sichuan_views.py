"""SC-VIEW-1: in Sichuan a winner's hand stays face down until the hand ends (the PDF: the
winner turns his tiles down) — the other seats see that it won, with which fans and points,
but not its tiles, its 暗杠 or its win's reading; its own view shows them all, and at the end
every hand is shown. Baoshan and Yongshan keep showing a winning hand at once."""

from __future__ import annotations

from mahjong_rules import get_variant
from mahjong_rules.bots import GreedyBot
from mahjong_rules.engine.events import Won
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.variants.base import Rules


def _first_win(rules: Rules, seed: int) -> tuple[State, State]:
    """The state just after the hand's first win (play going on), and the hand's end."""
    bot = GreedyBot()
    state = rules.new_hand(seed=seed)
    after: State | None = None
    while rules.result(state) is None:
        seat = min(rules.to_act(state))
        state = rules.apply(state, bot.choose(rules.view(state, seat)))
        if after is None and state.wins and state.phase is not Phase.ENDED:
            after = state
    assert after is not None
    return after, state


def _seed_with_a_win_mid_hand(rules: Rules) -> int:
    for seed in range(200):
        state = rules.new_hand(seed=seed)
        bot = GreedyBot()
        while rules.result(state) is None:
            seat = min(rules.to_act(state))
            state = rules.apply(state, bot.choose(rules.view(state, seat)))
            if state.wins and state.phase is not Phase.ENDED:
                return seed
    raise AssertionError("no hand of 200 had a win before its end")


def test_sc_view_1_a_winner_hand_stays_face_down_until_the_end() -> None:
    """SC-VIEW-1: the others see the win (fans, points) but not the hand or its reading."""
    rules = get_variant("sichuan")
    after, end = _first_win(rules, _seed_with_a_win_mid_hand(rules))
    win = after.wins[0]
    other = next(s for s in range(4) if s != win.seat)
    view = rules.view(after, other)
    assert view.seats[win.seat].won and view.seats[win.seat].hand is None
    assert view.wins[0].breakdown.reading is None
    assert view.wins[0].breakdown.points == win.breakdown.points
    assert view.wins[0].breakdown.items == win.breakdown.items
    assert win.breakdown.reading is not None
    own = rules.view(after, win.seat)
    assert own.seats[win.seat].hand == after.seats[win.seat].concealed
    assert own.wins[0] == win
    shown = [e for e in rules.events_for(other, after.events) if isinstance(e, Won)]
    assert shown and all(e.win.breakdown.reading is None for e in shown)
    final = rules.view(end, other)
    assert final.seats[win.seat].hand == end.seats[win.seat].concealed
    assert final.wins[0] == end.wins[0]


def test_yongshan_shows_a_winning_hand_at_once() -> None:
    """YS-END-1 血战 without SC-VIEW-1's rule: a winner's hand is shown as it wins."""
    rules = get_variant("yongshan")
    after, _ = _first_win(rules, _seed_with_a_win_mid_hand(rules))
    win = after.wins[0]
    other = next(s for s in range(rules.players) if s != win.seat)
    view = rules.view(after, other)
    assert view.seats[win.seat].hand == after.seats[win.seat].concealed
    assert view.wins[0] == win
