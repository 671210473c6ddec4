"""Bots: players that choose an action from one seat's view (托管, tuōguǎn: auto-play).

A server that loses a player's connection can let a bot play the seat until the player comes
back; the bot sees exactly what the player would (:meth:`Rules.view <mahjong_rules.Rules.view>`),
never the other hands or the wall::

    bot = CountingBot()
    for seat in rules.to_act(state):
        if seat in disconnected:
            state = bot.act(rules, state, seat)   # = rules.apply(state, bot.choose(view))
            break                                 # to_act may change after each answer

* :class:`CountingBot`: GreedyBot's play to the lowest 向听, but of the discards that leave
  the hand nearest ready it keeps the one with the most tiles it can still draw (counted from
  what its view shows), it gives up the race against a declared 报听 hand when far from ready,
  and pengs only for a step or more live tiles; it answers 定缺, 换三张 and 买点 by the hand's
  worth (:mod:`~mahjong_rules.bots.worth`: 清一色, 七对, 碰碰胡 weighed beside 平胡);
  deterministic. It beats GreedyBot in every
  game (the arena's figures: :doc:`/arena`), and plays 托管: what
  :meth:`Rules.default_action <mahjong_rules.Rules.default_action>` gives in a turn or a claim
  window.
* :class:`GreedyBot`: takes every win and plays to the lowest 向听 (shanten) under the room's
  rules (wildcards, 缺一门), and answers a game's own phases (换三张, 定缺, 买点, a plugin's) as
  the phase advises (:meth:`OwnPhase.advise <mahjong_rules.engine.phases.OwnPhase.advise>`,
  also what :meth:`Rules.default_action <mahjong_rules.Rules.default_action>` gives there);
  deterministic.
* :class:`RandomBot`: a uniform random legal action, seeded; a baseline and test opponent.
* :class:`Bot`: the base class (:meth:`Bot.choose` from a view, :meth:`Bot.act` on a state).

A whole hand played by bots:

>>> from mahjong_rules import get_variant
>>> from mahjong_rules.bots import GreedyBot, RandomBot
>>> rules = get_variant("yongshan", players=3)
>>> state = rules.new_hand(seed=11)
>>> bots = [GreedyBot(), RandomBot(seed=1), RandomBot(seed=2)]
>>> while rules.result(state) is None:
...     seat = min(rules.to_act(state))
...     state = bots[seat].act(rules, state, seat)
>>> sum(rules.result(state).deltas)
0
"""

from mahjong_rules.bots.base import Bot
from mahjong_rules.bots.counting import CountingBot
from mahjong_rules.bots.greedy import GreedyBot
from mahjong_rules.bots.random_bot import RandomBot
from mahjong_rules.variants import base as _base

__all__ = ["Bot", "CountingBot", "GreedyBot", "RandomBot"]

_base.TUOGUAN.append(CountingBot().choose)  # 托管: Rules.default_action plays CountingBot
