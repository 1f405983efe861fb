"""A permanent whose replacement effect makes others enter as copies of it (614.1c, 616.1f), and a
creature whose own "enters tapped" a copy doesn't have."""

from __future__ import annotations

from typing import Any

from kb.engine.objects import CardDefinition


class EssenceOfTheWild(CardDefinition):
    name, mana_cost, type_line = "Essence of the Wild", "{3}{G}{G}{G}", "Creature — Avatar"
    power, toughness = 6, 6
    oracle = "Creatures you control enter as a copy of Essence of the Wild."

    def makes_enter_as_copy(self, game: Any, card: Any, entering: Any, controller: Any) -> bool:
        return controller is card.controller and entering.is_creature


class RustedSentinel(CardDefinition):
    name, mana_cost, type_line = "Rusted Sentinel", "{4}", "Artifact Creature — Golem"
    power, toughness = 3, 4
    oracle = "This creature enters tapped."

    def as_enters(self, game: Any, card: Any) -> None:
        card.tapped = True  # 614.1d, 614.12: it enters tapped
