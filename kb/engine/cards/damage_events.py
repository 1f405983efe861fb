"""Cards that change the results of a damage event (120.4): life gained from it, and life totals
it would reduce."""

from __future__ import annotations

from typing import Any

from kb.engine.objects import CardDefinition
from kb.engine.replacement import Replacement


class BoonReflection(CardDefinition):
    name = "Boon Reflection"
    mana_cost = "{4}{W}"
    types = ("Enchantment",)
    oracle = "If you would gain life, you gain twice that much life instead."

    def replacements(self, game: Any, card: Any):
        def applies(game: Any, event: dict) -> bool:
            return event["player"] is card.controller and event["amount"] > 0

        def apply(game: Any, event: dict) -> dict:
            return {**event, "amount": event["amount"] * 2}

        return [Replacement(self.oracle, "gain_life", applies, apply, source=card)]
