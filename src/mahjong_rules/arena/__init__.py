"""The arena (擂台, lèitái): bots play very many seeded hands, on one machine or many, and each
bot's mean result is measured with a confidence interval.

The library part does no I/O and never imports Ray unless asked to play on it:

* :class:`Arena` (:mod:`~mahjong_rules.arena.schedule`): a room, a lineup of bots, a seed and a
  number of deals; each deal is played once per seat with the lineup rotated, so that luck
  evens out;
* :func:`play_block` and :func:`play_serial` (:mod:`~mahjong_rules.arena.play`): play a block
  of deals, or every deal in this process;
* :func:`play_on_ray` (:mod:`~mahjong_rules.arena.distributed`): the blocks on Ray workers,
  local or a cluster;
* :class:`Standings`, :func:`figures` and :func:`report` (:mod:`~mahjong_rules.arena.stats`):
  whole-number tallies that merge exactly, so that the figures are the same for any number
  of workers, and what they say (mean result per hand with its 95% interval, win rate, 放炮
  deal-in rate, average fan).

The command line runs it: ``python -m mahjong_rules arena --variant sichuan --bots
greedy,random,greedy,random --hands 100000`` (``docs/arena.rst``).

>>> from mahjong_rules import get_variant
>>> arena = Arena(get_variant("yongshan", players=3), ["greedy", "random", "random"], 1, 5)
>>> standings = sum((b.standings for b in play_serial(arena)), Standings.empty(arena.lineup))
>>> document = report(arena, standings)
>>> document["hands"], [e["hands"] for e in document["entrants"]], document["pooled"][0]["bot"]
(15, [15, 15, 15], 'random')
"""

from mahjong_rules.arena.bots import BOT_ENTRY_POINT_GROUP, ArenaError, bot_factory
from mahjong_rules.arena.distributed import play_on_ray
from mahjong_rules.arena.play import ArenaHand, Block, play_block, play_hand, play_serial
from mahjong_rules.arena.schedule import Arena, blocks, deals_for
from mahjong_rules.arena.stats import Standings, Tally, count_deal, figures, report

__all__ = [
    "BOT_ENTRY_POINT_GROUP",
    "Arena",
    "ArenaError",
    "ArenaHand",
    "Block",
    "Standings",
    "Tally",
    "blocks",
    "bot_factory",
    "count_deal",
    "deals_for",
    "figures",
    "play_block",
    "play_hand",
    "play_on_ray",
    "play_serial",
    "report",
]
