"""The server loop the README and the tutorial show, fed what clients really send (FLOW-3).

Both loops run as the documents write them: the README's ``serve`` is taken from its server
example, the tutorial's ``play_hand`` and ``Table`` from its doctest blocks. Every junk message
(not JSON, not an object, a missing or extra field, a step that is not an int, an action of
another seat, a stale step, an illegal action) gets the library's own error text back, and the
state is unchanged. :func:`~mahjong_rules.serial.answer.read_answer` raises nothing but its two
errors, whatever it is given (a property test).
"""

from __future__ import annotations

import contextlib
import doctest
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_rules import (
    HandRecord,
    IllegalActionError,
    Rules,
    SerializationError,
    StaleActionError,
    State,
    View,
    from_dict,
    get_variant,
    read_answer,
    to_dict,
)
from mahjong_rules.bots import GreedyBot
from mahjong_rules.serial.answer import MAX_ANSWER
from test_readme import _python_examples

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial.rst"

SHAPE = 'an answer is {"action": <an action document>, "step": <the step of its view>}'
STEP = "answer.step: the view's step, an int from 0 to 2**53; got"


def _discard(seat: int, tile: str, step: Any = 0, **extra: Any) -> str:
    action = {"type": "Discard", "seat": seat, "tile": tile}
    return json.dumps({"action": action, "step": step, **extra})


def junk(held: str, not_held: str, hand: str) -> list[tuple[str | bytes, str, type[Exception]]]:
    """``(message, the text the client gets back, the error behind it)`` for seat 0, in its
    turn at step 0, holding ``hand`` (with ``held`` in it and not ``not_held``)."""
    return [
        (
            "{",
            "answer: not JSON text: Expecting property name enclosed in double quotes at "
            "position 1",
            SerializationError,
        ),
        ("", "answer: not JSON text: Expecting value at position 0", SerializationError),
        ("[]", f"answer: {SHAPE}; got a list", SerializationError),
        ("null", f"answer: {SHAPE}; got null", SerializationError),
        ('"6"', f'answer: {SHAPE}; got the string "6"', SerializationError),
        ("{}", f"answer.action: missing; {SHAPE}", SerializationError),
        ('{"step": 0}', f"answer.action: missing; {SHAPE}", SerializationError),
        (
            json.dumps({"action": {"type": "Discard", "seat": 0, "tile": held}}),
            f"answer.step: missing; {SHAPE}",
            SerializationError,
        ),
        (_discard(0, held, None), f"{STEP} null", SerializationError),
        (_discard(0, held, "0"), f'{STEP} the string "0"', SerializationError),
        (_discard(0, held, 0.0), f"{STEP} the number 0.0", SerializationError),
        (_discard(0, held, False), f"{STEP} false", SerializationError),
        (_discard(0, held, -1), f"{STEP} -1", SerializationError),
        (_discard(0, held, 2**60), f"{STEP} {2**60}", SerializationError),
        (
            _discard(0, held, 0, seats=0),
            "answer.seats: an answer has no such field",
            SerializationError,
        ),
        (
            '{"action": {"type": "Nope"}, "step": 0}',
            "answer.action: type: no serializable type 'Nope'",
            SerializationError,
        ),
        (
            '{"action": [], "step": 0}',
            "answer.action: expected a document (a dict), got list",
            SerializationError,
        ),
        (
            _discard(7, held),
            "answer.action: discard: not a valid Discard: Discard.seat: a seat is an int 0..3, "
            "got 7",
            SerializationError,
        ),
        ("[" * 50_000, "answer: not JSON text: nested too deeply", SerializationError),
        ("1" * 5_000, "answer: not JSON text: a number with too many digits", SerializationError),
        (b"\xff\xfe\xfd", "answer: not JSON text: not UTF-8 text", SerializationError),
        (" " * (MAX_ANSWER + 1), f"answer: more than {MAX_ANSWER} characters", SerializationError),
        (_discard(1, held), "seat 0 cannot answer for seat 1", IllegalActionError),
        (
            _discard(0, held, 1),
            "Discard was made for step 1; the hand is at step 0 (no view has shown step 1)",
            StaleActionError,
        ),
        (
            _discard(0, not_held),
            f"Discard by seat 0: it holds no {not_held} ({hand})",
            IllegalActionError,
        ),
    ]


def _library_says(rules: Rules, state: State, message: str | bytes) -> tuple[str, type]:
    """What the library itself raises for seat 0's ``message``, called directly."""
    try:
        action, step = read_answer(message, seat=0)
        rules.apply(state, action, expect_step=step)
    except (SerializationError, IllegalActionError) as exc:
        return str(exc), type(exc)
    raise AssertionError(f"{message!r} was accepted")


# ------------------------------------------------------------------ the README's loop


def _readme() -> tuple[dict[str, Any], str]:
    """The README's server example, run: its names and what it printed."""
    namespace: dict[str, Any] = {"__name__": "__readme__"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(_python_examples()[2], "README.md example 3", "exec"), namespace)
    return namespace, out.getvalue()


README_HAND = "12446m1256p34689s"  # seat 0 of a 3-seat Yongshan room, seed 5


def test_flow3_the_readme_loop_answers_junk_with_the_library_text() -> None:
    """FLOW-3: the README's ``serve`` answers each junk message with the text of the error
    the library raises for it, and returns the very state it was given."""
    namespace, _ = _readme()
    rules, serve = namespace["rules"], namespace["serve"]
    state = rules.new_hand(seed=5)
    assert str(state.seats[0].concealed) == README_HAND and rules.to_act(state) == {0}
    for message, text, error in junk("9s", "7s", README_HAND):
        after, refused = serve(state, 0, message)
        assert refused == text, message
        assert _library_says(rules, state, message) == (text, error)
        assert after is state
    after, refused = serve(state, 0, _discard(0, "9s", 0))
    assert refused is None and after.step == 1 and str(after.seats[0].discards[-1]) == "9s"


def test_flow3_the_readme_loop_prints_what_the_readme_says() -> None:
    """FLOW-3: the example's first line is the refusal of ``"step": null`` the text quotes, and
    its hand plays to a settled end (every delta paid by someone)."""
    _, printed = _readme()
    first, deltas = printed.splitlines()
    assert first == f"{STEP} null"
    assert sum(json.loads(deltas.replace("(", "[").replace(")", "]"))) == 0
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert (
        f"The first line it prints is the refusal of a step that is not a number: `{first}`" in text
    )


# ------------------------------------------------------------------ the tutorial's loop


def _tutorial(through: str) -> dict[str, Any]:
    """Run the tutorial's examples in order, up to the one whose source starts ``through``."""
    namespace: dict[str, Any] = {"__name__": "__tutorial__"}
    examples = doctest.DocTestParser().get_examples(TUTORIAL.read_text(encoding="utf-8"))
    with contextlib.redirect_stdout(io.StringIO()):
        for example in examples:
            try:
                exec(compile(example.source, "tutorial.rst", "single"), namespace)
            except Exception:
                assert example.exc_msg is not None, example.source  # the page shows the error
            if example.source.startswith(through):
                return namespace
    raise AssertionError(f"the tutorial has no example starting {through!r}")


TUTORIAL_HAND = "89m56789p2444569s"  # the dealer of the tutorial's Baoshan room, seed 30


def test_flow3_the_tutorial_loop_replies_to_junk_and_plays_on() -> None:
    """FLOW-3: the tutorial's ``play_hand`` replies to every junk message with the library's
    text and applies nothing; the hand then plays to the same end as without the junk."""
    namespace = _tutorial("def play_hand(")
    rules, record, play_hand = namespace["rules"], namespace["record"], namespace["play_hand"]
    assert isinstance(record, HandRecord) and record.seed == 30
    assert str(record.start().seats[0].concealed) == TUTORIAL_HAND
    bot = GreedyBot()

    def run(messages: list[tuple[int, str | bytes]]) -> tuple[State, HandRecord, list[str]]:
        views: dict[int, Any] = {}
        replies: list[str] = []

        def receive() -> tuple[int, str | bytes]:
            if messages:
                return messages.pop(0)
            seat = min(s for s, view in views.items() if view.legal_actions)
            view = views[seat]
            answer = {"action": to_dict(bot.choose(view)), "step": view.step}
            return seat, json.dumps(answer)

        def send(seat: int, message: str) -> None:
            views[seat] = from_dict(json.loads(message), View)

        def reply(seat: int, text: str) -> None:
            replies.append(f"{seat}: {text}")

        state, hand = play_hand(rules, record, receive, send, reply)
        return state, hand, replies

    cases = junk("9s", "1m", TUTORIAL_HAND)
    state, hand, replies = run([(0, message) for message, _, _ in cases])
    assert replies == [f"0: {text}" for _, text, _ in cases]
    clean_state, clean_hand, no_replies = run([])
    assert no_replies == [] and hand == clean_hand and state == clean_state
    result = rules.result(state)
    assert (result.winners, result.deltas, len(hand.actions)) == ((2,), (0, 0, 1, -1), 25)


def test_flow3_the_tutorial_table_refuses_junk_and_keeps_its_state() -> None:
    """FLOW-3: the tutorial's ``Table.receive`` answers every junk message "refused: " and the
    library's text, and keeps its state, record and deadline; a good answer is "ok"."""
    namespace = _tutorial("def answer(")
    rules, record = namespace["rules"], namespace["record"]
    table = namespace["Table"](rules, record, namespace["Clock"]())
    before = (table.state, table.record, table.deadline)
    for message, text, _ in junk("9s", "1m", TUTORIAL_HAND):
        assert table.receive(0, message) == f"refused: {text}"
        assert (table.state, table.record, table.deadline) == before
        assert table.state is before[0]
    assert table.receive(0, _discard(0, "9s", 0)) == "ok"
    assert table.state.step == 1 and len(table.record.actions) == 1
    assert table.receive(0, _discard(0, "9s", 0)) == (
        "refused: Discard was made for step 0; the hand is at step 1: that moment has passed "
        "(now: seat 1's turn)"
    )


# ------------------------------------------------------------------ read_answer on anything

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_ANSWERISH = st.fixed_dictionaries(
    {
        "action": _JSON
        | st.fixed_dictionaries(
            {"type": st.sampled_from(["Discard", "Hu", "Pass"]), "seat": _JSON},
            optional={"tile": _JSON},
        ),
        "step": _JSON,
    },
    optional={"extra": _JSON},
)


@settings(max_examples=300, deadline=None)
@given(
    message=st.one_of(
        st.text(max_size=40),
        st.binary(max_size=40),
        _JSON.map(json.dumps),
        _ANSWERISH.map(json.dumps),
        _ANSWERISH,
    ),
    seat=st.integers(0, 3),
)
def test_read_answer_raises_only_its_two_errors(message: Any, seat: int) -> None:
    """Whatever a client sends, read_answer gives an answer of that seat with an int step, or
    raises SerializationError or IllegalActionError (never KeyError, TypeError, ...)."""
    try:
        action, step = read_answer(message, seat=seat)
    except (SerializationError, IllegalActionError):
        return
    assert action.seat == seat and type(step) is int and 0 <= step <= 2**53


def test_read_answer_reads_text_bytes_and_parsed_documents() -> None:
    """A str, bytes or an already parsed document give the same answer; the seat the server
    passes is checked (a server bug, so a plain ValueError, not a client error)."""
    rules = get_variant("baoshan")
    state = rules.new_hand(seed=30)
    doc = {"action": {"type": "Discard", "seat": 0, "tile": "9s"}, "step": 0}
    answers = {read_answer(m, seat=0) for m in (json.dumps(doc), json.dumps(doc).encode(), doc)}
    [answer] = answers
    assert answer.step == 0 and to_dict(answer.action)["tile"] == "9s"
    assert rules.apply(state, *answer[:1], expect_step=answer.step).step == 1
    for seat in (4, -1, "0", True):
        with pytest.raises(ValueError, match="read_answer: seat is the answering seat") as info:
            read_answer(doc, seat=seat)  # type: ignore[arg-type]
        assert not isinstance(info.value, (SerializationError, IllegalActionError))


def test_flow3_an_answer_naming_a_key_twice_is_refused() -> None:
    """``{"step": 5, "step": 0}``: ``json.loads`` would keep the last value, so what a log or
    a proxy shows and what is applied could differ; the answer is refused, naming the key."""
    message = '{"action": {"type": "Pass", "seat": 0}, "step": 5, "step": 0}'
    with pytest.raises(SerializationError) as info:
        read_answer(message, seat=0)
    assert str(info.value) == "answer: not JSON text: the key 'step' appears twice in one object"
    nested = '{"action": {"type": "Pass", "seat": 0, "seat": 1}, "step": 0}'
    with pytest.raises(SerializationError, match="the key 'seat' appears twice"):
        read_answer(nested, seat=0)
