"""Cards of the commander examples: turning creatures face down (708.2a) and copying a card in a
graveyard (707.2)."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.objects import Card, CardDefinition


class Ixidron(CardDefinition):
    name = "Ixidron"
    mana_cost = "{3}{U}{U}"
    types = ("Creature",)
    subtypes = ("Illusion",)
    oracle = (
        "As Ixidron enters, turn all other nontoken creatures face down. (They're 2/2 creatures.) "
        "Ixidron's power and toughness are each equal to the number of face-down creatures on the battlefield."
    )

    def power_of(self, card: Card) -> int:
        game = card._game()
        if game is None:
            return 0
        return sum(1 for c in game.battlefield if c.face_down and c.is_creature)

    toughness_of = power_of

    def as_enters(self, game: Any, card: Card) -> None:
        # 708.2b: one already face down stays as it is.
        turned = [c for c in game.battlefield if c is not card and c.is_creature and not c.is_token and not c.face_down]
        for creature in turned:
            creature.face_down = True
        if turned:
            game.emit("turned_face_down", "708.2a", count=len(turned), source=card)


class BodyDouble(CardDefinition):
    name = "Body Double"
    mana_cost = "{4}{U}"
    types = ("Creature",)
    subtypes = ("Shapeshifter",)
    power, toughness = 0, 0
    oracle = "You may have Body Double enter as a copy of any creature card in a graveyard."

    def as_enters(self, game: Any, card: Card) -> None:
        options = tuple(c for p in game.players for c in p.graveyard if "Creature" in c.types)
        if not options:
            return
        chosen = game.decide(Decision(card.controller, "enter_as_copy", options + (False,), rule="707.5", context={"source": card}))
        if chosen:
            game.become_copy(card, chosen)
