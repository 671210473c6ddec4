"""永善麻将 (Yǒngshàn) room options: every option and (default) of the rule text of 永善麻将
(:ref:`rule-texts`).

Also :func:`wild_kinds`, the wildcard (听用, tīngyòng) kinds a 本金 (běnjīn) tile makes
(YS-WILD-2).

>>> from mahjong_rules.tiles import Tile
>>> wild_kinds(Tile("8p"), "double"), wild_kinds(Tile("9p"), "single")
(TileSet('79p'), TileSet('1p'))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from mahjong_rules.counts import TileSet
from mahjong_rules.errors import OptionsError, WallError
from mahjong_rules.tiles import Tile
from mahjong_rules.variants.options import Options, choice, fan_table, flag, optional_int

__all__ = ["DEFAULT_FANS", "YongshanOptions", "wild_kinds"]

DEFAULT_FANS: Mapping[str, int] = {
    "ping_hu": 0,  # 平胡
    "peng_peng_hu": 1,  # 碰碰胡
    "qing_yi_se": 2,  # 清一色
    "qi_dui": 2,  # 七对
    "gang_shang_hua": 1,  # 杠上花
    "gang_shang_pao": 1,  # 杠上炮
    "qiang_gang_hu": 1,  # 抢杠胡
    "tian_hu": 3,  # 天胡
    "di_hu": 2,  # 地胡
    "gui": 1,  # 归 (per 归)
    "gang": 1,  # 杠 (per kong)
    "ben_jin": 1,  # 本金 (per level: 3 本金 count 1, 4 count 2)
    "wu_ting_yong": 1,  # 无听用
    "zi_mo": 1,  # 自摸 (only with 自摸加番)
}


def wild_kinds(indicator: Tile, wildcards: str = "single") -> TileSet:
    """The wildcard kinds of a 本金 tile (YS-WILD-2).

    单听用 (``"single"``): rank + 1 in the same suit, 9 wrapping to 1. 双听用 (``"double"``):
    rank + 1 and rank - 1, 1 wrapping to 9 (Reading).
    """
    found = _WILD_KINDS.get((indicator, wildcards))
    if found is not None:
        return found  # a hand deals one: memoized (27 tiles, two counts)
    if indicator.is_honor:
        raise WallError(f"a 本金 tile is suited (Yongshan has no honors), got {indicator}")
    if wildcards not in ("single", "double"):
        raise OptionsError(f"wildcards must be 'single' or 'double', got {wildcards!r}")
    base = indicator.suit.offset
    rank = indicator.rank
    kinds = [Tile(base + rank % 9)]  # rank + 1, 9 → 1
    if wildcards == "double":
        kinds.append(Tile(base + (rank - 2) % 9))  # rank - 1, 1 → 9
    found = _WILD_KINDS[indicator, wildcards] = TileSet(kinds)
    return found


_WILD_KINDS: dict[tuple[Tile, str], TileSet] = {}


@attrs.frozen
class YongshanOptions(Options):
    """Options of a Yongshan room."""

    default_fans: ClassVar[Mapping[str, int]] = DEFAULT_FANS
    """Each Yongshan pattern's default fan (番), by pattern key (the module's ``DEFAULT_FANS``)."""

    players: int = choice(4, (2, 3, 4), "YS-TILES-1: 2, 3 or 4 players")
    wildcards: str = choice(
        "single",
        ("single", "double"),
        "YS-WILD-2: 单听用 (本金 + 1) or 双听用 (本金 + 1 and 本金 - 1)",
    )
    zi_mo_jia_fan: bool = flag(
        False, "YS-PAT-自摸 自摸加番: +1 fan for a self-draw (抢杠胡 included)"
    )
    ting_dian_three_players: bool = flag(
        False, "YS-TINGDIAN-1: with 3 players, 听点 may win on a discard once one seat has won"
    )
    ti_from_hand: bool = flag(
        False, "YS-TI-1 提: any matching natural tile in hand may replace a meld's wildcard"
    )
    wild_reading: str = choice(
        "lack_a_suit",
        ("lack_a_suit", "any"),
        "YS-WILD-5 Reading: the scored reading, wildcards as read, lacks a suit (lack_a_suit), "
        "or wildcards may stand for any tile (any)",
    )
    meld_wilds: str = choice(
        "naturals_first",
        ("naturals_first", "any"),
        "YS-CLAIM-6 Reading: a claimed peng/kong takes natural copies first (naturals_first), or "
        "every composition with a natural copy is offered (any)",
    )
    hua_zhu_fan: int | None = optional_int(
        None,
        0,
        13,
        "YS-PENALTY-1: fan of the 花猪 penalty (None: the room's fan_cap, or 3 with no cap)",
    )
    ask_every_seat: bool = flag(
        False,
        "claim windows: ask every other seat after every discard and 补杠 (those with no "
        "claim may only pass), so no window depends on a hand",
    )
    scoring: str = choice(
        "doubling", ("doubling", "linear"), "SCORE-1: pattern score 2**fan, or 1 + fan"
    )
    fan_cap: int | None = optional_int(3, 0, 13, "YS-CAP-1 封顶: fan cap for wins (None: no cap)")
    fan: tuple[tuple[str, int], ...] = fan_table(
        DEFAULT_FANS, "SCORE-2: fan per pattern key, e.g. {'qing_yi_se': 3}"
    )

    @property
    def hua_zhu_points(self) -> int:
        """The pattern score a 花猪 (huāzhū, three-suit hand) pays at 流局 (YS-PENALTY-1): the
        room cap's score (``hua_zhu_fan`` overrides the cap; with neither, 3 fan)."""
        fan = self.hua_zhu_fan if self.hua_zhu_fan is not None else self.fan_cap
        fan = 3 if fan is None else fan
        return 2**fan if self.scoring == "doubling" else 1 + fan

    def wild_kinds(self, indicator: Tile) -> TileSet:
        """The wildcard kinds this room's 本金 ``indicator`` makes (YS-WILD-2)."""
        return wild_kinds(indicator, self.wildcards)
