"""Adventurer cards (715): each its normal characteristics and its Adventure."""

from __future__ import annotations

from typing import Any

from kb.engine.adventures import AdventurerCardDefinition
from kb.engine.decisions import Decision
from kb.engine.objects import AbilityDefinition, CardDefinition, Zone


class _Granted(CardDefinition):
    adventure_name, mana_cost, type_line = "Granted", "{3}{U}", "Sorcery — Adventure"
    oracle = "You may reveal a noncreature card you own from outside the game and put it into your hand."

    def resolve(self, game: Any, spell: Any) -> None:
        you = spell.controller
        options = tuple(c for c in you.sideboard if "Creature" not in c.types)
        if not options or not game.decide(Decision(you, "may_reveal", (False, True), rule="608.2d", context={"source": spell.card})):
            return
        chosen = game.decide(Decision(you, "choose_card", options, rule="400.11", context={"source": spell.card}))
        game.emit("reveal", "701.20a", cards=[chosen])
        game.bring_into_game(you, chosen, Zone.HAND)


class FaeOfWishes(AdventurerCardDefinition):
    name, mana_cost, type_line = "Fae of Wishes", "{1}{U}", "Creature — Faerie Wizard"
    power, toughness = 1, 4
    keywords = ("Flying",)
    in_part = True
    oracle = "Flying"
    adventure = _Granted


def _tap_target(game: Any, ability: Any) -> None:
    game.tap([t for t in ability.targets if t.zone is Zone.BATTLEFIELD])


class _ChopDown(CardDefinition):
    adventure_name, mana_cost, type_line = "Chop Down", "{2}{W}", "Instant — Adventure"
    spell_target = "creature with power 4 or greater"
    oracle = "Destroy target creature with power 4 or greater."

    def resolve(self, game: Any, spell: Any) -> None:
        game.destroy(game.targets_still_legal(spell))


class GiantKiller(AdventurerCardDefinition):
    name, mana_cost, type_line = "Giant Killer", "{W}", "Creature — Human Peasant"
    power, toughness = 1, 2
    oracle = "{1}{W}, {T}: Tap target creature. // Chop Down {2}{W}: Destroy target creature with power 4 or greater."
    activated = (AbilityDefinition("{1}{W}, {T}: Tap target creature.", _tap_target, mana="{1}{W}", tap=True, target="creature"),)
    adventure = _ChopDown
