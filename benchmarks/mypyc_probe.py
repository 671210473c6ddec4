"""What mypyc makes of the state classes the engine could have: a probe for issue 29.

The library's public states are frozen attrs classes (``State``, ``SeatState``). A compiled
engine only gains where the state it copies is a native (C struct) class: compiled code reading
and building ordinary Python objects runs about as fast as the interpreter does. This script
asks whether mypyc can compile a frozen attrs class natively and keep what the public type
promises, and what a native class would be worth, on a small stand-in for the hot transition
(a discard, then the next seat's draw: one seat copied out, one in, the state copied once).

It writes one small module per design to a temporary folder, compiles each with mypyc (``mypy``
is a development dependency; a C compiler and the Python headers must be on the machine),
imports the compiled copy and the same source interpreted, and prints for each design whether
it compiled, whether the compiled class is still frozen, compares and hashes by value, pickles
and writes a repr to paste back, and the median µs of the transition, compiled and interpreted::

    python benchmarks/mypyc_probe.py            # about half a minute (three compiles)
    python benchmarks/mypyc_probe.py --json

The designs: ``attrs frozen`` (``@attr.s(frozen=True, auto_attribs=True)``, what the library
uses, a ``__dict__`` per instance), ``attrs frozen slots`` (the same with ``slots=True``) and
``plain`` (a class with its own ``__init__``, no attrs: not frozen, no value semantics). mypyc
treats ``attr.s`` classes as it treats dataclasses (``mypyc/irbuild/util.py``); it does not
know ``attrs.frozen`` at all. This is a benchmark, not a test: nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pickle
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

FIELDS_SEAT = (
    "bits: int = 0",
    "size: int = 0",
    "discards: tuple[int, ...] = ()",
    "drawn: int = -1",
    "pass_hu: bool = False",
    "won: bool = False",
    "draws: int = 0",
)
FIELDS_STATE = (
    "players: int = 4",
    "wall: tuple[int, ...] = ()",
    "front: int = 0",
    "seats: tuple[Seat, ...] = ()",
    "current: int = 0",
    "step: int = 0",
    "discards_made: int = 0",
)

TRANSITION = '''
def discard_draw(state: State, seat: int, tile: int) -> State:
    """The discard of kind ``tile`` by ``seat``, then the next seat's draw."""
    s = state.seats[seat]
    after = Seat(s.bits - (1 << 3 * tile), s.size - 1, (*s.discards, tile), -1, s.pass_hu,
                 s.won, s.draws)
    n = state.players
    drawer = seat + 1 if seat + 1 < n else 0
    drawn = state.wall[state.front]
    d = state.seats[drawer]
    into = Seat(d.bits + (1 << 3 * drawn), d.size + 1, d.discards, drawn, False, d.won,
                d.draws + 1)
    seats = list(state.seats)
    seats[seat] = after
    seats[drawer] = into
    return State(n, state.wall, state.front + 1, tuple(seats), drawer, state.step + 1,
                 state.discards_made + 1)


def play(state: State, turns: int) -> State:
    """``turns`` discards, each of the lowest kind held, each followed by the next draw."""
    for _ in range(turns):
        bits = state.seats[state.current].bits
        tile = 0
        while not bits >> 3 * tile & 7:
            tile += 1
        state = discard_draw(state, state.current, tile)
    return state
'''


def _attrs_class(name: str, fields: Sequence[str], slots: bool) -> str:
    decorator = "@attr.s(frozen=True, auto_attribs=True" + (", slots=True)" if slots else ")")
    body = "\n".join(f"    {f}" for f in fields)
    return f"{decorator}\nclass {name}:\n{body}\n"


def _plain_class(name: str, fields: Sequence[str]) -> str:
    params = ", ".join(fields)
    sets = "\n".join(f"        self.{f.split(':')[0]} = {f.split(':')[0]}" for f in fields)
    return f"class {name}:\n    def __init__(self, {params}) -> None:\n{sets}\n"


def module_source(design: str) -> str:
    """The probe module of ``design`` (a key of :data:`DESIGNS`)."""
    head = "from __future__ import annotations\n\nimport attr\n\n\n"
    if design == "plain":
        classes = _plain_class("Seat", FIELDS_SEAT) + "\n\n" + _plain_class("State", FIELDS_STATE)
    else:
        slots = design == "attrs frozen slots"
        classes = (
            _attrs_class("Seat", FIELDS_SEAT, slots)
            + "\n\n"
            + _attrs_class("State", FIELDS_STATE, slots)
        )
    return head + classes + "\n" + textwrap.dedent(TRANSITION)


DESIGNS = ("attrs frozen", "attrs frozen slots", "plain")
MODULES = {design: f"probe_{k}" for k, design in enumerate(DESIGNS)}


def build(folder: Path) -> dict[str, str]:
    """Write every design's module twice (one to compile, one to stay interpreted) and compile
    the first with mypyc; the errors of a compile that failed, by design."""
    errors = {}
    for design, name in MODULES.items():
        source = module_source(design)
        (folder / f"{name}.py").write_text(source, encoding="utf-8")
        (folder / f"{name}_py.py").write_text(source, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "mypyc", f"{name}.py"],
            cwd=folder,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            errors[design] = (done.stdout + done.stderr).strip().splitlines()[-1]
    return errors


def _start(module: Any) -> Any:
    seats = tuple(module.Seat(sum(1 << 3 * i for i in range(13)), 13) for _ in range(4))
    return module.State(4, tuple(i % 27 for i in range(108)), 52, seats, 0)


def semantics(module: Any) -> dict[str, Any]:
    """What the module's classes keep of a frozen value type."""
    out: dict[str, Any] = {}
    try:
        state = _start(module)
    except Exception as error:  # the probe reports whatever the build does
        return {"constructs": f"no: {type(error).__name__}: {error}"}
    out["constructs"] = "yes"
    try:
        state.front = 0
        out["frozen"] = "no"
    except Exception as error:
        out["frozen"] = f"yes ({type(error).__name__})"
    twin = _start(module)
    out["eq by value"] = "yes" if state == twin else "no"
    out["hash by value"] = "yes" if _hashes_alike(state.seats[0], twin.seats[0]) else "no"
    try:
        out["pickles"] = "yes" if pickle.loads(pickle.dumps(state)) == state else "no (not equal)"
    except Exception as error:
        out["pickles"] = f"no: {type(error).__name__}"
    shown = repr(state.seats[0])
    out["repr"] = "fields" if shown.startswith("Seat(") else "default"
    return out


def _hashes_alike(a: Any, b: Any) -> bool:
    try:
        return hash(a) == hash(b)
    except TypeError:
        return False


def timing(module: Any, rounds: int, turns: int) -> float:
    """Median µs of one discard-and-draw over ``rounds`` rounds of ``turns``."""
    state = _start(module)
    module.play(state, turns)  # warm up
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        module.play(state, turns)
        times.append((time.perf_counter() - started) / turns * 1e6)
    return statistics.median(times)


def probe(rounds: int) -> dict[str, Any]:
    """Build, import and measure every design; the figures by design."""
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="mypyc-probe-") as tmp:
        folder = Path(tmp)
        errors = build(folder)
        sys.path.insert(0, tmp)
        try:
            for design, name in MODULES.items():
                row: dict[str, Any] = {}
                interpreted = importlib.import_module(f"{name}_py")
                row["interpreted µs"] = round(timing(interpreted, rounds, 40), 3)
                if design in errors:
                    row["compiled"] = f"no: {errors[design]}"
                else:
                    compiled = importlib.import_module(name)
                    row["compiled"] = "yes" if not str(compiled.__file__).endswith(".py") else "no"
                    row.update(semantics(compiled))
                    if row.get("constructs") == "yes":
                        row["compiled µs"] = round(timing(compiled, rounds, 40), 3)
                row["interpreted keeps"] = semantics(interpreted)
                figures[design] = row
        finally:
            sys.path.remove(tmp)
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=9, help="timed rounds (median)")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)
    figures = probe(max(3, args.rounds))
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=2))
        return 0
    keys = ("compiled", "constructs", "frozen", "eq by value", "hash by value", "pickles", "repr")
    for design, row in figures.items():
        print(f"{design}:")
        for key in keys:
            if key in row:
                print(f"  {key:<14} {row[key]}")
        kept = row["interpreted keeps"]
        held = [key for key in keys[2:] if str(kept.get(key, "")).startswith(("yes", "fields"))]
        print(f"  interpreted    keeps {', '.join(held) or 'none of these'}")
        took = row["interpreted µs"]
        native = row.get("compiled µs")
        line = f"  discard+draw   interpreted {took:.2f} µs"
        if native is not None:
            line += f", compiled {native:.2f} µs ({took / native:.2f}x)"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
