"""The hand-built Sichuan positions of the corner tests, played in dcmshi/sichuan-mahjong's engine
too (issue 20): a check that SICHUAN.md, which the tests follow, says what that engine does.

    python tests/dcmshi_positions.py [PYTEST ARGS ...]

It runs the corner tests (by default ``test_sichuan_corners``, ``_flow``, ``_pass_hu``,
``_first_turn`` and ``_ends``) with a pytest plugin that records every Sichuan hand they build:
the explicit wall, the 定缺 (dìng quē) answers, each action with the acting seat's legal list
before it, and the ledger of the hand's last state. Each hand whose room dcmshi can play (every
option at its default but those with a dcmshi switch: ``rob_kong``, ``tian_di_hu``,
``void_discard``, ``hua_zhu``, ``fan_cap``) goes to ``tests/dcmshi_positions.mjs`` under Node
(the engine at ``../shared/sichuan/dcmshi/engine``, or ``SICHUAN_ENGINE``), which deals the same
wall (SICHUAN.md's seat map, library dealer 0 = dcmshi seat 0), plays the same actions (drawing
for the seat in turn) and answers with its legal lists (after SICHUAN.md's two filters) and
ledger. Printed: ``same`` or ``DIFF`` per hand, with the first differences, then ``N of M hands
the same``. Exit status 0 when all are, 1 otherwise, 2 without Node.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from mahjong_rules.engine.actions import Action, Discard, Gang, Hu, Pass, Peng
from mahjong_rules.engine.settlement import Payment
from mahjong_rules.engine.state import State
from mahjong_rules.melds import MeldKind
from mahjong_rules.variants.sichuan.actions import DeclareVoid
from mahjong_rules.variants.sichuan.options import SichuanOptions
from mahjong_rules.variants.sichuan.rules import Sichuan

HERE = Path(__file__).parent
TESTS = [
    str(HERE / f"test_sichuan_{name}.py")
    for name in ("corners", "flow", "pass_hu", "first_turn", "ends")
]
SWITCHES = {
    "rob_kong": "enableRobbingKong",
    "tian_di_hu": "enableHeavenlyEarthly",
    "void_discard": "voidDiscardRule",
    "hua_zhu": "enableFlowerPig",
    "fan_cap": "fanCap",
}
"""The library's options that dcmshi has a switch for, and the switch."""
REASONS = {
    "hu": "win",
    "kong": "kong",
    "kongRefund": "kong_refund",
    "buTing": "cha_jiao",
    "flowerPig": "penalty",
    "voidPenalty": "penalty",
    "voidMeldPenalty": "penalty",
    "falseHu": "penalty",
}
"""dcmshi's ledger reasons as the library's :class:`PaymentReason` values."""
_KONGS = {MeldKind.ZHI_GANG: "G", MeldKind.AN_GANG: "A", MeldKind.BU_GANG: "B"}


def code(action: Action) -> str:
    """An action as the driver's code: ``D5m``, ``P``, ``G``, ``A8m``, ``B5m``, ``H``, ``X``."""
    if isinstance(action, Gang):
        return _KONGS[action.kind] + ("" if action.kind is MeldKind.ZHI_GANG else str(action.tile))
    if isinstance(action, Discard):
        return f"D{action.tile}"
    return {Peng: "P", Hu: "H", Pass: "X"}[type(action)]


@attrs.define
class Played:
    """One hand a test built: its room, deal and actions, and the last state reached."""

    test: str
    options: SichuanOptions
    wall: list[str]
    voids: list[tuple[str, str | None]]
    last: State
    actions: list[tuple[int, str, str]] = attrs.Factory(list)
    legal: list[list[str]] = attrs.Factory(list)

    def job(self) -> dict[str, Any] | None:
        """The driver's job for this hand; ``None`` when dcmshi cannot play its room."""
        default = SichuanOptions()
        for field in attrs.fields(SichuanOptions):
            if field.name not in SWITCHES and getattr(self.options, field.name) != getattr(
                default, field.name
            ):
                return None
        config = {switch: getattr(self.options, name) for name, switch in SWITCHES.items()}
        return {"wall": self.wall, "voids": self.voids, "config": config, "actions": self.actions}

    def ledger(self) -> Counter[tuple[int, int | str, int, str]]:
        return Counter(_row(p) for p in self.last.ledger)


def _row(p: Payment) -> tuple[int, int | str, int, str]:
    return (p.payer, p.payee if isinstance(p.payee, int) else "pot", p.amount, p.reason.value)


class Recorder:
    """A pytest plugin recording every Sichuan hand built while the tests run."""

    def __init__(self) -> None:
        self.hands: list[Played] = []
        self.test = ""

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Iterator[None]:
        self.test = item.nodeid
        with self.recording():
            return (yield)

    def recording(self) -> Any:
        recorder = self
        new_hand, apply = Sichuan.new_hand, Sichuan.apply

        def recorded_new_hand(rules: Sichuan, **kw: Any) -> State:
            state = new_hand(rules, **kw)
            answers = [a for a in kw.get("answers", ()) if isinstance(a, DeclareVoid)]
            voids = [(a.suit.value, None if a.aside is None else str(a.aside)) for a in answers]
            wall = [str(t) for t in kw.get("wall") or ()]
            recorder.hands.append(Played(recorder.test, rules.options, wall, voids, state))
            return state

        def recorded_apply(rules: Sichuan, state: State, action: Action) -> State:
            out = apply(rules, state, action)
            for hand in reversed(recorder.hands):
                if hand.last is state:
                    arg = str(action.tile) if isinstance(action, Discard | Gang) else ""
                    hand.actions.append((action.seat, code(action)[:1], arg))
                    hand.legal.append(
                        sorted(code(a) for a in rules.legal_actions(state, action.seat))
                    )
                    hand.last = out
                    break
            return out

        class Patch:
            def __enter__(self) -> None:
                setattr(Sichuan, "new_hand", recorded_new_hand)  # noqa: B010
                setattr(Sichuan, "apply", recorded_apply)  # noqa: B010

            def __exit__(self, *exc: object) -> None:
                setattr(Sichuan, "new_hand", new_hand)  # noqa: B010
                setattr(Sichuan, "apply", apply)  # noqa: B010

        return Patch()


def compare(hand: Played, answer: dict[str, Any]) -> list[str]:
    """The differences between the library's hand and dcmshi's answer (none: the same)."""
    if not answer.get("ok"):
        step = answer.get("step")
        if step is None:
            return [f"dcmshi failed: {answer.get('error')}"]
        return [f"step {step} {hand.actions[step - 1]}: not in dcmshi's list {answer['legal']}"]
    out = []
    for k, (mine, theirs) in enumerate(zip(hand.legal, answer["legals"], strict=True)):
        if mine != theirs:
            out.append(f"legal before step {k + 1} {hand.actions[k]}: {mine} vs dcmshi {theirs}")
    theirs_ledger = Counter(
        (payer, payee, amount, REASONS[reason]) for payer, payee, amount, reason in answer["ledger"]
    )
    mine_ledger = hand.ledger()
    if mine_ledger != theirs_ledger:
        out.append(f"library only {sorted((mine_ledger - theirs_ledger).elements(), key=str)}")
        out.append(f"dcmshi only {sorted((theirs_ledger - mine_ledger).elements(), key=str)}")
    return out


def main(args: list[str]) -> int:
    node = shutil.which("node")
    if node is None:
        print("node is not on PATH")
        return 2
    recorder = Recorder()
    pytest.main(["-q", "-p", "no:cacheprovider", *(args or TESTS)], plugins=[recorder])
    hands = [(h, job) for h in recorder.hands if (job := h.job()) is not None]
    lines = "".join(json.dumps(job) + "\n" for _, job in hands)
    run = subprocess.run(
        [node, str(HERE / "dcmshi_positions.mjs")],
        input=lines,
        capture_output=True,
        text=True,
        check=False,
    )
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    if run.returncode or len(answers) != len(hands):
        print(run.stderr)
        return 1
    same = 0
    for (hand, _), answer in zip(hands, answers, strict=True):
        diffs = compare(hand, answer)
        same += not diffs
        print("same" if not diffs else "DIFF", hand.test)
        for diff in diffs[:3]:
            print("   ", diff)
    left = len(recorder.hands) - len(hands)
    print(f"{same} of {len(hands)} hands the same ({left} in rooms dcmshi cannot play left out)")
    return 0 if same == len(hands) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
