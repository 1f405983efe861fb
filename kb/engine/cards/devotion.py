"""Cards that count or change devotion (700.5)."""

from __future__ import annotations

from typing import Any

from kb.engine.define import Trigger
from kb.engine.layers import ContinuousEffect
from kb.engine.objects import CardDefinition


class AltarOfThePantheon(CardDefinition):
    name = "Altar of the Pantheon"
    mana_cost = "{3}"
    types = ("Artifact",)
    in_part = True
    oracle = "Your devotion to each color and each combination of colors is increased by one."
    # Read by `Game.devotion` (700.5a).
    devotion_bonus = 1


class PurphorosGodOfTheForge(CardDefinition):
    name = "Purphoros, God of the Forge"
    mana_cost = "{3}{R}"
    supertypes = ("Legendary",)
    types = ("Enchantment", "Creature")
    subtypes = ("God",)
    power, toughness = 6, 5
    keywords = ("Indestructible",)
    in_part = True
    oracle = "Indestructible. As long as your devotion to red is less than five, Purphoros isn't a creature. Whenever another creature you control enters, Purphoros deals 2 damage to each opponent."
    triggered = (Trigger(
        "Whenever another creature you control enters, Purphoros deals 2 damage to each opponent.",
        lambda game, card, event: event.kind == "enters" and event["card"] is not card and event["card"].is_creature and event["card"].controller is card.controller,
        lambda game, ability: game.deal_damage_each(ability, [(opponent, 2) for opponent in game.opponents(ability.controller)]),
    ),)

    def static_effects(self, game: Any, card: Any) -> list[ContinuousEffect]:
        def part(chars: Any) -> None:
            # Layer 4: devotion reads mana costs and controllers, fixed in layers 1 and 2, so it
            # is counted before this type-changing effect applies (700.5a).
            if game.devotion(card.controller, "R") < 5:
                chars.types = tuple(t for t in chars.types if t != "Creature")

        return [ContinuousEffect({"4": part}, applies_to=lambda game, c, chars: c is card, text="isn't a creature while devotion to red is less than five")]
