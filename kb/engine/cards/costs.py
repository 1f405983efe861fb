"""Cards whose activated abilities cost a sacrifice or energy (602.1a, 107.14): each its Oracle
text and the lines that differ."""

from __future__ import annotations

from typing import Any

from kb.engine.define import Trigger, deal_damage, gain_life, whenever
from kb.engine.objects import AbilityDefinition, CardDefinition
from kb.engine.players import Player


class MoggFanatic(CardDefinition):
    name = "Mogg Fanatic"
    mana_cost, type_line = "{R}", "Creature — Goblin"
    power, toughness = 1, 1
    oracle = "Sacrifice this creature: It deals 1 damage to any target."
    activated = (AbilityDefinition(oracle, deal_damage(1), sacrifice="this", target="any"),)


class BottleGnomes(CardDefinition):
    name = "Bottle Gnomes"
    mana_cost, type_line = "{3}", "Artifact Creature — Gnome"
    power, toughness = 1, 3
    oracle = "Sacrifice this creature: You gain 3 life."
    activated = (AbilityDefinition(oracle, gain_life(3), sacrifice="this"),)


class GoblinBombardment(CardDefinition):
    name = "Goblin Bombardment"
    mana_cost, types = "{1}{R}", ("Enchantment",)
    oracle = "Sacrifice a creature: This enchantment deals 1 damage to any target."
    activated = (AbilityDefinition(oracle, deal_damage(1), sacrifice="creature", target="any"),)


def _destroy_targets(game: Any, ability: Any) -> None:
    game.destroy([t for t in ability.targets if game.casting._target_is_legal(t, "artifact or enchantment", ability.controller)])


class SealOfCleansing(CardDefinition):
    name = "Seal of Cleansing"
    mana_cost, types = "{1}{W}", ("Enchantment",)
    oracle = "Sacrifice Seal of Cleansing: Destroy target artifact or enchantment."
    activated = (AbilityDefinition(oracle, _destroy_targets, sacrifice="this", target="artifact or enchantment"),)


def _get_energy(amount: int) -> Any:
    return lambda game, ability: game.add_counters(ability.controller, "energy", amount) and None


def _plus_one_counter(game: Any, ability: Any) -> None:
    source = ability.source
    if source.zone.value == "battlefield" and source.incarnation == ability.data.get("incarnation", source.incarnation):
        game.add_counters(source, "+1/+1", 1)


class LongtuskCub(CardDefinition):
    name = "Longtusk Cub"
    mana_cost, type_line = "{1}{G}", "Creature — Cat"
    power, toughness = 2, 2
    oracle = "Whenever this creature deals combat damage to a player, you get {E}{E} (two energy counters).\nPay {E}{E}: Put a +1/+1 counter on this creature."
    triggered = (
        Trigger(
            "Whenever this creature deals combat damage to a player, you get {E}{E} (two energy counters).",
            whenever("damage", source="this", combat=True, target=lambda game, card, target: isinstance(target, Player)),
            _get_energy(2),
        ),
    )
    activated = (AbilityDefinition("Pay {E}{E}: Put a +1/+1 counter on this creature.", _plus_one_counter, energy=2),)
