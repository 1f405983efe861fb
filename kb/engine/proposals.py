"""A card proposed as a spell (601.2a–b): the ways a card can be cast, and the characteristics it
would have cast one of them (601.3e) with the value chosen for X."""

from __future__ import annotations

from dataclasses import dataclass

from kb.engine.mana import ManaCost
from kb.engine.objects import Card, CardDefinition


# The ways a card can be cast, as `Game.cast` and `Game.cast_face_down` name them.
NORMAL, BESTOWED, ADVENTURE, FACE_DOWN = "normal", "bestowed", "adventure", "face down"


@dataclass(frozen=True)
class Proposal:
    """A card proposed as a spell one way (601.2a–b): the characteristics it would have as that
    spell (601.3e) and the value chosen for X, if any."""

    card: Card
    way: str
    definition: CardDefinition
    x: int | None = None

    @property
    def name(self) -> str:
        return self.definition.name

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self.definition.types)

    @property
    def subtypes(self) -> tuple[str, ...]:
        return tuple(self.definition.subtypes)

    @property
    def keywords(self) -> tuple[str, ...]:
        return tuple(self.definition.keywords)

    @property
    def mana_value(self) -> int:
        """Rule 202.3e: on the stack, X in the mana cost counts as the value chosen for it."""
        cost = ManaCost(self.definition.mana_cost)
        xs = sum(1 for symbol in cost.symbols if symbol.text == "X")
        return cost.mana_value + xs * (self.x or 0)

    @property
    def has_x(self) -> bool:
        return any(symbol.text == "X" for symbol in ManaCost(self.definition.mana_cost).symbols)

    def with_x(self, x: int | None) -> "Proposal":
        return Proposal(self.card, self.way, self.definition, x)

    def __repr__(self) -> str:
        shown = f", x={self.x}" if self.x is not None else ""
        return f"Proposal({self.card!r}, {self.way!r}{shown})"
