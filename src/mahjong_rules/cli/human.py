"""``play --human SEAT``: play one seat yourself against bots, in the terminal or through a pipe.

Everything shown comes from :meth:`rules.view(state, seat) <mahjong_rules.Rules.view>` of your
seat, never from the state: after every action, what your seat saw happen (another seat's draw
without its tile, no other seat's pass); when you are asked, the table — your hand (Unicode tile
characters and the one-line notation, the drawn tile apart), your melds, the 本金 and wildcards,
each seat's melds, hidden kongs, tile count and discards, the tiles left in the wall — and your
legal actions, numbered. Type a number or the action's text (``discard 5m``, ``5m``, ``pass``,
``hu``; ``--lang zh``: ``打 5m``, ``过``, ``胡``); anything else asks again. The settlement is a
table. If standard input ends before the hand does, the command stops with one ``error:`` line
(status 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from mahjong_rules.bots import Bot
from mahjong_rules.cli.common import CliError
from mahjong_rules.cli.human_text import Lang, action_text, label
from mahjong_rules.cli.log import event_lines, settlement_lines
from mahjong_rules.engine.actions import Action, Discard
from mahjong_rules.engine.settlement import HandResult
from mahjong_rules.engine.state import Phase
from mahjong_rules.engine.view import View
from mahjong_rules.notation import format_tiles
from mahjong_rules.records import HandRecord
from mahjong_rules.variants import Rules

__all__ = ["Human", "pick", "play_with_human", "table_lines"]


class Human:
    """A seat played by a person who reads ``out`` and types on ``source``: :meth:`choose`
    shows the view and reads a choice. On a terminal the prompt waits at the end of its line;
    through a pipe it is a line of its own."""

    def __init__(self, seat: int, lang: Lang, source: TextIO, out: TextIO) -> None:
        self.seat, self.lang, self.source, self.out = seat, lang, source, out
        self.tty = source.isatty()

    def write(self, line: str) -> None:
        """Write one line, flushed."""
        self.out.write(line + "\n")
        self.out.flush()

    def read(self, prompt: str) -> str:
        """Show ``prompt`` and read one line (``""`` at the end of the input)."""
        self.out.write(prompt if self.tty else prompt.rstrip() + "\n")
        self.out.flush()
        return self.source.readline()

    def choose(self, view: View) -> Action:
        """Show ``view`` and its numbered actions; read a choice until one fits."""
        for line in table_lines(view, self.lang):
            self.write(line)
        actions = view.legal_actions
        self.write(label("actions", self.lang))
        for k, action in enumerate(actions, 1):
            self.write(f"  {k}) {action_text(action, self.lang)}")
        while True:
            line = self.read(label("prompt", self.lang, n=len(actions)))
            if not line:
                raise CliError(label("eof", self.lang, seat=self.seat))
            found = pick(actions, line, self.lang)
            if isinstance(found, Action):
                return found
            self.write(found)


def pick(actions: Sequence[Action], text: str, lang: Lang) -> Action | str:
    """The action ``text`` names — its number, its text in either language, or, for a
    discard, the tile alone — or the message to show when it names none or several."""
    typed = " ".join(text.split()).lower()
    n = len(actions)
    if typed.isascii() and typed.isdigit() and len(typed) <= 6:
        k = int(typed)
        if 1 <= k <= n:
            return actions[k - 1]
    fits = [
        a
        for a in actions
        if typed in (action_text(a, "en").lower(), action_text(a, "zh").lower())
        or (isinstance(a, Discard) and typed == a.tile.notation)
    ]
    if not fits and typed:
        fits = [a for a in actions if action_text(a, "en").lower().startswith(typed + " ")]
    if len(fits) == 1:
        return fits[0]
    if len(fits) > 1:
        which = ", ".join(str(actions.index(a) + 1) for a in fits)
        return label("ambiguous", lang, text=text.strip(), which=which)
    return label("bad", lang, text=text.strip()[:40], n=n)


def table_lines(view: View, lang: Lang) -> list[str]:
    """What the seat sees when it is asked: the window or turn, the wall, its hand and melds,
    the wildcards, and every other seat."""
    lines: list[str] = []
    if view.phase is Phase.CLAIM and view.tile is not None:
        lines.append(label("claim", lang, seat=view.current, tile=view.tile))
    elif view.phase is Phase.ROB and view.tile is not None:
        lines.append(label("rob", lang, seat=view.current, tile=view.tile))
    elif view.phase is Phase.BUYING:
        lines.append(label("buy", lang))
    else:
        lines.append(label("turn", lang, seat=view.seat))
    lines.append(label("wall", lang, n=view.tiles_left))
    hand = view.concealed
    drawn = view.drawn if view.drawn is not None and view.drawn in hand else None
    rest = hand.remove(drawn) if drawn is not None else hand
    shown = f"{rest.format('unicode')}  {rest}" if rest else label("none", lang)
    if drawn is not None:
        shown += f"  + {label('drawn', lang)} {format_tiles([drawn], 'unicode')} {drawn}"
    lines.append(f"{label('hand', lang)}: {shown}")
    own = view.seats[view.seat]
    melds = " ".join(str(m) for m in own.melds) or label("none", lang)
    lines.append(f"{label('melds', lang)}: {melds}")
    if view.indicator is not None:
        kinds = " ".join(t.notation for t in view.wild_kinds)
        lines.append(label("wilds", lang, tile=view.indicator, kinds=kinds))
    for s in view.seats:
        who = label("seat", lang, seat=s.seat)
        if s.seat == view.seat:
            who += f" ({label('you', lang)})"
        if s.seat == view.dealer:
            who += f" [{label('dealer', lang)}]"
        parts = [label("tiles", lang, n=s.tiles)]
        if s.melds and s.seat != view.seat:
            parts.append(label("shown", lang, melds=" ".join(str(m) for m in s.melds)))
        if s.hidden_kongs:
            parts.append(label("hidden", lang, n=s.hidden_kongs))
        if s.ting:
            parts.append(label("ting", lang))
        if s.won:
            parts.append(label("won", lang))
        discards = " ".join(t.notation for t in s.discards) or label("none", lang)
        parts.append(label("discards", lang, tiles=discards))
        lines.append(f"  {who}: " + "; ".join(parts))
    return lines


def play_with_human(
    rules: Rules, bots: Sequence[Bot], human: Human, record: HandRecord
) -> tuple[HandRecord, HandResult]:
    """Play the hand ``record`` deals, ``human`` at its seat and ``bots`` at the others (the
    lowest seat asked acts first); write what the human's seat sees happen as it happens, and
    the settlement. Returns the record with every action, and the result."""
    state = record.start()
    for event in rules.view(state, human.seat).events:
        for line in event_lines(event):
            human.write(line)
    while (result := rules.result(state)) is None:
        seat = min(rules.to_act(state))
        view = rules.view(state, seat)
        action = human.choose(view) if seat == human.seat else bots[seat].choose(view)
        state = rules.apply(state, action)
        record = record.with_action(action)
        for event in rules.view(state, human.seat).events:
            for line in event_lines(event):
                human.write(line)
    human.write("")
    for line in settlement_lines(result):
        human.write(line)
    return record, result
