"""The settlement as the CLI prints it (``play``, ``play --human``, ``replay``): every payment
of the hand under its payer and its payee, with its reason and counterparty, each seat's lines
adding up to its delta. Scripted hands (``scripting``, DEAL-1) with kong money (BS-GANG-1,
BS-GANG-7), 查叫 (BS-CHAJIAO-1/2) and 罚分 with both items (YS-PENALTY-1, YS-PENALTY-2); the
payments themselves are pinned by tests/test_baoshan_settlement.py and
tests/test_yongshan_settlement.py, the amounts below are worked out from the SPEC again.
"""

from __future__ import annotations

import io

from mahjong_rules import Discard, HandResult, Pass, Phase, State, get_variant
from mahjong_rules.bots import Bot
from mahjong_rules.cli.human import Human, hands_lines, play_with_human
from mahjong_rules.cli.human_text import Lang, action_text
from mahjong_rules.cli.log import hand_lines
from mahjong_rules.cli.settle import payment_items, settlement_lines
from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.view import View
from mahjong_rules.records import HandRecord
from mahjong_rules.variants.base import Rules
from scripting import Q, burn, deal, make_wall, play

BAOSHAN = get_variant("baoshan")
YONGSHAN = get_variant("yongshan")

# The hands of tests/test_yongshan_settlement.py's 罚分 table (本金 9p: the wildcard is 1p).
PIG = "1111p5p2589m25789s"
"""The dealer: discards 9s first and keeps 万, 筒 and 条 (花猪, three suits)."""
PENALTY_HANDS = {
    0: PIG,
    1: "123m456m789m234s5s",  # lacks 筒, waits 2s/5s: best win 无听用, 2 points
    2: "222p444p333s66s88s",  # lacks 万, waits 6s/8s: 碰碰胡 + 无听用, 4 points
    3: "35677889p14679s",  # lacks 万, not ready
}

HUA_ZHU = "罚分 penalty, 花猪 hua_zhu: the payer holds all three suits"
CHA_JIAO_ITEM = "罚分 penalty, 查叫 cha_jiao: the payer is not ready"
PENALTY_SETTLEMENT = [
    "结算 settlement: 流局 draw game (next dealer: seat 0)",
    "  seat  received  paid  delta",
    "     0         0    24    -24  not ready",
    "     1        10     0    +10  ready 听牌",
    "     2        12     0    +12  ready 听牌",
    "     3         8     6     +2  not ready",
    "   all        30    30      0",
    "  seat 0: -24",
    f"     -8  to seat 1: {HUA_ZHU}",
    f"     -8  to seat 2: {HUA_ZHU}",
    f"     -8  to seat 3: {HUA_ZHU}",
    "  seat 1: +10",
    f"     +8  from seat 0: {HUA_ZHU}",
    f"     +2  from seat 3: {CHA_JIAO_ITEM}",
    "  seat 2: +12",
    f"     +8  from seat 0: {HUA_ZHU}",
    f"     +4  from seat 3: {CHA_JIAO_ITEM}",
    "  seat 3: +2",
    f"     +8  from seat 0: {HUA_ZHU}",
    f"     -2  to seat 1: {CHA_JIAO_ITEM}",
    f"     -4  to seat 2: {CHA_JIAO_ITEM}",
]
"""YS-PENALTY-1: the 花猪 pays each other un-won seat lacking a suit the cap's 8; YS-PENALTY-2:
the un-ready seat 3 pays seat 1 2 and seat 2 4; YS-DEALER-1: no winner, the dealer stays."""


def ended(rules: Rules, state: State) -> HandResult:
    result = rules.result(state)
    assert result is not None
    return result


def penalty_hand() -> State:
    state = deal(YONGSHAN, PENALTY_HANDS, indicator="9p")
    return burn(YONGSHAN, state)


def test_ys_penalty1_and_2_each_item_named_in_the_settlement() -> None:
    """YS-PENALTY-1 / YS-PENALTY-2: every 罚分 payment under both seats, named 花猪 or 查叫."""
    state = penalty_hand()
    result = ended(YONGSHAN, state)
    assert result.deltas == (-24, 10, 12, 2)
    items = payment_items(YONGSHAN, state, result, "en")
    assert settlement_lines(result, "en", items) == PENALTY_SETTLEMENT
    log = hand_lines([state], "en", items)
    assert log[-5:] == [
        f"  seat 0 pays seat 1 8 ({HUA_ZHU})",
        f"  seat 0 pays seat 2 8 ({HUA_ZHU})",
        f"  seat 0 pays seat 3 8 ({HUA_ZHU})",
        f"  seat 3 pays seat 1 2 ({CHA_JIAO_ITEM})",
        f"  seat 3 pays seat 2 4 ({CHA_JIAO_ITEM})",
    ]


def test_ys_penalty_items_in_chinese() -> None:
    """YS-PENALTY-1 / YS-PENALTY-2 in ``--lang zh``: the same payments, all in Chinese."""
    state = penalty_hand()
    result = ended(YONGSHAN, state)
    items = payment_items(YONGSHAN, state, result, "zh")
    pig, cha = "罚分·花猪：付方三门齐", "罚分·查叫：付方未听牌"
    assert settlement_lines(result, "zh", items) == [
        "结算：流局（下一局庄家：座位 0）",
        "  座位  收入  支出  净得",
        "     0     0    24   -24  未听牌",
        "     1    10     0   +10  听牌",
        "     2    12     0   +12  听牌",
        "     3     8     6    +2  未听牌",
        "  合计    30    30     0",
        "  座位 0：-24",
        f"     -8  付给座位 1：{pig}",
        f"     -8  付给座位 2：{pig}",
        f"     -8  付给座位 3：{pig}",
        "  座位 1：+10",
        f"     +8  收自座位 0：{pig}",
        f"     +2  收自座位 3：{cha}",
        "  座位 2：+12",
        f"     +8  收自座位 0：{pig}",
        f"     +4  收自座位 3：{cha}",
        "  座位 3：+2",
        f"     +8  收自座位 0：{pig}",
        f"     -2  付给座位 1：{cha}",
        f"     -4  付给座位 2：{cha}",
    ]
    assert hand_lines([state], "zh", items)[-1] == f"  座位 3 付给座位 2 4 分（{cha}）"


def test_bs_gang1_kong_money_and_the_win_in_the_settlement() -> None:
    """BS-GANG-1: seat 1 kongs the dealer's 5m (the dealer pays 1 at once, and it stands);
    seat 2 then self-draws 9m (门清, 2 from each, BS-PAY-1); BS-DEALER-1: seat 2 deals next.
    The dealer's -3 is the kong's 1 and the win's 2, both shown."""
    hands = {0: Q + "5m", 1: "234m55567m666s99s", 2: "78m888m333p666p99s", 3: Q}
    state = deal(BAOSHAN, hands, draws="9m", replacements="1p")
    state = play(BAOSHAN, state, "0:D5m 1:G5m 1:D1p 2:H")
    result = ended(BAOSHAN, state)
    kong = "杠 kong money, kong 1 of the hand"
    assert settlement_lines(result) == [
        "结算 settlement (next dealer: seat 2)",
        "  seat  received  paid  delta",
        "     0         0     3     -3",
        "     1         1     2     -1",
        "     2         6     0     +6  胡 won (自摸 self-draw, 2 points)",
        "     3         0     2     -2",
        "   all         7     7      0",
        "  seat 0: -3",
        f"     -1  to seat 1: {kong}",
        "     -2  to seat 2: 胡 win",
        "  seat 1: -1",
        f"     +1  from seat 0: {kong}",
        "     -2  to seat 2: 胡 win",
        "  seat 2: +6",
        "     +2  from seat 0: 胡 win",
        "     +2  from seat 1: 胡 win",
        "     +2  from seat 3: 胡 win",
        "  seat 3: -2",
        "     -2  to seat 2: 胡 win",
    ]


def test_bs_chajiao1_cha_jiao_payments_in_the_settlement() -> None:
    """BS-CHAJIAO-1 / BS-CHAJIAO-2 查大叫: seat 3 alone is not ready and pays the dealer 2
    (门清), seat 1 4 (门清 + 大对子) and seat 2 2 (门清); BS-DEALER-4 1赔3: seat 3 deals next."""
    hands = {0: "123m456m789m11p23p9s", 1: "2333m333p666p999s", 2: "456m456p456s888s9p", 3: Q}
    state = burn(BAOSHAN, deal(BAOSHAN, hands, tail="3s3s3s3s"))
    result = ended(BAOSHAN, state)
    why = "查叫 cha_jiao (ready at the draw)"
    assert settlement_lines(result) == [
        "结算 settlement: 流局 draw game (next dealer: seat 3)",
        "  seat  received  paid  delta",
        "     0         2     0     +2  ready 听牌",
        "     1         4     0     +4  ready 听牌",
        "     2         2     0     +2  ready 听牌",
        "     3         0     8     -8  not ready",
        "   all         8     8      0",
        "  seat 0: +2",
        f"     +2  from seat 3: {why}",
        "  seat 1: +4",
        f"     +4  from seat 3: {why}",
        "  seat 2: +2",
        f"     +2  from seat 3: {why}",
        "  seat 3: -8",
        f"     -2  to seat 0: {why}",
        f"     -4  to seat 1: {why}",
        f"     -2  to seat 2: {why}",
    ]


def test_bs_gang7_void_kong_money_is_shown_cancelled() -> None:
    """BS-GANG-7 黄庄黄杠: seat 1's 暗杠 earned 2 from each seat (BS-GANG-3); at the 流局 with
    查叫 on and nobody ready those payments are void: no seat pays, and the cancelled ones are
    listed."""
    hands = {0: Q + "9m", 1: "5555m12m36p33369s", 2: Q, 3: Q}
    state = play(BAOSHAN, deal(BAOSHAN, hands, draws="9p"), "0:D9m 1:A5m")
    result = ended(BAOSHAN, burn(BAOSHAN, state))
    assert settlement_lines(result)[7:] == [
        "  seat 0: 0",
        "    no payments",
        "  seat 1: 0",
        "    no payments",
        "  seat 2: 0",
        "    no payments",
        "  seat 3: 0",
        "    no payments",
        "  cancelled: "
        + "; ".join(
            f"seat {payer} pays seat 1 2 (杠 kong money, kong 1 of the hand)" for payer in (0, 2, 3)
        ),
    ]


class Quiet(Bot):
    """Plays as :func:`scripting.burn` does: discards the tile drawn (else the highest held)
    and passes every claim."""

    def choose(self, view: View) -> Action:
        if view.phase is Phase.TURN:
            tile = view.drawn if view.drawn is not None else max(view.concealed)
            return Discard(view.seat, tile)
        return Pass(view.seat)


def typed_answers(rules: Rules, state: State, seat: int, lang: Lang) -> str:
    """What a player at ``seat`` types to play the hand as :class:`Quiet` plays it."""
    lines = []
    while rules.result(state) is None:
        acting = min(rules.to_act(state))
        action = Quiet().choose(rules.view(state, acting))
        if acting == seat:
            lines.append(action_text(action, lang))
        state = rules.apply(state, action)
    return "\n".join(lines) + "\n"


def test_ys_penalty_items_at_the_table() -> None:
    """YS-PENALTY-1 / YS-PENALTY-2 at ``play --human``: the 花猪 seat's player sees the log's
    罚分 lines and the settlement with each item, in English and in Chinese."""
    wall = make_wall(PENALTY_HANDS, indicator="9p")
    record = HandRecord.new(YONGSHAN, wall=wall)
    for lang in ("en", "zh"):
        lang_: Lang = "zh" if lang == "zh" else "en"
        answers = typed_answers(YONGSHAN, record.start(), 0, lang_)
        out = io.StringIO()
        human = Human(0, lang_, io.StringIO(answers), out)
        _, result = play_with_human(YONGSHAN, [Quiet()] * 4, human, record)
        lines = out.getvalue().splitlines()
        assert result.deltas == (-24, 10, 12, 2)
        final = penalty_hand()
        shown = hands_lines(final, lang_)  # issue 34: every hand after the settlement
        assert lines[-len(shown) :] == shown
        lines = lines[: -len(shown)]
        items = payment_items(YONGSHAN, final, result, lang_)
        assert lines[-len(PENALTY_SETTLEMENT) :] == settlement_lines(result, lang_, items)
        if lang == "en":
            assert lines[-len(PENALTY_SETTLEMENT) :] == PENALTY_SETTLEMENT
            assert f"  seat 0 pays seat 3 8 ({HUA_ZHU})" in lines
            assert f"  seat 3 pays seat 2 4 ({CHA_JIAO_ITEM})" in lines
        else:
            assert "  座位 0 付给座位 3 8 分（罚分·花猪：付方三门齐）" in lines
