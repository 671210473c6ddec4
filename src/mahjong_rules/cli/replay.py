"""``replay FILE``: read recorded hands back, replay every action, print the log as ``play`` does
and check the wall digest and the recorded result.

``FILE`` (``-``: standard input) holds JSON in any of these forms:

* one HandRecord document (:func:`mahjong_rules.serial.to_dict` of a
  :class:`~mahjong_rules.records.HandRecord`, as a server stores it);
* ``{"record": <HandRecord document>, "result": <HandResult document or null>}``, what
  ``play --json`` writes for one hand;
* a list of either, or ``{"hands": [...], "scores": [...]}`` (``play --hands K --json``; the
  scores, if given, must be the sum of the hands' deltas).

A recorded result must equal the replayed one. Anything wrong (an unreadable file, bad JSON, a
tampered record, an illegal action, a wall that does not match its digest) is one ``error:``
line naming the hand and, for an illegal action, its index (from 0).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from mahjong_rules.cli.common import CliError, parse_json, seed_text, signed
from mahjong_rules.cli.html import add_html_options, write_pages
from mahjong_rules.engine.settlement import HandResult
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.records import HandRecord, replay
from mahjong_rules.serial import from_dict
from mahjong_rules.words.events import hand_lines
from mahjong_rules.words.payments import payment_items, settlement_lines
from mahjong_rules.words.table import hands_lines

__all__ = ["add_parser", "load_hands", "run"]

_ENTRY_KEYS = {"record", "result"}
_MATCH_KEYS = {"hands", "scores"}


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "replay",
        help="check a recorded hand (or match) and print its log",
        description=(
            "Replay the hand record(s) in FILE (JSON, as play --json writes or a bare "
            "HandRecord document; '-' reads standard input): every action must be legal, the "
            "wall must match its digest and a recorded result must be the replayed one. "
            "Prints the log and settlement as play does."
        ),
    )
    parser.add_argument("file", metavar="FILE", help="the JSON file ('-': standard input)")
    add_html_options(parser, lang=True)
    parser.set_defaults(handler=run)


def _read(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as source:
                text = source.read()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise CliError(f"{path} is not UTF-8 text: {exc.reason}") from None
    return parse_json(text, path)


def _entry(item: Any, where: str) -> tuple[Any, Any]:
    """``(record document, result document or None)`` of one hand."""
    if isinstance(item, dict) and "record" in item:
        extra = sorted(set(item) - _ENTRY_KEYS)
        if extra:
            raise CliError(f"{where}: unexpected key {extra[0]!r} (a hand has record, result)")
        return item["record"], item.get("result")
    if isinstance(item, dict) and item.get("type") == "HandRecord":
        return item, None
    raise CliError(f'{where}: expected a HandRecord document or {{"record": ..., "result": ...}}')


def _many(data: Any) -> bool:
    """Whether a document holds a list of hands (named ``hand k`` in messages)."""
    return isinstance(data, list) or (isinstance(data, dict) and "hands" in data)


def load_hands(data: Any) -> tuple[list[tuple[HandRecord, HandResult | None]], Any]:
    """The hands a document holds, each with its recorded result (``None``: not recorded), and
    the recorded match scores (``None``: not recorded). Bad documents raise."""
    scores = None
    many = _many(data)
    if isinstance(data, dict) and "hands" in data:
        extra = sorted(set(data) - _MATCH_KEYS)
        if extra:
            raise CliError(f"unexpected key {extra[0]!r} (a match has hands, scores)")
        items, scores = data["hands"], data.get("scores")
        if not isinstance(items, list) or not items:
            raise CliError("hands: expected a list of hands, got " + type(items).__name__)
    elif isinstance(data, list):
        items = data
        if not items:
            raise CliError("the file holds an empty list: no hand to replay")
    else:
        items = [data]
    hands = []
    for k, item in enumerate(items, 1):
        where = f"hand {k}" if many else "the file"
        record_doc, result_doc = _entry(item, where)
        try:
            record = from_dict(record_doc, HandRecord)
            result = None if result_doc is None else from_dict(result_doc, HandResult)
        except MahjongRulesError as exc:
            raise CliError(f"{where}: {exc}" if many else str(exc)) from None
        hands.append((record, result))
    return hands, scores


def run(args: argparse.Namespace) -> list[str]:
    data = _read(args.file)
    hands, scores = load_hands(data)
    many = _many(data)
    lines: list[str] = []
    totals: list[int] | None = None
    for k, (record, recorded) in enumerate(hands, 1):
        prefix = f"hand {k}: " if many else ""
        try:
            rules = record.rules()
            done = replay(record)  # checks the wall against the digest first
        except MahjongRulesError as exc:
            raise CliError(f"{prefix}{exc}") from None
        if lines:
            lines.append("")
        seed = "explicit wall" if record.seed is None else f"seed {seed_text(record.seed)}"
        lines += [
            f"{prefix}{rules.name_zh} {rules.name}: {rules.players} players, {seed}",
            f"room: {rules!r}",
            f"wall digest: {record.digest} (matches the wall)",
        ]
        result = done.result
        final = done.states[-1]
        items = None if result is None else payment_items(rules, final, result, "en", done.states)
        lines += hand_lines(done.states, "en", items)
        if result is not None:
            lines += ["", *settlement_lines(result, "en", items, rules, final)]
            lines += hands_lines(final, "en")
        n = len(record.actions)
        if recorded is not None and recorded != result:
            differs = "the replayed result differs from the recorded one"
            raise CliError(f"{prefix}{differs}{_diff(recorded, result)}")
        if result is None:
            lines.append(f"ok: {n} actions, the hand has not ended")
        elif recorded is None:
            lines.append(f"ok: {n} actions, no result recorded to compare")
        else:
            lines.append(f"ok: {n} actions, result matches")
        if scores is not None and result is not None:
            if totals is None:
                totals = [0] * len(result.deltas)
            if len(result.deltas) != len(totals):
                raise CliError(f"{prefix}a match's hands are played by the same number of seats")
            totals = [t + d for t, d in zip(totals, result.deltas, strict=True)]
    if scores is not None:
        if totals is None or scores != totals:
            shown = "-" if totals is None else " ".join(signed(t) for t in totals)
            raise CliError(f"scores: recorded {scores!r}, but the hands add up to {shown}")
        lines += ["", f"ok: {len(hands)} hands, scores {' '.join(signed(t) for t in totals)}"]
    return lines + write_pages(args.html, [record for record, _ in hands], args.seat, args.lang)


def _diff(recorded: HandResult, replayed: HandResult | None) -> str:
    """``: deltas +2 -2 recorded, +1 -1 replayed`` when the deltas differ, else ``""``."""
    if replayed is None:
        return ": the replayed hand has not ended"
    if recorded.deltas != replayed.deltas:
        old = " ".join(signed(d) for d in recorded.deltas)
        new = " ".join(signed(d) for d in replayed.deltas)
        return f": deltas {old} recorded, {new} replayed"
    return ""
