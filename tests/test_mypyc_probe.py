"""``benchmarks/mypyc_probe.py``: its stand-in transition is right, and what it reports of
mypyc's native classes is what mypyc does (issue 29's finding: a frozen attrs class cannot be a
native class and keep its value semantics). Should a later mypyc keep them, the compiled test
fails, and the finding (CHANGELOG, the issue's note) is due for another look."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import mypyc_probe  # (a script of benchmarks/, not a package)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    sys.path.insert(0, str(tmp_path))
    yield tmp_path
    sys.path.remove(str(tmp_path))
    for name in [m for m in sys.modules if m.startswith("probe_")]:
        del sys.modules[name]


def _interpreted(folder: Path, design: str) -> ModuleType:
    name = mypyc_probe.MODULES[design] + "_py"
    (folder / f"{name}.py").write_text(mypyc_probe.module_source(design), encoding="utf-8")
    return importlib.import_module(name)


@pytest.mark.parametrize("design", mypyc_probe.DESIGNS)
def test_the_stand_in_transition_moves_one_tile_each_way(folder: Path, design: str) -> None:
    """A discard then the next draw: the discarder holds 12 and its pond one more, the next
    seat holds 14 and the wall's next tile, the wall moves on by one, the turn passes."""
    module = _interpreted(folder, design)
    state = module.State(4, tuple(i % 27 for i in range(108)), 52, _seats(module), 0)
    after = module.discard_draw(state, 0, 0)
    assert [s.size for s in after.seats] == [12, 14, 13, 13]
    assert after.seats[0].discards == (0,)
    assert after.seats[0].bits == state.seats[0].bits - 1
    assert after.seats[1].drawn == state.wall[52] == 52 % 27
    assert after.seats[1].bits == state.seats[1].bits + (1 << 3 * (52 % 27))
    assert (after.front, after.current, after.step, after.discards_made) == (53, 1, 1, 1)
    played = module.play(state, 8)
    assert sum(s.size for s in played.seats) == 52 and played.front == 60


def _seats(module: ModuleType) -> tuple[object, ...]:
    return tuple(module.Seat(sum(1 << 3 * i for i in range(13)), 13) for _ in range(4))


@pytest.mark.parametrize("design", ["attrs frozen", "attrs frozen slots"])
def test_interpreted_attrs_classes_keep_their_value_semantics(folder: Path, design: str) -> None:
    assert mypyc_probe.semantics(_interpreted(folder, design)) == {
        "constructs": "yes",
        "frozen": "yes (FrozenInstanceError)",
        "eq by value": "yes",
        "hash by value": "yes",
        "pickles": "yes",
        "repr": "fields",
    }


@pytest.mark.slow
def test_mypyc_native_attrs_classes_lose_what_the_public_types_promise(folder: Path) -> None:
    """Compiled by mypyc: the frozen attrs class (a ``__dict__`` per instance, the library's
    kind) cannot be built at all; with slots it is built but is no longer frozen, compared,
    hashed or shown by value (so a pickled copy is not equal to it)."""
    assert mypyc_probe.build(folder) == {}
    dict_class = importlib.import_module(mypyc_probe.MODULES["attrs frozen"])
    assert not str(dict_class.__file__).endswith(".py")
    found = mypyc_probe.semantics(dict_class)
    built = found["constructs"]
    assert built.startswith("no: AttributeError") and "__dict__" in built
    slots_class = importlib.import_module(mypyc_probe.MODULES["attrs frozen slots"])
    assert mypyc_probe.semantics(slots_class) == {
        "constructs": "yes",
        "frozen": "no",
        "eq by value": "no",
        "hash by value": "no",
        "pickles": "no (not equal)",
        "repr": "default",
    }
