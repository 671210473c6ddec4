"""Documents of format 1, saved from the release that writes it, kept to prove they still read.

The open variant contract (issue 19) changes what a state holds and so the document format.
Documents that servers saved with format 1 must still read after that change. This module
writes a fixed set of them, from the code that defines format 1, into
``tests/data/format1.jsonl.gz``, one JSON document a line:

- for each room of the golden digest (:data:`tests.test_golden.ROOMS`) and a few seeds, a
  :class:`~mahjong_rules.records.HandRecord` played by :class:`~mahjong_rules.bots.GreedyBot`
  (mixed with seeded random choices), and at chosen steps of it (the deal, every claim window
  and 买点 phase met first, a mid-hand turn, the end) the state, each seat's view and its legal
  actions, and the events of the step;
- the final :class:`~mahjong_rules.engine.settlement.HandResult`.

Each line is ``{"room": [variant, options], "seed": s, "kind": k, "step": n, "doc": {...}}``.
``tests/test_format1_documents.py`` reads every one back. Regenerate only while format 1 is the
format the library writes (``python tests/format1_documents.py``); after that the file is data.
"""

from __future__ import annotations

import functools
import gzip
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mahjong_rules import get_variant, to_dict
from mahjong_rules.bots import GreedyBot
from mahjong_rules.engine.state import Phase
from mahjong_rules.records import HandRecord
from mahjong_rules.serial import FORMAT_VERSION

HERE = Path(__file__).resolve().parent
PATH = HERE / "data" / "format1.jsonl.gz"
SEEDS = (1, 2, 3, 178)
"""Seeds of each room (178: the Yongshan hand whose states after a 杠上花 once did not read)."""


def _rooms() -> tuple[tuple[str, dict[str, Any]], ...]:
    sys.path.insert(0, str(HERE))
    from test_golden import ROOMS

    return ROOMS


def _line(room: list[Any], seed: int, kind: str, step: int, doc: object) -> dict[str, Any]:
    """One document line: the room and seed it was played in, its kind, step and document."""
    return {"room": room, "seed": seed, "kind": kind, "step": step, "doc": doc}


def documents() -> Iterator[dict[str, Any]]:
    """Every document line of the file, computed by the installed library."""
    bot = GreedyBot()
    for variant, options in _rooms():
        rules = get_variant(variant, **options)
        room = [variant, options]
        for seed in SEEDS:
            line = functools.partial(_line, room, seed)
            rng = random.Random(seed)
            record = HandRecord.new(rules, seed=seed, dealer=seed % rules.players)
            state = record.start()
            kinds_met: set[Phase] = set()
            middle = 20 + seed % 7
            while rules.result(state) is None:
                keep = state.step == 0 or state.step == middle or state.phase not in kinds_met
                kinds_met.add(state.phase)
                acting = sorted(rules.to_act(state))
                if keep:
                    yield line("state", state.step, to_dict(state))
                    for seat in acting:
                        yield line("view", state.step, to_dict(rules.view(state, seat)))
                seat = acting[0]
                if rng.random() < 0.3:
                    action = rng.choice(rules.legal_actions(state, seat))
                else:
                    action = bot.choose(rules.view(state, seat))
                record = record.with_action(action)
                state = rules.apply(state, action)
                if keep:
                    yield line("action", state.step - 1, to_dict(action))
                    for event in state.events:
                        yield line("event", state.step, to_dict(event))
            result = rules.result(state)
            assert result is not None
            yield line("state", state.step, to_dict(state))
            yield line("result", state.step, to_dict(result))
            yield line("record", state.step, to_dict(record))


def write() -> int:
    """Write :data:`PATH` from the installed library; the number of documents."""
    if FORMAT_VERSION != 1:
        raise SystemExit(f"this library writes format {FORMAT_VERSION}: format 1 is data now")
    PATH.parent.mkdir(exist_ok=True)
    lines = [json.dumps(d, ensure_ascii=False, sort_keys=True) for d in documents()]
    with gzip.GzipFile(PATH, "wb", mtime=0) as out:
        out.write(("\n".join(lines) + "\n").encode())
    return len(lines)


def read() -> list[dict[str, Any]]:
    """Every line of :data:`PATH`."""
    with gzip.open(PATH, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


if __name__ == "__main__":
    print(f"wrote {write()} documents to {PATH.relative_to(HERE.parent)}")
