"""Cards that reveal, as a cost or by playing with hands revealed (701.20)."""

from __future__ import annotations

from typing import Any

from kb.engine.define import Trigger, card, draw, when_enters
from kb.engine.objects import CardDefinition


class Telepathy(CardDefinition):
    name, mana_cost, type_line = "Telepathy", "{U}", "Enchantment"
    oracle = "Your opponents play with their hands revealed."

    def reveals_hand_of(self, game: Any, source: Any, player: Any) -> bool:
        return player in game.opponents(source.controller)


SilvergillAdept = card(
    "Silvergill Adept",
    mana_cost="{1}{U}",
    type_line="Creature — Merfolk Wizard",
    power=2,
    toughness=1,
    oracle="As an additional cost to cast this spell, reveal a Merfolk card from your hand or pay {3}.\nWhen this creature enters, draw a card.",
    additional_cost="reveal a Merfolk card from your hand or pay {3}",
    triggered=(Trigger("When this creature enters, draw a card.", when_enters(), draw(1)),),
)

CoralMerfolk = card("Coral Merfolk", mana_cost="{1}{U}", type_line="Creature — Merfolk", power=2, toughness=1)
