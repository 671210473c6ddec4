"""The variant registry and room options: names, aliases, validation, third-party variants."""

from __future__ import annotations

import importlib.metadata
import json
import sys
import warnings
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
from mahjong_rules.cli import main
from mahjong_rules.errors import PluginWarning
from mahjong_rules.variants import Baoshan, BaoshanOptions, registry, rules_for
from mahjong_rules.variants.options import Options, choice
from mahjong_rules.variants.registry import BrokenPlugin, broken_plugins


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


@attrs.frozen
class _HouseRulesOptions(BaoshanOptions):
    """The third party's options: Baoshan's, under a class of its own."""


class _HouseRules(Baoshan):
    """A third party's own variant, built on Baoshan's rules."""

    name: ClassVar[str] = "house_rules_for_tests"
    aliases: ClassVar[tuple[str, ...]] = ("House",)
    options_class = _HouseRulesOptions


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


# ------------------------------------------------------------------ plugins that fail to load

_GOOD_PLUGIN = """
from typing import ClassVar

import attrs

from mahjong_rules.variants import Baoshan, BaoshanOptions


@attrs.frozen
class GoodOptions(BaoshanOptions):
    pass


class Good(Baoshan):
    name: ClassVar[str] = "{name}"
    aliases: ClassVar[tuple[str, ...]] = ()
    options_class = GoodOptions
"""


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> Any:
    """Install fake ``mahjong_rules.variants`` entry points: ``plugins({"name": "source"})``
    writes each module and points an entry point of that name at its ``Good`` class (or at
    ``target``: ``{"name": ("source", "module:attr")}``). The registry forgets them after."""
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_entry_points_loaded", False)
    monkeypatch.setattr(registry, "_BROKEN", [])
    added: list[str] = []
    calls: list[str] = []

    def install(sources: dict[str, str | tuple[str, str]]) -> list[str]:
        entries = []
        for name, source in sources.items():
            text, target = source if isinstance(source, tuple) else (source, "")
            module = f"fake_plugin_{name}"
            added.append(module)
            (tmp_path / f"{module}.py").write_text(text, encoding="utf-8")
            value = target or f"{module}:Good"
            entries.append(importlib.metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP))

        def fake_entry_points(*, group: str) -> tuple[importlib.metadata.EntryPoint, ...]:
            calls.append(group)
            return tuple(entries)

        monkeypatch.setattr(importlib.metadata, "entry_points", fake_entry_points)
        return calls

    yield install
    for module in added:
        sys.modules.pop(module, None)
    for key in [k for k, cls in registry._REGISTRY.items() if cls.__module__ in added]:
        registry._REGISTRY.pop(key)


def test_a_broken_plugin_before_a_good_one_is_reported_and_skipped(plugins: Any) -> None:
    """An ImportError inside a plugin: one PluginWarning naming the entry point and the error;
    the shipped games and the later plugin load, on this call and on every later one."""
    calls = plugins(
        {
            "broken_one": "import no_such_dependency_for_mahjong_tests\n",
            "good_one": _GOOD_PLUGIN.format(name="good_one"),
        }
    )
    with pytest.warns(PluginWarning) as caught:
        rules = get_variant("baoshan")
    assert type(rules) is Baoshan
    assert [str(w.message) for w in caught] == [
        "variant plugin 'broken_one' (fake_plugin_broken_one:Good) is not loaded: "
        "ModuleNotFoundError: No module named 'no_such_dependency_for_mahjong_tests'; "
        "the other variants work without it"
    ]
    assert caught[0].filename == __file__  # it points at the call that loaded the plugins
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no second warning, no second import
        assert get_variant("good_one").name == "good_one"
        assert get_variant("yongshan").name == "yongshan"
        names = [cls.name for cls in available_variants()]
        assert names == ["baoshan", "good_one", "sichuan", "yongshan"]
        assert broken_plugins() == (
            BrokenPlugin(
                "broken_one",
                "fake_plugin_broken_one:Good",
                "ModuleNotFoundError: No module named 'no_such_dependency_for_mahjong_tests'",
            ),
        )
        with pytest.raises(UnknownVariantError) as info:
            get_variant("broken_one")
        assert str(info.value).endswith(
            "; plugins that failed to load: broken_one (ModuleNotFoundError: "
            "No module named 'no_such_dependency_for_mahjong_tests')"
        )  # the name asked for may be the plugin's: the message says why it is missing
    assert calls == ["mahjong_rules.variants"]  # the entry points are read once


@pytest.mark.parametrize(
    ("source", "target", "error"),
    [
        ("raise RuntimeError('no licence\\n  file')\n", "", "RuntimeError: no licence file"),
        ("def broken(:\n", "", "SyntaxError: "),
        ("Good = 3\n", "", "TypeError: it names 3, not a Rules subclass"),
        ("x = 1\n", "", "AttributeError: "),
        (_GOOD_PLUGIN.format(name="baoshan"), "", "ValueError: variant name 'baoshan' is already"),
        (
            _GOOD_PLUGIN.format(name=""),
            "",
            "TypeError: Good.name is '', not a variant name",
        ),
        (
            _GOOD_PLUGIN.format(name="no_options") + "    options_class = dict\n",
            "",
            "TypeError: Good.options_class is <class 'dict'>, not an Options class",
        ),
    ],
)
def test_every_way_a_plugin_fails_is_reported(
    plugins: Any, source: str, target: str, error: str
) -> None:
    """A plugin that raises at import, does not compile, names no Rules subclass or a missing
    attribute, or takes a shipped game's name is listed with its error; the shipped games and
    the good plugin after it work."""
    plugins({"bad": (source, target), "fine": _GOOD_PLUGIN.format(name="fine")})
    with pytest.warns(PluginWarning, match="variant plugin 'bad' "):
        names = [cls.name for cls in available_variants()]
    assert names == ["baoshan", "fine", "sichuan", "yongshan"]
    [broken] = broken_plugins()
    assert (broken.name, broken.target) == ("bad", "fake_plugin_bad:Good")
    assert broken.error.startswith(error)
    assert type(get_variant("baoshan")) is Baoshan  # not replaced by the impostor


def test_a_plugin_that_asks_for_a_variant_while_it_is_loaded(plugins: Any) -> None:
    """A plugin module may look up a shipped game at import (no deadlock, no recursion); a
    plugin that registers itself at import is loaded once, without a warning."""
    source = (
        "from mahjong_rules import get_variant, register_variant\n"
        "BASE = type(get_variant('baoshan'))\n"
        + _GOOD_PLUGIN.format(name="asks").replace("class Good(", "@register_variant\nclass Good(")
    )
    plugins({"asks": source})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert get_variant("asks").name == "asks"
    assert broken_plugins() == ()


def test_unreadable_package_metadata_is_reported(
    plugins: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the installed packages' metadata cannot be read, there are no plugins and one
    warning; the shipped games work."""

    def broken(*, group: str) -> Any:
        raise OSError("metadata directory unreadable")

    monkeypatch.setattr(importlib.metadata, "entry_points", broken)
    with pytest.warns(PluginWarning, match="OSError: metadata directory unreadable"):
        assert get_variant("yongshan").name == "yongshan"
    assert [p.name for p in broken_plugins()] == ["mahjong_rules.variants"]


def test_the_variants_command_lists_a_broken_plugin_with_its_error(
    plugins: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m mahjong_rules variants`` (text and --json) lists the plugin that failed
    with its error, after the variants that work; other commands run as ever."""
    plugins(
        {
            "broken_one": "import no_such_dependency_for_mahjong_tests\n",
            "good_one": _GOOD_PLUGIN.format(name="good_one"),
        }
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error", PluginWarning)  # the command shows no Python warning
        status = main(["variants"])
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert status == 0
    assert captured.err == (  # issue 27: one clean line on every command instead
        "plugin broken_one not loaded: ModuleNotFoundError: No module named "
        "'no_such_dependency_for_mahjong_tests'\n"
    )
    assert out[-2:] == [
        "",
        "broken_one  not loaded (fake_plugin_broken_one:Good): ModuleNotFoundError: No module "
        "named 'no_such_dependency_for_mahjong_tests'",
    ]
    assert (
        "good_one 保山麻将" in out
        and "yongshan 永善麻将 (aliases: 永善, 永善麻将, yong_shan)" in out
    )
    assert main(["variants", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [(v["name"], v["error"]) for v in document] == [
        ("baoshan", None),
        ("good_one", None),
        ("sichuan", None),
        ("yongshan", None),
        (
            "broken_one",
            "not loaded (fake_plugin_broken_one:Good): ModuleNotFoundError: No module named "
            "'no_such_dependency_for_mahjong_tests'",
        ),
    ]
    assert document[-1]["options"] == [] and document[-1]["aliases"] == []
    assert main(["analyze", "123m456p789s1155m"]) == 0
    captured = capsys.readouterr()
    assert "waits: 1m 4m 5m" in captured.out
    assert captured.err.startswith("plugin broken_one not loaded: ModuleNotFoundError")


def test_a_variant_needs_an_options_class_of_its_own() -> None:
    """rules_for and hand records find a room's variant by its options class, so a second
    variant with Baoshan's options class (a subclass that does not declare its own) is refused;
    an empty attrs subclass of the options is enough."""

    class Reuser(Baoshan):
        name: ClassVar[str] = "reuses_baoshan_options"
        aliases: ClassVar[tuple[str, ...]] = ()

    with pytest.raises(ValueError) as info:
        register_variant(Reuser)
    assert str(info.value) == (
        "options class BaoshanOptions is already Baoshan's: a variant needs an options class "
        "of its own (rules_for and hand records find the variant by it), e.g. an empty attrs "
        "subclass"
    )
    with pytest.raises(UnknownVariantError):
        get_variant("reuses_baoshan_options")
    Reuser.options_class = _HouseRulesOptions
    register_variant(Reuser)
    try:
        rules = get_variant("reuses_baoshan_options", players=3)
        assert rules_for(rules.options) == rules and type(rules_for(rules.options)) is Reuser
    finally:
        registry._REGISTRY.pop("reuses_baoshan_options", None)
        rules_for.cache_clear()
