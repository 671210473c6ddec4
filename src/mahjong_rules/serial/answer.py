"""A client's answer, read the way a server must: :func:`read_answer`.

A server sends each seat its view (``to_dict(rules.view(state, seat))``) and gets back an
answer, one JSON object with the action chosen and the step of the view it answers::

    {"action": {"type": "Discard", "seat": 1, "tile": "5m"}, "step": 6}

Everything in it comes from outside, so :func:`read_answer` checks it all where it enters: the
text is JSON, the object has exactly these two fields, the action reads back
(:func:`~mahjong_rules.serial.from_dict`), the step is an ``int`` (``null``, ``"6"``, ``6.0`` or
``true`` is no step), and the action is the answering seat's own (the seat is the server's: it
comes from the connection, never from the document). Whether the action is legal now, and
whether the moment of its step is still open for the seat, is :meth:`Rules.apply
<mahjong_rules.variants.base.Rules.apply>`'s to say. Between them they raise two errors on
anything a client can send, each with a message to send back:
:class:`~mahjong_rules.errors.SerializationError` (not an answer) and
:class:`~mahjong_rules.errors.IllegalActionError` (not this seat's, not legal now; a late
answer is a :class:`~mahjong_rules.errors.StaleActionError`):

>>> from mahjong_rules import IllegalActionError, SerializationError, get_variant
>>> rules = get_variant("baoshan")
>>> state = rules.new_hand(seed=30)
>>> def answer(state, seat, message):
...     try:
...         action, step = read_answer(message, seat=seat)
...         return rules.apply(state, action, expect_step=step), "ok"
...     except (SerializationError, IllegalActionError) as exc:
...         return state, f"refused: {exc}"      # the state is unchanged
>>> answer(state, 0, '{"action": {"type": "Discard", "seat": 0, "tile": "9s"}}')[1]
'refused: answer.step: missing; an answer is {"action": <an action document>, "step": ...}'
>>> answer(state, 0, '{"action": {"type": "Discard", "seat": 0, "tile": "9s"}, "step": 0}')[1]
'ok'
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from mahjong_rules.engine.actions import Action
from mahjong_rules.errors import IllegalActionError, SerializationError
from mahjong_rules.serial import from_dict

__all__ = ["MAX_ANSWER", "Answer", "read_answer"]

MAX_ANSWER = 65_536
"""Most characters (or bytes) in an answer's text; the library's own answers have about 100."""

_FIELDS = ("action", "step")
_MAX_STEP = 2**53  # the largest whole number every JSON reader keeps exact
_SHAPE = 'an answer is {"action": <an action document>, "step": <the step of its view>}'


class Answer(NamedTuple):
    """A client's answer as :func:`read_answer` gives it: ``action, step = answer``."""

    action: Action
    """The action chosen, one of the answering seat's."""
    step: int
    """The step of the view answered: pass it to ``rules.apply(..., expect_step=step)``."""


def read_answer(message: str | bytes | bytearray | Any, *, seat: int) -> Answer:
    """The answer ``message`` that seat ``seat``'s client sent: JSON text (``str`` or
    ``bytes``), or the value already parsed from it.

    Raises :class:`~mahjong_rules.errors.SerializationError` naming the field for anything but
    ``{"action": <action document>, "step": <int>}`` and
    :class:`~mahjong_rules.errors.IllegalActionError` for an action of another seat.
    """
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ValueError(f"read_answer: seat is the answering seat, an int 0..3; got {seat!r}")
    doc = _parse(message) if isinstance(message, (str, bytes, bytearray)) else message
    if not isinstance(doc, dict):
        raise SerializationError(f"answer: {_SHAPE}; got {_kind(doc)}")
    for key in doc:
        if key not in _FIELDS:
            raise SerializationError(f"answer.{_name(key)}: an answer has no such field")
    for key in _FIELDS:
        if key not in doc:
            raise SerializationError(f"answer.{key}: missing; {_SHAPE}")
    step = doc["step"]
    if type(step) is not int or not 0 <= step <= _MAX_STEP:
        raise SerializationError(
            f"answer.step: the view's step, an int from 0 to 2**53; got {_kind(step)}"
        )
    try:
        action = from_dict(doc["action"], Action)
    except SerializationError as exc:
        raise SerializationError(f"answer.action: {exc}") from exc
    if action.seat != seat:
        raise IllegalActionError(f"seat {seat} cannot answer for seat {action.seat}")
    return Answer(action, step)


def _parse(text: str | bytes | bytearray) -> Any:
    if len(text) > MAX_ANSWER:
        raise SerializationError(f"answer: more than {MAX_ANSWER} characters")
    try:
        return json.loads(text, object_pairs_hook=_no_repeated_keys)
    except _RepeatedKey as exc:
        why = f"the key {exc.args[0]!r} appears twice in one object"
    except json.JSONDecodeError as exc:
        why = f"{exc.msg} at position {exc.pos}"
    except UnicodeDecodeError:
        why = "not UTF-8 text"
    except ValueError:  # an int of more digits than Python reads
        why = "a number with too many digits"
    except RecursionError:
        why = "nested too deeply"
    raise SerializationError(f"answer: not JSON text: {why}")


class _RepeatedKey(ValueError):
    """A JSON object that names one key twice (``{"step": 5, "step": 0}``)."""


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict, refused when a key repeats: ``json.loads`` keeps the last one,
    so a client (or something between) could show one step and have another applied."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RepeatedKey(key)
            seen.add(key)
    return out


def _kind(value: Any) -> str:
    """What a client sent, as JSON names it (``null``, a string ``"6"``, a number ``6.0``)."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, int):
        return str(value) if -(10**40) < value < 10**40 else "a number of more than 40 digits"
    if isinstance(value, str):
        return f"the string {json.dumps(value[:40])}{'...' if len(value) > 40 else ''}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def _name(key: Any) -> str:
    text = key if isinstance(key, str) else repr(key)
    return json.dumps(text[:40]) if not text.isidentifier() else text[:40]
