"""Permanents known by their static abilities: continuous effects (611, 613), restrictions and cost changes (601.2f)."""

from __future__ import annotations

from kb.engine.layers import ContinuousEffect, modify
from kb.engine.mana import ManaCost
from kb.engine.define import card
from kb.engine.game import Card, CardDefinition, Game, Player


def _white_creatures_get_one(you_control: bool):
    """"White creatures [you control] get +1/+1" (layer 7c), a static ability."""

    def static(game: Game, card: Card) -> ContinuousEffect:
        def applies(game: Game, creature: Card, chars) -> bool:
            return "Creature" in chars.types and "W" in chars.colors and (not you_control or chars.controller is card.controller)

        return modify(1, 1, applies_to=applies, text=card.definition.oracle)

    return static


HonorOfThePure = card(
    "Honor of the Pure", mana_cost="{1}{W}", type_line="Enchantment", oracle="White creatures you control get +1/+1.",
    static=[_white_creatures_get_one(you_control=True)],
)
Crusade = card(
    "Crusade", mana_cost="{W}{W}", type_line="Enchantment", oracle="White creatures get +1/+1.",
    static=[_white_creatures_get_one(you_control=False)],
)


class CoatOfArms(CardDefinition):
    name, mana_cost, type_line = "Coat of Arms", "{5}", "Artifact"
    oracle = "Each creature gets +1/+1 for each other creature on the battlefield that shares at least one creature type with it."

    def static_effects(self, game: Game, card: Card):
        # With limited range of influence, it affects and sees only what is within its
        # controller's range (801.10, 801.11).
        def within(other: Card) -> bool:
            return other.controller in game.in_range(card.controller)

        def creatures_in_range() -> list[Card]:
            return [c for c in game.battlefield if c.is_creature and within(c)]

        def bonus(chars) -> None:
            shared = [c for c in creatures_in_range() if c is not chars.card and set(c.subtypes) & set(chars.subtypes)]
            chars.power += len(shared)
            chars.toughness += len(shared)

        return [ContinuousEffect({"7c": bonus}, applies_to=lambda game, c, chars: "Creature" in chars.types and within(c), text=self.oracle)]


class MuragandaPetroglyphs(CardDefinition):
    name, mana_cost, type_line = "Muraganda Petroglyphs", "{3}{G}", "Enchantment"
    oracle = "Creatures with no abilities get +2/+2."

    def static_effects(self, game: Game, card: Card):
        def no_abilities(game: Game, creature: Card, chars) -> bool:
            definition = chars.definition
            printed_abilities = bool(definition.oracle.strip()) and not definition.oracle.strip().startswith("(")
            return "Creature" in chars.types and not chars.keywords and not printed_abilities

        return [modify(2, 2, applies_to=no_abilities, text=self.oracle)]


class HeartlessSummoning(CardDefinition):
    name, mana_cost, type_line = "Heartless Summoning", "{1}{B}", "Enchantment"
    oracle = "Creature spells you cast cost {2} less to cast. Creatures you control get -1/-1."

    def cost_change(self, game: Game, card: Card, spell: CardDefinition, player: Player) -> int:
        return -2 if player is card.controller and "Creature" in spell.types else 0

    def static_effects(self, game: Game, card: Card):
        return [modify(-1, -1, applies_to=lambda g, c, chars: "Creature" in chars.types and chars.controller is card.controller, text="Creatures you control get -1/-1.")]


class DuelingGrounds(CardDefinition):
    name, mana_cost, type_line = "Dueling Grounds", "{1}{G}{W}", "Enchantment"
    oracle = "No more than one creature can attack each turn. No more than one creature can block each turn."

    def restricts_attack(self, game: Game, card: Card, attackers: list[Card]) -> bool:
        return len(attackers) > 1

    def restricts_block(self, game: Game, card: Card, blocks: list[tuple[Card, Card]]) -> bool:
        return len({id(blocker) for blocker, _ in blocks}) > 1


class YixlidJailer(CardDefinition):
    name, mana_cost, type_line = "Yixlid Jailer", "{1}{B}", "Creature — Zombie Wizard"
    power, toughness = 2, 1
    oracle = "Cards in graveyards lose all abilities."
    graveyard_cards_lose_abilities = True


def _spell_colors(spell: CardDefinition) -> tuple[str, ...]:
    return tuple(spell.colors) if spell.colors is not None else ManaCost(spell.mana_cost).colors


class ThunderscapeFamiliar(CardDefinition):
    name, mana_cost, type_line = "Thunderscape Familiar", "{1}{R}", "Creature — Kavu"
    power, toughness = 1, 1
    keywords = ("First strike",)
    oracle = "First strike. Black spells and green spells you cast cost {1} less to cast."

    def cost_change(self, game: Game, card: Card, spell: CardDefinition, player: Player) -> int:
        return -1 if player is card.controller and {"B", "G"} & set(_spell_colors(spell)) else 0


class ThaliaGuardianOfThraben(CardDefinition):
    name, mana_cost, type_line = "Thalia, Guardian of Thraben", "{1}{W}", "Legendary Creature — Human Soldier"
    power, toughness = 2, 1
    keywords = ("First strike",)
    oracle = "First strike. Noncreature spells cost {1} more to cast."

    def cost_change(self, game: Game, card: Card, spell: CardDefinition, player: Player) -> int:
        return 1 if "Creature" not in spell.types else 0
