"""Cards that stop permanents from entering the battlefield (608.3e, 614.12)."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.entering import entering_now
from kb.engine.objects import CardDefinition


class WormsOfTheEarth(CardDefinition):
    name, mana_cost, type_line = "Worms of the Earth", "{2}{B}{B}{B}", "Enchantment"
    in_part = True
    oracle = "Players can't play lands.\nLands can't enter the battlefield."

    def forbids(self, game: Any, card: Any, player: Any, action: str) -> bool:
        return action == "play lands"

    def forbids_entering(self, game: Any, source: Any, card: Any) -> bool:
        # As it would exist on the battlefield: a Clone copying a land creature is a land (614.12).
        return "Land" in card.types


class SuturedGhoul(CardDefinition):
    name, mana_cost, type_line = "Sutured Ghoul", "{4}{B}{B}{B}", "Creature — Zombie"
    keywords = ("Trample",)
    oracle = (
        "Trample\nAs this creature enters, exile any number of creature cards from your graveyard.\n"
        "Sutured Ghoul's power is equal to the total power of the exiled cards and its toughness is equal to their total toughness."
    )

    def as_enters(self, game: Any, card: Any) -> None:
        # 614.13a: not itself, nor any other object entering the battlefield at the same time.
        entering = entering_now(game)
        you = card.controller
        options = tuple(c for c in you.graveyard if c.is_creature and c is not card and not any(c is e for e in entering))
        chosen = game.decide(Decision(you, "exile_as_enters", options, count=(0, len(options)), rule="614.13a", context={"source": card})) if options else []
        game.exile_cards(list(chosen), rule="614.1c")
        card.__dict__["sutured"] = (card.incarnation, list(chosen))

    def _exiled(self, card: Any) -> list[Any]:
        incarnation, exiled = card.__dict__.get("sutured", (None, []))
        return exiled if incarnation == card.incarnation else []

    def power_of(self, card: Any) -> int | None:
        return sum(c.power or 0 for c in self._exiled(card))

    def toughness_of(self, card: Any) -> int | None:
        return sum(c.toughness or 0 for c in self._exiled(card))
