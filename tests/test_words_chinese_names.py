"""Issue 34 s.2, the leftovers: what a Chinese player reads names tiles by name alone
(notation stays in English), the table's picture speaks the table's language, and a seat's own
table words a phase of the game's own from its side (it does not know who else is asked)."""

from __future__ import annotations

from mahjong_rules.records import replay
from mahjong_rules.words.table import ready_words
from test_words_layer import _sichuan_hand


def test_sc_win_1_ready_words_in_chinese_name_the_waits_alone() -> None:
    """SC-WIN-1: 听 and its waits: in Chinese by name alone, joined by 、; English keeps the
    notation and the name."""
    record = _sichuan_hand()
    state = replay(record).states[38]
    rules = record.rules()
    assert ready_words(rules, state, 1, "zh") == "听牌：等 四筒、七筒"
    assert ready_words(rules, state, 1, "en") == "听 ready: waits on 4p 四筒, 7p 七筒"
