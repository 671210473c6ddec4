"""The words of a hand, one layer below what shows them: the command line
(``python -m mahjong_rules``), the replay page (:mod:`mahjong_rules.render.page`) and a served
table all read their words here, and every game's words plug in through its
:class:`~mahjong_rules.engine.word_hooks.WordHooks` (the contract's words hooks).

* :mod:`mahjong_rules.words.events`: a hand's events as log lines in English, a win's
  breakdown (:mod:`mahjong_rules.words.events_zh`: the same in Chinese);
* :mod:`mahjong_rules.words.payments`: a payment's reason and the settlement table;
* :mod:`mahjong_rules.words.table`: what a table shows of a moment, a seat and the end (the
  phase and who is asked, 听 and its waits, the settlement's title, a win's line);
* :mod:`mahjong_rules.words.lookup`: whose words to show an action or event with.

Nothing here imports the command line or the renderers.
"""

from __future__ import annotations

from mahjong_rules.engine.word_hooks import LANGS, Lang, WordHooks
from mahjong_rules.words.events import event_lines, hand_lines
from mahjong_rules.words.lookup import words_for
from mahjong_rules.words.payments import payment_line, reason_text, settlement_lines
from mahjong_rules.words.table import (
    action_words,
    end_title,
    phase_words,
    ready_words,
    seat_marks,
    win_words,
)

__all__ = [
    "LANGS",
    "Lang",
    "WordHooks",
    "action_words",
    "end_title",
    "event_lines",
    "hand_lines",
    "payment_line",
    "phase_words",
    "ready_words",
    "reason_text",
    "seat_marks",
    "settlement_lines",
    "win_words",
    "words_for",
]
