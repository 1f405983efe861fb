"""Cards that bring cards into the game from outside it (400.11)."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.objects import CardDefinition, Zone


class LivingWish(CardDefinition):
    name = "Living Wish"
    mana_cost = "{1}{G}"
    types = ("Sorcery",)
    oracle = "Choose a creature or land card you own from outside the game, reveal it, and put it into your hand. Exile Living Wish."

    def resolve(self, game: Any, spell: Any) -> None:
        you = spell.controller
        options = tuple(c for c in you.sideboard if "Creature" in c.types or "Land" in c.types)
        if options:
            chosen = game.decide(Decision(you, "choose_card", options, rule="400.11", context={"source": spell.card}))
            game.emit("reveal", "701.20a", cards=[chosen])
            game.bring_into_game(you, chosen, Zone.HAND)
        spell.destination = Zone.EXILE
