"""Effects that change an object's name, text-changing effects of layer 3 applied in timestamp
order with name stickers (123.6c, 612)."""

from __future__ import annotations

from collections.abc import Iterable

from kb.engine.game import Card, CardDefinition, Game
from kb.engine.layers import ContinuousEffect, combine, lose_all_abilities, set_colors, set_power_toughness


def named(name: str, **kwargs) -> ContinuousEffect:
    """"Is named <name>": a text-changing effect of layer 3 that changes only the name (123.6c):
    it replaces every word of the name, a name sticker's too if the sticker is older."""

    def part(chars) -> None:
        chars.name = name

    kwargs.setdefault("text", f"named {name}")
    return ContinuousEffect({"3": part}, changes_name_only=True, **kwargs)


def _becomes_citizen(chars) -> None:
    # "A ... Citizen creature": it loses all other card types and creature types (205.1a).
    chars.types = ("Creature",)
    chars.subtypes = ("Citizen",)


class WitnessProtection(CardDefinition):
    name, mana_cost, type_line = "Witness Protection", "{U}", "Enchantment — Aura"
    spell_target = "creature"
    removes_abilities = True
    oracle = (
        "Enchant creature. Enchanted creature loses all abilities and is a green and white Citizen creature with "
        "base power and toughness 1/1 named Legitimate Businessperson. (It loses all other colors, card types, "
        "creature types, and names.)"
    )

    def static_effects(self, game: Game, card: Card) -> Iterable[ContinuousEffect]:
        enchanted = card.attached_to
        parts = (
            named("Legitimate Businessperson"),
            ContinuousEffect({"4": _becomes_citizen}, text="is a Citizen creature"),
            set_colors("G", "W"),
            lose_all_abilities(),
            set_power_toughness(1, 1),
        )
        effect = combine(*parts, applies_to=lambda g, c, chars: c is enchanted, changes_name_only=True, text=self.oracle)
        effect.removes_abilities = True
        return [effect]
