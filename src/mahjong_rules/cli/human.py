"""``play --human SEAT``: play one seat yourself against bots, in the terminal or through a pipe.

Everything shown comes from :meth:`rules.view(state, seat) <mahjong_rules.Rules.view>` of your
seat, never from the state: after every action, what your seat saw happen (another seat's draw
without its tile, no other seat's pass); when you are asked, the table — your hand (Unicode tile
characters and the one-line notation, the drawn tile apart), your melds, the 本金 and wildcards,
each seat's melds, hidden kongs, tile count and discards, the tiles left in the wall — and your
legal actions, numbered. Wildcards (听用) are set apart in the hand and marked ``*`` there and
in melds; a discard another seat claimed stays in its pond, in brackets with who took it.
Type a number, the action's text (``discard 5m``, ``5m``, ``pass``, ``hu``; ``--lang zh``:
``打 5m``, ``过``, ``胡``; a variant's own as its words name it) or its notation, with or
without the seat, as ``str(action)`` writes it (``0 void m 1m``); anything else asks again.
When one action is all the seat may do, the prompt names it and an empty line (Enter) takes
it; otherwise an empty line asks again. A variant's own actions, events, phase headings and
view records are shown in its words (:class:`~mahjong_rules.engine.word_hooks.WordHooks`).
The settlement is a table, then every payment by seat with its reason and counterparty (a 罚分
item is named from the hands, shown at the end). If standard input ends before the hand does,
the command stops with one ``error:`` line (status 2).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TextIO

from mahjong_rules.bots import Bot
from mahjong_rules.cli.common import CliError
from mahjong_rules.cli.human_text import Lang, action_label, action_text, label
from mahjong_rules.cli.ponds import Ponds
from mahjong_rules.counts import TileCounts, TileSet
from mahjong_rules.engine.actions import Action, Discard, parse_action
from mahjong_rules.engine.events import Event
from mahjong_rules.engine.settlement import HandResult
from mahjong_rules.engine.state import Phase, State
from mahjong_rules.engine.view import View
from mahjong_rules.engine.word_hooks import tile_words
from mahjong_rules.errors import MahjongRulesError
from mahjong_rules.melds import Meld, MeldKind
from mahjong_rules.notation import format_tiles
from mahjong_rules.records import HandRecord
from mahjong_rules.tiles import Tile
from mahjong_rules.variants import Rules
from mahjong_rules.variants.registry import rules_for
from mahjong_rules.words.events import event_lines
from mahjong_rules.words.lookup import words_for
from mahjong_rules.words.payments import Items, payment_items, settlement_lines
from mahjong_rules.words.table import hands_lines, ready_words

__all__ = ["Human", "hands_lines", "meld_words", "pick", "play_with_human", "table_lines"]


class Human:
    """A seat played by a person who reads ``out`` and types on ``source``: :meth:`choose`
    shows the view and reads a choice. On a terminal the prompt waits at the end of its line;
    through a pipe it is a line of its own."""

    def __init__(self, seat: int, lang: Lang, source: TextIO, out: TextIO) -> None:
        self.seat, self.lang, self.source, self.out = seat, lang, source, out
        self.tty = source.isatty()
        self.ponds: Ponds | None = None
        self.ready: str | None = None
        """The seat's 听 and its waits as last told (:func:`~mahjong_rules.words.ready_words`)."""

    def see(
        self,
        events: Iterable[Event],
        players: int,
        items: Items | None = None,
        rules: Rules | None = None,
        view: View | None = None,
    ) -> None:
        """Write the log lines of ``events`` (the seat's view of one transition; ``items``
        names 罚分 items; a win's patterns named as the room of ``rules`` names them; ``view``,
        the seat's view after it, tells how many have won and which void suit a discard turned
        up) and remember the discards and the claims on them."""
        if self.ponds is None:
            self.ponds = Ponds(players)
        wins = 0 if view is None else sum(s.won for s in view.seats)
        for event in events:
            self.ponds.see(event)
            for line in event_lines(event, None, self.lang, items, rules, wins, view):
                self.write(line)

    def write(self, line: str) -> None:
        """Write one line, flushed."""
        self.out.write(line + "\n")
        self.out.flush()

    def read(self, prompt: str) -> str:
        """Show ``prompt`` and read one line (``""`` at the end of the input)."""
        self.out.write(prompt if self.tty else prompt.rstrip() + "\n")
        self.out.flush()
        return self.source.readline()

    def choose(self, view: View, rules: Rules | None = None) -> Action:
        """Show ``view`` and its numbered actions (named by the words of ``rules``, or else
        of the view's room); read a choice until one fits. With one action only, say what
        it is and take it on an empty line (Enter); with more, an empty line asks again."""
        words = _room(view, rules)
        for line in table_lines(view, self.lang, self.ponds, words):
            self.write(line)
        if self.ready is not None and len(view.concealed) % 3 == 1:
            self.write(self.ready)
        actions = view.legal_actions
        self.write(label("actions", self.lang))
        for k, action in enumerate(actions, 1):
            self.write(f"  {k}) {action_label(action, self.lang, words)}")
        n = len(actions)
        if n == 1:
            prompt = label("forced", self.lang, action=action_label(actions[0], self.lang, words))
        else:
            prompt = label("prompt", self.lang, n=n)
        while True:
            line = self.read(prompt)
            if not line:
                raise CliError(label("eof", self.lang, seat=self.seat))
            if not line.strip():
                if n == 1:
                    return actions[0]
                self.write(label("empty", self.lang, n=n))
                continue
            found = pick(actions, line, self.lang, words, held=view.concealed)
            if isinstance(found, Action):
                return found
            self.write(found)


def _room(view: View, rules: Rules | None) -> Rules | None:
    """``rules``, or the rules of the room ``view`` shows, if its variant is registered."""
    if rules is not None:
        return rules
    try:
        return rules_for(view.options)
    except (MahjongRulesError, TypeError):
        return None


def pick(
    actions: Sequence[Action],
    text: str,
    lang: Lang,
    rules: Rules | None = None,
    held: TileCounts | None = None,
) -> Action | str:
    """The action ``text`` names — its number, its text or its label in either language (as
    the words of ``rules`` give them), for a discard the tile alone (``5m``, ``五万``, ``打
    五万``), or its notation with or without the seat (``0 void m 1m``, ``swap 5m3m4m``, ``换
    3m4m5m``) — or the message to show when it names none or several. A tile named to discard
    that is no choice says why: ``you hold no 五万`` (``held``: the seat's concealed tiles), or
    that it may not be discarded now."""
    typed = " ".join(text.split()).lower()
    n = len(actions)
    if typed.isascii() and typed.isdigit() and len(typed) <= 6:
        k = int(typed)
        if 1 <= k <= n:
            return actions[k - 1]
    named = [
        (a, action_text(a, "en", rules).lower(), action_text(a, "zh", rules).lower())
        for a in actions
    ]
    labels = {
        a: (action_label(a, "en", rules).lower(), action_label(a, "zh", rules)) for a in actions
    }
    tile = _named_tile(typed)
    fits = [
        a
        for a, en, zh in named
        if typed in (en, zh, *labels[a]) or (isinstance(a, Discard) and a.tile == tile)
    ]
    if not fits and tile is not None and not any(a == _parsed(typed) for a in actions):
        if held is not None and tile not in held:
            return label("not_held", lang, tile=tile.name_zh)
        if any(isinstance(a, Discard) for a in actions):
            return label("not_now", lang, tile=tile_words(tile))
    if not fits and typed and actions:
        fits = [a for a, en, _ in named if en.startswith(typed + " ")]
        if not fits:  # the action's notation: ``0 void m 1m``, tiles in another order
            written = _parsed(typed) if typed[:1].isdigit() else None
            if written is None:
                written = _parsed(f"{actions[0].seat} {typed}")
            fits = [a for a in actions if a == written]
    if len(fits) == 1:
        return fits[0]
    if len(fits) > 1:
        which = ", ".join(str(actions.index(a) + 1) for a in fits)
        return label("ambiguous", lang, text=text.strip(), which=which)
    return label("bad", lang, text=text.strip()[:40], n=n)


def _named_tile(typed: str) -> Tile | None:
    """The tile ``typed`` names to discard: ``5m``, ``五万``, ``discard 5m``, ``打 五万``."""
    for verb in ("discard ", "打 ", "打"):
        if typed.startswith(verb):
            typed = typed[len(verb) :].strip()
            break
    found = _TILE_NAMES.get(typed)
    if found is not None:
        return found
    if len(typed) == 2 and typed.isascii():
        try:
            return Tile(typed)
        except MahjongRulesError:
            return None
    return None


_TILE_NAMES = {t.name_zh: t for t in (Tile(f"{n}{s}") for s in "mps" for n in range(1, 10))}
_TILE_NAMES.update({t.name_zh: t for t in (Tile(f"{n}z") for n in range(1, 8))})


def _parsed(text: str) -> Action | None:
    """``text`` read as an action's one-line notation, or ``None``."""
    try:
        return parse_action(text)
    except MahjongRulesError:
        return None


def _hand_text(view: View, lang: Lang) -> str:
    """The hand as tile characters and notation, its wildcards (听用) apart and named, the
    tile drawn this turn last."""
    hand = view.concealed
    drawn = view.drawn if view.drawn is not None and view.drawn in hand else None
    rest = hand.remove(drawn) if drawn is not None else hand
    wilds = [t for t in rest if t in view.wild_kinds]
    naturals = TileCounts([t for t in rest if t not in view.wild_kinds])
    parts = [f"{naturals.format('unicode')}  {_tiles(naturals, lang)}"] if naturals else []
    if wilds:
        marked = " ".join(f"{t.name_zh if lang == 'zh' else t}*" for t in wilds)
        parts.append(f"{label('wild_held', lang)} {format_tiles(wilds, 'unicode')} {marked}")
    shown = "  ".join(parts) or label("none", lang)
    if drawn is not None:
        mark = f"* ({label('wild', lang)})" if drawn in view.wild_kinds else ""
        name = drawn.name_zh if lang == "zh" else drawn.notation
        shown += f"  + {label('drawn', lang)} {format_tiles([drawn], 'unicode')} {name}{mark}"
    return shown


def _tiles(tiles: TileCounts, lang: Lang) -> str:
    """Tiles in the notation (``12469m``), or in Chinese by name (``一万 二万 四万``)."""
    if lang == "zh":
        return " ".join(t.name_zh for t in tiles)
    return str(tiles)


def meld_words(meld: Meld, wild_kinds: TileSet, lang: Lang) -> str:
    """A meld in words, each wildcard marked ``*`` and named: ``peng 2p = 2p 2p 8p*
    (8p* 听用 wildcard) from seat 3 [P2p*8p@3]``; in Chinese by the tiles' names alone,
    ``碰 二筒 = 二筒 二筒 八筒*（八筒* 听用） 座位 3 打出``."""
    zh = lang == "zh"

    def name(tile: Tile) -> str:
        return tile.name_zh if zh else tile.notation

    kind = meld.kind.name_zh if zh else _KIND_EN[meld.kind]
    tiles = [name(meld.tile)] * meld.naturals + [f"{name(t)}*" for t in meld.wild_tiles]
    text = f"{kind} {name(meld.tile)} = {' '.join(tiles)}"
    if meld.wild_tiles:
        stars = " ".join(f"{name(t)}*" for t in meld.wild_tiles)
        text += f"（{stars} {label('wild', lang)}）" if zh else f" ({stars} {label('wild', lang)})"
    if meld.from_seat is not None:
        text += " " + label("from", lang, seat=meld.from_seat)
    return text if zh else f"{text} [{meld}]"


_KIND_EN = {
    MeldKind.PENG: "peng",
    MeldKind.ZHI_GANG: "kong",
    MeldKind.BU_GANG: "added kong",
    MeldKind.AN_GANG: "concealed kong",
}


def table_lines(
    view: View, lang: Lang, ponds: Ponds | None = None, rules: Rules | None = None
) -> list[str]:
    """What the seat sees when it is asked: the window or turn, the wall, its hand (wildcards
    apart, marked ``*``) and melds, what the variant's words show of its own records, and
    every other seat, with its pond as ``ponds`` remembers it (claimed discards in brackets).
    The variant's parts are told by the words of ``rules`` (or else of the view's room)."""
    words = words_for(None, _room(view, rules))
    zh = lang == "zh"
    colon, sep = ("：" if zh else ": "), "; "
    lines: list[str] = []
    tile = view.tile.name_zh if zh and view.tile is not None else view.tile
    if view.phase is Phase.CLAIM and view.tile is not None:
        lines.append(label("claim", lang, seat=view.current, tile=tile))
    elif view.phase is Phase.ROB and view.tile is not None:
        lines.append(label("rob", lang, seat=view.current, tile=tile))
    elif view.phase is Phase.CHOOSING:
        lines.append(words.describe_stage(view, lang))
    else:
        lines.append(label("turn", lang, seat=view.seat))
    lines.append(label("wall", lang, n=view.tiles_left))
    lines.append(f"{label('hand', lang)}{colon}{_hand_text(view, lang)}")
    own = view.seats[view.seat]
    melds = sep.join(meld_words(m, view.wild_kinds, lang) for m in own.melds)
    lines.append(f"{label('melds', lang)}{colon}{melds or label('none', lang)}")
    lines += words.describe_table(view, lang)
    for s in view.seats:
        who = label("seat", lang, seat=s.seat)
        if s.seat == view.seat:
            who += f" ({label('you', lang)})"
        if s.seat == view.dealer:
            who += f" [{label('dealer', lang)}]"
        parts = [label("tiles", lang, n=s.tiles)]
        if s.melds and s.seat != view.seat:
            melds = sep.join(meld_words(m, view.wild_kinds, lang) for m in s.melds)
            parts.append(label("shown", lang, melds=melds))
        if s.hidden_kongs:
            parts.append(label("hidden", lang, n=s.hidden_kongs))
        parts += words.describe_seat(view, s.seat, lang)
        if s.won:
            parts.append(label("won", lang))
        pond = ponds.text(s.seat, s.discards, lang) if ponds is not None else ""
        shown = " ".join(t.name_zh if zh else t.notation for t in s.discards)
        discards = pond or shown or label("none", lang)
        parts.append(label("discards", lang, tiles=discards))
        lines.append(f"  {who}{colon}" + sep.join(parts))
    return lines


def play_with_human(
    rules: Rules, bots: Sequence[Bot], human: Human, record: HandRecord
) -> tuple[HandRecord, HandResult]:
    """Play the hand ``record`` deals, ``human`` at its seat and ``bots`` at the others (the
    lowest seat asked acts first); write what the human's seat sees happen as it happens, and
    the settlement. Returns the record with every action, and the result."""
    state = record.start()
    states = [state]
    seen = rules.view(state, human.seat)
    human.see(seen.events, rules.players, None, rules, seen)
    _tell_ready(human, rules, state)
    while (result := rules.result(state)) is None:
        seat = min(rules.to_act(state))
        view = rules.view(state, seat)
        action = human.choose(view, rules) if seat == human.seat else bots[seat].choose(view)
        state = rules.apply(state, action)
        states.append(state)
        record = record.with_action(action)
        ended = rules.result(state)
        items = None if ended is None else payment_items(rules, state, ended, human.lang, states)
        seen = rules.view(state, human.seat)
        human.see(seen.events, rules.players, items, rules, seen)
        _tell_ready(human, rules, state)
    human.write("")
    items = payment_items(rules, state, result, human.lang, states)
    for line in settlement_lines(result, human.lang, items, rules, state):
        human.write(line)
    for line in hands_lines(state, human.lang):
        human.write(line)
    return record, result


def _tell_ready(human: Human, rules: Rules, state: State) -> None:
    """Tell the human's seat when its 听 (what it waits on) changes: its own waits only."""
    if rules.result(state) is not None:
        return
    ready = ready_words(rules, state, human.seat, human.lang)
    if ready is None and state.seats[human.seat].tiles_count % 3 != 1:
        return  # in its turn: keep what it waits on until it discards
    if ready != human.ready and ready is not None:
        human.write(ready)
    human.ready = ready
