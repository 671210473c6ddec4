"""known_types() never holds the class a slotted attrs class replaced (found in verification):
``cls.__subclasses__()`` lists the undecorated original until the cyclic GC collects it, so a
process whose first from_dict ran before that read {"type": "Ting"} as a phantom Ting that
equals no Ting and that apply() refused as illegal."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import gc, sys
gc.disable()
from mahjong_rules import Action, from_dict
from mahjong_rules.serial._types import known_types
from mahjong_rules.variants.baoshan import Ting
bad = [n for n, c in known_types().items() if getattr(sys.modules[c.__module__], n, c) is not c]
assert not bad, bad
assert from_dict({"type": "Ting", "seat": 0}, Action) == Ting(0)
"""


def test_no_phantom_classes_before_the_first_gc() -> None:
    subprocess.run([sys.executable, "-c", CODE], check=True)
