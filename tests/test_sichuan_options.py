"""Tests for 四川血战到底's room options (SICHUAN.md's options table, SC-TILES-1, SC-CAP-1).

The table is pinned as SICHUAN.md gives it: every option, its values with the default first,
and the rule and dcmshi switch its description names. Bad values raise
:class:`~mahjong_rules.errors.OptionsError` naming the option.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from mahjong_rules.errors import OptionsError
from mahjong_rules.variants.sichuan import DEFAULT_FANS, SichuanOptions
from mahjong_rules.variants.sichuan.options import CAPS

TABLE: list[tuple[str, tuple[Any, ...], str, str]] = [
    ("swap_three", (False, True), "SC-SWAP-1", "enableHuanSanZhang"),
    ("swap_direction", ("random", "to_next", "to_previous", "opposite"), "SC-SWAP-2", "ccw"),
    ("rob_kong", (True, False), "SC-GANG-3", "enableRobbingKong"),
    ("tian_di_hu", (True, False), "SC-PAT-天胡", "enableHeavenlyEarthly"),
    ("void_discard", ("strict", "lenient"), "SC-VOID-4", "voidDiscardRule"),
    ("hua_zhu", (False, True), "SC-HUAZHU-1", "enableFlowerPig"),
    ("fan_cap", CAPS, "SC-CAP-1", "fanCap"),
    ("void_kong", ("allowed", "no_win", "forbidden"), "SC-VOID-5", "code"),
    ("false_hu", ("reject", "penalty"), "SC-WIN-3", "applyAction"),
    ("zi_mo", ("jia_di", "jia_fan"), "SC-PAY-1", "code"),
    ("jin_gou_diao", ("pair_wait", "four_melds"), "SC-PAT-金钩钓", "code"),
    ("last_tile_gang_shang_pao", ("hai_di_only", "both"), "SC-PAT-海底", "code"),
    ("gang_shang_pao_refund", ("latest_paid", "this_turn", "transfer"), "SC-REFUND-2", "code"),
    ("three_hu_check", (True, False), "SC-END-2", "code"),
    ("cha_jiao_gang_fan", (False, True), "SC-CHAJIAO-3", "code"),
    ("pass_hu_compare", ("structural", "score"), "SC-PASSHU-2", "code"),
    ("pass_hu_reset", ("draw", "any_draw"), "SC-PASSHU-3", "code"),
    ("exhaustive_wait", ("hand_and_melds", "hand"), "SC-WIN-2", "code"),
    ("hua_zhu_payees", ("all", "non_pigs"), "SC-HUAZHU-1", "code"),
    ("pass_peng", (False, True), "SC-PASSPENG-1", "dcmshi has none"),
]
"""SICHUAN.md's options table: name, values (default first), the rule, dcmshi's switch."""


def _fields() -> dict[str, attrs.Attribute[Any]]:
    return {f.name: f for f in attrs.fields(SichuanOptions)}


def test_every_option_of_the_table_with_its_default_first() -> None:
    """The 20 options of SICHUAN.md's table, in its order, after ``players`` and before
    ``fan`` (SCORE-2, named by SC-CAP-1); each default is its first value."""
    fields = _fields()
    assert list(fields) == ["players", *(row[0] for row in TABLE), "fan"]
    defaults = SichuanOptions()
    for name, values, _, _ in TABLE:
        allowed = fields[name].metadata["allowed"]
        assert allowed == values or (set(allowed) == {True, False} == set(values)), name
        assert getattr(defaults, name) == values[0], name


def test_each_option_names_its_rule_and_dcmshi_switch() -> None:
    fields = _fields()
    for name, _, rule, switch in TABLE:
        doc = fields[name].metadata["doc"]
        assert doc.startswith(rule) or f" {rule}" in doc, name
        assert switch in doc, name


def test_four_players_and_no_honors() -> None:
    """SC-TILES-1: 108 tiles, no honors, exactly 4 players."""
    options = SichuanOptions.build(players=4)
    assert options.players == 4 and options.honors is False
    assert "honors" not in _fields()
    with pytest.raises(OptionsError, match=r"option 'players' must be one of 4; got 3"):
        SichuanOptions.build(players=3)
    with pytest.raises(OptionsError, match=r"unknown option 'honors' for SichuanOptions"):
        SichuanOptions.build(honors=True)


def test_fan_cap_3_by_default_and_whole_numbers_from_3() -> None:
    """SC-CAP-1: the cap is 3 by default, 3 or 4 in dcmshi's lobby; always a cap (天胡 scores
    it), so no ``None``."""
    assert SichuanOptions().fan_cap == 3 and SichuanOptions().cap_points == 8
    assert SichuanOptions.build(fan_cap=4).cap_points == 16
    assert tuple(range(3, 14)) == CAPS
    for bad in (None, 2, 14, True, "3", 3.0):
        with pytest.raises(OptionsError, match=r"^option 'fan_cap' must be one of 3, 4, "):
            SichuanOptions.build(fan_cap=bad)


@pytest.mark.parametrize(("name", "values", "rule", "switch"), TABLE)
def test_every_value_builds_and_others_are_refused(
    name: str, values: tuple[Any, ...], rule: str, switch: str
) -> None:
    """Every allowed value of every option builds; a value of the wrong type or an unknown
    name raises OptionsError naming the option."""
    for value in values:
        assert getattr(SichuanOptions.build(**{name: value}), name) == value
    bad: Any = "yes" if isinstance(values[0], bool) else 1 if isinstance(values[0], str) else True
    with pytest.raises(OptionsError, match=rf"^option '{name}' must be one of "):
        SichuanOptions.build(**{name: bad})


def test_unknown_options_are_refused() -> None:
    with pytest.raises(OptionsError, match=r"^unknown option 'huan_san_zhang' for Sichuan"):
        SichuanOptions.build(huan_san_zhang=True)
    with pytest.raises(OptionsError, match=r"^unknown option 'scoring' for Sichuan"):
        SichuanOptions.build(scoring="linear")


def test_fan_table() -> None:
    """SCORE-2 (SC-CAP-1: fan values per room): PDF Table 4's fans by default; 天胡 and 地胡 are
    not in it and cannot be set (they score the cap, SC-PAT-天胡: the room's ``fans()`` gives
    them at the cap, so a breakdown holding one adds up); unknown keys and bad fans are
    refused."""
    assert dict(DEFAULT_FANS) == {
        "ping_hu": 0,
        "gang": 1,
        "gen": 1,
        "peng_peng_hu": 1,
        "jin_gou_diao": 1,
        "qing_yi_se": 2,
        "qi_dui": 2,
        "gang_shang_hua": 1,
        "gang_shang_pao": 1,
        "qiang_gang_hu": 1,
        "hai_di": 1,
        "zi_mo": 1,
    }
    options = SichuanOptions.build(fan={"qi_dui": 3}, fan_cap=4)
    assert options.fans() == {**DEFAULT_FANS, "qi_dui": 3, "tian_hu": 4, "di_hu": 4}
    with pytest.raises(OptionsError, match=r"option 'fan' names unknown pattern 'tian_hu'"):
        SichuanOptions.build(fan={"tian_hu": 2})
    with pytest.raises(OptionsError, match=r"option 'fan' for 'gen' must be a whole number"):
        SichuanOptions.build(fan={"gen": -1})


def test_self_draw_bonus() -> None:
    """SC-PAY-1: 自摸加底 adds 1 point outside the cap; 自摸加番 adds a fan instead."""
    assert SichuanOptions().self_draw_bonus == 1
    assert SichuanOptions(zi_mo="jia_fan").self_draw_bonus == 0


def test_options_are_frozen_and_hashable() -> None:
    options = SichuanOptions.build(swap_three=True)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        options.swap_three = False  # type: ignore[misc]
    assert hash(options) == hash(SichuanOptions(swap_three=True))
    assert options.describe()[1] == ("swap_three", False, _fields()["swap_three"].metadata["doc"])
