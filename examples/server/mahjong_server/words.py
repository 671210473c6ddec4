"""The served table's own words, in English and Chinese (中文 zhōngwén).

What the game says (the phase, the log, the actions, the settlement) comes from the library's
words in the table's language; what the server itself says (the lobby, the table page's labels
and status lines, the errors it sends, who sits at a seat) is here, each text with its Chinese
counterpart, chosen by the table's language (``lang=zh`` when it was opened):

>>> text("your_move", "zh"), text("seat", "en", seat=2)
('轮到你：', 'seat 2')
>>> error_text("stale", "zh", "too late")
'太迟了：这一步已经过去。'
>>> error_text("stale", "en", "too late")
'too late'
"""

from __future__ import annotations

from mahjong_rules.engine.word_hooks import Lang

__all__ = ["ERRORS", "PAGE_KEYS", "TEXTS", "error_text", "page_texts", "text"]

TEXTS: dict[str, tuple[str, str]] = {
    # the pages
    "site": ("mahjong_rules table", "麻将牌桌"),
    "lobby_title": ("mahjong_rules: the lobby", "麻将大厅"),
    "lobby_heading": ("麻将 mahjong tables", "麻将牌桌"),
    "lobby": ("lobby", "大厅"),
    "back_to_lobby": ("the lobby", "回到大厅"),
    "game": ("game", "玩法"),
    "your_seat": ("your seat", "你的座位"),
    "people": ("other seats for people (bots play the rest)", "其他真人座位（其余由机器人打）"),
    "seed": ("seed", "种子"),
    "random": ("random", "随机"),
    "language": ("language", "语言"),
    "open_table": ("open a table", "开桌"),
    "tables": ("Tables", "牌桌"),
    "no_table": ("No table yet.", "还没有牌桌。"),
    "take_seat": ("take seat {seat}", "入座 {seat} 号位"),
    "seat_kind": ("seat {seat}: {kind}", "座位 {seat}：{kind}"),
    "over": ("over", "已结束"),
    "playing": ("playing", "进行中"),
    "other_lang": ("中文", "English"),
    "table_title": ("{name} · table {table} · seat {seat}", "{name} · 牌桌 {table} · 座位 {seat}"),
    "table_line": ("table {table} · seat {seat}", "牌桌 {table} · 座位 {seat}"),
    "connecting": ("connecting…", "连接中…"),
    "tuoguan_note": ("托管: a bot plays your seat.", "托管：机器人正在替你打牌。"),
    "take_back": ("take my seat back", "收回座位"),
    # the table page's script (PAGE_KEYS)
    "your_move": ("your move:", "轮到你："),
    "seat": ("seat {seat}", "座位 {seat}"),
    "you": ("you", "你"),
    "person": ("person", "玩家"),
    "bot": ("bot", "机器人"),
    "tuoguan": ("托管 (a bot for now)", "托管（暂由机器人代打）"),
    "away": ("{who}, away", "{who}（离线）"),
    "seat_is": ("seat {seat}: {who}", "座位 {seat}：{who}"),
    "total": ("seat {seat}: {total}", "座位 {seat}：{total}"),
    "payment": (
        "{payer} → {payee}: {amount} ({reason})",
        "{payer} → {payee}：{amount}（{reason}）",
    ),
    "comma": (", ", "、"),
    "semicolon": ("; ", "；"),
    "connected": ("connected", "已连接"),
    "reconnecting": ("reconnecting…", "重新连接中…"),
    "elsewhere": ("open in another page", "已在另一页面打开"),
    "hand_over": ("the hand is over", "本局结束"),
    "replay": ("the hand's replay", "本局复盘"),
    "hands": ("every hand, face up", "各家手牌"),
    "hand_of": ("seat {seat}: {tiles}", "座位 {seat}：{tiles}"),
    "no_tiles": ("(no tiles)", "（无）"),
    "phase_watched": ("{stage}: the asked seats choose", "{stage}：等待选择"),
    # refusals of the pages
    "own_server": (
        "this table plays only with pages of its own server",
        "本牌桌只接受本服务器页面的连接",
    ),
    "too_long": ("too long", "太长了"),
    "no_page": ("no such page", "没有这个页面"),
    "not_over": ("the hand is not over yet", "本局还没有结束"),
    "next_hand": ("next hand", "下一局"),
    "waiting_next": ("waiting for the others", "等待其他玩家"),
    "match_line": ("hand {hand} of {hands}", "第 {hand} / {hands} 局"),
    "match_over": ("the match is over", "比赛结束"),
    "watching": ("watching", "观战"),
    "watch": ("watch", "观战"),
    "hands_label": ("hands in the match", "局数"),
    "options_label": ("room options", "房间选项"),
}
"""Every fixed text of the server, by key: ``(English, Chinese)``, with ``{fields}``."""

PAGE_KEYS = (
    *("your_move", "seat", "you", "person", "bot", "tuoguan", "away", "connected"),
    *("seat_is", "total", "payment", "comma", "semicolon"),
    *("reconnecting", "elsewhere", "hand_over", "replay", "hands", "hand_of", "no_tiles"),
    *("next_hand", "waiting_next", "match_line", "match_over", "watching"),
)
"""The texts the table page's script shows itself (:func:`page_texts`)."""

ERRORS: dict[str, str] = {
    "not_json": "这不是 JSON 文本。",
    "not_object": "消息应是一个 JSON 对象。",
    "unknown_type": "不认识这种消息。",
    "bad_field": "消息的字段不对。",
    "too_long": "消息太长了。",
    "binary": "消息应是文本，而不是二进制。",
    "not_joined": "请先入座。",
    "no_table": "没有这张牌桌。",
    "no_seat": "这张牌桌没有这个真人座位。",
    "seat_taken": "这个座位已经有人了。",
    "bad_answer": "这不是一个动作。",
    "illegal": "现在不能这样做。",
    "stale": "太迟了：这一步已经过去。",
    "closed": "这个座位已在另一个连接中打开。",
    "bad_seat": "座位是 0 到 3。",
    "no_game": "没有这个玩法。",
    "full": "牌桌已满，请稍后再试。",
    "not_over": "本局还没有结束。",
    "bad_token": "这个凭证不属于这张牌桌。",
    "bad_options": "房间选项不对。",
    "watching": "观战者不能出牌。",
}
"""The Chinese of each ``error`` code the server sends (the English is the error's own text)."""


def text(key: str, lang: Lang, **fields: object) -> str:
    """The server's text ``key`` in ``lang``, with ``fields`` filled in."""
    en, zh = TEXTS[key]
    return (zh if lang == "zh" else en).format(**fields)


def page_texts(lang: Lang) -> dict[str, str]:
    """The texts the table page's script shows (a seat's line, status lines, the end), by key,
    their ``{fields}`` left for the script to fill."""
    return {key: TEXTS[key][1 if lang == "zh" else 0] for key in PAGE_KEYS}


def error_text(code: str, lang: Lang, why: str) -> str:
    """What an ``error`` message of ``code`` says: ``why`` (English), or its Chinese."""
    return ERRORS.get(code, why) if lang == "zh" else why
