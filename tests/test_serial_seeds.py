"""Seeds (issue 11, part 1a): the shuffle is keyed on stable bytes, not ``repr()``.

Int seeds keep the walls they always dealt (keyed on their decimal digits: the pins below for
ints were taken before the change); str seeds are keyed on ``b"str:"`` and their UTF-8 bytes,
so they deal the same wall on every Python version and ``"42"`` differs from ``42``; bytes seeds
are keyed on ``b"bytes:"`` and the bytes. Anything else is refused with WallError.
"""

from __future__ import annotations

from typing import Any

import pytest

from mahjong_rules.engine.wall import MAX_SEED_BYTES, seed_key, shuffled_wall
from mahjong_rules.errors import WallError
from mahjong_rules.records import wall_digest

PINNED = [
    (0, False, "8e04f5561192b67e54693a3ff53a78f0c797f8701c351313ec849fa14c6e6dd0"),
    (0, True, "564ee49e1a00f75ca4138aee2dac6179f24015547aea39e416009694d94a8192"),
    (7, False, "b32a81d8ac948b55585b8dec84fc06b8a68fbede77f6e5caac5b5600d66e7f1e"),
    (7, True, "aa1ea236a129e58a981a90cd35d5e3bb77aaed7279c15997d8abf7bd7305e104"),
    (-3, False, "b38100b7a80ad40c7116430d9938f396974572d8c7151d3f27aabeedcc8d6da4"),
    (-3, True, "7394d51523cca951f1e8f996c0a7e05497869ed14d9be23b1ecd9da86e0debd9"),
    (
        18446744073709551615,
        False,
        "bea1ae89c3fee50b4ac31349356fe99e33b745b2264c12c7b628a8fb63fa7ba5",
    ),
    (
        18446744073709551615,
        True,
        "b3798bb6807ccf566fbccd8d8a49c8435c142581cac728f653f21c7c82a12c82",
    ),
    ("table-7/hand-3", False, "7e7a9ab64f2d28ccdb6394fcd982d7f9703826caa660bc08d5c69dba082730f2"),
    ("table-7/hand-3", True, "8c5a4a1e6b771cb201254dda1ed55574e28b6f2ce85535417a91662c78a1d003"),
    ("42", False, "2e816e1e7b70979c76b5ffffa99e309a02403a31ffce9399cec6ba8a7d40eeac"),
    ("42", True, "695fff70f14297583019de2e7b82cab8fedf8caa1184e93eb1b5e68e8a7ab578"),
    ("\U0001fae8", False, "ad7ea7187643de263eca6914aad9f9d52a69f8d6e1a9fc24b120865646fea3bf"),
    ("\U0001fae8", True, "30ef97b49095f466b6e7cbaeceb28f8aab84e5eddce4851eefdab02836d5c38d"),
    ("", False, "690aae593c65881c3f27737963a7eef680e647922f70c6237b4fa394023a3870"),
    ("", True, "050423c61d00df836ab0b3d0968d685e318cc24b03841b9c1d55da39aa078076"),
    (b"42", False, "55ef250c752a86a8fb7fde5981b294b9ff2dada23c52cd21a930f72f5092cd11"),
    (b"42", True, "fccd2195d268e290282db597488b653e923d08727582709b44d2b761e12f6089"),
    (b"", False, "9d7fd9c0ac1436744a75c58837a24e41c5ce63895242b1730bf91b8d88ccd624"),
    (b"", True, "26f53d8c3a4b1d58d1f74cbbf751ec6b2716b0a63eaf6cb3c42d5485466e7080"),
    (b"\x00\xff", False, "c2e51b980671b93e6d7100b00e0faa31aa4d1601ccae3eab988baf7049277eb4"),
    (b"\x00\xff", True, "315a4f20c1aa8f99b93b51e6f941197e37c101c7dfa9d4946a65e5954e5a5a07"),
]


@pytest.mark.parametrize(("seed", "honors", "digest"), PINNED)
def test_seeds_are_pinned_to_their_walls(seed: Any, honors: bool, digest: str) -> None:
    assert wall_digest(shuffled_wall(seed, honors=honors)) == digest


def test_the_key_of_each_kind_of_seed() -> None:
    assert seed_key(42) == b"42" and seed_key(-3) == b"-3"
    assert seed_key("42") == b"str:42"
    assert seed_key("\U0001fae8") == b"str:\xf0\x9f\xab\xa8"
    assert seed_key(b"42") == b"bytes:42"
    walls = {shuffled_wall(s, honors=False) for s in (42, "42", b"42")}
    assert len(walls) == 3


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        (True, "a seed is an int, a str or bytes, not bool: True"),
        (1.5, "a seed is an int, a str or bytes, not float: 1.5"),
        (None, "a seed is an int, a str or bytes, not NoneType: None"),
        (object(), "a seed is an int, a str or bytes, not object"),
        (bytearray(b"1"), "a seed is an int, a str or bytes, not bytearray"),
        (10**MAX_SEED_BYTES, f"an int seed has at most {MAX_SEED_BYTES} digits"),
        (2**5000, f"an int seed has at most {MAX_SEED_BYTES} digits"),
        ("x" * 257, f"a str seed holds at most {MAX_SEED_BYTES} bytes, got 257"),
        ("é" * 200, f"a str seed holds at most {MAX_SEED_BYTES} bytes, got 400"),
        (b"x" * 257, f"a bytes seed holds at most {MAX_SEED_BYTES} bytes, got 257"),
        ("\ud800", "a str seed must be valid Unicode text (no lone surrogates)"),
    ],
    ids=[
        "bool",
        "float",
        "None",
        "object",
        "bytearray",
        "long-int",
        "huge-int",
        "long-str",
        "long-utf8",
        "long-bytes",
        "surrogate",
    ],
)
def test_anything_else_is_refused(seed: Any, message: str) -> None:
    with pytest.raises(WallError) as caught:
        shuffled_wall(seed, honors=False)
    assert str(caught.value) == message


def test_the_longest_seeds_are_accepted() -> None:
    for seed in (10**MAX_SEED_BYTES - 1, -(10**MAX_SEED_BYTES - 1), "x" * 256, b"\xff" * 256):
        assert len(shuffled_wall(seed, honors=True)) == 136


def test_wall_digest_refuses_what_is_not_tiles() -> None:
    with pytest.raises(WallError, match=r"^wall\[0\] is not a Tile: NoneType$"):
        wall_digest([None])  # type: ignore[list-item]
    with pytest.raises(WallError, match=r"^a wall is a sequence of tiles, not str$"):
        wall_digest("1m 2m")  # type: ignore[arg-type]
