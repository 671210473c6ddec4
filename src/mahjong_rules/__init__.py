"""mahjong_rules: a rules engine for three mahjong games, and for more written as plugins.

The games: 保山麻将 (Baoshan) and 永善麻将 (Yongshan) of Yunnan, and 四川血战到底 (Sichuan, xuèzhàn
dàodǐ, "bloody to the end"). A game is a ``Rules`` object found by name with ``get_variant``;
another package adds its own through the same contract. The core is pure and free of I/O:
immutable tile and hand types feed a table-based win detector, and each moment of a hand is an
immutable ``State``.

>>> from mahjong_rules import TileCounts, get_variant, is_win
>>> [get_variant(name).name_zh for name in ("baoshan", "yongshan", "sichuan")]
['保山麻将', '永善麻将', '四川血战到底']
>>> is_win(TileCounts("123m456p789s11z555m"))
True
"""

import mahjong_rules.bots  # noqa: F401  (托管: Rules.default_action plays CountingBot)
from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine import (
    Action,
    Discard,
    Gang,
    HandResult,
    Hu,
    Pass,
    Payment,
    PaymentReason,
    Peng,
    Phase,
    State,
    WinRecord,
    parse_action,
)
from mahjong_rules.engine.match import Match
from mahjong_rules.engine.phases import OwnPhase, When
from mahjong_rules.engine.settlement import OwnReason
from mahjong_rules.engine.state import COMPILED as _state_compiled
from mahjong_rules.engine.step import ANY_STEP
from mahjong_rules.engine.view import SeatView, View
from mahjong_rules.errors import (
    ActionError,
    ActionParseError,
    ActionTypeError,
    HandSizeError,
    IllegalActionError,
    InvalidHandError,
    MahjongRulesError,
    MeldError,
    OptionsError,
    PluginWarning,
    RenderError,
    ReplayError,
    SerializationError,
    StaleActionError,
    TileCountError,
    TileParseError,
    UnknownVariantError,
    WallError,
)
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.notation import format_tiles, parse_tiles
from mahjong_rules.records import HandRecord, Replay, replay, wall_digest
from mahjong_rules.scoring import Breakdown, ScoreItem, WinContext, WinKind
from mahjong_rules.serial import from_dict, to_dict
from mahjong_rules.serial.answer import Answer, read_answer
from mahjong_rules.tiles import Suit, Tile, all_tiles
from mahjong_rules.variants import (
    Rules,
    available_variants,
    broken_plugins,
    get_variant,
    register_variant,
    rules_for,
)
from mahjong_rules.variants.baoshan.buying import BuyPoints
from mahjong_rules.variants.baoshan.ting import Ting
from mahjong_rules.variants.yongshan.ti import Ti
from mahjong_rules.wins import (
    Decomposition,
    Group,
    GroupKind,
    WinForm,
    decompositions,
    is_win,
    iter_decompositions,
    shanten,
    winning_tiles,
)

__version__ = "0.1.0.dev0"

COMPILED: bool = _state_compiled
"""Whether the engine runs compiled by mypyc (the compiled build: its state, transitions and win
detector are native code) rather than as the pure-Python reference build, which every platform
gets. ``python -c "import mahjong_rules; print(mahjong_rules.COMPILED)"`` tells which runs."""

__all__ = [
    "ANY_STEP",
    "COMPILED",
    "Action",
    "ActionError",
    "ActionParseError",
    "ActionTypeError",
    "Answer",
    "Breakdown",
    "BuyPoints",
    "Decomposition",
    "Discard",
    "Gang",
    "Group",
    "GroupKind",
    "Hand",
    "HandRecord",
    "HandResult",
    "HandSizeError",
    "Hu",
    "IllegalActionError",
    "InvalidHandError",
    "MahjongRulesError",
    "Match",
    "Meld",
    "MeldError",
    "MeldKind",
    "OptionsError",
    "OwnPhase",
    "OwnReason",
    "Pass",
    "Payment",
    "PaymentReason",
    "Peng",
    "Phase",
    "PluginWarning",
    "RenderError",
    "Replay",
    "ReplayError",
    "Rules",
    "ScoreItem",
    "SeatView",
    "SerializationError",
    "StaleActionError",
    "State",
    "Suit",
    "Ti",
    "Tile",
    "TileCountError",
    "TileCounts",
    "TileParseError",
    "TileSet",
    "Ting",
    "UnknownVariantError",
    "View",
    "WallError",
    "When",
    "WinContext",
    "WinForm",
    "WinKind",
    "WinRecord",
    "__version__",
    "all_tiles",
    "available_variants",
    "broken_plugins",
    "decompositions",
    "format_tiles",
    "from_dict",
    "get_variant",
    "is_win",
    "iter_decompositions",
    "parse_action",
    "parse_tiles",
    "read_answer",
    "register_variant",
    "replay",
    "rules_for",
    "shanten",
    "to_dict",
    "wall_digest",
    "winning_tiles",
]
