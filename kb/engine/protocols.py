"""The engine's larger objects as named in the annotations of the modules below the ones that define
them: a card's definition takes the game and the spell it resolves as, a part of the game holds
the game it serves. Each name here is a protocol the real class satisfies, so that a lower module
can write ``game: Game`` without importing `kb.engine.game` (which imports it in turn): the
engine's modules then import one way, from the game down to its plain data.

A protocol is a name for readers and type checkers only: it is never instantiated and never used
in ``isinstance``; code that needs the real class imports it from where it lives.

"""

from __future__ import annotations

from typing import Protocol


class Game(Protocol):
    """A game of Magic: `kb.engine.game.Game`, the facade over the parts of the rules
    (``game.zones``, ``game.combat``, ...) and the state they share."""


class Player(Protocol):
    """A player: `kb.engine.players.Player`, with a name, life total, zones and mana pool."""


class Spell(Protocol):
    """A spell on the stack: `kb.engine.stack.Spell`."""


class ActivatedAbility(Protocol):
    """An activated ability on the stack: `kb.engine.stack.ActivatedAbility`."""


class TriggeredAbility(Protocol):
    """A triggered ability waiting for or on the stack: `kb.engine.stack.TriggeredAbility`."""


class Event(Protocol):
    """Something that happened in the game, in its log: `kb.engine.decisions.Event`."""


class ContinuousEffect(Protocol):
    """A continuous effect applied in the layers: `kb.engine.layers.ContinuousEffect`."""


class Replacement(Protocol):
    """A replacement or prevention effect: `kb.engine.replacement.Replacement`."""
