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
"""

from __future__ import annotations

from typing import Any, ClassVar

from kb.engine.objects import CardDefinition, Zone
from kb.engine.part import GamePart


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


class Adventures(GamePart):
    """Adventure spells leaving the stack as they resolve (715.3d)."""

    def _put_away_resolved_spell(self, spell: Any) -> None:
        """An instant or sorcery that has resolved goes to its owner's graveyard (608.2n), or
        where its own rules say; an Adventure is exiled instead (715.3d), and its controller may
        cast that new object (400.7) from exile, not as an Adventure."""
        if getattr(spell, "adventure", False) and spell.destination is None and not getattr(spell, "is_copy", False):
            self.game._move(spell.card, Zone.EXILE)
            self.game.permissions._permit_cast_from_exile(spell.controller, spell.card, "not adventure")
            self.game.emit("adventure_exiled", "715.3d", card=spell.card, player=spell.controller)
            return
        self.game._move(spell.card, spell.destination or Zone.GRAVEYARD)
