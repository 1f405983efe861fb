"""Characteristic-defining abilities (604.3): power and toughness counted from the game, in every zone."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from kb.engine.game import Card, CardDefinition, Decision, Game, Zone

CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery")


class _CountedSize(CardDefinition):
    """"<This>'s power is equal to the number of <things>, and its toughness is that number plus
    N": `count` says how many, in whatever zone the card is (604.3). It reads other objects'
    characteristics, never this card's own power or toughness; out of a game it counts 0."""

    toughness_plus = 0

    def count(self, game: Game, card: Card) -> int:
        raise NotImplementedError

    def power_of(self, card: Card) -> int | None:
        game = card.owner.game if card.owner is not None else None
        return self.count(game, card) if game is not None else 0

    def toughness_of(self, card: Card) -> int | None:
        return self.power_of(card) + self.toughness_plus


def _graveyard_cards(game: Game) -> Iterable[Card]:
    return (c for p in game.seats for c in p.graveyard)


class Maro(_CountedSize):
    name, mana_cost, type_line = "Maro", "{2}{G}{G}", "Creature — Elemental"
    oracle = "Maro's power and toughness are each equal to the number of cards in your hand."

    def count(self, game: Game, card: Card) -> int:
        return len(card.controller.hand) if card.controller else 0


class LostOrderOfJarkeld(_CountedSize):
    name, mana_cost, type_line = "Lost Order of Jarkeld", "{2}{W}{W}", "Creature — Human Knight"
    oracle = (
        "As this creature enters, choose an opponent. Lost Order of Jarkeld's power and toughness are each "
        "equal to 1 plus the number of creatures the chosen player controls."
    )

    def as_enters(self, game: Game, card: Card) -> None:
        opponents = tuple(game.opponents(card.controller))
        card.chosen_player = game.decide(Decision(card.controller, "choose_opponent", opponents, rule="614.12")) if opponents else None

    def power_of(self, card: Card) -> int | None:
        # 208.2a: off the battlefield there is no chosen player: 1 plus 0.
        chosen = card.chosen_player if card.zone is Zone.BATTLEFIELD else None
        return 1 + (len(chosen.creatures) if chosen is not None else 0)


class Tarmogoyf(_CountedSize):
    name, mana_cost, type_line = "Tarmogoyf", "{1}{G}", "Creature — Lhurgoyf"
    toughness_plus = 1
    oracle = "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1."

    def count(self, game: Game, card: Card) -> int:
        return len({t for c in _graveyard_cards(game) for t in c.types if t in CARD_TYPES})


def _counted_size(name: str, count: Callable[[Game, Card], int], **characteristics: Any) -> type[_CountedSize]:
    """A card whose power (and toughness) is what `count` counts, defined from its characteristics."""
    return type(re.sub(r"\W", "", name), (_CountedSize,), {"name": name, "count": lambda self, game, card: count(game, card), "__module__": __name__, **characteristics})


Lhurgoyf = _counted_size(
    "Lhurgoyf", mana_cost="{2}{G}{G}", type_line="Creature — Lhurgoyf", toughness_plus=1,
    oracle="Lhurgoyf's power is equal to the number of creature cards in all graveyards and its toughness is equal to that number plus 1.",
    count=lambda game, card: sum(1 for c in _graveyard_cards(game) if "Creature" in c.types),
)
Cognivore = _counted_size(
    "Cognivore", mana_cost="{6}{U}{U}", type_line="Creature — Lhurgoyf", keywords=("Flying",),
    oracle="Flying. Cognivore's power and toughness are each equal to the number of instant cards in all graveyards.",
    count=lambda game, card: sum(1 for c in _graveyard_cards(game) if "Instant" in c.types),
)
Nightmare = _counted_size(
    "Nightmare", mana_cost="{5}{B}", type_line="Creature — Nightmare Horse", keywords=("Flying",),
    oracle="Flying. Nightmare's power and toughness are each equal to the number of Swamps you control.",
    count=lambda game, card: sum(1 for c in game.battlefield if c.controller is card.controller and "Swamp" in c.subtypes) if card.controller else 0,
)


class CrusaderOfOdric(_CountedSize):
    name, mana_cost, type_line = "Crusader of Odric", "{2}{W}", "Creature — Human Soldier"
    oracle = "Crusader of Odric's power and toughness are each equal to the number of creatures you control."

    def count(self, game: Game, card: Card) -> int:
        # Counting itself too, on the battlefield, by its type, never by its size.
        return len(card.controller.creatures) if card.controller else 0
