"""Cards whose abilities refer to a particular object by name (201.5): an ability an object grants
refers to the object that granted it, and a copy of the ability still does."""

from __future__ import annotations

from typing import Any

from kb.engine.define import Trigger
from kb.engine.objects import Card, CardDefinition, TokenDefinition, Zone


def _slime_counters(grime: Card, incarnation: int) -> int:
    """The slime counters on that Gutter Grime: none once it has left the battlefield (400.7)."""
    if grime.zone is not Zone.BATTLEFIELD or grime.incarnation != incarnation:
        return 0
    return grime.counters.get("slime", 0)


def _ooze_of(grime: Card) -> Card:
    incarnation = grime.incarnation

    class OozeToken(TokenDefinition):
        """An Ooze whose characteristic-defining ability counts the counters on the Gutter Grime that
        created it, and only that one (201.5a), whatever copies it."""

        def power_of(self, card: Card) -> int:
            return _slime_counters(grime, incarnation)

        def toughness_of(self, card: Card) -> int:
            return _slime_counters(grime, incarnation)

    definition = OozeToken()
    definition.name = "Ooze Token"
    definition.types, definition.subtypes, definition.colors = ("Creature",), ("Ooze",), ("G",)
    definition.oracle = "This token's power and toughness are each equal to the number of slime counters on Gutter Grime."
    return Card(definition.name, definition=definition)


def _slime_and_ooze(game: Any, ability: Any) -> None:
    grime, you = ability.source, ability.controller
    if grime.zone is Zone.BATTLEFIELD:
        game.add_counters(grime, "slime", 1)
    game.create_tokens(you, _ooze_of(grime))


def _nontoken_creature_you_control_dies(game: Any, card: Card, event: Any) -> bool:
    return event.kind == "put_into_graveyard" and "Creature" in event["card"].last_known.get("types", ()) and not event["card"].is_token and event["controller"] is card.controller


class GutterGrime(CardDefinition):
    name = "Gutter Grime"
    mana_cost = "{4}{G}"
    types = ("Enchantment",)
    oracle = (
        "Whenever a nontoken creature you control dies, put a slime counter on this enchantment, then create a green Ooze "
        "creature token with \"This token's power and toughness are each equal to the number of slime counters on Gutter Grime.\""
    )
    triggered = (Trigger(oracle, _nontoken_creature_you_control_dies, _slime_and_ooze),)
