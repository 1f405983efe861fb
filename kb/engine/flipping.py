"""The part of the game that flips flip-card permanents (710)."""

from __future__ import annotations

from kb.engine.flip import flip_definition
from kb.engine.objects import Card, Zone
from kb.engine.part import GamePart


class Flipping(GamePart):
    """Flipping permanents (710)."""

    def flip(self, card: Card) -> bool:
        """Flip `card` if it is a flip card permanent that isn't flipped; returns whether it flipped."""
        if card.zone is not Zone.BATTLEFIELD or card.flipped:
            return False
        whole = flip_definition(self.game.copiable_values(card).definition)
        if whole is None:
            return False
        card.flipped = True
        self.game.emit("flips", "710.2", card=card)
        return True
