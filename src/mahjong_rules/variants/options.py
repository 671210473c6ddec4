"""Room options under their first path: the very same objects as :mod:`mahjong_rules.options`.

:class:`~mahjong_rules.options.Options` and its field helpers
(:func:`~mahjong_rules.options.choice`, :func:`~mahjong_rules.options.flag`,
:func:`~mahjong_rules.options.optional_int`, :func:`~mahjong_rules.options.fan_table`) moved to
:mod:`mahjong_rules.options` so that the engine, whose hooks name the options class, imports
nothing from ``variants/``. ``from mahjong_rules.variants.options import Options`` keeps working
and gives the same class (``is``-identical), so a variant written against it needs no change.
"""

from __future__ import annotations

from mahjong_rules.options import Options, choice, fan_table, flag, optional_int

__all__ = ["Options", "choice", "fan_table", "flag", "optional_int"]
