"""Cards that enter as copies with exceptions (707.9), and the changeling creatures they copy
(702.73)."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.define import card
from kb.engine.objects import Card, CardDefinition

card(
    "Avian Changeling",
    mana_cost="{2}{W}",
    subtypes=("Shapeshifter",),
    power=2,
    toughness=2,
    keywords=("Changeling", "Flying"),
    oracle="Changeling (This card is every creature type.) Flying",
)


def choose_to_copy(game: Any, card: Card, candidates: Any) -> Card | None:
    """"You may have this enter as a copy of <one of the candidates>" (614.1c, 707.5)."""
    options = tuple(c for c in candidates if c is not card)
    if not options:
        return None
    chosen = game.decide(Decision(card.controller, "enter_as_copy", options + (False,), rule="707.5", context={"source": card}))
    return chosen or None


class GlasspoolMimic(CardDefinition):
    name = "Glasspool Mimic"
    mana_cost = "{2}{U}"
    types = ("Creature",)
    subtypes = ("Shapeshifter", "Rogue")
    power, toughness = 0, 0
    # Its back face, Glasspool Shore, a land, is not modelled.
    in_part = True
    oracle = "You may have this creature enter as a copy of a creature you control, except it's a Shapeshifter Rogue in addition to its other types."

    def as_enters(self, game: Any, card: Card) -> None:
        original = choose_to_copy(game, card, [c for c in game.battlefield if c.is_creature and c.controller is card.controller])
        if original is not None:
            game.become_copy(card, original, add_subtypes=("Shapeshifter", "Rogue"))
