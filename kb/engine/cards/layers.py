"""Cards whose static abilities remove abilities or set land types (613.1f, 305.7): each its
Oracle text and the lines that differ."""

from __future__ import annotations

from typing import Any

from kb.engine.layers import add_types, combine, lose_all_abilities, set_land_types, set_power_toughness
from kb.engine.objects import CardDefinition


def _creatures(game: Any, card: Any, chars: Any) -> bool:
    return "Creature" in chars.types


class Humility(CardDefinition):
    name = "Humility"
    mana_cost, types = "{2}{W}{W}", ("Enchantment",)
    oracle = "All creatures lose all abilities and have base power and toughness 1/1."
    removes_abilities = True

    def static_effects(self, game: Any, card: Any):
        effect = combine(lose_all_abilities(), set_power_toughness(1, 1), applies_to=_creatures, text=self.oracle)
        effect.removes_abilities = True
        return [effect]


class BloodMoon(CardDefinition):
    name = "Blood Moon"
    mana_cost, types = "{2}{R}", ("Enchantment",)
    oracle = "Nonbasic lands are Mountains."
    removes_abilities = True
    static = (lambda game, card: set_land_types("Mountain", applies_to=lambda g, c, chars: "Land" in chars.types and "Basic" not in chars.supertypes, text=BloodMoon.oracle),)


class UrborgTombOfYawgmoth(CardDefinition):
    name = "Urborg, Tomb of Yawgmoth"
    type_line = "Legendary Land"
    oracle = "Each land is a Swamp in addition to its other land types."
    static = (lambda game, card: add_types(subtypes=("Swamp",), applies_to=lambda g, c, chars: "Land" in chars.types, text=UrborgTombOfYawgmoth.oracle),)


class Opalescence(CardDefinition):
    name = "Opalescence"
    mana_cost, types = "{2}{W}{W}", ("Enchantment",)
    oracle = "Each other non-Aura enchantment is a creature in addition to its other types and has base power and toughness each equal to its mana value."

    def static_effects(self, game: Any, card: Any):
        def selected(g: Any, c: Any, chars: Any) -> bool:
            return c is not card and "Enchantment" in chars.types and "Aura" not in chars.subtypes

        def type_part(chars: Any) -> None:
            if "Creature" not in chars.types:
                chars.types = chars.types + ("Creature",)

        def pt_part(chars: Any) -> None:
            chars.power = chars.toughness = chars.card.mana_value if chars.card is not None else 0

        from kb.engine.layers import ContinuousEffect

        return [ContinuousEffect({"4": type_part, "7b": pt_part}, applies_to=selected, text=self.oracle)]
