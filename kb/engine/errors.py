"""The exceptions of the engine: every one is a ``ValueError``, and each names what the rules (or
the engine) do not allow."""

from __future__ import annotations


class EngineError(ValueError):
    """Anything the rules or the engine do not allow."""


class SetupError(EngineError):
    """A game that cannot be set up as described (duplicate names, uneven teams, ...)."""


class UnknownCardError(EngineError):
    """No card of that name is known to the engine (see ``kb.engine.cards``)."""


class IllegalActionError(EngineError):
    """An action the rules do not allow at this moment."""


class GameOverError(IllegalActionError):
    """The game is over: nobody can act any more."""


class NotYourPriorityError(IllegalActionError):
    """A player tried to act without holding priority (rule 117.1)."""


class NotYourTurnError(IllegalActionError):
    """The action is allowed only during its controller's turn."""


class TimingError(IllegalActionError):
    """The spell or ability cannot be cast or activated at this time (rules 117.1a, 307.1)."""


class CardNotFoundError(IllegalActionError):
    """The card is not where the action needs it to be."""


class IllegalTargetError(IllegalActionError):
    """A chosen target is not a legal target (rule 115)."""


class CannotPayError(IllegalActionError):
    """A cost cannot be paid (rules 118.3, 119.4, 810.9b, 810.9h)."""


class IllegalChoiceError(EngineError):
    """A decision maker answered with something that is not one of the options."""


class MissingDecisionError(EngineError):
    """A scripted decision maker has no answer left for a decision."""


class NotModelledError(EngineError):
    """The situation needs a rule or mechanic the engine does not model; the message names it.
    The engine raises this rather than give an answer it cannot vouch for."""
