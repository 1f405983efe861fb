"""The exceptions of the engine: every one is a ``ValueError``, and each names what the rules (or
the engine) do not allow."""

from __future__ import annotations

import re


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


_RULE_NUMBER = re.compile(r"(?<![\d.])(\d{3}(?:\.\d+[a-z]?)?)(?![\d])")


class NotModelledError(EngineError):
    """The situation needs a rule or mechanic the engine does not model; the message names it.
    The engine raises this rather than give an answer it cannot vouch for.

    ``rules`` are the numbers of the rules not modelled, e.g.
    ``NotModelledError("multikicker is not modelled", rules=("702.33c",))``; without them they are
    read from the message ("... (613.1f, 613.7) are not modelled" names 613.1f and 613.7)."""

    def __init__(self, message: str, *, rules: str | tuple[str, ...] | None = None) -> None:
        super().__init__(message)
        if rules is None:
            rules = tuple(_RULE_NUMBER.findall(message))
        elif isinstance(rules, str):
            rules = (rules,)
        self.rules: tuple[str, ...] = tuple(rules)

    @property
    def rule(self) -> str | None:
        """The first rule named, or ``None`` when the refusal names none."""
        return self.rules[0] if self.rules else None

    def __reduce__(self):
        return (_rebuild_not_modelled, (type(self), str(self), self.rules))


def _rebuild_not_modelled(cls, message, rules):
    return cls(message, rules=rules)
