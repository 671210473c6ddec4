"""The hooks of a variant's own events: which it emits, and what each seat sees of them.

:class:`EventHooks` is a base of :class:`~mahjong_rules.engine.hooks.Hooks`: every variant has
these two. The shipped events (:data:`~mahjong_rules.engine.events.SHIPPED_EVENTS`) are
filtered by the engine (:func:`~mahjong_rules.engine.view_build.events_for`); an event of the
variant's :attr:`~EventHooks.event_types` is shown to each seat as
:meth:`~EventHooks.event_for` says, in :meth:`Rules.view <mahjong_rules.Rules.view>` and
:meth:`Rules.events_for <mahjong_rules.Rules.events_for>` alike.
"""

from __future__ import annotations

from typing import ClassVar

from mahjong_rules.engine.events import Event

__all__ = ["EventHooks"]


class EventHooks:
    """The variant's own events and what each seat sees of them."""

    event_types: ClassVar[tuple[type[Event], ...]] = ()
    """The variant's own events, which its hooks emit (e.g. from
    :meth:`~mahjong_rules.engine.hooks.Hooks.apply_own_action`): frozen attrs classes deriving
    from :class:`~mahjong_rules.engine.events.Event`. Registering the variant registers them
    for documents (a state's or a view's ``events``); :meth:`event_for` says what each seat
    sees of them. Default: none."""

    def event_for(self, event: Event, seat: int) -> Event | None:
        """``event``, one of :attr:`event_types`, as ``seat`` may see it: the event itself, one
        with its secret left out (e.g. ``VoidDeclared(seat, None)`` for another seat's 定缺
        dìngquē), or ``None`` when ``seat`` does not see it at all. Asked for every such event
        of every view and of :meth:`Rules.events_for <mahjong_rules.Rules.events_for>`; it
        must not change anything. Default: what the event's own ``seen_by(seat)`` method
        gives, if its class has one, else the event as it is (public)."""
        seen_by = getattr(type(event), "seen_by", None)
        return event if seen_by is None else seen_by(event, seat)
