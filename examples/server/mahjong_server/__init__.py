"""A served mahjong table: an example asyncio server on the public API of ``mahjong_rules``.

One process serves a lobby page (open a table of any registered game, take a seat), one page
per seat that draws the table with the library's SVG and offers the seat's legal actions as
buttons, and one websocket per client. Bots (``CountingBot``) play the empty seats, and a seat
whose person stays away too long is played by a bot too: 托管 (tuōguǎn, "left in care") until
the person comes back. See ``examples/server/README.md`` for the messages.

Modules: :mod:`.protocol` (the messages and their limits), :mod:`.table` (one hand's loop),
:mod:`.messages` (what a seat is sent), :mod:`.lobby` (the tables), :mod:`.pages` and
:mod:`.http` (the pages), :mod:`.app` (the websocket handler and the server).
"""

from __future__ import annotations

__all__: list[str] = []
