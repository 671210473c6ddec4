"""Sphinx extension: pictures of tiles, ``:tiles:`123m``` and ``.. hand::``.

The pictures are the SVG of :mod:`mahjong_rules.render`, written into the HTML page itself (no
image file, no web font). Other builders get the notation as text, so a page reads the same
in plain text; the doctest builder ignores both.

``:tiles:`123m456p789s11z``` draws tiles inline, at the height of the text. The directive ::

   .. hand:: 123m456p789s1z +1z
      :melds: P5m@1 A7p
      :wilds: 1p
      :how: self_draw
      :context: ting kong_chain=2

draws a hand: its concealed tiles (``-`` for none), then after ``+`` the winning tile, set
apart, then its melds (the text form of :class:`~mahjong_rules.Meld`). ``:wilds:`` names the
wildcard kinds (听用), ``:indicator:`` Yongshan's 本金 tile, ``:how:`` how it was won
(``self_draw``, ``discard`` or ``rob_kong``) and ``:context:`` the rest of the win's context,
as words: ``kong_chain=N`` (杠上花 after N kongs), ``after_kong`` (杠上炮), ``ting`` (报听),
``shi_lao_tou``, ``first_turn``, ``pengs=TILES`` (another seat's pengs, for 绝张), ``seat=N``
and ``dealer=N``. All of them but ``:melds:`` and ``:wilds:`` are said in a caption under the
picture; :func:`win_context` turns an example into the
:class:`~mahjong_rules.scoring.WinContext` that scores it, which the tests use to check that
every example on the pattern tables is a real instance of its pattern.

In a table, a hand drawn in a cell of a row moves, in the HTML pages, to a row of its own
under that row, spanning every column (:class:`HandRows`): in its narrow cell a 14-tile hand
shrank to tiles about 21 px tall; across the table it keeps its full height
(:data:`HAND_HEIGHT`) at the width of the text column.

The Unicode tile characters (🀇 U+1F007 ...) show as empty boxes where no font has them, which
is most browsers. So in the HTML pages (:class:`TileCharacterPictures`) a code block holding
some is followed by a line that draws each of them with its notation, and in running text
(prose, table cells, inline code) each is followed by its picture.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, ClassVar

from docutils import nodes  # type: ignore[import-untyped, unused-ignore]
from docutils.parsers.rst import Directive, directives  # type: ignore[import-untyped, unused-ignore]
from docutils.parsers.rst.states import Inliner  # type: ignore[import-untyped, unused-ignore]
from sphinx.transforms.post_transforms import SphinxPostTransform

from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.errors import InvalidHandError, MahjongRulesError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.notation import parse_tiles
from mahjong_rules.render import hand_svg, tiles_svg
from mahjong_rules.scoring import WinContext, WinKind
from mahjong_rules.tiles import Tile

__all__ = [
    "HandDirective",
    "HandExample",
    "HandRows",
    "TileCharacterPictures",
    "TilesNode",
    "caption",
    "parse_hand",
    "setup",
    "tile_characters",
    "tiles_role",
    "visit_tiles_html",
    "win_context",
]

INLINE_HEIGHT = 1.1
"""Height of a tile drawn by ``:tiles:``, in em (with its edge, about one line of text)."""
HAND_HEIGHT = 30.0
"""Height of a tile drawn by ``.. hand::``, in px."""
KEY_HEIGHT = 2.0
"""Height of a tile in the line that draws a code block's tile characters, in em."""
HAND_FIT = 0.5
"""A hand shrinks to a narrower column, down to this part of its full width."""

_FLAGS = {"after_kong", "ting", "shi_lao_tou", "first_turn"}
_NUMBERS = {"kong_chain": 4, "seat": 3, "dealer": 3}
_HOW_WORDS = {
    WinKind.SELF_DRAW: "自摸 self-drawn",
    WinKind.DISCARD: "点炮 won on a discard",
    WinKind.ROB_KONG: "抢杠 robbing a 补杠",
    WinKind.CHA_JIAO: "查叫 scored at a draw game",
}


@dataclass(frozen=True)
class HandExample:
    """A hand written for ``.. hand::``: the tiles, and how it was won."""

    hand: Hand
    """The concealed tiles (the winning tile included) and the melds."""
    winning_tile: Tile | None = None
    wilds: TileSet = field(default_factory=TileSet)
    """The wildcard kinds (听用, tīngyòng)."""
    how: WinKind | None = None
    indicator: Tile | None = None
    """Yongshan's 本金 (běnjīn) tile."""
    context: Mapping[str, Any] = field(default_factory=dict)
    """The ``:context:`` words: flags as ``True``, numbers as ``int``, ``pengs`` as tiles."""

    @property
    def text(self) -> str:
        """The example as the directive's argument and options would write it."""
        concealed = self.hand.concealed
        if self.winning_tile is not None:
            concealed = concealed.remove(self.winning_tile)
        words = [str(concealed) or "-"]
        if self.winning_tile is not None:
            words.append(f"+{self.winning_tile}")
        words += [str(m) for m in self.hand.melds]
        if self.wilds:
            words.append(f"(wildcards {self.wilds})")
        return " ".join(words)


def _fail(problem: str, where: str) -> InvalidHandError:
    return InvalidHandError(f"{problem} in {where!r}")


def _context_words(text: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for word in text.split():
        key, _, value = word.partition("=")
        if key in _FLAGS and not value:
            found[key] = True
        elif key in _NUMBERS and re.fullmatch(r"[0-9]", value):
            if int(value) > _NUMBERS[key]:
                raise _fail(f"{key} is 0..{_NUMBERS[key]}, got {value}", text)
            found[key] = int(value)
        elif key == "pengs" and value:
            found[key] = tuple(parse_tiles(value))
        else:
            allowed = ", ".join([*sorted(_FLAGS), *(f"{k}=N" for k in _NUMBERS), "pengs=TILES"])
            raise _fail(f"unknown context word {word!r} (allowed: {allowed})", text)
    return found


def parse_hand(argument: str, options: Mapping[str, str] | None = None) -> HandExample:
    """Read the argument and options of a ``.. hand::`` directive (see the module docs)."""
    options = options or {}
    concealed_text, plus, win_text = argument.partition("+")
    concealed_text = concealed_text.strip()
    concealed = TileCounts() if concealed_text in {"", "-"} else TileCounts(concealed_text)
    winning_tile = None
    if plus:
        tiles = parse_tiles(win_text)
        if len(tiles) != 1:
            raise _fail("'+' is followed by the one winning tile", argument)
        winning_tile = tiles[0]
        concealed = concealed.add(winning_tile)
    melds = tuple(Meld.parse(word) for word in options.get("melds", "").split())
    how = options.get("how")
    indicator = options.get("indicator")
    return HandExample(
        hand=Hand(concealed, melds),
        winning_tile=winning_tile,
        wilds=TileSet(parse_tiles(options.get("wilds", ""))),
        how=None if how is None else WinKind(how),
        indicator=None if indicator is None else Tile(indicator),
        context=_context_words(options.get("context", "")),
    )


def caption(example: HandExample) -> str:
    """What the caption under a hand says: how it was won and the context given."""
    context = example.context
    words = [] if example.how is None else [_HOW_WORDS[example.how]]
    if example.indicator is not None:
        words.append(f"本金 {example.indicator}")
    chain = context.get("kong_chain", 0)
    if chain:
        words.append(f"on the replacement tile after {chain} kong{'s' if chain > 1 else ''}")
    if context.get("after_kong"):
        words.append("on the konger's first discard after the kong")
    if context.get("ting"):
        words.append("报听 declared")
    if context.get("shi_lao_tou"):
        words.append("十老头: the first ten discards were honors")
    if context.get("first_turn"):
        words.append("on the first turn")
    if "pengs" in context:
        pengs = " ".join(str(t) for t in context["pengs"])
        words.append(f"another seat holds a peng of {pengs}")
    for key in ("seat", "dealer"):
        if key in context:
            words.append(f"{key} {context[key]}")
    return "; ".join(words)


def win_context(example: HandExample) -> WinContext:
    """The :class:`~mahjong_rules.scoring.WinContext` of the example's win.

    The wildcard tiles leave the concealed tiles and are counted in ``wilds``; the winner's own
    pengs and those of ``pengs=`` are the pengs on the table.
    """
    if example.winning_tile is None:
        raise _fail("a hand scored as a win needs its winning tile after '+'", example.text)
    hand, context = example.hand, example.context
    naturals = TileCounts(t for t in hand.concealed if t not in example.wilds)
    pengs = {m.tile for m in hand.melds if m.kind is MeldKind.PENG}
    pengs.update(context.get("pengs", ()))
    return WinContext(
        concealed=naturals,
        melds=hand.melds,
        winning_tile=example.winning_tile,
        how=example.how or WinKind.DISCARD,
        wilds=len(hand.concealed) - len(naturals),
        wild_kinds=example.wilds,
        indicator=example.indicator,
        kong_chain=context.get("kong_chain", 0),
        after_kong=context.get("after_kong", False),
        declared_ting=context.get("ting", False),
        shi_lao_tou=context.get("shi_lao_tou", False),
        pengs_on_table=frozenset(pengs),
        seat=context.get("seat", 0),
        dealer=context.get("dealer", 0),
        first_turn=context.get("first_turn", False),
    )


def _raw_pair(html: str, text: str) -> list[nodes.Node]:
    """The picture for HTML builders and the notation for the text builder."""
    return [nodes.raw("", html, format="html"), nodes.raw("", text, format="text")]


def tiles_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: Mapping[str, Any] | None = None,
    content: Sequence[str] = (),
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:tiles:`123m5p``` -> the tiles drawn inline, at the height of the text."""
    try:
        picture = tiles_svg(text, tile_height=INLINE_HEIGHT, unit="em")
    except MahjongRulesError as error:
        message = inliner.reporter.error(f":tiles: {error}", line=lineno)
        problem = inliner.problematic(rawtext, rawtext, message)
        return [problem], [message]
    html = f'<span class="mahjong-tiles-inline" style="vertical-align:-0.3em">{picture}</span>'
    return [TilesNode(rawtext, text, html=html)], []


class TilesNode(nodes.inline):  # type: ignore[misc]
    """Tiles drawn inline: HTML builders write the ``html`` attribute (the picture); every other
    builder writes the node's text, the notation, as the inline node it derives from."""


def visit_tiles_html(translator: Any, node: TilesNode) -> None:
    """Write the picture into the HTML page instead of the notation."""
    translator.body.append(node["html"])
    raise nodes.SkipNode


def _how(argument: str) -> str:
    return str(directives.choice(argument, [k.value for k in WinKind]))


class HandDirective(Directive):  # type: ignore[misc]
    """``.. hand:: CONCEALED +WIN`` -> a hand drawn as a block, with a caption (module docs)."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "melds": directives.unchanged,
        "wilds": directives.unchanged,
        "how": _how,
        "indicator": directives.unchanged,
        "context": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        """Draw the hand; a hand that cannot be read is an error naming the problem."""
        try:
            example = parse_hand(self.arguments[0], self.options)
            picture = hand_svg(
                example.hand,
                winning_tile=example.winning_tile,
                wilds=example.wilds,
                tile_height=HAND_HEIGHT,
                fit=HAND_FIT,
            )
        except (MahjongRulesError, ValueError) as error:
            raise self.error(f"hand {self.arguments[0]!r}: {error}") from None
        words = caption(example)
        html = f'<div class="mahjong-hand" style="margin:0.3em 0 0.6em">{picture}'
        text = f"[{example.text}]"
        if words:
            html += f'<div style="font-size:85%;opacity:0.8">{escape(words)}</div>'
            text += f" {words}"
        block = nodes.container(classes=["mahjong-hand"])
        block += _raw_pair(html + "</div>", text)
        return [block]


class HandRows(SphinxPostTransform):
    """HTML only: each table row holding ``.. hand::`` pictures is followed by a row of one
    cell spanning every column, and the pictures move there (see the module docs)."""

    default_priority = 900
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        for row in list(self.document.findall(nodes.row)):
            hands = [
                block
                for entry in row.children
                for block in entry.findall(nodes.container)
                if "mahjong-hand" in block["classes"]
            ]
            if not hands:
                continue
            columns = sum(1 + entry.get("morecols", 0) for entry in row.children)
            cell = nodes.entry(morecols=columns - 1, classes=["mahjong-hand-cell"])
            for block in hands:
                block.parent.remove(block)
                cell += block
            hand_row = nodes.row(classes=["mahjong-hand-row"])
            hand_row += cell
            row.parent.insert(row.parent.index(row) + 1, hand_row)
            row["classes"].append("has-hand-row")


_TILE_CHARACTER = re.compile("[\U0001f000-\U0001f02b]\ufe0f?")


def tile_characters(text: str) -> list[tuple[str, Tile]]:
    """Each distinct Unicode tile character of ``text`` the notation reads, in order of first
    appearance, with its tile (a variation selector after it, as in "🀄️", is kept with it)."""
    found: dict[str, Tile] = {}
    for match in _TILE_CHARACTER.finditer(text):
        char = match.group()
        try:
            (tile,) = parse_tiles(char)
        except (MahjongRulesError, ValueError):
            continue
        found.setdefault(char, tile)
    return list(found.items())


def _inline_picture(tiles: Sequence[Tile]) -> TilesNode:
    text = "".join(str(t) for t in tiles)
    picture = tiles_svg(text, tile_height=INLINE_HEIGHT, unit="em")
    html = f'<span class="mahjong-tiles-inline" style="vertical-align:-0.3em">{picture}</span>'
    return TilesNode(text, text, html=html)


_NO_PICTURES = (nodes.literal_block, nodes.doctest_block, nodes.literal, nodes.raw, nodes.title)


class TileCharacterPictures(SphinxPostTransform):
    """HTML only: a picture beside every Unicode tile character (see the module docs)."""

    default_priority = 900
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        for block in list(self.document.findall(nodes.literal_block)) + list(
            self.document.findall(nodes.doctest_block)
        ):
            found = tile_characters(block.astext())
            if found:
                block.parent.insert(block.parent.index(block) + 1, self._key(found))
        for literal in list(self.document.findall(nodes.literal)):
            found = tile_characters(literal.astext())
            if found and not _inside(literal, (nodes.title, nodes.literal_block)):
                parent = literal.parent
                parent.insert(parent.index(literal) + 1, _inline_picture([t for _, t in found]))
        for text in list(self.document.findall(nodes.Text)):
            if _inside(text, _NO_PICTURES) or not _TILE_CHARACTER.search(str(text)):
                continue
            parent, index, value = text.parent, text.parent.index(text), str(text)
            pieces: list[nodes.Node] = []
            last = 0
            for match in _TILE_CHARACTER.finditer(value):
                found = tile_characters(match.group())
                if found:
                    picture = _inline_picture([found[0][1]])
                    pieces += [nodes.Text(value[last : match.end()]), picture]
                    last = match.end()
            if pieces:
                if last < len(value):
                    pieces.append(nodes.Text(value[last:]))
                parent[index : index + 1] = pieces

    @staticmethod
    def _key(found: Sequence[tuple[str, Tile]]) -> nodes.Node:
        """The line under a code block: each tile character drawn, with its notation."""
        items = []
        for char, tile in found:
            picture = tiles_svg(str(tile), tile_height=KEY_HEIGHT, unit="em")
            items.append(
                f'<span style="white-space:nowrap;margin-right:0.8em">{picture} '
                f"<code>{escape(char)}</code> {tile}</span>"
            )
        html = (
            '<p class="mahjong-tile-key" style="font-size:90%;margin-top:-0.6em">'
            f"The tile characters above: {' '.join(items)}</p>"
        )
        text = "The tile characters above: " + ", ".join(f"{c} {t}" for c, t in found)
        block = nodes.container(classes=["mahjong-tile-key"])
        block += _raw_pair(html, text)
        return block


def _inside(node: nodes.Node, kinds: tuple[type, ...]) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, kinds):
            return True
        parent = parent.parent
    return False


def setup(app: Any) -> dict[str, Any]:
    """Register the ``tiles`` role and the ``hand`` directive."""
    app.add_node(TilesNode, html=(visit_tiles_html, None))
    app.add_post_transform(HandRows)
    app.add_post_transform(TileCharacterPictures)
    app.add_role("tiles", tiles_role)
    app.add_directive("hand", HandDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
