"""The game's name of a variant's own phase (``WordHooks.stage_name``, issue 28): what a page
and a player's table say while the hand waits in Sichuan's 换三张 (huàn sān zhāng) or 定缺
(dìngquē), or Baoshan's 买点 (mǎidiǎn), instead of the phase's code name; a variant that names
none shows the code name (the default).
"""

from __future__ import annotations

import pytest

from mahjong_rules import State, get_variant
from mahjong_rules.engine.word_hooks import LANGS, Lang, WordHooks
from mahjong_rules.records import HandRecord
from mahjong_rules.render import view_svg
from mahjong_rules.render.page_data import page_data
from mahjong_rules.render.page_words import phase_words
from mahjong_rules.variants.base import Rules

NAMES: dict[tuple[str, str], tuple[str, str]] = {
    ("sichuan", "swapping"): ("换三张 passing three tiles", "换三张"),
    ("sichuan", "voiding"): ("定缺 declaring void suits", "定缺"),
    ("baoshan", "buying"): ("买点 buying points", "买点"),
}
"""Every phase of a shipped game's own, by game and code name: its name in English and
Chinese."""
SHIPPED = ("baoshan", "sichuan", "yongshan")


def _rooms() -> dict[tuple[str, str], tuple[Rules, State]]:
    """A room and its first state for every phase of :data:`NAMES`: the hand waits in it."""
    swap = get_variant("sichuan", swap_three=True)
    return {
        ("sichuan", "swapping"): (swap, swap.new_hand(seed=1)),
        ("sichuan", "voiding"): (get_variant("sichuan"), get_variant("sichuan").new_hand(seed=1)),
        ("baoshan", "buying"): (
            get_variant("baoshan", buy_points="live"),
            get_variant("baoshan", buy_points="live").new_hand(seed=1),
        ),
    }


def test_every_phase_of_a_shipped_game_is_named() -> None:
    """No shipped phase is left to its code name: the table above lists them all."""
    phases = {(game, p.name) for game in SHIPPED for p in get_variant(game).phases}
    assert phases == set(NAMES)


@pytest.mark.parametrize(("game", "stage"), sorted(NAMES))
@pytest.mark.parametrize("lang", LANGS)
def test_stage_names_in_both_languages(game: str, stage: str, lang: Lang) -> None:
    en, zh = NAMES[(game, stage)]
    assert get_variant(game).stage_name(stage, lang) == (zh if lang == "zh" else en)


@pytest.mark.parametrize(("game", "stage"), sorted(NAMES))
def test_the_page_says_the_phase_by_its_name(game: str, stage: str) -> None:
    """``phase_words`` of a view in the phase: its name, with the room's words given or found
    from the view; the replay page's first step says the same."""
    rules, state = _rooms()[(game, stage)]
    assert state.stage == stage
    view = rules.view(state, 0)
    en, zh = NAMES[(game, stage)]
    assert view.legal_actions  # seat 0 is asked: its view says so from its side
    assert phase_words(view, "en", rules) == f"{en}: you choose"
    assert phase_words(view, "zh", rules) == f"{zh}：你选择"
    assert phase_words(view, "zh") == f"{zh}：你选择"  # the room's words, from the view
    heading = f"seat 0's view · {en} · {view.tiles_left} tiles left</text>"
    assert heading in view_svg(view)  # the picture's heading names it too
    record = HandRecord.new(rules, seed=1)
    for lang, name in (("en", en), ("zh", zh)):
        steps = page_data(record, seat=0, lang=lang)["steps"]  # type: ignore[arg-type]
        assert steps[0]["phase"].startswith(name)


def test_other_names_are_the_code_names() -> None:
    """The default, and a variant's for a stage it does not know, is the code name."""
    for lang in LANGS:
        assert WordHooks().stage_name("voiding", lang) == "voiding"
        assert get_variant("sichuan").stage_name("lucky", lang) == "lucky"
        assert get_variant("baoshan").stage_name("voiding", lang) == "voiding"
        assert get_variant("yongshan").stage_name("buying", lang) == "buying"


def test_the_default_heading_names_the_phase() -> None:
    """The command line's table heads a phase of a game that writes no ``describe_stage`` of
    its own with the phase's name (the default ``describe_stage`` asks ``stage_name``)."""
    rules, state = _rooms()[("sichuan", "voiding")]
    view = rules.view(state, 2)
    heading = WordHooks.describe_stage(rules, view, "en")
    assert heading == "--- 定缺 declaring void suits: you choose"
    assert WordHooks.describe_stage(rules, view, "zh") == "--- 定缺：你选择"
    assert WordHooks().describe_stage(view, "en") == "--- voiding: you choose"
