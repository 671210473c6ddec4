"""The words of the SVG pictures (:mod:`~mahjong_rules.render.svg`,
:mod:`~mahjong_rules.render.table`) in English and Chinese: the labels drawn beside a table's
rows, each tile's ``<title>`` and the picture's own title, which screen readers say.

English names a tile by its notation and its Chinese name (``5m 五万``); Chinese by its name
alone (``五万``).

>>> tile_title(Tile("5m"), lang="zh"), tile_title(Tile("1p"), wild=True, lang="zh")
('五万', '一筒，听用')
>>> word("heading", "zh", seat=0, phase="定缺", n=55)
'座位 0 的视角 · 定缺 · 牌墙剩余 55 张'
"""

from __future__ import annotations

from collections.abc import Iterable

from mahjong_rules.engine.word_hooks import LANGS, Lang
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import Tile

__all__ = ["check_lang", "meld_words", "phase_name", "tile_title", "tiles_said", "word"]

_WORDS: dict[str, tuple[str, str]] = {
    "face_down": ("face down", "牌背"),
    "wild": ("wildcard 听用", "听用"),
    "drawn": ("drawn", "摸到"),
    "discard": ("discard", "弃牌"),
    "winning": ("winning tile", "胡的牌"),
    "indicator": ("本金 indicator", "本金"),
    "wild_kind": ("wildcard kind", "本局听用牌"),
    "seat": ("seat {seat}", "座位 {seat}"),
    "won": ("胡 won", "已胡"),
    "no_discards": ("no discards", "无弃牌"),
    "heading": (
        "seat {seat}'s view · {phase} · {n} tiles left",
        "座位 {seat} 的视角 · {phase} · 牌墙剩余 {n} 张",
    ),
    "title": (
        "The table as seat {seat} sees it, {n} tiles left",
        "座位 {seat} 所见的牌桌，牌墙剩余 {n} 张",
    ),
    "yours": ("you: {notes}", "你：{notes}"),
    "own_hand": ("own hand {tiles}", "手牌 {tiles}"),
    "own_drawn": ("drawn {tile}", "摸到 {tile}"),
    "own_melds": ("own melds {melds}", "副露 {melds}"),
    "other": ("seat {seat}: {n} tiles", "座位 {seat}：{n} 张"),
    "melds": ("melds {melds}", "副露 {melds}"),
    "hidden": ("{n} hidden 暗杠", "暗杠 {n} 个"),
    "none": ("-", "无"),
    "tiles": ("Tiles: {tiles}", "牌：{tiles}"),
    "no_tiles": ("No tiles", "无牌"),
    "hand": ("Hand: {tiles}", "手牌：{tiles}"),
    "no_concealed": ("no concealed tiles", "无暗牌"),
    "hand_winning": (", winning tile {tile}", "，胡的牌 {tile}"),
    "tiles_winning": ("; winning tile {tile}", "；胡的牌 {tile}"),
    "hand_melds": ("; melds: {melds}", "；副露：{melds}"),
}
_PHASES_ZH = {
    "choosing": "选择",
    "turn": "出牌",
    "claim": "可碰杠胡",
    "rob": "可抢杠",
    "ended": "本局结束",
}
_SEP = {"en": ", ", "zh": "，"}


def check_lang(lang: object) -> Lang:
    """``lang`` if it is one of :data:`~mahjong_rules.engine.word_hooks.LANGS`; anything else
    raises :class:`TypeError` (the annotation says what is allowed)."""
    if not isinstance(lang, str) or lang not in LANGS:
        raise TypeError(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    return "zh" if lang == "zh" else "en"


def word(key: str, lang: Lang, **fields: object) -> str:
    """The picture's words ``key`` in ``lang``, with ``fields`` filled in."""
    en, zh = _WORDS[key]
    return (zh if lang == "zh" else en).format(**fields)


def phase_name(phase: str, lang: Lang) -> str:
    """A phase of play (a :class:`~mahjong_rules.engine.state.Phase` value) as the heading
    says it: its value in English (``turn``), its Chinese name (``出牌``)."""
    return _PHASES_ZH.get(phase, phase) if lang == "zh" else phase


def tile_title(tile: Tile | None, wild: bool = False, note: str = "", lang: Lang = "en") -> str:
    """The accessible text of one drawn tile: ``5m 五万`` (``五万``), ``face down``
    (``牌背``), then whether it is a wildcard and ``note``, each after a comma."""
    if lang == "zh":
        text = word("face_down", lang) if tile is None else tile.name_zh
    else:
        text = word("face_down", lang) if tile is None else f"{tile.notation} {tile.name_zh}"
    if wild:
        text += _SEP[lang] + word("wild", lang)
    if note:
        text += _SEP[lang] + note
    return text


def tiles_said(tiles: Iterable[Tile | None], lang: Lang) -> str:
    """Tiles one by one, ``face down`` for ``None``: in the notation (``1m 5z``), in Chinese by
    name (``一万 白``)."""
    down = word("face_down", lang)
    if lang == "zh":
        return " ".join(down if t is None else t.name_zh for t in tiles)
    return " ".join(down if t is None else t.notation for t in tiles)


def meld_words(meld: Meld, lang: Lang) -> str:
    """A meld in a picture's title: ``碰 (peng) of 5m with wildcards 8p from seat 1``
    (``碰 五万（听用 八筒；座位 1 打出）``)."""
    if lang == "zh":
        notes = []
        if meld.wild_tiles:
            notes.append(f"听用 {tiles_said(meld.wild_tiles, lang)}")
        if meld.from_seat is not None:
            notes.append(f"座位 {meld.from_seat} 打出")
        more = f"（{'；'.join(notes)}）" if notes else ""
        return f"{meld.kind.name_zh} {meld.tile.name_zh}{more}"
    text = f"{meld.kind.name_zh} ({meld.kind.value}) of {meld.tile}"
    if meld.wild_tiles:
        text += f" with wildcards {''.join(t.notation for t in meld.wild_tiles)}"
    if meld.from_seat is not None:
        text += f" from seat {meld.from_seat}"
    return text
