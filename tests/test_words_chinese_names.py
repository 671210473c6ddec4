"""Issue 34 s.2, the leftovers: what a Chinese player reads names tiles by name alone
(notation stays in English), the table's picture speaks the table's language, and a seat's own
table words a phase of the game's own from its side (it does not know who else is asked)."""

from __future__ import annotations

import warnings

from mahjong_rules import get_variant
from mahjong_rules.engine.state import State
from mahjong_rules.engine.word_hooks import WordHooks
from mahjong_rules.records import HandRecord, replay
from mahjong_rules.render.page_data import page_data
from mahjong_rules.variants.base import Rules
from mahjong_rules.words.table import phase_words, ready_words
from test_words_layer import _sichuan_hand


def test_sc_win_1_ready_words_in_chinese_name_the_waits_alone() -> None:
    """SC-WIN-1: 听 and its waits: in Chinese by name alone, joined by 、; English keeps the
    notation and the name."""
    record = _sichuan_hand()
    state = replay(record).states[38]
    rules = record.rules()
    assert ready_words(rules, state, 1, "zh") == "听牌：等 四筒、七筒"
    assert ready_words(rules, state, 1, "en") == "听 ready: waits on 4p 四筒, 7p 七筒"


def _voiding() -> tuple[Rules, list[State]]:
    """A Sichuan hand's first states: the 定缺 phase asks every seat; seat 0 answers first."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rules = get_variant("sichuan")
    state = HandRecord.new(rules, seed=7).start()
    assert state.stage == "voiding" and state.claimants == (0, 1, 2, 3)
    answer = rules.view(state, 0).legal_actions[0]
    return rules, [state, rules.apply(state, answer)]


def test_sc_void_1_a_seats_own_page_says_the_phase_from_its_side() -> None:
    """SC-VOID-1: a seat's own replay page does not say "every seat chooses" (its view does
    not say who else is asked): "you choose" while it is asked, "others choose" once it has
    answered; the page of the whole table names who is asked."""
    rules, states = _voiding()
    record = HandRecord.new(rules, seed=7).with_action(rules.view(states[0], 0).legal_actions[0])
    en = [step["phase"] for step in page_data(record, seat=0)["steps"][:2]]
    assert en == [
        "定缺 declaring void suits: you choose",
        "定缺 declaring void suits: others choose",
    ]
    zh = [step["phase"] for step in page_data(record, seat=0, lang="zh")["steps"][:2]]
    assert zh == ["定缺：你选择", "定缺：等待他家选择"]
    whole = [step["phase"] for step in page_data(record)["steps"][:2]]
    assert whole == ["定缺 declaring void suits: every seat chooses"] * 2
    later = rules.view(states[1], 1)  # seat 1 has not answered yet
    assert phase_words(later, "en", rules) == "定缺 declaring void suits: you choose"


def test_flow_5_the_default_heading_of_a_phase_at_the_terminal_is_the_seats_own() -> None:
    """FLOW-5 (a phase of the game's own): ``play --human``'s default heading, shown when the
    phase asks the human's seat, says "you choose" (你选择), not "every seat chooses"."""
    rules, states = _voiding()
    view = rules.view(states[0], 2)
    assert WordHooks.describe_stage(rules, view, "en") == (
        "--- 定缺 declaring void suits: you choose"
    )
    assert WordHooks.describe_stage(rules, view, "zh") == "--- 定缺：你选择"
