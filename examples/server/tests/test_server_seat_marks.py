"""The marks under a seat's label at a served table, in the table's language (issue 34 s.2):
``（你）`` and ``庄家`` at a Chinese table, ``(you)`` and ``庄 dealer`` at an English one
(``mahjong_rules.words.seat_marks``, as the library's picture writes them)."""

from __future__ import annotations

from mahjong_server.messages import view_message

from mahjong_rules import get_variant

_STATUS = [{"seat": k, "kind": "bot", "connected": False} for k in range(4)]


def test_the_seats_marks_are_in_the_tables_language() -> None:
    """Seat 1's view of a Yongshan hand (seat 0 deals): its own seat and the dealer's marked,
    then who plays each seat."""
    rules = get_variant("yongshan")
    state = rules.new_hand(seed=3)
    zh = view_message(rules, state, 1, "zh", [], _STATUS, table="t1")
    assert [s["notes"] for s in zh["seats"]] == [
        ["庄家", "机器人"],
        ["（你）", "机器人"],
        ["机器人"],
        ["机器人"],
    ]
    en = view_message(rules, state, 1, "en", [], _STATUS, table="t1")
    assert [s["notes"] for s in en["seats"]] == [
        ["庄 dealer", "bot"],
        ["(you)", "bot"],
        ["bot"],
        ["bot"],
    ]
