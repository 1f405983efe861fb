"""Lands whose abilities make them creatures (613.6, 613.4b)."""

from __future__ import annotations

from typing import Any

from kb.engine.layers import ContinuousEffect
from kb.engine.manapool import basic_land_ability
from kb.engine.objects import AbilityDefinition, CardDefinition, Characteristics

_PLANT_ZOMBIE = (
    "{3}{B}{G}: Until end of turn, Svogthos becomes a black and green Plant Zombie creature with \"This creature's power "
    "and toughness are each equal to the number of creature cards in your graveyard.\" It's still a land."
)


def _becomes_plant_zombie(game: Any, ability: Any) -> None:
    svogthos = ability.source
    owner = ability.controller

    def types(chars: Characteristics) -> None:  # layer 4
        chars.types = chars.types + tuple(t for t in ("Creature",) if t not in chars.types)
        chars.subtypes = chars.subtypes + tuple(s for s in ("Plant", "Zombie") if s not in chars.subtypes)

    def colors(chars: Characteristics) -> None:  # layer 5
        chars.colors = ("B", "G")

    def size(chars: Characteristics) -> None:  # layer 7b: counted each time it applies
        whose = chars.controller or owner
        count = sum(1 for c in whose.graveyard if "Creature" in c.types)
        chars.power = chars.toughness = count

    game.add_effect(ContinuousEffect({"4": types, "5": colors, "7b": size}, affected=[svogthos], text="becomes a black and green Plant Zombie creature"))


class SvogthosTheRestlessTomb(CardDefinition):
    name = "Svogthos, the Restless Tomb"
    types = ("Land",)
    oracle = "{T}: Add {C}. " + _PLANT_ZOMBIE
    activated = (basic_land_ability("C"), AbilityDefinition(_PLANT_ZOMBIE, _becomes_plant_zombie, mana="{3}{B}{G}"))
