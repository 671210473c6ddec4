"""The variant registry and room options: names, aliases, validation, third-party variants."""

from __future__ import annotations

import importlib.metadata
from typing import Any, ClassVar

import attrs
import pytest

import mahjong_rules
from mahjong_rules import (
    MahjongRulesError,
    OptionsError,
    Rules,
    UnknownVariantError,
    available_variants,
    get_variant,
    register_variant,
)
from mahjong_rules.variants import Baoshan, BaoshanOptions, registry, rules_for
from mahjong_rules.variants.options import Options, choice


@pytest.mark.parametrize(
    "name", ["baoshan", "BaoShan", " BAOSHAN ", "保山", "保山麻将", "bao_shan"]
)
def test_names_and_aliases_find_baoshan_in_any_case(name: str) -> None:
    rules = get_variant(name)
    assert type(rules) is Baoshan
    assert rules.options == BaoshanOptions()


def test_unknown_variant_names_the_known_ones() -> None:
    with pytest.raises(UnknownVariantError) as info:
        get_variant("riichi")
    assert isinstance(info.value, LookupError) and isinstance(info.value, MahjongRulesError)
    assert str(info.value).startswith("no variant 'riichi'; known: baoshan (保山, 保山麻将")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 5}, "option 'players' must be one of 2, 3, 4; got 5"),
        ({"honors": "yes"}, "option 'honors' must be one of True, False; got 'yes'"),
        ({"honors": 1}, "option 'honors' must be one of True, False; got 1"),
        ({"cha_jiao": "huge"}, "option 'cha_jiao' must be one of 'big', 'one', 'off'; got 'huge'"),
        ({"fan_cap": -1}, "option 'fan_cap' must be None or a whole number from 0 to 13; got -1"),
        ({"fan": {"qing_yi_se": 99}}, "option 'fan' for 'qing_yi_se' must be a whole number"),
        ({"fan": {"riichi": 1}}, "option 'fan' names unknown pattern 'riichi'"),
        (
            {"colour": "red"},
            "unknown option 'colour' for BaoshanOptions; options are: ask_every_seat, bao_ting",
        ),
    ],
)
def test_bad_options_raise_options_error_naming_the_option(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionsError) as info:
        get_variant("baoshan", **options)
    assert isinstance(info.value, ValueError)
    assert str(info.value).startswith(message)


def test_options_are_frozen_and_fans_merge_the_overrides() -> None:
    rules = get_variant("baoshan", players=3, fan={"qing_yi_se": 2})
    assert isinstance(rules.options, BaoshanOptions)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.options.players = 4  # type: ignore[misc]
    fans = rules.options.fans()
    assert fans["qing_yi_se"] == 2 and fans["long_zhua_bei"] == 3 and fans["ping_hu"] == 0
    assert ("players", 4, "BS-PLAYERS-1: 2, 3 or 4 players") in BaoshanOptions.describe()


def test_rules_repr_pastes_back() -> None:
    rules = get_variant("baoshan", players=3, pian_gang=True)
    assert repr(rules) == "get_variant('baoshan', players=3, pian_gang=True)"
    again = eval(repr(rules), {"get_variant": get_variant})
    assert again.options == rules.options


@attrs.frozen
class _HouseOptions(Options):
    players: int = choice(4, (4,), "four players only")
    honors: bool = choice(False, (False,), "no honors")


class _HouseRules(Baoshan):
    """A third party's own variant, built on Baoshan's rules."""

    name: ClassVar[str] = "house_rules_for_tests"
    aliases: ClassVar[tuple[str, ...]] = ("House",)
    options_class = BaoshanOptions


def test_register_variant_adds_a_third_party_variant_once() -> None:
    register_variant(_HouseRules)
    try:
        assert type(get_variant("house")) is _HouseRules
        assert _HouseRules in available_variants()
        assert register_variant(_HouseRules) is _HouseRules  # registering again is harmless

        class Clash(Baoshan):
            name: ClassVar[str] = "house"

        with pytest.raises(ValueError, match="already taken by _HouseRules"):
            register_variant(Clash)
        with pytest.raises(TypeError):
            register_variant(int)  # type: ignore[arg-type]
    finally:
        for key in ("house_rules_for_tests", "house"):
            registry._REGISTRY.pop(key, None)


def test_entry_points_group_plugs_in_variants(monkeypatch: pytest.MonkeyPatch) -> None:
    """Third-party packages register through the ``mahjong_rules.variants`` entry points."""

    class FakeEntryPoint:
        def load(self) -> type[Rules]:
            return _HouseRules

    seen: list[str] = []

    def fake_entry_points(*, group: str) -> list[FakeEntryPoint]:
        seen.append(group)
        return [FakeEntryPoint()]

    monkeypatch.setattr(importlib.metadata, "entry_points", fake_entry_points)
    monkeypatch.setattr(registry, "_entry_points_loaded", False)
    try:
        assert type(get_variant("house_rules_for_tests")) is _HouseRules
        assert seen == ["mahjong_rules.variants"] == [mahjong_rules.variants.ENTRY_POINT_GROUP]
    finally:
        for key in ("house_rules_for_tests", "house"):
            registry._REGISTRY.pop(key, None)


def test_rules_built_from_an_options_object() -> None:
    options = BaoshanOptions.build(players=2)
    assert Baoshan(options).options is options
    with pytest.raises(OptionsError, match="either an options object or keyword options"):
        Baoshan(options, players=3)
    with pytest.raises(OptionsError, match="Baoshan takes BaoshanOptions"):
        Baoshan(_HouseOptions())  # type: ignore[arg-type]


def test_rules_for_finds_the_room_of_an_options_object() -> None:
    """A view or a saved state carries its room's options; rules_for gives back the rules,
    with the shape facts a player needs (YS-WIN-1 缺一门: two suits at most)."""
    yongshan = get_variant("yongshan", players=3, wildcards="double")
    found = rules_for(yongshan.options)
    assert type(found).__name__ == "Yongshan" and found.options == yongshan.options
    assert (found.max_suits, found.honors) == (2, False)
    baoshan = rules_for(BaoshanOptions.build(honors=True))
    assert (baoshan.name, baoshan.max_suits, baoshan.honors) == ("baoshan", 3, True)


@pytest.mark.parametrize("name", ["name", "cls", "options"])
def test_an_option_named_like_a_parameter_is_an_unknown_option(name: str) -> None:
    """get_variant, the rules' constructor and Options.build take their own arguments
    positionally, so any option name reaches the options check (OptionsError, not TypeError)."""
    with pytest.raises(OptionsError, match=f"unknown option {name!r} for BaoshanOptions"):
        get_variant("baoshan", **{name: 1})
