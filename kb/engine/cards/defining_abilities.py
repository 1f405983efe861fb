"""Characteristic-defining abilities (604.3): power and toughness computed from the game."""

from __future__ import annotations

from kb.engine.game import Card, CardDefinition, Decision, Game, Zone


class Maro(CardDefinition):
    name = "Maro"
    mana_cost = "{2}{G}{G}"
    types = ("Creature",)
    subtypes = ("Elemental",)
    oracle = "Maro's power and toughness are each equal to the number of cards in your hand."

    def power_of(self, card: Card) -> int | None:
        return len(card.controller.hand) if card.controller else 0

    def toughness_of(self, card: Card) -> int | None:
        return self.power_of(card)


class LostOrderOfJarkeld(CardDefinition):
    name = "Lost Order of Jarkeld"
    mana_cost = "{2}{W}{W}"
    type_line = "Creature — Human Knight"
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

    def toughness_of(self, card: Card) -> int | None:
        return self.power_of(card)


CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery")


class Tarmogoyf(CardDefinition):
    name = "Tarmogoyf"
    mana_cost = "{1}{G}"
    types = ("Creature",)
    subtypes = ("Lhurgoyf",)
    oracle = "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1."

    def power_of(self, card: Card) -> int | None:
        game = card.owner.game if card.owner is not None else None
        if game is None:
            return 0
        kinds = {t for p in game.seats for c in p.graveyard for t in c.types if t in CARD_TYPES}
        return len(kinds)

    def toughness_of(self, card: Card) -> int | None:
        return self.power_of(card) + 1
