"""Adventurer cards (715): a card with an Adventure, an instant or sorcery whose alternative
characteristics it may be cast with (715.2, 715.3). Cast as an Adventure (``Game.cast(...,
adventure=True)``), only those characteristics are evaluated to see whether it can be cast
(715.3a) and the spell has only them (715.3b); as it resolves, it is exiled instead of going to
the graveyard, and for as long as it stays exiled its controller may cast it, but not as an
Adventure (715.3d): a permission to cast from exile like those effects give
(`kb.engine.permissions`). In every other zone, and on the stack not as an Adventure, it has only
its normal characteristics (715.4).

Effects that refer to a card that "has an Adventure" (715.2a) are not modelled. A copy of an
Adventure spell is exiled by nobody: it ceases to exist (707.10a).

What an adventurer card is and its Adventure's characteristics live here; `kb.engine.adventuring`,
the game's part, exiles a resolved Adventure.
"""

from __future__ import annotations

from typing import ClassVar

from kb.engine.objects import CardDefinition


class AdventurerCardDefinition(CardDefinition):
    """An adventurer card: its normal characteristics, and in ``adventure`` a `CardDefinition`
    subclass with an empty ``name`` and its own ``adventure_name`` for the Adventure (715.2)."""

    adventure: ClassVar[type[CardDefinition]]

    def half(self, name: str) -> CardDefinition:
        """The Adventure named `name`, as the spell it is cast as (715.3b)."""
        if name != self.adventure.adventure_name:
            raise ValueError(f"{self.name} has no Adventure named {name!r} (its Adventure: {self.adventure.adventure_name})")
        spell = self.adventure()
        spell.name = name
        return spell


def adventure_definition(definition: CardDefinition) -> CardDefinition | None:
    """The Adventure of an adventurer card, with its alternative characteristics; None for any
    other card."""
    if isinstance(definition, AdventurerCardDefinition):
        return definition.half(definition.adventure.adventure_name)
    return None
