"""Cards that stop permanents from entering the battlefield (608.3e, 614.12)."""

from __future__ import annotations

from typing import Any

from kb.engine.objects import CardDefinition


class WormsOfTheEarth(CardDefinition):
    name, mana_cost, type_line = "Worms of the Earth", "{2}{B}{B}{B}", "Enchantment"
    in_part = True
    oracle = "Players can't play lands.\nLands can't enter the battlefield."

    def forbids(self, game: Any, card: Any, player: Any, action: str) -> bool:
        return action == "play lands"

    def forbids_entering(self, game: Any, source: Any, card: Any) -> bool:
        # As it would exist on the battlefield: a Clone copying a land creature is a land (614.12).
        return "Land" in card.types
