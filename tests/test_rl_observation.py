"""The observation of ``mahjong_rules.rl``: read from the seat's view alone, it hides what the
view hides (BS-GANG-3: another seat's 暗杠; SC-VIEW-1: a void suit until its tile is turned up),
and says what the view says, section by section."""

from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np
import pytest

from mahjong_rules import Suit, View, get_variant
from mahjong_rules.engine.state import Phase
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.rl import Observer, raw_env, variant_planes
from mahjong_rules.rl.planes import Sink, VariantPlanes
from mahjong_rules.tiles import all_tiles
from test_views import twin

ROOMS: list[tuple[str, dict[str, Any]]] = [
    ("baoshan", {"bao_ting": True}),
    ("yongshan", {"wildcards": "double"}),
    ("sichuan", {"swap_three": True}),
]


@pytest.mark.parametrize(("name", "options"), ROOMS, ids=[r[0] for r in ROOMS])
def test_observation_ignores_what_the_seat_may_not_see(name: str, options: dict[str, Any]) -> None:
    """Every seat's observation, at every step of random hands, is the same for a twin state
    whose hidden tiles (other live hands, the undrawn wall) are shuffled: the observation
    depends on nothing the view hides (BS-GANG-3, SC-VIEW-1). The twins' observer is another
    than the environment's, so that nothing one keeps between views serves the other."""
    game = raw_env(name, **options)
    rules = game.rules
    twins = Observer(rules)
    rng = random.Random(1)
    checked = 0
    for seed in range(6):
        game.reset(seed=seed)
        while game.agents:
            obs, _, done, _, _ = game.last()
            if done:
                game.step(None)
                continue
            state = game.hand_state
            for seat in range(rules.players):
                mine = game.observe(f"seat_{seat}")
                other = twin(state, seat, rng)
                if other == state:
                    continue
                seen = twins.observe(rules.view(other, seat))
                assert np.array_equal(mine["observation"], seen), (name, seed, seat)
                checked += 1
            game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
    assert checked > 500


@pytest.mark.parametrize(("name", "options"), ROOMS, ids=[r[0] for r in ROOMS])
def test_what_an_observer_keeps_gives_the_arrays_made_afresh(
    name: str, options: dict[str, Any]
) -> None:
    """One observer, given the views of two hands interleaved, every seat's at random steps
    (so that what it keeps of a viewer's melds, ponds and variant planes is brought up to
    date over gaps and across hands, FLOW-2), gives at each the
    array and mask a new observer gives."""
    one, two = raw_env(name, **options), raw_env(name, **options)
    rules = one.rules
    kept = Observer(rules)
    rng = random.Random(4)
    checked = 0
    for seed in range(3):
        one.reset(seed=seed)
        two.reset(seed=seed + 10)
        while one.agents or two.agents:
            for game in (one, two):
                if not game.agents:
                    continue
                if rng.random() < 0.3:
                    seat = rng.randrange(rules.players)
                    view = rules.view(game.hand_state, seat)
                    fresh = Observer(rules)
                    assert np.array_equal(kept.observe(view), fresh.observe(view))
                    assert np.array_equal(kept.mask(view), fresh.mask(view))
                    checked += 1
                obs, _, done, _, _ = game.last()
                ids = np.flatnonzero(obs["action_mask"]).tolist()
                game.step(None if done else int(rng.choice(ids)))
    assert checked > 100


def _section(observer: Observer, obs: np.ndarray[Any, Any], name: str) -> list[float]:
    for section, start, size in observer.sections:
        if section == name:
            return [float(x) for x in obs[start : start + size]]
    raise KeyError(name)


def test_sections_say_what_the_view_says() -> None:
    """Section by section, a Yongshan view after play: the hand's counts, the wildcards, the
    phase, each seat's pond in order from the viewer, its melds and the wall count."""
    game = raw_env("yongshan", players=3)
    rules = game.rules
    game.reset(seed=21)
    rng = random.Random(3)
    for _ in range(40):
        obs, _, done, _, _ = game.last()
        if done:
            break
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
    view = rules.view(game.hand_state, 1)
    observer = game.observer
    obs = observer.observe(view)
    assert obs.shape == (observer.size,) and obs.dtype == np.float32
    assert bool((observer.low <= obs).all() and (obs <= observer.high).all())
    assert _section(observer, obs, "hand") == [float(n) for n in view.concealed.counts()[:27]]
    wild = _section(observer, obs, "wild")
    assert [all_tiles()[i] for i, x in enumerate(wild) if x] == list(view.wild_kinds)
    assert _section(observer, obs, "tiles_left") == [view.tiles_left]
    assert _section(observer, obs, "phase")[list(Phase).index(view.phase)] == 1.0
    for k in range(3):
        seat = view.seats[(1 + k) % 3]
        order = _section(observer, obs, f"seat{k}.pond_order")
        assert order[: len(seat.discards)] == [t.index + 1 for t in seat.discards]
        assert set(order[len(seat.discards) :]) <= {0.0}
        assert _section(observer, obs, f"seat{k}.tiles") == [seat.tiles]
        melds = _section(observer, obs, f"seat{k}.melds")
        assert sum(melds[: observer.slot][:4]) == (1.0 if seat.melds else 0.0)
    # the indicator (本金) is the variant's plane: one-hot over the 27 tiles
    indicator = view.variant.indicator
    assert _section(observer, obs, "variant")[indicator.index] == 1.0


def test_default_planes_read_any_variant_record() -> None:
    """The default variant planes read a record's fields by type: Sichuan's void suits by seat
    from the viewer (SC-VIEW-1), its own void and chosen tiles; Baoshan's 报听 flags (BS-TING-1)."""
    rules = get_variant("sichuan")
    state = rules.new_hand(seed=2)
    view = rules.view(state, 2)
    planes = VariantPlanes(rules, 27, view)
    assert planes.names == [
        "variant.face_down",
        "variant.voids",
        "own_variant.chosen",
        "own_variant.received",
        "own_variant.void",
        "own_variant.aside",
    ]
    assert planes.size == 4 + 4 * 4 + 27 + 27 + 4 + 27
    table = attrs.evolve(view.variant, voids=(None, None, None, Suit.PIN))
    numbers = variant_planes(rules, attrs.evolve(view, variant=table))
    voids = numbers[4 : 4 + 16]
    # seat 3 is the viewer's next seat: its void is the second group of four
    assert voids[4:8].index(1.0) == list(Suit).index(Suit.PIN)
    assert sum(voids) == 1.0
    baoshan = get_variant("baoshan", bao_ting=True, players=2)
    assert variant_planes(baoshan, baoshan.view(baoshan.new_hand(seed=1), 0)) == [0.0] * 4


def test_a_variants_hook_gives_its_own_planes() -> None:
    """A room whose rules define observation_planes(view) gets exactly those numbers in the
    variant section, and a hook whose length changes is refused."""

    class Hooked:
        def __init__(self, rules: Any) -> None:
            self._rules = rules
            self.calls = 0

        def __getattr__(self, name: str) -> Any:
            return getattr(self._rules, name)

        def observation_planes(self, view: View) -> list[float]:
            self.calls += 1
            return [float(view.tiles_left), float(view.seat), 7.0][: 3 if self.calls < 9 else 2]

    hooked = Hooked(get_variant("baoshan", players=2))
    observer = Observer(hooked)
    state = hooked.new_hand(seed=5)
    view = hooked.view(state, 1)
    obs = observer.observe(view)
    assert _section(observer, obs, "variant") == [view.tiles_left, 1.0, 7.0]
    with pytest.raises(MahjongRulesError, match="observation_planes gave 2 numbers"):
        for _ in range(10):
            observer.planes.write(view, 0, Sink())
