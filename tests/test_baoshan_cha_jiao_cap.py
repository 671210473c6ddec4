"""查大叫's own cap (BS-CHAJIAO-2: "3番封顶"), apart from the room's cap for wins (BS-PAY-3)."""

from __future__ import annotations

import pytest

from mahjong_rules import Discard, Tile, TileSet, get_variant
from mahjong_rules.engine.wall import make_wall
from mahjong_rules.variants import Baoshan


@pytest.mark.parametrize(("fan_cap", "cha_jiao_fan_cap", "points"), [
    (3, 3, 8), (None, 3, 8), (1, 3, 8), (None, None, 32), (3, 2, 4),
])  # fmt: skip
def test_bs_chajiao_2_cha_da_jiao_is_capped_at_three_fan_by_default(
    fan_cap: int | None, cha_jiao_fan_cap: int | None, points: int
) -> None:
    """BS-CHAJIAO-2: the unshuffled wall deals the dealer 11112222333344m; after discarding 4m
    he waits on 4m (龙爪背 3 + 清一色 1 + 门清 1 = 5 fan) and 5m (2 fan). 查大叫 caps the best
    at 3 fan (8 points) whatever the room's cap for wins is; ``cha_jiao_fan_cap`` changes it."""
    rules = get_variant("baoshan", fan_cap=fan_cap, cha_jiao_fan_cap=cha_jiao_fan_cap)
    assert isinstance(rules, Baoshan)
    state = rules.new_hand(wall=make_wall(honors=False))
    state = rules.apply(state, Discard(0, Tile("4m")))
    assert rules.waits(state, 0) == TileSet("45m")
    assert rules.cha_jiao_score(state, 0) == points
