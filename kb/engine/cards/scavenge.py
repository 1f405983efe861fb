"""Scavenge (702.97), and an object that gives it to cards in a graveyard with a cost defined
by their mana cost (702.1a)."""

from __future__ import annotations

from typing import Any

from kb.engine.objects import AbilityDefinition, Card, CardDefinition


def _scavenge_effect(game: Any, ability: Any) -> None:
    exiled, target = ability.source, ability.targets[0]
    game.add_counters(target, "+1/+1", exiled.power or 0)  # the power of the card exiled


def scavenge(cost: str) -> AbilityDefinition:
    """"Scavenge [cost]": "[Cost], Exile this card from your graveyard: Put a number of +1/+1
    counters equal to the power of the card you exiled on target creature. Activate only as a
    sorcery." (702.97a)"""
    text = f"Scavenge {cost} ({cost}, Exile this card from your graveyard: Put a number of +1/+1 counters equal to the power of the card you exiled on target creature. Activate only as a sorcery.)"
    return AbilityDefinition(text, _scavenge_effect, mana=cost, zone="graveyard", target="creature", exile_self=True, sorcery=True)


class VarolzTheScarStriped(CardDefinition):
    name = "Varolz, the Scar-Striped"
    mana_cost = "{B}{G}"
    supertypes = ("Legendary",)
    types = ("Creature",)
    subtypes = ("Troll", "Warrior")
    power, toughness = 2, 2
    # Its other ability, "Sacrifice another creature: Regenerate Varolz.", is not modelled.
    in_part = True
    oracle = "Each creature card in your graveyard has scavenge. The scavenge cost is equal to its mana cost."

    def graveyard_grants(self, game: Any, permanent: Card, card: Card) -> tuple[AbilityDefinition, ...]:
        if card.owner is permanent.controller and "Creature" in card.types and card.mana_cost.text:
            return (scavenge(card.mana_cost.text),)
        return ()
