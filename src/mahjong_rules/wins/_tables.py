"""Load the shipped win tables (built by :mod:`mahjong_rules.wins._build`) on first use."""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from functools import cache
from importlib import resources

import attrs

from mahjong_rules.wins._layout import Layout, layout

__all__ = ["FamilyTables", "Tables", "tables"]

_TABLE_NAMES = ("info", "dist", "w0", "w1")


@attrs.frozen
class FamilyTables:
    """The four arrays of one table family and the layout that indexes them."""

    layout: Layout
    info: array[int]
    dist: array[int]
    w0: array[int]
    w1: array[int]


@attrs.frozen
class Tables:
    suit: FamilyTables
    honor: FamilyTables


def decode(data: bytes) -> Tables:
    """Parse the bytes of ``win_tables.bin``."""
    raw = zlib.decompress(data)
    magic, version, n_suit, n_honor = struct.unpack_from("<4sIII", raw)
    if magic != b"MJWT" or version != 1:
        raise RuntimeError("win_tables.bin is not a version-1 win table file; rebuild it")
    pos = struct.calcsize("<4sIII")
    families = []
    for kinds, n in ((9, n_suit), (7, n_honor)):
        fam_layout = layout(kinds)
        if fam_layout.size != n:
            raise RuntimeError(
                f"win_tables.bin holds {n} entries for {kinds} kinds, expected {fam_layout.size}"
            )
        arrays = []
        for _ in _TABLE_NAMES:
            arr = array("Q")
            arr.frombytes(raw[pos : pos + 8 * n])
            if sys.byteorder == "big":
                arr.byteswap()
            arrays.append(arr)
            pos += 8 * n
        families.append(FamilyTables(fam_layout, *arrays))
    return Tables(*families)


@cache
def tables() -> Tables:
    """The tables, read once per process (about 50 ms; see the docs for the layout)."""
    data = resources.files("mahjong_rules").joinpath("_data/win_tables.bin").read_bytes()
    return decode(data)
