"""Cards whose abilities a copy uses (707.11): an activated ability refers to the object that has
it, whatever that object has become by the time the ability resolves."""

from __future__ import annotations

from typing import Any

from kb.engine.layers import INDEFINITE, add_types, gain_control
from kb.engine.objects import AbilityDefinition, CardDefinition, Zone


def _ping_and_grow(game: Any, ability: Any) -> None:
    olivia = ability.source  # "Olivia Voldaren": this object (201.5), as it is now
    target = ability.targets[0]
    game.deal_damage(ability, target, 1)
    if target.zone is Zone.BATTLEFIELD:
        game.add_effect(add_types(subtypes=("Vampire",), affected=[target], duration=INDEFINITE, text="becomes a Vampire"))
    game.add_counters(olivia, "+1/+1", 1)


def _steal_vampire(game: Any, ability: Any) -> None:
    olivia, you, target = ability.source, ability.controller, ability.targets[0]
    incarnation = olivia.incarnation

    def still_yours(game: Any) -> bool:
        return olivia.zone is Zone.BATTLEFIELD and olivia.incarnation == incarnation and olivia.controller is you

    game.add_effect(gain_control(you, affected=[target], duration=INDEFINITE, lasts_while=still_yours))


class OliviaVoldaren(CardDefinition):
    name = "Olivia Voldaren"
    mana_cost = "{2}{B}{R}"
    supertypes = ("Legendary",)
    types = ("Creature",)
    subtypes = ("Vampire",)
    power, toughness = 3, 3
    keywords = ("Flying",)
    oracle = (
        "Flying. {1}{R}: Olivia Voldaren deals 1 damage to another target creature. That creature becomes a Vampire in "
        "addition to its other types. Put a +1/+1 counter on Olivia Voldaren. "
        "{3}{B}{B}: Gain control of target Vampire for as long as you control Olivia Voldaren."
    )
    activated = (
        AbilityDefinition(
            "{1}{R}: Olivia Voldaren deals 1 damage to another target creature. That creature becomes a Vampire in addition to its other types. Put a +1/+1 counter on Olivia Voldaren.",
            _ping_and_grow,
            mana="{1}{R}",
            target="another creature",
        ),
        AbilityDefinition(
            "{3}{B}{B}: Gain control of target Vampire for as long as you control Olivia Voldaren.",
            _steal_vampire,
            mana="{3}{B}{B}",
            target="Vampire",
        ),
    )
