"""The library's error hierarchy.

Every error raised on purpose by :mod:`mahjong_rules` is a :class:`MahjongRulesError`.
Errors about bad input values also subclass :class:`ValueError`, so code that already
catches ``ValueError`` keeps working.

A server's loop meets two of them on whatever a client sends, each with a message to send back:
:class:`SerializationError` from :func:`~mahjong_rules.serial.answer.read_answer` (not JSON,
not an answer, no action, a step that is not an ``int``) and :class:`IllegalActionError` from
``read_answer`` (another seat's action) or :meth:`Rules.apply
<mahjong_rules.variants.base.Rules.apply>` (not legal now; :class:`StaleActionError`, too
late). ``except (SerializationError, IllegalActionError)`` is the one clause it needs.
A variant plugin that cannot be loaded is no error but a :class:`PluginWarning`.
"""

from __future__ import annotations

__all__ = [
    "ActionError",
    "ActionParseError",
    "ActionTypeError",
    "HandSizeError",
    "IllegalActionError",
    "InvalidHandError",
    "MahjongRulesError",
    "MeldError",
    "OptionsError",
    "PluginWarning",
    "RenderError",
    "ReplayError",
    "SerializationError",
    "StaleActionError",
    "TileCountError",
    "TileParseError",
    "UnknownVariantError",
    "WallError",
]


class MahjongRulesError(Exception):
    """Base class of every error the library raises on purpose."""


class TileParseError(MahjongRulesError, ValueError):
    """Tile text could not be read.

    ``text`` is the whole input, ``position`` the index of the offending character
    (or of the end of the text when something is missing there).
    """

    def __init__(self, message: str, text: str, position: int) -> None:
        super().__init__(f"{message} at position {position} in {text!r}")
        self.text = text
        self.position = position


class TileCountError(MahjongRulesError, ValueError):
    """A multiset of tiles would hold more than four of a kind, or fewer than none."""


class InvalidHandError(MahjongRulesError, ValueError):
    """A hand cannot be taken as given (wrong size, honors where the game has none, ...)."""


class HandSizeError(InvalidHandError):
    """A hand has a number of tiles that the operation cannot take (e.g. 12 for a win check)."""


class MeldError(MahjongRulesError, ValueError):
    """A meld or hand description is not valid (bad kind, seat, wildcards or text)."""


class OptionsError(MahjongRulesError, ValueError):
    """A room option is unknown or has a value the variant does not allow."""


class UnknownVariantError(MahjongRulesError, LookupError):
    """No variant is registered under that name or alias."""


class WallError(MahjongRulesError, ValueError):
    """An explicit wall has the wrong number of tiles or the wrong tiles."""


class IllegalActionError(MahjongRulesError, ValueError):
    """An action is not legal in this state; the message says why. The state is unchanged."""


class StaleActionError(IllegalActionError):
    """An action was chosen for a moment of the hand that has passed for its seat (a claim
    window that has closed or that it has answered already, a turn that has moved on): it is
    refused and the state is unchanged."""


class ActionError(MahjongRulesError, ValueError):
    """An action built by hand, or read from an action id, has a wrong value; the message names
    the class, the field and the value: ``Discard.seat: a seat is an int 0..3, got 7``."""


class ActionTypeError(ActionError, TypeError):
    """An action was given a value of the wrong type: ``Discard.seat: a seat is an int 0..3,
    got 1.0``. Also a :class:`TypeError`."""


class ActionParseError(ActionError):
    """Action text (``"1 discard 9s"``) could not be read.

    ``text`` is the whole input, ``position`` the index of the offending character (or the
    length of the text when something is missing at its end).
    """

    def __init__(self, message: str, text: str, position: int) -> None:
        super().__init__(f"{message} at position {position} in {text!r}")
        self.text = text
        self.position = position


class SerializationError(MahjongRulesError, ValueError):
    """A document given to :func:`~mahjong_rules.serial.from_dict` is not a valid serialized
    value: the message names the field (``state.seats[2].concealed: ...``) and what was wrong.
    Nothing is built from a document that fails."""


class ReplayError(IllegalActionError):
    """A hand record does not replay: action number :attr:`index` (from 0) is illegal in the
    state the earlier actions reached, or the record's wall does not match its digest."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class RenderError(MahjongRulesError, ValueError):
    """A picture was asked for with a value it cannot draw (a seat note for no seat at the
    table, a note too long); the message names the argument. Nothing is drawn."""


class PluginWarning(UserWarning):
    """A variant plugin (an entry point of the ``mahjong_rules.variants`` group) could not be
    loaded: its import failed, it names no :class:`~mahjong_rules.variants.base.Rules` subclass,
    or its name is taken. The message names the entry point and the error; the shipped games and
    the other plugins work on, and :func:`~mahjong_rules.variants.registry.broken_plugins` lists
    it. A warning, not an error: a package installed beside the library must not stop it."""
