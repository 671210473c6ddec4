"""红中麻将 (hóngzhōng májiàng, "red dragon mahjong"): a mahjong_rules variant in its own package.

112 tiles (the 108 suited and four 红中, ``7z``), 2 to 4 players; the 红中 are wildcards (癞子,
làizi), discarded only with the option ``discard_hongzhong``. Peng and the three kongs, no chow.
Wins are self-drawn, unless ``dian_pao`` lets a discard (or a robbed kong) be won too, by one
seat only: the first after the discarder (截胡, jiéhú). Seven pairs (七对) win; four 红中 held on
one's own turn win at once (四红中), the dealt hand included. After the win the winner turns up
``birds`` tiles (抓码, zhuāmǎ: 2, 4 or 6) from the end of the wall; each of rank 1, 5 or 9, or a
红中, hits.

Money: a self-draw is paid 2 by each other seat (4 when the winner holds no 红中, 无红中), plus 1
per bird that hit; a discard win the same by the discarder alone. Kongs pay at once: 暗杠 2 from
each other seat, 直杠 3 from the discarder, 补杠 1 from each other seat. The first win ends the
hand; at 流局 nothing more is paid.

The package's ``pyproject.toml`` names :class:`Hongzhong` under the entry-point group
``mahjong_rules.variants``; once installed, ``get_variant("hongzhong")`` finds it.
"""

from __future__ import annotations

from mahjong_hongzhong.options import RED, HongzhongOptions
from mahjong_hongzhong.records import BIRDS, Birds, BirdsCaught, CatchBirds
from mahjong_hongzhong.rules import Hongzhong

__all__ = ["BIRDS", "RED", "Birds", "BirdsCaught", "CatchBirds", "Hongzhong", "HongzhongOptions"]
