"""Replacement and prevention effects (614, 615)."""

from __future__ import annotations

from kb.engine.replacement import Replacement, prevent_damage
from kb.engine.define import card
from kb.engine.define import spell_card
from kb.engine.game import AbilityDefinition, ActivatedAbility, Card, CardDefinition, Game, Spell, Zone


class GratuitousViolence(CardDefinition):
    name, mana_cost, type_line = "Gratuitous Violence", "{2}{R}{R}{R}", "Enchantment"
    oracle = "If a creature you control would deal damage to a permanent or player, it deals double that damage to that permanent or player instead."

    def replacements(self, game: Game, card: Card):
        def applies(game: Game, event: dict) -> bool:
            source = event["source"]
            return source is not None and source.zone is Zone.BATTLEFIELD and source.is_creature and source.controller is card.controller

        yield Replacement(self.oracle, "damage", applies, lambda game, event: {**event, "amount": 2 * event["amount"]}, source=card)


class DauntingDefender(CardDefinition):
    name, mana_cost, type_line = "Daunting Defender", "{4}{W}", "Creature — Human Cleric"
    power, toughness = 3, 3
    oracle = "If a source would deal damage to a Cleric creature you control, prevent 1 of that damage."

    def replacements(self, game: Game, card: Card):
        def applies(game: Game, event: dict) -> bool:
            target = event["target"]
            return isinstance(target, Card) and target.is_creature and "Cleric" in target.subtypes and target.controller is card.controller

        def apply(game: Game, event: dict) -> dict:
            game.emit("damage_prevented", "615.1a", source=event["source"], target=event["target"], amount=1)
            return {**event, "amount": event["amount"] - 1}

        yield Replacement(self.oracle, "damage", applies, apply, source=card, prevention=True)


class OrbOfDreams(CardDefinition):
    name, mana_cost, type_line = "Orb of Dreams", "{3}", "Artifact"
    oracle = "Permanents enter tapped."

    def replacements(self, game: Game, card: Card):
        yield Replacement(self.oracle, "enter", lambda game, event: not event["tapped"], lambda game, event: {**event, "tapped": True}, source=card)


class DarksteelColossus(CardDefinition):
    name, mana_cost, type_line = "Darksteel Colossus", "{11}", "Artifact Creature — Golem"
    power, toughness = 11, 11
    keywords = ("Trample", "Indestructible")
    oracle = (
        "Trample, indestructible. If Darksteel Colossus would be put into a graveyard from anywhere, "
        "reveal Darksteel Colossus and shuffle it into its owner's library instead."
    )

    def replacements(self, game: Game, card: Card):
        def apply(game: Game, event: dict) -> None:
            game.emit("reveal", "701.20a", cards=[card])
            game.shuffle_into_library(card)

        yield Replacement(self.oracle, "zone_change", lambda game, event: event["card"] is card and event["to"] is Zone.GRAVEYARD, apply, source=card)


class GravebaneZombie(CardDefinition):
    name, mana_cost, type_line = "Gravebane Zombie", "{3}{B}", "Creature — Zombie"
    power, toughness = 3, 2
    oracle = "If this creature would die, put it on top of its owner's library instead."

    def replacements(self, game: Game, card: Card):
        def applies(game: Game, event: dict) -> bool:
            return event["card"] is card and event["from"] is Zone.BATTLEFIELD and event["to"] is Zone.GRAVEYARD and card.is_creature

        yield Replacement(self.oracle, "zone_change", applies, lambda game, event: {**event, "to": Zone.LIBRARY}, source=card)


def _samite(game: Game, ability: ActivatedAbility) -> None:
    game.add_replacement(prevent_damage(1, to=ability.targets[0], source=ability.source))


SamiteHealer = card(
    "Samite Healer", mana_cost="{1}{W}", type_line="Creature — Human Cleric", power=1, toughness=1,
    oracle="{T}: Prevent the next 1 damage that would be dealt to any target this turn.",
    activated=(AbilityDefinition("", _samite, tap=True, target="any"),),
)


def _apothecary(game: Game, ability: ActivatedAbility) -> None:
    target = ability.targets[0]
    shielded = [target] + [c for c in game.battlefield if c is not target and c.is_creature and set(c.colors) & set(target.colors)]
    for creature in shielded:  # the creatures sharing a colour as it resolves (615.11)
        game.add_replacement(prevent_damage(1, to=creature, source=ability.source))


WojekApothecary = card(
    "Wojek Apothecary", mana_cost="{2}{W}{W}", type_line="Creature — Human Cleric", power=1, toughness=1,
    oracle="Radiance — {T}: Prevent the next 1 damage that would be dealt to target creature and each other creature that shares a color with it this turn.",
    activated=(AbilityDefinition("", _apothecary, tap=True, target="creature"),),
)


@spell_card(
    "Mending Hands", mana_cost="{W}", type_line="Instant", spell_target="any",
    oracle="Prevent the next 4 damage that would be dealt to any target this turn.",
)
def MendingHands(game: Game, spell: Spell) -> None:
    game.add_replacement(prevent_damage(4, to=spell.targets[0], source=spell.card, controller=spell.controller))


class Fog(CardDefinition):
    name, mana_cost, type_line = "Fog", "{G}", "Instant"
    oracle = "Prevent all combat damage that would be dealt this turn."

    def resolve(self, game: Game, spell: Spell) -> None:
        game.add_replacement(prevent_damage(where=lambda game, event: event["combat"], source=spell.card, controller=spell.controller, text=self.oracle))
