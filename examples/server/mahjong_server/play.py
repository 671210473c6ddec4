"""A table's match: its hands in order, the hand in play, and each change stored as it is made.

:class:`Play` holds the library's :class:`~mahjong_rules.Match` (who deals each hand, the
running totals) and the hand in play's :class:`~mahjong_rules.State` and
:class:`~mahjong_rules.HandRecord`; the records of the hands already played are read from the
store when asked for (:meth:`Play.record_of`), so memory does not grow with a match. Every action
is stored (:meth:`.storage.Store.append`) before the table moves on: an action the database
refused is not applied. :meth:`Play.restore` rebuilds a stored table at exactly its last action.
Hand ``k`` (from 0) of a match seeded ``s`` is dealt from the seed ``s`` for the first hand and
``"s:k"`` after it, so a match replays from its seed and its actions.
"""

from __future__ import annotations

from mahjong_rules import Action, HandRecord, Match, Rules, State
from mahjong_rules.engine.step import AnyStep
from mahjong_server.storage import StoredTable, Tables

__all__ = ["Play", "hand_seed"]


def hand_seed(seed: int | str, hand: int) -> int | str:
    """The seed of hand ``hand`` (from 0) of a match seeded ``seed``."""
    return seed if hand == 0 else f"{seed}:{hand}"


class Play:
    """The match at table ``table_id`` of ``hands`` hands, stored in ``store``."""

    def __init__(
        self,
        table_id: str,
        rules: Rules,
        *,
        seed: int | str,
        hands: int,
        store: Tables,
        record: HandRecord,
    ) -> None:
        self.id = table_id
        self.rules = rules
        self.seed = seed
        self.hands = hands
        self.store = store
        self.match = Match(rules)
        self.ended = 0
        """How many hands have ended."""
        self.record = record
        self.state: State = record.start()
        self.version = 0
        """How many actions the table has applied (over every hand)."""

    @classmethod
    def restore(cls, stored: StoredTable, rules: Rules, store: Tables) -> Play:
        """The match of ``stored`` at its last stored action."""
        play = cls(
            stored.id,
            rules,
            seed=stored.seed,
            hands=stored.hands,
            store=store,
            record=stored.records[0],
        )
        for number, (record, ended) in enumerate(zip(stored.records, stored.ended, strict=True)):
            state = record.start()
            for action in record.actions:
                state = rules.apply(state, action)
            play.record, play.state = record, state
            if ended:
                play.match = play.match.record(state)
                play.ended += 1
            assert number == play.number
        play.version = stored.version
        return play

    @property
    def number(self) -> int:
        """The hand in play (or the last one), from 0."""
        return self.ended - (1 if self.hand_over else 0)

    @property
    def hand_over(self) -> bool:
        """Whether the hand in play has ended."""
        return self.rules.is_over(self.state)

    @property
    def over(self) -> bool:
        """Whether the match has ended: its last hand is over."""
        return self.hand_over and self.ended >= self.hands

    def apply(self, action: Action, step: int | AnyStep) -> State:
        """Apply ``action`` (answering the view of ``step``), store it, and give the new state;
        an illegal or late action raises the library's error and changes nothing."""
        state = self.rules.apply(self.state, action, expect_step=step)
        record = self.record.with_action(action)
        ended = self.rules.is_over(state)
        self.store.append(self.id, self.version + 1, self.number, action, record if ended else None)
        self.version += 1
        self.state, self.record = state, record
        if ended:
            self.match = self.match.record(state)
            self.ended += 1
        return state

    def record_of(self, hand: int) -> HandRecord | None:
        """The record of hand ``hand`` (from 0) if it has ended, else ``None``."""
        if not 0 <= hand < self.ended:
            return None
        return self.store.record(self.id, hand)

    def next_hand(self) -> State:
        """Deal the match's next hand (the last one must be over, and the match not)."""
        if not self.hand_over or self.over:
            raise RuntimeError("no next hand now")
        number = self.ended
        answers = self.match.answers or ()
        record = HandRecord.new(
            self.rules,
            seed=hand_seed(self.seed, number),
            dealer=self.match.dealer,
            answers=answers,
        )
        self.store.new_hand(self.id, number, record)
        self.record, self.state = record, record.start()
        return self.state
