"""Mana abilities and the mana pool (106, 605)."""

from __future__ import annotations

from kb.engine.manapool import basic_land_ability
from kb.engine.define import card
from kb.engine.game import AbilityDefinition, ActivatedAbility, Card, CardDefinition
from kb.engine.game import Decision, Event, Game, TriggeredAbility


LlanowarElves = card(
    "Llanowar Elves", mana_cost="{G}", type_line="Creature — Elf Druid", power=1, toughness=1,
    oracle="{T}: Add {G}.", activated=(basic_land_ability("G"),),
)


def _cradle(game: Game, ability: ActivatedAbility) -> None:
    count = len(ability.controller.creatures)
    game.add_mana(ability.controller, ["G"] * count, source=ability.source)


GaeasCradle = card(
    "Gaea's Cradle", type_line="Legendary Land", oracle="{T}: Add {G} for each creature you control.",
    activated=(AbilityDefinition("", _cradle, tap=True, adds_mana=True, produces=lambda game, card: frozenset("G") if card.controller.creatures else frozenset()),),
)


def _joiner_power(card: Card) -> int:
    # Rule 107.1b: a calculation that would give a negative amount of mana gives zero.
    return max(0, card.power or 0)


ViridianJoiner = card(
    "Viridian Joiner", mana_cost="{2}{G}", type_line="Creature — Elf Druid", power=1, toughness=2,
    oracle="{T}: Add an amount of {G} equal to this creature's power.",
    activated=(AbilityDefinition("", lambda game, ability: game.add_mana(ability.controller, ["G"] * _joiner_power(ability.source), source=ability.source), tap=True, adds_mana=True, produces=lambda game, card: frozenset("G") if _joiner_power(card) else frozenset()),),
)


def _colors_of_your_permanents(game: Game, card: Card) -> frozenset[str]:
    return frozenset(c for permanent in card.controller.battlefield for c in permanent.colors)


def _meteor_crater(game: Game, ability: ActivatedAbility) -> None:
    player = ability.controller
    colors = [c for c in ("W", "U", "B", "R", "G") if c in _colors_of_your_permanents(game, ability.source)]
    if not colors:
        # 106.5: "one mana of that color", with no color to choose, is undefined: no mana.
        game.add_mana(player, [None], source=ability.source)
        return
    color = game.decide(Decision(player, "color", tuple(colors), rule="106.5", context={"source": ability.source}))
    game.add_mana(player, [color], source=ability.source)


MeteorCrater = card(
    "Meteor Crater", type_line="Land",
    oracle="{T}: Choose a color of a permanent you control. Add one mana of that color.",
    activated=(AbilityDefinition("", _meteor_crater, tap=True, adds_mana=True, produces=_colors_of_your_permanents),),
)


def _orchard_colors(game: Game, card: Card) -> frozenset[str]:
    """106.7: the colours of mana a land an opponent controls could produce."""
    lands = [c for c in game.battlefield if c.is_land and c.controller in game.opponents(card.controller)]
    return frozenset(t for land in lands for t in game.could_produce(land) if t != "C")


def _exotic_orchard(game: Game, ability: ActivatedAbility) -> None:
    player = ability.controller
    colors = [c for c in ("W", "U", "B", "R", "G") if c in _orchard_colors(game, ability.source)]
    if not colors:
        game.add_mana(player, [None], source=ability.source)  # 106.5, 106.7
        return
    color = game.decide(Decision(player, "color", tuple(colors), rule="106.7", context={"source": ability.source}))
    game.add_mana(player, [color], source=ability.source)


ExoticOrchard = card(
    "Exotic Orchard", type_line="Land",
    oracle="{T}: Add one mana of any color that a land an opponent controls could produce.",
    activated=(AbilityDefinition("", _exotic_orchard, tap=True, adds_mana=True, produces=_orchard_colors),),
)


def _double_unspent_mana(game: Game, ability: ActivatedAbility) -> None:
    player = ability.controller
    # Each type of unspent mana, restricted or not (106.6: a restriction doesn't change the
    # mana's type); the new mana has no restriction.
    game.add_mana(player, [m.type for m in player.mana_pool], source=ability.source)


DoublingCube = card(
    "Doubling Cube", mana_cost="{2}", type_line="Artifact",
    oracle="{3}, {T}: Double the amount of each type of unspent mana you have.",
    activated=(AbilityDefinition("", _double_unspent_mana, mana="{3}", tap=True, adds_mana=True, produces=lambda game, card: frozenset((m.type for m in card.controller.mana_pool))),),
)


class ManaFlare(CardDefinition):
    name, mana_cost, type_line = "Mana Flare", "{2}{R}", "Enchantment"
    oracle = "Whenever a player taps a land for mana, that player adds one mana of any type that land produced."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "tapped_for_mana" and event["card"].is_land:
            produced = tuple(dict.fromkeys(m.type for m in event["mana"]))

            def add(game: Game, ability: TriggeredAbility, player=event["player"], land=event["card"]) -> None:
                kind = game.decide(Decision(player, "mana_type", produced, rule="605.4a", context={"land": land}))
                game.add_mana(player, [kind], source=ability.source)

            # 605.1b: no target, triggered by a mana ability, could add mana: a mana ability.
            yield TriggeredAbility(card, card.controller, self.oracle, add, data={"event": event, "adds_mana": True})
