"""Cards that change the results of a damage event (120.4): life gained from it, and life totals
it would reduce."""

from __future__ import annotations

from typing import Any

from kb.engine.damage_results import at_least_one_life, would_go_below_one
from kb.engine.define import spell_card
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


class Worship(CardDefinition):
    name, mana_cost, type_line = "Worship", "{3}{W}", "Enchantment"
    oracle = "If you control a creature, damage that would reduce your life total to less than 1 reduces it to 1 instead."

    def replacements(self, game: Any, card: Any):
        def applies(game: Any, event: dict) -> bool:
            you = card.controller
            return event["player"] is you and bool(you.creatures) and would_go_below_one(game, event)

        return [Replacement(self.oracle, "damage_results", applies, at_least_one_life, source=card)]


@spell_card(
    "Awe Strike", mana_cost="{W}", type_line="Instant", spell_target="creature",
    oracle="The next time target creature would deal damage this turn, prevent that damage. You gain life equal to the damage prevented this way.",
)
def AweStrike(game: Any, spell: Any) -> None:
    """All the damage the creature deals in its next damage event (to every recipient) is
    prevented, and the life is part of the same event (120.4a)."""
    creature, you = spell.targets[0], spell.controller
    incarnation = creature.incarnation
    effect: Replacement

    def applies(game: Any, event: dict) -> bool:
        if event["source"] is not creature or creature.incarnation != incarnation:
            return False
        used = effect.data.get("batch")
        if used is not None and used is not event.get("batch"):
            game.end_replacement(effect)  # its next time has passed
            return False
        return True

    def apply(game: Any, event: dict) -> dict:
        effect.data["batch"] = event.get("batch")
        prevented = event["amount"]
        game.emit("damage_prevented", "615.1a", source=event["source"], target=event["target"], amount=prevented)
        return {**event, "amount": 0, "gains": [*event.get("gains", ()), (you, prevented)]}

    effect = Replacement(spell.card.definition.oracle, "damage", applies, apply, prevention=True, source=spell.card, controller=you, prevents="source")
    game.add_replacement(effect)
