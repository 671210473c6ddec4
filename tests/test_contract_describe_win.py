"""Explaining a win with the hand around it (issue 34, section 1): ``describe_win`` is told
the hand's final state, at the command line's settlement and on the replay page, and an
override written before (two arguments) still works."""

from __future__ import annotations

from typing import Any

from contract_kit import Mini, fresh_registry, options_for, room
from mahjong_rules.engine.settlement import WinRecord
from mahjong_rules.engine.state import State
from mahjong_rules.engine.word_hooks import Lang
from mahjong_rules.render.page_data import settlement_data
from mahjong_rules.words.payments import settlement_lines
from mahjong_rules.words.table import win_words
from scripting import make_wall, play

__all__ = ["fresh_registry"]

HANDS = {
    0: "5p2468m2468p2468s9p",  # the dealer, who throws 5p
    1: "123m456m789m11s46p",  # wins on it
    2: "123s456s789s22m46p",
    3: "1357m1357p1357s9m",
}


class Told(Mini):
    """Its words tell how many tiles were left in the wall when the hand was won."""

    name = "told"
    options_class = options_for("told")

    def describe_win(self, win: WinRecord, lang: Lang, state: State | None = None) -> list[str]:
        if state is None:
            return ["(no hand)"]
        return [f"seat {win.seat} won with {state.tiles_left} tiles left"]


class OldWords(Mini):
    """Words written before ``state`` came: two arguments."""

    name = "old_words"
    options_class = options_for("old_words")

    def describe_win(self, win: WinRecord, lang: Lang) -> list[str]:  # type: ignore[override]
        return [f"seat {win.seat} won"]


def _won(rules: Any) -> State:
    state = rules.new_hand(wall=make_wall(HANDS), dealer=0)
    return play(rules, state, "0:D5p 1:H 2:X")


def test_flow5_describe_win_is_told_the_hands_state(fresh_registry: None) -> None:
    """FLOW-5: seat 1 wins on the dealer's 5p with 55 tiles left: the settlement's lines, a
    win's words and the replay page's settlement all say so, from the final state."""
    rules = room(Told)
    state = _won(rules)
    assert state.result is not None and state.result.winners == (1,)
    line = "seat 1 won with 55 tiles left"
    assert line in settlement_lines(state.result, "en", None, rules, state)
    assert win_words(rules, state.wins[0], "en", state)[1][-1] == line
    page = settlement_data(rules, state.result, "en", final=state, states=(state,))
    assert page["wins"][0]["breakdown"][-1] == line
    assert "(no hand)" in settlement_lines(state.result, "en", None, rules)


def test_flow5_an_override_of_two_arguments_still_works(fresh_registry: None) -> None:
    """FLOW-5: a ``describe_win(self, win, lang)`` written before ``state`` came is still
    called (without the state), where the state is given."""
    rules = room(OldWords)
    state = _won(rules)
    assert state.result is not None
    assert "seat 1 won" in settlement_lines(state.result, "en", None, rules, state)
    assert win_words(rules, state.wins[0], "zh", state)[1][-1] == "seat 1 won"
