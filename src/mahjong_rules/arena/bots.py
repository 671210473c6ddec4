"""The bots an arena seats, named by a spec: a shipped bot's name, a plugin's, or a Python path.

A spec is one of

* ``greedy``, ``random`` or ``counting``: :class:`~mahjong_rules.bots.GreedyBot`,
  :class:`~mahjong_rules.bots.RandomBot` seeded with the seat's seed, and
  :class:`~mahjong_rules.bots.CountingBot`;
* the name of a bot an installed package registers under the entry-point group
  :data:`BOT_ENTRY_POINT_GROUP` (``mahjong_rules.bots``), e.g. in its ``pyproject.toml``::

      [project.entry-points."mahjong_rules.bots"]
      careful = "my_package.bots:CarefulBot"

* ``module:Name``, a Python path to a bot class (or any callable that returns a
  :class:`~mahjong_rules.bots.Bot`) of one's own, importable where the hands are played.

A class or callable that takes a ``seed`` parameter is given the seat's seed (a string, the
same one ``play`` gives a random bot); any other is called with no argument. The arena makes a
new bot for every hand, so that a hand's play never depends on the hands played before it by
the same process (this is what keeps the figures the same for any number of workers).

>>> make = bot_factory("random")
>>> make("7/1:0")
RandomBot(seed='7/1:0')
>>> bot_factory("mahjong_rules.bots:GreedyBot")("7/1:0")
GreedyBot(...)
>>> bot_factory("nobody")
Traceback (most recent call last):
...
mahjong_rules.arena.bots.ArenaError: no bot 'nobody': give greedy, random, counting, ...
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from importlib import metadata

from mahjong_rules.bots import Bot, CountingBot, GreedyBot, RandomBot
from mahjong_rules.errors import MahjongRulesError

__all__ = ["BOT_ENTRY_POINT_GROUP", "SHIPPED_BOTS", "ArenaError", "BotFactory", "bot_factory"]

BOT_ENTRY_POINT_GROUP = "mahjong_rules.bots"
"""Installed packages name their bots for the arena under this entry-point group."""

BotFactory = Callable[[str], Bot]
"""Makes a seat's bot from the seat's seed."""

SHIPPED_BOTS: dict[str, BotFactory] = {
    "greedy": lambda seed: GreedyBot(),
    "random": lambda seed: RandomBot(seed=seed),
    "counting": lambda seed: CountingBot(seed=seed),
}
"""The library's own bots by name."""

_MAX_SPEC = 200
"""The longest spec read (a Python path is far shorter)."""


class ArenaError(MahjongRulesError, ValueError):
    """An arena that cannot be played as asked: an unknown bot, a bad lineup or count, a
    worker that failed, or Ray missing when workers are asked for."""


def bot_factory(spec: str) -> BotFactory:
    """The factory of the bot ``spec`` names (see the module's docstring); an unknown name, a
    path that does not import or names no callable raises :class:`ArenaError`."""
    if not isinstance(spec, str) or not spec.strip() or len(spec) > _MAX_SPEC:
        raise ArenaError(f"a bot is named by a non-empty text of at most {_MAX_SPEC} characters")
    spec = spec.strip()
    shipped = SHIPPED_BOTS.get(spec.lower())
    if shipped is not None:
        return shipped
    if ":" in spec:
        return _seeded(_import(spec), spec)
    plugin = _plugin(spec)
    if plugin is not None:
        return plugin
    known = [*SHIPPED_BOTS, *sorted(e.name for e in _entries())]
    raise ArenaError(
        f"no bot {spec[:40]!r}: give {', '.join(known)}, or a Python path module:Class"
    )


def _entries() -> tuple[metadata.EntryPoint, ...]:
    return tuple(metadata.entry_points(group=BOT_ENTRY_POINT_GROUP))


def _plugin(name: str) -> BotFactory | None:
    for entry in _entries():
        if entry.name == name:
            try:
                target = entry.load()
            except Exception as exc:  # a plugin's import may fail in any way
                raise ArenaError(f"bot plugin {name!r} not loaded: {exc}") from None
            return _seeded(target, name)
    return None


def _import(spec: str) -> object:
    module_name, _, attribute = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # ImportError, or the module's own error on import
        raise ArenaError(f"bot {spec!r}: cannot import {module_name!r}: {exc}") from None
    target: object = module
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise ArenaError(f"bot {spec!r}: {module_name!r} has no {attribute!r}") from None
    return target


def _seeded(target: object, spec: str) -> BotFactory:
    """``target`` as a factory: given the seed if it takes a ``seed`` parameter."""
    if not callable(target):
        raise ArenaError(f"bot {spec!r} names {type(target).__name__}, not a bot class")
    try:
        takes_seed = "seed" in inspect.signature(target).parameters
    except (TypeError, ValueError):  # no signature to read (a builtin): call it bare
        takes_seed = False

    def make(seed: str) -> Bot:
        bot = target(seed=seed) if takes_seed else target()
        if not isinstance(bot, Bot):
            raise ArenaError(f"bot {spec!r} made a {type(bot).__name__}, not a Bot")
        return bot

    return make
