"""Cards that give emblems (114) or make a player the monarch (724): each its Oracle text and
the lines that differ."""

from __future__ import annotations

from typing import Any

from kb.engine.define import Trigger, create, when_enters
from kb.engine.layers import combine, grant, modify
from kb.engine.objects import AbilityDefinition, Card, CardDefinition

_INDESTRUCTIBLE_TEXT = "Artifacts, creatures, enchantments, and lands you control have indestructible."
_PERMANENT_TYPES = {"Artifact", "Creature", "Enchantment", "Land"}


def _indestructible(game: Any, emblem: Card) -> Any:
    return grant("Indestructible", applies_to=lambda g, c, chars: chars.controller is emblem.controller and bool(_PERMANENT_TYPES & set(chars.types)), text=_INDESTRUCTIBLE_TEXT)


def _pump(game: Any, ability: Any) -> None:
    game.add_effect(combine(modify(3, 3), grant("Flying"), affected=ability.targets, text="+3/+3 and flying until end of turn"))


def _emblem(game: Any, ability: Any) -> None:
    game.create_emblem(ability.controller, _INDESTRUCTIBLE_TEXT, static=[_indestructible], source=ability.source)


class ElspethKnightErrant(CardDefinition):
    name = "Elspeth, Knight-Errant"
    mana_cost, type_line = "{2}{W}{W}", "Legendary Planeswalker — Elspeth"
    loyalty = 4
    oracle = (
        "+1: Create a 1/1 white Soldier creature token.\n+1: Target creature gets +3/+3 and gains flying until end of turn.\n"
        f'−8: You get an emblem with "{_INDESTRUCTIBLE_TEXT}"'
    )
    activated = (
        AbilityDefinition("+1: Create a 1/1 white Soldier creature token.", create(lambda: Card.token(power=1, toughness=1, colors="W", subtypes=("Soldier",))), loyalty=1),
        AbilityDefinition("+1: Target creature gets +3/+3 and gains flying until end of turn.", _pump, loyalty=1, target="creature"),
        AbilityDefinition(f'−8: You get an emblem with "{_INDESTRUCTIBLE_TEXT}"', _emblem, loyalty=-8),
    )


class PalaceSentinels(CardDefinition):
    name = "Palace Sentinels"
    mana_cost, type_line = "{3}{W}", "Creature — Human Soldier"
    power, toughness = 2, 4
    oracle = "When this creature enters, you become the monarch."
    triggered = (Trigger(oracle, when_enters(), lambda game, ability: game.become_monarch(ability.controller)),)
