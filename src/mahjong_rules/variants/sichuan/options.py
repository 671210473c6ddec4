"""四川血战到底 (Sìchuān xuèzhàn dàodǐ) room options: every option and (default) of the options
table of SICHUAN.md (rules ``SC-*``).

The defaults reproduce the engine of dcmshi/sichuan-mahjong (its ``DEFAULT_CONFIG``, and what its
code does where it has no switch), so the two engines can be compared hand for hand; each option
names its rule and that engine's switch ("code": no switch, the engine's behaviour).

A Sichuan room always has four players (SC-TILES-1) and no honor tiles: ``players`` allows only
4, and there is no ``honors`` option.

>>> options = SichuanOptions.build(fan_cap=4, zi_mo="jia_fan")
>>> options.fan_cap, options.self_draw_bonus, options.fans()["qing_yi_se"]
(4, 0, 2)
>>> SichuanOptions.build(players=3)
Traceback (most recent call last):
...
mahjong_rules.errors.OptionsError: option 'players' must be one of 4; got 3
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from mahjong_rules.errors import OptionsError
from mahjong_rules.options import Options, choice, fan_table, flag

__all__ = ["CAPS", "DEFAULT_FANS", "SichuanOptions"]

DEFAULT_FANS: Mapping[str, int] = {
    "ping_hu": 0,  # 平胡 SC-PAT-平胡
    "gang": 1,  # 杠, per kong, SC-PAT-杠
    "gen": 1,  # 根, per root, SC-PAT-根
    "peng_peng_hu": 1,  # 碰碰胡 SC-PAT-碰碰胡
    "jin_gou_diao": 1,  # 金钩钓, on top of 碰碰胡, SC-PAT-金钩钓
    "qing_yi_se": 2,  # 清一色 SC-PAT-清一色
    "qi_dui": 2,  # 七对 SC-PAT-七对
    "gang_shang_hua": 1,  # 杠上花 SC-PAT-杠上花
    "gang_shang_pao": 1,  # 杠上炮 SC-PAT-杠上炮
    "qiang_gang_hu": 1,  # 抢杠胡 SC-PAT-抢杠胡
    "hai_di": 1,  # 海底 SC-PAT-海底
    "zi_mo": 1,  # 自摸加番, only with zi_mo="jia_fan", SC-PAY-1
}
"""Each pattern's fan (PDF Table 4; SCORE-2 lets a room change them with ``fan``). 天胡 and 地胡
have no entry: they score the room's cap whatever the hand (SC-PAT-天胡, SC-PAT-地胡)."""

CAPS: tuple[int, ...] = tuple(range(3, 14))
"""The fan caps a room may set (SC-CAP-1: 3 by default; dcmshi's lobby offers 3 or 4)."""


def _cap(doc: str) -> Any:
    """The fan cap: one of :data:`CAPS`, a whole number (not ``3.0``, not ``True``)."""

    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or value not in CAPS:
            shown = ", ".join(str(cap) for cap in CAPS)
            raise OptionsError(f"option {attribute.name!r} must be one of {shown}; got {value!r}")

    return attrs.field(default=CAPS[0], validator=check, metadata={"doc": doc, "allowed": CAPS})


@attrs.frozen
class SichuanOptions(Options):
    """Options of a Sichuan 血战到底 room (SICHUAN.md's options table, defaults first)."""

    default_fans: ClassVar[Mapping[str, int]] = DEFAULT_FANS
    """Each Sichuan pattern's default fan (番), by pattern key (the module's ``DEFAULT_FANS``)."""

    players: int = choice(4, (4,), "SC-TILES-1: always 4 players (dcmshi: Seat is 0..3)")
    swap_three: bool = flag(
        False, "SC-SWAP-1 换三张: swap three tiles of one suit after the deal (enableHuanSanZhang)"
    )
    swap_direction: str = choice(
        "random",
        ("random", "to_next", "to_previous", "opposite"),
        "SC-SWAP-2: where the three go: drawn with the wall, to 下家, to 上家 or to 对家 "
        "(huanDirection random / ccw / cw / none)",
    )
    rob_kong: bool = flag(
        True, "SC-GANG-3 抢杠胡: a 补杠 of either kind may be robbed (enableRobbingKong)"
    )
    tian_di_hu: bool = flag(
        True,
        "SC-PAT-天胡, SC-PAT-地胡: first-turn wins score the cap; off (PDF): plain self-draws "
        "(enableHeavenlyEarthly)",
    )
    void_discard: str = choice(
        "strict",
        ("strict", "lenient"),
        "SC-VOID-4: void-suit tiles must go first (strict), or any discard and SC-PENALTY-1 at "
        "the end (lenient, PDF) (voidDiscardRule)",
    )
    hua_zhu: bool = flag(
        False,
        "SC-HUAZHU-1 花猪: a three-suit hand at the end pays 2 ** cap to every other seat "
        "(enableFlowerPig)",
    )
    fan_cap: int = _cap("SC-CAP-1 封顶: fan cap; pattern score 2 ** min(fan, cap) (fanCap)")
    void_kong: str = choice(
        "allowed",
        ("allowed", "no_win", "forbidden"),
        "SC-VOID-5: a concealed kong of the void suit is allowed, stands but bars a win (no_win, "
        "PDF), or is never offered (code)",
    )
    false_hu: str = choice(
        "reject",
        ("reject", "penalty"),
        "SC-WIN-3: a hu that does not win is refused, or penalised with 8 to each seat "
        "(penalty: dcmshi's applyAction)",
    )
    zi_mo: str = choice(
        "jia_di",
        ("jia_di", "jia_fan"),
        "SC-PAY-1: a self-draw adds 1 point outside the cap (自摸加底), or 1 fan within it "
        "(自摸加番) (code)",
    )
    jin_gou_diao: str = choice(
        "pair_wait",
        ("pair_wait", "four_melds"),
        "SC-PAT-金钩钓: 碰碰胡 won on the pair's tile (pair_wait), or with all four sets laid "
        "down (four_melds) (code)",
    )
    last_tile_gang_shang_pao: str = choice(
        "hai_di_only",
        ("hai_di_only", "both"),
        "SC-PAT-海底: a win on the discard after a last-tile replacement is 海底 only, or also "
        "杠上炮 with its refund (both, PDF) (code)",
    )
    gang_shang_pao_refund: str = choice(
        "latest_paid",
        ("latest_paid", "this_turn", "transfer"),
        "SC-REFUND-2 杠上炮: the discarder returns his latest kong money, every kong of that "
        "turn (this_turn, PDF), or pays it to the winner (transfer: 呼叫转移) (code)",
    )
    three_hu_check: bool = flag(
        True,
        "SC-END-2: at a three-winner end the last seat's hand is still checked (退税, 罚分, "
        "花猪); off (PDF): not (code)",
    )
    cha_jiao_gang_fan: bool = flag(
        False, "SC-CHAJIAO-3: 查叫's value counts the kongs made (杠) (code: it does not)"
    )
    pass_hu_compare: str = choice(
        "structural",
        ("structural", "score"),
        "SC-PASSHU-2 过水: a later discard win must be worth more, both scored as plain wins "
        "(structural), or as really paid (score) (code)",
    )
    pass_hu_reset: str = choice(
        "draw",
        ("draw", "any_draw"),
        "SC-PASSHU-3 过水: only an ordinary draw lifts the block, or a replacement too "
        "(any_draw) (code)",
    )
    exhaustive_wait: str = choice(
        "hand_and_melds",
        ("hand_and_melds", "hand"),
        "SC-WIN-2: a kind all four of which are in the seat's hand and melds is no wait, or only "
        "those in its hand (hand, PDF) (code)",
    )
    hua_zhu_payees: str = choice(
        "all",
        ("all", "non_pigs"),
        "SC-HUAZHU-1 花猪: pays every other seat, or none that is itself 花猪 (non_pigs) (code)",
    )
    pass_peng: bool = flag(False, "SC-PASSPENG-1: 过手碰 (PASSPENG-1) applies (dcmshi has none)")
    fan: tuple[tuple[str, int], ...] = fan_table(
        DEFAULT_FANS, "SCORE-2, SC-CAP-1: fan per pattern key, e.g. {'qing_yi_se': 3}"
    )

    @property
    def honors(self) -> bool:
        """Sichuan plays without honor tiles (SC-TILES-1): always ``False``."""
        return False

    @property
    def self_draw_bonus(self) -> int:
        """Points each payer adds outside the cap on a self-draw (SC-PAY-1): 1 with 自摸加底
        (``zi_mo="jia_di"``), 0 with 自摸加番 (the fan is in the breakdown instead)."""
        return 1 if self.zi_mo == "jia_di" else 0

    def fans(self) -> dict[str, int]:
        """Every pattern's fan (the defaults with the room's ``fan`` overrides), and the limit
        patterns 天胡 / 地胡 (``tian_hu``, ``di_hu``) at the cap, which is what they score
        (SC-PAT-天胡), so that a recorded breakdown holding one adds up."""
        table = super().fans()
        table["tian_hu"] = table["di_hu"] = self.fan_cap
        return table

    @property
    def cap_points(self) -> int:
        """The capped pattern score, ``2 ** fan_cap``: what 天胡 / 地胡 score (SC-PAT-天胡) and
        a 花猪 pays (SC-HUAZHU-1)."""
        return 1 << self.fan_cap

    @property
    def scoring(self) -> str:
        """How fan make points: ``"doubling"`` — a win's pattern score is
        ``2 ** min(fan, fan_cap)`` (SC-CAP-1), as a recorded breakdown is checked to say."""
        return "doubling"
