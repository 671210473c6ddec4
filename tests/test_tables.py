"""The shipped win tables: rebuilt from the generator, loaded lazily, indexed consistently."""

from __future__ import annotations

import itertools
import subprocess
import sys
import zlib
from importlib import resources

import pytest

from mahjong_rules import TileCounts
from mahjong_rules.wins import _build, _tables
from mahjong_rules.wins._layout import layout


@pytest.mark.slow
def test_shipped_tables_equal_a_fresh_build() -> None:
    """win_tables.bin is exactly what ``python -m mahjong_rules.wins._build`` writes."""
    shipped = resources.files("mahjong_rules").joinpath("_data/win_tables.bin").read_bytes()
    assert zlib.decompress(shipped) == _build.table_payload()


def test_importing_the_package_does_not_load_the_tables() -> None:
    code = (
        "import mahjong_rules, mahjong_rules.wins as w;"
        "from mahjong_rules.wins import _tables;"
        "assert _tables.tables.cache_info().currsize == 0;"
        "w.is_win('11m');"
        "assert _tables.tables.cache_info().currsize == 1"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    "first",
    ["w.shanten('1m')", "w.load_tables()"],
)
def test_shanten_tables_are_built_by_shanten_or_load_tables_only(first: str) -> None:
    """is_win does not build shanten's class-id tables; shanten and load_tables do, once."""
    code = (
        "import mahjong_rules.wins as w;"
        "from mahjong_rules.wins import _shanten, _tables;"
        "w.is_win('11m'); w.winning_tiles('1m');"
        "assert _shanten.tables.cache_info().currsize == 0;"
        f"{first};"
        "assert _shanten.tables.cache_info().currsize == 1;"
        "assert _tables.tables.cache_info().currsize == 1;"
        "assert w.shanten('1m') == 0"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("kinds", [9, 7])
def test_layout_positions_are_a_bijection(kinds: int) -> None:
    """Every vector of at most 14 tiles gets its own position, and positions fill the table."""
    lay = layout(kinds)
    seen = set()
    for vec in itertools.product(range(5), repeat=kinds):
        if sum(vec) <= 14:
            key = sum(c << (3 * i) for i, c in enumerate(vec))
            seen.add(lay.position(key))
    assert seen == set(range(lay.size))
    assert lay.size == (405_350 if kinds == 9 else 43_130)


def test_info_fields_match_their_definitions() -> None:
    """Spot-check decoded entries: 123m is complete as melds; 11123m completes with a pair."""
    tab = _tables.tables()
    suit = tab.suit
    fields = _build.INFO_FIELDS

    def field(hand: str, name: str) -> int:
        key = TileCounts(hand).bits & ((1 << 27) - 1)
        shift, width = fields[name]
        return (suit.info[suit.layout.position(key)] >> shift) & ((1 << width) - 1)

    assert (field("123m", "m0"), field("123m", "m1"), field("123m", "flag")) == (0, 2, 0)
    assert (field("11123m", "m0"), field("11123m", "m1"), field("11123m", "flag")) == (1, 0, 1)
    assert (field("1123m", "m0"), field("1123m", "m1"), field("1123m", "flag")) == (2, 1, 3)
    assert field("13m", "m0") == 1  # 2m by a wildcard
    assert field("1m", "wait1") == 0b1  # 1m waits on 1m for its pair
    assert field("1123m", "wait0") == 0  # adding one tile to 4 tiles never gives melds only
    assert field("12m", "wait0") == 0b100  # 3m
    assert field("1111m", "four") == 0b1 and field("1112m", "odd") == 0b11
    assert _build.INF == 31
