"""Cards that give other objects activated abilities (613.1f), and the cards of 731.2a's loop."""

from __future__ import annotations

from typing import Any

from kb.engine.define import Trigger, card, whenever
from kb.engine.objects import AbilityDefinition, Card, CardDefinition


def _elf_warrior(game: Any, ability: Any) -> None:
    game.create_tokens(ability.controller, Card.token("Elf Warrior", power=1, toughness=1, colors=("G",), subtypes=("Elf", "Warrior")))


_CREATE_ELF_WARRIOR = AbilityDefinition("{T}: Create a 1/1 green Elf Warrior creature token.", _elf_warrior, tap=True)


class PresenceOfGond(CardDefinition):
    name, mana_cost, type_line = "Presence of Gond", "{2}{G}", "Enchantment — Aura"
    spell_target = "creature"
    oracle = "Enchant creature\nEnchanted creature has \"{T}: Create a 1/1 green Elf Warrior creature token.\""

    def grants_activated(self, game: Any, source: Any, card: Any) -> tuple[AbilityDefinition, ...]:
        return (_CREATE_ELF_WARRIOR,) if source.attached_to is card else ()


def _a_creature(game: Any, alarm: Any, entering: Any) -> bool:
    return entering.is_creature


IntruderAlarm = card(
    "Intruder Alarm",
    mana_cost="{2}{U}",
    type_line="Enchantment",
    in_part=True,
    oracle="Whenever a creature enters, untap all creatures.",
    triggered=(Trigger("", whenever("enters", card=_a_creature), lambda game, ability: game.untap([c for c in game.battlefield if c.is_creature])),),
)
